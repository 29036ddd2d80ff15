"""The brute-force engine enumerates each suit vector's shapes and each multiset of pair
counts once per run, not once per discard and draw: the discard table of a hand with
13 kinds held (``19m19p19s12345677z``, 13 discards x 34 draws) took about 8 s of CPU.
Its answers stay those of the table engine (a method sharing no code with it).
"""

from __future__ import annotations

import pytest

from mjasp.analysis.shanten import discards
from mjasp.scoring.samples import random_wins
from mjasp.solvers import brute

HAND = "19m19p19s12345677z"


@pytest.mark.parametrize("rules", ["tenhou", "wrc", "tenhou-3p"])
def test_brute_discard_table_is_the_table_engines(rules: str) -> None:
    assert discards(HAND, rules=rules, solver="brute") == discards(HAND, rules=rules)


def test_brute_and_table_agree_on_sampled_hands() -> None:
    for hand, _ in random_wins(12, seed=8):
        text = str(hand)
        assert discards(text, solver="brute") == discards(text), text


def test_each_suit_vector_is_enumerated_once() -> None:
    brute._suit_values.cache_clear()
    brute._chiitoitsu.cache_clear()
    discards(HAND, rules="wrc", solver="brute")
    # 13 discards x 34 draws x 4 suits = 1,768 suit vectors asked, few distinct
    suits, pairs = brute._suit_values.cache_info(), brute._chiitoitsu.cache_info()
    assert suits.hits + suits.misses > 1500 and suits.misses < 200, suits
    assert pairs.hits + pairs.misses > 400 and pairs.misses < 20, pairs
