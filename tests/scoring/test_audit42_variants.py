"""Rule variants and their combinations, each hand worked out by hand from a cited rule;
the points are computed here by the scoring formula (base = fu x 2^(han + 2), the limits
from 5 han; https://riichi.wiki/Japanese_mahjong_scoring_rules), never read from mjasp.
Every case runs through both engines (the ASP one with the variant files the rules imply).

Sources: daisharin and its souzu and manzu forms, a closed hand of 22334455667788 in one
suit, each name one suit (https://riichi.wiki/Daisharin); kazoe yakuman, "If the hand
happens to be a regular yakuman, calculation of han is skipped", and the 13 han example
2233445566788s + 7s by tsumo with riichi (https://riichi.wiki/Kazoe_yakuman); kiriage, 4
han 30 fu and 3 han 60 fu paid as mangan (https://riichi.wiki/Kiriage_mangan); the
double-wind pair, 4 fu or 2 by the rules (https://riichi.wiki/Fu); sanrenkou, three
triplets or quads of consecutive numbers in one suit, 2 han (https://riichi.wiki/Sanrenkou);
no open tanyao (https://riichi.wiki/Kuitan).
"""

from __future__ import annotations

import math

import pytest

import mjasp
from mjasp import Win
from mjasp.rules import Rules

pytest.importorskip("clingo")

TENHOU = mjasp.RULES["tenhou"]
S = "S"  # a non-dealer's seat


def _base(han: int, fu: int, rules: Rules, yakuman: int = 0) -> int:
    """Base points by the table: yakuman multiples, the limits, kiriage's 1920 -> 2000."""
    if yakuman:
        return 8000 * yakuman
    if han >= 13:
        if rules.kazoe == "sanbaiman":
            return 6000
        if rules.kazoe == "multiple":
            count = min(han // 13, 4)
            return 8000 * (min(count, rules.yakuman_cap) if rules.yakuman_cap else count)
        return 8000
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    base = fu * (1 << (han + 2))
    if han >= 5 or base >= 2000 or (rules.kiriage and base == 1920):
        return 2000
    return base


def _up(points: float) -> int:
    return int(math.ceil(points / 100) * 100)


def _points(base: int, dealer: bool, tsumo: bool) -> int:
    """What the winner gains: ron 6x (dealer) or 4x base; tsumo each payer's share."""
    if not tsumo:
        return _up(base * (6 if dealer else 4))
    if dealer:
        return 3 * _up(2 * base)
    return _up(2 * base) + 2 * _up(base)


def _local(*names: str, **more: object) -> Rules:
    return TENHOU.replace(local_yaku=frozenset(names), **more)


# 22334455667788s by tsumo on 7s with riichi (riichi.wiki's kazoe example): riichi 1 +
# tsumo 1 + pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 13 han
WHEEL = "22334455667788s"
WHEEL_WIN = Win("7s", tsumo=True, riichi=1, seat_wind=S)
# with five dora and five ura indicators on what it holds: 2s 3s 4s 5s 6s dora (two each,
# 10) and 7s 8s 2s 3s 4s ura (10): 33 han
WHEEL_DORA = Win("7s", tsumo=True, riichi=1, seat_wind=S,
                 dora_indicators=("1s", "2s", "3s", "4s", "5s"),
                 ura_indicators=("6s", "7s", "1s", "2s", "3s"))
# the same sou with a chi: 234s 567s 567s 88s [234s] (or 234s 55s 678s 678s), tsumo 8s:
# open chinitsu 5 + open tanyao 1 = 6 han (no seven pairs, no daichikurin: not closed)
WHEEL_OPEN = "23455667788s [234s]"
WHEEL_OPEN_WIN = Win("8s", tsumo=True, seat_wind=S)
# 111m 999p 234s 567s 11z, ron on 1z (tanki), the dealer (East seat, East round), riichi,
# a 4z indicator (East the dora, two held): riichi 1 + dora 2 = 3 han. Fu 20 + menzen ron
# 10 + two closed terminal triplets 16 + tanki 2 + the double-wind pair 4 = 52 -> 60, or
# with a 2 fu double-wind pair 50 -> 50
DOUBLE_EAST = "111m999p234s567s11z"
DOUBLE_EAST_WIN = Win("1z", riichi=1, seat_wind="E", round_wind="E", dora_indicators=("4z",))
# 444m 555m 789p 11z and a closed kan of 6m, ron on 1z (tanki), South seat, East round:
# sanankou 2 (the closed kan counts) + sanrenkou 2; fu 20 + 10 + 4 + 4 + closed simple kan
# 16 + tanki 2 + round-wind pair 2 = 58 -> 60
RUN_KAN = "444555m789p11z (6666m)"
RUN_KAN_WIN = Win("1z", seat_wind=S)
# 444m 555m 777m: not consecutive (no sanrenkou): sanankou 2, fu 20 + 10 + 12 + 2 + 2 = 46
# -> 50 ... with the kan of 7m: 20 + 10 + 8 + 16 + 2 + 2 = 58 -> 60
GAP_KAN = "444555m789p11z (7777m)"

# 22334455667788p, a non-dealer's ron on 5p before the first draw (renhou): pinfu 1 + tanyao
# 1 + ryanpeikou 3 + chinitsu 6 = 11 han, 30 fu (https://riichi.wiki/Renhou: a mangan, or a
# yakuman, by the rules; the WRC's "a mangan or the value of the hand, whichever is
# greater")
WHEEL_P = "22334455667788p"
RENHOU_WIN = Win("5p", seat_wind=S, renhou=True)
WHEEL_P_YAKU = {"PINFU", "TANYAO", "RYANPEIKOU", "CHINITSU"}
# 234m 567p 234s 567s 88s, the same renhou ron on 5s: pinfu 1 + tanyao 1 = 2 han 30 fu
SMALL = "234m567p234s88s567s"
SMALL_RENHOU = Win("5s", seat_wind=S, renhou=True)

# (label, rules, hand, win, han, fu (None: a limit), yakuman multiple, yaku names)
CASES: list[tuple[str, Rules, str, Win, int, int | None, int, set[str]]] = [
    ("kazoe yakuman (tenhou)", TENHOU, WHEEL, WHEEL_WIN, 13, 20, 0,
     {"MENZEN_TSUMO", "RIICHI", "PINFU", "TANYAO", "RYANPEIKOU", "CHINITSU"}),
    ("kazoe sanbaiman", TENHOU.replace(kazoe="sanbaiman"), WHEEL, WHEEL_WIN, 13, 20, 0,
     {"MENZEN_TSUMO", "RIICHI", "PINFU", "TANYAO", "RYANPEIKOU", "CHINITSU"}),
    # daichikurin is a yakuman of its own: the sanbaiman cap of counted han does not touch it
    ("daichikurin beats the sanbaiman cap", _local("daichikurin", kazoe="sanbaiman"), WHEEL,
     WHEEL_WIN, 13, None, 1, {"DAICHIKURIN"}),
    # daisharin names pin only: the sou hand stays 13 counted han, capped at sanbaiman
    ("daisharin does not take sou", _local("daisharin", kazoe="sanbaiman"), WHEEL, WHEEL_WIN,
     13, 20, 0, {"MENZEN_TSUMO", "RIICHI", "PINFU", "TANYAO", "RYANPEIKOU", "CHINITSU"}),
    # a red five is a five: daichikurin still (the aka dora dropped with every other han)
    ("daichikurin with a red five", _local("daichikurin", kazoe="sanbaiman"),
     "22334405667788s", WHEEL_WIN, 13, None, 1, {"DAICHIKURIN"}),
    # 33 han: two counted yakuman by multiples; one with the cap at one
    ("kazoe multiple, 33 han", TENHOU.replace(kazoe="multiple"), WHEEL, WHEEL_DORA, 33, 20, 0,
     {"MENZEN_TSUMO", "RIICHI", "PINFU", "TANYAO", "RYANPEIKOU", "CHINITSU", "DORA",
      "URA_DORA"}),
    ("kazoe multiple, capped at one", TENHOU.replace(kazoe="multiple", yakuman_cap=1), WHEEL,
     WHEEL_DORA, 33, 20, 0,
     {"MENZEN_TSUMO", "RIICHI", "PINFU", "TANYAO", "RYANPEIKOU", "CHINITSU", "DORA",
      "URA_DORA"}),
    # a regular yakuman skips the han count: daichikurin is one yakuman, not two counted
    ("daichikurin over 33 counted han", _local("daichikurin", kazoe="multiple"), WHEEL,
     WHEEL_DORA, 13, None, 1, {"DAICHIKURIN"}),
    # open: no daichikurin; chinitsu 5 + tanyao 1 = 6, haneman; without open tanyao 5, mangan
    ("daichikurin needs a closed hand", _local("daichikurin"), WHEEL_OPEN, WHEEL_OPEN_WIN, 6,
     None, 0, {"TANYAO", "CHINITSU"}),
    ("daichikurin open, no open tanyao", _local("daichikurin", open_tanyao=False), WHEEL_OPEN,
     WHEEL_OPEN_WIN, 5, None, 0, {"CHINITSU"}),
    # 3 han 60 fu (1920): 11600 without kiriage, mangan with it; a 2 fu double-wind pair makes
    # it 50 fu (1600) where kiriage does nothing
    ("3 han 60 fu", TENHOU, DOUBLE_EAST, DOUBLE_EAST_WIN, 3, 60, 0, {"RIICHI", "DORA"}),
    ("3 han 60 fu, kiriage", TENHOU.replace(kiriage=True), DOUBLE_EAST, DOUBLE_EAST_WIN, 3, 60,
     0, {"RIICHI", "DORA"}),
    ("kiriage, double wind 2 fu", TENHOU.replace(kiriage=True, double_wind_fu=2), DOUBLE_EAST,
     DOUBLE_EAST_WIN, 3, 50, 0, {"RIICHI", "DORA"}),
    # sanrenkou with a closed kan in the run: 4 han 60 fu, mangan
    ("sanrenkou with a closed kan", _local("sanrenkou"), RUN_KAN, RUN_KAN_WIN, 4, 60, 0,
     {"SANANKOU", "SANRENKOU"}),
    ("no sanrenkou option", TENHOU, RUN_KAN, RUN_KAN_WIN, 2, 60, 0, {"SANANKOU"}),
    ("4 5 7 is no run", _local("sanrenkou"), GAP_KAN, RUN_KAN_WIN, 2, 60, 0, {"SANANKOU"}),
    # both kiriage and the sanrenkou: 4 han 60 fu is past 1920 anyway (mangan)
    ("sanrenkou, kiriage", _local("sanrenkou", kiriage=True), RUN_KAN, RUN_KAN_WIN, 4, 60, 0,
     {"SANANKOU", "SANRENKOU"}),
    # renhou as a 5 han yaku adds up: 16 han, a counted yakuman; capped at sanbaiman
    ("renhou mangan adds up", TENHOU.replace(renhou="mangan"), WHEEL_P, RENHOU_WIN, 16, 30,
     0, WHEEL_P_YAKU | {"RENHOU"}),
    ("renhou mangan, kazoe sanbaiman", TENHOU.replace(renhou="mangan", kazoe="sanbaiman"),
     WHEEL_P, RENHOU_WIN, 16, 30, 0, WHEEL_P_YAKU | {"RENHOU"}),
    # renhou alone: the 11 han hand beats a mangan; the 2 han one does not
    ("renhou alone, the hand is worth more", TENHOU.replace(renhou="mangan_alone"), WHEEL_P,
     RENHOU_WIN, 11, 30, 0, WHEEL_P_YAKU),
    ("renhou alone, a mangan", TENHOU.replace(renhou="mangan_alone"), SMALL, SMALL_RENHOU, 5,
     None, 0, {"RENHOU"}),
    # daisharin is a yakuman: it beats renhou alone; renhou as a yakuman adds up with it
    ("renhou alone, daisharin", _local("daisharin", renhou="mangan_alone"), WHEEL_P,
     RENHOU_WIN, 13, None, 1, {"DAISHARIN"}),
    ("renhou yakuman and daisharin", _local("daisharin", renhou="yakuman"), WHEEL_P,
     RENHOU_WIN, 26, None, 2, {"RENHOU", "DAISHARIN"}),
    ("renhou yakuman and daisharin, capped", _local("daisharin", renhou="yakuman",
                                                    yakuman_cap=1),
     WHEEL_P, RENHOU_WIN, 13, None, 1, {"RENHOU", "DAISHARIN"}),
]


@pytest.mark.parametrize("solver", ["direct", "asp"])
@pytest.mark.parametrize(("label", "rules", "hand", "win", "han", "fu", "yakuman", "yaku"),
                         CASES, ids=[c[0] for c in CASES])
def test_a_variant_by_hand(solver: str, label: str, rules: Rules, hand: str, win: Win,
                           han: int, fu: int | None, yakuman: int, yaku: set[str]) -> None:
    s = mjasp.score(hand, win, rules=rules, solver=solver)
    points = _points(_base(han, fu or 0, rules, yakuman), win.dealer, win.tsumo)
    assert s.points == points, (label, s.points, points)
    assert s.han == (13 * yakuman or han)
    if fu is not None and not yakuman:
        assert s.fu == fu
    assert {i.yaku.name for i in s.yaku if i.han} == yaku
