"""The mahjong-cpp compatibility mode timed on that program's reference hands, per shanten
class, beside the reference's own ``ms_median`` for the same hands.

    nice python benchmarks/bench_advise_cpp.py [--classes 0,1,2] [--per-class N] [--warm]
    nice python benchmarks/bench_advise_cpp.py --baseline REV [--classes ...] [--rounds R]
    /usr/bin/time -v python benchmarks/bench_advise_cpp.py --hand 13m12457899p1367s [--baseline REV]

Each hand is one ``advise(..., model="mahjong-cpp")`` call in one process; the CPU time
(``time.process_time``) is printed beside the wall time, as the wall time of a loaded
machine says little. ``--warm`` first runs one hand untimed (the scoring engine's
one-time set-up). Every call's ``searched`` is checked against the reference's.

``--baseline REV`` loads ``mjasp/advice/cpp_model.py`` as it was at git revision ``REV``
beside the working one and times both ``compute`` calls on the same hands, alternating
(best CPU of ``--rounds`` per hand, then the median per class): a ratio measured side by
side in one run, which load on a shared machine disturbs less than two separate runs.
Their results must agree: the same states, discards and tiles, and floats within
1e-12 relative (the order of the sums may differ between versions). ``--hand`` computes
one hand (with ``--baseline``, by REV's module) and prints its CPU time and the process's
peak RSS.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from bench_advise import CLASSES, GOAL_MS, reference  # run as a script: its folder is on the path

from mjasp.advice import advise, cpp_model

ROOT = Path(__file__).resolve().parents[1]


def at_revision(rev: str) -> ModuleType:
    """``mjasp/advice/cpp_model.py`` as it was at ``rev``, loaded as its own module."""
    source = subprocess.run(["git", "show", f"{rev}:mjasp/advice/cpp_model.py"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "cpp_model_baseline.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("cpp_model_baseline", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _compute(module: ModuleType, line: dict[str, Any]) -> tuple[float, Any]:
    c0 = time.process_time()
    r = module.compute(line["hand"], dora_indicators=tuple(line["dora_indicators"]))
    return time.process_time() - c0, dataclasses.astuple(r)


def side_by_side(lines: list[dict[str, Any]], classes: list[int], per_class: int,
                 rev: str, rounds: int) -> None:
    old = at_revision(rev)
    _compute(old, lines[0])
    _compute(cpp_model, lines[0])
    print(f"cpp_model at {rev} against the working tree: best CPU ms of {rounds} per hand, "
          "median per class, the two alternating")
    print(f"{'class':<10} {'hands':>5} {rev[:10]:>10} {'now':>10} {'speed-up':>9}")
    for cls in classes:
        hands = [x for x in lines if x["shanten"] == cls][:per_class]
        if not hands:
            continue
        before, after = [], []
        for line in hands:
            b, a = [], []
            for _ in range(rounds):
                tb, rb = _compute(old, line)
                ta, ra = _compute(cpp_model, line)
                if not _agree(rb, ra) or ra[2] != line["searched"]:
                    raise SystemExit(f"{line['id']}: the two results differ")
                b.append(tb)
                a.append(ta)
            before.append(1000 * min(b))
            after.append(1000 * min(a))
        mb, ma = statistics.median(before), statistics.median(after)
        print(f"{CLASSES[cls]:<10} {len(hands):>5} {mb:>10.1f} {ma:>10.1f} {mb / ma:>8.2f}x")


def _agree(a: Any, b: Any) -> bool:
    """Two results as tuples: equal, floats within 1e-12 relative."""
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= 1e-12 * max(abs(a), abs(b))
    if isinstance(a, tuple | list) and isinstance(b, tuple | list):
        return len(a) == len(b) and all(_agree(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def one_hand(hand: str, rev: str | None) -> None:
    module = at_revision(rev) if rev else cpp_model
    c0 = time.process_time()
    r = module.compute(hand)
    cpu = time.process_time() - c0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{hand} ({rev or 'working tree'}): searched {r.searched}, CPU {cpu:.2f} s, "
          f"peak RSS {peak:.0f} MB")


def main(argv: list[str] | None = None) -> dict[int, tuple[float, float, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classes", default="0,1,2")
    parser.add_argument("--per-class", type=int, default=10)
    parser.add_argument("--warm", action="store_true")
    parser.add_argument("--baseline", metavar="REV")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--hand")
    args = parser.parse_args(argv)
    if args.hand:
        one_hand(args.hand, args.baseline)
        return {}
    lines = [x for x in reference() if x["id"].startswith("rand_")]
    classes = [int(c) for c in args.classes.split(",")]
    if args.baseline:
        side_by_side(lines, classes, args.per_class, args.baseline, args.rounds)
        return {}
    if args.warm:
        advise(lines[0]["hand"], dora_indicators=lines[0]["dora_indicators"],
               model="mahjong-cpp")
    print("model mahjong-cpp; times in ms per call (CPU, and wall on a shared machine)")
    print(f"{'class':<10} {'hands':>5} {'CPU median':>11} {'wall median':>12} "
          f"{'reference':>10} {'CPU ratio':>10} {'goal':>6}")
    out: dict[int, tuple[float, float, float]] = {}
    for cls in classes:
        hands = [x for x in lines if x["shanten"] == cls][:args.per_class]
        if not hands:
            continue
        cpu, wall = [], []
        for line in hands:
            c0, w0 = time.process_time(), time.perf_counter()
            a = advise(line["hand"], dora_indicators=line["dora_indicators"],
                       model="mahjong-cpp")
            cpu.append(1000 * (time.process_time() - c0))
            wall.append(1000 * (time.perf_counter() - w0))
            if a.nodes != line["searched"]:
                raise SystemExit(f"{line['id']}: searched {a.nodes}, "
                                 f"reference {line['searched']}")
        c, w = statistics.median(cpu), statistics.median(wall)
        ref = statistics.median(x["ms_median"] for x in hands)
        out[cls] = (c, w, ref)
        print(f"{CLASSES[cls]:<10} {len(hands):>5} {c:>11.1f} {w:>12.1f} {ref:>10.2f} "
              f"{c / ref:>9.0f}x {GOAL_MS[cls]:>6}")
    return out


if __name__ == "__main__":
    main()
