"""``mjasp.score``'s fast path (``mjasp.solvers.scoring_best``) gives the reference's answers.

``mjasp.score`` asks the fast path first — the compiled scorer (``mjasp/solvers/_score.c``)
or, without it, its lean Python twin — and the direct engine where it declines. The direct
engine (``scoring_direct.candidates``, every candidate ranked by ``rank_key``) is the
reference, checked against the ASP engine and real Tenhou wins elsewhere
(test_score_asp.py, test_score_tenhou_data.py, which also run the fast path). Here, each
test through both paths (compiled and lean Python):

- on seeded sampled wins (every yaku, yakuman and limit occurs: ``mjasp.scoring.samples``),
  under Tenhou's rules and under every scoring option the fast path plays, it returns a
  ``Score`` equal to the reference's best: points, han, fu, yakuman, limit, yaku items,
  fu parts, payments with honba and sticks, and the chosen reading and wait;
- on situations made impossible on purpose (a fifth copy counting the indicators, riichi
  on an open hand, rinshan without a kan, ...), ``mjasp.score`` raises the same
  ``WinError`` as the reference path: the fast path never scores what the checks reject;
- rules and situations it does not play (three players, local yaku, renhou, liability,
  north tiles) are left to the reference (``best`` is None).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator

import pytest

import mjasp
from mjasp import Hand, Win
from mjasp.core.win import WinError
from mjasp.rules import RULES, Rules
from mjasp.scoring.api import rank_key, score_candidates
from mjasp.scoring.samples import random_wins
from mjasp.solvers import kernel, scoring_best, scoring_direct
from tests.conftest import switched_path

#: Sampled wins (about 0.4 ms each to sample, 0.1 ms to score by both paths and the
#: reference).
WINS = 8000
TENHOU = RULES["tenhou"]
#: The options the fast path reads from Rules, each away from Tenhou's value.
VARIANTS = {
    "tenhou": TENHOU,
    "mahjongsoul": RULES["mahjongsoul"],  # double yakuman
    "limits": TENHOU.replace(name="limits", kiriage=True, kazoe="sanbaiman",
                             yakuman_stacking=False, open_tanyao=False, double_wind_fu=2,
                             honba_points=100),
    "multiple": TENHOU.replace(name="multiple", kazoe="multiple", yakuman_cap=2,
                               double_yakuman=frozenset({"suuankou_tanki", "daisuushii"})),
    "chiitoitsu-quad": RULES["chiitoitsu-quad"],
}


@pytest.fixture(scope="module")
def wins() -> list[tuple[Hand, Win]]:
    return random_wins(WINS, seed=515)


@pytest.fixture(params=["compiled", "python"])
def path(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each test once through the compiled scorer, once through lean Python."""
    yield from switched_path(request.param, kernel.AVAILABLE and scoring_best.AVAILABLE,
                             "scorer")


def python_score(hand: Hand, win: Win, rules: Rules) -> mjasp.Score:
    """The reference: every candidate of the Python engine, the best by ``rank_key``
    (first of equals, as ``score_candidates``' stable sort)."""
    found = scoring_direct.candidates(hand, win, rules)
    return max(found, key=rank_key)


def outcome(score: Callable[[Hand, Win], object], hand: Hand, win: Win) -> object:
    """The answer of a scoring call: the Score, or the message of its WinError."""
    try:
        return score(hand, win)
    except WinError as error:
        return f"WinError: {error}"


def reference(hand: Hand, win: Win) -> mjasp.Score:
    """The best of every candidate, checks included (what ``score`` did before)."""
    return score_candidates(hand, win)[0]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_fast_path_equals_the_reference(name: str, wins: list[tuple[Hand, Win]],
                                        path: str) -> None:
    rules = VARIANTS[name]
    assert scoring_best.context(rules) is not None
    wrong = []
    for hand, win in wins:
        fast = scoring_best.best(hand, win, rules)
        assert fast is not None, (str(hand), win)
        if fast != python_score(hand, win, rules):
            wrong.append((str(hand), win))
    assert wrong == []


def test_each_limit_and_yakuman_was_compared(wins: list[tuple[Hand, Win]]) -> None:
    # the sample reaches what the comparison above needs to have seen
    limits: set[str | None] = set()
    yaku: set[object] = set()
    for hand, win in wins:
        s = scoring_best.best(hand, win, TENHOU)
        assert s is not None
        limits.add(s.limit)
        yaku.update(i.yaku for i in s.yaku)
    assert limits == {None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman"}
    assert {y for y in mjasp.Yaku if y.value <= 54 and y is not mjasp.Yaku.RENHOU} <= yaku


def _broken(hand: Hand, win: Win) -> Iterator[tuple[Hand, Win]]:
    """Situations that break one check of ``check_win`` (or may: each is compared)."""
    held = list(hand.total_counts())
    most = max(range(34), key=held.__getitem__)
    name = f"{most % 9 + 1}{'mpsz'[most // 9]}" if most < 27 else f"{most - 26}z"
    changes: list[dict[str, object]] = [
        {"dora_indicators": (*win.dora_indicators, name, name)},  # a fifth copy, often
        {"riichi": 1, "tsumo": win.tsumo},  # on an open hand: refused
        {"tsumo": True, "rinshan": True, "haitei": False, "houtei": False, "chankan": False,
         "ippatsu": False},  # without a kan: refused
        {"tsumo": False, "chankan": True, "haitei": False, "rinshan": False,
         "houtei": False},  # a second copy held: refused
        {"tsumo": True, "tenhou": True, "seat_wind": "E", "riichi": 0, "ura_indicators": (),
         "ippatsu": False, "rinshan": False, "haitei": False, "houtei": False,
         "chankan": False},  # with melds: refused
        {"tile": "0" + win.tile[1]} if win.tile[1] != "z" else {},  # no red five held
        {"dora_indicators": ("0m", "0p", "0s")},  # a second red five, often
        {"dora_indicators": ("5m", "5p", "5s")},  # a fourth plain five, sometimes
        {"tile": "5" + win.tile[1]} if win.tile[0] == "0" else {},  # every five red, sometimes
        {"tile": name},  # another tile of the hand
        {"renhou": True, "tsumo": False, "seat_wind": "S", "riichi": 0, "ura_indicators": (),
         "ippatsu": False, "houtei": False, "chankan": False},  # with melds: refused
        {"liable": "W" if win.seat_wind != "W" else "S"},  # pao: the Python path checks
        {"robbed_north": True, "tile": "4z", "tsumo": False, "chankan": False,
         "houtei": False, "haitei": False, "rinshan": False},  # four players: refused
    ]
    for change in changes:
        try:
            yield hand, dataclasses.replace(win, **change)  # type: ignore[arg-type]
        except WinError:
            continue  # Win itself refuses it
    if hand.melds:  # three tiles short
        yield Hand(hand.counts, hand.red, hand.melds[1:]), win
    short = list(hand.counts)
    short[most if short[most] else hand.counts.index(max(hand.counts))] -= 1
    with contextlib.suppress(mjasp.HandError):
        yield Hand(tuple(short), (0, 0, 0), hand.melds), win


def test_impossible_situations_raise_the_same_error(wins: list[tuple[Hand, Win]],
                                                    path: str) -> None:
    compared = errors = 0
    for hand, win in wins[:1000]:
        for bad_hand, bad_win in _broken(hand, win):
            slow = outcome(reference, bad_hand, bad_win)
            assert outcome(mjasp.score, bad_hand, bad_win) == slow, (str(bad_hand), bad_win)
            compared += 1
            errors += isinstance(slow, str)
    # most of them are refused, and not only by Win: the checks were exercised
    assert compared > 7000 and errors > compared // 2


@pytest.mark.parametrize("reds", [(0, 0, 0), (0, 2, 1), (2, 2, 2)])
def test_red_five_rules_agree(reds: tuple[int, int, int], wins: list[tuple[Hand, Win]],
                              path: str) -> None:
    # the rules decide how many red fives a suit has (0-2): every win as sampled, and
    # with every 5p it holds made red (two where it holds two), under each count
    rules = TENHOU.replace(name="reds", red_fives=reds)
    compared = scored = 0
    for hand, win in wins[:1500]:
        variants = [(hand, win)]
        if hand.counts[13] >= 2 and not any(m.red for m in hand.melds):
            redder = Hand(hand.counts, (hand.red[0], 2, hand.red[2]), hand.melds)
            variants.append((redder, win))
            if win.tile == "5p":
                variants.append((redder, dataclasses.replace(win, tile="0p")))
        for h, w in variants:
            slow = outcome(lambda a, b: score_candidates(a, b, rules=rules)[0], h, w)
            assert outcome(lambda a, b: mjasp.score(a, b, rules=rules), h, w) == slow, (
                str(h), w)
            compared += 1
            scored += not isinstance(slow, str)
    assert compared > 1600 and 0 < scored < compared


def test_what_the_fast_path_leaves_to_the_reference(path: str) -> None:
    hand = Hand.parse("123m456p789s11z [555z]")
    win = Win("1z", seat_wind="S", liable=None)
    assert scoring_best.best(hand, win, TENHOU) is not None
    for rules in (RULES["tenhou-3p"], RULES["wrc"],
                  TENHOU.replace(local_yaku=frozenset({"sanrenkou"}))):
        assert scoring_best.context(rules) is None
        assert scoring_best.best(hand, win, rules) is None
    # counts beyond 64-bit points: Python's integers (the compiled path declines)
    huge = dataclasses.replace(win, honba=10**30)
    assert path == "python" or scoring_best.best(hand, huge, TENHOU) is None
    assert mjasp.score(hand, huge) == reference(hand, huge)
    assert mjasp.score(hand, huge).payments.total == mjasp.score(hand, win).points + 3 * 10**32
    # liability: settled by the Python path (it splits a yakuman between two payers)
    big = Hand.parse("11m [555z] [666z] [777z] 123p")
    pao = Win("1m", seat_wind="S", liable="W")
    assert scoring_best.best(big, pao, TENHOU) is None
    assert mjasp.score(big, pao).payments.liable > 0
