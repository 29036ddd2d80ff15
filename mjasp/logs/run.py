"""Many logs at once: serially, on every local core (a process pool) or on a Dask
cluster, with the same results in the same order.

The unit of work is one file: its bytes go to the worker (a cluster needs no shared
file system), the worker reads, checks and tabulates the game and sends back plain
rows. Results come back in input order through a bounded window of pending tasks, so
memory stays flat in the number of games.
"""

from __future__ import annotations

import logging
import os
import sys
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mjasp.logs.lobby import unknown_bits
from mjasp.logs.model import LogError


@dataclass
class FileResult:
    """What one file gave: the check's tallies, its mismatches, its tables (column by
    column, :func:`mjasp.logs.table.game_tables`), its error, its notes (what was read
    but not understood: a lobby type's bits mjasp does not know, under ``--rules``)."""

    source: str
    games: int = 0
    rounds: int = 0
    rounds_agree: int = 0
    wins: int = 0
    wins_agree: int = 0
    mismatches: list[dict[str, Any]] = field(default_factory=list)
    tables: dict[str, dict[str, list[Any]]] | None = None
    error: str | None = None
    notes: list[str] = field(default_factory=list)


def process_bytes(data: bytes, source: str, tables: bool = False,
                  rules: str | None = None) -> FileResult:
    """Read, check (and with ``tables`` tabulate) one log's bytes; never raises on bad
    input: the error is the result's ``error``. ``rules``: a preset name played instead
    of the rules the log gives (:func:`with_rules`)."""
    from mjasp.logs import read_bytes
    from mjasp.logs.check import check_game
    from mjasp.logs.table import game_tables

    out = FileResult(source)
    try:
        game = read_bytes(data, source, partial=True, rules_given=rules is not None)
        if rules is not None:
            game = with_rules(game, rules)
            unknown = unknown_bits(game.lobby_type or 0)
            if unknown:
                out.notes.append(f"{source}: Tenhou lobby type {game.lobby_type} "
                                 f"(0x{game.lobby_type:x}): bits 0x{unknown:x} not known to "
                                 f"mjasp, played under --rules {rules}")
        if tables:
            out.tables, checked = game_tables(game)
        else:
            checked = check_game(game)
    except LogError as error:
        # every line names its file (a replay's error names the round only)
        message = str(error)
        out.error = message if message.startswith(f"{source}:") else f"{source}: {message}"
        return out
    if not game.rounds:  # no game played: no rows, an error (the log's own, if cut short)
        out.error = game.problem or f"{source}: the log holds no round"
        out.tables = None
        return out
    out.games = 1
    out.rounds, out.rounds_agree = checked.rounds, checked.rounds_agree
    out.wins, out.wins_agree = len(checked.wins), checked.wins_agree
    out.mismatches = [m.to_json() for m in checked.mismatches]
    out.error = game.problem
    return out


def with_rules(game: Any, name: str) -> Any:
    """``game`` played under the preset ``name`` instead of its log's rules (for logs
    that do not say theirs: an MJAI log of Mahjong Soul, say); a preset for another
    number of players is a :class:`LogError`.

    >>> from mjasp.logs.model import Game
    >>> with_rules(Game("x.json", "mjai", 4, None), "mahjongsoul").rules.name
    'mahjongsoul'
    """
    from mjasp.rules import find_rules

    rules = find_rules(name)
    if rules.players != game.players:
        raise LogError(f"{game.source}: --rules {name} is for {rules.players} players, "
                       f"the log has {game.players}")
    game.rules = rules
    return game


def process_many(items: list[tuple[bytes, str]], tables: bool = False,
                 rules: str | None = None) -> list[FileResult]:
    """:func:`process_bytes` of several logs (one task of a cluster)."""
    return [process_bytes(data, source, tables, rules) for data, source in items]


#: Files per Dask task (at most): a task of 32 games cost the client a fifth less CPU
#: time than four of 8; smaller corpora get about 8 tasks per worker, for balance.
CHUNK = 32


#: The file name that stands for standard input, as command-line tools take it (a file of
#: that name is ``./-``), and the name its rows and messages carry.
STDIN, STDIN_NAME = "-", "<stdin>"


def _task(path: str, tables: bool, rules: str | None = None) -> FileResult:
    return _processed(_read(path), path, tables, rules)


def _processed(data: bytes | FileResult, path: str, tables: bool,
               rules: str | None) -> FileResult:
    return data if isinstance(data, FileResult) else process_bytes(data, file_name(path),
                                                                   tables, rules)


def file_name(path: str) -> str:
    """The name a file's rows and messages carry (the ``game`` column): its file name,
    bytes that are not UTF-8 (a name from another system's encoding) as ``\\xff``
    escapes, since Parquet's text is UTF-8; ``<stdin>`` for ``-``, standard input.

    >>> file_name("logs/" + os.fsdecode(b"\\xff.mjlog")), file_name("-")
    ('\\\\xff.mjlog', '<stdin>')
    """
    return STDIN_NAME if path == STDIN else _escaped(Path(path).name)


def _escaped(text: str) -> str:
    """A path as UTF-8 text, bytes that are not UTF-8 as ``\\xff`` escapes."""
    return os.fsencode(text).decode("utf-8", "backslashreplace")


def _read(path: str) -> bytes | FileResult:
    """A file's bytes (standard input's for ``-``), or the result that says it cannot be
    read."""
    from mjasp.logs import file_bytes

    try:
        if path == STDIN:
            if sys.stdin is None:  # (a process started with its standard input closed)
                raise LogError("cannot read: standard input is closed")
            try:
                data: bytes = sys.stdin.buffer.read()
            except (OSError, ValueError) as error:  # (a read error, a closed file)
                raise LogError(f"cannot read: {error}") from None
            if not data:
                raise LogError("cannot read: nothing on standard input")
            return data
        return file_bytes(path)
    except LogError as error:
        return FileResult(file_name(path), error=f"{_where(path)}: {error}")


def _where(path: str) -> str:
    """A path as an error line names it."""
    return STDIN_NAME if path == STDIN else _escaped(path)


#: Names of log files found under a directory (a file named on the command line is read
#: whatever its name).
LOG_SUFFIXES = (".mjlog", ".xml", ".json", ".jsonl", ".mjson", ".gz", ".log")


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a name too long to look up: reading it reports the error per file
        return False


def expand(paths: Iterable[str | Path]) -> list[str]:
    """Files as given, directories by every log file under them (sorted); a file named
    twice (or named and found in a directory named too) is read once, where first named;
    the text ``-`` is standard input (read once, where first named), a file of that name
    ``./-`` (or ``Path("-")``).

    >>> expand(["-", "./-"])
    ['-', './-']
    """
    out: list[str] = []
    for given in paths:
        if isinstance(given, str) and given == STDIN:
            out.append(STDIN)
            continue
        p = Path(given)
        if _is_dir(p):
            out += sorted(str(f) for f in p.rglob("*") if f.is_file()
                          and f.name.lower().endswith(LOG_SUFFIXES))
        else:  # (Path("./-") is "-": a file named "-" stays ./-, not standard input)
            out.append(os.path.join(os.curdir, STDIN) if str(p) == STDIN else str(p))
    seen: set[object] = set()
    once = []
    for path in out:
        try:  # the same file by any name (a link, ./x and x)
            if path == STDIN:
                raise FileNotFoundError  # (not a file of that name: ./- is one)
            st = os.stat(path)
            key: object = (st.st_dev, st.st_ino)
        except OSError:  # reading it reports the error
            key = path
        if key not in seen:
            seen.add(key)
            once.append(path)
    return once


def run(paths: list[str], tables: bool = False, jobs: int = 1, workers: int = 0,
        scheduler: str | None = None, rules: str | None = None,
        connect_timeout: float | None = None) -> Iterator[FileResult]:
    """Results of every file, in input order: serially (``jobs=1``), on ``jobs``
    processes, or on Dask (``scheduler`` address, or a local cluster of ``workers``);
    ``rules``: a preset every log is played under instead of its own;
    ``connect_timeout``: seconds to try to reach ``scheduler`` (None: Dask's default,
    its ``distributed.comm.timeouts.connect``, 30 s unless configured). ``-`` is standard input,
    read here (not in a worker process)."""
    if scheduler or workers:
        yield from _dask(paths, tables, workers, scheduler, rules, connect_timeout)
    elif jobs == 1:
        for path in paths:
            yield _task(path, tables, rules)
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs or os.cpu_count()) as pool:
            def submit(path: str) -> Any:
                if path == STDIN:  # (a worker process has no standard input of ours)
                    return pool.submit(_processed, _read(path), path, tables, rules)
                return pool.submit(_task, path, tables, rules)

            yield from _windowed(submit, paths, lambda f: f.result(),
                                 4 * (jobs or os.cpu_count() or 1))


def _windowed(submit: Callable[[Any], Any], paths: list[Any], result: Callable[[Any], Any],
              window: int) -> Iterator[Any]:
    pending: deque[Any] = deque()
    for path in paths:
        pending.append(submit(path))
        if len(pending) >= window:
            yield result(pending.popleft())
    while pending:
        yield result(pending.popleft())


def local_cluster(workers: int) -> Any:
    """The local Dask cluster ``--workers N`` starts: N worker processes of one thread,
    without Dask's statistical profiler (it samples a running task every 10 ms, and its
    cost showed as half a worker's CPU time when idle) and with the C library's own
    memory trimming. Needs ``mjasp[cluster]``."""
    import dask
    from dask.distributed import LocalCluster

    # the worker processes take the configuration of the moment they start. Dask starts
    # its workers with MALLOC_TRIM_THRESHOLD_=65536: glibc then hands freed heap back to
    # the system at every 64 KiB, and a game's tables allocate and free that much over
    # and over; it made ten times the page faults and a third more CPU time per game
    # than one process (None: the variable is not set, unless this process has it)
    # the scheduler's HTTP server (no dashboard) takes port 8787, else warns on stderr
    # that it takes another: a second run at once is no error of the logs
    with dask.config.set({"distributed.worker.profile.enabled": False,
                          "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}), \
            warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Port .* is already in use", UserWarning)
        # silence_logs: what the workers log when --on-error stop ends the run early (a
        # task cancelled; a heartbeat to the scheduler already closed, with its
        # traceback) is no error of the logs; a task's own failure reaches the client
        return LocalCluster(n_workers=workers, threads_per_worker=1,  # type: ignore[no-untyped-call]
                            processes=True, dashboard_address=None,
                            silence_logs=logging.CRITICAL)


def scheduler_client(address: str, timeout: str | None = None) -> Any:
    """A Dask client of the scheduler at a user's ``address`` (``--scheduler``), or a
    :class:`LogError` of one line for every way an address can fail: no port, an
    unknown protocol, nothing listening there (after Dask's connect timeout, or
    ``timeout`` such as ``"2s"``), garbage. Needs ``mjasp[cluster]``.

    >>> scheduler_client("foo://somewhere:8786")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjasp.logs.model.LogError: --scheduler foo://somewhere:8786: cannot reach a Dask ...
    """
    try:
        from dask.distributed import Client
        from distributed.comm.addressing import parse_address
        from distributed.comm.registry import get_backend
    except ImportError:
        raise LogError("Dask is not installed: pip install 'mjasp[cluster]'") from None
    try:
        # the address checked first by Dask's own parsers (the scheme, then the host and
        # port as its protocol reads them): Client's own checks of an unknown scheme
        # failed an assert inside Dask instead, depending on what ran in the process
        # before (seen in CI: 'internal error' for foo://somewhere:8786); and a test
        # that started a Client on bad address after bad address once hung (its loop
        # thread waiting), which these checks, made before any Client, leave out
        scheme, location = parse_address(address)
        get_backend(scheme).get_address_host_port(location)  # type: ignore[no-untyped-call]
        # (timeout=None would wait for ever: Dask's own default unless one is given)
        return Client(address, **({"timeout": timeout} if timeout else {}))  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError, NotImplementedError) as error:
        # the user's address, not a bug: Dask raises ValueError (no port, an unknown
        # protocol, garbage), NotImplementedError (an inproc:// address, of no other
        # process) or OSError (nothing listening: a timeout is one)
        raise LogError(f"--scheduler {address}: cannot reach a Dask scheduler there: "
                       f"{error or 'Dask cannot connect to such an address'}") from None


def _dask(paths: list[str], tables: bool, workers: int, scheduler: str | None,
          rules: str | None = None,
          connect_timeout: float | None = None) -> Iterator[FileResult]:
    try:
        from dask.distributed import Client
    except ImportError:
        raise LogError("Dask is not installed: pip install 'mjasp[cluster]'") from None
    cluster = None
    if scheduler:
        client = scheduler_client(scheduler, None if connect_timeout is None
                                  else f"{connect_timeout:g}s")
    else:
        cluster = local_cluster(workers)
        client = Client(cluster)  # type: ignore[no-untyped-call]
    try:
        n = max(1, len(client.scheduler_info().get("workers", {})) or workers or 1)

        # the bytes travel with the task: workers need no shared file system; a task
        # takes CHUNK files, as Dask's own cost per task is about that of a game
        def submit(chunk: list[str]) -> Any:
            read = [_read(path) for path in chunk]
            items = [(data, file_name(path)) for path, data in zip(chunk, read, strict=True)
                     if not isinstance(data, FileResult)]
            future = client.submit(process_many, items, tables, rules,
                                   pure=False) if items else None
            return read, future

        def result(task: Any) -> list[FileResult]:
            read, future = task
            done = iter(future.result() if future is not None else ())
            return [data if isinstance(data, FileResult) else next(done) for data in read]

        size = max(1, min(CHUNK, -(-len(paths) // (8 * n))))  # small corpora: every worker
        chunks = [paths[i:i + size] for i in range(0, len(paths), size)]
        for results in _windowed(submit, chunks, result, 2 * n + 1):
            yield from results
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
