"""Running a search of a mode in this process: alone, or meeting backward searches."""

from __future__ import annotations

import numpy as np

from ..analysis.board import Board
from ..kernels import loop
from ..result import Status
from .build import _EMPTY, _EMPTY_KEYS, start_mode
from .meet import meet_in_the_middle
from .presets import MEETING_MODES, MODES
from .spec import Pruning

#: The statuses of the search codes that end a search.
SEARCH_STATUS = {
    loop.SOLVED: Status.SOLVED,
    loop.UNSOLVABLE: Status.UNSOLVABLE,
    loop.TIMEOUT: Status.TIMEOUT,
    loop.LIMIT: Status.LIMIT,
}



_NEVER = 1 << 62  # a pause that never comes



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
        if code != loop.RUNNING:  # decided at a root
            return (*_outcome(code, forward, False), [])
        backward = []
        for backward_mode in backward_modes:
            backward_code, side, _ = start_mode(board, backward_mode, None, share, deadline,
                                                pruning, stop)
            if backward_code != loop.RUNNING:
                return (*_outcome(backward_code, side, True), [])
            backward.append(side)
        # No rerun without macros: "unsolvable" here never rests on them (a forward
        # side with macros only stops; the backward side has none).
        return (*meet_in_the_middle(forward, backward, not rooms, backward_shares), [])
    code, state, rooms = start_mode(board, mode, weight, max_states, deadline, pruning, stop)
    if code == loop.RUNNING:
        code, state = loop.run_search(state, _NEVER, _EMPTY_KEYS, _EMPTY)
    return (*_outcome(code, state, MODES[mode][2]), rooms)



def _outcome(code: int, state: tuple, backward: bool) -> tuple[int, np.ndarray, np.ndarray,
                                                               np.ndarray]:
    """``(status, pushes, pulls, counts)`` of an ended search."""
    counts = loop.search_counts(state)
    path = loop.search_path(state, counts[5]) if code == loop.SOLVED else _EMPTY
    return (code, _EMPTY, path, counts) if backward else (code, path, _EMPTY, counts)
