"""Diagonal deadlocks (kernels.diagonals): the boxes around chains of sealed squares, proved
dead, are dead by exhaustive search, and searches that prune by them solve exactly the
solvable levels."""

import numpy as np
from hypothesis import given, settings

from sokosolve.analysis.board import Board
from sokosolve.analysis.positions import corral_deadlocked, diagonal_pattern
from sokosolve.io.files import load_levels
from sokosolve.level import parse_level
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.search.presets import PRESETS
from sokosolve.search.spec import switched
from sokosolve.solver import solve

from .conftest import shared
from .reference import boxes_can_reach_goals, optimal_pushes, small_levels
from .searches import solve_exactly_the_solvable

#: Two lines of boxes fence the squares (3, 4) and (4, 5), walls at both ends: a box of
#: the lines moves only into the chain, which then freezes; no goal on it.
DIAGONAL = "\n".join([
    "#########",
    "#@      #",
    "#  #$   #",
    "#  $ $  #",
    "#   $ $ #",
    "#    $# #",
    "#...... #",
    "#########",
])


def test_a_diagonal_is_proved_dead_where_the_corral_test_is_not():
    board = Board.from_level(parse_level(DIAGONAL))
    boxes = board.boxes
    assert not corral_deadlocked(board, boxes.copy(), board.player, pairs=True)
    pattern = diagonal_pattern(board, boxes, board.player, int(boxes.max()))
    assert pattern is not None
    squares, region = pattern
    assert region[board.player] and set(squares.tolist()) <= set(boxes.tolist())
    level = parse_level(DIAGONAL)
    assert not boxes_can_reach_goals(
        level, frozenset(board.to_level_square(int(s)) for s in squares),
        board.to_level_square(board.player))
    opened = parse_level(DIAGONAL.replace("#  #$", "#   $"))  # no wall at the top end
    assert verify(opened, solve(opened, "greedy").solution).solved


@settings(max_examples=500, deadline=None, derandomize=True, database=None)
@given(level=small_levels(max_rows=5, max_cols=6, max_boxes=4))
def _diagonals_of_starts(found, level):
    board = Board.from_level(level)
    for square in board.boxes:
        pattern = diagonal_pattern(board, board.boxes, board.player, int(square))
        if pattern is None:
            continue
        squares, region = pattern
        assert region[board.player] and set(squares.tolist()) <= set(board.boxes.tolist())
        for player in np.flatnonzero(region)[:: max(1, int(region.sum()) // 3)]:
            assert not boxes_can_reach_goals(
                level, frozenset(board.to_level_square(int(s)) for s in squares),
                board.to_level_square(int(player)))
        assert optimal_pushes(level) is None
        found["proved"] += 1
        found["not_corral"] += not corral_deadlocked(board, board.boxes.copy(), board.player,
                                                     pairs=True)
        return


def test_the_boxes_of_a_diagonal_proved_dead_are_dead():
    """On the starts of generated levels, with each box as the one pushed last: every pattern
    proved from the boxes around sealed squares is dead by the reference search from
    every square of its region, and the level is unsolvable."""
    found = dict(proved=0, not_corral=0)
    _diagonals_of_starts(found=found)
    assert found["proved"] >= 20 and found["not_corral"] >= 1, found


@settings(max_examples=120, deadline=None)
@given(level=small_levels(max_rows=6, max_cols=7, max_boxes=4))
def test_searches_proving_diagonals_solve_exactly_the_solvable_levels(level):
    solve_exactly_the_solvable(level, ("greedy", "features", "pushes", "meet-all"))


def test_the_feature_search_expands_fewer_states_on_xsokoban_6():
    """On the generated levels above the proofs seldom fire; on XSokoban 6 the feature
    search, which has no seeded noise, expands fewer states with them."""
    level = load_levels(shared("xsokoban/xsokoban_90.xsb"))[5]
    with_proofs = solve(level, "features")
    without = solve(level, switched(PRESETS["features"], diagonals=False))
    for result in (with_proofs, without):
        assert result.status is Status.SOLVED and verify(level, result.solution).solved
    assert with_proofs.expanded < without.expanded
