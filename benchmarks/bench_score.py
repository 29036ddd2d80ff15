"""Scoring speed: mjasp's direct engine, its ASP engine and mahjong's HandCalculator.

One run, the same seeded winning situations (``mjasp.win_samples``) for every engine;
inputs are converted before timing (mjasp gets a ``Hand`` and a ``Win``, mahjong its
136-id arrays and ``HandConfig``); times are CPU time of this process (a shared machine). mjasp's per-hand reading cache is emptied before each
call, so every hand is decomposed anew; the per-suit tables stay warm, as in real use.
Prints microseconds per hand, the ratios, and how many results agree on points.

    python benchmarks/bench_score.py [--hands 2000] [--asp 300] [--seed 2024]
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from common import SEED, print_table

from mjasp import Hand, Win, score
from mjasp.score import readings
from mjasp.win_samples import random_wins


def peer_module() -> Any:
    """tests/test_score_peer.py, which owns the conversion to mahjong's inputs."""
    path = Path(__file__).resolve().parents[1] / "tests" / "test_score_peer.py"
    spec = importlib.util.spec_from_file_location("score_peer", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cpu_us(func: Callable[[Any], object], items: Sequence[Any],
           clear: Callable[[], None] | None = None, repeat: int = 3) -> float:
    """Mean CPU microseconds of ``func(item)``, best of ``repeat`` passes.

    CPU time of this process, not wall time: the machine is shared, and other jobs
    would otherwise count against whichever engine they happen to overlap.
    """
    best = float("inf")
    for _ in range(repeat):
        total = 0.0
        for item in items:
            if clear is not None:
                clear()
            start = time.process_time()
            func(item)
            total += time.process_time() - start
        best = min(best, total)
    return best / len(items) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--asp", type=int, default=300, help="hands for the ASP engine")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    wins: list[tuple[Hand, Win]] = random_wins(args.hands, seed=args.seed)
    peer = peer_module()
    from mahjong.hand_calculating.hand import HandCalculator

    peer_args = [peer.to_mahjong(h, w) for h, w in wins]
    rows: list[list[object]] = []

    started = time.perf_counter()
    direct = cpu_us(lambda hw: score(hw[0], hw[1]), wins, clear=readings.cache_clear)
    theirs = cpu_us(lambda kw: HandCalculator.estimate_hand_value(**kw), peer_args)
    rows.append(["mjasp direct", direct, theirs / direct])
    try:
        importlib.import_module("mjasp.solvers.scoring_asp")
    except ImportError:
        rows.append(["mjasp asp (not available)", None, None])
    else:
        sample = wins[:args.asp]
        score(*sample[0], solver="asp")  # load and ground once: the warm path is measured
        asp = cpu_us(lambda hw: score(hw[0], hw[1], solver="asp"), sample,
                          clear=readings.cache_clear, repeat=1)
        rows.append([f"mjasp asp ({len(sample)} hands)", asp, theirs / asp])
    rows.append(["mahjong HandCalculator", theirs, 1.0])

    equal = sum(score(h, w).points == (peer.peer_value(h, w) or {}).get("points", 0)
                for h, w in wins)
    print(f"{len(wins)} seeded winning situations (seed {args.seed}); "
          f"{equal} with equal points (mahjong's no-yaku error counted as 0)")
    print_table(["engine", "us/hand", "x mahjong"], rows)
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
