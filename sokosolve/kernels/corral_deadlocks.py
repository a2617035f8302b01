"""Corral deadlocks: a fenced-off area whose boxes can never be sorted, found by a small search.

A *corral* is a connected area the player cannot reach, with the boxes that
fence it in (see :mod:`sokosolve.kernels.corrals`). To test one, every other box is
taken off the board: that only frees squares, so whatever the real position
can do with the corral's boxes, the relaxed one can do too. A small push
search on the relaxed position then looks for either way out:

- every corral box on a goal, which any solution of the real position reaches,
  or
- the player standing inside the corral (on a square that was empty in it),
  after which the corral is no longer a corral and the test gives up.

If the search runs out of positions without finding either, no solution of
the real position exists. Pushes onto dead squares, pushes that freeze a
box off its goal and pushes that make a dead box pair
(:mod:`sokosolve.kernels.dead_pairs`) are left out, as the real position
could not make them either. The search stores at most
:data:`MAX_CORRAL_POSITIONS` positions; when it hits that bound the answer is
"not dead". A corral is tested whatever its boxes: on big boards, corrals of
a dozen boxes and more are often dead and proved so in few positions.

The search runs in the jitted loop, on each node whose last push moved a box
of a corral: a corral without that box was already there, and tested, at the
node's parent. The start position, which has no parent, is tested from every
box.
"""

from __future__ import annotations

import numba
import numpy as np

from .dead_pairs import dead_pair
from .deadlocks import freeze_deadlock
from .layout import DeadPairs
from .reach import moved_box_canonical, next_stamp, scanline_fill
from .table import table_find

#: Positions one test may store before it gives up.
MAX_CORRAL_POSITIONS = 1024
_KEPT_ANSWERS = 1 << 16

# Counters in the workspace's ``stamps`` array.
_MEMBER_STAMP, _FILL_STAMP, _CHILD_FILL_STAMP = 0, 1, 2


@numba.njit(cache=True)
def corral_workspace(n: int, walls: np.ndarray, nboxes: int) -> tuple:
    """Scratch arrays for :func:`corral_deadlock` on a board of ``n`` squares with
    ``nboxes`` boxes."""
    return (
        np.zeros(3, dtype=np.int64),  # stamps
        np.zeros(n, dtype=np.int32),  # members: corral squares of the current test
        np.zeros(n, dtype=np.int32),  # fill marks
        np.zeros(n, dtype=np.int32),  # fill marks of children
        np.full(n, -1, dtype=np.int32),  # box_at of the relaxed position
        walls.copy(),  # occupied squares of the relaxed position
        np.empty(n, dtype=np.int64),  # corral squares, then empty ones (the interior)
        np.empty((MAX_CORRAL_POSITIONS, nboxes), dtype=np.int32),  # boxes
        np.empty(MAX_CORRAL_POSITIONS, dtype=np.int32),  # player squares
        np.empty(MAX_CORRAL_POSITIONS, dtype=np.uint64),  # keys
        np.empty(2 * MAX_CORRAL_POSITIONS, dtype=np.int32),  # hash slots
        np.zeros(_KEPT_ANSWERS, dtype=np.uint64),  # answers by key, see corral_deadlock
    )


@numba.njit(cache=True)
def corral_deadlock(
    walls: np.ndarray, goal_mask: np.ndarray, dead: np.ndarray, offsets: np.ndarray, width: int,
    box_at: np.ndarray, marks: np.ndarray, stamp: int, player: int, square: int,
    box_keys: np.ndarray, player_keys: np.ndarray, stack: np.ndarray, held: np.ndarray,
    frames: np.ndarray, pairs: DeadPairs, work: tuple,
) -> bool:
    """Whether the box on ``square`` fences a corral that can never be solved.

    ``marks == stamp`` is the player's region and ``player`` a square of it.
    ``held``, ``frames`` are the freeze test's scratch (:mod:`sokosolve.kernels.deadlocks`),
    ``pairs`` the table of dead box pairs (:mod:`sokosolve.kernels.dead_pairs`), whose
    pushes the search leaves out too, ``work`` comes from :func:`corral_workspace`.
    """
    (stamps, members, fill_marks, child_marks, relaxed_box_at, relaxed_occupied, squares,
     position_boxes, position_players, position_keys, slots, answers) = work
    # The corral: squares off the player's region, connected to ``square``.
    member = next_stamp(stamps, _MEMBER_STAMP, members)
    members[square] = member
    squares[0] = square
    found, boxes, interior, unfinished = 1, 0, 0, False
    k = 0
    while k < found:
        s = squares[k]
        k += 1
        if box_at[s] >= 0:
            boxes += 1
            unfinished |= not goal_mask[s]
        else:
            interior += 1
            unfinished |= goal_mask[s] == 1
        for o in offsets:
            t = s + o
            if not walls[t] and marks[t] != stamp and members[t] != member:
                members[t] = member
                squares[found] = t
                found += 1
    if interior == 0 or not unfinished:
        return False
    # The relaxed root: the corral's boxes alone. ``squares`` keeps the interior.
    key = np.uint64(0)
    j = e = 0
    for k in range(found):
        s = squares[k]
        if box_at[s] >= 0:
            position_boxes[0, j] = s
            relaxed_box_at[s] = j
            relaxed_occupied[s] = 1
            key ^= box_keys[s]
            members[s] = 0  # from here on ``members`` marks the interior only
            j += 1
        else:
            squares[e] = s
            e += 1
    fill = next_stamp(stamps, _FILL_STAMP, fill_marks)
    canonical = scanline_fill(relaxed_occupied, width, player, fill_marks, fill, stack)
    position_players[0] = canonical
    position_keys[0] = key ^ player_keys[canonical]
    # The same corral comes back in many positions: answers are kept by key, the
    # last bit of a kept key holding the answer.
    answer_at = np.int64(position_keys[0] & np.uint64(answers.size - 1))
    known = answers[answer_at] ^ position_keys[0]
    count, head, placed = 1, 0, 0
    dead_corral = True
    if known <= np.uint64(1):
        dead_corral = known != (position_keys[0] & np.uint64(1))
        count = 0
    else:
        slots[:] = -1
        slots[-(table_find(slots, position_keys, position_keys[0]) + 1)] = 0
    while head < count and dead_corral:
        for j in range(boxes):  # from position ``placed`` to position ``head``
            s = position_boxes[placed, j]
            relaxed_box_at[s] = -1
            relaxed_occupied[s] = 0
        for j in range(boxes):
            s = position_boxes[head, j]
            relaxed_box_at[s] = j
            relaxed_occupied[s] = 1
        placed = head
        fill = next_stamp(stamps, _FILL_STAMP, fill_marks)
        canonical = scanline_fill(relaxed_occupied, width, position_players[head], fill_marks,
                                  fill, stack)
        on_goals = 0
        for j in range(boxes):
            on_goals += goal_mask[position_boxes[head, j]]
        if on_goals == boxes:
            dead_corral = False
        for k in range(interior):
            s = squares[k]
            if fill_marks[s] == fill and not relaxed_occupied[s]:
                dead_corral = False  # the player got inside: the corral is gone
        key = position_keys[head] ^ player_keys[canonical]
        for j in range(boxes):
            if not dead_corral:
                break
            s = position_boxes[head, j]
            for d in range(4):
                to = s + offsets[d]
                if fill_marks[s - offsets[d]] != fill or relaxed_occupied[to] or dead[to]:
                    continue
                position_boxes[head, j] = to
                paired = dead_pair(pairs, position_boxes[head, :boxes], to, s)
                position_boxes[head, j] = s
                if paired:
                    continue
                relaxed_box_at[s], relaxed_box_at[to] = -1, j
                relaxed_occupied[s], relaxed_occupied[to] = 0, 1
                for o in offsets:  # did the push let the player in?
                    if members[s + o] == member and not relaxed_occupied[s + o]:
                        dead_corral = False
                if dead_corral and not freeze_deadlock(
                    walls, dead, goal_mask, relaxed_box_at, offsets, to, held, frames, s
                ):
                    child_canonical = moved_box_canonical(relaxed_occupied, width, fill_marks,
                                                          fill, canonical, s, to)
                    if child_canonical < 0:
                        child_fill = next_stamp(stamps, _CHILD_FILL_STAMP, child_marks)
                        child_canonical = scanline_fill(relaxed_occupied, width, s, child_marks,
                                                        child_fill, stack)
                    child_key = key ^ box_keys[s] ^ box_keys[to] ^ player_keys[child_canonical]
                    slot = table_find(slots, position_keys, child_key)
                    if slot < 0:
                        if count == MAX_CORRAL_POSITIONS:
                            dead_corral = False  # too big to tell
                        else:
                            position_boxes[count, :boxes] = position_boxes[head, :boxes]
                            position_boxes[count, j] = to
                            position_players[count] = child_canonical
                            position_keys[count] = child_key
                            slots[-(slot + 1)] = count
                            count += 1
                relaxed_box_at[to], relaxed_box_at[s] = -1, j
                relaxed_occupied[to], relaxed_occupied[s] = 0, 1
                if not dead_corral:
                    break
        head += 1
    for j in range(boxes):  # leave the relaxed board empty for the next test
        s = position_boxes[placed, j]
        relaxed_box_at[s] = -1
        relaxed_occupied[s] = 0
    answers[answer_at] = (position_keys[0] & ~np.uint64(1)) | np.uint64(dead_corral)
    return dead_corral


