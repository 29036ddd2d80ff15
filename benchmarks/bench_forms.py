"""Waits and winning forms: mjasp next to ``xiangting`` and ``mahjong``, in one run.

    python benchmarks/bench_forms.py [--hands 1000] [--seed 2024]

Waits: the same seeded closed tenpai hands (a random tile taken out of a random complete
hand). mjasp.waits gives every winning tile with every reading and shape; xiangting's
``calculate_necessary_tiles`` gives the winning tiles only (bit set); ``mahjong`` has no
waits function, so its column adds each tile and asks ``Agari.is_agari`` (tiles only).
Ratios are the peer's time over mjasp's (above 1 = mjasp faster). The table below it
times the counting side: forms and distinct hands for every m, and clingo's model count.
"""

from __future__ import annotations

import argparse
import random
import time

import xiangting
from common import SEED, per_call_us, print_table, winning_hands
from mahjong.agari import Agari

from mjasp import Hand
from mjasp.analysis.forms import count_forms_asp
from mjasp.analysis.kan import kan_check
from mjasp.analysis.waits import waits
from mjasp.solvers import form_dp as forms


def tenpai_hands(n: int, seed: int) -> list[Hand]:
    """Closed 13-tile hands one tile away from a random complete hand."""
    rng = random.Random(seed)
    out = []
    for complete in winning_hands(n, seed=seed):
        counts = list(complete.counts)
        counts[rng.choice([t for t, c in enumerate(counts) if c])] -= 1
        out.append(Hand.from_counts(counts))
    return out


def mahjong_waits(counts: list[int]) -> list[int]:
    agari = Agari()
    found = []
    for tile in range(34):
        if counts[tile] < 4:
            counts[tile] += 1
            if agari.is_agari(counts):
                found.append(tile)
            counts[tile] -= 1
    return found


def seconds(func: object, *args: object) -> float:
    start = time.perf_counter()
    func(*args)  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    hands = tenpai_hands(args.hands, args.seed)
    counts = [list(h.counts) for h in hands]
    mine = per_call_us(waits, hands, repeat=1)
    peer_x = per_call_us(lambda c: xiangting.calculate_necessary_tiles(
        c, xiangting.PlayerCount.FOUR), counts, repeat=1)
    peer_m = per_call_us(mahjong_waits, counts, repeat=1)
    print(f"waits of {len(hands)} closed tenpai hands (us per hand)")
    print_table(["engine", "us/hand", "peer/mjasp"], [
        ["mjasp.waits (readings + shapes)", mine, "1"],
        ["xiangting necessary tiles", peer_x, f"{peer_x / mine:.3f}"],
        ["mahjong 34 x Agari.is_agari", peer_m, f"{peer_m / mine:.3f}"],
    ])
    kan = per_call_us(lambda h: kan_check(h, "1m"), ["1112345678999m"] * 20, repeat=1)
    print(f"\nkan_check('1112345678999m', '1m'): {kan:.1f} us")
    print("\ncounting (seconds, one cold run each)")
    forms.prefix_count.cache_clear()
    rows = [["count_forms, m = 0..4 (DP)", seconds(lambda: [forms.count_forms(m)
                                                             for m in range(5)])],
            ["count_winning_vectors (determinised DP)", seconds(forms.count_winning_vectors)],
            ["list every form with m = 3 (877,950)",
             seconds(lambda: sum(1 for _ in forms.iter_forms(3)))],
            ["clingo model count, m = 3", seconds(count_forms_asp, 3)]]
    print_table(["what", "seconds"], [[w, f"{s:.3f}"] for w, s in rows])


if __name__ == "__main__":
    main()
