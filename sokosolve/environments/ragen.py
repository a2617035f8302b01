"""RAGEN (github.com/RAGEN-AI/RAGEN), a framework that trains language models as agents:
its Sokoban's text board and its four actions.

RAGEN's Sokoban is gym-sokoban's (:mod:`.gym_sokoban`) with, as its
``env/sokoban/config.py`` and ``env.py`` define them:

- the board as text, one token a square, rows on lines: ``#`` wall, ``_`` floor,
  ``O`` target, ``√`` box on a target, ``X`` box, ``P`` player, ``S`` player on a
  target, each token padded with a space on either side (its default ``grid_lookup``);
- the actions: 1 up, 2 down, 3 left, 4 right, gym-sokoban's push actions, which step
  the player and push a box it walks into where the square beyond is free.

>>> from sokosolve.level import parse_level
>>> level = parse_level("#####\\n#@$.#\\n#####")
>>> level_to_ragen(level).splitlines()[1].strip()
'#  P  X  O  #'
>>> ragen_actions("R"), level_from_ragen(level_to_ragen(level)).to_xsb() == level.to_xsb()
([4], True)
"""

from __future__ import annotations

from ..level import Level, LevelError, parse_level
from ..replay import expand_lurd
from .steps import lurd_of_steps

#: RAGEN's token of each XSB square (outside the outer wall, a wall).
TOKENS = {"#": "#", " ": "_", ".": "O", "*": "√", "$": "X", "@": "P", "+": "S"}
_SQUARE_OF = {token: square for square, token in TOKENS.items()}
#: The action of a step in each LURD direction.
ACTIONS = {"u": 1, "d": 2, "l": 3, "r": 4}
_DIRECTION_OF = {action: letter for letter, action in ACTIONS.items()}


def level_to_ragen(level: Level) -> str:
    """``level`` as RAGEN's text board."""
    rows = []
    for r in range(level.height):
        squares = []
        for c in range(level.width):
            square = level.square(r, c)
            if square not in level.floor:
                squares.append("#")
                continue
            goal = square in level.goals
            if square == level.player:
                squares.append("+" if goal else "@")
            elif square in level.boxes:
                squares.append("*" if goal else "$")
            else:
                squares.append("." if goal else " ")
        rows.append("".join(f" {TOKENS[s]} " for s in squares))
    return "\n".join(rows)


def level_from_ragen(text: str, source: str = "<ragen>") -> Level:
    """The level of a RAGEN text board; raises :class:`~sokosolve.level.LevelError` for a
    token it does not know, or a board that is no level."""
    rows = []
    for r, line in enumerate(text.strip("\n").splitlines()):
        row = []
        for c, token in enumerate(line.split()):
            if token not in _SQUARE_OF:
                raise LevelError(f"row {r + 1}, square {c + 1}: {token!r} is no RAGEN "
                                 "token", source)
            row.append(_SQUARE_OF[token])
        rows.append("".join(row))
    return parse_level("\n".join(rows), source)


def ragen_actions(solution: str) -> list[int]:
    """The actions of a LURD ``solution``, one a move or push."""
    return [ACTIONS[letter.lower()] for letter in expand_lurd(solution)]


def solution_from_ragen(level: Level, actions) -> str:
    """The LURD of ``actions`` played on ``level`` as RAGEN plays them (gym-sokoban's push
    actions): steps that change nothing are left out."""
    return lurd_of_steps(level, ((_DIRECTION_OF[int(a)], True) for a in actions))
