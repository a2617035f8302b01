"""Search speed A/B: one strategy at a fixed state cap in two checkouts, alternated.

    python scripts/bench_capped.py BASE NEW ../shared/levels/xsokoban/xsokoban_90.xsb \\
        --strategy features-boxes --levels 31,35,77,88 --max-states 2000000

At a state cap and no time limit that could be reached, a change that only makes the
search faster must expand, generate and store the same states and find the same
solution: each level runs in ``BASE`` and ``NEW`` (checkouts, ``git worktree add``,
each with its own numba cache), one after the other, the order swapped on every
level, ``--repeats`` times. It prints each side's counts (marking levels where they
differ), its least seconds of the repeats, and the ratio of the totals.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

#: Run in each checkout: one level, its counts and seconds as JSON.
PROBE = """
import hashlib, json, sys, time
from sokosolve.io.files import load_levels
from sokosolve.limits import Limits
from sokosolve.solver import solve
path, index, strategy, cap = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
level = load_levels(path)[index - 1]
started = time.perf_counter()
result = solve(level, strategy, Limits(1e6, cap))
print(json.dumps({"status": result.status.value, "expanded": result.expanded,
                  "generated": result.generated, "states": result.states,
                  "solution": hashlib.md5((result.solution or "").encode()).hexdigest()[:8],
                  "seconds": time.perf_counter() - started}))
"""


def probe(checkout: Path, collection: Path, index: int, strategy: str, cap: int) -> dict:
    """One level in ``checkout``, imported from its own directory."""
    done = subprocess.run([sys.executable, "-c", PROBE, str(collection.resolve()), str(index),
                           strategy, str(cap)], capture_output=True, text=True, cwd=checkout,
                          env=dict(os.environ, PYTHONPATH=str(checkout.resolve())), check=True)
    return json.loads(done.stdout.splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("collection", type=Path)
    parser.add_argument("--strategy", default="features-boxes")
    parser.add_argument("--levels", required=True, help="1-based numbers: 3,7,12")
    parser.add_argument("--max-states", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args(argv)
    totals = {"base": 0.0, "new": 0.0}
    differ = 0
    for k, index in enumerate(int(x) for x in args.levels.split(",")):
        best: dict[str, dict] = {}
        for r in range(args.repeats):
            sides = [("base", args.base), ("new", args.new)]
            if (k + r) % 2:
                sides.reverse()
            for side, checkout in sides:
                got = probe(checkout, args.collection, index, args.strategy, args.max_states)
                if side not in best or got["seconds"] < best[side]["seconds"]:
                    best[side] = got
        base, new = best["base"], best["new"]
        same = all(base[key] == new[key] for key in ("status", "expanded", "generated",
                                                      "states", "solution"))
        differ += not same
        for side in ("base", "new"):
            totals[side] += best[side]["seconds"]
        counts = (f"{base['status']} expanded {base['expanded']} generated "
                  f"{base['generated']} states {base['states']}")
        if not same:
            counts += (f" | new: {new['status']} expanded {new['expanded']} generated "
                       f"{new['generated']} states {new['states']} DIFFERENT")
        print(f"{index}: {counts}  base {base['seconds']:.2f}s  new {new['seconds']:.2f}s",
              flush=True)
    print(f"base {totals['base']:.1f} s, new {totals['new']:.1f} s, new/base "
          f"{totals['new'] / totals['base']:.2f}; levels whose counts differ: {differ}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
