"""The worker pool (parallel.pool): a worker that overruns is killed, the batch goes on."""

import os
import time

from sokosolve.io.files import Task
from sokosolve.level import parse_level
from sokosolve.limits import Limits
from sokosolve.parallel import pool
from sokosolve.result import Status
from sokosolve.search.presets import ONE_CORE
from sokosolve.solver import solve


def _never_returns(level, strategy, limits):
    time.sleep(3600)


def test_a_worker_that_overruns_is_killed_and_the_batch_goes_on(monkeypatch):
    monkeypatch.setattr(pool, "solve", _never_returns)
    monkeypatch.setattr(pool, "KILL_MARGIN", 0.5)
    level = parse_level("#####\n#@$.#\n#####")
    tasks = [Task("x", i, level) for i in (1, 2)]
    started = time.perf_counter()
    results = list(pool.solve_tasks(tasks, ONE_CORE, Limits(seconds=0.5), jobs=2))
    assert time.perf_counter() - started < 10
    assert [r.status for _, r in results] == [Status.TIMEOUT, Status.TIMEOUT]
    assert "killed" in results[0][1].error


def _faulty(level, strategy, limits):
    """Dies on a level of two boxes, never returns on one of three."""
    if len(level.boxes) == 2:
        os._exit(7)
    if len(level.boxes) == 3:
        time.sleep(3600)
    return solve(level, strategy, limits)


def test_a_solving_process_is_replaced_when_its_level_kills_it_or_overruns(monkeypatch):
    """The long-lived process of a Dask worker: a level that kills it is an error, one
    that overruns a timeout, and the next level is solved by a fresh process."""
    monkeypatch.setattr(pool, "solve", _faulty)
    monkeypatch.setattr(pool, "KILL_MARGIN", 0.5)
    one = parse_level("#####\n#@$.#\n#####")
    two = parse_level("######\n#@$$..#\n######")
    three = parse_level("#########\n#@$$$...#\n#########")
    process = pool.SolvingProcess(ONE_CORE, Limits(seconds=0.5))
    try:
        died = process.solve(Task("x", 1, two))
        assert died.status is Status.ERROR and "exit code 7" in died.error
        assert process.solve(Task("x", 2, one)).solution == "R"
        overran = process.solve(Task("x", 3, three))
        assert overran.status is Status.TIMEOUT and "killed" in overran.error
        assert process.solve(Task("x", 4, one)).solution == "R"
    finally:
        process.close()
