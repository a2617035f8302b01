"""The open list of the A* and greedy searches: a binary heap of packed int64 entries.

An entry is f (bits 44-62, at most ``F_MAX``), 65535 - g (28-43) and the node (0-27):
the smallest f comes first, then the most pushes made (the least h), then the oldest
node. An entry whose g is no longer the node's is stale: A* reached the node again with
fewer pushes.
"""

from __future__ import annotations

import numba
import numpy as np

F_SHIFT, G_SHIFT = 44, 28
F_MAX = (1 << 19) - 1
G_MASK = (1 << 16) - 1
NODE_MASK = (1 << 28) - 1
#: The most states a search can store: a node must fit in an entry.
MAX_STATES = NODE_MASK


@numba.njit(cache=True)
def open_entry(g: int, h: int, weight: int, node: int) -> np.int64:
    f = min(np.int64(g) + weight * np.int64(h), F_MAX)
    return (f << F_SHIFT) | (np.int64(G_MASK - g) << G_SHIFT) | node



@numba.njit(cache=True)
def open_push(heap: np.ndarray, size: int, entry: np.int64) -> None:
    i = size
    while i > 0:
        parent = (i - 1) >> 1
        if heap[parent] <= entry:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = entry



@numba.njit(cache=True)
def open_pop(heap: np.ndarray, size: int) -> np.int64:
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
