"""sokosolve: a Sokoban solver. Levels in, verified LURD solutions out.

>>> import sokosolve
>>> level = sokosolve.parse_level("#####\\n#@$.#\\n#####")
>>> sokosolve.solve(level).solution
'R'
"""

from .io.files import load_levels
from .level import Level, LevelError, parse_level, read_levels
from .limits import Limits
from .replay import Replay, verify
from .result import Result, Status
from .solver import solve

__version__ = "0.1.0"

__all__ = [
    "Level", "LevelError", "Limits", "Replay", "Result", "Status",
    "load_levels", "parse_level", "read_levels", "solve", "verify",
]
