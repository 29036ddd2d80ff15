"""Decomposition speed: mjasp's engines next to ``mahjong``'s HandDivider, in one run.

    python benchmarks/bench_decompose.py [--hands 2000] [--seed 2024]

Each engine reads the same seeded random complete hands (closed; standard, seven pairs
and thirteen orphans mixed as in ``mjasp.random_winning_hands``). "cold" empties the
engine's cache before every hand; "warm" is a repeat pass with the cache kept (the
same number when an engine has no cache). Ratios are mahjong's time over the engine's
(above 1 = faster than mahjong). To add an engine, append one ``Engine`` to ``ENGINES``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from common import hands_from_command_line, per_call_us, print_table
from mahjong.hand_calculating.divider import HandDivider

import mjasp
from mjasp import Form, Hand
from mjasp.solvers import asp, backtrack, lookup


@dataclass(frozen=True)
class Engine:
    """A column of the table: how to call it, its cache reset, its input conversion."""

    name: str
    run: Callable[[Any], object]
    clear: Callable[[], None] | None = None  # empties the engine's cache (cold column)
    prepare: Callable[[Hand], Any] = lambda hand: hand  # done before timing starts


def mjasp_engine(solver: str, clear: Callable[[], None] | None = None) -> Engine:
    return Engine(solver, functools.partial(mjasp.decompose, solver=solver), clear)


def mahjong_tiles(hand: Hand) -> list[int]:
    return list(hand.total_counts())


MAHJONG = Engine("mahjong HandDivider", HandDivider.divide_hand,
                 HandDivider._divide_hand_impl.cache_clear, mahjong_tiles)
ENGINES: list[Engine] = [
    mjasp_engine("backtrack-dedupe"),
    mjasp_engine("backtrack-1"),
    mjasp_engine("backtrack-2"),
    mjasp_engine("pair-position", backtrack.pair_position.cache_clear),
    # ASP: one grounded program, one solve per hand (no cache: cold = warm)
    mjasp_engine("asp"),
    # ASP with a fresh clingo Control grounded on every hand's facts
    Engine("asp, fresh Control per hand", asp.decompose_cold),
    # the fast path through mjasp.decompose; cold = cache emptied, suits re-solved by ASP
    mjasp_engine("fast", lookup.clear),
    # the fast path's own loop on the 34 counts, without decompose's input checks
    Engine("lookup.counts_readings(counts)", lookup.counts_readings, lookup.clear,
           lambda hand: hand.counts),
    MAHJONG,
]


def agreement(hands: list[Hand]) -> tuple[int, int]:
    """Hands where mjasp and mahjong count the same readings (kokushi aside: mahjong's
    divider does not list it)."""
    same = 0
    for hand in hands:
        ours = [d for d in mjasp.decompose(hand) if d.form is not Form.KOKUSHI]
        same += len(ours) == len(HandDivider.divide_hand(mahjong_tiles(hand)))
    return same, len(hands)


def main() -> None:
    hands, seed = hands_from_command_line(__doc__ or "")

    timings = {}
    for engine in ENGINES:
        inputs = [engine.prepare(h) for h in hands]
        cold = per_call_us(engine.run, inputs, engine.clear) if engine.clear else None
        warm = per_call_us(engine.run, inputs)
        timings[engine.name] = (cold if cold is not None else warm, warm)

    base_cold, base_warm = timings[MAHJONG.name]
    rows = [(name, cold, warm, base_cold / cold, base_warm / warm)
            for name, (cold, warm) in timings.items()]
    forms = {f: sum(mjasp.decompose(h)[0].form is f for h in hands) for f in Form}
    print(f"{len(hands)} seeded random winning hands (seed {seed}): "
          + ", ".join(f"{n} {f.value}" for f, n in forms.items()))
    print_table(["engine", "cold us/hand", "warm us/hand", "mahjong/cold", "mahjong/warm"],
                rows)
    same, total = agreement(hands)
    print(f"reading counts equal to mahjong's on {same}/{total} hands (kokushi not counted)")


if __name__ == "__main__":
    main()
