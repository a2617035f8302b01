"""How far solutions keep the packing plan's order: per solved level, the plan's orderings
(goal g filled after goal h) that the solution breaks.

    sokosolve ../shared/levels/xsokoban/xsokoban_90.xsb --format json -q -o found.jsonl
    python scripts/plan_agreement.py ../shared/levels/xsokoban/xsokoban_90.xsb found.jsonl

RECORDS are json lines with ``index`` (from 1) and ``solution``, as the command line
and ``scripts/bench_ab.py`` write them (``--side new`` picks one side of the latter). A
goal counts as filled from the push after which it stays boxed to the end; an ordering
is broken where the goal planned later is filled for good before the one planned first.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from sokosolve.analysis.board import Board
from sokosolve.analysis.packing_plan import packing_plan
from sokosolve.io.files import load_levels
from sokosolve.level import Level
from sokosolve.replay import positions


def broken_orderings(level: Level, solution: str) -> tuple[int, int]:
    """``(broken, orderings)``: the plan's orderings that ``solution`` breaks, of all."""
    board = Board.from_level(level)
    orders = [(board.to_level_square(goal), board.to_level_square(first))
              for goal, after in packing_plan(board) for first in after]
    filled_from = dict.fromkeys(level.goals, 0)
    for step, position in enumerate(positions(level, solution, per_push=True)):
        for goal in level.goals - position.boxes:
            filled_from[goal] = step + 1
    return sum(filled_from[goal] < filled_from[first] for goal, first in orders), len(orders)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collection", type=Path)
    parser.add_argument("records", type=Path)
    parser.add_argument("--side", default=None, help="only records of this bench_ab side")
    args = parser.parse_args()
    levels = load_levels(args.collection)
    breaking = broken_total = orders_total = solved = 0
    for line in args.records.read_text().splitlines():
        record = json.loads(line)
        if record.get("solution") is None or (args.side and record.get("side") != args.side):
            continue
        number = record.get("level", record.get("index"))
        broken, orders = broken_orderings(levels[number - 1], record["solution"])
        print(f"{number}: {broken}/{orders} orderings broken")
        solved += 1
        breaking += broken > 0
        broken_total += broken
        orders_total += orders
    print(f"{solved} solved levels: {breaking} break some ordering of the plan; "
          f"{broken_total}/{orders_total} orderings broken in all")


if __name__ == "__main__":
    main()
