"""Strength A/B: the CLI's default search in two checkouts, alternated level by level.

    python scripts/bench_ab.py BASE NEW ../shared/levels/xsokoban/xsokoban_90.xsb \\
        --timeout 30 --out ab-xsokoban.jsonl

``BASE`` and ``NEW`` are checkouts of the project (``git worktree add``), each
run as ``python -m sokosolve - --format json`` from its own directory, so each
imports its own package and keeps its own numba cache. Each level goes to
both, one after the other, the order swapped on every level so that the
machine's noise hits both alike; every solution printed is replayed here
against the level. It writes one JSON record per run and prints, per side:
levels solved, wall seconds in all, the levels not solved, and the stored
states per second on the levels both solve.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from sokosolve.io.files import load_levels
from sokosolve.replay import verify


def level_numbers(text: str, total: int) -> list[int]:
    """``1-10,15`` as 1-based level numbers; all ``total`` levels when ``text`` is empty."""
    if not text:
        return list(range(1, total + 1))
    chosen = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        chosen.extend(range(int(first), int(last or first) + 1))
    return chosen


def run_level(checkout: Path, text: str, timeout: float, jobs: int) -> dict:
    """One level through the CLI of ``checkout``: its JSON record, with the wall time."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "sokosolve", "-", "--format", "json", "-q",
         "--timeout", str(timeout), "-j", str(jobs)],
        input=text, capture_output=True, text=True, cwd=checkout,
        timeout=timeout * 3 + 120,
    )
    wall = time.perf_counter() - started
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    record = json.loads(lines[-1]) if lines else {"status": "error", "error": done.stderr[-300:]}
    record["wall"] = round(wall, 3)
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("collection", type=Path)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--levels", default="", help="1-based numbers, e.g. 1-10,15")
    parser.add_argument("--out", type=Path, help="append the records here (JSON lines)")
    args = parser.parse_args(argv)
    levels = load_levels(args.collection)
    chosen = level_numbers(args.levels, len(levels))
    sides = {"base": args.base.resolve(), "new": args.new.resolve()}
    records: dict[str, dict[int, dict]] = {name: {} for name in sides}
    out = args.out.open("a") if args.out else None
    for k, number in enumerate(chosen):
        level = levels[number - 1]
        order = list(sides) if k % 2 == 0 else list(sides)[::-1]
        for name in order:
            record = run_level(sides[name], level.to_xsb() + "\n", args.timeout, args.jobs)
            if record["status"] == "solved" and not verify(level, record["solution"]).solved:
                record["status"] = "wrong"  # the worst bug: never count it as solved
            record.update(side=name, level=number, collection=args.collection.name)
            records[name][number] = record
            if out:
                out.write(json.dumps(record) + "\n")
                out.flush()
        print(f"{number}: " + "  ".join(
            f"{name} {records[name][number]['status']} {records[name][number]['wall']:.1f}s"
            for name in sides), flush=True)
    both = [n for n in chosen if all(records[s][n]["status"] == "solved" for s in sides)]
    for name in sides:
        got = records[name]
        solved = [n for n in chosen if got[n]["status"] == "solved"]
        rates = [got[n]["states"] / got[n]["seconds"] for n in both
                 if got[n].get("seconds") and got[n].get("states")]
        wall = sum(r["wall"] for r in got.values())
        print(f"{name}: solved {len(solved)}/{len(chosen)}, wall {wall:.0f} s, "
              f"median stored states/s on the {len(both)} both solve "
              f"{statistics.median(rates) if rates else 0:.0f}, "
              f"wrong {sum(r['status'] == 'wrong' for r in got.values())}")
        print(f"  not solved: {' '.join(str(n) for n in chosen if n not in solved) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
