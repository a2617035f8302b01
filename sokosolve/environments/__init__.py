"""The boards and actions of the reinforcement-learning environments: a level to and from
an environment's arrays, a solution to and from its actions.

Rule: environments import the level and the replay check only; numpy for the arrays.
"""

from .gym_sokoban import (
    gym_sokoban_actions,
    level_from_gym_sokoban,
    level_to_gym_sokoban,
    solution_from_gym_sokoban,
)

#: Each environment's name, and how a LURD solution becomes its actions.
ACTIONS = {"gym-sokoban": gym_sokoban_actions}

__all__ = ["ACTIONS", "gym_sokoban_actions", "level_from_gym_sokoban", "level_to_gym_sokoban",
           "solution_from_gym_sokoban"]
