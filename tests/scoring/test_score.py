"""Scoring, hand-derived: each yaku, each yakuman, each limit, fu parts, payments, traps.

Every expected value is worked out in the comment beside it from Tenhou's rules
(base = fu * 2**(han + 2); non-dealer ron 4 base, dealer ron 6 base; tsumo: dealer
pays 2 base, others 1 base; each payment rounded up to 100), not taken from a program.
Unless a row says otherwise the winner sits South (non-dealer) in an East round.
"""

from __future__ import annotations

from typing import Any

import pytest

import mjasp
from mjasp import Win, WinError, Yaku
from mjasp.analysis.waits import WaitShape
from mjasp.rules.points import payments, points, value
from mjasp.scoring.api import FU_REASONS, NO_YAKU, rank_key, score_candidates
from tests.conftest import Scorer

Y = Yaku
S: dict[str, Any] = {"seat_wind": "S"}

# (id, hand, win keywords, {yaku: han}, han, fu, points)
CASES: list[tuple[str, str, dict[str, Any], dict[Yaku, int], int, int, int]] = [
    # 234m 22p 567p 345s 789s, tsumo 3s into 345s (45 waits 3/6: ryanmen), pair 2p of no
    # value: menzen tsumo + pinfu, 20 fu (no tsumo fu with pinfu); base 20*16 = 320:
    # dealer 640 -> 700, others 320 -> 400: 700 + 2*400 = 1500
    ("pinfu-tsumo", "234m22567p345789s", {"tile": "3s", "tsumo": True, **S},
     {Y.MENZEN_TSUMO: 1, Y.PINFU: 1}, 2, 20, 1500),
    # the same by ron: pinfu alone, 20 + 10 menzen ron = 30 fu; 30*8*4 = 960 -> 1000
    ("pinfu-ron", "234m22567p345789s", {"tile": "3s", **S}, {Y.PINFU: 1}, 1, 30, 1000),
    # riichi + ippatsu + pinfu, ura 0 listed: 3 han 30 fu: 30*32*4 = 3840 -> 3900
    ("riichi-ippatsu", "234m22567p345789s", {"tile": "3s", "riichi": 1, "ippatsu": True, **S},
     {Y.RIICHI: 1, Y.IPPATSU: 1, Y.PINFU: 1, Y.URA_DORA: 0}, 3, 30, 3900),
    # ura indicator 1m -> 2m, one in hand (dora indicator 1z -> 2z, none held): riichi +
    # pinfu + ura 1 = 3 han 30 fu:
    # 30*32*4 = 3840 -> 3900
    ("ura", "234m22567p345789s", {"tile": "3s", "riichi": 1, "dora_indicators": ("1z",),
             "ura_indicators": ("1m",), **S},
     {Y.RIICHI: 1, Y.PINFU: 1, Y.URA_DORA: 1}, 3, 30, 3900),
    # double riichi (2 han, replaces riichi) + pinfu: 3 han 30 fu = 3900
    ("double-riichi", "234m22567p345789s", {"tile": "3s", "riichi": 2, **S},
     {Y.PINFU: 1, Y.DOUBLE_RIICHI: 2, Y.URA_DORA: 0}, 3, 30, 3900),
    # open 123m 456p 99p 234s [789m], chankan ron 4s (23s waits 1/4): 20 fu open -> 30;
    # chankan 1 han: 240*4 = 960 -> 1000 (123m+789m is no ittsu without 456m)
    ("chankan", "123m45699p234s [789m]", {"tile": "4s", "chankan": True, **S},
     {Y.CHANKAN: 1}, 1, 30, 1000),
    # the same hand, haitei tsumo: 20 + 2 = 22 -> 30 fu, 1 han: 240 -> dealer 500,
    # others 300: 1100
    ("haitei", "123m45699p234s [789m]", {"tile": "4s", "tsumo": True, "haitei": True, **S},
     {Y.HAITEI: 1}, 1, 30, 1100),
    # houtei ron: open pinfu shape, 30 fu, 1 han = 1000
    ("houtei", "123m45699p234s [789m]", {"tile": "4s", "houtei": True, **S},
     {Y.HOUTEI: 1}, 1, 30, 1000),
    # closed kan of 2m, closed 333p, rinshan tsumo 6s (ryanmen either way): menzen tsumo +
    # rinshan; fu 20 + 2 tsumo (rinshan keeps it) + 16 closed quad + 4 closed triplet = 42
    # -> 50; 2 han 50 fu: base 800, dealer 1600, others 800: 3200 (without the tsumo 2 fu
    # it would be 40 fu and 2700)
    ("rinshan", "333p99p456s678s (2222m)", {"tile": "6s", "tsumo": True, "rinshan": True, **S},
     {Y.MENZEN_TSUMO: 1, Y.RINSHAN: 1}, 2, 50, 3200),
    # open tanyao: 234m 567p 22s 345s [678m], ron 3s ryanmen: 20 fu open -> 30, 1 han: 1000
    ("tanyao", "234m567p22345s [678m]", {"tile": "3s", **S}, {Y.TANYAO: 1}, 1, 30, 1000),
    # 123m 123m 456p 789s 55p, ron 3m: penchan (12 waits 3); 20 + 10 + 2 = 32 -> 40 fu,
    # iipeikou 1: 320*4 = 1280 -> 1300
    ("iipeikou", "112233m45655p789s", {"tile": "3m", **S}, {Y.IIPEIKOU: 1}, 1, 40, 1300),
    # North seat (the trap): 123m 22m 456p 789s [444z], ron 9s (78 waits 6/9); seat wind
    # North 1 han; 20 + 4 open honor triplet = 24 -> 30: 1000
    ("seat-north", "12322m456p789s [444z]", {"tile": "9s", "seat_wind": "N"},
     {Y.SEAT_NORTH: 1}, 1, 30, 1000),
    # the dealer's East pon in an East round: seat East + round East = 2 han, 30 fu;
    # dealer ron 480*6 = 2880 -> 2900
    ("double-east", "12322m456p789s [111z]", {"tile": "9s", "seat_wind": "E"},
     {Y.SEAT_EAST: 1, Y.ROUND_EAST: 1}, 2, 30, 2900),
    # dealer, closed 123m 456p 789s 234s 11z, riichi ron 4s (23s waits 1/4): no pinfu (value
    # pair); 20 + 10 + 4 (double-wind pair) = 34 -> 40 fu, 1 han: 320*6 = 1920 -> 2000
    ("double-wind-pair", "123m456p789234s11z", {"tile": "4s", "riichi": 1, "seat_wind": "E"},
     {Y.RIICHI: 1, Y.URA_DORA: 0}, 1, 40, 2000),
    # haku pon: 20 + 4 = 24 -> 30 fu, 1 han: 1000
    ("haku", "234m567p22345s [555z]", {"tile": "3s", **S}, {Y.HAKU: 1}, 1, 30, 1000),
    # hatsu and chun pons, haku pair, ron 3m (penchan): hatsu 1 + chun 1 + shousangen 2 = 4
    # han; 20 + 2 penchan + 2 dragon pair + 4 + 4 = 32 -> 40: base 2560 > 2000: mangan 8000
    ("shousangen", "123m456p55z [666z] [777z]", {"tile": "3m", **S},
     {Y.HATSU: 1, Y.CHUN: 1, Y.SHOUSANGEN: 2}, 4, 40, 8000),
    # seven pairs 11m 33m 55p 77p 22s 66s 99s, ron 9s: chiitoitsu 25 fu 2 han: 25*16*4 = 1600
    ("chiitoitsu-ron", "1133m5577p226699s", {"tile": "9s", **S}, {Y.CHIITOITSU: 2}, 2, 25, 1600),
    # by tsumo: + menzen tsumo, 3 han 25 fu: base 800: 1600 + 2*800 = 3200
    ("chiitoitsu-tsumo", "1133m5577p226699s", {"tile": "9s", "tsumo": True, **S},
     {Y.MENZEN_TSUMO: 1, Y.CHIITOITSU: 2}, 3, 25, 3200),
    # 123m 789m 123p 789s 11z, ron 3p (penchan): chanta 2 closed; 20 + 10 + 2 + 2 (round
    # wind pair) = 34 -> 40 fu: 640*4 = 2560 -> 2600
    ("chanta", "123789m123p789s11z", {"tile": "3p", **S}, {Y.CHANTA: 2}, 2, 40, 2600),
    # open chanta (kuisagari): 123m 789m 11z [123p] [789s], ron 3m: 1 han;
    # 20 + 2 + 2 = 24 -> 30: 1000
    ("chanta-open", "123789m11z [123p] [789s]", {"tile": "3m", **S}, {Y.CHANTA: 1}, 1, 30, 1000),
    # 123456789m 234p 55s, ron 2p (34 waits 2/5): ittsu 2 + pinfu 1, 30 fu: 3900
    ("ittsu", "123456789m234p55s", {"tile": "2p", **S}, {Y.PINFU: 1, Y.ITTSU: 2}, 3, 30, 3900),
    # open ittsu: 1 han, open pinfu shape 30 fu: 1000
    ("ittsu-open", "456789m234p55s [123m]", {"tile": "2p", **S}, {Y.ITTSU: 1}, 1, 30, 1000),
    # 234m 678m 234p 55p 234s, ron 8m (67 waits 5/8): pinfu 1 tanyao 1 sanshoku 2 = 4 han 30
    # fu: 1920*4 = 7680 -> 7700 (no kiriage mangan on Tenhou)
    ("sanshoku", "234678m23455p234s", {"tile": "8m", **S},
     {Y.PINFU: 1, Y.TANYAO: 1, Y.SANSHOKU: 2}, 4, 30, 7700),
    # open sanshoku 1 + tanyao 1, 30 fu: 480*4 = 1920 -> 2000
    ("sanshoku-open", "234678m23455p [234s]", {"tile": "8m", **S},
     {Y.TANYAO: 1, Y.SANSHOKU: 1}, 2, 30, 2000),
    # 222m 345m 88s [222p] [222s], ron 5m (34 waits 2/5): doukou 2 + tanyao 1 = 3 han;
    # 20 + 4 closed + 2 + 2 open = 28 -> 30: 960*4 = 3840 -> 3900
    ("sanshoku-doukou", "222345m88s [222p] [222s]", {"tile": "5m", **S},
     {Y.TANYAO: 1, Y.SANSHOKU_DOUKOU: 2}, 3, 30, 3900),
    # (2222m) [3333p] (4444s) 567m 88p, ron 5m: sankantsu 2 + tanyao 1 (two closed kans: no
    # sanankou); 20 + 16 + 8 + 16 = 60 fu (open hand: no menzen ron): 1920*4 = 7680 -> 7700
    ("sankantsu", "567m88p (2222m) [3333p] (4444s)", {"tile": "5m", **S},
     {Y.TANYAO: 1, Y.SANKANTSU: 2}, 3, 60, 7700),
    # 22m 555p 888s [777p] [333m], ron 2m tanki: toitoi 2 + tanyao 1 (two closed triplets);
    # 20 + 2 + 4 + 4 + 2 + 2 = 34 -> 40: 1280*4 = 5120 -> 5200
    ("toitoi", "22m555p888s [333m] [777p]", {"tile": "2m", **S},
     {Y.TANYAO: 1, Y.TOITOI: 2}, 3, 40, 5200),
    # 111m 999p 11z [999s] [222z], seat West round South, ron 1z tanki: toitoi 2 +
    # honroutou 2 + round South 1 = 5 han: mangan 8000; fu 20 + 2 + 8 + 8 + 4 + 4 = 46 -> 50
    ("honroutou", "111m999p11z [999s] [222z]",
     {"tile": "1z", "seat_wind": "W", "round_wind": "S"},
     {Y.ROUND_SOUTH: 1, Y.TOITOI: 2, Y.HONROUTOU: 2}, 5, 50, 8000),
    # seven pairs of terminals and honors, ron 2z: chiitoitsu 2 + honroutou 2 = 4 han 25 fu:
    # 1600*4 = 6400
    ("honroutou-chiitoitsu", "1199m1199p11s1122z", {"tile": "2z", **S},
     {Y.CHIITOITSU: 2, Y.HONROUTOU: 2}, 4, 25, 6400),
    # 123m 789m 123p 789s 99s, ron 3p (penchan): junchan 3 closed; 32 -> 40 fu:
    # 1280*4 = 5120 -> 5200
    ("junchan", "123789m123p78999s", {"tile": "3p", **S}, {Y.JUNCHAN: 3}, 3, 40, 5200),
    # 234m 567m 999m 22z [111z], seat West, ron 2m (34 waits 2/5): honitsu 2 (open) + round
    # East 1; 20 + 8 closed 999m + 4 open East = 32 -> 40: 1280*4 = 5200
    ("honitsu", "234567999m22z [111z]", {"tile": "2m", "seat_wind": "W"},
     {Y.ROUND_EAST: 1, Y.HONITSU: 2}, 3, 40, 5200),
    # 11m 123m 456m 789m [505m], ron 9m (78 waits 6/9): chinitsu 5 (open, replaces honitsu)
    # + ittsu 1 + the red 5m 1 = 7 han: haneman, 3000*4 = 12000 (all four 5m are held, so
    # under Tenhou's one red five per suit one of them is red)
    ("chinitsu-haneman", "11123456789m [505m]", {"tile": "9m", **S},
     {Y.ITTSU: 1, Y.CHINITSU: 5, Y.AKA_DORA: 1}, 7, 30, 12000),
    # 11m 234m 345m 567m 678m (the only reading), riichi ron 8m (67 waits 5/8): riichi 1 +
    # pinfu 1 + chinitsu 6 = 8 han: baiman 4000*4 = 16000
    ("baiman", "11233445566778m", {"tile": "8m", "riichi": 1, **S},
     {Y.RIICHI: 1, Y.PINFU: 1, Y.CHINITSU: 6, Y.URA_DORA: 0}, 8, 30, 16000),
    # + dora indicators 5m, 6m -> 6m (2 in hand) and 7m (2): 12 han: sanbaiman 6000*4 = 24000
    ("sanbaiman", "11233445566778m", {"tile": "8m", "riichi": 1,
                                      "dora_indicators": ("5m", "6m"), **S},
     {Y.RIICHI: 1, Y.PINFU: 1, Y.CHINITSU: 6, Y.DORA: 4, Y.URA_DORA: 0}, 12, 30, 24000),
    # + ura indicator 1m -> 2m (1 in hand): 13 han: counted yakuman 8000*4 = 32000
    # (ura 1z -> 2z, none in hand: one ura under each dora indicator)
    ("kazoe", "11233445566778m", {"tile": "8m", "riichi": 1, "dora_indicators": ("5m", "6m"),
                                  "ura_indicators": ("1m", "1z"), **S},
     {Y.RIICHI: 1, Y.PINFU: 1, Y.CHINITSU: 6, Y.DORA: 4, Y.URA_DORA: 1}, 13, 30, 32000),
    # dora in a kan and a red five: 234m 567p 22s 345s [0555m], dora indicator 4m -> 5m (4 in
    # the kan; the kan's own indicator 1z -> 2z, none held), ron 3s: tanyao 1 + dora 4 +
    # aka 1 = 6 han: haneman 12000; 20 + 8 -> 30 fu
    ("dora-in-kan", "234m567p22345s [0555m]",
     {"tile": "3s", "dora_indicators": ("4m", "1z"), **S},
     {Y.TANYAO: 1, Y.DORA: 4, Y.AKA_DORA: 1}, 6, 30, 12000),
    # cyclic indicators 9p -> 1p (1), 4z -> 1z (2), 7z -> 5z (3): 456m 123p 789s 11z 555z,
    # ron 3p (penchan): haku 1 + dora 6 = 7 han haneman 12000;
    # 20 + 10 + 2 + 2 (round wind pair) + 8 = 42 -> 50 fu
    ("dora-cyclic", "456m123p789s11555z",
     {"tile": "3p", "dora_indicators": ("9p", "4z", "7z"), **S},
     {Y.HAKU: 1, Y.DORA: 6}, 7, 50, 12000),
    # the kanchan trap: 344556m 234p 77p 999s, tsumo 5m: in 345m it is ryanmen (20 + 2 + 8 =
    # 30 fu), in 456m kanchan (32 -> 40 fu); menzen tsumo 1 han either way: 30 fu pays
    # 500 + 2*300 = 1100, 40 fu pays 700 + 2*400 = 1500: the kanchan reading wins
    ("kanchan-40", "344556m23477p999s", {"tile": "5m", "tsumo": True, **S},
     {Y.MENZEN_TSUMO: 1}, 1, 40, 1500),
    # the sanankou trap: 456m 555m 222p 888s 11z, ron 5m: in 456m (kanchan) 555m stays
    # closed: sanankou 2 + the red 5m 1 (all four 5m held: one is red under Tenhou's rules);
    # 20 + 10 + 2 + 2 (round wind pair) + 3*4 = 46 -> 50: 50 * 2^(2+3) = 1600, *4 = 6400
    # (in 555m the ron opens it: no yaku)
    ("sanankou-45556", "450556m222p888s11z", {"tile": "5m", **S},
     {Y.SANANKOU: 2, Y.AKA_DORA: 1}, 3, 50, 6400),
    # a ron completing a triplet: 111m 222p 333s 444z 55z, ron 1m: 111m is open, so three
    # closed triplets: toitoi 2 + sanankou 2 = 4 han; 20 + 10 + 4 (111m open) + 4 + 4 + 8 +
    # 2 (haku pair) = 52 -> 60: base 3840 > 2000: mangan 8000
    ("ron-opens-triplet", "111m222p333s44455z", {"tile": "1m", **S},
     {Y.TOITOI: 2, Y.SANANKOU: 2}, 4, 60, 8000),
    # the same by tsumo: four closed triplets, suuankou: 8000 + 2*... = 16000 + 2*8000 = 32000
    ("suuankou", "111m222p333s44455z", {"tile": "1m", "tsumo": True, **S},
     {Y.SUUANKOU: 13}, 13, 0, 32000),
    # ron on the pair: suuankou tanki, a single yakuman on Tenhou: 32000
    ("suuankou-tanki", "111m222p333s44455z", {"tile": "5z", **S},
     {Y.SUUANKOU_TANKI: 13}, 13, 0, 32000),
    # chiitoitsu vs ryanpeikou (the trap): 22 33 44m 55 66 77p 88s; ron 8s: seven pairs
    # give chiitoitsu 2 + tanyao 1 = 3 han 25 fu = 3200; 234m 234m 567p 567p 88s gives
    # ryanpeikou 3 + tanyao 1 = 4 han, 20 + 10 + 2 tanki = 32 -> 40 fu: mangan 8000
    ("ryanpeikou", "223344m556677p88s", {"tile": "8s", **S},
     {Y.TANYAO: 1, Y.RYANPEIKOU: 3}, 4, 40, 8000),
    # dealer tenhou: yakuman only, dealer tsumo 16000 from each: 48000
    ("tenhou", "234m22567p345789s", {"tile": "3s", "tsumo": True, "tenhou": True,
                                     "seat_wind": "E"}, {Y.TENHOU: 13}, 13, 0, 48000),
    # chiihou: 16000 + 2*8000 = 32000
    ("chiihou", "234m22567p345789s", {"tile": "3s", "tsumo": True, "chiihou": True, **S},
     {Y.CHIIHOU: 13}, 13, 0, 32000),
    # 123m 99p 555z 666z 777z, ron 3m: daisangen, 8000*4 = 32000
    ("daisangen", "123m99p555666777z", {"tile": "3m", **S}, {Y.DAISANGEN: 13}, 13, 0, 32000),
    # honors only, open, ron 6z tanki: tsuuiisou (three wind triplets + dragon pair: no
    # shousuushii): 32000
    ("tsuuiisou", "222333z66z [111z] [555z]", {"tile": "6z", **S},
     {Y.TSUUIISOU: 13}, 13, 0, 32000),
    # seven pairs of honors: tsuuiisou, chiitoitsu dropped by the yakuman
    ("tsuuiisou-chiitoitsu", "11223344556677z", {"tile": "7z", **S},
     {Y.TSUUIISOU: 13}, 13, 0, 32000),
    # 234s 234s 666s 88s [666z], ron 8s: ryuuiisou 32000
    ("ryuuiisou", "22334466688s [666z]", {"tile": "8s", **S}, {Y.RYUUIISOU: 13}, 13, 0, 32000),
    # 999m 111p 11s [111m] [999p], ron 1s: chinroutou 32000
    ("chinroutou", "999m111p11s [111m] [999p]", {"tile": "1s", **S},
     {Y.CHINROUTOU: 13}, 13, 0, 32000),
    # 1111 2345678 999m won on 9m: without it 1111234567899 is not the pure nine gates:
    # chuuren (a terminal winning tile, the trap)
    ("chuuren-9m", "11112345678999m", {"tile": "9m", **S}, {Y.CHUUREN: 13}, 13, 0, 32000),
    # the same tiles won on 1m: 1112345678999 + 1: junsei chuuren, a single yakuman
    ("junsei-1m", "11112345678999m", {"tile": "1m", **S},
     {Y.JUNSEI_CHUUREN: 13}, 13, 0, 32000),
    # kokushi waiting on 2z (the pair is 1m): 32000
    ("kokushi", "119m19p19s1234567z", {"tile": "2z", **S}, {Y.KOKUSHI: 13}, 13, 0, 32000),
    # won on 1m, the pair: the 13-sided wait, a single yakuman on Tenhou
    ("kokushi-13", "119m19p19s1234567z", {"tile": "1m", **S},
     {Y.KOKUSHI_13: 13}, 13, 0, 32000),
    # open: 333z 444z 55m [111z] [222z], ron 5m: daisuushii (single on Tenhou) 32000
    ("daisuushii", "55m333444z [111z] [222z]", {"tile": "5m", **S},
     {Y.DAISUUSHII: 13}, 13, 0, 32000),
    # closed, ron 5m: daisuushii + suuankou tanki add up: 2 * 32000
    ("yakuman-add-up", "55m111222333444z", {"tile": "5m", **S},
     {Y.SUUANKOU_TANKI: 13, Y.DAISUUSHII: 13}, 26, 0, 64000),
    # 789m 111z 222z 444z 33z, ron 9m (78 waits 6/9): shousuushii 32000 (3 closed triplets)
    ("shousuushii", "789m11122233444z", {"tile": "9m", **S}, {Y.SHOUSUUSHII: 13}, 13, 0, 32000),
    # four kans + 55m, ron 5m: suukantsu 32000
    ("suukantsu", "55m [1111m] [2222p] (3333s) [4444z]", {"tile": "5m", **S},
     {Y.SUUKANTSU: 13}, 13, 0, 32000),
]


@pytest.mark.parametrize(("name", "hand", "situation", "yaku", "han", "fu", "pts"), CASES,
                         ids=[c[0] for c in CASES])
def test_hand_derived(name: str, hand: str, situation: dict[str, Any], yaku: dict[Yaku, int],
                      han: int, fu: int, pts: int, scored: Scorer) -> None:
    # on every scoring path (tests.conftest.SCORING_PATHS)
    s = scored(hand, Win(**situation))
    assert {i.yaku: i.han for i in s.yaku} == yaku
    assert (s.han, s.fu, s.points) == (han, fu, pts)
    assert s.yakuman == sum(h for y, h in yaku.items() if y.is_yakuman) // 13


SEAT_YAKU = (Y.SEAT_EAST, Y.SEAT_SOUTH, Y.SEAT_WEST, Y.SEAT_NORTH)
ROUND_YAKU = (Y.ROUND_EAST, Y.ROUND_SOUTH, Y.ROUND_WEST, Y.ROUND_NORTH)


@pytest.mark.parametrize("seat", "ESWN")
@pytest.mark.parametrize("round_wind", "ESWN")
def test_wind_triplets(seat: str, round_wind: str) -> None:
    # 123m 22m 456p 789s + a pon of each wind in turn, ron 9s (78 waits 6/9): the pon is
    # worth 1 han as the seat wind and 1 as the round wind; 20 + 4 -> 30 fu; no other yaku
    for n, wind in enumerate("ESWN"):
        s = mjasp.score(f"12322m456p789s [{n + 1}{n + 1}{n + 1}z]",
                        Win("9s", seat_wind=seat, round_wind=round_wind))
        expected = {}
        if wind == seat:
            expected[SEAT_YAKU[n]] = 1
        if wind == round_wind:
            expected[ROUND_YAKU[n]] = 1
        assert {i.yaku: i.han for i in s.yaku} == expected
        han = len(expected)
        # 30 fu: 1 han 1000 / 1500 (dealer), 2 han 2000 / 2900; no yaku: 0
        table = {0: (0, 0), 1: (1000, 1500), 2: (2000, 2900)}[han]
        assert s.points == table[seat == "E"]


def test_every_tenhou_yaku_but_renhou_is_covered() -> None:
    # the yaku Tenhou lacks (local yaku, north dora) are covered by the variant tests
    covered = {y for case in CASES for y in case[3]} | set(SEAT_YAKU) | set(ROUND_YAKU)
    tenhou = {y for y in Yaku if y.tenhou_id is not None}
    assert tenhou - covered == {Yaku.RENHOU}


def test_no_yaku_is_worth_nothing_with_a_reason() -> None:
    # 456m 55m 123p 456s 789s won on 5m by ron: kanchan or tanki, closed ron, no yaku;
    # a dora (indicator 4m -> 5m, three in hand) does not make one
    s = mjasp.score("45556m123p456789s", Win("5m", dora_indicators=("4m",), **S))
    assert (s.points, s.han, s.yaku, s.reason) == (0, 0, (), NO_YAKU)
    assert s.payments.total == 0 and s.reading is not None


def test_fu_details_sum_to_the_fu_before_rounding() -> None:
    # the rinshan case: 20 base + 2 tsumo + 4 closed triplet + 16 closed quad = 42 -> 50
    s = mjasp.score("333p99p456s678s (2222m)", Win("6s", tsumo=True, rinshan=True, **S))
    assert s.fu_details == (("base", 20), ("tsumo", 2), ("closed triplet", 4),
                            ("closed quad", 16))
    assert all(reason in FU_REASONS for reason, _ in s.fu_details)


@pytest.mark.parametrize(("hand", "situation", "details"), [
    # open hand with nothing but sequences, ron: 20 + 10 for the open pinfu shape
    ("234m567p22345s [678m]", {"tile": "3s"}, (("base", 20), ("open pinfu", 10))),
    # open triplet of a terminal (4) and an open quad of an honor (16)
    ("234m567p22s [999s] [2222z]", {"tile": "2s"},
     (("base", 20), ("tanki wait", 2), ("open triplet terminal/honor", 4),
      ("open quad terminal/honor", 16))),
    # closed quad of an honor (32), closed triplet of a terminal (8), penchan (2)
    ("123m111p55s789s (7777z)", {"tile": "3m"},
     (("base", 20), ("menzen ron", 10), ("penchan wait", 2),
      ("closed triplet terminal/honor", 8), ("closed quad terminal/honor", 32))),
    # a triplet completed by ron counts open: 555p by ron = 2; shanpon adds nothing
    # (tanyao is the yaku)
    ("234m555p678s88s [678m]", {"tile": "5p"}, (("base", 20), ("open triplet", 2))),
    # a dragon pair: 2 (riichi is the yaku)
    ("234678m567p678s66z", {"tile": "6z", "riichi": 1},
     (("base", 20), ("menzen ron", 10), ("tanki wait", 2), ("yakuhai pair", 2))),
])
def test_fu_parts(hand: str, situation: dict[str, Any], details: tuple[Any, ...],
                  scored: Scorer) -> None:
    s = scored(hand, Win(**situation, **S))
    assert s.fu_details == details


# Published non-dealer / dealer tables (e.g. https://riichi.wiki/Scoring_table): ron, and
# tsumo as (dealer share, others' share) or the dealer's "all".
@pytest.mark.parametrize(("han", "fu", "ron", "dealer_ron", "tsumo", "dealer_tsumo"), [
    (1, 30, 1000, 1500, (500, 300), 500),
    (2, 20, 1300, 2000, (700, 400), 700),
    (2, 25, 1600, 2400, (800, 400), 800),
    (2, 30, 2000, 2900, (1000, 500), 1000),
    (3, 30, 3900, 5800, (2000, 1000), 2000),
    (4, 30, 7700, 11600, (3900, 2000), 3900),
    (3, 60, 7700, 11600, (3900, 2000), 3900),
    (3, 70, 8000, 12000, (4000, 2000), 4000),
    (1, 110, 3600, 5300, (1800, 900), 1800),
    (4, 40, 8000, 12000, (4000, 2000), 4000),
    (5, 30, 8000, 12000, (4000, 2000), 4000),
    (7, 30, 12000, 18000, (6000, 3000), 6000),
    (10, 30, 16000, 24000, (8000, 4000), 8000),
    (12, 30, 24000, 36000, (12000, 6000), 12000),
    (13, 30, 32000, 48000, (16000, 8000), 16000),
])
def test_points_table(han: int, fu: int, ron: int, dealer_ron: int, tsumo: tuple[int, int],
                      dealer_tsumo: int) -> None:
    assert points(han, fu, 0, dealer=False, tsumo=False) == ron
    assert points(han, fu, 0, dealer=True, tsumo=False) == dealer_ron
    assert payments(han, fu, 0, dealer=False, tsumo=True) == mjasp.Payments(
        0, tsumo[0], tsumo[1], 0, tsumo[0] + 2 * tsumo[1])
    assert points(han, fu, 0, dealer=True, tsumo=True) == 3 * dealer_tsumo


def test_limits_by_name() -> None:
    assert [value(h, 30, 0)[1] for h in (4, 5, 6, 7, 8, 10, 11, 12, 13, 20)] == [
        None, "mangan", "haneman", "haneman", "baiman", "baiman", "sanbaiman", "sanbaiman",
        "yakuman", "yakuman"]
    assert value(0, 0, 3) == (24000, "yakuman")


def test_payments_with_honba_and_sticks(scored: Scorer) -> None:
    # on every scoring path (tests.conftest.SCORING_PATHS)
    hand = "234m22567p345789s"
    # non-dealer pinfu tsumo 1500 (700/400), 2 honba, 1 stick: 900/600 + 1000 = 3100
    s = scored(hand, Win("3s", tsumo=True, honba=2, riichi_sticks=1, **S))
    assert s.points == 1500
    assert s.payments == mjasp.Payments(0, 900, 600, 1000, 3100)
    # the dealer: 700 all (2 * 320 = 640 -> 700), 1 honba: 800 all = 2400
    s = scored(hand, Win("3s", tsumo=True, honba=1, seat_wind="E"))
    assert (s.points, s.payments) == (2100, mjasp.Payments(0, 0, 800, 0, 2400))
    # dealer ron pinfu 1 han 30 fu: 240 * 6 = 1440 -> 1500, 3 honba +900, 2 sticks +2000
    s = scored(hand, Win("3s", honba=3, riichi_sticks=2, seat_wind="E"))
    assert (s.points, s.payments) == (1500, mjasp.Payments(2400, 0, 0, 2000, 4400))


def test_candidates_are_ranked_and_show_the_choice() -> None:
    # the kanchan trap: two placements of 5m, best first
    found = score_candidates("344556m23477p999s", Win("5m", tsumo=True, **S))
    assert [(s.fu, s.points) for s in found] == [(40, 1500), (30, 1100)]
    assert found[0].reading is not None and found[0].reading.wait is WaitShape.KANCHAN
    assert rank_key(found[0]) > rank_key(found[1])


def test_a_real_yakuman_beats_a_counted_one_on_a_tie() -> None:
    counted = mjasp.Score(13, 30, 32000, 0, "yakuman", (), (), mjasp.Payments(32000, 0, 0, 0,
                          32000), None)
    real = mjasp.Score(13, 0, 32000, 1, "yakuman", (), (), counted.payments, None)
    assert rank_key(real) > rank_key(counted)


def test_a_red_winning_tile_counts_and_a_hand_is_accepted() -> None:
    # 234m 567p 22s 3 4 0s: the red five is the winning tile; tanyao + pinfu + aka
    hand = mjasp.Hand.parse("234m567p22340s678s")
    s = mjasp.score(hand, Win("0s", **S))
    assert {i.yaku: i.han for i in s.yaku} == {Y.PINFU: 1, Y.TANYAO: 1, Y.AKA_DORA: 1}


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Win("1m", haitei=True), "haitei needs tsumo"),
    (lambda: Win("1m", tsumo=True, houtei=True), "houtei needs ron"),
    (lambda: Win("1m", tsumo=True, chankan=True), "chankan needs ron"),
    (lambda: Win("1m", rinshan=True), "rinshan needs tsumo"),
    (lambda: Win("1m", ippatsu=True), "ippatsu needs riichi"),
    (lambda: Win("1m", ura_indicators=("2m",)), "ura indicators need riichi"),
    (lambda: Win("1m", tsumo=True, tenhou=True, seat_wind="S"), "tenhou needs the dealer's"),
    (lambda: Win("1m", tsumo=True, chiihou=True), "chiihou needs a non-dealer's"),
    (lambda: Win("1x"), "not a tile"),
    (lambda: Win("1m", seat_wind="X"), "seat wind must be one of"),
    (lambda: Win("1m", honba=-1), "honba must be a non-negative"),
    (lambda: Win("1m", riichi=3), "riichi must be 0, 1 or 2"),
])
def test_impossible_situations(make: Any, message: str) -> None:
    with pytest.raises(WinError, match=message):
        make()


@pytest.mark.parametrize(("hand", "situation", "message"), [
    ("12322m456p789s [444z]", {"tile": "9s", "riichi": 1}, "riichi needs a closed hand"),
    ("234m22567p345789s", {"tile": "3s", "tsumo": True, "rinshan": True}, "rinshan needs a kan"),
    ("12322m456p789s [444z]", {"tile": "9s", "tsumo": True, "tenhou": True, "seat_wind": "E"},
     "tenhou and chiihou need a hand with no meld"),
    ("11123456789m [555m]", {"tile": "5m", "dora_indicators": ("5m",)}, "5 copies of 5m"),
    ("22334466688s [666z]", {"tile": "6s", "chankan": True}, "chankan needs a hand holding one"),
    ("234m22567p345789s", {"tile": "1z"}, "not among the concealed tiles"),
    ("234m22567p345789s", {"tile": "0p"}, "red five"),
    ("234m22567p345789s", {"tile": "3s", "dora_indicators": ("0p",), "ura_indicators": ("0p",),
                           "riichi": 1}, "two red fives"),
    ("234m22567p345788s", {"tile": "3s"}, "not a complete hand"),
    ("234m22567p34578s", {"tile": "3s"}, "has 13"),
])
def test_conflicts_with_the_hand(hand: str, situation: dict[str, Any], message: str) -> None:
    with pytest.raises(WinError, match=message):
        mjasp.score(hand, Win(**situation))


def test_bad_hand_text_and_solver() -> None:
    with pytest.raises(ValueError, match="unknown character"):
        mjasp.score("123x", Win("1m"))
    with pytest.raises(mjasp.RulesError, match="unknown scoring solver"):
        mjasp.score("234m22567p345789s", Win("3s"), solver="nope")
