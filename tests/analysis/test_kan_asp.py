"""The kan after riichi as ASP states it (``encodings/riichi_kan.lp``, then
``encodings/riichi_kan_verdict.lp``) against the direct Python check (``kan_check``): the
waits of both hands, both rules' verdicts and each preset's, on riichi hands with a drawn
fourth copy.

The hands: every one-suit riichi hand (13 tiles of 1m-9m, tenpai, a triplet) with each of
its triplets as the kan, listed here from scratch, with the cases where the two rules
differ all checked (slow) or sampled; seeded mixed hands under every kind of preset (three
players, seven pairs with a quad, an earlier closed kan); and the requests no rule allows
(okurikan, a hand that is not tenpai), which both engines refuse alike.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from click.testing import CliRunner

from mjasp.analysis.kan import KanVerdict, kan_check, kan_check_asp
from mjasp.cli import main
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.core.tiles import tile_name
from mjasp.rules import find_rules
from tests.analysis.test_kan import sampled_kan_hands

Case = tuple[str, str]


def agree(text: str, tile: str, rules: str) -> KanVerdict:
    """Both engines on one request: every field the ASP answer has must be Python's, and
    so the readings, reasons and JSON they make."""
    ours = kan_check_asp(text, tile, rules=rules)
    direct = kan_check(text, tile, rules=rules)
    assert (ours.before, ours.after) == (direct.before, direct.after), (text, tile, rules)
    assert ours.to_json() == direct.to_json(), (text, tile, rules)
    assert (ours.hand, ours.tile) == (direct.hand, direct.tile), (text, tile, rules)
    assert (ours.waits_before, ours.waits_after) == (direct.waits_before, direct.waits_after), \
        (text, tile, rules)
    assert (ours.strict, ours.loose, ours.rule, ours.allowed) == \
        (direct.strict, direct.loose, direct.rule, direct.allowed), (text, tile, rules)
    return ours


@cache
def one_suit_cases() -> list[Case]:
    """Every one-suit riichi hand before the draw with each triplet as the kan: 13 tiles
    of 1m-9m, at most four of each, tenpai by a search of its own (a pair and melds by
    recursion)."""

    @cache
    def complete(counts: tuple[int, ...], pair: bool) -> bool:
        if not any(counts):
            return not pair
        i = next(k for k, c in enumerate(counts) if c)
        rest = list(counts)
        if counts[i] >= 3:
            rest[i] -= 3
            if complete(tuple(rest), pair):
                return True
            rest[i] += 3
        if pair and counts[i] >= 2:
            rest[i] -= 2
            if complete(tuple(rest), False):
                return True
            rest[i] += 2
        if i <= 6 and counts[i + 1] and counts[i + 2]:
            for k in (i, i + 1, i + 2):
                rest[k] -= 1
            return complete(tuple(rest), pair)
        return False

    found: list[Case] = []
    for counts in itertools.product(range(5), repeat=9):
        if sum(counts) != 13 or 3 not in counts:
            continue
        if any(counts[j] < 4 and complete(tuple(c + (k == j) for k, c in enumerate(counts)),
                                          True) for j in range(9)):
            text = str(Hand.from_counts(list(counts) + [0] * 25))
            found += [(text, tile_name(k)) for k, c in enumerate(counts) if c == 3]
    return found


def test_sampled_one_suit_hands() -> None:
    cases = one_suit_cases()
    assert len(cases) == 57693
    verdicts = []
    for n, (text, tile) in enumerate(random.Random(13).sample(cases, 240)):
        verdict = agree(text, tile, ("tenhou", "wrc")[n % 2])
        verdicts.append((verdict.strict, verdict.loose))
    # the strict rule keeps a subset of what the loose one keeps: three verdicts, each seen
    assert {v: verdicts.count(v) >= 5 for v in set(verdicts)} == {
        (True, True): True, (False, True): True, (False, False): True}


@pytest.mark.slow
def test_every_one_suit_hand_where_the_rules_differ(full_run: bool) -> None:
    # the kans the loose rule allows and the strict one does not, found by the Python
    # check: both engines give both rules' verdicts on each, and Tenhou's verdict (on every
    # other case) or the WRC's (on the rest); all 3,250 through ASP in the benchmark-sized
    # run (pytest --full, a minute on a slow machine), a seeded 1,000 of them otherwise
    differ = [(text, tile) for text, tile in one_suit_cases()
              if (lambda c: c.loose and not c.strict)(kan_check(text, tile))]
    assert len(differ) == 3250
    chosen = range(len(differ)) if full_run else sorted(random.Random(5).sample(
        range(len(differ)), 1000))
    for n in chosen:
        text, tile = differ[n]
        verdict = agree(text, tile, ("tenhou", "wrc")[n % 2])
        assert (verdict.loose, verdict.strict, verdict.allowed) == (True, False, n % 2 == 0)


@pytest.mark.parametrize("rules", ["tenhou", "wrc", "mahjongsoul-3p", "chiitoitsu-quad"])
def test_seeded_mixed_hands(rules: str) -> None:
    # riichi hands of several suits, some with a closed kan already
    cases = sampled_kan_hands(80, 29, pool=12, rules=rules, melds=True)
    verdicts = {(agree(text, tile, rules).strict, kan_check(text, tile).loose)
                for text, tile in cases}
    assert len(cases) == 80 and len(verdicts) >= 2


def test_a_seven_pairs_wait_on_the_fourth_copy() -> None:
    # 111m 22p 33p 44p 55s 66s with four of a kind as two pairs: 1m is a wait of seven
    # pairs before the kan and none after it, so the waits change (neither rule allows it)
    verdict = agree("111m223344p5566s", "1m", "chiitoitsu-quad")
    assert [tile_name(t) for t in verdict.waits_before] == ["1m", "5s", "6s"]
    assert not verdict.loose and not verdict.allowed
    assert agree("111m223344p5566s", "1m", "tenhou").loose  # no such pairs under Tenhou


@pytest.mark.parametrize(("text", "tile", "message"), [
    ("1111m234p567s11z2z", "1m", r"\(okurikan\) is not allowed"),  # four held, 2z drawn
    ("1111m2468p13579s1z", "1m", "a hand in riichi is tenpai"),
    ("1112345678999m", "2m", "needs three 2m"),
    ("1111m456p2345s [555z]", "1m", "closed hand"),
    ("2222m456p23455s11z", "2m", "not in the tenhou-3p tile set"),
])
def test_both_engines_refuse_alike(text: str, tile: str, message: str) -> None:
    rules = "tenhou-3p" if "tenhou-3p" in message else "tenhou"
    with pytest.raises(HandError, match=message) as direct:
        kan_check(text, tile, rules=rules)
    with pytest.raises(HandError) as ours:
        kan_check_asp(text, tile, rules=rules)
    assert str(ours.value) == str(direct.value)


def test_the_rule_comes_from_the_variant_file() -> None:
    # wrc loads riichi_kan_readings.lp, whose option fact the verdict reads; the same
    # preset with riichi_kan="waits" loads no file and plays Tenhou's rule
    wrc = find_rules("wrc")
    for rules, rule, allowed in ((wrc, "readings", False),
                                 (wrc.replace(riichi_kan="waits"), "waits", True)):
        verdict = kan_check_asp("111222333m4567p", "1m", rules=rules)
        assert (verdict.rule, verdict.allowed) == (rule, allowed)


def test_cli_solver_asp_prints_what_the_direct_check_prints() -> None:
    # mjasp kan --solver asp: the same text and JSON, hand by hand, on seeded riichi hands
    # under presets playing either rule (the reasons list the readings each engine found)
    runner = CliRunner()
    cases = sampled_kan_hands(12, 41, pool=12, rules="wrc", melds=True)
    for n, (text, tile) in enumerate(cases):
        for tail in (["--rules", ("tenhou", "wrc")[n % 2]], ["--json"]):
            direct = runner.invoke(main, ["kan", text, tile, *tail])
            ours = runner.invoke(main, ["kan", text, tile, "--solver", "asp", *tail])
            assert (ours.exit_code, direct.exit_code) == (0, 0), (text, tile, ours.output)
            assert ours.output == direct.output, (text, tile, tail)
    assert len(cases) == 12


@pytest.mark.parametrize("args", [
    ["1111m234p567s11z2z", "1m"],  # okurikan
    ["1111m2468p13579s1z", "1m"],  # not tenpai
    ["111222333m4567p", "1x"],  # no tile
    ["111222333m4567p", "1m", "--solver", "clingo"],  # no such engine
])
def test_cli_solver_asp_refuses_alike(args: list[str]) -> None:
    runner = CliRunner()
    ours = runner.invoke(main, ["kan", "--solver", "asp", *args])  # a later --solver wins
    direct = runner.invoke(main, ["kan", *args])
    assert ours.exit_code == 2 and ours.output.startswith("mjasp: error:"), ours.output
    assert len(ours.output.splitlines()) == 1
    if "clingo" not in args:
        assert ours.output == direct.output
