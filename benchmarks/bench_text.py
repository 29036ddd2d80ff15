"""Text in and out at corpus speed: ``generate``, ``forms --list`` and ``--batch``, in one run.

    python benchmarks/bench_text.py [--quick]

Times are CPU seconds (``time.process_time``, or the child's user + system time for a
command), so a machine busy with other work slows them less than wall time; each row puts
the old path (one hand or one form at a time) next to the new one on the same input.

- generate: deals formatted one ``str(Hand.from_ids(...))`` at a time (the scalar sampler,
  as ``mjasp generate`` did) against ``sample_id_array`` + ``mpsz_lines``; then the whole
  ``mjasp generate --tiles 14 -n 2000000`` command (goal: at most 10 s).
- forms: ``str(Decomposition)`` of each form of ``iter_forms(4)`` (the first ones only; the
  rate is per line) against ``winning_forms_text(4)``; then the whole
  ``mjasp forms --list --melds 4 --limit 0`` command (11,580,567 lines; goal: at most 10 s).
- batch: hands per second of ``mjasp COMMAND --batch -`` against one process per hand
  (score: each complete hand won by tsumo on its first tile; a hand with four plain fives
  is bad input under the default rules, one red five per suit, and answered as such).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import time

from mjasp import Hand
from mjasp.analysis.forms import winning_forms_text
from mjasp.analysis.sampling import sample_hands, sample_id_array, sample_ids
from mjasp.analysis.winning_hands import random_winning_hands
from mjasp.core.blocks import Decomposition
from mjasp.core.notation import mpsz_lines
from mjasp.core.tiles import tile_name
from mjasp.solvers.form_dp import form_blocks, iter_forms

MJASP = [sys.executable, "-m", "mjasp"]


def child_cpu(args: list[str], stdin: str | None = None) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, output lines) of one command, its output discarded."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run(args, input=stdin, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 2):  # 2: some batch lines were bad input (counted below)
        raise RuntimeError(f"{args}: {done.stderr}")
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system
                                                         - before.children_system)
    return cpu, wall, done.stdout.count("\n")


def first_tile(hand: str) -> str:
    """The first tile of a hand's concealed part, e.g. ``1m``."""
    kind = next(k for k, c in enumerate(Hand.parse(hand).counts) if c)
    return str(tile_name(kind))


def cpu(func: object) -> float:
    start = time.process_time()
    func()  # type: ignore[operator]
    return time.process_time() - start


def generate_rows(n: int, whole: int) -> None:
    old = cpu(lambda: [str(Hand.from_ids(ids)) for ids in sample_ids(n, 14, 0)])
    new = cpu(lambda: mpsz_lines(sample_id_array(n, 14, 0)))
    print(f"generate {n:,} deals of 14: old {old:.2f} s, new {new:.2f} s CPU "
          f"(x{old / new:.0f}); old per million {old * 1e6 / n:.1f} s")
    seconds, wall, lines = child_cpu([*MJASP, "generate", "--tiles", "14", "-n", str(whole)])
    print(f"mjasp generate --tiles 14 -n {whole}: {seconds:.2f} s CPU ({wall:.2f} s wall), "
          f"{lines:,} lines")


def forms_rows(n: int, whole: bool) -> None:
    old = cpu(lambda: [str(Decomposition.of(form_blocks(w)))
                       for w in itertools.islice(iter_forms(4), n)])
    lines = 0

    def new() -> None:
        nonlocal lines
        lines = sum(chunk.count("\n") for chunk in winning_forms_text(4))

    fast = cpu(new)
    print(f"forms, 4 melds: old {n / old:,.0f} lines/s ({old * 11_580_567 / n:.0f} s for all), "
          f"new {lines / fast:,.0f} lines/s ({fast:.2f} s for all {lines:,})")
    if whole:
        seconds, wall, count = child_cpu([*MJASP, "forms", "--list", "--melds", "4",
                                          "--limit", "0"])
        print(f"mjasp forms --list --melds 4 --limit 0: {seconds:.2f} s CPU ({wall:.2f} s "
              f"wall), {count:,} lines")


def batch_rows(n: int, single: int) -> None:
    tenpai = [str(h) for h in sample_hands(n, 13, seed=5)]
    complete = [str(h) for h in random_winning_hands(n, seed=5)]
    jobs = [("shanten", tenpai), ("waits", tenpai), ("decompose", complete),
            ("score", complete)]
    for command, hands in jobs:
        lines_in = hands
        if command == "score":  # each hand wins by tsumo on its first tile
            lines_in = [json.dumps({"hand": h, "win": {"tile": first_tile(h), "tsumo": True}})
                        for h in hands]
        seconds, wall, lines = child_cpu([*MJASP, command, "--batch", "-"],
                                         "\n".join(lines_in) + "\n")
        per_hand = 0.0
        for hand in hands[:single]:
            extra = ["--win", first_tile(hand), "--tsumo"] if command == "score" else []
            per_hand += child_cpu([*MJASP, command, hand, "--json", *extra])[0]
        rate = lines / seconds
        print(f"{command} --batch: {lines:,} hands, {rate:,.0f} hands/s CPU ({wall:.2f} s "
              f"wall); one process per hand: {single / per_hand:,.1f} hands/s "
              f"(x{rate * per_hand / single:.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="Small sizes (a smoke test).")
    args = parser.parse_args()
    if args.quick:
        generate_rows(20_000, 20_000)
        forms_rows(20_000, whole=False)
        batch_rows(200, 2)
        return
    generate_rows(200_000, 2_000_000)
    forms_rows(300_000, whole=True)
    batch_rows(20_000, 10)


if __name__ == "__main__":
    main()
