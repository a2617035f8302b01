"""Processes: the race of searches on several cores, the worker pool of a batch, and
batches on a Dask cluster.

Rule: parallel imports the solver and what it imports (and the tasks of ``io.files``),
never the command line; Dask, an optional extra, only inside the functions that use it.
"""
