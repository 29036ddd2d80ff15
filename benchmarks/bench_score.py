"""Scoring speed: mjasp's direct engine (compiled and pure Python), its ASP engine, and
mahjong's HandCalculator.

One run, the same seeded winning situations (``mjasp.scoring.samples``) for every engine;
inputs are converted before timing (mjasp gets a ``Hand`` and a ``Win``, mahjong its
136-id arrays and ``HandConfig``). Every engine's result is read as a user reads it
(points, yaku and fu parts: ``.points .yaku .fu_details`` of mjasp's ``Score``, ``.cost
.yaku .fu_details`` of mahjong's response), so nothing lazily built goes unpaid. Times
are CPU time of this process (the machine is shared), best of ``--rounds`` passes with the
engines taking turns. There are more hands than mjasp's reading cache holds, so every
hand is decomposed anew; the per-suit tables stay warm, as in real use.

``mjasp direct`` is ``mjasp.score``'s default path: the compiled scorer
(``mjasp/solvers/_score.c``) where it was built, else pure Python; ``mjasp direct, pure
Python`` is the same call with the compiled code switched off (``MJASP_PURE_PYTHON=1``
does it for the whole run). Prints microseconds per hand, the ratios, how many results
agree with mahjong on points, and how many of the two mjasp paths' results are equal.
The ASP engine scores the first ``--asp`` hands, best of ``--rounds`` passes as well.

    python benchmarks/bench_score.py [--hands 2000] [--asp 300] [--seed 2024] [--rounds 5]

Instruction counts, which do not depend on the load: ``--count ENGINE N`` (``direct``,
``python`` or ``mahjong``) scores the first 300 hands once (warm: suit tables filled; 300
is more than the reading cache), then N of them again, and prints nothing; run it under
callgrind with N = 0 and N = 300 and divide the difference of the "Collected" totals by
300. Fix the hash seed (set orders, hence the work of sampling, vary with it) and sample
only the 300 wins counted, so that the two runs differ by the counted pass alone; the
heap of the warm-up is frozen out of the garbage collector's full passes (``gc.freeze``)
for the same reason:

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/bench_score.py --hands 300 --count direct 300  # python, asp, mahjong; 0
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from common import SEED, print_table

from mjasp import Hand, Score, Win, score
from mjasp.scoring.samples import random_wins
from mjasp.solvers import kernel, scoring_best

#: A benchmark entry: the call, its inputs, and whether mjasp's compiled code is on for it.
Engine = tuple[Callable[[Any], object], Sequence[Any], bool]


def peer_module() -> Any:
    """tests/scoring/test_score_peer.py, which owns the conversion to mahjong's inputs."""
    path = Path(__file__).resolve().parents[1] / "tests" / "scoring" / "test_score_peer.py"
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


def best_of(rounds: int, engines: dict[str, Engine]) -> dict[str, float]:
    """Each engine's best pass over ``rounds`` rounds, the engines taking turns in each
    round so that a busy moment of the machine falls on all of them alike."""
    best = dict.fromkeys(engines, float("inf"))
    previous = kernel.COMPILED
    try:
        for _ in range(rounds):
            for name, (func, items, compiled) in engines.items():
                kernel.use_compiled(compiled)
                best[name] = min(best[name], cpu_us(func, items))
    finally:
        kernel.use_compiled(previous)
    return best


def mjasp_read(hw: tuple[Hand, Win]) -> object:
    """mjasp's score of one win, read as a user reads it."""
    s = score(hw[0], hw[1])
    return s.points, s.yaku, s.fu_details


def mahjong_read(calculator: Any) -> Callable[[dict[str, Any]], object]:
    """mahjong's estimate of one win (its 136-id inputs), read likewise."""
    def read(kw: dict[str, Any]) -> object:
        r = calculator.estimate_hand_value(**kw)
        return r.cost, r.yaku, r.fu_details
    return read


def both_paths(wins: Sequence[tuple[Hand, Win]]) -> list[tuple[Score, Score]]:
    """Each win scored by the default path and by pure Python (compiled code off)."""
    previous = kernel.COMPILED
    try:
        default = [score(h, w) for h, w in wins]
        kernel.use_compiled(False)
        return list(zip(default, [score(h, w) for h, w in wins], strict=True))
    finally:
        kernel.use_compiled(previous)


def count_pass(engine: str, n: int, wins: list[tuple[Hand, Win]], peer: Any,
               calculator: Any) -> None:
    """Score ``wins`` once to warm up, then the first ``n`` again (``--count``)."""
    if engine in ("direct", "python"):
        kernel.use_compiled(engine == "direct" and kernel.COMPILED)
        for counted in (False, True):  # the warm-up pass, then the counted one
            if counted:
                gc.collect()
                gc.freeze()
            for hand, win in wins:
                mjasp_read((hand, win))
            wins = wins[:n]
    elif engine == "asp":
        for _ in range(2):  # grounding and a warm-up pass, then the counted one
            for hand, win in wins:
                score(hand, win, solver="asp")
            wins = wins[:n]
    elif engine == "mahjong":
        peer_args = [peer.to_mahjong(h, w) for h, w in wins]
        read = mahjong_read(calculator)
        for counted in (False, True):
            if counted:
                gc.collect()
                gc.freeze()
            for kw in peer_args:
                read(kw)
            peer_args = peer_args[:n]
    else:
        raise SystemExit(f"--count: unknown engine {engine!r} (direct, python, asp, mahjong)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--asp", type=int, default=300, help="hands for the ASP engine")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--rounds", type=int, default=5, help="passes per engine (best)")
    parser.add_argument("--count", nargs=2, metavar=("ENGINE", "N"),
                        help="direct|python|asp|mahjong N: a pass to count instructions of, "
                             "no output")
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
    compiled = kernel.COMPILED and scoring_best.AVAILABLE
    # more hands than the reading cache holds (256): every hand is decomposed anew
    engines: dict[str, Engine] = {"mjasp direct": (mjasp_read, wins, kernel.COMPILED)}
    if compiled:
        engines["mjasp direct, pure Python"] = (mjasp_read, wins, False)
    engines["mahjong HandCalculator"] = (mahjong_read(HandCalculator), peer_args, False)
    best = best_of(args.rounds, engines)
    theirs = best["mahjong HandCalculator"]
    for name in engines:
        if name.startswith("mjasp"):
            rows.append([name, best[name], theirs / best[name]])
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
                                            sample, kernel.COMPILED)})["asp"]
        rows.append([f"mjasp asp ({len(sample)} hands)", asp, theirs / asp])
    rows.append(["mahjong HandCalculator", theirs, 1.0])

    paths = both_paths(wins)
    equal = sum(s.points == (peer.peer_value(h, w) or {}).get("points", 0)
                for (s, _), (h, w) in zip(paths, wins, strict=True))
    same = sum(a == b for a, b in paths)
    print(f"{len(wins)} seeded winning situations (seed {args.seed}); "
          f"{equal} with equal points (mahjong's no-yaku error counted as 0); "
          f"mjasp direct: {'compiled' if compiled else 'pure Python'}, "
          f"{same} equal Scores from both paths")
    print_table(["engine", "us/hand", "x mahjong"], rows)
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
