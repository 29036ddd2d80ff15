"""A win that differs from a scored one only in which fives are red (``Model._win_rows``'
red variants) is not checked again in full: the checks of ``mjasp.score`` read its red
fives only in the fives' check, asked only where it may fail (``fives_may_fail``); a
variant holding more red fives than the rules' set has is still checked, and refused."""

from __future__ import annotations

import pytest

import mjasp
from mjasp.advice.model import SITUATIONS, Model, default_unseen
from mjasp.advice.tiles37 import parse37
from mjasp.core.errors import MjaspError
from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.scoring.api import check_hand, fives_may_fail, hand_checks


def _plus(start: bytes, tile: int) -> bytes:
    """``start`` with one tile37 drawn (a red five: its kind's count and its red one)."""
    out = bytearray(start)
    if tile >= 34:
        out[(4, 13, 22)[tile - 34]] += 1
    out[tile] += 1
    return bytes(out)


@pytest.mark.parametrize(("start", "red_in_wall", "refused"), [
    # hand-worked: a 4-6m kanchan waiting on 5m. Tenhou's set has one red 5m: with it in
    # the wall (none held), drawing it makes a legal hand, scored as the plain 5m's win
    # with one han more
    ("456m46m123p789p11s", 1, False),
    # one red 5m held and one more in the wall (a wall given by the caller: at most two a
    # suit, ``MAX_RED_FIVES``): drawing it makes a hand of two red 5m, which tenhou's set
    # does not have, so ``mjasp.score`` refuses it; the plain 5m's win stays a win
    ("406m46m123p789p11s", 1, True),
])
def test_a_red_variant_is_checked_where_its_fives_may_fail(
        start: str, red_in_wall: int, refused: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = mjasp.RULES["tenhou"]
    s = parse37(start)
    wall = list(default_unseen(s, rules))
    wall[34] = red_in_wall
    m = Model(s, draws=1, unseen=bytes(wall), rules=rules, riichi="never")
    plain, red = (_plus(s, 4), 4), (_plus(s, 34), 34)
    # independently: ``mjasp.score``'s own check of the red draw's hand
    hand = Hand(tuple(red[0][:34]), (red[0][34], red[0][35], red[0][36]))
    if refused:
        with pytest.raises(MjaspError, match="red"):
            check_hand(hand, Win("0m", tsumo=True), rules)
    else:
        check_hand(hand, Win("0m", tsumo=True), rules)
    asked: list[bytes] = []
    full = Model._checks_pass

    def spy(self: Model, h14: bytes, tile: int) -> bool:
        asked.append(h14)
        return full(self, h14, tile)

    monkeypatch.setattr(Model, "_checks_pass", spy)
    table = m._win_table([plain, red], SITUATIONS).tolist()
    engine = [[m.score(h14, t, *sit) for sit in SITUATIONS] for h14, t in (plain, red)]
    assert table == engine
    assert all(x > 0 for x in table[0])
    if refused:
        assert table[1] == [0.0] * len(SITUATIONS)
        assert asked == [red[0]]  # the fives' check may fail: the full checks asked
        assert m.paths["red"] == 0, m.paths
    else:
        assert all(x > y for x, y in zip(table[1], table[0], strict=True))  # aka dora
        assert asked == []  # it cannot fail: nothing asked again
        assert m.paths["red"] == 1, m.paths


def test_fives_may_fail_only_where_the_fives_check_can_refuse() -> None:
    # hand-worked on tenhou's set (one red five a suit): no indicator, no meld
    checks = hand_checks((), Win("1m", tsumo=True), mjasp.RULES["tenhou"])
    held = parse37("456m46m123p789p11s5m")[:34]
    assert not fives_may_fail((1, 0, 0), held, checks)  # one red 5m: as the set has
    assert fives_may_fail((2, 0, 0), held, checks)  # two: more than the set has
    # a plain 5m shown as an indicator: four plain copies held and it would be five
    shown = hand_checks((), Win("1m", tsumo=True, dora_indicators=("5m",)),
                        mjasp.RULES["tenhou"])
    assert fives_may_fail((0, 0, 0), parse37("5555m123p789p11s2m")[:34], shown)
