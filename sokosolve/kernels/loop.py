"""The push-level search: one jitted best-first loop, four orderings, two directions.

- ``BFS``: breadth first over pushes; the first solution found is push-optimal.
- ``ASTAR``: A* on ``g + h`` with the matching lower bound; push-optimal.
- ``GREEDY``: weighted A* on ``g + weight * h``, never reopening a state; fast, not optimal.
- ``FEATURES``: the same order, but within cells of a feature space taken in
  turn (:mod:`sokosolve.kernels.feature_space`); for hard levels. Given goal areas
  (:mod:`sokosolve.analysis.area_commitment`), it pushes only the last pushed box's
  area while that area has an empty goal, and keeps the nodes whose other
  pushes it held back in a heap of their own, expanded in full once the
  cells run dry.

Forward, the moves are pushes from the start; backward, they are pulls from
the goals back to the start squares (see :func:`start_search`). A state is the
set of box squares plus the player's region; its key is the Zobrist key of
the boxes XOR the key of the region's canonical square (:mod:`sokosolve.kernels.reach`).
States live in the node arrays of :mod:`sokosolve.kernels.table`. The lower bound of a
state counts each box's pushes (backward, pulls) from the side of it the
player is on (:mod:`sokosolve.kernels.push_sides`), and forward it treats the boxes
frozen on goals as walls (:mod:`sokosolve.kernels.frozen_goals`); a state where some
box can reach no free goal that way is dropped (except in BFS, which uses no
bound).

The loop checks the clock (and a stop flag that another process may set)
every 32 expansions and the state cap on every insert, and stops with a
status; it can also pause after a number of expansions and go on later, and
check its new states against another search's table, which is how a forward
and a backward search meet (:mod:`sokosolve.search.meet`). Limits: at most
2**18 squares on the padded board, 65535 pushes deep.
"""

from __future__ import annotations

import time

import numba
import numpy as np

from .corral_deadlocks import corral_deadlock, corral_workspace
from .corrals import pi_corral_pushes
from .deadlocks import freeze_deadlock, freeze_workspace, is_frozen
from .distances import UNREACHABLE
from .feature_space import (
    MAX_CONNECTIVITY,
    areas_after_push,
    cell_count,
    feature_cell,
    heap_insert,
    heap_pop,
    label_areas,
    plan_packed,
)
from .frozen_goals import frozen_workspace, position_table
from .heuristics import matching_after_move, matching_bound, matching_workspace
from .push_sides import ANY_SIDE, SIDES, box_node, pushed_box_node
from .reach import moved_box_canonical, scanline_fill
from .table import grow, table_find, table_rehash

# Search orderings.
BFS, ASTAR, GREEDY, FEATURES = 0, 1, 2, 3
# Statuses a search ends with; RUNNING: not ended (paused).
SOLVED, UNSOLVABLE, TIMEOUT, LIMIT, RUNNING = 0, 1, 2, 3, 4
_NEED_ROOM = -1  # the loop stops for its tables to grow

# The loop's counters, kept in an array between its runs.
(_COUNT, _HEAD, _HEAP_SIZE, _CURRENT, _STAMP, _CHILD_STAMP, _LABEL, _GOAL_NODE, _EXPANDED,
 _GENERATED, _RESTRICTED, _DEAD_CORRALS, _CELL, _AREA_LABEL, _MEET_NODE, _DEFERRED,
 _PROGRESS_SIZE) = range(17)

_CLOCK_EVERY = 32
# An open-list entry is f (bits 44-62, at most _OPEN_F_MAX), 65535 - g (28-43)
# and the node (0-27): the smallest f comes first, then the most pushes made
# (the least h), then the oldest node. An entry whose g is no longer the
# node's is stale: A* reached the node again with fewer pushes.
_OPEN_F, _OPEN_G = 44, 28
_OPEN_F_MAX = (1 << 19) - 1
_OPEN_G_MASK = (1 << 16) - 1
_OPEN_NODE_MASK = (1 << 28) - 1
MAX_STATES = _OPEN_NODE_MASK
# A stored push is (pushes << _STEPS_SHIFT) | (box square << 2) | direction.
_STEPS_SHIFT = 20
_SQUARE_MASK = (1 << (_STEPS_SHIFT - 2)) - 1
MAX_SQUARES = _SQUARE_MASK + 1
_NO_PARENT = -1


@numba.njit(cache=True)
def _clock() -> float:
    with numba.objmode(now="float64"):
        now = time.perf_counter()
    return now


@numba.njit(cache=True)
def _unpack(push: int) -> tuple[int, int, int]:
    """(box square, direction, pushes) of a stored push; more than one push is a tunnel macro,
    none a goal macro (then the "square" is the macro's number)."""
    return (push >> 2) & _SQUARE_MASK, push & 3, push >> _STEPS_SHIFT


@numba.njit(cache=True)
def _push_ends(
    push: int, offsets: np.ndarray, macros: tuple, backward: bool
) -> tuple[int, int, int]:
    """(square the box left, square it reached, player's square after) of a stored push.

    A goal macro ``m`` (:mod:`sokosolve.analysis.packing`) is stored as ``-(m + 1)``
    when the box starts on the room's entrance, and as a push of no steps
    when it is first pushed onto the entrance from a direction.
    """
    if push < 0:
        macro = -push - 1
        entrance = macros[8][macros[7][macro]] >> 2
        return entrance, macros[5][macro], macros[6][macro]
    square, direction, steps = _unpack(push)
    if steps == 0:
        entrance = macros[8][macros[7][square]] >> 2
        return entrance - offsets[direction], macros[5][square], macros[6][square]
    to = square + steps * offsets[direction]
    return square, to, to + offsets[direction] if backward else to - offsets[direction]


@numba.njit(cache=True)
def _push_length(push: int, macros: tuple) -> int:
    """How many single pushes a stored push stands for (see :func:`_push_ends`)."""
    macro_path_first = macros[7]
    if push < 0:
        return macro_path_first[-push] - macro_path_first[-push - 1]
    square, _, steps = _unpack(push)
    if steps == 0:
        return 1 + macro_path_first[square + 1] - macro_path_first[square]
    return steps


@numba.njit(cache=True)
def _goal_macro(
    macros: tuple, box_at: np.ndarray, occupied: np.ndarray, width: int, offsets: np.ndarray,
    entrance: int, player: int, marks: np.ndarray, stamp: int, stack: np.ndarray,
) -> int:
    """The goal macro for a box just pushed onto ``entrance``, or -1.

    It applies when the room holds boxes on exactly the first goals of its
    packing order and the player, on ``player``, can step behind the entrance.
    """
    entrance_room, room_inward, room_first, room_squares, room_square_first = macros[:5]
    macro_goal = macros[5]
    room = entrance_room[entrance]
    if room < 0:
        return -1
    inside = 0
    for k in range(room_square_first[room], room_square_first[room + 1]):
        inside += box_at[room_squares[k]] >= 0
    macro = room_first[room] + inside
    if macro >= room_first[room + 1]:
        return -1  # the room is full
    for k in range(room_first[room], macro):
        if box_at[macro_goal[k]] < 0:
            return -1  # the boxes inside are not where the packing order puts them
    behind = entrance - offsets[room_inward[room]]
    if player != behind:
        scanline_fill(occupied, width, player, marks, stamp, stack)
        if marks[behind] != stamp:
            return -1
    return macro


@numba.njit(cache=True)
def _in_tunnel(walls: np.ndarray, offsets: np.ndarray, square: int, direction: int) -> bool:
    """Walls on both sides of ``square`` across ``direction``."""
    across = offsets[(direction + 1) & 3]
    return walls[square + across] and walls[square - across]


@numba.njit(cache=True)
def _move_box(
    box_squares: np.ndarray, box_at: np.ndarray, occupied: np.ndarray, source: int, target: int
) -> None:
    i = box_at[source]
    box_at[source] = -1
    box_at[target] = i
    box_squares[i] = target
    occupied[source] = 0
    occupied[target] = 1


@numba.njit(cache=True)
def _move_to(
    node: int, current: int, parents: np.ndarray, pushes: np.ndarray, depths: np.ndarray,
    offsets: np.ndarray, macros: tuple, box_squares: np.ndarray, box_at: np.ndarray,
    occupied: np.ndarray, path: np.ndarray, backward: bool,
) -> int:
    """Turns the boxes of node ``current`` into those of ``node``; returns ``node``'s player.

    Pushes are undone up to the nearest common ancestor and replayed down from
    it, so consecutive nodes that are near in the tree (siblings in BFS) cost
    a few moves, not a replay from the root. A node's push count is always
    above its parent's, even after A* reopens nodes, which is what the walk
    up by push counts relies on. Roots share the start boxes and keep their
    player square where other nodes keep their push.
    """
    a, b, k = current, node, 0
    while a != b:
        a_root, b_root = parents[a] == _NO_PARENT, parents[b] == _NO_PARENT
        if a_root and b_root:
            break
        if b_root or (not a_root and depths[a] >= depths[b]):
            source, target, _ = _push_ends(pushes[a], offsets, macros, backward)
            _move_box(box_squares, box_at, occupied, target, source)
            a = parents[a]
        else:
            path[k] = pushes[b]
            k += 1
            b = parents[b]
    for j in range(k - 1, -1, -1):
        source, target, _ = _push_ends(path[j], offsets, macros, backward)
        _move_box(box_squares, box_at, occupied, source, target)
    if parents[node] == _NO_PARENT:
        return pushes[node]
    return _push_ends(pushes[node], offsets, macros, backward)[2]


@numba.njit(cache=True)
def _open_entry(g: int, h: int, weight: int, node: int) -> np.int64:
    f = min(np.int64(g) + weight * np.int64(h), _OPEN_F_MAX)
    return (f << _OPEN_F) | (np.int64(_OPEN_G_MASK - g) << _OPEN_G) | node


@numba.njit(cache=True)
def _heap_push(heap: np.ndarray, size: int, entry: np.int64) -> None:
    i = size
    while i > 0:
        parent = (i - 1) >> 1
        if heap[parent] <= entry:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = entry


@numba.njit(cache=True)
def _heap_pop(heap: np.ndarray, size: int) -> np.int64:
    """Removes and returns the smallest of the ``size`` entries of a binary heap."""
    top = heap[0]
    size -= 1
    entry = heap[size]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= entry:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = entry
    return top


@numba.njit(cache=True)
def start_search(
    walls: np.ndarray, goal_mask: np.ndarray, dead: np.ndarray, goal_distances: np.ndarray,
    areas: np.ndarray, offsets: np.ndarray, width: int, start_boxes: np.ndarray,
    start_players: np.ndarray, box_keys: np.ndarray, player_keys: np.ndarray,
    ordering: int, weight: int, max_states: int, deadline: float, pi_corrals: bool,
    tunnels: bool, backward: bool, target_player: int, macros: tuple, dead_corrals: bool,
    frozen_goals: bool, plan: tuple, stop: np.ndarray,
) -> tuple[int, tuple]:
    """Sets up a search for pushes that put every box on a goal: ``(status, search)``.

    ``goal_distances`` is a node table ``[goal, node]`` of :mod:`sokosolve.kernels.push_sides`
    over the side ``areas`` of the walls (backward, of pulls to the start squares).

    Each of ``start_players`` starts a root state. With ``backward`` the moves
    are pulls instead, the goals are the level's start squares, and a state
    is solved when its boxes are on them and ``target_player`` is in its
    region; the caller turns the pulls found into pushes. ``macros`` are the
    goal-room tables of :func:`sokosolve.analysis.packing.macro_tables` (forward only);
    the corral deadlock test (``dead_corrals``) and bounds that see boxes frozen on goals
    (``frozen_goals``) are forward only too. ``plan`` is the packing plan of
    :func:`sokosolve.analysis.packing_plan.plan_tables` that the feature-space search
    counts packed boxes by (an empty one: boxes on goals), followed by the area
    numbers of :mod:`sokosolve.analysis.area_commitment` (per square, per box) if the
    search commits to one goal area at a time (empty arrays if not).
    ``deadline`` is a ``time.perf_counter()`` value; setting ``stop[0]`` (an
    array another process may share) ends the search as at the deadline.

    The status is ``RUNNING`` unless a root already decides it; then
    :func:`run_search` goes on, and :func:`search_path` and
    :func:`search_counts` read the result.
    """
    n = walls.size
    nboxes = start_boxes.size
    box_squares = start_boxes.copy()
    box_nodes = SIDES * start_boxes + ANY_SIDE  # each box's node, set at each expansion
    box_at = np.full(n, -1, dtype=np.int32)
    occupied = walls.copy()
    for i in range(nboxes):
        box_at[start_boxes[i]] = i
        occupied[start_boxes[i]] = 1
    marks = np.zeros(n, dtype=np.int32)
    stack = np.empty(2 * n + 4, dtype=np.int64)
    scratch = (
        marks, np.zeros(n, dtype=np.int32), stack, np.zeros(n, dtype=np.uint8),
        np.zeros(n, dtype=np.int64), np.empty(n, dtype=np.int64),
        np.zeros(4 * nboxes, dtype=np.uint8), freeze_workspace(nboxes),
        np.empty(1 << 16, dtype=np.int32), matching_workspace(nboxes),
        matching_workspace(nboxes), corral_workspace(n, walls), np.zeros(n, dtype=np.int32),
        np.zeros(nboxes, dtype=np.bool_), np.bincount(plan[3][plan[3] >= 0]),  # goals per area
        np.empty(nboxes, dtype=np.int64),  # the box nodes of the matching in parent_work
    )

    capacity = min(1 << 12, max_states)
    keys = np.empty(capacity, dtype=np.uint64)
    parents = np.empty(capacity, dtype=np.int32)
    pushes = np.empty(capacity, dtype=np.int32)
    depths = np.empty(capacity, dtype=np.uint16)
    slots = np.full(capacity * 2, -1, dtype=np.int32)
    heap = np.empty(capacity if ordering != FEATURES else 0, dtype=np.int64)  # see _OPEN_*
    heap_size = 0  # entries in the open list
    # The feature-space search's open lists, one pairing heap a cell.
    cells = np.full(cell_count(nboxes) if ordering == FEATURES else 0, -1, dtype=np.int32)
    cell_capacity = capacity if ordering == FEATURES else 0
    first_child = np.empty(cell_capacity, dtype=np.int32)
    next_sibling = np.empty(cell_capacity, dtype=np.int32)
    cell_keys = np.empty(cell_capacity, dtype=np.int64)

    boxes_key = np.uint64(0)
    on_goal = 0
    for b in start_boxes:
        boxes_key ^= box_keys[b]
        on_goal += goal_mask[b]
    status = UNSOLVABLE  # unless some root has a bound
    goal_node = -1
    count = 0
    stamp = 1
    for root_player in start_players:
        stamp += 1
        canonical = scanline_fill(occupied, width, root_player, marks, stamp, stack)
        h = 0
        if ordering != BFS:
            for i in range(nboxes):
                box_nodes[i] = box_node(areas, offsets, box_squares[i], marks, stamp)
            h = matching_bound(goal_distances, box_nodes, scratch[9])
            if h >= UNREACHABLE:
                continue  # some box can reach no goal from this side
        if status == UNSOLVABLE:
            status = RUNNING
        key = boxes_key ^ player_keys[canonical]
        slot = table_find(slots, keys, key)
        if slot >= 0:
            continue  # another start square of the same region
        keys[count] = key
        parents[count] = _NO_PARENT
        pushes[count] = root_player
        depths[count] = 0
        slots[-(slot + 1)] = count
        if on_goal == nboxes and (not backward or marks[target_player] == stamp):
            goal_node = count  # the level starts solved
            status = SOLVED
        if ordering == FEATURES:
            cell_keys[count] = weight * h
            free_areas = label_areas(occupied, width, marks, stamp + 1, stack)
            stamp += free_areas
            packed = plan_packed(plan, box_at, scratch[13]) if plan[0].size else on_goal
            cell = feature_cell(packed, free_areas)
            cells[cell] = heap_insert(cells[cell], count, cell_keys, first_child, next_sibling)
            heap_size += 1
        elif ordering != BFS:
            _heap_push(heap, heap_size, _open_entry(0, h, weight, count))
            heap_size += 1
        count += 1

    # Distance tables per set of boxes frozen on goals, for the forward bounds, and each
    # stored state's table, found when it was generated.
    tabulate = frozen_goals and not backward and ordering != BFS
    frozen = frozen_workspace(goal_distances, tabulate, areas, width)
    # a board too large for more than the static table never reads them
    node_tables = np.zeros(capacity if frozen[0].shape[0] > 1 else 0, dtype=np.int16)
    progress = np.zeros(_PROGRESS_SIZE, dtype=np.int64)
    progress[_COUNT], progress[_HEAP_SIZE], progress[_STAMP] = count, heap_size, stamp
    progress[_CHILD_STAMP], progress[_GOAL_NODE], progress[_AREA_LABEL] = 1, goal_node, 1
    progress[_MEET_NODE], progress[_DEFERRED] = -1, -1
    return status, (
        (walls, goal_mask, dead, goal_distances, areas, offsets, box_keys, player_keys), macros,
        (width, ordering, weight, max_states, deadline, pi_corrals, tunnels, backward,
         target_player, dead_corrals, stop),
        (box_squares, box_at, occupied, box_nodes), scratch,
        (keys, parents, pushes, depths, slots, heap, node_tables),
        (cells, first_child, next_sibling, cell_keys, plan), frozen, progress,
    )


@numba.njit(cache=True)
def run_search(
    search: tuple, pause_after: int, meet_keys: np.ndarray, meet_slots: np.ndarray,
) -> tuple[int, tuple]:
    """Runs a search of :func:`start_search` on: ``(status, search)``.

    It pauses (status ``RUNNING``) once ``pause_after`` states are expanded in
    all. ``meet_slots`` and ``meet_keys`` are another search's table (empty:
    none): a new state that it holds too ends the search as ``SOLVED``, with
    the other search's node in :func:`search_counts`; the two paths join
    there (:mod:`sokosolve.search.meet`).
    """
    board, macros, settings, position, scratch, table, cell_lists, frozen, progress = search
    keys, parents, pushes, depths, slots, heap, node_tables = table
    cells, first_child, next_sibling, cell_keys = cell_lists[:4]
    ordering, max_states = settings[1], settings[3]
    room = 4 * position[0].size  # the most children one expansion can add
    while True:
        status = _expand_nodes(
            board, macros, settings, position, scratch,
            (keys, parents, pushes, depths, slots, heap, node_tables), cell_lists, frozen,
            progress, room, pause_after, meet_keys, meet_slots,
        )
        if status != _NEED_ROOM:
            break
        # The table grows here, between runs of the loop: arrays that the loop
        # itself reassigns cost numba reference counting on every step.
        count = progress[_COUNT]
        if count + room > keys.size:
            capacity = min(max(keys.size * 2, count + room), max_states)
            keys = grow(keys, capacity)
            parents = grow(parents, capacity)
            pushes = grow(pushes, capacity)
            depths = grow(depths, capacity)
            if node_tables.size:
                node_tables = grow(node_tables, capacity)
            if ordering == FEATURES:
                first_child = grow(first_child, capacity)
                next_sibling = grow(next_sibling, capacity)
                cell_keys = grow(cell_keys, capacity)
                cell_lists = (cells, first_child, next_sibling, cell_keys, cell_lists[4])
        size = slots.size
        while 4 * (count + room) > 3 * size:
            size *= 2
        if size > slots.size:
            slots = table_rehash(keys, count, size)
        if ordering != FEATURES and progress[_HEAP_SIZE] + room > heap.size:
            heap = grow(heap, max(heap.size * 2, progress[_HEAP_SIZE] + room))
    return status, (
        board, macros, settings, position, scratch,
        (keys, parents, pushes, depths, slots, heap, node_tables), cell_lists, frozen, progress,
    )


@numba.njit(cache=True)
def search_counts(search: tuple) -> np.ndarray:
    """``[expanded, generated, stored, restricted, dead, goal node, meet node]`` of a search:
    ``restricted`` counts the expansions that a PI-corral cut down, ``dead`` the nodes not
    expanded as corral deadlocks; the goal node is the solved (or met) state."""
    progress = search[-1]
    return np.array([
        progress[_EXPANDED], progress[_GENERATED], progress[_COUNT], progress[_RESTRICTED],
        progress[_DEAD_CORRALS], progress[_GOAL_NODE], progress[_MEET_NODE],
    ])


@numba.njit(cache=True)
def first_meeting(
    search: tuple, first: int, other_keys: np.ndarray, other_slots: np.ndarray
) -> tuple[int, int]:
    """The first state of ``search`` from node ``first`` on that another search's table
    (:func:`search_table`) holds too, as ``(node, the other search's node)``; ``(-1, -1)``
    if there is none."""
    keys, count = search[5][0], search[-1][_COUNT]
    for node in range(first, count):
        slot = table_find(other_slots, other_keys, keys[node])
        if slot >= 0:
            return node, other_slots[slot]
    return -1, -1


def open_cells(search: tuple) -> list[tuple[int, int, int]]:
    """``(packed, areas, best node)`` of each feature cell that still holds states, the most
    packed first (a feature-space search; none otherwise): where the search has got to."""
    cells = search[6][0]
    found = [(int(c) // (MAX_CONNECTIVITY + 1), int(c) % (MAX_CONNECTIVITY + 1), int(cells[c]))
             for c in np.flatnonzero(cells >= 0)]
    return sorted(found, key=lambda cell: (-cell[0], cell[1]))


def search_table(search: tuple) -> tuple[np.ndarray, np.ndarray]:
    """``(keys, slots)``: the stored states of a search, for another to meet
    (:func:`run_search`)."""
    table = search[5]
    return table[0], table[4]


@numba.njit(cache=True)
def search_path(search: tuple, node: int) -> np.ndarray:
    """The single pushes (``box_square * 4 + direction``) from the root to ``node``, in order;
    pulls in a backward search."""
    offsets = search[0][5]
    macros = search[1]
    backward = search[2][7]
    parents, pushes = search[5][1], search[5][2]
    macro_path_first, macro_pushes = macros[7], macros[8]
    total = 0
    at = node
    while parents[at] != _NO_PARENT:
        total += _push_length(pushes[at], macros)
        at = parents[at]
    path = np.empty(total, dtype=np.int32)
    at = node
    while parents[at] != _NO_PARENT:
        push = pushes[at]
        square, direction, steps = _unpack(push)
        if push < 0 or steps == 0:  # a goal macro: (onto the entrance, then) its pushes
            macro = -push - 1 if push < 0 else square
            first, last = macro_path_first[macro], macro_path_first[macro + 1]
            for k in range(last - 1, first - 1, -1):
                total -= 1
                path[total] = macro_pushes[k]
            if push >= 0:  # the push onto the entrance
                total -= 1
                path[total] = _push_ends(push, offsets, macros, backward)[0] * 4 + direction
        else:
            for k in range(steps - 1, -1, -1):
                total -= 1
                path[total] = (square + k * offsets[direction]) * 4 + direction
        at = parents[at]
    return path


@numba.njit(cache=True)
def _expand_nodes(
    board, macros, settings, position, scratch, table, cell_lists, frozen, progress, room,
    pause_after, meet_keys, meet_slots,
) -> int:
    """The search loop of :func:`run_search`, on tables of a fixed size.

    Runs until the search ends or pauses (returning its status) or until the
    next expansion might not fit in the tables (returning ``_NEED_ROOM``);
    the loop's counters live in ``progress`` between runs.
    """
    walls, goal_mask, dead, goal_distances, sides, offsets, box_keys, player_keys = board
    (width, ordering, weight, max_states, deadline, pi_corrals, tunnels, backward,
     target_player, dead_corrals, stop) = settings
    box_squares, box_at, occupied, box_nodes = position
    (marks, child_marks, stack, held, labels, corral_stack, allowed, frames, path, work,
     parent_work, corral_work, area_marks, plan_flags, area_goals, matched_nodes) = scratch
    keys, parents, pushes, depths, slots, heap, node_tables = table
    cells, first_child, next_sibling, cell_keys, plan = cell_lists
    tables = frozen[0]
    frozen_goals = tables.shape[0] > 1  # bounds see boxes frozen on goals
    cell = progress[_CELL]  # the feature-space search's turn
    area_label = progress[_AREA_LABEL]  # the next free label in ``area_marks``
    deferred = progress[_DEFERRED]  # a heap of nodes whose other areas' pushes wait
    released = False  # the node is expanded from ``deferred``: no commitment
    areas = 0  # free areas of the expanded node, labelled from ``first_area`` on
    first_area = 0
    nboxes = box_squares.size
    count, head, heap_size = progress[_COUNT], progress[_HEAD], progress[_HEAP_SIZE]
    current, stamp, child_stamp = progress[_CURRENT], progress[_STAMP], progress[_CHILD_STAMP]
    label, goal_node, meet_node = progress[_LABEL], progress[_GOAL_NODE], progress[_MEET_NODE]
    expanded, generated = progress[_EXPANDED], progress[_GENERATED]
    restricted, dead_corral_nodes = progress[_RESTRICTED], progress[_DEAD_CORRALS]
    matched = -1  # the node whose matching is in ``parent_work``
    matched_table = 0  # the distance table of that matching
    distances = tables[0]  # the expanded node's table: 0 is the static one
    table_index = 0
    status = UNSOLVABLE

    while True:
        if expanded >= pause_after:
            status = RUNNING
            break
        if ((count + room > keys.size and keys.size < max_states)
                or 4 * (count + room) > 3 * slots.size
                or ((ordering == ASTAR or ordering == GREEDY) and heap_size + room > heap.size)):
            status = _NEED_ROOM
            break
        if ordering == BFS:
            if head == count:
                break
            node = head
            head += 1
        elif ordering == FEATURES:
            released = heap_size == 0
            if released:  # the committed search is stuck: push other areas' boxes now
                if deferred < 0:
                    break
                node = deferred
                deferred = heap_pop(node, cell_keys, first_child, next_sibling)
            else:
                while cells[cell] < 0:
                    cell = cell + 1 if cell + 1 < cells.size else 0
                node = cells[cell]
                cells[cell] = heap_pop(node, cell_keys, first_child, next_sibling)
                heap_size -= 1
                cell = cell + 1 if cell + 1 < cells.size else 0
        else:
            if heap_size == 0:
                break
            entry = _heap_pop(heap, heap_size)
            heap_size -= 1
            node = entry & _OPEN_NODE_MASK
            if _OPEN_G_MASK - ((entry >> _OPEN_G) & _OPEN_G_MASK) != depths[node]:
                continue  # a stale entry: the node was reached again with fewer pushes
        expanded += 1
        if expanded % _CLOCK_EVERY == 0 and (_clock() > deadline or stop[0]):
            status = TIMEOUT
            break
        player = _move_to(node, current, parents, pushes, depths, offsets, macros, box_squares,
                          box_at, occupied, path, backward)
        current = node
        on_goal = 0
        for b in box_squares:
            on_goal += goal_mask[b]
        stamp += 1
        canonical = scanline_fill(occupied, width, player, marks, stamp, stack)
        if ordering != BFS and on_goal == nboxes and (
            not backward or marks[target_player] == stamp
        ):
            goal_node = node
            status = SOLVED
            break
        if dead_corrals and not backward:
            tested = box_squares  # the start: every box's corral
            if parents[node] != _NO_PARENT:  # the pushed box's: the parent tested the others
                pushed = box_at[_push_ends(pushes[node], offsets, macros, backward)[1]]
                tested = box_squares[pushed:pushed + 1]
            corral_dead = False
            for b in tested:
                corral_dead = corral_dead or corral_deadlock(
                    walls, goal_mask, dead, offsets, width, box_at, marks, stamp, player, b,
                    box_keys, player_keys, stack, held, frames, corral_work,
                )
            if corral_dead:
                dead_corral_nodes += 1
                continue
        if ordering != BFS:  # children's bounds start from this node's matching
            if frozen_goals:
                if parents[node] == _NO_PARENT:
                    table_index = position_table(walls, dead, goal_mask, box_squares, box_at,
                                                 offsets, box_keys, held, frames, frozen, player)
                else:
                    table_index = node_tables[node]
                distances = tables[table_index]
            for i in range(nboxes):  # the side of each box the player is on
                box_nodes[i] = box_node(sides, offsets, box_squares[i], marks, stamp)
            moved = -1
            if parents[node] == matched and matched >= 0 and table_index == matched_table:
                # a child of the last expanded node, with the same frozen boxes
                moved = box_at[_push_ends(pushes[node], offsets, macros, backward)[1]]
                for i in range(nboxes):  # and the other boxes' sides unchanged
                    if i != moved and box_nodes[i] != matched_nodes[i]:
                        moved = -1
                        break
            if moved >= 0:
                matching_after_move(distances, box_nodes, moved, parent_work, work)
                parent_work[:3] = work[:3]
            elif matching_bound(distances, box_nodes, parent_work) >= UNREACHABLE:
                matched = -1  # frozen boxes or the player's side left some box without a goal
                continue
            matched = node
            matched_table = table_index
            matched_nodes[:] = box_nodes
        if ordering == FEATURES:
            if area_label > (1 << 30):
                area_marks[:] = 0
                area_label = 1
            first_area = area_label
            areas = label_areas(occupied, width, area_marks, first_area, stack)
            area_label += areas
        box_key = keys[node] ^ player_keys[canonical]
        g = depths[node] + 1
        only_corral = -1
        if pi_corrals and not backward:
            only_corral, label = pi_corral_pushes(
                walls, box_at, box_squares, goal_mask, dead, offsets, marks, stamp, labels,
                label, corral_stack, allowed,
            )
            restricted += only_corral >= 0
        only_area = -1  # committed to one goal area: that of the last box, while it has room
        if area_goals.size and not released and parents[node] != _NO_PARENT:
            last_area = plan[4][box_at[_push_ends(pushes[node], offsets, macros, backward)[1]]]
            filled = 0
            for b in box_squares:
                if plan[3][b] == last_area:  # -1 off the goals
                    filled += 1
            if filled < area_goals[last_area]:
                only_area = last_area
        held_back = False  # pushes of other areas' boxes, left for when the search is stuck
        for i in range(nboxes):
            square = box_squares[i]
            if only_area >= 0 and plan[4][i] != only_area:
                held_back = True
                continue
            for d in range(4):
                to = square + offsets[d]
                if backward:  # the player on ``to`` steps back, pulling the box
                    if marks[to] != stamp or occupied[to + offsets[d]] or dead[to]:
                        continue
                elif (marks[square - offsets[d]] != stamp or walls[to] or box_at[to] >= 0
                      or dead[to]):
                    continue
                if only_corral >= 0 and not allowed[i * 4 + d]:
                    continue
                # Tunnel macro: with box and player both in a one-wide tunnel and no
                # goal in the way, push on while the box stays in the tunnel.
                steps = 1
                while (tunnels and not goal_mask[to] and _in_tunnel(walls, offsets, to, d)
                       and _in_tunnel(walls, offsets, to - offsets[d], d)):
                    ahead = to + offsets[d]
                    if walls[ahead] or box_at[ahead] >= 0 or dead[ahead]:
                        break
                    if not _in_tunnel(walls, offsets, ahead, d):
                        break
                    to = ahead
                    steps += 1
                # Goal macro: a box pushed onto a goal room's entrance, or inward from
                # it, goes on to the room's next goal (sokosolve.analysis.packing).
                stored = (steps << _STEPS_SHIFT) | (square << 2) | d
                macro = -1
                if (steps == 1 and not backward and macros[0][square] >= 0
                        and d == macros[1][macros[0][square]]):
                    macro = _goal_macro(macros, box_at, occupied, width, offsets, square,
                                        square - offsets[d], child_marks, child_stamp, stack)
                    if macro >= 0:
                        stored = -(macro + 1)
                _move_box(box_squares, box_at, occupied, square, to)
                if macro < 0 and steps == 1 and not backward and macros[0][to] >= 0:
                    child_stamp += 1
                    macro = _goal_macro(macros, box_at, occupied, width, offsets, to, square,
                                        child_marks, child_stamp, stack)
                    if macro >= 0:
                        stored = (macro << 2) | d  # no steps: onto the entrance, then on
                landing = to
                if macro >= 0:
                    landing = macros[5][macro]
                    _move_box(box_squares, box_at, occupied, to, landing)
                    steps = _push_length(stored, macros)
                after = _push_ends(stored, offsets, macros, backward)[2]  # the player's square
                child_table = table_index
                if not backward and macro < 0 and freeze_deadlock(
                    walls, dead, goal_mask, box_at, offsets, to, held, frames, after
                ):
                    h = UNREACHABLE
                elif ordering == BFS:
                    h = 0
                else:
                    if frozen_goals and goal_mask[landing] and is_frozen(
                        walls, dead, box_at, offsets, landing, held, frames, after
                    ):
                        child_table = position_table(walls, dead, goal_mask, box_squares,
                                                     box_at, offsets, box_keys, held, frames,
                                                     frozen, after)
                    box_nodes[i] = pushed_box_node(sides, offsets, landing, after)
                    if child_table == table_index:
                        h = matching_after_move(distances, box_nodes, i, parent_work, work)
                    else:  # the push froze a box on a goal: a bound of its own table
                        h = matching_bound(tables[child_table], box_nodes, work)
                    box_nodes[i] = matched_nodes[i]
                if h < UNREACHABLE:
                    generated += 1
                    child_canonical = -1
                    if steps == 1 and macro < 0:
                        child_canonical = moved_box_canonical(
                            occupied, width, marks, stamp, canonical, square, to
                        )
                    if child_canonical < 0:
                        child_stamp += 1
                        child_canonical = scanline_fill(
                            occupied, width, after, child_marks, child_stamp, stack
                        )
                    child_key = box_key ^ box_keys[square] ^ box_keys[landing] ^ player_keys[
                        child_canonical
                    ]
                    slot = table_find(slots, keys, child_key)
                    child = -1
                    if slot < 0:
                        if count == max_states:
                            status = LIMIT
                        else:
                            child = count
                            count += 1
                            keys[child] = child_key
                            slots[-(slot + 1)] = child
                            if meet_slots.size > 0:
                                met = table_find(meet_slots, meet_keys, child_key)
                                if met >= 0:
                                    meet_node = meet_slots[met]
                                    goal_node = child
                                    status = SOLVED
                    elif ordering == ASTAR and g + steps - 1 < depths[slots[slot]]:
                        child = slots[slot]  # reached again with fewer pushes: reopen
                    if child >= 0:
                        parents[child] = node
                        pushes[child] = stored
                        depths[child] = g + steps - 1
                        if frozen_goals:
                            node_tables[child] = child_table
                        if ordering == BFS:
                            goal_on = on_goal - goal_mask[square] + goal_mask[landing]
                            if goal_on == nboxes and backward:  # is the player home too?
                                child_stamp += 1
                                scanline_fill(occupied, width, to + offsets[d], child_marks,
                                              child_stamp, stack)
                                if child_marks[target_player] != child_stamp:
                                    goal_on = -1
                            if goal_on == nboxes:
                                goal_node = child
                                status = SOLVED
                        elif ordering == FEATURES:
                            cell_keys[child] = depths[child] + weight * h
                            child_areas = -1
                            if steps == 1 and macro < 0:
                                child_areas = areas_after_push(occupied, width, area_marks,
                                                               first_area, areas, square, to)
                            if child_areas < 0:
                                child_areas = label_areas(occupied, width, child_marks,
                                                          child_stamp + 1, stack)
                                child_stamp += child_areas
                            if plan[0].size:
                                packed = plan_packed(plan, box_at, plan_flags)
                            else:
                                packed = on_goal - goal_mask[square] + goal_mask[landing]
                            child_cell = feature_cell(packed, child_areas)
                            cells[child_cell] = heap_insert(cells[child_cell], child, cell_keys,
                                                            first_child, next_sibling)
                            heap_size += 1
                        else:
                            _heap_push(heap, heap_size,
                                       _open_entry(depths[child], h, weight, child))
                            heap_size += 1
                _move_box(box_squares, box_at, occupied, landing, square)
                if status == SOLVED or status == LIMIT:
                    break
            if status == SOLVED or status == LIMIT:
                break
        if status == SOLVED or status == LIMIT:
            break
        if held_back:  # expanded again, unrestricted, once the committed states run out
            deferred = heap_insert(deferred, node, cell_keys, first_child, next_sibling)

    progress[_COUNT], progress[_HEAD], progress[_HEAP_SIZE] = count, head, heap_size
    progress[_CURRENT], progress[_STAMP], progress[_CHILD_STAMP] = current, stamp, child_stamp
    progress[_LABEL], progress[_GOAL_NODE], progress[_MEET_NODE] = label, goal_node, meet_node
    progress[_EXPANDED], progress[_GENERATED] = expanded, generated
    progress[_RESTRICTED], progress[_DEAD_CORRALS] = restricted, dead_corral_nodes
    progress[_CELL], progress[_AREA_LABEL], progress[_DEFERRED] = cell, area_label, deferred
    return status
