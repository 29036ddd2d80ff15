"""``notation.digits`` (a digit per tile read off one string): the digits of a suit's
tiles in order, the first ``red`` fives written 0, checked on texts written by hand."""

import pytest

from mjasp.core.hand import Hand
from mjasp.core.notation import digits


@pytest.mark.parametrize(("tiles", "red", "text"), [
    ([4, 3, 4], 1, "405"),            # the docstring's: sorted, the first five red
    ([4, 4, 4, 4], 2, "0055"),        # two red fives of four
    ([13, 9, 17], 0, "159"),          # pins: kinds 9..17 are 1p..9p
    ([22, 22], 1, "05"),              # souzu fives
    ([33, 27, 31], 0, "157"),         # honours: 1z 5z 7z
    ([], 0, ""),
])
def test_digits(tiles: list[int], red: int, text: str) -> None:
    assert digits(tiles, red) == text


@pytest.mark.parametrize(("given", "written"), [
    ("550m", "055m"), ("0m0p0s555m", "0555m0p0s"), ("12345678999m11z", "12345678999m11z"),
])
def test_hand_text(given: str, written: str) -> None:
    assert str(Hand.parse(given)) == written
