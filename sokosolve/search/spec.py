"""What to run, as data: one search (:class:`Search`) and its compositions.

A :class:`Search` is one run of the jitted loop: its ordering, the weight on
the lower bound, its direction, its bound and its prunings. Searches compose:
a :class:`Meet` runs a forward search and backward ones in turns until two
meet (:mod:`sokosolve.search.meet`), a :class:`Then` runs one strategy for a
share of the limits and another for the rest, and a :class:`Race` runs
strategies on several cores at once (:mod:`sokosolve.parallel.race`). The
named ones are in :data:`sokosolve.search.presets.PRESETS`; ``str()`` gives each
a one-line form:

>>> features = Search(Order.FEATURES, 3)
>>> print(Meet(features, ((Search(Order.GREEDY, 30, backward=True), 1 / 2),)))
meet(features w3 | backward greedy w30 @0.5)
>>> print(Then(features, 0.9, Search(Order.FEATURES, 30, commit_areas=True)))
then(features w3 @0.9, features w30 areas)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace

from ..kernels.layout import Order

#: What a solution can be made shortest in.
METRICS = ("moves", "pushes")


def check_metric(metric: str) -> None:
    """Raises ValueError unless ``metric`` is one of :data:`METRICS`."""
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}: one of {', '.join(METRICS)}")


@dataclass(frozen=True)
class Pruning:
    """The prunings a search uses; all of them by default. Each keeps every solvable level
    solvable."""

    pi_corrals: bool = True  # PI-corral pruning (kernels.corrals)
    dead_corrals: bool = True  # the corral deadlock test (kernels.corral_deadlocks), forward
    frozen_goals: bool = True  # bounds that see boxes frozen on goals (kernels.frozen_goals)
    learned_deadlocks: bool = True  # deadlock patterns learned from subtrees (kernels.learning)
    goal_side: bool = True  # goals no filling order reaches (kernels.goal_side), forward
    dead_pairs: bool = True  # two boxes no solution gets past (kernels.dead_pairs), forward
    diagonals: bool = True  # boxes fencing sealed squares, proved (kernels.diagonals), forward


@dataclass(frozen=True)
class Search:
    """One search: pushes forward from the start, or pulls ``backward`` from the goals.

    ``weight`` multiplies the lower bound in the order (``g + weight * h``);
    ``blind`` gives a bound that does not see which side of a box the player
    is on (:func:`~sokosolve.kernels.push_sides.player_blind`); ``commit_areas``
    pushes into one goal area at a time (:mod:`sokosolve.analysis.area_commitment`).
    ``goal_macros`` and ``packing_plan`` switch off what the ordering would use:
    the forward greedy and feature searches use tunnel and goal-room macros
    (which can cost optimality), the forward feature search counts packed
    boxes by the packing plan (:mod:`sokosolve.analysis.packing_plan`).
    ``best_cell`` gives a feature search's every other turn to its best cell (the
    most packed boxes, then the fewest free areas), as FESS does, and the others to
    the cells in turn. With ``advisors``, a feature search takes first in each cell
    the states whose paths have the fewest pushes that no advisor proposed
    (:mod:`sokosolve.kernels.advisors`), then by its key; with ``opener`` too, the
    advisors include the opener, with ``hotspots`` the hotspots advisor
    (:mod:`sokosolve.kernels.hotspots`), with ``rooms`` the rooms advisor
    (:mod:`sokosolve.kernels.rooms`), with ``explorer`` the explorer. A planned search with
    ``parking`` above 0 spends that share of its time first on a backward search with
    bases and counts packed boxes by the parking plan read off it
    (:mod:`sokosolve.analysis.parking_plan`), or by the packing plan if that search
    does not dissolve the level; with ``dive``, it counts them by the plan of a
    backward dive that pulls one box at a time straight to a free start square
    (:mod:`sokosolve.analysis.dive_plan`), the other plans where the dive gets stuck, or
    with ``dive_only`` none: it gives up at once (status ``gave-up``), leaving its time to
    the next search of a portfolio, which runs the search without the dive already; with
    ``phases`` above 0, that share on taking the solved
    position apart in phases with parking (:mod:`sokosolve.analysis.phase_plan`), the
    packing plan again if that fails. With ``out_of_plan``, the packing plan's cells also
    count the boxes standing where its next goals will seal them off
    (:mod:`sokosolve.analysis.out_of_plan`), and with ``advisors`` the out-of-plan advisor
    proposes a push that takes such a box out of their way. ``next_goals`` above 0 adds that
    many times, to a state's key in its cell, the pushes that would take the box just pushed
    to the nearest goal the packing plan fills next (as YASS scores its packing order's
    phases; :func:`sokosolve.analysis.packing_plan.goal_distances`). ``noise`` above 0 adds to a
    feature search's key a number from 0 to ``noise``, drawn from the state's key and
    ``seed``: searches of other seeds break the key's many ties otherwise and go other ways,
    as restarts of a portfolio should; one seed always searches alike. With
    ``pack_moves``, a planned feature search also pushes each of the six boxes nearest to
    the plan's next goals all the way onto one of them, as one move
    (:mod:`sokosolve.kernels.routes`): FESS's moves are box moves, and its pack advisor
    proposes the move that packs a box. With ``box_moves``, a forward feature search also
    pushes every box to every square it reaches as one move, as FESS does
    (:func:`sokosolve.kernels.routes.box_reach`); it needs no plan, and takes the place of
    ``pack_moves``.
    """

    order: Order
    weight: int = 1
    backward: bool = False
    blind: bool = False
    commit_areas: bool = False
    pruning: Pruning = field(default_factory=Pruning)
    goal_macros: bool = True
    packing_plan: bool = True
    best_cell: bool = False
    advisors: bool = False
    opener: bool = False
    hotspots: bool = False
    rooms: bool = False
    explorer: bool = False
    parking: float = 0.0
    dive: bool = False
    dive_only: bool = False
    phases: float = 0.0
    out_of_plan: bool = False
    next_goals: int = 0
    noise: int = 0
    seed: int = 0
    pack_moves: bool = False
    box_moves: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", Order(self.order))
        if self.dive_only and not self.dive:
            raise ValueError("Search: dive_only gives up where the dive finds no plan, "
                             "and needs dive")

    @property
    def macros(self) -> bool:
        """Whether it pushes through tunnels and into goal rooms in one step."""
        return self.order in (Order.GREEDY, Order.FEATURES) and not self.backward

    def _advised(self, advisor: bool) -> bool:
        """Whether an advisor switched on is heard: forward feature searches with advice."""
        return (advisor and self.advisors and self.order == Order.FEATURES
                and not self.backward)

    @property
    def hotspot_advice(self) -> bool:
        """Whether its advisors include the hotspots advisor."""
        return self._advised(self.hotspots)

    @property
    def rooms_advice(self) -> bool:
        """Whether its advisors include the rooms advisor."""
        return self._advised(self.rooms)

    @property
    def out_of_plan_advice(self) -> bool:
        """Whether its advisors include the out-of-plan advisor: an advised search that
        counts the boxes in the plan's way."""
        return self.out_of_plan and self.advisors and self.planned

    @property
    def explorer_advice(self) -> bool:
        """Whether its advisors include the explorer."""
        return self._advised(self.explorer)

    @property
    def moves_boxes(self) -> bool:
        """Whether it also pushes every box to every square it reaches, as one move."""
        return self.box_moves and self.order == Order.FEATURES and not self.backward

    @property
    def planned(self) -> bool:
        """Whether its feature cells count packed boxes by the packing plan."""
        return self.order == Order.FEATURES and not self.backward and self.packing_plan

    def __str__(self) -> str:
        words = ["backward"] if self.backward else []
        words.append(self.order.name.lower())
        if self.order in (Order.GREEDY, Order.FEATURES):
            words[-1] += f" w{self.weight}"
        switches = (("blind", self.blind), ("areas", self.commit_areas),
                    ("best", self.best_cell), ("advised", self.advisors),
                    ("opener", self.advisors and self.opener),
                    ("hotspots", self.hotspot_advice), ("rooms", self.rooms_advice),
                    ("explorer", self.explorer_advice))
        words += [name for name, on in switches if on]
        if self.dive and self.planned:
            words.append("dive-only" if self.dive_only else "dive")
        if self.parking and self.planned:
            words.append(f"parking@{self.parking:.2g}")
        if self.phases and self.planned:
            words.append(f"phases@{self.phases:.2g}")
        if self.out_of_plan and self.planned:
            words.append("out-of-plan")
        if self.next_goals and self.planned:
            words.append(f"next-goals w{self.next_goals}")
        if self.moves_boxes:
            words.append("box-moves")
        elif self.pack_moves and self.planned:
            words.append("pack-moves")
        if self.noise and self.order == Order.FEATURES:
            words.append(f"noise{self.noise} seed{self.seed}")
        words += [f"-{f.name.replace('_', '-')}" for f in fields(Pruning)
                  if not getattr(self.pruning, f.name)]
        words += [f"-{name}" for name in ("goal_macros", "packing_plan")
                  if not getattr(self, name)]
        return " ".join(words)


@dataclass(frozen=True)
class Meet:
    """A forward search and backward ones, in turns in one process, until a state that the
    forward one and a backward one both reach joins them; ``backward`` pairs each with its
    share of the time. They share the state limit."""

    forward: Search
    backward: tuple[tuple[Search, float], ...]

    def __str__(self) -> str:
        sides = ", ".join(f"{side} @{share:.2g}" for side, share in self.backward)
        return f"meet({self.forward} | {sides})"


@dataclass(frozen=True)
class Then:
    """``first`` for ``share`` of the time, then, if it did not decide the level, ``rest``
    with the time and the states that ``first`` left."""

    first: Search | Meet | Then
    share: float
    rest: Search | Meet | Then

    def __str__(self) -> str:
        return f"then({self.first} @{self.share:.2g}, {self.rest})"


@dataclass(frozen=True)
class Optimal:
    """A solution proved optimal in ``metric``, ``"moves"`` or ``"pushes"``, with the other
    measure breaking ties (:mod:`sokosolve.search.costed`).

    For pushes, the push-level A* proves the fewest pushes first; the costed search
    then looks for the fewest moves among the solutions with that many pushes in the
    time left. The result's ``optimal`` says which of the two was proved.
    """

    metric: str

    def __post_init__(self) -> None:
        check_metric(self.metric)

    def __str__(self) -> str:
        return f"optimal {self.metric}"


@dataclass(frozen=True)
class Optimize:
    """``first``, then its solution shortened in ``metric`` for ``seconds`` more by the
    optimizer (:mod:`sokosolve.optimizer`)."""

    first: Search | Meet | Then | Race
    metric: str
    seconds: float

    def __post_init__(self) -> None:
        check_metric(self.metric)

    def __str__(self) -> str:
        return f"optimize({self.first}, {self.metric} {self.seconds:g} s)"


@dataclass(frozen=True)
class Race:
    """Each racer in a process of its own, at once; the first definite answer wins. They
    share the state limit."""

    racers: tuple[Search | Meet | Then, ...]

    def __str__(self) -> str:
        return "race(" + " ; ".join(map(str, self.racers)) + ")"


#: A portfolio's entry: a strategy, or a strategy and its share of its racer's time.
Entry = Search | Meet | Then | tuple[Search | Meet | Then, float]


def portfolio(strategies: tuple[Entry, ...], cores: int = 2, lead: float = 0.0) -> Race:
    """Restarts in rounds, as Festival runs its strategies: each of ``cores`` racers runs
    every ``cores``-th strategy, one after another, each with the time its racer has left
    divided by the rounds left (a strategy that gives up early leaves its time to the next).
    With ``lead`` above 0, each racer's first strategy takes that share of its time, and
    the rounds after it share the rest. A pair ``(strategy, share)`` gives that strategy
    ``share`` of the time its racer has left when it starts.

    >>> a, b, c = (Search(Order.GREEDY, w) for w in (1, 2, 3))
    >>> print(portfolio((a, b, c)))
    race(then(greedy w1 @0.5, greedy w3) ; greedy w2)
    >>> print(portfolio((a, b, c), cores=1, lead=0.6))
    race(then(greedy w1 @0.6, then(greedy w2 @0.5, greedy w3)))
    >>> print(portfolio(((a, 0.2), b, c), cores=1))
    race(then(greedy w1 @0.2, then(greedy w2 @0.5, greedy w3)))
    """
    racers = []
    for first in range(min(cores, len(strategies))):
        mine = strategies[first::cores]
        chain = _unshared(mine[-1])
        for k in range(len(mine) - 2, -1, -1):
            if isinstance(mine[k], tuple):
                strategy, share = mine[k]
            else:
                strategy, share = mine[k], lead if k == 0 and lead else 1 / (len(mine) - k)
            chain = Then(strategy, share, chain)
        racers.append(chain)
    return Race(tuple(racers))


def _unshared(entry: Entry) -> Search | Meet | Then:
    """A racer's last strategy, which takes all the time left whatever share it is given."""
    return entry[0] if isinstance(entry, tuple) else entry


#: What can run in one process.
Sequential = Search | Meet | Then | Optimal | Optimize
#: Anything :func:`sokosolve.solve_many` can run.
Strategy = Search | Meet | Then | Race | Optimal | Optimize


def raced(strategy: Strategy) -> Race | None:
    """The race ``strategy`` runs, itself or before its optimization, if it runs one.

    >>> print(raced(Optimize(Race((Search(Order.GREEDY, 3),)), "moves", 5)))
    race(greedy w3)
    """
    first = strategy.first if isinstance(strategy, Optimize) else strategy
    return first if isinstance(first, Race) else None


def each_search(strategy: Strategy, change: Callable[[Search], Search]) -> Strategy:
    """``strategy`` with ``change`` applied to every search in it.

    >>> no_corrals = lambda s: replace(s, pruning=Pruning(pi_corrals=False))
    >>> print(each_search(Meet(Search(Order.FEATURES, 3), ((Search(Order.BFS, 0, backward=True),
    ...                   0.5),)), no_corrals))
    meet(features w3 -pi-corrals | backward bfs -pi-corrals @0.5)
    """
    if isinstance(strategy, Search):
        return change(strategy)
    if isinstance(strategy, Meet):
        return Meet(change(strategy.forward),
                    tuple((change(side), share) for side, share in strategy.backward))
    if isinstance(strategy, Then):
        return Then(each_search(strategy.first, change), strategy.share,
                    each_search(strategy.rest, change))
    if isinstance(strategy, Optimal):
        return strategy
    if isinstance(strategy, Optimize):
        return replace(strategy, first=each_search(strategy.first, change))
    return Race(tuple(each_search(racer, change) for racer in strategy.racers))


def switched(strategy: Strategy, **switches: bool) -> Strategy:
    """``strategy`` with the given :class:`Pruning` fields, ``goal_macros`` or
    ``packing_plan`` set in every search: the benchmarks' and tests' ``--no-...``."""
    pruning = {k: v for k, v in switches.items() if k in {f.name for f in fields(Pruning)}}
    rest = {k: v for k, v in switches.items() if k not in pruning}
    return each_search(strategy, lambda s: replace(
        s, pruning=replace(s.pruning, **pruning), **rest))
