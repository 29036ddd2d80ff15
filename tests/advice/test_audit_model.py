"""mjasp's discard-advice model checked rule by rule against values worked by hand.

Each expected value here comes from the model's statement in ``docs/advise.md`` worked
out on a small case (closed formulas over the wall's counts, brute force over every ura
indicator) and ``mjasp.score`` for the points of one win in its exact situation; never
from the advice code. Searches are kept small (``extra=0`` or one and two draws) so the
policy can be followed by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

import mjasp
from mjasp.advice import advise
from mjasp.advice.model import Model


def _score(hand: str, tile: str, rules: str = "tenhou", **situation: Any) -> int:
    """The points of one self-drawn win in its exact situation."""
    return mjasp.score(hand, mjasp.Win(tile=tile, tsumo=True, **situation), rules=rules).points


def _recursive(hand: str, **options: Any) -> mjasp.advice.api.Advice:
    """``advise`` by the node-by-node recursion alone (``Model.value``, the statement)."""
    solve = Model.solve
    Model.solve = lambda self, *a, **k: None  # type: ignore[method-assign]
    try:
        return advise(hand, **options)
    finally:
        Model.solve = solve  # type: ignore[method-assign]


def _table(a: mjasp.advice.api.Advice) -> list[tuple[Any, ...]]:
    return [(c.discard, c.decision, c.tenpai_prob, c.win_prob, c.expected_points)
            for c in a.candidates]


# -- riichi "always" declares at every closed tenpai -----------------------------------------

def test_always_declares_riichi_at_a_tenpai_without_a_winning_tile_left() -> None:
    # 123456789m24s1z6z (dealer), the other three 1z in sight: 136 - 13 - 3 = 120 unseen.
    # extra=0: only shanten-lowering discards. With 2 draws left, draw 1:
    #   3s (4): tenpai on 6z (3 left) or on 1z (none left). Under "always" either is a
    #     riichi: the 1z wait loses the stick (-1000), the 6z one with one draw left wins
    #     3/120 x 18000 (riichi ippatsu tsumo haitei ittsu: dealer haneman) and loses
    #     1000 x 117/120 otherwise: -525. Throwing 3s back is worth 0: it is taken.
    #   6z (3): tenpai on 3s (4 left): 4/120 x 18000 - 1000 x 116/120 < 0: thrown back.
    # With one draw left no riichi is possible after it (none with 0 draws), so the hand
    # reaches tenpai on 3s or 6z: 7/120; and so at two draws left too: 7/120, win 0.
    assert _score("123456789m234s66z", "6z", riichi=1, ippatsu=True, haitei=True) == 18000
    (c,) = advise("123456789m24s1z6z", draws=2, extra=0, riichi="always",
                  visible="111z").candidates
    assert c.tenpai_prob == pytest.approx((7 / 120, 7 / 120), abs=1e-15)
    assert c.win_prob == (0.0, 0.0) and c.expected_points == (0.0, 0.0)


def test_always_equals_the_recursion_where_a_wait_can_run_out() -> None:
    # the same hand with hand changes and 4 draws: the solved graph played the tenpai on
    # 1z dama (and could change its wait later), so its points differed from the stated
    # policy's (the recursion of ``Model.value``/``options_of``)
    options: dict[str, Any] = {"draws": 4, "riichi": "always", "visible": "111z"}
    assert _table(advise("123456789m24s1z6z", **options)) == \
        _table(_recursive("123456789m24s1z6z", **options))
