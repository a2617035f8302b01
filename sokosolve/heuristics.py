"""Lower bounds on the pushes still needed: each box must travel to its own goal.

``matching_bound`` is the minimum-cost perfect matching of boxes to goals by
push distance (Hungarian method), admissible and the bound the optimal search
uses. ``UNREACHABLE`` as the answer means no matching exists: some boxes can
no longer all reach distinct goals, a dead state.
"""

from __future__ import annotations

import numba
import numpy as np

from .board import UNREACHABLE


@numba.njit(cache=True)
def matching_workspace(boxes: int) -> np.ndarray:
    """Scratch space for :func:`matching_bound`, allocated once per search."""
    return np.zeros((6, boxes + 1), dtype=np.int64)


@numba.njit(cache=True)
def matching_bound(
    goal_distances: np.ndarray, box_squares: np.ndarray, work: np.ndarray
) -> int:
    """The least total push distance over all ways to give each box its own goal."""
    n = box_squares.size
    big = np.int64(UNREACHABLE)
    u, v, owner, way, minv, used = work[0], work[1], work[2], work[3], work[4], work[5]
    u[:] = 0
    v[:] = 0
    owner[:] = 0  # owner[goal] = box, both 1-based
    for box in range(1, n + 1):
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
    total = -v[0]
    return int(UNREACHABLE) if total >= big else int(total)
