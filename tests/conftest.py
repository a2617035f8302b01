from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "levels"
PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def shared(relative: str) -> Path:
    """A path under ../shared/levels, or a skip with the reason where it is absent."""
    path = SHARED / relative
    if not path.exists():
        pytest.skip(f"{path} is absent: the shared level collections are not beside the checkout")
    return path


def searches_of(strategy) -> list:
    """Every search ``strategy`` runs, in the order it runs them."""
    from sokosolve.search.spec import each_search

    found = []
    each_search(strategy, lambda search: found.append(search) or search)
    return found


#: The shipped puzzles every planned feature search solves.
PLANNED_PUZZLES = ("goal-room.xsb", "storeroom.xsb", "first-steps.xsb", "crossed-areas.xsb")


def assert_solves_puzzles(strategy, names: tuple[str, ...] = PLANNED_PUZZLES) -> None:
    """``strategy`` solves each shipped puzzle of ``names`` in 60 s, and its solution
    replays."""
    from sokosolve.io.files import load_levels
    from sokosolve.limits import Limits
    from sokosolve.replay import verify
    from sokosolve.result import Status
    from sokosolve.solver import solve

    for name in names:
        level = load_levels(PUZZLES / name)[0]
        result = solve(level, strategy, Limits(seconds=60))
        assert result.status is Status.SOLVED, name
        assert verify(level, result.solution).solved


@pytest.fixture(scope="session", autouse=True)
def compiled_kernels():
    """Fills numba's cache before any test starts the CLI, so that no test's process pays
    for (or prints the notice of) a first compile."""
    from sokosolve.solver import warm_up

    warm_up()

#: A level whose search runs out of any short time limit. The staircase of 17 boxes can
#: never move (each box holds its neighbours, a pillar holds each end), yet every part of it
#: short of the whole would come apart: a deadlock of more boxes than a proof keeps, so the
#: searches go on through the positions of the five other boxes.
STUCK = """\
##############################
#                         @  #
#  #                         #
#  $$             $   $      #
#   $$                       #
#    $$                      #
#     $$           $    $    #
#      $$                    #
#       $$                   #
#        $$          $       #
#         $$                 #
#          $# .............. #
#             ........       #
##############################
"""

# Six boxes in an open room: the greedy search solves it at once, breadth first
# takes far longer than the tests' time limits.
OPEN_ROOM = "\n".join([
    "##########", "#@       #", "# $ $ $  #", "#        #", "# $ $ $  #", "#        #",
    "# ...... #", "##########",
])
