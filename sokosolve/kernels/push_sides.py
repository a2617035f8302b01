"""Push distances that know which side of the box the player is on.

The static distances of :mod:`sokosolve.analysis.board` let a box be pushed from any
side. But a box cuts the board: in a one-wide door, a box with the player on
the wrong side has to be taken round, or can never be pushed to a goal at
all. Here a box's place is a *node*: its square and the area of the board
(walls and that box alone) the player is in, named by the first side (L, U,
R, D) of the box that lies in it; node ``SIDES * square + side``, and
``SIDES * square + ANY_SIDE`` for "the player somewhere around it", the
least over its areas.

The player cannot leave that area without pushing the box (the other boxes
only ever take squares away from it), so a box's push distance from its node
is a lower bound for it in every position, and a box whose node reaches no
goal is dead where its square alone would not say so.

>>> from sokosolve.level import parse_level
>>> from sokosolve.analysis.board import Board
>>> from sokosolve.analysis.positions import node_table, position_nodes
>>> board = Board.from_level(parse_level("#########\\n#.@ $   #\\n#########"))
>>> areas, table = node_table(board)
>>> int(board.goal_distances[0, board.boxes[0]])  # three pushes left, from its right
3
>>> nodes = position_nodes(board, areas, board.boxes, board.player)
>>> bool(table[0, nodes[0]] == UNREACHABLE)  # but the player can never get to its right
True
"""

from __future__ import annotations

import numba
import numpy as np

from .distances import UNREACHABLE
from .reach import scanline_fill

#: Columns a square takes in a node table: its four sides, then "any side".
SIDES = 5
ANY_SIDE = 4


@numba.njit(cache=True)
def side_areas(walls: np.ndarray, width: int, offsets: np.ndarray) -> np.ndarray:
    """``[square, side]``: for a box alone on ``square``, the area of the side square
    (the first side of the box in the same area), or -1 where it is a wall."""
    n = walls.size
    areas = np.full((n, 4), -1, dtype=np.int8)
    occupied = walls.copy()
    marks = np.zeros(n, dtype=np.int64)
    stack = np.empty(2 * n + 4, dtype=np.int64)
    ring = np.array([-width, -width + 1, 1, width + 1, width, width - 1, -1, -width - 1])
    run = np.empty(8, dtype=np.int64)
    stamp = 0
    for s in range(n):
        if walls[s]:
            continue
        # Sides joined by free squares of the ring of eight around the box share an area
        # without a fill; that settles most squares of an open room.
        start = 0
        while start < 8 and not walls[s + ring[start]]:
            start += 1
        runs = 0
        for k in range(8):
            i = (start + 1 + k) % 8
            if walls[s + ring[i]]:
                run[i] = -1
            else:
                if k == 0 or run[(i + 7) % 8] < 0:
                    runs += 1
                run[i] = runs
        first, joined = -1, True
        for d in range(4):
            k = 0
            while ring[k] != -offsets[d]:
                k += 1
            if run[k] >= 0:
                if first < 0:
                    first = run[k]
                joined = joined and run[k] == first
        if joined:
            for d in range(4):
                if not walls[s - offsets[d]] and areas[s, d] < 0:
                    areas[s, d] = d
                    for e in range(d + 1, 4):
                        if not walls[s - offsets[e]]:
                            areas[s, e] = d
            continue
        occupied[s] = 1
        for d in range(4):
            side = s - offsets[d]
            if walls[side] or areas[s, d] >= 0:
                continue
            stamp += 1
            scanline_fill(occupied, width, side, marks, stamp, stack)
            for e in range(d, 4):
                if not walls[s - offsets[e]] and marks[s - offsets[e]] == stamp:
                    areas[s, e] = d
        occupied[s] = 0
    return areas


@numba.njit(cache=True)
def node_distances(
    walls: np.ndarray, areas: np.ndarray, targets: np.ndarray, offsets: np.ndarray,
    pulling: bool = False,
) -> np.ndarray:
    """Pushes (or with ``pulling``, pulls) from every node to each of ``targets``
    (squares), a box alone on the board; ``areas`` from :func:`side_areas` on the same
    walls. ``[target, node]``."""
    n = walls.size
    table = np.full((targets.size, SIDES * n), UNREACHABLE, dtype=np.int32)
    queue = np.empty(SIDES * n, dtype=np.int64)
    for k in range(targets.size):
        distances = table[k]
        g = targets[k]
        tail = 0
        for a in range(SIDES):
            distances[SIDES * g + a] = 0
            if a < 4 and areas[g, a] == a:
                queue[tail] = SIDES * g + a
                tail += 1
        head = 0
        while head < tail:  # back along the moves that end in ``node``
            node = queue[head]
            head += 1
            t, area = node // SIDES, node % SIDES
            for d in range(4):
                s = t - offsets[d]  # the box came from here, moved in direction d
                if pulling:  # the player went from t to t + offsets[d], ahead of the box
                    behind = (d + 2) & 3
                else:  # the player went from s - offsets[d] to s, behind the box
                    behind = d
                if areas[t, behind] != area or areas[s, behind] < 0:
                    continue
                before = SIDES * s + areas[s, behind]
                if distances[before] != UNREACHABLE:
                    continue
                distances[before] = distances[node] + 1
                queue[tail] = before
                tail += 1
        for s in range(n):
            for d in range(4):
                if areas[s, d] == d:
                    distances[SIDES * s + ANY_SIDE] = min(
                        distances[SIDES * s + ANY_SIDE], distances[SIDES * s + d])
    return table


@numba.njit(cache=True)
def box_node(areas: np.ndarray, offsets: np.ndarray, square: int, marks: np.ndarray,
             stamp: int) -> int:
    """The node of the box on ``square``, the player's region where ``marks == stamp``: the
    area of a side the player reaches, or any side if it reaches none (other boxes in the
    way)."""
    for d in range(4):
        if areas[square, d] >= 0 and marks[square - offsets[d]] == stamp:
            return SIDES * square + areas[square, d]
    return SIDES * square + ANY_SIDE


@numba.njit(cache=True)
def pushed_box_node(areas: np.ndarray, offsets: np.ndarray, square: int, player: int) -> int:
    """The node of a box just pushed onto ``square``, the player on ``player`` beside it."""
    for d in range(4):
        if square - offsets[d] == player:
            return SIDES * square + areas[square, d]
    return SIDES * square + ANY_SIDE


def player_blind(table: np.ndarray) -> np.ndarray:
    """``table`` as if the player could get to every side of every box: each node takes its
    square's ``ANY_SIDE`` distance. A weaker bound, which steers a best-first search elsewhere.

    >>> table = np.array([[3, 1, 7, 2, 1]], dtype=np.int32)  # one square, one target
    >>> player_blind(table).tolist()
    [[1, 1, 1, 1, 1]]
    """
    nodes = table.reshape(table.shape[0], table.shape[1] // SIDES, SIDES)
    return np.repeat(nodes[:, :, ANY_SIDE:], SIDES, axis=2).reshape(table.shape)


