"""The packing plan: an order over every goal, far goals of a room first, counted without gaps."""

import numpy as np
from hypothesis import given, settings

from sokosolve.board import Board
from sokosolve.level import load_levels, parse_level
from sokosolve.packing_plan import packing_plan, plan_packed, plan_tables

from .conftest import PUZZLES
from .reference import small_levels


def _packed(board: Board, plan, boxes) -> int:
    box_at = np.full(board.walls.size, -1, dtype=np.int32)
    for i, square in enumerate(boxes):
        box_at[square] = i
    return plan_packed(*plan_tables(plan), box_at)


def test_the_goal_room_is_planned_from_the_far_end():
    """The room's two columns of goals do not touch: two areas, each filled bottom first."""
    board = Board.from_level(load_levels(PUZZLES / "goal-room.xsb")[0])
    plan = packing_plan(board)
    assert len(plan) == 2
    for area in plan:
        rows = [board.to_level_square(g) // board.level_width for g in area]
        assert rows == sorted(rows, reverse=True) and len(rows) == 2
    # A box on a near goal counts for nothing while the far goal of its area is empty.
    assert _packed(board, plan, [plan[0][1], plan[1][1]]) == 0
    assert _packed(board, plan, [plan[0][0], plan[0][1], plan[1][1]]) == 2


@settings(max_examples=300, deadline=None)
@given(small_levels())
def test_the_plan_orders_every_goal_once(level):
    board = Board.from_level(level)
    plan = packing_plan(board)
    planned = [g for area in plan for g in area]
    assert sorted(planned) == sorted(board.goals.tolist())
    assert _packed(board, plan, board.goals.tolist()) == board.goals.size
    on_goals = int(board.goal_mask[board.boxes].sum())
    assert 0 <= _packed(board, plan, board.boxes.tolist()) <= on_goals



def test_an_area_with_a_box_on_a_goal_at_the_start_is_not_planned():
    """Its goals count one by one, as boxes on goals: no order to fill it in is assumed."""
    board = Board.from_level(parse_level("#######\n#@ $  #\n#  *. #\n#######"))
    plan = packing_plan(board)
    assert sorted(len(area) for area in plan) == [1, 1]
    assert _packed(board, plan, board.boxes.tolist()) == 1
