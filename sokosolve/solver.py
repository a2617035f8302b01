"""The solver's Python API: ``solve(level)`` -> a verified :class:`Result`.

>>> from sokosolve.level import parse_level
>>> result = solve(parse_level("#####\\n#@$.#\\n#####"))
>>> result.status, result.solution
(<Status.SOLVED: 'solved'>, 'R')
"""

from __future__ import annotations

import contextlib
import enum
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace

import numpy as np

from . import search
from .area_commitment import box_area_ids, goal_area_ids
from .bidirectional import meet_in_the_middle
from .board import Board
from .frozen_goals import TABLE_BYTES
from .level import Level, count_problem, parse_level
from .packing import goal_rooms, macro_tables
from .packing_plan import packing_plan, plan_tables
from .push_sides import node_distances, player_blind, side_areas
from .reach import region_seeds
from .replay import verify
from .solution import UnplayablePushes, pushes_to_lurd
from .table import zobrist_keys


class Status(str, enum.Enum):
    """How a solve ended."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"  # the whole state space was searched: no solution exists
    TIMEOUT = "timeout"
    LIMIT = "limit"  # the state cap was reached
    ERROR = "error"


#: The statuses of the search codes that end a search.
SEARCH_STATUS = {
    search.SOLVED: Status.SOLVED,
    search.UNSOLVABLE: Status.UNSOLVABLE,
    search.TIMEOUT: Status.TIMEOUT,
    search.LIMIT: Status.LIMIT,
}
_EMPTY = np.empty(0, dtype=np.int32)
_EMPTY_KEYS = np.empty(0, dtype=np.uint64)
_NEVER = 1 << 62  # a pause that never comes
_NO_STOP = np.zeros(1, dtype=np.int8)  # a stop flag nobody sets

#: Search modes: name -> (ordering, weight on the lower bound, backward).
#: ``backward`` pulls the boxes from the goals back to their start squares.
MODES = {
    "fast": (search.GREEDY, 3, False),
    "features": (search.FEATURES, 3, False),
    "features-areas": (search.FEATURES, 30, False),
    "pushes": (search.ASTAR, 1, False),
    "bfs": (search.BFS, 0, False),
    "backward": (search.GREEDY, 30, True),
    "backward-features": (search.FEATURES, 30, True),
    "backward-features-blind": (search.FEATURES, 30, True),
    "backward-bfs": (search.BFS, 0, True),
}

#: Modes that commit to one goal area at a time (:mod:`sokosolve.area_commitment`) until
#: they get stuck. Their weight is high: on Sasquatch I-5 the committed search with
#: weight 3 does not finish in 30 s, with 30 it needs 1.3 s.
COMMITTED_MODES = {"features-areas"}

#: Modes whose bound does not see which side of a box the player is on
#: (:func:`~sokosolve.push_sides.player_blind`). The weaker bound guides the backward
#: feature search elsewhere: Sasquatch I-39 is solved by it (meeting the forward
#: features search, 12.6 to 18.7 s) and not by the player-aware one in 60 s, which solves
#: I-31 and I-42 that the blind one does not. Not in the default race: half of the
#: first racer's time for it solved I-39 but lost three XSokoban levels (56/90).
PLAYER_BLIND_MODES = {"backward-features-blind"}

#: Meeting modes: name -> (forward mode, backward modes, the backward ones' shares of the
#: time), run in turns until a state that the forward search and a backward one reach
#: joins them (:mod:`sokosolve.bidirectional`); they share the state limit.
MEETING_MODES = {
    "meet": ("features", ("backward-features",), (1 / 2,)),
    "meet-fast": ("fast", ("backward",), (1 / 2,)),
    "meet-mixed": ("features", ("backward",), (1 / 2,)),
    "meet-backward": ("features", ("backward-features",), (2 / 3,)),
    "meet-blind": ("features", ("backward-features-blind",), (2 / 3,)),
    "meet-all": ("features", ("backward-features", "backward"), (1 / 2, 1 / 4)),
}


#: Memory a stored state costs, at most: its node (20 bytes: key, parent, push,
#: pushes so far, frozen-goal table), its hash slots (4 bytes each, 3/8 to 3/4
#: full: up to 11 bytes) and its open-list entry (8 bytes; 16 in the
#: feature-space search).
BYTES_PER_STATE = 47
#: Memory a search process takes whatever its states, at most: the frozen-goal
#: tables (:data:`sokosolve.frozen_goals.TABLE_BYTES`) and 4 MiB of workspaces
#: (the corral test's answers, per-square arrays) for its searches, a forward and at
#: most two backward ones (1.1 MB each on Sasquatch I-43's 640 squares).
PROCESS_BYTES = TABLE_BYTES + (4 << 20)


def states_within(memory_bytes: int, processes: int = 1) -> int:
    """How many states ``processes`` searching processes may store between them in
    ``memory_bytes`` of search memory (0: not even their fixed tables fit).

    >>> states_within(100 << 20), states_within(100 << 20, processes=3)
    (1427848, 0)
    """
    return max(0, memory_bytes - processes * PROCESS_BYTES) // BYTES_PER_STATE


#: Seconds kept back from the time limit to turn pushes into moves and replay them.
_FINISHING = 0.01


@dataclass(frozen=True)
class Limits:
    """When a search gives up: wall-clock seconds and stored states."""

    seconds: float = 60.0
    max_states: int = 20_000_000


@dataclass(frozen=True)
class Pruning:
    """The prunings, macros and packing plan a search may use; all of them by default."""

    pi_corrals: bool = True  # PI-corral pruning (sokosolve.corrals)
    dead_corrals: bool = True  # the corral deadlock test (sokosolve.corral_deadlocks)
    frozen_goals: bool = True  # bounds that see boxes frozen on goals (sokosolve.frozen_goals)
    goal_macros: bool = True  # goal-room macros (sokosolve.packing), forward only
    packing_plan: bool = True  # the feature space counts packing by sokosolve.packing_plan


@dataclass(frozen=True)
class Result:
    """The outcome of solving one level."""

    status: Status
    solution: str | None = None
    moves: int | None = None
    pushes: int | None = None
    seconds: float = 0.0
    expanded: int = 0
    generated: int = 0
    states: int = 0
    restricted: int = 0  # expansions cut down to the pushes into a PI-corral
    dead_corrals: int = 0  # states not expanded: a corral deadlock
    error: str | None = None
    box_lines: int | None = None
    box_changes: int | None = None
    pushing_sessions: int | None = None
    player_lines: int | None = None


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
    limit (a racer that lost, :func:`sokosolve.portfolio.race`). Without
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
    if board.walls.size >= search.MAX_SQUARES:
        return Result(Status.ERROR, error=f"the board is too large: {level.width}x{level.height}")
    deadline = started + limits.seconds - _FINISHING
    counts = np.zeros(5, dtype=np.int64)  # of both runs, if there are two
    while True:
        code, pushes, pulls, run_counts, rooms = _run(
            board, mode, weight, limits.max_states, deadline, pruning, stop)
        counts += run_counts[:5]
        if code != search.UNSOLVABLE or not rooms:
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


def _run(
    board: Board, mode: str, weight: int | None, max_states: int, deadline: float,
    pruning: Pruning, stop: np.ndarray,
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, list]:
    """Runs the search of ``mode``: ``(status, pushes, pulls, counts, goal rooms that an
    "unsolvable" rests on)``; a solution is the pushes, then the pulls undone in reverse
    order."""
    if mode in MEETING_MODES:
        forward_mode, backward_modes, backward_shares = MEETING_MODES[mode]
        share = max(1, max_states // (1 + len(backward_modes)))
        code, forward, rooms = start_mode(board, forward_mode, weight, share, deadline, pruning,
                                          stop)
        if code != search.RUNNING:  # decided at a root
            return (*_outcome(code, forward, False), [])
        backward = []
        for backward_mode in backward_modes:
            backward_code, side, _ = start_mode(board, backward_mode, None, share, deadline,
                                                pruning, stop)
            if backward_code != search.RUNNING:
                return (*_outcome(backward_code, side, True), [])
            backward.append(side)
        # No rerun without macros: "unsolvable" here never rests on them (a forward
        # side with macros only stops; the backward side has none).
        return (*meet_in_the_middle(forward, backward, not rooms, backward_shares), [])
    code, state, rooms = start_mode(board, mode, weight, max_states, deadline, pruning, stop)
    if code == search.RUNNING:
        code, state = search.run_search(state, _NEVER, _EMPTY_KEYS, _EMPTY)
    return (*_outcome(code, state, MODES[mode][2]), rooms)


def _outcome(code: int, state: tuple, backward: bool) -> tuple[int, np.ndarray, np.ndarray,
                                                               np.ndarray]:
    """``(status, pushes, pulls, counts)`` of an ended search."""
    counts = search.search_counts(state)
    path = search.search_path(state, counts[5]) if code == search.SOLVED else _EMPTY
    return (code, _EMPTY, path, counts) if backward else (code, path, _EMPTY, counts)


def start_mode(
    board: Board, mode: str, weight: int | None, max_states: int, deadline: float,
    pruning: Pruning, stop: np.ndarray = _NO_STOP,
) -> tuple[int, tuple, list]:
    """Starts the search of ``mode`` (of :data:`MODES`) on ``board``: ``(status, search,
    goal rooms used)``, for :func:`~sokosolve.search.run_search` to go on with; ``stop``
    as in :func:`solve`."""
    ordering, mode_weight, backward = MODES[mode]
    weight = mode_weight if weight is None else weight
    searched = board.reversed() if backward else board
    starts = region_seeds(searched) if backward else np.array([board.player])
    box_keys, player_keys = zobrist_keys(board.walls.size)
    fast_forward = ordering in (search.GREEDY, search.FEATURES) and not backward
    rooms = goal_rooms(board) if fast_forward and pruning.goal_macros else []
    planned = ordering == search.FEATURES and not backward and pruning.packing_plan
    plan = plan_tables(packing_plan(board)) if planned else (_EMPTY, _EMPTY, _EMPTY)
    if mode in COMMITTED_MODES:
        area_ids = goal_area_ids(board)
        plan = (*plan, area_ids, box_area_ids(board, area_ids))
    else:
        plan = (*plan, _EMPTY, _EMPTY)
    # The bound's distances by box square and player side: backward, pulls to the starts.
    areas = side_areas(board.walls, board.width, board.offsets)
    distances = node_distances(board.walls, areas, searched.goals, board.offsets, backward)
    if mode in PLAYER_BLIND_MODES:
        distances = player_blind(distances)
    code, state = search.start_search(
        searched.walls, searched.goal_mask, searched.dead_squares, distances, areas,
        searched.offsets, searched.width, searched.boxes, starts, box_keys, player_keys,
        ordering, weight, min(max_states, search.MAX_STATES), deadline, pruning.pi_corrals,
        fast_forward, backward, board.player, macro_tables(rooms, board.walls.size),
        pruning.dead_corrals, pruning.frozen_goals, plan, stop,
    )
    return code, state, rooms


def joined_lurd(board: Board, pushes: np.ndarray, pulls: np.ndarray) -> str:
    """The moves of ``pushes`` followed by ``pulls`` undone in reverse order, in LURD."""
    moves = np.concatenate((pushes, _pulls_to_pushes(board, pulls))).astype(np.int64)
    return pushes_to_lurd(board, moves)


def _pulls_to_pushes(board: Board, pulls: np.ndarray) -> np.ndarray:
    """The pushes that undo ``pulls`` in reverse order: the forward solution."""
    pushes = []
    for pull in pulls[::-1]:
        square, direction = int(pull) >> 2, int(pull) & 3
        to = square + int(board.offsets[direction])
        pushes.append(to * 4 + ((direction + 2) & 3))
    return np.array(pushes, dtype=np.int64)


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
