"""Batches on a Dask cluster: the levels go to the workers in chunks, and each level's
result comes back the moment it is known, as a Dask event.

A chunk is solved inside a Dask worker by the local batch's own pool
(:func:`~sokosolve.parallel.pool.solve_tasks` with one process), forked from the worker
process once its kernels are warm, so the per-level limit holds there as it does
here: a search that overruns its limit is killed and its level reported timeout.
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
import logging
import multiprocessing
import queue
import threading
import uuid
from collections.abc import Iterator, Sequence

import numpy as np

from ..io.files import Task
from ..limits import KILL_MARGIN, Limits
from ..result import Result, Status
from ..search.spec import Sequential
from ..solver import solve, warm_up
from .pool import solve_tasks

#: Levels a Dask task solves: enough that the scheduler's cost per task (a few
#: milliseconds) and the fork of the solving process stay small beside a level's
#: search, few enough that records arrive often and a dead worker costs little.
CHUNK_SIZE = 8


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
    process of its own, which is killed if its search overruns.
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
                                     silence_logs=logging.ERROR) as cluster, \
            distributed.Client(cluster, set_as_default=False) as client:
        yield client


def solve_chunk(tasks: Sequence[Task], strategy: Sequential, limits: Limits,
                topic: str | None = None, chunk: int = 0) -> list[Result]:
    """The results of ``tasks``, in their order, solved in this (worker) process.

    With a ``topic``, each level's result is also sent as a Dask event the moment it is
    known: ``(chunk, position in the chunk, the result's fields)``.
    """
    warm_up()  # once per process: later calls find the kernels compiled
    send = _event_sender(topic, chunk)
    found: dict[int, Result] = {}
    position = {(task.file, task.index): i for i, task in enumerate(tasks)}
    if not multiprocessing.current_process().daemon:
        solved = solve_tasks(tasks, strategy, limits, 1)
    else:
        solved = ((task, _solve_stopped_at_limit(task, strategy, limits)) for task in tasks)
    for task, result in solved:
        found[position[(task.file, task.index)]] = result
        send(position[(task.file, task.index)], result)
    return [found[i] for i in range(len(tasks))]


def _event_sender(topic: str | None, chunk: int):
    if topic is None:
        return lambda position, result: None
    worker = _distributed().get_worker()
    # Plain fields, which any of Dask's serializers carries.
    return lambda position, result: worker.log_event(
        topic, (chunk, position, {**result.__dict__, "status": result.status.value}))


def _solve_stopped_at_limit(task: Task, strategy: Sequential, limits: Limits) -> Result:
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
                number, position, fields = message
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
