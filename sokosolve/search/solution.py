"""From pushes to a move string: the player walks between pushes, then the push letters.

Each walk is the shortest to the pushing side of the next box and, among the
shortest, the one with the fewest turns (:func:`sokosolve.kernels.walk.fewest_turns_walk`).
"""

from __future__ import annotations

import numpy as np

from ..analysis.board import LURD, Board
from ..kernels.walk import NO_HEADING, fewest_turns_walk


class UnplayablePushes(ValueError):
    """Pushes whose pushing side the player cannot walk to: a search bug, never a solution."""


def pushes_to_lurd(board: Board, pushes: np.ndarray, walk=fewest_turns_walk) -> str:
    """The LURD string that plays ``pushes`` (``box_square * 4 + direction``) from the start.

    ``walk`` finds each walk; it takes the arguments of :func:`fewest_turns_walk`.
    Raises :class:`UnplayablePushes` where the player cannot get behind a box;
    the string is not checked otherwise (:func:`sokosolve.replay.verify` does that).
    """
    box_at = board.box_at()
    player, heading = board.player, NO_HEADING
    letters: list[str] = []
    for push in pushes:
        square, direction = int(push) >> 2, int(push) & 3
        behind = square - int(board.offsets[direction])
        steps = walk(board.walls, box_at, board.offsets, player, heading, behind, direction)
        if steps.size and steps[0] < 0:
            raise UnplayablePushes(f"no walk to push the box on padded square {square}")
        letters.extend(LURD[d] for d in steps)
        letters.append(LURD[direction].upper())
        to = square + int(board.offsets[direction])
        box_at[to], box_at[square] = box_at[square], -1
        player, heading = square, direction
    return "".join(letters)


def lurd_to_pushes(board: Board, lurd: str) -> np.ndarray:
    """The pushes of a legal LURD string, as ``box_square * 4 + direction`` on the board."""
    player = board.player
    pushes = []
    for letter in lurd:
        direction = LURD.index(letter.lower())
        player += int(board.offsets[direction])
        if letter.isupper():
            pushes.append(player * 4 + direction)
    return np.array(pushes, dtype=np.int64)


def joined_lurd(board: Board, pushes: np.ndarray, pulls: np.ndarray) -> str:
    """The moves of ``pushes`` followed by ``pulls`` undone in reverse order, in LURD."""
    moves = np.concatenate((pushes, _pulls_to_pushes(board, pulls))).astype(np.int64)
    return pushes_to_lurd(board, moves)


def _pulls_to_pushes(board: Board, pulls: np.ndarray) -> np.ndarray:
    """The pushes that undo ``pulls`` in reverse order: the forward solution."""
    pushes = []
    for pull in pulls[::-1]:
        square, direction = int(pull) >> 2, int(pull) & 3
        to = square + int(board.offsets[direction])
        pushes.append(to * 4 + ((direction + 2) & 3))
    return np.array(pushes, dtype=np.int64)
