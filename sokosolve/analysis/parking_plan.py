"""The parking plan: a packing plan read off the backward search with bases, as FESS does.

The search (:mod:`sokosolve.kernels.base_search`) pulls the boxes from the
goals and takes each away at a box's start square. Read forwards, its pulls
are the plan: a list of steps, each a box going from one square to another,
in order. A box's consecutive pulls make one step; a box that the search
pulled part of the way, left while it pulled others, then pulled on, makes
two: the square it waits on between them is a *parking square*, and the first
step's ``until`` is the step that moves it on. Boxes the search did not take
away stand where it left them from the start of the plan (``source == -1``),
first those that never move.

The plan's *packed* count of a position (the feature search's packing
feature, :func:`~sokosolve.kernels.feature_space.parked_packed`) is the longest
prefix of steps the position agrees with: each step's box is on its target,
unless the box has moved on by a later step of the prefix.

>>> from sokosolve.level import parse_level
>>> from sokosolve.analysis.board import Board
>>> board = Board.from_level(parse_level(
...     "########\\n#@     #\\n# $$   #\\n#  ..  #\\n########"))
>>> steps = parking_plan(board, 1.0)
>>> [(board.to_level_square(s.source), board.to_level_square(s.target), s.until)
...  for s in steps]
[(18, 28, -1), (19, 27, -1)]
"""

from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np

from ..kernels.base_search import base_search
from ..kernels.layout import Plan
from ..kernels.table import zobrist_keys
from .board import Board
from .positions import region_seeds

#: The most nodes the backward search stores (each holds its boxes: 4 bytes a box).
MAX_NODES = 400_000

_FROM_START = -1  # a step's source: the box is on its square from the start of the plan


class PlanStep(NamedTuple):
    """A box going from ``source`` to ``target`` (``source`` -1: a box that is on
    ``target`` from the start of the plan); ``until`` is the later step that moves it on
    (-1: none, it stays)."""

    source: int
    target: int
    until: int


def parking_plan(board: Board, seconds: float, max_nodes: int = MAX_NODES) -> list[PlanStep]:
    """The plan read off a backward search with bases of at most ``seconds`` on ``board``;
    empty if the search did not dissolve the level (every box taken away, or left on a
    start square)."""
    backward = board.reversed()  # goals: the start squares; dead: no pull reaches one
    box_keys, player_keys = zobrist_keys(board.walls.size)
    base_keys = zobrist_keys(board.walls.size, seed=20261203)[0]
    pulls, left, dissolved = base_search(
        board.walls, backward.dead_squares, board.boxes, backward.goal_distances,
        board.offsets, board.width, board.goals, region_seeds(backward), box_keys,
        player_keys, base_keys, max_nodes, time.perf_counter() + seconds,
    )
    if not dissolved:
        return []
    return plan_steps(pulls, left, board.offsets, set(board.goals.tolist()))


def plan_steps(pulls: np.ndarray, left: np.ndarray, offsets: np.ndarray,
               goals: set[int]) -> list[PlanStep]:
    """The forward steps of the pulls of :func:`~sokosolve.kernels.base_search.base_search`
    that left the boxes ``left``: each pull turned round, the last first, the moves of a box
    one after another joined into one step, a move back to where it came from dropped, and
    stops off the goals on the way from the start not kept (:func:`_through_stops`).
    """
    moves: list[list[int]] = []  # [source, target]
    for pull in reversed(pulls.tolist()):
        pull &= ~(1 << 30)  # taken away or not, the box is pushed back the same way
        square, direction = pull >> 2, pull & 3
        source, target = square + int(offsets[direction]), square
        if moves and moves[-1][1] == source:  # the same box goes on
            moves[-1][1] = target
            if moves[-1][0] == target:  # and back where it was
                moves.pop()
        else:
            moves.append([source, target])
    moves = _through_stops(moves, goals)
    start = sorted(int(s) for s in left)
    targets = start + [target for _, target in moves]
    sources = [_FROM_START] * len(start) + [source for source, _ in moves]
    until = moved_on(sources, targets)
    # the boxes that never move first
    order = sorted(range(len(start)), key=lambda i: until[i] != -1) + list(
        range(len(start), len(targets)))
    position = {old: new for new, old in enumerate(order)}
    return [PlanStep(sources[i], targets[i], position.get(until[i], -1)) for i in order]


def moved_on(sources: list[int], targets: list[int]) -> list[int]:
    """Per step of a plan (``sources[i]`` to ``targets[i]``), the next step that moves its
    box on: the first later one from its target; -1 if none."""
    return [next((j for j in range(i + 1, len(targets)) if sources[j] == target), -1)
            for i, target in enumerate(targets)]


def _through_stops(moves: list[list[int]], goals: set[int]) -> list[list[int]]:
    """``moves`` where a box that stops off the goals, not having been on a goal, goes on
    at once to where it goes next, if no move in between uses the square it comes from.

    The backward search switches between boxes as its order likes, so such stops
    are rarely needed: the parking squares worth keeping are those of boxes taken
    off a goal, to let others by.
    """
    moves = [list(m) for m in moves]
    i = 0
    while i < len(moves):
        source, target = moves[i]
        later = next((j for j in range(i + 1, len(moves)) if moves[j][0] == target), -1)
        if (source not in goals and target not in goals and later >= 0
                and all(source not in moves[k] for k in range(i + 1, later))):
            moves[later][0] = source
            del moves[i]
            if moves[later - 1][0] == moves[later - 1][1]:  # back where it started
                del moves[later - 1]
            continue
        i += 1
    return moves


def imagined_boards(steps: list[PlanStep], start: np.ndarray, squares: int) -> np.ndarray:
    """Per prefix length ``p`` of the plan (0 to all its steps), the board the plan
    imagines next: its boxes just before the first step from ``p`` on that puts a box
    where it stays, parked boxes included (after the last one, the goals), as a mask
    ``[p, square]``. ``start`` are the level's start squares."""
    boxes = {int(s) for s in start}
    layouts = []  # the boxes before each step
    for step in steps:
        layouts.append(set(boxes))
        if step.source != _FROM_START:
            boxes.discard(step.source)
            boxes.add(step.target)
    layouts.append(boxes)
    boards = np.zeros((len(steps) + 1, squares), dtype=np.uint8)
    upcoming = len(steps)  # the next final placement from p on
    for p in range(len(steps), -1, -1):
        if p < len(steps) and steps[p].source != _FROM_START and steps[p].until == -1:
            upcoming = p
        boards[p, sorted(layouts[upcoming])] = 1
    return boards


def parking_tables(steps: list[PlanStep], start: np.ndarray, squares: int) -> Plan:
    """The plan as flat arrays for the search kernel: the steps' targets in ``goals``,
    their ``until``, in ``initial`` how many boxes are on their squares from the start,
    and the :func:`imagined_boards`."""
    return Plan(np.array([s.target for s in steps], dtype=np.int32),
                until=np.array([s.until for s in steps], dtype=np.int32),
                initial=sum(s.source == _FROM_START for s in steps),
                imagined=imagined_boards(steps, start, squares))
