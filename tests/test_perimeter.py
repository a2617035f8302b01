"""The perimeter (kernels.perimeter, search.perimeter): the states of backward searches with
their pulls, which forward searches of this process and of others meet and follow down."""

import time

import numpy as np
from hypothesis import given, settings

from sokosolve.analysis.board import Board
from sokosolve.io.files import load_levels
from sokosolve.kernels import loop
from sokosolve.kernels.layout import Progress
from sokosolve.kernels.perimeter import (
    depth_of,
    descend,
    perimeter_store,
    publish,
    shared_buffers,
    shared_perimeter,
)
from sokosolve.kernels.table import zobrist_keys
from sokosolve.limits import Limits
from sokosolve.parallel.processes import context
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.search.build import EMPTY, Learned, start
from sokosolve.search.presets import BACKWARD_BFS, BFS
from sokosolve.search.solution import joined_lurd
from sokosolve.solver import solve

from .conftest import PUZZLES
from .reference import optimal_pushes, small_levels

_NEVER = 1 << 62


def _backward_bfs_perimeter(board: Board):
    """A perimeter holding every state a breadth-first backward search of ``board`` stored."""
    code, search, _ = start(board, BACKWARD_BFS, 1 << 20, time.perf_counter() + 30)
    if code == loop.RUNNING:
        code, search = loop.run_search(search, _NEVER, np.empty(0, dtype=np.uint64), EMPTY)
    perimeter = perimeter_store(capacity=1 << 16)
    publish(perimeter, search.table.keys, search.table.depths, 0,
            int(search.progress[Progress.COUNT]))
    return perimeter


@settings(max_examples=150, deadline=None)
@given(small_levels(max_rows=6, max_cols=6, max_boxes=3))
def test_the_depths_of_a_breadth_first_backward_search_lead_down_in_the_fewest_pushes(level):
    board = Board.from_level(level)
    perimeter = _backward_bfs_perimeter(board)
    box_keys, player_keys = zobrist_keys(board.walls.size)
    found, pushes = descend(perimeter, 0, board.walls, board.width, board.offsets,
                            board.goal_mask, box_keys, player_keys, board.boxes, board.player,
                            EMPTY)
    optimal = optimal_pushes(level)
    assert found == (optimal is not None)
    if found:
        assert len(pushes) == optimal
        assert verify(level, joined_lurd(board, pushes, EMPTY)).solved


def test_a_state_published_keeps_its_fewest_pulls_and_a_full_segment_takes_no_more():
    perimeter = perimeter_store(capacity=2)
    keys = np.array([5, 5, 6, 7], dtype=np.uint64)
    publish(perimeter, keys, np.array([4, 2, 9, 1], dtype=np.int32), 0, 4)
    assert [int(depth_of(perimeter, 0, key)) for key in keys] == [2, 2, 9, -1]
    assert int(perimeter.counts[0]) == 2


def _write(buffers, key: int, depth: int) -> None:
    perimeter = shared_perimeter(*buffers, 1)
    publish(perimeter, np.array([key], dtype=np.uint64), np.array([depth], dtype=np.int32),
            0, 1)


def test_a_state_one_process_publishes_is_on_the_perimeter_of_another():
    starts = context()
    buffers = shared_buffers(starts, 2, capacity=1 << 8)
    writer = starts.Process(target=_write, args=(buffers, 12345, 17))
    writer.start()
    writer.join()
    assert writer.exitcode == 0
    mine = shared_perimeter(*buffers, 0)
    assert int(depth_of(mine, 1, np.uint64(12345))) == 17
    assert int(depth_of(mine, 0, np.uint64(12345))) == -1  # not written to this segment


def test_a_forward_search_meets_the_states_an_earlier_backward_search_left():
    level = load_levels(PUZZLES / "goal-room.xsb")[0]
    half = Limits(seconds=30, max_states=solve(level, BFS, Limits(seconds=30)).states // 2)
    assert solve(level, BFS, half).status is Status.LIMIT  # too few states on its own
    learned = Learned(perimeter=perimeter_store(capacity=1 << 16))
    assert solve(level, BACKWARD_BFS, half, learned=learned).status is Status.LIMIT
    met = solve(level, BFS, half, learned=learned)
    assert met.status is Status.SOLVED and verify(level, met.solution).solved
