"""The player's sides around a box: the biconnected blocks of the free squares.

With a box on ``s``, two free neighbours of ``s`` stay joined for the player when
some path links them around ``s``, that is when the two edges from ``s`` to them
lie on one cycle: in one biconnected block of the graph of free squares. So one
depth-first search (Tarjan's) labels the sides of every square a box may be
pushed onto, where a fill per square would walk the board once for each. The
box routes (:mod:`sokosolve.kernels.routes`) read the sides off these labels.
The same search's tree gives the least square of the player's region with a box on
any square (:func:`least_square_around`) and the regions the box cuts its region into
(:func:`regions_around`): a box move's canonical square and free areas, without a fill.

>>> import numpy as np
>>> rows = ["#######",
...         "#     #",
...         "# ### #",
...         "#     #",
...         "#######"]
>>> width = 7
>>> occupied = np.array([c == "#" for row in rows for c in row], dtype=np.uint8)
>>> offsets = np.array([-1, -width, 1, width], dtype=np.int64)
>>> work = block_workspace(occupied.size)
>>> edge_blocks(occupied, offsets, 8, work)
>>> blocks = work[8]  # each edge's block
>>> # a box on the ring's corner (1, 1): its right and lower sides join round the ring
>>> bool(blocks[4 * 8 + 2] == blocks[4 * 8 + 3])
True
>>> occupied[19] = 1  # a box on (2, 5) cuts the ring: the corner's sides join no more
>>> edge_blocks(occupied, offsets, 8, work)
>>> bool(blocks[4 * 8 + 2] == blocks[4 * 8 + 3])
False
>>> least_square_around(work, offsets, 8, 15)  # the player below the box: the lower arm
15
>>> least_square_around(work, offsets, 8, 9)  # right of it: the upper arm
9
>>> regions_around(work, offsets, 8), regions_around(work, offsets, 24)
(2, 2)
"""

from __future__ import annotations

import numba
import numpy as np

from .jit import borrowing
from .reach import next_stamp


@numba.njit(cache=True)
def block_workspace(n: int) -> tuple:
    """Scratch arrays for :func:`edge_blocks` on a board of ``n`` squares."""
    return (
        np.zeros(1, dtype=np.int64),  # the stamp of ``seen``
        np.zeros(n, dtype=np.int32),  # seen: the square's discovery is of this search
        np.empty(n, dtype=np.int32),  # discovery order
        np.empty(n, dtype=np.int32),  # low: the earliest square reached from the subtree
        np.empty(n, dtype=np.int32),  # the square's parent in the search tree
        np.empty(n, dtype=np.int8),  # the next direction to try from the square
        np.empty(n, dtype=np.int32),  # the search's stack of squares
        np.empty(2 * n + 4, dtype=np.int32),  # the stack of edges (square * 4 + direction)
        np.empty(4 * n, dtype=np.int32),  # each edge's block
        np.empty(n, dtype=np.int32),  # the squares below each one in the tree, itself too
        np.empty(n, dtype=np.int32),  # the least of them
        np.empty(n + 1, dtype=np.int32),  # the least square discovered before each order
        np.empty(n + 1, dtype=np.int32),  # the least square discovered at or after it
    )


@borrowing
def edge_blocks(occupied: np.ndarray, offsets: np.ndarray, start: int, work: tuple) -> None:
    """Labels the edges between the free squares of ``start``'s region by block: the work
    space's ``blocks[4 * s + k]`` (``work[8]``) is the block of the edge from ``s`` to
    ``s + offsets[k]``, read only for free squares ``s`` of the region whose neighbour ``k``
    is free (the rest is stale)."""
    stamps, seen, order, low, parent, next_direction, squares, edges, blocks, size, least, \
        before, after = work
    stamp = next_stamp(stamps, 0, seen)
    seen[start], order[start], low[start] = stamp, 0, 0
    parent[start], next_direction[start], size[start], least[start] = -1, 0, 1, start
    squares[0] = start
    after[0] = start  # ``after`` first lists the squares in their order
    top, edge_top, discovered, label = 1, 0, 1, 0
    while top > 0:
        v = squares[top - 1]
        k = next_direction[v]
        if k < 4:
            next_direction[v] = k + 1
            w = v + offsets[k]
            if occupied[w]:
                continue
            if seen[w] != stamp:  # a tree edge: go down
                seen[w], order[w], low[w] = stamp, discovered, discovered
                parent[w], next_direction[w], size[w], least[w] = v, 0, 1, w
                after[discovered] = w
                discovered += 1
                edges[edge_top] = 4 * v + k
                edge_top += 1
                squares[top] = w
                top += 1
            elif w != parent[v] and order[w] < order[v]:  # a back edge, seen from below
                edges[edge_top] = 4 * v + k
                edge_top += 1
                low[v] = min(low[v], order[w])
            continue
        top -= 1  # v is done: its subtree closes a block at its parent, or joins it
        p = parent[v]
        if p < 0:
            continue
        low[p] = min(low[p], low[v])
        size[p] += size[v]
        least[p] = min(least[p], least[v])
        if low[v] >= order[p]:  # nothing below v climbs above p: the edges down to v's
            while True:        # tree edge are one block
                edge_top -= 1
                e = edges[edge_top]
                x, d = e >> 2, e & 3
                blocks[e] = label
                blocks[4 * (x + offsets[d]) + ((d + 2) & 3)] = label
                if x == p and x + offsets[d] == v:
                    break
            label += 1
    before[0] = after[discovered] = occupied.size  # above every square
    for k in range(discovered):
        before[k + 1] = min(before[k], after[k])
    for k in range(discovered - 1, -1, -1):
        after[k] = min(after[k], after[k + 1])


@borrowing
def least_square_around(work: tuple, offsets: np.ndarray, box: int, player: int) -> int:
    """The least square of the player's region with a box on ``box`` and the player next to
    it on ``player``, both free in the last :func:`edge_blocks` search: the canonical
    square of :func:`~sokosolve.kernels.reach.scanline_fill`, without the fill. Below
    ``box`` in the search's tree, each subtree that no edge leaves above ``box`` is a
    region of its own; the other squares, ``box`` left out, are one."""
    _, seen, order, low, parent, _, _, _, _, size, least, before, after = work
    rest = min(before[order[box]], after[order[box] + size[box]])
    for k in range(4):
        w = box + offsets[k]
        if seen[w] != seen[box] or parent[w] != box:
            continue  # not a child in the tree
        if low[w] < order[box]:
            rest = min(rest, least[w])
        elif order[w] <= order[player] < order[w] + size[w]:
            return least[w]
    return rest


@borrowing
def regions_around(work: tuple, offsets: np.ndarray, box: int) -> int:
    """How many regions the free squares of ``box``'s region in the last
    :func:`edge_blocks` search fall into with a box on ``box``: one for each subtree below
    it that no edge leaves above it, and one for the rest if any is left."""
    _, seen, order, low, parent, _, _, _, _, size, _, _, _ = work
    regions = 1 if order[box] > 0 else 0  # the search's first square has nothing above
    for k in range(4):
        w = box + offsets[k]
        if seen[w] == seen[box] and parent[w] == box and low[w] >= order[box]:
            regions += 1
    return regions
