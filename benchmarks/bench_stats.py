"""Exact shanten statistics against a seeded sample, and what each step costs.

Run: ``python benchmarks/bench_stats.py [--deals 1000000] [--seed 1]``

1. the exact distribution (``mjasp.analysis.stats``) for M = 13, 14, four and three players, timed;
2. a seeded sample of deals (``mjasp.analysis.sampling.sample_counts``), shanten of every deal by
   the peer ``xiangting`` (all forms) and by mjasp's tables (standard form), and Pearson's
   chi-square of the sample against the exact law (statistic, degrees of freedom, p);
3. the time per step side by side (mjasp's batch table lookup vs the peer, per deal).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from math import comb
from pathlib import Path

import xiangting

from mjasp.analysis.sampling import sample_counts
from mjasp.analysis.stats import shanten_distribution
from mjasp.solvers import table

# the goodness-of-fit test is test code (tests/stat_helpers.py), not part of mjasp
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.stat_helpers import chi_square


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    print("exact distribution (all forms and standard computed together)")
    print(f"{'M':>3} {'players':>7} {'seconds':>8}  {'sum == C(wall, M)':>18}")
    for players in (4, 3):
        for m in (13, 14):
            start = time.perf_counter()
            dist = shanten_distribution(m, "all", rules=f"{players}p")
            seconds = time.perf_counter() - start
            wall = 136 if players == 4 else 108
            print(f"{m:>3} {players:>7} {seconds:>8.1f}  {dist.total_deals == comb(wall, m)!s:>18}")

    print(f"\nsample of {args.deals:,} deals, seed {args.seed}, four players")
    print(f"{'M':>3} {'form':>9} {'chi2':>8} {'dof':>4} {'p':>10}")
    timings: defaultdict[str, float] = defaultdict(float)
    for m in (13, 14):
        start = time.perf_counter()
        counts = sample_counts(args.deals, m, seed=args.seed)
        timings["mjasp sample_counts (deal)"] += time.perf_counter() - start
        start = time.perf_counter()
        peer_count = xiangting.PlayerCount.FOUR
        every = Counter(xiangting.calculate_replacement_number(h, peer_count) - 1
                        for h in counts.tolist())
        timings["xiangting replacement number, all forms"] += time.perf_counter() - start
        start = time.perf_counter()
        standard = Counter((table.batch_standard(counts, 4).astype(int) - 1).tolist())
        timings["mjasp table.batch_standard, standard form"] += time.perf_counter() - start
        for form, observed in (("all", every), ("standard", standard)):
            statistic, dof, p = chi_square(observed, shanten_distribution(m, form).deals)
            print(f"{m:>3} {form:>9} {statistic:>8.2f} {dof:>4} {p:>10.4f}")

    per = 2 * args.deals
    print(f"\n{'step':<44} {'us/deal':>8} {'ratio':>6}")
    peer = timings["xiangting replacement number, all forms"] / per
    for step, seconds in timings.items():
        print(f"{step:<44} {1e6 * seconds / per:>8.2f} {seconds / per / peer:>6.2f}")


if __name__ == "__main__":
    main()
