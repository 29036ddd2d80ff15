"""An open hand in the advice's model, worked by hand from the rules.

An open hand cannot declare riichi (so no ippatsu or ura dora), has no menzen tsumo, and
needs a yaku (https://riichi.wiki/Riichi: "the hand must be closed"; https://riichi.wiki/
Menzenchin_tsumohou: closed hands only). 234m678p23s55s + pon 444p waits on 1s and 4s:
4s completes an open tanyao; 1s (a terminal) leaves no yaku, a win only by haitei on the
last draw (``docs/advise.md``: "before that the draw is a choice of discards").
The points from the scoring table: 30 fu (20 + tsumo 2 + an open pon of simples 2,
rounded up), the dealer's tsumo 500 all for 1 han, 1000 all for 2.
"""

from __future__ import annotations

import pytest

from mjasp.advice import advise

HAND = "234m678p23s55s [444p]"
N = 136 - 13               # the unseen tiles, no indicator
T4 = 3 * 500               # 4s, not the last draw: open tanyao, 1 han
H4 = 3 * 1000              # 4s by haitei: tanyao + haitei
H1 = 3 * 500               # 1s by haitei: haitei alone


@pytest.mark.parametrize("riichi", ["always", "choose", "never"])
def test_an_open_hand_wins_by_its_yaku_wait_and_by_haitei_on_the_other(riichi: str) -> None:
    # extra=0: no hand change; a 1s drawn before the last draw is no win and thrown back
    (c,) = advise(HAND, draws=2, riichi=riichi, extra=0).candidates
    assert c.decision == "dama"                  # no riichi with an open meld
    assert c.ukeire == (("1s", 4), ("4s", 4))
    one_win = 8 / N
    one = (4 * H4 + 4 * H1) / N
    two_win = 4 / N + (1 - 4 / N) * one_win
    two = 4 / N * T4 + (1 - 4 / N) * one
    assert c.win_prob == pytest.approx((two_win, one_win), rel=1e-12)
    assert c.expected_points == pytest.approx((two, one), rel=1e-12)


def test_a_dora_indicator_in_sight_counts_for_the_open_hand() -> None:
    # indicator 1s: the dora is 2s (one held), one han more on every win; 1s is still no
    # win before the last draw (dora is no yaku), and one 1s is under the indicator
    (c,) = advise(HAND, draws=2, riichi="always", extra=0,
                  dora_indicators=("1s",)).candidates
    n = N - 1
    # a dealer's tsumo at 30 fu: 1000 all for 2 han, 2000 all for 3
    t4, h4, h1 = 3 * 1000, 3 * 2000, 3 * 1000
    one_win = 7 / n          # 3 of 1s left (one under the indicator), 4 of 4s
    one = (4 * h4 + 3 * h1) / n
    two = 4 / n * t4 + (1 - 4 / n) * one
    assert c.win_prob == pytest.approx((4 / n + (1 - 4 / n) * one_win, one_win), rel=1e-12)
    assert c.expected_points == pytest.approx((two, one), rel=1e-12)
