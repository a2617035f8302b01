"""Box routes (kernels.routes): the fewest pushes of a plain search over box and player
squares on generated levels, single pushes that replay onto the target, and feature
searches with pack moves or box moves that solve exactly the solvable levels, their
solutions replayed; a box's every reachable position with its fewest pushes, once."""

from collections import deque
from dataclasses import replace

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sokosolve.analysis.board import Board
from sokosolve.kernels.routes import (
    box_reach,
    box_route,
    reached_states,
    route_length,
    route_pushes,
    route_workspace,
)
from sokosolve.limits import Limits
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.search.presets import FEATURES, FEATURES_PHASES, FEATURES_PHASES_ADVISED
from sokosolve.solver import solve

from .conftest import assert_solves_puzzles
from .reference import optimal_pushes, region, small_levels


def _plain_reach(board: Board, box: int, others: set[int],
                 dead: set[int]) -> dict[tuple[int, int], int]:
    """Every (box square, square it was pushed from) that the box on ``box`` reaches by
    pushes, the player walking between them, with the fewest pushes: a breadth-first search
    over (box square, player square)."""
    offsets = [int(o) for o in board.offsets]
    floor = {s for s in range(board.walls.size) if not board.walls[s]} - others
    # the start is not a state pushed into: a route may come back through it
    pushes, todo = {}, deque([(box, board.player, 0)])
    while todo:
        square, player, done = todo.popleft()
        reached = region(floor - {square}, offsets, player)
        for o in offsets:
            to = square + o
            if square - o in reached and to in floor and to not in dead:
                child = (to, square)
                if child not in pushes:
                    pushes[child] = done + 1
                    todo.append((to, square, done + 1))
    return pushes


def _plain_route(board: Board, box: int, others: set[int], dead: set[int],
                 targets: set[int]) -> int | None:
    """The fewest pushes that take the box on ``box`` onto a target (after one push or
    more)."""
    return min((pushes for (to, _), pushes in _plain_reach(board, box, others, dead).items()
                if to in targets), default=None)


ROUTED = []


@settings(max_examples=200, deadline=None)
@given(small_levels(max_rows=7, max_cols=7, max_boxes=3), st.data())
def _the_route_is_the_fewest_pushes_and_replays_onto_its_target(level, data):
    board = Board.from_level(level)
    assume(board.boxes.size > 0)  # boxes that can never move are walls
    n, offsets = board.walls.size, board.offsets
    box = data.draw(st.sampled_from(board.boxes.tolist()))
    others = set(board.boxes.tolist()) - {box}
    floor = [s for s in range(n) if not board.walls[s]]
    dead = {s for s in range(n) if board.dead_squares[s]}
    wanted = set(data.draw(st.lists(st.sampled_from([s for s in floor if s not in dead]),
                                    min_size=1, max_size=4)))
    occupied = board.walls.copy()
    occupied[board.boxes] = 1
    marks = np.zeros(n, dtype=np.int32)
    free = {s for s in floor if not occupied[s]}
    for s in region(free, [int(o) for o in offsets], board.player):
        marks[s] = 1
    targets = np.zeros(n, dtype=np.int32)
    targets[list(wanted)] = 1
    work = route_workspace(n)
    end, pushes = box_route(occupied, board.dead_squares, offsets, box, marks, 1,
                            targets, 1, -1, work)
    expected = _plain_route(board, box, others, dead, wanted)
    assert (end >= 0) == (expected is not None)
    ROUTED.append(end >= 0)
    assert occupied.tolist() == (board.walls | np.isin(np.arange(n), board.boxes)).tolist()
    if end < 0:
        return
    assert pushes == expected
    path = route_pushes(occupied, board.dead_squares, offsets, box, marks, 1, end, work)
    assert len(path) == pushes
    square, player = box, board.player
    for push in path.tolist():
        at, d = push >> 2, push & 3
        assert at == square
        walkable = (free | {box}) - {square}
        assert square - offsets[d] in region(walkable, [int(o) for o in offsets], player)
        square, player = square + int(offsets[d]), square
        assert square not in others and not board.walls[square] and square not in dead
    assert square == end >> 2 and square in wanted and path[-1] & 3 == end & 3


def test_the_route_is_the_fewest_pushes_and_replays_onto_its_target():
    """The property holds on every generated case, and enough cases have a route."""
    ROUTED.clear()
    _the_route_is_the_fewest_pushes_and_replays_onto_its_target()
    assert sum(ROUTED) >= 15


@settings(max_examples=150, deadline=None)
@given(small_levels(max_rows=7, max_cols=7, max_boxes=3), st.data())
def test_a_box_reaches_the_states_of_a_plain_search_with_its_fewest_pushes(level, data):
    board = Board.from_level(level)
    assume(board.boxes.size > 0)
    n, offsets = board.walls.size, board.offsets
    box = data.draw(st.sampled_from(board.boxes.tolist()))
    occupied = board.walls.copy()
    occupied[board.boxes] = 1
    marks = np.zeros(n, dtype=np.int32)
    free = {s for s in range(n) if not occupied[s]}
    for s in region(free, [int(o) for o in offsets], board.player):
        marks[s] = 1
    work = route_workspace(n)
    count = box_reach(occupied, board.dead_squares, offsets, box, marks, 1, work)
    states = reached_states(work)[:count].tolist()
    others = set(board.boxes.tolist()) - {box}
    floor = {s for s in range(n) if not board.walls[s]} - others
    step = [int(o) for o in offsets]

    def position(to: int, player: int) -> tuple[int, int]:
        """The box's square and the least square of the player's region."""
        return to, min(region(floor - {to}, step, player))

    found = {position(s >> 2, (s >> 2) - step[s & 3]): route_length(work, s) for s in states}
    dead = {s for s in range(n) if board.dead_squares[s]}
    assert len(found) == count  # one state per position
    expected: dict[tuple[int, int], int] = {}
    for (to, player), pushes in _plain_reach(board, box, others, dead).items():
        key = position(to, player)
        expected[key] = min(pushes, expected.get(key, pushes))
    assert found == expected
    assert [route_length(work, s) for s in states] == sorted(found.values())  # nearest first


@settings(max_examples=60, deadline=None)
@given(small_levels(max_rows=6, max_cols=6, max_boxes=3))
def test_box_moves_solve_exactly_the_solvable_levels(level):
    expected = optimal_pushes(level)
    for search in (replace(FEATURES, box_moves=True),
                   replace(FEATURES_PHASES_ADVISED, box_moves=True)):
        result = solve(level, search, Limits(seconds=30))
        if expected is None:
            assert result.status is Status.UNSOLVABLE
        else:
            assert result.status is Status.SOLVED
            assert verify(level, result.solution).solved


@settings(max_examples=60, deadline=None)
@given(small_levels(max_rows=6, max_cols=6, max_boxes=3))
def test_pack_moves_solve_exactly_the_solvable_levels(level):
    expected = optimal_pushes(level)
    for search in (replace(FEATURES, pack_moves=True),
                   replace(FEATURES_PHASES, pack_moves=True)):
        result = solve(level, search, Limits(seconds=30))
        if expected is None:
            assert result.status is Status.UNSOLVABLE
        else:
            assert result.status is Status.SOLVED
            assert verify(level, result.solution).solved


def test_the_feature_search_with_pack_moves_solves_the_shipped_puzzles():
    assert_solves_puzzles(replace(FEATURES, pack_moves=True))
    assert_solves_puzzles(replace(FEATURES_PHASES, pack_moves=True))


def test_the_feature_searches_with_box_moves_solve_the_shipped_puzzles():
    assert_solves_puzzles(replace(FEATURES, box_moves=True))
    assert_solves_puzzles(replace(FEATURES_PHASES_ADVISED, box_moves=True))
