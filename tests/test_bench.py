"""scripts/bench.py: it measures what the command line runs, and its switches reach every search."""

import os

from scripts.bench import main
from sokosolve.search.presets import ONE_CORE, RACE

from .conftest import searches_of


def test_bench_runs_the_command_lines_default_and_says_what_it_ran(capsys):
    main(["puzzles/first-steps.xsb", "--fill-repeats", "1", "--timeout", "20"])
    out = capsys.readouterr().out
    assert f"strategy: {RACE if (os.cpu_count() or 1) > 1 else ONE_CORE}\n" in out
    assert "solved 1/1" in out


def test_a_switch_reaches_every_search_of_the_strategy(capsys):
    main(["puzzles/first-steps.xsb", "--strategy", "one-core", "--no-pi-corrals",
          "--weight", "5", "--fill-repeats", "1"])
    strategy = capsys.readouterr().out.splitlines()[0]
    searches = searches_of(ONE_CORE)
    forward = sum(not s.backward for s in searches)
    assert forward >= 2 and len(searches) > forward
    assert strategy.count("-pi-corrals") == len(searches)
    assert strategy.count("w5") == forward  # the forward ones only
    assert strategy.count("w30") == len(searches) - forward
