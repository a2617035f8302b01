"""Goal rooms and their packing order: macros that take a box from a room's entrance to a goal.

A *goal room* is an area that holds goals but no box and not the player, and
that the rest of the board reaches only through one square, its *entrance*,
with a single neighbour in the room. Its goals are filled in an order worked
out before the search by taking the full room apart: the goal whose box can
come in last, with every other goal of the room filled, is filled last, and
so on. Each step of that order has a push path from the entrance to its
goal, found with the earlier goals filled and the player kept inside the
room, so it holds whatever stands outside. The forward greedy and feature
searches then push a box that reaches the entrance straight on to the next
goal in one move.

That commits the search, so it is used where completeness is not needed: a
search whose "unsolvable" rests on the macros runs again without them.

>>> from sokosolve.level import parse_level
>>> from sokosolve.analysis.board import Board
>>> board = Board.from_level(parse_level(
...     "#######\\n#     #\\n#@$ $ #\\n#     #\\n####.##\\n   #.#\\n   ###"))
>>> [room] = goal_rooms(board)
>>> [board.to_level_square(g) for g in room.order]  # the far goal first
[39, 32]
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from ..kernels.layout import Macros
from .board import Board


@dataclass(frozen=True)
class GoalRoom:
    """A goal room, its packing order and the push path that fills each goal in turn."""

    entrance: int
    inward: int  # the direction from the entrance into the room
    squares: frozenset[int]
    order: tuple[int, ...]  # goals in the order they are filled
    paths: tuple[tuple[int, ...], ...]  # pushes (square * 4 + direction) from the entrance
    players: tuple[int, ...]  # where the player stands after each path


def _areas_without(floor: set[int], offsets: list[int], cut: int) -> list[frozenset[int]]:
    """The connected floor areas next to ``cut`` once ``cut`` is taken away."""
    areas: list[frozenset[int]] = []
    rest = floor - {cut}
    for o in offsets:
        start = cut + o
        if start in rest and not any(start in a for a in areas):
            areas.append(region(rest, offsets, start))
    return areas


def region(open_squares: set[int], offsets: list[int], start: int) -> frozenset[int]:
    """The squares of ``open_squares`` that ``start`` connects to (a plain flood fill, for
    the analyses done once before a search)."""
    seen, queue = {start}, deque([start])
    while queue:
        s = queue.popleft()
        for o in offsets:
            t = s + o
            if t in open_squares and t not in seen:
                seen.add(t)
                queue.append(t)
    return frozenset(seen)


def _push_path(
    room: frozenset[int], entrance: int, behind: int, goal: int, filled: set[int],
    offsets: list[int],
) -> tuple[tuple[int, ...], int] | None:
    """The fewest pushes taking a box from ``entrance`` to ``goal`` with ``filled`` boxed,
    the player starting on ``behind`` and staying on the room, the entrance and
    ``behind``; the player must be able to walk back out after the last push."""
    space = (set(room) | {entrance, behind}) - filled
    start = (entrance, min(region(space - {entrance}, offsets, behind)))
    parents: dict[tuple[int, int], tuple[tuple[int, int], int, int] | None] = {start: None}
    queue = deque([(start, behind)])
    while queue:
        (box, key), player = queue.popleft()
        reach = region(space - {box}, offsets, player)
        if box == goal and entrance in reach:
            pushes, state = [], (box, key)
            while parents[state] is not None:
                state, push, _ = parents[state]
                pushes.append(push)
            return tuple(reversed(pushes)), player
        for d, o in enumerate(offsets):
            if box - o in reach and box + o in space and box + o in room:
                after = box + o
                state = (after, min(region(space - {after}, offsets, box)))
                if state not in parents:
                    parents[state] = ((box, key), box * 4 + d, box)
                    queue.append((state, box))
    return None


def _packing(
    room: frozenset[int], entrance: int, inward: int, goals: set[int], offsets: list[int]
) -> GoalRoom | None:
    behind = entrance - offsets[inward]
    order, paths, players = [], [], []
    filled = set(goals)
    while filled:
        for goal in sorted(filled):
            found = _push_path(room, entrance, behind, goal, filled - {goal}, offsets)
            if found is not None:
                break
        else:
            return None  # no goal can be filled last: no packing order by this method
        filled.remove(goal)
        order.append(goal)
        paths.append(found[0])
        players.append(found[1])
    order.reverse()
    paths.reverse()
    players.reverse()
    return GoalRoom(entrance, inward, room, tuple(order), tuple(paths), tuple(players))


def goal_rooms(board: Board) -> list[GoalRoom]:
    """The goal rooms of ``board`` with a packing order, largest first, disjoint."""
    floor = board.walls == 0
    floor_squares = set(np.flatnonzero(floor).tolist())
    offsets = [int(o) for o in board.offsets]
    boxes = set(board.boxes.tolist())
    goals = set(board.goals.tolist())
    candidates = []
    width = board.width
    ring = [-width - 1, -width, -width + 1, 1, width + 1, width, width - 1, -1]
    for entrance in np.flatnonzero(floor).tolist():
        # A square whose floor neighbours meet around it cuts nothing off: skip it.
        around = [bool(floor[entrance + o]) for o in ring]
        runs = sum(around[k] and not around[k - 1] for k in range(8))
        if runs <= 1:
            continue
        for area in _areas_without(floor_squares, offsets, entrance):
            inside = [d for d, o in enumerate(offsets) if entrance + o in area]
            if (len(inside) != 1 or not area & goals or area & boxes or board.player in area
                    or not floor[entrance - offsets[inside[0]]] or len(area) > 64):
                continue
            candidates.append((len(area), entrance, inside[0], area))
    rooms: list[GoalRoom] = []
    taken: set[int] = set()
    for _, entrance, inward, area in sorted(candidates, reverse=True):
        if area & taken or entrance in taken:
            continue
        room = _packing(area, entrance, inward, area & goals, offsets)
        if room is not None:
            rooms.append(room)
            taken |= area | {entrance}
    return rooms


def macro_tables(rooms: list[GoalRoom], squares: int) -> Macros:
    """The rooms as flat int32 arrays for the search kernel: the room whose
    entrance a square is (-1 for none); per room its inward direction, its
    first macro and its squares; per macro (the k-th goal of a room's order)
    its goal, the player's square after it and its pushes.
    """
    entrance_room = np.full(squares, -1, dtype=np.int32)
    inward, room_first, room_squares, square_first = [], [0], [], [0]
    goals, players, path_first, pushes = [], [], [0], []
    for r, room in enumerate(rooms):
        entrance_room[room.entrance] = r
        inward.append(room.inward)
        room_squares.extend(sorted(room.squares))
        square_first.append(len(room_squares))
        for goal, player, path in zip(room.order, room.players, room.paths, strict=True):
            goals.append(goal)
            players.append(player)
            pushes.extend(path)
            path_first.append(len(pushes))
        room_first.append(len(goals))
    return Macros(*(np.array(a, dtype=np.int32) for a in (
        entrance_room, inward, room_first, room_squares, square_first, goals, players,
        path_first, pushes,
    )))
