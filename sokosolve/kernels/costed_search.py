"""A* over positions with the player on a square: the fewest moves, or the fewest pushes,
the other measure breaking ties; optionally only inside the vicinity of a path.

The push-level loop (:mod:`sokosolve.kernels.loop`) keys a state by the player's
region, which is all pushes need. Counting moves needs the player's square:
here a state is the boxes plus the square the player stands on, and a move from
it is a walk (the shortest, by a breadth-first fill) behind a box and the push,
costing the walk's steps plus one move and one push. The order is A* on the
pair (primary, secondary) compared lexicographically, each ``g + h`` with ``h``
the matching bound on pushes (:func:`~sokosolve.kernels.heuristics.matching_bound`),
a lower bound on the pushes and so on the moves still to make; a push that
freezes a box off its goal (:func:`~sokosolve.kernels.deadlocks.freeze_deadlock`)
is not made. A state reached
again more cheaply is reopened, so the first solved state taken off the open
list is optimal in the pair.

``cap`` drops states whose primary cost plus bound exceeds it: given the proved
fewest pushes, a pushes-first search only looks among push-optimal solutions, and
given a solution's moves, a moves-first one only among solutions no longer.

Given a path's positions (``path_boxes``, ``path_masks``), the search keeps only
the states in their vicinity: states whose boxes stand on a path position's
box squares except at most ``displaced`` of them, each within ``reach`` squares
(rows plus columns) of a box square of that position left empty. The path itself
is inside, so the answer is never worse than the path: this is the optimizer's
step (:mod:`sokosolve.optimizer`).
"""

from __future__ import annotations

import numba
import numpy as np

from .deadlocks import freeze_deadlock, freeze_workspace
from .distances import UNREACHABLE
from .heuristics import matching_bound, matching_workspace
from .layout import Code
from .loop import clock
from .table import grow, table_find, table_rehash

SOLVED, UNSOLVABLE, TIMEOUT, LIMIT = Code.SOLVED, Code.UNSOLVABLE, Code.TIMEOUT, Code.LIMIT

#: Bits of each field of an open-list key: primary f, secondary f, then the most
#: primary cost made first (the least bound left).
_FIELD = 21
_FIELD_MAX = (1 << _FIELD) - 1
_CLOCK_EVERY = 32
_NOWHERE = -1


@numba.njit(cache=True)
def _heap_push(keys: np.ndarray, nodes: np.ndarray, size: int, key: np.int64, node: int) -> None:
    i = size
    while i > 0:
        parent = (i - 1) >> 1
        if keys[parent] <= key:
            break
        keys[i] = keys[parent]
        nodes[i] = nodes[parent]
        i = parent
    keys[i] = key
    nodes[i] = node


@numba.njit(cache=True)
def _heap_pop(keys: np.ndarray, nodes: np.ndarray, size: int) -> tuple[np.int64, int]:
    """Removes the smallest of the ``size`` entries; returns its key and node."""
    top_key, top_node = keys[0], nodes[0]
    size -= 1
    key, node = keys[size], nodes[size]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and keys[child + 1] < keys[child]:
            child += 1
        if keys[child] >= key:
            break
        keys[i] = keys[child]
        nodes[i] = nodes[child]
        i = child
    if size > 0:
        keys[i] = key
        nodes[i] = node
    return top_key, top_node


@numba.njit(cache=True)
def _order_key(first: int, second: int, h: int) -> np.int64:
    """The open-list key of a state with costs (``first``, ``second``) and bound ``h``."""
    f1 = min(first + h, _FIELD_MAX)
    f2 = min(second + h, _FIELD_MAX)
    return (np.int64(f1) << (2 * _FIELD)) | (np.int64(f2) << _FIELD) | (_FIELD_MAX - min(
        first, _FIELD_MAX))


@numba.njit(cache=True)
def _near_path(
    boxes: np.ndarray, box_at: np.ndarray, path_boxes: np.ndarray, path_masks: np.ndarray,
    position: int, width: int, reach: int,
) -> bool:
    """Whether each box of ``boxes`` off the box squares of path position ``position``
    stands within ``reach`` of one of those squares that no box holds."""
    for b in boxes:
        if path_masks[position, b]:
            continue
        near = False
        for p in path_boxes[position]:
            if box_at[p] < 0 and abs(p // width - b // width) + abs(p % width - b % width) <= reach:
                near = True
                break
        if not near:
            return False
    return True


@numba.njit(cache=True)
def costed_search(
    walls: np.ndarray, dead: np.ndarray, goal_mask: np.ndarray, offsets: np.ndarray,
    width: int, goal_distances: np.ndarray, start_boxes: np.ndarray, start_player: int,
    pushes_first: bool, cap: int,
    path_boxes: np.ndarray, path_masks: np.ndarray, displaced: int, reach: int,
    box_keys: np.ndarray, player_keys: np.ndarray,
    max_states: int, deadline: float, stop: np.ndarray,
) -> tuple[int, np.ndarray, np.ndarray]:
    """Searches from the start for a solution with the fewest moves (then pushes), or with
    ``pushes_first`` the fewest pushes (then moves).

    ``path_boxes`` (positions x boxes, their squares) and ``path_masks`` (positions x
    squares, 1 on a box) confine it to their vicinity; with no rows it is unconfined.
    Returns the code (``Code``), the pushes as ``box_square * 4 + direction``, and the
    counts [expanded, generated, states, moves, pushes].
    """
    n = walls.size
    nb = start_boxes.size
    confined = path_boxes.shape[0] > 0
    positions = path_boxes.shape[0]

    capacity = 1024
    node_boxes = np.empty(capacity * nb, dtype=np.int32)
    node_player = np.empty(capacity, dtype=np.int32)
    node_parent = np.empty(capacity, dtype=np.int32)
    node_push = np.empty(capacity, dtype=np.int32)
    node_first = np.empty(capacity, dtype=np.int32)
    node_second = np.empty(capacity, dtype=np.int32)
    node_h = np.empty(capacity, dtype=np.int32)
    node_key = np.empty(capacity, dtype=np.uint64)
    node_anchor = np.empty(capacity, dtype=np.int32)
    heap_keys = np.empty(capacity, dtype=np.int64)
    heap_nodes = np.empty(capacity, dtype=np.int32)
    slots = np.full(2 * capacity, -1, dtype=np.int32)

    work = matching_workspace(nb)
    held = np.zeros(n, dtype=np.uint8)
    frames = freeze_workspace(nb)
    boxes = start_boxes.astype(np.int32).copy()
    child = np.empty(nb, dtype=np.int32)
    box_at = np.full(n, -1, dtype=np.int32)
    steps = np.zeros(n, dtype=np.int32)
    seen = np.zeros(n, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    overlap = np.zeros(max(positions, 1), dtype=np.int32)
    counts = np.zeros(5, dtype=np.int64)
    empty = np.empty(0, dtype=np.int64)

    h = matching_bound(goal_distances, boxes, work)
    if h >= UNREACHABLE:
        return UNSOLVABLE, empty, counts
    key = player_keys[start_player]
    for b in boxes:
        key ^= box_keys[b]
    node_boxes[:nb] = boxes
    node_player[0], node_parent[0], node_push[0] = start_player, _NOWHERE, _NOWHERE
    node_first[0], node_second[0], node_h[0], node_key[0], node_anchor[0] = 0, 0, h, key, 0
    slots[-(table_find(slots, node_key, key) + 1)] = 0
    count = 1
    heap_keys[0], heap_nodes[0] = _order_key(0, 0, h), 0
    heap_size = 1
    stamp = 0
    pops = 0
    while heap_size > 0:
        pops += 1
        if pops % _CLOCK_EVERY == 0 and (stop[0] or clock() > deadline):
            counts[2] = count
            return TIMEOUT, empty, counts
        entry, node = _heap_pop(heap_keys, heap_nodes, heap_size)
        heap_size -= 1
        if entry != _order_key(node_first[node], node_second[node], node_h[node]):
            continue  # stale: the node was reached more cheaply since
        if node_h[node] == 0:
            counts[2] = count
            length = 0
            at = node
            while node_parent[at] != _NOWHERE:
                length += 1
                at = node_parent[at]
            path = np.empty(length, dtype=np.int64)
            at = node
            for i in range(length - 1, -1, -1):
                path[i] = node_push[at]
                at = node_parent[at]
            counts[3], counts[4] = ((node_second[node], node_first[node]) if pushes_first
                                    else (node_first[node], node_second[node]))
            return SOLVED, path, counts
        counts[0] += 1
        boxes[:] = node_boxes[node * nb: node * nb + nb]
        for i in range(nb):
            box_at[boxes[i]] = i
        # The player's walks: steps to every square it reaches.
        stamp += 1
        player = node_player[node]
        seen[player] = stamp
        steps[player] = 0
        queue[0] = player
        head, tail = 0, 1
        while head < tail:
            s = queue[head]
            head += 1
            for d in range(4):
                t = s + offsets[d]
                if walls[t] or box_at[t] >= 0 or seen[t] == stamp:
                    continue
                seen[t] = stamp
                steps[t] = steps[s] + 1
                queue[tail] = t
                tail += 1
        if confined:
            for i in range(positions):
                total = 0
                for b in boxes:
                    total += path_masks[i, b]
                overlap[i] = total
        walked_first = node_first[node]
        walked_second = node_second[node]
        for j in range(nb):
            square = boxes[j]
            for d in range(4):
                behind = square - offsets[d]
                to = square + offsets[d]
                if seen[behind] != stamp or walls[to] or box_at[to] >= 0 or dead[to]:
                    continue
                moves = (walked_second if pushes_first else walked_first) + steps[behind] + 1
                pushes = (walked_first if pushes_first else walked_second) + 1
                child[:] = boxes
                child[j] = to
                anchor = node_anchor[node]
                box_at[square] = -1
                box_at[to] = j
                found = _NOWHERE
                if freeze_deadlock(walls, dead, goal_mask, box_at, offsets, to, held, frames,
                                   square):
                    anchor = _NOWHERE
                elif confined:
                    for k in range(positions):
                        i = (anchor + k) % positions
                        off = nb - (overlap[i] - path_masks[i, square] + path_masks[i, to])
                        if off <= displaced and _near_path(child, box_at, path_boxes, path_masks,
                                                           i, width, reach):
                            found = i
                            break
                    anchor = found
                box_at[to] = -1
                box_at[square] = j
                if anchor == _NOWHERE:
                    continue
                counts[1] += 1
                h = matching_bound(goal_distances, child, work)
                first, second = (pushes, moves) if pushes_first else (moves, pushes)
                if h >= UNREACHABLE or first + h > cap:
                    continue
                key = (node_key[node] ^ box_keys[square] ^ box_keys[to]
                       ^ player_keys[player] ^ player_keys[square])
                found = table_find(slots, node_key, key)
                if found >= 0:
                    target = slots[found]
                    if first > node_first[target] or (first == node_first[target]
                                                      and second >= node_second[target]):
                        continue
                else:
                    if count >= max_states:
                        counts[2] = count
                        return LIMIT, empty, counts
                    if count == capacity:
                        capacity *= 2
                        node_boxes = grow(node_boxes, capacity * nb)
                        node_player = grow(node_player, capacity)
                        node_parent = grow(node_parent, capacity)
                        node_push = grow(node_push, capacity)
                        node_first = grow(node_first, capacity)
                        node_second = grow(node_second, capacity)
                        node_h = grow(node_h, capacity)
                        node_key = grow(node_key, capacity)
                        node_anchor = grow(node_anchor, capacity)
                    if 4 * (count + 1) > 3 * slots.size:
                        slots = table_rehash(node_key, count, 2 * slots.size)
                        found = table_find(slots, node_key, key)
                    target = count
                    count += 1
                    slots[-(found + 1)] = target
                    node_boxes[target * nb: target * nb + nb] = child
                    node_player[target] = square
                    node_key[target] = key
                    node_h[target] = h
                node_parent[target] = node
                node_push[target] = square * 4 + d
                node_first[target] = first
                node_second[target] = second
                node_anchor[target] = anchor
                if heap_size == heap_keys.size:
                    heap_keys = grow(heap_keys, 2 * heap_keys.size)
                    heap_nodes = grow(heap_nodes, 2 * heap_nodes.size)
                _heap_push(heap_keys, heap_nodes, heap_size, _order_key(first, second, h), target)
                heap_size += 1
        for b in boxes:
            box_at[b] = -1
    counts[2] = count
    return UNSOLVABLE, empty, counts
