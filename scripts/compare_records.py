"""Two json records files of the same levels side by side: solved, proved optimal, and the
total moves and pushes on the levels both solved.

    python -m sokosolve ../shared/levels/microban/microban1_155.txt --optimal moves \\
        --timeout 60 --format json -o moves.jsonl
    python -m sokosolve ../shared/levels/microban/microban1_155.txt --optimal pushes \\
        --timeout 60 --format json -o pushes.jsonl
    python scripts/compare_records.py moves.jsonl pushes.jsonl
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def records(path: Path) -> dict[tuple[str, int], dict]:
    found = {}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        found[(record["file"], record["index"])] = record
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs=2)
    args = parser.parse_args(argv)
    runs = [records(path) for path in args.files]
    both = [key for key in runs[0] if all(run.get(key, {}).get("status") == "solved"
                                          for run in runs)]
    for path, run in zip(args.files, runs, strict=True):
        solved = [r for r in run.values() if r["status"] == "solved"]
        proved: dict[str, int] = {}
        for r in solved:
            proved[r["optimal"] or "nothing"] = proved.get(r["optimal"] or "nothing", 0) + 1
        seconds = sorted(r["seconds"] for r in solved)
        print(f"{path}: solved {len(solved)}/{len(run)}, proved "
              + ", ".join(f"{k} {v}" for k, v in sorted(proved.items()))
              + f"; on the {len(both)} both solved: moves "
              f"{sum(run[k]['moves'] for k in both)}, pushes {sum(run[k]['pushes'] for k in both)}"
              + (f"; median {seconds[len(seconds) // 2]:.2f} s" if seconds else ""))


if __name__ == "__main__":
    main()
