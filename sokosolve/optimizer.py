"""Shortening a solution by vicinity search, the method of YASS's optimizer.

The positions a solution passes through mark out a small part of the state
space: around each, the positions where a few boxes stand a few squares off
their squares there. The costed search (:mod:`sokosolve.search.costed`) finds
the best solution inside that part, splicing together every shortcut it holds;
the old solution is inside too, so the new one is never worse. The search is
repeated around each better solution, in larger vicinities once a vicinity
gives nothing, until the largest gives nothing or the time is up.

>>> from sokosolve.level import parse_level
>>> level = parse_level("#######\\n#@ $ .#\\n#     #\\n#######")
>>> better = optimize(level, "drulrRR")
>>> better.solution, better.moves, better.pushes
('rRR', 3, 2)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .analysis.board import Board
from .kernels.layout import Code
from .level import Level
from .limits import states_within
from .replay import expand_lurd, verify
from .search.costed import costed, costed_states
from .search.solution import lurd_to_pushes, pushes_to_lurd
from .search.spec import check_metric

#: The vicinities searched, smallest first: (boxes that may stand elsewhere, how far:
#: rows plus columns from a square a box left).
VICINITIES = ((1, 4), (2, 4), (2, 8), (3, 6), (4, 8))


#: Bytes of search memory an optimization takes by default.
MEMORY = 1 << 30


class IllegalSolution(ValueError):
    """A solution to optimize that does not solve its level."""


@dataclass(frozen=True)
class Optimized:
    """An optimized solution and how the optimization went.

    ``complete`` is True when the largest vicinity was searched and gave no gain,
    False when the time or the state limit ended the optimization first.
    """

    solution: str
    moves: int
    pushes: int
    searches: int
    gains: int
    complete: bool
    seconds: float


def optimize(level: Level, solution: str, metric: str = "moves", seconds: float = 10.0,
             max_states: int | None = None, stop: np.ndarray | None = None,
             progress: Callable[[Optimized], None] | None = None) -> Optimized:
    """A solution of ``level`` no worse than ``solution`` in ``metric`` (``"moves"`` or
    ``"pushes"``, the other measure breaking ties), found within ``seconds``.

    Each vicinity search may store ``max_states`` states (by default, what
    :data:`MEMORY` holds); setting ``stop[0]`` ends the
    optimization as the time limit does. ``progress`` is called with each better
    solution. Raises :class:`IllegalSolution` if ``solution`` does not solve ``level``.
    """
    started = time.perf_counter()
    check_metric(metric)
    replay = verify(level, solution)
    if not replay.solved:
        raise IllegalSolution(replay.error or "it leaves boxes off goals")
    stop = np.zeros(1, dtype=np.int8) if stop is None else stop
    board = Board.from_level(level)
    if max_states is None:
        max_states = costed_states(states_within(MEMORY), len(board.boxes))
    pushes = lurd_to_pushes(board, expand_lurd(solution))
    pushes_first = metric == "pushes"
    best = pushes_to_lurd(board, pushes)  # the same pushes, each walk the shortest
    cost = _cost(level, best, pushes_first)
    deadline = started + seconds
    positions = _positions(board, pushes)
    searches = gains = stage = 0
    while stage < len(VICINITIES) and time.perf_counter() < deadline and not stop[0]:
        displaced, reach = VICINITIES[stage]
        found = costed(board, pushes_first, max_states, deadline, stop,
                       vicinity=(positions, displaced, reach))
        searches += 1
        if found.code != Code.SOLVED:
            break  # out of time or states: a larger vicinity would not fare better
        found_cost = (found.pushes, found.moves) if pushes_first else (found.moves, found.pushes)
        if found_cost < cost:
            pushes, cost, gains = found.pushes_made, found_cost, gains + 1
            positions = _positions(board, pushes)
            best = pushes_to_lurd(board, pushes)
            if progress:
                progress(_optimized(best, cost, pushes_first, searches, gains, False, started))
        else:
            stage += 1
    replay = verify(level, best)
    if not replay.solved:  # a search bug: never hand back worse than what was given
        raise RuntimeError(f"internal error: the optimized solution failed replay ({replay.error})")
    return _optimized(best, cost, pushes_first, searches, gains, stage == len(VICINITIES),
                      started)


def _cost(level: Level, solution: str, pushes_first: bool) -> tuple[int, int]:
    replay = verify(level, solution)
    return (replay.pushes, replay.moves) if pushes_first else (replay.moves, replay.pushes)


def _optimized(solution: str, cost: tuple[int, int], pushes_first: bool, searches: int,
               gains: int, complete: bool, started: float) -> Optimized:
    moves, pushes = (cost[1], cost[0]) if pushes_first else cost
    return Optimized(solution, moves, pushes, searches, gains, complete,
                     time.perf_counter() - started)


def _positions(board: Board, pushes: np.ndarray) -> list[np.ndarray]:
    """The box squares before the first push and after each push."""
    boxes = board.boxes.copy()
    at = {int(s): i for i, s in enumerate(boxes)}
    positions = [boxes.copy()]
    for push in pushes:
        square, direction = int(push) >> 2, int(push) & 3
        i = at.pop(square)
        boxes[i] = square + int(board.offsets[direction])
        at[int(boxes[i])] = i
        positions.append(boxes.copy())
    return positions
