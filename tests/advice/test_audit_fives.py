"""A plain five written where the set has only red ones left is named as such.

Mahjong Soul's set makes one of the four fives of each suit red (three plain), so a kan of
four plain 5s, or a fourth plain 5 in sight, cannot be; advise said "more red fives than
the rules hold", which names the wrong tile.
"""

from __future__ import annotations

import pytest

from mjasp.advice.api import AdviseError, advise


@pytest.mark.parametrize(("hand", "visible"), [
    ("123m456p9s [5555s] [777z]", ""),         # a kan of four plain 5s
    ("123m456p78s55s [777z]", "55s"),          # two in hand, two more in sight
])
def test_four_plain_fives_are_named(hand: str, visible: str) -> None:
    with pytest.raises(AdviseError, match=r"^4 plain 5s among the hand, melds, dora indicators "
                       r"and visible tiles; the mahjongsoul rules make 1 of the four 5s red, "
                       r"so 3 are plain \(a red five is written 0s\)$"):
        advise(hand, rules="mahjongsoul", draws=2, visible=visible)


def test_a_second_red_five_is_still_named() -> None:
    with pytest.raises(AdviseError, match=r"^two red fives \(0s\) in .*; the mahjongsoul "
                                          r"rules have 1$"):
        advise("123m456p78s00s [777z]", rules="mahjongsoul", draws=2)


def test_without_red_fives_four_plain_fives_are_fine() -> None:
    assert advise("123m456p9s [5555s] [777z]", rules="wrc", draws=2).candidates
