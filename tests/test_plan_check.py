"""scripts/plan_check.py: the plan's first goal that walls the start boxes out."""

from hypothesis import given, settings

from scripts.plan_check import first_failing_step, start_boxes_fill
from sokosolve.analysis.board import Board
from sokosolve.analysis.packing_plan import packing_plan
from sokosolve.io.files import load_levels
from sokosolve.level import parse_level
from sokosolve.limits import Limits
from sokosolve.result import Status
from sokosolve.solver import solve

from .conftest import shared
from .reference import small_levels


def test_a_goal_that_walls_off_the_pushing_square_fails_first():
    """The box for the top-left goal goes up the third column, pushed from the bottom goal's
    square: filled first, that goal leaves it no way; the other order holds."""
    level = parse_level("######\n#.   #\n# @  #\n# $$ #\n## . #\n######")
    board = Board.from_level(level)
    top, bottom = (board.from_level_square(r * level.width + c) for r, c in ((1, 1), (4, 3)))
    assert start_boxes_fill(board, {top}) and not start_boxes_fill(board, {bottom})
    plan = packing_plan(board)
    step = first_failing_step(board, plan)
    assert step is not None and plan[step].goal == bottom


def test_xsokoban_69s_plan_fails_at_its_first_goal():
    board = Board.from_level(load_levels(shared("xsokoban/xsokoban_90.xsb"))[68])
    assert start_boxes_fill(board, set())
    assert first_failing_step(board, packing_plan(board)) == 0


@settings(max_examples=150, deadline=None)
@given(small_levels(max_boxes=3))
def test_a_solvable_level_passes_with_no_goal_filled(level):
    """Each box alone can do at least what it does in a solution, so nothing filled, the
    check holds on every level the breadth-first search solves."""
    if solve(level, "bfs", Limits(seconds=10)).status is Status.SOLVED:
        assert start_boxes_fill(Board.from_level(level), set())
