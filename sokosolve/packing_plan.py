"""The packing plan: an order to fill the goals in, for the feature-space search.

Boxes on goals are not all progress: a box parked on the goal at a room's
door blocks the goals behind it. The plan is worked out before the search
by taking the solved position apart, as in FESS and JSoko: with every goal
boxed and the player outside, a box that can be pulled off its goal and out
to a square that some box from the start can be pushed to (failing that,
just off the goals) is the one that went in last; take it away and repeat.
Read backwards, that is an order to fill the goals in.

The goals fall into *areas* (goals that touch, diagonals included), and the
plan's *packed* count of a position is, summed over the areas, how many of
an area's goals are boxed from the first of its order on without a gap. It
replaces the count of boxes on goals as the search's packing feature. An
area with a box on a goal at the start is not planned: each of its goals is
an area of its own (Microban IV-57, whose boxes start packed around the
player, took 14.6 s with boxes on goals and over 60 s with its plan).

>>> from sokosolve.level import parse_level
>>> from sokosolve.board import Board
>>> board = Board.from_level(parse_level(
...     "########\\n#@ $$  #\\n#   ####\\n#   ..#\\n#######"))
>>> [[board.to_level_square(g) for g in area] for area in packing_plan(board)]
[[29, 28]]
"""

from __future__ import annotations

from collections import deque

import numba
import numpy as np

from .board import Board
from .packing import region

#: Pull positions tried per box and step of the plan; past that the box counts as stuck.
MAX_PULL_STATES = 2_000


def _fed(free: set[int], starts: set[int], offsets: list[int]) -> set[int]:
    """The squares that a box from ``starts`` can be pushed to over ``free``, each box alone
    and the player free to walk anywhere."""
    seen = set(starts)
    queue = deque(starts)
    while queue:
        t = queue.popleft()
        for o in offsets:
            if t + o in free and t - o in free and t + o not in seen:
                seen.add(t + o)
                queue.append(t + o)
    return seen


def _pulls_out(
    box: int, floor: set[int], filled: set[int], exits: set[int], outside: set[int],
    offsets: list[int],
) -> int | None:
    """The fewest pulls that take ``box`` to one of ``exits``, the player starting
    ``outside`` and getting back there, with ``filled`` boxed; None if there are none
    (within :data:`MAX_PULL_STATES`)."""
    free = floor - filled
    seeds = outside & free
    reach: set[int] = set()
    for seed in seeds:
        if seed not in reach and seed != box:
            reach |= region(free - {box}, offsets, seed)
    frontier = deque([(box, reach, 0)])
    seen = {(box, min(reach))} if reach else set()
    while frontier and len(seen) < MAX_PULL_STATES:
        square, reach, pulls = frontier.popleft()
        for o in offsets:
            player, behind = square + o, square + 2 * o
            if player not in reach or behind not in free:
                continue
            after = region(free - {player}, offsets, behind)
            if player in exits and after & seeds:
                return pulls + 1
            state = (player, min(after))
            if state not in seen:
                seen.add(state)
                frontier.append((player, after, pulls + 1))
    return None


def packing_plan(board: Board) -> list[list[int]]:
    """The goal areas of ``board``, each as its goals in the order the plan fills them;
    areas in the order of their first goal square."""
    offsets = [int(o) for o in board.offsets]
    floor = set(np.flatnonzero(board.walls == 0).tolist())
    goals = set(board.goals.tolist())
    starts = {int(b) for b in board.boxes} - goals
    outside = starts | ({int(board.player)} - goals)
    filled = set(goals)
    removed: list[int] = []
    while filled:
        # Best, a box comes out to where a box from the start can be pushed with the
        # other goals boxed; failing that, off the goals at all. If none does, the rest
        # are taken in square order, a plan of no use for them.
        best = None
        fed = _fed(floor - filled, starts, offsets) - goals
        for exits in (fed, floor - goals):
            for box in sorted(filled):
                pulls = _pulls_out(box, floor, filled - {box}, exits, outside, offsets)
                if pulls is not None and (best is None or pulls < best[0]):
                    best = (pulls, box)
            if best:
                break
        box = best[1] if best else min(filled)
        filled.remove(box)
        removed.append(box)
    fill_order = removed[::-1]
    width = board.width
    around = [-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1]
    area_of: dict[int, int] = {}  # goal -> its area's first goal
    for goal in sorted(goals):
        if goal not in area_of:
            for g in region(goals, around, goal):
                area_of[g] = goal
    # An area that starts with boxes on its goals is unpacked as well as packed, which a
    # plan made by taking it apart cannot see: each of its goals counts on its own.
    start_boxed = {area_of[b] for b in board.boxes.tolist() if b in area_of}
    for g in goals:
        if area_of[g] in start_boxed:
            area_of[g] = g
    areas: dict[int, list[int]] = {}
    for goal in fill_order:
        areas.setdefault(area_of[goal], []).append(goal)
    return [areas[first] for first in sorted(areas)]


def plan_tables(areas: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """The plan as flat int32 arrays for the search kernel: ``(goals, first)``, the goals
    of every area in fill order, and where each area starts (one entry more than areas)."""
    first = np.cumsum([0] + [len(a) for a in areas]).astype(np.int32)
    goals = np.array([g for a in areas for g in a], dtype=np.int32)
    return goals, first


@numba.njit(cache=True)
def plan_packed(goals: np.ndarray, first: np.ndarray, box_at: np.ndarray) -> int:
    """How many goals are boxed in the plan's order, counted per area up to its first gap."""
    packed = 0
    for area in range(first.size - 1):
        for k in range(first[area], first[area + 1]):
            if box_at[goals[k]] < 0:
                break
            packed += 1
    return packed
