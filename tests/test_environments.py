"""The RL environments' boards and actions: round trips on Boxoban levels, and solutions
played by gym-sokoban's own step function."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from sokosolve.environments import (
    gym_sokoban_actions,
    jumanji_actions,
    level_from_gym_sokoban,
    level_from_jumanji,
    level_from_ragen,
    level_to_gym_sokoban,
    level_to_jumanji,
    level_to_ragen,
    ragen_actions,
    solution_from_gym_sokoban,
    solution_from_jumanji,
    solution_from_ragen,
)
from sokosolve.io.files import load_levels
from sokosolve.level import LevelError, parse_level
from sokosolve.limits import Limits
from sokosolve.replay import play, verify
from sokosolve.solver import solve

from .conftest import shared


@pytest.mark.slow
def test_every_boxoban_level_of_a_file_goes_to_the_arrays_and_back():
    levels = load_levels(shared("boxoban/hard/000.txt"))
    assert len(levels) == 1000
    for level in levels:
        fixed, state = level_to_gym_sokoban(level)
        assert (state == 5).sum() == 1 and (state == 4).sum() + (state == 3).sum() == len(
            level.boxes)
        back = level_from_gym_sokoban(fixed, state)
        assert back.to_xsb() == level.to_xsb()
        assert (back.floor, back.goals, back.boxes, back.player) == (
            level.floor, level.goals, level.boxes, level.player)
        again_fixed, again_state = level_to_gym_sokoban(back)
        assert np.array_equal(again_fixed, fixed) and np.array_equal(again_state, state)


@pytest.mark.slow
def test_every_boxoban_level_of_a_file_goes_to_jumanji_and_ragen_and_back():
    for level in load_levels(shared("boxoban/hard/000.txt")):
        fixed, variable = level_to_jumanji(level)
        assert (variable == 3).sum() == 1 and (variable == 4).sum() == len(level.boxes)
        assert (fixed == 2).sum() == len(level.goals)
        back = level_from_jumanji(fixed, variable)
        assert (back.floor, back.goals, back.boxes, back.player) == (
            level.floor, level.goals, level.boxes, level.player)
        again = level_to_jumanji(back)
        assert np.array_equal(again[0], fixed) and np.array_equal(again[1], variable)
        text = level_to_ragen(level)
        assert [len(line.split()) for line in text.splitlines()] == [level.width] * level.height
        back = level_from_ragen(text)
        assert (back.floor, back.goals, back.boxes, back.player) == (
            level.floor, level.goals, level.boxes, level.player)
        assert level_to_ragen(back) == text


#: Each environment's actions of a solution, and the solution of its actions.
ENVIRONMENTS = {
    "gym-sokoban": (gym_sokoban_actions, solution_from_gym_sokoban, list(range(9))),
    "jumanji": (jumanji_actions, solution_from_jumanji, [0, 1, 2, 3]),
    "ragen": (ragen_actions, solution_from_ragen, [1, 2, 3, 4]),
}


@pytest.fixture(scope="module")
def solved_boxoban():
    levels = load_levels(shared("boxoban/hard/000.txt"))[:20]
    return [(level, solve(level, limits=Limits(seconds=20)).solution) for level in levels]


@pytest.mark.parametrize("environment", sorted(ENVIRONMENTS))
def test_actions_go_to_a_solution_and_back(solved_boxoban, environment):
    to_actions, to_solution, actions_of = ENVIRONMENTS[environment]
    inserted = 0
    for level, solution in solved_boxoban:
        assert verify(level, solution).solved
        actions = to_actions(solution)
        assert len(actions) == len(solution) and set(actions) <= set(actions_of)
        assert to_solution(level, actions) == solution
        # An action that changes nothing (a no-operation, a bump into a wall or into a
        # box that cannot move) is left out: those at the start and after 3 actions.
        start, then = actions[:3], actions[3:]
        refused = [a for a in actions_of if to_solution(level, [a]) == ""]
        refused_then = [a for a in actions_of
                        if to_solution(level, [*start, a]) == to_solution(level, start)]
        noisy = [*refused, *start, *refused_then, *then]
        assert to_solution(level, noisy) == solution
        inserted += len(refused) + len(refused_then)
    assert inserted >= len(solved_boxoban)


def test_the_step_rules_of_jumanji_and_ragen():
    level = parse_level("######\n#@ $.#\n######")
    assert solution_from_jumanji(level, [1, 1]) == "rR"  # right: a move, then a push
    assert solution_from_jumanji(level, [3, 0, 2]) == ""  # walls all round
    assert solution_from_ragen(level, [4, 4]) == "rR"
    assert solution_from_ragen(level, [3, 1, 2]) == ""
    blocked = parse_level("#######\n#@$$ .#\n#  . ##\n#######")
    assert solution_from_jumanji(blocked, [1]) == ""  # two boxes in a row: no push
    assert jumanji_actions("urdlURDL") == [0, 1, 2, 3] * 2
    assert ragen_actions("udlrUDLR") == [1, 2, 3, 4] * 2


def test_bad_grids_and_boards_are_refused_with_the_square_and_the_problem():
    fixed, variable = level_to_jumanji(parse_level("#####\n#@$.#\n#####"))
    variable[0, 0] = 4  # a box in a wall
    with pytest.raises(LevelError, match="grid: row 1, column 1: fixed_grid 1 and "
                                         "variable_grid 4"):
        level_from_jumanji(fixed, variable, "grid")
    with pytest.raises(ValueError, match="shape"):
        level_from_jumanji(fixed, variable[:2])
    with pytest.raises(LevelError, match="board: row 2, square 3: 'Y' is no RAGEN token"):
        level_from_ragen(" #  #  # \n #  P  Y \n #  #  # ", "board")


def test_a_push_action_with_no_box_moves_and_a_move_action_never_pushes():
    level = parse_level("######\n#@ $.#\n######")
    assert solution_from_gym_sokoban(level, [4]) == "r"  # push right, no box there: a move
    assert solution_from_gym_sokoban(level, [8, 8]) == "r"  # move right into the box: nothing
    assert solution_from_gym_sokoban(level, [8, 4]) == "rR"
    assert solution_from_gym_sokoban(level, [7, 1, 2]) == ""  # walls all round


def test_a_bad_array_is_refused_with_the_row_and_the_problem():
    fixed, state = level_to_gym_sokoban(parse_level("#####\n#@$.#\n#####"))
    state[1, 2] = 9
    with pytest.raises(LevelError, match="room: row 2, column 3: room_fixed 1 and room_state 9"):
        level_from_gym_sokoban(fixed, state, "room")
    state[1, 2] = 1  # the box gone: one target, no box
    with pytest.raises(LevelError, match="room"):
        level_from_gym_sokoban(fixed, state, "room")
    with pytest.raises(ValueError, match="shape"):
        level_from_gym_sokoban(fixed, state[:2])


@pytest.mark.parametrize("to_actions", [gym_sokoban_actions, ragen_actions],
                         ids=["gym-sokoban", "ragen"])
def test_gym_sokoban_itself_solves_the_levels_with_our_actions(to_actions):
    """The package's own step function, on positions set from our arrays, reaches the
    solved state on the last action and not before, and its room equals ours there.
    RAGEN's Sokoban steps with it too, with the push actions only."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from gym_sokoban.envs.sokoban_env import SokobanEnv
    for level in load_levels(shared("boxoban/hard/000.txt"))[:10]:
        solution = solve(level, limits=Limits(seconds=20)).solution
        assert verify(level, solution).solved
        actions = to_actions(solution)
        env = SokobanEnv(dim_room=(level.height, level.width), max_steps=len(actions) + 1,
                         num_boxes=len(level.boxes), reset=False)
        env.room_fixed, env.room_state = level_to_gym_sokoban(level)
        env.player_position = np.argwhere(env.room_state == 5)[0]
        env.num_env_steps, env.boxes_on_target = 0, len(level.boxes & level.goals)
        for k, action in enumerate(actions, start=1):
            _, _, done, info = env.step(action, observation_mode="tiny_rgb_array")
            assert done == (k == len(actions)), k
        assert info["all_boxes_on_target"]
        end_fixed, end_state = level_to_gym_sokoban(play(level, solution))
        assert np.array_equal(env.room_state, end_state)
        assert np.array_equal(env.room_fixed, end_fixed)


def test_the_batch_labels_a_dataset_with_ids_optimality_and_actions(tmp_path):
    import csv
    import json

    from click.testing import CliRunner

    from sokosolve.cli import main

    text = shared("boxoban/hard/000.txt").read_text().split("\n\n")
    (tmp_path / "few.txt").write_text("\n\n".join(text[5:8]) + "\n")
    levels = {level.title: level for level in load_levels(tmp_path / "few.txt")}
    runner = CliRunner()
    done = runner.invoke(main, [str(tmp_path / "few.txt"), "--optimal", "pushes", "-j", "1",
                                "-q", "--format", "json", "--actions", "gym-sokoban"])
    records = [json.loads(line) for line in done.output.splitlines() if line.startswith("{")]
    assert sorted(r["id"] for r in records) == [5, 6, 7]
    for record in records:
        assert record["status"] == "solved" and record["optimal"] == "pushes/moves"
        level = levels[str(record["id"])]
        lurd = solution_from_gym_sokoban(level, record["solution"])
        replay = verify(level, lurd)
        assert replay.solved and replay.pushes == record["pushes"]
    plain = runner.invoke(main, [str(tmp_path / "few.txt"), "-j", "1", "-q", "--format", "csv"])
    rows = list(csv.DictReader(plain.output.splitlines()))
    assert [row["id"] for row in rows] == ["5", "6", "7"]
    assert all(row["optimal"] == "" and verify(levels[row["id"]], row["solution"]).solved
               for row in rows)
    refused = runner.invoke(main, [str(tmp_path / "few.txt"), "--format", "sok",
                                   "--actions", "gym-sokoban"])
    assert refused.exit_code == 2 and "--actions needs" in refused.output
