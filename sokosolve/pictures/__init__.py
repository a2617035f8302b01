"""Pictures of levels and solutions: SVG (no dependency), PNG and animated GIF (Pillow, the
``pictures`` extra), a self-contained HTML page that replays a solution, and a gallery of
a batch's solved levels.

Rule: pictures import the level, the replay check, the result types and io's records;
Pillow only inside the functions that need it, so that SVG and HTML need nothing more.

>>> from sokosolve.level import parse_level
>>> from sokosolve.pictures import level_svg
>>> level_svg(parse_level("#####\\n#@$.#\\n#####")).startswith("<svg")
True
"""

from .gallery import Gallery
from .raster import MissingExtra, level_image, save_gif, save_png
from .replay_page import replay_html
from .svg import box_paths, level_svg

__all__ = ["Gallery", "MissingExtra", "box_paths", "level_image", "level_svg", "replay_html",
           "save_gif", "save_png"]
