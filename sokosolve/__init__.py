"""sokosolve: a Sokoban solver. Levels in, verified LURD solutions out.

>>> import sokosolve
>>> level = sokosolve.parse_level("#####\\n#@$.#\\n#####")
>>> sokosolve.solve(level).solution
'R'
"""

from .level import Level, LevelError, load_levels, parse_level, read_levels
from .replay import Replay, verify
from .solver import Limits, Result, Status, solve

__version__ = "0.1.0"

__all__ = [
    "Level", "LevelError", "Limits", "Replay", "Result", "Status",
    "load_levels", "parse_level", "read_levels", "solve", "verify",
]
