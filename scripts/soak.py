"""Soak test: every level of every shared collection through the CLI, every answer checked.

For each collection the script runs ``sokosolve PATHS --format json`` as users do (a
batch on the worker pool), then reads the levels itself and checks the output: one
record per level, every solution replayed by :func:`sokosolve.replay.verify`, no
``unsolvable`` (every shared level but those of :data:`KNOWN_UNSOLVABLE` has a
solution), no ``error``, no traceback on
standard error. It also replays the reference solutions of Microban I and II through
``sokosolve verify``. It prints one row per collection and exits 1 on any failure.

    PYTHONPATH=. python scripts/soak.py                     # everything, 1 s a level
    PYTHONPATH=. python scripts/soak.py --only microban --timeout 2
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from sokosolve import cli
from sokosolve.io.files import level_files, load_levels
from sokosolve.level import LevelError
from sokosolve.replay import verify

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "levels"
#: Name -> paths under the shared levels (the reference-solution folder holds levels
#: under levels/ and LURD files elsewhere).
COLLECTIONS = {
    "boxoban-medium": ["boxoban/medium-valid"],
    "boxoban-hard": ["boxoban/hard"],
    "boxoban-unfiltered": ["boxoban/unfiltered-test"],
    "microban": ["microban"],
    "microban-reference-levels": ["microban-solutions-martin-t/levels"],
    "sasquatch": ["sasquatch"],
    "xsokoban": ["xsokoban/xsokoban_90.xsb", "xsokoban/bonus/screen.91"],
}
#: Shared levels that have no solution, and why (checked by hand): an "unsolvable" for
#: them is the right answer.
KNOWN_UNSOLVABLE = {
    "xsokoban/bonus/screen.91": "the box at row 7, column 11 is off the goals with walls "
                                "above, below and on its left: it can never move",
}
_STATUSES = ("solved", "timeout", "limit", "unsolvable", "error")


def soak_collection(paths: list[str], timeout: float, jobs: int) -> tuple[dict, list[str]]:
    """Runs the CLI over ``paths`` and checks every record: (counts, problems found)."""
    levels = {(f, i): level for f in level_files(paths)
              for i, level in enumerate(load_levels(f), start=1)}
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as out:
        began = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "sokosolve", *paths, "--format", "json", "--timeout",
             str(timeout), "-j", str(jobs), "-q", "-o", out.name],
            capture_output=True, text=True)
        wall = time.perf_counter() - began
        lines = Path(out.name).read_text().splitlines()
    problems = []
    if done.returncode not in (0, 1) or "Traceback" in done.stderr:
        problems.append(f"exit {done.returncode}: {done.stderr.strip()[-500:]}")
    counts: Counter[str] = Counter()
    seen: Counter[tuple[str, int]] = Counter()
    for line in lines:
        record = json.loads(line)
        key = (record["file"], record["index"])
        seen[key] += 1
        counts[record["status"]] += 1
        level = levels.get(key)
        where = f"{key[0]} level {key[1]}"
        if level is None or isinstance(level, LevelError):
            problems.append(f"{where}: a record for no readable level ({record['status']})")
        elif record["status"] == "solved":
            replay = verify(level, record["solution"])
            if not replay.solved or replay.moves != record["moves"]:
                counts["wrong"] += 1
                problems.append(f"{where}: a wrong solution ({replay.error})")
        elif record["status"] == "unsolvable" and _relative(key[0]) in KNOWN_UNSOLVABLE:
            continue
        elif record["status"] in ("unsolvable", "error"):
            problems.append(f"{where}: {record['status']} {record['error'] or ''}".rstrip())
    for key in levels:
        if seen[key] != 1:
            counts["missing" if not seen[key] else "repeated"] += 1
            problems.append(f"{key[0]} level {key[1]}: {seen[key]} records")
    counts["levels"], counts["wall"] = len(levels), round(wall)
    return counts, problems


def _relative(path: str) -> str:
    return Path(path).resolve().relative_to(SHARED.resolve()).as_posix()


def soak_reference_solutions(folder: Path) -> tuple[int, list[str]]:
    """``sokosolve verify`` on each reference solution: (solutions checked, problems)."""
    problems, checked = [], 0
    runner = CliRunner()
    for solution_file in sorted(folder.glob("solutions-*/*/*.txt")):
        level_file = folder / "levels" / solution_file.parent.name / solution_file.name
        lurd = solution_file.read_text().splitlines()[0]
        done = runner.invoke(cli.main, ["verify", str(level_file), lurd])
        checked += 1
        if done.exit_code != 0 or not done.stdout.startswith("solved"):
            problems.append(f"{solution_file}: verify exit {done.exit_code}: "
                            f"{(done.stdout + done.stderr).strip()[:200]}")
    return checked, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=1.0, help="seconds a level")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", choices=list(COLLECTIONS), default=None)
    args = parser.parse_args(argv)
    names = args.only or list(COLLECTIONS)
    problems = []
    print(f"| collection | levels | {' | '.join(_STATUSES)} | wrong | missing or repeated "
          f"| wall s |")
    print("|" + " --- |" * (len(_STATUSES) + 5))
    for name in names:
        counts, found = soak_collection([str(SHARED / p) for p in COLLECTIONS[name]],
                                        args.timeout, args.jobs)
        problems += found
        cells = " | ".join(str(counts[s]) for s in _STATUSES)
        print(f"| {name} | {counts['levels']} | {cells} | {counts['wrong']} | "
              f"{counts['missing'] + counts['repeated']} | {counts['wall']} |", flush=True)
    if args.only is None:
        checked, found = soak_reference_solutions(SHARED / "microban-solutions-martin-t")
        problems += found
        print(f"\nreference solutions verified through the CLI: {checked - len(found)}"
              f"/{checked}")
    for problem in problems:
        print(f"PROBLEM {problem}")
    print(f"\n{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
