"""Faults in batches: the parent killed, terminated or interrupted mid-batch, workers killed.

Each run starts the CLI in a session of its own, so that every process it starts can be
found afterwards (they share its session id) and shown to be gone.
"""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sokosolve.io.files import Task, level_files, read_tasks
from sokosolve.level import parse_level
from sokosolve.limits import Limits
from sokosolve.parallel import pool
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.search.presets import GREEDY
from sokosolve.solver import solve

from .conftest import PUZZLES, STUCK

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="finds the CLI's processes in /proc")


def session_processes(session: int) -> list[int]:
    """The live processes of ``session``, from /proc (zombies are dead already)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def children_of(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(c) for c in path.read_text().split()] if path.exists() else []


def wait_until(condition, seconds: float = 60.0) -> None:
    deadline = time.time() + seconds
    while not condition():
        assert time.time() < deadline, "timed out waiting"
        time.sleep(0.1)


def make_batch(directory: Path, stuck: int = 4) -> Path:
    """Easy levels and levels that run into the time limit, mixed, in one directory."""
    collection = (PUZZLES / "collection.sok").read_text()
    directory.mkdir()
    for i in range(stuck):
        (directory / f"{i}-easy.sok").write_text(collection)
        (directory / f"{i}-stuck.xsb").write_text(STUCK)
    return directory


def start(directory: Path, out: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "sokosolve", str(directory), "--format", "json", "-o", str(out),
         "-j", "2", "--timeout", "2", *args],
        stderr=subprocess.PIPE, text=True, start_new_session=True,
        # A background job starts with Ctrl-C ignored, and so would the CLI.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def records(out: Path) -> list[dict]:
    """Every line of ``out``, each a whole record (this fails on a cut or garbled one)."""
    text = out.read_text()
    assert text == "" or text.endswith("\n"), "the last record is cut short"
    return [json.loads(line) for line in text.splitlines()]


def level_count(directory: Path) -> int:
    return sum(len(read_tasks(str(f))) for f in level_files([str(directory)]))


@pytest.mark.parametrize("stopped_by, code", [(signal.SIGKILL, -9), (signal.SIGTERM, 143),
                                              (signal.SIGINT, 130)])
def test_a_batch_stopped_midway_leaves_whole_records_no_workers_and_resumes(tmp_path, stopped_by,
                                                                          code):
    levels = make_batch(tmp_path / "levels")
    out = tmp_path / "results.jsonl"
    process = start(levels, out)
    wait_until(lambda: out.exists() and out.read_text().count("\n") >= 4)
    assert len(session_processes(process.pid)) == 3  # the parent and its two workers
    process.send_signal(stopped_by)
    _, err = process.communicate(timeout=60)
    assert process.returncode == code
    if stopped_by != signal.SIGKILL:
        assert " after " in err and "level(s)" in err and "Traceback" not in err
    wait_until(lambda: not session_processes(process.pid), seconds=1)
    before = records(out)
    assert 4 <= len(before) < level_count(levels)

    resumed = start(levels, out, "--resume", str(out))
    _, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 1, err  # the stuck levels time out
    after = records(out)
    assert after[:len(before)] == before  # appended to, never rewritten
    keys = [(r["file"], r["index"]) for r in after]
    solved = [k for k, r in zip(keys, after, strict=True) if r["status"] == "solved"]
    assert len(solved) == len(set(solved))  # no level solved twice
    assert len(set(keys)) == level_count(levels)  # and none lost
    assert {r["status"] for r in after} == {"solved", "timeout"}
    for r in after:
        if r["status"] == "solved":
            level = read_tasks(r["file"])[r["index"] - 1].level
            assert verify(level, r["solution"]).solved


def test_resume_drops_a_record_cut_short_and_appends_whole_ones(tmp_path):
    levels = tmp_path / "levels"
    levels.mkdir()
    (levels / "set.sok").write_text((PUZZLES / "collection.sok").read_text())
    out = tmp_path / "results.jsonl"
    first = subprocess.run([sys.executable, "-m", "sokosolve", str(levels), "--format", "json",
                            "-o", str(out), "-q"], capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    whole = out.read_text().splitlines(keepends=True)
    out.write_text("".join(whole[:2]) + whole[2][:25])  # killed while writing the third
    again = start(levels, out, "--resume", str(out))
    _, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    assert "2 skipped as solved before" in err
    assert records(out)[:2] == [json.loads(line) for line in whole[:2]]
    assert len(records(out)) == 3


def test_a_worker_killed_mid_level_is_reported_and_replaced(tmp_path):
    # What the out-of-memory killer does to a worker: SIGKILL, from outside.
    levels = make_batch(tmp_path / "levels", stuck=3)
    out = tmp_path / "results.jsonl"
    process = start(levels, out, "--timeout", "4")
    wait_until(lambda: out.exists() and out.read_text().count("\n") >= 1)
    os.kill(children_of(process.pid)[0], signal.SIGKILL)  # busy: the batch has 12 s to go
    _, err = process.communicate(timeout=300)
    assert "Traceback" not in err
    found = records(out)
    assert len({(r["file"], r["index"]) for r in found}) == len(found) == level_count(levels)
    killed = [r for r in found if r["status"] == "error"]
    assert len(killed) == 1 and "the worker died: killed by SIGKILL" in killed[0]["error"]
    assert sum(r["status"] == "solved" for r in found) >= 3 * 3 - 1  # the new worker went on


def _kills_itself_on_the_second(level, strategy, limits):
    if len(level.boxes) == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return solve(level, strategy, limits)


def test_a_worker_that_dies_is_reported_as_an_error_and_the_batch_goes_on(monkeypatch):
    monkeypatch.setattr(pool, "solve", _kills_itself_on_the_second)
    one = parse_level("#####\n#@$.#\n#####")
    two = parse_level("######\n#@$ .#\n# $ .#\n######")
    tasks = [Task("x", i, level) for i, level in enumerate([one, two, one, one, one], 1)]
    results = dict((task.index, result) for task, result in
                   pool.solve_tasks(tasks, GREEDY, Limits(seconds=10), jobs=1))
    assert sorted(results) == [1, 2, 3, 4, 5]
    assert results[2].status is Status.ERROR
    assert results[2].error == ("the worker died: killed by SIGKILL "
                                "(by the out-of-memory killer, or by hand)")
    assert all(results[i].status is Status.SOLVED for i in (1, 3, 4, 5))


@pytest.mark.parametrize("stopped_by, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_single_level_solved_in_this_process_stops_cleanly(tmp_path, stopped_by, code):
    # A signal raised inside the jitted search could not get out of it: a SystemError.
    (tmp_path / "stuck.xsb").write_text(STUCK)
    out = tmp_path / "out.jsonl"
    process = start(tmp_path / "stuck.xsb", out, "-j", "1", "--timeout", "60")
    time.sleep(3)  # well into the search
    began = time.time()
    process.send_signal(stopped_by)
    _, err = process.communicate(timeout=60)
    assert process.returncode == code and time.time() - began < 5
    assert "Traceback" not in err and "after 0 level(s)" in err
    assert records(out) == []


def test_ctrl_c_ends_a_solve_from_python_with_a_keyboard_interrupt(tmp_path):
    script = ("import sokosolve; from tests.conftest import STUCK; print('solving', flush=True);"
              "sokosolve.solve(sokosolve.parse_level(STUCK), limits=sokosolve.Limits(60))")
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               cwd=Path(__file__).resolve().parent.parent,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert process.stdout.readline() == "solving\n"
    time.sleep(2)  # into the search
    began = time.time()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert time.time() - began < 5
    assert err.rstrip().endswith("KeyboardInterrupt") and "SystemError" not in err
