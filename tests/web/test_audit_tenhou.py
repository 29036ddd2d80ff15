"""tenhou.net/2's table, worked out independently: for a ``?q=`` link (every form) and a
``?p=`` link (the standard form only, which the page asks as ``form=standard``), the
shanten, each discard keeping it, and the tiles that then improve the hand with their
unseen copies (4 less the copies among the 14 tiles, the discarded one included), as
``/api/shanten`` answers them.

The reference here is a plain search, written for this test: the standard form by trying
every split of the tiles into melds, partial melds and a head; chiitoitsu and kokushi by
their counting formulas. Hands from 2 to 14 tiles (fewer tiles as with melds called).
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from tests.web.apikit import TestClient

NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
TERMINALS = [0, 8, 9, 17, 18, 26, *range(27, 34)]


def counts_of(hand: str) -> list[int]:
    counts = [0] * 34
    digits: list[str] = []
    for ch in hand:
        if ch.isdigit():
            digits.append(ch)
        else:
            for d in digits:
                counts[NAMES.index(("5" if d == "0" else d) + ch)] += 1
            digits = []
    return counts


@functools.cache
def _blocks(counts: tuple[int, ...], start: int) -> frozenset[tuple[int, int]]:
    """Every (melds, partial melds) a split of ``counts`` from ``start`` on can give."""
    i = start
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        return frozenset({(0, 0)})
    out: set[tuple[int, int]] = set()
    suited = i < 27
    # each shape starting at i: the offsets it takes, and whether it is a meld
    shapes = [((0, 0, 0), True), ((0, 0), False), ((), False)]
    if suited and i % 9 <= 6:
        shapes += [((0, 1, 2), True), ((0, 2), False)]
    if suited and i % 9 <= 7:
        shapes.append(((0, 1), False))
    for offsets, meld in shapes:
        c = list(counts)
        c[i] -= 1  # the first tile: alone when offsets is empty
        for k in offsets[1:]:
            c[i + k] -= 1
        if min(c) < 0:
            continue
        for m, p in _blocks(tuple(c), i):
            out.add((m + meld, p + (not meld and bool(offsets))))
    return frozenset(out)


def standard(counts: list[int]) -> int:
    """8 - 2 melds - partials - head, at most 4 - called melds blocks, over every split."""
    called = (14 - sum(counts)) // 3
    best = 8
    for head in [None, *[i for i in range(34) if counts[i] >= 2]]:
        c = list(counts)
        if head is not None:
            c[head] -= 2
        for melds, partials in _blocks(tuple(c), 0):
            melds += called
            partials = min(partials, 4 - melds)
            best = min(best, 8 - 2 * melds - partials - (head is not None))
    return best


def chiitoitsu(counts: list[int]) -> int:
    pairs = sum(n >= 2 for n in counts)
    kinds = sum(n >= 1 for n in counts)
    return 6 - pairs + max(0, 7 - kinds)


def kokushi(counts: list[int]) -> int:
    kinds: int = sum(counts[i] >= 1 for i in TERMINALS)
    return 13 - kinds - int(any(counts[i] >= 2 for i in TERMINALS))


def shanten(counts: list[int], standard_only: bool) -> int:
    if standard_only or sum(counts) < 13:
        return standard(counts)
    return min(standard(counts), chiitoitsu(counts), kokushi(counts))


Row = tuple[int, list[tuple[str, int]]]


def table(hand: str, standard_only: bool) -> tuple[int, dict[str, Row]]:
    """The 14-tile hand's shanten and, per discard keeping it, (total, [(tile, left)])."""
    counts = counts_of(hand)
    if sum(counts) % 3 == 1:  # before a draw: the improving tiles, one row
        now = shanten(counts, standard_only)
        draws = []
        for t in range(34):
            if counts[t] < 4:
                counts[t] += 1
                if shanten(counts, standard_only) < now:
                    draws.append((NAMES[t], 5 - counts[t]))
                counts[t] -= 1
        return now, {"": (sum(n for _, n in draws), draws)}
    if shanten(counts, standard_only) == -1:
        return -1, {}  # complete: every discard leaves it
    after = {}
    for d in range(34):
        if counts[d]:
            counts[d] -= 1
            after[d] = shanten(counts, standard_only)
            counts[d] += 1
    best = min(after.values())
    rows = {}
    for d, n in after.items():
        if n != best:
            continue
        counts[d] -= 1
        draws = []
        for t in range(34):
            left = 4 - counts[t] - (t == d)
            if left <= 0:
                continue
            counts[t] += 1
            if shanten(counts, standard_only) < best:
                draws.append((NAMES[t], left))
            counts[t] -= 1
        counts[d] += 1
        rows[NAMES[d]] = (sum(n for _, n in draws), draws)
    return best, rows


def _api(client: TestClient, hand: str, standard_only: bool) -> tuple[int, dict[str, Row]]:
    url = f"/api/shanten?q={hand}" + ("&form=standard" if standard_only else "")
    data: dict[str, Any] = client.get(url).json()
    if "effective_tiles" in data:
        return data["shanten"], {"": (data["total"], [(w["tile"], w["remaining"])
                                                      for w in data["effective_tiles"]])}
    rows = {d["discard"]: (d["total"], [(w["tile"], w["remaining"]) for w in d["waits"]])
            for d in data["discards"] if d["shanten"] == data["shanten"]}
    return data["shanten"], rows


HANDS = [
    "123m456p789s11223z",   # tenpai after 3z: 1z2z, 4 tiles (tenhou.net/2: 打3z 摸[1z2z 4枚])
    "1112345678999m5z",     # nine gates + 5z
    "113355m113355p19s",    # chiitoitsu tenpai, standard 3-shanten
    "189m19p19s1234566z",   # kokushi tenpai after 8m, waiting on 7z
    "19m19p19s12345677z",   # kokushi complete: no row keeps -1
    "0556m123p456s1122z",   # a red five
    "2356m3457p24679s",     # 13 tiles: the improving tiles
    "2356m3457p24679s1z",   # the same and 1z
    "1112345678999m",       # 13 tiles: nine gates, nine kinds, 23 tiles
    "11223m55p1z",          # 8 tiles (two melds called)
    "1111m2345p6789s11z",   # four of a kind held
    "11z",                  # a complete pair alone
]


@pytest.mark.parametrize("standard_only", [False, True], ids=["q", "p"])
@pytest.mark.parametrize("hand", HANDS)
def test_table_as_tenhou_works_it_out(client: TestClient, hand: str, standard_only: bool) -> None:
    assert _api(client, hand, standard_only) == table(hand, standard_only)


def test_random_hands(client: TestClient) -> None:
    rng = random.Random(14)
    wall = [t for t in range(34) for _ in range(4)]
    for _ in range(40):
        size = rng.choice([14, 14, 13, 11, 10, 8, 5])
        tiles = sorted(rng.sample(wall, size))
        hand = "".join(NAMES[t] for t in tiles)
        for standard_only in (False, True):
            assert _api(client, hand, standard_only) == table(hand, standard_only), hand
