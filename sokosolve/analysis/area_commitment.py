"""Area commitment: finish the goal area whose box was pushed last before pushing any other.

This module builds the tables; the search kernel (:mod:`sokosolve.kernels.loop`)
applies the rule: while the last pushed box's area has an empty goal, only
that area's boxes are pushed.

Some levels are several nearly independent parts, each a goal area with its
boxes (Sasquatch I-5: four quadrants). A search over the whole level keeps
every combination of the parts' half-done positions, so its states multiply
with each part (``scripts/goal_areas.py`` measures it). Committing to one
area at a time keeps only the positions where at most one area is half
done: on I-5 the feature search then needs about 109 thousand states
instead of running out of time.

A goal area is a group of goals joined side by side; each box belongs to the
area that a min-cost matching of the start boxes to the goals sends it to.
The rule alone could lose every solution: an area may need a box of another
area, or another area's box moved out of the way (``puzzles/crossed-areas.xsb``).
So the pushes it holds back are deferred, not dropped: once the committed
states run out, the search expands the deferred states again with every push,
best first, and so stays complete.

>>> from sokosolve.level import parse_level
>>> from sokosolve.analysis.board import Board
>>> board = Board.from_level(parse_level("#########\\n#.$ @ $.#\\n#########"))
>>> areas = goal_area_ids(board)
>>> [int(areas[g]) for g in board.goals], box_area_ids(board, areas).tolist()
([0, 1], [0, 1])
"""

from __future__ import annotations

import numpy as np

from ..kernels.heuristics import matching_bound, matching_workspace
from .board import Board
from .packing import region


def goal_area_ids(board: Board) -> np.ndarray:
    """The area number of each goal square (areas numbered from 0 in square order), -1 on
    every other square."""
    ids = np.full(board.walls.size, -1, dtype=np.int32)
    goals = set(board.goals.tolist())
    offsets = board.offsets.tolist()
    areas = 0
    for first in board.goals:
        if ids[first] < 0:
            ids[list(region(goals, offsets, int(first)))] = areas
            areas += 1
    return ids


def matched_goals(board: Board) -> np.ndarray:
    """The goal (an index into ``board.goals``) that a min-cost matching of boxes to goals
    by push distance gives each start box, in ``board.boxes`` order."""
    work = matching_workspace(board.boxes.size)
    matching_bound(board.goal_distances, board.boxes, work)
    owner = work[2]  # goal (from 1) -> box (from 1)
    goals = np.empty(board.boxes.size, dtype=np.int32)
    for goal in range(1, board.boxes.size + 1):
        goals[owner[goal] - 1] = goal - 1
    return goals


def box_area_ids(board: Board, area_ids: np.ndarray) -> np.ndarray:
    """The area of each start box (in ``board.boxes`` order): that of its goal in
    :func:`matched_goals`."""
    return area_ids[board.goals[matched_goals(board)]]
