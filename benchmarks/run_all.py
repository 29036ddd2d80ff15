"""Every speed goal in one table: each call, mjasp, the peer, the ratio, the goal.

One run, the same seeded inputs for mjasp and its peers (``xiangting``, ``mahjong``);
ratios are the peer's time over mjasp's (above 1: mjasp is faster), except where the goal
is an absolute time or a ratio between two mjasp paths. Times are the best of several
short rounds, so a busy machine shows in the numbers only as far as it slows every round.
It also checks that mjasp and the peers give the same answers on every input it times.

    python benchmarks/run_all.py                 # full sizes (a few minutes)
    python benchmarks/run_all.py --quick         # tiny sizes (the smoke test runs this)
    MJASP_PURE_PYTHON=1 python benchmarks/run_all.py   # without the compiled kernel
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from bench_forms import mahjong_waits
from bench_shanten import random_hands

import mjasp
from mjasp import Hand, decompose, kan_check, random_winning_hands, shanten, shanten_batch, waits
from mjasp.solvers import kernel, lookup

T = TypeVar("T")

# CPU time of the child (time.process_time), as for the in-process rows; peak memory
# from VmHWM: ru_maxrss would carry the parent's peak across fork and exec
STATS_SNIPPET = """
import time
start = time.process_time()
from mjasp.analysis.stats import shanten_distribution
shanten_distribution({tiles})
peak = next(line for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(time.process_time() - start, int(peak.split()[1]) / 1024)
"""
IMPORT_SNIPPET = """
import sys, time
start = time.process_time()
import mjasp
imported = time.process_time() - start
def rss():
    return int(open("/proc/self/statm").read().split()[1]) * 4096 / 2 ** 20
before = rss()
mjasp.shanten("123m456p789s1122z")
print(imported, rss() - before, int("clingo" in sys.modules or "ortools" in sys.modules))
"""


@dataclass
class Row:
    """One line of the table: times in microseconds (None: no such peer)."""

    call: str
    mjasp: float
    peer_name: str
    peer: float | None
    goal: str
    met: bool | None

    @property
    def ratio(self) -> str:
        return "-" if self.peer is None else f"{self.peer / self.mjasp:.2f}x"


def child_seconds(args: Sequence[str], stdin: str | None = None) -> float:
    """CPU seconds (user + system) of one command, its output read and dropped."""
    before = os.times()
    subprocess.run(args, input=stdin, capture_output=True, text=True, check=True)
    after = os.times()
    return (after.children_user - before.children_user
            + after.children_system - before.children_system)


def chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    """``items`` cut into consecutive slices of ``size`` (the last may be shorter)."""
    return [items[i:i + size] for i in range(0, len(items), size)]


def race(contenders: Sequence[Callable[[int], object]], parts: int, items: int,
         rounds: int, before_round: Callable[[], None] | None = None,
         alternate: bool = True) -> list[float]:
    """Microseconds of CPU per item of each contender, all measured the same way.

    ``contender(j)`` runs chunk ``j`` of the inputs (``parts`` chunks, ``items`` items in
    all; a chunk takes a few ms, less than a time slice). In each of ``rounds`` rounds every
    contender runs chunk j right after the others (the order alternating from chunk to
    chunk unless ``alternate`` is false), so all see the same load at the same moment.
    Time is this process's CPU time (``time.process_time``: waiting for a core while a
    neighbour runs is not counted); a contender's total is the sum over the chunks of its
    best round. The garbage collector is off while chunks run and collects between
    rounds (as ``timeit`` does); ``before_round`` runs untimed (a cache reset).
    """
    best = [[float("inf")] * parts for _ in contenders]
    clock = time.process_time
    enabled = gc.isenabled()
    try:
        for r in range(rounds):
            if before_round is not None:
                before_round()
            gc.collect()
            gc.disable()
            for j in range(parts):
                order = list(range(len(contenders)))
                if alternate and (r + j) % 2:
                    order.reverse()
                for k in order:
                    start = clock()
                    contenders[k](j)
                    best[k][j] = min(best[k][j], clock() - start)
            gc.enable()
    finally:
        (gc.enable if enabled else gc.disable)()
    return [sum(b) / items * 1e6 for b in best]


def random_counts(n: int, seed: int, sizes: Sequence[int] = (13, 14)) -> np.ndarray:
    """``n`` closed hands drawn from the 136 tiles, sizes taken in turn."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        drawn = rng.choice(136, size=sizes[i % len(sizes)], replace=False) // 4
        np.add.at(out[i], drawn, 1)
    return out


def tenpai_hands(n: int, seed: int) -> list[Hand]:
    """Seeded winning hands minus one tile: waiting hands with at least one wait."""
    out = []
    for hand in random_winning_hands(n, seed=seed, forms=("standard",)):
        counts = list(hand.counts)
        counts[next(k for k, c in enumerate(counts) if c)] -= 1
        out.append(Hand.from_counts(counts))
    return out


def main(argv: Sequence[str] | None = None) -> tuple[list[Row], list[str]]:
    """Run every benchmark, print the table; returns the rows and any disagreement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes (smoke test)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    quick = args.quick
    print("kernel: " + ("compiled (mjasp/solvers/_kernel.c)" if kernel.COMPILED else
                        "pure Python" + (" (compiled kernel switched off)" if kernel.AVAILABLE
                                         else " (compiled kernel not built)")))
    n_single, n_batch, rounds = (200, 5000, 2) if quick else (20_000, 1_000_000, 7)
    # inputs per timed chunk: about 1-5 ms of CPU for the slower contender
    n_chunk, n_batch_chunk = (200, 1000) if quick else (2000, 20_000)
    n_decompose, n_waits, stats_tiles = (50, 20, (5,)) if quick else (2000, 300, (13, 14))

    import xiangting
    from mahjong.hand_calculating.divider import HandDivider
    from mahjong.shanten import Shanten
    from mahjong.tile import TilesConverter

    rows: list[Row] = []
    wrong: list[str] = []
    four = xiangting.PlayerCount.FOUR
    hands = random_counts(n_single, args.seed)
    lists = hands.tolist()
    tuples = [tuple(c) for c in lists]
    objects = [Hand.from_counts(c) for c in lists]
    texts = [str(h) for h in objects]
    shanten(objects[0])  # load the tables

    # -- shanten, single calls -------------------------------------------------------
    expected = [xiangting.calculate_replacement_number(c, four) - 1 for c in lists]
    for name, inputs in (("list", lists), ("tuple", tuples), ("Hand", objects),
                         ("mpsz text", texts)):
        if [shanten(x) for x in inputs] != expected:
            wrong.append(f"shanten from {name} != xiangting")
    c_lists, c_objects, c_texts = (chunks(x, n_chunk) for x in (lists, objects, texts))
    calc = xiangting.calculate_replacement_number

    def xt(j: int) -> object:
        return [calc(c, four) for c in c_lists[j]]

    # each row races its own two contenders, chunk by chunk
    parts, items = len(c_lists), len(lists)
    t_list, t_xt = race([lambda j: [shanten(c) for c in c_lists[j]], xt], parts, items, rounds)
    rows.append(Row("shanten from 34 counts (list)", t_list, "xiangting list", t_xt,
                    ">= 1.0x", t_xt / t_list >= 1.0))
    t_hand, t_xt = race([lambda j: [shanten(h) for h in c_objects[j]], xt], parts, items, rounds)
    rows.append(Row("shanten from a Hand", t_hand, "xiangting list", t_xt, ">= 1.0x",
                    t_xt / t_hand >= 1.0))
    t_text, t_xt = race([lambda j: [shanten(t) for t in c_texts[j]], xt], parts, items, rounds)
    rows.append(Row("shanten from mpsz text", t_text, "xiangting list", t_xt, ">= 0.33x",
                    t_xt / t_text >= 0.33))
    # two calls of the same C work a few per cent apart (CPython's keyword call): three
    # times the rounds, to tell that from noise
    t_std, t_hand = race([lambda j: [shanten(h, form="standard") for h in c_objects[j]],
                          lambda j: [shanten(h) for h in c_objects[j]]], parts, items,
                         3 * rounds)
    rows.append(Row("shanten(Hand, form='standard')", t_std, "mjasp default", t_hand,
                    ">= 0.95x (as fast)", t_hand / t_std >= 0.95))
    # a twentieth of each chunk: these two are slower
    t_from, t_mj = race(
        [lambda j: [shanten(Hand.from_counts(c)) for c in c_lists[j][:n_chunk // 20]],
         lambda j: [Shanten.calculate_shanten(c) for c in c_lists[j][:n_chunk // 20]]],
        parts, items // 20, rounds)
    rows.append(Row("Hand.from_counts then shanten", t_from, "mahjong Shanten", t_mj,
                    "-", None))

    # -- shanten_batch ----------------------------------------------------------------
    big = random_counts(n_batch, args.seed + 1) if quick else random_hands(n_batch, args.seed)
    blobs = [bytes(r) for r in big.tolist()]
    batch = shanten_batch(big)
    if batch[:2000].tolist() != [calc(b, four) - 1  # type: ignore[arg-type]
                                 for b in blobs[:2000]]:
        wrong.append("shanten_batch != xiangting")
    c_big = [big[i:i + n_batch_chunk] for i in range(0, len(big), n_batch_chunk)]
    c_blobs = chunks(blobs, n_batch_chunk)
    t_batch, t_xtb = race(
        [lambda j: shanten_batch(c_big[j]),
         lambda j: [calc(b, four) for b in c_blobs[j]]],  # type: ignore[arg-type]
        len(c_big), len(big), rounds)
    rows.append(Row(f"shanten_batch ({len(big):,} hands, calls of {n_batch_chunk:,})",
                    t_batch, "xiangting bytes loop", t_xtb, ">= 4x", t_xtb / t_batch >= 4))

    # -- decompose --------------------------------------------------------------------
    winners = random_winning_hands(n_decompose, seed=args.seed)
    wtexts = [str(h) for h in winners]
    divider = HandDivider()
    to_34 = TilesConverter.one_line_string_to_34_array
    for text in wtexts:
        ours = [d for d in decompose(text) if d.form != "kokushi"]
        theirs = divider.divide_hand(to_34(text))
        if len(ours) != len(theirs):
            wrong.append(f"decompose {text}: {len(ours)} readings, mahjong {len(theirs)}")
    # each round starts with every suit vector new again (the shipped file stays loaded).
    # Chunk j (100 hands) then runs: mjasp unseen (cold: nothing of it seen since the reset),
    # mahjong cold (its lru_cache of 128 whole hands last saw these a round ago), mjasp warm
    # (their suit vectors now cached), mahjong warm (its cache now holds these hands): the
    # warm row compares the two warm, the first pass the two cold; each mjasp run comes
    # right after a mahjong run of the same hands, so neither finds the processor's
    # caches filled by the other. The order is fixed.
    c_wtexts = chunks(wtexts, n_chunk // 20)

    def divide(j: int) -> object:
        return [divider.divide_hand(to_34(t)) for t in c_wtexts[j]]

    t_cold, t_div_cold, t_warm, t_div = race(
        [lambda j: [decompose(t) for t in c_wtexts[j]], divide,
         lambda j: [decompose(t) for t in c_wtexts[j]], divide],
        len(c_wtexts), len(wtexts), rounds, before_round=lookup.clear, alternate=False)
    rows.append(Row("decompose from text, warm", t_warm, "mahjong HandDivider, warm", t_div,
                    ">= 4x", t_div / t_warm >= 4))
    rows.append(Row("decompose, first pass over new hands", t_cold, "mjasp warm", t_warm,
                    "<= 2x warm", t_cold <= 2 * t_warm))
    rows.append(Row("decompose, first pass (both cold)", t_cold, "mahjong HandDivider, cold",
                    t_div_cold, "-", None))

    # -- waits and kan ----------------------------------------------------------------
    tenpai = tenpai_hands(n_waits, args.seed)

    def agari_loop(hand: Hand) -> list[int]:
        return mahjong_waits(list(hand.counts))

    for hand in tenpai:
        if [w.tile for w in waits(hand)] != agari_loop(hand):
            wrong.append(f"waits {hand} != mahjong agari loop")
    # every round starts from empty suit caches too: no reading is cached from the check
    c_tenpai = chunks(tenpai, n_chunk // 50)
    t_waits, t_agari = race(
        [lambda j: [waits(h) for h in c_tenpai[j]],
         lambda j: [agari_loop(h) for h in c_tenpai[j]]],
        len(c_tenpai), len(tenpai), rounds, before_round=lookup.clear)
    rows.append(Row("waits of a tenpai hand (readings too)", t_waits, "mahjong agari loop",
                    t_agari, ">= 3x", t_agari / t_waits >= 3))
    kans = [("111222333m4567p1m", "1m"), ("1112345678999m1m", "1m"),
            ("111m456789p2345s1m", "1m"), ("123m444p567s1122z4p", "4p")]

    def kan_five(hand: str, tile: str) -> Callable[[int], object]:
        return lambda j: [kan_check(hand, tile) for _ in range(5)]

    t_kan = max(race([kan_five(h, t)], 5, 25, rounds)[0] for h, t in kans)
    rows.append(Row("kan check (slowest of 4 hands)", t_kan, "-", None, "<= 500 us",
                    t_kan <= 500))

    # -- inputs: building a Hand, next to the scorer's call and mahjong's conversions ---
    input_rows(rows, wrong, args.seed, rounds, quick, TilesConverter)

    # -- stats and import (fresh processes) ---------------------------------------------
    for tiles in stats_tiles:
        # best of two fresh processes
        runs = [subprocess.run([sys.executable, "-c", STATS_SNIPPET.format(tiles=tiles)],
                               capture_output=True, text=True, check=True).stdout.split()
                for _ in range(2)]
        seconds, mb = min(float(r[0]) for r in runs), max(float(r[1]) for r in runs)
        rows.append(Row(f"mjasp stats --tiles {tiles} ({mb:.0f} MB peak)", seconds * 1e6, "-",
                        None, "<= 4 s, <= 200 MB", seconds <= 4 and mb <= 200))
    # -- text out and batch input (fresh processes; CPU time of the child) ----------------
    deals, forms_melds, batch_hands = (20_000, 2, 500) if quick else (2_000_000, 4, 20_000)
    for call, args_ in ((f"mjasp generate --tiles 14 -n {deals:,}",
                         ["generate", "--tiles", "14", "-n", str(deals)]),
                        (f"mjasp forms --list --melds {forms_melds} --limit 0",
                         ["forms", "--list", "--melds", str(forms_melds), "--limit", "0"])):
        seconds = child_seconds([sys.executable, "-m", "mjasp", *args_])
        rows.append(Row(call, seconds * 1e6, "-", None, "<= 10 s", seconds <= 10))
    lines = "\n".join(str(h) for h in tenpai_hands(batch_hands, args.seed)) + "\n"
    seconds = child_seconds([sys.executable, "-m", "mjasp", "shanten", "--batch", "-"], lines)
    once = child_seconds([sys.executable, "-m", "mjasp", "shanten", "123m456p789s1122z",
                          "--json"])
    rows.append(Row(f"mjasp shanten --batch ({batch_hands:,} lines, per line)",
                    seconds / batch_hands * 1e6, "a process per hand", once * 1e6,
                    ">= 100x", once * batch_hands / seconds >= 100))
    # timed as a user's installed mjasp runs: from cached bytecode (pip writes it; an
    # environment with PYTHONDONTWRITEBYTECODE would time compiling every module instead),
    # so the first of four processes fills the cache and is not counted
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    runs = [subprocess.run([sys.executable, "-c", IMPORT_SNIPPET], capture_output=True,
                           text=True, check=True, env=env).stdout.split()
            for _ in range(4)][1:]
    imported = min(float(r[0]) for r in runs)
    tables = min(float(r[1]) for r in runs)
    heavy = any(r[2] == "1" for r in runs)
    rows.append(Row(f"import mjasp (clingo/ortools loaded: {heavy})", imported * 1e6, "-",
                    None, "<= 100 ms, lazy", imported <= 0.1 and not heavy))
    rows.append(Row(f"tables resident after first shanten: {tables:.1f} MB", 0.0, "-", None,
                    "<= 10 MB", tables <= 10))
    print_table(rows)
    print(f"times: CPU time of this process (time.process_time; a fresh process's own for "
          f"stats and import, best of 2 / 3; the child's user + system time for generate, "
          f"forms and --batch, whole commands including start-up), not wall clock; each "
          f"row's mjasp call and its peer run the same chunk of inputs (0.1-5 ms) back to "
          f"back, order alternating "
          f"(decompose: fixed, see run_all.py); best of {rounds} rounds per chunk, summed; "
          f"GC off while timing (as timeit); caches: see run_all.py (waits and the first "
          f"pass start each round empty; mahjong's HandDivider cache is warm for the warm row)")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; mjasp "
          f"{mjasp.__version__}; this process peak "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    print("answers agree with the peers" if not wrong else "DISAGREEMENTS:\n  "
          + "\n  ".join(wrong[:20]))
    return rows, wrong


def input_rows(rows: list[Row], wrong: list[str], seed: int, rounds: int, quick: bool,
               converter: Any) -> None:
    """What building a ``Hand`` costs from each input a user holds (text with and without
    melds, 34 counts, 136 ids), raced against the scorer's own call on built objects
    (``mjasp.score(hand, win)``: the goal is no more than it) and against mahjong's
    conversion of the same input (``TilesConverter``; it has no melds in its strings)."""
    from mjasp.scoring.samples import random_wins

    n = 200 if quick else 4000
    wins = random_wins(n, seed=seed)
    hands = [h for h, _ in wins]
    built = [(h, w) for h, w in wins]
    for hand, win in built[:50]:
        mjasp.score(hand, win, rules="tenhou")  # warm the caches the scorer keeps
    melded = [str(h) for h in hands if h.melds]
    plain = [str(h) for h in hands if not h.melds]
    counts = [list(h.counts) for h in hands if not h.melds]
    ids = [h.to_ids() for h in hands if not h.melds and max(h.red) <= 1]
    # mahjong's strings: its man/pin/sou/honors arguments (no red fives: "0" is not its)
    def split(hand: Hand) -> dict[str, str]:
        text = str(Hand.from_counts(hand.counts))
        parts = {"m": "", "p": "", "s": "", "z": ""}
        for run in text.replace("0", "5").split():
            digits = ""
            for char in run:
                if char.isdigit():
                    digits += char
                else:
                    parts[char] += digits
                    digits = ""
        return {"man": parts["m"], "pin": parts["p"], "sou": parts["s"], "honors": parts["z"]}
    peer_strings = [split(Hand.parse(t)) for t in plain]
    peer_one_line = [t.replace("0", "5") for t in plain]
    for text, hand in zip(plain, (Hand.parse(t) for t in plain), strict=True):
        if str(hand) != text:
            wrong.append(f"Hand.parse({text!r}) prints {hand}")
    for ids_, counts_ in zip(ids, (list(Hand.from_ids(i).counts) for i in ids), strict=False):
        if converter.to_34_array(ids_) != counts_:
            wrong.append(f"Hand.from_ids({ids_}) != mahjong's to_34_array")
    chunk = 100 if quick else 500

    def race_inputs(name: str, inputs: Sequence[Any], build: Callable[[Any], object],
                    peer_name: str, peer_inputs: Sequence[Any] | None,
                    peer: Callable[[Any], object] | None) -> None:
        k = min(len(inputs), len(built), len(peer_inputs) if peer_inputs is not None else n)
        parts = max(1, k // chunk)
        size = k // parts
        ins, scored = chunks(inputs[:parts * size], size), chunks(built[:parts * size], size)
        contenders: list[Callable[[int], object]] = [
            lambda j: [build(x) for x in ins[j]],
            lambda j: [mjasp.score(h, w, rules="tenhou") for h, w in scored[j]]]
        if peer is not None and peer_inputs is not None:
            theirs = chunks(peer_inputs[:parts * size], size)
            contenders.append(lambda j: [peer(x) for x in theirs[j]])
        times = race(contenders, parts, parts * size, rounds)
        rows.append(Row(name, times[0], "mjasp score(Hand, Win), tenhou", times[1],
                        ">= 1.0x (<= the scorer)", times[1] / times[0] >= 1.0))
        if len(times) == 3:
            rows.append(Row("  the same, against mahjong", times[0], peer_name, times[2],
                            "-", None))

    race_inputs("Hand.parse, text with melds", melded, Hand.parse, "", None, None)
    race_inputs("Hand.parse, plain text", plain, Hand.parse,
                "mahjong one_line_string_to_136_array", peer_one_line,
                converter.one_line_string_to_136_array)
    race_inputs("Hand.from_counts, 34 counts", counts, Hand.from_counts,
                "mahjong string_to_34_array", peer_strings,
                lambda kw: converter.string_to_34_array(**kw))
    race_inputs("Hand.from_ids, 136 ids", ids, Hand.from_ids, "mahjong to_34_array", ids,
                converter.to_34_array)


def print_table(rows: Sequence[Row]) -> None:
    """One fixed-width table: times in us (ms/s where large), the ratio and the goal."""
    def when(us: float) -> str:
        if us >= 1e6:
            return f"{us / 1e6:.2f} s"
        if us >= 1e4:
            return f"{us / 1e3:.1f} ms"
        return f"{us:.2f} us" if us else "-"

    table = [("call", "mjasp", "peer", "peer time", "ratio", "goal", "met")]
    table += [(r.call, when(r.mjasp), r.peer_name, "-" if r.peer is None else when(r.peer),
               r.ratio, r.goal, "-" if r.met is None else ("yes" if r.met else "NO"))
              for r in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    for line in table:
        print("  ".join(cell.ljust(w) if i in (0, 2, 5) else cell.rjust(w)
                        for i, (cell, w) in enumerate(zip(line, widths, strict=True))))


if __name__ == "__main__":
    main()
