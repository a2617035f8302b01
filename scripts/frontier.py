"""Where a feature-space search stalls: its most packed cells that still hold states.

    python scripts/frontier.py ../shared/levels/sasquatch/sasquatch01_50.xsb --level 42

The search runs for ``--timeout`` seconds or up to ``--max-states`` states
(the same on every run); then, for each of the ``--cells`` most packed cells
still holding states, the script prints the cell's best position (replayed
from the start, so every position shown is reachable) and what a fresh
search from it answers in ``--probe`` seconds. A position that a fresh
search proves unsolvable at once is a dead end the search did not see; one
it solves is progress the search did not follow.

The positions are open, not yet expanded, and the corral deadlock test runs
when a node is expanded; so the script says whether that test, tried from
every box, finds the position dead. The search tries it from the last
pushed box only, so a position marked ``corral-dead`` is a dead end the
search will most likely drop when it gets there, not one it misses. It
says too whether the goal-side check calls it dead (``goal-side-dead``)
and whether a deadlock proof from it succeeds (``learnable``, with the
boxes of the pattern learned): the search learns only from positions whose
subtree has grown, so a learnable position still open is one it has not
examined yet.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from sokosolve.analysis.board import Board
from sokosolve.analysis.positions import (
    corral_deadlocked,
    goal_side_deadlocked,
    learned_pattern,
)
from sokosolve.io.files import load_levels
from sokosolve.kernels import loop
from sokosolve.level import Level, LevelError
from sokosolve.limits import Limits
from sokosolve.replay import play
from sokosolve.search.build import start
from sokosolve.search.presets import PRESETS
from sokosolve.search.solution import joined_lurd
from sokosolve.search.spec import Meet
from sokosolve.solver import SEARCH_STATUS, solve, warm_up

#: The forward feature-space modes, whose cells count packed goals.
FEATURE_MODES = ("features", "features-areas", "features-phases", "features-boxes", "features-dive",
                 "features-phases-boxes")


def frontier(level: Level, mode: str, seconds: float, cells: int,
             max_states: int = 20_000_000) -> tuple[int, list[tuple[int, int, Level]]]:
    """Runs ``mode`` on ``level`` for ``seconds``: ``(status, [(packed, areas, best
    position)])`` for at most ``cells`` of the most packed cells still holding states."""
    board = Board.from_level(level)
    deadline = time.perf_counter() + seconds
    code, state, _ = start(board, PRESETS[mode], max_states, deadline)
    if code == loop.RUNNING:
        code, state = loop.run_search(state, 1 << 62, np.empty(0, dtype=np.uint64),
                                        np.empty(0, dtype=np.int32))
    found = []
    for packed, areas, node in loop.open_cells(state)[:cells]:
        pushes = loop.search_path(state, node)
        found.append((packed, areas, play(level, joined_lurd(board, pushes, pushes[:0]))))
    return code, found


def verdicts(board: Board) -> str:
    """What the search's own dead-end tests say of a position, tried from every box:
    the corral test, the goal-side check, and whether learning would prove it dead
    (with the boxes of the pattern it would learn)."""
    said = []
    if corral_deadlocked(board, board.boxes, board.player, pairs=True):
        said.append("corral-dead")
    if goal_side_deadlocked(board, board.boxes, board.player):
        said.append("goal-side-dead")
    pattern = learned_pattern(board, board.boxes, board.player, pairs=True)
    if pattern is not None:
        said.append(f"learnable ({pattern[0].size} boxes)")
    return "".join(f"{verdict}; " for verdict in said)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collection", type=Path)
    parser.add_argument("--level", type=int, default=1, help="its number, from 1")
    parser.add_argument("--mode", choices=FEATURE_MODES, default="features")
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--max-states", type=int, default=20_000_000,
                        help="stop there (unlike the timeout, the same on every run)")
    parser.add_argument("--cells", type=int, default=3)
    parser.add_argument("--probe", type=float, default=10.0,
                        help="seconds for the fresh search from each position")
    meetings = sorted(name for name, spec in PRESETS.items() if isinstance(spec, Meet))
    parser.add_argument("--probe-mode", choices=meetings, default="meet-all")
    args = parser.parse_args()
    level = load_levels(args.collection)[args.level - 1]
    if isinstance(level, LevelError):
        parser.error(str(level))
    warm_up()
    code, found = frontier(level, args.mode, args.timeout, args.cells, args.max_states)
    print(f"level {args.level}, {args.mode}: "
          f"{SEARCH_STATUS[code].value}; "
          f"{len(level.goals)} goals")
    for packed, areas, position in found:
        probe = solve(position, args.probe_mode, Limits(seconds=args.probe))
        board = Board.from_level(position)
        print(f"\npacked {packed}, {areas} free areas, {len(position.boxes & position.goals)} "
              f"boxes on goals; {verdicts(board)}{args.probe_mode} from here: "
              f"{probe.status.value} in "
              f"{probe.seconds:.2f} s, {probe.states:,} states")
        print(position.to_xsb(), end="")


if __name__ == "__main__":
    main()
