"""What is worked out once per level, before a search: board tables, rooms, the packing plan.

Rule: analysis imports the level, the kernels and other analysis modules only; it writes
flat arrays for the kernels.
"""
