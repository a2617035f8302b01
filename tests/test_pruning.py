"""Pruning never loses a solvable level or an optimal solution: checked against a plain BFS."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sokosolve.io.files import load_levels
from sokosolve.limits import Limits
from sokosolve.result import Status
from sokosolve.search.presets import PRESETS, PUSHES
from sokosolve.search.spec import switched
from sokosolve.solver import solve

from .conftest import PUZZLES
from .reference import optimal_pushes, small_levels

RESTRICTED = []
FOUND = {"frozen": 0, "unmatched": 0}


@settings(max_examples=300, deadline=None)
@given(small_levels(max_rows=6, max_cols=6, max_boxes=3))
def test_pruning_and_backward_search_keep_optimal_push_counts(level):
    expected = optimal_pushes(level)
    for mode in ("bfs", "pushes", "greedy", "features", "backward-bfs", "backward",
                 "backward-features"):
        result = solve(level, mode, Limits(seconds=30))
        RESTRICTED.append(result.restricted)
        if expected is None:
            assert result.status is Status.UNSOLVABLE, mode
        elif mode in ("greedy", "features", "backward", "backward-features"):
            assert result.status is Status.SOLVED
        else:
            assert (result.status, result.pushes) == (Status.SOLVED, expected), mode


def test_the_pruning_test_really_met_pi_corrals():
    # Runs after the property test above (pytest keeps file order). Over 30 random seeds
    # 16 to 105 of the 2,100 searches cut an expansion down: fewer since a start in a dead
    # corral ends the search at once. The bound allows for that spread.
    assert sum(r > 0 for r in RESTRICTED) >= 5


@pytest.mark.parametrize("switch, counter", [("pi_corrals", "restricted"),
                                             ("dead_corrals", "dead_corrals")])
def test_pruning_cuts_the_optimal_search(switch, counter):
    level = load_levels(PUZZLES / "corridor.xsb")[0]
    with_pruning = solve(level, "pushes")
    without = solve(level, switched(PUSHES, **{switch: False}))
    assert getattr(with_pruning, counter) > 0 and getattr(without, counter) == 0
    assert with_pruning.pushes == without.pushes
    assert with_pruning.expanded < without.expanded


@pytest.mark.parametrize("mode", ["pushes", "greedy", "features"])
def test_a_start_in_a_dead_corral_is_not_expanded_further(mode):
    """The box on the top row must go left, pushed from its right; the two boxes fence
    that square off from the player, and no push of theirs opens the fence. Either box
    alone could be pushed home, so only the corral test sees it."""
    from sokosolve.level import parse_level

    level = parse_level("#######\n#. $  #\n#   $ #\n# @.###\n#######")
    tested = solve(level, mode)
    untested = solve(level, switched(PRESETS[mode], dead_corrals=False))
    assert tested.status is untested.status is Status.UNSOLVABLE
    assert tested.dead_corrals == tested.expanded < untested.expanded


def test_frozen_goal_bounds_cut_the_optimal_search():
    level = load_levels(PUZZLES / "goal-room.xsb")[0]
    with_tables = solve(level, "pushes")
    without = solve(level, switched(PUSHES, frozen_goals=False))
    assert with_tables.status is Status.SOLVED and with_tables.pushes == without.pushes
    assert with_tables.expanded < without.expanded


@settings(max_examples=400, deadline=None)
@given(small_levels(max_rows=5, max_cols=6, max_boxes=4))
def test_freeze_and_matching_deadlocks_are_really_dead(level):
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


def test_the_deadlock_test_really_met_deadlocks():
    assert FOUND["frozen"] >= 10 and FOUND["unmatched"] >= 10, FOUND


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_matching_after_a_move_equals_matching_from_scratch(data):
    """The one-augmentation update gives the Hungarian optimum, checked by brute force."""
    from itertools import permutations

    from sokosolve.kernels.distances import UNREACHABLE
    from sokosolve.kernels.heuristics import matching_after_move, matching_bound, matching_workspace

    boxes = data.draw(st.integers(1, 5))
    squares = boxes + 3
    cost = st.one_of(st.integers(0, 30), st.just(int(UNREACHABLE)))
    distances = np.array(data.draw(st.lists(st.lists(cost, min_size=squares, max_size=squares),
                                            min_size=boxes, max_size=boxes)), dtype=np.int64)
    box_squares = np.array(data.draw(st.permutations(range(squares)))[:boxes], dtype=np.int64)
    before = matching_workspace(boxes)
    matching_bound(distances, box_squares, before)
    moved = data.draw(st.integers(0, boxes - 1))
    free = sorted(set(range(squares)) - set(box_squares.tolist()))
    box_squares[moved] = data.draw(st.sampled_from(free))
    got = matching_after_move(distances, box_squares, moved, before, matching_workspace(boxes))
    best = min(sum(int(distances[g, box_squares[b]]) for b, g in enumerate(order))
               for order in permutations(range(boxes)))
    assert got == min(best, int(UNREACHABLE))
    assert matching_bound(distances, box_squares, matching_workspace(boxes)) == got


CORRALS = {"dead": 0, "only_corral": 0}


@settings(max_examples=400, deadline=None)
@given(small_levels(max_rows=5, max_cols=6, max_boxes=4))
def test_corral_deadlocks_are_really_dead(level):
    """Every position the corral test calls dead has no solution by exhaustive search."""
    from sokosolve.analysis.board import Board
    from sokosolve.analysis.positions import corral_deadlocked
    from sokosolve.kernels.distances import UNREACHABLE
    from sokosolve.kernels.heuristics import matching_bound, matching_workspace

    board = Board.from_level(level)
    if not corral_deadlocked(board, board.boxes.copy(), board.player):
        return
    assert optimal_pushes(level) is None
    CORRALS["dead"] += 1
    # Count the ones that the cheaper tests miss.
    unmatched = matching_bound(board.goal_distances, board.boxes.copy(),
                               matching_workspace(board.boxes.size)) >= UNREACHABLE
    CORRALS["only_corral"] += not unmatched and not board.dead_squares[board.boxes].any()


def test_the_corral_test_really_met_corral_deadlocks():
    assert CORRALS["dead"] >= 10 and CORRALS["only_corral"] >= 5, CORRALS


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
def test_bounds_with_boxes_frozen_on_goals_stay_lower_bounds(level):
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


def test_the_frozen_goal_test_really_met_frozen_boxes():
    assert FROZEN["frozen sets"] >= 20 and FROZEN["only_frozen"] >= 3, FROZEN
