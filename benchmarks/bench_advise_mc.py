"""Monte Carlo cross-check of mjasp's advise model on many fixed hands.

For each of ``--hands`` fixed random closed hands (14 tiles, one dora indicator, drawn from
a seeded generator; tenpai, one- and two-shanten mixed), the exact search gives the best
discard's expected points and win probability with ``draws`` left; the independent
simulator (:mod:`mjasp.advice.simulate`) plays the same discard ``--plays`` times. Each
hand gets a z-score per quantity, (simulated − exact) / standard error; the script prints
each hand's line and the summary: the largest |z| and how many hands are within 3.

    nice python benchmarks/bench_advise_mc.py [--hands 200] [--plays 2000] [--seed 2026]
        [--draws 6,6,8] [--quiet] [--start N] [--stop N]

``--draws a,b,c``: the draws left for tenpai, one- and two-shanten hands (short horizons
keep the exact search affordable in pure Python). Under the null hypothesis (the
simulator and the exact values describe the same model) |z| > 3 has probability about
0.27 % per test, so 200 hands and two quantities put about one above 3 per run.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from mjasp.advice.api import setup_model
from mjasp.advice.simulate import simulate
from mjasp.advice.tiles37 import name37, sub37, tile37
from mjasp.analysis.shanten import shanten
from mjasp.core.hand import Hand
from mjasp.core.tiles import tile_name

#: share of the hands per class (tenpai, one-, two-shanten)
MIX = (0.4, 0.35, 0.25)


def fixed_hands(n: int, seed: int) -> list[tuple[str, str, int]]:
    """``n`` random closed 14-tile hands ``(mpsz, dora indicator, shanten)`` in the mix
    above, the same for the same seed."""
    rng = random.Random(seed)
    want = [round(n * share) for share in MIX]
    want[0] += n - sum(want)
    got: list[list[tuple[str, str, int]]] = [[], [], []]
    wall = [k for k in range(34) for _ in range(4)]
    while any(len(g) < w for g, w in zip(got, want, strict=True)):
        tiles = rng.sample(range(136), 15)
        kinds = sorted(wall[t] for t in tiles[:14])
        counts = [0] * 34
        for k in kinds:
            counts[k] += 1
        s = shanten(counts)
        if s < 0 or s > 2 or len(got[s]) >= want[s]:
            continue
        text = str(Hand(tuple(counts)))
        got[s].append((text, tile_name(wall[tiles[14]]), s))
    return [h for g in got for h in g]


def exact_best(hand: str, indicator: str, draws: int) -> tuple[str, float, float]:
    """The best discard (by expected points) and its exact (points, win probability),
    each discard's value from the exact search."""
    model, start, _h = setup_model(hand, {"dora_indicators": (indicator,), "draws": draws})
    best: tuple[float, float, str] | None = None
    for name in sorted({name37(t) for t in range(37) if _holds(start, t)}):
        _how, v = model.candidate(sub37(start, tile37(name)), draws)
        if best is None or (v[2], v[1]) > best[:2]:
            best = (v[2], v[1], name)
    assert best is not None
    return best[2], best[0], best[1]


def _holds(start: bytes, tile: int) -> bool:
    if tile >= 34:
        return start[tile] > 0
    return start[tile] > (start[34 + (4, 13, 22).index(tile)] if tile in (4, 13, 22) else 0)


def points_se(sample_se: float, ev: float, win: float, n: int) -> float:
    """The points' standard error: the sample's; when every play gave the same points
    (no win seen, a rare-win hand), the one of a win worth ``ev / win`` with probability
    ``win`` under the exact values (a lower bound: it leaves out the spread of win
    values)."""
    if sample_se > 0.0 or win <= 0.0:
        return sample_se
    return ev / win * math.sqrt(win * (1 - win) / n)


def z_score(sim: float, exact: float, se: float) -> float:
    if se <= 0.0:
        # every play gave the same result: it agrees only if the exact value is that result
        return 0.0 if abs(sim - exact) < 1e-9 else math.inf
    return (sim - exact) / se


def main(argv: list[str] | None = None) -> tuple[float, int, int]:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=200)
    p.add_argument("--plays", type=int, default=2000)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--draws", default="6,6,8")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--start", type=int, default=0,
                   help="resume at this hand (each hand's plays have their own seed, so the "
                        "lines are those of a whole run)")
    p.add_argument("--stop", type=int, default=0, help="stop before this hand (0: the end)")
    args = p.parse_args(argv)
    horizon = [int(x) for x in args.draws.split(",")]
    hands = fixed_hands(args.hands, args.seed)
    worst = 0.0
    within = 0
    t0 = time.process_time()
    for i, (hand, ind, s) in enumerate(hands):
        if i < args.start or (args.stop and i >= args.stop):
            continue
        d = horizon[s]
        discard, ev, win = exact_best(hand, ind, d)
        r = simulate(hand, discard=discard, n=args.plays, seed=args.seed + i,
                     dora_indicators=(ind,), draws=d)
        z_ev = z_score(r.points, ev, points_se(r.points_se, ev, win, r.n))
        z_win = z_score(r.win_rate, win, math.sqrt(max(win * (1 - win), 0.0) / r.n))
        z = max(abs(z_ev), abs(z_win))
        worst = max(worst, z)
        within += z <= 3
        if not args.quiet:
            print(f"{i:>3} {hand:<20} dora {ind:<2} {s}-sh d={d} {discard:<2} "
                  f"points exact {ev:9.2f} mc {r.points:9.2f} ± {r.points_se:7.2f} "
                  f"z {z_ev:+5.2f} | win exact {win:.4f} mc {r.win_rate:.4f} "
                  f"z {z_win:+5.2f}", flush=True)
    done = (args.stop or len(hands)) - args.start
    print(f"Monte Carlo: {done} hands, {args.plays} plays each, draws {args.draws} "
          f"(tenpai, 1-, 2-shanten), seed {args.seed}: largest |z| {worst:.2f}, "
          f"{within}/{done} within 3 standard errors (points and win rate); "
          f"{time.process_time() - t0:.0f} s CPU")
    return worst, within, done


if __name__ == "__main__":
    main()
