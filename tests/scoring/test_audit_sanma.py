"""Three-player scoring (``tenhou-3p``, ``mahjongsoul-3p``): the tsumo table with tsumo
loss, and a north set aside that rules out renhou.

The non-dealer tsumo table is Tenhou's three-player table with tsumo loss as
https://tenhou.club/sanma-tumo-tensuu lists it ("30符1ハン ... 合計800点の収入[親から500点
-子から300点]"): every row below is copied from that page, not from mjasp. Setting a north
aside takes a turn of one's own and its replacement draw (https://riichi.wiki/Sanma,
"North tile dora": "the player is allowed an extra draw from the dead wall"), so a hand
with a north set aside is past its first draw: no renhou (a ron before the first draw),
as no tenhou or chiihou, whichever value the rules give renhou.
"""

from __future__ import annotations

import pytest

from mjasp import Win, score
from mjasp.core.win import WinError
from mjasp.rules import RULES
from mjasp.rules.points import payments

SANMA = ["tenhou-3p", "mahjongsoul-3p"]

# (han, fu, dealer's payment, the other non-dealer's payment): tenhou.club's table
TENHOU_CLUB = [
    (1, 30, 500, 300), (1, 40, 700, 400), (1, 50, 800, 400), (1, 60, 1000, 500),
    (2, 20, 700, 400), (2, 30, 1000, 500), (2, 40, 1300, 700), (2, 50, 1600, 800),
    (2, 60, 2000, 1000),
    (3, 20, 1300, 700), (3, 25, 1600, 800), (3, 30, 2000, 1000), (3, 40, 2600, 1300),
    (3, 50, 3200, 1600), (3, 60, 3900, 2000),
    (4, 20, 2600, 1300), (4, 25, 3200, 1600), (4, 30, 3900, 2000), (4, 40, 4000, 2000),
    (5, 30, 4000, 2000), (6, 30, 6000, 3000), (8, 30, 8000, 4000), (11, 30, 12000, 6000),
    (13, 30, 16000, 8000),
]


@pytest.mark.parametrize("rules", SANMA)
@pytest.mark.parametrize(("han", "fu", "from_dealer", "from_other"), TENHOU_CLUB)
def test_non_dealer_tsumo_with_tsumo_loss(rules: str, han: int, fu: int, from_dealer: int,
                                          from_other: int) -> None:
    paid = payments(han, fu, 0, dealer=False, tsumo=True, rules=RULES[rules])
    assert (paid.dealer, paid.others, paid.total) == \
        (from_dealer, from_other, from_dealer + from_other)


# 123p 456p 789p 234s 55s, a ron on 5s by South (hand-worked: ittsu 2 han)
HAND = "123456789p23455s"


@pytest.mark.parametrize("rules", SANMA)
@pytest.mark.parametrize("solver", ["direct", "asp"])
def test_renhou_is_refused_with_a_north_set_aside(rules: str, solver: str) -> None:
    chosen = RULES[rules].replace(renhou="yakuman")
    win = Win("5s", seat_wind="S", renhou=True, north_dora=1)
    with pytest.raises(WinError, match="renhou needs a hand with no north set aside"):
        score(HAND, win, rules=chosen, solver=solver)
    # without the north the same renhou is the rules' yakuman: 32000 from the discarder
    assert score(HAND, Win("5s", seat_wind="S", renhou=True), rules=chosen,
                 solver=solver).points == 32000
