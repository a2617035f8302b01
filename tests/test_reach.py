"""The scanline fill and the moved-box shortcut (kernels.reach) against a plain flood."""


import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sokosolve.analysis.board import Board
from sokosolve.analysis.positions import reachable
from sokosolve.kernels.reach import moved_box_canonical, scanline_fill
from sokosolve.level import parse_level

from .reference import flood, small_levels


@settings(max_examples=150, deadline=None)
@given(small_levels())
def test_scanline_fill_matches_a_plain_flood(level):
    board = Board.from_level(level)
    mask, canonical = reachable(board, board.boxes, board.player)
    expected = flood(level, level.boxes, level.player)
    got = {board.to_level_square(s) for s in np.flatnonzero(mask)}
    assert got == expected
    assert board.to_level_square(canonical) == min(expected)


@settings(max_examples=200, deadline=None)
@given(small_levels(), st.data())
def test_moved_box_canonical_agrees_with_a_fill(level, data):
    """The shortcut for one moved box either declines or gives the fill's answer."""
    board = Board.from_level(level)
    occupied = board.walls.copy()
    occupied[board.boxes] = 1
    marks = np.zeros(occupied.size, dtype=np.int32)
    stack = np.empty(2 * occupied.size + 4, dtype=np.int64)
    canonical = scanline_fill(occupied, board.width, board.player, marks, 1, stack)
    moves = []  # (vacated, filled, player after): every legal push and pull
    for box in board.boxes:
        for step in board.offsets:
            box, step = int(box), int(step)
            ahead, behind = box + step, box - step
            if marks[behind] == 1 and not occupied[ahead]:
                moves.append((box, ahead, box))
            if marks[ahead] == 1 and not occupied[ahead + step]:
                moves.append((box, ahead, ahead + step))
    if not moves:
        return
    vacated, filled, player = data.draw(st.sampled_from(moves))
    occupied[vacated], occupied[filled] = 0, 1
    got = moved_box_canonical(occupied, board.width, marks, 1, canonical, vacated, filled)
    expected = scanline_fill(occupied, board.width, player, marks, 2, stack)
    assert got in (-1, expected)


def test_moved_box_canonical_answers_a_push_in_the_open():
    board = Board.from_level(parse_level("######\n#    #\n# @$ #\n#   .#\n######"))
    occupied = board.walls.copy()
    occupied[board.boxes] = 1
    marks = np.zeros(occupied.size, dtype=np.int32)
    stack = np.empty(2 * occupied.size + 4, dtype=np.int64)
    canonical = scanline_fill(occupied, board.width, board.player, marks, 1, stack)
    box = int(board.boxes[0])
    right = box + 1
    occupied[box], occupied[right] = 0, 1  # the region goes round the box's new square
    got = moved_box_canonical(occupied, board.width, marks, 1, canonical, box, right)
    assert got == canonical == scanline_fill(occupied, board.width, box, marks, 2, stack)
