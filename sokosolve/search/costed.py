"""Running the costed search (:mod:`sokosolve.kernels.costed_search`) on a board: solutions
optimal in moves or in pushes with the other measure as the tie-break, anywhere or only
near a given path."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..analysis.board import Board
from ..kernels.costed_search import costed_search
from ..kernels.layout import Code
from ..kernels.table import zobrist_keys
from ..limits import BYTES_PER_STATE

_NO_ROWS = np.zeros((0, 0), dtype=np.int32)
#: No cap on the primary measure.
NO_CAP = 1 << 30


def costed_states(max_states: int, boxes: int) -> int:
    """The costed states that fit in the memory of ``max_states`` push-level states: each
    holds its boxes' squares and its costs (about ``60 + 4 * boxes`` bytes with its hash
    slots and open-list entries)."""
    return max(1, max_states * BYTES_PER_STATE // (60 + 4 * boxes))


class Costed(NamedTuple):
    """How a costed search ended; ``moves`` and ``pushes`` are the solution's, if solved."""

    code: Code
    pushes_made: np.ndarray  # box_square * 4 + direction
    moves: int
    pushes: int
    expanded: int
    generated: int
    states: int


def costed(board: Board, pushes_first: bool, max_states: int, deadline: float,
           stop: np.ndarray, cap: int = NO_CAP,
           vicinity: tuple[list[np.ndarray], int, int] | None = None) -> Costed:
    """The fewest moves then pushes (the fewest pushes then moves with ``pushes_first``)
    that solve ``board``, searched until ``deadline`` (``time.perf_counter``) or
    ``max_states``.

    ``cap`` bounds the primary measure: no solution costing more is looked for.
    ``vicinity`` is ``(positions, displaced, reach)``: the box squares of each position
    of a path, and how far from them the search may go (the kernel's docstring says
    how).
    """
    box_keys, player_keys = zobrist_keys(board.walls.size)
    if vicinity is None:
        path_boxes, path_masks, displaced, reach = _NO_ROWS, _NO_ROWS.astype(np.uint8), 0, 0
    else:
        positions, displaced, reach = vicinity
        path_boxes = np.array(positions, dtype=np.int32).reshape(len(positions), -1)
        path_masks = np.zeros((len(positions), board.walls.size), dtype=np.uint8)
        for i, squares in enumerate(positions):
            path_masks[i, squares] = 1
    code, pushes, counts = costed_search(
        board.walls, board.dead_squares, board.goal_mask, board.offsets, board.width,
        board.goal_distances, board.boxes, board.player, pushes_first, cap, path_boxes,
        path_masks, displaced, reach, box_keys, player_keys, max_states, deadline, stop)
    expanded, generated, states, moves, pushed = (int(c) for c in counts)
    return Costed(Code(code), pushes, moves, pushed, expanded, generated, states)
