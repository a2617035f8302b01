"""Sokoban levels: the `Level` type, reading XSB boards and collections, writing XSB.

A square is an ``int``, the flat index ``row * width + col`` of the level's grid.
Squares outside the outer wall are neither walls nor floor: :attr:`Level.floor`
holds only the squares the player could walk on with all boxes removed.

>>> level = parse_level("#####\\n#@$.#\\n#####")
>>> level.width, level.height, level.player, sorted(level.boxes), sorted(level.goals)
(5, 3, 6, [7], [8])
>>> print(level.to_xsb(), end="")
#####
#@$.#
#####
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

Square = int

#: Characters of a board row; ``-`` and ``_`` are floor, as in many XSB files.
BOARD_CHARS = frozenset("#@+$*. -_")
_RLE_CHARS = frozenset("0123456789|")
_KEY_NAME = re.compile(r"[A-Za-z][A-Za-z ]*")
#: The most squares a board may have. Reading stops there, so that a run-length count
#: such as ``99999999#`` cannot take all the memory.
MAX_BOARD_SQUARES = 1 << 20


class LevelError(ValueError):
    """A level that cannot be read, with the file and line where the problem is."""

    def __init__(self, message: str, source: str = "<string>", line: int | None = None):
        self.message = message
        self.source = source
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class Level:
    """One Sokoban level: a grid of ``width * height`` squares."""

    width: int
    height: int
    walls: frozenset[Square]
    floor: frozenset[Square]
    goals: frozenset[Square]
    boxes: frozenset[Square]
    player: Square
    title: str | None = None
    author: str | None = None
    source: str = "<string>"
    line: int | None = field(default=None, compare=False)

    def square(self, row: int, col: int) -> Square:
        return row * self.width + col

    def row_col(self, square: Square) -> tuple[int, int]:
        return divmod(square, self.width)

    @property
    def is_solved(self) -> bool:
        return self.boxes == self.goals

    def to_xsb(self) -> str:
        """The board as XSB rows, trailing blanks removed, without a title."""
        rows = []
        for r in range(self.height):
            chars = []
            for c in range(self.width):
                s = r * self.width + c
                if s in self.walls:
                    chars.append("#")
                elif s == self.player:
                    chars.append("+" if s in self.goals else "@")
                elif s in self.boxes:
                    chars.append("*" if s in self.goals else "$")
                elif s in self.goals:
                    chars.append(".")
                else:
                    chars.append(" ")
            rows.append("".join(chars).rstrip())
        return "\n".join(rows) + "\n"

    def __str__(self) -> str:
        return self.to_xsb()

    def _repr_svg_(self) -> str:
        """The board as SVG, which Jupyter shows in place of the text (as python-chess
        boards do); :func:`sokosolve.pictures.level_svg` draws it."""
        from .pictures.svg import level_svg  # pictures import this module

        return level_svg(self)


def _expand_rle(row: str, source: str, line: int) -> str:
    """Expands a run-length row such as ``4#`` (``|`` splits rows, before this)."""
    out = []
    count = ""
    length = 0
    for ch in row:
        if ch.isdigit():
            count += ch
            if len(count) <= 7:  # a longer count is refused before int() sees it
                continue
        n = 1 if not count else int(count) if len(count) <= 7 else MAX_BOARD_SQUARES + 1
        length += n
        if length > MAX_BOARD_SQUARES:
            raise LevelError(f"a run-length row longer than {MAX_BOARD_SQUARES} squares",
                             source, line)
        out.append(ch * n)
        count = ""
    return "".join(out)


def _is_board_line(line: str) -> bool:
    return "#" in line and all(ch in BOARD_CHARS or ch in _RLE_CHARS for ch in line)


def _board_rows(lines: list[tuple[int, str]], source: str) -> list[tuple[int, str]]:
    rows = []
    for number, line in lines:
        if any(ch in _RLE_CHARS for ch in line):
            rows.extend((number, _expand_rle(part, source, number)) for part in line.split("|"))
        else:
            rows.append((number, line))
    return rows


def _build_level(
    lines: list[tuple[int, str]], source: str, title: str | None, author: str | None
) -> Level:
    rows = _board_rows(lines, source)
    first_line = lines[0][0]
    height = len(rows)
    width = max(len(row) for _, row in rows)
    if width * height > MAX_BOARD_SQUARES:
        raise LevelError(f"the board is too large: {width}x{height} squares, at most "
                         f"{MAX_BOARD_SQUARES} in all", source, first_line)
    walls: set[Square] = set()
    goals: set[Square] = set()
    boxes: set[Square] = set()
    players: list[tuple[Square, int]] = []
    for r, (number, row) in enumerate(rows):
        for c, ch in enumerate(row):
            s = r * width + c
            if ch not in BOARD_CHARS:
                raise LevelError(f"unknown character {ch!r} in column {c + 1}", source, number)
            if ch == "#":
                walls.add(s)
            if ch in "@+":
                players.append((s, number))
            if ch in "$*":
                boxes.add(s)
            if ch in ".+*":
                goals.add(s)
    if not players:
        raise LevelError("no player ('@' or '+') on the board", source, first_line)
    if len(players) > 1:
        raise LevelError("a second player on the board", source, players[1][1])
    problem = count_problem(len(boxes), len(goals))
    if problem:
        raise LevelError(problem, source, first_line)
    player = players[0][0]
    floor = _flood_floor(width, height, walls, player, rows, source)
    # A box on a goal walled off from the player is part of the scenery; a lone
    # box or goal there could never be used.
    for name, squares in (("box", boxes - goals), ("goal", goals - boxes)):
        for s in sorted(squares):
            if s not in floor:
                r, c = divmod(s, width)
                raise LevelError(
                    f"{name} outside the player's area in column {c + 1}", source, rows[r][0]
                )
    return Level(
        width, height, frozenset(walls), frozenset(floor), frozenset(goals),
        frozenset(boxes), player, title, author, source, first_line,
    )


def _flood_floor(
    width: int, height: int, walls: set[Square], player: Square,
    rows: list[tuple[int, str]], source: str,
) -> set[Square]:
    """Squares the player reaches with no boxes; fails if the player can leave the grid."""
    seen = {player}
    stack = [player]
    while stack:
        s = stack.pop()
        r, c = divmod(s, width)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if not (0 <= rr < height and 0 <= cc < width) or cc >= len(rows[rr][1]):
                raise LevelError(
                    f"the board is not closed: the player can walk off at row {r + 1}, "
                    f"column {c + 1}",
                    source, rows[r][0],
                )
            t = rr * width + cc
            if t not in walls and t not in seen:
                seen.add(t)
                stack.append(t)
    return seen


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def count_problem(boxes: int, goals: int) -> str | None:
    """What is wrong with a board of ``boxes`` boxes and ``goals`` goals, or None: a level
    needs at least one box and as many goals as boxes.

    >>> count_problem(1, 2)
    '1 box but 2 goals'
    """
    if not boxes:
        return "no boxes on the board"
    if boxes != goals:
        return f"{_count(boxes, 'box', 'boxes')} but {_count(goals, 'goal', 'goals')}"
    return None


def _title_of(meta: list[str]) -> tuple[str | None, str | None]:
    """Title and author from the lines that belong to one board.

    A ``Title:`` key wins over a bare text line, which wins over a comment.
    """
    title = author = comment = text = None
    new_paragraph = True
    for line in meta:
        stripped = line.strip()
        if not stripped:
            new_paragraph = True
            continue
        if stripped.startswith("::"):
            continue
        if stripped.startswith(";"):
            # The first line of the last paragraph of comments names the level.
            if not stripped[1:].strip():
                new_paragraph = True
            elif new_paragraph:
                comment = stripped[1:].strip()
                new_paragraph = False
            continue
        name, colon, value = stripped.partition(":")
        if colon and _KEY_NAME.fullmatch(name.rstrip()):
            name, value = name.rstrip().lower(), value.strip()
            if name == "title":
                title = value
            elif name == "author":
                author = value
            continue
        text = stripped
    return title or text or comment, author


def read_levels(text: str, source: str = "<string>") -> Iterator[Level | LevelError]:
    """Every level of an XSB text: a single board or a collection.

    A level that cannot be read is yielded as a :class:`LevelError` and the
    reading goes on with the next one, as ``chess.pgn.read_game`` does.

    >>> text = "; one\\n#####\\n#@$.#\\n#####\\n\\n; two\\n####\\n#@*#\\n####"
    >>> [level.title for level in read_levels(text)]
    ['one', 'two']
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\x00" in text:
        yield LevelError("binary data, not a text level file", source, None)
        return
    lines = [(i + 1, line.rstrip()) for i, line in enumerate(text.splitlines())]
    # Boards are runs of board lines. Text right after a board, before a blank
    # line, belongs to that board; everything else to the board that follows.
    blocks: list[tuple[list[str], list[tuple[int, str]], list[str]]] = []
    meta: list[str] = []
    board: list[tuple[int, str]] = []
    after = False
    for number, line in lines:
        # A row that starts like a board row but is not one is a broken row:
        # keep it in the board so that reading that level names the bad character.
        broken = line.lstrip().startswith("#") or (bool(board) and line[:1] == " " and "#" in line)
        if _is_board_line(line) or broken:
            board.append((number, line))
            after = False
            continue
        if board:
            blocks.append((meta, board, []))
            meta, board, after = [], [], True
        if after and line.strip():
            blocks[-1][2].append(line)
        else:
            after = False
            meta.append(line)
    if board:
        blocks.append((meta, board, []))
    if not blocks:
        yield LevelError("no level found", source, None)
        return
    for before, rows, trailing in blocks:
        title, author = _title_of(before + trailing)
        try:
            yield _build_level(rows, source, title, author)
        except LevelError as error:
            yield error


def parse_level(text: str, source: str = "<string>") -> Level:
    """The single level of an XSB text; raises :class:`LevelError` if there is not exactly one."""
    levels = list(read_levels(text, source))
    for level in levels:
        if isinstance(level, LevelError):
            raise level
    if len(levels) != 1:
        raise LevelError(f"expected one level, found {len(levels)}", source)
    return levels[0]


