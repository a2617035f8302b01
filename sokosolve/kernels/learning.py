"""Deadlock learning from subtrees: when the nodes stored under a node reach a count, that
node is examined, and if it is proved dead its subtree is cut off and its pattern learned.

A search that made an early mistake (two boxes locked together, a goal
sealed off) can spend most of its time in the wide subtree below it, each
position cheap to prove dead but none of them tested. The search counts
the nodes stored under each node (:func:`grow_subtrees`, walking up from
each expanded node only as far as the counts are below the trigger, so the
walk is short). A node whose count reaches :data:`SUBTREE_TRIGGER` is
examined (:func:`examine`): its free boxes are taken off (and if too many
are left, those on goals, then the free ones again; if still too many, all but
those nearest the box pushed last, within a share of their own) and, if
few are left, the rest is proved dead or not by a small search
(:mod:`sokosolve.kernels.deadlock_proof`). A node proved dead is marked, and
every node stored below it dies when the search takes it up; the fewest of
its boxes that stay dead, with the player's region, become a pattern
(:mod:`sokosolve.kernels.patterns`) that kills every later position holding
them, anywhere in the tree and in the other searches of the same direction.
"""

from __future__ import annotations

import numba
import numpy as np

from .deadlock_proof import (
    LOCAL_POSITIONS,
    POSITIONS,
    drop_free_boxes,
    fewest_dead_boxes,
    prove_dead,
    relaxed_fill,
)
from .layout import DeadPairs, Macros, Patterns
from .macros import push_ends
from .patterns import MAX_PATTERN_BOXES, add_pattern

#: The subtree size at which a node is examined (Festival: 64 pushing, 128 pulling).
SUBTREE_TRIGGER = 64
#: The positions of each proof (Festival: 500).
PROOF_BUDGET = 500
#: The most nodes one expansion can make examined; more wait for a later expansion.
MAX_EXAMINED = 4
#: The proofs' share of the work: the positions all proofs searched stay below this
#: many per stored state, past the first :data:`FREE_PROOF_POSITIONS`.
PROOF_POSITIONS_PER_STATE = 0.5
FREE_PROOF_POSITIONS = 2000
#: The share of the proofs of boxes kept near the box moved last (:func:`examine`), within
#: the proofs' share: most of them fail, and each that fails costs a search a state or so.
LOCAL_POSITIONS_PER_STATE = 0.1


@numba.njit(cache=True)
def grow_subtrees(parents: np.ndarray, sizes: np.ndarray, node: int, added: int,
                  trigger: int, reached: np.ndarray) -> int:
    """Adds ``added`` new children of ``node`` to the subtree sizes of it and its ancestors;
    the ancestors whose size reached ``trigger`` go into ``reached``, deepest first, and
    their number is returned.

    Sizes stop at the trigger: a node at it has every ancestor at it too, so
    the walk up ends there.
    """
    found = 0
    at = node
    while at >= 0 and sizes[at] < trigger:
        sizes[at] += added
        if sizes[at] >= trigger:
            sizes[at] = trigger
            if found < reached.size:
                reached[found] = at
                found += 1
        at = parents[at]
    return found


@numba.njit(cache=True)
def may_examine(work: tuple, stored: int) -> bool:
    """Whether the proofs of proof workspace ``work`` are within their share of a search
    that stored ``stored`` states: past it, nodes that reach the trigger are not examined."""
    return work[0][POSITIONS] < PROOF_POSITIONS_PER_STATE * stored + FREE_PROOF_POSITIONS


@numba.njit(cache=True)
def may_prove_locally(work: tuple, stored: int) -> bool:
    """Whether the proofs of boxes kept near the box moved last are within their share
    (:data:`LOCAL_POSITIONS_PER_STATE`) of a search that stored ``stored`` states."""
    return work[0][LOCAL_POSITIONS] < LOCAL_POSITIONS_PER_STATE * stored + FREE_PROOF_POSITIONS


@numba.njit(cache=True)
def dead_ancestor(parents: np.ndarray, dead_nodes: np.ndarray, node: int) -> bool:
    """Whether ``node`` or a node above it is proved dead."""
    at = node
    while at >= 0:
        if dead_nodes[at]:
            return True
        at = parents[at]
    return False


@numba.njit(cache=True)
def ancestor_boxes(
    node: int, ancestor: int, parents: np.ndarray, pushes: np.ndarray, offsets: np.ndarray,
    macros: Macros, backward: bool, box_squares: np.ndarray, boxes: np.ndarray,
) -> int:
    """Writes the box squares of ``ancestor``, a node above ``node`` whose boxes are
    ``box_squares``, into ``boxes``; returns its player's square."""
    boxes[:] = box_squares
    at = node
    while at != ancestor:
        source, target, _ = push_ends(pushes[at], offsets, macros, backward)
        for i in range(boxes.size):
            if boxes[i] == target:
                boxes[i] = source
                break
        at = parents[at]
    if parents[ancestor] < 0:
        return pushes[ancestor]  # a root keeps its player's square
    return push_ends(pushes[ancestor], offsets, macros, backward)[2]


@numba.njit(cache=True)
def keep_nearest(boxes: np.ndarray, left: int, most: int, near: int, width: int,
                 box_at: np.ndarray, occupied: np.ndarray) -> None:
    """Takes off all but the ``most`` of the first ``left`` boxes of ``boxes`` nearest
    (in rows and columns) to the square ``near``; those come first in ``boxes``."""
    row, column = near // width, near % width
    for j in range(most):
        best, best_distance = j, 1 << 30
        for i in range(j, left):
            distance = abs(boxes[i] // width - row) + abs(boxes[i] % width - column)
            if distance < best_distance:
                best, best_distance = i, distance
        boxes[j], boxes[best] = boxes[best], boxes[j]
    for j in range(most, left):
        box_at[boxes[j]] = -1
        occupied[boxes[j]] = 0


@numba.njit(cache=True)
def examine(
    work: tuple, patterns: Patterns, walls: np.ndarray, goal_mask: np.ndarray,
    dead: np.ndarray, offsets: np.ndarray, width: int, box_keys: np.ndarray,
    player_keys: np.ndarray, held: np.ndarray, frames: np.ndarray, pairs: DeadPairs,
    boxes: np.ndarray, player: int, backward: bool, most: int = MAX_PATTERN_BOXES,
    near: int = -1, drop_free: bool = True,
) -> bool:
    """Whether the position of box squares ``boxes`` and the player on ``player`` is proved
    dead (``pairs``: the table of dead box pairs the proof uses, see
    :func:`~sokosolve.kernels.deadlock_proof.prove_dead`); if so, its pattern is stored in
    ``patterns`` (unless the store is full).
    ``boxes`` is reordered. A proof takes at most ``most`` boxes: if more are left once
    the free ones are off, the boxes on goals are taken off too, then the free ones
    again; if still too many, all but the ``most`` nearest to ``near`` (the square of the
    box moved last; -1: none), then the free ones again. Without ``drop_free`` the proof
    starts from ``boxes`` as they are (the boxes around sealed squares of
    :mod:`sokosolve.kernels.diagonals`, where a box that can only be pushed into the
    sealed squares would count as free)."""
    k = boxes.size
    box_at, occupied = work[2], work[3]
    for j in range(k):
        box_at[boxes[j]] = j
        occupied[boxes[j]] = 1
    left = k
    if drop_free:
        left = drop_free_boxes(work, work[1], dead, offsets, width, boxes, k, player,
                               backward)[0]
    if left > most:
        # Any box may be taken off (the rest can do no more with it there); a goal area
        # filled half-way holds many boxes that are seldom part of the deadlock.
        off = 0
        for j in range(left):
            s = boxes[j]
            if goal_mask[s]:
                box_at[s] = -1
                occupied[s] = 0
            else:
                boxes[j] = boxes[off]
                boxes[off] = s
                off += 1
        left = drop_free_boxes(work, work[1], dead, offsets, width, boxes, off, player,
                               backward)[0] if 0 < off < left else off
    before = work[0][POSITIONS]
    local = left > most and near >= 0
    if local:
        # A mistake is most often next to the box moved last.
        keep_nearest(boxes, left, most, near, width, box_at, occupied)
        left = drop_free_boxes(work, work[1], dead, offsets, width, boxes, most, player,
                               backward)[0]
    for j in range(left):
        box_at[boxes[j]] = -1
        occupied[boxes[j]] = 0
    if left > most or left == 0:
        return False
    proved = prove_dead(work, walls, goal_mask, dead, offsets, width, box_keys, player_keys,
                        held, frames, pairs, boxes, left, player, backward, PROOF_BUDGET)
    if proved:
        left = fewest_dead_boxes(work, walls, goal_mask, dead, offsets, width, box_keys,
                                 player_keys, held, frames, pairs, boxes, left, player,
                                 backward, PROOF_BUDGET)
        # The pattern's region: the player's, with only the pattern's boxes on the board.
        for j in range(left):
            occupied[boxes[j]] = 1
        stamp = relaxed_fill(work, work[1], width, player)[0]
        for j in range(left):
            occupied[boxes[j]] = 0
        add_pattern(patterns, boxes[:left].copy(), work[1], stamp)
    if local:
        work[0][LOCAL_POSITIONS] += work[0][POSITIONS] - before
    return proved
