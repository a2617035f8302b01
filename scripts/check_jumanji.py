"""Our jumanji actions played by jumanji's own Sokoban step function (needs jumanji and
JAX, which the project does not depend on; run it in a venv that has them).

    python scripts/check_jumanji.py ../shared/levels/boxoban/hard/000.txt --levels 20

Each level is solved, its solution turned into jumanji actions, and those are stepped
from a state set from our grids; the level must be solved on the last action, not
before, and jumanji's grids must equal ours of the solved position there.
"""

from __future__ import annotations

import argparse

import jax.numpy as jnp
import numpy as np
from jumanji.environments.routing.sokoban import Sokoban
from jumanji.environments.routing.sokoban.generator import ToyGenerator
from jumanji.environments.routing.sokoban.types import State

from sokosolve.environments import jumanji_actions, level_to_jumanji
from sokosolve.io.files import load_levels
from sokosolve.limits import Limits
from sokosolve.replay import play
from sokosolve.solver import solve, warm_up


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collection")
    parser.add_argument("--levels", type=int, default=20)
    args = parser.parse_args()
    warm_up()  # compiled before the first level's clock starts
    env = Sokoban(generator=ToyGenerator(), time_limit=100_000)  # no download
    agreed = 0
    for number, level in enumerate(load_levels(args.collection)[:args.levels], start=1):
        solution = solve(level, limits=Limits(seconds=20)).solution
        fixed, variable = level_to_jumanji(level)
        state = State(key=jnp.zeros(2, jnp.uint32), fixed_grid=jnp.asarray(fixed),
                      variable_grid=jnp.asarray(variable),
                      agent_location=jnp.asarray(np.argwhere(variable == 3)[0], jnp.int32),
                      step_count=jnp.array(0, jnp.int32))
        actions = jumanji_actions(solution)
        ends = []
        for action in actions:
            state, timestep = env.step(state, jnp.array(action, jnp.int32))
            ends.append(bool(timestep.last()))
        _, end_variable = level_to_jumanji(play(level, solution))
        right = (ends == [False] * (len(actions) - 1) + [True]
                 and bool(timestep.extras["solved"])
                 and np.array_equal(np.asarray(state.variable_grid), end_variable))
        agreed += right
        print(f"level {number}: {len(actions)} actions, {'agrees' if right else 'DIFFERS'}")
    print(f"{agreed}/{args.levels} levels solved by jumanji's step with our actions")


if __name__ == "__main__":
    main()
