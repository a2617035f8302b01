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
box, nearest the bases first, to a square its pulls reach, those from which
some other box can be taken away first, then the others as Festival's
backward search ranks pulls (:meth:`_Dive.parking_rank`: fewest free areas,
fewest boxes left on goals, the box taken furthest from the goals); read
forwards, the box goes to that parking square first and on to its goal later
(the step's ``until``). No path parks more than twice as many times as there
are boxes.

Where the greedy move gets stuck, the dive searches best first, as
Festival's backward search does: its positions sit in cells by the boxes
left, one root for each region the player could end the level in; it takes
a cell in turn and the cell of the fewest boxes left by turns, and in a
cell the position whose path took the fewest moves other than the greedy
one, making that position's next move only (so a position's moves are
searched as they are needed). It gives up after :data:`MAX_NODES` positions
or :data:`SECONDS` (then there is no plan, and the feature search counts by
another, :func:`sokosolve.search.build.plan`).

>>> from sokosolve.level import parse_level
>>> board = Board.from_level(parse_level(
...     "#######\\n#@    #\\n# $$  #\\n# ..  #\\n#######"))
>>> [(board.to_level_square(s.source), board.to_level_square(s.target))
...  for s in dive_plan(board)]
[(17, 24), (16, 23)]
"""

from __future__ import annotations

import heapq
import time
from typing import NamedTuple

import numpy as np

from ..kernels.feature_space import label_areas
from ..kernels.lone_pulls import pull_positions
from ..kernels.reach import scanline_fill
from .board import Board
from .parking_plan import PlanStep, moved_on
from .positions import region_seeds

#: The most positions the dive visits, and the seconds it takes, before it gives up.
MAX_NODES = 5000
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
    bases: np.ndarray,
) -> tuple[int, int, int] | None:
    """``(pulls, base, player)``: the fewest pulls that take the box on ``box`` to a square
    marked in ``bases`` with the others standing (``occupied``: walls and boxes, the box's
    square included), the base it lands on and where the player ends; None if none does.
    A box is not pulled onto a square of ``dead``."""
    reached, _ = pull_positions(occupied, board.width, board.offsets, dead, bases, box, player)
    if not len(reached):
        return None
    pulls, square, after = (int(value) for value in reached[-1, :3])
    return (pulls, square, after) if bases[square] and square != box else None


def pulled(board: Board, dead: np.ndarray, occupied: np.ndarray, box: int,
           player: int) -> list[tuple[int, int, int]]:
    """``(pulls, square, player)`` for each position that pulls of the box on ``box`` reach,
    fewest pulls first; as :func:`pull_to_base`."""
    reached, _ = pull_positions(occupied, board.width, board.offsets, dead,
                                np.zeros_like(occupied), box, player)
    return [(pulls, square, after) for pulls, square, after, _, _ in reached.tolist()]


def dive_plan(board: Board, seconds: float = SECONDS) -> list[PlanStep]:
    """The plan read off a backward dive on ``board`` (see the module's docstring),
    in the order the goals are filled: one step per box, from its start square to its
    goal, and two for a box parked, the first with ``until`` the second; empty if no dive
    is found in ``seconds`` from any region the player could end in. A box on a goal that
    is a start square is pulled like the others, to another base (Festival takes no box
    away without a pull): where it stands it may block the goals behind it."""
    if not board.boxes.size:
        return []
    backward = board.reversed()  # dead: no pull takes a box from here to a start square
    least_pulls = backward.goal_distances.min(axis=0)  # to the nearest start square
    dive = _Dive(board, backward.dead_squares, least_pulls, PlayerRegions(board))
    moves = _dive(dive, region_seeds(backward).tolist(), time.perf_counter() + seconds)
    return _forward_steps(moves) if moves else []


def _forward_steps(moves: list[tuple[int, int]]) -> list[PlanStep]:
    """The dive's moves ``(from, to)`` read forwards, each a step ``to`` to ``from``, with
    ``until`` the next step that moves its box on."""
    sources = [to for _, to in reversed(moves)]
    targets = [origin for origin, _ in reversed(moves)]
    until = moved_on(sources, targets)
    return [PlanStep(*step) for step in zip(sources, targets, until, strict=True)]


class _Position(NamedTuple):
    """A position the dive reached, the move that made it and the position it was made in."""

    boxes: frozenset[int]
    bases: frozenset[int]
    player: int
    parkings: int
    parent: int  # -1 at a root
    move: tuple[int, int] | None  # (from, to)


def _dive(dive: _Dive, players: list[int], deadline: float) -> list[tuple[int, int]]:
    """The dive's moves from the solved position as ``(from, to)`` in the order made: a
    box taken away at the base ``to``, or parked on ``to``; empty if none is found by
    ``deadline`` or in :data:`MAX_NODES` positions. Best first (see the module's
    docstring): each of ``players`` is a root."""
    boxes = len(dive.boxes)
    positions: list[_Position] = []
    moves: list = []  # each position's moves still to make, once it has been picked
    seen = set()
    cells: list[list[tuple[int, int, int]]] = [[] for _ in range(boxes + 1)]
    for player in players:
        dive.player = player
        key = dive.key()
        if key not in seen:
            seen.add(key)
            cells[boxes].append((0, -len(positions), len(positions)))
            positions.append(_Position(frozenset(dive.boxes), frozenset(dive.bases), player,
                                       0, -1, None))
            moves.append(None)
    heapq.heapify(cells[boxes])
    turn = boxes
    picks = 0
    while len(positions) < MAX_NODES and time.perf_counter() < deadline:
        holding = [cell for cell, heap in enumerate(cells) if heap]
        if not holding:
            return []  # every move of every position made
        picks += 1
        if picks & 1:  # the cell of the fewest boxes left
            cell = holding[0]
        else:  # the cells in turn, from more boxes left to fewer
            cell = max((c for c in holding if c < turn), default=holding[-1])
            turn = cell
        strayed, order, index = heapq.heappop(cells[cell])
        dive.place(positions[index])
        if moves[index] is None:
            moves[index] = _moves(dive)
        move = next(moves[index], None)
        if move is None:
            continue
        heapq.heappush(cells[cell], (strayed + 1, order, index))  # its next: off the greedy
        dive.make(move)
        key = dive.key()
        if key in seen:
            continue
        seen.add(key)
        positions.append(_Position(frozenset(dive.boxes), frozenset(dive.bases), dive.player,
                                   dive.parkings, index, move[:2]))
        moves.append(None)
        if not dive.boxes:
            return _path(positions, len(positions) - 1)
        heapq.heappush(cells[len(dive.boxes)], (strayed, -len(positions), len(positions) - 1))
    return []


def _path(positions: list[_Position], index: int) -> list[tuple[int, int]]:
    """The moves from a root to the position ``index``."""
    path = []
    while positions[index].parent >= 0:
        path.append(positions[index].move)
        index = positions[index].parent
    return path[::-1]


class _Dive:
    """The dive's position: the boxes still on the board, the free bases and the player."""

    def __init__(self, board: Board, dead: np.ndarray, least_pulls: np.ndarray,
                 regions: PlayerRegions) -> None:
        self.board, self.dead, self.least_pulls, self.regions = board, dead, least_pulls, regions
        self.boxes = {int(goal) for goal in board.goals}
        self.bases = {int(square) for square in board.boxes}
        self.base_mask = np.zeros_like(board.walls)  # the free bases, as pull_positions has them
        self.base_mask[board.boxes] = 1
        self.occupied = board.walls.copy()
        self.occupied[board.goals] = 1
        self.player = -1
        self.parkings = 0  # made on the way here: capped (:func:`_parkings`)
        self.goal_pushes = board.goal_distances.min(axis=0)  # to the nearest goal
        self.area_marks = np.zeros(board.walls.size, dtype=np.int32)  # the search's type
        self.area_label = 1

    def place(self, position: _Position) -> None:
        """Sets the dive to ``position``."""
        self.occupied[list(self.boxes)] = 0
        self.base_mask[list(self.bases)] = 0
        self.boxes, self.bases = set(position.boxes), set(position.bases)
        self.base_mask[list(self.bases)] = 1
        self.occupied[list(self.boxes)] = 1
        self.player, self.parkings = position.player, position.parkings

    def key(self) -> tuple:
        return (frozenset(self.boxes), frozenset(self.bases),
                self.regions.fill(self.occupied, self.player))

    def make(self, move: tuple[int, int, int]) -> None:
        """Takes the box on ``move[0]`` away at the base ``move[1]``, or parks it there if
        that is not a free base; the player ends on ``move[2]``."""
        box, to, after = move
        self.boxes.discard(box)
        self.occupied[box] = 0
        if to in self.bases:
            self.bases.discard(to)
            self.base_mask[to] = 0
        else:
            self.boxes.add(to)
            self.occupied[to] = 1
            self.parkings += 1
        self.player = after

    def nearest_first(self) -> list[int]:
        return sorted(self.boxes, key=lambda square: (self.least_pulls[square], square))

    def parking_rank(self, box: int, square: int) -> tuple[int, int, int]:
        """How a parking that frees no box ranks, as Festival's backward search scores a
        pull: first the fewest free areas after it, then the fewest boxes left on goals,
        then the box taken furthest from the goals."""
        if self.area_label > 1 << 30:  # labels run on from call to call: start afresh
            self.area_marks[:] = 0
            self.area_label = 1
        self.occupied[box] = 0
        self.occupied[square] = 1
        areas = label_areas(self.occupied, self.board.width, self.area_marks,
                            self.area_label, self.regions.stack)
        self.area_label += areas
        self.occupied[square] = 0
        self.occupied[box] = 1
        goals = self.board.goal_mask
        return (areas, int(goals[square]) - int(goals[box]),
                int(self.goal_pushes[box]) - int(self.goal_pushes[square]))


def _moves(dive: _Dive):
    """The moves from the dive's position, ``(box, to, player after)``, as they are tried:
    the box that the fewest pulls take to a free base; then every box to every free base
    it reaches (other than its own square), fewest pulls first; then the parkings
    (:func:`_parkings`)."""
    board, dead, player = dive.board, dive.dead, dive.player
    nearest = dive.nearest_first()
    best = _taken_away(dive, nearest)
    if best is not None:
        yield best[1:]
    # each box's pulls, nearest the bases first: its landings on free bases, its parkings
    reach = {box: pulled(board, dead, dive.occupied, box, player) for box in nearest}
    landings = sorted((pulls, box, square, after) for box, reached in reach.items()
                      for pulls, square, after in reached
                      if square in dive.bases and square != box)
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
                             dive.base_mask)
        if found is not None and (best is None or found[0] < best[0]):
            best = (found[0], box, found[1], found[2])
    return best


def _parkings(dive: _Dive, reach: dict[int, list[tuple[int, int, int]]]):
    """``(box, square, player after)``: each box, nearest the bases first, on each square
    its pulls reach (``reach``, as :func:`pulled` gives them), fewest first: first those
    from which some other box can be taken away at a free base, then the others (some
    levels need two boxes moved aside before a third can go) as
    :meth:`_Dive.parking_rank` ranks them; none once the path has parked twice as many
    times as there are boxes."""
    board, dead, occupied = dive.board, dive.dead, dive.occupied
    if dive.parkings >= 2 * len(dive.board.goals):
        return
    others = []
    for box, reached in reach.items():
        for _, square, after in reached:
            if square in dive.bases:
                continue
            occupied[box] = 0
            occupied[square] = 1
            freed = any(pull_to_base(board, dead, occupied, other, after, dive.base_mask)
                        for other in dive.boxes - {box})
            occupied[square] = 0
            occupied[box] = 1
            if freed:
                yield box, square, after
            else:
                others.append((box, square, after))
    yield from sorted(others, key=lambda move: dive.parking_rank(move[0], move[1]))
