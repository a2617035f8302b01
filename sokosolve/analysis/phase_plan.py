"""The phase plan: the goals filled in phases, with boxes parked on the way, as YASS does.

The plan is worked out by taking the solved position apart (after Brian
Damgaard's YASS): every goal boxed, the player in one of the regions the goals
leave it. A *removal phase* takes away at once every box that can be pulled,
alone and the others standing still, to a start square not yet used, the player
able to walk back after; the box is then taken off the board (each start square
takes one box). A box the player cannot walk back from goes alone, and the
player goes on from where the pulls leave it: it may have to cross to another
part of the level. Boxes go away only once the player has reached every start
square on the way (YASS's rule: until then it cannot know which start squares
it will need). When no box can go, or while some start square is out of the
player's reach, one is *parked*: pulled off its goal to
the square furthest from it that the player can leave it on and get back to the
goal from, and that some unused start square reaches, and taken away later like
the others, once no goal holds a box. A depth-first search over these choices
(all the boxes that can go at once, then each alone, then each that strands the
player, then each parking) backs up when it gets stuck, within its time; of the
player's regions, the one whose steps park the fewest boxes wins.

Read forwards, the steps are the plan's phases, the last removal first: each
phase is the set of targets (goals, or squares where a box is parked) to box,
in any order, while the targets of the earlier phases stay boxed; a parked
box leaves its square in the phase that takes it to its goal.

>>> from sokosolve.level import parse_level
>>> from sokosolve.analysis.board import Board
>>> board = Board.from_level(parse_level("########\\n#@$$ ..#\\n########"))
>>> plan = phase_plan(board, 1.0)
>>> [[board.to_level_square(t) for t in plan.phase(p)] for p in range(plan.phases)]
[[14], [13]]
"""

from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np

from ..kernels.distances import UNREACHABLE, box_distances, cap_unreachable
from ..kernels.layout import Plan
from ..kernels.lone_pulls import HOME, ORIGIN, lone_pulls
from ..kernels.reach import scanline_fill
from .board import Board
from .positions import region_seeds

#: Boxes parked, over the whole search, before it gives up.
MAX_PARKINGS = 2_000
#: The share of the boxes, at the end of taking the level apart, that may be pulled to a
#: start square next to their goal.
END_GAME = 0.15


class PhasePlan(NamedTuple):
    """The targets in the order of their phases: phase ``p`` is
    ``targets[first[p]:first[p + 1]]``; ``vacate[k]`` is the phase in which target
    ``k``'s box moves on (a parking square), or the number of phases (a goal)."""

    targets: list[int]
    first: list[int]
    vacate: list[int]

    @property
    def phases(self) -> int:
        return len(self.first) - 1

    def phase(self, p: int) -> list[int]:
        return self.targets[self.first[p]:self.first[p + 1]]


class Removal(NamedTuple):
    """A removal phase: each box's square, the start square it goes to, and the step that
    parked it there (-1: a goal's box); and the square the player stands on after it."""

    taken: tuple[tuple[int, int, int], ...]
    player: int


class Parking(NamedTuple):
    """A box pulled off ``goal`` to ``square``, to wait there."""

    goal: int
    square: int


class _Apart:
    """The depth-first search that takes the solved position apart."""

    def __init__(self, board: Board, deadline: float, home: int, wait: bool) -> None:
        self.board = board
        self.deadline = deadline
        self.width, self.offsets = board.width, board.offsets
        self.goals = {int(g) for g in board.goals}
        self.starts = [int(s) for s in board.boxes]
        self.occupied = board.walls.copy()
        self.occupied[board.goals] = 1
        self.player = home
        self.boxes = {g: -1 for g in self.goals}  # box square: -1 a goal's, else parked at step
        self.unused = set(self.starts)
        self.steps: list[Removal | Parking] = []
        self.parkings = 0
        # positions that failed: boxes, start squares unused, player, start squares reached
        self.failed: set[tuple] = set()
        self.end_game = max(1, round(END_GAME * len(self.goals)))
        # The start squares the player has reached on the way so far: with ``wait``, boxes
        # go away only once it has reached them all (YASS's rule), until then they are parked.
        self.wait = wait
        self.seen: set[int] = set()
        self.marks = np.zeros(board.walls.size, dtype=np.int32)
        self.stack = np.empty(2 * board.walls.size + 4, dtype=np.int64)

    def _col_row(self, square: int) -> tuple[int, int]:
        return square % self.width, square // self.width

    def _manhattan(self, a: int, b: int) -> int:
        (ax, ay), (bx, by) = self._col_row(a), self._col_row(b)
        return abs(ax - bx) + abs(ay - by)

    def search(self) -> bool:
        if not self.boxes:
            return True
        if time.perf_counter() > self.deadline or self.occupied[self.player]:
            return False
        self.marks[:] = 0
        scanline_fill(self.occupied, self.width, self.player, self.marks, 1, self.stack)
        new = {s for s in self.starts if self.marks[s]} - self.seen
        self.seen |= new
        key = (frozenset((b, p >= 0) for b, p in self.boxes.items()), frozenset(self.unused),
               self.player, frozenset(self.seen))
        if key not in self.failed and self._step():
            return True
        self.seen -= new
        self.failed.add(key)
        return False

    def _step(self) -> bool:
        """Takes the boxes that can go away, all at once, then each alone; then each alone
        that leaves the player where it cannot walk back; else, or while the player has
        not reached every start square, parks one."""
        pulls = {b: lone_pulls(self.occupied, self.width, self.offsets, b, self.player)
                 for b in sorted(self.boxes)}
        end_game = len(self.boxes) <= self.end_game
        if self.wait and len(self.seen) < len(self.starts) and not end_game:
            return self._park(pulls)
        # A box stays on its own start square to the end (the level's start), with all the
        # others that do.
        at_end = all(b in self.unused for b in self.boxes)
        allowed: dict[int, list[int]] = {}  # start squares the player walks back from
        roaming: dict[int, list[int]] = {}  # the others
        for b, (depth, flags, _) in pulls.items():
            starts = [s for s in self.unused if depth[s] > 0 and (
                end_game or s in self.goals or self._manhattan(s, b) >= 3)]
            back = [s for s in starts if flags[s] & HOME] + (
                [b] if at_end and b in self.unused else [])
            if back:
                allowed[b] = back
            away = [s for s in starts if not flags[s] & HOME]
            if away:
                roaming[b] = away
        removable = self._removable(allowed)
        if self._remove(removable, allowed):
            return True
        if len(removable) > 1 and any(self._remove([b], allowed) for b in removable):
            return True
        if any(self._remove([b], roaming, pulls[b][2]) for b in self._removable(roaming)):
            return True
        return self._park(pulls)

    def _removable(self, allowed: dict[int, list[int]]) -> list[int]:
        """The boxes of ``allowed`` that may go now: a goal's box before a parked one."""
        on_goals = [b for b in allowed if self.boxes[b] < 0]
        if on_goals:
            return on_goals
        if any(parked < 0 for parked in self.boxes.values()):
            return []  # parked boxes wait until every goal is empty
        return list(allowed)

    def _remove(self, removable: list[int], allowed: dict[int, list[int]],
                standing: np.ndarray | None = None) -> bool:
        """Takes ``removable`` away, each box to a start square of ``allowed``; with
        ``standing`` (one box, of :func:`lone_pulls`), the player stays where the pull
        leaves it, else it walks back."""
        if not removable:
            return False
        wanted = {s: sum(s in allowed[b] for b in removable) for s in self.unused}
        taken: list[tuple[int, int, int]] = []
        for b in removable:
            free = [s for s in allowed[b] if s in self.unused]
            if not free:
                continue
            start = b if b in free else min(
                free, key=lambda s: (wanted[s], -self._manhattan(s, b), s))
            self.unused.discard(start)
            taken.append((b, start, self.boxes.pop(b)))
            self.occupied[b] = 0
        if not taken:
            return False
        player = self.player
        if standing is not None:
            self.player = int(standing[taken[0][1]])
        self.steps.append(Removal(tuple(taken), self.player))
        if self.search():
            return True
        self.steps.pop()
        self.player = player
        for b, start, parked in taken:
            self.unused.add(start)
            self.occupied[b] = 1
            self.boxes[b] = parked
        return False

    def _park(self, pulls: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]) -> bool:
        choices = []
        # a parked box goes on to a start square later: only squares some unused one reaches
        starts = np.array(sorted(self.unused), dtype=np.int32)
        reached = (box_distances(self.board.walls, starts, self.offsets, True)
                   < UNREACHABLE).any(axis=0)
        for b, (depth, flags, _) in pulls.items():
            if self.boxes[b] >= 0:
                continue  # parked once already
            squares = [s for s in np.flatnonzero(depth > 0).tolist()
                       if flags[s] & HOME and flags[s] & ORIGIN and reached[s]]
            if not squares:
                continue
            primary = max(squares, key=lambda s: (int(depth[s]), -s))
            secondary = max(squares, key=lambda s: (self._manhattan(s, b),
                                                    self._manhattan(s, primary), -s))
            choices.append((int(depth[primary]), b, primary, secondary))
        for _, b, primary, secondary in sorted(choices, reverse=True):
            for square in dict.fromkeys((primary, secondary)):
                if self.parkings >= MAX_PARKINGS or time.perf_counter() > self.deadline:
                    return False
                self.parkings += 1
                del self.boxes[b]
                self.occupied[b], self.occupied[square] = 0, 1
                self.boxes[square] = len(self.steps)
                self.steps.append(Parking(b, square))
                if self.search():
                    return True
                self.steps.pop()
                del self.boxes[square]
                self.occupied[b], self.occupied[square] = 1, 0
                self.boxes[b] = -1
        return False


def take_apart(board: Board, seconds: float) -> tuple[int, list[Removal | Parking]] | None:
    """The steps that take the solved position of ``board`` apart and the square the
    player starts them from, or None if none are found within ``seconds``."""
    deadline = time.perf_counter() + seconds
    # The solved position may leave the player in any of its regions (it may have to walk
    # through the goals to get there): the steps with the fewest parkings from any.
    # YASS's rule first (boxes go once the player has reached every start square), then
    # without it where it finds no steps.
    homes = [int(board.player)] + [int(s) for s in region_seeds(board.reversed())]
    tries = [(wait, home) for wait in (True, False) for home in homes]
    best: tuple[int, list[Removal | Parking]] | None = None
    for k, (wait, home) in enumerate(tries):
        if best is not None and not wait:
            break
        share = (deadline - time.perf_counter()) / (len(tries) - k)
        apart = _Apart(board, time.perf_counter() + share, home, wait)
        if apart.search() and (best is None or _parkings(apart.steps) < _parkings(best[1])):
            best = home, apart.steps
            if not _parkings(apart.steps):
                break
    return best


def _parkings(steps: list[Removal | Parking]) -> int:
    return sum(isinstance(step, Parking) for step in steps)


def phase_plan(board: Board, seconds: float) -> PhasePlan | None:
    """The phase plan of ``board``, or None if taking the solved position apart does not
    succeed within ``seconds``."""
    found = take_apart(board, seconds)
    if found is None:
        return None
    steps = found[1]
    count = len(steps)
    phases: list[list[tuple[int, int]]] = [[] for _ in range(count)]  # (target, vacate)
    for k, step in enumerate(steps):
        forward = count - 1 - k
        if isinstance(step, Parking):
            phases[forward].append((step.goal, count))
        else:
            for square, _, parked in step.taken:
                phases[forward].append((square, count if parked < 0 else count - 1 - parked))
    targets, first, vacate = [], [0], []
    for p in phases:  # every step boxes at least one target: no phase is empty
        for square, leaves in sorted(p):
            targets.append(square)
            vacate.append(leaves)
        first.append(len(targets))
    return PhasePlan(targets, first, vacate)


def phase_tables(board: Board, plan: PhasePlan) -> Plan:
    """The plan as flat arrays for the search kernel: the targets, the first target of each
    phase, each target's ``vacate`` phase, and per target the pushes that take a lone box
    to it from each square with the goals of the earlier phases as walls (squares from
    which it cannot: one more than the largest distance)."""
    distances = np.empty((len(plan.targets), board.walls.size), dtype=np.int32)
    goals = {int(g) for g in board.goals}
    for p in range(plan.phases):
        walls = board.walls.copy()
        walls[[t for t in plan.targets[:plan.first[p]] if t in goals]] = 1
        distances[plan.first[p]:plan.first[p + 1]] = box_distances(
            walls, np.array(plan.phase(p), dtype=np.int32), board.offsets, False)
    return Plan(np.array(plan.targets, dtype=np.int32),
                phase_first=np.array(plan.first, dtype=np.int32),
                vacate=np.array(plan.vacate, dtype=np.int32),
                goal_distances=cap_unreachable(distances))
