"""Deadlock tests run on every pushed box. Each one only prunes states that are really dead.

Dead squares themselves come from :mod:`sokosolve.board`. Here:

- a **freeze deadlock**: a box that can move along neither axis, because of walls,
  dead squares on both sides, or boxes that are themselves frozen, and that is
  not on a goal. A frozen box on a goal is fine, but a box it freezes may not be.
"""

from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True)
def _blocked(
    walls: np.ndarray, dead: np.ndarray, box_at: np.ndarray, offsets: np.ndarray,
    square: int, axis: int, held: np.ndarray, frames: np.ndarray,
) -> bool:
    """Whether the box on ``square`` can never move along ``axis`` (0 = across, 1 = up-down).

    Blocked means a wall on either side, dead squares on both sides, or a box on
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
            if walls[a] or walls[b] or held[a] or held[b] or (dead[a] and dead[b]):
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


@numba.njit(cache=True)
def is_frozen(
    walls: np.ndarray, dead: np.ndarray, box_at: np.ndarray, offsets: np.ndarray,
    square: int, held: np.ndarray, frames: np.ndarray,
) -> bool:
    """Whether the box on ``square`` can never be pushed again."""
    return _blocked(walls, dead, box_at, offsets, square, 0, held, frames) and _blocked(
        walls, dead, box_at, offsets, square, 1, held, frames
    )


@numba.njit(cache=True)
def freeze_deadlock(
    walls: np.ndarray, dead: np.ndarray, goal_mask: np.ndarray, box_at: np.ndarray,
    offsets: np.ndarray, square: int, held: np.ndarray, frames: np.ndarray,
) -> bool:
    """Whether pushing a box onto ``square`` froze a box that is off its goal."""
    if not is_frozen(walls, dead, box_at, offsets, square, held, frames):
        return False
    if not goal_mask[square]:
        return True
    # The box sits frozen on a goal: it may have frozen a neighbour off its goal.
    for o in offsets:
        s = square + o
        if box_at[s] >= 0 and not goal_mask[s] and is_frozen(
            walls, dead, box_at, offsets, s, held, frames
        ):
            return True
    return False
