"""Replaying LURD solutions: the independent check every printed solution passes.

This module shares no code with the search: it walks the player over the
:class:`~sokosolve.level.Level` one letter at a time in plain Python.

>>> from sokosolve.level import parse_level
>>> level = parse_level("#####\\n#@$.#\\n#####")
>>> verify(level, "R")
Replay(solved=True, moves=1, pushes=1, error=None, step=None, box_lines=1, box_changes=1, \
pushing_sessions=1, player_lines=1)
>>> verify(level, "r").error
"step 1: 'r' walks into a box (a push is written 'R')"
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from .level import Level, Square

#: Letter -> (row step, column step).
DIRECTIONS = {"l": (0, -1), "u": (-1, 0), "r": (0, 1), "d": (1, 0)}

_RLE_TOKEN = re.compile(r"(\d*)([lurdLURD])")
#: The most moves a solution may have; a longer one is refused before it is expanded, so
#: that a run-length count such as ``99999999999l`` cannot take all the memory.
MAX_MOVES = 10_000_000


class SolutionFormatError(ValueError):
    """A solution string with characters that are not LURD."""


@dataclass(frozen=True)
class Replay:
    """The outcome of replaying a solution: solved or not, first illegal step, metrics.

    The metrics are those Sokoban YASC reports. A *box line* is a run of pushes
    in one direction with no move between them; a *box change* is a push of
    another box than the push before it (the first push counts); a *pushing
    session* is a run of pushes with no move between them; a *player line* is
    a run of one direction letter, case ignored.
    """

    solved: bool
    moves: int
    pushes: int
    error: str | None = None
    step: int | None = None
    box_lines: int = 0
    box_changes: int = 0
    pushing_sessions: int = 0
    player_lines: int = 0


def expand_lurd(solution: str) -> str:
    """Plain LURD from a string that may be run-length encoded and spread over lines.

    >>> expand_lurd("3l2U d")
    'lllUUd'
    """
    compact = "".join(solution.split())
    out = []
    pos = moves = 0
    # Matched in place, token after token: a search would try every later start.
    while match := _RLE_TOKEN.match(compact, pos):
        count, letter = match.groups()
        # A long count is refused by its digits: Python will not convert a very long run.
        n = 1 if not count else int(count) if len(count) <= 8 else MAX_MOVES + 1
        moves += n
        if moves > MAX_MOVES:
            raise SolutionFormatError(
                f"not a LURD solution: more than {MAX_MOVES} moves by character {match.end()}")
        out.append(letter * n)
        pos = match.end()
    if pos != len(compact):
        raise SolutionFormatError(
            f"not a LURD solution: unexpected {compact[pos]!r} at character {pos + 1}"
        )
    return "".join(out)


def compress_lurd(solution: str) -> str:
    """Run-length encodes a LURD string (the ``rle`` output format).

    >>> compress_lurd("lllUUd")
    '3l2Ud'
    """
    return "".join(
        (f"{len(m.group(0))}{m.group(1)}" if len(m.group(0)) > 1 else m.group(1))
        for m in re.finditer(r"([lurdLURD])\1*", solution)
    )


def verify(level: Level, solution: str) -> Replay:
    """Replays ``solution`` on ``level`` and says whether it solves it."""
    return _replay(level, solution)[0]


def play(level: Level, moves: str) -> Level:
    """``level`` with its boxes and player where ``moves`` leave them.

    >>> from sokosolve.level import parse_level
    >>> print(play(parse_level("######\\n#@$ .#\\n######"), "R").to_xsb(), end="")
    ######
    # @$.#
    ######
    """
    replay, boxes, player = _replay(level, moves)
    if replay.error:
        raise ValueError(replay.error)
    return replace(level, boxes=frozenset(boxes), player=player)


def positions(level: Level, solution: str, per_push: bool = False) -> Iterator[Level]:
    """The positions ``solution`` passes through on ``level``: the start, then the one after
    each move (with ``per_push``, after each push only). A solution with an illegal step
    raises :class:`ValueError` before anything is yielded.

    >>> from sokosolve.level import parse_level
    >>> level = parse_level("######\\n#@$ .#\\n######")
    >>> [sorted(p.boxes) for p in positions(level, "RR")]
    [[8], [9], [10]]
    >>> [p.player for p in positions(level, "RlrR", per_push=True)]
    [7, 8, 9]
    """
    lurd = expand_lurd(solution)
    replay = verify(level, lurd)
    if replay.error:
        raise ValueError(replay.error)
    yield level
    boxes, player = set(level.boxes), level.player
    for letter in lurd:
        dr, dc = DIRECTIONS[letter.lower()]
        r, c = level.row_col(player)
        player = level.square(r + dr, c + dc)
        if letter.isupper():
            boxes.remove(player)
            boxes.add(level.square(r + 2 * dr, c + 2 * dc))
        if letter.isupper() or not per_push:
            yield replace(level, boxes=frozenset(boxes), player=player)


def _replay(level: Level, solution: str) -> tuple[Replay, set[Square], Square]:
    """The replay of ``solution`` on ``level``, with the box squares and the player's square
    where it ends (or stops, at an illegal step)."""
    lurd = expand_lurd(solution)
    box_ids: dict[Square, int] = {s: i for i, s in enumerate(sorted(level.boxes))}
    player = level.player
    moves = pushes = box_lines = box_changes = sessions = player_lines = 0
    previous, last_box = "", -1
    for step, letter in enumerate(lurd, start=1):
        dr, dc = DIRECTIONS[letter.lower()]
        r, c = level.row_col(player)
        target = level.square(r + dr, c + dc)
        beyond = level.square(r + 2 * dr, c + 2 * dc)
        why = None
        if target not in level.floor:
            why = "walks into a wall"
        elif letter.islower():
            if target in box_ids:
                why = f"walks into a box (a push is written {letter.upper()!r})"
        elif target not in box_ids:
            why = f"pushes no box (a move is written {letter.lower()!r})"
        elif beyond not in level.floor or beyond in box_ids:
            why = "pushes a box that is blocked"
        if why:
            return (Replay(False, moves, pushes, f"step {step}: {letter!r} {why}", step,
                           box_lines, box_changes, sessions, player_lines), set(box_ids), player)
        if letter.isupper():
            box = box_ids.pop(target)
            box_ids[beyond] = box
            pushes += 1
            box_lines += letter != previous
            box_changes += box != last_box
            sessions += not previous.isupper()
            last_box = box
        player_lines += letter.lower() != previous.lower()
        previous = letter
        player = target
        moves += 1
    solved = set(box_ids) == set(level.goals)
    return (Replay(solved, moves, pushes, None, None, box_lines, box_changes, sessions,
                   player_lines), set(box_ids), player)
