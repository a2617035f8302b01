"""Goal areas: the tool of scripts/goal_areas.py that cuts a level into them, and the search
that commits to one at a time (sokosolve.analysis.area_commitment)."""

from scripts.goal_areas import goal_areas, matched_goals, part
from sokosolve.analysis.board import Board
from sokosolve.io.files import load_levels
from sokosolve.level import parse_level
from sokosolve.limits import Limits
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.solver import solve

from .conftest import PUZZLES, shared

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


def test_committing_to_one_goal_area_at_a_time_solves_a_level_of_four_quadrants():
    """Sasquatch I-5 is four nearly independent quadrants; the search over the whole level
    keeps every mix of their half-done positions and runs out of time, the committed one
    finishes each quadrant before it starts another."""
    level = load_levels(shared("sasquatch/sasquatch01_50.xsb"))[4]
    result = solve(level, "features-areas", Limits(seconds=30))
    assert result.status is Status.SOLVED and verify(level, result.solution).solved



def test_a_committed_search_that_gets_stuck_pushes_the_other_areas_boxes():
    """The matching gives the box at the top right the goal bottom left, which the box
    already home walls off; the pushes the rule held back are made once it gets stuck."""
    level = load_levels(PUZZLES / "crossed-areas.xsb")[0]
    result = solve(level, "features-areas", Limits(seconds=10))
    assert result.status is Status.SOLVED and verify(level, result.solution).solved
    assert result.pushes == 3
