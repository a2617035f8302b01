"""Pruning never loses a solvable level or an optimal solution: checked against a plain BFS."""

from hypothesis import given, settings

from sokosolve.level import load_levels
from sokosolve.solver import Limits, Status, solve

from .conftest import PUZZLES
from .reference import optimal_pushes, small_levels

RESTRICTED = []


@settings(max_examples=300, deadline=None)
@given(small_levels(max_rows=6, max_cols=6, max_boxes=3))
def test_pi_corral_pruning_keeps_optimal_push_counts(level):
    expected = optimal_pushes(level)
    for mode in ("bfs", "pushes", "fast"):
        result = solve(level, mode, Limits(seconds=30))
        RESTRICTED.append(result.restricted)
        if expected is None:
            assert result.status is Status.UNSOLVABLE, mode
        elif mode == "fast":
            assert result.status is Status.SOLVED
        else:
            assert (result.status, result.pushes) == (Status.SOLVED, expected), mode


def test_the_pruning_test_really_met_pi_corrals():
    # Runs after the property test above (pytest keeps file order).
    assert sum(r > 0 for r in RESTRICTED) >= 20


def test_pruning_cuts_the_optimal_search():
    level = load_levels(PUZZLES / "corridor.xsb")[0]
    with_pruning = solve(level, "pushes")
    without = solve(level, "pushes", pi_corrals=False)
    assert with_pruning.restricted > 0 and without.restricted == 0
    assert with_pruning.pushes == without.pushes
    assert with_pruning.expanded < without.expanded
