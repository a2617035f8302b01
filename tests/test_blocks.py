"""The player's sides around a box (kernels.blocks): on generated boards, two free
neighbours of a square get one block exactly when a plain search joins them with that
square blocked, and the least square of the player's region around a box on any square,
and the regions the box cuts its region into, are those of a plain search."""

import numpy as np
from hypothesis import given, settings

from sokosolve.analysis.board import Board
from sokosolve.kernels.blocks import (
    block_workspace,
    edge_blocks,
    least_square_around,
    regions_around,
)

from .reference import region, small_levels


def _searched(level):
    """The board, its steps and free squares, and :func:`edge_blocks` run from the player."""
    board = Board.from_level(level)
    n, offsets = board.walls.size, [int(o) for o in board.offsets]
    occupied = board.walls.copy()
    occupied[board.boxes] = 1
    free = {s for s in range(n) if not occupied[s]}
    work = block_workspace(n)
    edge_blocks(occupied, board.offsets, board.player, work)
    blocks = work[8].copy()
    assert occupied.tolist() == (board.walls | np.isin(np.arange(n), board.boxes)).tolist()
    return board, offsets, free, work, blocks


@settings(max_examples=150, deadline=None)
@given(small_levels(max_rows=8, max_cols=8, max_boxes=4))
def test_two_sides_share_a_block_when_a_plain_search_joins_them_round_the_box(level):
    board, offsets, free, _, blocks = _searched(level)
    for s in region(free, offsets, board.player):
        sides = [k for k in range(4) if s + offsets[k] in free]
        for i, k in enumerate(sides):
            for m in sides[i + 1:]:
                joined = s + offsets[m] in region(free - {s}, offsets, s + offsets[k])
                assert (blocks[4 * s + k] == blocks[4 * s + m]) == joined
                # the edge carries one label, read from either end
                assert blocks[4 * (s + offsets[k]) + ((k + 2) & 3)] == blocks[4 * s + k]


@settings(max_examples=150, deadline=None)
@given(small_levels(max_rows=8, max_cols=8, max_boxes=4))
def test_the_regions_around_a_box_are_a_plain_search_s(level):
    board, offsets, free, work, _ = _searched(level)
    for box in region(free, offsets, board.player):
        for o in offsets:
            if box + o in free:
                expected = min(region(free - {box}, offsets, box + o))
                assert least_square_around(work, board.offsets, box, box + o) == expected
        left = region(free, offsets, box) - {box}
        regions = 0
        while left:
            regions += 1
            left -= region(free - {box}, offsets, next(iter(left)))
        assert regions_around(work, board.offsets, box) == regions
