"""Three-player payments checked against sources, every case through every scoring path.

- North bisection (``Rules.tsumo_loss=False``, Mahjong Soul's optional three-player rule,
  https://riichi.wiki/Special:MobileDiff/19195 "North-Bisection is provided as an
  alternative option"): the absent North's four-player payment is halved and each half
  added to a payer's four-player payment. A worked example: "まず通常で計算して、
  1000/2000です。そして北家の1000を折半します。だから1500/2500という計算になります"
  (https://xn--ehqsqk89oqxg.com/sanma/marudori.html, "北家分の支払いのみを折半する方法");
  the half is rounded up to 100: the Mahjong Soul record converter Equim-chan/tensoul
  (convert.js, ``parsehule``) adds ``100 * ceil(point_zimo_xian / 2 / 100)`` to every
  payment of a tsumo when a three-player record turns tsumo loss off.
- The honba with three players: 200 a honba on a ron, 100 from each of the two payers on a
  tsumo. Tenhou: a simulator checked against 1,000 real Tenhou games fixed its
  three-player honba to "荣和时每本场 200 点而非 300 点"
  (https://github.com/YarrowRen/MahjongCLI/releases/tag/v1.1.0); Mahjong Soul: "Honba
  point: 200 points for each Honba stick"
  (https://riichi.wiki/index.php?title=Majsoul&diff=next&oldid=20014).
- Chankan with double riichi and ippatsu: double riichi is "called within the first
  uninterrupted go-around" (https://riichi.wiki/Yaku_variations, "Double riichi"), ippatsu
  ends with any call, "including concealed kong declarations"
  (https://ooyamaneko.net/en/mahjong/bookcmp/view.php?book=WRC_2015&rbook=WRC_2015COMM&chap=6.5.3),
  and an added kan robbed needs an earlier pon: the only kan left is a closed one, and "the
  only case where a tile may be taken from an closed kan" is a kokushi tenpai hand
  (https://riichi.wiki/Special:MobileDiff/10468).
- A north set aside (kita) "invalidates ippatsu, tenhou/chiihou, double riichi"
  (https://riichi.wiki/Special:MobileDiff/26510, "Nukidora"); a simulator replaying 1,000
  real Tenhou games fixed "有北抜き声明时不应判定为双立直"
  (https://github.com/YarrowRen/MahjongCLI/releases/tag/v1.1.0). Before the double riichi
  it rules that out, after it ippatsu: double riichi, ippatsu and a north cannot meet.
"""

from __future__ import annotations

import pytest

from mjasp import RULES, Win, WinError
from mjasp.rules.points import Payments, payments
from tests.conftest import Scorer

BISECTION = RULES["mahjongsoul-3p"].replace(name="north-bisection", tsumo_loss=False)
#: 123p 456p 789s 99m [555z], tsumo 9s (78s waits 6s/9s): haku 1 han; 20 + 2 (tsumo) + 4
#: (an open honor triplet) = 26 -> 30 fu. A 1m indicator shows 9m with three players (2m-8m
#: are not in the set): the 99m pair is 2 dora, 3 han 30 fu, 960 base points.
HAKU_HAND = "123p456p789s99m [555z]"


def test_bisection_splits_the_north_payment_of_a_30_fu_3_han_tsumo(scored: Scorer) -> None:
    # four players: 960 -> 1000 from each non-dealer, 1920 -> 2000 from the dealer; the
    # North's 1000 halved, 500 to each payer: 2500 and 1500, 4000 (the page's 1500/2500)
    win = Win("9s", tsumo=True, seat_wind="S", dora_indicators=("1m",))
    s = scored(HAKU_HAND, win, BISECTION)
    assert (s.han, s.fu) == (3, 30)
    assert s.payments == Payments(0, 2500, 1500, 0, 4000)
    assert s.points == 4000


def test_bisection_rounds_the_half_up_to_100(scored: Scorer) -> None:
    # 1 han 30 fu, 240 base: 500 and 300 with four; the North's 300 halved is 150 -> 200:
    # the dealer pays 700, the other 500
    win = Win("9s", tsumo=True, seat_wind="S")
    s = scored(HAKU_HAND, win, BISECTION)
    assert (s.han, s.fu) == (1, 30)
    assert s.payments == Payments(0, 700, 500, 0, 1200)


@pytest.mark.parametrize(("han", "fu", "dealer", "expected"), [
    # a dealer's 1 han 40 fu tsumo, 320 base: 640 -> 700 from each with four; the North's
    # 700 halved is 350 -> 400: 1100 from each
    (1, 40, True, Payments(0, 0, 1100, 0, 2200)),
    # a non-dealer's 2 han 40 fu, 640 base: 1300 and 700 with four; 700 / 2 -> 400
    (2, 40, False, Payments(0, 1700, 1100, 0, 2800)),
    # limits split evenly: a non-dealer mangan 4000 + 1000 and 2000 + 1000
    (5, 30, False, Payments(0, 5000, 3000, 0, 8000)),
    # a dealer's haneman: 6000 + 3000 from each
    (6, 30, True, Payments(0, 0, 9000, 0, 18000)),
])
def test_bisection_payments_worked_by_hand(han: int, fu: int, dealer: bool,
                                           expected: Payments) -> None:
    assert payments(han, fu, 0, dealer=dealer, tsumo=True, rules=BISECTION) == expected


@pytest.mark.parametrize("preset", ["tenhou-3p", "mahjongsoul-3p"])
def test_three_player_honba_is_200_a_ron_and_100_a_payer(scored: Scorer, preset: str) -> None:
    # haku 1 han 30 fu: a ron of 1000 with 2 honba is 1000 + 2 x 200
    ron = scored(HAKU_HAND, Win("9s", seat_wind="S", honba=2), preset)
    assert ron.payments == Payments(1400, 0, 0, 0, 1400)
    # the tsumo (tsumo loss: 500 + 300) with 2 honba: 2 x 100 more from each payer
    tsumo = scored(HAKU_HAND, Win("9s", tsumo=True, seat_wind="S", honba=2), preset)
    assert tsumo.payments == Payments(0, 700, 500, 0, 1200)


def test_double_riichi_ippatsu_chankan_needs_kokushi(scored: Scorer) -> None:
    # a pinfu-tanyao hand cannot rob a closed kan: the situation is refused, not scored
    win = Win("2m", riichi=2, ippatsu=True, chankan=True, seat_wind="S")
    with pytest.raises(WinError, match="only kokushi"):
        scored("234m567p88p234s678s", win)
    # without ippatsu (the kan added after the first go-around) it stands: double riichi 2,
    # chankan 1, pinfu 1, tanyao 1 = 5 han, a mangan
    s = scored("234m567p88p234s678s", Win("2m", riichi=2, chankan=True, seat_wind="S"))
    assert (s.han, s.points) == (5, 8000)
    # kokushi robbing a closed kan (Mahjong Soul allows it): one yakuman
    robbed = Win("1m", riichi=2, ippatsu=True, chankan=True, seat_wind="S")
    kokushi = scored("199m19p19s1234567z", robbed, "mahjongsoul")
    assert kokushi.points == 32000


@pytest.mark.parametrize("preset", ["tenhou-3p", "mahjongsoul-3p"])
def test_a_north_set_aside_rules_out_double_riichi_with_ippatsu(scored: Scorer,
                                                                 preset: str) -> None:
    hand = "123p456p789s99m222z"  # tsumo 9s, the South seat: a south triplet
    with pytest.raises(WinError, match="no north set aside"):
        scored(hand, Win("9s", tsumo=True, riichi=2, ippatsu=True, north_dora=1,
                         seat_wind="S"), preset)
    # riichi (the north set aside before it) with ippatsu stands: riichi, ippatsu, menzen
    # tsumo, south and one north dora, 5 han: a mangan tsumo with tsumo loss, 4000 + 2000
    s = scored(hand, Win("9s", tsumo=True, riichi=1, ippatsu=True, north_dora=1,
                         seat_wind="S"), preset)
    assert (s.han, s.payments) == (5, Payments(0, 4000, 2000, 0, 6000))
