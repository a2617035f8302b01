"""Rooms (kernels.rooms): the rooms and the blocked links between them are those of plain
versions, on generated levels; the rooms advisor's search solves levels, replayed."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from sokosolve.analysis.board import Board
from sokosolve.kernels.rooms import CORRIDOR, blocked_links, room_table
from sokosolve.level import parse_level
from sokosolve.limits import Limits
from sokosolve.replay import verify
from sokosolve.search.presets import FEATURES_PHASES_BOXES
from sokosolve.solver import solve

from .conftest import PUZZLES
from .reference import small_levels


def plain_rooms(level) -> dict[int, int]:
    """The room of each room square: open 2x2 blocks with a block beside them, joined side
    by side; a square where two blocks meet only at a corner is a corridor."""
    width, floor = level.width, level.floor

    def is_block(s):
        return s % width < width - 1 and {s, s + 1, s + width, s + width + 1} <= floor

    blocks = {s for s in floor if is_block(s)}
    sides = (-1, 1, -width, width)
    blocks = {s for s in blocks if any(s + d in blocks for d in sides)}
    group: dict[int, int] = {}
    for s in sorted(blocks):
        if s in group:
            continue
        group[s], todo = len(set(group.values())), [s]
        while todo:
            t = todo.pop()
            for u in (t + d for d in sides):
                if u in blocks and u not in group:
                    group[u] = group[s]
                    todo.append(u)
    room: dict[int, int] = {}
    for s in sorted(blocks):
        for t in (s, s + 1, s + width, s + width + 1):
            room[t] = group[s]
    for s in range(-width - 1, width * level.height):
        if s % width == width - 1:
            continue
        diagonal = (s in blocks) == (s + width + 1 in blocks)
        if diagonal and (s + width in blocks) == (s + 1 in blocks) != (s in blocks):
            room.pop(s + width + 1, None)
    return room


def plain_links(level, room: dict[int, int], boxes: set[int]) -> set[tuple[int, int]]:
    """The pairs of rooms (a < b) that the boxes leave linked: every free part of each
    room, walked through that room and the corridors, meets the other."""
    width, free = level.width, level.floor - boxes
    count = max(room.values(), default=-1) + 1
    sides = (-1, 1, -width, width)
    meets: dict[int, list[set[int]]] = {r: [] for r in range(count)}
    for r in range(count):
        left = {s for s in free if room.get(s) == r}
        while left:
            start = left.pop()
            part, seen, todo = {start}, set(), [start]
            while todo:
                t = todo.pop()
                for u in (t + d for d in sides):
                    other = room.get(u, CORRIDOR)
                    if other not in (CORRIDOR, r):
                        seen.add(other)
                    elif u in free and u not in part:
                        part.add(u)
                        todo.append(u)
            left -= part
            meets[r].append(seen)
    return {(a, b) for a in range(count) for b in range(a + 1, count)
            if meets[a] and meets[b] and all(b in m for m in meets[a])
            and all(a in m for m in meets[b])}


@settings(max_examples=150, deadline=None)
@given(small_levels(max_rows=7, max_cols=8, max_boxes=5), st.randoms(use_true_random=False))
def test_rooms_and_blocked_links_are_those_of_plain_versions(level, random):
    board = Board.from_level(level)
    rooms = room_table(board.walls, board.width, board.offsets)
    room = plain_rooms(level)
    to_board = {s: board.from_level_square(s) for s in level.floor}
    assert {s: int(rooms.room_of[to_board[s]]) for s in level.floor
            if rooms.room_of[to_board[s]] != CORRIDOR} == room
    base = plain_links(level, room, set())
    floor = sorted(level.floor)
    for _ in range(6):
        boxes = set(random.sample(floor, random.randint(0, min(len(floor), 6))))
        occupied = board.walls.copy()
        occupied[[to_board[s] for s in boxes]] = 1
        assert blocked_links(rooms, occupied, board.offsets) == len(
            base - plain_links(level, room, boxes))


def test_a_box_in_the_door_blocks_the_link_between_two_rooms():
    level = parse_level("##########\n#   #    #\n#@  $ .. #\n#   #  $ #\n##########")
    board = Board.from_level(level)
    rooms = room_table(board.walls, board.width, board.offsets)
    occupied = board.walls.copy()
    assert blocked_links(rooms, occupied, board.offsets) == 0
    occupied[board.boxes] = 1
    assert blocked_links(rooms, occupied, board.offsets) == 1


def test_the_search_with_the_rooms_advisor_solves_levels():
    search = replace(FEATURES_PHASES_BOXES, rooms=True)
    assert "rooms" in str(search)
    levels = [parse_level((PUZZLES / "goal-room.xsb").read_text()), parse_level(
        "#######\n#  .  #\n# $$$ #\n#.@#. #\n#  $  #\n#  .  #\n#######")]
    for level in levels:
        result = solve(level, search, Limits(seconds=20))
        assert result.status.value == "solved"
        assert not verify(level, result.solution).error
