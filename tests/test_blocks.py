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

from .reference import small_levels


def _region(free: set[int], offsets: list[int], a: int) -> set[int]:
    seen, todo = {a}, [a]
    while todo:
        s = todo.pop()
        for o in offsets:
            if s + o in free and s + o not in seen:
                seen.add(s + o)
                todo.append(s + o)
    return seen


def _joined(free: set[int], offsets: list[int], a: int, b: int) -> bool:
    return b in _region(free, offsets, a)


@settings(max_examples=150, deadline=None)
@given(small_levels(max_rows=8, max_cols=8, max_boxes=4))
def test_two_sides_share_a_block_when_a_plain_search_joins_them_round_the_box(level):
    board = Board.from_level(level)
    n, offsets = board.walls.size, [int(o) for o in board.offsets]
    occupied = board.walls.copy()
    occupied[board.boxes] = 1
    free = {s for s in range(n) if not occupied[s]}
    work = block_workspace(n)
    blocks = edge_blocks(occupied, board.offsets, board.player, work).copy()
    assert occupied.tolist() == (board.walls | np.isin(np.arange(n), board.boxes)).tolist()
    region = {s for s in free if _joined(free, offsets, board.player, s)}
    for s in region:
        sides = [k for k in range(4) if s + offsets[k] in free]
        for i, k in enumerate(sides):
            for m in sides[i + 1:]:
                joined = _joined(free - {s}, offsets, s + offsets[k], s + offsets[m])
                assert (blocks[4 * s + k] == blocks[4 * s + m]) == joined
                # the edge carries one label, read from either end
                assert blocks[4 * (s + offsets[k]) + ((k + 2) & 3)] == blocks[4 * s + k]


@settings(max_examples=150, deadline=None)
@given(small_levels(max_rows=8, max_cols=8, max_boxes=4))
def test_the_regions_around_a_box_are_a_plain_search_s(level):
    board = Board.from_level(level)
    n, offsets = board.walls.size, [int(o) for o in board.offsets]
    occupied = board.walls.copy()
    occupied[board.boxes] = 1
    free = {s for s in range(n) if not occupied[s]}
    work = block_workspace(n)
    edge_blocks(occupied, board.offsets, board.player, work)
    for box in _region(free, offsets, board.player):
        for o in offsets:
            if box + o in free:
                expected = min(_region(free - {box}, offsets, box + o))
                assert least_square_around(work, board.offsets, box, box + o) == expected
        region = _region(free, offsets, box) - {box}
        regions = 0
        while region:
            regions += 1
            region -= _region(free - {box}, offsets, next(iter(region)))
        assert regions_around(work, board.offsets, box) == regions
