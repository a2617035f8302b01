"""Bounds with boxes frozen on goals (kernels.frozen_goals) stay lower bounds."""

import numpy as np
from hypothesis import given, settings

from sokosolve.io.files import load_levels
from sokosolve.result import Status
from sokosolve.search.presets import PUSHES
from sokosolve.search.spec import switched
from sokosolve.solver import solve

from .conftest import PUZZLES
from .reference import optimal_pushes, small_levels


def test_frozen_goal_bounds_cut_the_optimal_search():
    level = load_levels(PUZZLES / "goal-room.xsb")[0]
    with_tables = solve(level, "pushes")
    without = solve(level, switched(PUSHES, frozen_goals=False))
    assert with_tables.status is Status.SOLVED and with_tables.pushes == without.pushes
    assert with_tables.expanded < without.expanded


FROZEN = {"frozen sets": 0, "dead": 0, "only_frozen": 0}


def _boxes_frozen_on_goals(board, player: int) -> tuple[int, np.ndarray]:
    """``frozen_on_goals`` at the board's start, the player on ``player``: how many, and
    their squares first in the array."""
    from sokosolve.kernels.deadlocks import freeze_workspace
    from sokosolve.kernels.frozen_goals import frozen_on_goals
    from sokosolve.kernels.table import zobrist_keys

    n = board.walls.size
    box_at = board.box_at()
    squares = np.empty(board.goals.size, dtype=np.int64)
    count, _ = frozen_on_goals(
        board.walls, board.dead_squares, board.goal_mask, board.boxes, box_at, board.offsets,
        zobrist_keys(n)[0], np.zeros(n, dtype=np.uint8), freeze_workspace(board.boxes.size),
        squares, player,
    )
    return count, squares


@settings(max_examples=500, deadline=None)
@given(small_levels(max_rows=5, max_cols=6, max_boxes=4))
def _bounds_with_boxes_frozen_on_goals_stay_lower_bounds(level):
    """With boxes frozen on goals as walls, the matching bound never exceeds the optimal
    push count, and where it finds no matching the level has no solution."""
    from sokosolve.analysis.board import Board
    from sokosolve.analysis.positions import node_table, position_nodes
    from sokosolve.kernels.distances import UNREACHABLE
    from sokosolve.kernels.frozen_goals import frozen_distances
    from sokosolve.kernels.heuristics import matching_bound, matching_workspace

    board = Board.from_level(level)
    count, squares = _boxes_frozen_on_goals(board, board.player)
    if count == 0:
        return
    FROZEN["frozen sets"] += 1
    areas, static_table = node_table(board)
    nodes = position_nodes(board, areas, board.boxes, board.player)
    table = frozen_distances(board.walls, board.goal_mask, board.offsets, board.width, areas,
                             squares, count)
    bound = matching_bound(table, nodes, matching_workspace(board.boxes.size))
    static = matching_bound(static_table, nodes, matching_workspace(board.boxes.size))
    assert bound >= static
    expected = optimal_pushes(level)
    if bound >= UNREACHABLE:
        assert expected is None
        FROZEN["dead"] += 1
        FROZEN["only_frozen"] += static < UNREACHABLE
    elif expected is not None:
        assert bound <= expected


def test_bounds_with_boxes_frozen_on_goals_stay_lower_bounds():
    """The property holds on every generated level, and the levels met what it checks."""
    FROZEN.update(dict.fromkeys(FROZEN, 0))
    _bounds_with_boxes_frozen_on_goals_stay_lower_bounds()
    assert FROZEN["frozen sets"] >= 20 and FROZEN["only_frozen"] >= 3, FROZEN


def test_a_box_on_a_goal_below_a_sealed_pocket_counts_as_frozen():
    """The box on the goal can go neither sideways (walls) nor up (into a dead square) nor
    down (the player would have to stand in that square): frozen, but only the player's
    square tells the pocket is sealed."""
    from sokosolve.analysis.board import Board
    from sokosolve.level import parse_level

    level = parse_level("#####\n## ##\n##*##\n#   #\n# $.#\n#@  #\n#####")
    board = Board.from_level(level)
    count, squares = _boxes_frozen_on_goals(board, board.player)
    assert count == 1
    assert squares[0] == board.from_level_square(level.square(2, 2))
    # the player's square unknown: the pocket is not sealed
    assert _boxes_frozen_on_goals(board, -1)[0] == 0


