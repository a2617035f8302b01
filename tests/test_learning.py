"""Learned deadlocks (kernels.learning, deadlock_proof, patterns): every pattern learned is
dead by exhaustive search, and searches that learn solve exactly the solvable levels."""

import numpy as np
from hypothesis import given, settings

from sokosolve.analysis.board import Board
from sokosolve.analysis.positions import learned_pattern
from sokosolve.level import parse_level
from sokosolve.search.build import Learned
from sokosolve.search.presets import PRESETS
from sokosolve.search.run import run
from sokosolve.search.spec import switched

from .reference import boxes_can_reach_goals, optimal_pushes, small_levels

_NO_STOP = np.zeros(1, dtype=np.int8)


def _level_squares(board, squares):
    return frozenset(board.to_level_square(int(s)) for s in squares)


def _examined(level):
    """``(proved dead, dead by the reference)`` for the start of ``level``, after checking
    that a pattern learned there is dead with the player anywhere in its region."""
    board = Board.from_level(level)
    pattern = learned_pattern(board, board.boxes, board.player)
    if pattern is None:
        return False, optimal_pushes(level) is None
    squares, region = pattern
    assert region[board.player] and not region[squares].any()
    assert set(squares.tolist()) <= set(board.boxes.tolist())
    for square in np.flatnonzero(region)[:: max(1, int(region.sum()) // 3)]:
        assert not boxes_can_reach_goals(level, _level_squares(board, squares),
                                         board.to_level_square(int(square)))
    assert optimal_pushes(level) is None
    return True, True


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(level=small_levels(max_rows=5, max_cols=6, max_boxes=4))
def _patterns_of_starts_are_dead(found, level):
    proved, dead = _examined(level)
    found["proved"] += proved
    found["dead"] += dead


def test_the_pattern_of_a_position_proved_dead_is_dead():
    """Reduction, proof and distillation on the start positions of generated levels: a
    pattern's boxes alone cannot all reach goals, from any square of its region; the
    proof finds most of the dead starts."""
    found = dict(proved=0, dead=0)
    _patterns_of_starts_are_dead(found=found)
    assert found["proved"] >= 40 and found["proved"] >= found["dead"] // 3, found


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(level=small_levels(max_rows=5, max_cols=6, max_boxes=4))
def _few_boxes_per_proof(found, level):
    board = Board.from_level(level)
    pattern = learned_pattern(board, board.boxes, board.player, most=1)
    if pattern is None:
        return
    squares, region = pattern
    assert len(squares) == 1
    assert not boxes_can_reach_goals(level, _level_squares(board, squares),
                                     board.to_level_square(board.player))
    assert optimal_pushes(level) is None
    found["proved"] += 1
    found["dropped"] += int(board.goal_mask[board.boxes].sum()) > 0


def test_a_proof_with_too_many_boxes_takes_off_those_on_goals():
    """With one box a proof at most, the starts still proved dead had their boxes on goals
    taken off: the box left alone cannot reach a goal, and the level is unsolvable."""
    found = dict(proved=0, dropped=0)
    _few_boxes_per_proof(found=found)
    assert found["proved"] >= 10 and found["dropped"] >= 3, found


def test_a_proof_with_too_many_boxes_keeps_those_near_the_box_moved_last():
    """Two boxes locked against the top wall, three more along the bottom one, none free
    and none on a goal: with two boxes a proof at most, only the two nearest the box
    moved last are proved dead."""
    level = parse_level("\n".join([
        "##########",
        "#@ $$  . #",
        "#        #",
        "#   .  . #",
        "#. $ $ $.#",
        "##########",
    ]))
    board = Board.from_level(level)
    assert learned_pattern(board, board.boxes, board.player, most=2) is None
    locked = sorted(board.boxes.tolist())[:2]  # the top row's
    squares, region = learned_pattern(board, board.boxes, board.player, most=2,
                                      near=locked[0])
    assert sorted(squares.tolist()) == locked and region[board.player]
    far = sorted(board.boxes.tolist())[-1]  # near the bottom row: nothing proved
    assert learned_pattern(board, board.boxes, board.player, most=2, near=far) is None


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(level=small_levels(max_rows=5, max_cols=6, max_boxes=4))
def _proofs_near_a_box(found, level):
    board = Board.from_level(level)
    pattern = learned_pattern(board, board.boxes, board.player, most=2,
                              near=int(board.boxes[0]))
    if pattern is None:
        return
    squares, _ = pattern
    assert len(squares) <= 2
    assert not boxes_can_reach_goals(level, _level_squares(board, squares),
                                     board.to_level_square(board.player))
    assert optimal_pushes(level) is None
    found["proved"] += 1
    found["near"] += learned_pattern(board, board.boxes, board.player, most=2) is None


def test_the_boxes_kept_near_the_box_moved_last_are_dead_when_proved():
    """With two boxes a proof at most and the first box as the one moved last, every start
    proved dead has a pattern dead by the reference search, and some were proved only
    by keeping the boxes near it."""
    found = dict(proved=0, near=0)
    _proofs_near_a_box(found=found)
    assert found["proved"] >= 10 and found["near"] >= 2, found


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(level=small_levels(max_rows=6, max_cols=7, max_boxes=4))
def _searches_learn_dead_patterns(found, level):
    board = Board.from_level(level)
    expected = optimal_pushes(level)
    for name in ("greedy", "features", "backward-features"):
        learned = Learned()
        outcome = run(board, switched(PRESETS[name], goal_macros=False, dead_pairs=False),
                      1 << 20, 1e18, _NO_STOP, learned)
        assert (outcome.code == 0) == (expected is not None), name
        found["learned"] += int(outcome.counts[5])
        found["pruned"] += int(outcome.counts[6])
        store = learned.of(board, PRESETS[name])
        if PRESETS[name].backward:
            continue
        for p in range(int(store.count[0])):
            squares = store.boxes[p][store.boxes[p] >= 0]
            bits = np.unpackbits(store.regions[p].view(np.uint8), bitorder="little")
            square = int(np.flatnonzero(bits[: board.walls.size])[0])
            assert not boxes_can_reach_goals(level, _level_squares(board, squares),
                                             board.to_level_square(square))
            found["checked"] += 1


def test_searches_that_learn_solve_exactly_the_solvable_levels(monkeypatch):
    """Greedy, feature and backward searches with learning on generated levels: each
    solves the solvable ones and no other, every forward pattern they store is dead by
    the reference search, and the levels made them learn and prune (examining nodes at
    every node with a child, as these levels are small). Without the table of dead pairs,
    which prunes before they are stored most of the positions these small levels teach."""
    monkeypatch.setattr("sokosolve.search.build.SUBTREE_TRIGGER", 2)
    found = dict(learned=0, pruned=0, checked=0)
    _searches_learn_dead_patterns(found=found)
    assert found["learned"] >= 5 and found["pruned"] >= 3, found



def _replayed(board, state, node):
    """The box squares that ``node``'s path from the start leads to."""
    from sokosolve.kernels import loop

    boxes = set(board.boxes.tolist())
    for push in loop.search_path(state, node):
        square, direction = divmod(int(push), 4)
        boxes.remove(square)
        boxes.add(square + int(board.offsets[direction]))
    return boxes


def test_an_ancestor_s_boxes_are_those_its_own_path_leads_to():
    """kernels.learning.ancestor_boxes undoes a node's pushes (goal-room and tunnel macros
    included) up to an ancestor: that gives the boxes of the ancestor's own path."""
    from sokosolve import load_levels
    from sokosolve.kernels import loop
    from sokosolve.kernels.learning import ancestor_boxes
    from sokosolve.search.build import start

    from .conftest import shared

    board = Board.from_level(load_levels(shared("xsokoban/xsokoban_90.xsb"))[0])
    state = loop.run_search(start(board, PRESETS["features"], 3000, 1e18)[1], 1 << 62,
                            np.empty(0, dtype=np.uint64), np.empty(0, dtype=np.int32))[1]
    parents, stored = state.table.parents, int(loop.search_counts(state)[2])
    checked = 0
    for node in range(0, stored, max(1, stored // 60)):  # about 60 nodes, however many
        ancestor = node
        for _ in range(node % 6):
            ancestor = ancestor if parents[ancestor] < 0 else int(parents[ancestor])
        boxes = np.array(sorted(_replayed(board, state, node)), dtype=np.int32)
        found = np.empty_like(boxes)
        player = ancestor_boxes(node, ancestor, parents, state.table.pushes, board.offsets,
                                state.macros, False, boxes, found)
        assert set(found.tolist()) == _replayed(board, state, ancestor)
        assert not board.walls[player] and player not in found
        checked += 1
    assert checked >= 50
