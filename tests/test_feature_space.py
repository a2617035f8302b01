"""The feature-space open lists: pairing heaps give the minimum; areas are counted right; the
best cell, the advice and the opener's steps are those of plain versions."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sokosolve.analysis.board import Board
from sokosolve.kernels.advisors import ADVICE_SHIFT, follow_advice, opens_pushes
from sokosolve.kernels.distances import UNREACHABLE, walk_distances
from sokosolve.kernels.feature_space import (
    MAX_CONNECTIVITY,
    MAX_OUT_OF_PLAN,
    areas_after_push,
    areas_lifting,
    best_cell,
    cell_count,
    cell_packed,
    feature_cell,
    heap_insert,
    heap_pop,
    label_areas,
    nearest_walk,
)
from sokosolve.kernels.layout import Plan
from sokosolve.kernels.reach import scanline_fill

from .reference import STEPS, region, small_levels


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(-50, 50)), max_size=80))
def test_pairing_heap_pops_in_key_order(operations):
    """Inserts (True) and pops (False) in any order match a sorted list."""
    keys = np.array([k for _, k in operations], dtype=np.int64)
    child = np.full(len(operations), -1, dtype=np.int32)
    sibling = np.full(len(operations), -1, dtype=np.int32)
    root, held = -1, []
    for node, (insert, key) in enumerate(operations):
        if insert:
            root = heap_insert(root, node, keys, child, sibling)
            held.append(key)
        elif held:
            assert keys[root] == min(held)
            held.remove(keys[root])
            root = heap_pop(root, keys, child, sibling)
    popped = []
    while root >= 0:
        popped.append(int(keys[root]))
        root = heap_pop(root, keys, child, sibling)
    assert popped == sorted(held)


# Derandomized: the share of updates that answer, checked below, is then the same every run.
UPDATES = {"answered": 0, "declined": 0}


@settings(max_examples=150, deadline=None, derandomize=True)
@given(small_levels(max_rows=6, max_cols=7, max_boxes=5))
def _area_counts_match_a_plain_component_count(level):
    """Labelled from scratch, with each box taken off, and updated after each single push
    where the update answers."""
    board = Board.from_level(level)
    occupied = board.walls.copy()
    occupied[board.boxes] = 1
    n = occupied.size
    marks = np.zeros(n, dtype=np.int32)
    stack = np.empty(2 * n + 4, dtype=np.int64)
    areas = label_areas(occupied, board.width, marks, 1, stack)
    assert areas == _plain_areas(level, board.boxes)
    for box in board.boxes:
        lifted = areas_lifting(occupied, board.width, marks, 1, areas, box)
        assert lifted == _plain_areas(level, [b for b in board.boxes if b != box])
        for step in board.offsets:
            filled = box + step
            if occupied[filled]:
                continue
            occupied[box], occupied[filled] = 0, 1
            after = areas_after_push(occupied, board.width, marks, 1, areas, box, filled)
            if after >= 0:
                moved = [filled if b == box else b for b in board.boxes]
                assert after == _plain_areas(level, moved)
            UPDATES["answered" if after >= 0 else "declined"] += 1
            occupied[box], occupied[filled] = 1, 0


def test_area_counts_match_a_plain_component_count():
    """The property holds on every generated level, and the levels met what it checks."""
    UPDATES.update(dict.fromkeys(UPDATES, 0))
    _area_counts_match_a_plain_component_count()
    assert UPDATES["answered"] > 2 * UPDATES["declined"] > 0, UPDATES


def _plain_areas(level, board_boxes) -> int:
    """Areas of the level's free squares, boxes on ``board_boxes``, by a plain flood."""
    board = Board.from_level(level)
    boxes = {board.to_level_square(b) for b in board_boxes}
    free = {s for s in level.floor if s not in boxes}
    seen, areas = set(), 0
    for start in free:
        if start in seen:
            continue
        areas += 1
        todo = [start]
        seen.add(start)
        while todo:
            r, c = level.row_col(todo.pop())
            for dr, dc in STEPS.values():
                t = level.square(r + dr, c + dc)
                if t in free and t not in seen:
                    seen.add(t)
                    todo.append(t)
    return areas


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 8).flatmap(lambda boxes: st.tuples(
    st.just(boxes),
    st.sampled_from([1, MAX_OUT_OF_PLAN + 1]),
    st.sets(st.tuples(st.integers(0, boxes), st.integers(0, MAX_CONNECTIVITY + 3),
                      st.integers(0, MAX_OUT_OF_PLAN + 3))))))
def test_the_best_cell_packs_most_then_has_fewest_areas_then_fewest_out_of_plan(case):
    boxes, levels, filled = case
    cells = np.full(cell_count(boxes, levels), -1, dtype=np.int32)
    for packed, areas, out in filled:
        cell = feature_cell(packed, areas, out, levels)
        assert cell_packed(cell, levels) == packed
        cells[cell] = 0
    found = best_cell(cells, boxes, levels)
    assert best_cell(cells, boxes + 5, levels) == found
    if not filled:
        assert found == -1
        return
    packed, areas, out = max((p, -min(a, MAX_CONNECTIVITY), -min(o, levels - 1))
                             for p, a, o in filled)
    assert found == feature_cell(packed, -areas, -out, levels)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 5), st.integers(1, 6), st.integers(0, 40), st.integers(0, 6),
       st.integers(0, 4), st.integers(0, 3), st.integers(0, 3),
       st.lists(st.tuples(st.integers(0, 6), st.integers(1, 8), st.integers(0, 30),
                          st.integers(0, 8), st.integers(-1, 6), st.integers(0, 6),
                          st.integers(0, 5), st.booleans(), st.integers(0, 4),
                          st.integers(0, 4), st.integers(-1, 4), st.integers(0, 5)),
                min_size=1, max_size=12))
def test_advice_counts_the_pushes_no_advisor_proposed(packed, areas, strayed, imagine,
                                                      hotspots, blocked, in_the_way, children):
    """Against a plain version: the pack advisor proposes, of the children that pack more
    than the parent, the one ranking first (most packed, then fewest areas, blocked links,
    boxes in the way, hotspots, then the lowest key), the connectivity one, of those with
    fewer areas packing no fewer, the one ranking first, the imagine one the child with
    most boxes on the imagined board, if more and packing no fewer, the lowest key on ties;
    where none packs more, the opener the child whose box stood nearest the next goals (-1:
    no opener) and goes no nearer, packing no fewer and with no more areas, the furthest
    after on ties, then the lowest key; the hotspots one, of those with fewer hotspots
    packing no fewer, the one ranking first; the rooms one, of those with fewer blocked
    links between rooms packing no fewer, the one ranking first; where boxes stand in the
    plan's way, the out-of-plan one the child whose box stood nearest the zone (-1: not for
    it) and goes further, packing no fewer, with no more areas, boxes in the way or blocked
    links, the furthest after on ties, then the lowest key; the explorer, of the children
    whose push opens pushes and packing no fewer, the one packing most, then with fewest
    areas, then the lowest key; with at most two children the first is advised too."""
    keys = np.array([(strayed << ADVICE_SHIFT) + 7] + [c[2] for c in children],
                    dtype=np.int64)
    features = np.array([(p, a, i, way, near, far if near >= 0 else -1, hot, opens, links,
                          out, further if out >= 0 else -1)
                         for p, a, _, i, near, far, hot, opens, links, way, out, further
                         in children], dtype=np.int32)
    follow_advice(keys, 0, 1, len(children) + 1, features, packed, areas, imagine, hotspots,
                  blocked, in_the_way)
    order = range(len(children))
    packs = [k for k in order if children[k][0] > packed]
    links = [k for k in order if children[k][0] >= packed and children[k][1] < areas]
    pictures = [k for k in order if children[k][0] >= packed and children[k][3] > imagine]
    openers = [k for k in order if not packs and features[k, 4] >= 0
               and features[k, 5] >= features[k, 4] and children[k][0] >= packed
               and children[k][1] <= areas]
    cools = [k for k in order if children[k][0] >= packed and children[k][6] < hotspots]
    scouts = [k for k in order if children[k][0] >= packed and children[k][7]]
    doors = [k for k in order if children[k][0] >= packed and children[k][8] < blocked]
    clears = [k for k in order if in_the_way > 0 and features[k, 9] >= 0
              and features[k, 10] > features[k, 9] and children[k][0] >= packed
              and children[k][1] <= areas and children[k][9] <= in_the_way
              and children[k][8] <= blocked]
    def rank(k: int) -> tuple:  # as Festival scores positions
        child = children[k]
        return -child[0], child[1], child[8], child[9], child[6], child[2], k

    advised = set()
    if clears:
        advised.add(min(clears, key=lambda k: (features[k, 9], -features[k, 10],
                                               children[k][2], k)))
    if doors:
        advised.add(min(doors, key=rank))
    if cools:
        advised.add(min(cools, key=rank))
    if packs:
        advised.add(min(packs, key=rank))
    if links:
        advised.add(min(links, key=rank))
    if pictures:
        advised.add(min(pictures, key=lambda k: (-children[k][3], children[k][2], k)))
    if openers:
        advised.add(min(openers, key=lambda k: (features[k, 4], -features[k, 5],
                                                children[k][2], k)))
    if scouts:
        advised.add(min(scouts, key=lambda k: (-children[k][0], children[k][1], children[k][2],
                                               k)))
    if len(children) <= 2:
        advised.add(0)
    for k, child in enumerate(children):
        assert keys[k + 1] & ((1 << ADVICE_SHIFT) - 1) == child[2]
        assert keys[k + 1] >> ADVICE_SHIFT == strayed + (k not in advised)


@settings(max_examples=150, deadline=None)
@given(small_levels(max_rows=6, max_cols=7, max_boxes=4))
def test_the_explorer_sees_a_push_open_pushes_of_other_boxes(level):
    """Against plain floods: for every push, whether afterwards the player reaches, for the
    first time, a side of another box from which it can push that box."""
    board = Board.from_level(level)
    offsets = [int(o) for o in board.offsets]
    boxes = {int(b) for b in board.boxes}
    floor = {int(s) for s in np.flatnonzero(board.walls == 0)}
    before = region(floor - boxes, offsets, int(board.player))
    occupied = board.walls.copy()
    occupied[board.boxes] = 1
    marks = np.zeros(occupied.size, dtype=np.int32)
    child_marks = np.zeros(occupied.size, dtype=np.int32)
    stack = np.empty(2 * occupied.size + 4, dtype=np.int64)
    scanline_fill(occupied, board.width, board.player, marks, 1, stack)
    for box in sorted(boxes):
        for step in offsets:
            landing = box + step
            if box - step not in before or landing not in floor or landing in boxes:
                continue
            after_boxes = boxes - {box} | {landing}
            after = region(floor - after_boxes, offsets, box)
            plain = any(c + o not in before and c + o in after
                        and c - o in floor and c - o not in after_boxes
                        for c in after_boxes - {landing} for o in offsets)
            occupied[box], occupied[landing] = 0, 1
            squares = np.array(sorted(after_boxes), dtype=np.int32)
            scanline_fill(occupied, board.width, box, child_marks, 1, stack)
            assert opens_pushes(occupied, board.offsets, squares, landing, marks, 1,
                                child_marks, 1) == plain
            child_marks[:] = 0
            occupied[box], occupied[landing] = 1, 0


@settings(max_examples=200, deadline=None)
@given(small_levels(max_rows=6, max_cols=7, max_boxes=3), st.data())
def test_the_opener_measures_the_players_steps_to_the_nearest_next_goal(level, data):
    """Against relaxation until nothing changes: the player's steps from each goal on the
    empty board, and from a square to the nearest of the marked goals."""
    board = Board.from_level(level)
    walks = walk_distances(board.walls, board.goals, board.offsets)
    floor = np.flatnonzero(board.walls == 0).tolist()
    for k, goal in enumerate(board.goals.tolist()):
        steps = {goal: 0}
        changed = True
        while changed:
            changed = False
            for square in floor:
                near = [steps[square + o] + 1 for o in board.offsets.tolist()
                        if square + o in steps]
                if near and min(near) < steps.get(square, UNREACHABLE):
                    steps[square] = min(near)
                    changed = True
        assert walks[k].tolist() == [steps.get(s, UNREACHABLE) for s in range(walks.shape[1])]
    marked = data.draw(st.lists(st.booleans(), min_size=board.goals.size,
                                max_size=board.goals.size))
    targets = np.zeros(board.walls.size, dtype=np.uint8)
    targets[board.goals[np.array(marked, dtype=bool)]] = 1
    plan = Plan(board.goals.astype(np.int32), walks=walks)
    for square in floor:
        expected = min((int(walks[k, square]) for k in range(board.goals.size)
                        if targets[board.goals[k]]), default=UNREACHABLE)
        assert nearest_walk(plan, targets, square) == expected
