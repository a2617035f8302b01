"""``python -m sokosolve`` runs the command line."""

from .cli import main

main()
