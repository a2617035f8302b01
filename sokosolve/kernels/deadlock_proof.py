"""Proving a few boxes dead: free boxes taken off, a small exhaustive search, then the
fewest boxes that stay dead.

Taking boxes off the board only frees squares, so whatever a position can
do with the boxes left, the position with all of them could not do better:
if the boxes left can never all reach goals, the whole position is dead.
That makes three steps, each one safe however it chooses the boxes:

- :func:`drop_free_boxes` takes off the boxes the player can move both
  across and along (pushes forward, pulls backward): such a box is seldom
  part of a deadlock, and without it the search below is far smaller;
- :func:`prove_dead` searches every position of the boxes left, taking free
  boxes off each new one too, and proves the position dead if no position
  it reaches has all its boxes on goals (backward: on the start squares).
  Pushes onto dead squares, forward pushes that freeze a box off its goal,
  and those that make a dead box pair (:mod:`sokosolve.kernels.dead_pairs`)
  are left out, as the full position could not make them either. It
  gives up (not proved) past ``budget`` positions. It takes up the
  positions with the fewest boxes off goals first: a dead position needs
  every position searched whatever the order, but a live one, the usual
  case, is then told live after a few;
- :func:`fewest_dead_boxes` then drops the boxes one at a time, keeping each
  drop after which the rest is still proved dead: the boxes of a pattern
  (:mod:`sokosolve.kernels.patterns`).

The work arrays are the relaxed board of :func:`proof_workspace`; each
function leaves it empty of boxes. The player's fills go into one of two
marks arrays, so that a search position's region stays marked while its
children are filled.
"""

from __future__ import annotations

import numba
import numpy as np

from .dead_pairs import dead_pair, holds_dead_pair
from .deadlocks import freeze_deadlock
from .jit import borrowing
from .layout import DeadPairs
from .patterns import MAX_PATTERN_BOXES
from .reach import scanline_fill
from .table import table_find

#: Positions a proof may store before it gives up (Festival: 500).
PROOF_POSITIONS = 512
#: Answers kept by the key of a proof's first position.
_KEPT_ANSWERS = 1 << 14
#: ``work[0]``: the last stamp of the fills, the positions all proofs stored, and those
#: of the proofs of boxes kept near the box moved last (:mod:`sokosolve.kernels.learning`).
STAMP, POSITIONS, LOCAL_POSITIONS = 0, 1, 2


@numba.njit(cache=True)
def proof_workspace(n: int, walls: np.ndarray) -> tuple:
    """Work arrays of a proof on a board of ``n`` squares."""
    return (
        np.zeros(3, dtype=np.int64),  # STAMP, POSITIONS and LOCAL_POSITIONS
        np.zeros(n, dtype=np.int64),  # the player's fills, by stamp (which never wraps)
        np.full(n, -1, dtype=np.int32),  # box_at of the relaxed board
        walls.copy(),  # its walls and boxes
        np.empty(2 * n + 4, dtype=np.int64),  # the fill's stack
        np.empty((PROOF_POSITIONS, MAX_PATTERN_BOXES), dtype=np.int32),  # boxes per position
        np.zeros(PROOF_POSITIONS, dtype=np.int32),  # how many
        np.empty(PROOF_POSITIONS, dtype=np.int32),  # the player's square
        np.empty(PROOF_POSITIONS, dtype=np.uint64),  # keys
        np.empty(2 * PROOF_POSITIONS, dtype=np.int32),  # hash slots
        np.empty(MAX_PATTERN_BOXES, dtype=np.int32),  # a child's boxes
        np.zeros(_KEPT_ANSWERS, dtype=np.uint64),  # answers by key, see prove_dead
        np.zeros(n, dtype=np.int64),  # the fills of a search position's children, by stamp
        np.full(MAX_PATTERN_BOXES + 1, -1, dtype=np.int32),  # positions to search, by boxes
        np.empty(PROOF_POSITIONS, dtype=np.int32),  # the next in each of those lists
    )


@numba.njit(cache=True)
def relaxed_fill(work: tuple, marks: np.ndarray, width: int, player: int) -> tuple[int, int]:
    """Fills the player's region on the relaxed board into ``marks``, ``work[1]`` or
    ``work[12]``: ``(stamp, canonical square)``."""
    stamps, occupied, stack = work[0], work[3], work[4]
    stamps[STAMP] += 1
    stamp = stamps[STAMP]
    return stamp, scanline_fill(occupied, width, player, marks, stamp, stack)


@numba.njit(cache=True)
def _place(work: tuple, boxes: np.ndarray, k: int, on: bool) -> None:
    """Puts the ``k`` boxes of ``boxes`` on the relaxed board (``on``), or takes them off."""
    box_at, occupied = work[2], work[3]
    for j in range(k):
        box_at[boxes[j]] = j if on else -1
        occupied[boxes[j]] = 1 if on else 0


@borrowing
def _movable(occupied: np.ndarray, dead: np.ndarray, offsets: np.ndarray, marks: np.ndarray,
             stamp: int, square: int, d: int, backward: bool) -> bool:
    """Whether the box on ``square`` can be pushed (pulled) one square in direction ``d``."""
    to = square + offsets[d]
    if dead[to] or occupied[to]:
        return False
    if backward:  # the player on ``to`` steps back
        return marks[to] == stamp and not occupied[to + offsets[d]]
    return marks[square - offsets[d]] == stamp


@numba.njit(cache=True)
def drop_free_boxes(work: tuple, marks: np.ndarray, dead: np.ndarray, offsets: np.ndarray,
                    width: int, boxes: np.ndarray, k: int, player: int,
                    backward: bool) -> tuple[int, int]:
    """Takes the free boxes off: each that can be moved both across (left or right) and
    along (up or down), until none is. The ``k`` boxes of ``boxes`` are on the relaxed
    board; the ones left come first in ``boxes``. Returns their count and the player's
    canonical square, its region filled into ``marks``."""
    occupied = work[3]
    stamp, canonical = relaxed_fill(work, marks, width, player)
    j = 0
    while j < k:
        s = boxes[j]
        if ((_movable(occupied, dead, offsets, marks, stamp, s, 0, backward)
             or _movable(occupied, dead, offsets, marks, stamp, s, 2, backward))
                and (_movable(occupied, dead, offsets, marks, stamp, s, 1, backward)
                     or _movable(occupied, dead, offsets, marks, stamp, s, 3, backward))):
            work[2][s] = -1
            occupied[s] = 0
            k -= 1
            boxes[j] = boxes[k]
            boxes[k] = s
            stamp, canonical = relaxed_fill(work, marks, width, player)
            j = 0  # the player reaches more now: look again
        else:
            j += 1
    return k, canonical


@numba.njit(cache=True)
def prove_dead(
    work: tuple, walls: np.ndarray, goal_mask: np.ndarray, dead: np.ndarray,
    offsets: np.ndarray, width: int, box_keys: np.ndarray, player_keys: np.ndarray,
    held: np.ndarray, frames: np.ndarray, pairs: DeadPairs, boxes: np.ndarray, k: int,
    player: int, backward: bool, budget: int,
) -> bool:
    """Whether the ``k`` boxes of ``boxes``, the player on ``player``, can never all reach
    goals; ``False`` also when the search passes ``budget`` positions. ``held`` and
    ``frames`` are the freeze test's scratch (:mod:`sokosolve.kernels.deadlocks`);
    ``pairs`` the table of dead box pairs (:mod:`sokosolve.kernels.dead_pairs`), which
    proves a position holding one dead at once and cuts every push that makes one.

    The same position comes back from many nodes of a search: answers are kept by
    the key of the first position, its last bit holding the answer.
    """
    position_boxes, sizes, players, keys, answers = work[5], work[6], work[7], work[8], work[11]
    budget = min(budget, PROOF_POSITIONS)
    if k > MAX_PATTERN_BOXES:
        return False
    if holds_dead_pair(pairs, boxes[:k], player):
        return True
    position_boxes[0, :k] = boxes[:k]
    sizes[0] = k
    players[0] = player
    key = np.uint64(0)
    for j in range(k):
        key ^= box_keys[boxes[j]]
    _place(work, boxes, k, True)
    canonical = relaxed_fill(work, work[1], width, player)[1]
    _place(work, boxes, k, False)
    keys[0] = key ^ player_keys[canonical]
    answer_at = np.int64(keys[0] & np.uint64(answers.size - 1))
    known = answers[answer_at] ^ keys[0]
    if known <= np.uint64(1):
        return known != (keys[0] & np.uint64(1))
    dead_end = _search_positions(work, walls, goal_mask, dead, offsets, width, box_keys,
                                 player_keys, held, frames, pairs, backward, budget)
    answers[answer_at] = (keys[0] & ~np.uint64(1)) | np.uint64(dead_end)
    return dead_end


@numba.njit(cache=True)
def _off_goals(goal_mask: np.ndarray, boxes: np.ndarray, k: int) -> int:
    """How many of the ``k`` boxes of ``boxes`` are off goals."""
    off = k
    for j in range(k):
        off -= goal_mask[boxes[j]]
    return off


@numba.njit(cache=True)
def _search_positions(
    work: tuple, walls: np.ndarray, goal_mask: np.ndarray, dead: np.ndarray,
    offsets: np.ndarray, width: int, box_keys: np.ndarray, player_keys: np.ndarray,
    held: np.ndarray, frames: np.ndarray, pairs: DeadPairs, backward: bool, budget: int,
) -> bool:
    """The search of :func:`prove_dead` from its first position, stored in ``work``.

    The positions to search are kept in a list per count of boxes off goals,
    the last stored first in each.
    """
    box_at, occupied = work[2], work[3]
    position_boxes, sizes, players, keys, slots, child = (
        work[5], work[6], work[7], work[8], work[9], work[10])
    marks, child_marks, waiting, next_waiting = work[1], work[12], work[13], work[14]
    slots[:] = -1
    slots[-(table_find(slots, keys, keys[0]) + 1)] = 0
    waiting[:] = -1
    first = _off_goals(goal_mask, position_boxes[0], sizes[0])
    if first == 0:
        return False  # every box left is home: nothing proved
    waiting[first] = 0
    next_waiting[0] = -1
    count, fewest = 1, first  # no list below ``fewest`` holds a position
    while True:
        while fewest < waiting.size and waiting[fewest] < 0:
            fewest += 1
        if fewest == waiting.size:
            return True  # every position searched, none with its boxes home
        at = waiting[fewest]
        waiting[fewest] = next_waiting[at]
        work[0][POSITIONS] += 1
        here = position_boxes[at]
        size = sizes[at]
        _place(work, here, size, True)
        stamp = relaxed_fill(work, marks, width, players[at])[0]
        for j in range(size):
            s = here[j]
            for d in range(4):
                if not _movable(occupied, dead, offsets, marks, stamp, s, d, backward):
                    continue
                to = s + offsets[d]
                after = to + offsets[d] if backward else s
                box_at[s], box_at[to] = -1, j
                occupied[s], occupied[to] = 0, 1
                frozen = not backward and freeze_deadlock(
                    walls, dead, goal_mask, box_at, offsets, to, held, frames, after)
                if frozen:
                    box_at[to], box_at[s] = -1, j
                    occupied[to], occupied[s] = 0, 1
                    continue
                child[:size] = here[:size]
                child[j] = to
                if dead_pair(pairs, child[:size], to, after):
                    box_at[to], box_at[s] = -1, j
                    occupied[to], occupied[s] = 0, 1
                    continue
                left, canonical = drop_free_boxes(work, child_marks, dead, offsets, width,
                                                  child, size, after, backward)
                # back to ``here``: the child's boxes off, then ``here``'s on
                _place(work, child, left, False)
                _place(work, here, size, True)
                off = _off_goals(goal_mask, child, left)
                if off == 0:
                    _place(work, here, size, False)  # the board left empty
                    return False  # every box left is home: nothing proved
                child_key = player_keys[canonical]
                for m in range(left):
                    child_key ^= box_keys[child[m]]
                slot = table_find(slots, keys, child_key)
                if slot >= 0:
                    continue
                if count == budget:
                    _place(work, here, size, False)
                    return False  # too many to tell
                position_boxes[count, :left] = child[:left]
                sizes[count] = left
                players[count] = after
                keys[count] = child_key
                slots[-(slot + 1)] = count
                next_waiting[count] = waiting[off]
                waiting[off] = count
                fewest = min(fewest, off)
                count += 1
        _place(work, here, size, False)


@numba.njit(cache=True)
def fewest_dead_boxes(
    work: tuple, walls: np.ndarray, goal_mask: np.ndarray, dead: np.ndarray,
    offsets: np.ndarray, width: int, box_keys: np.ndarray, player_keys: np.ndarray,
    held: np.ndarray, frames: np.ndarray, pairs: DeadPairs, boxes: np.ndarray, k: int,
    player: int, backward: bool, budget: int,
) -> int:
    """Drops boxes of a position proved dead, one at a time, while what is left is still
    proved dead; returns how many are left, first in ``boxes``."""
    j = k - 1
    while j >= 0 and k > 1:
        boxes[j], boxes[k - 1] = boxes[k - 1], boxes[j]  # try without box j
        if prove_dead(work, walls, goal_mask, dead, offsets, width, box_keys, player_keys,
                      held, frames, pairs, boxes, k - 1, player, backward, budget):
            k -= 1
        else:
            boxes[j], boxes[k - 1] = boxes[k - 1], boxes[j]
        j -= 1
    return k
