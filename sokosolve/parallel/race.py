"""Racing strategies on several cores: the first definite answer wins.

Which search finds a solution quickly varies a lot from level to level: a
forward search that pushes boxes from their start and a backward one that
pulls them off the goals fail on different levels, so racing them on the
cores solves more levels in the same time. The racers share what they learn:
the deadlock patterns one proves, the others prune, and the states that one's
backward searches reach, the others' forward searches meet (the perimeter).
"""

from __future__ import annotations

import multiprocessing.connection
import os
import time
from dataclasses import replace

import numpy as np

from ..analysis.board import Board
from ..kernels.patterns import shared_buffers, shared_store
from ..kernels.perimeter import shared_buffers as perimeter_buffers
from ..kernels.perimeter import shared_perimeter
from ..level import Level
from ..limits import KILL_MARGIN, STOP_GRACE, Limits
from ..result import Result, Status
from ..search.build import Learned
from ..search.presets import RACE
from ..search.spec import Race, Sequential
from ..solver import COUNTED, solve, warm_up
from .processes import become_worker, context, how_it_died


def _racer(connection, parent: int, level: Level, racer: Sequential, limits: Limits,
           stop_flag, shared_patterns: dict, perimeter: tuple, index: int) -> None:
    become_worker(parent)
    stop = np.frombuffer(stop_flag, dtype=np.int8)  # shared with the other racers
    stores = {backward: shared_store(*buffers, index)
              for backward, buffers in shared_patterns.items()}
    connection.send(solve(level, racer, limits, stop, Learned(
        stores, shared_perimeter(*perimeter, index))))


def _shared_patterns(starts, level: Level, racers: int) -> dict:
    """Empty pattern stores that the racers share, a segment each, for each direction:
    what one racer proves dead, the others prune (as Festival's threads share theirs)."""
    squares = Board.from_level(level).walls.size
    return {backward: shared_buffers(starts, squares, racers) for backward in (False, True)}


def race(level: Level, limits: Limits, strategy: Race = RACE) -> Result:
    """Solves ``level`` with every racer of ``strategy`` at once; returns the first definite
    answer.

    A definite answer is a solution or a proof that there is none. If no
    racer gives one, the first racer's result is returned. The
    racers share the state limit, as they share the level's memory. Once one
    has won, the others are told to stop and get :data:`STOP_GRACE` seconds to
    report: the counts returned (states, expansions) add up every racer that
    reported, the seconds are the answer's.
    """
    if len(strategy.racers) == 1:
        return solve(level, strategy.racers[0], limits)
    limits = limits.split(len(strategy.racers))
    warm_up()  # forked racers inherit the compiled kernels
    starts = context()
    stop_flag = starts.RawArray("b", 1)
    shared_patterns = _shared_patterns(starts, level, len(strategy.racers))
    perimeter = perimeter_buffers(starts, len(strategy.racers))
    racers = []
    for index, racer in enumerate(strategy.racers):
        parent, child = starts.Pipe(duplex=False)
        process = starts.Process(target=_racer, daemon=True, args=(
            child, os.getpid(), level, racer, limits, stop_flag, shared_patterns, perimeter,
            index))
        process.start()
        child.close()
        racers.append((parent, process))
    results: dict[int, Result] = {}
    winner = None
    deadline = time.perf_counter() + limits.seconds + KILL_MARGIN
    try:
        waiting = {parent: i for i, (parent, _) in enumerate(racers)}
        while waiting and time.perf_counter() < deadline:
            ready = multiprocessing.connection.wait(list(waiting), timeout=0.2)
            for connection in ready:
                i = waiting.pop(connection)
                try:
                    results[i] = connection.recv()
                except EOFError:
                    results[i] = Result(Status.ERROR, error="a racing worker died: "
                                        + how_it_died(racers[i][1]))
                if winner is None and results[i].status in (Status.SOLVED, Status.UNSOLVABLE):
                    winner = i
                    stop_flag[0] = 1
                    deadline = min(deadline, time.perf_counter() + STOP_GRACE)
    finally:
        for _, process in racers:
            process.kill()
            process.join()
    result = results.get(winner if winner is not None else 0) or Result(
        Status.TIMEOUT, seconds=limits.seconds,
        error="the racing workers were killed at the time limit")
    return replace(result, **{name: sum(getattr(r, name) for r in results.values())
                              for name in COUNTED})
