"""A numpy array where a public function expects text, a number or a flag is a wrong
argument, refused as the function refuses other wrong values (a specific mjasp error),
not with numpy's "truth value of an array is ambiguous" from deep inside."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import mjasp
from mjasp.core.errors import HandError, RulesError

ARRAY: Any = np.array([1, 2])  # Any: the calls below pass what the signatures refuse
TEXT: Any = "4"
H13 = "123m456p789s1123z"

CALLS: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    # an unknown form, as shanten(form=1) is
    ("shanten(form=array)", lambda: mjasp.shanten(H13, form=ARRAY), RulesError, "form"),
    # a tile kind is an integer, as as_int refuses other values
    ("tile_name(array)", lambda: mjasp.tile_name(ARRAY), HandError, "integer"),
    ("tile_name('4')", lambda: mjasp.tile_name(TEXT), HandError, "integer"),
    # red is a flag: True or False, as Win's flags and Rules' options are
    ("count_hands(red=array)", lambda: mjasp.count_hands(3, red=ARRAY), HandError, "red"),
    ("count_hands(red='4')", lambda: mjasp.count_hands(3, red=TEXT), HandError, "red"),
    ("suit_hands(kinds=array)", lambda: list(mjasp.suit_hands(3, kinds=ARRAY)), HandError,
     "integer"),
    ("winning_forms(melds=array)", lambda: list(mjasp.winning_forms(melds=ARRAY)),
     HandError, "integer"),
    ("winning_forms('4')", lambda: list(mjasp.winning_forms(TEXT)), HandError, "integer"),
]


@pytest.mark.parametrize(("name", "call", "error", "words"), CALLS,
                         ids=[c[0] for c in CALLS])
def test_a_wrong_argument_gets_the_functions_own_error(
        name: str, call: Callable[[], object], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words) as info:
        call()
    assert "ambiguous" not in str(info.value)


def test_numpy_integers_and_plain_values_still_work() -> None:
    # kinds 0..8 are 1m..9m, so 9 is 1p; one tile of two kinds: (1, 0) or (0, 1)
    nine: Any = np.int64(9)
    two: Any = np.int32(2)
    zero: Any = np.int64(0)
    assert mjasp.tile_name(nine) == "1p"
    assert sorted(mjasp.suit_hands(1, kinds=two)) == [(0, 1), (1, 0)]
    # one-tile hands: 34 kinds, or 37 with the three red fives apart
    assert mjasp.count_hands(1, red=True) == 37 and mjasp.count_hands(1, red=False) == 34
    # 0 melds: the form is the pair alone, one per kind
    assert sum(1 for _ in mjasp.winning_forms(zero)) == 34
