"""Three-player advice (``tenhou-3p``, ``mahjongsoul-3p``) against hand-worked values and
the Monte Carlo simulator.

The rules worked from (https://riichi.wiki/Sanma): 108 tiles, no 2m-8m; West shows North
as dora; tsumo loss, the default of both Tenhou and Mahjong Soul (a non-dealer's haneman
self-draw is 3000 + 6000, a baiman 4000 + 8000; no North player pays). Nukidora is not
modelled (``docs/advise.md``): a North in the hand is an ordinary tile, a dora only as
any tile is, through an indicator.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from mjasp.advice import advise
from mjasp.advice.simulate import simulate

HAND = "123456789p123s4z"   # ittsu, a tanki on North
HANEMAN, BAIMAN = 3000 + 6000, 4000 + 8000   # a non-dealer's self-draw with tsumo loss


@pytest.mark.parametrize("rules", ["tenhou-3p", "mahjongsoul-3p"])
def test_a_west_indicator_makes_the_north_pair_two_dora(rules: str) -> None:
    # one draw, dama: tsumo + haitei + ittsu 2 + two dora (the North pair) = 6 han,
    # haneman. The wall: 108 less the 13 tiles and the indicator, 3 Norths in it
    (c,) = advise(HAND, draws=1, riichi="never", rules=rules, seat_wind="S",
                  dora_indicators=("3z",)).candidates
    p = 3 / 94
    assert c.ukeire == (("4z", 3),)
    assert c.win_prob == pytest.approx((p,), rel=1e-12)
    assert c.expected_points == pytest.approx((p * HANEMAN,), rel=1e-12)


@pytest.mark.parametrize("rules", ["tenhou-3p", "mahjongsoul-3p"])
@pytest.mark.parametrize(("visible", "wests"), [("", 4), ("3z3z3z", 1), ("3z3z3z3z", 0)])
def test_ura_on_north_counted_from_the_wall(rules: str, visible: str, wests: int) -> None:
    # riichi with one draw: riichi + ippatsu + tsumo + haitei + ittsu 2 = 6 han (the
    # indicator 1z shows South: no dora). The ura indicator is one of the tiles the
    # winning hand does not see (108 less its 14, the indicator and those in sight); only
    # a West (those not in sight) gives 2 han (the North pair) and lifts haneman to
    # baiman; 7 han (one ura) is still haneman
    (c,) = advise(HAND, draws=1, riichi="always", rules=rules, seat_wind="S",
                  dora_indicators=("1z",), visible=visible).candidates
    unseen = 94 - len(visible) // 2
    p = 3 / unseen
    west = wests / (unseen - 1)
    win = (1 - west) * HANEMAN + west * BAIMAN
    assert c.decision == "riichi"
    assert c.expected_points == pytest.approx((p * win - 1000 * (1 - p),), rel=1e-12)


#: seeded hands (tenpai or one-shanten after the discard): a North triplet or pair with
#: a West indicator, the 9m indicator showing 1m, dealer and non-dealer, both presets
SITUATIONS: list[tuple[str, dict[str, Any]]] = [
    (hand, {"rules": rules, "seat_wind": seat, "dora_indicators": (dora,), "draws": draws})
    for hand, rules, seat, dora, draws in [
        ("12378p44589s4445z", "tenhou-3p", "W", "3z", 5),
        ("1m5556699p8s55666z", "mahjongsoul-3p", "W", "6p", 8),
        ("19m2269p4455s2233z", "tenhou-3p", "E", "7s", 5),
        ("22337p45688s3777z", "tenhou-3p", "W", "9m", 3),
        ("348p134556s22244z", "tenhou-3p", "W", "3z", 5),
        ("45667p5667789s24z", "mahjongsoul-3p", "E", "2s", 5),
    ]]
PLAYS = 2000


@pytest.mark.slow  # about 20 s in all
@pytest.mark.parametrize(("hand", "options"), SITUATIONS, ids=[h for h, _ in SITUATIONS])
def test_the_best_discard_agrees_with_the_simulator(hand: str, options: dict[str, Any]
                                                    ) -> None:
    # within 3 standard errors on the mean points and the win rate
    best = advise(hand, **options).candidates[0]
    ev, win = best.expected_points[0], best.win_prob[0]
    r = simulate(hand, discard=best.discard, n=PLAYS, seed=33, **options)
    win_se = math.sqrt(max(win * (1 - win), 1e-12) / PLAYS)
    assert abs(r.win_rate - win) <= 3 * win_se, (r, win)
    assert abs(r.points - ev) <= 3 * r.points_se, (r, ev)
