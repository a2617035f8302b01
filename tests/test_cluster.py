"""Batches on Dask (parallel.cluster), with real Dask parts: a LocalCluster of worker
processes, and a scheduler and workers started as separate processes, one killed mid-run.
Every level gets exactly one record, the same as the local pool gives it."""

import multiprocessing
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import dask
import distributed
import pytest

from sokosolve.batch import solve_many
from sokosolve.io.files import Task, read_tasks
from sokosolve.level import parse_level
from sokosolve.limits import Limits
from sokosolve.parallel import cluster, pool
from sokosolve.replay import verify
from sokosolve.result import Result, Status
from sokosolve.search.presets import ONE_CORE

from .conftest import PUZZLES, STUCK, shared
from .test_faults import make_batch, records, session_processes, start, wait_until


def boxoban_tasks(count: int) -> list[Task]:
    return read_tasks(str(shared("boxoban/hard/000.txt")))[:count]


@pytest.mark.parametrize("daemonic", [False, True], ids=["own-process", "worker-thread"])
def test_a_local_cluster_solves_each_level_once_as_the_local_pool_does(daemonic):
    """Non-daemonic workers solve a chunk in a process of their own, daemonic ones (a
    nanny's, by default) in their thread: the solutions are the pool's either way."""
    tasks = boxoban_tasks(20)
    limits = Limits(seconds=20)
    here = {(t.file, t.index): r for t, r in solve_many(tasks, ONE_CORE, limits, jobs=2)}
    with dask.config.set({"distributed.worker.daemon": daemonic}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                     dashboard_address=None) as local, \
            distributed.Client(local, set_as_default=False) as client:
        assert set(client.run(lambda: multiprocessing.current_process().daemon).values()) \
            == {daemonic}
        there = list(cluster.solve_on_cluster(tasks, ONE_CORE, limits, client, chunk_size=3))
    assert sorted((t.file, t.index) for t, _ in there) == sorted(here)
    for task, result in there:
        assert result.status is Status.SOLVED
        assert verify(task.level, result.solution).solved
        assert result.solution == here[(task.file, task.index)].solution


def _never_returns(level, strategy, limits):
    time.sleep(3600)


def test_a_search_that_overruns_on_a_worker_is_killed_and_reported_timeout(monkeypatch):
    """A worker in this process (threads, not processes, so the fault reaches it) forks
    the process that solves its chunk, and kills it at the limit plus the margin."""
    monkeypatch.setattr(pool, "solve", _never_returns)
    monkeypatch.setattr(pool, "KILL_MARGIN", 0.5)
    level = parse_level("#####\n#@$.#\n#####")
    tasks = [Task("x", i, level) for i in (1, 2, 3)]
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as local, \
            distributed.Client(local, set_as_default=False) as client:
        started = time.perf_counter()
        results = list(cluster.solve_on_cluster(tasks, ONE_CORE, Limits(seconds=0.5), client))
    assert time.perf_counter() - started < 30
    assert [r.status for _, r in results] == [Status.TIMEOUT] * 3
    assert all("killed" in r.error for _, r in results)


def _polls_only_the_stop_flag(level, strategy, limits, stop):
    while not stop[0]:
        time.sleep(0.01)
    return Result(Status.TIMEOUT)


def _chunk_in_a_daemon(tasks, limits, answers):
    answers.put([r.status for r in cluster.solve_chunk(tasks, ONE_CORE, limits)])


def test_a_daemonic_worker_stops_a_search_that_overruns_at_the_limit(monkeypatch):
    """A daemonic process may not fork one to kill: the stop flag, set at the limit plus
    the margin, ends a search that ignores its own clock."""
    monkeypatch.setattr(cluster, "solve", _polls_only_the_stop_flag)
    monkeypatch.setattr(cluster, "KILL_MARGIN", 0.3)
    tasks = [Task("x", 1, parse_level("#####\n#@$.#\n#####"))]
    starts = multiprocessing.get_context("fork")
    answers = starts.Queue()
    daemon = starts.Process(target=_chunk_in_a_daemon, args=(tasks, Limits(seconds=0.2), answers),
                            daemon=True)
    began = time.perf_counter()
    daemon.start()
    assert answers.get(timeout=60) == [Status.TIMEOUT]
    daemon.join(timeout=10)
    assert time.perf_counter() - began < 30


def test_the_command_line_on_a_local_cluster_writes_the_records_of_the_pool(tmp_path):
    out_here, out_there = tmp_path / "here.jsonl", tmp_path / "there.jsonl"
    for out, extra in ((out_here, ()), (out_there, ("--dask", "local"))):
        done = start(PUZZLES, out, "-q", *extra)
        _, err = done.communicate(timeout=300)
        assert done.returncode == 1, err  # one level is unsolvable
    here = {(r["file"], r["index"]): r for r in records(out_here)}
    there = records(out_there)
    assert len(there) == len(here)
    for record in there:
        same = here[(record["file"], record["index"])]
        assert (record["status"], record["solution"]) == (same["status"], same["solution"])


def test_ctrl_c_on_a_cluster_batch_keeps_every_finished_record_and_stops_the_cluster(
        tmp_path):
    levels = make_batch(tmp_path / "levels", stuck=6)
    out = tmp_path / "results.jsonl"
    process = start(levels, out, "--dask", "local")
    wait_until(lambda: out.exists() and out.read_text().count("\n") >= 3, seconds=120)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "interrupted after" in err and "Traceback" not in err
    wait_until(lambda: not session_processes(process.pid), seconds=30)
    finished = records(out)
    assert len(finished) >= 3
    assert len({(r["file"], r["index"]) for r in finished}) == len(finished)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.slow
def test_a_scheduler_and_workers_of_their_own_lose_no_level_when_a_worker_dies(tmp_path):
    """``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1; one worker is
    killed once records come in. Its chunks go to the other: every level, one record."""
    dask_command = str(Path(sys.executable).parent / "dask")
    address = f"tcp://127.0.0.1:{_free_port()}"
    host, port = address.removeprefix("tcp://").split(":")
    levels = make_batch(tmp_path / "levels", stuck=3)
    boxoban = shared("boxoban/hard/000.txt").read_text()
    (levels / "boxoban.txt").write_text(boxoban[:boxoban.index("; 40\n")])
    out = tmp_path / "results.jsonl"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen([dask_command, "scheduler", "--host", host, "--port", port,
                                  "--no-dashboard"], **quiet)
    workers = []
    try:
        workers = [subprocess.Popen([dask_command, "worker", address, "--nthreads", "1",
                                     "--no-nanny", "--no-dashboard"], **quiet)
                   for _ in range(2)]
        with distributed.Client(address, timeout=60, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=120)
        process = start(levels, out, "--dask", address, "-q")
        wait_until(lambda: out.exists() and out.read_text().count("\n") >= 1, seconds=180)
        workers[0].kill()
        _, err = process.communicate(timeout=600)
        assert process.returncode == 1, err  # the stuck levels time out
    finally:
        for part in (*workers, scheduler):
            part.kill()
            part.wait()
    finished = records(out)
    keys = [(r["file"], r["index"]) for r in finished]
    expected = {(t.file, t.index) for f in sorted(levels.iterdir())
                for t in read_tasks(str(f))}
    assert len(keys) == len(set(keys)) and set(keys) == expected
    assert {r["status"] for r in finished} == {"solved", "timeout"}
    for record in finished:
        if record["status"] == "solved":
            level = read_tasks(record["file"])[record["index"] - 1].level
            assert verify(level, record["solution"]).solved
        else:
            assert Path(record["file"]).read_text() == STUCK
