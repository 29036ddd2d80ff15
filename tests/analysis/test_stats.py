"""Exact shanten distribution: totals, brute force for small hands, the closed formulas of
chiitoitsu and kokushi against their definition, and a 1,000,000-deal chi-square test."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from math import comb, prod

import numpy as np
import pytest
from click.testing import CliRunner

from mjasp.analysis.counting import count_hands, enumerate_hands, hands_of
from mjasp.analysis.sampling import sample_counts
from mjasp.analysis.stats import (
    CAP,
    SEVEN,
    Key,
    _merge,
    replacement_numbers,
    shanten_distribution,
)
from mjasp.cli import main
from mjasp.core.errors import HandError, RulesError
from mjasp.core.tiles import TERMINALS_AND_HONORS
from mjasp.rules import find_rules
from mjasp.solvers import table
from mjasp.solvers.base import SUIT_SLICES
from tests.stat_helpers import chi_square, upper_gamma_regularized

xiangting = pytest.importorskip("xiangting")


def _peer_replacement(counts: list[int], players: int) -> int:
    """The peer library's replacement number (all forms), an independent implementation."""
    count = xiangting.PlayerCount.THREE if players == 3 else xiangting.PlayerCount.FOUR
    return int(xiangting.calculate_replacement_number(counts, count))


@pytest.mark.parametrize(("m", "players"), [
    (1, 4), (2, 4), (4, 4), (1, 3), (2, 3), (4, 3),
    pytest.param(5, 3, marks=pytest.mark.slow)])  # over 3 s: CI runs it
def test_small_hands_by_brute_force(m: int, players: int) -> None:
    """Every hand of m tiles, weighted by the ways to pick its copies, shanten by the peer."""
    deals: Counter[int] = Counter()
    hands: Counter[int] = Counter()
    for counts in hands_of(m, find_rules("sanma" if players == 3 else "standard").tile_kinds):
        s = _peer_replacement(list(counts), players) - 1
        deals[s] += prod(comb(4, c) for c in counts)
        hands[s] += 1
    for form in ("all", "standard"):
        dist = shanten_distribution(m, form, rules=f"{players}p")
        assert dist.deals == dict(deals) and dist.hands == dict(hands)
    assert sum(deals.values()) == comb(136 if players == 4 else 108, m)


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("m", [13, 14])
def test_totals_are_exact(m: int, players: int) -> None:
    for form in ("all", "standard"):
        dist = shanten_distribution(m, form, rules=f"{players}p")
        assert dist.total_deals == comb(136 if players == 4 else 108, m)
        assert dist.total_hands == count_hands(m, rules=f"{players}p")
        assert min(dist.deals) == (-1 if m == 14 else 0)
    best = shanten_distribution(m, "all", rules=f"{players}p")
    standard = shanten_distribution(m, "standard", rules=f"{players}p")
    # more forms can only lower shanten: the all-forms law is stochastically smaller
    for s in range(-1, 9):
        below = sum(v for k, v in best.deals.items() if k <= s)
        assert below >= sum(v for k, v in standard.deals.items() if k <= s)


#: A row no standard replacement number reaches, to read one special form off alone.
_FAR: tuple[int, ...] = (99,) * 10


def _chiitoitsu_formula(h: tuple[int, ...]) -> int:
    """stats' seven-pairs number, alone: no orphans held makes kokushi 14, out of reach."""
    pairs = min(SEVEN, sum(c >= 2 for c in h))
    kinds = min(SEVEN, sum(c >= 1 for c in h))
    return replacement_numbers((sum(h), _FAR, pairs, kinds, 0, 0))[1]


# the nine-kind universe (most of the work) under slow: CI runs it
@pytest.mark.parametrize("universe", [7, 8, pytest.param(9, marks=pytest.mark.slow)])
def test_chiitoitsu_formula_against_the_definition(universe: int) -> None:
    """r = min over 7 distinct kinds S of Σ_S max(0, 2 − h), every hand of 13/14 tiles
    over small universes (the formula does not depend on the universe size ≥ 7)."""
    shapes = np.array(list(itertools.combinations(range(universe), 7)))
    for m in (13, 14):
        hands = np.array(list(enumerate_hands(m, [4] * universe)))
        missing = np.maximum(0, 2 - hands)  # draws for a pair of each kind
        best = missing[:, shapes].sum(axis=2).min(axis=1)
        assert best.tolist() == [_chiitoitsu_formula(tuple(h)) for h in hands.tolist()]


# the fast loop on the first 5,000 seeded hands, CI on 20,000
@pytest.mark.parametrize("cases", [pytest.param(20_000, marks=pytest.mark.slow), 5_000])
def test_kokushi_formula_against_the_definition(cases: int) -> None:
    """r = min over the pair's kind j of Σ_k max(0, w_k − h_k) with w = 1 + [k = j]."""
    rng = random.Random(4)
    for _ in range(cases):
        m = rng.choice((13, 14))
        # deal from the 13 orphans and 3 other kinds so that many cases are near-complete
        pool = [k for k in range(16) for _ in range(4)]
        h = Counter(rng.sample(pool, m))
        held = [h[k] for k in range(13)]
        best = min(sum(max(0, 1 + (k == j) - held[k]) for k in range(13)) for j in range(13))
        # stats' thirteen-orphans number, alone: no pairs nor kinds make seven pairs 14
        key = (m, _FAR, 0, 0, sum(c >= 1 for c in held), int(max(held) >= 2))
        assert best == replacement_numbers(key)[1]


def _sample_laws(n: int, m: int, seed: int, players: int) -> tuple[Counter[int], Counter[int]]:
    counts = sample_counts(n, m, seed=seed, rules=f"{players}p")
    every = Counter(_peer_replacement(h, players) - 1 for h in counts.tolist())
    standard = table.batch_standard(counts, 4, three_player=players == 3).astype(int) - 1
    return every, Counter(standard.tolist())


@pytest.mark.slow
@pytest.mark.parametrize(("m", "players", "n"),
                         [(13, 4, 1_000_000), (14, 4, 1_000_000), (14, 3, 200_000)])
def test_exact_law_agrees_with_a_million_deals(m: int, players: int, n: int) -> None:
    every, standard = _sample_laws(n, m, seed=1, players=players)
    for form, observed in (("all", every), ("standard", standard)):
        exact = shanten_distribution(m, form, rules=f"{players}p")
        statistic, dof, p = chi_square(observed, exact.deals)
        assert dof >= 5 and p > 1e-4, (form, statistic, dof, p)


def test_batch_standard_agrees_with_the_mahjong_peer() -> None:
    """The standard-form sample values come from the tables: check them on 5,000 deals."""
    shanten_peer = pytest.importorskip("mahjong.shanten")
    counts = sample_counts(5_000, 14, seed=3)
    ours = table.batch_standard(counts, 4).astype(int) - 1
    peer = shanten_peer.Shanten()
    assert ours.tolist() == [peer.calculate_shanten_for_regular_hand(h)
                             for h in counts.tolist()]


def test_suit_groups_carry_every_vector() -> None:
    from mjasp.analysis.stats import suit_groups  # the grouping step alone

    for suit, kinds in (("number", 9), ("honor", 7)):
        groups = suit_groups(14, suit == "honor", (4,) * kinds)
        for c in range(15):
            deals = sum(w[0] for k, w in groups.items() if k[0] == c)
            hands = sum(w[1] for k, w in groups.items() if k[0] == c)
            assert deals == comb(4 * kinds, c)
            assert hands == sum(1 for _ in enumerate_hands(c, [4] * kinds))
    man = suit_groups(14, False, (4, 0, 0, 0, 0, 0, 0, 0, 4))  # sanma's manzu: 1m, 9m
    assert sum(w[0] for w in man.values()) == sum(comb(8, c) for c in range(9))


def test_chi_square_p_value_matches_known_quantiles() -> None:
    # 60/40 against 50/50: statistic 4 on 1 degree of freedom, p = erfc(sqrt(2)) = 0.0455
    statistic, dof, p = chi_square({0: 60, 1: 40}, {0: 1, 1: 1})
    assert (statistic, dof) == (4.0, 1) and p == pytest.approx(math.erfc(math.sqrt(2)), rel=1e-9)
    # 95% quantiles of chi-square with 10 and 30 degrees of freedom (textbook tables)
    for dof, quantile in ((10, 18.307038), (30, 43.772972)):
        assert upper_gamma_regularized(dof / 2, quantile / 2) == pytest.approx(0.05, abs=1e-6)


def test_bad_requests() -> None:
    with pytest.raises(HandError):
        shanten_distribution(12)
    with pytest.raises(HandError):
        shanten_distribution(13, form="kokushi")
    with pytest.raises(RulesError):
        shanten_distribution(13, rules="5p")


def test_cli_stats() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["stats", "--tiles", "5", "--json"])
    assert result.exit_code == 0
    assert f'"total_deals": {comb(136, 5)}' in result.output
    result = runner.invoke(main, ["stats", "--tiles", "4", "--players", "3"])
    assert result.exit_code == 0 and str(comb(108, 4)) in result.output
    bad = runner.invoke(main, ["stats", "--tiles", "6"])
    assert bad.exit_code == 2 and "3n+1" in bad.output
    assert runner.invoke(main, ["stats", "--form", "pairs"]).exit_code == 2


def _hand_key(counts: list[int]) -> Key:
    """A whole hand's key, one suit key at a time through stats' merge; the orphans are
    taken from ``TERMINALS_AND_HONORS``, not from the suit positions stats uses."""
    key: Key = (0, (0,) + (CAP,) * 9, 0, 0, 0, 0)  # the empty hand
    for base, size, honors in SUIT_SLICES:
        suit = counts[base:base + size]
        orphans = [counts[t] for t in range(base, base + size) if t in TERMINALS_AND_HONORS]
        row = tuple(min(CAP, v) for v in table.suit_values(suit, honors))
        key = _merge(key, (sum(suit), row, min(SEVEN, sum(c >= 2 for c in suit)),
                           min(SEVEN, sum(c >= 1 for c in suit)),
                           sum(c >= 1 for c in orphans), int(any(c >= 2 for c in orphans))))
    return key


def test_replacement_numbers_of_a_hand_key_match_the_peer() -> None:
    """Per hand, the key stats groups by gives the peer's all-forms number and the table's
    standard one: 13/14-tile hands dealt at random, from orphans (kokushi near) and from
    seven kinds (seven pairs near)."""
    rng = random.Random(11)
    walls = [list(range(34)) * 4, list(TERMINALS_AND_HONORS) * 4 + [1, 2, 3] * 4]
    for _ in range(3000):
        m = rng.choice((13, 14))
        wall = rng.choice([*walls, rng.sample(range(34), 7) * 4])
        counts = [0] * 34
        for tile in rng.sample(wall, m):
            counts[tile] += 1
        standard, best = replacement_numbers(_hand_key(counts))
        assert standard == table.standard_replacement(counts, 4)
        assert best == _peer_replacement(counts, 4), counts


def _complete_suit_vectors(kinds: int, sequences: bool,
                           allowed: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every vector of one suit that is some melds (at most 4) and at most one pair."""
    melds = [tuple(3 * (k == t) for k in range(kinds)) for t in allowed]
    if sequences:
        melds += [tuple(int(t <= k <= t + 2) for k in range(kinds)) for t in range(kinds - 2)]
    pairs = [tuple([0] * kinds)] + [tuple(2 * (k == t) for k in range(kinds)) for t in allowed]
    vectors = set()
    for n in range(5):
        for chosen in itertools.combinations_with_replacement(melds, n):
            for pair in pairs:
                v = tuple(map(sum, zip(pair, *chosen, strict=True)))
                if max(v) <= 4:
                    vectors.add(v)
    return vectors


def _complete_suits(players: int) -> list[set[tuple[int, ...]]]:
    """Complete vectors of man, pin, sou, honors (sanma: the man suit has only 1m and 9m)."""
    number_kinds = tuple(range(9))
    man_kinds = (0, 8) if players == 3 else number_kinds
    return [_complete_suit_vectors(9, players == 4, man_kinds),
            _complete_suit_vectors(9, True, number_kinds),
            _complete_suit_vectors(9, True, number_kinds),
            _complete_suit_vectors(7, False, tuple(range(7)))]


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 3])
def test_complete_hands_by_listing_every_winning_shape(players: int) -> None:
    """The −1 cell of M = 14, from the winning shapes themselves: per suit every union of
    melds and a pair, multiplied over suits with 14 tiles in all; then add seven pairs and
    thirteen orphans and take away the hands that are both seven pairs and standard."""
    suits = _complete_suits(players)

    def law(vectors: list[set[tuple[int, ...]]]) -> tuple[int, int]:
        """(deals, hands) of 14 tiles made of one vector per suit, one of them with the pair
        (a suit holds the pair iff its tile count is 2 mod 3)."""
        states = {(0, 0): (1, 1)}
        for suit in vectors:
            nxt: dict[tuple[int, int], tuple[int, int]] = {}
            for (tiles, pairs), (d, h) in states.items():
                for v in suit:
                    key = (tiles + sum(v), pairs + (sum(v) % 3 == 2))
                    if key[0] <= 14 and key[1] <= 1:
                        old = nxt.get(key, (0, 0))
                        nxt[key] = (old[0] + d * prod(comb(4, c) for c in v), old[1] + h)
            states = nxt
        return states[(14, 1)]

    standard = law(suits)
    both = law([{v for v in suit if set(v) <= {0, 2}} for suit in suits])  # pairs only
    kinds = 34 if players == 4 else 27
    chiitoitsu = (comb(kinds, 7) * 6 ** 7, comb(kinds, 7))
    kokushi = (13 * 6 * 4 ** 12, 13)
    every = tuple(s + c + k - b for s, c, k, b in zip(standard, chiitoitsu, kokushi, both,
                                                      strict=True))
    for form, (deals, hands) in (("standard", standard), ("all", every)):
        dist = shanten_distribution(14, form, rules=f"{players}p")
        assert (dist.deals[-1], dist.hands[-1]) == (deals, hands)


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 3])
def test_tenpai_hands_by_removing_a_tile_from_winning_shapes(players: int) -> None:
    """The shanten-0 cell of M = 13, standard form, from the winning shapes: a suit vector
    either is complete (C) or becomes complete with one more tile (T = C − e_k); a hand is
    tenpai iff one suit plays T, the others C, and the completed hand has one pair."""
    complete = _complete_suits(players)
    Options = frozenset[tuple[int, int]]  # reachable (suits playing T, pairs) so far
    states: dict[tuple[int, Options], tuple[int, int]] = {(0, frozenset({(0, 0)})): (1, 1)}
    for suit in complete:
        one_short = {(*v[:k], v[k] - 1, *v[k + 1:]) for v in suit for k in range(len(v))
                     if v[k] >= 1}
        nxt: dict[tuple[int, Options], tuple[int, int]] = {}
        for v in suit | one_short:
            roles = set()
            if v in suit:
                roles.add((0, int(sum(v) % 3 == 2)))
            if v in one_short:
                roles.add((1, int((sum(v) + 1) % 3 == 2)))
            weight = prod(comb(4, c) for c in v)
            for (tiles, options), (d, h) in states.items():
                reach = frozenset((a + x, b + y) for a, b in options for x, y in roles
                                  if a + x <= 1 and b + y <= 1)
                if reach and tiles + sum(v) <= 13:
                    key = (tiles + sum(v), reach)
                    old = nxt.get(key, (0, 0))
                    nxt[key] = (old[0] + d * weight, old[1] + h)
        states = nxt
    deals = sum(d for (tiles, reach), (d, _) in states.items() if tiles == 13 and (1, 1) in reach)
    hands = sum(h for (tiles, reach), (_, h) in states.items() if tiles == 13 and (1, 1) in reach)
    dist = shanten_distribution(13, "standard", rules=f"{players}p")
    assert (dist.deals[0], dist.hands[0]) == (deals, hands)
