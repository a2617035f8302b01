"""The worker pool (parallel.pool): a worker that overruns is killed, the batch goes on."""

import time

from sokosolve.io.files import Task
from sokosolve.level import parse_level
from sokosolve.limits import Limits
from sokosolve.parallel import pool
from sokosolve.result import Status
from sokosolve.search.presets import ONE_CORE


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
