"""How the kernels are compiled: :func:`borrowing` for the small ones called in the hot loops.

Numba counts references to arrays: a jitted function that calls another one
counts each array argument in on entry and out on every exit, since the call
might raise. For the small functions the search calls for every push (freeze
tests, box moves, feature counts) those counts took a quarter to a third of a
search's time. A function that only reads and writes the arrays it is given,
allocates none and returns none, needs no counts: its caller holds them.
"""

from __future__ import annotations

from collections.abc import Callable

import numba


def borrowing(function: Callable) -> Callable:
    """Jits ``function`` (cached) without reference counting: it borrows its arrays.

    Only for a function that allocates no array (numba refuses to compile one
    that does) and returns none, and calls no function that returns one (whose
    reference would never be given back).
    """
    return numba.njit(cache=True, _nrt=False)(function)
