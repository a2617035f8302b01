"""Deadlock tests run on every pushed box. Each one only prunes states that are really dead.

Dead squares themselves come from :mod:`sokosolve.analysis.board`. Here:

- a **freeze deadlock**: a box that can move along neither axis, because of walls,
  dead squares on both sides, a sealed pocket on one side, or boxes that are
  themselves frozen, and that is not on a goal. A frozen box on a goal is fine,
  but a box it freezes may not be.

A *sealed pocket* is a dead square whose other neighbours are walls or frozen
boxes, and where the player is not: the box beside it cannot be pushed into it
(a dead square) nor away from it (the player would have to stand in it). A box
frozen on a goal can seal a pocket beside a box it does not touch (Sasquatch
I-42: the goal room's filled top row walls in the square under a box outside).
"""

from __future__ import annotations

import numba
import numpy as np

from .jit import borrowing


@numba.njit(cache=True)
def freeze_workspace(boxes: int) -> np.ndarray:
    """The ``frames`` work space of the freeze tests for a level with ``boxes`` boxes: a row
    per box and two more; columns 0-2 for :func:`is_frozen`'s recursion, column 3 for the
    boxes :func:`freeze_deadlock` holds as walls."""
    return np.empty((boxes + 2, 4), dtype=np.int64)


@borrowing
def _pocket_candidate(
    walls: np.ndarray, dead: np.ndarray, box_at: np.ndarray, square: int, player: int,
) -> bool:
    """Whether ``square`` could be a sealed pocket: an empty dead square, not the player's."""
    return not walls[square] and box_at[square] < 0 and dead[square] and square != player


@borrowing
def _sealed_pocket(
    walls: np.ndarray, dead: np.ndarray, box_at: np.ndarray, offsets: np.ndarray,
    pocket: int, box: int, held: np.ndarray, player: int,
) -> bool:
    """Whether ``pocket``, beside the box on ``box``, is a dead square that the player
    (on ``player``; -1: unknown, never sealed) can never enter while that box stays."""
    if player < 0 or not _pocket_candidate(walls, dead, box_at, pocket, player):
        return False
    for o in offsets:
        n = pocket + o
        if n != box and not walls[n] and not held[n]:
            return False
    return True


@borrowing
def _blocked(
    walls: np.ndarray, dead: np.ndarray, box_at: np.ndarray, offsets: np.ndarray,
    square: int, axis: int, held: np.ndarray, frames: np.ndarray, player: int,
) -> bool:
    """Whether the box on ``square`` can never move along ``axis`` (0 = across, 1 = up-down).

    Blocked means a wall on either side, dead squares on both sides, a sealed
    pocket on either side (the player on ``player``), or a box on
    either side that is itself blocked along the other axis. While a box is
    being asked about it counts as a wall (``held``), which ends the recursion
    on rings of boxes that hold each other. The recursion runs on ``frames``
    (square, axis, next side) because numba cannot cache recursive functions.
    """
    frames[0, 0], frames[0, 1], frames[0, 2] = square, axis, 0
    top = 1
    result = False
    while top > 0:
        s, ax, side = frames[top - 1, 0], frames[top - 1, 1], frames[top - 1, 2]
        if side == 0:
            a, b = s + offsets[ax], s + offsets[ax + 2]
            if (walls[a] or walls[b] or held[a] or held[b] or (dead[a] and dead[b])
                    or (player >= 0 and dead[a]
                        and _sealed_pocket(walls, dead, box_at, offsets, a, s, held, player))
                    or (player >= 0 and dead[b]
                        and _sealed_pocket(walls, dead, box_at, offsets, b, s, held, player))):
                result = True
                top -= 1
                continue
            held[s] = 1
            result = False
        elif result or side == 3:
            held[s] = 0
            top -= 1
            continue
        if side < 2:
            neighbour = s + offsets[ax + 2 * side]
            frames[top - 1, 2] = side + 1
            if box_at[neighbour] >= 0:
                frames[top, 0], frames[top, 1], frames[top, 2] = neighbour, 1 - ax, 0
                top += 1
        else:
            frames[top - 1, 2] = 3
    return result


@borrowing
def is_frozen(
    walls: np.ndarray, dead: np.ndarray, box_at: np.ndarray, offsets: np.ndarray,
    square: int, held: np.ndarray, frames: np.ndarray, player: int = -1,
) -> bool:
    """Whether the box on ``square`` can never be pushed again (sealed pockets count only
    if the player's square ``player`` is given)."""
    return _blocked(walls, dead, box_at, offsets, square, 0, held, frames, player) and _blocked(
        walls, dead, box_at, offsets, square, 1, held, frames, player
    )


@borrowing
def freeze_deadlock(
    walls: np.ndarray, dead: np.ndarray, goal_mask: np.ndarray, box_at: np.ndarray,
    offsets: np.ndarray, square: int, held: np.ndarray, frames: np.ndarray, player: int,
) -> bool:
    """Whether pushing a box onto ``square``, the player then on ``player``, froze a box
    that is off its goal."""
    sealable = _beside_goal_box_pocket(walls, dead, goal_mask, box_at, offsets, square, player)
    if not sealable:  # the common case, settled without the work space below
        if not is_frozen(walls, dead, box_at, offsets, square, held, frames, player):
            return False
        if not goal_mask[square]:
            return True
    # Boxes proved frozen on goals are held: they count as the walls they are. First
    # those that wall in a dead square next to the pushed box.
    walled = frames[:, 3]  # at most every box
    size = 0
    if sealable:
        for o in offsets:
            q = square + o
            if _walled_by_goal_boxes(walls, dead, goal_mask, box_at, offsets, q, square,
                                     player):
                for o2 in offsets:
                    n = q + o2
                    if (n != square and box_at[n] >= 0 and not held[n] and is_frozen(
                            walls, dead, box_at, offsets, n, held, frames, player)):
                        held[n] = 1
                        walled[size] = n
                        size += 1
    dead_end = False
    if not sealable or is_frozen(walls, dead, box_at, offsets, square, held, frames, player):
        if not goal_mask[square]:
            dead_end = True
        else:
            # Frozen on a goal, and so may be the boxes on goals that touch it, in a
            # chain; they may have frozen a box off its goal, beside them or beside a
            # pocket they seal.
            held[square] = 1
            walled[size] = square
            size += 1
            k = 0
            while k < size:
                for o in offsets:
                    s = walled[k] + o
                    if (box_at[s] >= 0 and goal_mask[s] and not held[s] and is_frozen(
                            walls, dead, box_at, offsets, s, held, frames, player)):
                        held[s] = 1
                        walled[size] = s
                        size += 1
                k += 1
            dead_end = _freezes_a_box_off_its_goal(
                walls, dead, goal_mask, box_at, offsets, walled, size, held, frames, player)
    for k in range(size):
        held[walled[k]] = 0
    return dead_end


@borrowing
def _walled_by_goal_boxes(
    walls: np.ndarray, dead: np.ndarray, goal_mask: np.ndarray, box_at: np.ndarray,
    offsets: np.ndarray, pocket: int, box: int, player: int,
) -> bool:
    """Whether ``pocket``, beside the box on ``box``, is an empty dead square, not the
    player's, whose other neighbours are walls and at least one box on a goal: sealed if
    those boxes are frozen."""
    if not _pocket_candidate(walls, dead, box_at, pocket, player):
        return False
    goal_boxes = 0
    for o in offsets:
        n = pocket + o
        if n != box and not walls[n]:
            if box_at[n] < 0 or not goal_mask[n]:
                return False
            goal_boxes += 1
    return goal_boxes > 0


@borrowing
def _beside_goal_box_pocket(
    walls: np.ndarray, dead: np.ndarray, goal_mask: np.ndarray, box_at: np.ndarray,
    offsets: np.ndarray, square: int, player: int,
) -> bool:
    """Whether a square next to ``square`` is walled in by walls and boxes on goals."""
    for o in offsets:
        if dead[square + o] and _walled_by_goal_boxes(walls, dead, goal_mask, box_at, offsets,
                                                      square + o, square, player):
            return True
    return False


@borrowing
def _freezes_a_box_off_its_goal(
    walls: np.ndarray, dead: np.ndarray, goal_mask: np.ndarray, box_at: np.ndarray,
    offsets: np.ndarray, walled: np.ndarray, size: int, held: np.ndarray, frames: np.ndarray,
    player: int,
) -> bool:
    """Whether a box off its goal, beside one of the first ``size`` boxes of ``walled`` or
    beside a dead square next to one, is frozen."""
    for k in range(size):
        for o in offsets:
            s = walled[k] + o
            if box_at[s] >= 0:
                if not goal_mask[s] and is_frozen(walls, dead, box_at, offsets, s, held,
                                                  frames, player):
                    return True
            elif _pocket_candidate(walls, dead, box_at, s, player):
                for o2 in offsets:
                    c = s + o2
                    if (box_at[c] >= 0 and not goal_mask[c]
                            and is_frozen(walls, dead, box_at, offsets, c, held, frames, player)):
                        return True
    return False
