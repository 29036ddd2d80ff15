"""Scoring cases from other public scorers' own test suites, each re-read as data (the
tiles, the winning tile, the situation, the rule options) and scored by mjasp's two
engines.

Sources (read for their cases, no code taken):

- ``mahjong`` (MahjongRepository/mahjong, ``tests/hand_calculating/tests_*.py``): its
  tests run with open tanyao OFF, no red fives unless a case asks, double yakuman ON, no
  seat or round wind unless a case names one (a wind tile then gives no yakuhai: here the
  case names winds that are not in the hand), kazoe a single yakuman, no kiriage;
- the others as noted at their block.

A case is kept only where its value follows from the rules as stated in mjasp's docs
(Tenhou's rules unless the rules column says otherwise); the peer's number was the input
to that check, the fu and han are re-derived in the note where they are not plain.
``han``/``fu``/``points`` of ``None`` are not asserted (the source did not state them);
``han == 0`` is a complete hand with no yaku (mjasp scores 0 with a reason, where the
peers report an error).
"""

from __future__ import annotations

import pytest

from mjasp import RULES, Rules, Win, score_candidates
from mjasp.rules import DOUBLE_YAKUMAN

T = RULES["tenhou"]
#: the ``mahjong`` test suite's defaults: open tanyao off, no red fives, every double
#: yakuman
MJ = T.replace(open_tanyao=False, red_fives=(0, 0, 0),
               double_yakuman=frozenset(DOUBLE_YAKUMAN))
RULESETS: dict[str, Rules] = {
    "tenhou": T,
    "mj": MJ,
    "mj+kuitan": MJ.replace(open_tanyao=True),
    "mj+renhou5": MJ.replace(renhou="mangan"),
    "mj+renhou13": MJ.replace(renhou="yakuman"),
    "mj+kazoe3": MJ.replace(kazoe="sanbaiman"),
    "mj+kazoeN": MJ.replace(kazoe="multiple"),
    "mj+aka2m": MJ.replace(red_fives=(2, 1, 1)),
    "tenhou+dw2": T.replace(double_wind_fu=2),
    "tenhou+kiriage": T.replace(kiriage=True),
    #: mahjong-utils' defaults: open tanyao on, every double yakuman
    "mu": T.replace(double_yakuman=frozenset(DOUBLE_YAKUMAN)),
    "mj+daisharin": MJ.replace(local_yaku=frozenset({"daisharin"})),
    "mj+daisharin3": MJ.replace(local_yaku=frozenset({"daisharin", "daichikurin",
                                                      "daisuurin"})),
}

_FLAGS = {"tsumo", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
          "chiihou", "renhou"}


def win_of(tile: str, situation: str) -> Win:
    """``Win`` from a compact situation: flags, ``riichi``/``double``, ``key=value``."""
    fields: dict[str, object] = {"seat_wind": "S"}
    for word in situation.split():
        key, _, value = word.partition("=")
        if word in _FLAGS:
            fields[word] = True
        elif word in ("riichi", "double"):
            fields["riichi"] = 1 if word == "riichi" else 2
        elif key in ("seat", "round"):
            fields[f"{key}_wind"] = value
        elif key in ("dora", "ura"):
            fields[f"{key}_indicators"] = tuple(value.split(","))
        elif key in ("honba", "sticks"):
            fields["honba" if key == "honba" else "riichi_sticks"] = int(value)
        else:
            raise ValueError(word)
    return Win(tile, **fields)  # type: ignore[arg-type]


#: (source and note, hand, winning tile, situation, rules, han, fu, points)
Case = tuple[str, str, str, str, str, "int | None", "int | None", "int | None"]

# Winds: ``seat=S`` unless named. Where the source gives no winds and the hand holds a
# wind tile, the case names a seat and round that are other winds.
MAHJONG_YAKU: list[Case] = [
    # tests_yaku_calculation.py, test_hands_calculation (hands from Tenhou replays)
    ("mj: 999p by ron open 4 + pon 1z 4 -> 30", "999p77z[111z][123p][123p]", "9p",
     "seat=W round=S", "mj", None, 30, None),
    ("mj: honitsu 2 + 4 dora on the 4z kan; 20+2+4+16=42 -> 50", "22244456799p[4444z]",
     "2p", "dora=3s,3z", "mj", 6, 50, None),
    ("mj: tsumo+hatsu; penchan 3p beats ryanmen: 20+2+8+2 -> 40", "11m123345p678s666z",
     "3p", "tsumo", "mj", 2, 40, None),
    ("mj: pinfu 30", "234789m12345666p", "6p", "", "mj", 1, 30, None),
    ("mj: tanki 5p reading for 2 fu: 20+2+8+2 -> 40", "34555789p678s555z", "5p", "tsumo",
     "mj", 2, 40, None),
    ("mj: ryanmen reading gives pinfu", "678m88p123345678s", "3s", "", "mj", 1, 30, None),
    ("mj: pinfu 1s", "123456m456p12399s", "1s", "", "mj", 1, 30, None),
    ("mj: honitsu open 2 + dora 2 (11z); seat pair 2 + concealed 111s 8 + pon 2 -> 40",
     "111123789s11z[666s]", "1s", "seat=E round=S dora=4z", "mj", 4, 40, None),
    ("mj: hatsu + chun, 20+4+4+2 -> 30", "12333p567s[666z][777z]", "3p", "", "mj", 2, 30,
     None),
    ("mj: riichi, kanchan/tanki 7p 40", "456m12367778p678s", "7p", "riichi", "mj", 1, 40,
     None),
    ("mj: chun + honitsu open; 16+4 -> 40", "56799m[7777z][111m][678m]", "7m", "", "mj", 3,
     40, None),
    ("mj: honitsu open, 222m by ron 2 + 888m 4 + pon 2 + hatsu pair 2 -> 30",
     "222888m66z[123m][777m]", "2m", "", "mj", 2, 30, None),
    ("mj: honitsu open 30", "44678p[444z][111p][888p]", "8p", "", "mj", 2, 30, None),
    ("mj: tsumo only; 2z no yakuhai for seat W round E", "345m999p67778s222z", "7s",
     "tsumo seat=W round=E", "mj", 1, 40, None),
    ("mj: tsumo + iipeikou, penchan 30", "345m33445577789s", "7s", "tsumo", "mj", 2, 30,
     None),
    ("mj: honitsu open 30", "123667788p22z[123p]", "3p", "seat=W round=E", "mj", 2, 30,
     None),
    ("mj: ittsu, penchan/tanki 40", "12333456789m345s", "3m", "", "mj", 2, 40, None),
    ("mj: chinitsu open 5, 30", "11456s[123s][777s][888s]", "4s", "tsumo", "mj", 5, 30,
     None),
    ("mj: chun + honitsu open + chanta open; kanchan 2s: 20+8+2+2 -> 40",
     "123789s55z777z[123s]", "2s", "", "mj", 4, 40, None),
    ("mj: honitsu open 30", "778899p22z[234p][789p]", "9p", "seat=W round=E", "mj", 2, 30,
     None),
    ("mj: chun only, 20+2+4+2 -> 30", "77888899p[777z][444m]", "8p", "tsumo", "mj", 1, 30,
     None),
    ("mj: haku, 40", "567m12333345p555z", "3p", "", "mj", 1, 40, None),
    ("mj: haku + honitsu open 30", "67777889p555z[345p]", "7p", "", "mj", 3, 30, None),
    ("mj: riichi; 333s by ron 2 + 555s 4 + closed kan 16 + chun pair 2 + 10 -> 60",
     "567p333555s77z(4444s)", "3s", "riichi", "mj", 1, 60, None),
    # test_is_riichi ... test_is_houtei, test_is_renhou, test_is_daburu_riichi
    ("mj: riichi, shanpon 4s by ron: 20+10+2 -> 40", "234456m66p123444s", "4s", "riichi",
     "mj", 1, 40, None),
    ("mj: tsumo 30", "234456m66p123444s", "4s", "tsumo", "mj", 1, 30, None),
    ("mj: open tsumo, no yaku", "234456m66p444s[123s]", "4s", "tsumo", "mj", 0, None, 0),
    ("mj: riichi + ippatsu", "234456m66p123444s", "4s", "riichi ippatsu", "mj", 2, 40,
     None),
    ("mj: rinshan + tsumo, closed kan 16: 38 -> 40", "234456m66p123s(4444s)", "1s",
     "tsumo rinshan", "mj", 2, 40, None),
    ("mj: rinshan alone with an open kan: 20+2+8 -> 30", "234456m66p123s[4444s]", "1s",
     "tsumo rinshan", "mj", 1, 30, None),
    ("mj: chankan; 444s concealed 4 + 10 -> 40", "234456m66p123444s", "1s", "chankan",
     "mj", 1, 40, None),
    ("mj: haitei + tsumo", "234456m66p123444s", "4s", "tsumo haitei", "mj", 2, 30, None),
    ("mj: haitei alone, open", "234456m66p444s[123s]", "4s", "tsumo haitei", "mj", 1, 30,
     None),
    ("mj: houtei", "234456m66p123444s", "4s", "houtei", "mj", 1, 40, None),
    ("mj: renhou 5 han (WRC style, adds up)", "234456m66p123444s", "4s", "renhou",
     "mj+renhou5", 5, 40, None),
    ("mj: double riichi 2", "234456m66p123444s", "4s", "double", "mj", 2, 40, None),
    # test_is_chitoitsu_hand, test_is_tanyao, test_is_pinfu_hand
    ("mj: chiitoitsu 25", "113355m11p113355s", "1p", "", "mj", 2, 25, None),
    ("mj: riichi tanyao pinfu", "234567m22p234567s", "7m", "riichi", "mj", 3, 30, None),
    ("mj: open tanyao, 30", "234567m22p567s[234s]", "7m", "", "mj+kuitan", 1, 30, None),
    ("mj: no open tanyao, no yaku", "234567m22p567s[234s]", "7m", "", "mj", 0, None, 0),
    ("mj: pinfu", "123456m55p123456s", "6m", "", "mj", 1, 30, None),
    ("mj: shanpon, no yaku", "123555m55p123456s", "5m", "", "mj", 0, None, 0),
    ("mj: a triplet, no pinfu", "123456m55p111456s", "6m", "", "mj", 0, None, 0),
    ("mj: penchan, no pinfu", "123456m55p123456s", "3s", "", "mj", 0, None, 0),
    ("mj: kanchan, no pinfu", "123456m55p123567s", "6s", "", "mj", 0, None, 0),
    ("mj: tanki, no pinfu", "22456678m123678p", "2m", "", "mj", 0, None, 0),
    ("mj: seat-wind pair, no pinfu", "123456m123678s11z", "6s", "seat=E round=W", "mj", 0,
     None, 0),
    ("mj: guest-wind pair, pinfu", "123456m123678s22z", "6s", "seat=W round=E", "mj", 1, 30,
     None),
    ("mj: open, no pinfu", "123456m456p99s[123s]", "1m", "", "mj", 0, None, 0),
    # test_is_iipeiko ... test_is_chun
    ("mj: iipeikou, 333m by ron 2: 32 -> 40", "333m12344p112233s", "3m", "", "mj", 1, 40,
     None),
    ("mj: open, no iipeikou", "333m12344p123s[123s]", "3m", "", "mj", 0, None, 0),
    ("mj: ryanpeikou 3 (over chiitoitsu 2), kanchan 40", "33m223344p112233s", "3p", "",
     "mj", 3, 40, None),
    ("mj: open, no ryanpeikou", "33m223344p123s[123s]", "3p", "", "mj", 0, None, 0),
    ("mj: sanshoku 2, kanchan 40", "12399m123p123456s", "2m", "", "mj", 2, 40, None),
    ("mj: sanshoku open 1", "12399m123p456s[123s]", "2m", "", "mj", 1, 30, None),
    ("mj: sanshoku doukou 2; tanki 9p: 20+2+4+4+2 -> 40", "222m22245699p[222s]", "9p",
     "", "mj", 2, 40, None),
    ("mj: sanshoku doukou with an open kan 8: 38 -> 40", "222m22245699p[2222s]", "9p", "",
     "mj", 2, 40, None),
    ("mj: toitoi; 555p by ron 2: 20+4+2+4+2 -> 40", "333m44555p[111s][333s]", "5p", "",
     "mj", 2, 40, None),
    ("mj: toitoi over 789p x3 (no yaku)", "777888999p44z[777s]", "9p", "", "mj", 2, 40,
     None),
    ("mj: sankantsu; 16+8+8+2 -> 60", "123m44p[1111s][3333s][6666p]", "3m", "", "mj", 2,
     60, None),
    ("mj: toitoi + honroutou; 4+8+8+4 -> 50", "111m999s11z222z[111s]", "2z",
     "seat=W round=W", "mj", 4, 50, None),
    ("mj: chiitoitsu + honroutou", "1199m11p22334466z", "1m", "seat=E round=E", "mj", 4, 25,
     None),
    ("mj: sanankou by tsumo, 34 -> 40", "333m44555p444s[123s]", "5p", "tsumo", "mj", 2, 40,
     None),
    ("mj: shousangen 2 + hatsu + chun; 777z by ron 4 + 666z 8 + haku pair 2 -> 50",
     "345m123s55666777z", "7z", "", "mj", 4, 50, None),
    ("mj: chanta, 333z by ron 4 -> 40", "123789m123s22333z", "3z", "seat=N round=E", "mj",
     2, 40, None),
    ("mj: chanta open 1", "123789m22333z[123s]", "3z", "seat=N round=E", "mj", 1, 30, None),
    ("mj: junchan 3, kanchan 40", "123789m12399p789s", "2m", "", "mj", 3, 40, None),
    ("mj: junchan open 2", "123789m12399p[789s]", "2m", "", "mj", 2, 30, None),
    ("mj: honitsu 3; 111z 8 + tanki 2 -> 40", "123455667m11122z", "2z", "seat=W round=W",
     "mj", 3, 40, None),
    ("mj: honitsu open 2", "455667m11122z[123m]", "2z", "seat=W round=W", "mj", 2, 30, None),
    ("mj: chinitsu 6, tanki 40", "11234567677889m", "1m", "", "mj", 6, 40, None),
    ("mj: chinitsu open 5", "11234567789m[678m]", "1m", "", "mj", 5, 30, None),
    ("mj: ittsu 2, penchan 40", "123456789m123s22z", "3s", "seat=W round=E", "mj", 2, 40,
     None),
    ("mj: ittsu open 1", "456789m123s22z[123m]", "3s", "seat=W round=E", "mj", 1, 30, None),
    ("mj: haku; 555z by ron 4 -> 40", "23422m234567s555z", "5z", "", "mj", 1, 40, None),
    ("mj: hatsu", "23422m234567s666z", "6z", "", "mj", 1, 40, None),
    ("mj: chun", "23422m234567s777z", "7z", "", "mj", 1, 40, None),
    ("mj: seat east", "23422m234567s111z", "1z", "seat=E round=W", "mj", 1, 40, None),
    ("mj: double east, 2 han, fu of a triplet not doubled", "23422m234567s111z", "1z",
     "seat=E round=E", "mj", 2, 40, None),
    ("mj: seat south", "23422m234567s222z", "2z", "seat=S round=E", "mj", 1, 40, None),
    ("mj: double south", "23422m234567s222z", "2z", "seat=S round=S", "mj", 2, 40, None),
    ("mj: seat west", "23422m234567s333z", "3z", "seat=W round=E", "mj", 1, 40, None),
    ("mj: double west", "23422m234567s333z", "3z", "seat=W round=W", "mj", 2, 40, None),
    ("mj: seat north", "23422m234567s444z", "4z", "seat=N round=E", "mj", 1, 40, None),
    ("mj: double north", "23422m234567s444z", "4z", "seat=N round=N", "mj", 2, 40, None),
    # test_dora_in_hand, test_ura_dora_in_hand
    ("mj: dora no yaku", "456789m345s55z[678s]", "5s", "dora=5s", "mj", 0, None, 0),
    ("mj: pinfu + 2 dora", "123456m33p123456s", "6m", "dora=2p", "mj", 3, 30, None),
    ("mj: tsumo + 3 dora, tanki", "22456678m123678p", "2m", "tsumo dora=1m,2p", "mj", 4, 30,
     None),
    ("mj: the same indicator twice doubles", "678m34577p123345s", "7p", "tsumo dora=4s,4s",
     "mj", 3, 30, None),
    ("mj: riichi + 4 dora on a hatsu pair (no pinfu: yakuhai pair 2)", "678m345p123345s66z",
     "5p", "riichi dora=5z,5z", "mj", 5, 40, None),
    ("mj: tsumo + red five, 3p indicators miss", "123678m44p123406s", "4p",
     "tsumo dora=2p,2p", "tenhou", 2, 30, None),
    ("mj: four dora in a closed kan; 20+2+16+2 -> 40", "(7777m)34577p123345s", "7p",
     "tsumo dora=6m", "mj", 5, 40, None),
    ("mj: ura with riichi", "123456m33p123456s", "6m", "riichi dora=1z ura=2p", "mj", 4,
     30, None),
    # test_kazoe_settings: riichi 1 + chinitsu 6 + sanankou 2 + toitoi 2 + tanyao 1 + 16 dora
    ("mj: kazoe 28 han, a yakuman", "44466677788m(2222m)", "7m", "riichi dora=1m,1m,1m,1m",
     "mj", 28, None, 32000),
    ("mj: kazoe 28 han capped at sanbaiman", "44466677788m(2222m)", "7m",
     "riichi dora=1m,1m,1m,1m", "mj+kazoe3", 28, None, 24000),
    ("mj: kazoe 28 han, two yakuman", "44466677788m(2222m)", "7m",
     "riichi dora=1m,1m,1m,1m", "mj+kazoeN", 28, None, 64000),
    # test_aka_dora: tsumo 1 + red fives
    ("mj: no red five", "12355599m456p345s", "9m", "tsumo", "tenhou", 1, None, None),
    ("mj: one red five", "12355599m456p340s", "9m", "tsumo", "tenhou", 2, None, None),
    ("mj: two red fives", "12355599m406p340s", "9m", "tsumo", "tenhou", 3, None, None),
    ("mj: three red fives", "12305599m406p340s", "9m", "tsumo", "tenhou", 4, None, None),
    ("mj: four red fives (two 0m)", "12300599m406p340s", "9m", "tsumo", "mj+aka2m", 5, None,
     None),
]

# tests_fu_calculation.py: fu alone (no yaku there), given a yaku here that adds no fu
# (riichi on a closed ron, houtei on an open ron)
MAHJONG_FU: list[Case] = [
    ("mj: chiitoitsu 25", "115599m66p112244s", "6p", "riichi", "mj", 3, 25, None),
    ("mj: open pon 2, 22 -> 30", "123456m11p678s[222s]", "6s", "houtei", "mj", 1, 30, None),
    ("mj: open hand with no fu is 30 by ron", "234567m22p678s[234s]", "6s", "houtei", "mj",
     1, 30, None),
    ("mj: pinfu tsumo 20", "123456m123p22678s", "6s", "tsumo", "mj", 2, 20, None),
    ("mj: tsumo 2 + concealed 111p 8", "123456m111p22678s", "6s", "tsumo", "mj", 1, 30,
     None),
    ("mj: penchan 12-3, 30+2 -> 40", "123456m55p123456s", "3s", "riichi", "mj", 1, 40,
     None),
    ("mj: penchan 89-7", "123456m55p345789s", "7s", "riichi", "mj", 1, 40, None),
    ("mj: kanchan", "123456m55p123567s", "6s", "riichi", "mj", 1, 40, None),
    ("mj: seat-wind pair 2", "123456m123678s11z", "6s", "riichi seat=E round=W", "mj", 1, 40,
     None),
    ("mj: double-wind pair 4 (Tenhou)", "123456m123678s11z", "6s", "riichi seat=E round=E",
     "mj", 1, 40, None),
    ("mj: tanki 2", "123456m11p123678s", "1p", "riichi", "mj", 1, 40, None),
    ("mj: concealed simple triplet 4", "123456m11p222678s", "6s", "riichi", "mj", 1, 40,
     None),
    ("mj: a triplet won by ron is open: 2", "123456m11p222678s", "2s", "riichi", "mj", 1, 40,
     None),
    ("mj: concealed terminal triplet 8", "123456m11p111678s", "6s", "riichi", "mj", 1, 40,
     None),
    ("mj: terminal triplet by ron 4", "123456m11p111678s", "1s", "riichi", "mj", 1, 40,
     None),
    ("mj: concealed honor triplet 8 (1z no yakuhai for W/S)", "123456m11678s111z", "6s",
     "riichi seat=W round=S", "mj", 1, 40, None),
    ("mj: honor triplet by ron 4", "123456m11678s111z", "1z", "riichi seat=W round=S", "mj",
     1, 40, None),
    ("mj: open honor pon 4: 24 -> 30", "123456m22678s[111z]", "6s", "houtei seat=W round=S",
     "mj", 1, 30, None),
    ("mj: closed simple kan 16: 46 -> 50", "123456m11p678s(2222s)", "6s", "riichi", "mj", 1,
     50, None),
    ("mj: open simple kan 8: 28 -> 30", "123456m11p678s[2222s]", "6s", "houtei", "mj", 1, 30,
     None),
    ("mj: closed terminal kan 32: 62 -> 70", "123456m22678s(1111p)", "6s", "riichi", "mj", 1,
     70, None),
    ("mj: open terminal kan 16: 36 -> 40", "123456m22678s[1111p]", "6s", "houtei", "mj", 1,
     40, None),
    ("mj: tsumo; 111s reading: 20+8+2 -> 30", "234m11123456777s", "4s", "tsumo", "mj", 1, 30,
     None),
    ("mj: houtei, open; every reading 30", "11123444m555p[123m]", "1m", "houtei", "mj", 1, 30,
     None),
]

# tests_yakuman_calculation.py (double yakuman on; a yakuman's fu is reported 0 by mjasp,
# so points are asserted instead). Payments: yakuman 8000 base, ron x4 (x6 dealer), tsumo
# 2x from the dealer and 1x from each other (dealer: 2x from each).
MAHJONG_YAKUMAN: list[Case] = [
    ("mj: tenhou, dealer tsumo 16000 all", "234456m66p123444s", "4s", "tsumo tenhou seat=E",
     "mj", 13, None, 48000),
    ("mj: chiihou", "234456m66p123444s", "4s", "tsumo chiihou", "mj", 13, None, 32000),
    ("mj: daisangen", "22m123s555666777z", "7z", "", "mj", 13, None, 32000),
    ("mj: shousuushii", "123s11122233344z", "4z", "", "mj", 13, None, 32000),
    ("mj: daisuushii, double", "22s111222333444z", "4z", "", "mj", 26, None, 64000),
    ("mj: tsuuiisou as seven pairs", "11223344556677z", "7z", "", "mj", 13, None, 32000),
    ("mj: suuankou tanki by ron (the source names it chinroutou)", "111999m99p111222s", "9p",
     "", "mj", 26, None, 64000),
    ("mj: kokushi, single wait", "19m19p119s1234567z", "9s", "", "mj", 13, None, 32000),
    ("mj: kokushi 13-sided, double", "19m19p119s1234567z", "1s", "", "mj", 26, None, 64000),
    ("mj: ryuuiisou", "22334466888s666z", "6z", "", "mj", 13, None, 32000),
    ("mj: suuankou by tsumo (shanpon)", "333m44555p111444s", "5p", "tsumo", "mj", 13, None,
     32000),
    ("mj: shanpon by ron: toitoi 2 + sanankou 2; 20+10+8+4+4+2 -> 50, 4 han 50 fu mangan",
     "333m44555p111444s", "5p", "", "mj", 4, 50, 8000),
    ("mj: suuankou tanki by tsumo", "333m44455p111444s", "5p", "tsumo", "mj", 26, None,
     64000),
    ("mj: suuankou tanki by ron", "33344455577799m", "9m", "", "mj", 26, None, 64000),
    ("mj: chuuren, not the nine-sided wait", "11123456789999m", "1m", "", "mj", 13, None,
     32000),
    ("mj: junsei chuuren on 2m", "11122345678999m", "2m", "", "mj", 26, None, 64000),
    ("mj: junsei chuuren on 9m", "11123456789999m", "9m", "", "mj", 26, None, 64000),
    ("mj: junsei chuuren on 1m", "11112345678999m", "1m", "", "mj", 26, None, 64000),
    ("mj: a kan breaks chuuren: chinitsu 6; 20+10+32+2 -> 70", "11123456678p(9999p)", "3p",
     "", "mj", 6, 70, None),
    ("mj: suukantsu", "44p[1111s][3333s][5555p][2222m]", "4p", "", "mj", 13, None, 32000),
    ("mj: kokushi 13-sided, single", "19m19p119s1234567z", "1s", "", "tenhou", 13, None,
     32000),
    ("mj: suuankou tanki, single", "333m44455p111444s", "5p", "tsumo", "tenhou", 13, None,
     32000),
    ("mj: junsei chuuren, single", "11122345678999m", "2m", "", "tenhou", 13, None, 32000),
    ("mj: daisuushii, single", "22s111222333444z", "4z", "", "tenhou", 13, None, 32000),
    ("mj: tenhou + tsuuiisou + daisuushii 2 + suuankou tanki 2: 6 yakuman, 96000 all",
     "11122233344455z", "5z", "tsumo tenhou seat=E", "mj", 78, None, 288000),
    ("mj: suukantsu + tsuuiisou + daisuushii 2 + suuankou tanki 2: 6 yakuman by ron",
     "55z(1111z)(2222z)(3333z)(4444z)", "5z", "", "mj", 78, None, 192000),
    ("mj: kokushi (pair 7z) by tsumo", "19m19p19s12345677z", "1z", "tsumo", "mj", 13, None,
     32000),
    ("mj: kokushi + tenhou", "19m19p19s12345677z", "1z", "tsumo tenhou seat=E", "mj", 26,
     None, 96000),
    ("mj: kokushi + chiihou", "19m19p19s12345677z", "1z", "tsumo chiihou", "mj", 26, None,
     64000),
    ("mj: kokushi 13-sided by tsumo", "19m19p19s12345677z", "7z", "tsumo", "mj", 26, None,
     64000),
    ("mj: kokushi 13-sided + tenhou", "19m19p19s12345677z", "7z", "tsumo tenhou seat=E",
     "mj", 39, None, 144000),
    ("mj: kokushi 13-sided + chiihou", "19m19p19s12345677z", "7z", "tsumo chiihou", "mj", 39,
     None, 96000),
    ("mj: kokushi 13-sided + renhou yakuman", "19m19p19s12345677z", "7z", "renhou",
     "mj+renhou13", 39, None, 96000),
    ("mj: renhou as a yakuman", "234456m66p123444s", "4s", "renhou", "mj+renhou13", 13, None,
     32000),
    ("mj: renhou + tsuuiisou + daisuushii 2 + suuankou tanki 2 by ron", "11122233344455z",
     "5z", "renhou", "mj+renhou13", 78, None, 192000),
    ("mj: 22334455667788p without daisharin: chinitsu 6 + ryanpeikou 3 + tanyao + pinfu",
     "22334455667788p", "8p", "", "mj", 11, 30, 24000),
    ("mj: daisharin", "22334455667788p", "8p", "", "mj+daisharin", 13, None, 32000),
    ("mj: daichikurin not played", "22334455667788s", "8s", "", "mj+daisharin", 11, 30,
     24000),
    ("mj: daichikurin", "22334455667788s", "8s", "", "mj+daisharin3", 13, None, 32000),
    ("mj: daisuurin not played", "22334455667788m", "8m", "", "mj+daisharin", 11, 30, 24000),
    ("mj: daisuurin", "22334455667788m", "8m", "", "mj+daisharin3", 13, None, 32000),
]

# ssttkkl/mahjong-utils (Kotlin), ``hora/TestHora.kt``, ``yaku/TestYaku.kt``,
# ``yaku/TestYakuman.kt``: open tanyao on, double yakuman on, no winds unless named; its
# ``dora = N`` is a count, given here as indicators that make N. Where the source tests a
# yaku set on a pattern, the han and fu are the best reading's, worked out in the note.
MAHJONG_UTILS: list[Case] = [
    ("mu: riichi tsumo pinfu ittsu iipeikou chinitsu + 4 dora = 16: counted yakuman",
     "11123456778899p", "4p", "tsumo riichi dora=8p,8p", "mu", 16, 20, 32000),
    ("mu: chuuren (the extra 9p; not the nine-sided wait), dora dropped", "11123456789999p",
     "4p", "tsumo riichi dora=8p,8p", "mu", 13, None, 32000),
    ("mu: ittsu 1 + honitsu 2 open; kanchan 20+2+8+2 -> 40: 1300/2600",
     "12345556m111z[789m]", "2m", "tsumo seat=W round=S", "mu", 3, 40, 5200),
    ("mu: open tsumo, no yaku", "123234567m11z[789p]", "5m", "tsumo seat=W round=S", "mu", 0,
     None, 0),
    ("mu: suukantsu + tsuuiisou + daisuushii 2 + suuankou tanki 2 by tsumo",
     "55z(1111z)(2222z)(3333z)(4444z)", "5z", "tsumo", "mu", 78, None, 192000),
    ("mu: ryuuiisou + suukantsu + suuankou tanki 2", "66z(3333s)(2222s)(4444s)(8888s)", "6z",
     "tsumo", "mu", 52, None, 128000),
    ("mu: sanankou toitoi riichi ippatsu west east haku + 4 dora = 13: counted yakuman;"
     " 20+10+8+8+8+2 -> 60", "44p222s111333555z", "2s",
     "riichi ippatsu seat=W round=E dora=3p,3p", "mu", 13, 60, 32000),
    # the source expects 3 han 40 fu (5200): it misses junchan, which every block holds
    # here (123m has the 1m, 99s is a terminal pair; riichi.wiki "Junchan": every set and
    # the pair contain a terminal, no honors), so ryanpeikou 3 + junchan 3 = 6 han
    ("mu: ryanpeikou 3 + junchan 3 over sanankou; tanki 40", "111122223333m99s", "9s", "",
     "mu", 6, 40, 12000),
    ("mu: sanankou + sankantsu; 20+10+32x3+4 (double wind pair)+2 -> 140",
     "234p11z(1111s)(1111m)(9999m)", "1z", "seat=E round=E", "mu", 4, 140, 12000),
    ("mu: chiitoitsu + honitsu", "1133557799m1122z", "1z", "seat=E round=E", "mu", 5, 25,
     12000),
    ("mu: kokushi (pair 7z) by ron, dealer", "19m19p19s12345677z", "1z", "seat=E round=E",
     "mu", 13, None, 48000),
    ("mu: tsumo pinfu tanyao", "567m567p34455677s", "3s", "tsumo", "mu", 3, 20, 2700),
    ("mu: double wind pair 2 fu as an option: 20+10+8+2 -> 40", "111456p123456s11z", "1s",
     "riichi seat=E round=E", "tenhou+dw2", 1, 40, None),
    ("mu: double wind pair 4 fu on Tenhou: 42 -> 50", "111456p123456s11z", "1s",
     "riichi seat=E round=E", "tenhou", 1, 50, None),
    ("mu: no open tanyao", "22333p[234s][456s][567s]", "3p", "tsumo", "mj", 0, None, 0),
    ("mu: open tanyao; 333p by tsumo 4: 20+2+4 -> 30", "22333p[234s][456s][567s]", "3p",
     "tsumo", "tenhou", 1, 30, 1100),
    ("mu: 4 han 30 fu dealer ron, no kiriage", "234m123456789p44s", "9p",
     "seat=E round=E dora=3m", "tenhou", 4, 30, 11600),
    ("mu: 4 han 30 fu dealer ron, kiriage", "234m123456789p44s", "9p",
     "seat=E round=E dora=3m", "tenhou+kiriage", 4, 30, 12000),
    ("mu: suukantsu (the seat wind dropped)", "55s[1111s][2222s][1111p][2222z]", "5s",
     "tsumo", "mu", 13, None, 32000),
    ("mu: daisuushii, double", "111222333z77p[444z]", "1z", "tsumo", "mu", 26, None, 64000),
    ("mu: tsuuiisou + shousuushii", "11444555z[222z][333z]", "5z", "tsumo", "mu", 26, None,
     64000),
    ("mu: chinroutou", "111s111p99m[999p][999s]", "1s", "tsumo", "mu", 13, None, 32000),
    ("mu: suuankou by tsumo", "333444z333444m55s", "4z", "tsumo", "mu", 13, None, 32000),
    ("mu: suuankou tanki by ron", "333444z333444m55s", "5s", "", "mu", 26, None, 64000),
    # TestYaku.kt (a yaku set per pattern; han and fu worked out here)
    ("mu: chiitoitsu 2 + honroutou 2 + tsumo 1 = 5", "1199m1199s112233z", "3z", "tsumo",
     "mu", 5, 25, 8000),
    ("mu: as seven pairs 10 han, but 234x2 567x2 88 is pinfu tsumo tanyao ryanpeikou"
     " chinitsu = 12", "22334455667788s", "2s", "tsumo", "mu", 12, 20, 24000),
    ("mu: toitoi 2 + honitsu 2 + honroutou 2; 20+8+8+4+4+2 -> 50", "111999s44z[111z][222z]",
     "4z", "seat=W round=W", "mu", 6, 50, 12000),
    ("mu: ittsu 1 + chinitsu 5 open; 20+8+2 -> 30", "33789999s[123s][456s]", "3s", "", "mu",
     6, 30, 12000),
    ("mu: the source's pattern (22 345 345s, kanchan) is 4 han 40 fu, but 234 234 55s"
     " makes 4s a ryanmen: tanyao + pinfu + ryanpeikou 5 han 30 fu", "22334455s334455p",
     "4s", "", "mu", 5, 30, 8000),
    ("mu: tanyao iipeikou pinfu", "678m567p22334455s", "5s", "", "mu", 3, 30, 3900),
    ("mu: open tanyao + open sanshoku", "345678m345p22s[345s]", "5m", "", "mu", 2, 30, 2000),
    ("mu: double east + haku; 20+4+4 -> 30", "678m345p22s[111z][555z]", "5p",
     "seat=E round=E", "mu", 3, 30, 5800),
    ("mu: shousangen + hatsu + chun; 20+4+4+2 -> 30", "678m345p55z[666z][777z]", "5p",
     "seat=E round=E", "mu", 4, 30, 11600),
    ("mu: toitoi + sanankou by tsumo; 20+2+8+4+4+2 -> 40", "111222m22555s[333s]", "2m",
     "tsumo", "mu", 4, 40, 8000),
    ("mu: toitoi + sanankou, 222m by ron open; 20+10+4+4+8+2 -> 50", "111222m22333555s",
     "2m", "", "mu", 4, 50, 8000),
    ("mu: chanta open; 111m concealed 8 + pon 4 -> 40", "111123m99p789s[111z]", "1m",
     "seat=W round=S", "mu", 1, 40, 1300),
    ("mu: junchan open", "111123m99p789s[111p]", "1m", "", "mu", 2, 40, 2600),
    ("mu: sanankou + sanshoku doukou; 20+10+8+32+32 -> 110", "456m111p99p(1111m)(1111s)",
     "4m", "", "mu", 4, 110, 8000),
    ("mu: sanshoku doukou + sankantsu, open; 20+16+32+32 -> 100",
     "456m99p[1111p](1111m)(1111s)", "4m", "", "mu", 4, 100, 8000),
    # TestYakuman.kt
    ("mu: kokushi", "19m19p19s11234567z", "5z", "tsumo", "mu", 13, None, 32000),
    ("mu: kokushi 13-sided", "19m19p19s11234567z", "1z", "tsumo", "mu", 26, None, 64000),
    ("mu: suuankou tanki 2 + ryuuiisou", "222333444666s66z", "6z", "", "mu", 39, None, 96000),
    ("mu: suuankou + ryuuiisou", "22233344466688s", "6s", "tsumo", "mu", 26, None, 64000),
    ("mu: suukantsu + suuankou tanki 2", "88s(2222m)(3333p)(4444s)(6666s)", "8s", "tsumo",
     "mu", 39, None, 96000),
    ("mu: chuuren on 7s", "11123456789999s", "7s", "", "mu", 13, None, 32000),
    ("mu: junsei chuuren on 9s", "11123456789999s", "9s", "", "mu", 26, None, 64000),
    ("mu: a kan breaks chuuren: chinitsu; 20+10+8+32+2 -> 80", "11123456788s(9999s)", "8s",
     "", "mu", 6, 80, 12000),
    ("mu: ... and on 7s: 20+10+8+32 -> 70", "11123456788s(9999s)", "7s", "", "mu", 6, 70,
     12000),
    ("mu: daisuushii 2 + tsuuiisou", "333444z55z[111z][222z]", "4z", "", "mu", 39, None,
     96000),
    ("mu: daisangen", "123s11s777z[555z][666z]", "7z", "", "mu", 13, None, 32000),
    ("mu: shousuushii", "123s22z444z[111z][333z]", "4z", "", "mu", 13, None, 32000),
    ("mu: chinroutou + suukantsu (two kans open: no suuankou)",
     "11s[1111p](9999p)(1111m)[9999m]", "1s", "", "mu", 26, None, 64000),
]

CASES: list[Case] = MAHJONG_YAKU + MAHJONG_FU + MAHJONG_YAKUMAN + MAHJONG_UTILS


@pytest.mark.parametrize("solver", ["direct", "asp"])
@pytest.mark.parametrize("case", CASES, ids=[f"{i}:{c[1]}" for i, c in enumerate(CASES)])
def test_peer_case(case: Case, solver: str) -> None:
    note, hand, tile, situation, rules, han, fu, points = case
    best = score_candidates(hand, win_of(tile, situation), rules=RULESETS[rules],
                            solver=solver)[0]
    found = (best.han if han is not None else None, best.fu if fu is not None else None,
             best.points if points is not None else None)
    assert found == (han, fu, points), note
