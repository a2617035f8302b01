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
from .kernels import loop
from .level import Level, count_problem, parse_level
from .limits import Limits
from .replay import verify
from .result import Result, Status
from .search.presets import ONE_CORE, Config
from .search.run import SEARCH_STATUS, _run
from .search.solution import UnplayablePushes, joined_lurd
from .search.spec import Pruning

#: Seconds kept back from the time limit to turn pushes into moves and replay them.
_FINISHING = 0.01








def solve(
    level: Level, mode: str = "fast", limits: Limits | None = None, pi_corrals: bool = True,
    weight: int | None = None, goal_macros: bool = True, dead_corrals: bool = True,
    frozen_goals: bool = True, packing_plan: bool = True, stop: np.ndarray | None = None,
) -> Result:
    """Solves ``level``; a solution is returned only after :func:`~sokosolve.replay.verify`.

    ``mode`` is one of :data:`MODES` or :data:`MEETING_MODES`; ``weight``
    replaces the weight on the lower bound (of the forward search in a
    meeting mode); ``pi_corrals``, ``goal_macros``, ``dead_corrals``,
    ``frozen_goals`` and ``packing_plan`` switch the parts of :class:`Pruning`.
    Tunnel macros and goal-room macros are used by the forward "fast" and
    "features" searches only: they can cost optimality. Setting ``stop[0]``,
    from another process sharing the array, ends the search as at the time
    limit (a racer that lost, :func:`sokosolve.parallel.race.race`). Without
    ``stop``, Ctrl-C ends the search the same way, then raises KeyboardInterrupt.
    """
    pruning = Pruning(pi_corrals, dead_corrals, frozen_goals, goal_macros, packing_plan)
    if stop is not None:
        return _solve(level, mode, limits or Limits(), weight, pruning, stop)
    stop = np.zeros(1, dtype=np.int8)
    with signals_stop(stop) as caught:
        result = _solve(level, mode, limits or Limits(), weight, pruning, stop)
    if caught:
        raise KeyboardInterrupt
    return result


def _solve(level: Level, mode: str, limits: Limits, weight: int | None, pruning: Pruning,
           stop: np.ndarray) -> Result:
    """:func:`solve` with its prunings gathered and a stop flag."""
    started = time.perf_counter()
    # A Level built in code skips the parser's checks; the replay check needs every goal boxed.
    problem = count_problem(len(level.boxes), len(level.goals))
    if problem:
        return Result(Status.ERROR, error=problem)
    board = Board.from_level(level)
    if board.walls.size >= loop.MAX_SQUARES:
        return Result(Status.ERROR, error=f"the board is too large: {level.width}x{level.height}")
    deadline = started + limits.seconds - _FINISHING
    counts = np.zeros(5, dtype=np.int64)  # of both runs, if there are two
    while True:
        code, pushes, pulls, run_counts, rooms = _run(
            board, mode, weight, limits.max_states, deadline, pruning, stop)
        counts += run_counts[:5]
        if code != loop.UNSOLVABLE or not rooms:
            break
        # Goal macros commit the search: only a search without them proves this.
        pruning = replace(pruning, goal_macros=False)
    status = SEARCH_STATUS[code]
    replay = error = None
    if status is Status.SOLVED:
        # Never print a wrong solution: pushes that cannot be played or a solution that
        # fails replay are solver bugs, reported as such.
        try:
            solution = joined_lurd(board, pushes, pulls)
        except UnplayablePushes as unplayable:
            error = f"internal error: the pushes found cannot be played ({unplayable})"
        else:
            replay = verify(level, solution)
            if not replay.solved:
                error = f"internal error: the solution failed replay ({replay.error})"
    expanded, generated, stored, restricted, dead = (int(c) for c in counts)
    stats = dict(seconds=time.perf_counter() - started, expanded=expanded,
                 generated=generated, states=stored, restricted=restricted, dead_corrals=dead)
    if error is not None:
        return Result(Status.ERROR, error=error, **stats)
    if replay is None:
        return Result(status, **stats)
    return Result(
        status, solution, replay.moves, replay.pushes, **stats,
        box_lines=replay.box_lines, box_changes=replay.box_changes,
        pushing_sessions=replay.pushing_sessions, player_lines=replay.player_lines,
    )


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

    The first solve in a process otherwise pays for that (about 20 seconds on
    a fresh install, half a second from the cache) out of its time limit. The
    levels are small but make each kind of search run: greedy, feature cells,
    backward, the meeting of the two and the area commitment.
    """
    solvable = parse_level("######\n#@ $.#\n# $. #\n######")
    stuck = parse_level("########\n#@$ $..#\n########")  # each side runs out: they compare
    for level, mode in ((solvable, "fast"), (solvable, "meet-all"), (stuck, "meet-all"),
                        (solvable, "features-areas")):
        solve(level, mode, Limits(seconds=3600))


#: The counts of a :class:`Result` that add up over the searches that made it.
COUNTED = ("expanded", "generated", "states", "restricted", "dead_corrals")



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
