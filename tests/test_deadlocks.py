"""Freeze deadlocks (kernels.deadlocks) and the matching's dead ends: what they prune is dead."""

import numpy as np
import pytest
from hypothesis import given, settings

from .reference import optimal_pushes, small_levels

FOUND = {"frozen": 0, "unmatched": 0}


@settings(max_examples=400, deadline=None)
@given(small_levels(max_rows=5, max_cols=6, max_boxes=4))
def _freeze_and_matching_deadlocks_are_really_dead(level):
    """Every box the freeze test calls frozen off a goal, and every state without a
    box-to-goal matching, has no solution by exhaustive search."""
    import numpy as np

    from sokosolve.analysis.board import Board
    from sokosolve.kernels.deadlocks import freeze_deadlock, freeze_workspace
    from sokosolve.kernels.distances import UNREACHABLE
    from sokosolve.kernels.heuristics import matching_bound, matching_workspace

    board = Board.from_level(level)
    n = board.walls.size
    box_at = board.box_at()
    held = np.zeros(n, dtype=np.uint8)
    frames = freeze_workspace(board.boxes.size)
    frozen = any(
        freeze_deadlock(board.walls, board.dead_squares, board.goal_mask, box_at, board.offsets,
                        int(b), held, frames, board.player)
        for b in board.boxes
    )
    unmatched = matching_bound(board.goal_distances, board.boxes.copy(),
                               matching_workspace(board.boxes.size)) >= UNREACHABLE
    dead_square = bool(board.dead_squares[board.boxes].any())
    if frozen or unmatched or dead_square:
        assert optimal_pushes(level) is None
    FOUND["frozen"] += frozen
    FOUND["unmatched"] += unmatched
    assert not held.any()  # the test leaves its scratch space clean


def test_freeze_and_matching_deadlocks_are_really_dead():
    """The property holds on every generated level, and the levels met what it checks."""
    FOUND.update(dict.fromkeys(FOUND, 0))
    _freeze_and_matching_deadlocks_are_really_dead()
    assert FOUND["frozen"] >= 10 and FOUND["unmatched"] >= 10, FOUND


@pytest.mark.parametrize(("walls_in", "last"), [
    ("#  $#  #", (3, 4)),  # the goal box pushed last seals the pocket
    ("#  $## #", (3, 5)),  # it froze the goal box that seals it
    ("#  $#  #", (2, 3)),  # the box beside the pocket came last
])
@pytest.mark.parametrize(("player_row", "dead"), [(1, True), (3, False)])
def test_goal_boxes_that_seal_a_pocket_beside_another_box_freeze_it(walls_in, last, player_row,
                                                                     dead):
    """The boxes frozen on the goals of row 3 wall in the dead square at column 3: the
    box above it can be pushed neither into it nor, unless the player stands in it, away
    from it. The freeze test sees that whichever of them was pushed last."""
    from sokosolve.analysis.board import Board
    from sokosolve.kernels.deadlocks import freeze_deadlock, freeze_workspace
    from sokosolve.level import parse_level

    goal_row = "### **##" if walls_in.count("#") == 4 else "### *###"
    rows = ["########", "#    . #", walls_in, goal_row, "########"]
    column = 1 if player_row == 1 else 3
    rows[player_row] = rows[player_row][:column] + "@" + rows[player_row][column + 1:]
    level = parse_level("\n".join(rows))
    board = Board.from_level(level)
    box_at = board.box_at()
    held = np.zeros(board.walls.size, dtype=np.uint8)
    frames = freeze_workspace(board.boxes.size)
    pushed = board.from_level_square(level.square(*last))
    assert freeze_deadlock(board.walls, board.dead_squares, board.goal_mask, box_at,
                           board.offsets, pushed, held, frames, board.player) is dead
    assert (optimal_pushes(level) is None) is dead
    assert not held.any()


