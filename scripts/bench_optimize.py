"""The optimizer on a collection's solutions: moves and pushes before and after it, and
against reference push counts; every optimized solution is replayed.

    python -m sokosolve COLLECTION --timeout 30 --format json -o solved.jsonl
    python scripts/bench_optimize.py COLLECTION solved.jsonl --metric pushes --seconds 10 \\
        --reference ../shared/levels/microban-solutions-martin-t/summary_pushes.tsv \\
        --reference-set microban1

The solutions are those of the CLI's default search (the first command); the
optimization runs on one core, a level at a time.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from scripts.bench import collection_levels, read_reference
from sokosolve.optimizer import optimize
from sokosolve.replay import verify
from sokosolve.solver import warm_up


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collection", type=Path)
    parser.add_argument("results", type=Path, help="the CLI's json records of the collection")
    parser.add_argument("--metric", choices=["moves", "pushes"], default="moves")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--reference", type=Path, help="summary TSV of reference push counts")
    parser.add_argument("--reference-set", default=None, help="set name in the TSV")
    parser.add_argument("--out", type=Path, help="per-level TSV")
    args = parser.parse_args(argv)
    levels = collection_levels(args.collection)
    reference = read_reference(args.reference) if args.reference else {}
    warm_up()
    rows, totals = [], {"before": [0, 0], "after": [0, 0], "seconds": 0.0, "complete": 0}
    referenced = {"before": 0, "after": 0, "reference": 0, "levels": 0, "equal": 0}
    for line in args.results.read_text().splitlines():
        record = json.loads(line)
        if record["status"] != "solved":
            continue
        level = levels[record["index"] - 1]
        started = time.perf_counter()
        better = optimize(level, record["solution"], args.metric, args.seconds)
        seconds = time.perf_counter() - started
        replay = verify(level, better.solution)
        assert replay.solved and (replay.moves, replay.pushes) == (better.moves, better.pushes)
        totals["before"][0] += record["moves"]
        totals["before"][1] += record["pushes"]
        totals["after"][0] += better.moves
        totals["after"][1] += better.pushes
        totals["seconds"] += seconds
        totals["complete"] += better.complete
        known = reference.get((args.reference_set, record["index"]))
        if known is not None:
            referenced["levels"] += 1
            referenced["before"] += record["pushes"]
            referenced["after"] += better.pushes
            referenced["reference"] += known
            referenced["equal"] += better.pushes == known
        rows.append((record["index"], record["moves"], record["pushes"], better.moves,
                     better.pushes, known, better.complete, round(seconds, 2)))
        print(*rows[-1], sep="\t", flush=True)
    (moves, pushes), (new_moves, new_pushes) = totals["before"], totals["after"]
    print(f"{len(rows)} solutions optimized ({args.metric}, {args.seconds:g} s each): "
          f"moves {moves} -> {new_moves} ({new_moves / moves:.3f}), pushes {pushes} -> "
          f"{new_pushes} ({new_pushes / pushes:.3f}); {totals['complete']} complete; "
          f"{totals['seconds']:.0f} s in all")
    if referenced["levels"]:
        r = referenced
        print(f"on the {r['levels']} with a reference: pushes {r['before']} -> {r['after']}, "
              f"reference {r['reference']} (after/reference {r['after'] / r['reference']:.3f}); "
              f"equal to the reference on {r['equal']}")
    if args.out:
        header = "level\tmoves\tpushes\tnew_moves\tnew_pushes\treference_pushes\tcomplete\tseconds"
        args.out.write_text(header + "\n" + "\n".join(
            "\t".join("" if v is None else str(v) for v in row) for row in rows) + "\n")


if __name__ == "__main__":
    main()
