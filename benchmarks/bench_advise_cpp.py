"""The mahjong-cpp compatibility mode timed on that program's reference hands, per shanten
class, beside the reference's own ``ms_median`` for the same hands.

    nice python benchmarks/bench_advise_cpp.py [--classes 0,1,2] [--per-class N] [--warm]

Each hand is one ``advise(..., model="mahjong-cpp")`` call in one process; the CPU time
(``time.process_time``) is printed beside the wall time, as the wall time of a loaded
machine says little. ``--warm`` first runs one hand untimed (the scoring engine's
one-time set-up). Every call's ``searched`` is checked against the reference's.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_advise import CLASSES, GOAL_MS, reference  # run as a script: its folder is on the path

from mjasp.advice import advise


def main(argv: list[str] | None = None) -> dict[int, tuple[float, float, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classes", default="0,1,2")
    parser.add_argument("--per-class", type=int, default=10)
    parser.add_argument("--warm", action="store_true")
    args = parser.parse_args(argv)
    lines = [x for x in reference() if x["id"].startswith("rand_")]
    if args.warm:
        advise(lines[0]["hand"], dora_indicators=lines[0]["dora_indicators"],
               model="mahjong-cpp")
    print("model mahjong-cpp; times in ms per call (CPU, and wall on a shared machine)")
    print(f"{'class':<10} {'hands':>5} {'CPU median':>11} {'wall median':>12} "
          f"{'reference':>10} {'CPU ratio':>10} {'goal':>6}")
    out: dict[int, tuple[float, float, float]] = {}
    for cls in (int(c) for c in args.classes.split(",")):
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
