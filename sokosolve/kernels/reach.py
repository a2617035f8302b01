"""Player reachability: the scanline seed fill and the canonical player square.

The fill marks the player's region with a *stamp* instead of clearing a mask
on every call: ``marks[s] == stamp`` means square ``s`` was reached by the
call made with that stamp. It returns the smallest reachable square, the
top-left-most one, which stands for the whole region in a state key.

>>> from sokosolve.level import parse_level
>>> from sokosolve.analysis.board import Board
>>> from sokosolve.analysis.positions import reachable
>>> board = Board.from_level(parse_level("#####\\n#@$.#\\n#####"))
>>> mask, canonical = reachable(board, board.boxes, board.player)
>>> int(mask.sum()), canonical == board.player
(1, True)
"""

from __future__ import annotations

import numba
import numpy as np

from .jit import borrowing


@borrowing
def scanline_fill(
    occupied: np.ndarray,
    width: int,
    start: int,
    marks: np.ndarray,
    stamp: int,
    stack: np.ndarray,
) -> int:
    """Marks every square the player reaches from ``start``; returns the smallest.

    A square is free where ``occupied`` (walls and boxes) is 0. From each seed
    the fill takes the whole free run left and right, then pushes one seed per
    free run of the rows above and below onto ``stack`` (no recursion).
    """
    canonical = start
    top = 0
    stack[top] = start
    top += 1
    while top > 0:
        top -= 1
        seed = stack[top]
        if marks[seed] == stamp:
            continue
        left = seed
        while not occupied[left - 1]:
            left -= 1
        right = seed
        while not occupied[right + 1]:
            right += 1
        if left < canonical:
            canonical = left
        for s in range(left, right + 1):
            marks[s] = stamp
        for row_step in (-width, width):
            in_run = False
            for s in range(left + row_step, right + row_step + 1):
                free = not occupied[s] and marks[s] != stamp
                if free and not in_run:
                    stack[top] = s
                    top += 1
                in_run = free
    return canonical


@numba.njit(cache=True)
def stays_connected(marks: np.ndarray, stamp: int, width: int, square: int, extra: int) -> bool:
    """Whether the region ``marks == stamp`` plus ``extra`` stays connected without ``square``.

    A local test: the region's neighbours of ``square`` must be joined around
    the ring of its eight neighbours. False can be wrong (they may meet
    further away); True never is.
    """
    orthogonal = (-1, -width, 1, width)
    diagonal = (-width - 1, -width + 1, width + 1, width - 1)  # between k and k + 1
    inside = joins = 0
    for k in range(4):
        s = square + orthogonal[k]
        if marks[s] == stamp or s == extra:
            inside += 1
            t, corner = square + orthogonal[(k + 1) & 3], square + diagonal[k]
            if (marks[t] == stamp or t == extra) and (marks[corner] == stamp or corner == extra):
                joins += 1
    return joins == 4 or inside - joins <= 1


@numba.njit(cache=True)
def moved_box_canonical(
    occupied: np.ndarray, width: int, marks: np.ndarray, stamp: int, canonical: int,
    vacated: int, filled: int,
) -> int:
    """The canonical square after one box moves from ``vacated`` to ``filled``, or -1 if unsure.

    ``marks == stamp`` is the region before the move, ``canonical`` its
    smallest square, ``occupied`` the board after it; the player stands on
    ``vacated`` (a push) or on a square of the region next to ``filled`` (a
    pull). Most moves change the region only where the box was and went, and
    this answers those without a fill: -1 asks the caller for
    :func:`scanline_fill`.
    """
    touches = False  # the vacated square joins the region
    for step in (-1, -width, 1, width):
        s = vacated + step
        if occupied[s]:
            continue
        if marks[s] != stamp:
            return -1  # it would join another area to the region
        touches = True
    if marks[filled] == stamp and (filled == canonical or not stays_connected(
        marks, stamp, width, filled, vacated if touches else -1
    )):
        return -1
    return min(canonical, vacated) if touches else canonical


@borrowing
def next_stamp(stamps: np.ndarray, which: int, marks: np.ndarray) -> int:
    """A fresh stamp ``stamps[which]`` for ``marks``, clearing ``marks`` when the stamps
    would overflow int32."""
    stamps[which] += 1
    if stamps[which] >= (1 << 30):
        marks[:] = 0
        stamps[which] = 1
    return stamps[which]
