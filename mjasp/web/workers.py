"""Long-lived worker processes for the API's slow work (``advise``), with a time limit.

``mjasp advise --time-limit`` forks a child for every search and kills it at the limit.
A server answering many requests would pay that fork for each one (about 10 ms of CPU,
more as the server grows), more than a small search costs. So the server keeps a few
worker processes instead: each runs one job at a time in its own interpreter, a job
past its time limit has its worker killed and replaced (the limit holds whatever the job
does), and each worker caps its own address space (``RLIMIT_AS``) as the command line
does. Workers start from a fork server (no fork of the threaded server itself), on the
first job.

The jobs wait in one queue and are taken in the order they came, each by the first worker
free: with one worker per core a job waits only for the work queued ahead of it, and no
two searches share a core (which would stretch both). A job still queued at its time
limit is dropped, never run.

>>> import operator
>>> with Workers(1) as workers:
...     workers.run(operator.add, (2, 3), time_limit=30)
5
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import multiprocessing
import os
import signal
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any, Final, TypeVar

from mjasp.core.errors import LimitError

T = TypeVar("T")

#: Address space a worker may add to what it holds after start (MB); the command line's
#: default memory limit.
MEMORY_MB: Final = 2048


def _serve(conn: Connection, memory_mb: int) -> None:
    """A worker: run each job it is sent, send back ("ok", value) or ("raised", error)."""
    if hasattr(os, "setsid"):
        # its own process group: stopping the worker also stops any child it forked
        # (``advise --explain`` runs in a child of its own)
        os.setsid()
    if memory_mb:
        try:
            import resource

            with open("/proc/self/status") as status:
                held = next(int(line.split()[1]) * 1024 for line in status
                            if line.startswith("VmSize:"))
            ceiling = held + memory_mb * 2**20
            resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))
        except (ImportError, OSError, ValueError, StopIteration):
            pass  # no RLIMIT_AS or no /proc here: the time limit still holds
    while True:
        try:
            job, args = conn.recv()
        except (EOFError, OSError):
            return  # the server closed the pipe: stop
        # a search makes many small objects and frees them itself: the cyclic collector,
        # which would run every 700 of them, waits for the job's end (enabled again once
        # the answer is sent, it runs as its counts say before the next job)
        gc.disable()
        try:
            reply: tuple[str, Any] = ("ok", job(*args))
        except Exception as error:  # sent back, raised again in the server
            reply = ("raised", error)
        try:
            conn.send(reply)
        except OSError:
            return  # the server closed the pipe (the job ran past its limit): stop quietly
        except Exception as error:  # an answer that does not pickle: say so instead
            conn.send(("raised", RuntimeError(f"{type(error).__name__}: {error}")))
        finally:
            gc.enable()


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, context: Any, memory_mb: int) -> None:
        self.conn, child = context.Pipe()
        # not a daemon: a daemon may not have children, and a job may fork one; the
        # server stops its workers itself (close(), and at exit _stop_all)
        self.process = context.Process(target=_serve, args=(child, memory_mb), daemon=False,
                                       name="mjasp-web-worker")
        self.process.start()
        child.close()
        _live.add(self)

    def kill(self) -> None:
        """The process and its group killed (its pipe then reads as ended)."""
        if hasattr(os, "killpg") and self.process.pid is not None:
            with contextlib.suppress(OSError):  # not yet a group of its own: kill() below
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process.kill()

    def stop(self) -> None:
        self.conn.close()
        self.kill()
        self.process.join()
        _live.discard(self)


_live: weakref.WeakSet[_Worker] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    # registered after multiprocessing's own exit handler, so run before it: that one
    # would wait for every non-daemon child to end
    for worker in list(_live):
        worker.stop()


@dataclass(slots=True)
class _Job:
    """A job queued for a worker: what to run, for what, until when."""

    job: Callable[..., Any]
    args: tuple[Any, ...]
    what: str
    time_limit: float
    deadline: float | None  # time.monotonic(); None: no limit
    future: Future[Any]
    queued: float = 0.0  # time.monotonic() when queued, taken by a feeder, answered
    taken: float | None = None
    answered: float | None = None

    def left(self) -> float | None:
        """Seconds until the deadline (0 once past it), None without a limit."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def timing(self) -> tuple[float, float]:
        """Seconds waited in the queue (till now if still there) and seconds run."""
        now = time.monotonic()
        taken = self.taken if self.taken is not None else now
        answered = self.answered if self.answered is not None else now
        return taken - self.queued, max(0.0, answered - taken)


class Workers:
    """``size`` worker processes, each fed by a thread of this process from one queue of
    jobs in order of arrival; :meth:`run` queues a job and waits for its answer, within its
    time limit (the wait in the queue included)."""

    def __init__(self, size: int, memory_mb: int = MEMORY_MB,
                 preload: tuple[str, ...] = ()) -> None:
        methods = multiprocessing.get_all_start_methods()
        self.context: Any = multiprocessing.get_context(
            "forkserver" if "forkserver" in methods else "spawn")
        if preload and "forkserver" in methods:
            # imported once by the fork server: a new worker is ready in milliseconds
            self.context.set_forkserver_preload(list(preload))
        self.size = size
        self.memory_mb = memory_mb
        self.jobs: deque[_Job] = deque()
        self.lock = threading.Lock()
        self.feeders: list[threading.Thread] = []
        self.wakes: list[threading.Condition] = []  # by feeder, on the lock
        # the feeders waiting for a job, the latest last: a job goes to the one that was
        # busy last, whose worker is started and warm, rather than to a worker not started
        self.idle: list[int] = []
        self.local = threading.local()  # per thread: the last job's timing()
        self.running: dict[int, _Worker] = {}  # by feeder: its worker, while it has one
        self.closed = False

    def _queue(self, job: Callable[..., Any], args: tuple[Any, ...], time_limit: float,
               what: str, start: float) -> _Job:
        """The job queued (its future cancelled while it waits: skipped when its turn
        comes)."""
        item = _Job(job, args, what, time_limit, start + time_limit if time_limit else None,
                    Future(), time.monotonic())
        with self.lock:
            if self.closed:
                raise RuntimeError("the workers are closed")
            if not self.feeders:  # the first job: the feeders start (their workers with
                for slot in range(self.size):  # their own first job)
                    self.wakes.append(threading.Condition(self.lock))
                    feeder = threading.Thread(target=self._feed, args=(slot,), daemon=True,
                                              name=f"mjasp-web-feeder-{slot}")
                    feeder.start()
                    self.feeders.append(feeder)
            self.jobs.append(item)
            if self.idle:
                self.wakes[self.idle.pop()].notify()
        return item

    def run(self, job: Callable[..., T], args: tuple[Any, ...], time_limit: float,
            what: str = "the request", started: float | None = None) -> T:
        """``job(*args)`` in a worker (``job`` a module-level function), its value or its
        exception; ``LimitError`` when it is not done within ``time_limit`` seconds
        (0: none) counted from ``started`` (``time.monotonic()``; default now), the wait in
        the queue included."""
        start = time.monotonic() if started is None else started
        item = self._queue(job, args, time_limit, what, start)
        left = max(0.0, start + time_limit - time.monotonic()) if time_limit else None
        try:
            return item.future.result(left)  # type: ignore[no-any-return]
        except FutureTimeout:
            if item.future.cancel():  # still queued: out of the queue, never run
                raise LimitError(f"{what} waited past the time limit of {time_limit:g} s "
                                 "for a free worker") from None
            # running: its feeder stops it at the deadline
            return item.future.result()  # type: ignore[no-any-return]
        finally:
            self.local.timing = item.timing()

    def timing(self) -> tuple[float, float] | None:
        """The last job :meth:`run` ran in this thread: seconds it waited in the queue and
        seconds it ran (till answered or stopped); None when none since :meth:`forget`."""
        timing: tuple[float, float] | None = getattr(self.local, "timing", None)
        return timing

    def forget(self) -> None:
        """Forget this thread's last :meth:`timing`."""
        self.local.timing = None

    def _feed(self, slot: int) -> None:
        """A feeder thread: the oldest queued job to its worker (started on its first
        job, replaced after a job past its limit or a death), the answer to the job's
        future; until the workers close."""
        worker: _Worker | None = None
        try:
            while True:
                with self.lock:
                    while not self.jobs and not self.closed:
                        self.idle.append(slot)
                        self.wakes[slot].wait()
                        if slot in self.idle:  # woken by close() (or spuriously)
                            self.idle.remove(slot)
                    if self.closed:
                        return
                    item = self.jobs.popleft()
                if not item.future.set_running_or_notify_cancel():
                    continue  # its request stopped waiting
                item.taken = time.monotonic()
                if item.left() == 0.0:
                    item.future.set_exception(LimitError(
                        f"{item.what} waited past the time limit of {item.time_limit:g} s "
                        "for a free worker"))
                    continue
                try:
                    if worker is None:
                        worker = _Worker(self.context, self.memory_mb)
                        with self.lock:
                            self.running[slot] = worker
                    status, value = self._ask(worker, item)
                except Exception as error:  # no worker could start: said, not hung
                    status, value = "died", error
                if status not in ("ok", "raised") or self.closed:
                    # past the limit, or the worker died: a fresh one takes its place
                    if worker is not None:
                        worker.stop()
                    worker = None
                    with self.lock:
                        self.running.pop(slot, None)
                item.answered = time.monotonic()
                if status == "ok":
                    item.future.set_result(value)
                elif status in ("raised", "lost"):
                    item.future.set_exception(value)
                elif status == "late":
                    item.future.set_exception(LimitError(
                        f"{item.what} ran past the time limit of {item.time_limit:g} s"))
                else:
                    why = f" ({value})" if value is not None else ""
                    item.future.set_exception(RuntimeError(
                        f"{item.what}: the worker process died{why}"))
        finally:
            if worker is not None:
                worker.stop()
            with self.lock:
                self.running.pop(slot, None)

    @staticmethod
    def _ask(worker: _Worker, item: _Job) -> tuple[str, Any]:
        """The job run by ``worker``: ("ok", value), ("raised", error), ("late", None)
        past the deadline, ("died", None) or ("lost", error) for an answer that does not
        unpickle (a bug)."""
        try:
            worker.conn.send((item.job, item.args))
            if not worker.conn.poll(item.left()):
                return "late", None
            reply: tuple[str, Any] = worker.conn.recv()
            return reply
        except (EOFError, OSError):
            return "died", None
        except Exception as error:  # an answer that does not unpickle: a bug, said so
            return "lost", RuntimeError(f"{item.what}: {type(error).__name__}: {error}")

    def close(self) -> None:
        """Stop every worker (a running job's answer is then its worker's death) and fail
        every queued job; the feeders end."""
        with self.lock:
            self.closed = True
            queued = list(self.jobs)
            self.jobs.clear()
            busy = list(self.running.values())
            for wake in self.wakes:
                wake.notify()
        for item in queued:
            if item.future.set_running_or_notify_cancel():
                item.future.set_exception(RuntimeError("the workers are closed"))
        for worker in busy:
            worker.kill()  # its feeder sees it die, stops it and ends
        for feeder in self.feeders:
            if feeder is not threading.current_thread():
                feeder.join(timeout=10)

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def default_size() -> int:
    """One worker per core, at most four (each search is CPU work in one process)."""
    return max(1, min(4, os.cpu_count() or 1))


__all__ = ["MEMORY_MB", "Workers", "default_size"]
