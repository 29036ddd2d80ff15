"""``explain_discard`` explains only a discard the hand can make: a plain five needs a
plain copy in the hand (a red five held alone is discarded as ``0m``, never as ``5m``).
The expected outcome is read off the hand's own tiles, not off mjasp's output."""

from __future__ import annotations

import pytest

from mjasp.advice.api import AdviseError
from mjasp.advice.explain import explain_discard

# 0m is this hand's only five of characters: 5m names a tile it does not hold
RED_ALONE = "068m123p456s11123z"


def test_a_plain_five_is_refused_where_only_the_red_one_is_held() -> None:
    with pytest.raises(AdviseError, match="5m is not in the hand"):
        explain_discard(RED_ALONE, "5m", {"draws": 3})


def test_the_red_five_held_is_explained_as_discarded() -> None:
    e = explain_discard(RED_ALONE, "0m", {"draws": 3})
    assert abs(sum(e["by_turn"]) - e["expected_points"]) < 1e-9


@pytest.mark.parametrize("discard", ["5m", "0m"])
def test_with_both_fives_held_either_is_explained(discard: str) -> None:
    e = explain_discard("0568m123p456s1123z", discard, {"draws": 3})
    assert abs(sum(e["by_turn"]) - e["expected_points"]) < 1e-9
