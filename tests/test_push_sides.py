"""Push distances by the player's side (sokosolve.kernels.push_sides) against the plain search."""

from collections import deque

import numpy as np
from hypothesis import assume, given, settings

from sokosolve.analysis.board import Board
from sokosolve.analysis.positions import node_table, position_nodes
from sokosolve.kernels.distances import UNREACHABLE
from sokosolve.kernels.heuristics import matching_bound, matching_workspace
from sokosolve.kernels.push_sides import node_distances, player_blind, side_areas
from sokosolve.level import parse_level
from sokosolve.result import Status
from sokosolve.solver import solve

from .reference import optimal_pushes, small_levels

SEEN = {"dead by side only": 0}


def _root_nodes(board: Board) -> tuple[np.ndarray, np.ndarray]:
    """The node table of ``board`` and the nodes of its start boxes."""
    areas, table = node_table(board)
    return table, position_nodes(board, areas, board.boxes, board.player)


@settings(max_examples=400, deadline=None)
@given(small_levels(max_rows=6, max_cols=7, max_boxes=1))
def _one_box_distances_are_exact(level):
    """A box alone: its node's distance is its fewest pushes, or none where it has none."""
    board = Board.from_level(level)
    assume(board.boxes.size == 1)  # not a box that never moves, which the board makes a wall
    table, nodes = _root_nodes(board)
    expected = optimal_pushes(level)
    found = int(table[0, nodes[0]])
    assert found == (UNREACHABLE if expected is None else expected)
    static = int(board.goal_distances[0, board.boxes[0]])
    SEEN["dead by side only"] += expected is None and static < UNREACHABLE


def test_one_box_distances_are_exact():
    """The property holds on every generated level, and the levels met what it checks."""
    SEEN.update(dict.fromkeys(SEEN, 0))
    _one_box_distances_are_exact()
    assert SEEN["dead by side only"] >= 5, SEEN


@settings(max_examples=400, deadline=None)
@given(small_levels(max_rows=5, max_cols=6, max_boxes=4))
def test_the_matching_over_nodes_is_a_lower_bound(level):
    """Several boxes: the matching over the nodes never exceeds the fewest pushes, and finds
    no matching only where the level has no solution. Blind to the player's side, it falls
    to no less than the matching over the static distances."""
    board = Board.from_level(level)
    table, nodes = _root_nodes(board)
    bound = matching_bound(table, nodes, matching_workspace(board.boxes.size))
    static = matching_bound(board.goal_distances, board.boxes.copy(),
                            matching_workspace(board.boxes.size))
    blind = matching_bound(player_blind(table), nodes, matching_workspace(board.boxes.size))
    assert static <= blind <= bound
    expected = optimal_pushes(level)
    if bound >= UNREACHABLE:
        assert expected is None
    elif expected is not None:
        assert bound <= expected


def _fewest_pulls(board: Board, box: int, player: int, target: int) -> int | None:
    """A box alone pulled onto ``target``: the fewest pulls, by a plain search over the box
    and player squares (walking is free)."""
    start = (box, player)
    best = {start: 0}
    queue = deque([start])
    while queue:
        box, player = state = queue.popleft()
        if box == target:
            return best[state]
        for o in (int(o) for o in board.offsets):
            step = player + o
            if board.walls[step]:
                continue
            if step != box:
                moves = [((box, step), 0)]
            else:
                moves = []
            if player - o == box and not board.walls[step]:
                moves.append(((player, step), 1))  # the box follows the player: a pull
            for nxt, cost in moves:
                if nxt not in best or best[state] + cost < best[nxt]:
                    best[nxt] = best[state] + cost
                    (queue.appendleft if cost == 0 else queue.append)(nxt)
    return None


@settings(max_examples=300, deadline=None)
@given(small_levels(max_rows=5, max_cols=6, max_boxes=1))
def test_one_box_pull_distances_are_exact(level):
    """Pulled back to a square (the backward search's goals are the start squares): the
    node's distance is the fewest pulls, or none where there are none."""
    board = Board.from_level(level)
    assume(board.boxes.size == 1)
    areas = side_areas(board.walls, board.width, board.offsets)
    target = int(board.goals[0])  # pull the box from its start onto the goal square
    table = node_distances(board.walls, areas, np.array([target]), board.offsets, True)
    node = position_nodes(board, areas, board.boxes, board.player)[0]
    expected = _fewest_pulls(board, int(board.boxes[0]), int(board.player), target)
    assert int(table[0, node]) == (UNREACHABLE if expected is None else expected)


def test_a_box_on_the_way_round_is_taken_out_of_it_first():
    """Pushed left twice from its right, as its square alone says; but the box itself shuts
    the player out of the way round, so it goes right first and comes back: 4 pushes."""
    level = parse_level("#########\n#.@$    #\n### ### #\n  #     #\n  #######")
    board = Board.from_level(level)
    table, nodes = _root_nodes(board)
    assert int(board.goal_distances[0, board.boxes[0]]) == 2
    assert int(table[0, nodes[0]]) == 4 == optimal_pushes(level)


def test_a_box_the_player_cannot_get_behind_is_unsolvable_before_any_search():
    """The left box can only go down or up, and from no square it gets to can the player
    push it onto a goal; its square alone does not say so."""
    level = parse_level("#######\n#    .#\n#@#$$ #\n###   #\n#   .##\n#######")
    board = Board.from_level(level)
    assert board.dead_squares[board.boxes].sum() == 0
    result = solve(level, "greedy")
    assert result.status is Status.UNSOLVABLE and result.expanded == 0
