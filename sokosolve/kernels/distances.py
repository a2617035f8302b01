"""Distances that do not depend on the boxes: pushes of a lone box, the player's steps, the
unreachable mark."""

from __future__ import annotations

import numba
import numpy as np

#: A distance meaning "never": a box on that square cannot reach that goal.
UNREACHABLE = np.int32(1 << 20)


@numba.njit(cache=True)
def _spread(
    walls: np.ndarray, sources: np.ndarray, offsets: np.ndarray, ahead: int, behind: int
) -> np.ndarray:
    """Breadth-first steps from each source to every square: a square ``t`` reaches
    ``t + ahead * o`` when neither that square nor ``t + behind * o``, where the player
    stands, is a wall (:data:`UNREACHABLE` where nothing reaches)."""
    n = walls.size
    distances = np.full((sources.size, n), UNREACHABLE, dtype=np.int32)
    queue = np.empty(n, dtype=np.int64)
    for k in range(sources.size):
        distances[k, sources[k]] = 0
        queue[0] = sources[k]
        head, tail = 0, 1
        while head < tail:
            t = queue[head]
            head += 1
            for o in offsets:
                s, player = t + ahead * o, t + behind * o
                if walls[s] or walls[player] or distances[k, s] != UNREACHABLE:
                    continue
                distances[k, s] = distances[k, t] + 1
                queue[tail] = s
                tail += 1
    return distances


@numba.njit(cache=True)
def box_distances(
    walls: np.ndarray, sources: np.ndarray, offsets: np.ndarray, pushing: bool
) -> np.ndarray:
    """Moves from every square to each source (``pushing=False``) or from each source to
    every square (``pushing=True``), a box alone on the board.

    Pushes to a goal are found by pulling a box back from it: a box reaches
    ``t`` from ``t - o`` when the player can stand at ``t - 2o``. Pushing out
    from the start squares gives the pulls back to them, for the backward search.
    """
    if pushing:
        return _spread(walls, sources, offsets, 1, -1)
    return _spread(walls, sources, offsets, -1, -2)


@numba.njit(cache=True)
def walk_distances(walls: np.ndarray, sources: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """The player's steps from each source to every square, no box on the board
    (:data:`UNREACHABLE` where it cannot walk).

    >>> walls = np.array([1, 0, 0, 0, 1, 0, 1], dtype=np.uint8)
    >>> walk_distances(walls, np.array([1], dtype=np.int32), np.array([-1, 1])).tolist()[0][:4]
    [1048576, 0, 1, 2]
    """
    return _spread(walls, sources, offsets, 1, 1)  # the player stands on the square it reaches


def cap_unreachable(distances: np.ndarray) -> np.ndarray:
    """``distances`` with every :data:`UNREACHABLE` made one more than the largest other
    distance, in place: a steer that ranks squares, where "never" is just the worst.

    >>> cap_unreachable(np.array([[0, UNREACHABLE], [3, 1]], dtype=np.int32)).tolist()
    [[0, 4], [3, 1]]
    """
    unreachable = distances == UNREACHABLE
    distances[unreachable] = distances[~unreachable].max(initial=0) + 1
    return distances
