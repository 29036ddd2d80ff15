"""Load test of ``mjasp serve`` on loopback: latency percentiles, requests per second and
the server's CPU time per request.

Starts ``mjasp serve`` in its own process on a free port, sends a fixed number of
requests at a fixed concurrency and stops by itself. Two loads:

- ``table``: ``/api/shanten`` for random 14-tile hands, all different (so the server's
  answer cache never helps) — the tenhou.net/2 discard table (shanten and improving tiles
  per discard); goal p95 <= 20 ms on a 2-core machine.
- ``ev``: ``/api/advise`` for different hands up to two-shanten — the expected-value
  columns; goal p95 <= 300 ms. Only where ``mjasp.advise`` is installed. ``--ev-mix``
  picks the hands: ``random`` 14-tile hands (the default, mostly two-shanten) or
  ``games``, positions of the shared Tenhou games; the mix is printed.
- ``ev-kept`` (``--ev-again``): the same advise requests again, answered from the
  server's kept answers; reported apart, never as the headline.

The client is a plain asyncio HTTP/1.1 client on keep-alive connections (one per
concurrent request), on uvloop when installed: it costs a fraction of the server's CPU
per request (printed as "client ms"), so it takes little of the cores it shares with
the server. Latency depends on everything else the machine
runs; the server's CPU milliseconds per request (read from /proc for the server and its
worker processes, warm-up excluded) do much less, so both are printed, with the load
average before and after. Every answer must be 200 JSON without an ``error``; the count
of others is printed (and the exit code is 1).

    python benchmarks/bench_web.py --requests 5000 --concurrency 16 [--workers 2]
    python benchmarks/bench_web.py --in-process 200   # no server: CPU per table answer
    python benchmarks/bench_web.py --in-process-ev 32 # no server: an advise answer's parts
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \
        --callgrind-out-file=/dev/null python benchmarks/bench_web.py --worker-job function 3
        # instructions of the worker's job: N = 3 minus N = 1, over 6 (3 hands, 2 rounds)
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \
        python benchmarks/bench_web.py --ev-requests 64 --ev-jobs job   # or advise
        # the worker's job on the ev load's 64 hands, whole or its search alone
    valgrind --tool=callgrind python benchmarks/bench_web.py --ev-requests 64 --ev-server 64
        # the server process's side of them (minus the same with --ev-server 0)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Coroutine, MutableMapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import mjasp
from mjasp import sample_hands, shanten

GOALS_MS = {"table": 20.0, "ev": 300.0, "ev-kept": 300.0}
T = TypeVar("T")
HOST = "127.0.0.1"


@dataclass
class Load:
    """One load's measurements."""

    name: str
    latencies_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)  # what answered instead: "504"...
    seconds: float = 0.0
    server_cpu_ms: float | None = None  # the server's CPU time over the load (all processes)
    client_cpu_ms: float = 0.0
    # per request, in the order answered: the client's local port (its connection)
    ports: list[int] = field(default_factory=list)
    owners: dict[int, int] = field(default_factory=dict)  # client port -> server pid
    # the server's Server-Timing of the answers that had one: ms in the queue, searching
    timings: list[dict[str, float]] = field(default_factory=list)

    def queueing(self) -> str:
        """The searches' wait in the server's queue and their run, where it said them."""
        if not self.timings:
            return ""
        parts = []
        for name in ("queue", "search"):
            part = Load(self.name, [t.get(name, 0.0) for t in self.timings])
            parts.append(f"{name} p50 {part.percentile(50):.0f} p95 "
                         f"{part.percentile(95):.0f} max {max(part.latencies_ms):.0f} ms")
        return f"  {self.name} in the server ({len(self.timings)} searches): " + \
            ", ".join(parts)

    def by_process(self) -> list[str]:
        """Per server process that held connections of this load: how many, how many
        requests it answered, and their latency (lines to print; none off Linux)."""
        if not self.owners:
            return []
        groups: dict[int, list[float]] = {}
        connections: dict[int, set[int]] = {}
        for port, latency in zip(self.ports, self.latencies_ms, strict=True):
            pid = self.owners.get(port, 0)
            groups.setdefault(pid, []).append(latency)
            connections.setdefault(pid, set()).add(port)
        lines = []
        for pid, latencies in sorted(groups.items()):
            part = Load(self.name, latencies)
            lines.append(f"  {self.name} by server process {pid or '?'}: "
                         f"{len(connections[pid])} connections, {len(latencies)} requests, "
                         f"p50 {part.percentile(50):.0f} ms, p95 {part.percentile(95):.0f} "
                         f"ms, max {max(latencies):.0f} ms")
        return lines

    def percentile(self, p: float) -> float:
        """The ``p``-th percentile of the latencies (nearest rank)."""
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]

    def row(self) -> str:
        n = len(self.latencies_ms)
        p50, p95, p99 = (self.percentile(p) for p in (50, 95, 99))
        verdict = "meets" if p95 <= GOALS_MS[self.name] else "misses"
        failed = sum(self.errors.values())
        why = " (" + ", ".join(f"{k}: {v}" for k, v in sorted(self.errors.items())) + ")" \
            if failed else ""
        server = "-" if self.server_cpu_ms is None else f"{self.server_cpu_ms / n:.2f}"
        return (f"{self.name:<7} {n:>8} {p50:>8.1f} {p95:>8.1f} {p99:>8.1f} "
                f"{n / self.seconds:>8.1f} {server:>9} {self.client_cpu_ms / n:>9.2f} "
                f"{failed:>6}  {verdict} p95 <= {GOALS_MS[self.name]:g} ms{why}")


HEADER = (f"{'load':<7} {'requests':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
          f"{'req/s':>8} {'server ms':>9} {'client ms':>9} {'errors':>6}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def start_server(port: int, workers: int) -> subprocess.Popen[bytes]:
    """``mjasp serve`` in its own process, once it answers."""
    process = subprocess.Popen([sys.executable, "-m", "mjasp", "serve", "--port", str(port),
                                "--workers", str(workers)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/api/info", timeout=2):
                return process
        except (urllib.error.URLError, OSError):
            if process.poll() is not None:
                break
            time.sleep(0.2)
    process.kill()
    raise SystemExit("mjasp serve did not start")


def _ticks(pid: int) -> int | None:
    """User + system clock ticks of ``pid`` (Linux /proc), None if unreadable."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)


def _descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (uvicorn's workers, the advise workers)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        stack += children.get(current, [])
    return found


def server_ticks(pid: int) -> dict[int, int]:
    """CPU clock ticks of the server's processes, by pid (empty off Linux)."""
    if not Path("/proc/self/stat").exists():
        return {}
    return {p: t for p in _descendants(pid) if (t := _ticks(p)) is not None}


def _cpu_ms(before: dict[int, int], after: dict[int, int]) -> float | None:
    if not after:
        return None
    # a process that ended during the load (a worker killed at its time limit) is lost
    ticks = sum(t - before.get(p, 0) for p, t in after.items())
    return 1000 * ticks / os.sysconf("SC_CLK_TCK")


def connection_owners(server: int, port: int) -> dict[int, int]:
    """The server process (pid, among ``server`` and its descendants) holding each open
    connection to ``port`` on loopback, by the client's port; read from /proc/net/tcp and
    the processes' file descriptors (empty off Linux)."""
    inodes: dict[str, int] = {}  # socket inode -> client port
    try:
        lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    except OSError:
        return {}
    for line in lines:
        fields = line.split()
        local, remote, state, inode = fields[1], fields[2], fields[3], fields[9]
        if state == "01" and int(local.rsplit(":", 1)[1], 16) == port:
            inodes[inode] = int(remote.rsplit(":", 1)[1], 16)
    owners = {}
    for pid in _descendants(server):
        try:
            links = [os.readlink(f) for f in Path(f"/proc/{pid}/fd").iterdir()]
        except OSError:
            continue
        for link in links:
            if link.startswith("socket:[") and link[8:-1] in inodes:
                owners[inodes[link[8:-1]]] = pid
    return owners


async def _get(streams: tuple[asyncio.StreamReader, asyncio.StreamWriter],
               path: str) -> tuple[int, bytes, str]:
    """One GET on a keep-alive connection: status, body (Content-Length framing) and the
    Server-Timing header ("" when none)."""
    reader, writer = streams
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head[9:12])
    length = None
    timing = ""
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
        elif name.strip().lower() == b"server-timing":
            timing = value.decode().strip()
    if length is None:
        raise ValueError("no Content-Length")
    return status, await reader.readexactly(length), timing


def server_timing(header: str) -> dict[str, float]:
    """A Server-Timing header's durations (ms) by name.

    >>> server_timing("queue;dur=12.5, search;dur=40.0")
    {'queue': 12.5, 'search': 40.0}
    """
    found = {}
    for part in header.split(","):
        name, _, duration = part.strip().partition(";dur=")
        if duration:
            found[name] = float(duration)
    return found


async def run_load(port: int, name: str, paths: Sequence[str], concurrency: int,
                   server: int | None = None, timeout: float = 60) -> Load:
    """Each path once, ``concurrency`` at a time; latency per request in ms."""
    load = Load(name)
    queue = list(reversed(paths))
    opened = asyncio.Event()
    ports: set[int] = set()

    async def worker() -> None:
        streams = None
        while queue:
            path = queue.pop()
            start = time.perf_counter()
            local = 0
            try:
                if streams is None:
                    streams = await asyncio.open_connection(HOST, port)
                local = int(streams[1].get_extra_info("sockname")[1])
                status, body, timing = await asyncio.wait_for(_get(streams, path), timeout)
                if timing:
                    load.timings.append(server_timing(timing))
                ports.add(local)  # answered: accepted by a server process
                if len(ports) >= min(concurrency, len(paths)):
                    opened.set()
                ok = status == 200 and "error" not in json.loads(body)
                why = str(status)
            except (OSError, ValueError, asyncio.IncompleteReadError, TimeoutError) as error:
                ok, why = False, type(error).__name__
                if streams is not None:
                    streams[1].close()
                streams = None  # a new connection for the next request
            load.latencies_ms.append(1000 * (time.perf_counter() - start))
            load.ports.append(local)
            if not ok:
                load.errors[why] = load.errors.get(why, 0) + 1
        if streams is not None:
            streams[1].close()

    before = server_ticks(server) if server else {}
    usage = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    async def owners() -> None:
        # which server process accepted each connection (the kernel picks one when several
        # listen on the port), read once every connection had an answer
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(opened.wait(), timeout)
        if server:
            load.owners = await asyncio.get_running_loop().run_in_executor(
                None, connection_owners, server, port)

    reading = asyncio.create_task(owners())
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    if not reading.done():  # a connection failed before all were open: owners unknown
        reading.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await reading
    load.seconds = time.perf_counter() - start
    done = resource.getrusage(resource.RUSAGE_SELF)
    load.client_cpu_ms = 1000 * (done.ru_utime + done.ru_stime - usage.ru_utime - usage.ru_stime)
    if server:
        load.server_cpu_ms = _cpu_ms(before, server_ticks(server))
    return load


def table_paths(count: int, seed: int) -> list[str]:
    """``/api/shanten`` for ``count`` different random 14-tile hands."""
    hands = list(dict.fromkeys(str(h) for h in sample_hands(2 * count + 100, 14, seed=seed)))
    return [f"/api/shanten?q={urllib.parse.quote(h)}" for h in hands[:count]]


def ev_paths(count: int, seed: int) -> list[str]:
    """``/api/advise`` for ``count`` different random hands up to two-shanten."""
    found: list[str] = []
    draw = 0
    while len(found) < count and draw < 200:
        batch = [str(h) for h in sample_hands(20 * count + 100, 14, seed=seed + draw)]
        found += [h for h in batch if shanten(h) <= 2 and h not in found]
        draw += 1
    return [f"/api/advise?q={urllib.parse.quote(h)}" for h in found[:count]]


def _logs() -> Path | None:
    """The shared Tenhou game logs (``shared/data/logs`` above the repository)."""
    for base in Path(__file__).resolve().parents:
        if (base / "shared" / "data" / "logs").is_dir():
            return base / "shared" / "data" / "logs"
    return None


def game_ev_paths(count: int, seed: int) -> list[str]:
    """``/api/advise`` for ``count`` different positions of real games up to two-shanten:
    a closed hand that has just drawn (no call, no riichi) in the shared Tenhou logs, with
    what the page asks of the table as it stood: dora indicators, seat and round winds,
    the seat's draws left (no visible tiles: ``advise --visible`` takes at most 14). Drawn
    at random (``seed``) from all of them."""
    import random

    from mjasp import logs
    from mjasp.advice.api import AdviseError, setup_model
    from mjasp.logs.model import tiles_text

    folder = _logs()
    if folder is None:
        raise SystemExit("--ev-mix games: shared/data/logs not found above the repository")
    found: dict[str, None] = {}
    for path in sorted(folder.glob("*.mjlog")):
        if "-no-" in path.name:  # the same game cut short
            continue
        game = logs.read(path)
        for rnd in game.rounds:
            for event, state in rnd.replay(game.players):
                who = event.who
                if event.kind != "draw" or state.melds[who] or state.riichi[who]:
                    continue
                hand = tiles_text(state.hands[who])
                if shanten(hand) > 2:
                    continue
                params = {"q": hand, "dora": tiles_text(state.dora),
                          "seat": "ESWN"[(who - state.dealer) % game.players],
                          "round": "ESWN"[rnd.wind], "draws": str(state.wall // game.players)}
                found["/api/advise?" + urllib.parse.urlencode(params)] = None
    rng = random.Random(seed)
    paths = rng.sample(sorted(found), min(count, len(found)))
    kept = []
    for chosen in paths:
        hand, options = _advise_kwargs(chosen)
        try:
            setup_model(hand, options)
        except AdviseError:
            continue
        kept.append(chosen)
    return kept


#: What each --ev-mix asks.
EV_MIXES = {"random": "different random 14-tile hands up to two-shanten, default options",
            "games": "different positions of the shared Tenhou games up to two-shanten"}


def ev_load_paths(name: str, count: int, seed: int) -> list[str]:
    """The advise requests of the mix ``name`` (:data:`EV_MIXES`)."""
    return ev_paths(count, seed) if name == "random" else game_ev_paths(count, seed)


def mix(paths: Sequence[str]) -> str:
    """What a list of advise requests holds: hands by shanten, and draws left."""
    shantens: dict[int, int] = {}
    draws = []
    for path in paths:
        params = dict(urllib.parse.parse_qsl(path.split("?", 1)[1], keep_blank_values=True))
        s = shanten(params["q"])
        shantens[s] = shantens.get(s, 0) + 1
        draws.append(int(params.get("draws", "17")))
    by = ", ".join(f"{n} {s}-shanten" if s else f"{n} tenpai"
                   for s, n in sorted(shantens.items()))
    return f"{len(paths)} hands: {by}; draws left {min(draws)}-{max(draws)}, " \
           f"mean {sum(draws) / len(draws):.1f}"


def in_process(count: int, seed: int) -> float:
    """CPU ms per table answer through the ASGI app, without a socket or a server (run it
    under ``valgrind --tool=callgrind`` for instructions, which no load changes)."""
    from mjasp.web import create_app

    app = create_app()
    paths = table_paths(count + 1, seed)

    async def ask(path: str) -> None:
        status, _ = await _asgi_get(app, path)
        if status != 200:
            raise SystemExit(f"{path}: status {status}")

    async def all_of_them() -> float:
        await ask(paths[0])  # the tables load on first use
        start = time.process_time()
        for path in paths[1:]:
            await ask(path)
        return 1000 * (time.process_time() - start) / max(1, count)

    return asyncio.run(all_of_them())


def _asgi_get(app: Any, path: str) -> Coroutine[Any, Any, tuple[int, bytes]]:
    """One GET through an ASGI app in this process: status and body."""

    async def ask() -> tuple[int, bytes]:
        raw, _, query = path.partition("?")
        scope = {"type": "http", "http_version": "1.1", "method": "GET", "scheme": "http",
                 "path": raw, "raw_path": raw.encode(), "query_string": query.encode(),
                 "root_path": "", "headers": [(b"host", HOST.encode())],
                 "client": (HOST, 1), "server": (HOST, 80)}
        sent: list[MutableMapping[str, Any]] = []

        async def receive() -> MutableMapping[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: MutableMapping[str, Any]) -> None:
            sent.append(message)

        await app(scope, receive, send)
        return int(sent[0]["status"]), b"".join(m.get("body", b"") for m in sent[1:])

    return ask()


def _advise_kwargs(path: str) -> tuple[str, dict[str, Any]]:
    """The hand and ``mjasp.advise`` keywords of an ``/api/advise`` request of a mix."""
    params = dict(urllib.parse.parse_qsl(path.split("?", 1)[1], keep_blank_values=True))
    names = {"dora": "dora_indicators", "seat": "seat_wind", "round": "round_wind",
             "draws": "draws"}
    return params.pop("q"), {names[k]: int(v) if k == "draws" else v
                             for k, v in params.items()}


def in_process_ev(count: int, seed: int, name: str = "random") -> list[str]:
    """Where a served expected-value answer's CPU time goes: ``count`` different requests
    of the mix ``name`` asked one at a time through the ASGI app in this process (the
    advise worker process it starts included, warmed up first on other hands), then
    ``mjasp.advise`` alone on the same hands in this process. Lines to print."""
    from mjasp.web import create_app

    paths = ev_load_paths(name, count, seed)
    warm = [p for p in ev_load_paths(name, 8, seed + 7919) if p not in paths][:4]
    app = create_app()

    async def served(batch: list[str]) -> list[tuple[float, float, float]]:
        """Per request: wall ms, this process's CPU ms, the worker processes' CPU ms."""
        out = []
        for path in batch:
            ticks = server_ticks(os.getpid())
            cpu, wall = time.process_time(), time.perf_counter()
            status, body = await _asgi_get(app, path)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            if status != 200:
                raise SystemExit(f"{path}: status {status}: {body[:200]!r}")
            after = server_ticks(os.getpid())
            # this process by process_time (finer than clock ticks); the workers by ticks
            after.pop(os.getpid(), None)
            ticks.pop(os.getpid(), None)
            out.append((1000 * wall, 1000 * cpu, _cpu_ms(ticks, after) or 0.0))
        return out

    async def both() -> list[tuple[float, float, float]]:
        await served(warm)
        return await served(paths)

    rows = asyncio.run(both())
    from mjasp.advice import advise  # this process: the same requests, the search alone

    for path in warm:
        hand, kwargs = _advise_kwargs(path)
        advise(hand, **kwargs)
    alone = []
    for path in paths:
        hand, kwargs = _advise_kwargs(path)
        cpu = time.process_time()
        advise(hand, **kwargs)
        alone.append(1000 * (time.process_time() - cpu))
    n = len(paths)
    by_shanten: dict[int, list[int]] = {}
    for i, path in enumerate(paths):
        by_shanten.setdefault(shanten(_advise_kwargs(path)[0]), []).append(i)
    lines = [f"{EV_MIXES[name]}: {mix(paths)}; asked one at a time through the app in this "
             "process (CPU ms per answer: server = this process, worker = the advise "
             "worker process, from /proc clock ticks; advise = mjasp.advise alone here)",
             f"{'shanten':<8} {'hands':>5} {'wall ms':>8} {'server':>8} {'worker':>8} "
             f"{'advise':>8}"]
    groups: list[tuple[str, list[int]]] = [(str(s), at) for s, at in sorted(by_shanten.items())]
    for label, at in [*groups, ("all", list(range(n)))]:
        wall, server, worker = (sum(rows[i][part] for i in at) / len(at) for part in range(3))
        search = sum(alone[i] for i in at) / len(at)
        lines.append(f"{label:<8} {len(at):>5} {wall:>8.1f} {server:>8.2f} {worker:>8.1f} "
                     f"{search:>8.1f}")
    return lines


def simulate(costs: Sequence[float], concurrency: int, slots: int, cores: int,
             owners: Sequence[int] = ()) -> list[float]:
    """Latencies of a closed loop as :func:`run_load` sends it: ``concurrency`` clients,
    each sending the next request (its search costing ``costs[i]`` of CPU, in order) once
    its last one is answered. Client ``j`` talks to server process ``owners[j]`` (default:
    all to one); each process runs at most ``slots`` searches at once, the others waiting
    in its queue in order of arrival; the searches running in all processes share ``cores``
    equally (each gets ``min(1, cores / running)`` of a core). In the order answered.

    >>> simulate([4, 4, 4, 4], concurrency=4, slots=2, cores=2)  # two rounds of two
    [4.0, 4.0, 8.0, 8.0]
    >>> simulate([4, 4, 4, 4], concurrency=4, slots=4, cores=2)  # four sharing two cores
    [8.0, 8.0, 8.0, 8.0]
    >>> simulate([1, 9, 1, 1], concurrency=4, slots=1, cores=1, owners=[0, 1, 0, 0])
    [2.0, 4.0, 6.0, 12.0]
    """
    owner = list(owners) or [0] * concurrency
    queues: list[list[tuple[float, float, int]]] = [[] for _ in range(max(owner) + 1)]
    running: list[list[float]] = []  # [work left, arrival, client, process]
    answered: list[float] = []
    now = 0.0
    sent = 0

    def send(client: int) -> None:
        nonlocal sent
        if sent < len(costs):
            queues[owner[client]].append((float(costs[sent]), now, client))
            sent += 1

    def start() -> None:
        for process, waiting in enumerate(queues):
            while waiting and sum(r[3] == process for r in running) < slots:
                cost, arrival, client = waiting.pop(0)
                running.append([cost, arrival, client, process])

    for client in range(concurrency):
        send(client)
    start()
    while running:
        rate = min(1.0, cores / len(running))
        step = min(r[0] for r in running) / rate
        now += step
        for r in running:
            r[0] -= step * rate
        done = [r for r in running if r[0] <= 1e-9]
        for r in done:
            running.remove(r)
            answered.append(now - r[1])
        for r in done:
            send(int(r[2]))
        start()
    return answered


def ev_model(count: int, seed: int, concurrency: int, cores: int) -> list[str]:
    """A queueing calculation: each of the ``count`` hands of the ``ev`` load searched
    alone in this process (the advise worker's job, after the load's warm-up hands; CPU
    ms), then :func:`simulate` of the load at ``concurrency`` on ``cores`` cores: one queue
    taken in order by one search per core, against two server processes of two searches
    each (the connections split evenly or not) and four searches sharing the cores. Lines
    to print."""
    import random

    from mjasp.web.commands import _answer, arguments

    def job(path: str) -> float:
        params = dict(urllib.parse.parse_qsl(path.split("?", 1)[1], keep_blank_values=True))
        args = arguments("advise", params)
        args[-2:-2] = ["--time-limit", "0", "--memory-limit", "0"]
        cpu = time.process_time()
        status, _ = _answer("advise", args, params)
        if status != 200:
            raise SystemExit(f"{path}: status {status}")
        return 1000 * (time.process_time() - cpu)

    paths = ev_load_paths("random", count, seed)
    asked = set(paths)
    for path in [p for p in ev_load_paths("random", count + 2 * concurrency, seed + 7918)
                 if p not in asked][:2 * concurrency]:
        job(path)  # the server's warm-up
    costs = [job(path) for path in paths]
    by: dict[int, list[float]] = {}
    for path, cost in zip(paths, costs, strict=True):
        hand = urllib.parse.unquote(path.split("q=", 1)[1])
        by.setdefault(shanten(hand), []).append(cost)
    lines = [f"{mix(paths)}; the worker's job alone in this process, CPU ms: mean "
             f"{sum(costs) / len(costs):.1f}, total {sum(costs):.0f}, max {max(costs):.0f}; "
             + ", ".join(f"{s}-shanten mean {sum(c) / len(c):.1f}" for s, c in sorted(by.items())),
             f"modelled latency at concurrency {concurrency} on {cores} cores, ms "
             "(serving and the client not counted):"]

    def row(label: str, latencies: list[float]) -> str:
        load = Load("ev", latencies)
        return (f"  {label:<52} p50 {load.percentile(50):>6.0f}  p95 "
                f"{load.percentile(95):>6.0f}  p99 {load.percentile(99):>6.0f}")

    fifo = Load("ev", simulate(costs, concurrency, cores, cores))
    lines.append(row(f"one queue, {cores} searches (one per core)", fifo.latencies_ms)
                 + f"  (p95 = {fifo.percentile(95) / (sum(costs) / len(costs)):.1f} x the "
                 "mean job)")
    lines.append(row(f"one queue, {2 * cores} searches sharing the cores",
                     simulate(costs, concurrency, 2 * cores, cores)))
    rng = random.Random(seed)
    for first in range(concurrency // 2, concurrency):
        owners = [0] * first + [1] * (concurrency - first)
        p95s = []
        for _ in range(20):
            rng.shuffle(owners)
            p95s.append(Load("ev", simulate(costs, concurrency, cores, cores, owners))
                        .percentile(95))
        p95s.sort()
        lines.append(f"  two processes of {cores} searches, connections {first}/"
                     f"{concurrency - first}: p95 {p95s[0]:.0f}-{p95s[-1]:.0f} (median "
                     f"{p95s[len(p95s) // 2]:.0f}, 20 orders of the clients)")
    return lines


def worker_job(via: str, rounds: int, seed: int) -> None:
    """The advise worker's job on three one-shanten hands (each once first: the one-time
    tables and the search's kept results, so that what is left is small and the serving
    shows), then ``rounds`` times each inside ``functools.reduce``, which callgrind counts
    alone (``--toggle-collect=functools_reduce``): ``via`` ``command-line`` (click parses
    it, as before), ``function`` (the command's function, as now) or ``advise`` (the search
    alone)."""
    import functools

    from mjasp.advice import advise
    from mjasp.web.commands import _answer, arguments

    hands = [urllib.parse.unquote(p.split("q=", 1)[1]) for p in ev_paths(64, seed)]
    chosen = [h for h in hands if shanten(h) == 1][:3]

    def job(_: object, hand: str) -> None:
        params = {"q": hand}
        args = arguments("advise", params)
        args[-2:-2] = ["--time-limit", "0", "--memory-limit", "0"]
        if via == "advise":
            advise(hand)
        elif via == "command-line":
            _answer("advise", args)
        else:
            _answer("advise", args, params)

    for hand in chosen:
        job(None, hand)
    functools.reduce(job, chosen * rounds, None)


def _load_hands(count: int, seed: int, concurrency: int) -> tuple[list[str], list[str]]:
    """The ``ev`` load's requests and the warm-up requests the benchmark sends before
    them (as :func:`main` picks them)."""
    paths = ev_load_paths("random", count, seed + 1)
    asked = set(paths)
    warm = [p for p in ev_load_paths("random", count + 2 * concurrency, seed + 7919)
            if p not in asked][:2 * concurrency]
    return paths, warm


def ev_jobs(via: str, count: int, seed: int, concurrency: int) -> None:
    """The advise worker's whole job on each request of the ``ev`` load, as a worker
    runs it (the request unpickled, the collector off, the command's function, the answer
    pickled; after the load's warm-up requests), for callgrind: ``via`` ``job`` runs the
    jobs inside ``functools.reduce`` (``--toggle-collect=functools_reduce`` counts them
    whole), ``advise`` the same jobs with only ``mjasp.advise`` inside it (the search
    alone, with the arguments the server passes); the difference is what a request costs
    a worker besides the search."""
    import functools
    import gc
    import pickle

    import mjasp.advice
    from mjasp.web.commands import _answer, arguments

    paths, warm = _load_hands(count, seed, concurrency)

    def request(path: str) -> bytes:
        params = dict(urllib.parse.parse_qsl(path.split("?", 1)[1], keep_blank_values=True))
        args = arguments("advise", params)
        args[-2:-2] = ["--time-limit", "0", "--memory-limit", "0"]
        return pickle.dumps((_answer, ("advise", args, params)))

    def job(_: object, sent: bytes) -> bytes:
        function, args = pickle.loads(sent)
        gc.disable()
        try:
            reply = ("ok", function(*args))
            return pickle.dumps(reply)
        finally:
            gc.enable()

    for path in warm:
        job(None, request(path))
    sent = [request(path) for path in paths]
    if via == "job":
        functools.reduce(job, sent, None)
        return
    search = mjasp.advice.advise

    def counted(*args: Any, **kwargs: Any) -> Any:
        return functools.reduce(lambda _, __: search(*args, **kwargs), [None], None)

    mjasp.advice.advise = counted
    for one in sent:
        job(None, one)


def ev_server(count: int, total: int, seed: int, concurrency: int) -> None:
    """The server process's side of the ``ev`` load through the app in this process (the
    search worker processes it starts are not this process): the warm-up requests, then
    the first ``count`` of the load's ``total`` one at a time; under callgrind, the
    instructions of ``count`` = 64 minus those of ``count`` = 0 are the server process's
    for 64 requests (no socket: uvicorn's HTTP is left out)."""
    from mjasp.web import create_app

    paths, warm = _load_hands(total, seed, concurrency)
    app = create_app(time_limit=600)  # callgrind is slow; the searches are not traced

    async def asked() -> None:
        for path in warm + paths[:count]:
            status, body = await _asgi_get(app, path)
            if status != 200:
                raise SystemExit(f"{path}: status {status}: {body[:200]!r}")

    asyncio.run(asked())


def _arun(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run``, on uvloop when it is installed (a cheaper client)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def main(argv: Sequence[str] | None = None) -> list[Load]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--requests", type=int, default=5000, help="table requests")
    parser.add_argument("--ev-requests", type=int, default=500, help="advise requests")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--workers", type=int, default=1, help="mjasp serve --workers")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--in-process", type=int, default=0, metavar="N",
                        help="no server: N table answers through the app in this process, "
                             "CPU ms per answer")
    parser.add_argument("--in-process-ev", type=int, default=0, metavar="N",
                        help="no server: N expected-value answers through the app in this "
                             "process, one at a time; CPU ms per answer by part")
    parser.add_argument("--ev-mix", choices=("random", "games"), default="random",
                        help="the advise requests: random 14-tile hands up to two-shanten "
                             "(17 draws), or positions of the shared Tenhou games")
    parser.add_argument("--ev-again", action="store_true",
                        help="then ask the same advise requests again: kept answers, "
                             "reported apart as ev-kept")
    parser.add_argument("--ev-model", action="store_true",
                        help="no server: the ev load's hands searched one at a time here, "
                             "then the load's latency modelled (one queue against others)")
    parser.add_argument("--worker-job", nargs=2, metavar=("VIA", "N"), default=None,
                        help="no server: the advise worker's job N times on three "
                             "one-shanten hands inside functools.reduce, for callgrind; VIA "
                             "is command-line, function or advise")
    parser.add_argument("--ev-jobs", choices=("job", "advise"), default=None,
                        help="no server: the worker's job on each request of the ev load, "
                             "inside functools.reduce (job) or with only mjasp.advise "
                             "inside it (advise), for callgrind")
    parser.add_argument("--ev-server", type=int, default=None, metavar="N",
                        help="no server: the warm-up and N requests of the ev load through "
                             "the app in this process, for callgrind (N = 64 minus N = 0)")
    args = parser.parse_args(argv)
    if args.ev_jobs:
        ev_jobs(args.ev_jobs, args.ev_requests, args.seed, args.concurrency)
        return []
    if args.ev_server is not None:
        ev_server(args.ev_server, args.ev_requests, args.seed, args.concurrency)
        return []
    if args.worker_job:
        via, rounds = args.worker_job
        if via not in ("command-line", "function", "advise"):
            parser.error(f"--worker-job: VIA is command-line, function or advise, not {via}")
        worker_job(via, int(rounds), 99)
        return []
    if args.ev_model:
        print("\n".join(ev_model(args.ev_requests, args.seed + 1, args.concurrency,
                                 os.cpu_count() or 1)))
        return []
    if args.in_process_ev:
        print("\n".join(in_process_ev(args.in_process_ev, args.seed + 1, args.ev_mix)))
        return []
    if args.in_process:
        print(f"in process: {in_process(args.in_process, args.seed):.3f} CPU ms per table "
              f"answer ({args.in_process} answers)")
        return []
    tables = table_paths(args.requests, args.seed)
    evs = ev_load_paths(args.ev_mix, args.ev_requests, args.seed + 1) \
        if hasattr(mjasp, "advise") and args.ev_requests > 0 else []
    loadavg = os.getloadavg()[0]
    port = _free_port()
    server = start_server(port, args.workers)
    loads = []
    try:
        # warm-up (tables loading, worker processes starting): not counted, and hands the
        # measured loads never ask, so that no answer comes from the server's cache
        warm = table_paths(args.requests + 4 * args.concurrency, args.seed)[args.requests:]
        _arun(run_load(port, "table", warm, args.concurrency))
        loads.append(_arun(run_load(port, "table", tables, args.concurrency,
                                          server.pid)))
        if evs:
            asked = set(evs)
            extra = [p for p in ev_load_paths(args.ev_mix, len(evs) + 2 * args.concurrency,
                                              args.seed + 7919) if p not in asked]
            _arun(run_load(port, "ev", extra[:2 * args.concurrency], args.concurrency))
            loads.append(_arun(run_load(port, "ev", evs, args.concurrency, server.pid)))
            if args.ev_again:
                loads.append(_arun(run_load(port, "ev-kept", evs, args.concurrency,
                                            server.pid)))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    print(f"mjasp serve --workers {args.workers} on loopback, concurrency {args.concurrency}, "
          f"{os.cpu_count()} cores, load average {loadavg:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after (latency varies with the machine's load; "
          "server ms: the server's CPU time per request, client ms: this client's)")
    if evs:
        print(f"ev: {EV_MIXES[args.ev_mix]}; {mix(evs)}")
    if args.ev_again:
        print("ev-kept: the same requests again, answered from the server's kept answers")
    print(HEADER)
    for load in loads:
        print(load.row())
    for load in loads:
        if load.name != "table":
            print("\n".join(line for line in (*load.by_process(), load.queueing()) if line))
    if not hasattr(mjasp, "advise"):
        print("ev     skipped: mjasp.advise is not installed")
    elif args.ev_requests <= 0:
        print("ev     skipped: --ev-requests 0")
    return loads


if __name__ == "__main__":
    sys.exit(1 if any(load.errors for load in main()) else 0)
