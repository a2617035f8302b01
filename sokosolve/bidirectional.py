"""Meeting in the middle: a forward and a backward search take turns, and a state both reach
joins their paths into a solution.

The forward search pushes boxes from the start, the backward one pulls them
off the goals (:func:`sokosolve.search.start_search`). Both key a state by
its boxes and the player's region, so a new state of one that the other has
stored is a state that the start reaches and from which the goals are
reached: the pushes to it, then the pulls back from it undone in reverse
order, solve the level. Each side checks its new states against the other's
table, so a meeting is found by whichever side gets there second.

The turns are balanced by time, not by states: a backward greedy search
expands several times as many states a second as a forward feature search.
The backward side's share of the time is a parameter: some levels are solved
by the backward search alone, and some only where the two meet.
"""

from __future__ import annotations

import time

import numpy as np

from . import search

#: Seconds a side runs before the other gets its turn.
TURN_SECONDS = 0.25
_FIRST_TURN = 2_000  # expansions of a side's first turn, before its rate is known


def meet_in_the_middle(
    forward: tuple, backward: tuple, forward_is_complete: bool, backward_share: float = 0.5,
    turn_seconds: float = TURN_SECONDS, first_turn: int = _FIRST_TURN,
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """Runs two started searches in turns until one decides the level.

    ``forward`` and ``backward`` come from :func:`~sokosolve.search.start_search`
    with status ``RUNNING``. ``forward_is_complete`` says whether the forward
    search running out of states proves the level unsolvable (it does not
    with goal macros). Returns ``(status, pushes, pulls, counts)``: a
    solution is ``pushes`` followed by ``pulls`` undone in reverse order;
    ``counts`` sums both sides' :func:`~sokosolve.search.search_counts`.
    A pair of turns lasts about ``2 * turn_seconds``, of which the backward
    side has ``backward_share``; a side's first turn is ``first_turn``
    expansions.
    """
    sides = [forward, backward]
    seconds_of = [2 * turn_seconds * (1 - backward_share), 2 * turn_seconds * backward_share]
    active = [True, True]
    turn = [first_turn, first_turn]
    status = search.RUNNING
    side = 1
    while status == search.RUNNING:
        if not (active[0] or active[1]):
            status = search.LIMIT  # both sides ran out of states
            break
        side = 1 - side
        if not active[side]:
            continue
        keys, slots = search.search_table(sides[1 - side])
        started = time.perf_counter()
        done = search.search_counts(sides[side])[0]
        status, sides[side] = search.run_search(sides[side], done + turn[side], keys, slots)
        ran = search.search_counts(sides[side])[0] - done
        seconds = time.perf_counter() - started
        if ran and seconds > 0:
            turn[side] = max(1, int(ran * seconds_of[side] / seconds))
        if status == search.LIMIT or (
            status == search.UNSOLVABLE and side == 0 and not forward_is_complete
        ):
            active[side] = False  # its table stays for the other side to meet
            status = search.RUNNING
    counts = search.search_counts(sides[0])[:5] + search.search_counts(sides[1])[:5]
    pushes = pulls = np.empty(0, dtype=np.int32)
    if status == search.SOLVED:
        goal, meet = search.search_counts(sides[side])[5:7]
        ends = {side: goal, 1 - side: meet}  # -1: that side had no part in it
        if ends[0] >= 0:
            pushes = search.search_path(sides[0], ends[0])
        if ends[1] >= 0:
            pulls = search.search_path(sides[1], ends[1])
    return status, pushes, pulls, counts
