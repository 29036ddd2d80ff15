"""The winning states' rows read out of the graph's arrays (``cpp_loops.winning_rows``)
against the same read one state at a time by hand: the counts, the merged counts (each red
five added to its five), the riichi flags, the red fives held and the state each derives
from (the same merged counts and flag with the fewest red fives, the first of equals;
itself where red fives are not counted)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mjasp.advice.cpp_loops import winning_rows


def _by_hand(hands: list[list[int]], flags: list[bool], order: list[int], red: bool
             ) -> tuple[bytes, bytes, list[bool], list[int], list[int]]:
    raw, merged, riichis, reds = b"", b"", [], []
    for s in order:
        row = hands[s]
        m = row[:34]
        m[4], m[13], m[22] = m[4] + row[34], m[13] + row[35], m[22] + row[36]
        raw += bytes(row)
        merged += bytes(m)
        riichis.append(flags[s])
        reds.append(row[34] + row[35] + row[36] if red else 0)
    like = []
    for at in range(len(order) if any(reds) else 0):
        same = [b for b in range(len(order))
                if merged[34 * b:34 * b + 34] == merged[34 * at:34 * at + 34]
                and riichis[b] == riichis[at]]
        fewest = min(reds[b] for b in same)
        like.append(next(b for b in same if reds[b] == fewest))
    return raw, merged, riichis, like or list(range(len(order))), reds


@pytest.mark.parametrize("seed", range(8))
def test_rows_as_read_by_hand(seed: int) -> None:
    rng = random.Random(seed)
    hands: list[list[int]] = []
    for _ in range(12):
        row = [0] * 37
        for _ in range(14):
            row[rng.choice([4, 13, 22, 34, 35, 36, rng.randrange(34)])] += 1
        if not hands:
            row[34] += 1  # the first one with a red five, and its twin after it
        hands.append(row)
        # the same merged counts with the red five as plain
        if len(hands) == 1 or rng.random() < 0.4:
            twin = list(row)
            for r, five in enumerate((4, 13, 22)):
                twin[five], twin[34 + r] = twin[five] + twin[34 + r], 0
            hands.append(twin)
    flags = [rng.random() < 0.7 for _ in hands]
    order = sorted({0, 1, *rng.sample(range(2, len(hands)), 7)})
    red = seed != 0
    raw, merged = bytearray(37 * len(order)), bytearray(34 * len(order))
    riichis, like, reds = winning_rows(np.array(hands, dtype=np.uint8),
                                       np.array(flags, dtype=np.uint8), order, red, raw,
                                       merged)
    want = _by_hand(hands, flags, order, red)
    assert (bytes(raw), bytes(merged), riichis, like, reds) == want
    # (with red fives counted, the twin with the red five derives from the plain one
    # where their flags agree)
    assert like[0] == (1 if red and flags[0] == flags[1] else 0)


def test_no_state() -> None:
    assert winning_rows(np.zeros((3, 37), dtype=np.uint8), np.zeros(3, dtype=np.uint8), [],
                        True, bytearray(), bytearray()) == ([], [], [])
