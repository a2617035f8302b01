"""Static board analysis: the padded flat board the kernels use, dead squares, push distances.

The kernels see a level as flat numpy arrays over a grid padded by one wall
square on every side, so a square's four neighbours always exist. Directions
are numbered 0-3 in LURD order; ``board.offsets[d]`` steps one square that way.

>>> from sokosolve.level import parse_level
>>> board = Board.from_level(parse_level("######\\n#@$ .#\\n######"))
>>> [board.to_level_square(s) for s in np.flatnonzero(board.dead_squares)]
[7]
>>> int(board.goal_distances[0, board.from_level_square(8)])
2
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..kernels.dead_pairs import dead_pair_table
from ..kernels.distances import UNREACHABLE, box_distances
from ..kernels.layout import DeadPairs
from ..level import Level, Square

#: Direction letters in kernel order; uppercase is the push.
LURD = "lurd"


def _dead_where_unreachable(distances: np.ndarray, walls: np.ndarray) -> np.ndarray:
    if distances.shape[0] == 0:
        return np.zeros(walls.size, dtype=np.uint8)
    return ((distances.min(axis=0) == UNREACHABLE) & (walls == 0)).astype(np.uint8)


@dataclass(frozen=True)
class Board:
    """A level laid out for the kernels (walls, goals, distances) plus its start state."""

    width: int
    level_width: int
    walls: np.ndarray  # uint8 per square: 1 where no box or player may ever stand
    goals: np.ndarray  # int32 goal squares
    goal_mask: np.ndarray  # uint8 per square
    offsets: np.ndarray  # int64[4], LURD
    goal_distances: np.ndarray  # int32[goal, square]
    dead_squares: np.ndarray  # uint8 per square: a box here can never reach a goal
    boxes: np.ndarray  # int32 start squares of the movable boxes
    player: int

    @classmethod
    def from_level(cls, level: Level) -> Board:
        # Boxes on goals walled off from the player never move: they become walls.
        width = level.width + 2
        n = width * (level.height + 2)

        def pad(s: Square) -> int:
            r, c = divmod(s, level.width)
            return (r + 1) * width + c + 1

        walls = np.ones(n, dtype=np.uint8)
        walls[[pad(s) for s in level.floor]] = 0
        goals = np.array(sorted(pad(s) for s in level.goals if s in level.floor), dtype=np.int32)
        boxes = np.array(sorted(pad(s) for s in level.boxes if s in level.floor), dtype=np.int32)
        goal_mask = np.zeros(n, dtype=np.uint8)
        goal_mask[goals] = 1
        offsets = np.array([-1, -width, 1, width], dtype=np.int64)
        distances = box_distances(walls, goals, offsets, False)
        dead = _dead_where_unreachable(distances, walls)
        return cls(
            width, level.width, walls, goals, goal_mask, offsets, distances, dead, boxes,
            pad(level.player),
        )

    def reversed(self) -> Board:
        """The board of the backward search: boxes start on the goals and are pulled
        to the level's start squares. Its dead squares are those no box can be pushed to."""
        distances = box_distances(self.walls, self.boxes, self.offsets, True)
        goal_mask = np.zeros(self.walls.size, dtype=np.uint8)
        goal_mask[self.boxes] = 1
        return Board(
            self.width, self.level_width, self.walls, self.boxes.copy(), goal_mask, self.offsets,
            distances, _dead_where_unreachable(distances, self.walls), self.goals.copy(),
            self.player,
        )

    def dead_pairs(self) -> DeadPairs:
        """The table of dead box pairs of the forward searches
        (:func:`~sokosolve.kernels.dead_pairs.dead_pair_table`)."""
        return dead_pair_table(self.walls, self.goal_mask, self.dead_squares, self.offsets,
                               self.width)

    def box_at(self, boxes: np.ndarray | None = None) -> np.ndarray:
        """Per square, the number of the box on it in ``boxes`` (the start boxes by
        default), -1 where there is none: the kernels' ``box_at`` array.

        >>> from sokosolve.level import parse_level
        >>> board = Board.from_level(parse_level("######\\n#@$$.#\\n#   .#\\n######"))
        >>> [int(i) for i in board.box_at()[board.from_level_square(8):][:3]]
        [0, 1, -1]
        """
        boxes = self.boxes if boxes is None else boxes
        box_at = np.full(self.walls.size, -1, dtype=np.int32)
        box_at[boxes] = np.arange(len(boxes), dtype=np.int32)
        return box_at

    def from_level_square(self, square: Square) -> int:
        r, c = divmod(square, self.level_width)
        return (r + 1) * self.width + c + 1

    def to_level_square(self, square: int) -> Square:
        r, c = divmod(int(square), self.width)
        return (r - 1) * self.level_width + c - 1
