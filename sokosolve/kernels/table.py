"""State storage: Zobrist keys and the transposition table.

Every stored state is a node: its 64-bit key, its parent node and the push
that made it from the parent (``box_square * 4 + direction``), and its push
count. Boxes are not stored: a node's boxes are rebuilt by replaying the
pushes on its path from the root, which keeps a node at 18 bytes plus its
share of the hash slots (4 bytes a slot, 3/8 to 3/4 full: 5 to 11 bytes).

The table maps keys to nodes by open addressing over a power-of-two array of
node indices; -1 marks an empty slot.
"""

from __future__ import annotations

import numba
import numpy as np

EMPTY = -1


def zobrist_keys(n: int, seed: int = 20261129) -> tuple[np.ndarray, np.ndarray]:
    """Random 64-bit keys per square, one set for boxes and one for the canonical player."""
    rng = np.random.default_rng(seed)
    keys = rng.integers(0, np.iinfo(np.int64).max, size=(2, n), dtype=np.int64, endpoint=True)
    return keys[0].view(np.uint64).copy(), keys[1].view(np.uint64).copy()


@numba.njit(cache=True)
def table_find(slots: np.ndarray, node_keys: np.ndarray, key: np.uint64) -> int:
    """The slot holding ``key``, or the empty slot where it would go, as ``-(slot + 1)``."""
    mask = slots.size - 1
    i = np.int64(key & np.uint64(mask))
    while True:
        node = slots[i]
        if node == EMPTY:
            return -(i + 1)
        if node_keys[node] == key:
            return i
        i = (i + 1) & mask


@numba.njit(cache=True)
def table_rehash(node_keys: np.ndarray, count: int, size: int) -> np.ndarray:
    """A new slot array of ``size`` (a power of two) holding nodes ``0..count-1``."""
    slots = np.full(size, EMPTY, dtype=np.int32)
    mask = size - 1
    for node in range(count):
        i = np.int64(node_keys[node] & np.uint64(mask))
        while slots[i] != EMPTY:
            i = (i + 1) & mask
        slots[i] = node
    return slots


@numba.njit(cache=True)
def grow(array: np.ndarray, size: int) -> np.ndarray:
    """A copy of ``array`` with room for ``size`` items."""
    bigger = np.empty(size, dtype=array.dtype)
    bigger[: array.size] = array
    return bigger
