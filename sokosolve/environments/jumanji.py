"""jumanji (github.com/instadeepai/jumanji), the JAX environments: its Sokoban's two grids
and its four actions.

The codes, as its ``routing/sokoban/constants.py`` and ``generator.py`` define them:

- ``fixed_grid``, what never moves: 0 floor, 1 wall, 2 target;
- ``variable_grid``, what moves: 0 nothing, 3 the agent, 4 a box (on a target where
  ``fixed_grid`` is 2);
- the observation's ``grid`` stacks them as ``(variable_grid, fixed_grid)`` on its last
  axis; its Hugging Face copy of Boxoban (``InstaDeepAI/boxoban-levels``) stacks them
  the other way round, ``(fixed, variable)``;
- the actions: 0 up, 1 right, 2 down, 3 left (its ``MOVES`` table, which the class
  docstring follows; one method's docstring says up, down, left, right). Each steps the
  agent, pushing a box it walks into where the square beyond is free; any other step
  changes nothing.

Both grids are ``height x width``, rows first (jumanji's boards are 10 x 10, as
Boxoban's). Squares outside a level's outer wall are walls there.

>>> from sokosolve.level import parse_level
>>> level = parse_level("#####\\n#@$.#\\n#####")
>>> fixed, variable = level_to_jumanji(level)
>>> fixed[1].tolist(), variable[1].tolist()
([1, 0, 0, 2, 1], [0, 3, 4, 0, 0])
>>> jumanji_actions("R"), level_from_jumanji(fixed, variable).to_xsb() == level.to_xsb()
([1], True)
"""

from __future__ import annotations

import numpy as np

from ..level import Level, LevelError, parse_level
from ..replay import expand_lurd
from .steps import lurd_of_steps

FLOOR, WALL, TARGET = 0, 1, 2
NOTHING, AGENT, BOX = 0, 3, 4
#: The action of a step in each LURD direction.
ACTIONS = {"u": 0, "r": 1, "d": 2, "l": 3}
_DIRECTION_OF = {action: letter for letter, action in ACTIONS.items()}


def level_to_jumanji(level: Level) -> tuple[np.ndarray, np.ndarray]:
    """``(fixed_grid, variable_grid)`` of ``level``, as uint8 arrays."""
    fixed = np.full((level.height, level.width), WALL, dtype=np.uint8)
    variable = np.zeros((level.height, level.width), dtype=np.uint8)
    for square in level.floor:
        fixed[level.row_col(square)] = TARGET if square in level.goals else FLOOR
    for square in level.boxes:
        variable[level.row_col(square)] = BOX
    variable[level.row_col(level.player)] = AGENT
    return fixed, variable


def level_from_jumanji(fixed_grid, variable_grid, source: str = "<jumanji>") -> Level:
    """The level of a jumanji position; raises :class:`~sokosolve.level.LevelError` for
    grids that are not one (a code out of range, something on a wall, no agent, boxes
    and targets not matching), as for a bad XSB board."""
    fixed, variable = np.asarray(fixed_grid), np.asarray(variable_grid)
    if fixed.ndim != 2 or fixed.shape != variable.shape:
        raise ValueError(f"{source}: fixed_grid {fixed.shape} and variable_grid "
                         f"{variable.shape} are not two grids of one board's shape")
    rows = []
    for r, (fixed_row, variable_row) in enumerate(zip(fixed.tolist(), variable.tolist(),
                                                        strict=True)):
        row = []
        for c, (kept, now) in enumerate(zip(fixed_row, variable_row, strict=True)):
            target = kept == TARGET
            if kept == WALL and now == NOTHING:
                row.append("#")
            elif kept in (FLOOR, TARGET) and now in (NOTHING, AGENT, BOX):
                row.append({NOTHING: ".", AGENT: "+", BOX: "*"}[now] if target
                           else {NOTHING: " ", AGENT: "@", BOX: "$"}[now])
            else:
                raise LevelError(f"row {r + 1}, column {c + 1}: fixed_grid {kept} and "
                                 f"variable_grid {now} are no jumanji square", source)
        rows.append("".join(row))
    return parse_level("\n".join(rows), source)


def jumanji_actions(solution: str) -> list[int]:
    """The actions of a LURD ``solution``, one a move or push."""
    return [ACTIONS[letter.lower()] for letter in expand_lurd(solution)]


def solution_from_jumanji(level: Level, actions) -> str:
    """The LURD of ``actions`` played on ``level`` as jumanji plays them: steps that
    change nothing (into a wall, or into a box that cannot move) are left out."""
    return lurd_of_steps(level, ((_DIRECTION_OF[int(a)], True) for a in actions))
