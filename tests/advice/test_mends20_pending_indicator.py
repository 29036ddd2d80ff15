"""An open kan's dora indicator still to turn (a 14-tile hand just after the kan's
replacement draw: it turns after this discard, riichi.wiki "Kan") is counted by mjasp's
model as a tile drawn from the wall as the winning hand sees it, as the ura indicators
are: it adds dora to every later win, riichi or not (``Model.unknown_indicators``). It
was not counted before (the values counted the indicators shown only). mahjong-cpp's
model has no kans: its compatibility mode still leaves it out, and says so.

Worked by hand: 234m456p678s2p3z [2222s] (the dealer, Tenhou's rules), indicator 1s shown
(dora 2s: four in the kan), the kan's own indicator pending. Discard 3z: a tanki on 2p.
The unseen tiles: 136 - 11 concealed - 4 in the kan - 1 indicator = 120. After a
self-drawn 2p the wall as the hand sees it holds 119 tiles, and the pending indicator is
one of them: 1s (3 left) shows 2s, +4 dora; 1p (4) shows 2p, +2 (two held); 1m 2m 3m 3p
4p 5p 5s 6s 7s (4+3+3+4+3+3+4+3+3 = 30) show a kind held once, +1; the other 82 none.
The win before the last draw: open tanyao 1 + dora 4 = 5 han, mangan, 12000 (the
dealer's 4000 all); +1 or +2 is 6-7 han, haneman 18000; +4 is 9 han, baiman 24000. So
(82 * 12000 + 34 * 18000 + 3 * 24000) / 119 = 1668000 / 119 (12000 before).
On the last draw haitei adds 1 han: 6 han haneman, 7-8 haneman/baiman, 10 baiman:
(112 * 18000 + 7 * 24000) / 119; one draw left, 3 of 120 tiles are 2p.
"""

from __future__ import annotations

import math
import random

import pytest

import mjasp
from mjasp.advice.api import setup_model
from mjasp.advice.build import build
from mjasp.advice.model import SITUATIONS, Model
from mjasp.advice.simulate import _points, simulate
from mjasp.advice.tiles37 import add37, distinct_tiles, sub37, tile37

HAND = "234m456p678s2p3z [2222s]"
OPTIONS = {"dora_indicators": ("1s",)}
BEFORE_LAST = (82 * 12000 + 34 * 18000 + 3 * 24000) / 119
ON_LAST = (112 * 18000 + 7 * 24000) / 119


def test_a_win_counts_the_pending_indicator_drawn_from_the_wall() -> None:
    model, start, _ = setup_model(HAND, {**OPTIONS, "draws": 2})
    assert model.indicator_pending and model.unknown_indicators(False) == 1
    two = tile37("2p")
    h14 = add37(sub37(start, tile37("3z")), two)
    assert model.score(h14, two, False, False, False) == pytest.approx(BEFORE_LAST,
                                                                       rel=1e-12)
    assert model.score(h14, two, False, False, True) == pytest.approx(ON_LAST, rel=1e-12)
    # the outcomes: each worth and its chance, as counted above
    got: dict[int, float] = {}
    for q, p, _ in model.outcomes(h14, two, False, False, False):
        got[p] = got.get(p, 0.0) + q
    assert got == pytest.approx({12000: 82 / 119, 18000: 34 / 119, 24000: 3 / 119})


def test_the_advice_counts_it_and_says_so() -> None:
    a = mjasp.advise(HAND, draws=1, **OPTIONS)  # type: ignore[arg-type]
    c = next(c for c in a.candidates if c.discard == "3z")
    assert len(c.win_prob) == len(c.expected_points) == 1
    assert c.win_prob[0] == pytest.approx(3 / 120, rel=1e-12)
    assert c.expected_points[0] == pytest.approx(3 / 120 * ON_LAST, rel=1e-12)
    assert "still to turn" in a.note and "counted as a tile of the wall" in a.note
    cpp = mjasp.advise(HAND, draws=1, model="mahjong-cpp", **OPTIONS)  # type: ignore[arg-type]
    assert "not counted" in cpp.note


def test_the_simulator_draws_the_indicator_from_its_wall() -> None:
    model, start, _ = setup_model(HAND, {**OPTIONS, "draws": 2})
    two = tile37("2p")
    h14 = add37(sub37(start, tile37("3z")), two)
    rng = random.Random(7)
    seen = {_points(model, rng, h14, two, False, False, False, True) for _ in range(300)}
    assert seen == {12000.0, 18000.0, 24000.0}


def test_the_simulator_agrees_within_three_standard_errors() -> None:
    plays = 4000
    exact = mjasp.advise(HAND, draws=3, **OPTIONS)  # type: ignore[arg-type]
    c = next(c for c in exact.candidates if c.discard == "3z")
    r = simulate(HAND, discard="3z", n=plays, seed=20, draws=3, **OPTIONS)
    win_se = math.sqrt(c.win_prob[0] * (1 - c.win_prob[0]) / plays)
    assert abs(r.win_rate - c.win_prob[0]) <= 3 * win_se, (r, c.win_prob[0])
    assert abs(r.points - c.expected_points[0]) <= 3 * r.points_se, (r, c.expected_points[0])
    # the pending indicator adds to the value: more than the shown indicators' alone
    # (every win of the hand is worth 12000 at least, 18000 on the last draw)
    assert c.expected_points[0] > c.win_prob[0] * 12000 * 1.05


@pytest.mark.parametrize("hand", ["22335m4558p122s55z", "123406m2056p44s11z"])
def test_the_points_path_counts_it_as_the_engine(hand: str) -> None:
    # a closed hand never has a pending indicator (an open kan opens it), but the derived
    # path (points by han and fu per shape) reads the count per situation as the engine
    # does: a riichi win with it has two more indicators not yet seen (its dora and the
    # ura under it), a dama win one
    model, start, _ = setup_model(hand, {"dora_indicators": "1p"})
    m = Model(start=start, unseen=model.unseen, dora_indicators=("1p",),
              indicator_pending=True)
    assert (m.unknown_indicators(True), m.unknown_indicators(False)) == (3, 1)
    b = build(m, [sub37(start, t) for t in distinct_tiles(start)])
    wins = list({(add37(b.hands[w].tobytes(), t), t): None
                 for t, w in zip(b.win_tile.tolist(), b.win_node.tolist(), strict=True)})[:20]
    engine = [[m.score(h14, t, *sit) for sit in SITUATIONS] for h14, t in wins]
    assert m._win_table(wins, SITUATIONS).tolist() == engine
    assert m.paths["points"] > 0, m.paths
