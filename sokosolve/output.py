"""Result records and the formats they are written in: lurd, rle, json lines, csv.

Every writer flushes after each record, so a file being written holds every
level finished so far.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from typing import IO

from .level import Level
from .replay import compress_lurd
from .solver import Result

#: Columns of the json and csv formats, in order.
COLUMNS = ("file", "index", "title", "status", "moves", "pushes", "box_lines", "box_changes",
           "pushing_sessions", "player_lines", "seconds", "states", "solution", "error")


@dataclass(frozen=True)
class Record:
    """One level's result and where the level came from (``index`` counts from 1)."""

    file: str
    index: int
    level: Level | None  # None where the level could not be read
    result: Result

    @property
    def title(self) -> str | None:
        return self.level.title if self.level else None

    def as_dict(self) -> dict[str, object]:
        r = self.result
        return {
            "file": self.file, "index": self.index, "title": self.title,
            "status": r.status.value, "moves": r.moves, "pushes": r.pushes,
            "box_lines": r.box_lines, "box_changes": r.box_changes,
            "pushing_sessions": r.pushing_sessions, "player_lines": r.player_lines,
            "seconds": round(r.seconds, 4), "states": r.states, "solution": r.solution,
            "error": r.error,
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
        stream.write((record.result.solution or "") + "\n")
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
    """A header line, then one row per level."""

    def __init__(self, header: bool = True) -> None:
        self._header_written = not header

    def write(self, record: Record, stream: IO[str]) -> None:
        writer = csv.DictWriter(stream, fieldnames=COLUMNS, lineterminator="\n")
        if not self._header_written:
            writer.writeheader()
            self._header_written = True
        writer.writerow({k: ("" if v is None else v) for k, v in record.as_dict().items()})
        stream.flush()


FORMATS = {
    "lurd": LurdWriter, "rle": RleWriter, "json": JsonWriter, "csv": CsvWriter, "sok": SokWriter,
}
#: Formats whose records say which level they are for, so they may come in any order.
SELF_DESCRIBING = frozenset({"json", "csv"})


def read_finished(path: str) -> set[tuple[str, int]]:
    """(file, index) of the levels solved in an earlier json or csv output file."""
    done = set()
    with open(path, encoding="utf-8") as stream:
        first = stream.readline()
        stream.seek(0)
        rows = csv.DictReader(stream) if first.startswith("file,") else (
            json.loads(line) for line in stream if line.strip()
        )
        for row in rows:
            if row.get("status") == "solved":
                done.add((row["file"], int(row["index"])))
    return done
