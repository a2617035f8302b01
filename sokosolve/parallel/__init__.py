"""Processes: the race of searches on several cores and the worker pool of a batch.

Rule: parallel imports the solver and what it imports, never the command line or io.
"""
