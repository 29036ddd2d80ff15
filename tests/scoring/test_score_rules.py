"""Scoring under rule options (``mjasp.Rules``): for each option a hand whose value changes,
the value before and after worked out by hand in the comment. The tests that take
``scored`` run on every scoring path (``tests.conftest.SCORING_PATHS``: the ASP and direct
engines, the compiled and pure-Python fast paths, ``mjasp.score``).

Points: base = fu x 2^(han+2), mangan 2000 base; a non-dealer's ron pays 4 base, a
dealer's 6 base, rounded up to 100; a tsumo: the dealer 2 base, each other 1 base.
"""

from __future__ import annotations

import pytest

from mjasp import Win, score
from mjasp.core.win import WinError
from mjasp.core.yaku import Yaku as Y
from mjasp.rules import RULES
from mjasp.rules.points import value
from mjasp.rules.scorecard import NO_YAKU
from tests.conftest import Scorer

TENHOU = RULES["tenhou"]


def yaku(s: object) -> dict[Y, int]:
    return {i.yaku: i.han for i in s.yaku}  # type: ignore[attr-defined]


def test_open_tanyao(scored: Scorer) -> None:
    hand, win = "234m234p567s22s [345s]", Win("2s", seat_wind="S")
    # on: tanyao 1 han; fu 20 + tanki 2 = 22 -> 30 (an open hand: no menzen ron);
    # 30 x 2^3 = 240 base, a non-dealer's ron 4 x 240 = 960 -> 1000
    s = scored(hand, win)
    assert (s.points, s.han, s.fu, yaku(s)) == (1000, 1, 30, {Y.TANYAO: 1})
    # off (kuitan nashi): no other yaku, the hand is worth nothing
    s = scored(hand, win, rules=TENHOU.replace(open_tanyao=False))
    assert (s.points, s.reason) == (0, NO_YAKU)
    # a closed tanyao stays: pinfu + tanyao + 2 more han do not matter here, 1 han is enough
    closed = scored("234m234p567s22s345s", Win("2s", seat_wind="S"),
                   rules=TENHOU.replace(open_tanyao=False))
    assert Y.TANYAO in yaku(closed)


def test_double_yakuman_kokushi_13(scored: Scorer) -> None:
    hand, win = "19m19p19s1234567z1m", Win("1m")  # the dealer's ron, 13-sided wait
    # Tenhou: one yakuman, 8000 base x 6 = 48000
    s = scored(hand, win)
    assert (s.points, s.yakuman, yaku(s)) == (48000, 1, {Y.KOKUSHI_13: 13})
    # counted double: 16000 base x 6 = 96000
    s = scored(hand, win, rules=TENHOU.replace(double_yakuman=frozenset({"kokushi_13"})))
    assert (s.points, s.yakuman, s.han, yaku(s)) == (96000, 2, 26, {Y.KOKUSHI_13: 26})
    # a plain kokushi (waiting on 1m only, 1m already paired) stays single
    s = scored("119m19p19s123456z7z", Win("7z"),
              rules=TENHOU.replace(double_yakuman=frozenset({"kokushi_13"})))
    assert (s.points, yaku(s)) == (48000, {Y.KOKUSHI: 13})


STACK = "111z222z333z444z55z"


def test_yakuman_stacking_and_cap(scored: Scorer) -> None:
    win = Win("5z", tsumo=True)  # the dealer's tsumo: each of three pays 2 base
    # stacked: suuankou tanki + tsuuiisou + daisuushii = 3 yakuman, 3 x 16000 x 3 = 144000
    s = scored(STACK, win)
    assert (s.points, s.yakuman) == (144000, 3)
    assert yaku(s) == {Y.SUUANKOU_TANKI: 13, Y.TSUUIISOU: 13, Y.DAISUUSHII: 13}
    # no stacking: one yakuman (the first in id order of equals), 16000 x 3 = 48000
    s = scored(STACK, win, rules=TENHOU.replace(yakuman_stacking=False))
    assert (s.points, s.yakuman, yaku(s)) == (48000, 1, {Y.SUUANKOU_TANKI: 13})
    # capped at 2: 2 x 16000 x 3 = 96000
    s = scored(STACK, win, rules=TENHOU.replace(yakuman_cap=2))
    assert (s.points, s.yakuman) == (96000, 2)
    # two doubles and a single: 2 + 1 + 2 = 5, 5 x 48000 = 240000; without stacking the
    # largest (a double) alone: 96000
    doubles = frozenset({"suuankou_tanki", "daisuushii"})
    s = scored(STACK, win, rules=TENHOU.replace(double_yakuman=doubles))
    assert (s.points, s.yakuman) == (240000, 5)
    s = scored(STACK, win, rules=TENHOU.replace(double_yakuman=doubles, yakuman_stacking=False))
    assert (s.points, s.yakuman, yaku(s)) == (96000, 2, {Y.SUUANKOU_TANKI: 26})


def test_kazoe(scored: Scorer) -> None:
    # riichi 1 + tsumo 1 + pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 13 han
    # (345p 345p 678p 678p 22p, 8p completing 67p two-sided), a non-dealer's tsumo
    hand, win = "22334455667788p", Win("8p", tsumo=True, riichi=1, seat_wind="S")
    # yakuman (Tenhou): 8000 base: 16000 + 8000 + 8000 = 32000, no real yakuman
    s = scored(hand, win)
    assert (s.points, s.han, s.yakuman, s.limit) == (32000, 13, 0, "yakuman")
    # sanbaiman: 6000 base: 12000 + 6000 + 6000 = 24000
    s = scored(hand, win, rules=TENHOU.replace(kazoe="sanbaiman"))
    assert (s.points, s.limit) == (24000, "sanbaiman")
    # multiple: 13 // 13 = 1 yakuman, as Tenhou; 26 han would be two (16000 base)
    assert scored(hand, win, rules=TENHOU.replace(kazoe="multiple")).points == 32000
    assert value(26, 30, 0, TENHOU.replace(kazoe="multiple")) == (16000, "yakuman")
    assert value(39, 30, 0, TENHOU.replace(kazoe="multiple", yakuman_cap=2)) == (16000,
                                                                                 "yakuman")
    assert value(26, 30, 0) == (8000, "yakuman")


def test_kiriage(scored: Scorer) -> None:
    # riichi + pinfu + tanyao + dora (2m, indicator 1m) = 4 han; fu 20 + menzen ron 10 = 30;
    # 30 x 2^6 = 1920 base, a non-dealer's ron 7680 -> 7700; kiriage: mangan, 8000
    hand = "234m456p678s345s88p"
    win = Win("5s", riichi=1, seat_wind="S", dora_indicators=("1m",))
    s = scored(hand, win)
    assert (s.points, s.han, s.fu, s.limit) == (7700, 4, 30, None)
    s = scored(hand, win, rules=TENHOU.replace(kiriage=True))
    assert (s.points, s.han, s.fu, s.limit) == (8000, 4, 30, "mangan")
    # 3 han 60 fu: 60 x 2^5 = 1920 too; 2 han 120 fu (also 1920) is not in the rule
    kiriage = TENHOU.replace(kiriage=True)
    assert value(3, 60, 0, kiriage) == (2000, "mangan") and value(3, 60, 0) == (1920, None)
    assert value(2, 120, 0, kiriage) == (1920, None)


def test_double_wind_pair_fu(scored: Scorer) -> None:
    # the dealer in the East round, pair of East: fu 20 + menzen ron 10 + closed 111m 8
    # + pair 4 = 42 -> 50; riichi 1 han: 50 x 2^3 = 400 base x 6 = 2400
    hand, win = "111m234p567s678s11z", Win("4p", riichi=1)
    s = scored(hand, win)
    assert (s.points, s.fu, dict(s.fu_details)["yakuhai pair"]) == (2400, 50, 4)
    # a double-wind pair of 2 fu: 40 -> 40: 320 x 6 = 1920 -> 2000
    s = scored(hand, win, rules=TENHOU.replace(double_wind_fu=2))
    assert (s.points, s.fu, dict(s.fu_details)["yakuhai pair"]) == (2000, 40, 2)


def test_renhou() -> None:
    # a non-dealer's ron before the first draw; no other yaku (the East pair is no yaku)
    hand, win = "123m456p789s11z234m", Win("1z", seat_wind="S", renhou=True)
    assert score(hand, win).points == 0  # Tenhou: renhou is no yaku
    # mangan: 2000 base x 4 = 8000, renhou listed alone
    s = score(hand, win, rules=TENHOU.replace(renhou="mangan"))
    assert (s.points, s.limit, yaku(s)) == (8000, "mangan", {Y.RENHOU: 5})
    # yakuman: 8000 x 4 = 32000
    s = score(hand, win, rules=TENHOU.replace(renhou="yakuman"))
    assert (s.points, s.yakuman, yaku(s)) == (32000, 1, {Y.RENHOU: 13})
    # mangan is a 5-han yaku that adds up (WRC's renhou; the mahjong package's too):
    # renhou 5 + pinfu 1 + tanyao 1 = 7 han (5m completes 34m), haneman 3000 x 4 = 12000
    s = score("234m456p678s22p345m", Win("5m", seat_wind="S", renhou=True),
              rules=TENHOU.replace(renhou="mangan"))
    assert (s.points, yaku(s)) == (12000, {Y.RENHOU: 5, Y.PINFU: 1, Y.TANYAO: 1})
    # ... and stays out of a yakuman: daisangen alone, 8000 x 4 = 32000
    s = score("555666777z234m22p", Win("7z", seat_wind="S", renhou=True),
              rules=TENHOU.replace(renhou="mangan"))
    assert (s.points, yaku(s)) == (32000, {Y.DAISANGEN: 13})


def test_daisharin_family() -> None:
    pin = "22334455667788p"
    win = Win("8p", seat_wind="S")
    # Tenhou: pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 11 han: 6000 x 4 = 24000
    assert score(pin, win).points == 24000
    daisharin = TENHOU.replace(local_yaku=frozenset({"daisharin"}))
    # daisharin: a yakuman, 8000 x 4 = 32000
    s = score(pin, win, rules=daisharin)
    assert (s.points, yaku(s)) == (32000, {Y.DAISHARIN: 13})
    # the sou form is daichikurin, its own option: daisharin alone leaves it at 24000
    sou, sou_win = "22334455667788s", Win("8s", seat_wind="S")
    assert score(sou, sou_win, rules=daisharin).points == 24000
    every = TENHOU.replace(local_yaku=frozenset({"daisharin", "daichikurin", "daisuurin"}))
    assert yaku(score(sou, sou_win, rules=every)) == {Y.DAICHIKURIN: 13}
    assert yaku(score("22334455667788m", Win("8m", seat_wind="S"), rules=every)) == {
        Y.DAISUURIN: 13}


def test_sanrenkou() -> None:
    hand, win = "111222333m345p99s", Win("3p", seat_wind="S")
    # Tenhou: 111m 222m 333m 345p 99s: sanankou 2 han; fu 20 + 10 + 8 + 4 + 4 = 46 -> 50;
    # 50 x 2^4 = 800 x 4 = 3200 (better than 123m x3: iipeikou + pinfu, 2 han 30 fu: 2000)
    s = score(hand, win)
    assert (s.points, yaku(s)) == (3200, {Y.SANANKOU: 2})
    # sanrenkou 2 more han: 4 han 50 fu, 3200 base > 2000: mangan, 8000
    s = score(hand, win, rules=TENHOU.replace(local_yaku=frozenset({"sanrenkou"})))
    assert (s.points, yaku(s)) == (8000, {Y.SANANKOU: 2, Y.SANRENKOU: 2})
    # three triplets that are not consecutive (111m 222m 444m) are no sanrenkou
    s = score("111222444m345p99s", win, rules=TENHOU.replace(local_yaku=frozenset({"sanrenkou"})))
    assert Y.SANRENKOU not in yaku(s)


@pytest.mark.parametrize(("hand", "win", "reds", "message"), [
    ("0m34m456p678s345s88p", Win("8p"), (0, 0, 0), r"one red five \(0m\)"),
    ("234m406p678s345s88p", Win("8p"), (1, 0, 1), r"red fives? \(0p\)"),
    # a red indicator counts: the set of (0, 1, 0) has one red 5p, and the hand holds it
    ("234m406p678s345s88p", Win("8p", dora_indicators=("0p",)), (0, 1, 0), r"red fives? \(0p\)"),
])
def test_red_fives_beyond_the_set(hand: str, win: Win, reds: tuple[int, int, int],
                                  message: str) -> None:
    with pytest.raises(WinError, match=message):
        score(hand, win, rules=TENHOU.replace(red_fives=reds))


AKA4 = TENHOU.replace(red_fives=(1, 2, 1))  # two red 5p, one red 5m and 5s


@pytest.mark.parametrize("solver", ["direct", "asp"])
def test_two_red_fives_of_a_suit(solver: str) -> None:
    # 234m 456p 456p 345s 88s, ron on 2m (34m: ryanmen), South seat: pinfu 1 + tanyao 1 +
    # iipeikou 1 = 3 han of yaku; 20 + menzen ron 10 = 30 fu
    win = Win("2m", seat_wind="S")
    # one red 5p (Tenhou): + aka 1 = 4 han 30 fu, 30 x 2^6 = 1920 x 4 = 7680 -> 7700
    s = score("234m440566p345s88s", win, solver=solver)
    assert (s.han, s.fu, s.points, yaku(s)[Y.AKA_DORA]) == (4, 30, 7700, 1)
    # two red 5p (aka 4): + aka 2 = 5 han: mangan, 4 x 2000 = 8000
    s = score("234m440066p345s88s", win, rules=AKA4, solver=solver)
    assert (s.han, s.points, yaku(s)[Y.AKA_DORA]) == (5, 8000, 2)
    # Tenhou's set has one red 5p: the same hand is refused, naming the two
    with pytest.raises(WinError, match=r"two red fives \(0p\) in .*the tenhou rules have 1"):
        score("234m440066p345s88s", win, solver=solver)
    # 345m 456p 456p 345s 88s with 0m, 0p 0p, 0s (all four reds), ron on 3m (45m:
    # ryanmen): pinfu + tanyao + iipeikou 3 + aka 4 = 7 han: haneman, 4 x 3000 = 12000
    s = score("340m440066p340s88s", Win("3m", seat_wind="S"), rules=AKA4, solver=solver)
    assert (s.han, s.points, yaku(s)[Y.AKA_DORA]) == (7, 12000, 4)
    # both red 5p in an open kan: 234m 678s 345s 88s + [0505p], ron on 8s: tanyao 1 (open)
    # + aka 2 = 3 han; 20 + open simple kan 8 + tanki 2 = 30 fu: 30 x 2^5 = 960 x 4 = 3840
    # -> 3900
    s = score("234m345678s88s [0505p]", Win("8s", seat_wind="S"), rules=AKA4, solver=solver)
    assert (s.han, s.fu, s.points, yaku(s)[Y.AKA_DORA]) == (3, 30, 3900, 2)


@pytest.mark.parametrize(("hand", "win", "rules", "message"), [
    # one red 5p in Tenhou's set, so three plain ones: a plain 5p indicator beside 555p
    ("234m555p678s345s88p", Win("8p", dora_indicators=("5p",)), TENHOU,
     r"4 plain 5p counting the indicators; the tenhou rules make 1 of the four 5p red"),
    # four plain 5m in the hand (one of them must be the red one)
    ("11123456789m [555m]", Win("9m"), TENHOU, r"4 plain 5m in .*so 3 are plain"),
    # two red 5p in aka 4: two plain 5p are left
    ("234m555p678s345s88p", Win("8p"), AKA4, r"3 plain 5p in .*so 2 are plain"),
    # the indicator is the third red 5p
    ("234m440066p345s88s", Win("2m", dora_indicators=("0p",)), AKA4,
     r"3 red fives \(0p\) counting the indicators; the tenhou rules have 2"),
    # every 5p of the hand is red: the winning 5p must be one of them
    ("234m440066p345s88s", Win("5p"), AKA4, r"a plain five but every concealed 5p .* is red"),
])
def test_fives_beyond_the_set(hand: str, win: Win, rules: object, message: str) -> None:
    with pytest.raises(WinError, match=message):
        score(hand, win, rules=rules)  # type: ignore[arg-type]


def test_plain_fives_within_the_set() -> None:
    # the same hands where the set has room: a red 5p indicator beside 555p (Tenhou: the
    # fourth 5p is the red one), two plain 5p with aka 4, four plain 5m without red fives
    assert score("234m555p678s345s88p", Win("8p", riichi=1, dora_indicators=("0p",))).points
    assert score("234m505p678s345s88p", Win("8p", riichi=1), rules=AKA4).points
    assert score("11123456789m [555m]", Win("9m"), rules=RULES["wrc"]).points
    # the winning five is red when every five of its suit in hand is: 234m 456p 456p 345s
    # 88s won on 0p, in 456p from 46p (kanchan: no pinfu): tanyao 1 + iipeikou 1 + aka 2 =
    # 4 han; 20 + menzen ron 10 + kanchan 2 = 32 -> 40 fu: 40 x 2^6 = 2560 > 2000: mangan
    s = score("234m440066p345s88s", Win("0p", seat_wind="S"), rules=AKA4)
    assert (s.han, s.fu, s.points) == (4, 40, 8000)


def test_red_fives_within_the_set() -> None:
    # two red 5p in the set: the hand's and the indicator's (Tenhou's one would refuse it)
    hand, win = "234m406p678s345s88p", Win("8p", riichi=1, dora_indicators=("0p",))
    with pytest.raises(WinError, match="red fives"):
        score(hand, win)
    s = score(hand, win, rules=TENHOU.replace(red_fives=(0, 2, 0)))
    # riichi 1 + pinfu 1 + tanyao 1 + aka 1 = 4 han (the 0p indicator shows 6p: dora 1) = 5
    assert yaku(s)[Y.AKA_DORA] == 1 and yaku(s)[Y.DORA] == 1
    # a hand without a red five is fine with none in the set
    assert score("234m456p678s345s88p", Win("8p"), rules=RULES["wrc"]).points > 0


def test_renhou_needs_a_hand_without_melds() -> None:
    # renhou comes before any call: a meld (even a closed kan) cannot be there yet
    with pytest.raises(WinError, match="renhou needs a closed hand with no call"):
        score("123m456p789s11z [2222s]", Win("1z", seat_wind="S", renhou=True),
              rules=TENHOU.replace(renhou="yakuman"))


def test_an_unknown_option_is_a_rules_error() -> None:
    from mjasp.core.errors import RulesError

    with pytest.raises(RulesError, match="unknown option 'kiriag'"):
        TENHOU.replace(kiriag=True)


def test_one_yakuman_predicate_for_every_yaku() -> None:
    from mjasp.core.blocks import Block, BlockKind, Decomposition, WaitShape
    from mjasp.core.yaku import CustomYaku
    from mjasp.rules.scorecard import ScoredReading, YakuItem, is_yakuman_item, make_score

    custom = CustomYaku("ishi", "Ishi no ue ni mo sannen", "石の上にも三年", is_yakuman=True)
    # a yakuman yaku at 13 han is a yakuman, mjasp's or a custom one; below 13 neither is
    for yaku in (Y.DAISANGEN, Y.RENHOU, custom):
        assert is_yakuman_item(YakuItem(yaku, 13)) and not is_yakuman_item(YakuItem(yaku, 5))
    assert not is_yakuman_item(YakuItem(Y.CHINITSU, 13))  # 13 han of an ordinary yaku
    # so a custom "yakuman" given 5 han adds up like renhou as a mangan yaku: with tanyao
    # 1, 6 han 30 fu: haneman, a non-dealer's ron 4 x 3000 = 12000 (it was 0 points when
    # the sum saw a yakuman and the list kept none)
    reading = ScoredReading(Decomposition.of([]), Block(BlockKind.SEQUENCE, 1), WaitShape.RYANMEN)
    s = make_score([YakuItem(Y.TANYAO, 1), YakuItem(custom, 5)], [("base", 20), ("menzen ron", 10)],
                   reading, Win("2m", seat_wind="S"), TENHOU)
    assert (s.han, s.points, s.yakuman, s.limit) == (6, 12000, 0, "haneman")
