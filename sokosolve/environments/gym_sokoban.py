"""gym-sokoban (github.com/mpSchrader/gym-sokoban), the environment most reinforcement-learning
work on Boxoban runs: its two arrays and its nine actions.

The codes, as its ``sokoban_env.py`` and ``room_utils.py`` define them:

- ``room_fixed``, what never moves: 0 wall, 1 floor, 2 box target;
- ``room_state``, the position: 0 wall, 1 empty floor, 2 empty target, 3 box on a
  target, 4 box off the targets, 5 the player (on a target where ``room_fixed`` is 2);
- the actions: 0 no operation; 1 to 4 push up, down, left, right (with no box to push,
  the player moves); 5 to 8 move up, down, left, right (never a push).

Both arrays are ``height x width``, rows first. Squares outside a level's outer wall,
which are neither wall nor floor in a :class:`~sokosolve.level.Level`, are walls there.

>>> from sokosolve.level import parse_level
>>> level = parse_level("#####\\n#@$.#\\n#####")
>>> fixed, state = level_to_gym_sokoban(level)
>>> fixed[1].tolist(), state[1].tolist()
([0, 1, 1, 2, 0], [0, 5, 4, 2, 0])
>>> gym_sokoban_actions("R"), level_from_gym_sokoban(fixed, state).to_xsb() == level.to_xsb()
([4], True)
"""

from __future__ import annotations

import numpy as np

from ..level import Level, LevelError, parse_level
from ..replay import expand_lurd
from .steps import lurd_of_steps

WALL, FLOOR, TARGET = 0, 1, 2
BOX_ON_TARGET, BOX, PLAYER = 3, 4, 5
NO_OPERATION = 0
#: The action of a push, and of a move, in each LURD direction.
PUSH_ACTIONS = {"u": 1, "d": 2, "l": 3, "r": 4}
MOVE_ACTIONS = {"u": 5, "d": 6, "l": 7, "r": 8}
_DIRECTION_OF = {action: letter for table in (PUSH_ACTIONS, MOVE_ACTIONS)
                 for letter, action in table.items()}


def level_to_gym_sokoban(level: Level) -> tuple[np.ndarray, np.ndarray]:
    """``(room_fixed, room_state)`` of ``level``, as uint8 arrays."""
    fixed = np.zeros((level.height, level.width), dtype=np.uint8)
    for square in level.floor:
        fixed[level.row_col(square)] = TARGET if square in level.goals else FLOOR
    state = fixed.copy()
    for square in level.boxes:
        state[level.row_col(square)] = BOX_ON_TARGET if square in level.goals else BOX
    state[level.row_col(level.player)] = PLAYER
    return fixed, state


def level_from_gym_sokoban(room_fixed, room_state, source: str = "<gym-sokoban>") -> Level:
    """The level of a gym-sokoban position; raises :class:`~sokosolve.level.LevelError`
    for an array that is not one (a code out of range, no player, boxes and targets not
    matching), as for a bad XSB board."""
    fixed, state = np.asarray(room_fixed), np.asarray(room_state)
    if fixed.ndim != 2 or fixed.shape != state.shape:
        raise ValueError(f"{source}: room_fixed {fixed.shape} and room_state {state.shape} "
                         "are not two arrays of one board's shape")
    rows = []
    for r, (fixed_row, state_row) in enumerate(zip(fixed.tolist(), state.tolist(),
                                                     strict=True)):
        row = []
        for c, (kept, now) in enumerate(zip(fixed_row, state_row, strict=True)):
            target = kept == TARGET
            if kept == WALL or now == WALL:
                row.append("#")
            elif now == PLAYER:
                row.append("+" if target else "@")
            elif now in (BOX, BOX_ON_TARGET):
                row.append("*" if target else "$")
            elif kept in (FLOOR, TARGET) and now in (FLOOR, TARGET):
                row.append("." if target else " ")
            else:
                raise LevelError(f"row {r + 1}, column {c + 1}: room_fixed {kept} and "
                                 f"room_state {now} are no gym-sokoban square", source)
        rows.append("".join(row))
    return parse_level("\n".join(rows), source)


def gym_sokoban_actions(solution: str) -> list[int]:
    """The actions of a LURD ``solution``: a push action for each push, a move action for
    each move (a move action never pushes, so a move cannot turn into a push)."""
    return [(PUSH_ACTIONS if letter.isupper() else MOVE_ACTIONS)[letter.lower()]
            for letter in expand_lurd(solution)]


def solution_from_gym_sokoban(level: Level, actions) -> str:
    """The LURD of ``actions`` played on ``level`` as gym-sokoban plays them: no-operations
    and steps that change nothing (into a wall, or a move into a box) are left out, and a
    push action with no box to push is a move."""
    return lurd_of_steps(level, ((_DIRECTION_OF[int(a)], int(a) in PUSH_ACTIONS.values())
                                 for a in actions if int(a) != NO_OPERATION))
