"""The goal-side check (kernels.goal_side): what it calls dead is dead, and searches with it
solve exactly the solvable levels."""

import numpy as np
from hypothesis import given, settings

from sokosolve.analysis.board import Board
from sokosolve.analysis.positions import goal_side_deadlocked
from sokosolve.level import parse_level
from sokosolve.result import Status
from sokosolve.search.presets import PRESETS
from sokosolve.search.spec import switched
from sokosolve.solver import solve

from .reference import optimal_pushes, small_levels
from .searches import solve_exactly_the_solvable


@settings(max_examples=600, deadline=None, derandomize=True, database=None)
@given(level=small_levels(max_rows=5, max_cols=6, max_boxes=4))
def _goal_side_dead_starts_are_dead(found, level):
    board = Board.from_level(level)
    if goal_side_deadlocked(board, board.boxes, board.player):
        assert optimal_pushes(level) is None
        found["dead"] += 1


def test_a_start_the_goal_side_check_calls_dead_has_no_solution():
    """On generated levels (their starts often have boxes frozen on goals) every start the
    check calls dead is unsolvable by the reference search, and some are."""
    found = {"dead": 0}
    _goal_side_dead_starts_are_dead(found=found)
    assert found["dead"] >= 5, found


def test_a_goal_filled_first_that_walls_in_the_next_is_dead():
    """The box on the inner goal is frozen by the one beside it, and the outer goal can
    then never be filled; with the check or without, the search says unsolvable."""
    level = parse_level("#######\n#.*$@ #\n#     #\n#######")
    board = Board.from_level(level)
    assert goal_side_deadlocked(board, board.boxes, board.player)
    assert optimal_pushes(level) is None
    for pruning in (True, False):
        result = solve(level, switched(PRESETS["features"], goal_side=pruning))
        assert result.status is Status.UNSOLVABLE


@settings(max_examples=150, deadline=None)
@given(level=small_levels(max_rows=6, max_cols=7, max_boxes=4))
def test_searches_with_the_check_solve_exactly_the_solvable_levels(level):
    solve_exactly_the_solvable(level, ("greedy", "features", "pushes"))


def test_positions_that_keep_the_last_goals_open_pass():
    """Boxes on goals that can still be pulled out, or an end where the player has room
    behind them, leave nothing stuck."""
    level = parse_level("#######\n#@ $ .#\n# $  .#\n#     #\n#######")
    board = Board.from_level(level)
    assert not goal_side_deadlocked(board, np.array(board.boxes), board.player)
