import time

import numpy as np

from sokosolve import solver
from sokosolve.io.files import load_levels
from sokosolve.level import parse_level
from sokosolve.limits import Limits
from sokosolve.parallel import race as portfolio
from sokosolve.parallel.race import race
from sokosolve.replay import verify
from sokosolve.result import Result, Status
from sokosolve.search.presets import AREAS, BFS, FEATURES, GREEDY, ONE_CORE
from sokosolve.search.spec import Race, Then
from sokosolve.solver import solve

from .conftest import PUZZLES, shared


def test_race_returns_a_verified_solution_or_a_proof():
    level = load_levels(PUZZLES / "corridor.xsb")[0]
    result = race(level, Limits(seconds=30))
    assert result.status is Status.SOLVED and verify(level, result.solution).solved
    unsolvable = load_levels(PUZZLES / "no-way-out.xsb")[0]
    assert race(unsolvable, Limits(seconds=30)).status is Status.UNSOLVABLE


def test_race_of_one_runs_in_process():
    level = parse_level("#####\n#@$.#\n#####")
    assert race(level, Limits(seconds=5), Race((GREEDY,))).solution == "R"


def _stalls(level, strategy, limits, stop=None):
    time.sleep(3600)


def test_stalled_racers_are_killed_at_the_limit(monkeypatch):
    monkeypatch.setattr(portfolio, "solve", _stalls)
    monkeypatch.setattr(portfolio, "KILL_MARGIN", 0.5)
    started = time.perf_counter()
    result = race(parse_level("#####\n#@$.#\n#####"), Limits(seconds=0.5))
    assert result.status is Status.TIMEOUT and "killed" in result.error
    assert time.perf_counter() - started < 5


def _reports_its_state_cap(level, strategy, limits, stop):
    return Result(Status.TIMEOUT, states=limits.max_states)


def test_racers_share_the_state_limit(monkeypatch):
    monkeypatch.setattr(solver, "_search", _reports_its_state_cap)
    result = race(parse_level("#####\n#@$.#\n#####"), Limits(seconds=5, max_states=1000))
    # Each solve fills its cap, and the race adds up every racer's solves: a racer that
    # runs two searches one after the other gives the second what the first left (here
    # nothing), so the level's states stay within its cap.
    assert result.states == 1000


def _fills_half_its_cap(level, strategy, limits, stop):
    return Result(Status.LIMIT, states=limits.max_states // 2)


def test_a_search_after_another_gets_the_states_the_first_left(monkeypatch):
    monkeypatch.setattr(solver, "_search", _fills_half_its_cap)
    level = parse_level("#####\n#@$.#\n#####")
    result = solve(level, ONE_CORE, Limits(seconds=5, max_states=1000))
    assert result.states == 500 + 250


# Six boxes in an open room: the greedy search solves it at once, breadth first
# takes far longer than the tests' time limits.
OPEN_ROOM = "\n".join([
    "##########", "#@       #", "# $ $ $  #", "#        #", "# $ $ $  #", "#        #",
    "# ...... #", "##########",
])


def test_a_stop_flag_ends_a_search_as_at_its_time_limit():
    result = solve(parse_level(OPEN_ROOM), "bfs", Limits(seconds=30),
                   stop=np.ones(1, dtype=np.int8))
    assert result.status is Status.TIMEOUT and result.expanded == 32  # the first check
    assert result.seconds < 5


def test_the_race_stops_the_losers_and_adds_up_their_counts():
    level = parse_level(OPEN_ROOM)
    alone = solve(level, GREEDY, Limits(seconds=30))
    started = time.perf_counter()
    result = race(level, Limits(seconds=30), Race((GREEDY, BFS)))
    assert result.status is Status.SOLVED and verify(level, result.solution).solved
    assert result.expanded > alone.expanded  # the breadth-first racer's too
    assert time.perf_counter() - started < 10


def test_the_one_core_search_solves_proves_and_stops_at_the_limit():
    from .test_batch import STUCK

    level = load_levels(PUZZLES / "corridor.xsb")[0]
    result = solve(level, ONE_CORE, Limits(seconds=30))
    assert result.status is Status.SOLVED and verify(level, result.solution).solved
    unsolvable = load_levels(PUZZLES / "no-way-out.xsb")[0]
    assert solve(unsolvable, ONE_CORE, Limits(seconds=30)).status is (
        Status.UNSOLVABLE)
    started = time.perf_counter()
    result = solve(parse_level(STUCK), ONE_CORE, Limits(seconds=1.0))
    assert result.status is Status.TIMEOUT
    assert time.perf_counter() - started < 1.3 and result.seconds < 1.3


def test_a_first_search_out_of_time_hands_over_to_the_next():
    """The first search gets no time to speak of; the one after it gives the answer, and
    the seconds of both are counted."""
    config = Then(AREAS, 1e-9, FEATURES)
    level = load_levels(PUZZLES / "corridor.xsb")[0]
    result = solve(level, config, Limits(seconds=10))
    assert result.status is Status.SOLVED and verify(level, result.solution).solved
    unsolvable = load_levels(PUZZLES / "no-way-out.xsb")[0]
    assert solve(unsolvable, config, Limits(seconds=10)).status \
        is Status.UNSOLVABLE


def test_a_first_search_that_proves_there_is_no_solution_ends_the_racer():
    config = Then(AREAS, 0.5, FEATURES)
    unsolvable = load_levels(PUZZLES / "no-way-out.xsb")[0]
    first = solve(unsolvable, "features-areas", Limits(seconds=5))
    result = solve(unsolvable, config, Limits(seconds=10))
    assert result.status is Status.UNSOLVABLE and result.expanded == first.expanded


def test_the_counts_of_both_searches_are_reported():
    """Breadth-first search runs out of its 1.5 s on Sasquatch I-5; the committed search
    then solves it, and the result counts the work of both."""
    level = load_levels(shared("sasquatch/sasquatch01_50.xsb"))[4]
    alone = solve(level, "features-areas", Limits(seconds=30))
    config = Then(BFS, 0.05, AREAS)
    result = solve(level, config, Limits(seconds=30))
    assert result.status is Status.SOLVED and verify(level, result.solution).solved
    assert result.expanded > alone.expanded and result.states > alone.states
    assert result.seconds > 1.5 + alone.seconds / 2
