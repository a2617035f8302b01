"""The race (parallel.race): the first definite answer wins, the losers stop, the limits hold."""

import time

import numpy as np

from sokosolve import solver
from sokosolve.io.files import load_levels
from sokosolve.kernels.patterns import MAX_PATTERNS, add_pattern, matching_pattern, shared_store
from sokosolve.level import parse_level
from sokosolve.limits import Limits
from sokosolve.parallel import race as portfolio
from sokosolve.parallel.processes import context
from sokosolve.parallel.race import race
from sokosolve.replay import verify
from sokosolve.result import Result, Status
from sokosolve.search.presets import BFS, GREEDY, RACE
from sokosolve.search.spec import Race
from sokosolve.search.spec import portfolio as portfolio_of
from sokosolve.solver import solve

from .conftest import OPEN_ROOM, PUZZLES, searches_of


def test_race_returns_a_verified_solution_or_a_proof():
    level = load_levels(PUZZLES / "corridor.xsb")[0]
    result = race(level, Limits(seconds=30))
    assert result.status is Status.SOLVED and verify(level, result.solution).solved
    unsolvable = load_levels(PUZZLES / "no-way-out.xsb")[0]
    assert race(unsolvable, Limits(seconds=30)).status is Status.UNSOLVABLE


def test_race_of_one_runs_in_process():
    level = parse_level("#####\n#@$.#\n#####")
    assert race(level, Limits(seconds=5), Race((GREEDY,))).solution == "R"


def _stalls(level, strategy, limits, stop=None, patterns=None):
    time.sleep(3600)


def test_stalled_racers_are_killed_at_the_limit(monkeypatch):
    monkeypatch.setattr(portfolio, "solve", _stalls)
    monkeypatch.setattr(portfolio, "KILL_MARGIN", 0.5)
    started = time.perf_counter()
    result = race(parse_level("#####\n#@$.#\n#####"), Limits(seconds=0.5))
    assert result.status is Status.TIMEOUT and "killed" in result.error
    assert time.perf_counter() - started < 5


def _reports_its_state_cap(level, strategy, limits, stop, patterns):
    return Result(Status.TIMEOUT, states=limits.max_states)


def test_racers_share_the_state_limit(monkeypatch):
    monkeypatch.setattr(solver, "_search", _reports_its_state_cap)
    result = race(parse_level("#####\n#@$.#\n#####"), Limits(seconds=5, max_states=1000))
    # Each solve fills its cap, and the race adds up every racer's solves: a racer that
    # runs two searches one after the other gives the second what the first left (here
    # nothing), so the level's states stay within its cap.
    assert result.states == 1000


def test_the_race_stops_the_losers_and_adds_up_their_counts():
    level = parse_level(OPEN_ROOM)
    alone = solve(level, GREEDY, Limits(seconds=30))
    started = time.perf_counter()
    result = race(level, Limits(seconds=30), Race((GREEDY, BFS)))
    assert result.status is Status.SOLVED and verify(level, result.solution).solved
    assert result.expanded > alone.expanded  # the breadth-first racer's too
    assert time.perf_counter() - started < 10


def test_a_portfolio_restarts_with_the_next_strategy_when_one_runs_out_of_its_round():
    """Breadth first cannot solve the open room in its round (half of the time); the
    greedy search, the next round on that core, then does."""
    level = parse_level(OPEN_ROOM)
    strategy = portfolio_of((BFS, GREEDY), cores=1)
    assert str(strategy) == "race(then(bfs @0.5, greedy w3))"
    started = time.perf_counter()
    result = race(level, Limits(seconds=4), strategy)
    assert result.status is Status.SOLVED and verify(level, result.solution).solved
    assert time.perf_counter() - started >= 1.5  # breadth first had its round (2 s)


def test_the_second_racer_restarts_with_a_forward_search_the_first_does_not_run():
    first, second = RACE.racers
    last = searches_of(second)[-1]
    assert not last.backward and last not in searches_of(first)


def _learns(buffers, own, boxes, player):
    """A racer's part: stores the pattern of ``boxes`` with the player's region
    ``{player}`` in its own segment."""
    store = shared_store(*buffers, own)
    region = np.zeros(store.regions.shape[1] * 64, dtype=np.int32)
    region[player] = 1
    add_pattern(store, np.array(boxes, dtype=np.int32), region, 1)


def test_racers_prune_by_the_patterns_the_others_learn():
    """The racers' stores share memory, a segment each: a pattern that one process adds
    is matched by another, and each adds to its own segment only."""
    level = parse_level(OPEN_ROOM)
    shared = portfolio._shared_patterns(context(), level, 2)[False]
    learner = context().Process(target=_learns, args=(shared, 1, [20, 21], 10))
    learner.start()
    learner.join()
    mine = shared_store(*shared, 0)
    assert mine.count.tolist() == [0, 1]
    box_at = np.full(mine.regions.shape[1] * 64, -1, dtype=np.int32)
    box_at[[20, 21, 30]] = 0, 1, 2
    assert matching_pattern(mine, box_at, 10) == MAX_PATTERNS  # segment 1's first row
    assert matching_pattern(mine, box_at, 11) == -1  # the player outside its region
    box_at[21] = -1
    assert matching_pattern(mine, box_at, 10) == -1  # a box of it missing
    _learns(shared, 0, [40], 12)
    assert mine.count.tolist() == [1, 1] and mine.boxes[0, :2].tolist() == [40, -1]
