"""``capped_standard_rows`` (many hands at once, each distinct suit valued once) against
``capped_standard`` hand by hand, on seeded random hands, caps and meld counts."""

from __future__ import annotations

import random

import pytest

from mjasp.solvers.table import capped_standard, capped_standard_rows


def _hand(rng: random.Random, cap: list[int], tiles: int) -> list[int]:
    counts = [0] * 34
    while sum(counts) < tiles:
        kind = rng.randrange(34)
        if counts[kind] < cap[kind]:
            counts[kind] += 1
    return counts


@pytest.mark.parametrize("seed", range(6))
def test_rows_equal_one_hand_at_a_time(seed: int) -> None:
    rng = random.Random(seed)
    melds = rng.randrange(0, 4)
    cap = [4] * 34
    for _ in range(melds):  # a meld's kind: fewer copies left to hold
        cap[rng.randrange(34)] = rng.randrange(0, 2)
    tiles = 14 - 3 * melds - rng.randrange(2)
    # many rows repeating a few suits' shapes, as a graph's hands do
    hands = [_hand(rng, cap, tiles) for _ in range(300)]
    hands += [hands[rng.randrange(len(hands))] for _ in range(100)]
    got = capped_standard_rows(hands, 4 - melds, cap).tolist()
    assert got == [capped_standard(h, 4 - melds, cap) for h in hands]
