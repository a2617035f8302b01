"""The search committed to one goal area at a time (analysis.area_commitment)."""

from sokosolve.io.files import load_levels
from sokosolve.limits import Limits
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.solver import solve

from .conftest import PUZZLES, shared


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
