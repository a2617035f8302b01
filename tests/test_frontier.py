"""scripts/frontier.py: the most packed positions a feature search still holds."""

from scripts.frontier import frontier
from sokosolve.io.files import load_levels
from sokosolve.kernels import loop

from .conftest import shared


def test_the_frontier_positions_are_reached_from_the_start_and_as_packed_as_their_cells():
    level = load_levels(shared("sasquatch/sasquatch01_50.xsb"))[41]
    status, found = frontier(level, "features", seconds=30, cells=3, max_states=20_000)
    assert status == loop.LIMIT and len(found) == 3
    packed = [p for p, _, _ in found]
    assert packed == sorted(packed, reverse=True) and packed[0] > 0
    for p, areas, position in found:  # play() raised if a replayed step were illegal
        assert len(position.boxes & position.goals) >= p and areas >= 1
        assert position.walls == level.walls and position.goals == level.goals
        assert position.boxes != level.boxes

