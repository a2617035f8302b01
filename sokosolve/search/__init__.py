"""What to run (search specs and the named presets) and the Python that runs it in this process.

Rule: search imports the level, analysis, kernels, the result and limit types, and other
search modules only.
"""
