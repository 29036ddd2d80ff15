"""Shanten, effective tiles, waits and the kan check against brute force, on any tile set.

The truth here is the definition, computed without mjasp: the replacement number of the
concealed tiles ``h`` is the least ``Σ_k max(0, W_k − h_k)`` over every winning shape
``W`` (a pair and the melds still to make; seven distinct pairs; the thirteen orphans
and one of them twice) that stays within four copies of a kind counting the declared
melds and uses only the kinds of the rules' wall; shanten is that minus one. The
standard form is searched block by block (below); seven pairs and thirteen orphans are
small enough to count directly.

Swept: closed hands of every size 1, 2, 4, 5, 7, 8, 10, 11, 13, 14; hands with one to four
declared melds (chi, pon, open and closed kans); the four-player and the three-player
wall (no 2m-8m, no chi); hands holding all four copies of a kind; seven pairs with a
quad under both quad rules; thirteen orphans with three players.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from mjasp.analysis.kan import kan_check
from mjasp.analysis.shanten import (
    discards,
    effective_tiles,
    shanten,
    shanten_batch,
    shanten_forms,
)
from mjasp.analysis.waits import waits
from mjasp.analysis.winning_hands import random_winning_hands
from mjasp.core.blocks import Form, Meld, MeldKind
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.core.tiles import TERMINALS_AND_HONORS, tile_name
from mjasp.rules import Rules, find_rules
from tests.analysis.brute import blocks_of, standard_readings, tiles_of


def standard_distance(counts: Sequence[int], caps: Sequence[int], melds: int,
                      kinds: Sequence[int]) -> int:
    """Least draws from ``counts`` to a superset of a pair and ``melds`` blocks with
    ``W_k <= caps[k]``.

    Exhaustive over the blocks that take at least one of the tiles still unused (in list
    order, so each multiset once): a block that takes none costs 3 whichever it is, so
    the rest are only checked to fit somewhere (``fits``) and cost 3 each, a pair that
    takes none 2. Any optimum, its blocks taken in list order, is one of the paths.
    """
    blocks = blocks_of(kinds)
    shapes = [tiles_of(b) for b in blocks]
    used = [0] * 34
    left = list(counts)
    best = [10**9]

    def place(tiles: list[int], sign: int) -> None:
        for t in tiles:
            used[t] += sign

    def fits(need: int, pair: bool) -> bool:
        """Whether ``need`` more blocks (and a pair) fit within the caps."""
        if pair:
            for t in kinds:
                if used[t] + 2 <= caps[t]:
                    used[t] += 2
                    ok = fits(need, False)
                    used[t] -= 2
                    if ok:
                        return True
            return False
        if need == 0:
            return True
        for tiles in shapes:
            if all(used[t] + tiles.count(t) <= caps[t] for t in tiles):
                place(tiles, 1)
                ok = fits(need - 1, False)
                place(tiles, -1)
                if ok:
                    return True
        return False

    def search(start: int, need: int, cost: int, pair: bool) -> None:
        rest = cost + 3 * need + 2 * pair
        if rest < best[0] and fits(need, pair):
            best[0] = rest
        unused = sum(left)
        # every later block costs at least 3 minus what it can still take
        if need == 0 or cost + 2 * pair + max(0, 3 * need - unused) >= best[0]:
            return
        # ... and takes at most what the best later shape could take of the tiles left
        # (one each in a hand of scattered terminals and honors): a sharper bound
        most = max(sum(min(left[t], tiles.count(t)) for t in set(tiles))
                   for tiles in shapes[start:])
        if cost + 2 * pair + 3 * need - min(unused, need * most) >= best[0]:
            return
        for j in range(start, len(shapes)):
            tiles = shapes[j]
            if any(used[t] + tiles.count(t) > caps[t] for t in tiles):
                continue
            taken = []
            for t in tiles:
                if left[t]:
                    left[t] -= 1
                    taken.append(t)
            if taken:
                place(tiles, 1)
                search(j, need - 1, cost + 3 - len(taken), pair)
                place(tiles, -1)
            for t in taken:
                left[t] += 1

    for p in kinds:
        if counts[p] and caps[p] >= 2:
            taken = min(2, counts[p])
            left[p] -= taken
            used[p] += 2
            search(0, melds, 2 - taken, False)
            used[p] -= 2
            left[p] += taken
    search(0, melds, 0, True)
    return best[0]


def pairs_distance(counts: Sequence[int], kinds: Sequence[int], quad: bool) -> int:
    """Seven pairs: seven distinct kinds twice, or with ``quad`` a kind may be two pairs
    (four copies); a knapsack over the kinds (pairs used -> most tiles kept)."""
    kept = {0: 0}
    for t in kinds:
        step = dict(kept)
        for pairs, value in kept.items():
            for n in (1, 2) if quad else (1,):
                if pairs + n <= 7:
                    gained = value + min(2 * n, counts[t])
                    if gained > step.get(pairs + n, -1):
                        step[pairs + n] = gained
        kept = step
    return 14 - kept[7]


def orphans_distance(counts: Sequence[int]) -> int:
    """Thirteen orphans: one of each terminal and honor and one of them twice."""
    have = sum(1 for t in TERMINALS_AND_HONORS if counts[t])
    pair = any(counts[t] >= 2 for t in TERMINALS_AND_HONORS)
    return 14 - have - pair


def brute_forms(hand: Hand, rules: Rules) -> dict[Form, int]:
    """Shanten of each form the rules and the hand allow, by the definition."""
    total = hand.total_counts()
    declared = [d - c for d, c in zip(total, hand.counts, strict=True)]
    kinds = rules.tile_kinds
    caps = [4 - declared[t] if t in kinds else 0 for t in range(34)]
    n = len(hand.counts) and sum(hand.counts)
    melds = 4 - len(hand.melds) if hand.melds else n // 3
    found: dict[Form, int] = {}
    if Form.STANDARD in rules.forms:
        found[Form.STANDARD] = standard_distance(hand.counts, caps, melds, kinds) - 1
    if not hand.melds and n >= 13:
        if Form.CHIITOITSU in rules.forms:
            found[Form.CHIITOITSU] = pairs_distance(hand.counts, kinds,
                                                    rules.chiitoitsu_quad) - 1
        if Form.KOKUSHI in rules.forms:
            found[Form.KOKUSHI] = orphans_distance(hand.counts) - 1
    return found


def brute_shanten(hand: Hand, rules: Rules) -> int:
    return min(brute_forms(hand, rules).values())


# -- hand-worked checks of the brute force itself ------------------------------------


@pytest.mark.parametrize(("text", "rules", "expected"), [
    ("1111m", "tenhou", 1),                 # 111m + a new pair, or 11m + 1m23m: two draws
    ("1m", "tenhou", 0),                    # a tanki
    ("11m", "tenhou", -1),
    ("1111m9999m11115z", "tenhou-3p", 3),   # worked in test_audit_sanma.py
    ("1111m2233445566z", "tenhou", 1),      # a quad is one pair: 77z wanted (two draws)
    ("1111m2233445566z", "chiitoitsu-quad", -1),  # ... or two pairs: complete
    ("19m19p19s1234567z", "tenhou-3p", 0),  # thirteen orphans stand with three players
])
def test_the_brute_force_on_hand_worked_hands(text: str, rules: str, expected: int) -> None:
    assert brute_shanten(Hand.parse(text), find_rules(rules)) == expected


# -- seeded hands --------------------------------------------------------------------

PRESETS = ["tenhou", "tenhou-3p", "chiitoitsu-quad"]
CLOSED_SIZES = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14]


def random_hand(rng: random.Random, rules: Rules, declared: int, concealed: int) -> Hand:
    """``declared`` melds (no chi with three players) and ``concealed`` tiles drawn from a
    few kinds, so that hands often hold three or four copies of a kind and the four-copy
    limit (melds counted) bites; a third of the 13/14-tile closed hands lean to the
    terminals and honors (thirteen orphans)."""
    kinds = rules.tile_kinds
    orphans = not declared and concealed >= 13 and rng.random() < 0.3
    pool = list(TERMINALS_AND_HONORS) if orphans else rng.sample(kinds, rng.randint(2, 8))
    total = [0] * 34
    melds: list[Meld] = []
    while len(melds) < declared:
        t = rng.choice(pool if rng.random() < 0.7 else kinds)
        how = rng.choice([MeldKind.PON, MeldKind.KAN, MeldKind.ANKAN]
                         + [MeldKind.CHI] * (2 if rules.players == 4 else 0))
        if how is MeldKind.CHI:
            if t >= 27 or t % 9 > 6:
                continue
            tiles = [t, t + 1, t + 2]
        else:
            tiles = [t] * (3 if how is MeldKind.PON else 4)
        if all(total[x] + tiles.count(x) <= 4 for x in tiles):
            for x in tiles:
                total[x] += 1
            melds.append(Meld(how, t))
    counts = [0] * 34
    if concealed >= 4 and rng.random() < 0.3:  # four copies of one kind in hand
        t = rng.choice([x for x in pool if total[x] == 0] or [x for x in kinds if total[x] == 0])
        counts[t] = 4
    while sum(counts) < concealed:
        t = rng.choice(pool)
        if counts[t] + total[t] < 4:
            counts[t] += 1
        elif all(counts[x] + total[x] >= 4 for x in pool):
            pool.append(rng.choice(kinds))
    return Hand.from_counts(counts, tuple(melds))


def sweep(seed: int, rules: Rules, per_shape: int) -> list[Hand]:
    """Closed hands of every size and melded hands of every number of melds."""
    rng = random.Random(seed)
    shapes = [(0, n) for n in CLOSED_SIZES] + [(d, 3 * (4 - d) + r) for d in (1, 2, 3, 4)
                                                for r in (1, 2)]
    return [random_hand(rng, rules, d, n) for d, n in shapes for _ in range(per_shape)]


@pytest.mark.parametrize("preset", PRESETS)
def test_shanten_of_each_form_is_the_distance(preset: str) -> None:
    rules = find_rules(preset)
    hands = sweep(101, rules, 25)
    for hand in hands:
        expected = brute_forms(hand, rules)
        assert dict(shanten_forms(hand, rules=rules).forms) == expected, str(hand)
        assert shanten(hand, rules=rules) == min(expected.values()), str(hand)
        for form, value in expected.items():
            assert shanten(hand, rules=rules, form=form) == value, (str(hand), form)
    assert sum(h.counts.count(4) > 0 for h in hands) >= 50


@pytest.mark.parametrize("preset", PRESETS)
def test_every_engine_and_entry_point_gives_the_distance(preset: str) -> None:
    """The CP-SAT and brute engines, the text and counts fast paths and the batch."""
    import numpy as np

    rules = find_rules(preset)
    hands = sweep(109, rules, 4)
    for hand in hands:
        expected = brute_forms(hand, rules)
        for solver in ("cpsat", "brute"):
            assert dict(shanten_forms(hand, rules=rules, solver=solver).forms) == expected, \
                (solver, str(hand))
        best = min(expected.values())
        assert shanten(str(hand), rules=preset) == best, str(hand)
        if not hand.melds:
            assert shanten(list(hand.counts), rules=preset) == best, str(hand)
    closed = [h for h in hands if not h.melds]
    batch = shanten_batch(np.array([h.counts for h in closed]), rules=rules)
    assert batch.tolist() == [brute_shanten(h, rules) for h in closed]


def fewest_draws(hand: Hand, rules: Rules) -> int:
    """The definition read literally, for hands that build at most one meld: the fewest
    tiles drawn (kinds with a copy left, melds counted) after which the tiles hold a pair
    and the meld, every winning shape listed."""
    total = hand.total_counts()
    kinds = rules.tile_kinds
    melds = 4 - len(hand.melds) if hand.melds else sum(hand.counts) // 3
    assert melds <= 1
    shapes = [[p, p, *tiles] for p in kinds
              for tiles in ([[]] if melds == 0 else [tiles_of(b) for b in blocks_of(kinds)])]
    for drawn in range(6):
        for draws in itertools.combinations_with_replacement(kinds, drawn):
            held = list(hand.counts)
            for t in draws:
                held[t] += 1
            if any(held[t] + total[t] - hand.counts[t] > 4 for t in draws):
                continue  # a fifth copy cannot be drawn
            if any(all(held[t] >= shape.count(t) for t in shape) for shape in shapes):
                return drawn
    raise AssertionError("no winning shape within five draws")


@pytest.mark.parametrize("preset", PRESETS)
def test_the_brute_force_is_the_fewest_draws(preset: str) -> None:
    rules = find_rules(preset)
    rng = random.Random(110)
    shapes = [(0, 1), (0, 2), (0, 4), (0, 5), (4, 1), (4, 2), (3, 4), (3, 5)]
    for declared, concealed in shapes * 6:
        hand = random_hand(rng, rules, declared, concealed)
        assert fewest_draws(hand, rules) - 1 == brute_forms(hand, rules)[Form.STANDARD], \
            str(hand)


def brute_effective(hand: Hand, rules: Rules, seen: Sequence[int],
                    form: Form | None = None) -> list[tuple[int, int]]:
    """(kind, unseen copies) of each kind with a copy left to draw whose draw lowers the
    replacement number (of ``form``, else of the best form); unseen = 4 − in hand − in
    melds − seen elsewhere."""
    def value(h: Hand) -> int:
        return brute_shanten(h, rules) if form is None else brute_forms(h, rules)[form]

    total = hand.total_counts()
    base = value(hand)
    found = []
    for t in rules.tile_kinds:
        if total[t] >= 4:
            continue
        drawn = Hand.from_counts([c + (k == t) for k, c in enumerate(hand.counts)], hand.melds)
        if value(drawn) < base:
            found.append((t, max(0, 4 - total[t] - seen[t])))
    return found


def random_seen(rng: random.Random, hand: Hand, rules: Rules) -> list[int]:
    """A few tiles seen elsewhere (discards, dora indicators), within four copies."""
    total = hand.total_counts()
    seen = [0] * 34
    for _ in range(rng.randint(0, 12)):
        t = rng.choice(rules.tile_kinds)
        if total[t] + seen[t] < 4:
            seen[t] += 1
    return seen


def seen_text(seen: Sequence[int]) -> str:
    return " ".join(f"{t % 9 + 1}{'mpsz'[t // 9]}" for t in range(34) for _ in range(seen[t]))


@pytest.mark.parametrize("preset", PRESETS)
def test_effective_tiles_are_the_draws_that_lower_the_distance(preset: str) -> None:
    rules = find_rules(preset)
    rng = random.Random(102)
    hands = [h for h in sweep(103, rules, 6) if h.concealed_count % 3 == 1]
    for hand in hands:
        seen = random_seen(rng, hand, rules)
        found = effective_tiles(hand, visible=seen_text(seen), rules=rules)
        assert [(w.tile, w.remaining) for w in found] == brute_effective(hand, rules, seen), \
            (str(hand), seen_text(seen))
        if hand.concealed_count == 13 and not hand.melds:  # each form on its own
            for form in rules.forms:
                found = effective_tiles(hand, visible=seen_text(seen), rules=rules, form=form)
                assert [(w.tile, w.remaining) for w in found] == \
                    brute_effective(hand, rules, seen, form), (str(hand), form)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_discard_table_is_the_brute_force_one(preset: str) -> None:
    rules = find_rules(preset)
    rng = random.Random(104)
    # the brute force tries 34 draws after each discard: hands of up to 8 concealed tiles
    hands = [h for h in sweep(105, rules, 4) if h.concealed_count % 3 == 2
             and h.concealed_count <= 8]
    for hand in hands:
        seen = random_seen(rng, hand, rules)
        expected = []
        for t in range(34):
            if hand.counts[t]:
                after = Hand.from_counts([c - (k == t) for k, c in enumerate(hand.counts)],
                                         hand.melds)
                # the discarded copy stays seen: unseen counts from the hand before it
                kept = [(k, max(0, 4 - hand.total_counts()[k] - seen[k]))
                        for k, _ in brute_effective(after, rules, seen)]
                expected.append((brute_shanten(after, rules), kept, t))
        expected.sort(key=lambda e: (e[0], -sum(n for _, n in e[1]), e[2]))
        found = discards(hand, visible=seen_text(seen), rules=rules)
        assert [(d.shanten, [(w.tile, w.remaining) for w in d.waits], d.tile)
                for d in found] == expected, str(hand)


def brute_waits(hand: Hand, rules: Rules) -> list[int]:
    """The kinds with a copy left (melds counted) whose draw completes the hand: the
    tiles then are exactly a winning shape (distance 0)."""
    total = hand.total_counts()
    found = []
    for t in rules.tile_kinds:
        if total[t] >= 4:
            continue
        counts = [c + (k == t) for k, c in enumerate(hand.counts)]
        closed = not hand.melds and sum(counts) == 14
        if (Form.STANDARD in rules.forms and standard_readings(counts, rules.tile_kinds)) or (
                closed and Form.CHIITOITSU in rules.forms
                and pairs_distance(counts, rules.tile_kinds, rules.chiitoitsu_quad) == 0) or (
                closed and Form.KOKUSHI in rules.forms and orphans_distance(counts) == 0):
            found.append(t)
    return found


@pytest.mark.parametrize("preset", PRESETS)
def test_waits_are_the_draws_that_complete_the_hand(preset: str) -> None:
    rules = find_rules(preset)
    rng = random.Random(106)
    checked = karaten = 0
    for declared in (0, 0, 1, 2, 3, 4):
        for _ in range(40):
            # a waiting hand: a complete-looking hand less one tile, or a random one
            hand = random_hand(rng, rules, declared, 3 * (4 - declared) + 1)
            expected = brute_waits(hand, rules)
            assert [w.tile for w in waits(hand, rules=rules)] == expected, str(hand)
            checked += 1
            karaten += any(fifth_copy_completes(hand, t, rules) for t in range(34))
    # some hands would win on a fifth copy of a kind they hold four of: no wait
    assert checked == 240 and karaten >= 5


def fifth_copy_completes(hand: Hand, t: int, rules: Rules) -> bool:
    """All four copies of ``t`` are in the hand or its melds, yet a fifth would complete
    the standard form (so the limit alone makes it no wait)."""
    if hand.total_counts()[t] < 4:
        return False
    counts = [c + (k == t) for k, c in enumerate(hand.counts)]
    return bool(standard_readings(counts, rules.tile_kinds))


def brute_kan(before: Hand, i: int, rules: Rules) -> tuple[list[int], list[int], bool]:
    """(waits before, waits after the closed kan of ``i``, strict verdict). Strict, the
    professional rule (https://riichi.wiki/Kan, "Kan during riichi"): no winning tile
    may read one of the three ``i`` as part of a sequence or of the pair (every reading
    keeps their triplet), and so the waits stay the same."""
    after = Hand.from_counts([c - 3 * (k == i) for k, c in enumerate(before.counts)],
                             (*before.melds, Meld(MeldKind.ANKAN, i)))
    w_before, w_after = brute_waits(before, rules), brute_waits(after, rules)
    kept = all(("T", i) in blocks for j in w_before for _, blocks in standard_readings(
        [c + (k == j) for k, c in enumerate(before.counts)], rules.tile_kinds))
    return w_before, w_after, kept and w_before == w_after


@pytest.mark.parametrize("preset", PRESETS)
def test_the_kan_check_is_the_brute_force_one(preset: str) -> None:
    rules = find_rules(preset)
    rng = random.Random(107)
    cases = []
    for hand in random_winning_hands(400, seed=108, rules=rules, melds=True):
        if not hand.is_closed:
            continue
        triples = [t for t in range(34) if hand.counts[t] >= 3]
        if not triples:
            continue
        i = rng.choice(triples)
        # the riichi hand: the complete hand less one tile that is not one of the kan tiles
        drop = rng.choice([t for t in range(34) if hand.counts[t] and t != i]
                          if hand.counts[i] == 3 else [i])
        before = Hand.from_counts([c - (k == drop) for k, c in enumerate(hand.counts)],
                                  hand.melds)
        if before.counts[i] == 3:
            cases.append((before, i))
    assert len(cases) >= 60
    for before, i in cases:
        w_before, w_after, strict = brute_kan(before, i, rules)
        check = kan_check(before, i, rules=rules)
        assert (list(check.waits_before), list(check.waits_after)) == (w_before, w_after), \
            str(before)
        assert check.loose == (w_before == w_after), str(before)
        assert check.strict == strict, (str(before), i)


def test_a_kan_that_loses_a_seven_pairs_wait_is_not_strict() -> None:
    # 111m 22p 33p 44p 55s 66s under the quad rule: 1m makes 1111m two pairs of seven
    # pairs, 5s and 6s a shanpon beside 111m 234p 234p. After the kan of 1m only 5s and 6s
    # win: the waits change, so neither rule allows it; the standard readings alone are
    # all kept, which the strict verdict used to take for a yes
    check = kan_check("111m223344p5566s", "1m", rules="chiitoitsu-quad")
    assert [tile_name(t) for t in check.waits_before] == ["1m", "5s", "6s"]
    assert [tile_name(t) for t in check.waits_after] == ["5s", "6s"]
    assert not check.loose and not check.strict
    assert check.strict_reason() == "waits change: removed 1m"
    plain = kan_check("111m223344p5566s", "1m", rules="tenhou")  # no seven pairs with 1111m
    assert plain.loose and plain.strict


def test_a_kan_without_the_drawn_tile_is_refused() -> None:
    # okurikan: four 1m held since the riichi (13 tiles), another tile drawn; the kan must
    # hold the drawn tile (tenhou.net, Mahjong Soul; https://riichi.wiki/Kan)
    with pytest.raises(HandError,
                       match=r"four 1m held before the draw \(okurikan\) is not allowed"):
        kan_check("1111m234p567s11z2z", "1m")


def test_a_discard_that_frees_a_kind_lists_it_as_effective_tiles_do() -> None:
    # 11p 12s 1z, closed kan 2222m, chi 123p, pon 222s: discarding the 2s leaves three 2s
    # in play and the fourth seen, so a 2s (none unseen) still lowers the shanten, as the
    # hand after the discard with that 2s visible says (it used to be left out)
    hand = "11p12s1z (2222m) [123p] [222s]"
    row = next(d for d in discards(hand) if d.tile == 19)
    after = effective_tiles("11p1s1z (2222m) [123p] [222s]", visible="2s")
    assert [(w.tile, w.remaining) for w in row.waits] == \
        [(w.tile, w.remaining) for w in after]
    assert (19, 0) in [(w.tile, w.remaining) for w in row.waits]
