import pytest

from sokosolve.io.files import load_levels
from sokosolve.level import parse_level
from sokosolve.replay import SolutionFormatError, compress_lurd, expand_lurd, play, verify

from .conftest import shared

LEVEL = parse_level("######\n#@$ .#\n######")


def test_play_leaves_the_boxes_and_player_where_the_moves_do():
    pushed = play(LEVEL, "R")
    assert pushed.boxes == {LEVEL.square(1, 3)} and pushed.player == LEVEL.square(1, 2)
    assert play(pushed, "R").is_solved and not pushed.is_solved
    with pytest.raises(ValueError, match="step 2: 'r' walks into a box"):
        play(LEVEL, "Rr")


def test_moves_pushes_and_solved():
    assert verify(LEVEL, "RR").solved
    replay = verify(LEVEL, "R")
    assert (replay.solved, replay.moves, replay.pushes, replay.error) == (False, 1, 1, None)


@pytest.mark.parametrize(
    "solution, step, why",
    [
        ("lRR", 1, "walks into a wall"),
        ("r", 1, "walks into a box"),
        ("RRR", 3, "blocked"),
        ("RrR", 2, "walks into a box"),
        ("RUR", 2, "walks into a wall"),
        ("RlR", 3, "pushes no box"),
    ],
)
def test_first_illegal_step_is_reported(solution, step, why):
    replay = verify(LEVEL, solution)
    assert not replay.solved and replay.step == step and why in replay.error


def test_run_length_and_whitespace():
    assert expand_lurd("2R") == "RR"
    assert expand_lurd(" 3l\n2U d ") == "lllUUd"
    assert compress_lurd(expand_lurd("12lR3d")) == "12lR3d"
    assert verify(LEVEL, "2R").solved
    with pytest.raises(SolutionFormatError, match="'x' at character 2"):
        expand_lurd("Rx")


def _reference_solutions():
    root = shared("microban-solutions-martin-t")
    for solution_file in sorted((root / "solutions-pushes").glob("*/*.txt")):
        level_file = root / "levels" / solution_file.parent.name / solution_file.name
        yield level_file, solution_file


@pytest.mark.slow
def test_every_reference_solution_replays_and_a_corrupted_copy_does_not():
    count = 0
    for level_file, solution_file in _reference_solutions():
        level = load_levels(level_file)[0]
        lines = solution_file.read_text().splitlines()
        lurd, moves, pushes = lines[0], int(lines[1].split()[1]), int(lines[2].split()[1])
        replay = verify(level, lurd)
        assert replay.solved and (replay.moves, replay.pushes) == (moves, pushes), solution_file
        # Drop the last push: the level is then not solved.
        last_push = max(i for i, ch in enumerate(lurd) if ch.isupper())
        assert not verify(level, lurd[:last_push] + lurd[last_push + 1 :]).solved
        # Swap the case of the first letter: a move becomes a push or the reverse.
        assert verify(level, lurd[0].swapcase() + lurd[1:]).error is not None
        count += 1
    assert count == 261


@pytest.mark.parametrize(
    "board, solution, expected",
    [
        # moves, pushes, box lines, box changes, pushing sessions, player lines
        ("#######\n#@ $ .#\n#######", "rRR", (3, 2, 1, 1, 1, 1)),
        ("#######\n#@ $ .#\n#######", "rRlrR", (5, 2, 2, 1, 2, 3)),
        ("######\n#@$ .#\n# $ .#\n#    #\n######", "RRddlluRR", (9, 4, 2, 2, 2, 5)),
    ],
)
def test_metrics_as_sokoban_yasc_counts_them(board, solution, expected):
    replay = verify(parse_level(board), solution)
    got = (replay.moves, replay.pushes, replay.box_lines, replay.box_changes,
           replay.pushing_sessions, replay.player_lines)
    assert replay.solved and got == expected
