"""The shortcuts of an advice call: the effective tiles by the kernel's call per hand, and
the start's Hand taken from the caller only where it is the start."""

from __future__ import annotations

import pytest

from mjasp.advice import graph
from mjasp.advice.build import kernel_capsule
from mjasp.advice.model import Model
from mjasp.advice.tiles37 import parse37
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.rules import find_rules

needs_dp = pytest.mark.skipif(graph._dp is None or kernel_capsule(find_rules("tenhou")) is None,
                              reason="the compiled _dp and kernel are not built")


@needs_dp
def test_ukeire_call_gives_the_waits_worked_by_hand() -> None:
    # 123456789m 1234p: tenpai on 1p (11p + 234p) and 4p (123p + 44p)
    hand = parse37("123456789m1234p")
    wall = bytes(4 - c for c in hand[:34]) + bytes([1, 1, 1])
    assert graph._dp is not None
    (own, kinds), = graph._dp.ukeire(kernel_capsule(find_rules("tenhou")), hand, wall)
    assert own == 0
    assert list(kinds) == [9, 12]  # 1p, 4p
    # a kind the wall lacks is not an effective tile
    empty = bytearray(wall)
    empty[12] = 0
    assert list(graph._dp.ukeire(kernel_capsule(find_rules("tenhou")), hand,
                                 bytes(empty))[0][1]) == [9]


@needs_dp
def test_ukeire_call_refuses_bad_arguments() -> None:
    assert graph._dp is not None
    capsule = kernel_capsule(find_rules("tenhou"))
    with pytest.raises(ValueError):
        graph._dp.ukeire(capsule, b"\x00" * 36, bytes(37))
    with pytest.raises(ValueError):
        graph._dp.ukeire(capsule, bytes(37), bytes(36))
    with pytest.raises(ValueError):
        graph._dp.ukeire(object(), bytes(37), bytes(37))


def test_a_hand_given_that_is_not_the_start_is_not_taken() -> None:
    # five 1m: no Hand holds them; a valid Hand given beside them is another hand, so the
    # start is still built and checked
    counts = [0] * 37
    counts[0] = 5
    for k in range(1, 9):
        counts[k] = 1
    start = bytes(counts)
    with pytest.raises(HandError):
        Model(start=start, draws=1, unseen=bytes(37))
    with pytest.raises(HandError):
        Model(start=start, draws=1, unseen=bytes(37), hand=Hand.parse("123456789m1234p"))
    # the hand that is the start: taken, the same model as without it
    given = Hand.parse("123456789m1234p")
    with_hand = Model(start=parse37("123456789m1234p"), draws=1, hand=given)
    alone = Model(start=parse37("123456789m1234p"), draws=1)
    assert (with_hand.s0, with_hand.melds, with_hand.unseen) == (alone.s0, alone.melds,
                                                                 alone.unseen)
