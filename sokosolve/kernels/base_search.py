"""The backward search with bases that a parking plan is read off (after FESS's packing search).

It starts from the solved position, every goal boxed, and pulls boxes. Every
square a box starts on is a *base*: a box pulled onto a base that no box was
taken away at yet is taken away there, so the search dissolves the level box
by box without fixing which box goes to which goal. It is a greedy best-first
search: fewest boxes left first, then the least sum of each box's pulls to its
nearest free base, then pulls of the box pulled last. A box is not pulled
where it can reach no free base. A position whose boxes all stand on free
bases ends the search too: they are home.

The plan is a guide, not a solution. Read forwards, a box taken away at a base
stands there until its first push, but the search no longer sees it: a box
pulled later may go over that square, and so may the player. Keeping such
boxes on the board instead (they never move again, going backwards) makes the
search take them home in the one order that leaves the way free, and the
greedy order rarely finds it: XSokoban 2 is not dissolved in 100,000 nodes.

Pulled boxes may wait on the way (a box pulled aside so another can get out,
then pulled on): read forwards, those are the parking squares of the plan
(:mod:`sokosolve.analysis.parking_plan`).

The nodes store their boxes (a square, or ``-(base + 2)`` once taken away at
the base numbered ``base``), their parent, the pull that made them and a
square of the player's region.
"""

from __future__ import annotations

import numba
import numpy as np

from .distances import UNREACHABLE
from .loop import clock
from .open_list import open_pop, open_push
from .reach import scanline_fill
from .table import grow, table_find, table_rehash

_H_CAP = (1 << 20) - 1
_NODE_BITS = 28
_REMOVED = 1 << 30  # a pull's flag: the box was taken away where it landed


@numba.njit(cache=True)
def _grow_rows(rows: np.ndarray, size: int) -> np.ndarray:
    bigger = np.empty((size, rows.shape[1]), dtype=rows.dtype)
    bigger[: rows.shape[0]] = rows
    return bigger


@numba.njit(cache=True)
def _score(boxes: np.ndarray, used: np.ndarray, bases: np.ndarray,
           base_distances: np.ndarray) -> tuple[int, int]:
    """``(boxes left, pulls)`` of a node's boxes: pulls sums each box's pulls to its
    nearest free base (``UNREACHABLE`` if some box reaches none); a box on a free base
    counts as left only if some other box stands on no free base."""
    left = 0
    home = 0
    pulls = 0
    for square in boxes:
        if square < 0:
            continue
        left += 1
        nearest = UNREACHABLE
        for k in range(bases.size):
            if not used[k] and base_distances[k, square] < nearest:
                nearest = base_distances[k, square]
        if nearest >= UNREACHABLE:
            return left, UNREACHABLE
        home += nearest == 0
        pulls += nearest
    return (0 if home == left else left), pulls


@numba.njit(cache=True)
def base_search(
    walls: np.ndarray, dead: np.ndarray, bases: np.ndarray, base_distances: np.ndarray,
    offsets: np.ndarray, width: int, goals: np.ndarray, roots: np.ndarray,
    box_keys: np.ndarray, player_keys: np.ndarray, base_keys: np.ndarray,
    max_nodes: int, deadline: float,
) -> tuple[np.ndarray, np.ndarray, bool]:
    """Pulls the boxes from ``goals`` back to ``bases``, taking each away at a free base:
    ``(pulls, boxes left, dissolved)``.

    ``pulls`` are those from the root to the best node found, in order, each
    ``from * 4 + direction`` (the box goes from ``from`` to ``from + offsets[direction]``,
    the player stepping on back), plus ``2**30`` if the box was taken away
    where it landed; ``boxes left`` are the squares of that node's boxes still on
    the board; ``dissolved`` says whether every box was taken away or stands on a
    free base. ``dead`` marks the squares from which no box can be pulled to a
    base, ``base_distances[k, s]`` the pulls from ``s`` to base ``k``; ``roots`` are
    a square of each region the player may start in. The search stops after
    ``max_nodes`` nodes or at ``deadline`` (``time.perf_counter()``).
    """
    n = walls.size
    nboxes = goals.size
    base_of = np.full(n, -1, dtype=np.int32)
    for k in range(bases.size):
        base_of[bases[k]] = k
    capacity = 1024
    node_boxes = np.empty((capacity, nboxes), dtype=np.int32)
    parents = np.empty(capacity, dtype=np.int32)
    pulls = np.empty(capacity, dtype=np.int32)
    players = np.empty(capacity, dtype=np.int32)
    keys = np.empty(capacity, dtype=np.uint64)
    box_part = np.empty(capacity, dtype=np.uint64)  # the key without the player's region
    slots = np.full(2 * capacity, -1, dtype=np.int32)
    heap = np.empty(capacity, dtype=np.int64)
    heap_size = 0
    occupied = walls.copy()
    marks = np.zeros(n, dtype=np.int32)
    child_marks = np.zeros(n, dtype=np.int32)
    stack = np.empty(2 * n + 4, dtype=np.int64)
    used = np.zeros(bases.size, dtype=np.bool_)
    child = np.empty(nboxes, dtype=np.int32)
    stamp = 0
    count = 0
    best, best_left, best_pulls = -1, nboxes + 1, UNREACHABLE + 1

    boxes_key = np.uint64(0)
    for square in goals:
        boxes_key ^= box_keys[square]
        occupied[square] = 1
    for root in roots:
        if occupied[root]:
            continue
        stamp += 1
        canonical = scanline_fill(occupied, width, root, marks, stamp, stack)
        key = boxes_key ^ player_keys[canonical]
        slot = table_find(slots, keys, key)
        if slot >= 0:
            continue
        node_boxes[count] = goals
        parents[count] = -1
        pulls[count] = -1
        players[count] = root
        keys[count] = key
        box_part[count] = boxes_key
        slots[-(slot + 1)] = count
        left, h = _score(goals, used, bases, base_distances)
        heap[heap_size] = (np.int64(left) << 48) | (np.int64(min(2 * h, _H_CAP)) << _NODE_BITS) \
            | count
        heap_size += 1
        if best < 0:
            best, best_left, best_pulls = count, left, h
        count += 1
    for square in goals:
        occupied[square] = 0
    heap[:heap_size] = np.sort(heap[:heap_size])  # a sorted array is a heap

    expanded = 0
    while heap_size > 0 and best_left > 0:
        expanded += 1
        if expanded % 64 == 0:
            if clock() > deadline:
                break
        top = open_pop(heap, heap_size)
        heap_size -= 1
        node = np.int64(top & ((1 << _NODE_BITS) - 1))
        boxes = node_boxes[node]
        used[:] = False
        for square in boxes:
            if square < -1:
                used[-square - 2] = True
            elif square >= 0:
                occupied[square] = 1
        stamp += 1
        region = stamp  # the player's, in ``marks``; the children's go in ``child_marks``
        scanline_fill(occupied, width, players[node], marks, region, stack)
        pulled = -1  # the square of the box the last pull moved, if still on the board
        if pulls[node] >= 0 and pulls[node] < _REMOVED:
            pulled = (pulls[node] >> 2) + offsets[pulls[node] & 3]
        for b in range(nboxes):
            square = boxes[b]
            if square < 0:
                continue
            for d in range(4):
                to = square + offsets[d]  # the player stands here and steps back
                back = to + offsets[d]
                if marks[to] != region or occupied[back] or dead[to]:
                    continue
                if count >= max_nodes:
                    break
                if count == keys.size:
                    size = min(2 * keys.size, max_nodes)
                    node_boxes = _grow_rows(node_boxes, size)
                    boxes = node_boxes[node]
                    parents = grow(parents, size)
                    pulls = grow(pulls, size)
                    players = grow(players, size)
                    keys = grow(keys, size)
                    box_part = grow(box_part, size)
                    heap = grow(heap, size)
                    slot_count = slots.size
                    while slot_count < 2 * size:  # a power of two, as table_find needs
                        slot_count *= 2
                    slots = table_rehash(keys, count, slot_count)
                child[:] = boxes
                k = base_of[to]
                removed = k >= 0 and not used[k]
                child_part = box_part[node] ^ box_keys[square]
                if removed:
                    child[b] = -(k + 2)
                    child_part ^= base_keys[to]
                    used[k] = True
                else:
                    child[b] = to
                    child_part ^= box_keys[to]
                occupied[square] = 0
                if not removed:
                    occupied[to] = 1
                stamp += 1
                canonical = scanline_fill(occupied, width, back, child_marks, stamp, stack)
                occupied[to] = 0
                occupied[square] = 1
                left, h = _score(child, used, bases, base_distances)
                if removed:
                    used[k] = False
                if h >= UNREACHABLE:
                    continue
                key = child_part ^ player_keys[canonical]
                slot = table_find(slots, keys, key)
                if slot >= 0:
                    continue
                node_boxes[count] = child
                parents[count] = node
                pulls[count] = square * 4 + d + (_REMOVED if removed else 0)
                players[count] = back
                keys[count] = key
                box_part[count] = child_part
                slots[-(slot + 1)] = count
                # Pulling another box than the last one breaks a tie: a box that waits
                # between its pulls is a parking step of the plan, and they should be few.
                order = 2 * h + (pulled >= 0 and square != pulled)
                entry = (np.int64(left) << 48) | (np.int64(min(order, _H_CAP)) << _NODE_BITS) \
                    | count
                open_push(heap, heap_size, entry)
                heap_size += 1
                if left < best_left or (left == best_left and h < best_pulls):
                    best, best_left, best_pulls = count, left, h
                count += 1
        for square in boxes:
            if square >= 0:
                occupied[square] = 0
        if count >= max_nodes:
            break

    depth = 0
    at = best
    while parents[at] >= 0:
        depth += 1
        at = parents[at]
    path = np.empty(depth, dtype=np.int32)
    at = best
    while parents[at] >= 0:
        depth -= 1
        path[depth] = pulls[at]
        at = parents[at]
    left_boxes = np.array([s for s in node_boxes[best] if s >= 0], dtype=np.int32)
    return path, left_boxes, best_left == 0
