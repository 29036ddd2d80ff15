"""Situational yaku and how they combine, from the rule texts, every case through every
scoring path (the ASP engine, the direct engine, ``mjasp.score``).

- rinshan keeps the tsumo (menzen tsumo closed, and its 2 fu: "Winning with the rinshan
  tsumo tile is worth 2 fu", the translation of Tenhou's rules,
  http://arcturus.su/mjw/index.php?title=Tenhou.net_rules&oldid=15453); a replacement
  tile drawn as the wall empties is rinshan, never haitei, on Tenhou ("a replacement tile
  drawn as the wall empties is rinshan, never haitei", Ronin's alignment with Tenhou,
  https://github.com/MahjongRepository/ronin/releases/tag/0.19.0; the rule that scores
  both is a variation, https://riichi.wiki/Special:MobileDiff/15755 "Haitei and rinshan");
- chankan robs the fourth tile of a kan, so the winner held no other copy; a kokushi may
  rob a closed kan, and the yakuman drops the chankan han;
- ippatsu needs riichi and holds with double riichi, chankan and haitei;
- renhou: none on Tenhou and Mahjong Soul, a mangan yaku that adds up in the WRC preset
  ("cumulative with other yaku and dora", the preset's citation of the WRC book §6.5.4),
  a yakuman as a variant (https://riichi.wiki/Renhou: "Yakuman", "Mangan", "Nashi");
- tenhou is the dealer's, chiihou a non-dealer's, each a yakuman by tsumo.

Points as in the other audit files: base = fu x 2^(han+2), each payment rounded up to 100.
"""

from __future__ import annotations

import pytest

from mjasp import RULES, Win, WinError
from mjasp.core.yaku import Yaku as Y
from tests.conftest import Scorer

S = "S"
# 234m 567p 234s 678s 88p, won on 2m (34m, ryanmen): pinfu + tanyao, 30 fu by ron
PINFU_TANYAO = "234m567p88p234s678s"


def yaku(s: object) -> dict[Y, int]:
    return {i.yaku: i.han for i in s.yaku if i.han}  # type: ignore[attr-defined]


def test_rinshan_with_menzen_tsumo(scored: Scorer) -> None:
    # closed kan of 2m, 345p 678p 456s, tanki on 7s from the replacement tile: menzen tsumo
    # 1 + rinshan 1 + tanyao 1 = 3 han; 20 + tsumo 2 + closed simple quad 16 + tanki 2 = 40
    # fu: 1280 base, 2600 + 1300 + 1300 = 5200
    s = scored("(2222m) 345p678p456s77s", Win("7s", tsumo=True, rinshan=True, seat_wind=S))
    assert (s.points, s.han, s.fu) == (5200, 3, 40)
    assert yaku(s) == {Y.MENZEN_TSUMO: 1, Y.RINSHAN: 1, Y.TANYAO: 1}


def test_rinshan_is_never_haitei() -> None:
    with pytest.raises(WinError, match="rinshan and haitei"):
        Win("7s", tsumo=True, rinshan=True, haitei=True)


def test_chankan(scored: Scorer) -> None:
    # robbing a kan of 2m: chankan 1 + pinfu 1 + tanyao 1 = 3 han 30 fu, 960 x 4 = 3840
    # -> 3900; with riichi and ippatsu (a kan in the declarer's first go-around): 5 han,
    # mangan 8000
    s = scored(PINFU_TANYAO, Win("2m", chankan=True, seat_wind=S))
    assert (s.points, yaku(s)) == (3900, {Y.CHANKAN: 1, Y.PINFU: 1, Y.TANYAO: 1})
    s = scored(PINFU_TANYAO, Win("2m", chankan=True, riichi=1, ippatsu=True, seat_wind=S))
    assert (s.points, s.han) == (8000, 5)


def test_chankan_kokushi(scored: Scorer) -> None:
    # kokushi waiting on 1m alone (the pair is 9m) robs a kan of 1m: one yakuman, the
    # chankan han dropped, 32000
    s = scored("199m19p19s1234567z", Win("1m", chankan=True, seat_wind=S))
    assert (s.points, yaku(s)) == (32000, {Y.KOKUSHI: 13})


def test_chankan_needs_the_single_copy() -> None:
    # the 13-sided kokushi holds a second 1m: the kan robbed would be a fifth copy
    from mjasp import score
    with pytest.raises(WinError, match="chankan needs a hand holding one"):
        score("19m19p19s1234567z1m", Win("1m", chankan=True, seat_wind=S))


def test_double_riichi_with_ippatsu(scored: Scorer) -> None:
    # double riichi 2 + ippatsu 1 + pinfu 1 + tanyao 1 = 5 han: mangan 8000 (ura listed, 0)
    s = scored(PINFU_TANYAO, Win("2m", riichi=2, ippatsu=True, seat_wind=S))
    assert (s.points, s.han, s.limit) == (8000, 5, "mangan")
    assert yaku(s) == {Y.DOUBLE_RIICHI: 2, Y.IPPATSU: 1, Y.PINFU: 1, Y.TANYAO: 1}


def test_haitei_with_ippatsu(scored: Scorer) -> None:
    # riichi with four tiles left, the declarer draws the last: riichi, ippatsu, menzen
    # tsumo, haitei, pinfu, tanyao = 6 han 20 fu, haneman 3000 base: 6000 + 3000 + 3000
    s = scored(PINFU_TANYAO, Win("2m", tsumo=True, riichi=1, ippatsu=True, haitei=True,
                                 seat_wind=S))
    assert (s.points, s.han, s.fu, s.limit) == (12000, 6, 20, "haneman")


def test_houtei(scored: Scorer) -> None:
    # houtei 1 + pinfu 1 + tanyao 1 = 3 han 30 fu: 3900
    s = scored(PINFU_TANYAO, Win("2m", houtei=True, seat_wind=S))
    assert (s.points, yaku(s)) == (3900, {Y.HOUTEI: 1, Y.PINFU: 1, Y.TANYAO: 1})


@pytest.mark.parametrize(("rules", "points", "han"), [
    # no renhou: pinfu + tanyao, 2 han 30 fu, 480 x 4 = 1920 -> 2000
    ("tenhou", 2000, 2), ("mahjongsoul", 2000, 2),
    # renhou 5 + pinfu 1 + tanyao 1 = 7 han: haneman 12000 (renhou adding up, the WRC's
    # 2014 errata)
    (RULES["wrc"].replace(renhou="mangan"), 12000, 7),
    # the WRC's renhou, a mangan the other yaku do not add to: renhou alone, 8000
    ("wrc", 8000, 5),
    # renhou a yakuman: the other yaku dropped, 32000
    (RULES["tenhou"].replace(renhou="yakuman"), 32000, 13),
])
def test_renhou(scored: Scorer, rules: object, points: int, han: int) -> None:
    s = scored(PINFU_TANYAO, Win("2m", renhou=True, seat_wind=S), rules=rules)
    assert (s.points, s.han) == (points, han)


def test_renhou_adds_up(scored: Scorer) -> None:
    # renhou adding up (the WRC's 2014 errata): renhou 5 + pinfu + tanyao + dora 2 (7p
    # shows the 88p pair) = 9 han, baiman 16000
    s = scored(PINFU_TANYAO, Win("2m", renhou=True, dora_indicators=("7p",), seat_wind=S),
               rules=RULES["wrc"].replace(renhou="mangan"))
    assert (s.points, s.han, s.limit) == (16000, 9, "baiman")
    # renhou as a yakuman stacks with daisangen: two yakuman, 64000
    s = scored("123m44p555z666z777z", Win("4p", renhou=True, seat_wind=S),
               rules=RULES["tenhou"].replace(renhou="yakuman"))
    assert (s.points, yaku(s)) == (64000, {Y.RENHOU: 13, Y.DAISANGEN: 13})


def test_tenhou_and_chiihou(scored: Scorer) -> None:
    # the dealer's first draw: 16000 from each, 48000; a non-dealer's: 16000 + 8000 + 8000
    s = scored(PINFU_TANYAO, Win("2m", tsumo=True, tenhou=True))
    assert (s.points, yaku(s)) == (48000, {Y.TENHOU: 13})
    s = scored(PINFU_TANYAO, Win("2m", tsumo=True, chiihou=True, seat_wind=S))
    assert (s.points, yaku(s)) == (32000, {Y.CHIIHOU: 13})
    with pytest.raises(WinError, match="tenhou needs the dealer"):
        Win("2m", tsumo=True, tenhou=True, seat_wind=S)
    with pytest.raises(WinError, match="chiihou needs a non-dealer"):
        Win("2m", tsumo=True, chiihou=True)
