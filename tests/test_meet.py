"""Meeting in the middle: joined paths solve the level, and only solvable levels meet."""

import time
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings

from sokosolve.analysis.board import Board
from sokosolve.io.files import load_levels
from sokosolve.kernels import loop
from sokosolve.replay import verify
from sokosolve.search.build import start
from sokosolve.search.meet import meet_in_the_middle
from sokosolve.search.presets import PRESETS
from sokosolve.search.solution import joined_lurd

from .conftest import PUZZLES, shared
from .reference import optimal_pushes, small_levels


def _meet(level, forward_mode="bfs", *backward_modes, caps=()):
    """The sides a few expansions a turn, so that they meet before any gets through;
    ``caps`` limits the backward sides' states."""
    board = Board.from_level(level)
    deadline = time.perf_counter() + 30
    backward_modes = backward_modes or ("backward-bfs",)
    caps = caps or (1 << 20,) * len(backward_modes)
    sides = [start(board, replace(PRESETS[mode], goal_macros=False), cap, deadline)
             for mode, cap in zip((forward_mode, *backward_modes), (1 << 20, *caps), strict=True)]
    if any(code != loop.RUNNING for code, _, _ in sides):
        return None
    shares = [1 / (1 + len(backward_modes))] * len(backward_modes)
    status, pushes, pulls, _ = meet_in_the_middle(
        sides[0][1], [side for _, side, _ in sides[1:]], True, shares, turn_seconds=1e-6,
        first_turn=1)
    return board, status, pushes, pulls


def _check_meeting(level, met):
    """Only solvable levels meet, and the met paths solve them."""
    if met is None:
        return  # decided at the start: nothing to meet
    board, status, pushes, pulls = met
    if optimal_pushes(level) is None:
        assert status == loop.UNSOLVABLE
    else:
        assert status == loop.SOLVED
        assert verify(level, joined_lurd(board, pushes, pulls)).solved


@settings(max_examples=150, deadline=None)
@given(small_levels(max_rows=6, max_cols=6, max_boxes=3))
def test_only_solvable_levels_meet_and_met_paths_solve_them(level):
    _check_meeting(level, _meet(level))


@settings(max_examples=100, deadline=None)
@given(small_levels(max_rows=6, max_cols=6, max_boxes=3))
def test_the_forward_side_meets_a_second_backward_side(level):
    """The first backward side stops at a handful of states, so the meetings are the
    second one's: met by the forward side after its turns, or by the second itself."""
    _check_meeting(level, _meet(level, "bfs", "backward-bfs", "backward-bfs",
                                caps=(16, 1 << 20)))


@pytest.mark.parametrize("name", ["corridor.xsb", "goal-room.xsb", "storeroom.xsb"])
def test_two_searches_run_through_share_the_states_of_a_solution(name):
    """Any state on a solution is in both full state spaces: the first one found joins
    the two paths into a solution."""
    level = load_levels(PUZZLES / name)[0]
    board = Board.from_level(level)
    deadline = time.perf_counter() + 30
    forward, backward = (
        loop.run_search(start(board, replace(PRESETS[mode], goal_macros=False), 1 << 20,
                                deadline)[1], 1 << 62,
                          np.empty(0, dtype=np.uint64), np.empty(0, dtype=np.int32))[1]
        for mode in ("bfs", "backward-bfs"))
    node, met = loop.first_meeting(forward, 0, *loop.search_table(backward))
    assert node >= 0 and met >= 0
    pushes, pulls = loop.search_path(forward, node), loop.search_path(backward, met)
    assert verify(level, joined_lurd(board, pushes, pulls)).solved
    stored = loop.search_counts(forward)[2]
    assert loop.first_meeting(forward, stored, *loop.search_table(backward)) == (-1, -1)

@pytest.mark.parametrize("name", ["corridor.xsb", "goal-room.xsb", "storeroom.xsb"])
def test_breadth_first_sides_meet_and_their_joined_paths_solve_the_puzzle(name):
    level = load_levels(PUZZLES / name)[0]
    board, status, pushes, pulls = _meet(level)
    assert status == loop.SOLVED and len(pushes) > 0 and len(pulls) > 0
    assert verify(level, joined_lurd(board, pushes, pulls)).solved


@pytest.mark.parametrize("name", ["corridor.xsb", "goal-room.xsb", "storeroom.xsb"])
def test_greedy_sides_taking_turns_solve_the_puzzle(name):
    level = load_levels(PUZZLES / name)[0]
    board, status, pushes, pulls = _meet(level, "features", "backward")
    assert status == loop.SOLVED
    assert verify(level, joined_lurd(board, pushes, pulls)).solved


def _expansions_by_side(level, backward_share):
    board = Board.from_level(level)
    deadline = time.perf_counter() + 2.0
    sides = [start(board, PRESETS[mode], 1 << 22, deadline)[1]
             for mode in ("features", "backward-features")]
    status = meet_in_the_middle(sides[0], [sides[1]], False, [backward_share],
                                turn_seconds=0.05)[0]
    assert status == loop.TIMEOUT
    # a side's counters are updated in place as it runs
    return loop.search_counts(sides[0])[0], loop.search_counts(sides[1])[0]


def test_the_backward_share_divides_the_time_between_the_sides():
    # Sasquatch I-30: no search here solves it in two seconds.
    level = load_levels(shared("sasquatch/sasquatch01_50.xsb"))[29]
    forward, backward = _expansions_by_side(level, 0.8)
    forward_more, backward_less = _expansions_by_side(level, 0.2)
    assert forward > 0 and backward_less > 0
    # the ratio should grow 16 times; 4 leaves room for a noisy machine
    assert backward / forward > 4 * backward_less / forward_more
