"""Whole-hand shanten: table (single and batch) vs independent methods, API and errors.

Independent references computed here:

* brute force combine — per-suit values from ``brute.all_suit_values`` (shape lattice,
  no table code), combined by an explicit enumeration of which suit holds the pair and
  how the melds split between suits (not the (min,+) fold the table uses);
* ``brute.standard`` with caps (direct distance to every shape) for declared melds;
* ``brute.chiitoitsu`` / ``brute.kokushi`` (enumeration) for the special forms;
* CP-SAT on a seeded subset;
* the peers ``xiangting`` (bingpai only: it cannot see declared melds) and ``mahjong``.

Hands (seeded): 60,000 closed 13-tile + 60,000 closed 14-tile, 40,000 with fewer tiles
(melds implied by the count), 40,000 three-player 13/14-tile, 4,000 with declared melds:
204,000 in all.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest

from mjasp import Form, Hand, HandError, Meld, MeldKind, RulesError
from mjasp.analysis.shanten import (
    discards,
    effective_tiles,
    shanten,
    shanten_batch,
    shanten_forms,
)
from mjasp.core.tiles import SANMA_REMOVED, tile_kind, tile_name
from mjasp.solvers import brute, cpsat, table

xiangting = pytest.importorskip("xiangting")
mahjong_shanten = pytest.importorskip("mahjong.shanten")

SEED = 4_2026
SANMA_KINDS = [k for k in range(34) if k not in SANMA_REMOVED]
SUITS = ((0, 9), (9, 9), (18, 9), (27, 7))


def random_hands(rng: np.random.Generator, n: int, size: int,
                 kinds: list[int] | None = None) -> np.ndarray:
    """``n`` hands of ``size`` tiles drawn without replacement from 4 copies of ``kinds``."""
    wall = np.repeat(np.array(kinds if kinds is not None else list(range(34))), 4)
    out = np.zeros((n, 34), dtype=np.uint8)
    for start in range(0, n, 10_000):
        rows = min(10_000, n - start)
        pick = np.argpartition(rng.random((rows, len(wall))), size, axis=1)[:, :size]
        drawn = wall[pick]
        np.add.at(out[start:start + rows], (np.repeat(np.arange(rows), size),
                                            drawn.reshape(-1)), 1)
    return out


@pytest.fixture(scope="module")
def lattice() -> dict[bool, np.ndarray]:
    return {honors: brute.all_suit_values(honors).astype(np.int64) for honors in (False, True)}


def brute_combine(hands: np.ndarray, lattice: dict[bool, np.ndarray],
                  three_player: bool = False) -> np.ndarray:
    """Standard-form replacement numbers: explicit pair-suit and meld-split enumeration."""
    rows = []
    for base, size in SUITS:
        index = hands[:, base:base + size].astype(np.int64) @ (5 ** np.arange(size))
        rows.append(lattice[size == 7][index])
    if three_player:
        # manzu holds only 1m and 9m: direct enumeration with 2m-8m capped at zero
        cap = (4, 0, 0, 0, 0, 0, 0, 0, 4)
        man = np.array([brute.suit_values((a, 0, 0, 0, 0, 0, 0, 0, b), False, cap)
                        for a in range(5) for b in range(5)], dtype=np.int64)
        rows[0] = man[5 * hands[:, 0].astype(np.int64) + hands[:, 8]]
    melds = hands.sum(axis=1) // 3
    best = np.full(len(hands), 999, dtype=np.int64)
    for n in np.unique(melds):
        sel = melds == n
        for pair_suit in range(4):
            for split in itertools.product(range(n + 1), repeat=4):
                if sum(split) != n:
                    continue
                total = sum(rows[s][sel, 5 * (s == pair_suit) + split[s]] for s in range(4))
                best[sel] = np.minimum(best[sel], total)
    return best


@pytest.fixture(scope="module")
def closed_hands() -> np.ndarray:
    rng = np.random.default_rng(SEED)
    return np.concatenate([random_hands(rng, 60_000, 13), random_hands(rng, 60_000, 14)])


@pytest.mark.slow
def test_closed_hands_batch_equals_brute_force(kernel_path: str, closed_hands: np.ndarray,
                                               lattice: dict[bool, np.ndarray]) -> None:
    expected = brute_combine(closed_hands, lattice) - 1
    assert np.array_equal(shanten_batch(closed_hands, form="standard"), expected)


@pytest.mark.slow
def test_closed_hands_single_calls_equal_batch(kernel_path: str, closed_hands: np.ndarray) -> None:
    batch = shanten_batch(closed_hands)
    for form in Form:
        per_form = shanten_batch(closed_hands, form=form)
        assert (batch <= per_form).all()
    for row, value in zip(closed_hands[::4], batch[::4], strict=True):
        assert shanten(Hand.from_counts(row)) == value


@pytest.mark.slow
def test_closed_hands_match_xiangting(kernel_path: str, closed_hands: np.ndarray) -> None:
    # same definition (replacement number, four-copy limit, all three forms)
    batch = shanten_batch(closed_hands)
    four = xiangting.PlayerCount.FOUR
    for row, value in zip(closed_hands, batch, strict=True):
        assert xiangting.calculate_replacement_number(row.tolist(), four) - 1 == value


def test_closed_hands_match_mahjong(closed_hands: np.ndarray) -> None:
    calc = mahjong_shanten.Shanten
    sample = closed_hands[::12]
    batch = shanten_batch(sample)
    for row, value in zip(sample, batch, strict=True):
        assert calc.calculate_shanten(row.tolist()) == value


@functools.cache
def brute_special(counts: tuple[int, ...]) -> tuple[int, int]:
    """Seven-pairs and thirteen-orphans shanten by enumeration, kept for the other kernel
    path (the same hands, the same answers: only the engine under test changes)."""
    return brute.chiitoitsu(counts) - 1, brute.kokushi(counts) - 1


# the seven-pairs enumeration is 2**kinds per hand: 100 hands in the fast loop, 250 in CI
@pytest.mark.parametrize("step", [pytest.param(480, marks=pytest.mark.slow), 1200])
def test_special_forms_equal_enumeration(kernel_path: str, closed_hands: np.ndarray,
                                         step: int) -> None:
    sample = closed_hands[::step]
    seven = shanten_batch(sample, form="chiitoitsu")
    orphans = shanten_batch(sample, form="kokushi")
    for row, s7, s13 in zip(sample, seven, orphans, strict=True):
        counts = row.tolist()
        assert brute_special(tuple(counts)) == (s7, s13)
        forms = shanten_forms(Hand.from_counts(counts)).forms
        assert (forms[Form.CHIITOITSU], forms[Form.KOKUSHI]) == (s7, s13)


def test_seven_pairs_with_quads_rule(kernel_path: str) -> None:
    rng = np.random.default_rng(SEED + 7)
    hands = random_hands(rng, 400, 14, kinds=list(range(8)))  # crowded: many 3s and 4s
    got = shanten_batch(hands, rules="chiitoitsu-quad", form="chiitoitsu")
    plain = shanten_batch(hands, form="chiitoitsu")
    for row, value, without in zip(hands, got, plain, strict=True):
        counts = row.tolist()
        assert brute.chiitoitsu(counts, quads_as_two_pairs=True) - 1 == value
        assert brute.chiitoitsu(counts) - 1 == without
        assert shanten(Hand.from_counts(counts), form="chiitoitsu",
                       rules="chiitoitsu-quad") == value
    assert (got < plain).any()  # the rule matters on some of these hands


@pytest.mark.slow
def test_fewer_tiles_melds_implied_by_count(kernel_path: str,
                                            lattice: dict[bool, np.ndarray]) -> None:
    rng = np.random.default_rng(SEED + 1)
    hands = np.concatenate([random_hands(rng, 5000, size) for size in (1, 2, 4, 5, 7, 8, 10, 11)])
    expected = brute_combine(hands, lattice) - 1
    got = shanten_batch(hands)
    assert np.array_equal(got, expected)
    four = xiangting.PlayerCount.FOUR
    for row, value in zip(hands[::5], got[::5], strict=True):
        assert shanten(Hand.from_counts(row)) == value
        assert xiangting.calculate_replacement_number(row.tolist(), four) - 1 == value


@pytest.mark.slow
def test_three_player_hands(kernel_path: str, lattice: dict[bool, np.ndarray]) -> None:
    rng = np.random.default_rng(SEED + 2)
    hands = np.concatenate([random_hands(rng, 20_000, 13, SANMA_KINDS),
                            random_hands(rng, 20_000, 14, SANMA_KINDS)])
    expected = brute_combine(hands, lattice, three_player=True) - 1
    assert np.array_equal(shanten_batch(hands, rules="sanma", form="standard"), expected)
    got = shanten_batch(hands, rules="sanma")
    three = xiangting.PlayerCount.THREE
    calc = mahjong_shanten.Shanten
    for i, (row, value) in enumerate(zip(hands, got, strict=True)):
        assert xiangting.calculate_replacement_number(row.tolist(), three) - 1 == value
        if i % 20 == 0:
            assert shanten(Hand.from_counts(row), rules="sanma") == value
            assert calc.calculate_shanten(row.tolist(), is_three_player=True) == value


def random_open_hand(rng: np.random.Generator) -> Hand:
    """A hand with 1-4 declared melds (chi, pon, open or closed kan) and the rest drawn."""
    while True:
        left = np.full(34, 4)
        melds = []
        for _ in range(int(rng.integers(1, 5))):
            kind = MeldKind(int(rng.integers(0, 4)))
            if kind is MeldKind.CHI:
                tile = int(rng.integers(0, 3)) * 9 + int(rng.integers(0, 7))
                used = [tile, tile + 1, tile + 2]
            else:
                tile = int(rng.integers(0, 34))
                used = [tile] * (3 if kind is MeldKind.PON else 4)
            for t in used:
                left[t] -= 1
            melds.append(Meld(kind, tile))
        if (left < 0).any():
            continue
        size = 13 - 3 * len(melds) + int(rng.integers(0, 2))
        wall = np.repeat(np.arange(34), left)
        counts = np.bincount(rng.choice(wall, size=size, replace=False), minlength=34)
        return Hand.from_counts(counts, melds)


@pytest.fixture(scope="module")
def open_hands() -> list[Hand]:
    rng = np.random.default_rng(SEED + 3)
    return [random_open_hand(rng) for _ in range(4000)]


@pytest.mark.slow
def test_declared_melds_respect_the_four_copy_limit(open_hands: list[Hand]) -> None:
    four = xiangting.PlayerCount.FOUR
    capped_differs = 0
    for hand in open_hands:
        total = hand.total_counts()
        cap = [4 - t + c for t, c in zip(total, hand.counts, strict=True)]
        melds = 4 - len(hand.melds)
        expected = brute.standard(hand.counts, melds, cap) - 1
        assert shanten(hand) == expected, str(hand)
        assert shanten_forms(hand).forms == {Form.STANDARD: expected}
        # the peers see only the concealed tiles, so they agree with the uncapped value;
        # they differ from mjasp exactly where a declared meld holds a needed copy
        uncapped = table.standard_replacement(hand.counts, melds) - 1
        peer = xiangting.calculate_replacement_number(list(hand.counts), four) - 1
        assert peer == uncapped, str(hand)
        capped_differs += uncapped != expected
    # the cap must bind on some hands for this test to mean anything
    assert capped_differs > 0


def test_cpsat_on_a_seeded_subset(closed_hands: np.ndarray, open_hands: list[Hand]) -> None:
    rng = np.random.default_rng(SEED + 4)
    sanma = random_hands(rng, 20, 14, SANMA_KINDS)
    small = random_hands(rng, 20, 8)
    cases = ([(Hand.from_counts(r), None) for r in closed_hands[::3000]]
             + [(Hand.from_counts(r), "sanma") for r in sanma]
             + [(Hand.from_counts(r), None) for r in small]
             + [(h, None) for h in open_hands[:30]])
    for hand, rules in cases:
        assert (shanten_forms(hand, rules=rules, solver="cpsat").forms
                == shanten_forms(hand, rules=rules).forms), str(hand)


def test_cpsat_reused_model_equals_fresh_model(closed_hands: np.ndarray) -> None:
    for row in closed_hands[:10]:
        counts = row.tolist()
        assert (cpsat.replacement(counts, 4, [4] * 34, "standard", reuse=False)
                == cpsat.replacement(counts, 4, [4] * 34, "standard"))


TRAPS = [
    ("123456789m1111z", None, 1),
    ("1112223334444z", None, 1),
    ("1111m111122233z", None, 1),
    ("1111m111122233z", "sanma", 2),
    ("19m19p19s12345z", None, 6),
    ("12479s5p344569m5z", None, 3),
    ("145s36m12579p256z", None, 5),
    ("245568m245568p77s", None, 2),
]


@pytest.mark.parametrize(("text", "rules", "reported"), TRAPS)
def test_trap_cases(kernel_path: str, text: str, rules: str | None, reported: int) -> None:
    hand = Hand.parse(text)
    sanma = rules == "sanma"
    closed = hand.concealed_count >= 13
    # derived independently: brute force per form, minimum over the forms
    derived = brute.standard(hand.counts, hand.concealed_count // 3, three_player=sanma)
    if closed:
        kinds = SANMA_KINDS if sanma else list(range(34))
        derived = min(derived, brute.chiitoitsu(hand.counts, allowed=kinds),
                      brute.kokushi(hand.counts))
    assert derived - 1 == reported
    for solver in ("table", "cpsat", "brute"):
        assert shanten(hand, rules=rules, solver=solver) == reported


@pytest.mark.parametrize(("text", "message"), [
    ("11111m123p456s11z", "5 copies"),
    ("123456789m111z", "12 concealed tiles"),
    ("1234m [456p]", "1 declared meld leaves"),
])
def test_bad_hands(kernel_path: str, text: str, message: str) -> None:
    with pytest.raises(HandError, match=message):
        shanten(text)


def test_three_player_rejects_2m(kernel_path: str) -> None:
    with pytest.raises(HandError, match="2m is not in the tenhou-3p"):
        shanten("2m123p456s789s1122z", rules="sanma")
    with pytest.raises(HandError, match="2m-8m"):
        shanten_batch([[0, 1] + [0] * 32], rules="sanma")


def test_bad_batches_and_options(kernel_path: str) -> None:
    with pytest.raises(HandError, match="row 1 has 12 tiles"):
        shanten_batch([[2] + [0] * 33, [4, 4, 4] + [0] * 31])
    with pytest.raises(HandError, match=r"0\.\.4"):
        shanten_batch([[5] + [0] * 33])
    with pytest.raises(HandError, match="shape"):
        shanten_batch([1, 2, 3])
    with pytest.raises(HandError, match="closed hand"):
        shanten("123m456p789s1z [111z]", form="kokushi")
    with pytest.raises(RulesError, match="unknown solver"):
        shanten("123m456p789s1122z", solver="abacus")
    with pytest.raises(RulesError, match="unknown form"):
        shanten("123m456p789s1122z", form="eight pairs")
    with pytest.raises(RulesError, match="unknown form"):
        shanten_batch([[1] + [0] * 33], form="eight pairs")


def test_closed_kan_rules_out_special_forms(kernel_path: str) -> None:
    forms = shanten_forms("19m19p19s12345z (6666z)").forms
    assert list(forms) == [Form.STANDARD]


@functools.cache
def brute_effective(hand: Hand) -> frozenset[int]:
    """Kinds whose draw lowers the brute-force shanten (all forms a closed hand allows;
    declared melds cap the target and leave only the standard form). Kept per hand: each
    kernel path asks for the same hands."""
    total = hand.total_counts()
    cap = [4 - t + c for t, c in zip(total, hand.counts, strict=True)]

    def value(counts: list[int]) -> int:
        best = brute.standard(counts, sum(counts) // 3, cap)
        if not hand.melds and sum(counts) >= 13:
            best = min(best, brute.chiitoitsu(counts), brute.kokushi(counts))
        return best
    base = value(list(hand.counts))
    found = set()
    for kind in range(34):
        if total[kind] < 4:
            drawn = list(hand.counts)
            drawn[kind] += 1
            if value(drawn) < base:
                found.add(kind)
    return frozenset(found)


# 120 hands (3 by brute force) in the fast loop, 300 (6) in CI
@pytest.mark.parametrize(("step", "brute_forced"), [
    pytest.param(200, 6, marks=pytest.mark.slow), (500, 3)])
def test_effective_tiles_match_xiangting_and_brute_force(kernel_path: str,
                                                         closed_hands: np.ndarray,
                                                         step: int, brute_forced: int) -> None:
    four = xiangting.PlayerCount.FOUR
    for i, row in enumerate(closed_hands[:60_000:step]):  # 13-tile hands
        hand = Hand.from_counts(row)
        got = effective_tiles(hand)
        kinds = {w.tile for w in got}
        _, flags = xiangting.calculate_necessary_tiles(row.tolist(), four)
        necessary = {k for k, on in enumerate(xiangting.to_array(flags)) if on}
        # xiangting also lists kinds the hand already holds four of; they cannot be drawn
        assert kinds == {k for k in necessary if row[k] < 4}, str(hand)
        assert all(w.remaining == 4 - row[w.tile] for w in got)
        if i < brute_forced:
            assert kinds == brute_effective(hand)


def test_visible_tiles_reduce_the_unseen_count() -> None:
    # expected: the brute-force effective kinds, each with 4 − held − in melds − visible
    nine = Hand.parse("1112345678999m")
    visible = ["1m", "9m", "5m", "5m"]
    got = {w.tile: w.remaining for w in effective_tiles(nine, visible="19m 55m")}
    assert got == {k: 4 - nine.counts[k] - visible.count(tile_name(k))
                   for k in brute_effective(nine)}
    assert got[tile_kind("1m")] == 0  # all four 1m are seen
    open_hand = Hand.parse("23m456p789s11z [555m]")
    melds = {w.tile: w.remaining for w in effective_tiles(open_hand)}
    assert melds == {k: 4 - open_hand.total_counts()[k] for k in brute_effective(open_hand)}
    with pytest.raises(HandError, match="5 copies of 1m"):
        effective_tiles("1112345678999m", visible="11m")
    # kinds and names as an iterable count like text; kinds outside 0..33 are refused
    as_text = effective_tiles("123m456p789s1112z", visible="2z")
    assert effective_tiles("123m456p789s1112z", visible=[28]) == as_text
    assert effective_tiles("123m456p789s1112z", visible=[np.int64(28)]) == as_text
    assert effective_tiles("123m456p789s1112z", visible=["2z"]) == as_text
    for kind in (-1, 34):
        with pytest.raises(HandError, match="out of range"):
            effective_tiles("123m456p789s1112z", visible=[kind])


def test_discards_sorted_like_tenhou(closed_hands: np.ndarray) -> None:
    for row in closed_hands[60_000::6000]:  # 14-tile hands
        hand = Hand.from_counts(row)
        table_rows = discards(hand)
        assert [d.tile for d in table_rows] == sorted(
            {k for k in range(34) if row[k]},
            key=lambda k: next((d.shanten, -d.total, d.tile) for d in table_rows if d.tile == k))
        best = min(d.shanten for d in table_rows)
        assert best == max(shanten(hand), 0)  # a complete hand drops to tenpai
        for line in table_rows[:2]:
            after = list(row)
            after[line.tile] -= 1
            expected = effective_tiles(Hand.from_counts(after))
            # the discarded copy counts as seen
            assert [w.tile for w in line.waits] == [w.tile for w in expected]


def test_discards_need_a_hand_after_the_draw() -> None:
    with pytest.raises(HandError, match="3n\\+2"):
        discards("123m456p789s1122z")  # 13 tiles
    with pytest.raises(HandError, match="3n\\+1"):
        effective_tiles("123m456p789s11222z")  # 14 tiles


def test_draw_and_discard_identities(closed_hands: np.ndarray) -> None:
    # from the definition: a 14-tile hand is as far as its best discard, and one draw
    # lowers a 13-tile hand's shanten by at most one
    for row in closed_hands[60_000::300]:
        hand = Hand.from_counts(row)
        after = []
        for kind in np.flatnonzero(row):
            counts = row.copy()
            counts[kind] -= 1
            after.append(shanten(Hand.from_counts(counts)))
        assert shanten(hand) == min(after) or (shanten(hand) == -1 and min(after) == 0)
    for row in closed_hands[:60_000:300]:
        base = shanten(Hand.from_counts(row))
        for kind in np.flatnonzero(row < 4):
            counts = row.copy()
            counts[kind] += 1
            assert base - 1 <= shanten(Hand.from_counts(counts)) <= base
