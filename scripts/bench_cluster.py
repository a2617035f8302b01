"""Batches on Dask against the local pool, and the Dask scheduler's cost per task.

    python scripts/bench_cluster.py ../shared/levels/boxoban/unfiltered-test --timeout 10

Runs the CLI on the levels with ``-j 2`` and with ``--dask local -j 2`` (a
LocalCluster of 2 worker processes), alternated ``--rounds`` times, and prints the
levels a second of each and their ratio (whole commands: the cluster's start and
stop count); then the same from Python once each side is started and warm (the
rate a long batch runs at); then times ``--tasks`` empty tasks through a LocalCluster
of 2 workers, the scheduler's cost per task.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time


def _empty(i: int) -> int:
    return i


def overhead_per_task(tasks: int) -> float:
    """Seconds a task costs on a LocalCluster of 2 workers, measured on empty tasks."""
    import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        client.gather(client.map(_empty, range(100), pure=False))  # connections made
        started = time.perf_counter()
        client.gather(client.map(_empty, range(tasks), pure=False))
        return (time.perf_counter() - started) / tasks


def steady_rates(paths: list[str], timeout: float, jobs: int) -> tuple[float, float]:
    """Levels a second of the local pool and of a local Dask cluster, each started and
    warm before the clock starts."""
    from sokosolve.io.files import level_files, read_tasks
    from sokosolve.limits import Limits
    from sokosolve.parallel.cluster import dask_client, solve_on_cluster
    from sokosolve.parallel.pool import solve_tasks
    from sokosolve.search.presets import ONE_CORE
    from sokosolve.solver import warm_up

    tasks = [t for f in level_files(paths) for t in read_tasks(f)]
    limits = Limits(seconds=timeout)
    warm_up()
    started = time.perf_counter()
    list(solve_tasks(tasks, ONE_CORE, limits, jobs))
    pool = len(tasks) / (time.perf_counter() - started)
    with dask_client("local", jobs) as client:
        list(solve_on_cluster(tasks[:4 * jobs], ONE_CORE, limits, client))  # warm
        started = time.perf_counter()
        list(solve_on_cluster(tasks, ONE_CORE, limits, client))
        dask = len(tasks) / (time.perf_counter() - started)
    return pool, dask


def run_batch(paths: list[str], timeout: float, jobs: int, extra: list[str]
              ) -> tuple[int, int, float]:
    """(solved, levels, seconds) of one CLI run, compiling and starting included."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "sokosolve", *paths, "--format", "json", "-q",
         "--timeout", str(timeout), "-j", str(jobs), *extra],
        capture_output=True, text=True, check=False,
    )
    seconds = time.perf_counter() - started
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    return sum(r["status"] == "solved" for r in rows), len(rows), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tasks", type=int, default=2000)
    args = parser.parse_args()
    configurations = {"pool": [], "dask": ["--dask", "local"]}
    rates: dict[str, list[float]] = {name: [] for name in configurations}
    for round_ in range(1, args.rounds + 1):
        for name, extra in configurations.items():
            solved, levels, seconds = run_batch(args.paths, args.timeout, args.jobs, extra)
            rates[name].append(levels / seconds)
            print(f"round {round_} {name}: {solved}/{levels} solved in {seconds:.1f} s, "
                  f"{levels / seconds:.1f} levels/s", flush=True)
    pool, dask = (statistics.median(rates[name]) for name in ("pool", "dask"))
    print(f"median levels/s: pool {pool:.1f}, dask {dask:.1f}, dask / pool {dask / pool:.2f}")
    pool, dask = steady_rates(args.paths, args.timeout, args.jobs)
    print(f"started and warm, levels/s: pool {pool:.1f}, dask {dask:.1f}, "
          f"dask / pool {dask / pool:.2f}")
    print(f"scheduler's cost per task: {overhead_per_task(args.tasks) * 1000:.2f} ms "
          f"({args.tasks} empty tasks, 2 workers)")


if __name__ == "__main__":
    main()
