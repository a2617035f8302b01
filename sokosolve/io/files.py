"""Finding level files in paths and reading them."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..level import Level, LevelError, read_levels

#: File name endings read when a directory is given.
LEVEL_SUFFIXES = (".xsb", ".sok", ".txt")


@dataclass(frozen=True)
class Task:
    """One level to solve (or the error reading it), and where it came from."""

    file: str
    index: int  # counts from 1 within the file
    level: Level | LevelError


def level_files(paths: Iterable[str]) -> Iterator[str]:
    """Files named in ``paths``, with directories searched recursively for level files."""
    for path in paths:
        p = Path(path)
        if path != "-" and p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.suffix.lower() in LEVEL_SUFFIXES)
            yield from (str(f) for f in found if f.is_file())
        else:
            yield path


def read_tasks(path: str) -> list[Task]:
    """Every level of one file as a task; raises :class:`LevelError` if it cannot be read."""
    return [Task(_source(path), i, level) for i, level in enumerate(load_levels(path), start=1)]


def read_text(path: str | Path) -> str:
    """The text of a level file; ``-`` reads standard input."""
    if str(path) == "-":
        data = sys.stdin.buffer.read()
    else:
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise LevelError(f"cannot read: {error.strerror}", str(path)) from None
    if b"\x00" in data:
        raise LevelError("binary data, not a text level file", str(path))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def load_levels(path: str | Path) -> list[Level | LevelError]:
    """Every level of a file (``-`` for standard input), bad ones as :class:`LevelError`."""
    return list(read_levels(read_text(path), _source(path)))


def _source(path: str | Path) -> str:
    """How a file is named in records and errors."""
    return "<stdin>" if str(path) == "-" else str(path)
