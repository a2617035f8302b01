"""The parking plan: the backward search with bases makes only legal pulls, the plan read
off it replays into the solved position, and the kernel's packed count equals a plain
version."""

import time
from collections import Counter
from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sokosolve.analysis.board import Board
from sokosolve.analysis.parking_plan import (
    PlanStep,
    imagined_boards,
    parking_plan,
    parking_tables,
)
from sokosolve.analysis.positions import reachable, region_seeds
from sokosolve.io.files import load_levels
from sokosolve.kernels.base_search import base_search
from sokosolve.kernels.feature_space import parked_packed
from sokosolve.kernels.table import zobrist_keys
from sokosolve.search.presets import FEATURES

from .conftest import PLANNED_PUZZLES, assert_solves_puzzles, shared
from .reference import small_levels

_TAKEN = 1 << 30


def _search(board: Board, max_nodes: int = 20_000):
    backward = board.reversed()
    box_keys, player_keys = zobrist_keys(board.walls.size)
    base_keys = zobrist_keys(board.walls.size, seed=7)[0]
    return base_search(board.walls, backward.dead_squares, board.boxes,
                       backward.goal_distances, board.offsets, board.width, board.goals,
                       region_seeds(backward), box_keys, player_keys, base_keys, max_nodes,
                       time.perf_counter() + 10)


def _pulls_are_legal(board: Board, pulls, left) -> bool:
    """Replays the pulls from the solved position: the player reaches the square the box
    comes to (from some start region, then from where the last pull left it), the square
    it steps back to is free, and a box is taken away only on a base no box was taken
    away at; at the end the boxes left are ``left``."""
    boxes = set(board.goals.tolist())
    bases = set(board.boxes.tolist())
    used: set[int] = set()
    players = [int(s) for s in region_seeds(board.reversed())]
    for pull in pulls.tolist():
        square, direction = (pull & ~_TAKEN) >> 2, pull & 3
        to = square + int(board.offsets[direction])
        back = to + int(board.offsets[direction])
        if square not in boxes or to in boxes or board.walls[to]:
            return False
        box_array = np.array(sorted(boxes), dtype=np.int64)
        players = [p for p in players if reachable(board, box_array, p)[0][to]]
        if not players or back in boxes or board.walls[back]:
            return False
        boxes.remove(square)
        if pull & _TAKEN:
            if to not in bases or to in used:
                return False
            used.add(to)
        else:
            boxes.add(to)
        players = [back]
    return boxes == set(left.tolist())


def _replays(board: Board, steps: list[PlanStep]) -> bool:
    """The steps move boxes from the start squares onto the goals: each from a square with
    a box, the first ones' boxes on their squares, and at the end a box on each goal and
    none elsewhere. (A box may be sent over a start square whose box has not left yet:
    the backward search no longer sees boxes it took away.)"""
    boxes = Counter(board.boxes.tolist())
    for step in steps:
        if step.source == -1:
            if boxes[step.target] < 1:
                return False
            continue
        if boxes[step.source] < 1:
            return False
        boxes[step.source] -= 1
        boxes[step.target] += 1
    return +boxes == Counter(board.goals.tolist())


def _until_is_the_next_move(steps: list[PlanStep]) -> bool:
    for i, step in enumerate(steps):
        later = [j for j in range(i + 1, len(steps)) if steps[j].source == step.target]
        if step.until != (later[0] if later else -1):
            return False
    return True


def _imagined_first(board: Board, steps: list[PlanStep]) -> set[int]:
    """The boxes just before the plan's first step that puts a box where it stays."""
    boxes = set(board.boxes.tolist())
    for step in steps:
        if step.source != -1 and step.until == -1:
            return boxes
        if step.source != -1:
            boxes = (boxes - {step.source}) | {step.target}
    return boxes


def _plain_packed(steps: list[PlanStep], boxes: set[int]) -> int:
    """The plan's packed count, by its definition: the longest prefix of steps whose boxes
    are on their targets or moved on within the prefix; then, of the first steps (boxes
    there from the start), those missing before they move on are taken off. If a box that
    never moves is missing, the count is how many of those are there."""
    initial = [s for s in steps if s.source == -1]
    staying = [s for s in initial if s.until == -1]
    if any(s.target not in boxes for s in staying):
        return sum(s.target in boxes for s in staying)
    best = len(initial)
    for length in range(len(steps), len(initial) - 1, -1):
        if all(steps[i].target in boxes or 0 <= steps[i].until < length
               for i in range(len(initial), length)):
            best = length
            break
    return best - sum(s.target not in boxes and s.until >= best for s in initial)


@settings(max_examples=200, deadline=None)
@given(small_levels(max_boxes=4))
def test_the_backward_search_pulls_legally_and_the_plan_replays(level):
    board = Board.from_level(level)
    pulls, left, dissolved = _search(board)
    assert _pulls_are_legal(board, pulls, left)
    if dissolved and board.boxes.size:  # (a box off the floor is no box)
        steps = parking_plan(board, 10.0)
        assert steps
        assert _replays(board, steps)
        assert _until_is_the_next_move(steps)
        # a plan of the first steps is the start, the whole plan the goals
        packed = parked_packed(parking_tables(steps, board.boxes, board.walls.size),
                               board.box_at(board.goals))
        assert packed == len(steps)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_kernels_packed_count_equals_the_plain_one(data):
    level = data.draw(small_levels(max_boxes=4))
    board = Board.from_level(level)
    steps = parking_plan(board, 10.0)
    if not steps:
        return
    floor = [int(s) for s in np.flatnonzero(board.walls == 0)]
    boxes = data.draw(st.sets(st.sampled_from(floor), max_size=len(board.boxes)))
    box_at = board.box_at(np.array(sorted(boxes), dtype=np.int64))
    tables = parking_tables(steps, board.boxes, board.walls.size)
    assert parked_packed(tables, box_at) == _plain_packed(steps, boxes)


def test_the_plan_is_read_off_the_shared_levels():
    """Each Microban I level's plan, when the search dissolves it, replays into the goals."""
    levels = load_levels(shared("microban/microban1_155.txt"))
    dissolved = parked = 0
    for level in levels:
        board = Board.from_level(level)
        steps = parking_plan(board, 2.0)
        if steps:
            dissolved += 1
            parked += any(step.until >= 0 and step.source >= 0 for step in steps)
            assert _replays(board, steps), level.title
            assert _until_is_the_next_move(steps)
            boards = imagined_boards(steps, board.boxes, board.walls.size)
            assert set(np.flatnonzero(boards[-1]).tolist()) == set(board.goals.tolist())
            assert set(np.flatnonzero(boards[0]).tolist()) == _imagined_first(board, steps)
    assert dissolved >= 140
    assert parked > 0  # some plans park a box on the way

def test_the_feature_search_with_the_parking_plan_solves():
    """The feature search that follows a parking plan solves the shipped puzzles, and its
    solutions replay."""
    assert_solves_puzzles(replace(FEATURES, parking=0.2), PLANNED_PUZZLES[:3])
