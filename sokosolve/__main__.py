"""``python -m sokosolve`` runs the command line."""

from .cli import run

run()
