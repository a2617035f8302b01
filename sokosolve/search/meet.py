"""Meeting in the middle: a forward search and one or more backward searches take turns, and
a state that the forward one and a backward one reach joins their paths into a solution.

The forward search pushes boxes from the start, a backward one pulls them
off the goals (:func:`sokosolve.kernels.loop.start_search`). Both key a state by
its boxes and the player's region, so a new state of one that the other has
stored is a state that the start reaches and from which the goals are
reached: the pushes to it, then the pulls back from it undone in reverse
order, solve the level. Each side checks its new states against the other's
table, so a meeting is found by whichever side gets there second.

The turns are balanced by time, not by states: a backward greedy search
expands several times as many states a second as a forward feature search.
Each backward side's share of the time is a parameter: some levels are
solved by a backward search alone, and some only where two meet. Several
backward searches of different kinds, meeting one forward search, do in one
process what racing forward-backward pairs would do with the forward search
run once in each.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np

from ..kernels import loop
from ..kernels.layout import Progress
from .perimeter import OnPerimeter

#: Seconds a side runs, at an equal share, before the next one gets its turn.
TURN_SECONDS = 0.25
#: Expansions of a side's first turn, before its rate is known.
FIRST_TURN = 2_000


def timed_turn(search: tuple, turn: int, seconds: float, meet_keys: np.ndarray,
               meet_slots: np.ndarray) -> tuple[int, tuple, int]:
    """Runs ``search`` for ``turn`` more expansions, meeting another search's table as
    :func:`~sokosolve.kernels.loop.run_search` does: ``(status, search, next turn)``, the
    next turn being the expansions that take about ``seconds`` at the rate just seen."""
    done = search.progress[Progress.EXPANDED]
    started = time.perf_counter()
    status, search = loop.run_search(search, done + turn, meet_keys, meet_slots)
    ran, took = search.progress[Progress.EXPANDED] - done, time.perf_counter() - started
    if ran and took > 0:
        turn = max(1, int(ran * seconds / took))
    return status, search, turn


def meet_in_the_middle(
    forward: tuple, backward: Sequence[tuple], forward_is_complete: bool,
    backward_shares: Sequence[float] = (0.5,), turn_seconds: float = TURN_SECONDS,
    first_turn: int = FIRST_TURN, on_perimeter: Sequence[OnPerimeter] = (),
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """Runs a forward and one or more backward searches in turns until one decides the level.

    The searches come from :func:`~sokosolve.kernels.loop.start_search` with status
    ``RUNNING``. ``forward_is_complete`` says whether the forward search
    running out of states proves the level unsolvable (it does not with goal
    macros). Returns ``(status, pushes, pulls, counts)``: a solution is
    ``pushes`` followed by ``pulls`` undone in reverse order; ``counts`` sums
    every side's :func:`~sokosolve.kernels.loop.search_counts`. A round of turns
    lasts about ``turn_seconds`` a side, of which each backward search has its
    share of ``backward_shares`` and the forward one the rest; a side's first
    turn is ``first_turn`` expansions.

    The forward side checks its new states against the first backward table as
    it makes them, and against the others after its turn; a backward side checks
    against the forward table as it goes. Backward sides never meet each other.
    Given ``on_perimeter`` (one for each side), every side takes its part in the
    level's perimeter after each of its turns; a solution found there is all pushes.
    """
    sides = [forward, *backward]
    shares = [1 - sum(backward_shares), *backward_shares]
    seconds_of = [len(sides) * turn_seconds * share for share in shares]
    active = [True] * len(sides)
    turn = [first_turn] * len(sides)
    status = loop.RUNNING
    side = len(sides) - 1
    meeting = (-1, -1, -1)  # (forward node, backward side, its node) met after a turn
    while status == loop.RUNNING:
        if not any(active):
            status = loop.LIMIT  # every side ran out of states
            break
        side = (side + 1) % len(sides)
        if not active[side]:
            continue
        stored = sides[side].progress[Progress.COUNT]
        status, sides[side], turn[side] = timed_turn(
            sides[side], turn[side], seconds_of[side], *loop.search_table(
                sides[1 if side == 0 else 0]))
        if on_perimeter and status != loop.SOLVED:
            found = on_perimeter[side].turn(sides[side])
            if found is not None:
                return loop.SOLVED, found, np.empty(0, dtype=np.int32), sum(
                    loop.search_counts(s) for s in sides)
        if side == 0 and status != loop.SOLVED:  # its last states too, if it ran out
            for other in range(2, len(sides)):
                node, met = loop.first_meeting(sides[0], stored,
                                                 *loop.search_table(sides[other]))
                if node >= 0:
                    meeting = (node, other, met)
                    status = loop.SOLVED
                    break
        if status == loop.LIMIT or (
            status == loop.UNSOLVABLE and side == 0 and not forward_is_complete
        ):
            active[side] = False  # its table stays for the other sides to meet
            status = loop.RUNNING
    counts = sum(loop.search_counts(s) for s in sides)
    pushes = pulls = np.empty(0, dtype=np.int32)
    if status == loop.SOLVED:
        if meeting[0] >= 0:
            forward_end, other, backward_end = meeting
        else:
            progress = sides[side].progress
            goal, met = progress[Progress.GOAL_NODE], progress[Progress.MEET_NODE]
            other = side if side > 0 else 1  # the forward side met the first backward table
            forward_end, backward_end = (goal, met) if side == 0 else (met, goal)
        if forward_end >= 0:  # -1: that side had no part in it
            pushes = loop.search_path(sides[0], forward_end)
        if backward_end >= 0:
            pulls = loop.search_path(sides[other], backward_end)
    return status, pushes, pulls, counts
