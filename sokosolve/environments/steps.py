"""An environment's steps played on a level as the environments play them, into LURD."""

from __future__ import annotations

from collections.abc import Iterable

from ..level import Level
from ..replay import DIRECTIONS


def lurd_of_steps(level: Level, steps: Iterable[tuple[str, bool]]) -> str:
    """The LURD of ``steps``, each a direction (``u``, ``d``, ``l`` or ``r``) and whether
    it may push, played from ``level``'s start: a step that changes nothing (into a wall,
    into a box it may not or cannot push) is left out, as the environments take it for a
    no-operation.

    >>> from sokosolve.level import parse_level
    >>> lurd_of_steps(parse_level("#####\\n#@$.#\\n#####"), [("r", False), ("r", True)])
    'R'
    """
    boxes, player = set(level.boxes), level.player
    letters = []
    for letter, may_push in steps:
        dr, dc = DIRECTIONS[letter]
        r, c = level.row_col(player)
        target, beyond = level.square(r + dr, c + dc), level.square(r + 2 * dr, c + 2 * dc)
        if target not in level.floor:
            continue
        if target in boxes:
            if not may_push or beyond not in level.floor or beyond in boxes:
                continue
            boxes.remove(target)
            boxes.add(beyond)
            letter = letter.upper()
        letters.append(letter)
        player = target
    return "".join(letters)
