"""Fuzzing everything that reads outside input: levels, solutions, results files, the CLI.

The property throughout: only the documented error types escape (LevelError,
SolutionFormatError, ResumeError; exit codes 0-2 from the CLI), every error message
names its source, and nothing hangs or allocates without bound: each example has a
deadline, and run-length counts such as ``99999999999l`` are among the inputs.
"""

import json

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sokosolve import cli
from sokosolve.io.files import load_levels
from sokosolve.io.formats import ResumeError, read_finished
from sokosolve.level import Level, LevelError, parse_level, read_levels
from sokosolve.replay import SolutionFormatError, expand_lurd, verify

from .conftest import PUZZLES

SOURCE = "fuzzed.sok"
LEVEL_TEXT = (PUZZLES / "collection.sok").read_text()
LEVEL = parse_level((PUZZLES / "first-steps.xsb").read_text())
SOLUTION = "lluRurrD"

#: Characters of boards, run-length rows, collections, comments and keys, and a few others.
board_text = st.text(alphabet="#@+$*. -_|0123456789;:\n\r\tTitleAuthor\x00é", max_size=400)
long_counts = st.sampled_from(["99999999999", "9" * 5000, "1048577", "0", ""])


@st.composite
def mutated(draw, text: str) -> str:
    """``text`` with a few pieces cut, repeated or replaced, and huge run-length counts."""
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 30)))
        piece = draw(st.one_of(st.just(""), st.just(text[i:j] * 3), board_text, long_counts))
        text = text[:i] + piece + text[j:]
    return text


def levels_or_errors(text: str) -> list:
    found = list(read_levels(text, SOURCE))
    for item in found:
        assert isinstance(item, Level | LevelError)
        if isinstance(item, LevelError):
            assert str(item).startswith(SOURCE + ":"), str(item)
    return found


@settings(max_examples=400, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(board_text, mutated(LEVEL_TEXT), st.text(max_size=300)))
def test_reading_any_text_gives_levels_or_errors_that_name_their_source(text):
    found = levels_or_errors(text)
    try:
        parse_level(text, SOURCE)
    except LevelError as error:
        assert str(error).startswith(SOURCE + ":")
    else:
        assert len(found) == 1


@settings(max_examples=200, deadline=2000)
@given(rows=st.lists(st.tuples(long_counts, st.sampled_from("#@$. |")), min_size=1, max_size=8))
def test_run_length_rows_never_expand_without_bound(rows):
    text = "".join(count + ch for count, ch in rows)
    levels_or_errors(f"{text}\n#@$.#\n#####")
    levels_or_errors(f"5#|#@$.#|{text}")


@settings(max_examples=100, deadline=2000)
@given(st.integers(0, 10), st.lists(st.sampled_from(
    ["#@$.#", "# $ #", "#####", "#.  #", "##", "#  @  #", "#*+ #", "x"]), max_size=12))
def test_boxoban_style_files_read_as_collections(number, rows):
    text = f"; {number}\n##########\n" + "\n".join(rows) + "\n\n; 1\n#####\n#@$.#\n#####\n"
    assert isinstance(levels_or_errors(text)[-1], Level)


@settings(max_examples=150, deadline=3000)
@given(st.binary(max_size=400))
def test_any_bytes_in_a_file_give_levels_or_errors(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "level.xsb"
    path.write_bytes(data)
    try:
        found = load_levels(path)
    except LevelError as error:
        assert str(error).startswith(str(path))
        return
    for item in found:
        assert isinstance(item, Level) or str(item).startswith(str(path))


lurd_text = st.text(alphabet="lurdLURD0123456789 \n\tx|", max_size=200)


@settings(max_examples=500, deadline=2000)
@given(st.one_of(lurd_text, st.builds(str.__add__, long_counts, st.sampled_from("lUx"))))
def test_any_solution_text_replays_or_is_refused_as_not_lurd(text):
    try:
        expand_lurd(text)
    except SolutionFormatError as error:
        assert str(error).startswith("not a LURD solution")
        return
    replay = verify(LEVEL, text)
    assert replay.solved or replay.error or replay.moves == len(expand_lurd(text))


def results_file(records: list[dict], fmt: str) -> str:
    if fmt == "json":
        return "".join(json.dumps(r) + "\n" for r in records)
    lines = ["file,index,title,status,moves,pushes,box_lines,box_changes,pushing_sessions,"
             "player_lines,seconds,states,solution,error"]
    lines += [f"{r['file']},{r['index']},,{r['status']},,,,,,,0.1,1,{r['solution'] or ''},"
              for r in records]
    return "\n".join(lines) + "\n"


records = st.lists(st.fixed_dictionaries({
    "file": st.sampled_from(["a.xsb", "b/set.sok", "other.txt"]),
    "index": st.integers(1, 50),
    "status": st.sampled_from(["solved", "timeout", "unsolvable", "error"]),
    "solution": st.sampled_from([None, "R", "lluRurrD"]),
}), max_size=12)


@settings(max_examples=200, deadline=2000)
@given(records, st.sampled_from(["json", "csv"]), st.data())
def test_a_results_file_cut_anywhere_reads_as_its_whole_records(tmp_path_factory, rows, fmt,
                                                                data):
    text = results_file(rows, fmt)
    cut = data.draw(st.integers(0, len(text)))
    path = tmp_path_factory.mktemp("resume") / f"results.{fmt}"
    path.write_text(text[:cut])
    whole = text[:cut].count("\n") - (fmt == "csv")  # records whose line end was written
    expected = {(r["file"], r["index"]) for r in rows[:max(0, whole)] if r["status"] == "solved"}
    assert read_finished(str(path)) == expected


@settings(max_examples=300, deadline=2000)
@given(records, st.sampled_from(["json", "csv"]), st.data())
def test_a_garbled_results_file_is_refused_with_its_line(tmp_path_factory, rows, fmt, data):
    text = results_file(rows, fmt)
    garbled = data.draw(mutated(text)) + "\n"
    path = tmp_path_factory.mktemp("resume") / f"results.{fmt}"
    path.write_text(garbled)
    try:
        finished = read_finished(str(path))
    except ResumeError as error:
        assert str(error).startswith(f"{path}:")
        return
    assert all(isinstance(f, str) and isinstance(i, int) for f, i in finished)


PUZZLE = str(PUZZLES / "first-steps.xsb")
options = st.lists(st.sampled_from([
    ["--timeout", "0.5"], ["--timeout", "-1"], ["--timeout", "x"], ["--max-states", "1"],
    ["--max-states", "0"], ["--max-states", str(2**40)], ["--memory", "1"], ["--memory", "60"],
    ["-j", "1"], ["-j", "0"], ["--format", "json"], ["--format", "csv"], ["--format", "sok"],
    ["--format", "rle"], ["--format", "xml"], ["--optimal", "pushes"], ["--optimal", "moves"],
    ["-q"], ["--resume", "no-such-file.json"], ["--level", "2"], ["--bogus"],
]), max_size=4).map(lambda chosen: [arg for option in chosen for arg in option])
puzzles = st.lists(st.sampled_from([PUZZLE, str(PUZZLES / "no-way-out.xsb"), "-",
                                    "no-such-file.xsb", str(PUZZLES)]), min_size=1, max_size=2)


def exits_cleanly(done, command: str) -> None:
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    assert done.exit_code in (0, 1, 2), (command, done.exit_code, done.output)
    for line in done.stderr.splitlines():
        # Ours name their source; click's name the option or say how to get help.
        assert line.startswith(("sokosolve: ", "Usage: ", "Try ", "Error: ", "  ", "\r")) \
            or not line, (command, line)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles, options, st.one_of(board_text, mutated(LEVEL_TEXT)))
def test_the_solve_command_exits_with_a_documented_code(paths, args, stdin):
    args = [*args, "--timeout", "0.5", "-j", "1"]  # what comes last wins: keep examples short
    done = CliRunner().invoke(cli.main, [*paths, *args], input=stdin)
    exits_cleanly(done, " ".join([*paths, *args]))


@settings(max_examples=200, deadline=5000)
@given(st.one_of(lurd_text, st.just(SOLUTION), st.just("x" * 300), st.just("l" * 100_000),
                 st.builds(str.__add__, long_counts, st.just("l")), st.just("-"),
                 st.just(PUZZLE)),
       st.sampled_from([PUZZLE, str(PUZZLES / "collection.sok"), "no-such-file.xsb", "-"]),
       st.lists(st.sampled_from(["--level", "1", "3", "9", "0"]), max_size=2),
       st.one_of(board_text, st.just(SOLUTION)))
def test_the_verify_command_exits_with_a_documented_code(solution, puzzle, args, stdin):
    done = CliRunner().invoke(cli.main, ["verify", puzzle, solution, *args], input=stdin)
    exits_cleanly(done, f"verify {puzzle} {solution[:40]} {args}")
    if puzzle == PUZZLE and solution == SOLUTION and not args:
        assert done.exit_code == 0 and done.stdout.startswith("solved")


def test_huge_run_length_counts_are_refused_before_they_are_expanded():
    assert "more than 10000000 moves" in str(_refusal("99999999999l"))
    assert "more than 10000000 moves" in str(_refusal("9999999l" * 2))
    assert "longer than 1048576 squares" in str(levels_or_errors("99999999999#|#@$.#|5#")[0])
    assert "too large: 2000x1000" in str(levels_or_errors("2000#\n" * 1000)[0])


def _refusal(text: str) -> SolutionFormatError:
    try:
        expand_lurd(text)
    except SolutionFormatError as error:
        return error
    raise AssertionError(f"{text!r} was expanded")
