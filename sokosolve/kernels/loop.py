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

from .advisors import follow_advice, opens_pushes, zone_steps
from .corral_deadlocks import corral_deadlock, corral_workspace
from .corrals import pi_corral_pushes
from .dead_pairs import dead_pair
from .deadlock_proof import proof_workspace
from .deadlocks import freeze_deadlock, freeze_workspace, is_frozen
from .diagonals import chain_boxes, diagonal_workspace
from .distances import UNREACHABLE
from .feature_space import (
    MAX_CONNECTIVITY,
    areas_after_push,
    areas_lifting,
    best_cell,
    boxes_marked,
    cell_count,
    cell_packed,
    clear_targets,
    feature_cell,
    heap_insert,
    heap_pop,
    label_areas,
    nearest_walk,
    next_goal_distance,
    next_targets,
    out_of_plan_levels,
    packed_count,
    phase_goal_distance,
)
from .frozen_goals import frozen_workspace, position_table
from .goal_side import goal_side_dead
from .heuristics import matching_after_move, matching_bound, matching_workspace
from .hotspots import count_hotspots
from .jit import borrowing
from .layout import (
    PROGRESS_SIZE,
    Cells,
    Code,
    Macros,
    Order,
    Patterns,
    Plan,
    Position,
    Progress,
    Scratch,
    SearchState,
    Settings,
    Table,
    Tables,
)
from .learning import (
    MAX_EXAMINED,
    ancestor_boxes,
    dead_ancestor,
    examine,
    grow_subtrees,
    may_examine,
    may_prove_locally,
)
from .macros import (
    ROUTE,
    ROUTE_SHIFT,
    ROUTE_SQUARES,
    STEPS_SHIFT,
    goal_macro,
    in_tunnel,
    push_ends,
    push_length,
    unpack,
)
from .open_list import G_MASK, G_SHIFT, NODE_MASK, open_entry, open_pop, open_push
from .patterns import MAX_PATTERN_BOXES, matching_pattern
from .push_sides import ANY_SIDE, SIDES, box_node, pushed_box_node
from .reach import moved_box_canonical, scanline_fill
from .rooms import blocked_links
from .routes import (
    ROUTED_BOXES,
    box_reach,
    nearest_routes,
    reached_canonical,
    reached_regions,
    reached_states,
    route_length,
    route_pushes,
    route_workspace,
)
from .table import grow, table_find, table_rehash

BFS, ASTAR, GREEDY, FEATURES = Order.BFS, Order.ASTAR, Order.GREEDY, Order.FEATURES
SOLVED, UNSOLVABLE, TIMEOUT, LIMIT, RUNNING = (
    Code.SOLVED, Code.UNSOLVABLE, Code.TIMEOUT, Code.LIMIT, Code.RUNNING)
_NEED_ROOM = -1  # the loop stops for its tables to grow

_CLOCK_EVERY = 32
_NO_PARENT = -1


@numba.njit(cache=True)
def clock() -> float:
    """``time.perf_counter()``, from jitted code."""
    with numba.objmode(now="float64"):
        now = time.perf_counter()
    return now


@borrowing
def _move_box(
    box_squares: np.ndarray, box_at: np.ndarray, occupied: np.ndarray, source: int, target: int
) -> None:
    i = box_at[source]
    box_at[source] = -1
    box_at[target] = i
    box_squares[i] = target
    occupied[source] = 0
    occupied[target] = 1


@borrowing
def _push(
    macros: Macros, walls: np.ndarray, goal_mask: np.ndarray, dead: np.ndarray,
    offsets: np.ndarray, width: int, box_squares: np.ndarray, box_at: np.ndarray,
    occupied: np.ndarray, tunnels: bool, backward: bool, square: int, d: int,
    child_marks: np.ndarray, child_stamp: int, stack: np.ndarray,
) -> tuple[int, int, int, int, int, int]:
    """Makes the push of the box on ``square`` in direction ``d`` (a pull backward), with
    the macros it starts: ``(stored push, square after the first push or tunnel, square
    the box lands on, pushes, goal macro or -1, child_stamp)``."""
    to = square + offsets[d]
    # Tunnel macro: with box and player both in a one-wide tunnel and no
    # goal in the way, push on while the box stays in the tunnel.
    steps = 1
    while (tunnels and not goal_mask[to] and in_tunnel(walls, offsets, to, d)
           and in_tunnel(walls, offsets, to - offsets[d], d)):
        ahead = to + offsets[d]
        if walls[ahead] or box_at[ahead] >= 0 or dead[ahead]:
            break
        if not in_tunnel(walls, offsets, ahead, d):
            break
        to = ahead
        steps += 1
    # Goal macro: a box pushed onto a goal room's entrance, or inward from
    # it, goes on to the room's next goal (sokosolve.analysis.packing).
    stored = (steps << STEPS_SHIFT) | (square << 2) | d
    macro = -1
    if (steps == 1 and not backward and macros.entrance_room[square] >= 0
            and d == macros.room_inward[macros.entrance_room[square]]):
        macro = goal_macro(macros, box_at, occupied, width, offsets, square,
                           square - offsets[d], child_marks, child_stamp, stack)
        if macro >= 0:
            stored = -(macro + 1)
    _move_box(box_squares, box_at, occupied, square, to)
    if macro < 0 and steps == 1 and not backward and macros.entrance_room[to] >= 0:
        child_stamp += 1
        macro = goal_macro(macros, box_at, occupied, width, offsets, to, square,
                           child_marks, child_stamp, stack)
        if macro >= 0:
            stored = (macro << 2) | d  # no steps: onto the entrance, then on
    landing = to
    if macro >= 0:
        landing = macros.goal[macro]
        _move_box(box_squares, box_at, occupied, to, landing)
        steps = push_length(stored, macros)
    return stored, to, landing, steps, macro, child_stamp


@borrowing
def _move_to(
    node: int, current: int, parents: np.ndarray, pushes: np.ndarray, depths: np.ndarray,
    offsets: np.ndarray, macros: Macros, box_squares: np.ndarray, box_at: np.ndarray,
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
            source, target, _ = push_ends(pushes[a], offsets, macros, backward)
            _move_box(box_squares, box_at, occupied, target, source)
            a = parents[a]
        else:
            path[k] = pushes[b]
            k += 1
            b = parents[b]
    for j in range(k - 1, -1, -1):
        source, target, _ = push_ends(path[j], offsets, macros, backward)
        _move_box(box_squares, box_at, occupied, source, target)
    if parents[node] == _NO_PARENT:
        return pushes[node]
    return push_ends(pushes[node], offsets, macros, backward)[2]


@numba.njit(cache=True)
def _room(nboxes: int, tables: Tables, settings: Settings) -> int:
    """The most children one expansion can add: four pushes a box, and the routes (with
    box moves, each box to each square a box may stand on, from each side)."""
    if not settings.box_moves:
        return 4 * nboxes + ROUTED_BOXES
    squares = np.count_nonzero((tables.walls == 0) & (tables.dead == 0))
    return 4 * nboxes * (squares + 1)


@numba.njit(cache=True)
def start_search(
    tables: Tables, settings: Settings, macros: Macros, plan: Plan, patterns: Patterns,
    start_boxes: np.ndarray, start_players: np.ndarray,
) -> tuple[int, SearchState]:
    """Sets up a search for pushes that put every box on a goal: ``(status, search)``.

    Each of ``start_players`` starts a root state. With ``settings.backward`` the
    moves are pulls instead, the goals are the level's start squares, and a state
    is solved when its boxes are on them and ``settings.target_player`` is in its
    region; the caller turns the pulls found into pushes. ``macros`` are the
    goal-room tables (forward only; empty arrays: none); the corral deadlock test
    and bounds that see boxes frozen on goals are forward only too. ``plan`` is
    the packing plan that the feature-space search counts packed boxes by (empty:
    boxes on goals), and the goal areas if the search commits to one goal area at
    a time (empty if not). ``patterns`` is the store of learned deadlock patterns
    that the search uses and, with ``settings.learn``, adds to
    (:mod:`sokosolve.kernels.learning`).

    The status is ``RUNNING`` unless a root already decides it; then
    :func:`run_search` goes on, and :func:`search_path` and
    :func:`search_counts` read the result.
    """
    walls, goal_mask, goal_distances, areas = (
        tables.walls, tables.goal_mask, tables.distances, tables.sides)
    offsets, width, box_keys, player_keys = (
        tables.offsets, settings.width, tables.box_keys, tables.player_keys)
    ordering, weight, max_states = settings.order, settings.weight, settings.max_states
    backward, target_player = settings.backward, settings.target_player
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
    scratch = Scratch(
        marks, np.zeros(n, dtype=np.int32), stack, np.zeros(n, dtype=np.uint8),
        np.zeros(n, dtype=np.int64), np.empty(n, dtype=np.int64),
        np.zeros(4 * nboxes, dtype=np.uint8), freeze_workspace(nboxes),
        np.empty(1 << 16, dtype=np.int32), matching_workspace(nboxes),
        matching_workspace(nboxes), corral_workspace(n, walls, nboxes), np.zeros(n, dtype=np.int32),
        np.zeros(max(nboxes, plan.goals.size), dtype=np.bool_),
        np.bincount(plan.goal_area[plan.goal_area >= 0]),
        np.empty(nboxes, dtype=np.int64), proof_workspace(n, walls),
        np.empty(nboxes, dtype=np.int32),
        np.empty((_room(nboxes, tables, settings), 11), dtype=np.int32),
        route_workspace(n if settings.pack_moves or settings.box_moves else 0),
        np.zeros(n, dtype=np.int32),
        np.zeros(n, dtype=np.uint8), np.full((nboxes, 2), -1, dtype=np.int32),
        diagonal_workspace(n),
    )

    capacity = min(1 << 12, max_states)
    keys = np.empty(capacity, dtype=np.uint64)
    parents = np.empty(capacity, dtype=np.int32)
    pushes = np.empty(capacity, dtype=np.int32)
    depths = np.empty(capacity, dtype=np.uint16)
    slot_count = 2  # a power of two, as table_find's probing needs
    while slot_count < 2 * capacity:
        slot_count *= 2
    slots = np.full(slot_count, -1, dtype=np.int32)
    heap = np.empty(capacity if ordering != FEATURES else 0, dtype=np.int64)  # see _OPEN_*
    heap_size = 0  # entries in the open list
    # The feature-space search's open lists, one pairing heap a cell.
    # (a parking plan may have more steps than boxes)
    cells = np.full(cell_count(max(nboxes, plan.goals.size), out_of_plan_levels(plan))
                    if ordering == FEATURES else 0, -1,
                    dtype=np.int32)
    cell_capacity = capacity if ordering == FEATURES else 0
    first_child = np.empty(cell_capacity, dtype=np.int32)
    next_sibling = np.empty(cell_capacity, dtype=np.int32)
    cell_keys = np.empty(cell_capacity, dtype=np.int64)
    learned_capacity = capacity if settings.learn else 0
    subtree_sizes = np.empty(learned_capacity, dtype=np.int32)
    dead_nodes = np.empty(learned_capacity, dtype=np.uint8)

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
            h = matching_bound(goal_distances, box_nodes, scratch.parent_work)
            if h >= UNREACHABLE:
                continue  # some box can reach no goal from this side
        if status == UNSOLVABLE:
            status = RUNNING
        key = boxes_key ^ player_keys[canonical]
        slot = table_find(slots, keys, key)
        if slot >= 0:
            continue  # another start square of the same region
        if count == max_states:  # more regions than the states allowed
            if status != SOLVED:
                status = LIMIT
            break
        keys[count] = key
        parents[count] = _NO_PARENT
        pushes[count] = root_player
        depths[count] = 0
        slots[-(slot + 1)] = count
        if settings.learn:
            subtree_sizes[count] = 1
            dead_nodes[count] = 0
        if on_goal == nboxes and (not backward or marks[target_player] == stamp):
            goal_node = count  # the level starts solved
            status = SOLVED
        if ordering == FEATURES:
            cell_keys[count] = weight * h
            free_areas = label_areas(occupied, width, marks, stamp + 1, stack)
            stamp += free_areas
            packed = packed_count(plan, box_at, scratch.plan_flags, on_goal)
            cell = feature_cell(packed, free_areas,
                                boxes_marked(plan.out_of_plan, box_squares, packed),
                                out_of_plan_levels(plan))
            cells[cell] = heap_insert(cells[cell], count, cell_keys, first_child, next_sibling)
            heap_size += 1
        elif ordering != BFS:
            open_push(heap, heap_size, open_entry(0, h, weight, count))
            heap_size += 1
        count += 1

    # Distance tables per set of boxes frozen on goals, for the forward bounds, and each
    # stored state's table, found when it was generated.
    tabulate = settings.frozen_goals and not backward and ordering != BFS
    frozen = frozen_workspace(goal_distances, tabulate, areas, width, walls, goal_mask, offsets)
    # a board too large for more than the static table never reads them
    node_tables = np.zeros(capacity if frozen[0].shape[0] > 1 else 0, dtype=np.int16)
    progress = np.zeros(PROGRESS_SIZE, dtype=np.int64)
    progress[Progress.COUNT] = count
    progress[Progress.HEAP_SIZE] = heap_size
    progress[Progress.STAMP] = stamp
    progress[Progress.CHILD_STAMP] = 1
    progress[Progress.GOAL_NODE] = goal_node
    progress[Progress.AREA_LABEL] = 1
    progress[Progress.MEET_NODE] = -1
    progress[Progress.DEFERRED] = -1
    return status, SearchState(
        tables, macros, settings, Position(box_squares, box_at, occupied, box_nodes), scratch,
        Table(keys, parents, pushes, depths, slots, heap, node_tables, subtree_sizes,
              dead_nodes),
        Cells(cells, first_child, next_sibling, cell_keys), plan, frozen, patterns, progress,
    )


@numba.njit(cache=True)
def run_search(
    search: SearchState, pause_after: int, meet_keys: np.ndarray, meet_slots: np.ndarray,
) -> tuple[int, SearchState]:
    """Runs a search of :func:`start_search` on: ``(status, search)``.

    It pauses (status ``RUNNING``) once ``pause_after`` states are expanded in
    all. ``meet_slots`` and ``meet_keys`` are another search's table (empty:
    none): a new state that it holds too ends the search as ``SOLVED``, with
    the other search's node in :func:`search_counts`; the two paths join
    there (:mod:`sokosolve.search.meet`).
    """
    table, cells, progress = search.table, search.cells, search.progress
    ordering, max_states = search.settings.order, search.settings.max_states
    room = search.scratch.child_features.shape[0]  # one row a child: start_search's _room
    while True:
        status = _expand_nodes(search, table, cells, room, pause_after, meet_keys, meet_slots)
        if status != _NEED_ROOM:
            break
        # The table grows here, between runs of the loop: arrays that the loop
        # itself reassigns cost numba reference counting on every step.
        keys, slots, heap, node_tables = table.keys, table.slots, table.heap, table.node_tables
        subtree_sizes, dead_nodes = table.subtree_sizes, table.dead_nodes
        count = progress[Progress.COUNT]
        if count + room > keys.size:
            capacity = min(max(keys.size * 2, count + room), max_states)
            keys = grow(keys, capacity)
            if node_tables.size:
                node_tables = grow(node_tables, capacity)
            if subtree_sizes.size:
                subtree_sizes = grow(subtree_sizes, capacity)
                dead_nodes = grow(dead_nodes, capacity)
            table = Table(keys, grow(table.parents, capacity), grow(table.pushes, capacity),
                          grow(table.depths, capacity), slots, heap, node_tables,
                          subtree_sizes, dead_nodes)
            if ordering == FEATURES:
                cells = Cells(cells.roots, grow(cells.first_child, capacity),
                              grow(cells.next_sibling, capacity), grow(cells.keys, capacity))
        size = slots.size
        while 4 * (count + room) > 3 * size:
            size *= 2
        if size > slots.size:
            slots = table_rehash(keys, count, size)
        if ordering != FEATURES and progress[Progress.HEAP_SIZE] + room > heap.size:
            heap = grow(heap, max(heap.size * 2, progress[Progress.HEAP_SIZE] + room))
        table = Table(table.keys, table.parents, table.pushes, table.depths, slots, heap,
                      table.node_tables, table.subtree_sizes, table.dead_nodes)
    return status, SearchState(search.tables, search.macros, search.settings, search.position,
                               search.scratch, table, cells, search.plan, search.frozen,
                               search.patterns, progress)


#: How many counts :func:`search_counts` gives.
SEARCH_COUNTS = 7


@numba.njit(cache=True)
def search_counts(search: SearchState) -> np.ndarray:
    """The seven counts of a search, ``[expanded, generated, stored, restricted,
    dead corrals, learned, pruned]``: ``restricted`` counts the expansions that a PI-corral
    cut down, ``dead corrals`` the nodes not expanded as corral deadlocks, ``learned`` the
    nodes proved dead by :mod:`~sokosolve.kernels.learning`, ``pruned`` the nodes not
    expanded as dead by what it learned."""
    progress = search.progress
    return np.array([
        progress[Progress.EXPANDED], progress[Progress.GENERATED], progress[Progress.COUNT],
        progress[Progress.RESTRICTED], progress[Progress.DEAD_CORRALS],
        progress[Progress.LEARNED], progress[Progress.PRUNED],
    ])


@numba.njit(cache=True)
def first_meeting(
    search: SearchState, first: int, other_keys: np.ndarray, other_slots: np.ndarray
) -> tuple[int, int]:
    """The first state of ``search`` from node ``first`` on that another search's table
    (:func:`search_table`) holds too, as ``(node, the other search's node)``; ``(-1, -1)``
    if there is none."""
    keys, count = search.table.keys, search.progress[Progress.COUNT]
    for node in range(first, count):
        slot = table_find(other_slots, other_keys, keys[node])
        if slot >= 0:
            return node, other_slots[slot]
    return -1, -1


def open_cells(search: SearchState) -> list[tuple[int, int, int]]:
    """``(packed, areas, best node)`` of each feature cell that still holds states, the most
    packed first (a feature-space search; none otherwise): where the search has got to."""
    cells = search.cells.roots
    levels = out_of_plan_levels(search.plan)
    row = (MAX_CONNECTIVITY + 1) * levels
    found = [(int(c) // row, int(c) % row // levels, int(cells[c]))
             for c in np.flatnonzero(cells >= 0)]
    return sorted(found, key=lambda cell: (-cell[0], cell[1]))


def search_table(search: SearchState) -> tuple[np.ndarray, np.ndarray]:
    """``(keys, slots)``: the stored states of a search, for another to meet
    (:func:`run_search`)."""
    return search.table.keys, search.table.slots


@numba.njit(cache=True)
def _single_pushes(push: int, offsets: np.ndarray, macros: Macros, backward: bool,
                   path: np.ndarray, total: int) -> int:
    """Writes the single pushes of stored ``push`` (not a route) to ``path`` from ``total``
    on; returns the new end."""
    square, direction, steps = unpack(push)
    if push < 0 or steps == 0:  # a goal macro: (onto the entrance, then) its pushes
        if push >= 0:  # the push onto the entrance
            path[total] = push_ends(push, offsets, macros, backward)[0] * 4 + direction
            total += 1
        macro = -push - 1 if push < 0 else square
        for k in range(macros.path_first[macro], macros.path_first[macro + 1]):
            path[total] = macros.pushes[k]
            total += 1
    else:
        for k in range(steps):
            path[total] = (square + k * offsets[direction]) * 4 + direction
            total += 1
    return total


@numba.njit(cache=True)
def search_path(search: SearchState, node: int) -> np.ndarray:
    """The single pushes (``box_square * 4 + direction``) from the root to ``node``, in order;
    pulls in a backward search. A route (:mod:`sokosolve.kernels.routes`) is found again
    on the board it was found on."""
    offsets, macros, backward = search.tables.offsets, search.macros, search.settings.backward
    parents, pushes, depths = search.table.parents, search.table.pushes, search.table.depths
    count = 0
    at = node
    while parents[at] != _NO_PARENT:
        count += 1
        at = parents[at]
    root = at
    stored = np.empty(count, dtype=np.int32)
    routes = False
    size = 0
    at = node
    for k in range(count - 1, -1, -1):
        stored[k] = pushes[at]
        if pushes[at] >= 0 and (pushes[at] & ROUTE) != 0:
            routes = True
            size += depths[at] - depths[parents[at]]
        else:
            size += push_length(pushes[at], macros)
        at = parents[at]
    path = np.empty(size, dtype=np.int32)
    total = 0
    if not routes:
        for push in stored:
            total = _single_pushes(push, offsets, macros, backward, path, total)
        return path[:total]
    # The boxes of the root, to replay the pushes on.
    position = search.position
    box_squares, box_at = position.box_squares.copy(), position.box_at.copy()
    occupied = position.occupied.copy()
    _move_to(root, search.progress[Progress.CURRENT], parents, pushes, depths, offsets, macros,
             box_squares, box_at, occupied, np.empty(count + depths.size, dtype=np.int32),
             backward)
    n, width = occupied.size, search.settings.width
    marks, stack, work = np.zeros(n, dtype=np.int32), np.empty(2 * n + 4, dtype=np.int64), \
        route_workspace(n)
    player = pushes[root]
    for push in stored:
        source, target, after = push_ends(push, offsets, macros, backward)
        if push >= 0 and push & ROUTE:
            marks[:] = 0
            scanline_fill(occupied, width, player, marks, 1, stack)
            route = route_pushes(occupied, search.tables.dead, offsets, source, marks, 1,
                                 push & ((ROUTE_SQUARES << 2) - 1), work)
            if total + route.size > path.size:
                raise ValueError("a route came back longer than it was")
            path[total:total + route.size] = route
            total += route.size
        else:
            total = _single_pushes(push, offsets, macros, backward, path, total)
        _move_box(box_squares, box_at, occupied, source, target)
        player = after
    return path[:total]


@numba.njit(cache=True)
def _expand_nodes(
    search: SearchState, table: Table, cell_lists: Cells, room: int, pause_after: int,
    meet_keys: np.ndarray, meet_slots: np.ndarray,
) -> int:
    """The search loop of :func:`run_search`, on tables of a fixed size.

    Runs until the search ends or pauses (returning its status) or until the
    next expansion might not fit in the tables (returning ``_NEED_ROOM``);
    the loop's counters live in ``search.progress`` between runs; ``table`` and
    ``cell_lists`` are the search's, as :func:`run_search` last grew them.
    """
    board, settings, position, scratch = search.tables, search.settings, search.position, \
        search.scratch
    macros, plan, frozen, progress = search.macros, search.plan, search.frozen, search.progress
    walls, goal_mask, dead, offsets = board.walls, board.goal_mask, board.dead, board.offsets
    sides, box_keys, player_keys = board.sides, board.box_keys, board.player_keys
    hot, room_links = board.hot, board.room_links
    pairs = board.pairs
    width, ordering, weight = settings.width, settings.order, settings.weight
    max_states, deadline, stop = settings.max_states, settings.deadline, settings.stop
    pi_corrals, tunnels, dead_corrals = settings.pi_corrals, settings.tunnels, \
        settings.dead_corrals
    backward, target_player = settings.backward, settings.target_player
    box_squares, box_at = position.box_squares, position.box_at
    occupied, box_nodes = position.occupied, position.box_nodes
    marks, child_marks, stack = scratch.marks, scratch.child_marks, scratch.stack
    held, frames, labels = scratch.held, scratch.frames, scratch.labels
    corral_stack, allowed, path = scratch.corral_stack, scratch.allowed, scratch.path
    work, parent_work, corral_work = scratch.work, scratch.parent_work, scratch.corral_work
    area_marks, plan_flags, area_goals = scratch.area_marks, scratch.plan_flags, \
        scratch.area_goals
    matched_nodes, proof, ancestor = scratch.matched_nodes, scratch.proof, scratch.ancestor
    learn, patterns, goal_side = settings.learn, search.patterns, settings.goal_side
    diagonals, diagonal_work = settings.diagonals, scratch.diagonal_work
    best_turns, advised = settings.best_cell, settings.advisors
    exploring = advised and settings.explorer
    next_goals = settings.next_goals if plan.goal_distances.shape[0] else 0
    noise, seed = settings.noise, settings.seed
    child_features = scratch.child_features
    box_moves = settings.box_moves and ordering == FEATURES and not backward
    pack_moves = settings.pack_moves and ordering == FEATURES and not backward and not box_moves
    route_work, route_targets, route_keep, route_ends = scratch.route_work, \
        scratch.route_targets, scratch.route_keep, scratch.route_ends
    keys, parents, pushes, depths = table.keys, table.parents, table.pushes, table.depths
    slots, heap, node_tables = table.slots, table.heap, table.node_tables
    subtree_sizes, dead_nodes = table.subtree_sizes, table.dead_nodes
    cells, first_child, next_sibling = cell_lists.roots, cell_lists.first_child, \
        cell_lists.next_sibling
    cell_keys = cell_lists.keys
    tables, stuck, stuck_areas, goal_numbers = frozen[0], frozen[7], frozen[8], frozen[9]
    frozen_goals = tables.shape[0] > 1  # bounds see boxes frozen on goals
    cell = progress[Progress.CELL]  # the feature-space search's turn
    top = cells.size  # no cell packs more boxes than this
    levels = out_of_plan_levels(plan)
    area_label = progress[Progress.AREA_LABEL]  # the next free label in ``area_marks``
    deferred = progress[Progress.DEFERRED]  # a heap of nodes whose other areas' pushes wait
    released = False  # the node is expanded from ``deferred``: no commitment
    areas = 0  # free areas of the expanded node, labelled from ``first_area`` on
    first_area = 0
    nboxes = box_squares.size
    count = progress[Progress.COUNT]
    head = progress[Progress.HEAD]
    heap_size = progress[Progress.HEAP_SIZE]
    current = progress[Progress.CURRENT]
    stamp = progress[Progress.STAMP]
    child_stamp = progress[Progress.CHILD_STAMP]
    label = progress[Progress.LABEL]
    goal_node = progress[Progress.GOAL_NODE]
    meet_node = progress[Progress.MEET_NODE]
    expanded = progress[Progress.EXPANDED]
    generated = progress[Progress.GENERATED]
    restricted = progress[Progress.RESTRICTED]
    dead_corral_nodes = progress[Progress.DEAD_CORRALS]
    examined = progress[Progress.EXAMINED]
    learned = progress[Progress.LEARNED]
    pruned = progress[Progress.PRUNED]
    reached = np.empty(MAX_EXAMINED, dtype=np.int64)  # nodes to examine after an expansion
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
                if best_turns and expanded & 1:  # FESS: every other turn, the best cell
                    taken = best_cell(cells, top, levels)
                    top = cell_packed(taken, levels)
                else:  # the cells in turn
                    while cells[cell] < 0:
                        cell = cell + 1 if cell + 1 < cells.size else 0
                    taken = cell
                    cell = cell + 1 if cell + 1 < cells.size else 0
                node = cells[taken]
                cells[taken] = heap_pop(node, cell_keys, first_child, next_sibling)
                heap_size -= 1
        else:
            if heap_size == 0:
                break
            entry = open_pop(heap, heap_size)
            heap_size -= 1
            node = entry & NODE_MASK
            if G_MASK - ((entry >> G_SHIFT) & G_MASK) != depths[node]:
                continue  # a stale entry: the node was reached again with fewer pushes
        expanded += 1
        if expanded % _CLOCK_EVERY == 0 and (clock() > deadline or stop[0]):
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
        if (learned and dead_ancestor(parents, dead_nodes, node)) or matching_pattern(
                patterns, box_at, canonical) >= 0:
            pruned += 1  # proved dead by what the search learned
            continue
        if dead_corrals and not backward:
            tested = box_squares  # the start: every box's corral
            if parents[node] != _NO_PARENT:  # the pushed box's: the parent tested the others
                pushed = box_at[push_ends(pushes[node], offsets, macros, backward)[1]]
                tested = box_squares[pushed:pushed + 1]
            corral_dead = False
            for b in tested:
                corral_dead = corral_dead or corral_deadlock(
                    walls, goal_mask, dead, offsets, width, box_at, marks, stamp, player, b,
                    box_keys, player_keys, stack, held, frames, pairs, corral_work,
                )
            if corral_dead:
                dead_corral_nodes += 1
                continue
        if diagonals and not backward and parents[node] != _NO_PARENT and may_examine(
                proof, count):
            # the pushed box may close a chain of sealed squares: its boxes alone proved
            chained = chain_boxes(occupied, box_at, marks, stamp, offsets, width,
                                  push_ends(pushes[node], offsets, macros, backward)[1],
                                  diagonal_work)
            if chained > 1 and examine(proof, patterns, walls, goal_mask, dead, offsets, width,
                                       box_keys, player_keys, held, frames, pairs,
                                       diagonal_work[1][:chained], player, backward,
                                       MAX_PATTERN_BOXES, -1, False):
                pruned += 1  # and its pattern kept, as learned ones are
                continue
        if ordering != BFS:  # children's bounds start from this node's matching
            if frozen_goals:
                if parents[node] == _NO_PARENT:
                    table_index = position_table(walls, dead, goal_mask, box_squares, box_at,
                                                 offsets, box_keys, held, frames, frozen, player)
                else:
                    table_index = node_tables[node]
                distances = tables[table_index]
                if goal_side and goal_side_dead(stuck[table_index], stuck_areas[table_index],
                                                goal_numbers, box_squares):
                    pruned += 1  # goals walled in that no filling order reaches
                    continue
            for i in range(nboxes):  # the side of each box the player is on
                box_nodes[i] = box_node(sides, offsets, box_squares[i], marks, stamp)
            moved = -1
            if parents[node] == matched and matched >= 0 and table_index == matched_table:
                # a child of the last expanded node, with the same frozen boxes
                moved = box_at[push_ends(pushes[node], offsets, macros, backward)[1]]
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
        stored_before = count
        only_corral = -1
        if pi_corrals and not backward:
            only_corral, label = pi_corral_pushes(
                walls, box_at, box_squares, goal_mask, dead, offsets, marks, stamp, labels,
                label, corral_stack, allowed,
            )
            restricted += only_corral >= 0
        only_area = -1  # committed to one goal area: that of the last box, while it has room
        if area_goals.size and not released and parents[node] != _NO_PARENT:
            last_area = plan.box_area[box_at[push_ends(pushes[node], offsets, macros,
                                                        backward)[1]]]
            filled = 0
            for b in box_squares:
                if plan.goal_area[b] == last_area:  # -1 off the goals
                    filled += 1
            if filled < area_goals[last_area]:
                only_area = last_area
        held_back = False  # pushes of other areas' boxes, left for when the search is stuck
        routed = 0  # pack moves: boxes pushed all the way to the plan's next goals
        routing = pack_moves and only_corral < 0 and plan.goal_distances.shape[0] > 0
        # the opener advisor's measure: the steps from the pushed box to the next goals
        opening = advised and plan.walks.shape[0] > 0
        if routing or opening:
            clear_targets(plan, route_targets, route_keep)
            targeted = next_targets(plan, box_at, plan_flags, route_targets, route_keep)
            opening = opening and targeted > 0
            if routing and targeted:
                routed = nearest_routes(occupied, dead, offsets, box_squares, marks,
                                        stamp, plan.goals, plan.goal_distances, route_targets,
                                        route_keep, route_ends, route_work)
        for i in range(nboxes):
            square = box_squares[i]
            if only_area >= 0 and plan.box_area[i] != only_area:
                held_back = True
                continue
            # the opener's: the box's steps to the next goals before it is pushed
            walked = nearest_walk(plan, route_targets, square) if opening else -1
            moves = 5 if routed else 4
            lifted = -1  # box moves: the free areas with this box off the board
            if box_moves and only_corral < 0:  # and the box to each square it reaches
                moves = 4 + box_reach(occupied, dead, offsets, square, marks, stamp,
                                      route_work)
                lifted = areas_lifting(occupied, width, area_marks, first_area, areas, square)
            for d in range(moves):
                if d >= 4:  # the box pushed further, as one move
                    if box_moves:
                        route_end = reached_states(route_work)[d - 4]
                        steps = route_length(route_work, route_end)
                        if steps < 2:
                            continue  # a single push: made above
                    elif route_ends[i, 0] < 0:
                        continue
                    else:  # the box's route to the plan's next goals
                        route_end, steps = route_ends[i, 0], route_ends[i, 1]
                    to = landing = route_end >> 2
                    macro = -1
                    stored = ROUTE | (square << ROUTE_SHIFT) | route_end
                    _move_box(box_squares, box_at, occupied, square, to)
                else:
                    to = square + offsets[d]
                    if backward:  # the player on ``to`` steps back, pulling the box
                        if marks[to] != stamp or occupied[to + offsets[d]] or dead[to]:
                            continue
                    elif (marks[square - offsets[d]] != stamp or walls[to] or box_at[to] >= 0
                          or dead[to]):
                        continue
                    if only_corral >= 0 and not allowed[i * 4 + d]:
                        continue
                    stored, to, landing, steps, macro, child_stamp = _push(
                        macros, walls, goal_mask, dead, offsets, width, box_squares, box_at,
                        occupied, tunnels, backward, square, d, child_marks, child_stamp,
                        stack)
                after = push_ends(stored, offsets, macros, backward)[2]  # the player's square
                child_table = table_index
                slot = 0
                if (not backward and macro < 0 and freeze_deadlock(
                    walls, dead, goal_mask, box_at, offsets, to, held, frames, after
                )) or dead_pair(pairs, box_squares, landing, after):
                    h = UNREACHABLE
                else:  # the child's key first: a state stored before needs no bound
                    child_canonical = -1
                    if steps == 1 and macro < 0:
                        child_canonical = moved_box_canonical(
                            occupied, width, marks, stamp, canonical, square, to
                        )
                    elif d >= 4 and box_moves:  # read off the box's routes
                        child_canonical = reached_canonical(route_work, offsets, route_end)
                    if child_canonical < 0:
                        child_stamp += 1
                        child_canonical = scanline_fill(
                            occupied, width, after, child_marks, child_stamp, stack
                        )
                    child_key = box_key ^ box_keys[square] ^ box_keys[landing] ^ player_keys[
                        child_canonical
                    ]
                    slot = table_find(slots, keys, child_key)
                    if ordering == BFS:
                        h = 0
                    elif slot >= 0 and ordering != ASTAR:  # only A* reopens a stored state
                        generated += 1
                        h = UNREACHABLE
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
                    child = -1
                    if slot < 0:
                        if count == max_states:
                            status = LIMIT
                        else:
                            child = count
                            count += 1
                            keys[child] = child_key
                            slots[-(slot + 1)] = child
                            if learn:
                                subtree_sizes[child] = 1
                                dead_nodes[child] = 0
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
                            elif d >= 4 and lifted >= 0:  # read off the box's routes
                                child_areas = lifted - 1 + reached_regions(route_work, offsets,
                                                                           route_end)
                            if child_areas < 0:
                                child_areas = label_areas(occupied, width, child_marks,
                                                          child_stamp + 1, stack)
                                child_stamp += child_areas
                            packed = packed_count(plan, box_at, plan_flags, on_goal
                                                  - goal_mask[square] + goal_mask[landing])
                            if next_goals:  # steer the pushed box to the plan's next goals
                                cell_keys[child] += next_goals * (
                                    phase_goal_distance(plan, plan_flags, landing)
                                    if plan.phase_first.size
                                    else next_goal_distance(plan, plan_flags, landing))
                            if noise:  # a seeded search's own ties: a restart goes elsewhere
                                mixed = (child_key ^ np.uint64(seed)) * np.uint64(
                                    0x9E3779B97F4A7C15)
                                cell_keys[child] += np.int64(mixed >> np.uint64(40)) % (
                                    noise + 1)
                            # into its cell after the expansion, once the advice is known
                            child_features[child - stored_before, 0] = packed
                            child_features[child - stored_before, 1] = child_areas
                            child_features[child - stored_before, 2] = boxes_marked(
                                plan.imagined, box_squares, packed)
                            child_features[child - stored_before, 3] = boxes_marked(
                                plan.out_of_plan, box_squares, packed)
                            child_features[child - stored_before, 4] = walked
                            child_features[child - stored_before, 5] = nearest_walk(
                                plan, route_targets, landing) if opening else -1
                            child_features[child - stored_before, 6] = count_hotspots(
                                hot, box_squares)
                            child_features[child - stored_before, 7] = 0
                            child_features[child - stored_before, 8] = blocked_links(
                                room_links, occupied, offsets)
                            child_features[child - stored_before, 9] = square
                            child_features[child - stored_before, 10] = landing
                            if exploring and steps == 1 and d < 4 and macro < 0 and not walls[
                                    landing + offsets[d]]:  # the explorer's: undoable
                                child_stamp += 1
                                scanline_fill(occupied, width, after, child_marks, child_stamp,
                                              stack)
                                child_features[child - stored_before, 7] = opens_pushes(
                                    occupied, offsets, box_squares, landing, marks, stamp,
                                    child_marks, child_stamp)
                            heap_size += 1
                        else:
                            open_push(heap, heap_size,
                                       open_entry(depths[child], h, weight, child))
                            heap_size += 1
                _move_box(box_squares, box_at, occupied, landing, square)
                if status == SOLVED or status == LIMIT:
                    break
            if status == SOLVED or status == LIMIT:
                break
        if status == SOLVED or status == LIMIT:
            break
        if ordering == FEATURES and count > stored_before:
            if advised:
                node_packed = packed_count(plan, box_at, plan_flags, on_goal)
                zone_steps(plan, child_features[:count - stored_before], node_packed)
                follow_advice(cell_keys, node, stored_before, count, child_features[
                    :count - stored_before], node_packed, areas,
                    boxes_marked(plan.imagined, box_squares, node_packed),
                    count_hotspots(hot, box_squares),
                    blocked_links(room_links, occupied, offsets),
                    boxes_marked(plan.out_of_plan, box_squares, node_packed))
            for child in range(stored_before, count):
                child_cell = feature_cell(child_features[child - stored_before, 0],
                                          child_features[child - stored_before, 1],
                                          child_features[child - stored_before, 3], levels)
                top = max(top, child_features[child - stored_before, 0])
                cells[child_cell] = heap_insert(cells[child_cell], child, cell_keys,
                                                first_child, next_sibling)
        if held_back:  # expanded again, unrestricted, once the committed states run out
            deferred = heap_insert(deferred, node, cell_keys, first_child, next_sibling)
        if learn and count > stored_before:
            found = grow_subtrees(parents, subtree_sizes, node, count - stored_before,
                                  learn, reached)
            for k in range(found):
                at = reached[k]
                if dead_ancestor(parents, dead_nodes, at) or not may_examine(proof, count):
                    continue
                examined += 1
                player_at = ancestor_boxes(node, at, parents, pushes, offsets, macros,
                                           backward, box_squares, ancestor)
                # the box pushed into it, near which a proof of too many boxes keeps some
                near = -1 if parents[at] < 0 or not may_prove_locally(
                    proof, count) else push_ends(pushes[at], offsets, macros, backward)[1]
                if examine(proof, patterns, walls, goal_mask, dead, offsets, width, box_keys,
                           player_keys, held, frames, pairs, ancestor, player_at,
                           backward, MAX_PATTERN_BOXES, near):
                    dead_nodes[at] = 1
                    learned += 1

    progress[Progress.COUNT] = count
    progress[Progress.HEAD] = head
    progress[Progress.HEAP_SIZE] = heap_size
    progress[Progress.CURRENT] = current
    progress[Progress.STAMP] = stamp
    progress[Progress.CHILD_STAMP] = child_stamp
    progress[Progress.LABEL] = label
    progress[Progress.GOAL_NODE] = goal_node
    progress[Progress.MEET_NODE] = meet_node
    progress[Progress.EXPANDED] = expanded
    progress[Progress.GENERATED] = generated
    progress[Progress.RESTRICTED] = restricted
    progress[Progress.DEAD_CORRALS] = dead_corral_nodes
    progress[Progress.EXAMINED] = examined
    progress[Progress.LEARNED] = learned
    progress[Progress.PRUNED] = pruned
    progress[Progress.CELL] = cell
    progress[Progress.AREA_LABEL] = area_label
    progress[Progress.DEFERRED] = deferred
    return status
