"""Time the solver on parts of one level: its goal areas alone, then two, three... together.

    python scripts/goal_areas.py ../shared/levels/sasquatch/sasquatch01_50.xsb --level 5

A part is a goal area (goals joined side by side) with the boxes that a
min-cost matching of boxes to goals sends there; the other areas' goals and
boxes are taken off the board. If the time grows by a large factor with each
area added while each area alone is quick, the level is hard for the search
because it is a product of nearly independent parts: the search keeps every
combination of each part's half-done positions. Every solution is replayed.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from itertools import combinations
from pathlib import Path

from sokosolve.analysis import area_commitment
from sokosolve.analysis.area_commitment import goal_area_ids
from sokosolve.analysis.board import Board
from sokosolve.io.files import load_levels
from sokosolve.level import Level, LevelError
from sokosolve.limits import Limits
from sokosolve.replay import verify
from sokosolve.search.presets import PRESETS
from sokosolve.search.spec import Race
from sokosolve.solver import solve, warm_up


def goal_areas(board: Board) -> list[frozenset[int]]:
    """The goals of ``board`` (as level squares) in groups joined side by side, largest
    first."""
    ids = goal_area_ids(board)
    areas = [frozenset(board.to_level_square(g) for g in board.goals if ids[g] == area)
             for area in range(ids.max() + 1)]
    return sorted(areas, key=lambda a: (-len(a), min(a)))


def matched_goals(board: Board) -> dict[int, int]:
    """Box square -> goal square (level squares), by the least total push distance."""
    return {board.to_level_square(box): board.to_level_square(board.goals[goal])
            for box, goal in zip(board.boxes, area_commitment.matched_goals(board), strict=True)}


def part(level: Level, areas: list[frozenset[int]], matching: dict[int, int]) -> Level:
    """``level`` with only the goals of ``areas`` and the boxes matched to them."""
    goals = frozenset().union(*areas)
    return replace(level, goals=goals,
                   boxes=frozenset(b for b, g in matching.items() if g in goals))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collection", type=Path)
    parser.add_argument("--level", type=int, required=True, help="its number, from 1")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--mode", choices=sorted(n for n, s in PRESETS.items()
                                               if not isinstance(s, Race)), default="meet-all")
    parser.add_argument("--combinations", type=int, default=1,
                        help="how many sets of areas to try per number of areas")
    args = parser.parse_args()
    level = load_levels(args.collection)[args.level - 1]
    if isinstance(level, LevelError):
        parser.error(str(level))
    board = Board.from_level(level)
    areas = goal_areas(board)
    matching = matched_goals(board)
    print(f"level {args.level}: goal areas of {[len(a) for a in areas]} goals")
    warm_up()
    for k in range(1, len(areas) + 1):
        for chosen in list(combinations(range(len(areas)), k))[:args.combinations]:
            sub = part(level, [areas[i] for i in chosen], matching)
            result = solve(sub, args.mode, Limits(seconds=args.timeout))
            replayed = result.solution is not None and verify(sub, result.solution).solved
            print(f"  areas {list(chosen)}: {len(sub.boxes)} boxes, {result.status.value} in "
                  f"{result.seconds:.2f}s, {result.states:,} states"
                  + (", replayed" if replayed else ""), flush=True)


if __name__ == "__main__":
    main()
