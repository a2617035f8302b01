"""The dive plan: the fewest pulls to a free base equal a plain search's, the dive's moves
are legal pulls, and its plan takes every box from a start square to a goal."""

from collections import deque
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sokosolve.analysis.board import Board
from sokosolve.analysis.dive_plan import (
    PlayerRegions,
    _Dive,
    _Position,
    dive_plan,
    pull_to_base,
    pulled,
)
from sokosolve.io.files import load_levels
from sokosolve.limits import Limits
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.search.presets import FEATURES_BOXES, FEATURES_DIVE
from sokosolve.search.spec import Then
from sokosolve.solver import solve

from .conftest import PLANNED_PUZZLES, PUZZLES, assert_solves_puzzles, shared
from .reference import area_count, region, small_levels


def _plain_pulls(board: Board, boxes: set[int], box: int, player: int,
                 bases: set[int]) -> int | None:
    """The fewest pulls taking the box on ``box`` onto one of ``bases``, the other ``boxes``
    standing, by a breadth-first search over (box square, player square)."""
    offsets = [int(o) for o in board.offsets]
    floor = {int(s) for s in np.flatnonzero(board.walls == 0)}
    others = boxes - {box}
    start = (box, player)
    pulls = {start: 0}
    queue = deque([start])
    while queue:
        square, at = queue.popleft()
        free = floor - others - {square}
        reach = region(free, offsets, at)
        for o in offsets:
            to, behind = square + o, square + 2 * o
            if to in reach and behind in free:
                if to in bases:
                    return pulls[(square, at)] + 1
                state = (to, behind)
                if state not in pulls:
                    pulls[state] = pulls[(square, at)] + 1
                    queue.append(state)
    return None


def _draw_boxes(data) -> tuple[Board, list[int], set[int], int, int]:
    """A generated board, its floor, one to three boxes on it, one of them, and a free
    square (-1 if none is free)."""
    board = Board.from_level(data.draw(small_levels(max_boxes=3)))
    floor = [int(s) for s in np.flatnonzero(board.walls == 0)]
    boxes = data.draw(st.sets(st.sampled_from(floor), min_size=1, max_size=3))
    box = data.draw(st.sampled_from(sorted(boxes)))
    square = data.draw(st.sampled_from([s for s in floor if s not in boxes] or [-1]))
    return board, floor, boxes, box, square


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_fewest_pulls_to_a_base_and_to_each_square_equal_a_plain_search(data):
    board, floor, boxes, box, player = _draw_boxes(data)
    bases = data.draw(st.sets(st.sampled_from(floor)).map(lambda b: b - boxes))
    if player < 0:
        return
    occupied = board.walls.copy()
    occupied[sorted(boxes)] = 1
    dead = np.zeros_like(board.walls)
    mask = np.zeros_like(board.walls)
    mask[sorted(bases)] = 1
    found = pull_to_base(board, dead, occupied, box, player, mask)
    assert (found and found[0]) == _plain_pulls(board, boxes, box, player, bases)
    assert occupied.tolist() == (board.walls | np.isin(np.arange(board.walls.size),
                                                     sorted(boxes))).tolist()
    reached = pulled(board, dead, occupied, box, player)  # every position, no base
    pulls = [p for p, _, _ in reached]
    assert pulls == sorted(pulls)
    first = {}
    for p, square, _ in reached:
        first.setdefault(square, p)
    for square in set(floor) - boxes:
        assert first.get(square) == _plain_pulls(board, boxes, box, player, {square})


def _dive_is_legal(board: Board, steps) -> bool:
    """The plan read backwards, from the solved position: each step's box goes from the
    step's target back to its source, by pulls with the boxes not yet taken away
    standing, the player anywhere it could be (a plain search); a box is taken away at
    the start square it reaches last, and parked on the sources of the other steps. Every
    box is pulled: one that stands on a goal and a start square is not taken away where
    it stands, as in Festival."""
    boxes = set(board.goals.tolist())
    parked = {step.until for step in steps if step.until >= 0}  # steps from a parking
    offsets = [int(o) for o in board.offsets]
    floor = {int(s) for s in np.flatnonzero(board.walls == 0)}
    for i in range(len(steps) - 1, -1, -1):
        step = steps[i]
        if step.target not in boxes:
            return False
        if step.source == step.target:
            return False
        free = floor - boxes
        players = {min(region(free, offsets, s)) for s in free}
        if all(_plain_pulls(board, boxes, step.target, p, {step.source}) is None
               for p in players):
            return False
        boxes.remove(step.target)
        if i in parked:
            boxes.add(step.source)
    return not boxes


def _ends_are_the_start_and_the_goals(board: Board, steps) -> bool:
    """Each box's first step leaves a start square, its last one ends on a goal, and a
    step with ``until`` ends where that later step starts."""
    parked = {step.until for step in steps if step.until >= 0}
    firsts = [s.source for i, s in enumerate(steps) if i not in parked]
    lasts = [s.target for s in steps if s.until == -1]
    return (sorted(firsts) == sorted(board.boxes.tolist())
            and sorted(lasts) == sorted(board.goals.tolist())
            and all(steps[s.until].source == s.target for s in steps if s.until >= 0))


@settings(max_examples=200, deadline=None)
@given(small_levels(max_boxes=4))
def test_the_dive_pulls_legally_and_its_plan_takes_each_box_to_a_goal(level):
    board = Board.from_level(level)
    steps = dive_plan(board)
    if not steps:
        return
    assert _ends_are_the_start_and_the_goals(board, steps)
    assert _dive_is_legal(board, steps)


def test_the_dive_takes_most_microban_levels_apart():
    levels = load_levels(shared("microban/microban1_155.txt"))
    dissolved = parked = 0
    for level in levels:
        board = Board.from_level(level)
        steps = dive_plan(board)
        if steps:
            dissolved += 1
            parked += any(step.until >= 0 for step in steps)
            assert _ends_are_the_start_and_the_goals(board, steps), level.title
            assert _dive_is_legal(board, steps), level.title
    assert dissolved >= 140
    assert parked > 0  # some dives park a box


def test_the_feature_search_with_the_dive_plan_solves():
    """The feature search that follows the dive plan solves the shipped puzzles, and its
    solutions replay."""
    assert_solves_puzzles(FEATURES_DIVE, PLANNED_PUZZLES[:3])


def test_the_dive_only_search_gives_up_without_a_plan_and_leaves_its_time_to_the_next(
        monkeypatch):
    """Where the dive does not take the level apart, the search by the dive plan only ends
    at once, searching nothing, and in a portfolio the next search gets the time and solves;
    the dive plan's search falls back on another plan."""
    from sokosolve.search import build

    monkeypatch.setattr(build, "dive_plan", lambda board, seconds: [])
    level = load_levels(PUZZLES / PLANNED_PUZZLES[0])[0]
    dive_only = replace(FEATURES_DIVE, dive_only=True)
    alone = solve(level, dive_only, Limits(seconds=30))
    assert alone.status is Status.GAVE_UP and alone.states == 0 and alone.seconds < 5
    then = solve(level, Then(dive_only, 0.9, FEATURES_BOXES), Limits(seconds=30))
    assert then.status is Status.SOLVED and verify(level, then.solution).solved
    fallen_back = solve(level, FEATURES_DIVE, Limits(seconds=30))
    assert fallen_back.status is Status.SOLVED and verify(level, fallen_back.solution).solved


def test_the_dive_searches_on_where_the_greedy_move_gets_stuck():
    """On these XSokoban levels the greedy dive gets stuck (docs/benchmarks.md); the dive's
    search beyond the greedy move takes them apart, with legal pulls."""
    levels = load_levels(shared("xsokoban/xsokoban_90.xsb"))
    for number in (44, 85, 86, 87):
        board = Board.from_level(levels[number - 1])
        steps = dive_plan(board)
        assert steps, number
        assert _ends_are_the_start_and_the_goals(board, steps), number
        assert _dive_is_legal(board, steps), number


def test_the_dive_parks_boxes_that_free_no_other_at_once():
    """On these Sasquatch I levels no box can be taken away, nor freed by one parking, until
    two are moved aside (docs/benchmarks.md)."""
    levels = load_levels(shared("sasquatch/sasquatch01_50.xsb"))
    for number in (1, 9):
        board = Board.from_level(levels[number - 1])
        steps = dive_plan(board)
        assert steps, number
        assert sum(step.until >= 0 for step in steps) >= 2, number
        assert _ends_are_the_start_and_the_goals(board, steps), number
        assert _dive_is_legal(board, steps), number


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_parking_ranks_by_free_areas_boxes_on_goals_and_pushes_from_the_goals(data):
    """Against plain floods: the free areas after the box moves, then the boxes it leaves
    on goals less those before, then how much nearer the goals the move takes it; the
    dive's board is left as it was."""
    board, floor, boxes, box, square = _draw_boxes(data)
    if square < 0 or not board.goals.size:  # no dive without goals (dive_plan returns)
        return
    dive = _Dive(board, np.zeros_like(board.walls), np.zeros(board.walls.size, np.int32),
                 PlayerRegions(board))
    dive.place(_Position(frozenset(boxes), frozenset(), square, 0, -1, None))
    before = dive.occupied.copy()
    areas = area_count(set(floor) - (boxes - {box} | {square}),
                       [int(o) for o in board.offsets])
    pushes = board.goal_distances.min(axis=0)
    goals = {int(g) for g in board.goals}
    assert dive.parking_rank(box, square) == (
        areas, (square in goals) - (box in goals), int(pushes[box]) - int(pushes[square]))
    assert dive.occupied.tolist() == before.tolist()


def test_the_dive_parks_where_festival_parks():
    """Sasquatch I 34's boxes must all pass through the goal room: the dive takes it apart
    only by parking the goal room's boxes far from it first, as Festival's backward search
    ranks pulls (docs/benchmarks.md); nearest first, it found no plan in 20 s."""
    board = Board.from_level(load_levels(shared("sasquatch/sasquatch01_50.xsb"))[33])
    steps = dive_plan(board, 5.0)
    assert sum(step.until >= 0 for step in steps) >= 10
    assert _ends_are_the_start_and_the_goals(board, steps)
    assert _dive_is_legal(board, steps)


def test_the_dive_searches_best_first_where_depth_first_gets_lost():
    """The depth-first dive did not take these Sasquatch I levels apart in 20 s
    (docs/benchmarks.md); best first, from every region at once, it does."""
    levels = load_levels(shared("sasquatch/sasquatch01_50.xsb"))
    for number in (12, 27, 38):
        board = Board.from_level(levels[number - 1])
        steps = dive_plan(board)
        assert steps, number
        assert _ends_are_the_start_and_the_goals(board, steps), number
        assert _dive_is_legal(board, steps), number


def test_the_dive_pulls_the_boxes_that_start_on_goals():
    """XSokoban 90 has three boxes on goals at the start; the dive pulls them off to other
    start squares (docs/benchmarks.md: with them left standing, the plan's search did not
    solve the level)."""
    level = load_levels(shared("xsokoban/xsokoban_90.xsb"))[89]
    board = Board.from_level(level)
    steps = dive_plan(board)
    assert steps
    assert level.boxes & level.goals
    assert _ends_are_the_start_and_the_goals(board, steps)
    assert _dive_is_legal(board, steps)


def test_a_search_by_the_dive_plan_only_needs_the_dive():
    with pytest.raises(ValueError, match="needs dive"):
        replace(FEATURES_DIVE, dive=False, dive_only=True)
