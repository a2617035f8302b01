"""Solving many levels: which strategy runs where, and on how many processes.

:func:`solve_many` is what the command line runs: a single level races the
searches of :data:`~sokosolve.search.presets.RACE` on the cores, more levels
go to a pool of workers that each run
:data:`~sokosolve.search.presets.ONE_CORE`, one level at a time, and with
one core a single level is solved in this process. Given a Dask client, the
levels go to its workers instead (:mod:`sokosolve.parallel.cluster`).
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

import numpy as np

from .io.files import Task
from .limits import PROCESS_BYTES, Limits, states_within
from .parallel.cluster import CHUNK_SIZE, solve_on_cluster
from .parallel.pool import solve_tasks
from .parallel.race import race
from .result import Result
from .search.presets import ONE_CORE, RACE
from .search.spec import Optimal, Optimize, Strategy, raced
from .solver import optimized, signals_stop, solve


class Terminated(KeyboardInterrupt):
    """SIGTERM, taken as Ctrl-C is: the workers are stopped, every finished level kept."""


def default_strategy(levels: int, jobs: int, optimal: str | None = None,
                     optimize: tuple[str, float] | None = None) -> Strategy:
    """The strategy for ``levels`` levels on ``jobs`` processes; ``optimal`` (``"moves"`` or
    ``"pushes"``) proves each solution optimal in that measure, ``optimize`` (a metric and
    seconds) shortens each solution found afterwards.

    >>> print(default_strategy(1, 2) is RACE, default_strategy(10, 2) is ONE_CORE)
    True True
    >>> print(default_strategy(10, 2, "moves", ("moves", 5)))
    optimize(optimal moves, moves 5 s)
    """
    strategy = (Optimal(optimal) if optimal is not None
                else RACE if levels == 1 and jobs > 1 else ONE_CORE)
    return Optimize(strategy, *optimize) if optimize else strategy


def limits_within(strategy: Strategy, seconds: float, memory_bytes: int,
                  max_states: int | None = None) -> Limits:
    """The limits of one level: ``seconds``, and the states that the processes of
    ``strategy`` can store in ``memory_bytes`` (or ``max_states``, if fewer).

    Raises ValueError if the memory cannot even hold the processes' fixed tables.
    """
    racing = raced(strategy)
    processes = len(racing.racers) if racing else 1
    cap = states_within(memory_bytes, processes)
    if cap < 1:
        raise ValueError(f"{memory_bytes >> 20} MB cannot hold the fixed tables of {processes} "
                         f"search process(es) ({PROCESS_BYTES >> 20} MB each)")
    return Limits(seconds=seconds, max_states=min(max_states or cap, cap))


def _stoppable(work: Callable[[np.ndarray], Result]) -> Result:
    """``work(stop)`` with Ctrl-C and SIGTERM setting its stop flag; once it has returned,
    either raises KeyboardInterrupt or :class:`Terminated`."""
    stop = np.zeros(1, dtype=np.int8)
    with signals_stop(stop, (signal.SIGINT, signal.SIGTERM)) as caught:
        result = work(stop)
    if caught:
        raise Terminated if caught[0] == signal.SIGTERM else KeyboardInterrupt
    return result


def solve_many(tasks: Sequence[Task], strategy: Strategy, limits: Limits, jobs: int = 1,
               cluster=None, chunk_size: int = CHUNK_SIZE) -> Iterator[tuple[Task, Result]]:
    """Solves each task's level with ``strategy``, yielding results as they finish.

    A :class:`~sokosolve.search.spec.Race` takes a single task and runs its racers
    at once; any other strategy solves a single task in this process (Ctrl-C or
    SIGTERM stop it, then raise KeyboardInterrupt or :class:`Terminated`), and
    more tasks on ``jobs`` worker processes, or on the workers of ``cluster``, a
    Dask client, if one is given, ``chunk_size`` levels a Dask task. The tasks must
    hold levels, not reading errors. Closing the iterator stops the workers.
    """
    racing = raced(strategy)
    if cluster is not None:
        if racing:
            raise ValueError("a race runs on the cores of one machine, not on a cluster")
        yield from solve_on_cluster(tasks, strategy, limits, cluster, chunk_size)
    elif racing:
        if len(tasks) != 1:
            raise ValueError(f"a race solves one level, not {len(tasks)}")
        level = tasks[0].level
        if racing is strategy:
            yield tasks[0], race(level, limits, racing)
            return
        # The racers' solution is optimized here, on one core, in the time they left.
        first = race(level, replace(limits, seconds=max(0.0, limits.seconds - strategy.seconds)),
                     racing)
        yield tasks[0], _stoppable(lambda stop: optimized(level, first, strategy, limits, stop))
    elif len(tasks) == 1:
        yield tasks[0], _stoppable(lambda stop: solve(tasks[0].level, strategy, limits, stop))
    elif tasks:
        yield from solve_tasks(tasks, strategy, limits, jobs)
