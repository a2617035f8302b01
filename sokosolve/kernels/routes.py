"""Box routes: one box pushed all the way to a target square, the other boxes standing.

FESS's moves are box moves: a box taken to a square it can reach, with the
player's walks between its pushes. :func:`box_route` finds the fewest pushes
that take the box on ``square`` onto a marked target: a breadth-first search
over the box's square and the side the player pushed it from, where the
player may change sides only through the free squares around the box (the blocks of
:mod:`sokosolve.kernels.blocks`); two sides joined that way are one state.
:func:`route_pushes` gives the single pushes of a route found before, for the
solution. :func:`box_reach` runs the same search to the end: every square and side
the box reaches, which are a feature search's box moves, and
:func:`reached_canonical` and :func:`reached_regions` give each one's canonical square
and how the box cuts the player's region.

>>> import numpy as np
>>> rows = ["######",
...         "#    #",
...         "#    #",
...         "#    #",
...         "######"]
>>> width = 6
>>> occupied = np.array([c == "#" for row in rows for c in row], dtype=np.uint8)
>>> offsets = np.array([-1, -width, 1, width], dtype=np.int64)
>>> dead = np.zeros(occupied.size, dtype=np.uint8)
>>> occupied[14] = 1  # the box on (2, 2); the player anywhere else
>>> marks = (occupied == 0).astype(np.int32)
>>> targets = np.zeros(occupied.size, dtype=np.int32); targets[22] = 1  # (3, 4)
>>> work = route_workspace(occupied.size)
>>> end, length = box_route(occupied, dead, offsets, 14, marks, 1, targets, 1, -1, work)
>>> divmod(end >> 2, width), "LURD"[end & 3], length
((3, 4), 'D', 3)
>>> [(divmod(int(p) >> 2, width), "LURD"[p & 3]) for p in route_pushes(
...     occupied, dead, offsets, 14, marks, 1, end, work)]
[((2, 2), 'R'), ((2, 3), 'R'), ((2, 4), 'D')]
"""

from __future__ import annotations

import numba
import numpy as np

from .blocks import block_workspace, edge_blocks, least_square_around, regions_around
from .jit import borrowing
from .reach import next_stamp


@numba.njit(cache=True)
def route_workspace(n: int) -> tuple:
    """Scratch arrays for :func:`box_route` on a board of ``n`` squares."""
    return (
        np.zeros(1, dtype=np.int64),  # the stamp of ``visited``
        np.zeros(4 * n, dtype=np.int32),  # visited states (box square * 4 + direction)
        np.empty(4 * n, dtype=np.int32),  # each state's parent state, -1 from the start
        np.empty(4 * n, dtype=np.int32),  # each state's pushes
        np.empty(4 * n, dtype=np.int32),  # the queue
        block_workspace(n),  # the player's sides around the box
    )


@numba.njit(cache=True)
def box_route(
    occupied: np.ndarray, dead: np.ndarray, offsets: np.ndarray, square: int,
    player_marks: np.ndarray, player_stamp: int, targets: np.ndarray, target_stamp: int,
    direction: int, work: tuple,
) -> tuple[int, int]:
    """``(to * 4 + direction, pushes)`` of the shortest route that takes the box on
    ``square`` onto a square with ``targets == target_stamp``, pushed last in ``direction``
    (any if -1), or ``(-1, 0)``. The player starts in ``player_marks == player_stamp``;
    ``occupied`` (walls and boxes, the box on ``square`` among them) is left as it was."""
    found, _ = _routes(occupied, dead, offsets, square, player_marks, player_stamp,
                       targets, target_stamp, direction, work)
    if found < 0:
        return -1, 0
    return found, work[3][found]


@borrowing
def box_reach(
    occupied: np.ndarray, dead: np.ndarray, offsets: np.ndarray, square: int,
    player_marks: np.ndarray, player_stamp: int, work: tuple,
) -> int:
    """How many positions the box on ``square`` reaches by pushes, the other boxes standing:
    FESS's box moves. They are ``reached_states(work)[:count]``, nearest first, as
    ``to * 4 + direction`` states, one for each square and region of the player around it;
    :func:`route_length` gives each one's pushes."""
    # no target: the search runs to the end
    return _routes(occupied, dead, offsets, square, player_marks, player_stamp,
                   work[1], -1, -1, work)[1]


@numba.njit(cache=True)
def reached_states(work: tuple) -> np.ndarray:
    """The states of :func:`box_reach`, in the order it reached them."""
    return work[4]


@borrowing
def reached_canonical(work: tuple, offsets: np.ndarray, state: int) -> int:
    """The canonical square (the least the player reaches) of :func:`box_reach`'s
    ``state``: the box on its square, the player behind it, the other boxes standing."""
    to = state >> 2
    return least_square_around(work[5], offsets, to, to - offsets[state & 3])


@borrowing
def reached_regions(work: tuple, offsets: np.ndarray, state: int) -> int:
    """How many regions the box of :func:`box_reach`'s ``state`` cuts its region into (the
    other boxes standing, this one taken off where it started)."""
    return regions_around(work[5], offsets, state >> 2)


@borrowing
def route_length(work: tuple, state: int) -> int:
    """The pushes of the route that :func:`box_reach` found to ``state``."""
    return work[3][state]


@borrowing
def _routes(
    occupied: np.ndarray, dead: np.ndarray, offsets: np.ndarray, square: int,
    player_marks: np.ndarray, player_stamp: int, targets: np.ndarray, target_stamp: int,
    direction: int, work: tuple,
) -> tuple[int, int]:
    """The breadth-first search of :func:`box_route` (``target_stamp`` -1: every state):
    ``(the state found or -1, how many states it queued)``."""
    stamps, visited, parents, pushes, queue, block_work = work
    visit = next_stamp(stamps, 0, visited)
    occupied[square] = 0
    # the player goes round the box on s from one side to another when the edges from s
    # to the two lie in one block
    edge_blocks(occupied, offsets, square, block_work)
    blocks = block_work[8]
    head = tail = 0
    found = -1
    for d in range(4):
        to = square + offsets[d]
        if player_marks[square - offsets[d]] != player_stamp or occupied[to] or dead[to]:
            continue
        state = to * 4 + d
        visited[state], parents[state], pushes[state] = visit, -1, 1
        queue[tail] = state
        tail += 1
        if target_stamp >= 0 and targets[to] == target_stamp and (direction < 0
                                                                  or direction == d):
            found = state
            break
    while found < 0 and head < tail:
        state = queue[head]
        head += 1
        s, d = state >> 2, state & 3
        behind = blocks[4 * s + ((d + 2) & 3)]  # the player's side, after pushing ``d``
        for e in range(4):
            to = s + offsets[e]
            if (occupied[to] or dead[to] or occupied[s - offsets[e]]
                    or blocks[4 * s + ((e + 2) & 3)] != behind):
                continue
            child = to * 4 + e
            if visited[child] == visit or _joined_visited(visited, visit, blocks, to, e):
                continue
            visited[child], parents[child], pushes[child] = visit, state, pushes[state] + 1
            queue[tail] = child
            tail += 1
            if target_stamp >= 0 and targets[to] == target_stamp and (direction < 0
                                                                      or direction == e):
                found = child
                break
    occupied[square] = 1
    return found, tail


@borrowing
def _joined_visited(visited: np.ndarray, visit: int, blocks: np.ndarray, to: int,
                    direction: int) -> bool:
    """Whether the box on ``to`` was reached before with the player on a side joined to
    the one it pushed from in ``direction``: the same position, with the same pushes
    after it."""
    side = blocks[4 * to + ((direction + 2) & 3)]
    for e in range(4):
        if e != direction and visited[4 * to + e] == visit and blocks[
                4 * to + ((e + 2) & 3)] == side:
            return True
    return False


@numba.njit(cache=True)
def route_pushes(
    occupied: np.ndarray, dead: np.ndarray, offsets: np.ndarray, square: int,
    player_marks: np.ndarray, player_stamp: int, end: int, work: tuple,
) -> np.ndarray:
    """The single pushes (``box square * 4 + direction``) of :func:`box_route`'s route from
    ``square`` to ``end`` (``to * 4 + direction``), the board as it was when it was found."""
    targets = np.zeros(occupied.size, dtype=np.int32)
    targets[end >> 2] = 1
    found, length = box_route(occupied, dead, offsets, square, player_marks,
                              player_stamp, targets, 1, end & 3, work)
    parents = work[2]
    path = np.empty(length, dtype=np.int32)
    state = found
    for k in range(length - 1, -1, -1):
        s, d = state >> 2, state & 3
        path[k] = (s - offsets[d]) * 4 + d
        state = parents[state]
    return path


#: A node routes at most this many boxes: those nearest to a target, alone on the board.
ROUTED_BOXES = 6


@numba.njit(cache=True)
def nearest_routes(
    occupied: np.ndarray, dead: np.ndarray, offsets: np.ndarray,
    box_squares: np.ndarray, player_marks: np.ndarray, player_stamp: int, goals: np.ndarray,
    goal_distances: np.ndarray, targets: np.ndarray, keep: np.ndarray, ends: np.ndarray,
    work: tuple,
) -> int:
    """Routes onto the marked ``targets`` (``== 1``) for the :data:`ROUTED_BOXES` boxes
    nearest to one of them by ``goal_distances`` (a lone box's pushes to ``goals[k]``),
    leaving out boxes on ``keep`` squares and boxes a single push places: ``ends[i]`` is
    ``(end, pushes)`` of :func:`box_route` for box ``i`` (``(-1, 0)`` for no route);
    returns how many boxes have one."""
    ends[:, 0] = -1
    ends[:, 1] = 0
    chosen = np.full(ROUTED_BOXES, -1, dtype=np.int64)
    nearest = np.empty(ROUTED_BOXES, dtype=np.int64)
    largest = goal_distances.max() if goal_distances.size else 0
    for i in range(box_squares.size):
        square = box_squares[i]
        if keep[square] or targets[square]:
            continue
        best = largest
        for k in range(goals.size):
            if targets[goals[k]] == 1 and goal_distances[k, square] < best:
                best = goal_distances[k, square]
        if best < 2 or best >= largest:
            continue  # a push or none: the single pushes have it
        j = ROUTED_BOXES
        while j > 0 and (chosen[j - 1] < 0 or best < nearest[j - 1]):
            j -= 1
        if j < ROUTED_BOXES:
            for m in range(ROUTED_BOXES - 1, j, -1):
                chosen[m], nearest[m] = chosen[m - 1], nearest[m - 1]
            chosen[j], nearest[j] = i, best
    routed = 0
    for i in chosen:
        if i < 0:
            break
        end, pushes = box_route(occupied, dead, offsets, box_squares[i], player_marks,
                                player_stamp, targets, 1, -1, work)
        if pushes >= 2:
            ends[i, 0], ends[i, 1] = end, pushes
            routed += 1
    return routed
