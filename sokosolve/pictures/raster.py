"""Levels as PNG and solutions as animated GIF, drawn with Pillow (the ``pictures`` extra).

The images are palette images, one colour a kind of square, so that a GIF of a
long solution needs no colour quantizing frame by frame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from ..level import Level, Square
from ..replay import positions
from .style import COLOURS, SQUARE, rgb

#: Milliseconds a GIF frame is shown; the last frame is held longer.
FRAME_MS = 120
LAST_FRAME_MS = 2000
_INKS = ("background", "wall", "floor", "goal", "box", "box-edge", "box-on-goal",
         "box-on-goal-edge", "player", "trace")
_INK = {name: number for number, name in enumerate(_INKS)}


class MissingExtra(RuntimeError):
    """An optional dependency is not installed; the message says how to install it."""


def _pillow():
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise MissingExtra(
            "PNG and GIF pictures need Pillow: pip install 'sokosolve[pictures]'") from None
    return Image, ImageDraw


def _board(level: Level, square: int):
    """The image of the walls, the floor and the goals, with no box and no player."""
    image_type, draw_type = _pillow()
    image = image_type.new("P", (level.width * square, level.height * square),
                           _INK["background"])
    image.putpalette([value for name in _INKS for value in rgb(COLOURS[name])])
    draw = draw_type.Draw(image)
    for name, squares in (("floor", level.floor), ("wall", level.walls)):
        for s in squares:
            r, c = level.row_col(s)
            draw.rectangle((c * square, r * square, (c + 1) * square - 1, (r + 1) * square - 1),
                           fill=_INK[name])
    for s in level.goals:
        _disc(draw, level, s, square, 0.2, "goal")
    return image


def _disc(draw, level: Level, s: int, square: int, radius: float, name: str) -> None:
    r, c = level.row_col(s)
    x, y, d = (c + 0.5) * square, (r + 0.5) * square, radius * square
    draw.ellipse((x - d, y - d, x + d, y + d), fill=_INK[name])


def _position(board, level: Level, square: int, trace: Iterable[Sequence[Square]] = ()):
    """``board`` with ``level``'s boxes and player, and the paths of ``trace``, drawn on a
    copy of it."""
    _, draw_type = _pillow()
    image = board.copy()
    draw = draw_type.Draw(image)
    for path in trace:
        points = [((c + 0.5) * square, (r + 0.5) * square) for r, c in map(level.row_col, path)]
        if len(points) > 1:
            draw.line(points, fill=_INK["trace"], width=max(1, square // 8), joint="curve")
    inset = max(1, square // 10)
    for s in level.boxes:
        r, c = level.row_col(s)
        name = "box-on-goal" if s in level.goals else "box"
        draw.rounded_rectangle(
            (c * square + inset, r * square + inset,
             (c + 1) * square - 1 - inset, (r + 1) * square - 1 - inset),
            radius=max(1, square // 8), fill=_INK[name], outline=_INK[name + "-edge"],
            width=max(1, square // 16))
    _disc(draw, level, level.player, square, 0.3, "player")
    return image


def level_image(level: Level, trace: Iterable[Sequence[Square]] = (), square: int = SQUARE):
    """``level`` as a Pillow image, ``square`` pixels a square, with the box paths of
    ``trace`` (as :func:`~sokosolve.pictures.svg.box_paths` gives them) drawn as lines."""
    return _position(_board(level, square), level, square, trace)


def save_png(level: Level, path: str | Path, trace: Iterable[Sequence[Square]] = (),
             square: int = SQUARE) -> None:
    """Writes ``level`` (a start, or where a solution ends) to ``path`` as PNG."""
    level_image(level, trace, square).save(path, format="PNG")


def save_gif(level: Level, solution: str, path: str | Path, per_push: bool = False,
             square: int = SQUARE, frame_ms: int = FRAME_MS) -> int:
    """Writes ``solution`` played on ``level`` to ``path`` as an animated GIF, one frame
    for the start and one after each move (or, with ``per_push``, each push); returns the
    number of frames."""
    board = _board(level, square)
    frames = [_position(board, step, square) for step in positions(level, solution, per_push)]
    frames[0].save(path, format="GIF", save_all=True, append_images=frames[1:],
                   duration=[frame_ms] * (len(frames) - 1) + [LAST_FRAME_MS], loop=0,
                   optimize=False)
    return len(frames)
