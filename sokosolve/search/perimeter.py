"""A search's part in the level's perimeter (:mod:`sokosolve.kernels.perimeter`), turn by
turn: a backward search publishes the states it stored since its last turn, a forward one
looks for its new states on the perimeter and for the perimeter's new states in its table,
and on a meeting follows the depths down to the goals."""

from __future__ import annotations

import numpy as np

from ..analysis.board import Board
from ..kernels import loop
from ..kernels.layout import Progress
from ..kernels.perimeter import Perimeter, descend, first_on_perimeter, first_reached, publish


class OnPerimeter:
    """What one search has published to, or checked against, ``perimeter`` so far."""

    def __init__(self, board: Board, perimeter: Perimeter, backward: bool) -> None:
        self.board, self.perimeter, self.backward = board, perimeter, backward
        self.done = 0  # of the search's states: published, or looked for
        self.seen = np.zeros_like(perimeter.counts)  # of each segment's entries: looked for

    def turn(self, search: loop.SearchState) -> np.ndarray | None:
        """After a turn of ``search``: publishes its new states if it is backward; if it is
        forward and meets the perimeter, the single pushes that solve the level."""
        keys, slots = loop.search_table(search)
        count = int(search.progress[Progress.COUNT])
        if self.backward:
            self.done = publish(self.perimeter, keys, search.table.depths, self.done, count)
            return None
        node, segment = first_on_perimeter(self.perimeter, keys, self.done, count)
        self.done = count
        while True:
            if node < 0:
                node, segment = first_reached(self.perimeter, self.seen, keys, slots)
                if node < 0:
                    return None
            found = self._solution(search, node, segment)
            if found is not None:
                return found
            node = -1

    def _solution(self, search: loop.SearchState, node: int, segment: int) -> np.ndarray | None:
        """The pushes to ``node``, then down the depths of ``segment``; None if they lead
        nowhere."""
        board, tables = self.board, search.tables  # the keys the search stored states by
        pushes = loop.search_path(search, node)
        found, rest = descend(self.perimeter, segment, board.walls, board.width, board.offsets,
                              board.goal_mask, tables.box_keys, tables.player_keys, board.boxes,
                              board.player, pushes)
        return np.concatenate((pushes, rest)) if found else None
