"""Out-of-plan zones: the sealed squares, the zones, the pushes from them and the push groups
equal plain versions on generated levels, the kernel's count equals a plain count, and the
feature searches that count them (and take the out-of-plan advisor's advice) solve the
shipped puzzles with solutions that replay."""

from collections import deque
from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sokosolve.analysis.board import Board
from sokosolve.analysis.out_of_plan import (
    out_of_plan_zones,
    push_groups,
    sealed_squares,
    zone_distances,
)
from sokosolve.analysis.packing_plan import packing_plan, plan_tables
from sokosolve.kernels.distances import UNREACHABLE
from sokosolve.kernels.feature_space import boxes_marked
from sokosolve.search.presets import FEATURES, FEATURES_BOXES

from .conftest import assert_solves_puzzles
from .reference import small_levels


def _plain_pushes(board: Board, walls: set[int], sources: set[int]) -> dict[int, int]:
    """A lone box's fewest pushes from any of ``sources`` to each square it reaches, with
    ``walls`` added and the player behind it wherever that is floor."""
    floor = {s for s in range(board.walls.size) if not board.walls[s]} - walls
    pushes = {s: 0 for s in sources if s in floor}
    todo = deque(pushes)
    while todo:
        box = todo.popleft()
        for o in (int(o) for o in board.offsets):
            if box - o in floor and box + o in floor and box + o not in pushes:
                pushes[box + o] = pushes[box] + 1
                todo.append(box + o)
    return pushes


def _plain_reaches(board: Board, walls: set[int], start: int, targets: set[int]) -> bool:
    """Whether a lone box on ``start`` can be pushed onto one of ``targets`` with
    ``walls`` added, the player standing behind it wherever that is floor (the relaxation
    the dead squares are found with): a search over box squares."""
    return not targets.isdisjoint(_plain_pushes(board, walls, {start}))


@settings(max_examples=150, deadline=None)
@given(small_levels(max_boxes=4), st.data())
def test_sealed_squares_are_those_no_box_pushes_out_of(level, data):
    """A live square is sealed exactly when no lone box on it reaches a later target."""
    board = Board.from_level(level)
    goals = [int(g) for g in board.goals]
    order = data.draw(st.permutations(goals))
    k = data.draw(st.integers(0, max(0, len(order) - 2)))
    placed, targets = order[: k + 1], order[k + 1:]
    sealed = sealed_squares(board, placed, targets)
    for s in range(board.walls.size):
        live = not board.walls[s] and not board.dead_squares[s] and s not in placed
        expected = live and not _plain_reaches(board, set(placed), s, set(targets))
        assert bool(sealed[s]) == expected, (s, placed, targets)


@settings(max_examples=150, deadline=None)
@given(small_levels(max_boxes=4), st.data())
def test_each_step_takes_the_next_zone_that_seals_something_new(level, data):
    """The zone at k filled goals is the sealed set of the first step from k on that seals
    squares not sealed at the step before k; the last step's zone is empty."""
    board = Board.from_level(level)
    order = data.draw(st.permutations([int(g) for g in board.goals]))
    zones = out_of_plan_zones(board, order)
    n = len(order)
    sealed = [sealed_squares(board, order[: k + 1], order[k + 1:]) for k in range(n - 1)]
    sealed.append(np.zeros(board.walls.size, dtype=np.uint8))
    assert zones.shape == (n, board.walls.size)
    assert n == 0 or not zones[n - 1].any()  # a level may have no goal on its floor
    for k in range(n - 1):
        before = sealed[k - 1] if k else np.zeros(board.walls.size, dtype=np.uint8)
        changes = [j for j in range(k, n - 1)
                   if not np.array_equal(sealed[j], sealed[j - 1] if j else before)]
        expected = sealed[changes[0]] if changes else sealed[k]
        assert np.array_equal(zones[k], expected), k


@settings(max_examples=100, deadline=None)
@given(small_levels(max_boxes=4), st.data())
def test_the_count_is_the_boxes_in_the_zone(level, data):
    board = Board.from_level(level)
    plan = plan_tables(packing_plan(board))
    plan = plan._replace(out_of_plan=out_of_plan_zones(board, plan.goals.tolist()))
    floor = [s for s in range(board.walls.size) if not board.walls[s]]
    boxes = np.array(data.draw(st.lists(st.sampled_from(floor), max_size=5, unique=True)),
                     dtype=np.int32)
    packed = data.draw(st.integers(0, plan.goals.size + 2))
    expected = 0
    if plan.goals.size:  # a level may have no goal on its floor: no zones
        zone = plan.out_of_plan[min(packed, plan.goals.size - 1)]
        expected = sum(int(zone[b]) for b in boxes)
    assert boxes_marked(plan.out_of_plan, boxes, packed) == expected
    assert boxes_marked(np.empty((0, 0), dtype=np.uint8), boxes, packed) == 0


def test_the_feature_search_with_out_of_plan_zones_solves():
    assert_solves_puzzles(replace(FEATURES, out_of_plan=True))


@settings(max_examples=100, deadline=None)
@given(small_levels(max_boxes=4), st.data())
def test_pushes_from_the_zones_and_push_groups_are_those_of_plain_searches(level, data):
    board = Board.from_level(level)
    order = data.draw(st.permutations([int(g) for g in board.goals]))
    zones = out_of_plan_zones(board, order)
    distances = zone_distances(board, order, zones)
    for k in range(len(order)):
        plain = _plain_pushes(board, set(order[:k]), set(np.flatnonzero(zones[k]).tolist()))
        for s in range(board.walls.size):
            assert distances[k, s] == plain.get(s, UNREACHABLE), (k, s)
    groups = push_groups(board)
    floor = [s for s in range(board.walls.size) if not board.walls[s]]
    reach = {s: _plain_pushes(board, set(), {s}) for s in floor}
    for a in floor:
        for b in floor:
            assert (groups[a] == groups[b]) == (b in reach[a] and a in reach[b]), (a, b)
    assert (groups[board.walls.astype(bool)] == -1).all()


def test_the_search_with_the_out_of_plan_advisor_solves():
    search = replace(FEATURES_BOXES, out_of_plan=True)
    assert search.out_of_plan_advice
    assert_solves_puzzles(search)
