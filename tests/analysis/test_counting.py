"""Counting and enumerating hands: two counting methods, exhaustive enumeration, brute force."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from click.testing import CliRunner

from mjasp.analysis.counting import (
    count_dp,
    count_hands,
    count_series,
    enumerate_hands,
    hands_of,
    suit_hands,
    tile_set,
)
from mjasp.cli import main
from mjasp.core.errors import HandError, RulesError
from mjasp.rules import RULES, find_rules

WALLS = [(red, players) for red in (False, True) for players in (4, 3)]


@pytest.mark.parametrize(("red", "players"), WALLS)
def test_dp_and_series_agree_for_every_size(red: bool, players: int) -> None:
    copies = list(tile_set(red, rules=f"{players}p").values())
    for m in range(0, 15):
        assert count_dp(copies, m) == count_series(copies, m) == count_hands(
            m, red, rules=f"{players}p")
    # the whole wall: sizes beyond it have no hands, the full wall has exactly one
    assert count_dp(copies, sum(copies)) == count_series(copies, sum(copies)) == 1
    assert count_dp(copies, sum(copies) + 1) == count_series(copies, sum(copies) + 1) == 0


def test_tile_sets() -> None:
    assert sum(tile_set().values()) == 136 and len(tile_set()) == 34
    assert sum(tile_set(red=True).values()) == 136 and len(tile_set(red=True)) == 37
    assert sum(tile_set(rules="sanma").values()) == 108 and len(tile_set(rules="sanma")) == 27
    assert sorted(tile_set(red=True, rules="sanma").items())[:2] == [("0p", 1), ("0s", 1)]


def test_a_wall_with_two_red_5p() -> None:
    aka4 = RULES["tenhou"].replace(red_fives=(1, 2, 1))
    wall = tile_set(red=True, rules=aka4)
    assert (wall["5p"], wall["0p"], wall["5m"], wall["0m"]) == (2, 2, 3, 1)
    assert tile_set(red=True, rules="wrc") == tile_set(rules="wrc")  # no red fives at all
    # two-tile hands of 37 names: C(37, 2) pairs of different names + one pair of the same
    # name for each name with two copies or more: all but 0m and 0s (35) with aka 4, all
    # but 0m 0p 0s (34) with Tenhou's set
    assert count_hands(2, red=True, rules=aka4) == 37 * 36 // 2 + 35 == 701
    assert count_hands(2, red=True) == 37 * 36 // 2 + 34 == 700


@pytest.mark.parametrize(("red", "players"), WALLS)
def test_counts_match_distinct_multisets_of_ids(red: bool, players: int) -> None:
    """Brute force for small M: distinct multisets of the wall's tile labels."""
    labels = []
    for name, copies in tile_set(red, rules=f"{players}p").items():
        labels += [name] * copies
    for m in range(4):
        distinct = {tuple(sorted(labels[i] for i in ids))
                    for ids in itertools.combinations(range(len(labels)), m)}
        assert len(distinct) == count_hands(m, red, rules=f"{players}p")


def test_generating_function_by_polynomial_product() -> None:
    """A third route: multiply the polynomials out with numpy (object dtype: exact)."""
    for red, players in WALLS:
        poly = np.array([1], dtype=object)
        for copies in tile_set(red, rules=f"{players}p").values():
            poly = np.convolve(poly, np.ones(copies + 1, dtype=object))
        assert [poly[m] for m in range(15)] == [count_hands(m, red, rules=f"{players}p")
                                                for m in range(15)]


@pytest.mark.slow  # every vector of a suit, about 3 s: CI runs it
def test_single_suit_enumeration_is_exhaustive() -> None:
    """All vectors of {0..4}^9, bucketed by size with numpy, against the generator."""
    index = np.arange(5 ** 9)
    digits = (index[:, None] // 5 ** np.arange(9)) % 5
    sizes = np.bincount(digits.sum(axis=1), minlength=37)
    total = 0
    for m in [*range(15), 35, 36]:
        hands = list(suit_hands(m))
        assert len(hands) == sizes[m] == count_dp([4] * 9, m)
        assert hands == sorted(set(hands))  # lexicographic, no repeats
        assert all(sum(h) == m and max(h, default=0) <= 4 for h in hands)
        total += len(hands) if m <= 14 else 0
    assert list(suit_hands(37)) == []
    assert total == 405_350 == int((digits.sum(axis=1) <= 14).sum())


def test_enumerate_hands_with_uneven_copies() -> None:
    copies = [1, 3, 0, 2, 4]
    for m in range(12):
        expected = [h for h in itertools.product(*(range(c + 1) for c in copies))
                    if sum(h) == m]
        assert list(enumerate_hands(m, copies)) == expected
        assert len(expected) == count_dp(copies, m) == count_series(copies, m)


def test_hands_of_a_tile_set() -> None:
    kinds = find_rules("sanma").tile_kinds
    hands = list(hands_of(2, kinds))
    assert len(hands) == count_hands(2, rules="sanma") == len(set(hands))
    assert all(sum(h[1:8]) == 0 and sum(h) == 2 for h in hands)
    assert len(list(hands_of(5, range(5)))) == comb(5 + 5 - 1, 5) - 5  # no five of a kind


def test_bad_input() -> None:
    with pytest.raises(HandError):
        count_dp([4], -1)
    with pytest.raises(HandError):
        list(enumerate_hands(3, [4, -1]))
    with pytest.raises(HandError):
        list(hands_of(1, [40]))
    with pytest.raises(RulesError):
        count_hands(3, rules="2p")


def test_cli_count() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["count", "--tiles", "14", "--red", "--players", "3", "--json"])
    assert result.exit_code == 0
    assert f'"hands": {count_series(tile_set(True, rules="sanma").values(), 14)}' in result.output
    assert '"agree": true' in result.output
    result = runner.invoke(main, ["count", "--tiles", "13"])
    assert result.exit_code == 0 and str(count_hands(13)) in result.output
    bad = runner.invoke(main, ["count", "--tiles", "-1"])
    assert bad.exit_code == 2
    assert bad.output.startswith("mjasp: error: ") and bad.output.count("\n") == 1
    assert runner.invoke(main, ["count", "--tiles", "3", "--players", "5"]).exit_code == 2
