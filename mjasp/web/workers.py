"""Long-lived worker processes for the API's slow work (``advise``), with a time limit.

``mjasp advise --time-limit`` forks a child for every search and kills it at the limit.
A server answering many requests would pay that fork for each one (about 10 ms of CPU,
more as the server grows), more than a small search costs. So the server keeps a few
worker processes instead: each runs one job at a time in its own interpreter, a job
past its time limit has its worker killed and replaced (the limit holds whatever the job
does), and each worker caps its own address space (``RLIMIT_AS``) as the command line
does. Workers start from a fork server (no fork of the threaded server itself), on the
first job.

>>> import operator
>>> with Workers(1) as workers:
...     workers.run(operator.add, (2, 3), time_limit=30)
5
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import queue
import signal
import threading
import time
import weakref
from collections.abc import Callable
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
        try:
            reply: tuple[str, Any] = ("ok", job(*args))
        except Exception as error:  # sent back, raised again in the server
            reply = ("raised", error)
        try:
            conn.send(reply)
        except Exception as error:  # an answer that does not pickle: say so instead
            conn.send(("raised", RuntimeError(f"{type(error).__name__}: {error}")))


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

    def stop(self) -> None:
        self.conn.close()
        if hasattr(os, "killpg") and self.process.pid is not None:
            with contextlib.suppress(OSError):  # not yet a group of its own: kill() below
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process.kill()
        self.process.join()
        _live.discard(self)


_live: weakref.WeakSet[_Worker] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    # registered after multiprocessing's own exit handler, so run before it: that one
    # would wait for every non-daemon child to end
    for worker in list(_live):
        worker.stop()


class Workers:
    """``size`` worker processes; :meth:`run` gives a job to an idle one, waiting for one
    when all are busy (within the same time limit)."""

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
        self.idle: queue.LifoQueue[_Worker] = queue.LifoQueue()
        self.started = 0
        self.lock = threading.Lock()
        self.closed = False

    def _take(self, timeout: float | None) -> _Worker | None:
        with self.lock:
            if self.closed:
                raise RuntimeError("the workers are closed")
            if self.idle.empty() and self.started < self.size:
                self.started += 1
                return _Worker(self.context, self.memory_mb)
        try:
            return self.idle.get(timeout=timeout)
        except queue.Empty:
            return None

    def run(self, job: Callable[..., T], args: tuple[Any, ...], time_limit: float,
            what: str = "the request", started: float | None = None) -> T:
        """``job(*args)`` in a worker (``job`` a module-level function), its value or its
        exception; ``LimitError`` when it is not done within ``time_limit`` seconds
        (0: none) counted from ``started`` (``time.monotonic()``; default now), waiting
        for a free worker included."""
        start = time.monotonic() if started is None else started
        deadline = start + time_limit if time_limit else None

        def left() -> float | None:
            return None if deadline is None else max(0.0, deadline - time.monotonic())

        worker = self._take(left())
        if worker is None:
            raise LimitError(f"{what} waited past the time limit of {time_limit:g} s for "
                             "a free worker")
        reply: tuple[str, Any] | None = None
        try:
            worker.conn.send((job, args))
            if worker.conn.poll(left()):
                reply = worker.conn.recv()
        except (EOFError, OSError):
            reply = ("died", None)
        except Exception as error:  # an answer that does not unpickle: a bug, said so
            reply = ("lost", RuntimeError(f"{what}: {type(error).__name__}: {error}"))
        finally:
            if reply is None or reply[0] not in ("ok", "raised") or self.closed:
                # past the limit, or the worker died: a fresh one takes its place
                worker.stop()
                with self.lock:
                    self.started -= 1
            else:
                self.idle.put(worker)
        if reply is None:
            raise LimitError(f"{what} ran past the time limit of {time_limit:g} s")
        status, value = reply
        if status == "died":
            raise RuntimeError(f"{what}: the worker process died")
        if status != "ok":
            raise value
        return value  # type: ignore[no-any-return]

    def close(self) -> None:
        """Stop every idle worker (busy ones stop when their job is handed back)."""
        with self.lock:
            self.closed = True
        while True:
            try:
                self.idle.get_nowait().stop()
            except queue.Empty:
                return

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def default_size() -> int:
    """One worker per core, at most four (each search is CPU work in one process)."""
    return max(1, min(4, os.cpu_count() or 1))


__all__ = ["MEMORY_MB", "Workers", "default_size"]
