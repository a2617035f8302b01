"""Rooms and the links between them, a feature of FESS (Shoham and Schaeffer): how many
of the board's links from room to room a position's boxes block.

A *room* is a group of open 2x2 blocks joined side by side (a lone block is too
small to count); every other floor square is a corridor, and so is a square where
two blocks meet only at a corner. Two rooms are *linked* where the player can walk
from one to the other through corridors only. A link stays whole while every part
of each of its rooms that the boxes leave free still reaches the other room; a
room full of boxes keeps none. A position's *blocked links* are the links of the
empty board that it does not keep, as Festival counts them (``rooms.cpp``). The
rooms advisor (:mod:`sokosolve.kernels.advisors`) proposes the push that leaves
fewer of them.

>>> from sokosolve.analysis.board import Board
>>> from sokosolve.level import parse_level
>>> board = Board.from_level(parse_level(
...     "#########\\n#  # .  #\\n#@ $ $. #\\n#  #    #\\n#########"))
>>> rooms = room_table(board.walls, board.width, board.offsets)
>>> int(rooms.count[0])  # the two halves; the door between them is a corridor
2
>>> occupied = board.walls.copy()
>>> occupied[board.boxes] = 1  # the box stands in the door
>>> int(blocked_links(rooms, occupied, board.offsets))
1
"""

from __future__ import annotations

import numba
import numpy as np

from .feature_space import label_areas
from .jit import borrowing
from .layout import Rooms

#: The room of a corridor square.
CORRIDOR = -1


def _no_rooms() -> Rooms:
    empty = np.zeros(0, dtype=np.uint8)
    return Rooms(np.zeros(0, dtype=np.int32), np.zeros(1, dtype=np.int64),
                 np.zeros((0, 0), dtype=np.uint8), np.zeros((0, 0), dtype=np.uint8), empty,
                 empty, np.zeros(0, dtype=np.int64), np.zeros(1, dtype=np.int64),
                 np.zeros(0, dtype=np.int64))


#: The table of a search that counts no blocked links.
NO_ROOMS = _no_rooms()


@numba.njit(cache=True)
def mark_rooms(walls: np.ndarray, width: int) -> np.ndarray:
    """The room of each square (int32, numbered from 0 in reading order of their
    blocks), or :data:`CORRIDOR`, on a board padded by walls."""
    n = walls.size
    block = np.zeros(n, dtype=np.uint8)  # the open 2x2 block whose top left is here
    for s in range(n - width - 1):
        block[s] = (walls[s] == 0 and walls[s + 1] == 0 and walls[s + width] == 0
                    and walls[s + width + 1] == 0)
    lone = np.zeros(n, dtype=np.uint8)
    for s in range(width + 1, n - width - 1):
        lone[s] = block[s] and not (block[s - 1] or block[s + 1] or block[s - width]
                                    or block[s + width])
    for s in range(n):
        if lone[s]:
            block[s] = 0
    group = np.zeros(n, dtype=np.int32)  # the blocks' groups, joined side by side, from 1
    label_areas(1 - block, width, group, 1, np.empty(2 * n + 4, dtype=np.int64))
    room_of = np.full(n, CORRIDOR, dtype=np.int32)
    for s in range(n):
        if block[s]:
            room = group[s] - 1
            room_of[s] = room_of[s + 1] = room_of[s + width] = room_of[s + width + 1] = room
    for s in range(n - 2 * width - 2):  # two blocks meeting at a corner: it joins neither
        if (block[s] == block[s + width + 1] and block[s + width] == block[s + 1]
                and block[s] != block[s + width]):
            room_of[s + width + 1] = CORRIDOR
    return room_of


def room_table(walls: np.ndarray, width: int, offsets: np.ndarray) -> Rooms:
    """The rooms of a board and the links of its empty board (``offsets``: the four
    steps, as the board's)."""
    room_of = mark_rooms(walls, width)
    count = int(room_of.max()) + 1
    n = walls.size
    rooms = Rooms(room_of, np.array([count], dtype=np.int64),
                  np.zeros((count, count), dtype=np.uint8),
                  np.zeros((count, count), dtype=np.uint8), np.zeros(count, dtype=np.uint8),
                  np.zeros(count, dtype=np.uint8), np.zeros(n, dtype=np.int64),
                  np.zeros(1, dtype=np.int64), np.empty(n, dtype=np.int64))
    link_rooms(rooms, walls, offsets)
    rooms.base[:, :] = rooms.links
    return rooms


@borrowing
def link_rooms(rooms: Rooms, occupied: np.ndarray, offsets: np.ndarray) -> None:
    """Sets ``rooms.links`` to the links that the position (``occupied``: walls and
    boxes) keeps: a fill from each free part of a room, through that room and the
    corridors, meets the rooms it is linked to."""
    room_of, count, links = rooms.room_of, rooms.count[0], rooms.links
    seen, kept, marks, stack = rooms.seen, rooms.kept, rooms.marks, rooms.stack
    links[:, :] = 1
    kept[:] = 0
    before = rooms.stamp[0]  # a room square marked after this was filled by now
    stamp = before
    for s in range(room_of.size):
        room = room_of[s]
        if room < 0 or occupied[s] or marks[s] > before:
            continue
        kept[room] = 1
        stamp += 1
        seen[:] = 0
        marks[s] = stamp
        top = 0
        stack[0] = s
        while top >= 0:
            t = stack[top]
            top -= 1
            for o in offsets:
                u = t + o
                other = room_of[u]
                if other >= 0 and other != room:
                    seen[other] = 1
                    continue
                if marks[u] == stamp or (other >= 0 and marks[u] > before) or occupied[u]:
                    continue
                marks[u] = stamp
                top += 1
                stack[top] = u
        for k in range(count):
            if not seen[k]:
                links[room, k] = links[k, room] = 0
    for room in range(count):
        links[room, room] = 0
        if not kept[room]:
            links[room, :] = 0
            links[:, room] = 0
    rooms.stamp[0] = stamp


@borrowing
def blocked_links(rooms: Rooms, occupied: np.ndarray, offsets: np.ndarray) -> int:
    """The links of the empty board that the position (``occupied``: walls and boxes)
    does not keep; 0 on a board of fewer than two rooms."""
    count = rooms.count[0]
    if count < 2:
        return 0
    link_rooms(rooms, occupied, offsets)
    blocked = 0
    for a in range(count):
        for b in range(a + 1, count):
            blocked += rooms.base[a, b] - rooms.links[a, b]
    return blocked
