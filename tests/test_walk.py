"""The bend-counting searches against brute-force enumeration on small random grids."""

from collections import deque
from itertools import pairwise

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sokosolve.kernels.walk import NO_HEADING, fewest_turns_walk, link

STEPS = [(0, -1), (-1, 0), (0, 1), (1, 0)]  # LURD
HEADINGS = [0, 1, 2, 3, NO_HEADING]


@st.composite
def grids(draw, max_rows=4, max_cols=4):
    rows, cols = draw(st.integers(1, max_rows)), draw(st.integers(2, max_cols))
    cells = draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))
    blocked = np.array(cells, dtype=bool).reshape(rows, cols)
    start = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    end = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    return blocked, start, end


def turns(headings, first=NO_HEADING, last=NO_HEADING):
    seq = ([first] if first != NO_HEADING else []) + list(headings)
    seq += [last] if last != NO_HEADING else []
    return sum(a != b for a, b in pairwise(seq))


def all_shortest_walks(free, start, end):
    """Every shortest walk over free cells, by BFS distances and a DFS along them."""
    rows, cols = free.shape
    dist = {end: 0}
    queue = deque([end])
    while queue:
        r, c = queue.popleft()
        for dr, dc in STEPS:
            nxt = (r + dr, c + dc)
            if 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and free[nxt] and nxt not in dist:
                dist[nxt] = dist[(r, c)] + 1
                queue.append(nxt)
    if start not in dist:
        return []
    walks = []

    def extend(cell, path):
        if cell == end:
            walks.append(list(path))
            return
        for d, (dr, dc) in enumerate(STEPS):
            nxt = (cell[0] + dr, cell[1] + dc)
            if dist.get(nxt) == dist[cell] - 1:
                path.append(d)
                extend(nxt, path)
                path.pop()

    extend(start, [])
    return walks


@settings(max_examples=300, deadline=None)
@given(grids(), st.sampled_from(HEADINGS), st.sampled_from(HEADINGS))
def test_walk_is_shortest_with_fewest_turns(grid, first, last):
    blocked, start, end = grid
    free = ~blocked
    free[start] = free[end] = True
    rows, cols = free.shape
    width = cols + 2
    walls = np.ones((rows + 2, width), dtype=np.uint8)
    walls[1:-1, 1:-1] = ~free
    box_at = np.full(walls.size, -1, dtype=np.int32)
    offsets = np.array([-1, -width, 1, width])

    def flat(cell):
        return (cell[0] + 1) * width + cell[1] + 1

    walk = fewest_turns_walk(walls.ravel(), box_at, offsets, flat(start), first, flat(end), last)
    expected = all_shortest_walks(free, start, end)
    if not expected:
        assert list(walk) == [-1]
        return
    assert len(walk) == len(expected[0])
    cell = start
    for d in walk:  # the walk is legal and ends at the goal
        cell = (cell[0] + STEPS[d][0], cell[1] + STEPS[d][1])
        assert free[cell]
    assert cell == end
    assert turns(walk, first, last) == min(turns(w, first, last) for w in expected)


def brute_force_bends(free, start, end, limit):
    """The fewest bends over all simple paths (branch and bound), or None above ``limit``."""
    rows, cols = free.shape
    best = [limit + 1]

    def extend(cell, heading, bends, seen):
        if bends >= best[0]:
            return
        for d, (dr, dc) in enumerate(STEPS):
            nxt = (cell[0] + dr, cell[1] + dc)
            cost = bends + (heading is not None and heading != d)
            if nxt == end:
                best[0] = min(best[0], cost)
            elif 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and free[nxt] and nxt not in seen:
                seen.add(nxt)
                extend(nxt, d, cost, seen)
                seen.remove(nxt)

    extend(start, None, 0, {start})
    return best[0] if best[0] <= limit else None


def check_corners(blocked, start, end, corners, outside):
    """The corners describe straight free segments from start to end."""
    points = [start, *corners, end]
    for a, b in pairwise(points):
        assert a[0] == b[0] or a[1] == b[1]
        step = (np.sign(b[0] - a[0]), np.sign(b[1] - a[1]))
        cell = (a[0] + step[0], a[1] + step[1])
        while cell != b:
            inside = 0 <= cell[0] < blocked.shape[0] and 0 <= cell[1] < blocked.shape[1]
            assert (not blocked[cell]) if inside else outside
            cell = (cell[0] + step[0], cell[1] + step[1])
        inside = 0 <= b[0] < blocked.shape[0] and 0 <= b[1] < blocked.shape[1]
        if b != end:
            assert (not blocked[b]) if inside else outside


@settings(max_examples=300, deadline=None)
@given(grids(max_rows=3, max_cols=4), st.integers(0, 4), st.booleans())
def test_link_has_the_fewest_bends(grid, k, outside):
    blocked, start, end = grid
    assume(start != end)
    free = ~blocked
    if outside:
        free = np.pad(free, 1, constant_values=True)
        origin = (start[0] + 1, start[1] + 1), (end[0] + 1, end[1] + 1)
    else:
        origin = start, end
    expected = brute_force_bends(free, *origin, k)
    corners = link(blocked, start, end, max_bends=k, outside=outside)
    if expected is None:
        assert corners is None
    else:
        assert corners is not None and len(corners) == expected
        check_corners(blocked, start, end, corners, outside)


def test_two_bend_link_rule_needs_the_outside_ring():
    blocked = np.array([[1, 1, 1, 1], [1, 0, 0, 1], [1, 1, 1, 1]], dtype=bool)
    assert link(blocked, (0, 0), (0, 3), max_bends=2) is None
    assert link(blocked, (0, 0), (0, 3), max_bends=2, outside=True) == [(-1, 0), (-1, 3)]
    assert link(blocked, (1, 0), (1, 3), max_bends=0) == []
