"""Plain Python oracles for the jitted code: flood fill, push-optimal BFS, and level generation."""

from __future__ import annotations

import heapq
from collections import deque

from hypothesis import assume
from hypothesis import strategies as st

from sokosolve.level import Level, LevelError, parse_level

STEPS = {"l": (0, -1), "u": (-1, 0), "r": (0, 1), "d": (1, 0)}


def flood(level: Level, boxes: frozenset[int], player: int) -> set[int]:
    """Squares the player reaches, by a plain BFS."""
    seen = {player}
    queue = deque([player])
    while queue:
        s = queue.popleft()
        r, c = level.row_col(s)
        for dr, dc in STEPS.values():
            t = level.square(r + dr, c + dc)
            if t in level.floor and t not in boxes and t not in seen:
                seen.add(t)
                queue.append(t)
    return seen


def region(free: set[int], offsets: list[int], start: int) -> set[int]:
    """The squares of ``free`` joined to ``start`` by ``offsets`` steps (board squares)."""
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for o in offsets:
            if s + o in free and s + o not in seen:
                seen.add(s + o)
                todo.append(s + o)
    return seen


def area_count(free: set[int], offsets: list[int]) -> int:
    """How many areas ``free`` falls into, joined by ``offsets`` steps (board squares)."""
    left, areas = set(free), 0
    while left:
        left -= region(free, offsets, next(iter(left)))
        areas += 1
    return areas


def _pushes(level: Level, boxes: frozenset[int], player: int):
    """Each push of the position: ``(boxes after it, the square the box left)``."""
    region = flood(level, boxes, player)
    for b in boxes:
        r, c = level.row_col(b)
        for dr, dc in STEPS.values():
            behind = level.square(r - dr, c - dc)
            to = level.square(r + dr, c + dc)
            if behind in region and to in level.floor and to not in boxes:
                yield (boxes - {b}) | {to}, b


def optimal_pushes(level: Level, max_states: int = 200_000) -> int | None:
    """The fewest pushes that solve ``level`` (None if unsolvable), by a plain BFS over pushes."""
    start = (level.boxes, min(flood(level, level.boxes, level.player)))
    if level.boxes == level.goals:
        return 0
    seen = {start}
    frontier = [(level.boxes, level.player)]
    depth = 0
    while frontier:
        depth += 1
        following = []
        for boxes, player in frontier:
            for moved, b in _pushes(level, boxes, player):
                if moved == level.goals:
                    return depth
                key = (moved, min(flood(level, moved, b)))
                if key not in seen:
                    seen.add(key)
                    following.append((moved, b))
                    if len(seen) > max_states:
                        raise RuntimeError("reference search too large")
        frontier = following
    return None


@st.composite
def small_levels(
    draw, max_rows: int = 5, max_cols: int = 6, max_boxes: int = 3, scattered_goals: bool = False,
) -> Level:
    """Random closed levels with a few boxes, for comparing the engine with the oracles.

    With ``scattered_goals`` no two goals are side by side, so every goal is a goal
    area of its own (:mod:`sokosolve.analysis.area_commitment`) and a search that commits
    to one area at a time has to get out of each.
    """
    rows = draw(st.integers(2, max_rows))
    cols = draw(st.integers(2, max_cols))
    interior = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    walls = draw(st.sets(st.sampled_from(interior), max_size=len(interior) // 3))
    open_squares = [s for s in interior if s not in walls]
    boxes_n = draw(st.integers(1, max_boxes))
    if len(open_squares) < 2 * boxes_n + 1:
        boxes_n = max(1, (len(open_squares) - 1) // 2)
    picks = draw(st.permutations(open_squares))
    player, boxes = picks[0], picks[1 : 1 + boxes_n]
    goals = draw(st.permutations(open_squares))
    if scattered_goals:
        apart = []
        for r, c in goals:
            if all(abs(r - r2) + abs(c - c2) > 1 for r2, c2 in apart):
                apart.append((r, c))
        goals = apart
        boxes_n = min(boxes_n, len(goals))
        boxes = boxes[:boxes_n]
    goals = goals[:boxes_n]
    grid = [["#"] * (cols + 2) for _ in range(rows + 2)]
    for r, c in open_squares:
        grid[r][c] = " "
    for r, c in goals:
        grid[r][c] = "."
    for r, c in boxes:
        grid[r][c] = "*" if (r, c) in goals else "$"
    r, c = player
    grid[r][c] = "+" if (r, c) in goals else "@"
    text = "\n".join("".join(row) for row in grid)
    try:
        return parse_level(text)
    except LevelError:
        # A box or goal walled off from the player: not a usable level.
        assume(False)
        raise


def boxes_can_reach_goals(level: Level, boxes: frozenset[int], player: int,
                          max_states: int = 200_000) -> bool:
    """Whether pushes take every box of ``boxes`` onto a goal of ``level`` (the other goals
    may stay empty), the player starting on ``player``: a plain BFS over pushes."""
    start = (boxes, min(flood(level, boxes, player)))
    seen = {start}
    frontier = [(boxes, player)]
    while frontier:
        following = []
        for here, at in frontier:
            if here <= level.goals:
                return True
            for moved, b in _pushes(level, here, at):
                key = (moved, min(flood(level, moved, b)))
                if key not in seen:
                    seen.add(key)
                    following.append((moved, b))
                    if len(seen) > max_states:
                        raise RuntimeError("reference search too large")
        frontier = following
    return False


def optimal_costs(level: Level, pushes_first: bool = False,
                  max_states: int = 200_000) -> tuple[int, int] | None:
    """The (moves, pushes) of the solution with the fewest moves, then pushes (with
    ``pushes_first``, the fewest pushes, then moves), by a plain Dijkstra over single
    steps of the player; None if ``level`` is unsolvable."""
    start = (level.player, level.boxes)
    best = {start: (0, 0)}
    frontier = [((0, 0), level.player, tuple(sorted(level.boxes)))]
    while frontier:
        cost, player, boxes_sorted = heapq.heappop(frontier)
        boxes = frozenset(boxes_sorted)
        if best[(player, boxes)] < cost:
            continue
        if boxes == level.goals:
            return (cost[1], cost[0]) if pushes_first else cost
        r, c = level.row_col(player)
        for dr, dc in STEPS.values():
            to = level.square(r + dr, c + dc)
            if to not in level.floor:
                continue
            moved = boxes
            pushed = 0
            if to in boxes:
                beyond = level.square(r + 2 * dr, c + 2 * dc)
                if beyond not in level.floor or beyond in boxes:
                    continue
                moved, pushed = (boxes - {to}) | {beyond}, 1
            step = (cost[0] + pushed, cost[1] + 1) if pushes_first else (cost[0] + 1,
                                                                          cost[1] + pushed)
            if step < best.get((to, moved), (1 << 60, 0)):
                best[(to, moved)] = step
                if len(best) > max_states:
                    raise RuntimeError("reference search too large")
                heapq.heappush(frontier, (step, to, tuple(sorted(moved))))
    return None
