"""Benchmark the solver on level collections; every solution is replayed.

    python scripts/bench.py ../shared/levels/microban/microban1_155.txt --timeout 10
    python scripts/bench.py ../shared/levels/boxoban/unfiltered-test --timeout 10
    python scripts/bench.py COLLECTION --optimal pushes --reference SUMMARY.tsv
    python scripts/bench.py ../shared/levels/xsokoban/xsokoban_90.xsb --strategy bfs --timeout 5

Per collection it prints solved/total, median and total seconds, and states
expanded and generated per second of search. It also times the jitted
scanline fill against a plain Python BFS flood fill on the same boards, in
the same run, and prints the ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import deque
from dataclasses import replace
from pathlib import Path

import numpy as np

from scripts.experiments import EXPERIMENTS
from sokosolve.analysis.board import Board
from sokosolve.batch import default_strategy, limits_within
from sokosolve.io.files import level_files, load_levels
from sokosolve.kernels.reach import scanline_fill
from sokosolve.level import Level, LevelError
from sokosolve.parallel.race import race
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.search.presets import PRESETS
from sokosolve.search.spec import Order, Race, each_search, switched
from sokosolve.solver import solve, warm_up


def collection_levels(path: Path) -> list[Level]:
    levels = [lv for f in level_files([str(path)]) for lv in load_levels(f)]
    bad = [lv for lv in levels if isinstance(lv, LevelError)]
    if bad:
        sys.exit(f"bench: {bad[0]}")
    return levels


def python_flood(occupied: np.ndarray, offsets: list[int], start: int) -> int:
    """The plain baseline: BFS over squares with a Python set; returns the smallest square."""
    seen = {start}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for o in offsets:
            t = s + o
            if not occupied[t] and t not in seen:
                seen.add(t)
                queue.append(t)
    return min(seen)


def fill_ratio(levels: list[Level], repeats: int) -> tuple[float, float]:
    """Fills per second of the scanline kernel and of the Python flood, on the start states."""
    boards = [Board.from_level(lv) for lv in levels]
    prepared = []
    for b in boards:
        occupied = b.walls.copy()
        occupied[b.boxes] = 1
        marks = np.zeros(b.walls.size, dtype=np.int32)
        stack = np.empty(2 * b.walls.size + 4, dtype=np.int64)
        prepared.append((b, occupied, marks, stack, [int(o) for o in b.offsets]))
    b, occupied, marks, stack, _ = prepared[0]
    scanline_fill(occupied, b.width, b.player, marks, 1, stack)  # compile outside timing
    started = time.perf_counter()
    stamp = 1
    for _ in range(repeats):
        for b, occupied, marks, stack, _ in prepared:
            stamp += 1
            scanline_fill(occupied, b.width, b.player, marks, stamp, stack)
    jit_rate = repeats * len(prepared) / (time.perf_counter() - started)
    python_repeats = max(1, repeats // 50)
    started = time.perf_counter()
    for _ in range(python_repeats):
        for b, occupied, _, _, offsets in prepared:
            python_flood(occupied, offsets, b.player)
    python_rate = python_repeats * len(prepared) / (time.perf_counter() - started)
    return jit_rate, python_rate


def read_reference(path: Path) -> dict[int, int]:
    """Level number -> reference pushes, from a summary TSV (set, level, moves, pushes, lurd)."""
    out = {}
    for line in path.read_text().splitlines()[1:]:
        parts = line.split("\t")
        out[(parts[0], int(parts[1]))] = int(parts[3])
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collections", nargs="+", type=Path)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--optimal", choices=["pushes", "moves"], default=None)
    parser.add_argument("--strategy", choices=sorted([*PRESETS, *EXPERIMENTS]), default=None,
                        help="a strategy of sokosolve.search.presets.PRESETS or "
                        "scripts/experiments.py (default: what the command line runs on one "
                        "level: the race on several cores, else one-core; with --optimal, pushes)")
    parser.add_argument("--weight", type=int, default=None,
                        help="the weight on the lower bound of every forward greedy or feature "
                        "search (default: each search's own)")
    parser.add_argument("--max-states", type=int, default=None,
                        help="stored states per level, shared by racers (default: what "
                        "the command line's default 2048 MB allows)")
    parser.add_argument("--sample", type=int, default=0, help="only every k-th level (k chosen "
                        "so that about this many are solved)")
    parser.add_argument("--no-pi-corrals", action="store_true", help="search without PI-corral "
                        "pruning (more states generated per second, more states to search)")
    parser.add_argument("--no-dead-corrals", action="store_true",
                        help="search without the corral deadlock test")
    parser.add_argument("--no-frozen-goals", action="store_true",
                        help="bounds blind to boxes frozen on goals "
                             "(sokosolve.kernels.frozen_goals)")
    parser.add_argument("--no-dead-pairs", action="store_true",
                        help="search without the table of dead box pairs "
                             "(sokosolve.kernels.dead_pairs)")
    parser.add_argument("--no-packing-plan", action="store_true",
                        help="the feature space counts all boxes on goals as packed, not by "
                             "the plan of sokosolve.analysis.packing_plan")
    parser.add_argument("--levels", default=None, help="only these level numbers: 3,7,12")
    parser.add_argument("--reference", type=Path, help="summary TSV of reference push counts")
    parser.add_argument("--reference-set", default=None, help="set name in the TSV (microban1)")
    parser.add_argument("--fill-repeats", type=int, default=0,
                        help="also time the scanline fill against a Python one, this many "
                             "fills a level (0: not)")
    parser.add_argument("--list-unsolved", action="store_true")
    parser.add_argument("--slowest", type=int, default=0,
                        help="list this many of the slowest solved levels, with their seconds")
    args = parser.parse_args(argv)
    strategy = (EXPERIMENTS.get(args.strategy) or PRESETS[args.strategy] if args.strategy
                else default_strategy(1, os.cpu_count() or 1, args.optimal))
    strategy = switched(strategy, pi_corrals=not args.no_pi_corrals,
                        dead_corrals=not args.no_dead_corrals,
                        frozen_goals=not args.no_frozen_goals,
                        dead_pairs=not args.no_dead_pairs,
                        packing_plan=not args.no_packing_plan)
    if args.weight is not None:
        strategy = each_search(strategy, lambda s: s if s.backward or s.order not in (
            Order.GREEDY, Order.FEATURES) else replace(s, weight=args.weight))
    limits = limits_within(strategy, args.timeout, 2048 << 20, args.max_states)
    print(f"strategy: {strategy}")
    reference = read_reference(args.reference) if args.reference else {}

    # Compile (or load the cache) before any timing.
    warm_up()

    for path in args.collections:
        levels = collection_levels(path)
        numbered = list(enumerate(levels, start=1))
        if args.levels:
            wanted = {int(k) for k in args.levels.split(",")}
            numbered = [(k, lv) for k, lv in numbered if k in wanted]
        if args.sample and len(numbered) > args.sample:
            numbered = numbered[:: len(numbered) // args.sample][: args.sample]
        seconds, expanded, generated, search_seconds, dead = [], 0, 0, 0.0, 0
        learned = pruned = 0
        solved = worse = equal = better = 0
        statuses: dict[str, int] = {}
        unsolved = []
        solved_seconds = []
        for number, level in numbered:
            result = (race(level, limits, strategy) if isinstance(strategy, Race)
                      else solve(level, strategy, limits))
            seconds.append(result.seconds)
            expanded += result.expanded
            generated += result.generated
            dead += result.dead_corrals
            learned += result.learned
            pruned += result.pruned
            search_seconds += result.seconds
            statuses[result.status.value] = statuses.get(result.status.value, 0) + 1
            if result.status is Status.SOLVED:
                if not verify(level, result.solution).solved:
                    sys.exit(f"bench: INVALID solution for {path} level {number}")
                solved += 1
                solved_seconds.append((result.seconds, number))
                ref = reference.get((args.reference_set, number))
                if ref is not None:
                    if result.pushes > ref:
                        worse += 1
                        print(f"  level {number}: {result.pushes} pushes, reference {ref}")
                    elif result.pushes == ref:
                        equal += 1
                    else:
                        better += 1
            else:
                unsolved.append(f"{number}:{result.status.value}")
        print(f"{path}: solved {solved}/{len(numbered)}  statuses {statuses}")
        print(f"  seconds per level: median {statistics.median(seconds):.3f}, "
              f"total {sum(seconds):.1f}")
        print(f"  states per second: expanded {expanded / search_seconds:,.0f}, "
              f"generated {generated / search_seconds:,.0f}; corral deadlocks {dead:,}")
        print(f"  learned deadlocks: {learned:,} states proved dead, {pruned:,} pruned")
        if reference:
            print(f"  against the reference: fewer pushes {better}, equal {equal}, more {worse}")
        if args.list_unsolved and unsolved:
            print("  not solved: " + " ".join(unsolved))
        if args.slowest and solved_seconds:
            slowest = sorted(solved_seconds, reverse=True)[: args.slowest]
            print("  slowest solved: " + " ".join(f"{k}:{s:.1f}s" for s, k in slowest))
        if args.fill_repeats:
            jit_rate, python_rate = fill_ratio([lv for _, lv in numbered], args.fill_repeats)
            print(f"  fill: scanline {jit_rate:,.0f}/s, python BFS {python_rate:,.0f}/s, "
                  f"ratio {jit_rate / python_rate:.1f}x")


if __name__ == "__main__":
    main()
