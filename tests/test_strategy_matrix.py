"""scripts/strategy_matrix.py: the table of strategies by level, and races played out on it."""

import json
import subprocess
import sys

from scripts.strategy_matrix import solved_at, strategy
from sokosolve.search.spec import portfolio

NAMES = ("meet-mixed", "meet-boxes", "features-phases-boxes", "features-dive",
         "features-boxes:3", "features-out-of-plan:3")


def test_a_race_is_played_out_slot_by_slot_as_the_portfolio_schedules_it():
    race = portfolio(tuple(strategy(name) for name in NAMES), lead=0.5)
    named = {str(strategy(name)): name for name in NAMES}
    one, two = race.racers  # one: meet-mixed 15 s, then two restarts of 7.5 s each
    times = dict.fromkeys(NAMES, (15.0, "timeout"))
    assert solved_at(one, named, times, 30.0) is None
    times["features-phases-boxes"] = (7.0, "solved")
    assert solved_at(one, named, times, 30.0) == 22.0
    times["features-phases-boxes"], times["features-boxes:3"] = (8.0, "solved"), (1.0, "solved")
    assert solved_at(one, named, times, 30.0) == 23.5
    times["features-phases-boxes"] = (3.0, "limit")  # ended early: the next starts at 18 s
    assert solved_at(one, named, times, 30.0) == 18.0 + 1.0
    times["meet-mixed"] = (14.0, "solved")
    assert solved_at(one, named, times, 30.0) == 14.0
    times["features-dive"] = (2.0, "solved")  # core two's first restart, after 15 s
    assert solved_at(two, named, times, 30.0) == 17.0


def test_run_records_replayed_solutions_and_play_reads_them(tmp_path):
    table = tmp_path / "matrix.jsonl"
    command = [sys.executable, "scripts/strategy_matrix.py"]
    subprocess.run(command + ["run", "puzzles/first-steps.xsb", "--strategies",
                              "features-dive,features-boxes:3", "--timeout", "20",
                              "--out", str(table)], check=True, capture_output=True)
    records = [json.loads(line) for line in table.read_text().splitlines()]
    assert sorted(r["strategy"] for r in records) == ["features-boxes:3", "features-dive"]
    assert all(r["solved"] and r["status"] == "solved" and r["level"] == 1 for r in records)
    played = subprocess.run(command + ["play", str(table), "--portfolio",
                                       "features-dive,features-boxes:3"],
                            check=True, capture_output=True, text=True).stdout
    assert "solved 1/1" in played
