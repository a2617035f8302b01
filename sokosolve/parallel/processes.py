"""Worker processes: how they are started, how they end with their parent, how they died.

Racing searches (:mod:`sokosolve.parallel.race`) and the batch pool
(:mod:`sokosolve.parallel.pool`) start their workers here. A worker must not outlive the
process that started it: on Linux the kernel kills it when its parent dies, even by
SIGKILL, so that no search runs on with nobody to report to.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys

_PR_SET_PDEATHSIG = 1


def context() -> multiprocessing.context.BaseContext:
    """Forked workers where the system has fork (they inherit the compiled kernels)."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def become_worker(parent: int) -> None:
    """Readies a process started by ``parent`` (its pid) to work for it: the kernel kills
    it when ``parent`` dies, even by SIGKILL (on Linux; elsewhere a worker finds its
    parent gone when it next reads from it), and it leaves Ctrl-C, which a terminal sends
    to every process of the job, to its parent, which stops it."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the request took hold
        os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def how_it_died(process: multiprocessing.process.BaseProcess) -> str:
    """A worker's end in words, once it is seen to be gone (it is given a second to be
    reaped, so that its exit code is known).

    >>> worker = context().Process(target=os._exit, args=(3,))
    >>> worker.start()
    >>> how_it_died(worker)
    'exit code 3'
    """
    process.join(timeout=1)
    code = process.exitcode
    if code is None or code >= 0:
        return f"exit code {code}"
    name = signal.Signals(-code).name
    cause = " (by the out-of-memory killer, or by hand)" if name == "SIGKILL" else ""
    return f"killed by {name}{cause}"
