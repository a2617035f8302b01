"""Coverage-guided fuzzing of the readers of outside input, with atheris (libFuzzer).

The hypothesis suite (tests/test_fuzz.py) runs in CI; this goes further where atheris
installs (``pip install atheris``): it feeds the level reader, the solution reader and
replay, and the --resume reader with inputs that libFuzzer mutates towards new
coverage. Only the documented errors may escape (LevelError, SolutionFormatError,
ResumeError), each naming its source; anything else is a crash, which libFuzzer saves
with the input that caused it. A hang past -timeout (seconds) is reported too.

    PYTHONPATH=. python scripts/fuzz.py levels -max_total_time=300 -timeout=5
    PYTHONPATH=. python scripts/fuzz.py solutions -max_total_time=300
    PYTHONPATH=. python scripts/fuzz.py resume -max_total_time=300
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from sokosolve.io.formats import ResumeError, finished_in
    from sokosolve.level import Level, LevelError, read_levels
    from sokosolve.replay import SolutionFormatError, verify

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
LEVEL = next(read_levels((PUZZLES / "first-steps.xsb").read_text()))


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def levels(data: bytes) -> None:
    for item in read_levels(_text(data), "fuzzed"):
        if isinstance(item, LevelError):
            assert str(item).startswith("fuzzed"), str(item)
        else:
            assert isinstance(item, Level) and item.boxes and len(item.boxes) == len(item.goals)


def solutions(data: bytes) -> None:
    try:
        replay = verify(LEVEL, _text(data))
    except SolutionFormatError as error:
        assert str(error).startswith("not a LURD solution"), str(error)
        return
    assert replay.solved or replay.error or replay.moves >= 0


def resume(data: bytes) -> None:
    try:
        for file, index in finished_in(_text(data), "fuzzed"):
            assert isinstance(file, str) and isinstance(index, int)
    except ResumeError as error:
        assert str(error).startswith("fuzzed:"), str(error)


TARGETS = {"levels": levels, "solutions": solutions, "resume": resume}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit(f"usage: fuzz.py {'|'.join(TARGETS)} [libFuzzer options]")
    target = TARGETS[sys.argv.pop(1)]
    atheris.Setup(sys.argv, target)
    atheris.Fuzz()
