"""Lower bounds on the pushes still needed: each box must travel to its own goal.

``matching_bound`` is the minimum-cost perfect matching of boxes to goals by
push distance (Hungarian method), admissible and the bound the optimal search
uses. The distance table is indexed by whatever stands for a box: its square
(``board.goal_distances``) or, in the search, its node, the square and the
side the player is on (:mod:`sokosolve.kernels.push_sides`). ``UNREACHABLE`` as the
answer means no matching exists: some boxes can no longer all reach distinct
goals, a dead state.
"""

from __future__ import annotations

import numba
import numpy as np

from .distances import UNREACHABLE
from .jit import borrowing


@numba.njit(cache=True)
def matching_workspace(boxes: int) -> np.ndarray:
    """Scratch space for :func:`matching_bound`, allocated once per search."""
    return np.zeros((6, boxes + 1), dtype=np.int64)


@borrowing
def _augment(
    goal_distances: np.ndarray, box_squares: np.ndarray, work: np.ndarray, box: int
) -> None:
    """Gives ``box`` (1-based) a goal along a shortest augmenting path (one Hungarian step).

    Keeps the potentials ``u`` (boxes) and ``v`` (goals) feasible and tight on
    the matching ``owner`` (goal -> box); a goal is free where its owner is 0.
    """
    n = box_squares.size
    big = np.int64(UNREACHABLE)
    u, v, owner, way, minv, used = work[0], work[1], work[2], work[3], work[4], work[5]
    owner[0] = box
    g0 = 0
    minv[:] = big * 4
    used[:] = 0
    while True:
        used[g0] = 1
        b0 = owner[g0]
        delta = big * 4
        g1 = 0
        for g in range(1, n + 1):
            if not used[g]:
                cost = goal_distances[g - 1, box_squares[b0 - 1]] - u[b0] - v[g]
                if cost < minv[g]:
                    minv[g] = cost
                    way[g] = g0
                if minv[g] < delta:
                    delta = minv[g]
                    g1 = g
        for g in range(n + 1):
            if used[g]:
                u[owner[g]] += delta
                v[g] -= delta
            else:
                minv[g] -= delta
        g0 = g1
        if owner[g0] == 0:
            break
    while True:
        g1 = way[g0]
        owner[g0] = owner[g1]
        g0 = g1
        if g0 == 0:
            break


@borrowing
def _matched_cost(goal_distances: np.ndarray, box_squares: np.ndarray, owner: np.ndarray) -> int:
    total = 0
    for g in range(1, box_squares.size + 1):
        total += goal_distances[g - 1, box_squares[owner[g] - 1]]
    return int(UNREACHABLE) if total >= UNREACHABLE else total


@numba.njit(cache=True)
def matching_bound(
    goal_distances: np.ndarray, box_squares: np.ndarray, work: np.ndarray
) -> int:
    """The least total push distance over all ways to give each box its own goal.

    Leaves the matching and its potentials in ``work`` for
    :func:`matching_after_move`.
    """
    work[:3] = 0
    for box in range(1, box_squares.size + 1):
        _augment(goal_distances, box_squares, work, box)
    return _matched_cost(goal_distances, box_squares, work[2])


@borrowing
def matching_after_move(
    goal_distances: np.ndarray, box_squares: np.ndarray, box: int, before: np.ndarray,
    work: np.ndarray,
) -> int:
    """:func:`matching_bound` after box number ``box`` moved, from the matching ``before`` it.

    Only the moved box loses its goal; its potential is lowered until every
    edge of it is feasible again, and one augmenting path matches it anew:
    O(boxes**2) instead of O(boxes**3), with the same, optimal, answer.
    """
    for kind in range(3):  # element by element: a slice copy would allocate
        for k in range(work.shape[1]):
            work[kind, k] = before[kind, k]
    u, v, owner = work[0], work[1], work[2]
    n = box_squares.size
    row = box + 1
    lowest = np.int64(UNREACHABLE) * 4
    for g in range(1, n + 1):
        if owner[g] == row:
            owner[g] = 0
        lowest = min(lowest, goal_distances[g - 1, box_squares[box]] - v[g])
    u[row] = lowest
    _augment(goal_distances, box_squares, work, row)
    return _matched_cost(goal_distances, box_squares, owner)
