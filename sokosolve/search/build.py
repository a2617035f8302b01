"""Starting a :class:`~sokosolve.search.spec.Search` on a board: the tables, plan and macros it
needs, once, then the kernel's :func:`~sokosolve.kernels.loop.start_search`."""

from __future__ import annotations

import time

import numpy as np

from ..analysis.area_commitment import box_area_ids, goal_area_ids
from ..analysis.board import Board
from ..analysis.dive_plan import SECONDS as DIVE_SECONDS
from ..analysis.dive_plan import dive_plan
from ..analysis.out_of_plan import out_of_plan_zones, push_groups, zone_distances
from ..analysis.packing import goal_rooms, macro_tables
from ..analysis.packing_plan import goal_distances, packing_plan, plan_tables
from ..analysis.parking_plan import parking_plan, parking_tables
from ..analysis.phase_plan import phase_plan, phase_tables
from ..analysis.positions import region_seeds
from ..kernels import loop
from ..kernels.dead_pairs import NO_PAIRS
from ..kernels.distances import walk_distances
from ..kernels.hotspots import hotspot_table
from ..kernels.layout import Code, DeadPairs, Patterns, Plan, Settings, Tables
from ..kernels.learning import SUBTREE_TRIGGER
from ..kernels.macros import ROUTE_SQUARES
from ..kernels.open_list import MAX_STATES
from ..kernels.patterns import pattern_store
from ..kernels.perimeter import Perimeter
from ..kernels.push_sides import node_distances, player_blind, side_areas
from ..kernels.rooms import NO_ROOMS, room_table
from ..kernels.table import zobrist_keys
from .spec import Search

EMPTY = np.empty(0, dtype=np.int32)
NO_TABLE = np.zeros((0, 0), dtype=np.uint8)  # no hotspot table
_NO_STOP = np.zeros(1, dtype=np.int8)  # a stop flag nobody sets
DIVE_SHARE = 0.1  # of the search's time, at most, for the dive to find a plan


class Learned:
    """What the searches of one level learn and share: the deadlock patterns, a store for
    each direction (:mod:`sokosolve.kernels.patterns`), and the perimeter of the backward
    searches' states (:mod:`sokosolve.kernels.perimeter`; none: the searches do not keep
    one). ``stores``, by direction (``True``: backward), and ``perimeter`` may be shared
    with other processes too (the racers of :func:`sokosolve.parallel.race.race`). The
    table of dead box pairs of the forward searches (:mod:`sokosolve.kernels.dead_pairs`)
    is worked out once, for every search of the process."""

    def __init__(self, stores: dict[bool, Patterns] | None = None,
                 perimeter: Perimeter | None = None) -> None:
        self._stores: dict[bool, Patterns] = dict(stores or {})
        self._pairs: DeadPairs | None = None
        self.perimeter = perimeter

    def dead_pairs(self, board: Board) -> DeadPairs:
        """The table of dead box pairs on ``board``."""
        if self._pairs is None:
            self._pairs = board.dead_pairs()
        return self._pairs

    def of(self, board: Board, search: Search) -> Patterns:
        """The store of ``search``'s direction on ``board``."""
        if search.backward not in self._stores:
            self._stores[search.backward] = pattern_store(board.walls.size)
        return self._stores[search.backward]

    def __len__(self) -> int:
        return sum(int(store.count[store.own]) for store in self._stores.values())


def _plan(board: Board, search: Search, deadline: float) -> Plan | None:
    """The plan ``search`` counts packed boxes by (:func:`_packing`), with the player's
    steps from each of its goals if ``search`` takes the opener's advice; none if it goes by
    the dive plan only and the dive does not take the level apart."""
    plan = _packing(board, search, deadline)
    if plan is None:
        return None
    if search.advisors and search.opener and plan.goals.size:
        plan = plan._replace(walks=walk_distances(board.walls, plan.goals, board.offsets))
    return plan


def _packing(board: Board, search: Search, deadline: float) -> Plan | None:
    """The dive plan if ``search`` asks for one and the dive takes the level apart (if not,
    none for a search by the dive plan only), else the parking plan if asked for and one is
    found in its share of the time, else the phase plan likewise, else the packing plan
    (with its out-of-plan zones if asked for); an empty plan if unplanned."""
    if not search.planned:
        return Plan()
    if search.dive:
        left = max(0.0, deadline - time.perf_counter())
        steps = dive_plan(board, min(DIVE_SECONDS, DIVE_SHARE * left))
        if steps:
            return parking_tables(steps, board.boxes, board.walls.size)
        if search.dive_only:
            return None
    if search.parking:
        steps = parking_plan(board, search.parking * max(0.0, deadline - time.perf_counter()))
        if steps:
            return parking_tables(steps, board.boxes, board.walls.size)
    if search.phases:
        phases = phase_plan(board, search.phases * max(0.0, deadline - time.perf_counter()))
        if phases is not None:
            return phase_tables(board, phases)
    plan = plan_tables(packing_plan(board))
    if search.out_of_plan:
        goals = plan.goals.tolist()
        zones = out_of_plan_zones(board, goals)
        plan = plan._replace(out_of_plan=zones)
        if search.out_of_plan_advice:
            plan = plan._replace(zone_distances=zone_distances(board, goals, zones),
                                 push_groups=push_groups(board))
    if search.next_goals:
        plan = plan._replace(goal_distances=goal_distances(board, plan))
    return plan


def _routes_fit(board: Board) -> bool:
    """Whether a stored push can hold a route on ``board`` (:mod:`sokosolve.kernels.macros`),
    its tunnels staying below the route flag."""
    height = board.walls.size // board.width
    return board.walls.size < ROUTE_SQUARES and max(board.width, height) < 1 << 10


def start(
    board: Board, search: Search, max_states: int, deadline: float,
    stop: np.ndarray = _NO_STOP, learned: Learned | None = None,
) -> tuple[int, tuple | None, list]:
    """Starts ``search`` on ``board``: ``(status, search state, goal rooms used)``, for
    :func:`~sokosolve.kernels.loop.run_search` to go on with; ``(GAVE_UP, None, [])`` if
    it has no plan to go by (:func:`_plan`). ``deadline`` is a
    ``time.perf_counter()`` value; setting ``stop[0]`` ends the search as at the deadline.
    ``learned`` holds the deadlock patterns learned on ``board`` so far, which the search
    uses and adds to (none given: a store of its own)."""
    backward = search.backward
    learned = Learned() if learned is None else learned
    searched = board.reversed() if backward else board
    starts = region_seeds(searched) if backward else np.array([board.player])
    box_keys, player_keys = zobrist_keys(board.walls.size)
    rooms = goal_rooms(board) if search.macros and search.goal_macros else []
    plan = _plan(board, search, deadline)
    if plan is None:
        return Code.GAVE_UP, None, []
    if search.commit_areas:
        goal_areas = goal_area_ids(board)
        plan = plan._replace(goal_area=goal_areas, box_area=box_area_ids(board, goal_areas))
    # The bound's distances by box square and player side: backward, pulls to the starts.
    sides = side_areas(board.walls, board.width, board.offsets)
    distances = node_distances(board.walls, sides, searched.goals, board.offsets, backward)
    if search.blind:
        distances = player_blind(distances)
    hot = (hotspot_table(board.walls, board.goal_mask, board.dead_squares, board.offsets)
           if search.hotspot_advice else NO_TABLE)
    links = room_table(board.walls, board.width, board.offsets) if search.rooms_advice else NO_ROOMS
    pruning = search.pruning
    pairs = learned.dead_pairs(board) if pruning.dead_pairs and not backward else NO_PAIRS
    tables = Tables(searched.walls, searched.goal_mask, searched.dead_squares, distances, sides,
                    searched.offsets, box_keys, player_keys, hot, links, pairs)
    settings = Settings(
        width=int(searched.width), order=int(search.order), weight=int(search.weight),
        max_states=int(min(max_states, MAX_STATES)), deadline=float(deadline),
        pi_corrals=pruning.pi_corrals, tunnels=search.macros, backward=backward,
        target_player=int(board.player), dead_corrals=pruning.dead_corrals,
        frozen_goals=pruning.frozen_goals,
        learn=SUBTREE_TRIGGER if pruning.learned_deadlocks else 0, goal_side=pruning.goal_side,
        diagonals=pruning.diagonals,
        best_cell=search.best_cell, advisors=search.advisors, explorer=search.explorer_advice,
        next_goals=search.next_goals,
        noise=search.noise, seed=search.seed,
        pack_moves=search.pack_moves and search.planned and _routes_fit(board),
        box_moves=search.moves_boxes and _routes_fit(board),
        stop=stop,
    )
    code, state = loop.start_search(tables, settings, macro_tables(rooms, board.walls.size),
                                    plan, learned.of(board, search), searched.boxes, starts)
    return code, state, rooms
