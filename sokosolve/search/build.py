"""Starting a search of a mode on a board: the tables, plan and macros it needs, then the kernel."""

from __future__ import annotations

import numpy as np

from ..analysis.area_commitment import box_area_ids, goal_area_ids
from ..analysis.board import Board
from ..analysis.packing import goal_rooms, macro_tables
from ..analysis.packing_plan import packing_plan, plan_tables
from ..analysis.positions import region_seeds
from ..kernels import loop
from ..kernels.push_sides import node_distances, player_blind, side_areas
from ..kernels.table import zobrist_keys
from .presets import COMMITTED_MODES, MODES, PLAYER_BLIND_MODES
from .spec import Pruning

_EMPTY = np.empty(0, dtype=np.int32)



_EMPTY_KEYS = np.empty(0, dtype=np.uint64)



_NO_STOP = np.zeros(1, dtype=np.int8)  # a stop flag nobody sets



def start_mode(
    board: Board, mode: str, weight: int | None, max_states: int, deadline: float,
    pruning: Pruning, stop: np.ndarray = _NO_STOP,
) -> tuple[int, tuple, list]:
    """Starts the search of ``mode`` (of :data:`MODES`) on ``board``: ``(status, search,
    goal rooms used)``, for :func:`~sokosolve.loop.run_search` to go on with; ``stop``
    as in :func:`solve`."""
    ordering, mode_weight, backward = MODES[mode]
    weight = mode_weight if weight is None else weight
    searched = board.reversed() if backward else board
    starts = region_seeds(searched) if backward else np.array([board.player])
    box_keys, player_keys = zobrist_keys(board.walls.size)
    fast_forward = ordering in (loop.GREEDY, loop.FEATURES) and not backward
    rooms = goal_rooms(board) if fast_forward and pruning.goal_macros else []
    planned = ordering == loop.FEATURES and not backward and pruning.packing_plan
    plan = plan_tables(packing_plan(board)) if planned else (_EMPTY, _EMPTY, _EMPTY)
    if mode in COMMITTED_MODES:
        area_ids = goal_area_ids(board)
        plan = (*plan, area_ids, box_area_ids(board, area_ids))
    else:
        plan = (*plan, _EMPTY, _EMPTY)
    # The bound's distances by box square and player side: backward, pulls to the starts.
    areas = side_areas(board.walls, board.width, board.offsets)
    distances = node_distances(board.walls, areas, searched.goals, board.offsets, backward)
    if mode in PLAYER_BLIND_MODES:
        distances = player_blind(distances)
    code, state = loop.start_search(
        searched.walls, searched.goal_mask, searched.dead_squares, distances, areas,
        searched.offsets, searched.width, searched.boxes, starts, box_keys, player_keys,
        ordering, weight, min(max_states, loop.MAX_STATES), deadline, pruning.pi_corrals,
        fast_forward, backward, board.player, macro_tables(rooms, board.walls.size),
        pruning.dead_corrals, pruning.frozen_goals, plan, stop,
    )
    return code, state, rooms
