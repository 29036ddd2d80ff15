"""The Monte Carlo simulator never hides an error of ``mjasp.score``.

It scores each simulated win through ``mjasp.score``; it turned any ``MjaspError`` into 0
points, so a win the exact model counts but ``mjasp.score`` refuses made the two methods
disagree without a word. One such refusal was met on the simulate tests: a random ura
indicator named plain ``5s`` where the wall's last 5s is the red one (mahjongsoul-3p);
``mjasp.score`` refuses four plain 5s, and the riichi win counted 0 points.
"""

from __future__ import annotations

import random

from mjasp.advice.api import setup_model
from mjasp.advice.simulate import _points
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
