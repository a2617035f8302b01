"""The look shared by every picture: the colours of each kind of square and the sizes."""

from __future__ import annotations

#: Pixels a square, in SVG and HTML (scalable) and by default in PNG and GIF.
SQUARE = 32

#: Fill colours, by the class name each shape carries in SVG and HTML.
COLOURS = {
    "background": "#ffffff",
    "wall": "#56565f",
    "floor": "#ecebe4",
    "goal": "#d64541",
    "box": "#c98f3c",
    "box-edge": "#7d5419",
    "box-on-goal": "#4f9d52",
    "box-on-goal-edge": "#2c6530",
    "player": "#2f6fdb",
    "trace": "#2f6fdb",
}


def rgb(colour: str) -> tuple[int, int, int]:
    """``"#rrggbb"`` as a triple of ints.

    >>> rgb("#ff8000")
    (255, 128, 0)
    """
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
