"""The steer to the packing plan's next goals: the distance tables equal a plain search of
box squares on generated levels, the kernel's distance equals a plain reading of the plan,
and the feature search that uses it solves the shipped puzzles with solutions that
replay."""

from collections import deque
from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sokosolve.analysis.board import Board
from sokosolve.analysis.packing_plan import goal_distances, packing_plan, plan_tables
from sokosolve.kernels.feature_space import next_goal_distance, plan_packed
from sokosolve.search.presets import FEATURES

from .conftest import assert_solves_puzzles
from .reference import small_levels


def _plain_pushes(board: Board, walls: set[int], goal: int) -> dict[int, int]:
    """The fewest pushes of a lone box from each square to ``goal`` with ``walls`` added, the
    player free to stand behind the box wherever that is floor (pulled back from the goal)."""
    floor = {s for s in range(board.walls.size) if not board.walls[s]} - walls
    pushes, todo = {goal: 0}, deque([goal])
    while todo:
        box = todo.popleft()
        for o in (int(o) for o in board.offsets):
            before, player = box - o, box - 2 * o  # pushed from before, player behind it
            if before in floor and player in floor and before not in pushes:
                pushes[before] = pushes[box] + 1
                todo.append(before)
    return pushes if goal in floor else {}


def _comes_after(plan, k: int) -> set[int]:
    """The positions of the goals that plan goal ``k`` comes after, directly or not."""
    found, todo = set(), [k]
    while todo:
        j = todo.pop()
        for i in plan.after[plan.first[j]:plan.first[j + 1]].tolist():
            if i not in found:
                found.add(i)
                todo.append(i)
    return found


@settings(max_examples=150, deadline=None)
@given(small_levels(max_boxes=4))
def test_the_distances_are_pushes_with_earlier_goals_walled(level):
    board = Board.from_level(level)
    plan = plan_tables(packing_plan(board))
    distances = goal_distances(board, plan)
    assert distances.shape == (plan.goals.size, board.walls.size)
    plain = [_plain_pushes(board, {int(plan.goals[j]) for j in _comes_after(plan, k)},
                           int(plan.goals[k])) for k in range(plan.goals.size)]
    never = 1 + max((d for table in plain for d in table.values()), default=0)
    for k, table in enumerate(plain):
        for s in range(board.walls.size):
            assert distances[k, s] == table.get(s, never), (k, s)


@settings(max_examples=150, deadline=None)
@given(small_levels(max_boxes=4), st.data())
def test_the_distance_is_to_the_nearest_goal_the_plan_fills_next(level, data):
    board = Board.from_level(level)
    plan = plan_tables(packing_plan(board))
    plan = plan._replace(goal_distances=goal_distances(board, plan))
    floor = [s for s in range(board.walls.size) if not board.walls[s]]
    boxes = data.draw(st.lists(st.sampled_from(floor), max_size=5, unique=True))
    square = data.draw(st.sampled_from(floor))
    box_at = np.full(board.walls.size, -1, dtype=np.int32)
    for i, b in enumerate(boxes):
        box_at[b] = i
    flags = np.zeros(plan.goals.size + 1, dtype=np.bool_)
    plan_packed(plan, box_at, flags)
    goals = plan.goals.tolist()
    packed = {k for k in range(len(goals)) if box_at[goals[k]] >= 0
              and all(box_at[goals[j]] >= 0 for j in _comes_after(plan, k))}
    assert packed == {k for k in range(len(goals)) if flags[k]}
    following = [k for k in range(len(goals)) if k not in packed
                 and all(j in packed for j in _comes_after(plan, k))]
    if any(goals[k] == square for k in packed) or not following:
        expected = 0
    else:
        expected = min(int(plan.goal_distances[k, square]) for k in following)
    assert next_goal_distance(plan, flags, square) == expected


def test_the_feature_search_steered_to_the_next_goals_solves():
    assert_solves_puzzles(replace(FEATURES, next_goals=6))
