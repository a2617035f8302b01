"""The matching lower bound (kernels.heuristics)."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st


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
