"""The packing plan: an order to fill the goals in, for the feature-space search.

Boxes on goals are not all progress: a box parked on the goal at a room's
door blocks the goals behind it. The plan is worked out before the search
by taking the solved position apart, as in FESS and JSoko: with every goal
boxed and the player outside, a box that can be pulled off its goal and out
to a square that some box from the start can be pushed to (failing that,
just off the goals) is the one that went in last; take it away, with one of
the start boxes that can get there, and repeat.
Read backwards, that is an order to fill the goals in; and a goal that a
box or the player went over while a box was taken out (the walks steer
round goals where they can) was empty then, so it is filled after that box's
goal. Those are the only orders the plan keeps: it is a partial order, and a
one-wide row of goals open at both ends is filled from either end, each end
taking as many goals as it has boxes to bring.

The plan's *packed* count of a position, the search's packing feature in
place of the count of boxes on goals, is how many goals are boxed with
every goal they come after packed.

>>> from sokosolve.level import parse_level
>>> from sokosolve.analysis.board import Board
>>> board = Board.from_level(parse_level(
...     "########\\n#@ $$  #\\n#   ####\\n#   ..#\\n#######"))
>>> [(board.to_level_square(goal), sorted(board.to_level_square(g) for g in after))
...  for goal, after in packing_plan(board)]
[(29, []), (28, [29])]
"""

from __future__ import annotations

import heapq
from collections import deque
from typing import NamedTuple

import numpy as np

from ..kernels.distances import box_distances, cap_unreachable
from ..kernels.layout import Plan
from .board import Board
from .packing import region


class PlannedGoal(NamedTuple):
    """A goal of the plan and the goals that are filled before it: it counts as packed only
    when they are."""

    goal: int
    after: frozenset[int]


#: Pull positions tried per box and step of the plan; past that the box counts as stuck.
MAX_PULL_STATES = 2_000


def _fed(free: set[int], starts: set[int], offsets: list[int]) -> set[int]:
    """The squares that a box from ``starts`` can be pushed to over ``free``, each box alone
    and the player free to walk anywhere."""
    seen = set(starts)
    queue = deque(starts)
    while queue:
        t = queue.popleft()
        for o in offsets:
            if t + o in free and t - o in free and t + o not in seen:
                seen.add(t + o)
                queue.append(t + o)
    return seen


def _pulls_out(
    box: int, floor: set[int], filled: set[int], exits: set[int], outside: set[int],
    offsets: list[int],
) -> list[tuple[int, int]] | None:
    """The fewest pulls that take ``box`` to one of ``exits``, the player starting
    ``outside`` and getting back there, with ``filled`` boxed, as ``(box square, player
    square)`` before each pull; None if there are none (within :data:`MAX_PULL_STATES`)."""
    free = floor - filled
    seeds = outside & free
    reach: set[int] = set()
    for seed in seeds:
        if seed not in reach and seed != box:
            reach |= region(free - {box}, offsets, seed)
    nodes = [(box, -1)]  # (box square, parent node)
    frontier = deque([(0, reach)])
    seen = {(box, min(reach))} if reach else set()
    while frontier and len(seen) < MAX_PULL_STATES:
        node, reach = frontier.popleft()
        square = nodes[node][0]
        for o in offsets:
            player, behind = square + o, square + 2 * o
            if player not in reach or behind not in free:
                continue
            after = region(free - {player}, offsets, behind)
            if player in exits and after & seeds:
                pulls = [(square, player)]
                while node > 0:  # the player stood where its box went
                    pulls.append((nodes[nodes[node][1]][0], nodes[node][0]))
                    node = nodes[node][1]
                return pulls[::-1]
            state = (player, min(after))
            if state not in seen:
                seen.add(state)
                nodes.append((player, node))
                frontier.append((len(nodes) - 1, after))
    return None


def _walk(free: set[int], sources: set[int], targets: set[int], avoid: set[int],
          offsets: list[int]) -> list[int]:
    """A walk over ``free`` from one of ``sources`` to one of ``targets`` that steps on as
    few squares of ``avoid`` as it can, then as few squares as it can."""
    best = {s: (s in avoid, 0) for s in sources}
    came: dict[int, int] = {}
    queue = [(cost, s) for s, cost in best.items()]
    heapq.heapify(queue)
    while queue:
        cost, s = heapq.heappop(queue)
        if cost > best[s]:
            continue
        if s in targets:
            walk = [s]
            while walk[-1] in came:
                walk.append(came[walk[-1]])
            return walk
        for o in offsets:
            t = s + o
            step = (cost[0] + (t in avoid), cost[1] + 1)
            if t in free and (t not in best or step < best[t]):
                best[t] = step
                came[t] = s
                heapq.heappush(queue, (step, t))
    return []


def _squares_used(
    pulls: list[tuple[int, int]], free: set[int], seeds: set[int], avoid: set[int],
    offsets: list[int],
) -> set[int]:
    """The squares the box and the player go over to make ``pulls``, the player walking
    from ``seeds`` to each pull and back, round ``avoid`` where it can."""
    used: set[int] = set()
    walker = seeds
    for square, player in pulls:
        used |= {square, player}
        used.update(_walk(free - {square}, walker, {player}, avoid, offsets))
        walker = {2 * player - square}  # the player steps back as it pulls
        used |= walker
    last = pulls[-1][1]
    used.update(_walk(free - {last}, walker, seeds, avoid, offsets))
    return used


def packing_plan(board: Board) -> list[PlannedGoal]:
    """The goals of ``board`` in the order the plan fills them, each with the goals that
    are filled before it."""
    offsets = [int(o) for o in board.offsets]
    floor = set(np.flatnonzero(board.walls == 0).tolist())
    goals = set(board.goals.tolist())
    starts = {int(b) for b in board.boxes} - goals
    outside = starts | ({int(board.player)} - goals)
    filled = set(goals)
    removed: list[tuple[int, set[int]]] = []  # goals taken apart, each with the squares used
    unused = set(starts)  # start boxes not yet sent to a goal taken apart
    while filled:
        # Best, a box comes out to where a start box not yet used can be pushed with the
        # other goals boxed; failing that, off the goals at all. If none does, the rest
        # are taken in square order, with no order among them.
        best = None
        feeds = {s: _fed(floor - filled, {s}, offsets) - goals for s in unused}
        fed = set().union(*feeds.values())
        for exits in (fed, floor - goals):
            for box in sorted(filled):
                pulls = _pulls_out(box, floor, filled - {box}, exits, outside, offsets)
                if pulls is not None and (best is None or len(pulls) < len(best[1])):
                    best = (box, pulls)
            if best:
                break
        box = best[0] if best else min(filled)
        if best:
            # The box that fills this goal is one of the start boxes that reach where it
            # came out (the player stood there for the last pull): the one with the fewest
            # other places to go. Each end of a goal area gets as many goals as boxes.
            feeders = [s for s in unused if best[1][-1][1] in feeds[s]]
            if feeders:
                unused.remove(min(feeders, key=lambda s: (len(feeds[s]), s)))
        filled.remove(box)
        free = floor - filled
        emptied = goals - filled - {box}
        used = (_squares_used(best[1], free, outside & free, emptied, offsets)
                if best else set())
        removed.append((box, used & emptied))
    # The goals a box went over on its way out were empty then: they are filled after it.
    after: dict[int, set[int]] = {box: set() for box, _ in removed}
    for box, crossed in removed:
        for goal in crossed:
            after[goal].add(box)
    return [PlannedGoal(box, frozenset(after[box])) for box, _ in reversed(removed)]


def plan_tables(plan: list[PlannedGoal]) -> Plan:
    """The plan as flat int32 arrays for the search kernel: the goals in fill order; the
    positions in that order of the goals each one comes after are
    ``after[first[k]:first[k + 1]]`` (and no goal areas, no parking)."""
    position = {step.goal: k for k, step in enumerate(plan)}
    after = [sorted(position[g] for g in step.after) for step in plan]
    first = np.cumsum([0] + [len(a) for a in after]).astype(np.int32)
    goals = np.array([step.goal for step in plan], dtype=np.int32)
    return Plan(goals, first, np.array([k for a in after for k in a], dtype=np.int32))


def goal_distances(board: Board, plan: Plan) -> np.ndarray:
    """int32 ``[k, square]``: the pushes that take a lone box from each square to the plan's
    k-th goal while every goal that goal comes after, directly or not, is boxed (a wall);
    for the feature search's steer toward the goals the plan fills next.

    Squares from which the goal cannot be reached get one more than the largest distance
    there is: such a box is pushed no closer to the plan's next goals.

    >>> from sokosolve.level import parse_level
    >>> board = Board.from_level(parse_level("#######\\n#@$$..#\\n#     #\\n#######"))
    >>> plan = plan_tables(packing_plan(board))
    >>> [board.to_level_square(goal) for goal in plan.goals]  # the far goal first
    [12, 11]
    >>> distances = goal_distances(board, plan)
    >>> [int(distances[k, board.from_level_square(9)]) for k in range(2)]
    [3, 2]
    >>> int(distances[0, board.from_level_square(15)])  # along the wall: never, 3 + 1
    4
    """
    steps = plan.goals.size
    before = [set(plan.after[plan.first[k]:plan.first[k + 1]].tolist()) for k in range(steps)]
    for k in range(steps):  # the goals come after those they come after: close the sets
        for j in sorted(before[k]):
            before[k] |= before[j]
    distances = np.empty((steps, board.walls.size), dtype=np.int32)
    for k in range(steps):
        walls = board.walls.copy()
        walls[plan.goals[sorted(before[k])]] = 1
        distances[k] = box_distances(walls, plan.goals[k:k + 1], board.offsets, False)[0]
    return cap_unreachable(distances)
