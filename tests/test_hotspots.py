"""Hotspots (kernels.hotspots): the table and the count are those of plain versions, on
generated levels."""

from collections import deque

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sokosolve.analysis.board import Board
from sokosolve.kernels.hotspots import count_hotspots, hotspot_table

from .reference import small_levels


def reaches_a_goal(level, square: int, wall: int) -> bool:
    """Whether a box alone on ``square`` can be pushed onto a goal, with a wall on ``wall``
    and the player free to stand on any other floor square."""
    free = level.floor - {wall}
    steps = (-1, 1, -level.width, level.width)
    seen, queue = {square}, deque([square])
    while queue:
        box = queue.popleft()
        if box in level.goals:
            return True
        for step in steps:
            if box + step in free and box - step in free and box + step not in seen:
                seen.add(box + step)
                queue.append(box + step)
    return False


@settings(max_examples=120, deadline=None)
@given(small_levels(max_rows=6, max_cols=7, max_boxes=5), st.randoms(use_true_random=False))
def test_the_table_and_the_count_are_those_of_a_plain_search(level, random):
    board = Board.from_level(level)
    hot = hotspot_table(board.walls, board.goal_mask, board.dead_squares, board.offsets)
    to_board = {s: board.from_level_square(s) for s in level.floor}
    assert not hot[:, board.dead_squares.astype(bool)].any()  # a dead square: no hotspot
    for b in level.floor:
        for s in level.floor - {b}:
            if board.dead_squares[to_board[s]]:
                continue
            assert bool(hot[to_board[b], to_board[s]]) == (not reaches_a_goal(level, s, b)), \
                (b, s)
    floor = sorted(level.floor)
    for _ in range(5):
        boxes = random.sample(floor, random.randint(1, min(len(floor), 6)))
        plain = sum(any(not board.dead_squares[to_board[s]] and not reaches_a_goal(level, s, b)
                        for s in boxes if s != b) for b in boxes)
        squares = np.array([to_board[s] for s in boxes], dtype=np.int32)
        assert count_hotspots(hot, squares) == plain
