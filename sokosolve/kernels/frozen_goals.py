"""Boxes frozen on goals, and the push distances of the other boxes with them as walls.

A box on a goal that can move along neither axis
(:func:`~sokosolve.kernels.deadlocks.is_frozen`, sealed pockets included, as the player's square
is known) stays there in every continuation, so for the other boxes its square is a
wall. The static distances of :mod:`sokosolve.analysis.board` miss that: a goal behind a frozen
box may be much farther away, or out of reach for good, which is the classic mistake of
filling a goal area from its entrance. Here each set of frozen boxes gets its own
node table (push distances by box square and player side, :mod:`sokosolve.kernels.push_sides`),
of the same shape as the static one, for the matching bound (:mod:`sokosolve.kernels.heuristics`):

- a free goal's row: push distances with the frozen squares as walls;
- a frozen box's goal: 0 from that box's square, unreachable from anywhere else.

The matching then keeps each frozen box on its own goal and finds no goal
for a box that can no longer reach a free one: a dead state. Frozen boxes
never move again, so the tables only grow along a path and each stays a
lower bound. The tables are kept by the set's Zobrist key; when the cache is
full a new set gets the static table, which is weaker but still a bound.

>>> import numpy as np
>>> from sokosolve.analysis.board import Board, UNREACHABLE
>>> from sokosolve.level import parse_level
>>> board = Board.from_level(parse_level("######\\n#.*$@#\\n######"))
>>> outer, inner, box = (board.from_level_square(s) for s in (7, 8, 9))
>>> int(board.goal_distances[0, box])  # past the inner goal onto the outer one
2
>>> frozen = np.array([inner])  # the box on the inner goal frozen: the outer one is lost
>>> areas = side_areas(board.walls, board.width, board.offsets)
>>> table = frozen_distances(board.walls, board.goal_mask, board.offsets, board.width, areas,
...                          frozen, 1)
>>> bool(table[0, SIDES * box + ANY_SIDE] == UNREACHABLE), int(table[1, SIDES * inner])
(True, 0)
"""

from __future__ import annotations

import numba
import numpy as np

from .deadlocks import is_frozen
from .distances import UNREACHABLE
from .goal_side import MAX_AREAS, goal_numbers, stuck_goals
from .push_sides import ANY_SIDE, SIDES, node_distances, side_areas
from .table import table_find

#: Memory the tables of one search may take, at most.
TABLE_BYTES = 1 << 25
#: Frozen sets tabulated in one search, at most.
MAX_TABLES = 1024


@numba.njit(cache=True)
def frozen_workspace(goal_distances: np.ndarray, tabulate: bool, areas: np.ndarray,
                     width: int, walls: np.ndarray, goal_mask: np.ndarray,
                     offsets: np.ndarray) -> tuple:
    """The table cache of a search: ``(tables, keys, slots, used, squares, areas, width,
    stuck, stuck_areas, goal numbers)``.

    Table 0 is the static node table ``goal_distances``, for the empty set
    (key 0); without ``tabulate`` it is the only one. ``areas`` are the
    :func:`~sokosolve.kernels.push_sides.side_areas` of the walls. Beside each
    table, ``stuck[index]`` and ``stuck_areas[index]`` hold the goal-side check's
    stuck goals of the set (:mod:`sokosolve.kernels.goal_side`).
    """
    goals, n = goal_distances.shape
    capacity = 1
    if tabulate:
        capacity = max(1, min(MAX_TABLES, TABLE_BYTES // max(1, 4 * goals * n)))
    tables = np.empty((capacity, goals, n), dtype=np.int32)  # untouched pages cost nothing
    tables[0] = goal_distances
    keys = np.zeros(capacity, dtype=np.uint64)
    size = 2
    while size < 2 * capacity:
        size *= 2
    slots = np.full(size, -1, dtype=np.int32)
    slots[-(table_find(slots, keys, np.uint64(0)) + 1)] = 0
    stuck = np.zeros((capacity, MAX_AREAS), dtype=np.uint64)
    stuck_areas = np.full(capacity, -1, dtype=np.int32)
    numbers = goal_numbers(goal_mask)
    squares = np.empty(goals, dtype=np.int64)
    if tabulate:
        stuck_areas[0] = stuck_goals(walls, goal_mask, offsets, width, squares, 0, numbers,
                                     stuck[0])
    return (tables, keys, slots, np.ones(1, dtype=np.int64), squares, areas, width, stuck,
            stuck_areas, numbers)


@numba.njit(cache=True)
def frozen_on_goals(
    walls: np.ndarray, dead: np.ndarray, goal_mask: np.ndarray, box_squares: np.ndarray,
    box_at: np.ndarray, offsets: np.ndarray, box_keys: np.ndarray, held: np.ndarray,
    frames: np.ndarray, squares: np.ndarray, player: int,
) -> tuple[int, np.uint64]:
    """The boxes frozen on goals, the player on ``player`` (for sealed pockets): how many
    (their squares first in ``squares``) and the Zobrist key of their set. ``held`` and
    ``frames`` are the freeze test's scratch."""
    count = 0
    key = np.uint64(0)
    for b in box_squares:
        if goal_mask[b] and is_frozen(walls, dead, box_at, offsets, b, held, frames, player):
            squares[count] = b
            count += 1
            key ^= box_keys[b]
    return count, key


@numba.njit(cache=True)
def frozen_distances(
    walls: np.ndarray, goal_mask: np.ndarray, offsets: np.ndarray, width: int,
    areas: np.ndarray, frozen: np.ndarray, count: int,
) -> np.ndarray:
    """The node table ``[goal, node]`` (:mod:`sokosolve.kernels.push_sides`, ``areas`` of the walls
    alone) with the first ``count`` squares of ``frozen`` (boxes frozen on goals) as walls.

    The frozen boxes cut the player's areas further; a node gets the least
    distance over the smaller areas within its own.
    """
    blocked = walls.copy()
    for k in range(count):
        blocked[frozen[k]] = 1
    goals = np.nonzero(goal_mask)[0]
    free = np.array([g for g in goals if not blocked[g]], dtype=np.int64)
    blocked_areas = side_areas(blocked, width, offsets)
    free_distances = node_distances(blocked, blocked_areas, free, offsets)
    table = np.full((goals.size, SIDES * walls.size), UNREACHABLE, dtype=np.int32)
    j = 0
    for k in range(goals.size):
        g = goals[k]
        table[k, SIDES * g:SIDES * g + SIDES] = 0  # a box on the goal, or its frozen box
        if blocked[g]:
            continue
        row = free_distances[j]
        j += 1
        for s in range(walls.size):
            if blocked[s] or s == g:
                continue
            table[k, SIDES * s + ANY_SIDE] = row[SIDES * s + ANY_SIDE]
            for d in range(4):
                smaller = blocked_areas[s, d]
                if smaller == d:
                    node = SIDES * s + areas[s, d]
                    table[k, node] = min(table[k, node], row[SIDES * s + smaller])
    return table


@numba.njit(cache=True)
def position_table(
    walls: np.ndarray, dead: np.ndarray, goal_mask: np.ndarray, box_squares: np.ndarray,
    box_at: np.ndarray, offsets: np.ndarray, box_keys: np.ndarray, held: np.ndarray,
    frames: np.ndarray, workspace: tuple, player: int,
) -> int:
    """The index in the cache of the table for the position's boxes frozen on goals
    (:func:`frozen_on_goals`, the player on ``player``), made if it is new; 0, the static
    table, if the cache is full."""
    tables, keys, slots, used, squares, areas, width, stuck, stuck_areas, numbers = workspace
    count, key = frozen_on_goals(walls, dead, goal_mask, box_squares, box_at, offsets,
                                 box_keys, held, frames, squares, player)
    slot = table_find(slots, keys, key)
    if slot >= 0:
        return slots[slot]
    if used[0] == keys.size:
        return 0
    index = used[0]
    used[0] += 1
    keys[index] = key
    slots[-(slot + 1)] = index
    tables[index] = frozen_distances(walls, goal_mask, offsets, width, areas, squares, count)
    stuck_areas[index] = stuck_goals(walls, goal_mask, offsets, width, squares, count, numbers,
                                     stuck[index])
    return index
