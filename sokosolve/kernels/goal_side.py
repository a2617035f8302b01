"""The goal-side check: goals that no order of filling can reach last, with the boxes frozen
on goals as walls, must be filled already.

Solve the level backward from its end: every goal boxed, the boxes frozen
on goals now (:mod:`sokosolve.kernels.frozen_goals`) as walls, the player in
one of the areas the boxes leave. Pull each box that the player can pull one
square and take it off the board, as it is free from then on (taking it off
only frees squares), until no box can be pulled. The boxes left are *stuck*:
in a solution that ends with the player in that area, played backward, none
of them ever moves, so each must stand on its goal already. A position
where, for every area the player could end in, some stuck goal is empty is
dead: the classic mistake of filling a goal room in an order that walls in
its last goals, found at once.

The stuck goals depend only on the frozen set, so they are worked out once
per set, beside its distance table, as a bitset over the goals per area;
levels with more than 64 goals, or an end with more than :data:`MAX_AREAS`
areas, are not checked.
"""

from __future__ import annotations

import numba
import numpy as np

from .reach import scanline_fill

#: The most areas of the end position that the check keeps; beyond them it is skipped.
MAX_AREAS = 16


@numba.njit(cache=True)
def goal_numbers(goal_mask: np.ndarray) -> np.ndarray:
    """Each goal's number (its bit in the masks below) per square; -1 off the goals."""
    numbers = np.full(goal_mask.size, -1, dtype=np.int32)
    k = 0
    for s in range(goal_mask.size):
        if goal_mask[s]:
            numbers[s] = k
            k += 1
    return numbers


@numba.njit(cache=True)
def stuck_goals(
    walls: np.ndarray, goal_mask: np.ndarray, offsets: np.ndarray, width: int,
    frozen: np.ndarray, count: int, numbers: np.ndarray, masks: np.ndarray,
) -> int:
    """Writes into ``masks`` the stuck goals of each area of the end position, the first
    ``count`` squares of ``frozen`` as walls; returns the number of areas, or -1 if the
    check does not apply (too many goals or areas)."""
    n = walls.size
    goals = np.flatnonzero(goal_mask)
    if goals.size > 64:
        return -1
    occupied = walls.copy()
    for k in range(count):
        occupied[frozen[k]] = 1
    ends = occupied.copy()  # the end position: a box on every goal
    for g in goals:
        ends[g] = 1
    marks = np.zeros(n, dtype=np.int32)
    zone_marks = np.zeros(n, dtype=np.int32)
    stack = np.empty(2 * n + 4, dtype=np.int64)
    boxed = np.zeros(n, dtype=np.uint8)
    areas = 0
    stamp = 0
    for start in range(n):
        if ends[start] or zone_marks[start]:
            continue
        if areas == MAX_AREAS:
            return -1
        scanline_fill(ends, width, start, zone_marks, 1, stack)
        board = ends.copy()
        for g in goals:
            boxed[g] = not occupied[g]  # the frozen ones are walls
        stamp += 1
        scanline_fill(board, width, start, marks, stamp, stack)
        pulled = True
        while pulled:
            pulled = False
            for g in goals:
                if not boxed[g]:
                    continue
                for d in range(4):
                    at = g + offsets[d]  # the player there steps back, pulling the box
                    if marks[at] == stamp and not board[at + offsets[d]]:
                        boxed[g] = 0
                        board[g] = 0
                        pulled = True
                        break
                if pulled:
                    stamp += 1
                    scanline_fill(board, width, start, marks, stamp, stack)
                    break
        mask = np.uint64(0)
        for g in goals:
            if boxed[g]:
                mask |= np.uint64(1) << np.uint64(numbers[g])
        masks[areas] = mask
        areas += 1
    return areas


@numba.njit(cache=True)
def goal_side_dead(masks: np.ndarray, areas: int, numbers: np.ndarray,
                   box_squares: np.ndarray) -> bool:
    """Whether, for every area of the end, some stuck goal of ``masks`` has no box of
    ``box_squares`` on it."""
    if areas <= 0:
        return False
    boxed = np.uint64(0)
    for b in box_squares:
        if numbers[b] >= 0:
            boxed |= np.uint64(1) << np.uint64(numbers[b])
    for z in range(areas):
        if masks[z] & ~boxed == 0:
            return False
    return True
