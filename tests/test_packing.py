"""Goal rooms: packing orders whose paths really push a box home, and macros that keep solutions."""

from dataclasses import replace

from hypothesis import given, settings

from sokosolve.analysis.board import Board
from sokosolve.analysis.packing import goal_rooms
from sokosolve.io.files import load_levels
from sokosolve.limits import Limits
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.search.presets import GREEDY
from sokosolve.solver import solve

from .conftest import PUZZLES, shared
from .reference import optimal_pushes, small_levels


def _walkable(board: Board, boxes: set[int], start: int) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for o in board.offsets.tolist():
            t = s + o
            if not board.walls[t] and t not in boxes and t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def _check_room(board: Board, room) -> None:
    """Each path, replayed push by push with the earlier goals filled, ends on its goal."""
    offsets = board.offsets.tolist()
    outside = {s for s in range(board.walls.size) if not board.walls[s]} - room.squares
    for k, (goal, path) in enumerate(zip(room.order, room.paths, strict=True)):
        box, player = room.entrance, room.entrance - offsets[room.inward]
        boxes = set(room.order[:k]) | (outside - {box, player})  # the player stays in
        for push in path:
            square, d = push >> 2, push & 3
            assert square == box
            assert square - offsets[d] in _walkable(board, boxes | {box}, player)
            box, player = square + offsets[d], square
            assert box in room.squares and box not in boxes
        assert box == goal
        assert room.entrance in _walkable(board, boxes | {box}, player)


def test_the_goal_room_puzzle_fills_its_far_goals_first():
    board = Board.from_level(load_levels(PUZZLES / "goal-room.xsb")[0])
    [room] = goal_rooms(board)
    rows = [board.to_level_square(g) // board.level_width for g in room.order]
    assert rows == sorted(rows, reverse=True)
    _check_room(board, room)


def test_xsokoban_packing_paths_replay():
    levels = load_levels(shared("xsokoban/xsokoban_90.xsb"))
    found = 0
    for level in levels[:30]:
        board = Board.from_level(level)
        for room in goal_rooms(board):
            _check_room(board, room)
            found += 1
    assert found >= 10


def test_goal_macros_shrink_the_goal_room_search():
    level = load_levels(PUZZLES / "goal-room.xsb")[0]
    plain = solve(level, replace(GREEDY, goal_macros=False), Limits(seconds=20))
    packed = solve(level, GREEDY, Limits(seconds=20))
    for result in (plain, packed):
        assert result.status is Status.SOLVED
        assert verify(level, result.solution).solved
    assert packed.expanded < plain.expanded


@settings(max_examples=60, deadline=None)
@given(small_levels())
def test_goal_macros_never_lose_a_solvable_level(level):
    result = solve(level, GREEDY, Limits(seconds=20))
    if optimal_pushes(level) is None:
        assert result.status is Status.UNSOLVABLE
    else:
        assert result.status is Status.SOLVED
        assert verify(level, result.solution).solved
