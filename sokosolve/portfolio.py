"""Racing several search configurations on several cores: the first definite answer wins.

The fast search is greedy, and which search finds a solution quickly varies
a lot from level to level: a forward search that pushes boxes from their
start and a backward one that pulls them off the goals fail on different
levels, so racing them on the cores solves more levels in the same time.
"""

from __future__ import annotations

import multiprocessing.connection
import os
import time
from dataclasses import dataclass, replace

import numpy as np

from .level import Level
from .processes import become_worker, context, how_it_died
from .solver import Limits, Result, Status, solve, warm_up

#: Seconds a racer may overrun the time limit before it is killed.
KILL_MARGIN = 5.0
#: Seconds the racers that lost get to stop and report their counts once one has won.
STOP_GRACE = 1.0
#: The counts of a :class:`Result` that add up over the searches that made it.
COUNTED = ("expanded", "generated", "states", "restricted", "dead_corrals")


@dataclass(frozen=True)
class Config:
    """One way to run the search."""

    mode: str = "fast"
    weight: int | None = None
    pi_corrals: bool = True
    #: A search run first, for ``first_share`` of the time; ``mode`` gets the rest.
    first: str | None = None
    first_share: float = 0.0


#: Four searches, each on its own. Pushing from the start
#: and pulling back from the goals, each by feature cells or greedily, fail on
#: different levels, and a level one of them solves it mostly solves fast.
SEPARATE_PORTFOLIO = (
    Config("features"), Config("backward"), Config("fast"), Config("backward-features"),
)
#: The configurations raced by default, best first: two forward-backward pairs
#: that take turns and stop where they meet (:mod:`sokosolve.bidirectional`).
#: Both push forward by feature cells; one pulls back greedily, the other by
#: feature cells with two thirds of its time. Each of the three searches is
#: needed: the greedy backward search alone solves eight XSokoban levels that
#: the two feature searches do not solve meeting; the backward feature search
#: alone solves Sasquatch I-32 and I-44, and Microban IV-57 only where it meets
#: the forward one. Sasquatch I on two cores at 60 s: 36
#: solved, slowest 42.5 s, against 35, slowest 53.3 s, for the "same-kind"
#: pairs. The second pair starts with the search committed to one goal area
#: at a time for a tenth of the time: it adds Sasquatch I-5 (37 solved). The notes on issue 4
#: have the runs behind these figures.
FAST_PORTFOLIO = (Config("meet-mixed"),
                  Config("meet-backward", first="features-areas", first_share=0.1))
#: The earlier default: feature cells met by feature cells, greedy by greedy.
SAME_KIND_PORTFOLIO = (Config("meet"), Config("meet-fast"))
#: The search for one core: the three searches of the portfolio in one meeting,
#: the forward one run once (:mod:`sokosolve.bidirectional`), half of the time
#: to the backward feature search; then, for the last tenth of the time, the
#: search committed to one goal area at a time. On one core a level, Sasquatch I
#: at 60 s: 37 solved (I-5 by the committed search, in 55.9 s), against 36 for
#: the meeting alone and 37 for the committed search first, which took the median
#: time from 1.4 to 6.6 s; Microban I-IV: all 493.
ONE_CORE = Config("features-areas", first="meet-all", first_share=0.9)
#: Portfolios by name, for the benchmarks.
PORTFOLIOS = {"meeting": FAST_PORTFOLIO, "same-kind": SAME_KIND_PORTFOLIO,
              "separate": SEPARATE_PORTFOLIO, "one-core": (ONE_CORE,)}


def solve_on_one_core(
    level: Level, limits: Limits, config: Config = ONE_CORE, stop: np.ndarray | None = None
) -> Result:
    """Solves ``level`` with ``config`` in this process: the one-core form of :func:`race`;
    ``stop`` as in :func:`~sokosolve.solver.solve`."""
    if config.first is None:
        return solve(level, config.mode, limits, config.pi_corrals, config.weight, stop=stop)
    lead = solve(level, config.first, replace(limits, seconds=limits.seconds * config.first_share),
                 config.pi_corrals, None, stop=stop)
    left = limits.max_states - lead.states  # the cap is on the states of both together
    if lead.status in (Status.SOLVED, Status.UNSOLVABLE) or (stop is not None and stop[0]) \
            or left < 1:
        return lead
    rest = solve(level, config.mode,
                 replace(limits, seconds=limits.seconds - lead.seconds, max_states=left),
                 config.pi_corrals, config.weight, stop=stop)
    return replace(rest, **{name: getattr(lead, name) + getattr(rest, name)
                            for name in ("seconds", *COUNTED)})


def _racer(connection, parent: int, level: Level, config: Config, limits: Limits,
           stop_flag) -> None:
    become_worker(parent)
    stop = np.frombuffer(stop_flag, dtype=np.int8)  # shared with the other racers
    connection.send(solve_on_one_core(level, limits, config, stop))


def race(level: Level, limits: Limits, configs: tuple[Config, ...] = FAST_PORTFOLIO) -> Result:
    """Solves ``level`` with every configuration at once; returns the first definite answer.

    A definite answer is a solution or a proof that there is none. If no
    racer gives one, the first configuration's result is returned. The
    racers share the state limit, as they share the level's memory. Once one
    has won, the others are told to stop and get :data:`STOP_GRACE` seconds to
    report: the counts returned (states, expansions) add up every racer that
    reported, the seconds are the answer's.
    """
    if len(configs) == 1:
        return solve_on_one_core(level, limits, configs[0])
    limits = replace(limits, max_states=max(1, limits.max_states // len(configs)))
    warm_up()  # forked racers inherit the compiled kernels
    starts = context()
    stop_flag = starts.RawArray("b", 1)
    racers = []
    for config in configs:
        parent, child = starts.Pipe(duplex=False)
        process = starts.Process(target=_racer, daemon=True, args=(
            child, os.getpid(), level, config, limits, stop_flag))
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
