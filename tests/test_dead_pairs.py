"""Dead box pairs (kernels.dead_pairs): the table is that of a plain search of two boxes on
generated levels, and searches that prune by it solve exactly the solvable levels."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sokosolve.analysis.board import Board
from sokosolve.analysis.positions import corral_deadlocked, learned_pattern
from sokosolve.kernels.dead_pairs import dead_pair
from sokosolve.level import parse_level
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.search.presets import PRESETS
from sokosolve.search.spec import switched
from sokosolve.solver import solve

from .reference import boxes_can_reach_goals, optimal_pushes, small_levels
from .searches import solve_exactly_the_solvable


@settings(max_examples=80, deadline=None)
@given(small_levels(max_rows=5, max_cols=6, max_boxes=4), st.randoms(use_true_random=False))
def test_the_table_is_that_of_a_plain_search_of_two_boxes(level, random):
    board = Board.from_level(level)
    pairs = board.dead_pairs()
    if board.goals.size < 2:  # the board's: a box walled in on its goal is a wall there
        assert pairs.numbers.size == 0
        return
    to_board = {s: board.from_level_square(s) for s in level.floor}
    live = [s for s in sorted(level.floor) if not board.dead_squares[to_board[s]]]
    couples = [(a, b) for i, a in enumerate(live) for b in live[i + 1:]]
    for a, b in random.sample(couples, min(len(couples), 12)):
        boxes = np.array([to_board[a], to_board[b]], dtype=np.int32)
        for player in sorted(level.floor - {a, b}):
            plain = not boxes_can_reach_goals(level, frozenset((a, b)), player)
            assert dead_pair(pairs, boxes, to_board[a], to_board[player]) == plain, \
                (a, b, player)
            assert dead_pair(pairs, boxes, to_board[b], to_board[player]) == plain


def test_two_boxes_that_wall_the_player_off_are_dead_and_not_stored():
    """Pushed right under the other box, the lower box closes the room's only way to the
    right-hand side, and both boxes must be pushed left from there: dead from the
    left-hand side, yet each box alone can still move along its row (no freeze). The
    search stores the position only without the table (a level hypothesis found)."""
    level = parse_level("########\n##@.$  #\n#. $   #\n########")
    board = Board.from_level(level)
    pairs = board.dead_pairs()
    upper, lower = (int(s) for s in board.boxes)
    pushed = lower + 1
    left, right = board.from_level_square(level.square(2, 2)), pushed + 2
    assert not dead_pair(pairs, board.boxes, lower, board.player)
    assert dead_pair(pairs, np.array([upper, pushed]), pushed, left)
    assert not dead_pair(pairs, np.array([upper, pushed]), pushed, right)
    for name in ("pushes", "greedy", "features"):
        with_table = solve(level, PRESETS[name])
        without = solve(level, switched(PRESETS[name], dead_pairs=False))
        assert with_table.status is without.status is Status.SOLVED
        assert verify(level, with_table.solution).solved
        assert with_table.states < without.states, name


def test_pairs_that_get_to_the_goals_are_not_dead():
    board = Board.from_level(parse_level("#######\n#.   .#\n#  $$ #\n#  @  #\n#######"))
    pairs = board.dead_pairs()
    assert not dead_pair(pairs, board.boxes, int(board.boxes[0]), board.player)


@settings(max_examples=120, deadline=None)
@given(level=small_levels(max_rows=6, max_cols=7, max_boxes=4))
def test_searches_with_the_table_solve_exactly_the_solvable_levels(level):
    solve_exactly_the_solvable(level, ("greedy", "features", "pushes", "meet-all"))


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(level=small_levels(max_rows=5, max_cols=7, max_boxes=4))
def _proofs_with_the_table(found, level):
    board = Board.from_level(level)
    pattern = learned_pattern(board, board.boxes, board.player, pairs=True)
    plain = learned_pattern(board, board.boxes, board.player)
    corral = corral_deadlocked(board, board.boxes.copy(), board.player, pairs=True)
    plain_corral = corral_deadlocked(board, board.boxes.copy(), board.player)
    assert plain is None or pattern is not None  # the table only cuts dead positions
    assert corral or not plain_corral
    if pattern is None and not corral:
        return
    assert optimal_pushes(level) is None
    if pattern is not None:
        squares, region = pattern
        for square in np.flatnonzero(region)[:: max(1, int(region.sum()) // 3)]:
            assert not boxes_can_reach_goals(
                level, frozenset(board.to_level_square(int(s)) for s in squares),
                board.to_level_square(int(square)))
        found["proved"] += 1
    found["corrals"] += corral
    found["corrals_only_with_table"] += corral and not plain_corral


def test_proofs_and_corral_tests_with_the_table_find_only_dead_positions():
    """With the table, the deadlock proof of learning and the corral test's search leave
    out the pushes that make a dead pair: on the starts of generated levels every pattern
    proved is dead by the reference search from its region, every corral called dead is
    an unsolvable level, and whatever the tests find without the table they find with it.
    Some corrals are found dead only with it (the player got into them only through a
    dead pair)."""
    found = dict(proved=0, corrals=0, corrals_only_with_table=0)
    _proofs_with_the_table(found=found)
    assert found["proved"] >= 40 and found["corrals"] >= 10, found
    assert found["corrals_only_with_table"] >= 1, found
