"""Diagonal deadlocks: boxes fencing a diagonal chain of squares the player never enters,
proved dead by a small search of those boxes alone.

An empty square whose four neighbours are walls or boxes, with the player not on
it, is *sealed*: the player never gets in while those boxes stand, so none of
them can be pushed away from it, only into it. Sealed squares one step apart
on a diagonal share two of those neighbours, and a chain of them is fenced by
two diagonal lines of boxes and walls (Festival's diagonal deadlock,
``diags.cpp``); a box of the lines can only go into the chain or past its ends.
The freeze test misses such a chain, as every box of it could move if the
player got to its other side, and so does the corral test, whose search gives
up as soon as a push lets the player into the chain.

:func:`chain_boxes` gathers the boxes around the chain beside a pushed box (the
squares next to its squares, diagonals included, so that boxes closing its ends
count too); the search hands them alone to the deadlock proof
(:func:`sokosolve.kernels.learning.examine`). Taking the other boxes off only
frees squares, so a chain proved dead is a dead position, and its boxes become
a pattern the search prunes by from then on.

>>> import numpy as np
>>> rows = ["#######",
...         "#@    #",
...         "#  $  #",
...         "# $ $ #",
...         "#  $  #",
...         "#######"]
>>> occupied = np.array([c in "#$" for row in rows for c in row], dtype=np.uint8)
>>> box_at = np.array([0 if c == "$" else -1 for row in rows for c in row], dtype=np.int32)
>>> marks = np.zeros(occupied.size, dtype=np.int64)
>>> offsets = np.array([-1, -7, 1, 7], dtype=np.int64)
>>> work = diagonal_workspace(occupied.size)
>>> count = chain_boxes(occupied, box_at, marks, 1, offsets, 7, 17, work)
>>> sorted(int(s) for s in work[1][:count])  # the four boxes around the middle square
[17, 23, 25, 31]
"""

from __future__ import annotations

import numba
import numpy as np

from .jit import borrowing
from .patterns import MAX_PATTERN_BOXES

#: The most sealed squares a chain may have; a longer one is not proved.
MAX_CHAIN = 32


@numba.njit(cache=True)
def diagonal_workspace(n: int) -> tuple:
    """Work arrays of :func:`chain_boxes` on a board of ``n`` squares: the chain's squares
    and the boxes around it."""
    return (np.empty(min(n, MAX_CHAIN), dtype=np.int64),
            np.empty(MAX_PATTERN_BOXES, dtype=np.int32))


@borrowing
def sealed(occupied: np.ndarray, marks: np.ndarray, stamp: int, offsets: np.ndarray,
           square: int) -> bool:
    """Whether ``square`` is empty, off the player's region (``marks == stamp``), and walled
    in by walls and boxes on its four sides."""
    if occupied[square] or marks[square] == stamp:
        return False
    for o in offsets:
        if not occupied[square + o]:
            return False
    return True


@borrowing
def _listed(squares: np.ndarray, count: int, square: int) -> bool:
    for j in range(count):
        if squares[j] == square:
            return True
    return False


@borrowing
def chain_boxes(occupied: np.ndarray, box_at: np.ndarray, marks: np.ndarray, stamp: int,
                offsets: np.ndarray, width: int, square: int, work: tuple) -> int:
    """The boxes around the chains of sealed squares beside the box on ``square``, put first
    in ``work[1]``: their count, or 0 if there is no sealed square beside it or the chains
    are too long or have more boxes around them than a proof takes."""
    chain, boxes = work
    found = 0
    for o in offsets:
        s = square + o
        if sealed(occupied, marks, stamp, offsets, s):
            chain[found] = s
            found += 1
    if found == 0:
        return 0
    k = 0
    while k < found:  # the chain goes on through the diagonal neighbours
        s = chain[k]
        k += 1
        for up in (-width, width):
            for side in (-1, 1):
                t = s + up + side
                if sealed(occupied, marks, stamp, offsets, t) and not _listed(chain, found, t):
                    if found == chain.size:
                        return 0
                    chain[found] = t
                    found += 1
    count = 0
    for k in range(found):
        s = chain[k]
        for up in (-width, 0, width):
            for side in (-1, 0, 1):
                t = s + up + side
                if box_at[t] >= 0 and not _listed(boxes, count, t):
                    if count == boxes.size:
                        return 0
                    boxes[count] = t
                    count += 1
    return count
