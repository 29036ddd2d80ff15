"""The Monte Carlo simulator never hides an error of ``mjasp.score``.

It scores each simulated win through ``mjasp.score``; it turned any ``MjaspError`` into 0
points, so a win the exact model counts but ``mjasp.score`` refuses made the two methods
disagree without a word. One such refusal was met on the simulate tests: a random ura
indicator named plain ``5s`` where the wall's last 5s is the red one (mahjongsoul-3p);
``mjasp.score`` refuses four plain 5s, and the riichi win counted 0 points. Such a win is
now a :class:`SimulationError` naming the hand, the winning tile and the reason; a
complete open hand without a yaku is still no win (0 points), as in the exact model.
"""

from __future__ import annotations

import random

import pytest

import mjasp.advice.simulate as sim
from mjasp import WinError
from mjasp.advice.api import setup_model
from mjasp.advice.simulate import SimulationError, _points, simulate
from mjasp.advice.tiles37 import add37, tile37


def test_a_red_five_drawn_as_ura_indicator_is_named_red() -> None:
    # 234p 789p 234s 567s 55s on a self-drawn 4s after riichi: riichi + menzen tsumo, so
    # every play scores more than 0 whatever the ura indicator. The hand holds three
    # plain 5s; mahjongsoul-3p has one red 5s, the only 5s left in the wall: an ura
    # indicator drawn there is 0s (1000 seeds draw it about 12 times)
    model, start, _h = setup_model("234789p2355567s", {
        "rules": "mahjongsoul-3p", "dora_indicators": ("4s",), "draws": 3,
        "riichi": "always"})
    four = tile37("4s")
    h14 = add37(start, four)
    for seed in range(1000):
        assert _points(model, random.Random(seed), h14, four, True, False, False) > 0, seed


def test_a_refused_win_is_an_error_not_zero_points(monkeypatch: pytest.MonkeyPatch) -> None:
    # a tenpai hand (waits 1p 4p, menzen tsumo) that wins within 17 draws in nearly every
    # play: a win refused, whatever the reason, stops the simulation with that reason
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise WinError("refused here on purpose")

    monkeypatch.setattr(sim, "score_hand", refuse)
    with pytest.raises(SimulationError, match="refused here on purpose") as got:
        simulate("123456789m23p11z", draws=17, riichi="never", n=20, seed=1)
    assert "123456789m" in str(got.value) and "mjasp.score refuses it" in str(got.value)


def test_a_complete_open_hand_without_a_yaku_is_still_no_win() -> None:
    # 123m 456p 789s 99s [789m] on 6s: open (no menzen tsumo, no riichi), no tanyao (1m,
    # 9s), 99s no yakuhai, no sanshoku (no 789p), no ittsu, no chanta (456p): no yaku, so
    # no win and 0 points, not an error (the hand plays on)
    model, start, _h = setup_model("123m456p78s99s [789m]", {"draws": 3, "riichi": "never"})
    six = tile37("6s")
    assert _points(model, random.Random(0), add37(start, six), six, False, False,
                   False) == 0.0
