"""How much a solve may spend: :class:`Limits` in seconds and states, and what memory holds."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .kernels.frozen_goals import TABLE_BYTES

#: Memory a stored state costs, at most: its node (25 bytes: key, parent, push,
#: pushes so far, frozen-goal table, and for learning its subtree size and dead
#: mark), its hash slots (4 bytes each, 3/8 to 3/4 full: up to 11 bytes) and its
#: open-list entry (8 bytes; 16 in the feature-space search).
BYTES_PER_STATE = 52


#: Memory a search process takes whatever its states, at most: the frozen-goal
#: tables (:data:`sokosolve.kernels.frozen_goals.TABLE_BYTES`) and 4 MiB of workspaces
#: (the corral test's answers, per-square arrays) for its searches, a forward and at
#: most two backward ones (1.1 MB each on Sasquatch I-43's 640 squares).
PROCESS_BYTES = TABLE_BYTES + (4 << 20)


def states_within(memory_bytes: int, processes: int = 1) -> int:
    """How many states ``processes`` searching processes may store between them in
    ``memory_bytes`` of search memory (0: not even their fixed tables fit).

    >>> states_within(100 << 20), states_within(100 << 20, processes=3)
    (1290555, 0)
    """
    return max(0, memory_bytes - processes * PROCESS_BYTES) // BYTES_PER_STATE


@dataclass(frozen=True)
class Limits:
    """When a search gives up: wall-clock seconds and stored states.

    >>> Limits(10, 1000).split(2)
    Limits(seconds=10, max_states=500)
    """

    seconds: float = 60.0
    max_states: int = 20_000_000

    def split(self, processes: int) -> Limits:
        """The limits of each of ``processes`` searches that run at once and share these."""
        return replace(self, max_states=max(1, self.max_states // processes))


#: Seconds a racer or a pool worker may overrun the time limit before it is killed.
KILL_MARGIN = 5.0


#: Seconds the racers that lost get to stop and report their counts once one has won.
STOP_GRACE = 1.0
