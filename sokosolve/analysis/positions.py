"""Python views of positions for tests and scripts: the player's region, the box nodes, the
corral test, the learned deadlock pattern, the diagonal one, the goal-side check, each for a
:class:`~sokosolve.analysis.board.Board`."""

from __future__ import annotations

import numpy as np

from ..kernels.corral_deadlocks import corral_deadlock, corral_workspace
from ..kernels.dead_pairs import NO_PAIRS
from ..kernels.deadlock_proof import proof_workspace
from ..kernels.deadlocks import freeze_workspace
from ..kernels.diagonals import chain_boxes, diagonal_workspace
from ..kernels.frozen_goals import frozen_on_goals
from ..kernels.goal_side import MAX_AREAS, goal_numbers, goal_side_dead, stuck_goals
from ..kernels.learning import examine
from ..kernels.patterns import MAX_PATTERN_BOXES, pattern_store
from ..kernels.push_sides import box_node, node_distances, side_areas
from ..kernels.reach import scanline_fill
from ..kernels.table import zobrist_keys
from .board import Board


def reachable(board: Board, boxes: np.ndarray, player: int) -> tuple[np.ndarray, int]:
    """The player's region as a bool mask over the padded board, and its canonical square."""
    n = board.walls.size
    occupied = board.walls.copy()
    occupied[np.asarray(boxes, dtype=np.int64)] = 1
    marks = np.zeros(n, dtype=np.int32)
    stack = np.empty(2 * n + 4, dtype=np.int64)
    canonical = scanline_fill(occupied, board.width, player, marks, 1, stack)
    return marks == 1, int(canonical)


def region_seeds(board: Board) -> np.ndarray:
    """The canonical square of each region the player could be in, boxes on ``board.boxes``."""
    occupied = board.walls.copy()
    occupied[board.boxes] = 1
    marks = np.zeros(occupied.size, dtype=np.int32)
    stack = np.empty(2 * occupied.size + 4, dtype=np.int64)
    seeds = []
    for square in np.flatnonzero(occupied == 0):
        if not marks[square]:
            seeds.append(scanline_fill(occupied, board.width, int(square), marks, 1, stack))
    return np.array(seeds, dtype=np.int64)


def node_table(board: Board) -> tuple[np.ndarray, np.ndarray]:
    """``(areas, table)``: the :func:`side_areas` of ``board`` and its goals' node table."""
    areas = side_areas(board.walls, board.width, board.offsets)
    return areas, node_distances(board.walls, areas, board.goals, board.offsets)


def position_nodes(board: Board, areas: np.ndarray, boxes: np.ndarray, player: int) -> np.ndarray:
    """The node of each box of a position (boxes on ``boxes``, the player on ``player``)."""
    region = reachable(board, boxes, player)[0].astype(np.int32)
    return np.array([box_node(areas, board.offsets, int(b), region, 1) for b in boxes],
                    dtype=np.int64)


def corral_deadlocked(board: Board, boxes: np.ndarray, player: int, pairs: bool = False) -> bool:
    """Whether some box of the position fences a dead corral (boxes and player on ``board``),
    the corral's search cutting the pushes that make a dead box pair if ``pairs``.

    The box below must go left, onto the goal, pushed from the square on its
    right, which the player never reaches; the freeze test misses this, as
    the box has room to move along its row:

    >>> from sokosolve.level import parse_level
    >>> board = Board.from_level(parse_level("#####\\n#+$ #\\n# ###\\n#####"))
    >>> corral_deadlocked(board, board.boxes, board.player)
    True
    """
    n = board.walls.size
    box_at = board.box_at(boxes)
    occupied = board.walls.copy()
    occupied[boxes] = 1
    marks = np.zeros(n, dtype=np.int32)
    stack = np.empty(2 * n + 4, dtype=np.int64)
    scanline_fill(occupied, board.width, player, marks, 1, stack)
    box_keys, player_keys = zobrist_keys(n)
    held = np.zeros(n, dtype=np.uint8)
    frames = freeze_workspace(boxes.size)
    work = corral_workspace(n, board.walls, len(boxes))
    table = board.dead_pairs() if pairs else NO_PAIRS
    return any(
        corral_deadlock(board.walls, board.goal_mask, board.dead_squares, board.offsets,
                        board.width, box_at, marks, 1, player, int(square), box_keys,
                        player_keys, stack, held, frames, table, work)
        for square in boxes
    )


def learned_pattern(board: Board, boxes: np.ndarray, player: int, backward: bool = False,
                    most: int = MAX_PATTERN_BOXES, near: int = -1, pairs: bool = False,
                    drop_free: bool = True) -> tuple[np.ndarray, np.ndarray] | None:
    """The deadlock pattern that :func:`~sokosolve.kernels.learning.examine` learns from a
    position (boxes on ``boxes``, the player on ``player``): ``(box squares, the player's
    region as a bool mask)``, or None if it does not prove the position dead. With
    ``backward`` the moves are pulls to ``board``'s start squares; ``most`` is the most
    boxes a proof takes, and ``near`` the square of the box moved last (-1: none), near
    which it keeps them when there are too many; with ``pairs`` (forward only) the proof
    uses the table of dead box pairs, as the searches do; without ``drop_free`` it does not
    take the free boxes off first.

    The two boxes below lock each other against the wall, off their goals; the
    player may be anywhere else:

    >>> from sokosolve.level import parse_level
    >>> rows = ["########", "#  $$ .#", "#      #", "#@    .#", "########"]
    >>> board = Board.from_level(parse_level("\\n".join(rows)))
    >>> squares, region = learned_pattern(board, board.boxes, board.player)
    >>> sorted(squares.tolist()) == sorted(board.boxes.tolist()), int(region.sum())
    (True, 16)
    """
    searched = board.reversed() if backward else board
    n = board.walls.size
    box_keys, player_keys = zobrist_keys(n)
    store = pattern_store(n)
    table = board.dead_pairs() if pairs and not backward else NO_PAIRS
    found = examine(proof_workspace(n, board.walls), store, searched.walls,
                    searched.goal_mask, searched.dead_squares, searched.offsets,
                    searched.width, box_keys, player_keys, np.zeros(n, dtype=np.uint8),
                    freeze_workspace(boxes.size), table, np.array(boxes, dtype=np.int32),
                    int(player), backward, most, near, drop_free)
    if not found:
        return None
    squares = store.boxes[0][store.boxes[0] >= 0].copy()
    bits = np.unpackbits(store.regions[0].view(np.uint8), bitorder="little")
    return squares, bits[:n].astype(bool)


def diagonal_pattern(board: Board, boxes: np.ndarray, player: int,
                     square: int) -> tuple[np.ndarray, np.ndarray] | None:
    """The pattern the search learns from the boxes around the chains of sealed squares beside
    the box on ``square`` (:mod:`~sokosolve.kernels.diagonals`), as :func:`learned_pattern`
    gives it, or None if there are none or they are not proved dead."""
    occupied = board.walls.copy()
    occupied[np.asarray(boxes, dtype=np.int64)] = 1
    region, _ = reachable(board, boxes, player)
    work = diagonal_workspace(board.walls.size)
    count = chain_boxes(occupied, board.box_at(boxes), region.astype(np.int64), 1,
                        board.offsets, board.width, square, work)
    if count < 2:
        return None
    return learned_pattern(board, work[1][:count], player, pairs=True, drop_free=False)


def goal_side_deadlocked(board: Board, boxes: np.ndarray, player: int) -> bool:
    """Whether the goal-side check (:mod:`~sokosolve.kernels.goal_side`) calls a position
    dead (boxes on ``boxes``, the player on ``player``), the boxes frozen on goals as walls.

    The box on the inner goal can never move, and the outer goal behind it can then
    never be filled:

    >>> from sokosolve.level import parse_level
    >>> board = Board.from_level(parse_level("######\\n#.*$@#\\n######"))
    >>> goal_side_deadlocked(board, board.boxes, board.player)
    True
    """
    n = board.walls.size
    boxes = np.asarray(boxes, dtype=np.int64)
    squares = np.empty(len(board.goals), dtype=np.int64)
    count, _ = frozen_on_goals(board.walls, board.dead_squares, board.goal_mask, boxes,
                               board.box_at(boxes), board.offsets, zobrist_keys(n)[0],
                               np.zeros(n, dtype=np.uint8), freeze_workspace(boxes.size),
                               squares, int(player))
    numbers = goal_numbers(board.goal_mask)
    masks = np.zeros(MAX_AREAS, dtype=np.uint64)
    areas = stuck_goals(board.walls, board.goal_mask, board.offsets, board.width, squares,
                        count, numbers, masks)
    return bool(goal_side_dead(masks, areas, numbers, boxes))
