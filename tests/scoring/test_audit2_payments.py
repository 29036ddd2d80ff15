"""Payments from the rule texts, every case through every scoring path (the ASP engine, the
direct engine, ``mjasp.score``): tsumo rounding per payer, honba and riichi sticks, the
three-player tsumo (tsumo loss or north bisection), and liability (pao).

- each payment rounded up to 100 (https://riichi.wiki/Japanese_mahjong_scoring_rules);
- honba: "a winning hand's score increases by 300. For ron, the discarder pays the
  additional 300 points. For tsumo, everyone pays an additional 100 each"
  (https://riichi.wiki/Special:MobileDiff/25249); riichi sticks 1000 each to the winner;
- three players: "for tsumo, no change is used to account and adjust for the missing
  player" (https://riichi.wiki/index.php?title=Sanma&curid=2404&oldid=24227): tsumo loss on
  Tenhou and Mahjong Soul; Mahjong Soul's "North-Bisection" option
  (https://riichi.wiki/Special:MobileDiff/19195) splits the absent share between the two
  payers (``Rules.tsumo_loss=False``);
- pao on Tenhou: "Pao is enforced on daisangen and daisuushii. Multiple yakuman still
  count. Tsumo win responsible player pays all, ron win responsible player pays half.
  Related repeats also paid through pao." (the translation of Tenhou's rules,
  http://arcturus.su/mjw/index.php?title=Tenhou.net_rules&oldid=15453); Mahjong Soul:
  "Composite Yakuman: Seperated responsibility for each yakuman"
  (https://riichi.wiki/Special:MobileDiff/19081); the liability needs the yakuman's sets
  all shown ("役を構成する面子全てが副露で晒される必要があります",
  https://fifa13-2.com/ma1/sekininn/; "残る4枚の手牌の内容に関わらず、大三元という役満が
  確定します", https://mahjongcollege.com/rules/4806/).
"""

from __future__ import annotations

import pytest

from mjasp import RULES, Win, WinError, score
from mjasp.rules.points import Payments
from tests.conftest import Scorer

S = "S"
PINFU_TANYAO = "234m567p88p234s678s"  # ron on 2m (34m): pinfu + tanyao, 2 han 30 fu
OPEN_TANYAO = "234m567p88p234s [678s]"  # the same, open: tanyao 1 han


def test_tsumo_payments_round_up_per_payer(scored: Scorer) -> None:
    # open tanyao by tsumo: 20 + 2 = 22 -> 30 fu, 1 han, 30 x 8 = 240 base; the dealer
    # 480 -> 500, each other 240 -> 300: 1100 (a ron would be 960 -> 1000)
    s = scored(OPEN_TANYAO, Win("2m", tsumo=True, seat_wind=S))
    assert (s.points, s.payments) == (1100, Payments(0, 500, 300, 0, 1100))
    # two honba and one stick: 100 more from each payer per honba, the stick to the
    # winner: 700 + 500 + 500 + 1000 = 2700
    s = scored(OPEN_TANYAO, Win("2m", tsumo=True, seat_wind=S, honba=2, riichi_sticks=1))
    assert s.payments == Payments(0, 700, 500, 1000, 2700)
    # the dealer's tsumo: 2 x 240 = 480 -> 500 from each of three: 1500
    s = scored(OPEN_TANYAO, Win("2m", tsumo=True))
    assert (s.points, s.payments.others) == (1500, 500)


def test_ron_honba_is_300(scored: Scorer) -> None:
    # the dealer's ron, open tanyao: 240 x 6 = 1440 -> 1500, two honba +600: 2100
    s = scored(OPEN_TANYAO, Win("2m", honba=2))
    assert (s.points, s.payments) == (1500, Payments(2100, 0, 0, 0, 2100))
    # pinfu tanyao 2 han 30 fu, non-dealer: 480 x 4 = 1920 -> 2000, +300, +1000 stick
    s = scored(PINFU_TANYAO, Win("2m", seat_wind=S, honba=1, riichi_sticks=1))
    assert s.payments == Payments(2300, 0, 0, 1000, 3300)


# toitoi 2 + honroutou 2 + East round 1 + seat wind 1 = 6 han: haneman, 3000 base (a
# three-player hand: no 2m-8m, no chi)
HANEMAN_3P = "111999m11p [111z] [222z]"
BISECTION = RULES["mahjongsoul-3p"].replace(name="north-bisection", tsumo_loss=False)


@pytest.mark.parametrize(("rules", "seat", "payments"), [
    # tsumo loss: a non-dealer's tsumo, the dealer 6000 and the other 3000, one honba 100
    # each (200 a honba): 6100 + 3100 = 9200
    ("tenhou-3p", S, Payments(0, 6100, 3100, 0, 9200)),
    ("mahjongsoul-3p", S, Payments(0, 6100, 3100, 0, 9200)),
    # the dealer's tsumo: 6000 from each of two, + 100 each: 12200
    ("tenhou-3p", "E", Payments(0, 0, 6100, 0, 12200)),
    # north bisection: the absent North's 3000 halved, the dealer 6000 + 1500 = 7500 and the
    # other 3000 + 1500 = 4500 (+100 each): 12200, as much as a ron with the honba
    (BISECTION, S, Payments(0, 7600, 4600, 0, 12200)),
    # the dealer's tsumo: 6000 + 3000 (the North's 6000 halved) from each (+100): 18200
    (BISECTION, "E", Payments(0, 0, 9100, 0, 18200)),
])
def test_three_player_tsumo(scored: Scorer, rules: object, seat: str,
                            payments: Payments) -> None:
    s = scored(HANEMAN_3P, Win("1p", tsumo=True, seat_wind=seat, honba=1), rules=rules)
    assert (s.han, s.payments) == (6, payments)


def test_three_player_ron_honba(scored: Scorer) -> None:
    # a non-dealer's haneman by ron: 3000 x 4 = 12000, two honba of 200: 12400
    s = scored(HANEMAN_3P, Win("1p", seat_wind=S, honba=2), rules="tenhou-3p")
    assert s.payments == Payments(12400, 0, 0, 0, 12400)


# daisangen (three dragon pons, the last fed by West) + tsuuiisou, tanki on 2z by South:
# two yakuman, 16000 base, 64000
TWO_YAKUMAN = "111z22z [555z] [666z] [777z]"


@pytest.mark.parametrize(("rules", "tsumo", "payments"), [
    # Tenhou: the liable player answers for the whole hand. Tsumo: all 64000 and the
    # honba (300); ron: half, 32000, and the honba, the discarder the other 32000
    ("tenhou", True, Payments(0, 0, 0, 0, 64300, liable=64300)),
    ("tenhou", False, Payments(32000, 0, 0, 0, 64300, liable=32300)),
    # Mahjong Soul and the WRC preset: only daisangen's 32000 is liable. Tsumo: the liable
    # player pays it and the honba; tsuuiisou is an ordinary tsumo without honba, the
    # dealer 16000, each other 8000 (the liable player's own 8000 among them)
    ("mahjongsoul", True, Payments(0, 16000, 8000, 0, 64300, liable=32300)),
    ("wrc", True, Payments(0, 16000, 8000, 0, 64300, liable=32300)),
    # ron: half of daisangen, 16000, + 300 from the liable player; the discarder 16000 +
    # tsuuiisou's 32000 = 48000
    ("mahjongsoul", False, Payments(48000, 0, 0, 0, 64300, liable=16300)),
])
def test_liability_of_two_yakuman(scored: Scorer, rules: str, tsumo: bool,
                                  payments: Payments) -> None:
    s = scored(TWO_YAKUMAN, Win("2z", tsumo=tsumo, seat_wind=S, liable="W", honba=1),
               rules=rules)
    assert (s.points, s.yakuman, s.payments) == (64000, 2, payments)


@pytest.mark.parametrize("solver", ["direct", "asp"])
@pytest.mark.parametrize("hand", [
    "123m44p555z666z [777z]",  # one dragon pon: two dragon triplets concealed
    "123m44p555z [666z] [777z]",  # one dragon triplet concealed
    "55m111z [222z] [333z] [444z]",  # one wind triplet concealed
])
def test_no_liability_while_a_set_is_concealed(hand: str, solver: str) -> None:
    # a concealed triplet keeps the yakuman hidden: no call completes it in sight of the
    # table, so nobody is liable
    win = Win("4p" if "44p" in hand else "5m", seat_wind=S, liable="W")
    with pytest.raises(WinError, match="liability"):
        score(hand, win, solver=solver)


@pytest.mark.parametrize("hand", [
    "123m44p [555z] [666z] (7777z)",  # a closed kan is declared: the table sees it
    "55m [111z] [222z] [333z] [4444z]",  # the fourth wind by an open kan
])
def test_liability_with_every_set_declared(scored: Scorer, hand: str) -> None:
    # one yakuman, 32000: by ron half from the liable player, half from the discarder
    s = scored(hand, Win("4p" if "44p" in hand else "5m", seat_wind=S, liable="W"))
    assert s.payments == Payments(16000, 0, 0, 0, 32000, liable=16000)
