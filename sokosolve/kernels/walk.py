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


@numba.njit(cache=True)
def _fewest_bends(
    free: np.ndarray, offsets: np.ndarray, start: int, end: int, max_bends: int,
) -> np.ndarray:
    """Squares where a least-bend path from ``start`` to ``end`` turns, or ``[-1]`` if none.

    Runs a 0-1 breadth-first search over (square, heading): going straight on
    costs nothing, a turn costs one bend. ``start`` and ``end`` need not be free.
    """
    n = free.size
    bends = np.full(4 * n, max_bends + 1, dtype=np.int64)
    came_from = np.full(4 * n, -1, dtype=np.int64)
    layer = np.empty(4 * n * 4, dtype=np.int64)
    following = np.empty(4 * n * 4, dtype=np.int64)
    size = 0
    for d in range(4):
        bends[start * 4 + d] = 0
        layer[size] = start * 4 + d
        size += 1
    best = -1
    for cost in range(max_bends + 1):
        next_size = 0
        k = 0
        while k < size:
            state = layer[k]
            k += 1
            if bends[state] != cost:
                continue
            square, heading = state // 4, state % 4
            if square == end:
                best = state
                break
            to = square + offsets[heading]
            if 0 <= to < n and (free[to] or to == end):
                ahead = to * 4 + heading
                if bends[ahead] > cost:
                    bends[ahead] = cost
                    came_from[ahead] = state
                    layer[size] = ahead
                    size += 1
            if square == start:
                continue
            for d in range(4):
                turned = square * 4 + d
                if d != heading and bends[turned] > cost + 1:
                    bends[turned] = cost + 1
                    came_from[turned] = state
                    following[next_size] = turned
                    next_size += 1
        if best >= 0:
            break
        layer, following = following, layer
        size = next_size
    if best < 0:
        return np.full(1, -1, dtype=np.int64)
    corners = np.empty(max_bends + 1, dtype=np.int64)
    count = 0
    state = best
    while came_from[state] >= 0:
        previous = came_from[state]
        if previous // 4 == state // 4:
            corners[count] = state // 4
            count += 1
        state = previous
    return corners[:count][::-1].copy()


def link(
    blocked: np.ndarray, start: tuple[int, int], end: tuple[int, int], max_bends: int = 2,
    outside: bool = False,
) -> list[tuple[int, int]] | None:
    """The corners of a path with at most ``max_bends`` bends linking two cells, or None.

    ``blocked`` is a 2-D bool grid; the path runs over unblocked cells between
    ``start`` and ``end`` (which may themselves be blocked, like two tiles of a
    link game). With ``outside`` the path may also use a ring of free cells
    around the grid, as the link games allow. Corners are (row, col) cells of
    the grid; with ``outside`` they may lie on the ring, at row or col -1 or
    one past the last. A straight link has no corners.

    >>> grid = np.array([[1, 1, 1], [0, 0, 0]], dtype=bool)
    >>> link(grid, (0, 0), (0, 2))
    [(1, 0), (1, 2)]
    >>> link(grid, (0, 0), (0, 2), max_bends=1) is None
    True
    >>> grid[1, 1] = True
    >>> link(grid, (0, 0), (0, 2)) is None
    True
    >>> link(grid, (0, 0), (0, 2), outside=True)
    [(-1, 0), (-1, 2)]
    """
    rows, cols = blocked.shape
    ring = 1 if outside else 0
    width = cols + 2 * ring + 2  # one more guard column so a row's end never wraps
    free = np.zeros((rows + 2 * ring + 2, width), dtype=np.uint8)
    free[1 : rows + 2 * ring + 1, 1 : cols + 2 * ring + 1] = 1 if outside else 0
    free[1 + ring : rows + ring + 1, 1 + ring : cols + ring + 1] = ~blocked
    offsets = np.array([-1, -width, 1, width], dtype=np.int64)

    def flat(cell: tuple[int, int]) -> int:
        return (cell[0] + ring + 1) * width + cell[1] + ring + 1

    corners = _fewest_bends(free.ravel(), offsets, flat(start), flat(end), max_bends)
    if corners.size and corners[0] < 0:
        return None
    return [(int(s) // width - ring - 1, int(s) % width - ring - 1) for s in corners]
