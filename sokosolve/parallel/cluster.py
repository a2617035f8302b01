"""Batches on a Dask cluster: the levels go to the workers in chunks, and each level's
result comes back the moment it is known, as a Dask event.

A worker solves its levels in a process of its own
(:class:`~sokosolve.parallel.pool.SolvingProcess`), forked once its kernels are warm
and kept from chunk to chunk, so the per-level limit holds there as in the local
pool: a search that overruns its limit is killed and its level reported timeout.
A worker that runs as a daemonic process (a ``dask worker`` under its nanny, by
default) may not start processes; it solves the chunk in its own thread, and a level
is then stopped at its limit plus a margin by the stop flag that the searches poll.

A worker that dies is Dask's to handle: the scheduler gives its chunks to
another worker, and a chunk that kills workers too often (Dask's
``allowed-failures``) comes back as an error for each of its levels. So every level
gets exactly one result. Dask and distributed are the optional extra
``sokosolve[cluster]``; nothing here imports them before it is called.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import multiprocessing
import queue
import threading
import time
import uuid
from collections.abc import Iterator, Sequence

import numpy as np

from ..io.files import Task
from ..limits import KILL_MARGIN, Limits
from ..result import Result, Status
from ..search.spec import Sequential
from ..solver import solve, warm_up
from .pool import SolvingProcess

#: Levels a Dask task solves: enough that the scheduler's cost per task (a few
#: milliseconds) and the fork of the solving process stay small beside a level's
#: search, few enough that records arrive often and a dead worker costs little.
CHUNK_SIZE = 8
#: Seconds after which a worker sends the results its chunk has so far, as an event.
EVENT_SECONDS = 0.2


class MissingCluster(RuntimeError):
    """Dask is not installed; the message says how to install it."""


def _distributed():
    try:
        import distributed
    except ImportError:
        raise MissingCluster("--dask needs Dask: pip install 'sokosolve[cluster]'") from None
    return distributed


@contextlib.contextmanager
def dask_client(address: str, workers: int = 2) -> Iterator[object]:
    """A Dask client of the scheduler at ``address``, or of a new ``LocalCluster`` of
    ``workers`` processes (one thread each) for ``address="local"``, closed on exit.

    The local cluster's workers are not daemonic, so that a chunk is solved in a
    process of its own, which is killed if its search overruns. Its logs are silenced
    below CRITICAL: on Ctrl-C every process of the session gets the signal, and a worker
    whose scheduler went first logs a heartbeat error with a traceback.
    """
    distributed = _distributed()
    import dask

    if address != "local":
        with distributed.Client(address, set_as_default=False) as client:
            yield client
        return
    with dask.config.set({"distributed.worker.daemon": False}), \
            distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                     dashboard_address=None,
                                     silence_logs=logging.CRITICAL) as cluster, \
            distributed.Client(cluster, set_as_default=False) as client:
        yield client


def solve_chunk(tasks: Sequence[Task], strategy: Sequential, limits: Limits,
                topic: str | None = None, chunk: int = 0) -> list[Result]:
    """The results of ``tasks``, in their order, solved in this (worker) process.

    With a ``topic``, the results not yet sent go as a Dask event
    ``(chunk, [(position in the chunk, the result's fields), ...])`` whenever
    :data:`EVENT_SECONDS` have passed since the chunk began or last sent, so that
    a slow level's record comes at once and fast ones wait for their chunk's return.
    """
    send = _event_sender(topic, chunk)
    results: list[Result] = []
    unsent: list[int] = []
    sent = time.perf_counter()
    for position, task in enumerate(tasks):
        if multiprocessing.current_process().daemon:
            results.append(_solve_stopped_at_limit(task, strategy, limits))
        else:
            results.append(_solving_process(strategy, limits).solve(task))
        unsent.append(position)
        if position + 1 < len(tasks) and time.perf_counter() - sent >= EVENT_SECONDS:
            send([(i, results[i]) for i in unsent])
            unsent, sent = [], time.perf_counter()
    return results


_here = threading.local()


@functools.cache
def _warm_up_once() -> None:
    warm_up()


def _solving_process(strategy: Sequential, limits: Limits) -> SolvingProcess:
    """This thread's solving process for ``strategy`` and ``limits``, started once (its
    kernels warmed here first, so that it starts with them)."""
    kept = getattr(_here, "process", None)
    if kept is not None and (kept.strategy, kept.limits) == (strategy, limits):
        return kept
    if kept is not None:
        kept.close()
    _warm_up_once()
    _here.process = SolvingProcess(strategy, limits)
    return _here.process


def _event_sender(topic: str | None, chunk: int):
    if topic is None:
        return lambda results: None
    worker = _distributed().get_worker()
    # Plain fields, which any of Dask's serializers carries.
    return lambda results: worker.log_event(topic, (chunk, [
        (position, {**result.__dict__, "status": result.status.value})
        for position, result in results]))


def _solve_stopped_at_limit(task: Task, strategy: Sequential, limits: Limits) -> Result:
    _warm_up_once()
    stop = np.zeros(1, dtype=np.int8)
    timer = threading.Timer(limits.seconds + KILL_MARGIN, stop.__setitem__, (0, 1))
    timer.start()
    try:
        return solve(task.level, strategy, limits, stop)
    finally:
        timer.cancel()


def solve_on_cluster(tasks: Sequence[Task], strategy: Sequential, limits: Limits, client,
                     chunk_size: int = CHUNK_SIZE) -> Iterator[tuple[Task, Result]]:
    """Solves every task on the workers of the Dask ``client``, yielding each level's
    result as it is known; closing the iterator (Ctrl-C) cancels the chunks not yet done.

    A level's result comes as an event from its worker, or with its chunk's return if
    the event is late; a chunk that runs again (its worker died) finds its finished
    levels already given. The tasks must hold levels, not reading errors.
    """
    chunks = [tuple(tasks[i:i + chunk_size]) for i in range(0, len(tasks), chunk_size)]
    topic = f"sokosolve-{uuid.uuid4().hex}"
    arrived: queue.SimpleQueue = queue.SimpleQueue()
    client.subscribe_topic(topic, lambda event: arrived.put(event[1]))
    futures = {}
    for number, chunk in enumerate(chunks):
        future = client.submit(solve_chunk, chunk, strategy, limits, topic, number, pure=False)
        future.add_done_callback(lambda _, number=number: arrived.put(("done", number)))
        futures[number] = future
    given: set[tuple[int, int]] = set()
    try:
        while futures:
            try:
                message = arrived.get(timeout=0.5)
            except queue.Empty:
                continue
            if message[0] != "done":
                number, finished = message
                for position, fields in finished:
                    if (number, position) not in given and number in futures:
                        given.add((number, position))
                        yield chunks[number][position], Result(**{**fields, "status":
                                                                  Status(fields["status"])})
                continue
            number = message[1]
            for position, result in enumerate(_chunk_results(futures.pop(number),
                                                             len(chunks[number]))):
                if (number, position) not in given:
                    given.add((number, position))
                    yield chunks[number][position], result
    finally:
        client.unsubscribe_topic(topic)
        if futures:
            client.cancel(list(futures.values()))


def _chunk_results(future, size: int) -> list[Result]:
    """A finished chunk's results, or an error for each of its levels if it failed (it
    killed too many workers, say)."""
    try:
        return future.result()
    except Exception as error:  # noqa: BLE001 - the task's failure, in its records
        return [Result(Status.ERROR, error=f"the Dask task failed: {type(error).__name__}: "
                                           f"{error}")] * size
