"""Limits per preset from the rule texts, every case through every scoring path (the ASP
engine, the direct engine, ``mjasp.score``): kazoe yakuman, kiriage mangan, yakuman
stacking, which yakuman count double, yakuman with dora.

- Tenhou: 13+ han a counted yakuman, no kiriage, no double yakuman, different yakuman
  add up ("Multiple yakuman still count", http://arcturus.su/mjw/index.php?title=Tenhou.net_rules&oldid=15453;
  https://riichi.wiki/Tenhou.net_ranked_rules); Mahjong Soul: the four double yakuman
  (https://riichi.wiki/Yaku_variations#Double_yakuman, the preset's citation); the WRC
  preset: kiriage, 13+ han a sanbaiman, yakuman add up since 2022, no double yakuman
  (the 2015 book: "Yakuman yaku are not cumulative",
  https://ooyamaneko.net/en/mahjong/bookcmp/view.php?book=WRC_2015&rbook=WRC_2015COMM&chap=6.5.3);
- kiriage mangan rounds 4 han 30 fu and 3 han 60 fu (1920 base) up to mangan
  (https://riichi.wiki/Japanese_mahjong_scoring_rules);
- a yakuman drops every other yaku and the dora.

Points: base = fu x 2^(han+2), mangan 2000, haneman 3000, baiman 4000, sanbaiman 6000,
yakuman 8000 per multiple; a non-dealer's ron 4 base, a dealer's 6; a non-dealer's tsumo 2
base from the dealer and 1 from each other (three players: one other); each payment
rounded up to 100.
"""

from __future__ import annotations

import pytest

from mjasp import RULES, Win
from mjasp.core.yaku import Yaku as Y
from tests.conftest import Scorer

S = "S"


def yaku(s: object) -> dict[Y, int]:
    return {i.yaku: i.han for i in s.yaku if i.han}  # type: ignore[attr-defined]


# 123p 123p 456p 789p 99p, riichi, tsumo on 4p (56p, ryanmen): riichi 1 + tsumo 1 +
# pinfu 1 + iipeikou 1 + ittsu 2 + chinitsu 6 = 12 han; a 3p indicator makes 4p dora: 13
KAZOE = "112233456789p99p"


@pytest.mark.parametrize(("rules", "points", "limit"), [
    # counted yakuman, 8000 base: 16000 + 8000 + 8000
    ("tenhou", 32000, "yakuman"), ("mahjongsoul", 32000, "yakuman"),
    # sanbaiman, 6000 base: 12000 + 6000 + 6000
    ("wrc", 24000, "sanbaiman"),
    # three players, tsumo loss: 16000 + 8000
    ("tenhou-3p", 24000, "yakuman"), ("mahjongsoul-3p", 24000, "yakuman"),
])
def test_thirteen_han(scored: Scorer, rules: str, points: int, limit: str) -> None:
    s = scored(KAZOE, Win("4p", tsumo=True, riichi=1, dora_indicators=("3p",), seat_wind=S),
               rules=rules)
    assert (s.points, s.han, s.yakuman, s.limit) == (points, 13, 0, limit)
    # without the dora: 12 han, sanbaiman everywhere, 24000 (four players)
    if rules in ("tenhou", "wrc"):
        s = scored(KAZOE, Win("4p", tsumo=True, riichi=1, seat_wind=S), rules=rules)
        assert (s.points, s.han, s.limit) == (24000, 12, "sanbaiman")


@pytest.mark.parametrize(("rules", "child", "dealer", "tsumo"), [
    ("tenhou", 7700, 11600, 7900), ("mahjongsoul", 7700, 11600, 7900),
    ("wrc", 8000, 12000, 8000)])
def test_kiriage(scored: Scorer, rules: str, child: int, dealer: int, tsumo: int) -> None:
    # 111m 999m 111p concealed, 55s pair, riichi, ron on 3s between 2s and 4s (kanchan):
    # riichi 1 + sanankou 2 = 3 han; 20 + 10 + 8 + 8 + 8 + 2 = 56 -> 60 fu: 60 x 32 = 1920
    # base, 7680 -> 7700 (dealer 11520 -> 11600), kiriage 8000 (12000)
    hand = "111m999m111p234s55s"
    s = scored(hand, Win("3s", riichi=1, seat_wind=S), rules=rules)
    assert (s.points, s.han, s.fu) == (child, 3, 60)
    s = scored(hand, Win("3s", riichi=1), rules=rules)
    assert s.points == dealer
    # 4 han 30 fu by tsumo: riichi + tsumo + tanyao + dora (1m shows 2m) = 4 han, 20 + 2 +
    # kanchan 2 = 24 -> 30 fu, 1920 base: 3840 -> 3900 + 1920 -> 2000 twice = 7900; kiriage
    # 4000 + 2000 + 2000
    s = scored("234m456p678s345s88p", Win("3m", tsumo=True, riichi=1, dora_indicators=("1m",),
                                          seat_wind=S), rules=rules)
    assert (s.points, s.han, s.fu) == (tsumo, 4, 30)


# 555z 666z 777z 111z, tanki on 2z by ron: daisangen + tsuuiisou + suuankou tanki
THREE_YAKUMAN = "555z666z777z111z22z"


@pytest.mark.parametrize(("rules", "points", "items"), [
    # three single yakuman, 24000 base x 4 = 96000
    ("tenhou", 96000, {Y.DAISANGEN: 13, Y.SUUANKOU_TANKI: 13, Y.TSUUIISOU: 13}),
    ("wrc", 96000, {Y.DAISANGEN: 13, Y.SUUANKOU_TANKI: 13, Y.TSUUIISOU: 13}),
    # suuankou tanki double: four yakuman, 32000 base x 4 = 128000
    ("mahjongsoul", 128000, {Y.DAISANGEN: 13, Y.SUUANKOU_TANKI: 26, Y.TSUUIISOU: 13}),
    # the 2015 book: not cumulative, the first of the largest (daisangen) alone: 32000
    (RULES["wrc"].replace(yakuman_stacking=False), 32000, {Y.DAISANGEN: 13}),
    # a cap of two yakuman (Rules.yakuman_cap): 16000 base x 4 = 64000, every item listed
    (RULES["mahjongsoul"].replace(yakuman_cap=2), 64000,
     {Y.DAISANGEN: 13, Y.SUUANKOU_TANKI: 26, Y.TSUUIISOU: 13}),
])
def test_yakuman_stacking(scored: Scorer, rules: object, points: int,
                          items: dict[Y, int]) -> None:
    s = scored(THREE_YAKUMAN, Win("2z", seat_wind=S), rules=rules)
    assert (s.points, yaku(s)) == (points, items)


@pytest.mark.parametrize(("hand", "win", "single", "items"), [
    # 13-sided kokushi, the dealer's ron: 8000 x 6 = 48000, double 96000
    ("19m19p19s1234567z1m", Win("1m"), 48000, [Y.KOKUSHI_13]),
    # junsei chuuren (1112345678999m waiting on nine tiles, won on 9m), a non-dealer's ron
    ("11123456789999m", Win("9m", seat_wind=S), 32000, [Y.JUNSEI_CHUUREN]),
    # daisuushii (one wind pon) with a tanki on 5m: single 32000, double 64000
    ("222z333z444z55m [111z]", Win("5m", seat_wind=S), 32000, [Y.DAISUUSHII]),
])
def test_double_yakuman_per_preset(scored: Scorer, hand: str, win: Win, single: int,
                                   items: list[Y]) -> None:
    for rules, factor in (("tenhou", 1), ("wrc", 1), ("mahjongsoul", 2)):
        s = scored(hand, win, rules=rules)
        assert (s.points, list(yaku(s)), s.yakuman) == (single * factor, items, factor), rules


def test_plain_chuuren_is_single_everywhere(scored: Scorer) -> None:
    # 11123456788999m won on 5m: before it the hand was 1112346788999m, not the nine-sided
    # wait: chuuren, one yakuman under every preset (32000)
    for rules in ("tenhou", "wrc", "mahjongsoul"):
        s = scored("11123456788999m", Win("5m", seat_wind=S), rules=rules)
        assert (s.points, list(yaku(s))) == (32000, [Y.CHUUREN]), rules


def test_two_doubles_add_up_on_mahjong_soul(scored: Scorer) -> None:
    # daisuushii and suuankou tanki (all four wind triplets concealed, ron on the 5m pair):
    # Tenhou and WRC two yakuman (64000), Mahjong Soul two doubles (128000)
    for rules, points in (("tenhou", 64000), ("wrc", 64000), ("mahjongsoul", 128000)):
        s = scored("111z222z333z444z55m", Win("5m", seat_wind=S), rules=rules)
        assert (s.points, set(yaku(s))) == (points, {Y.DAISUUSHII, Y.SUUANKOU_TANKI}), rules


def test_yakuman_drops_dora(scored: Scorer) -> None:
    # daisangen, and a 6z indicator makes the three 7z dora: still one yakuman, 32000, and
    # the dora are not listed
    s = scored("123m44p [555z] [666z] [777z]", Win("4p", dora_indicators=("6z",), seat_wind=S))
    assert (s.points, yaku(s)) == (32000, {Y.DAISANGEN: 13})


def test_real_yakuman_over_counted_one(scored: Scorer) -> None:
    # 111p 222p 333p 444p + 55p by tsumo: suuankou tanki (32000), or read 123p x3 444p
    # 55p: chinitsu 6 + riichi + ippatsu + tsumo + iipeikou + dora 3 (3p shows 4p) = 13,
    # a counted yakuman, 32000 too (111p 234p x3 55p likewise): the real yakuman is shown
    s = scored("11122233344455p", Win("5p", tsumo=True, riichi=1, ippatsu=True,
                                      dora_indicators=("3p",), seat_wind=S))
    assert (s.points, s.yakuman, list(yaku(s))) == (32000, 1, [Y.SUUANKOU_TANKI])
