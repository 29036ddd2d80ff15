"""Counting and dealing on tile sets other than the default: three players, red fives
apart (one, two or none per suit), against a listing of the wall's physical tiles.

The truth: the wall is its tile ids (0..135, kind = id // 4, three players keep the
108 ids without 2m-8m); a five is red when it is among the first ``Rules.red_fives[suit]``
ids of its kind (the documented convention). A hand with red fives apart is the sorted
tuple of labels (kind, red) of the ids dealt, so the distinct hands of M tiles are the
distinct label tuples of the C(wall, M) combinations, and a fair deal gives each such hand
the probability (ids behind it) / C(wall, M).
"""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import pytest

from mjasp.analysis.counting import count_hands, count_series, tile_set
from mjasp.analysis.sampling import sample_hands
from mjasp.core.hand import Hand
from mjasp.rules import RULES, Rules, find_rules
from tests.stat_helpers import chi_square

FIVES = (4, 13, 22)
RULE_SETS: list[Rules] = [
    find_rules("tenhou-3p"), find_rules("mahjongsoul-3p"), find_rules("wrc"),
    RULES["tenhou"].replace(name="two-red", red_fives=(2, 2, 2)),
    RULES["tenhou-3p"].replace(name="two-red-3p", red_fives=(2, 0, 1)),
]


def labels(rules: Rules) -> list[tuple[int, bool]]:
    """Each physical tile of the rules' wall as (kind, red)."""
    kinds = set(rules.tile_kinds)
    found = []
    for tile_id in range(136):
        kind = tile_id // 4
        if kind in kinds:
            red = kind in FIVES and tile_id % 4 < rules.red_fives[FIVES.index(kind)]
            found.append((kind, red))
    return found


def brute_hands(rules: Rules, m: int, red: bool) -> Counter[tuple[tuple[int, bool], ...]]:
    """Every distinct hand of ``m`` tiles with the number of id combinations behind it."""
    wall = labels(rules) if red else [(k, False) for k, _ in labels(rules)]
    return Counter(tuple(sorted(c)) for c in itertools.combinations(wall, m))


@pytest.mark.parametrize("rules", RULE_SETS, ids=[r.name for r in RULE_SETS])
@pytest.mark.parametrize("red", [False, True])
def test_counts_equal_the_listing_of_the_wall(rules: Rules, red: bool) -> None:
    for m in range(4):
        hands = brute_hands(rules, m, red)
        assert sum(hands.values()) == comb(len(labels(rules)), m)
        assert count_hands(m, red, rules=rules) == len(hands), (rules.name, m, red)
        assert count_series(tile_set(red, rules=rules).values(), m) == len(hands)


@pytest.mark.parametrize("rules", RULE_SETS, ids=[r.name for r in RULE_SETS])
def test_the_tile_set_is_the_wall(rules: Rules) -> None:
    wall = Counter(labels(rules))
    named = {(f"0{'mps'[k // 9]}" if red else f"{k % 9 + 1}{'mpsz'[k // 9]}"): n
             for (k, red), n in wall.items()}
    assert tile_set(True, rules=rules) == named


def dealt(hand: Hand) -> tuple[tuple[int, bool], ...]:
    tiles = []
    for k, c in enumerate(hand.counts):
        reds = hand.red[FIVES.index(k)] if k in FIVES else 0
        tiles += [(k, True)] * reds + [(k, False)] * (c - reds)
    return tuple(sorted(tiles))


@pytest.mark.parametrize("rules", [RULE_SETS[0], RULE_SETS[4]], ids=["tenhou-3p", "two-red-3p"])
def test_deals_with_red_fives_follow_the_exact_law(rules: Rules) -> None:
    law = brute_hands(rules, 2, True)
    observed = Counter(map(dealt, sample_hands(40_000, 2, seed=21, rules=rules)))
    assert set(observed) <= set(law)  # no fifth copy, no red five the wall lacks
    index = {key: i for i, key in enumerate(law)}
    statistic, dof, p = chi_square({index[k]: v for k, v in observed.items()},
                                   {index[k]: v for k, v in law.items()})
    assert p > 1e-4, (statistic, dof, p)
