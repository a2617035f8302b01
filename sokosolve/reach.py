"""Player reachability: the scanline seed fill and the canonical player square.

The fill marks the player's region with a *stamp* instead of clearing a mask
on every call: ``marks[s] == stamp`` means square ``s`` was reached by the
call made with that stamp. It returns the smallest reachable square, the
top-left-most one, which stands for the whole region in a state key.

>>> from sokosolve.level import parse_level
>>> from sokosolve.board import Board
>>> board = Board.from_level(parse_level("#####\\n#@$.#\\n#####"))
>>> mask, canonical = reachable(board, board.boxes, board.player)
>>> int(mask.sum()), canonical == board.player
(1, True)
"""

from __future__ import annotations

import numba
import numpy as np

from .board import Board


@numba.njit(cache=True)
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


def reachable(board: Board, boxes: np.ndarray, player: int) -> tuple[np.ndarray, int]:
    """The player's region as a bool mask over the padded board, and its canonical square."""
    n = board.walls.size
    occupied = board.walls.copy()
    occupied[np.asarray(boxes, dtype=np.int64)] = 1
    marks = np.zeros(n, dtype=np.int32)
    stack = np.empty(2 * n + 4, dtype=np.int64)
    canonical = scanline_fill(occupied, board.width, player, marks, 1, stack)
    return marks == 1, int(canonical)


def region_seeds(board: Board) -> np.ndarray:
    """The canonical square of each region the player could be in, boxes on ``board.boxes``."""
    occupied = board.walls.copy()
    occupied[board.boxes] = 1
    marks = np.zeros(occupied.size, dtype=np.int32)
    stack = np.empty(2 * occupied.size + 4, dtype=np.int64)
    seeds = []
    for square in np.flatnonzero(occupied == 0):
        if not marks[square]:
            seeds.append(scanline_fill(occupied, board.width, int(square), marks, 1, stack))
    return np.array(seeds, dtype=np.int64)
