"""A check the tests of the prunings share: searches solve exactly the solvable levels."""

from sokosolve.level import Level
from sokosolve.replay import verify
from sokosolve.result import Status
from sokosolve.solver import solve

from .reference import optimal_pushes


def solve_exactly_the_solvable(level: Level, names: tuple[str, ...]) -> None:
    """Asserts that each preset of ``names`` solves ``level`` exactly when the reference
    search does, that every solution replays, and that ``pushes`` finds the reference's
    push count."""
    expected = optimal_pushes(level)
    for name in names:
        result = solve(level, name)
        assert (result.status is Status.SOLVED) == (expected is not None), name
        if expected is not None:
            assert verify(level, result.solution).solved, name
            if name == "pushes":
                assert result.pushes == expected
