"""Helpers of the direct engine rewritten for its typed build, each against an independent
count (compiled or not): ``_peikou`` (pairs of identical sequences, by sorted neighbours)
against each distinct sequence's copies halved, and ``count_items`` without the items' ids
(``order=False``, what ``han_fu`` asks) against the same pass with them."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from mjasp.core.blocks import Decomposition
from mjasp.core.yaku import Yaku
from mjasp.rules.scorecard import YakuItem, count_items
from mjasp.solvers import scoring_direct


def _facts(sequences: list[int]) -> scoring_direct.ReadingFacts:
    return scoring_direct.ReadingFacts(Decomposition.of([]), scoring_direct.STANDARD,
                                       sequences, [], None, frozenset(), 0)


def test_peikou_is_each_sequences_copies_halved() -> None:
    # every multiset of up to four sequences over a few lows (a reading has at most four),
    # in every order: iipeikou one pair, ryanpeikou two (https://riichi.wiki/Iipeikou,
    # https://riichi.wiki/Ryanpeikou)
    lows = [0, 1, 9, 24]
    asked = 0
    for n in range(5):
        for chosen in itertools.product(lows, repeat=n):
            expected = sum(copies // 2 for copies in Counter(chosen).values())
            assert scoring_direct._peikou(_facts(list(chosen))) == expected, chosen
            asked += 1
    assert asked == 1 + 4 + 16 + 64 + 256


def test_peikou_by_hand() -> None:
    assert scoring_direct._peikou(_facts([0, 0, 9, 18])) == 1  # 123m 123m 123p 123s
    assert scoring_direct._peikou(_facts([0, 0, 0, 0])) == 2  # four 123m: two pairs
    assert scoring_direct._peikou(_facts([0, 0, 0, 9])) == 1  # three of one: one pair
    assert scoring_direct._peikou(_facts([3, 0, 3, 0])) == 2  # unsorted
    assert scoring_direct._peikou(_facts([0, 1, 2, 3])) == 0


def test_count_items_without_ids_sums_the_same() -> None:
    rng = random.Random(31)
    members = list(Yaku)
    for _ in range(2000):
        items = [YakuItem(rng.choice(members), rng.choice((0, 1, 2, 3, 13))) for _ in
                 range(rng.randint(0, 7))]
        listed: list[YakuItem] = []
        kept: list[YakuItem] = []
        full = count_items(items, listed, kept)
        lean_listed: list[YakuItem] = []
        lean_kept: list[YakuItem] = []
        lean = count_items(items, lean_listed, lean_kept, False)
        # the han, yakuman han, yaku and ura flags and the lists are the same; the id
        # and order are not read: -1 and True
        assert lean[:4] == full[:4] and lean[4:] == (-1, True)
        assert lean_listed == listed and lean_kept == kept
        # the han summed by hand: every item's
        assert full[0] == sum(item.han for item in items)
