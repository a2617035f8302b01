"""Hotspots, a feature of FESS (Shoham and Schaeffer): a box that stands where it cuts
another box off from every goal.

The table is worked out once per board: ``hot[b, s]`` is set when a box alone on
``s``, which can reach a goal on the empty board, can reach none with a wall on
``b``. A position's hotspots are its boxes ``b`` with some other box on such an
``s``: while they stand there, that box has nowhere to go. The hotspots advisor
(:mod:`sokosolve.kernels.advisors`) proposes the push that leaves fewer of them.

>>> from sokosolve.analysis.board import Board
>>> from sokosolve.level import parse_level
>>> def hotspots(text):
...     board = Board.from_level(parse_level(text))
...     hot = hotspot_table(board.walls, board.goal_mask, board.dead_squares, board.offsets)
...     return int(count_hotspots(hot, board.boxes))
>>> hotspots("########\\n#@ $$..#\\n########")  # in a row, each cuts the other off
2
>>> hotspots("#######\\n#@    #\\n# $$  #\\n# .   #\\n#   . #\\n#######")
0
"""

from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True)
def hotspot_table(walls: np.ndarray, goals: np.ndarray, dead: np.ndarray,
                  offsets: np.ndarray) -> np.ndarray:
    """``hot[b, s]``, uint8: a box alone on live square ``s`` reaches no goal with a wall
    on ``b`` (the player anywhere off the boxes and walls)."""
    n = walls.size
    hot = np.zeros((n, n), dtype=np.uint8)
    reaches = np.zeros(n, dtype=np.uint8)
    queue = np.empty(n, dtype=np.int32)
    for b in range(n):
        if walls[b]:
            continue
        reaches[:] = 0
        head = tail = 0
        for g in range(n):
            if goals[g] and g != b and not walls[g]:
                reaches[g] = 1
                queue[tail] = g
                tail += 1
        while head < tail:  # back from the goals: a push from t lands on u
            u = queue[head]
            head += 1
            for o in offsets:
                t = u - o
                if walls[t] or t == b or reaches[t]:
                    continue
                player = t - o
                if not walls[player] and player != b:
                    reaches[t] = 1
                    queue[tail] = t
                    tail += 1
        for s in range(n):
            if not walls[s] and s != b and not dead[s] and not reaches[s]:
                hot[b, s] = 1
    return hot


@numba.njit(cache=True)
def count_hotspots(hot: np.ndarray, box_squares: np.ndarray) -> int:
    """How many of the boxes on ``box_squares`` cut another of them off from every goal
    (0 with an empty table: a search without hotspots)."""
    count = 0
    if hot.size == 0:
        return count
    for i in range(box_squares.size):
        b = box_squares[i]
        for j in range(box_squares.size):
            if j != i and hot[b, box_squares[j]]:
                count += 1
                break
    return count
