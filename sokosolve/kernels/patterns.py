"""Learned deadlock patterns: box squares that, with the player in a region, no solution
gets past; stored as a search learns them (:mod:`sokosolve.kernels.learning`) and matched
against the positions it takes up.

A pattern is a set of box squares ``S`` and the player's region ``R`` on the
board that has only those boxes. It is learned when the position ``(S, R)``
is proved dead. A position whose boxes include ``S`` and whose player stands
in ``R`` is dead too: a solution of it would move the boxes of ``S`` onto
goals, and the same pushes, on a board without the other boxes, would solve
``(S, R)`` (taking boxes away only frees squares). Forward the patterns are
of pushes, backward of pulls: a search keeps the store of its direction.

>>> import numpy as np
>>> store = pattern_store(64)
>>> region = np.zeros(64, dtype=np.int32)
>>> region[[9, 10]] = 1
>>> add_pattern(store, np.array([20, 21], dtype=np.int32), region, 1)
True
>>> box_at = np.full(64, -1, dtype=np.int32)
>>> box_at[[20, 21, 30]] = 0, 1, 2
>>> int(matching_pattern(store, box_at, 10)), int(matching_pattern(store, box_at, 11))
(0, -1)
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from .layout import Patterns

Buffer = Any  # a buffer that numpy.frombuffer reads, such as a multiprocessing RawArray

#: The most patterns a store keeps; later ones are not learned.
MAX_PATTERNS = 512
#: The most boxes of a pattern.
MAX_PATTERN_BOXES = 12


@numba.njit(cache=True)
def pattern_store(squares: int) -> Patterns:
    """An empty store of one segment for a board of ``squares`` squares."""
    return Patterns(
        np.full((MAX_PATTERNS, MAX_PATTERN_BOXES), -1, dtype=np.int32),
        np.zeros((MAX_PATTERNS, region_words(squares)), dtype=np.uint64),
        np.zeros(1, dtype=np.int64),
        0,
    )


@numba.njit(cache=True)
def region_words(squares: int) -> int:
    """The 64-bit words of a pattern's region on a board of ``squares`` squares."""
    return (squares + 63) // 64


def shared_buffers(context: Any, squares: int, segments: int) -> tuple[Buffer, Buffer, Buffer]:
    """``(boxes, regions, count)``: an empty store of ``segments`` segments for a board of
    ``squares`` squares, in raw arrays of the multiprocessing ``context`` that the
    processes it starts share; :func:`shared_store` reads it."""
    rows = segments * MAX_PATTERNS
    boxes = context.RawArray("i", rows * MAX_PATTERN_BOXES)
    np.frombuffer(boxes, dtype=np.int32)[:] = -1
    return (boxes, context.RawArray("Q", rows * region_words(squares)),
            context.RawArray("q", segments))


def shared_store(boxes: Buffer, regions: Buffer, count: Buffer, own: int) -> Patterns:
    """The store of :func:`shared_buffers` that several processes share (the racers of
    one level), a segment each: this process adds to segment ``own`` and matches against
    every one.

    A pattern's squares and region are written before the count that makes it
    visible, so another process never matches half a pattern.
    """
    counts = np.frombuffer(count, dtype=np.int64)
    rows = counts.size * MAX_PATTERNS
    return Patterns(np.frombuffer(boxes, dtype=np.int32).reshape(rows, MAX_PATTERN_BOXES),
                    np.frombuffer(regions, dtype=np.uint64).reshape(rows, -1), counts, own)


@numba.njit(cache=True)
def add_pattern(patterns: Patterns, boxes: np.ndarray, marks: np.ndarray, stamp: int) -> bool:
    """Stores the pattern of box squares ``boxes`` and the region ``marks == stamp``;
    ``False`` if the store is full or ``boxes`` too many."""
    own = patterns.own
    p = patterns.count[own]
    if p == MAX_PATTERNS or boxes.size > MAX_PATTERN_BOXES:
        return False
    row = own * MAX_PATTERNS + p
    patterns.boxes[row, :boxes.size] = boxes
    patterns.boxes[row, boxes.size:] = -1
    region = patterns.regions[row]
    region[:] = 0
    for s in range(marks.size):
        if marks[s] == stamp:
            region[s >> 6] |= np.uint64(1) << np.uint64(s & 63)
    patterns.count[own] = p + 1  # last: the pattern is whole when others see it
    return True


@numba.njit(cache=True)
def matching_pattern(patterns: Patterns, box_at: np.ndarray, player: int) -> int:
    """The row of the first pattern, in any segment, whose boxes are all on the board
    (``box_at[s] >= 0``) and whose region holds ``player``; -1 if none does."""
    boxes, regions = patterns.boxes, patterns.regions
    word, bit = player >> 6, np.uint64(1) << np.uint64(player & 63)
    for segment in range(patterns.count.size):
        first = segment * MAX_PATTERNS
        for p in range(first, first + patterns.count[segment]):
            if not regions[p, word] & bit:
                continue
            present = True
            for j in range(MAX_PATTERN_BOXES):
                s = boxes[p, j]
                if s < 0:
                    break
                if box_at[s] < 0:
                    present = False
                    break
            if present:
                return p
    return -1
