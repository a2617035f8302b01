"""Dead box pairs: two boxes that, with the player in a region, no solution gets past,
found once per board by one backward search over every position of two boxes.

Two boxes alone on the board, with the player somewhere, can be pushed onto
two goals exactly when that position is reached by pulls from some position
with both boxes on goals. :func:`dead_pair_table` runs that search (a breadth-first
search of pulls from every pair of goals and every player region around them)
and keeps, for each pair of live squares, the player squares from which it
is not reached. A position of the level holding two boxes on such a pair,
with the player on such a square, is dead: a solution of it would, on the
board with only those two boxes, push them onto goals (taking boxes away only
frees squares). Festival keeps a table of the same kind (``mpdb2.cpp``).

The table is the forward search's: a backward search's would be built the
same way with pushes from the start squares (tried, no level gained; see
``docs/benchmarks.md``). A push moves one box and leaves the player in the
region of every pair of the other boxes, so only the pairs of the pushed box
need a look (:func:`dead_pair`).

>>> from sokosolve.analysis.board import Board
>>> from sokosolve.level import parse_level
>>> board = Board.from_level(parse_level("#######\\n#.   .#\\n#  $$ #\\n#  @  #\\n#######"))
>>> pairs = dead_pair_table(board.walls, board.goal_mask, board.dead_squares,
...                         board.offsets, board.width)
>>> bool(dead_pair(pairs, board.boxes, int(board.boxes[0]), board.player))
False
"""

from __future__ import annotations

import numba
import numpy as np

from .layout import DeadPairs
from .reach import scanline_fill

#: The most work of a table, in pairs of live squares times squares: past it, none is
#: built, as it would take longer than a search's start should (about a second).
MAX_PAIR_WORK = 60_000_000


@numba.njit(cache=True)
def _no_pairs() -> DeadPairs:
    return DeadPairs(np.empty(0, dtype=np.int32), np.empty((0, 0), dtype=np.int32),
                     np.empty((0, 0), dtype=np.uint64))


#: No table: :func:`dead_pair` finds nothing dead.
NO_PAIRS = _no_pairs()


@numba.njit(cache=True)
def _marked(bits: np.ndarray, square: int) -> bool:
    return ((bits[square >> 6] >> np.uint64(square & 63)) & np.uint64(1)) != 0


@numba.njit(cache=True)
def _mark(bits: np.ndarray, square: int) -> None:
    bits[square >> 6] |= np.uint64(1) << np.uint64(square & 63)


@numba.njit(cache=True)
def _reach(occupied: np.ndarray, offsets: np.ndarray, player: int, stack: np.ndarray,
           bits: np.ndarray) -> None:
    """Sets in ``bits`` every square of the player's region from ``player`` (none of which
    is set yet: the bits of a pair hold whole regions)."""
    _mark(bits, player)
    stack[0] = player
    top = 1
    while top > 0:
        top -= 1
        square = stack[top]
        for o in offsets:
            s = square + o
            if not occupied[s] and not _marked(bits, s):
                _mark(bits, s)
                stack[top] = s
                top += 1


@numba.njit(cache=True)
def _room_for(rows: np.ndarray, used: int) -> np.ndarray:
    """``rows``, or a copy with twice the rows, the new ones zero, if ``used`` fill it."""
    if used < rows.shape[0]:
        return rows
    grown = np.zeros((2 * used, rows.shape[1]), dtype=rows.dtype)
    grown[:used] = rows
    return grown


@numba.njit(cache=True)
def dead_pair_table(walls: np.ndarray, goals: np.ndarray, dead: np.ndarray,
                    offsets: np.ndarray, width: int) -> DeadPairs:
    """The dead pairs of live squares: ``rows[numbers[a], numbers[b]]`` (the same as
    ``rows[numbers[b], numbers[a]]``) is the row of ``players`` for boxes on ``a`` and ``b``,
    or -1 where the pair is dead from no player square; ``players[row]`` holds a bit for
    each free square from which the player cannot get both boxes onto goals, no other
    box on the board. No table (:data:`NO_PAIRS`) on a board of fewer than two goals, or
    past :data:`MAX_PAIR_WORK`."""
    n = walls.size
    words = (n + 63) // 64
    index = np.full(n, -1, dtype=np.int32)
    live = 0
    free = np.zeros(words, dtype=np.uint64)
    for s in range(n):
        if not walls[s]:
            _mark(free, s)
            if not dead[s]:
                index[s] = live
                live += 1
    if np.count_nonzero(goals) < 2 or live * (live - 1) // 2 * n > MAX_PAIR_WORK:
        return _no_pairs()
    # reached[i, j] for i < j: the player squares from which boxes on the i-th and j-th
    # live squares go onto goals
    reached = np.zeros((live, live, words), dtype=np.uint64)
    occupied = walls.astype(np.uint8)
    marks = np.zeros(n, dtype=np.int64)
    stack = np.empty(n + 1, dtype=np.int64)
    stamp = 0
    queue = np.empty((1024, 3), dtype=np.int32)
    tail = 0
    goal_squares = np.flatnonzero(goals)
    for i in range(goal_squares.size):  # the roots: both boxes on goals, the player in
        g = goal_squares[i]  # each region
        for h in goal_squares[i + 1:]:
            bits = reached[index[g], index[h]]
            occupied[g] = occupied[h] = 1
            for p in range(n):
                if occupied[p] or _marked(bits, p):
                    continue
                _reach(occupied, offsets, p, stack, bits)
                queue = _room_for(queue, tail)
                queue[tail, 0], queue[tail, 1], queue[tail, 2] = g, h, p
                tail += 1
            occupied[g] = occupied[h] = 0
    head = 0
    while head < tail:  # pulls: the player on ``to``, beside a box, steps back onto ``after``
        first, second, player = queue[head, 0], queue[head, 1], queue[head, 2]
        head += 1
        occupied[first] = occupied[second] = 1
        stamp += 1
        scanline_fill(occupied, width, player, marks, stamp, stack)
        region = stamp
        for k in range(2):
            box = first if k == 0 else second
            other = second if k == 0 else first
            for o in offsets:
                to, after = box + o, box + 2 * o
                if marks[to] != region or occupied[after] or index[to] < 0:
                    continue
                a, b = (to, other) if to < other else (other, to)
                bits = reached[index[a], index[b]]
                if _marked(bits, after):
                    continue
                occupied[box] = 0
                occupied[to] = 1
                _reach(occupied, offsets, after, stack, bits)
                occupied[to] = 0
                occupied[box] = 1
                queue = _room_for(queue, tail)
                queue[tail, 0], queue[tail, 1], queue[tail, 2] = a, b, after
                tail += 1
        occupied[first] = occupied[second] = 0
    rows = np.full((live, live), -1, dtype=np.int32)
    players = np.zeros((16, words), dtype=np.uint64)
    count = 0
    squares = np.flatnonzero(index >= 0)
    for x in range(live):
        for y in range(x + 1, live):
            bits = reached[x, y]
            row = -1
            for w in range(words):
                left = free[w] & ~bits[w]
                for s in (squares[x], squares[y]):  # the boxes' own squares
                    if s >> 6 == w:
                        left &= ~(np.uint64(1) << np.uint64(s & 63))
                if left == 0:
                    continue
                if row < 0:
                    players = _room_for(players, count)
                    row = count
                    count += 1
                    rows[x, y] = rows[y, x] = row
                players[row, w] = left
    return DeadPairs(index, rows, players[:count].copy())


@numba.njit(cache=True)
def dead_pair(pairs: DeadPairs, box_squares: np.ndarray, square: int, player: int) -> bool:
    """Whether the box on ``square`` and another of ``box_squares`` make a dead pair with
    the player on ``player`` (no table: never)."""
    numbers = pairs.numbers
    if numbers.size == 0 or numbers[square] < 0:
        return False
    word, bit = player >> 6, np.uint64(1) << np.uint64(player & 63)
    rows = pairs.rows[numbers[square]]
    for other in box_squares:
        if other == square or numbers[other] < 0:
            continue
        row = rows[numbers[other]]
        if row >= 0 and pairs.players[row, word] & bit:
            return True
    return False


@numba.njit(cache=True)
def holds_dead_pair(pairs: DeadPairs, box_squares: np.ndarray, player: int) -> bool:
    """Whether two boxes of ``box_squares`` make a dead pair with the player on ``player``
    (no table: never)."""
    if pairs.numbers.size == 0:
        return False
    for j in range(box_squares.size - 1):
        if dead_pair(pairs, box_squares[j + 1:], box_squares[j], player):
            return True
    return False
