"""Player walks that count bends: the general form of the link games' "two bends" search.

The search runs over (square, heading) states, breadth first by steps. Among
the walks of fewest steps it keeps, for each state, the one with the fewest
turns, so the walk it returns is the shortest and, among the shortest, the
one with the fewest straight player lines.

>>> import numpy as np
>>> walls = np.array([1,1,1,1,1, 1,0,0,0,1, 1,0,0,0,1, 1,1,1,1,1], dtype=np.uint8)
>>> free = np.full(20, -1, dtype=np.int32)
>>> offsets = np.array([-1, -5, 1, 5])
>>> walk_letters(fewest_turns_walk(walls, free, offsets, 6, NO_HEADING, 13, 3))
'rrd'
"""

from __future__ import annotations

import numba
import numpy as np

#: The heading of a player who has not moved yet: the first step is no turn.
NO_HEADING = 4
_UNSEEN = -1


@numba.njit(cache=True)
def fewest_turns_walk(
    walls: np.ndarray, box_at: np.ndarray, offsets: np.ndarray,
    start: int, heading: int, goal: int, final_heading: int,
) -> np.ndarray:
    """Directions of the shortest walk from ``start`` to ``goal`` with the fewest turns.

    ``heading`` is the way the player faces at ``start`` (``NO_HEADING`` if any)
    and ``final_heading`` the way it must face after arriving, e.g. the
    direction of the push that follows; turning into it counts as a turn.
    Returns an empty array if ``start == goal`` and ``[-1]`` if there is no walk.
    """
    if start == goal:
        return np.empty(0, dtype=np.int64)
    n = walls.size
    layer_of = np.full(5 * n, _UNSEEN, dtype=np.int64)
    turns = np.zeros(5 * n, dtype=np.int64)
    came_from = np.full(5 * n, _UNSEEN, dtype=np.int64)
    current = np.empty(4 * n + 1, dtype=np.int64)
    following = np.empty(4 * n + 1, dtype=np.int64)
    begin = start * 5 + heading
    layer_of[begin] = 0
    current[0] = begin
    size = 1
    layer = 0
    while size > 0:
        next_size = 0
        for k in range(size):
            state = current[k]
            square, facing = state // 5, state % 5
            for d in range(4):
                to = square + offsets[d]
                if walls[to] or box_at[to] >= 0:
                    continue
                cost = turns[state] + (1 if facing != NO_HEADING and facing != d else 0)
                nxt = to * 5 + d
                if layer_of[nxt] == _UNSEEN:
                    layer_of[nxt] = layer + 1
                    turns[nxt] = cost
                    came_from[nxt] = state
                    following[next_size] = nxt
                    next_size += 1
                elif layer_of[nxt] == layer + 1 and cost < turns[nxt]:
                    turns[nxt] = cost
                    came_from[nxt] = state
        layer += 1
        best = -1
        for d in range(4):
            state = goal * 5 + d
            if layer_of[state] == layer:
                cost = turns[state] + (
                    1 if final_heading != NO_HEADING and final_heading != d else 0
                )
                if best < 0 or cost < turns[best] + (
                    1 if final_heading != NO_HEADING and final_heading != best % 5 else 0
                ):
                    best = state
        if best >= 0:
            walk = np.empty(layer, dtype=np.int64)
            state = best
            for i in range(layer - 1, -1, -1):
                walk[i] = state % 5
                state = came_from[state]
            return walk
        current, following = following, current
        size = next_size
    return np.full(1, -1, dtype=np.int64)


def walk_letters(walk: np.ndarray) -> str:
    """A walk as lowercase LURD letters."""
    return "".join("lurd"[d] for d in walk)
