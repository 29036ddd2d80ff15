"""Hands with declared melds (chi, pon, open and closed kan) against brute force.

Every engine (the four references, the ASP program, the fast path, the inverse forms)
reads melded hands of every preset as a brute-force listing of block multisets does; the
waits of melded hands of 1 to 13 tiles are the tiles that complete them, no fifth copy
(melds counted); standard shanten is the distance to the nearest complete hand that
keeps to four copies (melds counted). Hand-worked cases: a tanki on a tile whose other
three copies are in a pon is no wait (karaten); a quad among pairs is seven pairs only
under the chiitoitsu-quad rules.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from mjasp.analysis.decomposition import DECOMPOSERS, decompose
from mjasp.analysis.shanten import shanten_forms
from mjasp.analysis.waits import waits
from mjasp.analysis.winning_hands import random_winning_hands
from mjasp.core.blocks import Block, BlockKind, Form
from mjasp.core.hand import Hand
from mjasp.core.tiles import TERMINALS_AND_HONORS, tile_kind
from mjasp.rules import Rules, find_rules
from tests.analysis.brute import blocks_of, standard_readings, tiles_of

PRESETS = ["tenhou", "tenhou-3p", "chiitoitsu-quad", "standard-form"]
Shape = tuple[int, tuple[tuple[str, int], ...]]  # (pair, sorted (T|S, lowest tile))


def shape(reading_blocks: Sequence[Block]) -> Shape:
    pair = [b.tile for b in reading_blocks if b.kind is BlockKind.PAIR]
    rest = tuple(sorted(("T" if b.kind is BlockKind.TRIPLET else "S", b.tile)
                        for b in reading_blocks if b.kind is not BlockKind.PAIR))
    return pair[0], rest


@pytest.mark.parametrize("rules", PRESETS)
def test_every_engine_reads_melded_hands_as_brute_force(rules: str) -> None:
    chosen = find_rules(rules)
    # three players call no chi, so fewer of their melds are declared: more hands
    hands = random_winning_hands(60 if chosen.players == 4 else 120, seed=31, rules=rules,
                                 melds=True)
    assert sum(bool(h.melds) for h in hands) >= 20
    for hand in hands:
        expected = standard_readings(hand.counts, chosen.tile_kinds) \
            if Form.STANDARD in chosen.forms else set()
        for name in DECOMPOSERS:
            found = decompose(hand, solver=name, rules=rules)
            standard = [shape(d.blocks) for d in found if d.form is Form.STANDARD]
            assert len(standard) == len(set(standard)) and set(standard) == expected, (
                name, str(hand))
            assert all(d.melds == hand.melds for d in found)


def brute_waits(hand: Hand, rules: Rules) -> list[int]:
    """The tiles with a copy left (melds counted) whose draw completes the hand."""
    total = hand.total_counts()
    found = []
    for t in rules.tile_kinds:
        if total[t] >= 4:
            continue
        counts = list(hand.counts)
        counts[t] += 1
        ok = Form.STANDARD in rules.forms and bool(standard_readings(counts, rules.tile_kinds))
        if not hand.melds and sum(counts) == 14:
            ok |= Form.CHIITOITSU in rules.forms and all(
                c in (0, 2) or (c == 4 and rules.chiitoitsu_quad) for c in counts)
            ok |= Form.KOKUSHI in rules.forms and all(counts[k] for k in TERMINALS_AND_HONORS) \
                and sum(counts[k] for k in TERMINALS_AND_HONORS) == 14
        if ok:
            found.append(t)
    return found


@pytest.mark.parametrize("rules", PRESETS)
def test_waits_of_melded_hands_equal_brute_force(rules: str) -> None:
    chosen = find_rules(rules)
    rng = random.Random(rules)
    for hand in random_winning_hands(80, seed=32, rules=rules, melds=True):
        counts = list(hand.counts)
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        waiting = Hand.from_counts(counts, hand.melds)
        assert [w.tile for w in waits(waiting, rules=rules)] == brute_waits(waiting, chosen)


@pytest.mark.parametrize(("text", "expected"), [
    ("1z [111z] [222z] [333z] [444z]", []),           # all four 1z held: karaten
    ("5z [111z] [222z] [333z] [444z]", ["5z"]),
    ("1111m [222z] [333z] [444z]", []),               # 1m tanki or shanpon: no 1m left
    ("1112m [222z] [333z] [444z]", ["2m", "3m"]),     # 111m+2m tanki, 11m+12m penchan
    ("123m1z [111z] [222z] [333z]", []),              # the 1z tanki: three in the pon
    ("1111m3344p5566s7z", []),                        # a quad is no two pairs (Tenhou)
])
def test_hand_worked_waits(text: str, expected: list[str]) -> None:
    hand = Hand.parse(text)
    assert [w.tile for w in waits(hand)] == [tile_kind(t) for t in expected]
    assert brute_waits(hand, find_rules("tenhou")) == [tile_kind(t) for t in expected]


def test_a_quad_among_pairs_waits_only_where_it_is_two_pairs() -> None:
    hand = Hand.parse("1111m3344p5566s7z")  # 11m 11m 33p 44p 55s 66s + 7z: seven pairs
    assert [w.tile for w in waits(hand, rules="chiitoitsu-quad")] == [tile_kind("7z")]
    assert [w.tile for w in waits(hand, rules="tenhou")] == []


def brute_shanten(hand: Hand, rules: Rules) -> int:
    """Tiles to exchange to reach the nearest complete standard hand, minus one: over every
    pair and every multiset of the blocks still to make, keeping four copies a kind with
    the declared melds."""
    declared = [d - c for d, c in zip(hand.total_counts(), hand.counts, strict=True)]
    blocks = blocks_of(rules.tile_kinds)
    best = 99
    for pair in rules.tile_kinds:
        for combo in itertools.combinations_with_replacement(blocks, 4 - len(hand.melds)):
            target = [0] * 34
            target[pair] += 2
            for b in combo:
                for t in tiles_of(b):
                    target[t] += 1
            if any(target[t] + declared[t] > 4 for t in range(34)):
                continue
            best = min(best, sum(max(0, target[t] - hand.counts[t]) for t in range(34)))
    return best - 1


@pytest.mark.parametrize("rules", ["tenhou", "tenhou-3p"])
def test_standard_shanten_of_melded_hands_equals_the_distance(rules: str) -> None:
    """Hands of 1, 2, 4 and 5 concealed tiles beside 3 or 4 melds, the concealed tiles
    drawn from the kinds of the melds (so the four-copy limit bites)."""
    chosen = find_rules(rules)
    rng = random.Random(33)
    checked = 0
    # three players call no chi: three or four declared melds are rarer
    for hand in random_winning_hands(1200 if chosen.players == 4 else 10000, seed=34,
                                     rules=rules, melds=True):
        if len(hand.melds) < 3:
            continue
        declared = [d - c for d, c in zip(hand.total_counts(), hand.counts, strict=True)]
        pool = [t for t in chosen.tile_kinds if declared[t]] + rng.sample(chosen.tile_kinds, 2)
        size = 3 * (4 - len(hand.melds)) + rng.choice([1, 2])
        counts = [0] * 34
        for _ in range(200):
            t = rng.choice(pool)
            if sum(counts) < size and counts[t] + declared[t] < 4:
                counts[t] += 1
        if sum(counts) != size:
            continue
        probe = Hand.from_counts(counts, hand.melds)
        assert shanten_forms(probe, rules=rules).forms[Form.STANDARD] == \
            brute_shanten(probe, chosen), str(probe)
        checked += 1
    assert checked >= 40
