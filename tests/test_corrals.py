"""PI-corral pruning (kernels.corrals) never loses a solvable level or an optimal solution."""

import pytest
from hypothesis import given, settings

from sokosolve.io.files import load_levels
from sokosolve.limits import Limits
from sokosolve.result import Status
from sokosolve.search.presets import PUSHES
from sokosolve.search.spec import switched
from sokosolve.solver import solve

from .conftest import PUZZLES
from .reference import optimal_pushes, small_levels

RESTRICTED = []


@settings(max_examples=300, deadline=None)
@given(small_levels(max_rows=6, max_cols=6, max_boxes=3))
def _pruning_and_backward_search_keep_optimal_push_counts(level):
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


def test_pruning_and_backward_search_keep_optimal_push_counts():
    """The property holds on every generated level, and the levels met what it checks."""
    RESTRICTED.clear()
    _pruning_and_backward_search_keep_optimal_push_counts()
    assert sum(r > 0 for r in RESTRICTED) >= 5


@pytest.mark.parametrize("switch, counter", [("pi_corrals", "restricted"),
                                             ("dead_corrals", "dead_corrals")])
def test_pruning_cuts_the_optimal_search(switch, counter):
    level = load_levels(PUZZLES / "corridor.xsb")[0]
    pushes = switched(PUSHES, dead_pairs=False)  # which would take the dead corrals first
    with_pruning = solve(level, pushes)
    without = solve(level, switched(pushes, **{switch: False}))
    assert getattr(with_pruning, counter) > 0 and getattr(without, counter) == 0
    assert with_pruning.pushes == without.pushes
    assert with_pruning.expanded < without.expanded
