"""Player lines with and without the fewest-turns walks, over the same pushes.

    python scripts/bench_walks.py ../shared/levels/microban/microban1_155.txt --timeout 10

Solves each level, then joins the solution's pushes twice: with plain
shortest walks (breadth first, first found) and with the shortest walks that
have the fewest turns. Prints total moves and total player lines for both.
"""

from __future__ import annotations

import argparse
from collections import deque

import numpy as np

from sokosolve.analysis.board import Board
from sokosolve.io.files import load_levels
from sokosolve.kernels.walk import fewest_turns_walk
from sokosolve.level import Level
from sokosolve.limits import Limits
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.search.solution import lurd_to_pushes, pushes_to_lurd
from sokosolve.solver import solve


def plain_shortest_walk(walls, box_at, offsets, start, heading, goal, final_heading):
    """A shortest walk by plain BFS, blind to turns (the baseline)."""
    came = {start: -1}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            break
        for d, o in enumerate(offsets):
            t = s + int(o)
            if not walls[t] and box_at[t] < 0 and t not in came:
                came[t] = d
                queue.append(t)
    walk = []
    s = goal
    while s != start:
        d = came[s]
        walk.append(d)
        s -= int(offsets[d])
    return np.array(walk[::-1], dtype=np.int64)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collection")
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args()
    levels = [lv for lv in load_levels(args.collection) if isinstance(lv, Level)]
    totals = {"plain": [0, 0], "fewest turns": [0, 0]}
    solved = 0
    for level in levels:
        result = solve(level, "greedy", Limits(seconds=args.timeout))
        if result.status is not Status.SOLVED:
            continue
        solved += 1
        board = Board.from_level(level)
        pushes = lurd_to_pushes(board, result.solution)
        for name, walk in (("plain", plain_shortest_walk), ("fewest turns", fewest_turns_walk)):
            lurd = pushes_to_lurd(board, pushes, walk)
            replay = verify(level, lurd)
            assert replay.solved, name
            totals[name][0] += replay.moves
            totals[name][1] += replay.player_lines
    print(f"{args.collection}: {solved}/{len(levels)} solved")
    for name, (moves, lines) in totals.items():
        print(f"  {name:>12} walks: moves {moves}, player lines {lines}")
    before, after = totals["plain"][1], totals["fewest turns"][1]
    print(f"  player lines saved: {before - after} ({100 * (before - after) / before:.1f}%)")


if __name__ == "__main__":
    main()
