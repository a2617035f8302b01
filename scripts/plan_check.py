"""Which goal of the packing plan first walls the boxes out: per level, the first step of the
plan's fill order after which the boxes still on their start squares can no longer fill the
goals left.

    python scripts/plan_check.py ../shared/levels/xsokoban/xsokoban_90.xsb
    python scripts/plan_check.py ../shared/levels/xsokoban/xsokoban_90.xsb --levels 50,69

The check is a relaxation: each box alone on the board from its start square, the
player on its own start square, the goals filled so far as walls, and one box for
each goal left (a matching over push distances that see the player's side). A plan
that fails it at step k asks for goals that, filled first with the other boxes still
outside, leave a position the search's frozen-goal bound calls dead at once: the
boxes must be brought in (parked) before that goal is filled, and the packed count
does not reward that. It is not a proof that the plan is wrong, as boxes may move
before a goal is filled.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from sokosolve.analysis.board import Board
from sokosolve.analysis.packing import region
from sokosolve.analysis.packing_plan import PlannedGoal, packing_plan
from sokosolve.io.files import load_levels
from sokosolve.kernels.distances import UNREACHABLE
from sokosolve.kernels.push_sides import ANY_SIDE, SIDES, node_distances, side_areas


def start_boxes_fill(board: Board, filled: set[int]) -> bool:
    """Whether the boxes not on ``filled`` goals, each alone from its start square with
    those goals as walls and the player on its start square, can fill the other goals,
    one box each."""
    blocked = board.walls.copy()
    blocked[sorted(filled)] = 1
    goals = np.array([g for g in board.goals.tolist() if g not in filled], dtype=np.int64)
    if not goals.size:
        return True
    areas = side_areas(blocked, board.width, board.offsets)
    distances = node_distances(blocked, areas, goals, board.offsets)
    offsets = [int(o) for o in board.offsets]
    floor = set(np.flatnonzero(blocked == 0).tolist())
    player = int(board.player)
    reach = []
    for box in (int(b) for b in board.boxes if not blocked[b]):
        node = SIDES * box + ANY_SIDE  # the player on a filled goal: any side
        if player in floor:
            walk = region(floor - {box}, offsets, player)
            sides = [d for d, o in enumerate(offsets) if box - o in walk]  # pushing d
            node = SIDES * box + int(areas[box, sides[0]]) if sides else -1
        reach.append(np.flatnonzero(distances[:, node] < UNREACHABLE).tolist()
                     if node >= 0 else [])
    owner: dict[int, int] = {}  # goal index: the box that fills it

    def claim(box: int, seen: set[int]) -> bool:  # an augmenting path from ``box``
        for goal in reach[box]:
            if goal not in seen:
                seen.add(goal)
                if goal not in owner or claim(owner[goal], seen):
                    owner[goal] = box
                    return True
        return False

    for box in range(len(reach)):
        claim(box, set())
    return len(owner) == goals.size


def first_failing_step(board: Board, plan: list[PlannedGoal]) -> int | None:
    """The first step k of ``plan``'s fill order after whose goals (steps 0 to k) the start
    boxes fail :func:`start_boxes_fill`; None if none does."""
    order = [step.goal for step in plan]
    return next((k for k in range(len(order))
                 if not start_boxes_fill(board, set(order[:k + 1]))), None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collection", type=Path)
    parser.add_argument("--levels", help="numbers from 1, comma-separated (default: all)")
    args = parser.parse_args()
    levels = load_levels(args.collection)
    numbers = ([int(n) for n in args.levels.split(",")] if args.levels
               else range(1, len(levels) + 1))
    failing = 0
    for number in numbers:
        board = Board.from_level(levels[number - 1])
        plan = packing_plan(board)
        step = first_failing_step(board, plan)
        failing += step is not None
        if step is None:
            print(f"{number}: holds", flush=True)
            continue
        row, column = divmod(board.to_level_square(plan[step].goal), board.level_width)
        print(f"{number}: fails at step {step} (goal at row {row}, column {column})",
              flush=True)
    print(f"{failing} of {len(numbers)} plans fail the check")


if __name__ == "__main__":
    main()
