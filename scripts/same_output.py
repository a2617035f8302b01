"""Does a change keep the solver's output? Records it at a fixed state cap, then compares.

    python scripts/same_output.py record before.jsonl      # in a checkout of the old commit
    python scripts/same_output.py record after.jsonl
    python scripts/same_output.py compare before.jsonl after.jsonl

``record`` solves the shipped puzzles and all of Microban I (from ``../shared``)
through the command line, in this process: the default search on one core
(``-j 1``) and ``--optimal pushes``, at ``--max-states`` (default 200,000) and
no time limit that could be reached. It also runs ``sokosolve.solve(level)``, the
Python default, and the greedy search by name. Each record keeps the status,
the LURD solution and the counts of expanded, generated and stored states.

A meeting of searches balances its turns by the clock, so two runs of the same
code can differ. ``record`` replaces that clock with one that advances a
microsecond per state expanded: the turns then depend on the states alone,
and two runs of the same code give the same bytes.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import tempfile
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MICROBAN = ROOT.parent / "shared" / "levels" / "microban" / "microban1_155.txt"
#: Seconds that no run here reaches.
NO_TIME_LIMIT = 1e6
KEPT = ("status", "solution", "moves", "pushes", "expanded", "generated", "states")


def _steady_meeting_clock() -> None:
    """The meeting's turns timed by states expanded, not by seconds (either layout)."""
    try:
        meet = importlib.import_module("sokosolve.search.meet")
        kernels = importlib.import_module("sokosolve.kernels.loop")
    except ImportError:  # before the sub-packages
        meet = importlib.import_module("sokosolve.bidirectional")
        kernels = importlib.import_module("sokosolve.search")
    clock = [0.0]
    real_run = kernels.run_search

    def expanded(state) -> int:
        return int(kernels.search_counts(state)[0])

    def run_search(state, *args):
        before = expanded(state)
        code, state = real_run(state, *args)
        clock[0] += (expanded(state) - before) * 1e-6
        return code, state

    kernels.run_search = run_search
    meet.time = types.SimpleNamespace(perf_counter=lambda: clock[0])


def _cli(args: list[str]) -> list[dict]:
    """The json records of ``sokosolve ARGS``, run in this process."""
    from sokosolve.cli import main

    with tempfile.NamedTemporaryFile(suffix=".jsonl") as out:
        try:
            main([*args, "--format", "json", "-o", out.name, "-q"], standalone_mode=False)
        except SystemExit:
            pass
        return [json.loads(line) for line in Path(out.name).read_text().splitlines()]


def record(path: Path, max_states: int) -> None:
    import sokosolve

    _steady_meeting_clock()
    files = [*sorted((ROOT / "puzzles").iterdir()), MICROBAN]
    limits = sokosolve.Limits(seconds=NO_TIME_LIMIT, max_states=max_states)
    greedy = "greedy" if "greedy" in getattr(sokosolve, "PRESETS", ()) else "fast"
    with path.open("w") as out:
        for file in files:
            runs = {"cli -j 1": ["-j", "1"], "cli --optimal pushes": ["-j", "1", "--optimal",
                                                                      "pushes"]}
            for name, args in runs.items():
                for r in _cli([str(file), *args, "--timeout", str(NO_TIME_LIMIT),
                               "--max-states", str(max_states)]):
                    row = {"run": name, "file": file.name, "index": r["index"],
                           **{k: r.get(k) for k in KEPT if k in r}}
                    out.write(json.dumps(row) + "\n")
            for index, level in enumerate(sokosolve.load_levels(file), 1):
                for name, mode in (("api default", None), ("api greedy", greedy)):
                    result = (sokosolve.solve(level, limits=limits) if mode is None
                              else sokosolve.solve(level, mode, limits))
                    row = {"run": name, "file": file.name, "index": index,
                           "status": result.status.value,
                           **{k: getattr(result, k) for k in KEPT[1:]}}
                    out.write(json.dumps(row) + "\n")
            print(f"recorded {file.name}", file=sys.stderr)


def compare(before: Path, after: Path, changed: set[str]) -> int:
    """Prints every difference; runs in ``changed`` are expected to differ and only counted."""
    def rows(path: Path) -> dict[tuple, dict]:
        return {(r["run"], r["file"], r["index"]): r
                for r in map(json.loads, path.read_text().splitlines())}

    old, new = rows(before), rows(after)
    differ = 0
    for key in sorted(old.keys() | new.keys()):
        if old.get(key) == new.get(key):
            continue
        if key[0] in changed:
            continue
        differ += 1
        print(f"{key}: {old.get(key)} -> {new.get(key)}")
    for run in sorted(changed):
        n = sum(old.get(k) != new.get(k) for k in old.keys() | new.keys() if k[0] == run)
        print(f"{run}: {n} records differ (expected)")
    same = sum(old.get(k) == new.get(k) for k in old.keys() | new.keys())
    print(f"{same} records identical, {differ} differ unexpectedly")
    return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record")
    rec.add_argument("output", type=Path)
    rec.add_argument("--max-states", type=int, default=200_000)
    cmp = commands.add_parser("compare")
    cmp.add_argument("before", type=Path)
    cmp.add_argument("after", type=Path)
    cmp.add_argument("--changed", action="append", default=[],
                     help="a run expected to differ (e.g. 'api default'); repeatable")
    args = parser.parse_args()
    if args.command == "record":
        record(args.output, args.max_states)
    else:
        sys.exit(compare(args.before, args.after, set(args.changed)))


if __name__ == "__main__":
    main()
