"""Are the limits honoured under load? --timeout, --memory and --max-states on hard levels.

Each run is the CLI as users run it, on a level it does not solve within the limit, in a
session of its own; the script samples the resident memory of every process of that
session (the command, its racers or workers) every 50 ms and reports the peak of their
sum. It prints one row per run:

- time: the level's reported seconds and the command's wall time against --timeout
  (the target: within 10%; the wall time also holds the start-up, about a second);
- memory: the peak resident memory against --memory plus the documented fixed
  overhead of each process (:data:`OVERHEAD_MB`: Python, numpy and the compiled engine);
- states: the reported states against --max-states.

    PYTHONPATH=. python scripts/bench_limits.py                 # all three, about 10 minutes
    PYTHONPATH=. python scripts/bench_limits.py --only time --timeout 5 10
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sokosolve.io.files import load_levels

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "levels"
#: Hard levels (collection, level number) that the solver does not solve in minutes.
HARD = [("sasquatch/sasquatch01_50.xsb", 25), ("sasquatch/sasquatch01_50.xsb", 47),
        ("xsokoban/xsokoban_90.xsb", 29)]
#: Resident memory of a process beyond its search memory, as the README states it.
OVERHEAD_MB = 210
_PAGE_KB = 4


def session_rss_mb(session: int) -> tuple[float, int]:
    """The resident memory of every live process of ``session``, summed, and their count."""
    total_kb = count = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(stat[3]) != session or stat[0] == "Z":
                continue
            total_kb += int((entry / "statm").read_text().split()[1]) * _PAGE_KB
        except (OSError, IndexError, ValueError):
            continue
        count += 1
    return total_kb / 1024, count


def run(level: tuple[str, int], *args: str) -> dict:
    """One CLI run on ``level``: its record, wall seconds, peak memory and process count."""
    path, number = level
    single = Path(tempfile.gettempdir()) / f"bench_limits_{Path(path).stem}_{number}.xsb"
    single.write_text(load_levels(SHARED / path)[number - 1].to_xsb())  # a single run
    command = [sys.executable, "-m", "sokosolve", str(single), "--format", "json", "-q", *args]
    began = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    peak, processes = 0.0, 0
    while process.poll() is None:
        rss, count = session_rss_mb(process.pid)
        peak, processes = max(peak, rss), max(processes, count)
        time.sleep(0.05)
    wall = time.perf_counter() - began
    out, err = process.communicate()
    record = json.loads(out.splitlines()[0]) if out.strip() else {"status": f"none: {err}"}
    return {"record": record, "wall": wall, "peak": peak, "processes": processes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["time", "memory", "states"], nargs="*",
                        default=["time", "memory", "states"])
    parser.add_argument("--timeout", type=float, nargs="*", default=[10.0, 30.0])
    parser.add_argument("--memory", type=int, nargs="*", default=[256, 1024])
    parser.add_argument("--max-states", type=int, nargs="*", default=[1_000_000, 5_000_000])
    args = parser.parse_args(argv)
    failures = 0
    print("| limit | level | -j | status | level s | wall s | peak MB | processes | bound "
          "| within |")
    print("| --- " * 10 + "|")
    for kind in args.only:
        for level in HARD:
            for jobs in ("1", "2"):
                if kind == "time":
                    runs = [(t, ["--timeout", str(t), "-j", jobs]) for t in args.timeout]
                elif kind == "memory":
                    runs = [(m, ["--memory", str(m), "--timeout", "600", "-j", jobs])
                            for m in args.memory]
                else:
                    runs = [(n, ["--max-states", str(n), "--timeout", "600", "-j", jobs])
                            for n in args.max_states]
                for limit, options in runs:
                    got = run(level, *options)
                    r = got["record"]
                    if kind == "time":
                        bound, value = 1.1 * limit, r.get("seconds", 0)
                        within = value <= bound and got["wall"] <= bound + 1.5
                    elif kind == "memory":
                        bound = limit + OVERHEAD_MB * got["processes"]
                        within = got["peak"] <= bound
                    else:
                        bound = limit
                        within = (r.get("states") or 0) <= limit
                    failures += not within
                    name = f"{Path(level[0]).stem} {level[1]}"
                    print(f"| {kind} {limit} | {name} | {jobs} | {r['status']} | "
                          f"{r.get('seconds', 0):.1f} | {got['wall']:.1f} | {got['peak']:.0f} | "
                          f"{got['processes']} | {bound:.0f} | {'yes' if within else 'NO'} |",
                          flush=True)
    print(f"\n{failures} run(s) outside their limit")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
