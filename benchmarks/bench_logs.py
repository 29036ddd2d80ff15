"""Game logs at corpus speed: reading, replaying, re-scoring, per-decision tables.

Runs on the shared Tenhou logs (``shared/data/logs``, the complete games), each pass
over the same games, side by side in one run:

- reading alone: ``xml.etree.ElementTree.fromstring`` (a plain parse that builds the
  tree and nothing else; no installable Python mjlog reader was found) vs
  ``mjasp.logs.read_bytes`` (tags scanned into rounds and events);
- read + replay of every event; read + check (every win re-scored, every round
  settled); read + check + per-decision shanten and effective tiles (the whole
  ``mjasp logs table`` work for a game, minus Parquet);
- ``--dask``: the whole work on a local Dask cluster of 1 and of 2 worker processes
  (the corpus repeated ``--repeat`` times), and on 2 local processes.

Numbers are games per second on this machine; with other work running, compare the
ratios measured in the same run. ``python benchmarks/bench_logs.py [--dask]``
"""

from __future__ import annotations

import argparse
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

from common import print_table

from mjasp.logs import read_bytes
from mjasp.logs.check import check_game
from mjasp.logs.replay import replay
from mjasp.logs.run import run
from mjasp.logs.table import game_tables


def _data() -> Path:
    for base in Path(__file__).resolve().parents:
        if (base / "shared" / "data" / "logs").is_dir():
            return base / "shared" / "data" / "logs"
    raise SystemExit("shared/data/logs not found above the repository")


def _replay_all(data: bytes, name: str) -> None:
    game = read_bytes(data, name)
    for rnd in game.rounds:
        for _ in replay(rnd, game.players):
            pass


def games_per_second(func: Callable[[bytes, str], object], logs: list[tuple[bytes, str]],
                     repeat: int = 3) -> tuple[float, float]:
    """Games per wall second and per CPU second of this process (the latter is what one
    core gives when other work shares the machine), best of ``repeat`` passes."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        for data, name in logs:
            func(data, name)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return len(logs) / wall, len(logs) / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dask", action="store_true", help="also time Dask and a pool")
    parser.add_argument("--repeat", type=int, default=8,
                        help="copies of the corpus for the parallel runs")
    args = parser.parse_args()
    files = [p for p in sorted(_data().glob("*.mjlog")) if "-no-" not in p.name]
    logs = [(p.read_bytes(), p.name) for p in files]
    rows = []
    etree = games_per_second(lambda d, n: ET.fromstring(d), logs)
    for label, func in (
            ("xml.etree parse", lambda d, n: ET.fromstring(d)),
            ("mjasp read", lambda d, n: read_bytes(d, n)),
            ("read + replay", _replay_all),
            ("read + check (re-score)", lambda d, n: check_game(read_bytes(d, n))),
            ("read + check + decisions", lambda d, n: game_tables(read_bytes(d, n)))):
        wall, cpu = etree if label == "xml.etree parse" else games_per_second(func, logs)
        rows.append((label, wall, cpu, etree[1] / cpu))
    print(f"{len(logs)} games, one process (games per wall second and per CPU second; "
          "CPU time relative to the etree parse)")
    print_table(["work", "games/s wall", "games/s CPU", "x etree (CPU)"], rows)
    if not args.dask:
        return
    paths = [str(p) for p in files] * args.repeat
    timings = []
    for label, jobs in (("in process", 1), ("pool, 2 processes", 2)):
        timings.append((label, _rate(paths, jobs=jobs)))
    from dask.distributed import LocalCluster

    for n in (1, 2):
        # the cluster starts before the clock: only the work is timed
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call]
                          dashboard_address=None) as cluster:
            _rate(paths[:n], scheduler=cluster.scheduler_address)  # warm the workers up
            timings.append((f"Dask, {n} worker{'s' * (n > 1)}",
                            _rate(paths, scheduler=cluster.scheduler_address)))
    one = timings[2][1]
    print(f"\n{len(paths)} games, whole table work (Dask cluster start-up not timed)")
    print_table(["run", "games/s", "x Dask 1 worker"],
                [(label, rate, rate / one) for label, rate in timings])


def _rate(paths: list[str], jobs: int = 1, scheduler: str | None = None) -> float:
    start = time.perf_counter()
    n = sum(1 for r in run(paths, tables=True, jobs=jobs, scheduler=scheduler)
            if r.tables is not None)
    return n / (time.perf_counter() - start)


if __name__ == "__main__":
    main()
