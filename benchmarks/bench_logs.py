"""Game logs at corpus speed: reading, replaying, re-scoring, per-decision tables.

Runs on the shared Tenhou logs (``shared/data/logs``, the complete games), each pass
over the same games, side by side in one run:

- reading alone: ``xml.etree.ElementTree.fromstring`` (a plain parse that builds the
  tree and nothing else; no installable Python mjlog reader was found) vs
  ``mjasp.logs.read_bytes`` (tags scanned into rounds and events); the same games as
  MJAI lines, read by mjasp and, when it is installed, replayed by ``riichienv``;
- read + replay of every event; read + check (every win re-scored, every round
  settled); read + check + per-decision shanten and effective tiles (the whole
  ``mjasp logs table`` work for a game, minus Parquet);
- ``--dask``: the whole table work on the corpus repeated ``--repeat`` times: in this
  process, on a local Dask cluster of 1 and of 2 worker processes, and on a pool of 2
  processes, each run ``--rounds`` times in turn (the best kept). Wall time and CPU
  time (every worker's and this process's) side by side: CPU time holds under load,
  wall time does not; the load average is printed before and after, and the Dask workers' page
  faults per game;
- ``--memory``: the peak memory of ``mjasp logs table`` on 1x and 4x the copies;
- ``--count N``: nothing timed: every game once (warm-up), then ``N`` games (the corpus
  in turn) through the goal's work (read + replay + re-score + decisions), for an
  instruction count that does not depend on the load; instructions per game are the
  difference of two runs over ``N``::

      valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
          python benchmarks/bench_logs.py --count 140   # and again with --count 0

``python benchmarks/bench_logs.py [--dask] [--repeat N] [--rounds R] [--memory] [--count N]``
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common import print_table

from mjasp.logs import mjai_text, read, read_bytes
from mjasp.logs.check import check_game
from mjasp.logs.replay import replay
from mjasp.logs.run import local_cluster, run
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


def games_per_second(func: Callable[[Any, str], object], logs: list[tuple[Any, str]],
                     repeat: int = 7) -> tuple[float, float]:
    """Games per wall second and per CPU second of this process (the latter is what one
    core gives when other work shares the machine), best of ``repeat`` passes (on a
    loaded machine single passes vary by a fifth)."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        for data, name in logs:
            func(data, name)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return len(logs) / wall, len(logs) / cpu


def _riichienv() -> Callable[[Any, str], object] | None:
    """riichienv's MJAI reader (a Rust engine: a file into rounds), if it is installed."""
    try:
        import riichienv  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None

    def read(path: Path, name: str) -> object:
        return list(riichienv.MjaiReplay.from_jsonl(str(path)).take_kyokus())

    return read


def _plain_mjai(logs: list[tuple[bytes, str]], directory: Path) -> list[tuple[Path, str]]:
    """The games as plain MJAI files: without the keys mjasp's writer adds (fu, points,
    yaku, reasons, the lobby), which other readers do not expect."""
    out = []
    for data, name in logs:
        lines = []
        for line in mjai_text(read_bytes(data, name)).splitlines():
            event = json.loads(line)
            for key in ("reason", "fu", "points", "yaku", "yakuman", "pao", "lobby_type"):
                event.pop(key, None)
            lines.append(json.dumps(event, ensure_ascii=False, separators=(",", ":")))
        path = directory / (Path(name).stem + ".jsonl")
        path.write_text("\n".join(lines) + "\n")
        out.append((path, name))
    return out


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--dask", action="store_true", help="also time Dask and a pool")
    parser.add_argument("--repeat", type=int, default=8,
                        help="copies of the corpus for the parallel runs")
    parser.add_argument("--rounds", type=int, default=3,
                        help="times each parallel run is made (the best is kept)")
    parser.add_argument("--memory", action="store_true",
                        help="peak memory of mjasp logs table on 1x and 4x --repeat copies")
    parser.add_argument("--count", type=int, metavar="N",
                        help="no timing: a warm-up pass, then N games of the goal's work "
                             "(for valgrind --tool=callgrind)")
    args = parser.parse_args()
    files = [p for p in sorted(_data().glob("*.mjlog")) if "-no-" not in p.name]
    logs = [(p.read_bytes(), p.name) for p in files]
    if args.count is not None:
        for data, name in logs + [logs[i % len(logs)] for i in range(args.count)]:
            game_tables(read_bytes(data, name))
        return
    print(_load())
    rows: list[tuple[Any, ...]] = []
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
    with tempfile.TemporaryDirectory() as directory:
        mjai = _plain_mjai(logs, Path(directory))
        rows = [("mjasp read", *games_per_second(lambda p, n: read(p), mjai))]
        other = _riichienv()
        if other is not None:
            rows.append(("riichienv MjaiReplay", *games_per_second(other, mjai)))
    print("\nthe same games as plain MJAI files, reading alone (file to rounds)"
          + ("" if other else "; pip install riichienv to compare"))
    print_table(["reader", "games/s wall", "games/s CPU"], rows)
    if args.dask:
        _parallel([str(p) for p in files] * args.repeat, args.rounds)
    if args.memory:
        _memory(files, args.repeat)


def _memory(files: list[Path], repeat: int) -> None:
    """Peak resident memory of ``mjasp logs table`` (its own process) on the corpus
    copied ``repeat`` and ``4 * repeat`` times: flat when the two are close."""
    import subprocess
    import sys

    rows = []
    for copies in (repeat, 4 * repeat):
        with tempfile.TemporaryDirectory() as directory:
            corpus = Path(directory) / "logs"
            corpus.mkdir()
            for c in range(copies):
                for p in files:
                    (corpus / f"{c}-{p.name}").symlink_to(p)
            start = time.perf_counter()
            child = subprocess.Popen([sys.executable, "-m", "mjasp", "logs", "table",
                                      str(corpus), "-o", str(Path(directory) / "out")],
                                     stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(child.pid, 0)
            child.returncode = os.waitstatus_to_exitcode(status)
            assert child.returncode == 0, child.returncode
            rows.append((copies * len(files), usage.ru_maxrss / 1024,
                         usage.ru_utime + usage.ru_stime, time.perf_counter() - start))
    print(f"\nmjasp logs table DIR -o OUT in its own process; {_load()}")
    print_table(["games", "peak MB", "CPU s", "wall s"], rows)


def _parallel(paths: list[str], rounds: int = 3) -> None:
    """The four runs in turn, ``rounds`` times; each run's best wall time and its least
    CPU time (other work on the machine only ever adds to them)."""
    import resource
    from contextlib import ExitStack

    from dask.distributed import Client

    # (run, wall s, CPU s of this process, CPU s of each worker or None), best of rounds
    best: dict[str, tuple[float, float, list[float] | None]] = {}
    faults: dict[str, int] = {}  # the workers' page faults (load does not change them)

    def keep(label: str, wall: float, cpu: float, workers: list[float] | None) -> None:
        old = best.get(label)
        if old is None:
            best[label] = (wall, cpu, workers)
            return
        total = cpu + sum(workers or ())
        old_total = old[1] + sum(old[2] or ())
        best[label] = (min(wall, old[0]), *((cpu, workers) if total < old_total
                                              else (old[1], old[2])))

    with ExitStack() as stack:
        clients = {}
        for n in (1, 2):  # the clusters --workers N starts, up before the clock
            cluster = stack.enter_context(local_cluster(n))
            clients[n] = (cluster.scheduler_address,
                          stack.enter_context(Client(cluster)))  # type: ignore[no-untyped-call]
            _timed(paths[:2 * n], scheduler=cluster.scheduler_address)  # warm up
        for _ in range(rounds):
            keep("one process", *_timed(paths, jobs=1), [])
            for n, (address, client) in clients.items():
                before = client.run(time.process_time)
                before_faults = client.run(_page_faults)
                wall, cpu = _timed(paths, scheduler=address)
                after = client.run(time.process_time)
                after_faults = client.run(_page_faults)
                label = f"Dask, {n} worker{'s' * (n > 1)}"
                keep(label, wall, cpu, [after[w] - before[w] for w in before])
                faults[label] = min(faults.get(label, 1 << 62), sum(
                    after_faults[w] - before_faults[w] for w in before_faults))
            children = resource.getrusage(resource.RUSAGE_CHILDREN)
            wall, cpu = _timed(paths, jobs=2)
            done = resource.getrusage(resource.RUSAGE_CHILDREN)  # the pool has shut down
            pool = (done.ru_utime + done.ru_stime) - (children.ru_utime + children.ru_stime)
            keep("pool, 2 processes", wall, cpu + pool, None)
    timings = [(label, *values) for label, values in best.items()]
    serial_wall, serial_cpu = timings[0][1], timings[0][2]
    print(f"\n{len(paths)} games, whole table work, best of {rounds} rounds (cluster start-up "
          f"not timed); {_load()}")
    print("CPU s: all processes; this process (with Dask also the scheduler) and each "
          "worker apart; busiest: the most any one process used, about the wall time on "
          "idle cores")
    rows = []
    for label, w, c, workers in timings:
        total = c + sum(workers or ())
        busiest = max([c, *workers]) if workers is not None else None
        rows.append((label, w, len(paths) / w, serial_wall / w, total, len(paths) / total,
                     c if workers is not None else None,
                     " ".join(f"{x:.1f}" for x in workers) if workers else "-", busiest,
                     None if busiest is None else serial_cpu / busiest))
    print_table(["run", "wall s", "games/s wall", "x one (wall)", "CPU s", "games/s CPU",
                 "this CPU s", "workers CPU s", "busiest CPU s", "x one (busiest)"], rows)
    print("page faults per game, all workers: " + ", ".join(
        f"{label} {count / len(paths):.0f}" for label, count in faults.items()))


def _page_faults() -> int:
    """This process's minor page faults so far (run on each worker)."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def _timed(paths: list[str], jobs: int = 1, scheduler: str | None = None) -> tuple[float, float]:
    """Wall seconds and this process's CPU seconds of the whole table work."""
    start, start_cpu = time.perf_counter(), time.process_time()
    n = sum(1 for r in run(paths, tables=True, jobs=jobs, scheduler=scheduler)
            if r.tables is not None)
    assert n == len(paths)
    return time.perf_counter() - start, time.process_time() - start_cpu


if __name__ == "__main__":
    main()
