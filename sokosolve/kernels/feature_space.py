"""The open list of the feature-space search: states sorted into cells by what they achieved.

After FESS (Shoham and Schaeffer), every state is projected onto a small
*feature space*; here three features:

- **packing**: how many boxes are packed (more is better): forward, goals
  filled after the goals they come after in the packing plan
  (:mod:`sokosolve.analysis.packing_plan`), or how far a parking plan is done
  (:mod:`sokosolve.analysis.parking_plan`); backward, boxes on their start
  squares; and
- **connectivity**: into how many separate areas the boxes cut the free
  squares (fewer is better: the player can get to more of the board); and
- **out of plan**: how many boxes stand where the plan's next goals will seal
  them off (:mod:`sokosolve.analysis.out_of_plan`; fewer is better, 0 for a
  search without those zones).

Each combination of values is a *cell* with an open list of its own. The
search takes one state from each non-empty cell in turn, best state of the
cell first (by the cell's key, e.g. pushes + weight * lower bound), so no
single heuristic decides where all the effort goes: a state that packed one
more box or opened the board up gets expanded soon even if the lower bound
does not like it. As in FESS, a search may give every other turn to the
:func:`best_cell`, the one that has got furthest.

The cells' open lists are pairing heaps threaded through per-node arrays
(``first_child``, ``next_sibling``, ``keys``): 16 bytes a state, O(1) to
insert, O(log n) amortised to take the minimum.

>>> import numpy as np
>>> keys = np.array([5, 3, 9, 1], dtype=np.int64)
>>> child = np.full(4, -1, dtype=np.int32); sibling = np.full(4, -1, dtype=np.int32)
>>> root = -1
>>> for node in range(4):
...     root = heap_insert(root, node, keys, child, sibling)
>>> order = []
>>> while root >= 0:
...     order.append(root); root = heap_pop(root, keys, child, sibling)
>>> order
[3, 1, 0, 2]
"""

from __future__ import annotations

import numba
import numpy as np

from .distances import UNREACHABLE
from .jit import borrowing
from .layout import Plan
from .reach import scanline_fill, stays_connected

#: Connectivity values above this share a cell.
MAX_CONNECTIVITY = 31
#: Out-of-plan counts above this share a cell.
MAX_OUT_OF_PLAN = 7


@numba.njit(cache=True)
def out_of_plan_levels(plan: Plan) -> int:
    """How many values the out-of-plan feature takes: 1 (always 0) without zones."""
    return MAX_OUT_OF_PLAN + 1 if plan.out_of_plan.shape[0] else 1


@numba.njit(cache=True)
def cell_count(boxes: int, levels: int) -> int:
    """How many cells the feature space of a level with ``boxes`` boxes has, with
    ``levels`` out-of-plan values."""
    return (boxes + 1) * (MAX_CONNECTIVITY + 1) * levels


@numba.njit(cache=True)
def feature_cell(packed: int, areas: int, out_of_plan: int, levels: int) -> int:
    """The cell of a state with ``packed`` boxes on goals, ``areas`` separate free areas
    and ``out_of_plan`` boxes in the plan's way (of ``levels`` values)."""
    return ((packed * (MAX_CONNECTIVITY + 1) + min(areas, MAX_CONNECTIVITY)) * levels
            + min(out_of_plan, levels - 1))


@numba.njit(cache=True)
def best_cell(cells: np.ndarray, top: int, levels: int) -> int:
    """The non-empty cell of ``cells`` (heap roots, -1: empty) with the most packed boxes,
    then the fewest free areas, then the fewest boxes out of plan; -1 if all are empty.
    No cell packs more than ``top`` boxes: the scan starts there."""
    row = (MAX_CONNECTIVITY + 1) * levels
    for packed in range(min(top, cells.size // row - 1), -1, -1):
        for cell in range(packed * row, (packed + 1) * row):
            if cells[cell] >= 0:
                return cell
    return -1


@numba.njit(cache=True)
def cell_packed(cell: int, levels: int) -> int:
    """The packed boxes of the states in ``cell``."""
    return cell // ((MAX_CONNECTIVITY + 1) * levels)


@numba.njit(cache=True)
def label_areas(
    occupied: np.ndarray, width: int, marks: np.ndarray, first_label: int, stack: np.ndarray,
) -> int:
    """Labels the free areas ``first_label``, ``first_label + 1``, ... in ``marks``; returns
    how many there are. Labels below ``first_label`` are left from earlier calls."""
    areas = 0
    for s in range(occupied.size):
        if not occupied[s] and marks[s] < first_label:
            scanline_fill(occupied, width, s, marks, first_label + areas, stack)
            areas += 1
    return areas


@numba.njit(cache=True)
def areas_after_push(
    occupied: np.ndarray, width: int, marks: np.ndarray, first_label: int, areas: int,
    vacated: int, filled: int,
) -> int:
    """The number of free areas after a box moved one square, ``vacated`` to ``filled``, or -1
    if a local look cannot tell.

    ``marks`` holds the labels of :func:`label_areas` from before the move
    (``areas`` of them), ``occupied`` the board after it. The filled square
    leaves its area, which vanishes if that was all of it and may split (then
    the answer is -1 unless the eight squares around show it does not); the
    vacated square joins the areas around it into one, or is a new one.
    """
    filled_label = -1
    for step in (-1, -width, 1, width):
        s = filled + step
        if not occupied[s] and s != vacated:
            filled_label = marks[s]
    if filled_label < 0:
        areas -= 1  # the filled square was an area of its own
    elif not stays_connected(marks, filled_label, width, filled, -1):
        return -1
    return areas_lifting(occupied, width, marks, first_label, areas, vacated)


@numba.njit(cache=True)
def areas_lifting(
    occupied: np.ndarray, width: int, marks: np.ndarray, first_label: int, areas: int,
    square: int,
) -> int:
    """The number of free areas with the box on ``square`` taken off the board, or -1 if
    ``marks`` (``areas`` labels of :func:`label_areas`) does not label the squares around:
    the square joins the areas around it into one, or is a new one."""
    joined = 0
    first = second = third = -1  # the distinct labels met so far
    for step in (-1, -width, 1, width):
        s = square + step
        if occupied[s]:
            continue
        label = marks[s]
        if label < first_label:
            return -1  # not labelled: the caller's labels do not cover this board
        if label != first and label != second and label != third:
            joined += 1
            if first < 0:
                first = label
            elif second < 0:
                second = label
            else:
                third = label
    return areas + 1 - joined


@numba.njit(cache=True)
def _meld(a: int, b: int, keys: np.ndarray, child: np.ndarray, sibling: np.ndarray) -> int:
    """Joins two heap roots (siblings unset); the larger becomes the first child of the smaller."""
    if keys[b] < keys[a]:
        a, b = b, a
    sibling[b] = child[a]
    child[a] = b
    return a


@numba.njit(cache=True)
def heap_insert(root: int, node: int, keys: np.ndarray, child: np.ndarray,
                sibling: np.ndarray) -> int:
    """Adds ``node`` to the heap at ``root`` (-1: empty); returns the new root."""
    child[node] = -1
    sibling[node] = -1
    if root < 0:
        return node
    return _meld(root, node, keys, child, sibling)


@numba.njit(cache=True)
def heap_pop(root: int, keys: np.ndarray, child: np.ndarray, sibling: np.ndarray) -> int:
    """Removes ``root``, the minimum; returns the new root (-1: empty).

    The two passes of the pairing heap: meld the children in pairs, left to
    right, then meld the pairs into one, right to left.
    """
    pairs = -1  # melded pairs, the last one first, linked through ``sibling``
    a = child[root]
    while a >= 0:
        b = sibling[a]
        sibling[a] = -1
        if b >= 0:
            rest = sibling[b]
            sibling[b] = -1
            a = _meld(a, b, keys, child, sibling)
        else:
            rest = -1
        sibling[a] = pairs
        pairs = a
        a = rest
    result = -1
    while pairs >= 0:
        rest = sibling[pairs]
        sibling[pairs] = -1
        result = pairs if result < 0 else _meld(result, pairs, keys, child, sibling)
        pairs = rest
    return result


@borrowing
def _after_packed(plan: Plan, packed: np.ndarray, k: int) -> bool:
    """Whether every goal that the packing plan's goal ``k`` comes after is packed."""
    for i in range(plan.first[k], plan.first[k + 1]):
        if not packed[plan.after[i]]:
            return False
    return True


@borrowing
def plan_packed(plan: Plan, box_at: np.ndarray, packed: np.ndarray) -> int:
    """How many goals are packed: boxed, and every goal they come after is packed.

    ``packed`` is a work array of a flag per goal (or more), overwritten."""
    goals = plan.goals
    count = 0
    for k in range(goals.size):
        packed[k] = box_at[goals[k]] >= 0 and _after_packed(plan, packed, k)
        count += packed[k]
    return count


@numba.njit(cache=True)
def next_goal_distance(plan: Plan, packed: np.ndarray, square: int) -> int:
    """The pushes that take a lone box on ``square`` to the nearest goal the packing plan
    fills next (not packed, every goal it comes after packed; ``packed`` holds
    :func:`plan_packed`'s flags), by the plan's ``goal_distances``; 0 on a packed goal or
    once every goal is packed."""
    goals = plan.goals
    nearest = -1
    for k in range(goals.size):
        if packed[k]:
            if goals[k] == square:
                return 0
            continue
        if _after_packed(plan, packed, k) and (
                nearest < 0 or plan.goal_distances[k, square] < nearest):
            nearest = plan.goal_distances[k, square]
    return max(nearest, 0)


@borrowing
def parked_packed(plan: Plan, box_at: np.ndarray) -> int:
    """How far a parking plan (:mod:`sokosolve.analysis.parking_plan`) is done: the longest
    prefix of its steps whose boxes are on their targets, or have moved on by a later step
    of the prefix; less the boxes of its first steps (on their squares from the start)
    that are missing. If one that never moves is missing, only those present count."""
    targets, until, initial = plan.goals, plan.until, plan.initial
    present = 0  # of the boxes that never move
    missing = False
    for i in range(initial):
        if until[i] < 0:
            if box_at[targets[i]] >= 0:
                present += 1
            else:
                missing = True
    if missing:
        return present
    packed = targets.size
    for i in range(targets.size - 1, initial - 1, -1):
        if box_at[targets[i]] < 0 and (until[i] < 0 or until[i] >= packed):
            packed = i
    gone = 0  # boxes of the first steps missing before they move on
    for i in range(initial):
        if box_at[targets[i]] < 0 and until[i] >= packed:
            gone += 1
    return packed - gone


@borrowing
def phase_packed(plan: Plan, box_at: np.ndarray, flags: np.ndarray) -> int:
    """How far a phase plan (:mod:`sokosolve.analysis.phase_plan`) is done: the targets of
    the phases before the furthest phase it may be in, and the boxed targets of that
    phase. The position may be in phase ``g`` if every target of the phases before ``g`` is
    boxed or its box has moved on (a parked box leaves in the phase that takes it to its
    goal, ``vacate``, or later; a goal's box never). ``flags`` is a work array of a flag
    per target: left False for the empty targets of that phase, True for the others."""
    targets, first, vacate = plan.goals, plan.phase_first, plan.vacate
    phases = first.size - 1
    # An empty target rules out the phases after its own up to the one that moves its box
    # on (a goal's box: all of them). From the last phase down, each phase ruled out sends
    # the search to the target's own phase, as every phase between is ruled out too.
    phase = phases
    ruled_out = True
    while ruled_out:
        ruled_out = False
        own = 0  # the phase of target k
        for k in range(first[phase]):
            while k >= first[own + 1]:
                own += 1
            last = vacate[k] - 1 if vacate[k] < phases else phases
            if box_at[targets[k]] < 0 and phase <= last:
                phase = own
                ruled_out = True
                break
    for k in range(targets.size):
        flags[k] = True
    if phase == phases:
        return targets.size
    filled = 0
    for k in range(first[phase], first[phase + 1]):
        if box_at[targets[k]] >= 0:
            filled += 1
        else:
            flags[k] = False
    return first[phase] + filled


@numba.njit(cache=True)
def _needed_phase_end(plan: Plan, flags: np.ndarray) -> int:
    """The end of the phase of the first target a phase plan still needs boxed (``flags`` of
    :func:`phase_packed`), 0 if it needs none."""
    first = plan.phase_first
    for k in range(plan.goals.size):
        if not flags[k]:
            for p in range(first.size - 1):
                if first[p] <= k < first[p + 1]:
                    return first[p + 1]
    return 0


@numba.njit(cache=True)
def phase_goal_distance(plan: Plan, flags: np.ndarray, square: int) -> int:
    """The pushes that take a lone box on ``square`` to the nearest target a phase plan
    still needs boxed (``flags`` of :func:`phase_packed`), by the plan's
    ``goal_distances``; 0 on a target of the phases up to that one, or once all are
    done."""
    targets = plan.goals
    nearest = -1
    for k in range(targets.size):
        if not flags[k] and (nearest < 0 or plan.goal_distances[k, square] < nearest):
            nearest = plan.goal_distances[k, square]
    for k in range(_needed_phase_end(plan, flags)):
        if flags[k] and targets[k] == square:
            return 0
    return max(nearest, 0)


@numba.njit(cache=True)
def next_targets(plan: Plan, box_at: np.ndarray, flags: np.ndarray, targets: np.ndarray,
                 keep: np.ndarray) -> int:
    """Marks with 1 in ``targets`` the squares of the goals a packing or phase plan fills
    next (none for a parking plan), and in ``keep`` those of the goals whose boxes count
    as packed; returns how many targets it marked. ``flags`` is the plan's work array;
    :func:`clear_targets` unmarks both."""
    goals = plan.goals
    marked = 0
    if plan.until.size or not goals.size:
        return 0
    if plan.phase_first.size:
        phase_packed(plan, box_at, flags)
        for k in range(_needed_phase_end(plan, flags)):
            if not flags[k]:
                targets[goals[k]] = 1
                marked += 1
            elif box_at[goals[k]] >= 0:
                keep[goals[k]] = 1
        return marked
    plan_packed(plan, box_at, flags)
    for k in range(goals.size):
        if flags[k]:
            keep[goals[k]] = 1
        elif _after_packed(plan, flags, k):
            targets[goals[k]] = 1
            marked += 1
    return marked


@numba.njit(cache=True)
def nearest_walk(plan: Plan, targets: np.ndarray, square: int) -> int:
    """The player's steps from ``square`` to the nearest goal marked in ``targets`` (of
    :func:`next_targets`), by the plan's ``walks``."""
    nearest = UNREACHABLE
    for k in range(plan.goals.size):
        if targets[plan.goals[k]] and plan.walks[k, square] < nearest:
            nearest = plan.walks[k, square]
    return nearest


@numba.njit(cache=True)
def clear_targets(plan: Plan, targets: np.ndarray, keep: np.ndarray) -> None:
    """Undoes :func:`next_targets`."""
    for square in plan.goals:
        targets[square] = 0
        keep[square] = 0


@borrowing
def packed_count(plan: Plan, box_at: np.ndarray, flags: np.ndarray, on_goal: int) -> int:
    """The packing feature of a position with ``on_goal`` boxes on goals: by the parking
    plan, by the phase plan, by the packing plan (``flags`` its work array), or, with none,
    ``on_goal``."""
    if plan.until.size:
        return parked_packed(plan, box_at)
    if plan.phase_first.size:
        return phase_packed(plan, box_at, flags)
    if plan.goals.size:
        return plan_packed(plan, box_at, flags)
    return on_goal


@borrowing
def boxes_marked(boards: np.ndarray, box_squares: np.ndarray, packed: int) -> int:
    """How many boxes stand on the squares marked in ``boards[packed]`` (uint8 ``[packed,
    square]``; the last row past its end; 0 with no rows): with the plan's out-of-plan
    zones, the boxes in its way; with its imagined boards, those already where it
    imagines them next."""
    if boards.shape[0] == 0:
        return 0
    board = boards[min(packed, boards.shape[0] - 1)]
    count = 0
    for square in box_squares:
        count += board[square]
    return count
