"""A concealed kan after riichi under each preset's rule (``Rules.riichi_kan``), on hands
worked out in the sources, and a brute force written from the definitions.

The rules, as the sources state them:

- Tenhou: "リーチ後の暗槓は待ちが変わらない場合のみ。送り槓不可、牌姿や役の増減は不問"
  (its manual, quoted by Mortal's Tenhou check: Equim-chan/Mortal
  ``libriichi/src/algo/agari.rs``, ``check_ankan_after_riichi`` with ``strict=false``):
  the waits only, never okurikan, a changed reading or yaku does not matter.
- Mahjong Soul: as Tenhou (riichi.wiki, Kan, "Kan during riichi": "tenhou.net and Mahjong
  Soul ... changing the hand interpretation is allowed, so long as the waits remain the
  same"; "a newly-drawn tile must be included" in the kan).
- WRC / EMA: "if this does not change the waiting pattern and if the three tiles to be
  konged can only be interpreted as a pung in the original riichi hand" (the EMA rules);
  riichi.wiki: "If, for any winning tile, any of the three identical tiles can be
  interpreted as part of a sequence or part of the pair, the kan is not allowed".

Each case's two verdicts are the source's; the brute force (every standard reading of
every completed hand, by a recursive split written here) must agree with them, and
``kan_check`` with both.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.analysis.kan import kan_check
from mjasp.analysis.waits import fifth_copy_tiles
from mjasp.cli import main
from mjasp.core.errors import HandError, RulesError
from mjasp.core.hand import Hand
from mjasp.core.tiles import tile_kind, tile_name
from mjasp.rules import RULES, find_rules

Blocks = tuple[tuple[str, int], ...]


@cache
def _splits(counts: tuple[int, ...], pair: bool) -> frozenset[Blocks]:
    """Every multiset of blocks (triplets, runs and, if ``pair``, one pair) using all of
    ``counts`` exactly: the first tile held starts a triplet, a run or the pair."""
    if not any(counts):
        return frozenset({()}) if not pair else frozenset()
    i = next(k for k, c in enumerate(counts) if c)
    found: set[Blocks] = set()

    def take(block: tuple[str, int], used: tuple[int, ...], still_pair: bool) -> None:
        rest = list(counts)
        for k in used:
            rest[k] -= 1
        if min(rest) < 0:
            return
        for tail in _splits(tuple(rest), still_pair):
            found.add(tuple(sorted((block, *tail))))

    take(("triplet", i), (i, i, i), pair)
    if i < 27 and i % 9 <= 6:
        take(("run", i), (i, i + 1, i + 2), pair)
    if pair:
        take(("pair", i), (i, i), False)
    return frozenset(found)


def _winning(closed: list[int], held: list[int], extra: Blocks = ()) -> set[tuple[int, Blocks]]:
    """{(winning tile, reading)}: every tile with a copy left (``held`` < 4) that
    completes ``closed`` into blocks and a pair; ``extra`` blocks join each reading."""
    out = set()
    for j in range(34):
        if held[j] >= 4:
            continue
        counts = list(closed)
        counts[j] += 1
        out |= {(j, tuple(sorted((*r, *extra)))) for r in _splits(tuple(counts), True)}
    return out


def brute(text: str, tile: str) -> tuple[bool, bool, set[int], set[int]]:
    """(readings kept, waits kept, waits before, waits after) of the 13 tiles ``text``
    (three of ``tile``) drawing the fourth ``tile`` and declaring it."""
    hand = Hand.parse(text)
    i = tile_kind(tile)
    assert hand.counts[i] == 3
    closed, held = list(hand.counts), list(hand.total_counts())
    before = _winning(closed, held)
    closed[i] -= 3
    held[i] += 1
    # the quad read as the triplet it stands for, so the readings compare
    after = _winning(closed, held, (("triplet", i),))
    assert after <= before
    waits_before, waits_after = {j for j, _ in before}, {j for j, _ in after}
    return (len(before) == len(after) and waits_before == waits_after,
            waits_before == waits_after, waits_before, waits_after)


def names(tiles: str) -> set[int]:
    return {tile_kind(t) for t in tiles.split()}


# (13 tiles before the draw, the kan tile, readings kept, waits kept, waits before) from
# the sources named: the verdicts, and the waits where the source gives them
SOURCES = [
    # riichi.wiki, Kan, Example 1: 4m is illegal ("A kan call would alter the wait just
    # for a 3-man tanki"), west is legal ("Had the player drawn a west wind")
    ("3444m778899s333z", "4m", False, False, "2m 3m 5m"),
    ("3444m778899s333z", "3z", True, True, "2m 3m 5m"),
    # Example 2: "none of the waits are affected by any of the kan possibilities"
    ("111m222333p5678s", "1m", True, True, "5s 8s"),
    ("111m222333p5678s", "2p", True, True, "5s 8s"),
    ("111m222333p5678s", "3p", True, True, "5s 8s"),
    # Example 3: "the waits are 457p. A kan on 6p would remove the 7p wait"; a kan on
    # 3p "would not change the waits" but loses 33p 345p 666p 111s 456s on 4p
    ("3335666p111456s", "6p", False, False, "4p 5p 7p"),
    ("3335666p111456s", "3p", False, True, "4p 5p 7p"),
    # Example 4: "does not change the wait, but it does change the possible
    # interpretations": 222p 333p 444p or 234p 234p 234p
    ("222333444p23m11z", "2p", False, True, "1m 4m"),
    ("222333444p23m11z", "3p", False, True, "1m 4m"),
    ("222333444p23m11z", "4p", False, True, "1m 4m"),
    # the EMA rules: "In case of three consecutive pungs in the same suit, no kong may be
    # declared, since the tiles can be interpreted as three identical chows"; 4567p waits
    # on 4p and 7p either way, so the waits rule allows it
    ("111222333m4567p", "1m", False, True, "4p 7p"),
    ("111222333m4567p", "2m", False, True, "4p 7p"),
    # Mortal's check_ankan_after_riichi tests (strict = readings, Tenhou = waits); the
    # hands of four melds, "Always positive" and "Always negative"
    ("12345m567s11222z", "2z", True, True, None),
    ("12345m444567s11z", "4s", True, True, None),
    ("22m11112356p444s", "4s", True, True, None),
    ("123456m4445s111z", "4s", False, False, None),
    # "Shape of agari changes": strict refuses, Tenhou allows 6s; 9p kept by both
    ("23m999p33345666s", "6s", False, True, None),
    ("23m999p33345666s", "9p", True, True, None),
    # "The 1m kan will make chuuren gone, but in this impl we don't take yaku into
    # account": kept; the 9m kan is refused by strict
    ("1113445678999m", "1m", True, True, None),
    # the three copies in a run or the pair in every reading (worked out by hand): 1112335s
    # wins only on 4s, as 11s 123s 345s; no reading keeps 111s, so after the kan 2335s
    # waits on nothing: both refuse. 1222334s wins on 2s (123s 22s 234s) and 5s (123s 22s
    # 345s), never with 222s
    ("1112335s123m456p", "1s", False, False, "4s"),
    ("1222334s123m456p", "2s", False, False, "2s 5s"),
    # mahjong.us.com forum, "Kan after riichi results in chombo penalty": 345m 666p 777p
    # 88p 44z waits 8p and north, and 5p/8p as 678p 678p 67p; the 6p kan drops the 5p
    ("345m666777p88p44z", "6p", False, False, "5p 8p 4z"),
]


def _waits(text: str) -> set[int]:
    return {w.tile for w in mjasp.waits(text)}


@pytest.mark.parametrize(("text", "tile", "strict", "loose", "waits"), SOURCES)
def test_the_sources_verdicts(text: str, tile: str, strict: bool, loose: bool,
                              waits: str | None) -> None:
    kept_readings, kept_waits, waits_before, _ = brute(text, tile)
    if waits is not None:
        # the source's waits for the hand, where it gives them (the forum's hand: the
        # three it names; the 45556s hand: worked out above) are the brute force's
        assert names(waits) <= waits_before
        if text != "345m666777p88p44z":
            assert waits_before == names(waits)
    assert (kept_readings, kept_waits) == (strict, loose)
    check = kan_check(text, tile)
    assert (check.strict, check.loose) == (strict, loose)
    assert set(check.waits_before) == waits_before == _waits(text)


# Mortal's hands with three melds (a quad of 9s stands for the fourth): "Shape of tenpai
# changes" 1113444p 222z, 1p: strict refuses, Tenhou allows; 4p: strict refuses; south kept
MELDED = [("1113444p222z(9999s)", "1p", False, True),
          ("1113444p222z(9999s)", "4p", False, None),
          ("1113444p222z(9999s)", "2z", True, True)]


@pytest.mark.parametrize(("text", "tile", "strict", "loose"), MELDED)
def test_mortals_hands_with_a_quad(text: str, tile: str, strict: bool,
                                   loose: bool | None) -> None:
    check = kan_check(text, tile)
    assert check.strict is strict
    if loose is not None:
        assert check.loose is loose


def test_the_brute_force_gives_mortals_nine_gates_cases() -> None:
    # "1113445678999m": the 1m kan kept by strict, the 9m kan not
    assert brute("1113445678999m", "1m")[0] is True
    assert brute("1113445678999m", "9m")[0] is False
    assert kan_check("1113445678999m", "9m").strict is False


#: Which fact each preset's rule is: the sources above (Tenhou's manual and riichi.wiki's
#: tenhou.net / Mahjong Soul line: the waits; the EMA text the WRC reuses: the readings).
PRESET_RULE = {"tenhou": "loose", "tenhou-3p": "loose", "mahjongsoul": "loose",
               "mahjongsoul-3p": "loose", "wrc": "strict"}


@pytest.mark.parametrize("preset", sorted(PRESET_RULE))
@pytest.mark.parametrize(("text", "tile", "strict", "loose", "waits"), SOURCES)
def test_each_preset_answers_its_rule(preset: str, text: str, tile: str, strict: bool,
                                      loose: bool, waits: str | None) -> None:
    rules = RULES[preset]
    if rules.players == 3 and any(Hand.parse(text).counts[1:8]):
        pytest.skip("2m-8m are not in the three-player set")
    check = kan_check(text, tile, rules=preset)
    assert check.rule == rules.riichi_kan
    assert check.allowed is (strict if PRESET_RULE[preset] == "strict" else loose)
    data = check.to_json()
    assert (data["rule"], data["allowed"]) == (rules.riichi_kan, check.allowed)


def test_the_preset_values() -> None:
    assert {name: RULES[name].riichi_kan for name in PRESET_RULE} == {
        "tenhou": "waits", "tenhou-3p": "waits", "mahjongsoul": "waits",
        "mahjongsoul-3p": "waits", "wrc": "readings"}
    # the option, changed on its own, changes the verdict and nothing else
    readings = find_rules("tenhou").replace(riichi_kan="readings")
    assert find_rules("tenhou").diff(readings) == {"riichi_kan": ("waits", "readings")}
    assert kan_check("222333444p23m11z", "2p", rules=readings).allowed is False
    with pytest.raises(RulesError, match="riichi_kan is one of 'waits', 'readings'"):
        find_rules("tenhou").replace(riichi_kan="loose")


def test_okurikan_is_refused() -> None:
    # four 1m held before the draw (13 tiles), the drawn tile something else: the kan
    # would not hold the drawn tile ("送り槓不可"; "a newly-drawn tile must be included")
    with pytest.raises(HandError, match="okurikan"):
        kan_check("1111m234p567s9s55z", "1m")
    result = CliRunner().invoke(main, ["kan", "1111m234p567s9s55z", "1m"])
    assert result.exit_code == 2
    assert result.output.startswith("mjasp: error: a kan of four 1m held before the draw "
                                    "(okurikan)") and result.output.count("\n") == 1


def test_cli_prints_the_verdict_of_the_rules_chosen() -> None:
    runner = CliRunner()
    lines = runner.invoke(main, ["kan", "3335666p111456s", "3p"]).output.splitlines()
    assert lines[1].startswith("  strict (readings): no ")
    assert lines[2].startswith("  loose (waits):     yes ")
    assert lines[3] == "  tenhou:            yes  riichi_kan=waits"
    wrc = runner.invoke(main, ["kan", "3335666p111456s", "3p", "--rules", "wrc"]).output
    assert wrc.splitlines()[3] == "  wrc:               no   riichi_kan=readings"
    data = json.loads(runner.invoke(main, ["kan", "3335666p111456s", "3p", "--rules",
                                           "mahjongsoul", "--json"]).output)
    assert (data["strict"], data["loose"], data["rule"], data["allowed"]) == (
        False, True, "waits", True)
    changed = runner.invoke(main, ["kan", "3335666p111456s", "3p", "--option",
                                   "riichi_kan=readings", "--json"])
    assert json.loads(changed.output)["allowed"] is False


# Waits on the hard cases of other projects, against a brute force over every form: a
# standard split, seven distinct pairs (Tenhou: "a quad is not two pairs"; with the
# ``chiitoitsu-quad`` rules two pairs), the thirteen orphans and a pair of one of them.

ORPHANS = (0, 8, 9, 17, 18, 26, *range(27, 34))


def _complete(counts: list[int], quads_pair: bool = False, closed: bool = True) -> bool:
    if _splits(tuple(counts), True):
        return True
    if not closed or sum(counts) != 14:
        return False
    pairs = sum(c // 2 for c in counts) if quads_pair else sum(c == 2 for c in counts)
    if all(c in (0, 2) or (quads_pair and c == 4) for c in counts) and pairs == 7:
        return True
    return (all(counts[k] for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14)


def brute_waits(text: str, quads_pair: bool = False) -> tuple[set[int], set[int]]:
    """(waits, fifth copies): the tiles completing the hand with a copy left, and those
    completing it whose four copies are all in the hand, melds included."""
    hand = Hand.parse(text)
    held = hand.total_counts()
    waits: set[int] = set()
    fifth: set[int] = set()
    for j in range(34):
        counts = list(hand.counts)
        counts[j] += 1
        if _complete(counts, quads_pair, not hand.melds):
            (waits if held[j] < 4 else fifth).add(j)
    return waits, fifth


def _xiangting(text: str) -> tuple[int, set[int]]:
    xiangting = pytest.importorskip("xiangting")
    number, flags = xiangting.calculate_necessary_tiles(list(Hand.parse(text).counts),
                                                        xiangting.PlayerCount.FOUR)
    return number, {k for k in range(34) if flags >> k & 1}


def _nine_gates_family() -> list[str]:
    """Every 13 tiles of 1112345678999m plus one more man tile, less one tile."""
    out = set()
    for extra in range(9):
        counts = [3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25
        counts[extra] += 1
        for drop in range(9):
            if counts[drop]:
                out.add(str(Hand.from_counts([c - (k == drop) for k, c in enumerate(counts)])))
    return sorted(out)


@pytest.mark.parametrize("text", _nine_gates_family())
def test_nine_gates_shapes(text: str) -> None:
    expected, fifth = brute_waits(text)
    assert {w.tile for w in mjasp.waits(text)} == expected
    # 1111234567999m: a fifth 1m or 9m would complete some of them
    assert set(fifth_copy_tiles(Hand.parse(text), find_rules())) == fifth
    number, necessary = _xiangting(text)
    assert number == 1 and necessary == expected  # xiangting: a peer, agreeing here


def test_pure_nine_gates_waits_on_every_man_tile() -> None:
    # the nine-sided wait: 1112345678999m wins on each of 1m-9m (riichi.wiki, Chuuren poutou)
    assert [tile_name(w.tile) for w in mjasp.waits("1112345678999m")] == [
        f"{n}m" for n in range(1, 10)]


@pytest.mark.parametrize(("text", "fifth"), [
    ("1111m234p567s789s", "1m"),            # 111m 234p 567s 789s and 1m 1m: a fifth 1m
    ("123456789m1111z", "1z"),
    ("123m456p789s5z [555z]", "5z"),        # the fourth 5z is called
])
def test_a_wait_on_a_fifth_copy_is_no_wait(text: str, fifth: str) -> None:
    # "A player is not considered tenpai if he is waiting only for a tile of which he
    # already has 4" (the EMA rules); Tenhou: not tenpai with all four concealed
    waits, fifths = brute_waits(text)
    assert waits == set() and fifths == {tile_kind(fifth)}
    assert mjasp.waits(text) == []
    assert [tile_name(t) for t in fifth_copy_tiles(Hand.parse(text), find_rules())] == [fifth]
    result = CliRunner().invoke(main, ["waits", text])
    assert result.output.splitlines() == [
        f"{Hand.parse(text)}: no wait (not tenpai)",
        f"  {fifth}: a fifth copy would complete it (all four are in the hand: no wait)"]
    data = json.loads(CliRunner().invoke(main, ["waits", text, "--json"]).output)
    assert (data["tenpai"], data["fifth_copy"]) == (False, [fifth])
    if not Hand.parse(text).melds:
        assert _xiangting(text)[0] == 2  # the peer: one tile away from tenpai, not tenpai


def test_a_fifth_copy_beside_real_waits() -> None:
    # 1111222333m444z: 2m 3m 4m win; a fifth 1m would too (111m 11m 222m 333m 444z), and
    # is named, not listed as a wait
    waits, fifths = brute_waits("1111222333m444z")
    assert waits == names("2m 3m 4m") and fifths == names("1m")
    assert {w.tile for w in mjasp.waits("1111222333m444z")} == waits
    assert fifth_copy_tiles(Hand.parse("1111222333m444z"), find_rules()) == [0]


def test_seven_pairs_with_a_quad() -> None:
    # 1111m 33p 55p 77s 11z 2z: seven pairs only if four 1m are two pairs; Tenhou: not
    # (the chiitoitsu-quad preset plays the rule that allows it)
    text = "1111m33p55p77s11z2z"
    assert brute_waits(text) == (set(), set())
    assert mjasp.waits(text) == []
    assert brute_waits(text, quads_pair=True)[0] == names("2z")
    assert [tile_name(w.tile) for w in mjasp.waits(text, rules="chiitoitsu-quad")] == ["2z"]
    assert _xiangting(text)[0] == 3  # the peer agrees with Tenhou: two from tenpai


def test_thirteen_sided_kokushi() -> None:
    found = mjasp.waits("19m19p19s1234567z")
    assert {w.tile for w in found} == set(ORPHANS) == brute_waits("19m19p19s1234567z")[0]
    assert {w.shapes for w in found} == {("kokushi-13",)}
    single = mjasp.waits("119m19p19s123456z")
    assert [(tile_name(w.tile), w.shapes) for w in single] == [("7z", ("kokushi",))]
    assert _xiangting("19m19p19s1234567z") == (1, set(ORPHANS))


def test_fifth_copies_on_seeded_hands() -> None:
    # 300 hands of four sets and a pair drawn at random with five copies of one kind, less
    # one of them: a fifth copy completes each; fifth_copy_tiles and waits as the brute force
    rng = random.Random(29)
    checked = 0
    while checked < 300:
        counts = [0] * 34
        for _ in range(4):
            start = rng.randrange(34)
            if start < 27 and start % 9 <= 6 and rng.random() < 0.5:
                for k in range(start, start + 3):
                    counts[k] += 1
            else:
                counts[start] += 3
        counts[rng.randrange(34)] += 2
        fives = [k for k, c in enumerate(counts) if c == 5]
        if len(fives) != 1 or max(counts) > 5:
            continue
        counts[fives[0]] -= 1
        hand = Hand.from_counts(counts)
        waits, fifth = brute_waits(str(hand))
        assert fives[0] in fifth
        assert set(fifth_copy_tiles(hand, find_rules())) == fifth, hand
        assert {w.tile for w in mjasp.waits(hand)} == waits, hand
        checked += 1
