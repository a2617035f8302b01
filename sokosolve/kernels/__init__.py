"""The jitted kernels: every ``numba.njit`` function of the solver.

Rule: a kernel imports numpy, numba and other kernels only.
"""
