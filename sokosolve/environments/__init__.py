"""The boards and actions of the reinforcement-learning environments: a level to and from
an environment's arrays or text, a solution to and from its actions.

Rule: environments import the level and the replay check only; numpy for the arrays.
"""

from .gym_sokoban import (
    gym_sokoban_actions,
    level_from_gym_sokoban,
    level_to_gym_sokoban,
    solution_from_gym_sokoban,
)
from .jumanji import jumanji_actions, level_from_jumanji, level_to_jumanji, solution_from_jumanji
from .ragen import level_from_ragen, level_to_ragen, ragen_actions, solution_from_ragen

#: Each environment's name, and how a LURD solution becomes its actions.
ACTIONS = {"gym-sokoban": gym_sokoban_actions, "jumanji": jumanji_actions,
           "ragen": ragen_actions}

__all__ = ["ACTIONS", "gym_sokoban_actions", "jumanji_actions", "level_from_gym_sokoban",
           "level_from_jumanji", "level_from_ragen", "level_to_gym_sokoban",
           "level_to_jumanji", "level_to_ragen", "ragen_actions", "solution_from_gym_sokoban",
           "solution_from_jumanji", "solution_from_ragen"]
