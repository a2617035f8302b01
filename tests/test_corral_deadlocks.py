"""The corral deadlock test (kernels.corral_deadlocks): what it prunes is dead."""

import pytest
from hypothesis import given, settings

from sokosolve.result import Status
from sokosolve.search.presets import PRESETS
from sokosolve.search.spec import switched
from sokosolve.solver import solve

from .reference import optimal_pushes, small_levels


@pytest.mark.parametrize("mode", ["pushes", "greedy", "features"])
def test_a_start_in_a_dead_corral_is_not_expanded_further(mode):
    """The box on the top row must go left, pushed from its right; the two boxes fence
    that square off from the player, and no push of theirs opens the fence. Either box
    alone could be pushed home, so only the corral test sees it, and the table of dead
    pairs, off here."""
    from sokosolve.level import parse_level

    level = parse_level("#######\n#. $  #\n#   $ #\n# @.###\n#######")
    tested = solve(level, switched(PRESETS[mode], dead_pairs=False))
    untested = solve(level, switched(PRESETS[mode], dead_corrals=False, dead_pairs=False))
    assert tested.status is untested.status is Status.UNSOLVABLE
    assert tested.dead_corrals == tested.expanded < untested.expanded


def _fence(boxes: int, door: bool) -> str:
    """A row of boxes under a row of goals, the player above them; below the boxes an
    empty row along the bottom wall, which only a door at the left lets the player into."""
    return "\n".join([
        "#" * (boxes + 3),
        "#@" + "." * boxes + "#",
        "#" + (" " if door else "#") + "$" * boxes + "#",
        "#" + (" " if door else "#") + " " * boxes + "#",
        "#" * (boxes + 3),
    ])


def test_a_corral_of_many_boxes_is_tested():
    """Fourteen boxes fence the bottom row off: each can only be pushed down, onto a dead
    square, so no push opens the fence. The freeze test misses it (every box can move
    up and down); the corral test sees it at the start, whatever the corral's boxes. With
    a door into the bottom row the player pushes every box up, and nothing is dead."""
    from sokosolve.analysis.board import Board
    from sokosolve.analysis.positions import corral_deadlocked
    from sokosolve.level import parse_level
    from sokosolve.replay import verify

    fenced = parse_level(_fence(14, door=False))
    board = Board.from_level(fenced)
    assert corral_deadlocked(board, board.boxes, board.player)
    tested = solve(fenced, PRESETS["features"])
    untested = solve(fenced, switched(PRESETS["features"], dead_corrals=False))
    assert tested.status is untested.status is Status.UNSOLVABLE
    assert tested.dead_corrals == 1 and untested.dead_corrals == 0

    opened = parse_level(_fence(14, door=True))
    board = Board.from_level(opened)
    assert not corral_deadlocked(board, board.boxes, board.player)
    solved = solve(opened, PRESETS["features"])
    assert solved.status is Status.SOLVED and verify(opened, solved.solution).solved


CORRALS = {"dead": 0, "only_corral": 0}


@settings(max_examples=400, deadline=None)
@given(small_levels(max_rows=5, max_cols=6, max_boxes=4))
def _corral_deadlocks_are_really_dead(level):
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


def test_corral_deadlocks_are_really_dead():
    """The property holds on every generated level, and the levels met what it checks."""
    CORRALS.update(dict.fromkeys(CORRALS, 0))
    _corral_deadlocks_are_really_dead()
    assert CORRALS["dead"] >= 10 and CORRALS["only_corral"] >= 5, CORRALS


