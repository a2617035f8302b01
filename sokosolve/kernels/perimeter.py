"""The perimeter: states that backward searches reached, with their pulls from the goals,
kept for every search of the level to meet.

A backward search pulls boxes off the goals; each state it stores is one from
which the goals are reached, in as many pushes as the pulls that led to it.
Its searches publish their states here as they go, and a forward search that
reaches a key of the perimeter has solved the level: from that state it
follows the depths down, one straight line of pushes at a time, to the goals
(:func:`descend`). The backward state's parent is always among those lines (a
pull undone is a push), so every step goes down, and the forward search needs
nothing of the backward search but keys and depths. That lets searches in
other processes meet it (the racers of one level, as Festival's threads meet
one another's perimeter), and searches that come later in the same process
meet one that has ended.

The perimeter has a segment for each process, which only that process
writes; keys go in before the slots that point at them, so a reader that
sees a slot too early misses a state and never mistakes one. A segment that
is full takes no more states. Its slots hold an entry plus one, so that
memory the system hands out zeroed is an empty perimeter: what no search
publishes to is never touched.

>>> perimeter = perimeter_store(segments=1, capacity=4)
>>> keys, depths = np.array([7, 9], dtype=np.uint64), np.array([0, 3], dtype=np.int32)
>>> int(publish(perimeter, keys, depths, 0, 2))
2
>>> int(depth_of(perimeter, 0, np.uint64(9))), int(depth_of(perimeter, 0, np.uint64(8)))
(3, -1)
"""

from __future__ import annotations

import mmap
from typing import Any, NamedTuple

import numba
import numpy as np

from .patterns import Buffer
from .reach import scanline_fill
from .table import table_find

#: The most states a segment holds.
CAPACITY = 1 << 22


class Perimeter(NamedTuple):
    """Backward states by segment: ``keys[s, i]`` and ``depths[s, i]`` (pulls from the
    goals) of entry ``i`` of segment ``s``; ``slots[s]`` its hash slots, by open
    addressing over twice as many slots as entries, each an entry plus one or 0 for
    none; ``counts[s]`` its entries; this process writes segment ``own``."""

    keys: np.ndarray
    depths: np.ndarray
    slots: np.ndarray
    counts: np.ndarray
    own: int


def perimeter_store(segments: int = 1, capacity: int = CAPACITY, own: int = 0) -> Perimeter:
    """An empty perimeter in this process's memory."""
    return Perimeter(np.zeros((segments, capacity), dtype=np.uint64),
                     np.zeros((segments, capacity), dtype=np.int32),
                     np.zeros((segments, 2 * capacity), dtype=np.int32),
                     np.zeros(segments, dtype=np.int64), own)


def shared_buffers(context: Any, segments: int, capacity: int = CAPACITY) -> tuple[Buffer, ...]:
    """An empty perimeter of ``segments`` segments, for the processes that the
    multiprocessing ``context`` starts to share; :func:`shared_perimeter` reads it.

    Forked processes share anonymous memory, which the system zeroes a page at a time
    as it is first written: a perimeter costs what is published to it. Elsewhere the
    buffers are the context's raw arrays, zeroed in full at once.
    """
    sizes = (8 * segments * capacity, 4 * segments * capacity, 8 * segments * capacity,
             8 * segments)
    if context.get_start_method() == "fork":
        return tuple(mmap.mmap(-1, size) for size in sizes)
    return tuple(context.RawArray("b", size) for size in sizes)


def shared_perimeter(keys: Buffer, depths: Buffer, slots: Buffer, counts: Buffer,
                     own: int) -> Perimeter:
    """The perimeter of :func:`shared_buffers`, of which this process writes segment
    ``own``."""
    counted = np.frombuffer(counts, dtype=np.int64)
    segments = counted.size
    return Perimeter(np.frombuffer(keys, dtype=np.uint64).reshape(segments, -1),
                     np.frombuffer(depths, dtype=np.int32).reshape(segments, -1),
                     np.frombuffer(slots, dtype=np.int32).reshape(segments, -1), counted, own)


@numba.njit(cache=True)
def _slot(slots: np.ndarray, keys: np.ndarray, key: np.uint64) -> int:
    """The slot holding ``key``, or the empty slot where it would go, as ``-(slot + 1)``:
    :func:`~sokosolve.kernels.table.table_find` with 0 for an empty slot, so that zeroed
    memory is an empty segment."""
    mask = slots.size - 1
    i = np.int64(key & np.uint64(mask))
    while True:
        entry = slots[i]
        if entry == 0:
            return -(i + 1)
        if keys[entry - 1] == key:
            return i
        i = (i + 1) & mask


@numba.njit(cache=True)
def publish(perimeter: Perimeter, node_keys: np.ndarray, node_depths: np.ndarray,
            first: int, last: int) -> int:
    """Adds the states ``first..last-1`` of a backward search's table to the own segment,
    keeping the fewer pulls of a state already there; returns ``last``."""
    own = perimeter.own
    keys, depths, slots = perimeter.keys[own], perimeter.depths[own], perimeter.slots[own]
    count = perimeter.counts[own]
    for node in range(first, last):
        slot = _slot(slots, keys, node_keys[node])
        if slot >= 0:
            entry = slots[slot] - 1
            depths[entry] = min(depths[entry], node_depths[node])
            continue
        if count == keys.size:
            break
        keys[count] = node_keys[node]
        depths[count] = node_depths[node]
        count += 1
        slots[-(slot + 1)] = count
    perimeter.counts[own] = count
    return last


@numba.njit(cache=True)
def depth_of(perimeter: Perimeter, segment: int, key: np.uint64) -> int:
    """The pulls from the goals of the state ``key`` in ``segment``, or -1 if it is not
    there."""
    slots = perimeter.slots[segment]
    slot = _slot(slots, perimeter.keys[segment], key)
    return perimeter.depths[segment, slots[slot] - 1] if slot >= 0 else -1


@numba.njit(cache=True)
def first_on_perimeter(perimeter: Perimeter, node_keys: np.ndarray, first: int,
                       last: int) -> tuple[int, int]:
    """The first of a forward search's states ``first..last-1`` on the perimeter, as
    ``(node, segment)``; ``(-1, -1)`` if none is."""
    for node in range(first, last):
        for segment in range(perimeter.counts.size):
            if perimeter.counts[segment] and depth_of(perimeter, segment,
                                                      node_keys[node]) >= 0:
                return node, segment
    return -1, -1


@numba.njit(cache=True)
def first_reached(perimeter: Perimeter, seen: np.ndarray, node_keys: np.ndarray,
                  node_slots: np.ndarray) -> tuple[int, int]:
    """The first state added to the perimeter since ``seen`` (entries by segment, brought up
    to date) that a forward search's table holds, as ``(node, segment)``; ``(-1, -1)`` if
    none is."""
    for segment in range(perimeter.counts.size):
        count = perimeter.counts[segment]
        for entry in range(seen[segment], count):
            slot = table_find(node_slots, node_keys, perimeter.keys[segment, entry])
            if slot >= 0:
                seen[segment] = entry + 1
                return node_slots[slot], segment
        seen[segment] = count
    return -1, -1


@numba.njit(cache=True)
def descend(perimeter: Perimeter, segment: int, walls: np.ndarray, width: int,
            offsets: np.ndarray, goal_mask: np.ndarray, box_keys: np.ndarray,
            player_keys: np.ndarray, boxes: np.ndarray, player: int,
            pushes: np.ndarray) -> tuple[bool, np.ndarray]:
    """``(found, the single pushes)`` (``box_square * 4 + direction``) that solve the
    position reached by ``pushes`` from ``boxes`` and ``player``, read off the depths of
    ``segment``; not found if the position is not on it, or if the depths lead nowhere (a
    segment being written)."""
    n = walls.size
    occupied = walls.copy()
    for box in boxes:
        occupied[box] = 1
    for push in pushes:
        square, direction = push >> 2, push & 3
        occupied[square] = 0
        occupied[square + offsets[direction]] = 1
        player = square
    box_squares = np.flatnonzero(occupied - walls).astype(np.int64)
    marks = np.zeros(n, dtype=np.int64)
    child_marks = np.zeros(n, dtype=np.int64)  # the fills after a push: ``marks`` stays
    stack = np.empty(2 * n + 4, dtype=np.int64)
    stamp = 1
    key = np.uint64(0)
    for box in box_squares:
        key ^= box_keys[box]
    depth = depth_of(perimeter, segment, key ^ player_keys[
        scanline_fill(occupied, width, player, marks, stamp, stack)])
    found = np.empty(16, dtype=np.int32)
    size = 0
    if depth < 0:
        return False, found[:0]
    while True:
        on_goals = 0
        for box in box_squares:
            on_goals += goal_mask[box]
        if on_goals == box_squares.size:
            return True, found[:size]
        stamp += 1
        scanline_fill(occupied, width, player, marks, stamp, stack)
        reached = stamp
        # The line down to the fewest pushes to the goals, then the fewest pulls left: the
        # pushes a breadth-first backward search gives are then the fewest there are.
        best, best_box, best_direction, best_steps = depth, -1, -1, 0
        for i in range(box_squares.size):
            box = box_squares[i]
            for direction in range(4):
                step = offsets[direction]
                if marks[box - step] != reached:
                    continue
                occupied[box] = 0
                to = box
                for steps in range(1, n):
                    if occupied[to + step]:
                        break
                    to += step
                    occupied[to] = 1
                    stamp += 1
                    canonical = scanline_fill(occupied, width, to - step, child_marks, stamp,
                                              stack)
                    occupied[to] = 0
                    below = depth_of(perimeter, segment, key ^ box_keys[box] ^ box_keys[to]
                                     ^ player_keys[canonical])
                    if 0 <= below < depth and (best_box < 0 or (steps + below, below) < (
                            best_steps + best, best)):
                        best, best_box, best_direction, best_steps = below, i, direction, steps
                occupied[box] = 1
        if best_box < 0:
            return False, found[:0]
        box = box_squares[best_box]
        step = offsets[best_direction]
        if size + best_steps > found.size:
            found = np.concatenate((found, np.empty(found.size + best_steps, dtype=np.int32)))
        for k in range(best_steps):
            found[size] = (box + k * step) * 4 + best_direction
            size += 1
        to = box + best_steps * step
        occupied[box] = 0
        occupied[to] = 1
        key ^= box_keys[box] ^ box_keys[to]
        box_squares[best_box] = to
        player = to - step
        depth = best
