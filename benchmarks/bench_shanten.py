"""Shanten speed: mjasp (table single call, batch, CP-SAT) next to mahjong and xiangting.

One run, the same seeded closed 13/14-tile hands for every engine; one core (BLAS
threads pinned to 1 before numpy loads). Prints a table with ratios.

    python benchmarks/bench_shanten.py [--hands 20000] [--batch 1000000] [--cpsat 200]
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

import numpy as np

from mjasp import Hand, shanten, shanten_batch
from mjasp.solvers import cpsat

LOAD_SNIPPET = """
import time
start = time.perf_counter()
from mjasp.solvers import table  # imports the mjasp package (the other engines too)
imported = time.perf_counter()
table.counts_function()
table.standard_replacement([0] * 33 + [2], 0)
print(imported - start, time.perf_counter() - imported)
"""


def random_hands(n: int, seed: int) -> np.ndarray:
    """``n`` closed hands, alternately 13 and 14 tiles, drawn from the 136 tiles."""
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34), 4)
    out = np.zeros((n, 34), dtype=np.uint8)
    for start in range(0, n, 50_000):
        rows = min(50_000, n - start)
        pick = np.argpartition(rng.random((rows, 136), dtype=np.float32), 14, axis=1)[:, :14]
        drawn = wall[pick]
        sizes = 13 + (np.arange(start, start + rows) % 2)
        keep = np.arange(14)[None, :] < sizes[:, None]
        rows_index = np.repeat(np.arange(rows), 14).reshape(rows, 14)
        np.add.at(out[start:start + rows], (rows_index[keep], drawn[keep]), 1)
    return out


def per_hand(func: Callable[[], object], count: int, repeat: int = 3) -> float:
    """Best-of-``repeat`` seconds per hand."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        best = min(best, (time.perf_counter() - start) / count)
    return best


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--batch", type=int, default=1_000_000)
    parser.add_argument("--cpsat", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    loads = [subprocess.run([sys.executable, "-c", LOAD_SNIPPET], capture_output=True,
                            text=True, check=True).stdout.split() for _ in range(3)]
    package_import = min(float(x[0]) for x in loads)
    table_load = min(float(x[1]) for x in loads)

    hands = random_hands(args.hands, args.seed)
    lists = hands.tolist()
    objects = [Hand.from_counts(row) for row in lists]
    big = random_hands(args.batch, args.seed + 1)
    shanten(objects[0])  # warm the tables

    rows: list[tuple[str, int, float]] = []
    n = len(lists)
    rows.append(("mjasp shanten(hand) table, all forms", n,
                 per_hand(lambda: [shanten(h) for h in objects], n)))
    rows.append(("mjasp shanten(hand, form='standard')", n,
                 per_hand(lambda: [shanten(h, form="standard") for h in objects], n)))
    rows.append(("mjasp shanten_batch, all forms", len(big),
                 per_hand(lambda: shanten_batch(big), len(big))))
    rows.append(("mjasp shanten_batch, form='standard'", len(big),
                 per_hand(lambda: shanten_batch(big, form="standard"), len(big))))
    few = objects[:args.cpsat]
    shanten(few[0], solver="cpsat")  # build the models once
    rows.append(("mjasp CP-SAT, all forms (reused models)", len(few),
                 per_hand(lambda: [shanten(h, solver="cpsat") for h in few], len(few), 1)))
    rows.append(("mjasp CP-SAT, standard (reused model)", len(few),
                 per_hand(lambda: [shanten(h, form="standard", solver="cpsat") for h in few],
                          len(few), 1)))
    fresh = lists[:max(1, args.cpsat // 4)]
    rows.append(("mjasp CP-SAT, standard (model built per hand)", len(fresh),
                 per_hand(lambda: [cpsat.replacement(c, 4, [4] * 34, "standard", reuse=False)
                                   for c in fresh], len(fresh), 1)))
    try:
        from mahjong.shanten import Shanten
        rows.append(("mahjong Shanten.calculate_shanten(list)", n,
                     per_hand(lambda: [Shanten.calculate_shanten(c) for c in lists], n, 1)))
    except ImportError:
        print("mahjong not installed")
    try:
        import xiangting
        four = xiangting.PlayerCount.FOUR
        blobs = [bytes(c) for c in lists]
        rows.append(("xiangting calculate_replacement_number(list)", n,
                     per_hand(lambda: [xiangting.calculate_replacement_number(c, four)
                                       for c in lists], n)))
        rows.append(("xiangting calculate_replacement_number(bytes)", n,
                     # xiangting takes bytes at run time (its fast path); its stubs say list
                     per_hand(lambda: [xiangting.calculate_replacement_number(b, four)  # type: ignore[arg-type]
                                       for b in blobs], n)))
    except ImportError:
        print("xiangting not installed")

    reference = dict((name, t) for name, _, t in rows).get(
        "mahjong Shanten.calculate_shanten(list)")
    print(f"table load (file read + lookup structures + first call): {table_load * 1e3:.0f} ms;"
          f" import mjasp before it: {package_import * 1e3:.0f} ms (best of 3 fresh processes)")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'engine':<50} {'hands':>9} {'us/hand':>10} {'hands/s':>12} {'vs mahjong':>11}")
    for name, count, seconds in rows:
        ratio = f"{reference / seconds:.3g}x" if reference else "-"
        print(f"{name:<50} {count:>9} {seconds * 1e6:>10.3f} {1 / seconds:>12,.0f} {ratio:>11}")
    agree = shanten_batch(hands)
    checks = [int(agree[i]) == shanten(objects[i]) for i in range(0, n, 97)]
    print(f"batch and single calls agree on {sum(checks)}/{len(checks)} spot checks")


if __name__ == "__main__":
    main()
