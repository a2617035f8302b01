"""The dive plan: a packing plan read off a backward dive, one box taken away at a time.

Festival's backward search with bases often takes a level apart in a straight
dive: each of its moves pulls one box off its goal, with the other boxes
standing, all the way to a free start square (a *base*), where the box is
taken away. This module makes that dive: from the solved position, it pulls
away the box that the fewest pulls take to a free base, then the next, until
no box is left; a box once taken away frees its squares for the others.
Read forwards, the dive is a plan that fills the goals one at a time, the
last box taken away first, each straight from its start square
(:class:`~sokosolve.analysis.parking_plan.PlanStep`, for the feature search's
packed count as :mod:`~sokosolve.analysis.parking_plan` has it).

Where no box left can get to a free base, the dive parks one: it pulls a
box, nearest the bases first, to a square from which some other box can be
taken away, and dives on; read forwards, the box goes to that parking square
first and on to its goal later (the step's ``until``). Where the dive gets
stuck, it backtracks, depth first: the greedy move is tried first, then
every other box to every free base, then the parkings, no more parkings on
the way than there are boxes. Where that finds no dive, a second, loose pass
also parks boxes that free no other at once, twice as many times. Each pass
gives up after :data:`MAX_NODES` positions, and both after :data:`SECONDS`
(then there is no plan, and the feature search counts by another,
:func:`sokosolve.search.build.plan`). It tries each region the player could
end the level in.

>>> from sokosolve.level import parse_level
>>> board = Board.from_level(parse_level(
...     "#######\\n#@    #\\n# $$  #\\n# ..  #\\n#######"))
>>> [(board.to_level_square(s.source), board.to_level_square(s.target))
...  for s in dive_plan(board)]
[(17, 24), (16, 23)]
"""

from __future__ import annotations

import time
from collections import deque

import numpy as np

from ..kernels.reach import scanline_fill
from .board import Board
from .parking_plan import PlanStep, moved_on
from .positions import region_seeds

#: The most positions the dive visits, and the seconds it takes, before it gives up.
MAX_NODES = 400
SECONDS = 1.0


class PlayerRegions:
    """The player's region on a board, by the jitted scanline fill."""

    def __init__(self, board: Board) -> None:
        self.width = board.width
        self.marks = np.zeros(board.walls.size, dtype=np.int32)
        self.stack = np.empty(2 * board.walls.size + 4, dtype=np.int64)
        self.stamp = 0

    def fill(self, occupied: np.ndarray, player: int) -> int:
        """Marks the player's region with a new stamp; returns its canonical square."""
        self.stamp += 1
        return int(scanline_fill(occupied, self.width, player, self.marks, self.stamp,
                                 self.stack))

    def holds(self, square: int) -> bool:
        """Whether ``square`` is in the region filled last."""
        return bool(self.marks[square] == self.stamp)


def pull_to_base(
    board: Board, dead: np.ndarray, occupied: np.ndarray, box: int, player: int,
    bases: set[int], regions: PlayerRegions,
) -> tuple[int, int, int] | None:
    """``(pulls, base, player)``: the fewest pulls that take the box on ``box`` to one of
    ``bases`` with the others standing (``occupied``: walls and boxes, the box's square
    included), the base it lands on and where the player ends; None if none does. A box
    is not pulled onto a square of ``dead``."""
    reached = pulled(board, dead, occupied, box, player, regions, bases)
    return reached[-1] if reached and reached[-1][1] in bases else None


def pulled(board: Board, dead: np.ndarray, occupied: np.ndarray, box: int, player: int,
           regions: PlayerRegions, bases: set[int] = frozenset()) -> list[tuple[int, int, int]]:
    """``(pulls, square, player)`` for each position that pulls of the box on ``box`` reach,
    fewest pulls first, up to the first on one of ``bases``; as :func:`pull_to_base`."""
    offsets = board.offsets
    seen = {(box, regions.fill(occupied, player))}
    frontier = deque([(box, player, 0)])
    reached = []
    occupied[box] = 0
    try:
        while frontier:
            square, at, pulls = frontier.popleft()
            occupied[square] = 1
            regions.fill(occupied, at)
            steps = []
            for offset in offsets:  # the player steps back from the box, pulling it along
                to = square + int(offset)
                if regions.holds(to) and not occupied[to + offset] and not dead[to]:
                    steps.append((to, to + int(offset)))
            occupied[square] = 0
            for to, behind in steps:
                if to in bases:
                    reached.append((pulls + 1, to, behind))
                    return reached
                occupied[to] = 1
                state = (to, regions.fill(occupied, behind))
                occupied[to] = 0
                if state not in seen:
                    seen.add(state)
                    reached.append((pulls + 1, to, behind))
                    frontier.append((to, behind, pulls + 1))
        return reached
    finally:
        occupied[box] = 1


def dive_plan(board: Board, seconds: float = SECONDS) -> list[PlanStep]:
    """The plan read off a backward dive on ``board`` (see the module's docstring),
    in the order the goals are filled: one step per box, from its start square to its
    goal, and two for a box parked, the first with ``until`` the second; empty if no dive
    is found in ``seconds`` from any region the player could end in. A box on a goal that
    is a start square is taken away at once (its step is the last, from that square to
    itself), as in Festival, where every start square is a base."""
    if not board.boxes.size:
        return []
    backward = board.reversed()  # dead: no pull takes a box from here to a start square
    least_pulls = backward.goal_distances.min(axis=0)  # to the nearest start square
    regions = PlayerRegions(board)
    deadline = time.perf_counter() + seconds
    for loose in (False, True):
        for seed in region_seeds(backward):
            moves = _dive(board, backward.dead_squares, least_pulls, int(seed), regions,
                          deadline, loose)
            if moves:
                return _forward_steps(moves)
    return []


def _forward_steps(moves: list[tuple[int, int]]) -> list[PlanStep]:
    """The dive's moves ``(from, to)`` read forwards, each a step ``to`` to ``from``, with
    ``until`` the next step that moves its box on."""
    sources = [to for _, to in reversed(moves)]
    targets = [origin for origin, _ in reversed(moves)]
    until = moved_on(sources, targets)
    return [PlanStep(*step) for step in zip(sources, targets, until, strict=True)]


def _dive(board: Board, dead: np.ndarray, least_pulls: np.ndarray, player: int,
          regions: PlayerRegions, deadline: float, loose: bool) -> list[tuple[int, int]]:
    """The dive's moves from the solved position, the player in ``player``'s region, as
    ``(from, to)`` in the order made: a box taken away at the base ``to``, or parked on
    ``to``; empty if none is found by ``deadline`` or in :data:`MAX_NODES` positions.
    Depth first: the greedy move first (:func:`_moves`), the others where it gets stuck;
    ``loose``: with every parking (:func:`_parkings`)."""
    dive = _Dive(board, dead, least_pulls, regions, player, loose)
    seen = {dive.key()}
    frames = [(_moves(dive), None)]
    moves = []
    while frames:
        if not dive.boxes:
            return moves
        children, _ = frames[-1]
        move = next(children, None)
        if move is None:
            _, made = frames.pop()
            if made is not None:
                dive.undo(made)
                moves.pop()
            continue
        made = dive.make(move)
        key = dive.key()
        if key in seen:
            dive.undo(made)
            continue
        if len(seen) >= MAX_NODES or time.perf_counter() > deadline:
            return []
        seen.add(key)
        moves.append(move[:2])
        frames.append((_moves(dive), made))
    return []


class _Dive:
    """The dive's position: the boxes still on the board, the free bases and the player."""

    def __init__(self, board: Board, dead: np.ndarray, least_pulls: np.ndarray,
                 regions: PlayerRegions, player: int, loose: bool = False) -> None:
        self.board, self.dead, self.least_pulls, self.regions = board, dead, least_pulls, regions
        self.loose = loose
        self.boxes = {int(goal) for goal in board.goals}
        self.bases = {int(square) for square in board.boxes}
        self.occupied = board.walls.copy()
        self.occupied[board.goals] = 1
        self.player = player
        self.parkings = 0  # made on the way here: capped (:func:`_parkings`)

    def key(self) -> tuple:
        return (frozenset(self.boxes), frozenset(self.bases),
                self.regions.fill(self.occupied, self.player))

    def make(self, move: tuple[int, int, int]) -> tuple:
        """Takes the box on ``move[0]`` away at the base ``move[1]``, or parks it there if
        that is not a free base; the player ends on ``move[2]``. Returns what undoes it."""
        box, to, after = move
        made = (box, to, self.player, to in self.bases)
        self.boxes.discard(box)
        self.occupied[box] = 0
        if to in self.bases:
            self.bases.discard(to)
        else:
            self.boxes.add(to)
            self.occupied[to] = 1
            self.parkings += 1
        self.player = after
        return made

    def undo(self, made: tuple) -> None:
        box, to, player, taken = made
        if taken:
            self.bases.add(to)
        else:
            self.boxes.discard(to)
            self.occupied[to] = 0
            self.parkings -= 1
        self.boxes.add(box)
        self.occupied[box] = 1
        self.player = player

    def nearest_first(self) -> list[int]:
        return sorted(self.boxes, key=lambda square: (self.least_pulls[square], square))


def _moves(dive: _Dive):
    """The moves from the dive's position, ``(box, to, player after)``, as they are tried:
    a box on a free base taken away at once (alone); else the box that the fewest pulls
    take to a free base; then every box to every free base it reaches, fewest pulls
    first; then the parkings from which some other box can be taken away."""
    board, dead, regions, player = dive.board, dive.dead, dive.regions, dive.player
    nearest = dive.nearest_first()
    on_base = next((box for box in nearest if box in dive.bases), None)
    if on_base is not None:  # on a start square already: taken away first, as in FESS
        yield on_base, on_base, player
        return
    best = _taken_away(dive, nearest)
    if best is not None:
        yield best[1:]
    # each box's pulls, nearest the bases first: its landings on free bases, its parkings
    reach = {box: pulled(board, dead, dive.occupied, box, player, regions) for box in nearest}
    landings = sorted((pulls, box, square, after) for box, reached in reach.items()
                      for pulls, square, after in reached if square in dive.bases)
    for _, box, base, after in landings:
        if best is None or (box, base) != best[1:3]:
            yield box, base, after
    yield from _parkings(dive, reach)


def _taken_away(dive: _Dive, nearest: list[int]) -> tuple[int, int, int, int] | None:
    """``(pulls, box, base, player after)``: the box of the dive's ``nearest`` (its boxes,
    nearest the bases first) that the fewest pulls take to a free base, or None."""
    best = None
    for box in nearest:
        if best is not None and dive.least_pulls[box] >= best[0]:
            break  # no box further on can be taken away in fewer pulls
        found = pull_to_base(dive.board, dive.dead, dive.occupied, box, dive.player,
                             dive.bases, dive.regions)
        if found is not None and (best is None or found[0] < best[0]):
            best = (found[0], box, found[1], found[2])
    return best


def _parkings(dive: _Dive, reach: dict[int, list[tuple[int, int, int]]]):
    """``(box, square, player after)``: each box, nearest the bases first, on each square
    its pulls reach (``reach``, as :func:`pulled` gives them), fewest first, from which
    some other box can be taken away at a free base; no more parkings on a path than there
    are boxes. A ``loose`` dive then parks anywhere its pulls reach, twice as many times:
    some levels need two boxes moved aside before a third can go."""
    board, dead, regions, occupied = dive.board, dive.dead, dive.regions, dive.occupied
    if dive.parkings >= len(dive.board.goals) * (2 if dive.loose else 1):
        return
    others = []  # parkings that free no box at once, for a loose dive
    for box, reached in reach.items():
        for _, square, after in reached:
            if square in dive.bases:
                continue
            occupied[box] = 0
            occupied[square] = 1
            freed = any(pull_to_base(board, dead, occupied, other, after, dive.bases, regions)
                        for other in dive.boxes - {box})
            occupied[square] = 0
            occupied[box] = 1
            if freed:
                yield box, square, after
            elif dive.loose:
                others.append((box, square, after))
    yield from others
