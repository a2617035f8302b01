"""The solver's Python API: ``solve(level)`` -> a verified :class:`Result`.

>>> from sokosolve.level import parse_level
>>> result = solve(parse_level("#####\\n#@$.#\\n#####"))
>>> result.status, result.solution
(<Status.SOLVED: 'solved'>, 'R')
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import replace

import numpy as np

from .analysis.board import Board
from .kernels.layout import Code
from .kernels.macros import MAX_SQUARES
from .level import Level, count_problem, parse_level
from .limits import Limits
from .optimizer import optimize
from .replay import verify
from .result import Result, Status
from .search.build import EMPTY, Learned
from .search.costed import NO_CAP, costed, costed_states
from .search.presets import ONE_CORE, PRESETS, PUSHES
from .search.run import run
from .search.solution import UnplayablePushes, joined_lurd
from .search.spec import Meet, Optimal, Optimize, Search, Sequential, Then, raced, switched

#: The statuses of the search codes that end a search.
SEARCH_STATUS = {code: Status[code.name] for code in Code if code is not Code.RUNNING}

#: The share of an optimal search's time spent first on a solution to fall back on: the
#: default search (half of it, or :data:`MIN_INCUMBENT_SECONDS` if more), then the
#: optimizer on its solution (what is left of it, half of it at least).
INCUMBENT_SHARE = 0.1
#: The least time that default search gets, if the limit is twice as long: its slow runs
#: on small levels take over a second, and a proof that runs out then has nothing to give.
MIN_INCUMBENT_SECONDS = 2.0

#: Seconds kept back from the time limit to turn pushes into moves and replay them.
_FINISHING = 0.01


def solve(level: Level, strategy: str | Sequential = "one-core", limits: Limits | None = None,
          stop: np.ndarray | None = None, learned: Learned | None = None) -> Result:
    """Solves ``level`` in this process; a solution is returned only after
    :func:`~sokosolve.replay.verify`.

    ``strategy`` is a name of :data:`~sokosolve.search.presets.PRESETS` or a spec of
    :mod:`sokosolve.search.spec` that runs in one process; the default is the one the
    command line runs on one core. Setting ``stop[0]``, from another process sharing
    the array, ends the search as at the time limit (a racer that lost,
    :func:`sokosolve.parallel.race.race`). Without ``stop``, Ctrl-C ends the search the
    same way, then raises KeyboardInterrupt. ``learned`` is what searches of the level
    learned before (:class:`~sokosolve.search.build.Learned`), to start from and add to,
    which a racer shares with the others (default: nothing yet).
    """
    strategy = PRESETS[strategy] if isinstance(strategy, str) else strategy
    if raced(strategy):
        raise ValueError(f"{strategy} runs on several processes: use sokosolve.solve_many")
    learned = Learned() if learned is None else learned
    if stop is not None:
        return _solve(level, strategy, limits or Limits(), stop, learned)
    stop = np.zeros(1, dtype=np.int8)
    with signals_stop(stop) as caught:
        result = _solve(level, strategy, limits or Limits(), stop, learned)
    if caught:
        raise KeyboardInterrupt
    return result


#: The counts of a :class:`Result` that add up over the searches that made it.
COUNTED = ("expanded", "generated", "states", "restricted", "dead_corrals", "learned",
           "pruned")


def _solve(level: Level, strategy: Sequential, limits: Limits, stop: np.ndarray,
           learned: Learned) -> Result:
    """:func:`solve` with a spec, a stop flag and what was learned of the level so far."""
    if isinstance(strategy, Optimal):
        return _optimal(level, strategy.metric, limits, stop, learned)
    if isinstance(strategy, Optimize):
        first = _solve(level, strategy.first, replace(
            limits, seconds=max(0.0, limits.seconds - strategy.seconds)), stop, learned)
        return optimized(level, first, strategy, limits, stop)
    if not isinstance(strategy, Then):
        return _search(level, strategy, limits, stop, learned)
    lead = _solve(level, strategy.first, replace(limits, seconds=limits.seconds * strategy.share),
                  stop, learned)
    left = limits.max_states - lead.states  # the cap is on the states of both together
    if lead.status in (Status.SOLVED, Status.UNSOLVABLE) or stop[0] or left < 1:
        return lead
    rest = _solve(level, strategy.rest,
                  replace(limits, seconds=limits.seconds - lead.seconds, max_states=left), stop,
                  learned)
    return replace(rest, **{name: getattr(lead, name) + getattr(rest, name)
                            for name in ("seconds", *COUNTED)})


def _board(level: Level) -> tuple[Board | None, Result | None]:
    """The board of ``level``, or the error result of a level the search cannot take."""
    # A Level built in code skips the parser's checks; the replay check needs every goal boxed.
    problem = count_problem(len(level.boxes), len(level.goals))
    if problem:
        return None, Result(Status.ERROR, error=problem)
    board = Board.from_level(level)
    if board.walls.size >= MAX_SQUARES:
        return None, Result(Status.ERROR,
                            error=f"the board is too large: {level.width}x{level.height}")
    return board, None


def _search(level: Level, strategy: Search | Meet, limits: Limits, stop: np.ndarray,
            learned: Learned) -> Result:
    """One search or meeting, its solution replayed."""
    started = time.perf_counter()
    board, problem = _board(level)
    if problem:
        return problem
    deadline = started + limits.seconds - _FINISHING
    counts = np.zeros(len(COUNTED), dtype=np.int64)  # of both runs, if there are two
    while True:
        code, pushes, pulls, run_counts, rooms = run(board, strategy, limits.max_states,
                                                     deadline, stop, learned)
        counts += run_counts
        if code != Code.UNSOLVABLE or not rooms:
            break
        # Goal macros commit the search: only a search without them proves this.
        strategy = switched(strategy, goal_macros=False)
    stats = {name: int(c) for name, c in zip(COUNTED, counts, strict=True)}
    return _ended(level, board, SEARCH_STATUS[code], pushes, pulls, started, stats)


def _ended(level: Level, board: Board, status: Status, pushes: np.ndarray, pulls: np.ndarray,
           started: float, stats: dict, optimal: str | None = None) -> Result:
    """The result of a search that ended with ``status``; if solved, its pushes (then the
    pulls undone) as moves, replayed."""
    stats["seconds"] = time.perf_counter() - started
    if status is not Status.SOLVED:
        return Result(status, **stats)
    # Never print a wrong solution: pushes that cannot be played or a solution that
    # fails replay are solver bugs, reported as such.
    try:
        solution = joined_lurd(board, pushes, pulls)
    except UnplayablePushes as unplayable:
        return Result(Status.ERROR, error="internal error: the pushes found cannot be played "
                      f"({unplayable})", **stats)
    return _solved_result(level, solution, optimal, **stats)


def _solved_result(level: Level, solution: str, optimal: str | None = None,
                  **stats: object) -> Result:
    """The result of a solution found, once replay has checked it; an error if it fails."""
    replay = verify(level, solution)
    if not replay.solved:
        return Result(Status.ERROR, error=f"internal error: the solution failed replay "
                      f"({replay.error})", **stats)
    return Result(
        Status.SOLVED, solution, replay.moves, replay.pushes, **stats,
        box_lines=replay.box_lines, box_changes=replay.box_changes,
        pushing_sessions=replay.pushing_sessions, player_lines=replay.player_lines,
        optimal=optimal,
    )


def _optimal(level: Level, metric: str, limits: Limits, stop: np.ndarray,
             learned: Learned) -> Result:
    """:class:`~sokosolve.search.spec.Optimal`: fewest moves then pushes, or fewest pushes
    (by the push-level A*) then, in the time left, fewest moves among those.

    A solution to fall back on comes first (:data:`INCUMBENT_SHARE`): if the proof runs
    out of time or states, that solution is returned with the proof's status, proving
    nothing; found, it also caps the moves-first proof's search.
    """
    started = time.perf_counter()
    board, problem = _board(level)
    if problem:
        return problem
    share = limits.seconds * INCUMBENT_SHARE
    first = _solve(level, ONE_CORE, replace(limits, seconds=max(
        share / 2, min(limits.seconds / 2, MIN_INCUMBENT_SECONDS))), stop, learned)
    # the optimizer has what the default search left of the share, and half of it at least
    incumbent = optimized(level, first, Optimize(ONE_CORE, metric, share / 2), replace(
        limits, seconds=max(share, first.seconds + share / 2)), stop)
    if incumbent.status in (Status.UNSOLVABLE, Status.ERROR) or stop[0]:
        return replace(incumbent, seconds=time.perf_counter() - started)
    counts = {name: getattr(incumbent, name) for name in COUNTED}
    deadline = started + limits.seconds - _FINISHING
    states_left = max(1, limits.max_states - incumbent.states)
    proved: Result | None = None  # pushes: the push-optimal solution before its tie-break
    if metric == "pushes":
        proved = _search(level, PUSHES, replace(
            limits, seconds=max(0.0, deadline - time.perf_counter()), max_states=states_left),
            stop, learned)
        counts = {name: counts[name] + getattr(proved, name) for name in COUNTED}
        if proved.status is not Status.SOLVED:
            return _not_proved(incumbent, proved.status, counts, started)
        proved = replace(proved, optimal="pushes")
        states_left = max(1, states_left - proved.states)
        cap = proved.pushes
    else:
        cap = incumbent.moves if incumbent.solution is not None else NO_CAP
    found = costed(board, metric == "pushes", costed_states(states_left, len(board.boxes)),
                   deadline, stop, cap=cap)
    for name, count in (("expanded", found.expanded), ("generated", found.generated),
                        ("states", found.states)):
        counts[name] += count
    if found.code == Code.SOLVED:
        return _ended(level, board, Status.SOLVED, found.pushes_made, EMPTY, started, counts,
                      f"{metric}/{'moves' if metric == 'pushes' else 'pushes'}")
    if proved is not None:  # the tie-break ran out: the fewest pushes still stand
        return replace(proved, **counts, seconds=time.perf_counter() - started)
    if found.code == Code.UNSOLVABLE and incumbent.solution is not None:
        return Result(Status.ERROR, error="internal error: the optimal search found no "
                      "solution as short as one it was given", **counts)
    return _not_proved(incumbent, SEARCH_STATUS[found.code], counts, started)


def _not_proved(incumbent: Result, status: Status, counts: dict, started: float) -> Result:
    """The result of a proof that ended with ``status``: the solution found first, if any,
    under that status, proving nothing."""
    if incumbent.solution is None:
        return Result(status, **counts, seconds=time.perf_counter() - started)
    return replace(incumbent, status=status, optimal=None, **counts,
                   seconds=time.perf_counter() - started)


def optimized(level: Level, first: Result, strategy: Optimize, limits: Limits,
              stop: np.ndarray) -> Result:
    """``first`` with its solution shortened by :func:`~sokosolve.optimizer.optimize` in the
    time of ``limits`` that it left."""
    if first.solution is None:
        return first
    better = optimize(level, first.solution, strategy.metric,
                      max(0.0, limits.seconds - first.seconds - _FINISHING),
                      costed_states(limits.max_states, len(level.boxes)), stop)
    if better.solution == first.solution:
        return replace(first, seconds=first.seconds + better.seconds)
    # A proof of optimality in one measure does not survive shortening the other.
    optimal = first.optimal if strategy.metric == (first.optimal or "").split("/")[0] else None
    return _solved_result(level, better.solution, optimal,
                         **{name: getattr(first, name) for name in COUNTED},
                         seconds=first.seconds + better.seconds)


@contextlib.contextmanager
def signals_stop(stop: np.ndarray, signals: tuple[int, ...] = (signal.SIGINT,)
                 ) -> Iterator[list[int]]:
    """Within the block, ``signals`` set ``stop[0]``, which ends a search in this process
    as at its time limit, and are added to the list it yields, for the caller to act on
    once the search has returned: raised inside the jitted search, they could not get
    out of it (a SystemError). Ignored signals stay ignored (a worker leaves Ctrl-C to
    its parent), and outside the main thread, where Python runs no handler, nothing
    changes."""
    caught: list[int] = []

    def handler(signum: int, frame: object) -> None:
        caught.append(signum)
        stop[0] = 1

    previous = {}
    if threading.current_thread() is threading.main_thread():
        previous = {s: signal.signal(s, handler) for s in signals
                    if signal.getsignal(s) is not signal.SIG_IGN}
    try:
        yield caught
    finally:
        for s, action in previous.items():
            signal.signal(s, action)


def warm_up() -> None:
    """Compiles the kernels, or loads them from numba's cache, before any clock starts.

    The first solve in a process otherwise pays for that (about a minute on
    a fresh install, a quarter of a second from the cache) out of its time limit. The
    levels are small but make each kind of search run: greedy, feature cells,
    backward, the meeting of the two, the area commitment, the race's searches with box
    moves and their plans, and the optimal searches with the optimizer.
    """
    solvable = parse_level("######\n#@ $.#\n# $. #\n######")
    stuck = parse_level("########\n#@$ $..#\n########")  # each side runs out: they compare
    for level, strategy in ((solvable, "greedy"), (solvable, "meet-all"), (stuck, "meet-all"),
                            (solvable, "features-areas"), (solvable, "features-dive"),
                            (solvable, "features-phases-boxes"), (solvable, "optimal-moves"),
                            (solvable, "optimal-pushes")):
        solve(level, strategy, Limits(seconds=3600))

