"""How a solve ended: :class:`Status` and :class:`Result`."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Status(str, enum.Enum):
    """How a solve ended."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"  # the whole state space was searched: no solution exists
    TIMEOUT = "timeout"
    LIMIT = "limit"  # the state cap was reached
    # A search by the dive plan only found no plan and stopped at once, for the next search
    # of its portfolio (never the answer of a preset).
    GAVE_UP = "gave-up"
    ERROR = "error"


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
    learned: int = 0  # states proved dead from their subtrees (kernels.learning)
    pruned: int = 0  # states not expanded: dead by a learned pattern or a dead ancestor
    error: str | None = None
    box_lines: int | None = None
    box_changes: int | None = None
    pushing_sessions: int | None = None
    player_lines: int | None = None
    #: What the solution is proved optimal in: "pushes", "moves", or with the tie-break
    #: also proved, "pushes/moves" (fewest pushes, then moves) or "moves/pushes".
    optimal: str | None = None
