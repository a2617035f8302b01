"""The ``sokosolve`` command: a thin click layer over :mod:`sokosolve.solver` and friends.

Standard output carries results only; messages go to standard error.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import __version__
from .level import LevelError, load_levels
from .output import FORMATS, Record
from .replay import SolutionFormatError, expand_lurd, verify
from .solver import Limits, Result, Status, solve

EXIT_SOLVED, EXIT_UNSOLVED, EXIT_BAD_INPUT = 0, 1, 2

_EXIT_CODES = """\b
Exit codes:
  0  every level solved
  1  some level not solved (unsolvable, timeout, limit, or a bad level in a collection)
  2  bad usage, or no readable level in the input"""


class _SolveByDefault(click.Group):
    """``sokosolve PUZZLE`` means ``sokosolve solve PUZZLE``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = ["solve", *args]
        return super().parse_args(ctx, args)


@click.group(cls=_SolveByDefault, context_settings={"help_option_names": ["-h", "--help"]},
             epilog=_EXIT_CODES)
@click.version_option(__version__, prog_name="sokosolve")
def main() -> None:
    """Solve Sokoban levels; every printed solution has been replayed and checked.

    \b
    Examples:
      sokosolve puzzles/first-steps.xsb          print a solution in LURD
      sokosolve levels.sok --format json         one JSON object per level
      cat level.xsb | sokosolve -                read the level from standard input
      sokosolve puzzles/first-steps.xsb --optimal pushes
      sokosolve verify level.xsb "dlUrrrdL"      check a solution (exit 0 if it solves)
    """


@main.command("solve", epilog=_EXIT_CODES)
@click.argument("puzzles", nargs=-1, required=True)
@click.option("--optimal", type=click.Choice(["pushes"]), default=None,
              help="Prove the solution push-optimal (A* with an admissible bound).")
@click.option("--timeout", type=click.FloatRange(min=0.0), default=60.0, show_default=True,
              help="Seconds allowed per level.")
@click.option("--max-states", type=click.IntRange(min=1), default=20_000_000, show_default=True,
              help="Stored states allowed per level (about 30 bytes each).")
@click.option("--format", "fmt", type=click.Choice(sorted(FORMATS)), default="lurd",
              show_default=True, help="How each result is written.")
def solve_command(puzzles: tuple[str, ...], optimal: str | None, timeout: float,
                  max_states: int, fmt: str) -> None:
    """Solve every level in PUZZLES (files, or - for standard input).

    \b
    Examples:
      sokosolve puzzles/first-steps.xsb
      sokosolve - < level.xsb | sokosolve verify level.xsb -
    """
    limits = Limits(seconds=timeout, max_states=max_states)
    mode = "pushes" if optimal == "pushes" else "fast"
    good = bad = unsolved = 0
    writer = FORMATS[fmt]()
    for path in puzzles:
        try:
            levels = load_levels(path)
        except LevelError as error:
            click.echo(f"sokosolve: {error}", err=True)
            bad += 1
            continue
        for index, level in enumerate(levels, start=1):
            if isinstance(level, LevelError):
                click.echo(f"sokosolve: {level}", err=True)
                bad += 1
                result = Result(Status.ERROR, error=level.message)
                record = Record(level.source, index, None, result)
            else:
                good += 1
                result = solve(level, mode, limits)
                record = Record(level.source, index, level.title, result)
                if result.status is not Status.SOLVED:
                    unsolved += 1
                    name = level.title or f"#{index}"
                    click.echo(f"sokosolve: {level.source} level {name}: {result.status.value}"
                               + (f" ({result.error})" if result.error else ""), err=True)
            writer.write(record, sys.stdout)
    if good == 0:
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(EXIT_UNSOLVED if (bad or unsolved) else EXIT_SOLVED)


def _read_solution(text: str) -> str:
    """A solution given as a string, a file name, or - for standard input."""
    if text == "-":
        text = sys.stdin.read()
    elif Path(text).is_file():
        text = Path(text).read_text(encoding="utf-8", errors="replace")
    else:
        return text
    # In a file, the solution is the leading run of LURD lines (stats may follow).
    lines = []
    for line in text.splitlines():
        try:
            expand_lurd(line)
        except SolutionFormatError:
            break
        lines.append(line)
    return "".join(lines)


@main.command("verify", epilog=_EXIT_CODES.replace("every level solved", "the solution solves"))
@click.argument("puzzle")
@click.argument("solution")
@click.option("--level", "number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which level of a collection.")
def verify_command(puzzle: str, solution: str, number: int) -> None:
    """Replay SOLUTION (LURD, a file, or -) on PUZZLE and report whether it solves it.

    \b
    Example:
      sokosolve verify puzzles/first-steps.xsb "rrR"
    """
    try:
        levels = load_levels(puzzle)
    except LevelError as error:
        _fail(str(error))
    if number > len(levels):
        _fail(f"{puzzle}: has {len(levels)} level(s), not {number}")
    level = levels[number - 1]
    if isinstance(level, LevelError):
        _fail(str(level))
    try:
        replay = verify(level, _read_solution(solution))
    except SolutionFormatError as error:
        _fail(f"solution: {error}")
    if replay.error:
        click.echo(f"not solved: {replay.error}")
    else:
        click.echo(f"{'solved' if replay.solved else 'not solved: boxes left off goals'}")
    click.echo(f"moves: {replay.moves}\npushes: {replay.pushes}")
    sys.exit(EXIT_SOLVED if replay.solved else EXIT_UNSOLVED)


def _fail(message: str) -> None:
    click.echo(f"sokosolve: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)
