"""Out-of-plan zones: where a box stands in the way of the packing plan's next steps.

After FESS (Shoham and Schaeffer). Once the plan has filled its goals up to
step k, those boxes are as good as walls, and a lone box on some squares can
no longer be pushed to any goal the plan fills later: it is sealed off. A box
on such a square at step k must leave before the step's goal is filled. The
feature-space search counts those boxes (fewer is better), so it clears them
out early instead of finding out after the room is closed.

The zone of step k is that of the first later step whose goal seals squares
off that were open before step k: a box should leave as soon as the plan
knows it will be in the way, not at the last moment.

>>> from sokosolve.level import parse_level
>>> from sokosolve.analysis.board import Board
>>> board = Board.from_level(parse_level(
...     "#######\\n#@$ ..#\\n#  $  #\\n#######"))
>>> near, far = (board.from_level_square(s) for s in (11, 12))
>>> zones = out_of_plan_zones(board, [near, far])  # the near goal first: squares cut off
>>> [board.to_level_square(s) for s in np.flatnonzero(zones[0])]
[9, 10]
>>> int(out_of_plan_zones(board, [far, near]).sum())  # the far goal first: none
0
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..kernels.distances import UNREACHABLE, box_distances
from .board import Board


def sealed_squares(board: Board, placed: Sequence[int], targets: Sequence[int]) -> np.ndarray:
    """uint8 per square: the live floor squares, not in ``placed``, from which a lone box
    cannot be pushed to any of ``targets`` when the boxes on ``placed`` are walls. As for
    the dead squares, the player may stand behind the box wherever that is floor: a
    square sealed here is sealed whatever the player can reach."""
    walls = board.walls.copy()
    walls[list(placed)] = 1
    sealed = (walls == 0) & (board.dead_squares == 0)
    if targets:
        distances = box_distances(walls, np.array(targets, dtype=np.int32), board.offsets,
                                  False)
        sealed &= distances.min(axis=0) == UNREACHABLE
    return sealed.astype(np.uint8)


def out_of_plan_zones(board: Board, goals: Sequence[int]) -> np.ndarray:
    """uint8 ``[k, square]``: the out-of-plan zone with ``k`` of ``goals`` (in fill order)
    filled; the last step's zone is empty (no goal is left to reach)."""
    n, squares = len(goals), board.walls.size
    sealed = np.zeros((n, squares), dtype=np.uint8)
    for k in range(n - 1):  # the squares sealed once goals[0..k] are boxed
        sealed[k] = sealed_squares(board, goals[: k + 1], goals[k + 1:])
    zones = sealed.copy()
    upcoming = n - 1  # the next step from k on that seals new squares
    for k in range(n - 2, -1, -1):
        before = sealed[k - 1] if k else np.zeros(squares, dtype=np.uint8)
        if not np.array_equal(sealed[k], before):
            upcoming = k
        elif upcoming < n - 1:
            zones[k] = sealed[upcoming]
    return zones


def zone_distances(board: Board, goals: Sequence[int], zones: np.ndarray) -> np.ndarray:
    """int32 ``[k, square]``: a lone box's pushes from the out-of-plan zone of ``zones[k]``
    to each square, the boxes of the first ``k`` goals standing as walls
    (:data:`~sokosolve.kernels.distances.UNREACHABLE` where it cannot get, and everywhere
    for an empty zone): how far a push takes a box out of the plan's way, for the
    out-of-plan advisor (:mod:`sokosolve.kernels.advisors`)."""
    distances = np.full(zones.shape, UNREACHABLE, dtype=np.int32)
    for k in range(zones.shape[0]):
        sources = np.flatnonzero(zones[k]).astype(np.int32)
        if sources.size:
            walls = board.walls.copy()
            walls[list(goals[:k])] = 1
            distances[k] = box_distances(walls, sources, board.offsets, True).min(axis=0)
    return distances


def push_groups(board: Board) -> np.ndarray:
    """int32 per square: squares between which a lone box can be pushed both ways on the
    empty board share a number (-1 on a wall): a push within a group can be undone."""
    floor = np.flatnonzero(board.walls == 0).astype(np.int32)
    groups = np.full(board.walls.size, -1, dtype=np.int32)
    if floor.size == 0:
        return groups
    reach = box_distances(board.walls, floor, board.offsets, True)[:, floor] < UNREACHABLE
    both = reach & reach.T
    for i, square in enumerate(floor):
        if groups[square] < 0:
            groups[floor[both[i]]] = i
    return groups
