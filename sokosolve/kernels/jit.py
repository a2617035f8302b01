"""How the kernels are compiled: :func:`borrowing` for the small ones called in the hot loops,
and :func:`drop_stale_cache`, which keeps numba's cache in step with the kernels' source.

Numba counts references to arrays: a jitted function that calls another one
counts each array argument in on entry and out on every exit, since the call
might raise. For the small functions the search calls for every push (freeze
tests, box moves, feature counts) those counts were a large share of a search's
time (``docs/benchmarks.md``). A function that only reads and writes the arrays
it is given, allocates none and returns none, needs no counts: its caller holds
them. The switch is numba's private ``_nrt`` option; a numba without it fails at
import.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import numba

#: The kernels' source; where numba caches them (beside it, unless ``NUMBA_CACHE_DIR`` says
#: otherwise), and the digest of the source they were compiled from.
_KERNELS = Path(__file__).parent
_CACHE = _KERNELS / "__pycache__"
_STAMP = "kernels-source.sha256"


def borrowing(function: Callable) -> Callable:
    """Jits ``function`` (cached) without reference counting: it borrows its arrays.

    Only for a function that allocates no array (numba refuses to compile one
    that does), returns none and calls only borrowing functions: numba compiles
    a callee with its caller's flags, so an array a callee returned would keep
    a reference that is never given back (``tests/test_jit.py`` checks the rule).
    """
    return numba.njit(cache=True, _nrt=False)(function)


def drop_stale_cache(kernels: Path = _KERNELS, cache: Path = _CACHE) -> bool:
    """Deletes numba's cached kernels if any kernel's source changed since they were
    cached; returns whether it did.

    numba keys a kernel's cache by its own file alone: a kernel it calls, or a
    constant it reads, changed in another file leaves it stale (running old code,
    or writing past arrays that were resized). A digest of every kernel's source,
    kept beside the cache, tells. Where the cache cannot be written, nothing is done.
    """
    digest = hashlib.sha256()
    for source in sorted(kernels.glob("*.py")):
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    stamp = cache / _STAMP
    try:
        if stamp.read_text() == digest.hexdigest():
            return False
    except OSError:
        pass
    try:
        for cached in cache.glob("*.nb[ci]"):
            cached.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest.hexdigest())
    except OSError:  # a read-only install: its cache, if any, was made from these files
        return False
    return True
