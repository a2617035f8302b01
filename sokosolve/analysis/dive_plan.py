"""The dive plan: a goal order read off a backward dive that takes the boxes away one by one.

Festival's backward search with bases often takes a level apart in a straight
dive: each of its moves pulls one box off its goal, with the other boxes
standing, all the way to a free start square (a *base*), where the box is
taken away. This module makes that dive greedily, with no search behind it:
from the solved position, it pulls away the box that the fewest pulls take
to a free base, then the next, until no box is left; a box once taken away
frees its squares for the others. Read forwards, the dive is a plan that
fills the goals one at a time, the last box taken away first, each straight
from its start square: a packing plan with no parking
(:class:`~sokosolve.analysis.parking_plan.PlanStep`, for the feature search's
packed count as :mod:`~sokosolve.analysis.parking_plan` has it).

The dive gets stuck where every box left needs another moved out of its way
first (boxes parked); it then gives no plan, and the feature search counts
by another (:func:`sokosolve.search.build.plan`). It tries each region the
player could end the level in.

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
from .parking_plan import PlanStep
from .positions import region_seeds


class _Regions:
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


def pull_to_base(board: Board, dead: np.ndarray, occupied: np.ndarray, box: int,
                 player: int, bases: set[int], regions: _Regions) -> tuple[int, int, int] | None:
    """``(pulls, base, player)``: the fewest pulls that take the box on ``box`` to one of
    ``bases`` with the others standing (``occupied``: walls and boxes, the box's square
    included), the base it lands on and where the player ends; None if none does. A box
    is not pulled onto a square of ``dead``."""
    offsets = board.offsets
    seen = {(box, regions.fill(occupied, player))}
    frontier = deque([(box, player, 0)])
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
                    return pulls + 1, to, behind
                occupied[to] = 1
                state = (to, regions.fill(occupied, behind))
                occupied[to] = 0
                if state not in seen:
                    seen.add(state)
                    frontier.append((to, behind, pulls + 1))
        return None
    finally:
        occupied[box] = 1


def dive_plan(board: Board) -> list[PlanStep]:
    """The plan read off a greedy backward dive on ``board`` (see the module's docstring):
    one step per box, from its start square to its goal, in the order the goals are
    filled; empty if the dive gets stuck from every region the player could end in. A box
    on a goal that is a start square is taken away at once (its step is the last, from
    that square to itself), as in Festival, where every start square is a base."""
    if not board.boxes.size:
        return []
    backward = board.reversed()  # dead: no pull takes a box from here to a start square
    least_pulls = backward.goal_distances.min(axis=0)  # to the nearest start square
    regions = _Regions(board)
    for seed in region_seeds(backward):
        taken = _dive(board, backward.dead_squares, least_pulls, int(seed), regions)
        if taken:
            return [PlanStep(base, goal, -1) for goal, base in reversed(taken)]
    return []


def _dive(board: Board, dead: np.ndarray, least_pulls: np.ndarray, player: int,
          regions: _Regions) -> list[tuple[int, int]]:
    """The boxes taken away from the solved position, the player in ``player``'s region,
    as ``(goal, base)`` in the order taken; empty if the dive gets stuck."""
    boxes = {int(goal) for goal in board.goals}
    bases = {int(square) for square in board.boxes}
    occupied = board.walls.copy()
    occupied[board.goals] = 1
    taken = []
    while boxes:
        best = None  # (pulls, box, base, player after)
        for box in sorted(boxes, key=lambda square: (least_pulls[square], square)):
            if box in bases:  # on a start square already: taken away first, as in FESS
                best = (0, box, box, player)
                break
            if best is not None and least_pulls[box] >= best[0]:
                break  # no box further on can be taken away in fewer pulls
            found = pull_to_base(board, dead, occupied, box, player, bases, regions)
            if found is not None and (best is None or found[0] < best[0]):
                best = (found[0], box, found[1], found[2])
        if best is None:
            return []
        _, box, base, player = best
        boxes.discard(box)
        bases.discard(base)
        occupied[box] = 0
        taken.append((box, base))
    return taken
