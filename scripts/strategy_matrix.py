"""Each strategy alone on each level, one core apiece, and portfolios played out on the table.

    python scripts/strategy_matrix.py run ../shared/levels/xsokoban/xsokoban_90.xsb \\
        --levels 16,28,40 --strategies meet-mixed,features-dive,features-boxes:3 \\
        --timeout 15 --jobs 2 --out matrix.jsonl
    python scripts/strategy_matrix.py play matrix.jsonl --seconds 30 --lead 0.5 \\
        --portfolio meet-mixed,meet-boxes,features-phases-boxes,features-dive

``run`` solves every chosen level with every strategy (a preset, an experiment of
``scripts/experiments.py``, or either with ``:SEED`` for its seeded form) in a process of
its own, ``--jobs`` at a time, every solution replayed, and appends one JSON record per
run. ``play`` reads such records and plays out the race that
:func:`sokosolve.search.spec.portfolio` makes of the strategies named (dealt to
``--cores`` racers in turn, the first of each with ``--lead`` of its time): a level counts
as solved at the first moment a strategy's recorded time fits in its slot, and a strategy
that ended undecided early leaves the rest of its slot to the next, as in the race. It
prints the levels solved and the wall time in all. The play-out is a model: alone on a
core, a strategy shares no learned patterns or perimeter with the other racer.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.bench_ab import level_numbers  # noqa: E402
from scripts.experiments import EXPERIMENTS  # noqa: E402
from sokosolve.io.files import load_levels  # noqa: E402
from sokosolve.limits import Limits  # noqa: E402
from sokosolve.replay import verify  # noqa: E402
from sokosolve.search.presets import PRESETS, seeded  # noqa: E402
from sokosolve.search.spec import Then, portfolio  # noqa: E402
from sokosolve.solver import solve, warm_up  # noqa: E402


def strategy(name: str):
    """The strategy ``name`` stands for: ``NAME`` or ``NAME:SEED``."""
    base, _, seed = name.partition(":")
    found = PRESETS.get(base) or EXPERIMENTS.get(base)
    if found is None:
        raise SystemExit(f"strategy_matrix: unknown strategy {base!r}")
    return seeded(found, int(seed)) if seed else found


def _one(job: tuple[str, int, str, float]) -> dict:
    collection, number, name, seconds = job
    level = load_levels(collection)[number - 1]
    warm_up()  # as the race does before its racers start
    started = time.perf_counter()
    result = solve(level, strategy(name), Limits(seconds=seconds))
    took = time.perf_counter() - started
    solved = bool(result.solution) and verify(level, result.solution).solved
    if result.solution and not solved:
        raise SystemExit(f"strategy_matrix: {name} gave a wrong solution on level {number}")
    return {"collection": Path(collection).name, "level": number, "strategy": name,
            "solved": solved, "status": result.status.value, "seconds": round(took, 2)}


def run(args: argparse.Namespace) -> None:
    total = len(load_levels(args.collection))
    names = args.strategies.split(",")
    for name in names:
        strategy(name)
    jobs = [(str(args.collection), number, name, args.timeout)
            for number in level_numbers(args.levels, total) for name in names]
    with multiprocessing.get_context("spawn").Pool(args.jobs, maxtasksperchild=1) as pool, \
            open(args.out, "a") as out:
        for record in pool.imap_unordered(_one, jobs):
            out.write(json.dumps(record) + "\n")
            out.flush()
            mark = f"{record['seconds']:.1f}s" if record["solved"] else "-"
            print(record["level"], record["strategy"], mark, flush=True)


def play(args: argparse.Namespace) -> None:
    table: dict[tuple[str, int], dict[str, tuple[float, str]]] = {}
    for line in Path(args.matrix).read_text().splitlines():
        record = json.loads(line)
        times = table.setdefault((record["collection"], record["level"]), {})
        status = record.get("status", "solved" if record["solved"] else "timeout")
        times[record["strategy"]] = (record["seconds"], status)
    names = [name.strip() for name in args.portfolio.split(",")]
    race = portfolio(tuple(strategy(name) for name in names), args.cores, args.lead)
    named = {str(strategy(name)): name for name in names}
    solved, wall = 0, 0.0
    for (collection, number), times in sorted(table.items()):
        ends = [solved_at(racer, named, times, args.seconds) for racer in race.racers]
        end = min((e for e in ends if e is not None), default=None)
        solved += end is not None
        wall += args.seconds if end is None else end
        print(f"{collection} {number}: {'-' if end is None else f'{end:.1f}s'}")
    print(f"solved {solved}/{len(table)}, wall {wall:.0f} s")


def solved_at(racer, named: dict[str, str], times: dict[str, tuple[float, str]],
              seconds: float) -> float | None:
    """When ``racer`` (a chain of :class:`Then`) solves the level in ``seconds``, on the
    table's ``(seconds, status)`` by strategy name, or None. A strategy that ended
    undecided before its slot's end (a state limit, say) leaves the rest of its slot to the
    next, as in the race.

    >>> a, b = strategy("features-dive"), strategy("features-boxes:3")
    >>> racer = Then(a, 0.5, b)
    >>> names = {str(a): "dive", str(b): "boxes"}
    >>> solved_at(racer, names, {"dive": (20.0, "solved"), "boxes": (4.0, "solved")}, 30.0)
    19.0
    >>> solved_at(racer, names, {"dive": (2.0, "limit"), "boxes": (4.0, "solved")}, 30.0)
    6.0
    """
    clock = 0.0
    while True:
        first, share = (racer.first, racer.share) if isinstance(racer, Then) else (racer, 1.0)
        if str(first) not in named or named[str(first)] not in times:
            raise SystemExit(f"strategy_matrix: no record of {first}")
        slot = (seconds - clock) * share
        took, status = times[named[str(first)]]
        if took <= slot and status == "solved":
            return clock + took
        if not isinstance(racer, Then) or (took <= slot and status == "unsolvable"):
            return None
        clock += took if took < slot and status != "timeout" else slot
        racer = racer.rest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    runs = commands.add_parser("run")
    runs.add_argument("collection", type=Path)
    runs.add_argument("--levels", default="")
    runs.add_argument("--strategies", required=True)
    runs.add_argument("--timeout", type=float, default=15.0)
    runs.add_argument("--jobs", type=int, default=1)
    runs.add_argument("--out", required=True)
    plays = commands.add_parser("play")
    plays.add_argument("matrix")
    plays.add_argument("--portfolio", required=True)
    plays.add_argument("--seconds", type=float, default=30.0)
    plays.add_argument("--cores", type=int, default=2)
    plays.add_argument("--lead", type=float, default=0.0)
    args = parser.parse_args()
    run(args) if args.command == "run" else play(args)


if __name__ == "__main__":
    main()
