"""The jitted kernels: every ``numba.njit`` function of the solver.

Rule: a kernel imports numpy, numba and other kernels only.
"""

from .jit import drop_stale_cache

drop_stale_cache()
