"""Which reading a hand is scored by, and its fu, from the rule texts; every case through
every scoring path (the ASP engine, the direct engine, ``mjasp.score``).

The rules read (each case cites the one it checks):

- the highest points win (高点法: "見方によって、高くも安くも計算できる場合には、一番高い
  点数にとらなくてはならない", https://1jann.com/pairi/kouza/082.html; riichi.wiki Fu,
  "Maximal Score", https://riichi.wiki/Special:MobileDiff/24473); on equal points Tenhou
  shows the reading with more han, then the one with more fu: two real Tenhou wins of
  2011-01-01 whose readings tie on points (cited by their log ids below);
- fu (https://riichi.wiki/Fu; http://www7.plala.or.jp/hikita/mj/mjscore2.html): base 20,
  closed ron 10, tsumo 2 (none with pinfu: "平和ツモは…固定で20符",
  https://mahjong-keisan.net/pages/advanced-scoring.html), kanchan, penchan, tanki 2;
  triplets 2/4 open/closed, doubled for terminals and honors, quads four times a triplet;
  a shanpon completed by ron is an open triplet ("シャンポン待ちロンアガリは明刻扱い",
  http://nattoku.ojaru.jp/keisan/keisan6.html); chiitoitsu 25 flat, nothing added;
  rounded up to 10; a double-wind pair 4 fu on Tenhou ("A pair of a double wind is worth 4
  fu", "Winning with the rinshan tsumo tile is worth 2 fu": the translation of Tenhou's
  rules, http://arcturus.su/mjw/index.php?title=Tenhou.net_rules&oldid=15453), 4 on Mahjong
  Soul ("Double-wind pair: 4 fu", https://riichi.wiki/index.php?title=Majsoul&diff=prev&oldid=19157),
  2 or 4 by ruleset ("連風牌(2飜)のトイツ:2 or 4符(ルール次第)", the plala page), 2 in the
  WRC preset.

Points: base = fu x 2^(han+2); mangan 2000 base (5 han, or a base above 2000); a
non-dealer's ron pays 4 base, a dealer's 6 base; on a non-dealer's tsumo the dealer pays 2
base and each other player 1 base, on a dealer's tsumo each pays 2 base; every payment
rounded up to 100.
"""

from __future__ import annotations

import pytest

from mjasp import Win
from mjasp.core.yaku import Yaku as Y
from tests.conftest import Scorer

S = "S"  # a non-dealer's seat


def yaku(s: object) -> dict[Y, int]:
    return {i.yaku: i.han for i in s.yaku if i.han}  # type: ignore[attr-defined]


def test_equal_points_more_han_first(scored: Scorer) -> None:
    # Tenhou log 2011010116gm-00a9-0000-c235bdcd4: 44m 789m 456p 567p 789s, riichi, ron on
    # 6p (West seat), ura indicator 5p (6p twice), a red 5p. Read as 45p+6p (ryanmen):
    # riichi 1 + pinfu 1 + ura 2 + aka 1 = 5 han, mangan; as 5p7p+6p (kanchan): 4 han,
    # 20 + 10 + 2 = 32 -> 40 fu, 40 x 64 = 2560 > 2000, mangan too. Tenhou scored 5 han
    # 30 fu: more han first.
    s = scored("44789m405667p789s", Win("6p", riichi=1, seat_wind="W", dora_indicators=("8p",),
                                          ura_indicators=("5p",)))
    assert (s.points, s.han, s.fu) == (8000, 5, 30)
    assert yaku(s) == {Y.RIICHI: 1, Y.PINFU: 1, Y.URA_DORA: 2, Y.AKA_DORA: 1}


def test_equal_points_and_han_more_fu(scored: Scorer) -> None:
    # Tenhou log 2011010119gm-00e1-0000-817face25: the dealer, East round, open kan of 1z and
    # pon of 3z, 789p 789s 99s, ron on 9s; dora 9s (indicator 8s) x3. East seat 1 + East
    # round 1 + open chanta 1 + dora 3 = 6 han, haneman 3000 x 6 = 18000 either way: as the
    # tanki 20 + 2 + 4 (3z pon) + 16 (open kan of an honor) = 42 -> 50, as 78s+9s (ryanmen)
    # 40. Tenhou scored 6 han 50 fu.
    s = scored("789p78999s [1111z] [333z]", Win("9s", seat_wind="E",
                                                 dora_indicators=("5p", "8s")))
    assert (s.points, s.han, s.fu) == (18000, 6, 50)
    assert s.reading is not None and str(s.reading.win_block) == "99s"


# riichi.wiki Fu, "Maximal Score", example 1: 23345789m567p44s won on 4m, read as 23m+4m
# (pinfu), not 3m5m+4m (kanchan)
PINFU_OR_KANCHAN = "233445789m567p44s"


def test_ryanmen_over_kanchan_by_ron(scored: Scorer) -> None:
    # pinfu 1 han, 20 + closed ron 10 = 30 fu: 30 x 8 = 240 x 4 = 960 -> 1000. The
    # kanchan reading has no yaku (789m: no tanyao).
    s = scored(PINFU_OR_KANCHAN, Win("4m", seat_wind=S))
    assert (s.points, s.han, s.fu) == (1000, 1, 30)
    assert s.reading is not None and s.reading.wait.value == "ryanmen"


def test_pinfu_tsumo_is_20_fu(scored: Scorer) -> None:
    # pinfu + menzen tsumo = 2 han, 20 fu (no tsumo fu with pinfu): 20 x 16 = 320 base;
    # the dealer 640 -> 700, each other 320 -> 400: 1500. The kanchan reading: tsumo 1 han,
    # 20 + 2 + 2 = 24 -> 30 fu, 240 base: 500 + 300 + 300 = 1100, less.
    s = scored(PINFU_OR_KANCHAN, Win("4m", tsumo=True, seat_wind=S))
    assert (s.points, s.han, s.fu) == (1500, 2, 20)
    assert (s.payments.dealer, s.payments.others) == (700, 400)


def test_open_pinfu_shape(scored: Scorer) -> None:
    # riichi.wiki example 2, made tanyao: 234m 345m 678m 44s + chi 567p, ron on 4m. Open:
    # no pinfu, 20 fu lifted to 30 (ryanmen) or 20 + kanchan 2 = 22 -> 30: 1 han 30 fu,
    # 240 x 4 = 960 -> 1000 either way. By tsumo: 20 + 2 = 22 -> 30, 240 base: 500 + 300 +
    # 300 = 1100.
    hand = "233445678m44s [567p]"
    s = scored(hand, Win("4m", seat_wind=S))
    assert (s.points, s.han, s.fu) == (1000, 1, 30)
    s = scored(hand, Win("4m", tsumo=True, seat_wind=S))
    assert (s.points, s.han, s.fu) == (1100, 1, 30)


def test_ryanpeikou_over_chiitoitsu(scored: Scorer) -> None:
    # 1jann.com's figure 1: seven pairs that are also ryanpeikou score as ryanpeikou.
    # 234m 234m 567p 567p 88s, tsumo on 8s (tanki): tsumo 1 + tanyao 1 + ryanpeikou 3 = 5
    # han, mangan 2000 base: 4000 + 2000 + 2000. As chiitoitsu: 1 + 1 + 2 = 4 han 25 fu,
    # 1600 base, 3200 + 1600 + 1600 = 6400.
    s = scored("223344m556677p88s", Win("8s", tsumo=True, seat_wind=S))
    assert (s.points, s.han, s.limit) == (8000, 5, "mangan")
    assert yaku(s) == {Y.MENZEN_TSUMO: 1, Y.TANYAO: 1, Y.RYANPEIKOU: 3}


SANANKOU_OR_PINFU = "111222333m456p77s"


def test_sanankou_over_pinfu_iipeikou(scored: Scorer) -> None:
    # nattoku.ojaru.jp keisan2: 111222333 read as three triplets or three sequences, the
    # higher points taken. Tsumo on 4p (56p, ryanmen): triplets: tsumo 1 + sanankou 2 = 3
    # han, 20 + 2 + 8 (1m) + 4 + 4 = 38 -> 40 fu, 1280 base: 2600 + 1300 + 1300 = 5200;
    # sequences: tsumo + pinfu + iipeikou = 3 han 20 fu, 640 base: 1300 + 700 + 700 = 2700.
    s = scored(SANANKOU_OR_PINFU, Win("4p", tsumo=True, seat_wind=S))
    assert (s.points, s.han, s.fu) == (5200, 3, 40)
    assert yaku(s) == {Y.MENZEN_TSUMO: 1, Y.SANANKOU: 2}
    # by ron: sanankou 2 han, 20 + 10 + 8 + 4 + 4 = 46 -> 50 fu, 800 x 4 = 3200; pinfu +
    # iipeikou 2 han 30 fu, 480 x 4 = 1920 -> 2000
    s = scored(SANANKOU_OR_PINFU, Win("4p", seat_wind=S))
    assert (s.points, s.han, s.fu) == (3200, 2, 50)


def test_sequences_over_sanankou_with_junchan(scored: Scorer) -> None:
    # nattoku.ojaru.jp keisan2, the second hand: read as sequences the hand gains junchan.
    # 123m x3 789p 99s, tsumo on 1m (23m, ryanmen): tsumo 1 + pinfu 1 + iipeikou 1 +
    # junchan 3 = 6 han, haneman 3000 base: 6000 + 3000 + 3000; as 111m 222m 333m: tsumo +
    # sanankou = 3 han (222m has no terminal: no chanta), 40 fu, 5200
    s = scored("111222333m789p99s", Win("1m", tsumo=True, seat_wind=S))
    assert (s.points, s.han, s.limit) == (12000, 6, "haneman")
    assert yaku(s) == {Y.MENZEN_TSUMO: 1, Y.PINFU: 1, Y.IIPEIKOU: 1, Y.JUNCHAN: 3}


SHANPON = "111m333p234s77999s"  # 111m 333p 234s, shanpon 77s/99s, won on 9s


def test_shanpon_ron_triplet_is_open(scored: Scorer) -> None:
    # ron on 9s: 999s is open, two concealed triplets, no sanankou. Riichi 1 han; 20 + 10 +
    # 8 (111m closed) + 4 (333p closed) + 4 (999s open terminal) = 46 -> 50 fu: 400 x 4
    # = 1600
    s = scored(SHANPON, Win("9s", riichi=1, seat_wind=S))
    assert (s.points, s.han, s.fu) == (1600, 1, 50)
    assert Y.SANANKOU not in yaku(s)
    # by tsumo 999s stays closed: riichi + tsumo + sanankou 2 = 4 han, 20 + 2 + 8 + 4 + 8
    # = 42 -> 50 fu, 3200 base > 2000: mangan, 4000 + 2000 + 2000
    s = scored(SHANPON, Win("9s", tsumo=True, riichi=1, seat_wind=S))
    assert (s.points, s.han, s.fu) == (8000, 4, 50)
    assert yaku(s)[Y.SANANKOU] == 2


def test_four_concealed_by_ron_on_shanpon_and_on_tanki(scored: Scorer) -> None:
    # 111m 333p 555s 999s, pair 77z, ron on 9s (shanpon): 999s open, toitoi 2 + sanankou 2
    # = 4 han; 20 + 10 + 8 + 4 + 4 + 4 (999s open terminal) + 2 (7z pair) = 52 -> 60 fu,
    # 3840 base: mangan 8000. By tsumo: suuankou, 16000 + 8000 + 8000 = 32000.
    hand = "111m333p555s77z999s"
    s = scored(hand, Win("9s", seat_wind=S))
    assert (s.points, s.han, s.fu) == (8000, 4, 60)
    assert yaku(s) == {Y.TOITOI: 2, Y.SANANKOU: 2}
    s = scored(hand, Win("9s", tsumo=True, seat_wind=S))
    assert (s.points, s.yakuman) == (32000, 1)
    # four concealed triplets and a ron on the pair (tanki): every triplet stays closed,
    # suuankou tanki: one yakuman on Tenhou and WRC (32000), a double on Mahjong Soul (64000)
    tanki = "111m333p55566s777z"
    for rules, points in (("tenhou", 32000), ("wrc", 32000), ("mahjongsoul", 64000)):
        s = scored(tanki, Win("6s", seat_wind=S), rules=rules)
        assert (s.points, list(yaku(s))) == (points, [Y.SUUANKOU_TANKI]), rules


@pytest.mark.parametrize(("rules", "points", "fu"), [
    ("tenhou", 2400, 50), ("mahjongsoul", 2400, 50), ("wrc", 2000, 40)])
def test_double_wind_pair(scored: Scorer, rules: str, points: int, fu: int) -> None:
    # the dealer in the East round, pair 11z, 111m 234p 567s 678s, riichi, ron on 8s
    # (67s, ryanmen). 20 + 10 + 8 (111m closed terminal) + pair: 4 -> 42 -> 50 fu, 400 x 6
    # = 2400; 2 -> 40 -> 40 fu, 320 x 6 = 1920 -> 2000. A pair is never a yaku: riichi alone.
    s = scored("111m234p567s678s11z", Win("8s", riichi=1, seat_wind="E", round_wind="E"),
               rules=rules)
    assert (s.points, s.han, s.fu) == (points, 1, fu)
    assert yaku(s) == {Y.RIICHI: 1}


KANS = "123m77m [555z] [2222p] (9999s)"  # haku pon, open kan 2p, closed kan 9s, tanki 7m


def test_kan_fu(scored: Scorer) -> None:
    # ron on 7m: 20 + tanki 2 + 4 (open honor triplet) + 8 (open simple quad) + 32 (closed
    # terminal quad) = 66 -> 70 fu (open: no closed ron 10); haku 1 han: 560 x 4 = 2240
    # -> 2300
    s = scored(KANS, Win("7m", seat_wind=S))
    assert (s.points, s.han, s.fu) == (2300, 1, 70)
    assert dict(s.fu_details)["closed quad terminal/honor"] == 32
    assert dict(s.fu_details)["open quad"] == 8
    # the replacement tile after the kan, by tsumo: rinshan keeps the tsumo 2 fu on Tenhou,
    # 68 -> 70 fu; haku + rinshan 2 han: 70 x 16 = 1120 base, the dealer 2240 -> 2300,
    # each other 1120 -> 1200: 4700 (open: no menzen tsumo)
    s = scored(KANS, Win("7m", tsumo=True, rinshan=True, seat_wind=S))
    assert (s.points, s.han, s.fu) == (4700, 2, 70)
    assert yaku(s) == {Y.RINSHAN: 1, Y.HAKU: 1}
    assert dict(s.fu_details)["tsumo"] == 2


def test_chiitoitsu_25_fu_not_rounded(scored: Scorer) -> None:
    hand = "1133m5577p2299s66z"
    # ron: 2 han 25 fu, 25 x 16 = 400 x 4 = 1600 (rounded to 30 fu it would be 2000)
    s = scored(hand, Win("6z", seat_wind=S))
    assert (s.points, s.han, s.fu, s.fu_details) == (1600, 2, 25, (("chiitoitsu", 25),))
    # tsumo adds no fu: 3 han 25 fu, 800 base; a non-dealer 1600 + 800 + 800 = 3200, the
    # dealer 1600 from each = 4800
    s = scored(hand, Win("6z", tsumo=True, seat_wind=S))
    assert (s.points, s.han, s.fu) == (3200, 3, 25)
    s = scored(hand, Win("6z", tsumo=True))
    assert (s.points, s.payments.others) == (4800, 1600)


def test_guest_north_pair_keeps_pinfu(scored: Scorer) -> None:
    # a pair of the North, neither seat nor round wind, is worth nothing: pinfu by tsumo,
    # 2 han 20 fu, 320 base, 700 + 400 + 400 = 1500
    s = scored("234m567p234s678s44z", Win("2m", tsumo=True, seat_wind=S))
    assert (s.points, s.han, s.fu) == (1500, 2, 20)
    # three players: North is never a seat or round wind there (a guest wind): the same,
    # one payer fewer (tsumo loss): 700 + 400 = 1100
    s = scored("123p456p789s234s44z", Win("1p", tsumo=True, seat_wind=S), rules="tenhou-3p")
    assert (s.points, s.han, s.fu) == (1100, 2, 20)
    assert yaku(s) == {Y.MENZEN_TSUMO: 1, Y.PINFU: 1}
