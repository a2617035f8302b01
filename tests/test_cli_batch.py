"""The command line on directories and collections: records, formats, resume, Ctrl-C."""

import csv
import json
import os
import signal
import subprocess
import sys
import time

from sokosolve.io.files import read_tasks
from sokosolve.replay import verify

from .conftest import PUZZLES, STUCK


def run(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "sokosolve", *args], capture_output=True,
                          text=True, timeout=300, **kwargs)


def make_directory(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "good.xsb").write_text((PUZZLES / "first-steps.xsb").read_text())
    (tmp_path / "sub" / "set.sok").write_text((PUZZLES / "collection.sok").read_text())
    (tmp_path / "broken.xsb").write_text("#####\n#@$X#\n#.  #\n#####\n")
    (tmp_path / "none.txt").write_text((PUZZLES / "no-way-out.xsb").read_text())
    (tmp_path / "stuck.xsb").write_text(STUCK)
    (tmp_path / "notes.md").write_text("not a level file, not read")
    return tmp_path


def records_of(text):
    rows = map(json.loads, text.splitlines())
    return {(os.path.basename(r["file"]), r["index"]): r for r in rows}


def test_a_directory_gives_one_correct_record_per_level(tmp_path):
    make_directory(tmp_path)
    done = run(str(tmp_path), "--format", "json", "--timeout", "2", "-j", "2")
    assert done.returncode == 1
    records = records_of(done.stdout)
    assert {k: r["status"] for k, r in records.items()} == {
        ("good.xsb", 1): "solved",
        ("set.sok", 1): "solved", ("set.sok", 2): "solved", ("set.sok", 3): "solved",
        ("broken.xsb", 1): "error",
        ("none.txt", 1): "unsolvable",
        ("stuck.xsb", 1): "timeout",
    }
    assert "unknown character 'X'" in records[("broken.xsb", 1)]["error"]
    assert records[("stuck.xsb", 1)]["seconds"] < 2.5
    for (name, _), r in records.items():
        if r["status"] == "solved":
            path = next(tmp_path.rglob(name))
            level = read_tasks(str(path))[r["index"] - 1].level
            assert verify(level, r["solution"]).solved
            assert (r["moves"], r["pushes"]) == (len(r["solution"]),
                                                 sum(c.isupper() for c in r["solution"]))
    assert "broken.xsb:2: unknown character" in done.stderr


def test_csv_and_sok_formats(tmp_path):
    csv_out = run(str(PUZZLES / "collection.sok"), "--format", "csv")
    lines = csv_out.stdout.splitlines()
    assert lines[0] == ("file,index,title,status,moves,pushes,box_lines,box_changes,"
                        "pushing_sessions,player_lines,seconds,states,solution,error,id,optimal")
    assert len(lines) == 4
    sok = run(str(PUZZLES / "collection.sok"), "--format", "sok").stdout
    again = tmp_path / "again.sok"
    again.write_text(sok)
    reread = read_tasks(str(again))
    assert [t.level.title for t in reread] == ["Two steps", "Around the pillar", "Swap"]
    solutions = [line for line in sok.splitlines() if line and set(line) <= set("lurdLURD")]
    assert all(verify(t.level, s).solved for t, s in zip(reread, solutions, strict=True))


def test_output_file_and_resume_skip_solved_levels(tmp_path):
    out = tmp_path / "results.jsonl"
    first = run(str(PUZZLES), "--format", "json", "-o", str(out), "--quiet")
    assert first.returncode == 1 and first.stdout == "" and first.stderr == ""
    before = records_of(out.read_text())
    assert len(before) == 10  # 7 single-level files and a collection of 3
    second = run(str(PUZZLES), "--format", "json", "-o", str(out), "--resume", str(out))
    assert "9 skipped as solved before" in second.stderr
    after = out.read_text().splitlines()
    assert len(after) == 11  # only the unsolvable level was tried again
    assert json.loads(after[-1])["status"] == "unsolvable"


def test_resume_appends_to_an_older_csv_in_its_own_columns(tmp_path):
    """A file written before the id and optimal columns existed keeps one header: the
    rows appended to it have its columns, and the run says what it left out."""
    out = tmp_path / "results.csv"
    first = run(str(PUZZLES), "--format", "csv", "-o", str(out), "--quiet")
    assert first.returncode == 1
    rows = list(csv.DictReader(out.read_text().splitlines()))
    old = [c for c in rows[0] if c not in ("id", "optimal")]
    dropped = rows[-1]  # an older run that stopped before its last level
    with out.open("w", newline="") as older:
        writer = csv.DictWriter(older, fieldnames=old, extrasaction="ignore",
                                lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows[:-1])
    second = run(str(PUZZLES), "--format", "csv", "-o", str(out), "--resume", str(out))
    assert "left out: id, optimal" in second.stderr
    lines = out.read_text().splitlines()
    assert lines[0] == ",".join(old)
    again = list(csv.reader(lines))
    assert all(len(row) == len(old) for row in again)
    new = [dict(zip(old, row, strict=True)) for row in again[len(rows):]]
    assert (dropped["file"], dropped["index"]) in {(row["file"], row["index"]) for row in new}
    for row in new:
        level = read_tasks(row["file"])[int(row["index"]) - 1].level
        assert row["status"] != "solved" or verify(level, row["solution"]).solved


def test_json_output_pipes_into_a_reader():
    producer = subprocess.Popen([sys.executable, "-m", "sokosolve", str(PUZZLES), "--format",
                                 "json", "-q"], stdout=subprocess.PIPE)
    reader = subprocess.run(
        [sys.executable, "-c", "import json, sys; rows = [json.loads(l) for l in sys.stdin]; "
         "print(sum(r['status'] == 'solved' for r in rows), len(rows))"],
        stdin=producer.stdout, capture_output=True, text=True, timeout=300,
    )
    producer.wait(timeout=300)
    assert reader.stdout.split() == ["9", "10"]


def test_sigint_keeps_every_finished_level(tmp_path):
    for i in range(3):
        (tmp_path / f"stuck{i}.xsb").write_text(STUCK)
    (tmp_path / "a.xsb").write_text((PUZZLES / "first-steps.xsb").read_text())
    out = tmp_path / "results.csv"
    process = subprocess.Popen(
        [sys.executable, "-m", "sokosolve", str(tmp_path), "--format", "csv", "-o", str(out),
         "-j", "1", "--timeout", "60"], stderr=subprocess.PIPE, text=True,
        # A shell's background job starts with Ctrl-C ignored, and so would the CLI.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.time() + 120
    while time.time() < deadline and not (out.exists() and out.read_text().count("\n") >= 2):
        time.sleep(0.2)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    lines = out.read_text().splitlines()
    assert lines[0].startswith("file,index") and len(lines) == 2
    assert lines[1].split(",")[3] == "solved"
    assert "interrupted after 1 level(s): solved 1" in err
