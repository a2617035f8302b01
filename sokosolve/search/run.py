"""Running a :class:`~sokosolve.search.spec.Search` or a :class:`~sokosolve.search.spec.Meet`
in this process, to its end."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..analysis.board import Board
from ..kernels import loop
from ..kernels.layout import Progress
from .build import EMPTY, Learned, start
from .meet import FIRST_TURN, TURN_SECONDS, meet_in_the_middle, timed_turn
from .perimeter import OnPerimeter
from .spec import Meet, Search

_EMPTY_KEYS = np.empty(0, dtype=np.uint64)
_NEVER = 1 << 62  # a pause that never comes


class Outcome(NamedTuple):
    """How a search ended; a solution is ``pushes``, then ``pulls`` undone in reverse order."""

    code: int  # a kernels.layout.Code
    pushes: np.ndarray
    pulls: np.ndarray
    counts: np.ndarray  # of kernels.loop.search_counts, summed over the sides
    rooms: list  # the goal rooms whose macros an "unsolvable" rests on


def run(board: Board, strategy: Search | Meet, max_states: int, deadline: float,
        stop: np.ndarray, learned: Learned | None = None) -> Outcome:
    """Runs ``strategy`` on ``board`` until it decides the level or reaches a limit;
    its searches use and add to the deadlock patterns of ``learned``
    (:func:`~sokosolve.search.build.start`) and, if it keeps one, take their part in its
    perimeter (:mod:`sokosolve.search.perimeter`): the backward searches publish their
    states, the forward ones meet them."""
    learned = Learned() if learned is None else learned
    if isinstance(strategy, Meet):
        share = max(1, max_states // (1 + len(strategy.backward)))
        code, forward, rooms = start(board, strategy.forward, share, deadline, stop, learned)
        if code != loop.RUNNING:  # decided at a root
            return _outcome(code, forward, False)
        backward = []
        for search, _ in strategy.backward:
            backward_code, side, _ = start(board, search, share, deadline, stop, learned)
            if backward_code != loop.RUNNING:
                return _outcome(backward_code, side, True)
            backward.append(side)
        # No rerun without macros: "unsolvable" here never rests on them (a forward
        # side with macros only stops; the backward side has none).
        shares = tuple(share for _, share in strategy.backward)
        on_perimeter = () if learned.perimeter is None else [
            OnPerimeter(board, learned.perimeter, side > 0) for side in range(1 + len(backward))]
        return Outcome(*meet_in_the_middle(forward, backward, not rooms, shares,
                                           on_perimeter=on_perimeter), [])
    code, state, rooms = start(board, strategy, max_states, deadline, stop, learned)
    if code == loop.RUNNING and learned.perimeter is not None:
        return _on_perimeter(state, OnPerimeter(board, learned.perimeter, strategy.backward),
                             rooms)
    if code == loop.RUNNING:
        code, state = loop.run_search(state, _NEVER, _EMPTY_KEYS, EMPTY)
    return _outcome(code, state, strategy.backward, rooms)


def _on_perimeter(state: tuple, on_perimeter: OnPerimeter, rooms: list) -> Outcome:
    """Runs a started search to its end in turns of about :data:`TURN_SECONDS`, taking its
    part in the perimeter after each."""
    turn = FIRST_TURN
    while True:
        code, state, turn = timed_turn(state, turn, TURN_SECONDS, _EMPTY_KEYS, EMPTY)
        found = None
        if code != loop.SOLVED or on_perimeter.backward:  # a backward solution published too
            found = on_perimeter.turn(state)
        if found is not None:
            return Outcome(loop.SOLVED, found, EMPTY, loop.search_counts(state), rooms)
        if code != loop.RUNNING:
            return _outcome(code, state, on_perimeter.backward, rooms)


def _outcome(code: int, state: tuple | None, backward: bool, rooms: list | None = None
             ) -> Outcome:
    """The :class:`Outcome` of an ended search (``state`` none: one that never started)."""
    if state is None:
        return Outcome(code, EMPTY, EMPTY, np.zeros(loop.SEARCH_COUNTS, dtype=np.int64), [])
    counts = loop.search_counts(state)
    goal = state.progress[Progress.GOAL_NODE]
    path = loop.search_path(state, goal) if code == loop.SOLVED else EMPTY
    if backward:
        return Outcome(code, EMPTY, path, counts, rooms or [])
    return Outcome(code, path, EMPTY, counts, rooms or [])
