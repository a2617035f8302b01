"""The optimizer (vicinity search): never worse, always replayed, and where its largest
vicinity holds every position, as short as the plain Dijkstra's optimum."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from sokosolve.batch import solve_many
from sokosolve.io.files import Task, load_levels
from sokosolve.limits import Limits
from sokosolve.optimizer import IllegalSolution, optimize
from sokosolve.replay import verify
from sokosolve.search.presets import PRESETS
from sokosolve.search.spec import Optimize
from sokosolve.solver import solve

from .conftest import PUZZLES, shared
from .reference import optimal_costs, small_levels


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_levels(max_rows=4, max_cols=5, max_boxes=3))
def test_on_small_boards_the_largest_vicinity_finds_the_optimum(level):
    # 4 x 5 squares, 3 boxes: every position is in the vicinity (4 boxes, 8 squares) of
    # the start, so the last search is a full one.
    found = solve(level, "greedy", Limits(seconds=20))
    if found.solution is None:
        return
    for metric, pushes_first in (("moves", False), ("pushes", True)):
        better = optimize(level, found.solution, metric, seconds=60)
        replay = verify(level, better.solution)
        assert replay.solved and (replay.moves, replay.pushes) == (better.moves, better.pushes)
        assert better.complete
        assert (better.moves, better.pushes) == optimal_costs(level, pushes_first)


def test_a_long_solution_gets_shorter_and_each_gain_is_reported():
    level = load_levels(shared("microban/microban1_155.txt"))[116]
    found = solve(level, "one-core", Limits(seconds=30))
    gains = []
    better = optimize(level, found.solution, "moves", seconds=20, progress=gains.append)
    assert verify(level, better.solution).solved
    assert better.moves < found.moves and better.gains == len(gains) > 0
    assert [g.moves for g in gains] == sorted((g.moves for g in gains), reverse=True)
    assert gains[-1].solution == better.solution


def test_pushes_first_never_adds_a_push():
    level = load_levels(shared("microban/microban1_155.txt"))[116]
    found = solve(level, "one-core", Limits(seconds=30))
    better = optimize(level, found.solution, "pushes", seconds=10)
    assert (better.pushes, better.moves) <= (found.pushes, found.moves)


def test_no_time_gives_the_same_pushes_with_the_shortest_walks():
    level = load_levels(PUZZLES / "first-steps.xsb")[0]
    found = solve(level, "greedy")
    detour = "lr" + found.solution  # two wasted steps first (the player can step left)
    assert verify(level, detour).solved
    same = optimize(level, detour, seconds=0)
    assert same.searches == 0 and not same.complete
    assert same.pushes == found.pushes and same.moves <= found.moves


def test_a_stop_flag_ends_it_as_the_time_limit_does():
    level = load_levels(shared("microban/microban1_155.txt"))[152]
    found = solve(level, "one-core", Limits(seconds=30))
    stop = np.ones(1, dtype=np.int8)
    stopped = optimize(level, found.solution, seconds=60, stop=stop)
    assert not stopped.complete and stopped.seconds < 5
    assert verify(level, stopped.solution).solved


@pytest.mark.parametrize("solution", ["", "R", "lllll"])
def test_a_solution_that_does_not_solve_the_level_is_refused(solution):
    level = load_levels(PUZZLES / "first-steps.xsb")[0]
    with pytest.raises(IllegalSolution):
        optimize(level, solution)


def test_an_optimize_strategy_shortens_what_its_first_strategy_found():
    level = load_levels(shared("microban/microban1_155.txt"))[116]
    plain = solve(level, "one-core", Limits(seconds=30))
    shortened = solve(level, Optimize(PRESETS["one-core"], "moves", 10), Limits(seconds=40))
    assert verify(level, shortened.solution).moves == shortened.moves < plain.moves
    assert shortened.optimal is None
    (_, raced), = solve_many([Task("microban1", 117, level)],
                             Optimize(PRESETS["race"], "pushes", 10), Limits(seconds=40), jobs=2)
    assert verify(level, raced.solution).pushes == raced.pushes and raced.seconds < 41
