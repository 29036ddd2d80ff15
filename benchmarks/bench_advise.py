"""``mjasp.advise`` timed on mahjong-cpp's reference hands, per shanten class, beside the
reference's own ``ms_median`` for the same hands (measured on this kind of machine).

    python benchmarks/bench_advise.py [--model mjasp|mahjong-cpp] [--classes 0,1,2]
        [--per-class N] [--riichi choose] [--mc HANDS]

Each hand is timed once from cold caches (a new search per call, as in the reference;
what an earlier search kept about its own hands is forgotten first, ``cold``):
wall-clock time, and the process's CPU time beside it (steadier on a shared machine).
``--mc N`` also runs the Monte Carlo check on N hands (exact vs simulated, |z| per hand).

Hands with melds (the reference has none): ``--melded N`` advises the first N hands of
``MELDED`` (one to three melds, open and closed, with and without a yaku), each once cold
inside ``functools.reduce``, then prints each one's CPU time; callgrind counts the same
part as below. ``--by-hand`` builds the graph with ``Model.build_by_hand`` (the path these
hands took before the compiled builder took melds), to compare:

    python benchmarks/bench_advise.py --melded 6 [--by-hand]

Instructions per cold call, which do not depend on the load: ``--count CLASS N`` advises
the first N hands of the class (the first one once before, for the one-time tables) inside
``functools.reduce`` and prints nothing; callgrind counts just that part, divide by N:

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \
        --callgrind-out-file=/dev/null python benchmarks/bench_advise.py --count 0 7
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from mjasp.advice import advise

CLASSES = {0: "tenpai", 1: "1-shanten", 2: "2-shanten", 3: "3-shanten"}
GOAL_MS = {0: 0.2, 1: 1.7, 2: 15.0, 3: 280.0}
#: hands with melds: open without a yaku (haitei only), a red five in a chi, yakuhai, three
#: melds, a closed kan (riichi), a chi beside a closed kan
MELDED = ["2368m456p77s1z [789s]", "12368m456p77s1z [789s]", "268m45p11z [123s] [055p]",
          "23406m456p11s [777z]", "3m456p1z [123s] [555z] [444m]", "2345678m2345p (1111z)",
          "23467m45p1s [406m] (1111z)"]


def reference() -> list[dict[str, Any]]:
    here = Path(__file__).resolve().parents[1]
    for base in (Path(os.environ.get("MJASP_SHARED_DATA", "/nonexistent")),
                 here.parent / "shared" / "data", Path("/work/shared/data")):
        path = base / "ev" / "mahjong_cpp_reference.jsonl"
        if path.exists():
            return [json.loads(line) for line in path.read_text().splitlines() if line]
    raise SystemExit("the mahjong-cpp reference (shared/data/ev) is absent")


def cold() -> None:
    """Forget what earlier searches kept that depends on their hands (the shapes of their
    wins, which the page's next hand reuses): each call is timed cold. The tables that do
    not depend on the hand (points by han and fu, ``Win`` values) stay, as before."""
    from mjasp.advice import model
    model._WIN_SHAPES.clear()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="mjasp", choices=["mjasp", "mahjong-cpp"])
    parser.add_argument("--classes", default="0,1,2")
    parser.add_argument("--per-class", type=int, default=5)
    parser.add_argument("--riichi", default="choose")
    parser.add_argument("--mc", type=int, default=0)
    parser.add_argument("--count", nargs=2, type=int, metavar=("CLASS", "N"),
                        help="advise N hands of CLASS inside functools.reduce (callgrind)")
    parser.add_argument("--melded", type=int, default=0, metavar="N",
                        help="advise the first N hands of MELDED (see the docstring)")
    parser.add_argument("--by-hand", action="store_true",
                        help="with --melded: the graph built by Model.build_by_hand")
    args = parser.parse_args(argv)
    if args.melded:
        melded(MELDED[:args.melded], args.by_hand)
        return
    wanted = [int(c) for c in args.classes.split(",")]
    lines = [x for x in reference() if x["id"].startswith("rand_")]
    if args.count:
        counted = [x for x in lines if x["shanten"] == args.count[0]][:args.count[1]]
        advise("123456789m1234p5z", draws=1)
        for x in counted[:1]:  # the first outside the count too (one-time tables)
            advise(x["hand"], dora_indicators=x["dora_indicators"], model=args.model)
        def one(_: object, x: dict[str, Any]) -> object:
            cold()
            return advise(x["hand"], dora_indicators=x["dora_indicators"], model=args.model)

        functools.reduce(one, counted, None)
        return
    print(f"model {args.model}; times in ms, one cold call per hand (machine load varies)")
    print(f"{'class':<10} {'hands':>5} {'mjasp median':>13} {'cpu median':>11} "
          f"{'reference median':>17} {'ratio':>7} {'goal':>6}")
    advise("123456789m1234p5z", draws=1)  # imports and one-time tables outside the timing
    for cls in wanted:
        hands = [x for x in lines if x["shanten"] == cls][:args.per_class]
        ours, cpu, theirs = [], [], []
        for line in hands:
            options: dict[str, Any] = {"dora_indicators": line["dora_indicators"],
                                       "model": args.model}
            if args.model == "mjasp":
                options["riichi"] = args.riichi
            cold()
            start, start_cpu = time.perf_counter(), time.process_time()
            advise(line["hand"], **options)
            ours.append(1000 * (time.perf_counter() - start))
            cpu.append(1000 * (time.process_time() - start_cpu))
            theirs.append(line["ms_median"])
        if not hands:
            continue
        a, b = statistics.median(ours), statistics.median(theirs)
        c = statistics.median(cpu)
        print(f"{CLASSES[cls]:<10} {len(hands):>5} {a:>13.2f} {c:>11.2f} {b:>17.2f} "
              f"{a / b:>7.1f}x {GOAL_MS[cls]:>6}")
    if args.mc:
        from mjasp.advice.simulate import simulate
        worst = 0.0
        for line in [x for x in lines if x["shanten"] == 0][:args.mc]:
            found = advise(line["hand"], dora_indicators=line["dora_indicators"], draws=4)
            best = found.candidates[0]
            r = simulate(line["hand"], discard=best.discard, n=2000, seed=1,
                         dora_indicators=line["dora_indicators"], draws=4)
            z = (r.points - best.expected_points[0]) / max(r.points_se, 1e-9)
            worst = max(worst, abs(z))
            print(f"  {line['id']:<12} {best.discard:<3} exact {best.expected_points[0]:9.1f} "
                  f"mc {r.points:9.1f} ± {r.points_se:6.1f}  z {z:+.2f}")
        print(f"Monte Carlo: largest |z| {worst:.2f} (agreement: within 3)")


def melded(hands: list[str], by_hand: bool) -> None:
    """Each hand advised once cold inside ``functools.reduce`` (callgrind counts that
    part), then each one's CPU time printed."""
    from mjasp.advice.model import Model
    if by_hand:
        solve = Model.solve
        Model.solve = functools.partialmethod(solve, vectorized=False)  # type: ignore[assignment]
    advise("123456789m1234p5z", draws=1)  # imports and one-time tables outside the count
    advise("1234m456p77s1z [999m]", draws=1)
    cpu: list[float] = []

    def one(_: object, hand: str) -> object:
        cold()
        start = time.process_time()
        found = advise(hand)
        cpu.append(1000 * (time.process_time() - start))
        return found

    functools.reduce(one, hands, None)
    for hand, ms in zip(hands, cpu, strict=True):
        print(f"{hand:<34} {ms:8.1f} ms CPU")


if __name__ == "__main__":
    main()
