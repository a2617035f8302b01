"""Every preset of sokosolve.search.presets against the reference search on generated levels."""

import pytest
from hypothesis import given, settings

from sokosolve.limits import Limits
from sokosolve.parallel.race import race
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.search.presets import PRESETS
from sokosolve.search.spec import Race
from sokosolve.solver import solve

from .reference import optimal_pushes, small_levels

#: The presets whose solutions are push-optimal.
OPTIMAL = {"pushes", "optimal-pushes", "bfs", "backward-bfs"}
IN_PROCESS = sorted(name for name, spec in PRESETS.items() if not isinstance(spec, Race))


def test_every_preset_has_a_one_line_form_of_its_own():
    forms = {name: str(spec) for name, spec in PRESETS.items()}
    assert all("\n" not in form for form in forms.values())
    assert len(set(forms.values())) == len(forms)


@settings(max_examples=200, deadline=None)
@given(small_levels(max_rows=6, max_cols=7, max_boxes=4))
def test_each_preset_solves_exactly_the_solvable_levels(level):
    expected = optimal_pushes(level)
    for name in IN_PROCESS:
        result = solve(level, name, Limits(seconds=20))
        if expected is None:
            assert result.status is Status.UNSOLVABLE, name
            continue
        assert result.status is Status.SOLVED, name
        assert verify(level, result.solution).solved, name
        if name in OPTIMAL:
            assert result.pushes == expected, name
        else:
            assert result.pushes >= expected, name


@pytest.mark.parametrize("name", [n for n, s in PRESETS.items() if isinstance(s, Race)])
@settings(max_examples=20, deadline=None)
@given(level=small_levels(max_rows=6, max_cols=7, max_boxes=4))
def test_each_race_solves_exactly_the_solvable_levels(name, level):
    expected = optimal_pushes(level)
    result = race(level, Limits(seconds=20), PRESETS[name])
    assert result.status is (Status.UNSOLVABLE if expected is None else Status.SOLVED)
    if expected is not None:
        assert verify(level, result.solution).solved
