"""Load test of ``mjasp serve`` on loopback: latency percentiles and requests per second.

Starts ``mjasp serve`` in its own process on a free port, sends a fixed number of
requests at a fixed concurrency (httpx, asyncio) and stops by itself. Two loads:

- ``table``: ``/api/shanten`` for random 14-tile hands — the tenhou.net/2 discard table
  (shanten and improving tiles per discard); goal p95 <= 20 ms on a 2-core machine.
- ``ev``: ``/api/advise`` for hands up to two-shanten — the expected-value columns; goal
  p95 <= 300 ms. Only where ``mjasp.advise`` is installed.

Every answer must be 200 JSON; the count of others is printed (and the exit code is 1).

    python benchmarks/bench_web.py --requests 5000 --concurrency 16 [--workers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

import httpx

import mjasp
from mjasp import sample_hands, shanten

GOALS_MS = {"table": 20.0, "ev": 300.0}


@dataclass(frozen=True)
class Load:
    name: str
    latencies_ms: list[float]
    errors: dict[str, int]  # what answered instead of 200 JSON: "504", "timeout", ...
    seconds: float

    def row(self) -> str:
        q = statistics.quantiles(self.latencies_ms, n=100) if len(self.latencies_ms) > 1 \
            else [self.latencies_ms[0]] * 99
        p50, p95, p99 = q[49], q[94], q[98]
        rate = len(self.latencies_ms) / self.seconds
        verdict = "meets" if p95 <= GOALS_MS[self.name] else "misses"
        failed = sum(self.errors.values())
        why = " (" + ", ".join(f"{k}: {n}" for k, n in sorted(self.errors.items())) + ")" \
            if failed else ""
        return (f"{self.name:<6} {len(self.latencies_ms):>8} {p50:>8.1f} {p95:>8.1f} "
                f"{p99:>8.1f} {rate:>9.1f} {failed:>7}  {verdict} p95 <= "
                f"{GOALS_MS[self.name]:g} ms{why}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, workers: int) -> subprocess.Popen[bytes]:
    """``mjasp serve`` in its own process, once it answers."""
    process = subprocess.Popen([sys.executable, "-m", "mjasp", "serve", "--port", str(port),
                                "--workers", str(workers)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/info", timeout=1).raise_for_status()
            return process
        except httpx.HTTPError:
            if process.poll() is not None:
                break
            time.sleep(0.2)
    process.kill()
    raise SystemExit("mjasp serve did not start")


async def run_load(base: str, name: str, urls: Sequence[str], concurrency: int) -> Load:
    """Each url once, ``concurrency`` at a time; latency per request in ms."""
    latencies: list[float] = []
    errors: dict[str, int] = {}
    queue = list(reversed(urls))
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:

        async def worker() -> None:
            while queue:
                url = queue.pop()
                start = time.perf_counter()
                try:
                    response = await client.get(url)
                    ok = response.status_code == 200 and "error" not in response.json()
                    why = str(response.status_code)
                except (httpx.HTTPError, ValueError) as error:
                    ok, why = False, type(error).__name__
                latencies.append(1000 * (time.perf_counter() - start))
                if not ok:
                    errors[why] = errors.get(why, 0) + 1

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        seconds = time.perf_counter() - start
    return Load(name, latencies, errors, seconds)


def main(argv: Sequence[str] | None = None) -> list[Load]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--requests", type=int, default=5000, help="table requests")
    parser.add_argument("--ev-requests", type=int, default=500, help="advise requests")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--workers", type=int, default=1, help="mjasp serve --workers")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    hands = [str(h) for h in sample_hands(args.requests, 14, seed=args.seed)]
    port = _free_port()
    server = start_server(port, args.workers)
    base = f"http://127.0.0.1:{port}"
    loads = []
    try:
        loads.append(asyncio.run(run_load(base, "table", [f"/api/shanten?q={h}" for h in hands],
                                          args.concurrency)))
        if hasattr(mjasp, "advise") and args.ev_requests > 0:
            near = [h for h in (str(h) for h in sample_hands(50 * args.ev_requests, 14,
                                                             seed=args.seed + 1))
                    if shanten(h) <= 2][:args.ev_requests]
            loads.append(asyncio.run(run_load(base, "ev", [f"/api/advise?q={h}" for h in near],
                                              args.concurrency)))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    print(f"mjasp serve --workers {args.workers} on loopback, concurrency {args.concurrency}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end "
          "(figures vary with the machine's load)")
    print(f"{'load':<6} {'requests':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
          f"{'req/s':>9} {'errors':>7}")
    for load in loads:
        print(load.row())
    if not hasattr(mjasp, "advise"):
        print("ev     skipped: mjasp.advise is not installed")
    elif args.ev_requests <= 0:
        print("ev     skipped: --ev-requests 0")
    return loads


if __name__ == "__main__":
    sys.exit(1 if any(load.errors for load in main()) else 0)
