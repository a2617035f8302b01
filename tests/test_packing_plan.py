"""The packing plan: an order over every goal, far goals of a room first; a goal counts
when the goals it comes after are packed."""

import numpy as np
from hypothesis import given, settings

from sokosolve.analysis.board import Board
from sokosolve.analysis.packing_plan import packing_plan, plan_tables
from sokosolve.io.files import load_levels
from sokosolve.kernels.feature_space import plan_packed
from sokosolve.level import parse_level

from .conftest import PUZZLES
from .reference import small_levels


def _packed(board: Board, plan, boxes) -> int:
    box_at = board.box_at(np.array(list(boxes), dtype=np.int64))
    # a stale flags array: plan_packed must not read what an earlier call left
    return plan_packed(plan_tables(plan), box_at, np.ones(len(plan), dtype=np.bool_))


def test_the_goal_room_is_planned_from_the_far_end():
    """A box on the goal by the room's door counts for nothing while the far goal below it
    is empty: the boxes that filled the far goals went over it."""
    board = Board.from_level(load_levels(PUZZLES / "goal-room.xsb")[0])
    plan = packing_plan(board)
    by_square = {board.to_level_square(step.goal): step for step in plan}
    width = board.level_width
    door_goal, far_goal = 7 * width + 4, 8 * width + 4
    assert board.from_level_square(far_goal) in by_square[door_goal].after
    assert _packed(board, plan, [board.from_level_square(door_goal)]) == 0
    assert _packed(board, plan, [board.from_level_square(s) for s in by_square]) == 4


def test_a_row_of_goals_open_at_both_ends_is_filled_from_either_end():
    """Either end goal may be the last one filled, so the other three count without it;
    a single order over the row would leave one of them a gap."""
    board = Board.from_level(parse_level(
        "###########\n#         #\n# $#####$ #\n#@ ....   #\n# $#####$ #\n#         #\n"
        "###########"))
    plan = packing_plan(board)
    row = sorted(step.goal for step in plan)
    assert _packed(board, plan, row[1:]) == 3
    assert _packed(board, plan, row[:-1]) == 3
    assert _packed(board, plan, [row[0], row[-1]]) == 0


def test_each_end_of_a_goal_row_fills_as_many_goals_as_it_has_boxes():
    """One box comes from the left, three from the right: the right ones fill the row from
    its second goal on, so a box on the third goal first is no progress (the right
    boxes could no longer get past it)."""
    level = parse_level(
        "#############\n#   ####    #\n# $ ....  $ #\n#   ####$$  #\n#   ####@   #\n"
        "#############")
    board = Board.from_level(level)
    plan = packing_plan(board)
    row = [board.from_level_square(2 * level.width + c) for c in (4, 5, 6, 7)]
    assert _packed(board, plan, [row[2]]) == 0
    assert _packed(board, plan, [row[0]]) == 1
    assert _packed(board, plan, [row[1]]) == 1
    assert _packed(board, plan, row[1:]) == 3


@settings(max_examples=300, deadline=None)
@given(small_levels())
def test_the_plan_orders_every_goal_once(level):
    board = Board.from_level(level)
    plan = packing_plan(board)
    planned = [step.goal for step in plan]
    assert sorted(planned) == sorted(board.goals.tolist())
    # A goal comes after goals filled before it: the plan is an order to fill them in.
    assert all(step.after <= set(planned[:k]) for k, step in enumerate(plan))
    assert _packed(board, plan, board.goals.tolist()) == board.goals.size
    on_goals = int(board.goal_mask[board.boxes].sum())
    assert 0 <= _packed(board, plan, board.boxes.tolist()) <= on_goals
