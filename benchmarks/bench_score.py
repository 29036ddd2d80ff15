"""Scoring speed: mjasp's direct engine, its ASP engine and mahjong's HandCalculator.

One run, the same seeded winning situations (``mjasp.win_samples``) for every engine;
inputs are converted before timing (mjasp gets a ``Hand`` and a ``Win``, mahjong its
136-id arrays and ``HandConfig``). Times are CPU time of this process (the machine is
shared), best of ``--rounds`` passes with the engines taking turns. There are more hands
than mjasp's reading cache holds, so every hand is decomposed anew; the per-suit tables
stay warm, as in real use.
The ASP engine scores the first ``--asp`` hands, best of ``--rounds`` passes as well.
Prints microseconds per hand, the ratios, and how many results agree on points.

    python benchmarks/bench_score.py [--hands 2000] [--asp 300] [--seed 2024] [--rounds 5]

Instruction counts, which do not depend on the load: ``--count ENGINE N`` scores the
first 300 hands once (warm: suit tables filled; 300 is more than the reading cache), then
N of them again, and prints nothing; run it under callgrind with N = 0 and N = 300 and
divide the difference of the "Collected" totals by 300:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/bench_score.py --count direct 300     # (asp, mahjong; and 0)
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
from mjasp.win_samples import random_wins


def peer_module() -> Any:
    """tests/test_score_peer.py, which owns the conversion to mahjong's inputs."""
    path = Path(__file__).resolve().parents[1] / "tests" / "test_score_peer.py"
    spec = importlib.util.spec_from_file_location("score_peer", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cpu_us(func: Callable[[Any], object], items: Sequence[Any]) -> float:
    """Mean CPU microseconds of ``func(item)`` over one pass through ``items``.

    CPU time of this process, not wall time: the machine is shared, and other jobs
    would otherwise count against whichever engine they happen to overlap.
    """
    start = time.process_time()
    for item in items:
        func(item)
    return (time.process_time() - start) / len(items) * 1e6


def best_of(rounds: int, engines: dict[str, tuple[Callable[[Any], object], Sequence[Any]]]
            ) -> dict[str, float]:
    """Each engine's best pass over ``rounds`` rounds, the engines taking turns in each
    round so that a busy moment of the machine falls on all of them alike."""
    best = dict.fromkeys(engines, float("inf"))
    for _ in range(rounds):
        for name, (func, items) in engines.items():
            best[name] = min(best[name], cpu_us(func, items))
    return best


def count_pass(engine: str, n: int, wins: list[tuple[Hand, Win]], peer: Any,
               calculator: Any) -> None:
    """Score ``wins`` once to warm up, then the first ``n`` again (``--count``)."""
    if engine == "direct":
        for _ in range(2):  # the warm-up pass, then the counted one
            for hand, win in wins:
                score(hand, win)
            wins = wins[:n]
    elif engine == "asp":
        for _ in range(2):  # grounding and a warm-up pass, then the counted one
            for hand, win in wins:
                score(hand, win, solver="asp")
            wins = wins[:n]
    elif engine == "mahjong":
        peer_args = [peer.to_mahjong(h, w) for h, w in wins]
        for _ in range(2):
            for kw in peer_args:
                calculator.estimate_hand_value(**kw)
            peer_args = peer_args[:n]
    else:
        raise SystemExit(f"--count: unknown engine {engine!r} (direct, asp, mahjong)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--asp", type=int, default=300, help="hands for the ASP engine")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--rounds", type=int, default=5, help="passes per engine (best)")
    parser.add_argument("--count", nargs=2, metavar=("ENGINE", "N"),
                        help="direct|asp|mahjong N: a pass to count instructions of, no output")
    args = parser.parse_args()
    wins: list[tuple[Hand, Win]] = random_wins(args.hands, seed=args.seed)
    peer = peer_module()
    from mahjong.hand_calculating.hand import HandCalculator

    if args.count:
        count_pass(args.count[0], int(args.count[1]), wins[:300], peer, HandCalculator)
        return

    peer_args = [peer.to_mahjong(h, w) for h, w in wins]
    rows: list[list[object]] = []

    started = time.perf_counter()
    # more hands than the reading cache holds (256): every hand is decomposed anew
    engines: dict[str, tuple[Callable[[Any], object], Sequence[Any]]] = {
        "mjasp direct": (lambda hw: score(hw[0], hw[1]), wins),
        "mahjong HandCalculator": (lambda kw: HandCalculator.estimate_hand_value(**kw),
                                   peer_args),
    }
    best = best_of(args.rounds, engines)
    theirs = best["mahjong HandCalculator"]
    rows.append(["mjasp direct", best["mjasp direct"], theirs / best["mjasp direct"]])
    try:
        importlib.import_module("mjasp.solvers.scoring_asp")
    except ImportError:
        rows.append(["mjasp asp (not available)", None, None])
    else:
        sample = wins[:args.asp]
        score(*sample[0], solver="asp")  # load and ground once: the warm path is measured
        # best of the rounds too: one pass is a few hundred milliseconds, which a busy
        # neighbour can stretch
        asp = best_of(args.rounds, {"asp": (lambda hw: score(hw[0], hw[1], solver="asp"),
                                            sample)})["asp"]
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
