"""Time and memory ceilings for work that can run away, such as grounding a user's program.

clingo cannot be stopped from Python while it grounds, so the work runs in a child
process: the parent waits at most ``time_limit`` seconds and then kills it, and the child
caps its own address space (``RLIMIT_AS``) so that an exploding grounding fails with a
``MemoryError`` instead of taking the machine. A crash of the child (clingo aborting on
input it cannot handle) is reported too; the parent never sees a traceback.

>>> run_limited(sum, ([1, 2, 3],), time_limit=30, memory_mb=1024)
6
"""

from __future__ import annotations

import os
import re
import signal
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from mjasp.cli.app import FiniteFloat, activity
from mjasp.core.errors import LimitError, MjaspError

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

T = TypeVar("T")

#: Defaults of ``mjasp solve``: a minute and 2 GB cover every hand and variant by far.
DEFAULT_TIME_LIMIT = 60.0
DEFAULT_MEMORY_MB = 2048
#: The largest limits taken: a week, a terabyte (finite, so that they reach the kernel).
MAX_TIME_LIMIT = 7 * 24 * 3600.0
MAX_MEMORY_MB = 2**20

F = TypeVar("F", bound=Callable[..., Any])


def limit_options(func: F) -> F:
    """``--time-limit SECONDS`` and ``--memory-limit MB``: the ceilings of every command
    that grounds a user's program (``mjasp solve``, ``mjasp score FILE.lp``); exit 3."""
    func = click.option("--memory-limit", type=click.IntRange(0, MAX_MEMORY_MB),
                        default=DEFAULT_MEMORY_MB, show_default=True, metavar="MB",
                        help="Stop when clingo needs more memory than this (0 = no "
                             "limit); exit 3.")(func)
    return click.option("--time-limit", type=FiniteFloat(0, MAX_TIME_LIMIT),
                        default=DEFAULT_TIME_LIMIT, show_default=True, metavar="SECONDS",
                        help="Stop grounding and solving after this long (0 = no limit); "
                             "exit 3.")(func)


def _address_space() -> int:
    """Bytes of address space this process already has (Linux), else 0."""
    try:
        with open("/proc/self/status") as status:
            found = re.search(r"VmSize:\s+(\d+) kB", status.read())
    except OSError:
        return 0
    return int(found.group(1)) * 1024 if found else 0


def _child(conn: Connection, job: Callable[..., Any], args: tuple[Any, ...],
           memory_mb: int) -> None:
    # clingo prints "PANIC: ..." on fd 2 before it aborts; the parent reports the crash
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    if memory_mb:
        try:
            import resource

            ceiling = _address_space() + memory_mb * 2**20
            resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))
        except (ImportError, ValueError, OSError):
            pass  # no RLIMIT_AS here (Windows, macOS): the time limit still holds
    try:
        conn.send(("ok", job(*args)))
    except MemoryError:
        conn.send(("memory", None))
    except MjaspError as error:
        # the error it was raised from too (an AdviseError from a HandError): the JSON
        # error's type is that one's, as when the job runs in the parent
        chained = error.__cause__ or error.__context__
        try:
            conn.send(("error", (_parts(error),
                                 _parts(chained) if isinstance(chained, MjaspError) else None)))
        except Exception:  # the error raised from does not pickle: the error alone
            conn.send(("error", (_parts(error), None)))
    except Exception as error:  # sent as text: the class may not pickle
        conn.send(("crash", f"{type(error).__name__}: {error}"))
    conn.close()


def _parts(error: MjaspError) -> tuple[type[MjaspError], tuple[Any, ...], dict[str, Any]]:
    """An error as it crosses to the parent: its class, arguments and attributes."""
    return type(error), error.args, error.__dict__


def _rebuilt(parts: tuple[type[MjaspError], tuple[Any, ...], dict[str, Any]]) -> MjaspError:
    cls, error_args, attributes = parts
    error: MjaspError = cls.__new__(cls)
    error.args = error_args
    error.__dict__.update(attributes)
    return error


def run_limited(job: Callable[..., T], args: tuple[Any, ...], *, time_limit: float,
                memory_mb: int, what: str = "the work", clock: str | None = None) -> T:
    """``job(*args)`` in a child process, stopped after ``time_limit`` seconds (0 = none)
    or when it allocates more than ``memory_mb`` MB (0 = none).

    ``job`` and ``args`` must pickle where processes are spawned (not on Linux). An
    ``MjaspError`` of the job is raised again here; a limit raises ``LimitError``, a
    crashed child ``MjaspError`` and any other exception of the job ``RuntimeError``.
    ``clock`` labels a ticking clock drawn while waiting (on a terminal only); it starts
    after the fork, so the child never inherits a thread that may hold a lock.
    """
    import multiprocessing  # only a limited run starts a process

    methods = multiprocessing.get_all_start_methods()
    context: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(send, job, args, memory_mb), daemon=True)
    with warnings.catch_warnings():
        # Python 3.12 warns about fork in a threaded process; the child only runs the job
        warnings.simplefilter("ignore", DeprecationWarning)
        process.start()
    send.close()
    message: tuple[str, Any] | None = None
    try:
        with activity(clock or what, quiet=clock is None):
            ready = receive.poll(time_limit or None)
        if ready:
            message = receive.recv()
    except EOFError:
        message = ("died", None)  # the child ended without a word: it crashed
    finally:
        process.join(1 if message else 0)
        if process.is_alive():
            process.kill()
            process.join()
        receive.close()
    if message is None:
        raise LimitError(f"{what} stopped after the time limit of {time_limit:g} s "
                         "(--time-limit SECONDS, 0 for none)")
    status, payload = message
    if status == "ok":
        return payload  # type: ignore[no-any-return]
    if status == "error":
        raised, chained = payload
        error = _rebuilt(raised)
        error.__context__ = _rebuilt(chained) if chained else None
        error.__suppress_context__ = True
        raise error
    if status == "memory" or process.exitcode == -signal.SIGKILL:
        raise LimitError(f"{what} stopped at the memory limit of {memory_mb} MB "
                         "(--memory-limit MB, 0 for none)")
    if status == "crash":  # a bug of mjasp's, not bad input
        raise RuntimeError(f"{what}: {payload}")
    raise MjaspError(f"{what} crashed ({_signal_name(process.exitcode)}); clingo could "
                     "not read the input (an included file that is binary or not UTF-8?)")


def _signal_name(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        return f"signal {signal.Signals(-exitcode).name}"
    return f"exit code {exitcode}"


__all__ = ["DEFAULT_MEMORY_MB", "DEFAULT_TIME_LIMIT", "limit_options", "run_limited"]
