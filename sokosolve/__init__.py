"""sokosolve: a Sokoban solver. Levels in, verified LURD solutions out.

>>> import sokosolve
>>> level = sokosolve.parse_level("#####\\n#@$.#\\n#####")
>>> sokosolve.solve(level).solution
'R'
"""

from .batch import default_strategy, solve_many
from .io.files import Task, load_levels
from .level import Level, LevelError, parse_level, read_levels
from .limits import Limits
from .optimizer import Optimized, optimize
from .parallel.race import race
from .replay import Replay, verify
from .result import Result, Status
from .search.presets import PRESETS
from .solver import solve
from .version import __version__ as __version__

__all__ = [
    "PRESETS", "Level", "LevelError", "Limits", "Optimized", "Replay", "Result", "Status",
    "Task", "default_strategy", "load_levels", "optimize", "parse_level", "race",
    "read_levels", "solve", "solve_many", "verify",
]
