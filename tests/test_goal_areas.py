"""Goal areas: the tool of scripts/goal_areas.py that cuts a level into them, and the search
that commits to one at a time (sokosolve.analysis.area_commitment)."""

from scripts.goal_areas import goal_areas, matched_goals, part
from sokosolve.analysis.board import Board
from sokosolve.level import parse_level
from sokosolve.replay import verify
from sokosolve.solver import solve

TWO_SIDES = "#########\n#.$ @ $.#\n#.$   $.#\n#########"


def test_a_part_keeps_one_goal_area_and_the_boxes_matched_to_it():
    level = parse_level(TWO_SIDES)
    square = level.square
    left, right = frozenset({square(1, 1), square(2, 1)}), frozenset({square(1, 7), square(2, 7)})
    board = Board.from_level(level)
    assert goal_areas(board) == [left, right]
    matching = matched_goals(board)
    assert matching == {square(1, 2): square(1, 1), square(2, 2): square(2, 1),
                        square(1, 6): square(1, 7), square(2, 6): square(2, 7)}
    sub = part(level, [left], matching)
    assert sub.goals == left and sub.boxes == {square(1, 2), square(2, 2)}
    assert sub.walls == level.walls and sub.player == level.player
    result = solve(sub)
    assert verify(sub, result.solution).solved and result.pushes == 2
    assert part(level, [left, right], matching) == level
