"""The dive plan: a packing plan read off a greedy backward dive, one box taken away at a time.

Festival's backward search with bases often takes a level apart in a straight
dive: each of its moves pulls one box off its goal, with the other boxes
standing, all the way to a free start square (a *base*), where the box is
taken away. This module makes that dive greedily, with no search behind it:
from the solved position, it pulls away the box that the fewest pulls take
to a free base, then the next, until no box is left; a box once taken away
frees its squares for the others. Read forwards, the dive is a plan that
fills the goals one at a time, the last box taken away first, each straight
from its start square (:class:`~sokosolve.analysis.parking_plan.PlanStep`, for
the feature search's packed count as :mod:`~sokosolve.analysis.parking_plan`
has it).

Where no box left can get to a free base, the dive parks one: it pulls the
box nearest the bases, by the fewest pulls, to the first square from which
some other box can be taken away, and dives on; read forwards, the box goes
to that parking square first and on to its goal later (the step's ``until``).
The dive gets stuck where no parking frees a box (or after
:data:`MAX_PARKINGS` tries); it then gives no plan, and the feature search
counts by another (:func:`sokosolve.search.build.plan`). It tries each region
the player could end the level in.

>>> from sokosolve.level import parse_level
>>> board = Board.from_level(parse_level(
...     "#######\\n#@    #\\n# $$  #\\n# ..  #\\n#######"))
>>> [(board.to_level_square(s.source), board.to_level_square(s.target))
...  for s in dive_plan(board)]
[(17, 24), (16, 23)]
"""

from __future__ import annotations

from collections import deque

import numpy as np

from ..kernels.reach import scanline_fill
from .board import Board
from .parking_plan import PlanStep, moved_on
from .positions import region_seeds

#: The most (box, square) parkings the dive tries before it gives up.
MAX_PARKINGS = 400


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


def dive_plan(board: Board) -> list[PlanStep]:
    """The plan read off a greedy backward dive on ``board`` (see the module's docstring),
    in the order the goals are filled: one step per box, from its start square to its
    goal, and two for a box parked, the first with ``until`` the second; empty if the dive
    gets stuck from every region the player could end in. A box on a goal that is a start
    square is taken away at once (its step is the last, from that square to itself), as in
    Festival, where every start square is a base."""
    if not board.boxes.size:
        return []
    backward = board.reversed()  # dead: no pull takes a box from here to a start square
    least_pulls = backward.goal_distances.min(axis=0)  # to the nearest start square
    regions = PlayerRegions(board)
    for seed in region_seeds(backward):
        moves = _dive(board, backward.dead_squares, least_pulls, int(seed), regions)
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
          regions: PlayerRegions) -> list[tuple[int, int]]:
    """The dive's moves from the solved position, the player in ``player``'s region, as
    ``(from, to)`` in the order made: a box taken away at the base ``to``, or parked on
    ``to`` where none can be taken away; empty if the dive gets stuck."""
    boxes = {int(goal) for goal in board.goals}
    bases = {int(square) for square in board.boxes}
    occupied = board.walls.copy()
    occupied[board.goals] = 1
    moves = []
    while boxes:
        best = _taken_away(board, dead, least_pulls, occupied, boxes, bases, player, regions)
        if best is not None:
            _, box, base, player = best
            boxes.discard(box)
            bases.discard(base)
            occupied[box] = 0
        else:
            parked = _parked(board, dead, least_pulls, occupied, boxes, bases, player,
                             regions)
            if parked is None:
                return []
            box, base, player = parked
            boxes.discard(box)
            boxes.add(base)
            occupied[box] = 0
            occupied[base] = 1
        moves.append((box, base))
    return moves


def _taken_away(board: Board, dead: np.ndarray, least_pulls: np.ndarray,
                occupied: np.ndarray, boxes: set[int], bases: set[int], player: int,
                regions: PlayerRegions) -> tuple[int, int, int, int] | None:
    """``(pulls, box, base, player after)``: the box of ``boxes`` that the fewest pulls take
    to a free base, or None."""
    best = None
    for box in sorted(boxes, key=lambda square: (least_pulls[square], square)):
        if box in bases:  # on a start square already: taken away first, as in FESS
            return 0, box, box, player
        if best is not None and least_pulls[box] >= best[0]:
            break  # no box further on can be taken away in fewer pulls
        found = pull_to_base(board, dead, occupied, box, player, bases, regions)
        if found is not None and (best is None or found[0] < best[0]):
            best = (found[0], box, found[1], found[2])
    return best


def _parked(board: Board, dead: np.ndarray, least_pulls: np.ndarray, occupied: np.ndarray,
            boxes: set[int], bases: set[int], player: int,
            regions: PlayerRegions) -> tuple[int, int, int] | None:
    """``(box, square, player after)``: the first box, nearest the bases first, and the
    first square its pulls reach, fewest first, from which some other box can be taken
    away at a free base; None if none is found in :data:`MAX_PARKINGS` tries."""
    tries = 0
    for box in sorted(boxes, key=lambda square: (least_pulls[square], square)):
        for _, square, after in pulled(board, dead, occupied, box, player, regions):
            tries += 1
            if tries > MAX_PARKINGS:
                return None
            occupied[box] = 0
            occupied[square] = 1
            freed = next((True for other in boxes - {box} if pull_to_base(
                board, dead, occupied, other, after, bases, regions)), False)
            occupied[square] = 0
            occupied[box] = 1
            if freed:
                return box, square, after
    return None
