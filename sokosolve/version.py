"""The version of sokosolve."""

__version__ = "0.1.0"
