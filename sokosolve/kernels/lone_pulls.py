"""Where one box can be pulled with every other box standing still.

The phase plan (:mod:`sokosolve.analysis.phase_plan`) takes the solved position
apart box by box; for each box it asks where a breadth-first search of pulls
takes it, the other boxes as walls, and whether the player can get back to its
own square and to the square the box left from there, and where the player stands
once the box is there (:func:`lone_pulls`). The dive plan
(:mod:`sokosolve.analysis.dive_plan`) asks for the positions such a search
reaches, up to the first with the box on a free start square. Both read the one
search, :func:`pull_positions`.

>>> import numpy as np
>>> from sokosolve.level import parse_level
>>> from sokosolve.analysis.board import Board
>>> board = Board.from_level(parse_level("#######\\n#@ $. #\\n#######"))
>>> occupied = board.walls.copy()
>>> box = board.goals[0]
>>> occupied[box] = 1  # the box on its goal, the player beside the start box's square
>>> depth, flags, players = lone_pulls(occupied, board.width, board.offsets, int(box), board.player)
>>> [int(depth[box - k]) for k in range(3)]  # one pull left per square, to the far wall
[0, 1, 2]
>>> int(players[box - 2]) == int(box) - 3  # the player beside it, at the wall
True
"""

from __future__ import annotations

import numba
import numpy as np

from .reach import scanline_fill

#: A flag of :func:`lone_pulls`: from some position with the box on the square, the player
#: can walk to ``home``.
HOME = 1
#: The same for the square the box was pulled from.
ORIGIN = 2


@numba.njit(cache=True)
def lone_pulls(
    occupied: np.ndarray, width: int, offsets: np.ndarray, box: int, player: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pulls of the box on ``box``, the player starting on ``player`` (``home``) and the
    other boxes and walls of ``occupied`` (which holds the box too) standing still:
    per square, its depth: 0 for the box's own, for another one more than the depth of the
    square the box was first pulled there from (the fewest pulls, or fewer where the box
    comes back to a square with the player on its other side), -1 if none reached; the
    :data:`HOME` and :data:`ORIGIN` flags of the positions reached with the box there; and
    the player's square in the first of them (-1: none). Read off :func:`pull_positions`.
    ``occupied`` is restored before it returns."""
    n = occupied.size
    nowhere = np.zeros(n, dtype=np.uint8)
    reached, back = pull_positions(occupied, width, offsets, nowhere, nowhere, box, player)
    depth = np.full(n, -1, dtype=np.int32)
    flags = np.zeros(n, dtype=np.uint8)
    players = np.full(n, -1, dtype=np.int64)
    depth[box] = 0
    flags[box] = back
    for row in range(reached.shape[0]):  # in the order reached
        square = reached[row, 1]
        if depth[square] < 0:
            depth[square] = depth[reached[row, 4]] + 1
            players[square] = reached[row, 2]
        flags[square] |= reached[row, 3]
    return depth, flags, players


@numba.njit(cache=True)
def pull_positions(
    occupied: np.ndarray, width: int, offsets: np.ndarray, dead: np.ndarray,
    bases: np.ndarray, box: int, player: int,
) -> tuple[np.ndarray, int]:
    """Pulls of the box on ``box``, breadth first, the player starting on ``player`` and the
    other boxes and walls of ``occupied`` (which holds the box too) standing still:
    ``(pulls, square, player after, flags, square pulled from)`` of each position reached
    (a box square and a player region) other than the start, in the order reached, up to
    the first that has the box on a square marked in ``bases`` other than ``box``; the
    flags are :data:`HOME` if the player can walk from there to ``player``, :data:`ORIGIN`
    to ``box``. Then the flags of the pulls that lead back to the start, if any (0: none).
    No pull takes the box onto a square marked in ``dead``; none is made if the player
    stands on an occupied square. ``occupied`` is restored before it returns."""
    n = occupied.size
    marks = np.zeros(n, dtype=np.int64)
    stack = np.empty(2 * n + 4, dtype=np.int64)
    seen = numba.typed.Dict.empty(numba.types.int64, numba.types.int64)
    reached = np.empty((4 * n + 1, 5), dtype=np.int64)  # a region touches the box: 4 a square
    queue = np.empty((4 * n + 2, 3), dtype=np.int64)  # (square, player, pulls)
    sides = np.zeros(4, dtype=np.bool_)
    back = 0
    if occupied[player]:
        return reached[:0], back
    stamp = 1
    start = box * n + scanline_fill(occupied, width, player, marks, stamp, stack)
    seen[start] = 1
    queue[0, 0], queue[0, 1], queue[0, 2] = box, player, 0
    head, tail, count = 0, 1, 0
    occupied[box] = 0
    while head < tail:
        square, at, pulls = queue[head, 0], queue[head, 1], queue[head, 2]
        head += 1
        occupied[square] = 1
        stamp += 1
        scanline_fill(occupied, width, at, marks, stamp, stack)
        for d in range(4):  # the player steps back from the box, pulling it along
            to = square + offsets[d]
            sides[d] = marks[to] == stamp and not occupied[to + offsets[d]] and not dead[to]
        occupied[square] = 0
        for d in range(4):
            if not sides[d]:
                continue
            to = square + offsets[d]
            behind = to + offsets[d]
            occupied[to] = 1
            stamp += 1
            key = to * n + scanline_fill(occupied, width, behind, marks, stamp, stack)
            occupied[to] = 0
            found = (HOME if marks[player] == stamp else 0) | (
                ORIGIN if marks[box] == stamp else 0)
            # written in the next free row, kept only if the position is new
            reached[count, 0], reached[count, 1], reached[count, 2] = pulls + 1, to, behind
            reached[count, 3], reached[count, 4] = found, square
            if bases[to] and to != box:
                occupied[box] = 1
                return reached[:count + 1], back
            if key == start:
                back |= found
            elif key not in seen:
                seen[key] = 1
                count += 1
                queue[tail, 0], queue[tail, 1], queue[tail, 2] = to, behind, pulls + 1
                tail += 1
    occupied[box] = 1
    return reached[:count], back
