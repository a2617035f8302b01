"""The worker pool of a batch: each worker solves one level at a time, with a strategy
that runs in one process.

The search stops itself at its time and state limits; if it does not, the pool
kills the worker at the limit plus a margin, reports the level as a timeout and
starts a fresh worker, so one level can never stall, crash or lose the batch.
"""

from __future__ import annotations

import multiprocessing.connection
import os
import time
from collections import deque
from collections.abc import Iterable, Iterator

from ..io.files import Task
from ..limits import KILL_MARGIN, Limits
from ..result import Result, Status
from ..search.spec import Sequential
from ..solver import solve, warm_up
from .processes import become_worker, context, how_it_died

_QUEUE_DEPTH = 2


def _worker(connection, parent: int, strategy: Sequential, limits: Limits) -> None:
    become_worker(parent)
    warm_up()
    try:
        connection.send(None)  # ready: the parent starts timing from here
        while (task := connection.recv()) is not None:
            connection.send(solve(task.level, strategy, limits))
    except (EOFError, BrokenPipeError):
        return  # the parent has gone


class _Slot:
    """One worker process and the tasks sent to it, oldest (the one it is on) first.

    A worker is sent a second task before it finishes the first, so it never
    waits for the parent between two small levels.
    """

    def __init__(self, starts, strategy: Sequential, limits: Limits):
        self.connection, child = starts.Pipe()
        self.process = starts.Process(target=_worker, args=(child, os.getpid(), strategy, limits),
                                      daemon=True)
        self.process.start()
        child.close()
        self.tasks: deque[Task] = deque()
        self.ready = False  # the worker has its kernels compiled
        self.started = 0.0  # when the worker began its current task

    def give(self, task: Task) -> None:
        if not self.tasks and self.ready:
            self.started = time.perf_counter()
        self.tasks.append(task)
        self.connection.send(task)

    def finish(self, now: float) -> Task:
        """The current task, done; the next one starts now."""
        self.started = now
        return self.tasks.popleft()

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.process.kill()
        else:
            try:
                self.connection.send(None)
            except OSError:
                pass
        self.process.join(timeout=2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


class SolvingProcess:
    """A worker process that solves one level at a time for as long as it is used (a
    Dask worker keeps one), killed and replaced when a level overruns its limit.

    Unlike :func:`solve_tasks`, it waits for each result before the next level goes.
    """

    def __init__(self, strategy: Sequential, limits: Limits):
        self.strategy, self.limits = strategy, limits
        self._starts = context()
        self._slot = _Slot(self._starts, strategy, limits)

    def solve(self, task: Task) -> Result:
        slot = self._slot
        if not slot.ready:  # the worker's kernels: warm in its parent, so this is quick
            if not slot.connection.poll(60) or slot.connection.recv() is not None:
                return self._replaced(Result(Status.ERROR, error="the worker did not start"))
            slot.ready = True
        slot.give(task)
        started = time.perf_counter()
        try:
            if slot.connection.poll(self.limits.seconds + KILL_MARGIN):
                slot.finish(time.perf_counter())
                return slot.connection.recv()
        except (EOFError, OSError):
            return self._replaced(Result(Status.ERROR, seconds=time.perf_counter() - started,
                                         error=f"the worker died: {how_it_died(slot.process)}"))
        return self._replaced(Result(Status.TIMEOUT, seconds=time.perf_counter() - started,
                                     error="the worker was killed at the time limit"))

    def _replaced(self, result: Result) -> Result:
        self._slot.stop(kill=True)
        self._slot = _Slot(self._starts, self.strategy, self.limits)
        return result

    def close(self) -> None:
        self._slot.stop()


def solve_tasks(
    tasks: Iterable[Task], strategy: Sequential, limits: Limits, jobs: int
) -> Iterator[tuple[Task, Result]]:
    """Solves every task on ``jobs`` worker processes, yielding results as they finish.

    The tasks must hold levels, not reading errors.
    """
    starts = context()
    warm_up()  # forked workers then start with the kernels ready
    pending = iter(tasks)
    again: deque[Task] = deque()  # tasks a dead worker had not started
    slots = [_Slot(starts, strategy, limits) for _ in range(jobs)]

    def replace(i: int) -> Task:
        """Kills worker ``i`` and starts a new one; returns the task it was on."""
        old = slots[i]
        old.stop(kill=True)
        slots[i] = _Slot(starts, strategy, limits)
        task = old.tasks.popleft()
        again.extend(old.tasks)
        return task

    try:
        while True:
            for slot in slots:
                while len(slot.tasks) < _QUEUE_DEPTH:
                    task = again.popleft() if again else next(pending, None)
                    if task is None:
                        break
                    slot.give(task)
            busy = [s for s in slots if s.tasks]
            if not busy:
                return
            ready = multiprocessing.connection.wait([s.connection for s in busy], timeout=0.2)
            now = time.perf_counter()
            for i, slot in enumerate(slots):
                if not slot.tasks:
                    continue
                if slot.connection in ready:
                    try:
                        result = slot.connection.recv()
                    except (EOFError, OSError):
                        death = how_it_died(slot.process)
                        started = slot.started
                        yield replace(i), Result(Status.ERROR, seconds=now - started,
                                                 error=f"the worker died: {death}")
                        continue
                    if result is None:
                        slot.ready, slot.started = True, now
                    else:
                        yield slot.finish(now), result
                elif slot.ready and now - slot.started > limits.seconds + KILL_MARGIN:
                    started = slot.started
                    yield replace(i), Result(Status.TIMEOUT, seconds=now - started,
                                             error="the worker was killed at the time limit")
    finally:
        for slot in slots:
            slot.stop(kill=bool(slot.tasks))
