"""The checks that loop over the kinds only where one test over all kinds fails
(``api._checked``'s copies, ``Model._check_tiles``'s wall): each still names its kind.
The counts are written by hand (the hand holds one 1p; four more are given)."""

import pytest

from mjasp.advice import advise
from mjasp.advice.api import AdviseError
from mjasp.advice.model import Model, default_unseen
from mjasp.advice.tiles37 import parse37
from mjasp.core.errors import HandError
from mjasp.rules import RULES


def test_fifth_copy_visible() -> None:
    with pytest.raises(AdviseError, match="more than four copies of 2m among"):
        advise("123456789m1234p", visible="222m", dora_indicators="2m")


def test_wall_with_a_fifth_copy() -> None:
    start = parse37("123456789m1234p")
    unseen = bytearray(default_unseen(start, RULES["tenhou"]))
    assert unseen[0] == 3 and unseen[9] == 3  # 1m, 1p: four less the hand's one
    unseen[9] = 4                              # 1p: the hand's one and four in the wall
    with pytest.raises(HandError, match="hold 5 copies of 1p; there are only 4"):
        Model(start, unseen=bytes(unseen))


def test_wall_within_the_set() -> None:
    start = parse37("123456789m1234p")
    assert Model(start, unseen=bytes(default_unseen(start, RULES["tenhou"]))).s0 == 0
