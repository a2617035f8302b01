"""A batch's gallery: one SVG a solved level, and an ``index.html`` linking them with their
metrics (the batch command's ``--pictures DIR``).

>>> import tempfile, pathlib
>>> from sokosolve.level import parse_level
>>> from sokosolve.io.formats import Record
>>> from sokosolve.result import Result, Status
>>> level = parse_level("#####\\n#@$.#\\n#####")
>>> with tempfile.TemporaryDirectory() as folder:
...     with Gallery(folder) as gallery:
...         gallery.add(Record("a.xsb", 1, level, Result(Status.SOLVED, "R", moves=1, pushes=1)))
...     sorted(p.name for p in pathlib.Path(folder).iterdir())
['a-0001.svg', 'index.html']
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from ..io.formats import Record
from ..result import Status
from .svg import box_paths, level_svg

_COLUMNS = ("moves", "pushes", "box_lines", "box_changes", "seconds")


class Gallery:
    """Writes the picture of each solved record as it comes, and the index when closed."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.rows: list[tuple[str, Record]] = []

    def add(self, record: Record) -> None:
        """The start of a solved level with the paths of its boxes; others are skipped."""
        if record.result.status is not Status.SOLVED or record.level is None:
            return
        stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", Path(record.file).stem) or "level"
        name = f"{stem}-{record.index:04d}.svg"
        trace = box_paths(record.level, record.result.solution)
        (self.directory / name).write_text(level_svg(record.level, trace), encoding="utf-8")
        self.rows.append((name, record))

    def close(self) -> None:
        """Writes ``index.html``: a table of the solved levels, each with its picture."""
        head = "".join(f"<th>{column.replace('_', ' ')}</th>" for column in _COLUMNS)
        rows = []
        for name, record in self.rows:
            fields = record.as_dict()
            cells = "".join(f"<td>{fields[column]}</td>" for column in _COLUMNS)
            label = escape(f"{record.file} #{record.index}"
                           + (f": {record.title}" if record.title else ""))
            rows.append(f'<tr><td><a href="{name}">{label}</a></td>{cells}'
                        f'<td><img src="{name}" alt="{label}" height="96"></td></tr>')
        (self.directory / "index.html").write_text(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>sokosolve gallery</title><style>body { font-family: system-ui, "
            "sans-serif; } td, th { padding: .2em .6em; text-align: right; } "
            "td:first-child { text-align: left; }</style></head><body>\n"
            f"<h1>{len(self.rows)} solved level(s)</h1>\n"
            f"<table><tr><th>level</th>{head}<th></th></tr>\n" + "\n".join(rows)
            + "\n</table></body></html>\n", encoding="utf-8")

    def __enter__(self) -> Gallery:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
