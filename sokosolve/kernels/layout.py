"""The kernels' vocabulary: the search orderings, codes and counters as IntEnums, and the
records a search keeps as named tuples.

Python code names them and jitted code compares and indexes with them as with plain
integers; numba types a named tuple as a tuple, so the names cost nothing at run time.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np


class Order(IntEnum):
    """How a search takes its open states."""

    BFS = 0  # breadth first over pushes: the first solution is push-optimal
    ASTAR = 1  # A* on g + h with the matching lower bound: push-optimal
    GREEDY = 2  # weighted A* on g + weight * h, never reopening a state
    FEATURES = 3  # the same order within cells of a feature space taken in turn


class Code(IntEnum):
    """How a run of the search loop ended; ``RUNNING``: it paused and can go on;
    ``GAVE_UP``: it never started, having no plan to go by (a search by the dive plan
    only, where the dive does not take the level apart)."""

    SOLVED = 0
    UNSOLVABLE = 1
    TIMEOUT = 2
    LIMIT = 3
    RUNNING = 4
    GAVE_UP = 5


class Progress(IntEnum):
    """The search loop's counters, kept in one int64 array between its runs."""

    COUNT = 0  # states stored
    HEAD = 1  # breadth first: the next node to expand
    HEAP_SIZE = 2  # entries in the open list (or in the feature cells)
    CURRENT = 3  # the node whose boxes are on the board
    STAMP = 4  # the last stamp of the player's fills
    CHILD_STAMP = 5  # the last stamp of the children's fills
    LABEL = 6  # the last corral label
    GOAL_NODE = 7  # the solved (or met) node, or -1
    EXPANDED = 8
    GENERATED = 9
    RESTRICTED = 10  # expansions a PI-corral cut down
    DEAD_CORRALS = 11  # nodes not expanded: a corral deadlock
    CELL = 12  # the feature-space search's turn
    AREA_LABEL = 13  # the next free label of the free areas
    MEET_NODE = 14  # the other search's node where the two met, or -1
    DEFERRED = 15  # the heap of nodes whose other areas' pushes wait
    EXAMINED = 16  # nodes whose subtree grew large enough to try to prove them dead
    LEARNED = 17  # of those, the nodes proved dead
    PRUNED = 18  # nodes not expanded: a learned pattern, or an ancestor proved dead


#: The length of the progress array.
PROGRESS_SIZE = len(Progress)


class DeadPairs(NamedTuple):
    """Two boxes that no solution gets past (kernels.dead_pairs); empty arrays: no table."""

    numbers: np.ndarray  # int32 per square: its number among the live squares, or -1
    rows: np.ndarray  # int32 [number, number]: the row of ``players`` of a pair, or -1
    players: np.ndarray  # uint64 [row, word]: a bit for each square the pair is dead from


class Rooms(NamedTuple):
    """A board's rooms, the links of its empty board and the counting's workspace
    (kernels.rooms)."""

    room_of: np.ndarray  # int32 per square: its room, or CORRIDOR (also walls)
    count: np.ndarray  # int64[1]: the number of rooms
    base: np.ndarray  # uint8 [room, room]: linked on the empty board
    links: np.ndarray  # uint8 [room, room]: the position's, while counting
    seen: np.ndarray  # uint8 per room: met by the fill under way
    kept: np.ndarray  # uint8 per room: some square of it free
    marks: np.ndarray  # int64 per square: the fill that took it
    stamp: np.ndarray  # int64[1]: the last fill's number
    stack: np.ndarray  # int64 per square


class Tables(NamedTuple):
    """The board as the search sees it: per-square arrays, the bound's node table, the keys."""

    walls: np.ndarray  # uint8 per square of the padded board
    goal_mask: np.ndarray  # uint8; backward, the level's start squares
    dead: np.ndarray  # uint8: a box there can reach no goal
    distances: np.ndarray  # [goal, node] pushes (backward, pulls) of push_sides.node_distances
    sides: np.ndarray  # [square, side]: push_sides.side_areas of the walls
    offsets: np.ndarray  # the square steps left, up, right, down
    box_keys: np.ndarray  # Zobrist keys of a box per square
    player_keys: np.ndarray  # Zobrist keys of the region's canonical square
    hot: np.ndarray  # uint8 [box square, square]: kernels.hotspots, or 0 x 0 unused
    room_links: Rooms  # kernels.rooms, or no rooms: unused
    pairs: DeadPairs  # kernels.dead_pairs


class Settings(NamedTuple):
    """How a search runs: what it is, its limits and its switches."""

    width: int
    order: int  # an Order
    weight: int  # on the lower bound
    max_states: int
    deadline: float  # a time.perf_counter() value
    pi_corrals: bool
    tunnels: bool  # tunnel macros
    backward: bool  # pulls from the goals to the start squares
    target_player: int  # backward: a square the player must reach at the end
    dead_corrals: bool  # the corral deadlock test (forward only)
    frozen_goals: bool  # bounds that see boxes frozen on goals (forward only)
    learn: int  # examines nodes whose subtree reaches this many nodes (kernels.learning); 0: no
    goal_side: bool  # the goal-side check (kernels.goal_side), with frozen_goals
    diagonals: bool  # boxes fencing sealed squares proved dead (kernels.diagonals), forward
    best_cell: bool  # feature space: every other turn goes to the best cell (FESS)
    advisors: bool  # feature space: cells take first the states fewest pushes off the advice
    explorer: bool  # feature space: the advisors include the explorer
    next_goals: int  # feature space: weight on a pushed box's pushes to the plan's next goals
    noise: int  # feature space: a state's key gets a number from 0 to this, drawn from its key
    seed: int  # and from this
    pack_moves: bool  # feature space: boxes also pushed all the way to the plan's next goals
    box_moves: bool  # feature space: every box also pushed to every square it reaches
    stop: np.ndarray  # int8[1]: set by another process, it ends the search as at the deadline


class Macros(NamedTuple):
    """The goal rooms' macros as flat int32 arrays (analysis.packing.macro_tables)."""

    entrance_room: np.ndarray  # per square, the room it is the entrance of, or -1
    room_inward: np.ndarray  # per room: its inward direction,
    room_first: np.ndarray  # its first macro,
    room_squares: np.ndarray  # its squares, from room_square_first[room] on
    room_square_first: np.ndarray
    goal: np.ndarray  # per macro (the k-th goal of a room's packing order): its goal,
    player: np.ndarray  # the player's square after it,
    path_first: np.ndarray  # and its pushes, from path_first[macro] on
    pushes: np.ndarray


_NONE = np.empty(0, dtype=np.int32)
_NO_BOARDS = np.empty((0, 0), dtype=np.uint8)
_NO_DISTANCES = np.empty((0, 0), dtype=np.int32)


class Plan(NamedTuple):
    """The packing plan (analysis.packing_plan.plan_tables, or the parking plan of
    analysis.parking_plan.parking_tables) and the goal areas (analysis.area_commitment);
    empty arrays where a search uses neither: ``Plan()`` is no plan."""

    # The goals in fill order (a parking plan: its steps' targets); after[first[k]:first[k
    # + 1]]: the positions in that order of the goals k comes after.
    goals: np.ndarray = _NONE
    first: np.ndarray = _NONE
    after: np.ndarray = _NONE
    goal_area: np.ndarray = _NONE  # per square, the goal area of a goal on it, else -1
    box_area: np.ndarray = _NONE  # per box, the goal area it belongs to
    # A parking plan: per step, the step that moves its box on, or -1; its first steps that
    # are boxes on their squares from the start; uint8 [packed, square], the board it
    # imagines next.
    until: np.ndarray = _NONE
    initial: int = 0
    imagined: np.ndarray = _NO_BOARDS
    out_of_plan: np.ndarray = _NO_BOARDS  # uint8 [packed, square]: analysis.out_of_plan zones
    # The out-of-plan advisor's: int32 [packed, square], a lone box's pushes from the zone
    # (analysis.out_of_plan.zone_distances); per square, its push group (push_groups)
    zone_distances: np.ndarray = _NO_DISTANCES
    push_groups: np.ndarray = _NONE
    # int32 [k, square]: a lone box's pushes to goal k (analysis.packing_plan.goal_distances)
    goal_distances: np.ndarray = _NO_DISTANCES
    # A phase plan (analysis.phase_plan): goals[phase_first[p]:phase_first[p + 1]] are the
    # targets of phase p; vacate, per target, the phase its box moves on in (or the number
    # of phases).
    phase_first: np.ndarray = _NONE
    vacate: np.ndarray = _NONE
    # int32 [k, square]: the player's steps from goal k, no box on the board (the opener
    # advisor's measure of how near a box stands to the goals filled next)
    walks: np.ndarray = _NO_DISTANCES


class Patterns(NamedTuple):
    """Learned deadlock patterns (kernels.patterns): a set of box squares and a player
    region each, shared by the searches of one direction on one board. The store is in
    segments, one a process: a process adds to its own and matches against all."""

    boxes: np.ndarray  # int32 [segment * MAX_PATTERNS + pattern, k]: its box squares, -1 past
    regions: np.ndarray  # uint64 [segment * MAX_PATTERNS + pattern, word]: a bit per square
    count: np.ndarray  # int64 [segment]: patterns stored in each
    own: int  # the segment this process adds to


class Position(NamedTuple):
    """The boxes of the node on the board."""

    box_squares: np.ndarray  # per box
    box_at: np.ndarray  # per square, the box on it or -1
    occupied: np.ndarray  # per square: a wall or a box
    box_nodes: np.ndarray  # per box, its node (square and the player's side of it)


class Scratch(NamedTuple):
    """Work arrays of the loop, allocated once per search."""

    marks: np.ndarray  # the player's fills, by stamp
    child_marks: np.ndarray  # the children's fills
    stack: np.ndarray  # the fills' stack
    held: np.ndarray  # the freeze test's marks
    labels: np.ndarray  # corral labels
    corral_stack: np.ndarray
    allowed: np.ndarray  # per box and direction: a push into the PI-corral
    frames: np.ndarray  # the freeze test's frames
    path: np.ndarray  # pushes between two nodes
    work: np.ndarray  # the child's matching
    parent_work: np.ndarray  # the expanded node's matching
    corral_work: np.ndarray  # the corral deadlock test's workspace
    area_marks: np.ndarray  # the free areas' labels
    plan_flags: np.ndarray  # plan_packed's flags
    area_goals: np.ndarray  # goals per goal area
    matched_nodes: np.ndarray  # the box nodes of the matching in parent_work
    proof: tuple  # kernels.deadlock_proof.proof_workspace
    ancestor: np.ndarray  # the boxes of a node being examined (kernels.learning)
    child_features: np.ndarray  # feature space: [k, (packed, areas, imagine, out of plan,
    # the pushed box's steps to the plan's next goals before and after, or -1, hotspots,
    # whether the push opens pushes of other boxes (the explorer), blocked room links)]
    route_work: tuple  # kernels.routes.route_workspace
    route_targets: np.ndarray  # per square, 1 on a goal the plan fills next (pack moves,
    # the opener)
    route_keep: np.ndarray  # per square, 1 on a goal whose box counts as packed
    route_ends: np.ndarray  # per box, (end, pushes) of its route (kernels.routes)
    diagonal_work: tuple  # kernels.diagonals.diagonal_workspace


class Table(NamedTuple):
    """The stored states: a node array each, and the hash slots over their keys."""

    keys: np.ndarray  # uint64 state keys
    parents: np.ndarray  # the parent node, -1 at a root
    pushes: np.ndarray  # the stored push that made the node (at a root: the player's square)
    depths: np.ndarray  # pushes from the root
    slots: np.ndarray  # open addressing over keys
    heap: np.ndarray  # the binary open list (not in the feature-space search)
    node_tables: np.ndarray  # per node, its frozen-goal distance table
    subtree_sizes: np.ndarray  # per node, nodes stored under it, up to the learning trigger
    dead_nodes: np.ndarray  # per node, 1 once it is proved dead (and so its whole subtree)


class Cells(NamedTuple):
    """The feature-space search's open lists: a pairing heap per cell."""

    roots: np.ndarray  # per cell, its heap's root node or -1
    first_child: np.ndarray
    next_sibling: np.ndarray
    keys: np.ndarray  # per node, its order in the cell


class SearchState(NamedTuple):
    """All of a search, between runs of the loop."""

    tables: Tables
    macros: Macros
    settings: Settings
    position: Position
    scratch: Scratch
    table: Table
    cells: Cells
    plan: Plan
    frozen: tuple  # kernels.frozen_goals.frozen_workspace
    patterns: Patterns
    progress: np.ndarray  # by Progress
