"""The local yaku and the rare standard yaku, on hands built for them (random wins rarely
hold them), each value worked by hand from the rule cited, in both engines.

- daisharin / daichikurin / daisuurin (https://riichi.wiki/Daisharin): a closed hand
  22334455667788 of pin / sou / man, a yakuman; each names one suit; without the option the
  hand is ryanpeikou + chinitsu + tanyao + pinfu (11 han, sanbaiman);
- sanrenkou (https://riichi.wiki/Optional_yaku: three consecutive triplets, 2 han, open
  or closed), not across suits, not with honors, 789 the last run;
- sanpuukou (https://riichi.wiki/Local_yaku, three wind triplets, 2 han);
- each yakuman and its double form per preset; suuankou by tsumo and by ron on the shanpon
  (https://riichi.wiki/Suuankou: the ron's triplet is open, so toitoi + sanankou);
  chankan with ippatsu, rinshan fu, haitei with pinfu, chiitoitsu with honitsu and with
  honroutou, ryanpeikou over chiitoitsu, kazoe at exactly 13 han, kiriage at 30 fu 4 han
  and 60 fu 3 han (https://riichi.wiki/Kiriage_mangan).

Points: a non-dealer's ron 4 * base, the dealer's 6 * base, rounded up to 100; base = fu *
2^(2 + han), mangan 2000 from 5 han (or base > 2000), haneman 3000, baiman 4000,
sanbaiman 6000, yakuman 8000 per multiple (https://riichi.wiki/Japanese_mahjong_scoring_rules).
"""

from __future__ import annotations

from typing import Any

import pytest

import mjasp
from mjasp import Win
from mjasp.rules import RULES, Rules

pytest.importorskip("clingo")

SOLVERS = ("direct", "asp")


@pytest.fixture(params=SOLVERS)
def solver(request: pytest.FixtureRequest) -> str:
    """Each test here runs once per engine: the direct one and the ASP one."""
    return str(request.param)


def _ids(cases: list[Any]) -> list[str]:
    return [case[0] for case in cases]  # each table's first column is its label


def _local(*names: str, base: str = "tenhou", **more: object) -> Rules:
    return RULES[base].replace(name=f"{base}+{'+'.join(names)}",
                               local_yaku=frozenset(names), **more)


ALL_LOCAL = _local("daisharin", "daichikurin", "daisuurin", "sanrenkou", "sanpuukou")
S = "S"  # a non-dealer seat

# (label, rules, hand, win, han, fu or None for a limit, points, yaku names)
CASES: list[tuple[str, Rules | str, str, Win, int, int | None, int, set[str]]] = [
    # dealer ron (East seat): one yakuman, 6 * 8000 = 48000; the yakuman leaves no other yaku
    ("daisharin", ALL_LOCAL, "22334455667788p", Win("5p"), 13, None, 48000, {"DAISHARIN"}),
    ("daichikurin", ALL_LOCAL, "22334455667788s", Win("2s"), 13, None, 48000,
     {"DAICHIKURIN"}),
    ("daisuurin", ALL_LOCAL, "22334455667788m", Win("8m"), 13, None, 48000, {"DAISUURIN"}),
    # the same with riichi and tsumo: the yakuman still stands alone
    ("daisharin tsumo", ALL_LOCAL, "22334455667788p", Win("5p", tsumo=True, riichi=1), 13,
     None, 48000, {"DAISHARIN"}),
    # without the option: 234p 234p 567p 567p 88p, ryanmen on 5p: pinfu 1 + tanyao 1 +
    # ryanpeikou 3 + chinitsu 6 = 11 han, sanbaiman: the dealer's 6 * 6000 = 36000
    ("no daisharin option", "tenhou", "22334455667788p", Win("5p"), 11, 30, 36000,
     {"PINFU", "TANYAO", "RYANPEIKOU", "CHINITSU"}),
    # daisharin alone played: the sou hand is not daisharin (each names one suit)
    ("daisharin names pin only", _local("daisharin"), "22334455667788s", Win("2s"), 11, 30,
     36000, {"PINFU", "TANYAO", "RYANPEIKOU", "CHINITSU"}),
    # nearly: 33445566778899p, 33p 456p 456p 789p 789p won on 9p in 78p (ryanmen): pinfu 1 +
    # ryanpeikou 3 + chinitsu 6 = 10 han (9p: no tanyao), baiman: 6 * 4000 = 24000
    ("near daisharin", ALL_LOCAL, "33445566778899p", Win("9p"), 10, 30, 24000,
     {"PINFU", "RYANPEIKOU", "CHINITSU"}),
    # with tenhou (dealer's first draw): two yakuman add up on Tenhou, 2 * 48000 = 96000
    ("daisharin + tenhou", ALL_LOCAL, "22334455667788p", Win("5p", tsumo=True, tenhou=True),
     26, None, 96000, {"TENHOU", "DAISHARIN"}),
    # without stacking only the largest counts: one yakuman, 48000
    ("daisharin + tenhou, no stacking",
     _local("daisharin", yakuman_stacking=False), "22334455667788p",
     Win("5p", tsumo=True, tenhou=True), 13, None, 48000, {"TENHOU"}),
    # sanrenkou: 444m 555m 666m 789p 11z, ron on 1z (tanki), South seat, East round: sanankou
    # 2 + sanrenkou 2 = 4 han; fu 20 + menzen ron 10 + three closed simple triplets 12 +
    # tanki 2 + round-wind pair 2 = 46 -> 50; 50 * 2^6 * 4 = 12800 > mangan: 8000
    ("sanrenkou closed", ALL_LOCAL, "444555666m789p11z", Win("1z", seat_wind=S), 4, 50, 8000,
     {"SANANKOU", "SANRENKOU"}),
    # the same won on 6m: read as triplets the ron opens 666m (sanankou gone): sanrenkou 2
    # han, fu 20 + 10 + 4 + 4 + open 2 + pair 2 = 42 -> 50 (shanpon 0): 50 * 16 * 4 = 3200;
    # read as 456m x3 only iipeikou 1 (and no pinfu: a yakuhai pair) is less
    ("sanrenkou, ron opens a triplet", ALL_LOCAL, "444555666m789p11z", Win("6m", seat_wind=S),
     2, 50, 3200, {"SANRENKOU"}),
    # open: 444m 555m [666m] 789p 11z: sanrenkou 2 (open or closed); fu 20 + closed 4 + 4 +
    # open 2 + tanki 2 + pair 2 = 34 -> 40: 40 * 16 * 4 = 2560 -> 2600
    ("sanrenkou open", ALL_LOCAL, "444555m789p11z [666m]", Win("1z", seat_wind=S), 2, 40,
     2600, {"SANRENKOU"}),
    # an open kan in the run counts as a triplet: fu open simple kan 8 instead of 2: 40
    ("sanrenkou with a kan", ALL_LOCAL, "444555m789p11z [6666m]", Win("1z", seat_wind=S), 2,
     40, 2600, {"SANRENKOU"}),
    # 777p 888p 999p (the last run of a suit) 234m 55s, tanki 5s: sanankou 2 + sanrenkou 2;
    # fu 20 + 10 + 4 + 4 + 8 + 2 = 48 -> 50: 4 han 50 fu, mangan 8000
    ("sanrenkou 789", ALL_LOCAL, "777888999p234m55s", Win("5s", seat_wind=S), 4, 50, 8000,
     {"SANANKOU", "SANRENKOU"}),
    # 888p 999p 111s: not a run (9p then 1s is another suit): sanankou 2; fu 20 + 10 + 4 +
    # 8 + 8 + 2 = 52 -> 60: 60 * 16 * 4 = 3840 -> 3900
    ("no sanrenkou across suits", ALL_LOCAL, "888999p111s234m55s", Win("5s", seat_wind=S), 2,
     60, 3900, {"SANANKOU"}),
    # 111z 222z 333z: winds, not numbers: no sanrenkou, but sanpuukou 2 + south 1 + east 1
    # + sanankou 2 + honitsu 3 = 9 han, baiman: 4 * 4000 = 16000
    ("honors: sanpuukou, no sanrenkou", ALL_LOCAL, "111222333z345s55s",
     Win("5s", seat_wind=S), 9, 60, 16000,
     {"SEAT_SOUTH", "ROUND_EAST", "SANANKOU", "HONITSU", "sanpuukou"}),
    # sanpuukou open: [111z] [222z] [333z] 456m 77p: south 1 + east 1 + sanpuukou 2 = 4 han;
    # fu 20 + 3 * 4 + tanki 2 = 34 -> 40: 2560 * 4 = 10240 > mangan: 8000
    ("sanpuukou open", ALL_LOCAL, "456m77p [111z] [222z] [333z]", Win("7p", seat_wind=S), 4,
     40, 8000, {"SEAT_SOUTH", "ROUND_EAST", "sanpuukou"}),
]


@pytest.mark.parametrize(("label", "rules", "hand", "win", "han", "fu", "points", "yaku"),
                         CASES, ids=_ids(CASES))
def test_local_yaku(label: str, rules: Rules | str, hand: str, win: Win, han: int,
                    fu: int | None, points: int, yaku: set[str], solver: str) -> None:
    s = mjasp.score(hand, win, rules=rules, solver=solver)
    assert (s.han, s.points) == (han, points), label
    if fu is not None:
        assert s.fu == fu, label
    assert {getattr(i.yaku, "name", None) or str(i.yaku) for i in s.yaku if i.han} == yaku


# yakuman by preset: (label, hand, win, {preset: (han, points)}); non-dealer ron: 4 * 8000
# per yakuman (Mahjong Soul's doubles: https://riichi.wiki/Yaku_variations#Double_yakuman;
# Tenhou and the WRC: single). SINGLE: one yakuman everywhere, 4 * 8000;
# DOUBLE_ON_MAHJONGSOUL: a double one on Mahjong Soul only, 4 * 16000 there
SINGLE = {"tenhou": (13, 32000), "mahjongsoul": (13, 32000), "wrc": (13, 32000)}
DOUBLE_ON_MAHJONGSOUL = {"tenhou": (13, 32000), "mahjongsoul": (26, 64000), "wrc": (13, 32000)}
YAKUMAN = [
    # 119m19p19s1234567z won on 1m: the thirteen-sided wait
    ("kokushi 13-sided", "119m19p19s1234567z", Win("1m", seat_wind=S), DOUBLE_ON_MAHJONGSOUL),
    # 111m 999m 111p 222z, tanki on 6z (the pair): suuankou tanki
    ("suuankou tanki", "111999m111p22266z", Win("6z", seat_wind=S), DOUBLE_ON_MAHJONGSOUL),
    # won by tsumo on the shanpon (2z): four concealed triplets, single everywhere
    ("suuankou shanpon tsumo", "111999m111p22266z", Win("2z", tsumo=True, seat_wind=S), SINGLE),
    # 1112345678999p waiting on nine, won on 1p
    ("junsei chuuren", "11112345678999p", Win("1p", seat_wind=S), DOUBLE_ON_MAHJONGSOUL),
    # 1123456789999p waited on 1p only: plain chuuren, single everywhere
    ("chuuren", "11123456789999p", Win("1p", seat_wind=S), SINGLE),
    # [111z] [222z] 333z 444z 99p: daisuushii (open: no suuankou)
    ("daisuushii", "333444z99p [111z] [222z]", Win("9p", seat_wind=S), DOUBLE_ON_MAHJONGSOUL),
    # closed and tanki: daisuushii + suuankou tanki add up (all three presets stack)
    ("daisuushii + suuankou tanki", "111222333444z99p", Win("9p", seat_wind=S),
     {"tenhou": (26, 64000), "mahjongsoul": (52, 128000), "wrc": (26, 64000)}),
    # four kans, three called: suukantsu, single everywhere
    ("suukantsu", "11z [1111m] [9999p] (4444s) [8888s]", Win("1z", seat_wind=S), SINGLE),
    # four closed kans and the tanki: suukantsu + suuankou tanki (double on Mahjong Soul):
    # 2 yakuman 64000, on Mahjong Soul 3 (26 + 13 han) 96000
    ("suukantsu + suuankou tanki", "11z (1111m) (9999p) (4444s) (8888s)", Win("1z", seat_wind=S),
     {"tenhou": (26, 64000), "mahjongsoul": (39, 96000), "wrc": (26, 64000)}),
    # seven pairs of honors: tsuuiisou, single (no daichisei)
    ("tsuuiisou seven pairs", "11223344556677z", Win("7z", seat_wind=S), SINGLE),
    # 22 33 44 666 888s 666z (hatsu): ryuuiisou with hatsu, 234s twice
    ("ryuuiisou", "223344666888s66z", Win("6z", seat_wind=S), SINGLE),
]


@pytest.mark.parametrize(("label", "hand", "win", "expected"), YAKUMAN, ids=_ids(YAKUMAN))
def test_yakuman_per_preset(label: str, hand: str, win: Win,
                            expected: dict[str, tuple[int, int]], solver: str) -> None:
    for preset, (han, points) in expected.items():
        s = mjasp.score(hand, win, rules=preset, solver=solver)
        assert (s.han, s.points) == (han, points), (label, preset)


def test_suuankou_ron_on_the_shanpon_is_sanankou_and_toitoi(solver: str) -> None:
    # 111m 999m 111p 66z, ron on 2z completing 222z (open): seat south 1 + toitoi 2 +
    # sanankou 2 + honroutou 2 = 7 han, haneman; fu 20 + menzen ron 10 + 3 * 8 + open
    # honor triplet 4 + dragon pair 2 = 60
    s = mjasp.score("111999m111p22266z", Win("2z", seat_wind=S), solver=solver)
    assert (s.han, s.fu, s.points) == (7, 60, 12000)
    assert {i.yaku.name for i in s.yaku} == {"SEAT_SOUTH", "TOITOI", "SANANKOU", "HONROUTOU"}


PINFU_HAND = "234m567p234s88s567s"  # 234m 567p 234s 567s 88s
# (label, preset, hand, win, han, fu, points)
SITUATIONS = [
    # ron on a robbed 6s (kanchan in 5_7s): riichi 1 + ippatsu 1 + chankan 1 + tanyao 1 =
    # 4 han; fu 20 + 10 + kanchan 2 = 32 -> 40: 2560 * 4 > mangan: 8000
    ("chankan + ippatsu", "tenhou", PINFU_HAND,
     Win("6s", seat_wind=S, riichi=1, ippatsu=True, chankan=True), 4, 40, 8000),
    # (1111z) closed kan of East, rinshan tsumo on 6s (kanchan): tsumo 1 + rinshan 1 + east
    # round 1 = 3 han; fu 20 + tsumo 2 + kanchan 2 + closed honor kan 32 = 56 -> 60; base
    # 60 * 32 = 1920: 3900 + 2000 + 2000 = 7900; WRC kiriage: 3 han 60 fu is mangan, 8000
    ("rinshan fu", "tenhou", "234m567p88s567s (1111z)",
     Win("6s", tsumo=True, rinshan=True, seat_wind=S), 3, 60, 7900),
    ("rinshan fu, kiriage", "wrc", "234m567p88s567s (1111z)",
     Win("6s", tsumo=True, rinshan=True, seat_wind=S), 3, 60, 8000),
    # haitei tsumo with pinfu: tsumo 1 + haitei 1 + pinfu 1 + tanyao 1 = 4 han 20 fu;
    # base 1280: 2600 + 1300 + 1300 = 5200
    ("haitei + pinfu tsumo", "tenhou", PINFU_HAND,
     Win("7s", tsumo=True, haitei=True, seat_wind=S), 4, 20, 5200),
    # chiitoitsu 2 + honitsu 3 = 5 han: mangan 8000
    ("chiitoitsu + honitsu", "tenhou", "11335577m112277z", Win("7z", seat_wind=S), 5, 25,
     8000),
    # chiitoitsu 2 + honroutou 2 = 4 han 25 fu: 25 * 64 * 4 = 6400
    ("chiitoitsu + honroutou", "tenhou", "1199m1199p99s1177z", Win("7z", seat_wind=S), 4, 25,
     6400),
    # 234m 234m 678p 678p 55s tanki: ryanpeikou 3 + tanyao 1 = 4 han, fu 32 -> 40: mangan
    # 8000, over chiitoitsu 2 + tanyao 1 = 3 han 25 fu (3200)
    ("ryanpeikou over chiitoitsu", "tenhou", "223344m667788p55s", Win("5s", seat_wind=S), 4,
     40, 8000),
    # 22 33 44 456 678 88s, ryanmen on 4s, riichi tsumo, indicator 1s (2s dora twice):
    # riichi 1 + tsumo 1 + pinfu 1 + tanyao 1 + iipeikou 1 + chinitsu 6 + dora 2 = 13 han:
    # kazoe yakuman 16000 + 8000 + 8000 on Tenhou; sanbaiman 12000 + 6000 + 6000 in the WRC
    ("kazoe at 13 han", "tenhou", "223344456678s88s",
     Win("4s", tsumo=True, riichi=1, seat_wind=S, dora_indicators=("1s",)), 13, 20, 32000),
    ("kazoe at 13 han, sanbaiman", "wrc", "223344456678s88s",
     Win("4s", tsumo=True, riichi=1, seat_wind=S, dora_indicators=("1s",)), 13, 20, 24000),
    # 30 fu 4 han: riichi 1 + pinfu 1 + tanyao 1 + dora 1, ron: 1920 * 4 = 7680 -> 7700;
    # the dealer 1920 * 6 = 11520 -> 11600; kiriage (WRC): 8000 and 12000
    ("30 fu 4 han", "tenhou", "234m567p678s345s88p",
     Win("5s", riichi=1, seat_wind=S, dora_indicators=("1m",)), 4, 30, 7700),
    ("30 fu 4 han dealer", "mahjongsoul", "234m567p678s345s88p",
     Win("5s", riichi=1, dora_indicators=("1m",)), 4, 30, 11600),
    ("30 fu 4 han kiriage", "wrc", "234m567p678s345s88p",
     Win("5s", riichi=1, seat_wind=S, dora_indicators=("1m",)), 4, 30, 8000),
    ("30 fu 4 han dealer kiriage", "wrc", "234m567p678s345s88p",
     Win("5s", riichi=1, dora_indicators=("1m",)), 4, 30, 12000),
    # (2222m) 777z 345p 567s 88p, ron on 6s (kanchan): chun 1 + dora 3p, 5p = 3 han; fu 20 +
    # 10 + closed simple kan 16 + closed honor triplet 8 + kanchan 2 = 56 -> 60: 1920 * 4
    # = 7680 -> 7700 (dealer 11600); kiriage: 8000 (12000)
    ("60 fu 3 han", "tenhou", "345p567s88p777z (2222m)",
     Win("6s", seat_wind=S, dora_indicators=("2p", "4p")), 3, 60, 7700),
    ("60 fu 3 han kiriage", "wrc", "345p567s88p777z (2222m)",
     Win("6s", seat_wind=S, dora_indicators=("2p", "4p")), 3, 60, 8000),
    ("60 fu 3 han dealer kiriage", "wrc", "345p567s88p777z (2222m)",
     Win("6s", dora_indicators=("2p", "4p")), 3, 60, 12000),
]


@pytest.mark.parametrize(("label", "preset", "hand", "win", "han", "fu", "points"),
                         SITUATIONS, ids=_ids(SITUATIONS))
def test_rare_situations(label: str, preset: str, hand: str, win: Win, han: int, fu: int,
                         points: int, solver: str) -> None:
    s = mjasp.score(hand, win, rules=preset, solver=solver)
    assert (s.han, s.fu, s.points) == (han, fu, points), label


def test_the_rules_page_names_every_local_yaku() -> None:
    # docs/rules.md lists the local yaku twice: among the scoring options and in the table
    # of variant files (sanpuukou, added last, was missing from both)
    from pathlib import Path

    from mjasp.rules import LOCAL_YAKU

    page = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text()
    (row,) = [line for line in page.splitlines() if line.startswith("| `local_yaku` |")]
    assert set(row.split("`")[3].split()) == set(LOCAL_YAKU)
    options = page.split("## Scoring options")[1].split("Kiriage, kazoe and the cap")[0]
    assert all(f"`{name}`" in options for name in LOCAL_YAKU)


def _triplet_runs(count: int, seed: int) -> list[tuple[str, Win]]:
    """Wins built around three consecutive triplets of one suit (or three wind triplets),
    a fourth set and a pair, some sets called, every winning tile and situation drawn."""
    import random

    rng = random.Random(seed)
    wins: list[tuple[str, Win]] = []
    while len(wins) < count:
        suit, k = rng.choice("mps"), rng.randint(1, 7)
        sets = [f"{n}{n}{n}{suit}" for n in (k, k + 1, k + 2)]
        if rng.random() < 0.3:
            sets = [f"{w}{w}{w}z" for w in rng.sample("1234", 3)]
        other, j = rng.choice("mps"), rng.randint(1, 7)
        sets.append(rng.choice([f"{j}{j + 1}{j + 2}{other}", f"{j}{j}{j}{other}", "555z"]))
        pair = rng.choice(["55z", "99p", "22s", "11z", "44z", "88m"])
        called = [sets.pop(rng.randrange(4))] if rng.random() < 0.4 else []
        block = rng.choice([*sets, pair])
        text = "".join(sets) + pair + "".join(f" [{c}]" for c in called)
        win = Win(block[rng.randrange(len(block) - 1)] + block[-1], tsumo=rng.random() < 0.5,
                  seat_wind=rng.choice("ESWN"), round_wind=rng.choice("ES"))
        try:
            mjasp.score(text, win, rules=ALL_LOCAL)
        except mjasp.MjaspError:
            continue  # five copies of a tile, a quad's fifth ...: drawn again
        wins.append((text, win))
    return wins


def test_the_engines_agree_where_sanrenkou_and_sanpuukou_are_likely() -> None:
    # random wins rarely hold three consecutive triplets: these are built to
    for text, win in _triplet_runs(600, seed=13):
        direct = mjasp.score(text, win, rules=ALL_LOCAL, solver="direct")
        asp = mjasp.score(text, win, rules=ALL_LOCAL, solver="asp")
        assert (asp.han, asp.fu, asp.points, asp.yaku) == (
            direct.han, direct.fu, direct.points, direct.yaku), (text, win)
