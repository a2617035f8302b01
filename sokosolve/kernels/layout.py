"""The kernels' vocabulary: the search orderings and the codes a search ends with.

They are IntEnums, so Python code names them and jitted code compares them with plain
integers.
"""

from __future__ import annotations

from enum import IntEnum


class Order(IntEnum):
    """How a search takes its open states."""

    BFS = 0  # breadth first over pushes: the first solution is push-optimal
    ASTAR = 1  # A* on g + h with the matching lower bound: push-optimal
    GREEDY = 2  # weighted A* on g + weight * h, never reopening a state
    FEATURES = 3  # the same order within cells of a feature space taken in turn


class Code(IntEnum):
    """How a run of the search loop ended; ``RUNNING``: it paused and can go on."""

    SOLVED = 0
    UNSOLVABLE = 1
    TIMEOUT = 2
    LIMIT = 3
    RUNNING = 4
