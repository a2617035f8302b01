"""The solver's Python API: ``solve(level)`` -> a verified :class:`Result`.

>>> from sokosolve.level import parse_level
>>> result = solve(parse_level("#####\\n#@$.#\\n#####"))
>>> result.status, result.solution
(<Status.SOLVED: 'solved'>, 'R')
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass

from . import search
from .board import Board
from .level import Level, parse_level
from .replay import verify
from .solution import pushes_to_lurd
from .table import zobrist_keys


class Status(str, enum.Enum):
    """How a solve ended."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"  # the whole state space was searched: no solution exists
    TIMEOUT = "timeout"
    LIMIT = "limit"  # the state cap was reached
    ERROR = "error"


_STATUS = {
    search.SOLVED: Status.SOLVED,
    search.UNSOLVABLE: Status.UNSOLVABLE,
    search.TIMEOUT: Status.TIMEOUT,
    search.LIMIT: Status.LIMIT,
}

#: Search modes: name -> (ordering, weight on the lower bound).
MODES = {
    "fast": (search.GREEDY, 3),
    "pushes": (search.ASTAR, 1),
    "bfs": (search.BFS, 0),
}


#: Memory a stored state costs, at most: its node (18 bytes: key, parent, push,
#: pushes so far), its hash slots (4 bytes each, 3/8 to 3/4 full: up to 11
#: bytes) and its open-list entry (8 bytes).
BYTES_PER_STATE = 37


#: Seconds kept back from the time limit to turn pushes into moves and replay them.
_FINISHING = 0.01


@dataclass(frozen=True)
class Limits:
    """When a search gives up: wall-clock seconds and stored states."""

    seconds: float = 60.0
    max_states: int = 20_000_000


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
    error: str | None = None
    box_lines: int | None = None
    box_changes: int | None = None
    pushing_sessions: int | None = None
    player_lines: int | None = None


def solve(
    level: Level, mode: str = "fast", limits: Limits | None = None, pi_corrals: bool = True,
    weight: int | None = None,
) -> Result:
    """Solves ``level``; a solution is returned only after :func:`~sokosolve.replay.verify`.

    ``mode`` is one of :data:`MODES`; ``pi_corrals`` switches PI-corral pruning;
    ``weight`` replaces the mode's weight on the lower bound.
    Tunnel macros are used in the fast mode only: they can cost optimality.
    """
    limits = limits or Limits()
    ordering, mode_weight = MODES[mode]
    weight = mode_weight if weight is None else weight
    started = time.perf_counter()
    board = Board.from_level(level)
    box_keys, player_keys = zobrist_keys(board.walls.size)
    code, pushes, expanded, generated, stored, restricted = search.push_search(
        board.walls, board.goal_mask, board.dead_squares, board.goal_distances, board.offsets,
        board.width, board.boxes, board.player, box_keys, player_keys,
        ordering, weight, min(limits.max_states, 2**31 - 1),
        started + limits.seconds - _FINISHING, pi_corrals,
        ordering == search.GREEDY,
    )
    status = _STATUS[code]
    solution = pushes_to_lurd(board, pushes) if status is Status.SOLVED else None
    seconds = time.perf_counter() - started
    stats = dict(seconds=seconds, expanded=expanded, generated=generated, states=stored,
                 restricted=restricted)
    if solution is None:
        return Result(status, **stats)
    replay = verify(level, solution)
    if not replay.solved:
        # Never print a wrong solution: this is a solver bug, reported as such.
        error = f"internal error: the solution failed replay ({replay.error})"
        return Result(Status.ERROR, error=error, **stats)
    return Result(
        status, solution, replay.moves, replay.pushes, **stats,
        box_lines=replay.box_lines, box_changes=replay.box_changes,
        pushing_sessions=replay.pushing_sessions, player_lines=replay.player_lines,
    )



def warm_up() -> None:
    """Compiles the kernels, or loads them from numba's cache, before any clock starts.

    The first solve in a process otherwise pays for that (about 20 seconds on
    a fresh install, half a second from the cache) out of its time limit.
    """
    solve(parse_level("#####\n#@$.#\n#####"), "fast", Limits(seconds=3600))
