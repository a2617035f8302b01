"""The ``sokosolve`` command: a thin click layer over :mod:`sokosolve.solver` and friends.

Standard output carries results only; messages go to standard error.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import click
import numpy as np
from tqdm import tqdm

from .batch import Terminated, default_strategy, limits_within, solve_many
from .environments import ACTIONS
from .io.files import Task, level_files, load_levels, read_tasks
from .io.formats import (
    ACTION_FORMATS,
    COLUMNS,
    FORMATS,
    SELF_DESCRIBING,
    CsvWriter,
    Record,
    ResumeError,
    csv_columns,
    drop_cut_record,
    read_finished,
)
from .kernels.open_list import MAX_STATES
from .level import Level, LevelError
from .limits import BYTES_PER_STATE, PROCESS_BYTES
from .optimizer import Optimized, optimize
from .parallel.cluster import CHUNK_SIZE, MissingCluster, dask_client
from .pictures import Gallery, MissingExtra, level_svg, replay_html, save_gif, save_png
from .pictures.svg import box_paths
from .replay import SolutionFormatError, expand_lurd, play, verify
from .result import Result, Status
from .search.spec import METRICS
from .solver import signals_stop, warm_up
from .version import __version__

EXIT_SOLVED, EXIT_UNSOLVED, EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_TERMINATED = 0, 1, 2, 130, 143
#: Seconds of warming up after which it is taken to be a compile, not a load from the
#: cache (which takes under a second), and said so.
COMPILE_NOTICE_AFTER = 1.5

_EXIT_CODES = """\b
Exit codes:
  0  every level solved
  1  some level not solved (unsolvable, timeout, limit, or a bad level in a collection)
  2  bad usage, an unreadable file, or no readable level at all
  130  interrupted (Ctrl-C); every finished level was written
  143  terminated (SIGTERM); every finished level was written"""


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
      sokosolve optimize level.xsb solution.txt  shorten a solution
      sokosolve verify level.xsb "dlUrrrdL"      check a solution (exit 0 if it solves)
    """


def run() -> None:
    """The ``sokosolve`` program: :func:`main`, then an exit that skips the interpreter's
    teardown.

    Tearing down numba's kernels and LLVM at exit is a noticeable part of a
    one-level run (``docs/benchmarks.md``). By the time :func:`main` returns every
    file is closed, so only the exit handlers are run and the standard streams
    flushed before the process ends. Errors that escape :func:`main` end it the
    usual way.
    """
    try:
        main()
        code = 0
    except SystemExit as end:
        code = end.code
    atexit._run_exitfuncs()  # e.g. multiprocessing's, which reaps the workers
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe, a closed stream
            stream.flush()
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    os._exit(code or 0)


@main.command("solve", epilog=_EXIT_CODES)
@click.argument("puzzles", nargs=-1, required=True)
@click.option("--optimal", type=click.Choice(METRICS), default=None,
              help="Prove the solution optimal: 'pushes' (fewest pushes, then, if the time "
                   "allows, fewest moves among those) or 'moves' (fewest moves, then pushes). "
                   "The json and csv 'optimal' field says what was proved; out of time, "
                   "the level is a timeout with the unproved solution found first.")
@click.option("--optimize", "optimize_seconds", type=click.FloatRange(min=0.0), default=0.0,
              metavar="SECONDS",
              help="Then shorten each solution for up to SECONDS more (vicinity search).")
@click.option("--metric", type=click.Choice(METRICS), default="moves", show_default=True,
              help="What --optimize shortens first; the other measure breaks ties.")
@click.option("--timeout", type=click.FloatRange(min=0.0), default=60.0, show_default=True,
              help="Seconds allowed per level.")
@click.option("--max-states", type=click.IntRange(min=1, max=MAX_STATES), default=None,
              help="Stored states allowed per level.")
@click.option("--memory", type=click.IntRange(min=1), default=2048, show_default=True,
              help=f"Megabytes of search memory per level: {PROCESS_BYTES >> 20} a search process, "
                   f"then about {BYTES_PER_STATE} bytes a state.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=os.cpu_count() or 1,
              show_default="number of cores",
              help="Worker processes: one level each, or for a single level, racing searches.")
@click.option("--dask", "scheduler", metavar="ADDRESS", default=None,
              help="Solve on a Dask cluster: a scheduler's address (tcp://HOST:8786), or "
                   "'local' for a local cluster of --jobs workers. Needs "
                   "pip install 'sokosolve[cluster]'.")
@click.option("--dask-chunk", "chunk_size", type=click.IntRange(min=1), default=CHUNK_SIZE,
              show_default=True,
              help="Levels a Dask task solves: more for a large cluster, whose scheduler "
                   "spends about 2 ms a task.")
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="lurd",
              show_default=True, help="How each result is written.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write results to this file (flushed after each level) instead of stdout.")
@click.option("--resume", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Skip levels already solved in this json or csv output file.")
@click.option("--actions", "environment", type=click.Choice(sorted(ACTIONS)), default=None,
              help="Write each solution as this environment's actions (numbers), not LURD "
                   "(lurd, json and csv).")
@click.option("--pictures", type=click.Path(file_okay=False), default=None,
              help="Write an SVG of each solved level (its boxes' paths drawn) and an "
                   "index.html linking them with their metrics into this directory.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar, no summary.")
def solve_command(puzzles: tuple[str, ...], optimal: str | None, optimize_seconds: float,
                  metric: str, timeout: float,
                  max_states: int | None, memory: int, jobs: int, scheduler: str | None,
                  chunk_size: int, fmt: str,
                  output: str | None, resume: str | None, environment: str | None,
                  pictures: str | None, quiet: bool) -> None:
    """Solve every level in PUZZLES: files, collections, directories, or - for standard input.

    \b
    Examples:
      sokosolve puzzles/first-steps.xsb
      sokosolve - < level.xsb | sokosolve verify level.xsb -
      sokosolve levels/ -j 2 --timeout 10 --format json -o results.jsonl
      sokosolve levels/ --format json -o results.jsonl --resume results.jsonl
      sokosolve levels/ --dask tcp://scheduler:8786 --format csv -o results.csv
      sokosolve levels/ --pictures gallery/
    """
    if resume and fmt not in SELF_DESCRIBING:
        raise click.UsageError("--resume needs --format json or csv")
    if environment and fmt not in ACTION_FORMATS:
        raise click.UsageError("--actions needs --format lurd, json or csv")
    try:
        finished = read_finished(resume) if resume else set()
    except ResumeError as error:
        _fail(str(error))

    unreadable = 0
    tasks: list[Task] = []
    for path in level_files(puzzles):
        try:
            found = read_tasks(path)
        except LevelError as error:
            _warn(str(error))
            unreadable += 1
            continue
        for task in found:
            if isinstance(task.level, LevelError):
                _warn(str(task.level))
        tasks.extend(t for t in found if (t.file, t.index) not in finished)

    solvable = [t for t in tasks if isinstance(t.level, Level)]
    # On a cluster each level has one core: a race needs the cores of one machine.
    strategy = default_strategy(len(solvable), 1 if scheduler else jobs, optimal,
                                (metric, optimize_seconds) if optimize_seconds else None)
    try:
        limits = limits_within(strategy, timeout + optimize_seconds, memory << 20, max_states)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--memory") from None

    appending = bool(output and resume and os.path.abspath(output) == os.path.abspath(resume))
    begun = ""  # the first characters of the records appended to
    if appending:
        drop_cut_record(output)
        with open(output, encoding="utf-8", errors="replace") as earlier:
            begun = earlier.read(5)
        if begun and (begun == "file,") != (fmt == "csv"):
            raise click.UsageError(f"--resume {resume} holds records of another format "
                                   f"than --format {fmt}")
    columns = (csv_columns(output) if appending and fmt == "csv" else None) or COLUMNS
    if left_out := [c for c in COLUMNS if c not in columns]:
        _warn(f"{output}: appending in the columns it has, those of an older sokosolve; "
              f"left out: {', '.join(left_out)}")
    stream = open(output, "a" if appending else "w", encoding="utf-8") if output else sys.stdout
    writer = (CsvWriter(header=not begun, columns=columns) if fmt == "csv"
              else FORMATS[fmt]())
    gallery = Gallery(pictures) if pictures else None
    emit = _Emitter(writer, stream, ordered=fmt not in SELF_DESCRIBING, tasks=tasks,
                    gallery=gallery,
                    actions=ACTIONS[environment] if environment else None)
    interrupted: KeyboardInterrupt | None = None
    results = iter(())
    compiled = _warm_up(quiet) if solvable else None
    progress = tqdm(total=len(tasks), unit="level", file=sys.stderr, dynamic_ncols=True,
                    disable=quiet or not sys.stderr.isatty())
    started = time.perf_counter()
    default_termination = signal.signal(signal.SIGTERM, _terminate)
    cluster = contextlib.ExitStack()
    try:
        for task in tasks:
            if isinstance(task.level, LevelError):
                emit(task, Result(Status.ERROR, error=task.level.message))
        client = _connect(cluster, scheduler, jobs) if scheduler and solvable else None
        results = solve_many(solvable, strategy, limits, jobs, client, chunk_size)
        for task, result in results:
            emit(task, result)
            progress.update(1)
            progress.set_postfix(solved=emit.counts.get("solved", 0),
                                 failed=sum(emit.counts.values()) - emit.counts.get("solved", 0))
    except KeyboardInterrupt as interruption:
        interrupted = interruption
    finally:
        if hasattr(results, "close"):
            results.close()  # stops the workers now, even if Ctrl-C came between two results
        cluster.close()
        progress.close()
        if output:
            stream.close()
        if gallery:
            gallery.close()
        signal.signal(signal.SIGTERM, default_termination)
    if (solvable and not quiet) or interrupted:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(emit.counts.items())) or "nothing"
        skipped = f", {len(finished)} skipped as solved before" if finished else ""
        state = ("terminated after" if isinstance(interrupted, Terminated)
                 else "interrupted after" if interrupted else "finished")
        compiling = f" (after {compiled:.1f} s compiling the solver)" if compiled else ""
        _warn(f"{state} {sum(emit.counts.values())} level(s): {counts}{skipped} "
              f"in {time.perf_counter() - started:.1f} s{compiling}")
    if interrupted:
        sys.exit(EXIT_TERMINATED if isinstance(interrupted, Terminated) else EXIT_INTERRUPTED)
    if unreadable or not (solvable or finished):
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(EXIT_SOLVED if emit.counts.get("solved", 0) == len(tasks) else EXIT_UNSOLVED)


def _connect(stack: contextlib.ExitStack, scheduler: str, workers: int):
    """A Dask client for ``--dask``, closed with ``stack``, or exit saying why not."""
    try:
        return stack.enter_context(dask_client(scheduler, workers))
    except MissingCluster as error:
        _fail(str(error))
    except (OSError, ValueError) as error:  # no scheduler there, or not an address
        _fail(f"--dask {scheduler}: {error}")


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


class _Emitter:
    """Writes records, in input order for formats that do not name the level."""

    def __init__(self, writer, stream, ordered: bool, tasks: list[Task],
                 gallery: Gallery | None = None,
                 actions: Callable[[str], list[int]] | None = None):
        self.writer, self.stream, self.ordered, self.gallery = writer, stream, ordered, gallery
        self.actions = actions
        self.order = {(t.file, t.index): i for i, t in enumerate(tasks)}
        self.waiting: dict[int, Record] = {}
        self.next = 0
        self.counts: dict[str, int] = {}

    def __call__(self, task: Task, result: Result) -> None:
        level = task.level if isinstance(task.level, Level) else None
        actions = (tuple(self.actions(result.solution))
                   if self.actions and result.solution is not None else None)
        record = Record(task.file, task.index, level, result, actions)
        self.counts[result.status.value] = self.counts.get(result.status.value, 0) + 1
        if self.gallery:
            self.gallery.add(record)
        if not self.ordered:
            self.writer.write(record, self.stream)
            return
        self.waiting[self.order[(task.file, task.index)]] = record
        while self.next in self.waiting:
            self.writer.write(self.waiting.pop(self.next), self.stream)
            self.next += 1


def _warm_up(quiet: bool) -> float | None:
    """Compiles the solver's kernels or loads them from numba's cache, before any clock
    starts; returns the seconds it took if that was a compile (a first run), else None.

    A compile says so on standard error once, with a spinner on a terminal, so
    that a first run is not taken for a hang.
    """
    done = threading.Event()

    def notice() -> None:
        if done.wait(COMPILE_NOTICE_AFTER) or quiet:
            return
        message = "sokosolve: compiling the solver, first run only..."
        if not sys.stderr.isatty():
            click.echo(message, err=True)
            return
        for spoke in itertools.cycle("|/-\\"):
            click.echo(f"\r{message} {spoke}", err=True, nl=False)
            if done.wait(0.2):
                break
        click.echo(f"\r{message} done", err=True)

    watcher = threading.Thread(target=notice, daemon=True)
    began = time.perf_counter()
    watcher.start()
    try:
        warm_up()
    finally:
        done.set()
        watcher.join()
    seconds = time.perf_counter() - began
    return seconds if seconds > COMPILE_NOTICE_AFTER else None


def _warn(message: str) -> None:
    click.echo(f"sokosolve: {message}", err=True)


def _names_a_file(text: str) -> bool:
    """Whether ``text`` is the name of an existing file; a long LURD string is not, even
    where the file system refuses to look it up (a name too long, a byte it cannot hold)."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False


def _read_solution(text: str) -> str:
    """A solution given as a file name, - for standard input, or else as LURD itself."""
    if text == "-":
        text = sys.stdin.read()
    elif _names_a_file(text):
        try:
            text = Path(text).read_text(encoding="utf-8", errors="replace")
        except OSError as error:
            _fail(f"{text}: cannot read: {error.strerror}")
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


_VERIFY_EXIT_CODES = """\b
Exit codes:
  0  the solution solves the level
  1  it does not: an illegal step, or boxes left off their goals
  2  bad usage, an unreadable file or level, or a solution that is not LURD"""


@main.command("verify", epilog=_VERIFY_EXIT_CODES)
@click.argument("puzzle")
@click.argument("solution")
@click.option("--level", "number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which level of a collection.")
def verify_command(puzzle: str, solution: str, number: int) -> None:
    """Replay SOLUTION (LURD, a file, or -) on PUZZLE and report whether it solves it.

    \b
    Example:
      sokosolve verify puzzles/first-steps.xsb uurDullldR
    """
    level = _one_level(puzzle, number)
    try:
        replay = verify(level, _read_solution(solution))
    except SolutionFormatError as error:
        _fail(f"solution: {error}")
    if replay.error:
        click.echo(f"not solved: {replay.error}")
    else:
        click.echo(f"{'solved' if replay.solved else 'not solved: boxes left off goals'}")
    for name in ("moves", "pushes", "box_lines", "box_changes", "pushing_sessions",
                 "player_lines"):
        click.echo(f"{name.replace('_', ' ')}: {getattr(replay, name)}")
    sys.exit(EXIT_SOLVED if replay.solved else EXIT_UNSOLVED)


_OPTIMIZE_EXIT_CODES = """\b
Exit codes:
  0  the solution printed solves the level and is no worse than the one given
  2  bad usage, an unreadable file or level, or a solution that is not LURD or
     does not solve the level"""


@main.command("optimize", epilog=_OPTIMIZE_EXIT_CODES)
@click.argument("puzzle")
@click.argument("solution")
@click.option("--level", "number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which level of a collection.")
@click.option("--metric", type=click.Choice(METRICS), default="moves", show_default=True,
              help="What to make fewer first; the other measure breaks ties.")
@click.option("--timeout", type=click.FloatRange(min=0.0), default=10.0, show_default=True,
              help="Seconds to spend.")
@click.option("-q", "--quiet", is_flag=True, help="No progress, no summary.")
def optimize_command(puzzle: str, solution: str, number: int, metric: str, timeout: float,
                     quiet: bool) -> None:
    """Shorten SOLUTION (LURD, a file, or -) of PUZZLE and print the result in LURD.

    A vicinity search: the best solution among positions near those the
    solution passes through, repeated around each better one. The result is
    replayed, and never worse in --metric than SOLUTION.

    \b
    Example:
      sokosolve optimize puzzles/first-steps.xsb rllluRurrD
    """
    level = _one_level(puzzle, number)
    try:
        moves = expand_lurd(_read_solution(solution))
    except SolutionFormatError as error:
        _fail(f"solution: {error}")
    given = verify(level, moves)
    if not given.solved:
        _fail(f"solution: {given.error or 'it leaves boxes off goals'}")
    _warm_up(quiet)

    def progress(found: Optimized) -> None:
        if not quiet:
            _warn(f"{found.moves} moves, {found.pushes} pushes ({found.seconds:.1f} s)")

    stop = np.zeros(1, dtype=np.int8)
    with signals_stop(stop) as caught:
        better = optimize(level, moves, metric, timeout, stop=stop, progress=progress)
    click.echo(better.solution)
    if not quiet:
        ending = "no vicinity left to search" if better.complete else "stopped by the time limit"
        _warn(f"moves {given.moves} -> {better.moves}, pushes {given.pushes} -> "
              f"{better.pushes} in {better.seconds:.1f} s ({better.searches} searches, "
              f"{ending})")
    if caught:
        sys.exit(EXIT_INTERRUPTED)


#: What ``show`` writes, by the output file's suffix.
PICTURE_SUFFIXES = (".svg", ".png", ".gif", ".html")


@main.command("show")
@click.argument("puzzle")
@click.argument("solution", required=False)
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="The file to write; its suffix says what: .svg, .png, .gif (the solution "
                   "animated) or .html (a page that replays it). Default: SVG on standard "
                   "output.")
@click.option("--level", "number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which level of a collection.")
@click.option("--trace", is_flag=True, help="SVG and PNG: draw the paths of the boxes.")
@click.option("--per-push", is_flag=True, help="GIF: one frame a push, not a move.")
@click.option("--timeout", type=click.FloatRange(min=0.0), default=60.0, show_default=True,
              help="Seconds to solve the level first, for .gif or .html with no SOLUTION.")
def show_command(puzzle: str, solution: str | None, output: str | None, number: int,
                 trace: bool, per_push: bool, timeout: float) -> None:
    """Draw PUZZLE, or SOLUTION (LURD, a file, or -) played on it, as a picture.

    SVG and PNG show where the moves leave the boxes (the start with no
    SOLUTION); GIF and HTML replay the solution, solving the level first when
    no SOLUTION is given. PNG and GIF need Pillow: pip install 'sokosolve[pictures]'.

    \b
    Examples:
      sokosolve show puzzles/first-steps.xsb -o level.svg
      sokosolve show puzzles/first-steps.xsb -o replay.html
      sokosolve show puzzles/first-steps.xsb uurDullldR --trace -o solved.png
    """
    suffix = Path(output).suffix.lower() if output else ".svg"
    if suffix not in PICTURE_SUFFIXES:
        raise click.BadParameter(f"{output}: the suffix says no picture format; use one of "
                                 + ", ".join(PICTURE_SUFFIXES), param_hint="-o")
    level = _one_level(puzzle, number)
    if solution is not None:
        try:
            moves = expand_lurd(_read_solution(solution))
        except SolutionFormatError as error:
            _fail(f"solution: {error}")
        replay = verify(level, moves)
        if replay.error:
            _fail(f"solution: {replay.error}")
    elif suffix in (".gif", ".html"):
        moves = _solved_for_show(puzzle, number, level, timeout)
    else:
        moves = ""
    end = play(level, moves)
    paths = box_paths(level, moves) if trace else ()
    try:
        if suffix == ".svg":
            picture = level_svg(end, paths)
            if output:
                Path(output).write_text(picture, encoding="utf-8")
            else:
                click.echo(picture, nl=False)
        elif suffix == ".html":
            Path(output).write_text(replay_html(level, moves), encoding="utf-8")
        elif suffix == ".png":
            save_png(end, output, trace=paths)
        else:
            save_gif(level, moves, output, per_push=per_push)
    except MissingExtra as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"{output}: cannot write: {error.strerror}")


def _solved_for_show(puzzle: str, number: int, level: Level, timeout: float) -> str:
    """A solution of ``level`` from the default search, or exit saying why there is none."""
    jobs = os.cpu_count() or 1
    strategy = default_strategy(1, jobs)
    _warn(f"{puzzle}: no solution given; solving level {number} (at most {timeout:g} s)")
    warm_up()
    (_, result), = solve_many([Task(puzzle, number, level)], strategy,
                              limits_within(strategy, timeout, 2048 << 20))
    if result.solution is None:
        _warn(f"{puzzle}: level {number} not solved: {result.status.value}")
        sys.exit(EXIT_UNSOLVED)
    return result.solution


def _one_level(puzzle: str, number: int) -> Level:
    """Level ``number`` of ``puzzle``, or exit with the reason it cannot be read."""
    try:
        levels = load_levels(puzzle)
    except LevelError as error:
        _fail(str(error))
    if number > len(levels):
        _fail(f"{puzzle}: has {len(levels)} level(s), not {number}")
    level = levels[number - 1]
    if isinstance(level, LevelError):
        _fail(str(level))
    return level


def _fail(message: str) -> None:
    _warn(message)
    sys.exit(EXIT_BAD_INPUT)
