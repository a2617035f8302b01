"""Stored pushes: one push, a tunnel macro (several pushes of one box in a line), a
goal-room macro (a box pushed on to its goal in a room) or a box route (a box pushed all
the way to a target, :mod:`sokosolve.kernels.routes`), packed in an int32.

A stored push is ``(pushes << STEPS_SHIFT) | (box square << 2) | direction``; a goal macro
``m`` (:mod:`sokosolve.analysis.packing`) is stored as ``-(m + 1)`` when the box starts on
the room's entrance, and as a push of no steps when it is first pushed onto the entrance;
a route as ``ROUTE | (box square << ROUTE_SHIFT) | (target << 2) | last direction``.
"""

from __future__ import annotations

import numpy as np

from .jit import borrowing
from .layout import Macros
from .reach import scanline_fill

STEPS_SHIFT = 20
SQUARE_MASK = (1 << (STEPS_SHIFT - 2)) - 1
#: The most squares of a padded board: a square must fit in a stored push.
MAX_SQUARES = SQUARE_MASK + 1
ROUTE = 1 << 30
ROUTE_SHIFT = 15
#: Boards with fewer squares than this may store routes (and so no tunnel is as long).
ROUTE_SQUARES = 1 << (ROUTE_SHIFT - 2)


@borrowing
def unpack(push: int) -> tuple[int, int, int]:
    """(box square, direction, pushes) of a stored push; more than one push is a tunnel macro,
    none a goal macro (then the "square" is the macro's number)."""
    return (push >> 2) & SQUARE_MASK, push & 3, push >> STEPS_SHIFT



@borrowing
def push_ends(
    push: int, offsets: np.ndarray, macros: Macros, backward: bool
) -> tuple[int, int, int]:
    """(square the box left, square it reached, player's square after) of a stored push.

    A goal macro ``m`` (:mod:`sokosolve.analysis.packing`) is stored as ``-(m + 1)``
    when the box starts on the room's entrance, and as a push of no steps
    when it is first pushed onto the entrance from a direction.
    """
    if push < 0:
        macro = -push - 1
        entrance = macros.pushes[macros.path_first[macro]] >> 2
        return entrance, macros.goal[macro], macros.player[macro]
    if push & ROUTE:
        to = (push >> 2) & (ROUTE_SQUARES - 1)
        return (push >> ROUTE_SHIFT) & (ROUTE_SQUARES - 1), to, to - offsets[push & 3]
    square, direction, steps = unpack(push)
    if steps == 0:
        entrance = macros.pushes[macros.path_first[square]] >> 2
        return entrance - offsets[direction], macros.goal[square], macros.player[square]
    to = square + steps * offsets[direction]
    return square, to, to + offsets[direction] if backward else to - offsets[direction]



@borrowing
def push_length(push: int, macros: Macros) -> int:
    """How many single pushes a stored push stands for (see :func:`push_ends`); not known
    for a route."""
    macro_path_first = macros.path_first
    if push < 0:
        return macro_path_first[-push] - macro_path_first[-push - 1]
    square, _, steps = unpack(push)
    if steps == 0:
        return 1 + macro_path_first[square + 1] - macro_path_first[square]
    return steps



@borrowing
def goal_macro(
    macros: Macros, box_at: np.ndarray, occupied: np.ndarray, width: int, offsets: np.ndarray,
    entrance: int, player: int, marks: np.ndarray, stamp: int, stack: np.ndarray,
) -> int:
    """The goal macro for a box just pushed onto ``entrance``, or -1.

    It applies when the room holds boxes on exactly the first goals of its
    packing order and the player, on ``player``, can step behind the entrance.
    """
    room = macros.entrance_room[entrance]
    if room < 0:
        return -1
    inside = 0
    for k in range(macros.room_square_first[room], macros.room_square_first[room + 1]):
        inside += box_at[macros.room_squares[k]] >= 0
    macro = macros.room_first[room] + inside
    if macro >= macros.room_first[room + 1]:
        return -1  # the room is full
    for k in range(macros.room_first[room], macro):
        if box_at[macros.goal[k]] < 0:
            return -1  # the boxes inside are not where the packing order puts them
    behind = entrance - offsets[macros.room_inward[room]]
    if player != behind:
        scanline_fill(occupied, width, player, marks, stamp, stack)
        if marks[behind] != stamp:
            return -1
    return macro



@borrowing
def in_tunnel(walls: np.ndarray, offsets: np.ndarray, square: int, direction: int) -> bool:
    """Walls on both sides of ``square`` across ``direction``."""
    across = offsets[(direction + 1) & 3]
    return walls[square + across] and walls[square - across]
