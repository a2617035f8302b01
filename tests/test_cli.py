import json
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from sokosolve import cli
from sokosolve.io.files import load_levels
from sokosolve.replay import verify

from .conftest import PUZZLES, shared


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "sokosolve", *args], input=stdin, capture_output=True, text=True,
        timeout=300,
    )


def test_solves_a_shipped_puzzle_with_a_verified_solution():
    done = run(str(PUZZLES / "first-steps.xsb"))
    assert done.returncode == 0, done.stderr
    level = load_levels(PUZZLES / "first-steps.xsb")[0]
    assert verify(level, done.stdout.strip()).solved
    assert done.stderr.startswith("sokosolve: finished 1 level(s): solved 1 in ")


def test_standard_input_pipes_into_verify():
    text = (PUZZLES / "storeroom.xsb").read_text()
    solved = run("-", stdin=text)
    assert solved.returncode == 0
    checked = run("verify", str(PUZZLES / "storeroom.xsb"), "-", stdin=solved.stdout)
    assert checked.returncode == 0 and checked.stdout.startswith("solved")


def test_collection_gives_one_line_per_level_and_json_records():
    lines = run(str(PUZZLES / "collection.sok")).stdout.splitlines()
    levels = load_levels(PUZZLES / "collection.sok")
    assert len(lines) == len(levels) == 3
    assert all(verify(lv, line).solved for lv, line in zip(levels, lines, strict=True))
    done = run(str(PUZZLES / "collection.sok"), "--format", "json", "--optimal", "pushes")
    records = [json.loads(line) for line in done.stdout.splitlines()]
    records.sort(key=lambda r: r["index"])
    assert [r["title"] for r in records] == ["Two steps", "Around the pillar", "Swap"]
    assert all(r["status"] == "solved" and r["pushes"] > 0 for r in records)


def test_unsolvable_level_exits_one_with_its_status():
    done = run(str(PUZZLES / "no-way-out.xsb"), "--format", "csv")
    assert done.returncode == 1
    assert done.stdout.splitlines()[1].split(",")[3] == "unsolvable"
    assert "unsolvable" in done.stderr


@pytest.mark.parametrize(
    "content, message",
    [("#####\n#@$ #\n#####\n", "1 box but 0 goals"), ("", "no level found")],
)
def test_bad_input_is_one_line_and_exit_two(tmp_path, content, message):
    path = tmp_path / "bad.xsb"
    path.write_text(content)
    done = run(str(path))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and message in done.stderr and "bad.xsb" in done.stderr
    assert done.stdout.strip() == ""  # lurd keeps one (here empty) line per level


def test_missing_file_is_exit_two():
    done = run("no-such-file.xsb")
    assert done.returncode == 2
    assert "no-such-file.xsb" in done.stderr and "Traceback" not in done.stderr


def test_a_state_cap_beyond_the_engine_is_refused():
    done = run(str(PUZZLES / "first-steps.xsb"), "--max-states", str(2**28))
    assert done.returncode == 2 and "--max-states" in done.stderr


def test_memory_counts_the_fixed_tables_of_each_racing_process():
    puzzle = str(PUZZLES / "first-steps.xsb")
    alone = run(puzzle, "--memory", "40", "-j", "1")  # 36 MB fixed, the rest for states
    assert alone.returncode == 0, alone.stderr
    raced = run(puzzle, "--memory", "40", "-j", "2")  # two racers: 72 MB fixed
    assert raced.returncode == 2 and "--memory" in raced.stderr and "Traceback" not in raced.stderr


def test_verify_reports_the_first_illegal_step():
    done = run("verify", str(PUZZLES / "first-steps.xsb"), "uuu")
    assert done.returncode == 1 and "step 3: 'u' walks into a wall" in done.stdout
    assert run("verify", str(PUZZLES / "first-steps.xsb"), "lluRurr").returncode == 1
    assert run("verify", str(PUZZLES / "first-steps.xsb"), "2luRu2rD").returncode == 0


def test_verify_takes_a_solution_longer_than_a_file_name_may_be():
    # 426 letters: longer than the 255 bytes a file name may have, which made the
    # check for a solution file raise "File name too long".
    reference = shared("microban-solutions-martin-t")
    solution = (reference / "solutions-pushes/microban1/112.txt").read_text().splitlines()[0]
    assert len(solution) > 255
    done = run("verify", str(reference / "levels/microban1/112.txt"), solution)
    assert done.returncode == 0 and done.stdout.startswith("solved"), done.stderr
    wrong = run("verify", str(PUZZLES / "first-steps.xsb"), "l" * 400)
    assert wrong.returncode == 1 and "step 3: 'l' walks into a wall" in wrong.stdout
    assert "Traceback" not in done.stderr + wrong.stderr


def test_verify_help_gives_its_own_exit_codes():
    text = run("verify", "--help").stdout
    assert "0  the solution solves the level" in text
    assert "130" not in text and "every finished level" not in text


def test_a_first_run_that_compiles_says_so_and_keeps_it_out_of_the_level_times(monkeypatch):
    monkeypatch.setattr(cli, "COMPILE_NOTICE_AFTER", 0.2)
    monkeypatch.setattr(cli, "warm_up", lambda: time.sleep(0.6))  # as a compile would
    done = CliRunner().invoke(cli.main, [str(PUZZLES / "first-steps.xsb"), "--format", "json",
                                         "-j", "1"])
    assert done.exit_code == 0, done.output
    assert done.stderr.count("compiling the solver, first run only") == 1
    assert json.loads(done.stdout)["seconds"] < 0.5
    summary = done.stderr.splitlines()[-1]
    assert "compiling the solver)" in summary
    assert float(summary.split(" in ")[1].split()[0]) < 0.5  # the solving, not the compile


def test_a_warm_start_says_nothing_of_compiling():
    done = run(str(PUZZLES / "first-steps.xsb"))
    assert "compiling" not in done.stderr


def test_help_and_version():
    assert "Exit codes" in run("--help").stdout
    assert "sokosolve" in run("--version").stdout
    assert "--timeout" in run("solve", "--help").stdout


def test_optimize_prints_a_shorter_solution_and_says_what_it_gained():
    level = load_levels(PUZZLES / "first-steps.xsb")[0]
    solved = run(str(PUZZLES / "first-steps.xsb")).stdout.strip()
    detour = "lrlr" + solved
    done = run("optimize", str(PUZZLES / "first-steps.xsb"), detour, "--timeout", "5")
    assert done.returncode == 0, done.stderr
    replay = verify(level, done.stdout.strip())
    assert replay.solved and replay.moves <= len(solved) < len(detour)
    assert f"moves {len(detour)} -> {replay.moves}" in done.stderr
    for bad, message in (("rrrrrr", "solution: step"), ("x", "solution:"), ("", "solution:")):
        refused = run("optimize", str(PUZZLES / "first-steps.xsb"), bad)
        assert refused.returncode == 2 and message in refused.stderr
        assert refused.stdout == "" and len(refused.stderr.splitlines()) == 1


def test_optimal_moves_and_optimize_in_the_records():
    collection = str(PUZZLES / "collection.sok")
    levels = load_levels(PUZZLES / "collection.sok")
    plain = run(collection, "--format", "json", "-j", "1")
    proved = run(collection, "--format", "json", "--optimal", "moves")
    shortened = run(collection, "--format", "json", "--optimize", "2", "--metric", "moves")
    by_index = {}
    for name, done in (("plain", plain), ("proved", proved), ("shortened", shortened)):
        assert done.returncode == 0, done.stderr
        for record in map(json.loads, done.stdout.splitlines()):
            level = levels[record["index"] - 1]
            assert verify(level, record["solution"]).moves == record["moves"]
            by_index.setdefault(record["index"], {})[name] = record
    for records in by_index.values():
        assert records["proved"]["optimal"] == "moves/pushes"
        assert records["plain"]["optimal"] is None
        assert (records["proved"]["moves"] <= records["shortened"]["moves"]
                <= records["plain"]["moves"])


@pytest.mark.parametrize(("end", "code", "said"), [
    (SystemExit(None), 0, ""), (SystemExit(3), 3, ""), (SystemExit("no level"), 1, "no level\n")])
def test_the_program_exits_with_the_code_of_its_command(monkeypatch, capsys, end, code, said):
    def command():
        print("written before the exit")
        raise end

    def leave(status):
        raise RuntimeError(status)

    monkeypatch.setattr(cli, "main", command)
    monkeypatch.setattr(cli.os, "_exit", leave)
    monkeypatch.setattr(cli.atexit, "_run_exitfuncs", lambda: print("exit handlers run"))
    with pytest.raises(RuntimeError) as exited:
        cli.run()
    assert exited.value.args == (code,)
    out, err = capsys.readouterr()
    assert out == "written before the exit\nexit handlers run\n" and err == said
