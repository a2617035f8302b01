"""Levels as SVG, one shape a square: scalable pictures with no dependency.

Every shape carries a class naming what it shows: ``floor``, ``wall``, ``goal``,
``box`` (off a goal), ``box-on-goal``, ``player``, and ``trace`` for the path of
a box. A goal under a box is drawn too, under it:

>>> from sokosolve.level import parse_level
>>> svg = level_svg(parse_level("######\\n#@$.*#\\n######"))
>>> [svg.count(f'class="{name}"') for name in ("wall", "goal", "box", "box-on-goal")]
[14, 2, 1, 1]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from ..level import Level, Square
from ..replay import positions
from .style import COLOURS, SQUARE


def box_paths(level: Level, solution: str) -> list[list[Square]]:
    """The squares each box passes through under ``solution``, from its start square, one
    list a box in the order of their start squares.

    >>> from sokosolve.level import parse_level
    >>> box_paths(parse_level("#######\\n#@$ ..#\\n#  $  #\\n#######"), "RRldR")
    [[9, 10, 11], [17, 18]]
    """
    paths = {square: [square] for square in sorted(level.boxes)}
    at = {square: square for square in level.boxes}  # current square -> start square
    before = level
    for after in positions(level, solution, per_push=True):
        left, arrived = before.boxes - after.boxes, after.boxes - before.boxes
        if left:
            (source,), (target,) = left, arrived
            first = at.pop(source)
            at[target] = first
            paths[first].append(target)
        before = after
    return [paths[square] for square in sorted(level.boxes)]


def level_svg(level: Level, trace: Iterable[Sequence[Square]] = (), square: int = SQUARE) -> str:
    """``level`` as an SVG document, ``square`` pixels a square, with each path of ``trace``
    (squares, as :func:`box_paths` gives them) drawn as a line under the boxes."""
    shapes = []

    def rect(s: Square, name: str, inset: float = 0.0, extra: str = "") -> None:
        r, c = level.row_col(s)
        size = square - 2 * inset
        shapes.append(f'<rect class="{name}" x="{c * square + inset:g}" '
                      f'y="{r * square + inset:g}" width="{size:g}" height="{size:g}" '
                      f'fill="{COLOURS[name]}"{extra}/>')

    def circle(s: Square, name: str, radius: float) -> None:
        r, c = level.row_col(s)
        shapes.append(f'<circle class="{name}" cx="{(c + 0.5) * square:g}" '
                      f'cy="{(r + 0.5) * square:g}" r="{radius * square:g}" '
                      f'fill="{COLOURS[name]}"/>')

    for s in sorted(level.floor):
        rect(s, "floor")
    for s in sorted(level.walls):
        rect(s, "wall")
    for s in sorted(level.goals):
        circle(s, "goal", 0.2)
    for path in trace:
        if len(path) > 1:
            points = " ".join(
                f"{(c + 0.5) * square:g},{(r + 0.5) * square:g}"
                for r, c in map(level.row_col, path))
            shapes.append(f'<polyline class="trace" points="{points}" fill="none" '
                          f'stroke="{COLOURS["trace"]}" stroke-width="{square / 8:g}" '
                          f'stroke-opacity="0.5" stroke-linejoin="round"/>')
    for s in sorted(level.boxes):
        name = "box-on-goal" if s in level.goals else "box"
        rect(s, name, square / 10,
             f' rx="{square / 8:g}" stroke="{COLOURS[name + "-edge"]}" '
             f'stroke-width="{square / 16:g}"')
    circle(level.player, "player", 0.3)
    width, height = level.width * square, level.height * square
    title = f"<title>{escape(level.title)}</title>" if level.title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">{title}\n' + "\n".join(shapes) + "\n</svg>\n")
