"""Shared pieces of the benchmark scripts: seeded hands, a timer, a table printer.

Run a benchmark as a script from the repository root, e.g.
``python benchmarks/bench_decompose.py``; numbers are per call, in microseconds.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from mjasp import Hand, random_winning_hands

#: Every benchmark draws the same hands unless told otherwise.
SEED = 2024


def winning_hands(n: int = 2000, seed: int = SEED, **options: Any) -> list[Hand]:
    """``n`` seeded random complete hands (see ``mjasp.random_winning_hands``)."""
    return random_winning_hands(n, seed=seed, **options)


def hands_from_command_line(description: str) -> tuple[list[Hand], int]:
    """The seeded complete hands a benchmark runs on, and the seed: ``--hands N --seed S``."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    return winning_hands(args.hands, args.seed), args.seed


def per_call_us(func: Callable[[Any], object], items: Sequence[Any],
                clear: Callable[[], None] | None = None, repeat: int = 3) -> float:
    """Mean microseconds of ``func(item)`` over ``items``, best of ``repeat`` passes.

    With ``clear`` (a cache reset) the cache is emptied before every single call, which
    measures the cold path; without it, earlier passes warm whatever the engine caches.
    """
    best = float("inf")
    for _ in range(repeat):
        total = 0.0
        for item in items:
            if clear is not None:
                clear()
            start = time.perf_counter()
            func(item)
            total += time.perf_counter() - start
        best = min(best, total)
    return best / len(items) * 1e6


def print_table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """A plain fixed-width table; floats with one decimal, ``None`` as ``-``."""
    def cell(value: object) -> str:
        if value is None:
            return "-"
        return f"{value:.1f}" if isinstance(value, float) else str(value)

    text = [[cell(v) for v in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in text)) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) if i == 0 else h.rjust(w)
                    for i, (h, w) in enumerate(zip(headers, widths, strict=True))))
    for row in text:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(row, widths, strict=True))))
