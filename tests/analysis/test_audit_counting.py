"""Counting and dealing on small tile sets, against brute force and exact laws.

Counts: the distinct multisets of labelled tiles (every ``itertools.combinations`` of the
physical tiles, sorted and put in a set) — a method that knows nothing of DPs or power
series — on one suit, honours only, the three-player wall, sets with tiles removed (seen
elsewhere) and kinds of 1 to 4 copies.

Deals: the joint law of a whole small deal (the kind counts of 2 or 3 tiles), against the
exact number of ways Π C(4, c_k) to pick each multiset — a chi-square test per wall.
The deals are seeded, so each test is deterministic; were the sampler exactly uniform,
an unseeded run would fail each test with probability 1e-4 (the p-value threshold).
"""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb, prod

import pytest

from mjasp.analysis.counting import count_dp, count_series, enumerate_hands, hands_of
from mjasp.analysis.sampling import sample_counts, sample_hands
from mjasp.analysis.winning_hands import random_winning_hands
from mjasp.core.errors import HandError
from mjasp.rules import RULES, find_rules
from tests.stat_helpers import chi_square


def brute_count(copies: list[int], m: int) -> int:
    """Distinct hands of ``m`` tiles: every choice of ``m`` physical tiles, as a sorted tuple
    of kind labels, deduplicated."""
    tiles = [kind for kind, n in enumerate(copies) for _ in range(n)]
    return len({tuple(tiles[i] for i in chosen)
                for chosen in itertools.combinations(range(len(tiles)), m)})


#: Small tile sets: (what, copies per kind).
SETS = [
    ("one suit", [4] * 9),
    ("honours only", [4] * 7),
    ("three-player terminals of manzu", [4, 4]),
    ("one suit, 5m and 1m seen twice", [2, 4, 4, 4, 3, 4, 4, 4, 4]),
    ("1 to 4 copies", [1, 2, 3, 4, 1, 2, 3, 4]),
    ("a kind used up", [0, 4, 1, 0, 3]),
    ("one copy of each of 12 kinds", [1] * 12),
]


@pytest.mark.parametrize(("what", "copies"), SETS, ids=[s[0] for s in SETS])
def test_counts_equal_brute_force(what: str, copies: list[int]) -> None:
    top = min(sum(copies), 6)  # combinations of up to 36 tiles, 6 at a time: quick
    for m in range(top + 1):
        expected = brute_count(copies, m)
        assert count_dp(copies, m) == count_series(copies, m) == expected, (what, m)
        hands = list(enumerate_hands(m, copies))
        assert len(hands) == len(set(hands)) == expected
    assert count_dp(copies, sum(copies)) == count_series(copies, sum(copies)) == 1


def test_the_three_player_wall_with_tiles_seen() -> None:
    """The sanma wall minus a seen 1m, 9p and two 5z: counts of up to 3 tiles by brute
    force (C(104, 3) = 182,104 choices)."""
    copies = [4] * 34
    for kind in range(1, 8):  # 2m-8m are not in the wall
        copies[kind] = 0
    assert [k for k in range(34) if copies[k]] == list(find_rules("sanma").tile_kinds)
    for kind in (0, 17, 31, 31):
        copies[kind] -= 1
    for m in range(4):
        assert count_dp(copies, m) == count_series(copies, m) == brute_count(copies, m)


def test_sizes_beyond_the_set_are_zero_at_once() -> None:
    """A size larger than the set has no hand; the DP and the series used to build a
    table as long as the size first (a size of 10**12 never finished)."""
    for copies in ([4] * 34, [1, 2], []):
        for m in (sum(copies) + 1, 10**12):
            assert count_dp(copies, m) == count_series(copies, m) == 0
            assert list(enumerate_hands(m, copies)) == []


@pytest.mark.parametrize("copies", [[4.5, 4], [4.0], ["4"], [True, 4]])
def test_a_copy_number_that_is_not_an_int_is_refused(copies: list[object]) -> None:
    """4.5 copies used to count as if it were a number (count_dp([4.5]*3, 2) was 6)."""
    for count in (count_dp, count_series):
        with pytest.raises(HandError, match="number of copies"):
            count(copies, 2)  # type: ignore[arg-type]
    with pytest.raises(HandError, match="number of copies"):
        list(enumerate_hands(2, copies))  # type: ignore[arg-type]


def test_a_tile_kind_that_is_not_an_int_is_refused() -> None:
    with pytest.raises(HandError, match="tile kind"):
        list(hands_of(2, [True]))


@pytest.mark.parametrize(("rules", "m", "n", "seed"), [
    ("4p", 2, 300_000, 12),     # 595 multisets; a pair expects 196
    ("sanma", 3, 400_000, 11),  # 3,654 multisets; a triplet expects 7.8
])
def test_whole_deals_follow_the_exact_law(rules: str, m: int, n: int, seed: int) -> None:
    kinds = list(find_rules(rules).tile_kinds)
    counts = sample_counts(n, m, seed=seed, rules=rules)[:, kinds]
    observed = Counter(map(bytes, counts))
    law = {bytes(h): prod(comb(4, c) for c in h)
           for h in enumerate_hands(m, [4] * len(kinds))}
    assert sum(law.values()) == comb(4 * len(kinds), m)
    assert set(observed) <= set(law)  # nothing outside the wall, no fifth copy
    index = {key: i for i, key in enumerate(law)}
    statistic, dof, p = chi_square({index[k]: v for k, v in observed.items()},
                                   {index[k]: v for k, v in law.items()})
    assert dof == len(law) - 1 and p > 1e-4, (statistic, dof, p)


def test_dealt_hands_have_the_red_fives_of_the_rules() -> None:
    """The WRC's wall has no red five: its deals used to hold 0m/0p/0s (ids 16, 52, 88),
    hands that ``mjasp.score(..., rules="wrc")`` refuses. The same seed deals the same
    tiles; only the red marks follow the rules."""
    tenhou = sample_hands(400, 14, seed=4)
    wrc = sample_hands(400, 14, seed=4, rules="wrc")
    assert [h.counts for h in wrc] == [h.counts for h in tenhou]
    assert sum(sum(h.red) for h in tenhou) > 0 and not any(sum(h.red) for h in wrc)


def test_two_red_5p_are_dealt_by_the_hypergeometric_law() -> None:
    """With two red 5p in the wall, the red 5p of a 14-tile deal number k with probability
    C(2, k) C(134, 14 - k) / C(136, 14)."""
    aka = RULES["tenhou"].replace(red_fives=(1, 2, 1))
    hands = sample_hands(10_000, 14, seed=6, rules=aka)
    observed = Counter(h.red[1] for h in hands)
    law = {k: comb(2, k) * comb(134, 14 - k) for k in range(3)}
    assert observed[2] > 0 and all(h.red[0] <= 1 and h.red[2] <= 1 for h in hands)
    assert chi_square(observed, law)[2] > 1e-4


def test_random_winning_hands_have_red_fives_only_where_the_wall_does() -> None:
    for rules, allowed in (("wrc", (0, 0, 0)), ("tenhou-3p", (0, 1, 1)), ("tenhou", (1, 1, 1))):
        hands = random_winning_hands(300, seed=1, rules=rules, red=True)
        assert all(r <= a for h in hands for r, a in zip(h.red, allowed, strict=True))
        # where the wall has one, a held five is red about half the time
        assert any(h.red[1] for h in hands) == (allowed[1] > 0)
