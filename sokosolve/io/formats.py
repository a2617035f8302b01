"""Result records and the formats they are written in: lurd, rle, json lines, csv.

Every writer flushes after each record, so a file being written holds every
level finished so far.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ..level import Level
from ..replay import compress_lurd
from ..result import Result

#: Columns of the json and csv formats, in order.
COLUMNS = ("file", "index", "title", "status", "moves", "pushes", "box_lines", "box_changes",
           "pushing_sessions", "player_lines", "seconds", "states", "solution", "error", "id",
           "optimal")


@dataclass(frozen=True)
class Record:
    """One level's result and where the level came from (``index`` counts from 1).

    ``actions``, where given, are the solution as an environment's actions, written in
    place of the LURD.
    """

    file: str
    index: int
    level: Level | None  # None where the level could not be read
    result: Result
    actions: tuple[int, ...] | None = None

    @property
    def title(self) -> str | None:
        return self.level.title if self.level else None

    @property
    def id(self) -> int | None:
        """The level's number where its title is one, as in Boxoban files (``; 17``).

        >>> from sokosolve.level import parse_level
        >>> from sokosolve.result import Status
        >>> Record("a", 1, parse_level("; 17\\n#####\\n#@$.#\\n#####"), Result(Status.SOLVED)).id
        17
        """
        title = self.title
        return int(title) if title and title.isdigit() else None

    @property
    def solution(self) -> str | list[int] | None:
        """The LURD, or the actions where they are given."""
        if self.actions is not None and self.result.solution is not None:
            return list(self.actions)
        return self.result.solution

    def as_dict(self) -> dict[str, object]:
        r = self.result
        return {
            "file": self.file, "index": self.index, "title": self.title,
            "status": r.status.value, "moves": r.moves, "pushes": r.pushes,
            "box_lines": r.box_lines, "box_changes": r.box_changes,
            "pushing_sessions": r.pushing_sessions, "player_lines": r.player_lines,
            "seconds": round(r.seconds, 4), "states": r.states, "solution": self.solution,
            "error": r.error, "id": self.id,
            "optimal": r.optimal,
        }


class SokWriter:
    """The levels written back as a SOK collection, each with its solution section."""

    def write(self, record: Record, stream: IO[str]) -> None:
        if record.level is None:
            stream.write(f"; level {record.index} of {record.file}: {record.result.error}\n\n")
        else:
            level = record.level
            if level.title:
                stream.write(f"{level.title}\n")
            stream.write(level.to_xsb())
            if level.author:
                stream.write(f"Author: {level.author}\n")
            if record.result.solution:
                stream.write(f"\nSolution\n{record.result.solution}\n")
            stream.write("\n")
        stream.flush()


class LurdWriter:
    """One line per level: the solution, or an empty line when there is none."""

    def write(self, record: Record, stream: IO[str]) -> None:
        stream.write(_text(record.solution) + "\n")
        stream.flush()


class RleWriter:
    """Like lurd, run-length encoded (``3l2U``)."""

    def write(self, record: Record, stream: IO[str]) -> None:
        stream.write(compress_lurd(record.result.solution or "") + "\n")
        stream.flush()


class JsonWriter:
    """One JSON object per line."""

    def write(self, record: Record, stream: IO[str]) -> None:
        stream.write(json.dumps(record.as_dict()) + "\n")
        stream.flush()


class CsvWriter:
    """A header line, then one row per level.

    ``columns`` are those written: a run that appends to the file of an older
    version writes that file's columns, so that each row matches its header (a
    column it no longer has is left empty, one it did not have left out).
    """

    def __init__(self, header: bool = True, columns: Sequence[str] = COLUMNS) -> None:
        self._header_written = not header
        self.columns = tuple(columns)

    def write(self, record: Record, stream: IO[str]) -> None:
        writer = csv.DictWriter(stream, fieldnames=self.columns, lineterminator="\n",
                                restval="", extrasaction="ignore")
        if not self._header_written:
            writer.writeheader()
            self._header_written = True
        writer.writerow({k: _text(v) for k, v in record.as_dict().items()})
        stream.flush()


def _text(value: object) -> str:
    """A field as text; actions as numbers separated by spaces."""
    if value is None:
        return ""
    return " ".join(map(str, value)) if isinstance(value, list) else str(value)


#: Formats that can write actions in place of the LURD.
ACTION_FORMATS = frozenset({"lurd", "json", "csv"})

FORMATS = {
    "lurd": LurdWriter, "rle": RleWriter, "json": JsonWriter, "csv": CsvWriter, "sok": SokWriter,
}
#: Formats whose records say which level they are for, so they may come in any order.
SELF_DESCRIBING = frozenset({"json", "csv"})


class ResumeError(ValueError):
    """A results file that ``--resume`` cannot read, with the line where the problem is."""


def read_finished(path: str) -> set[tuple[str, int]]:
    """(file, index) of the levels solved in an earlier json or csv output file, as
    :func:`finished_in` reads them; raises :class:`ResumeError`."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise ResumeError(f"{path}: cannot read: {error.strerror}") from None
    return finished_in(text, path)


def finished_in(text: str, source: str = "<string>") -> set[tuple[str, int]]:
    """(file, index) of the levels solved in the json or csv records of ``text``.

    A last line without its line end is a record cut short (the run that wrote it was
    killed) and is ignored; any other line that is not a record raises
    :class:`ResumeError`, naming ``source`` and the line.

    >>> finished_in('{"file": "a.xsb", "index": 2, "status": "solved"}\\n{"file": "a.x')
    {('a.xsb', 2)}
    """
    lines = text.split("\n")[:-1]  # the last piece is empty or a record cut short
    csv.field_size_limit(max(csv.field_size_limit(), len(text)))  # a long solution is one field
    header = _csv_fields(lines[0]) if text.startswith("file,") and lines else None
    if header is not None and not {"file", "index", "status"} <= set(header):
        raise ResumeError(f"{source}:1: a csv header without file, index and status")
    done = set()
    for number, line in enumerate(lines[1:] if header else lines, start=2 if header else 1):
        if not line.strip():
            continue
        row = _csv_row(line, header) if header else _json_row(line)
        if row is None:
            kind = "csv" if header else "json"
            raise ResumeError(f"{source}:{number}: not a {kind} record of a sokosolve run")
        if row.get("status") == "solved":
            done.add((row["file"], row["index"]))
    return done


def _json_row(line: str) -> dict | None:
    try:
        row = json.loads(line)
    except ValueError:
        return None
    return _checked(row) if isinstance(row, dict) else None


def csv_columns(path: str) -> list[str] | None:
    """The columns named by the header of an earlier csv output file, or None if it has
    no csv header (it is empty, or holds json records)."""
    with open(path, encoding="utf-8", errors="replace", newline="") as earlier:
        first = earlier.readline()
    return _csv_fields(first.rstrip("\r\n")) if first.startswith("file,") else None


def _csv_fields(line: str) -> list[str]:
    try:
        return next(csv.reader([line]), [])
    except csv.Error:  # a NUL, say
        return []


def _csv_row(line: str, header: list[str]) -> dict | None:
    fields = _csv_fields(line)
    return _checked(dict(zip(header, fields, strict=True))) if len(fields) == len(header) else None


def _checked(row: dict) -> dict | None:
    """``row`` with its index an int, or None if it does not name a level."""
    index = row.get("index")
    if not isinstance(row.get("file"), str) or isinstance(index, bool):
        return None
    try:
        return {**row, "index": int(index)}
    except (TypeError, ValueError):
        return None


def drop_cut_record(path: str) -> None:
    """Cuts off a last line without its line end (a record cut short), so that records
    appended after it stay whole."""
    with open(path, "rb+") as stream:
        data = stream.read()
        if data and not data.endswith(b"\n"):
            stream.truncate(data.rfind(b"\n") + 1)
