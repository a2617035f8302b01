"""Batch throughput: the same levels solved by the CLI with -j 1 and -j 2, in one run.

    python scripts/bench_batch.py ../shared/levels/boxoban/unfiltered-test --timeout 10

Prints levels per second for each job count and the ratio between them.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    rates = {}
    for jobs in args.jobs:
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "sokosolve", *args.paths, "--format", "json", "-q",
             "--timeout", str(args.timeout), "-j", str(jobs)],
            capture_output=True, text=True, check=False,
        )
        seconds = time.perf_counter() - started
        rows = [json.loads(line) for line in done.stdout.splitlines()]
        solved = sum(r["status"] == "solved" for r in rows)
        rates[jobs] = len(rows) / seconds
        print(f"-j {jobs}: {solved}/{len(rows)} solved in {seconds:.1f} s, "
              f"{rates[jobs]:.1f} levels/s (exit {done.returncode})")
    base = args.jobs[0]
    for jobs in args.jobs[1:]:
        print(f"ratio -j {jobs} / -j {base}: {rates[jobs] / rates[base]:.2f}x")


if __name__ == "__main__":
    main()
