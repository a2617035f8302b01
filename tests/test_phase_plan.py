"""The phase plan: a lone box's pulls equal a plain search, the steps that take the solved
position apart are legal pulls, the phases read off them fill every goal once, the
kernel's packed count and steer equal plain versions, and the search counting packed
boxes by the plan solves with solutions that replay."""

import time
from collections import deque
from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sokosolve.analysis.board import Board
from sokosolve.analysis.phase_plan import (
    Parking,
    PhasePlan,
    Removal,
    _Apart,
    phase_plan,
    phase_tables,
    take_apart,
)
from sokosolve.io.files import load_levels
from sokosolve.kernels.feature_space import phase_goal_distance, phase_packed
from sokosolve.kernels.lone_pulls import HOME, ORIGIN, lone_pulls
from sokosolve.search.presets import FEATURES_PHASES

from .conftest import PUZZLES, assert_solves_puzzles, shared
from .reference import small_levels


def _region(board: Board, boxes: set[int], start: int) -> set[int]:
    if board.walls[start] or start in boxes:
        return set()
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for o in (int(o) for o in board.offsets):
            t = s + o
            if not board.walls[t] and t not in boxes and t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def _plain_pulls(board: Board, others: set[int], box: int, home: int):
    """Breadth first over (box square, player region) with the other boxes still: the
    fewest pulls to each square, whether the player can then reach ``home`` or ``box``'s
    square from some position with the box there, where it stands in the first such
    position, and every square it can reach in any."""
    depth, flags, players, regions = {box: 0}, {}, {}, {}
    start = _region(board, others | {box}, home)
    if not start:
        return depth, flags, players, regions
    seen = {(box, min(start))}
    todo = deque([(box, start)])
    while todo:
        square, region = todo.popleft()
        for o in (int(o) for o in board.offsets):
            to, behind = square + o, square + 2 * o
            if to not in region or board.walls[behind] or behind in others:
                continue
            after = _region(board, others | {to}, behind)
            flags[to] = flags.get(to, 0) | (HOME if home in after else 0) | (
                ORIGIN if box in after else 0)
            regions[to] = regions.get(to, set()) | after
            if (to, min(after)) not in seen:
                seen.add((to, min(after)))
                depth.setdefault(to, depth[square] + 1)
                players.setdefault(to, behind)
                todo.append((to, after))
    return depth, flags, players, regions


def _pushes_reach(board: Board, start: int, square: int) -> bool:
    """Whether a lone box pushed from ``start`` reaches ``square``, the player standing
    anywhere off the walls."""
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for o in (int(o) for o in board.offsets):
            if not board.walls[s + o] and not board.walls[s - o] and s + o not in seen:
                seen.add(s + o)
                todo.append(s + o)
    return square in seen


@settings(max_examples=200, deadline=None)
@given(small_levels(max_boxes=4), st.data())
def test_a_lone_box_pulls_as_a_plain_search_does(level, data):
    board = Board.from_level(level)
    floor = [s for s in range(board.walls.size) if not board.walls[s]]
    boxes = data.draw(st.lists(st.sampled_from(floor), min_size=1, max_size=4, unique=True))
    home = data.draw(st.sampled_from(floor))
    occupied = board.walls.copy()
    occupied[boxes] = 1
    depth, flags, players = lone_pulls(occupied, board.width, board.offsets, boxes[0], home)
    assert np.array_equal(occupied[boxes], np.ones(len(boxes), dtype=np.uint8))
    plain_depth, plain_flags, plain_players, _ = _plain_pulls(board, set(boxes[1:]),
                                                             boxes[0], home)
    for s in range(board.walls.size):
        assert depth[s] == plain_depth.get(s, -1), s
        if s != boxes[0]:
            assert flags[s] == plain_flags.get(s, 0), s
            assert players[s] == plain_players.get(s, -1), s


def _steps_are_legal(board: Board, home: int, steps: list[Removal | Parking]) -> bool:
    """Replays the steps from the solved position: each box moves by pulls, alone, the
    others still, to where the step says, the player walking home after a removal (or,
    a lone box's, staying where the pulls leave it: its new home) and to the goal after
    a parking, which only a start square not yet used reaches; each start square takes
    one box, parked boxes go only once no goal holds a box, and at the end no box is
    left."""
    boxes = {int(g): False for g in board.goals}  # square: parked
    unused = {int(s) for s in board.boxes}
    for step in steps:
        if isinstance(step, Parking):
            if boxes.get(step.goal) is not False:
                return False
            depth, flags, _, _ = _plain_pulls(board, set(boxes) - {step.goal}, step.goal,
                                              home)
            if depth.get(step.square, 0) < 1 or flags[step.square] != HOME | ORIGIN:
                return False
            if not any(_pushes_reach(board, start, step.square) for start in unused):
                return False
            del boxes[step.goal]
            boxes[step.square] = True
            continue
        if any(not parked for parked in boxes.values()) and any(
                boxes[square] for square, _, _ in step.taken):
            return False
        at_end = all(square in unused for square in boxes)  # all on their own starts
        stays = step.player != home
        if stays and len(step.taken) > 1:
            return False
        for square, start, _ in step.taken:
            if start not in unused or square not in boxes:
                return False
            unused.discard(start)
            if start == square:
                if not at_end:
                    return False
                continue
            depth, flags, _, regions = _plain_pulls(board, set(boxes) - {square}, square,
                                                    home)
            if depth.get(start, 0) < 1 or not (step.player in regions[start] if stays
                                               else flags[start] & HOME):
                return False
        for square, _, _ in step.taken:
            del boxes[square]
        home = step.player
    return not boxes


def _first_removal_after_every_start_reached(board: Board, home: int,
                                             steps: list[Removal | Parking]) -> bool:
    """Whether no box goes away before the player, walking from its square between the
    steps, has reached every start square."""
    starts = {int(s) for s in board.boxes}
    boxes = {int(g) for g in board.goals}
    seen: set[int] = set()
    for step in steps:
        seen |= starts & _region(board, boxes, home)
        if isinstance(step, Parking):
            boxes.remove(step.goal)
            boxes.add(step.square)
            continue
        return seen == starts
    return True


def test_boxes_are_parked_until_the_player_has_reached_every_start_square():
    # XSokoban 69: the player starts cut off from the western start squares
    board = Board.from_level(load_levels(shared("xsokoban/xsokoban_90.xsb"))[68])
    home = int(board.player)
    apart = _Apart(board, time.perf_counter() + 5.0, home, wait=True)
    assert apart.search()
    assert _steps_are_legal(board, home, apart.steps)
    assert _first_removal_after_every_start_reached(board, home, apart.steps)
    assert sum(isinstance(step, Parking) for step in apart.steps) >= 8
    eager = _Apart(board, time.perf_counter() + 5.0, home, wait=False)
    assert eager.search()
    assert not _first_removal_after_every_start_reached(board, home, eager.steps)


def _fills_every_goal_once(board: Board, plan: PhasePlan) -> bool:
    """Each goal is the target of one phase and stays; each other target is a square a
    box waits on from its phase to a later one."""
    staying = [t for t, v in zip(plan.targets, plan.vacate, strict=True) if v == plan.phases]
    phase = [p for p in range(plan.phases) for _ in plan.phase(p)]
    return sorted(staying) == sorted(board.goals.tolist()) and all(
        phase[k] < v for k, v in enumerate(plan.vacate))


@settings(max_examples=200, deadline=None)
@given(small_levels(max_boxes=4))
def test_the_steps_are_legal_and_the_phases_fill_every_goal(level):
    board = Board.from_level(level)
    found = take_apart(board, 2.0)
    if found is None:
        return
    home, steps = found
    assert _steps_are_legal(board, home, steps)
    assert _fills_every_goal_once(board, phase_plan(board, 2.0))


def test_the_shipped_puzzles_and_xsokoban_are_taken_apart():
    names = ("goal-room.xsb", "storeroom.xsb", "first-steps.xsb")
    levels = [load_levels(PUZZLES / name)[0] for name in names]
    levels += load_levels(shared("xsokoban/xsokoban_90.xsb"))[66:70]
    for level in levels:
        board = Board.from_level(level)
        found = take_apart(board, 5.0)
        assert found is not None, level.title
        assert _steps_are_legal(board, *found)
        assert _fills_every_goal_once(board, phase_plan(board, 5.0))


def _plain_packed(plan: PhasePlan, boxes: set[int]) -> tuple[int, set[int]]:
    """The packed count by its definition, and the targets still needed: the furthest
    phase whose earlier targets are each boxed or left by a parked box in its vacate phase
    or before; the targets of the phases before it and its own boxed ones are packed, its
    empty ones needed."""
    def may_be_in(g: int) -> bool:
        return all(plan.targets[k] in boxes or plan.vacate[k] < plan.phases and plan.vacate[k] <= g
                   for k in range(plan.first[g]))

    g = max(g for g in range(plan.phases + 1) if may_be_in(g))
    if g == plan.phases:
        return len(plan.targets), set()
    empty = {k for k in range(plan.first[g], plan.first[g + 1])
             if plan.targets[k] not in boxes}
    return plan.first[g + 1] - len(empty), empty


def _counts_along_the_plan(board: Board, plan: PhasePlan) -> list[int]:
    """The kernel's count after each phase of ``plan`` is done, its parked boxes that have
    moved on gone from their squares."""
    tables = phase_tables(board, plan)
    flags = np.zeros(len(plan.targets), dtype=np.bool_)
    counts = []
    for p in range(plan.phases):
        boxes = [plan.targets[k] for k in range(plan.first[p + 1]) if plan.vacate[k] > p]
        counts.append(phase_packed(tables, board.box_at(np.array(boxes, dtype=np.int64)),
                                   flags))
    return counts


def test_the_count_grows_phase_by_phase_to_every_target():
    # XSokoban 69's plan parks boxes, which leave their squares in later phases
    parked = False
    for level in load_levels(shared("xsokoban/xsokoban_90.xsb"))[66:70]:
        board = Board.from_level(level)
        plan = phase_plan(board, 5.0)
        counts = _counts_along_the_plan(board, plan)
        assert all(c >= plan.first[p + 1] for p, c in enumerate(counts)), level.title
        assert counts == sorted(counts) and counts[-1] == len(plan.targets), level.title
        parked = parked or any(v < plan.phases for v in plan.vacate)
    assert parked


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_kernel_counts_and_steers_as_the_plain_reading(data):
    level = data.draw(small_levels(max_boxes=4))
    board = Board.from_level(level)
    plan = phase_plan(board, 2.0)
    if plan is None:
        return
    tables = phase_tables(board, plan)
    floor = [s for s in range(board.walls.size) if not board.walls[s]]
    boxes = data.draw(st.lists(st.sampled_from(floor), max_size=5, unique=True))
    square = data.draw(st.sampled_from(floor))
    box_at = board.box_at(np.array(boxes, dtype=np.int64))
    flags = np.zeros(len(plan.targets), dtype=np.bool_)
    packed, needed = _plain_packed(plan, set(boxes))
    assert phase_packed(tables, box_at, flags) == packed
    assert {k for k in range(len(plan.targets)) if not flags[k]} == needed
    first_needed = min(needed, default=len(plan.targets))
    end = next((plan.first[p + 1] for p in range(plan.phases)
                if plan.first[p] <= first_needed < plan.first[p + 1]), 0)
    if any(plan.targets[k] == square and k not in needed for k in range(end)):
        expected = 0
    else:
        expected = min((int(tables.goal_distances[k, square]) for k in needed), default=0)
    assert phase_goal_distance(tables, flags, square) == expected


def test_the_search_by_the_phase_plan_solves():
    assert_solves_puzzles(replace(FEATURES_PHASES, phases=0.5))
