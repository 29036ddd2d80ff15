"""The compiled facts of the direct scoring engine (``reading_facts`` and ``hand_facts`` of
``mjasp/solvers/_kernel.c``) equal its Python statement of them (``_reading_facts`` and
``_hand_facts``), field by field and type by type, on sampled wins of every preset and on
hands of every form and meld kind."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.rules import RULES, find_rules
from mjasp.scoring.api import hand_readings
from mjasp.scoring.samples import random_wins
from mjasp.solvers import kernel, scoring_direct

pytestmark = pytest.mark.skipif(not kernel.AVAILABLE, reason="the compiled kernel is not built")

#: Hands of every form and meld kind (chi, pon, open and closed kans), winds and flags.
CHOSEN = [
    ("19m19p19s12345677z", Win("7z", seat_wind="S")),  # kokushi
    ("19m19p19s1234567z1m", Win("1m", tsumo=True)),  # kokushi, thirteen-sided
    ("1122m3344p5566s77z", Win("7z", riichi=1, ippatsu=True)),  # chiitoitsu
    ("11122233344455m", Win("5m", tsumo=True, seat_wind="W", round_wind="S")),
    ("22334455m667788p", Win("8p", riichi=2, dora_indicators=("1m",))),  # ryanpeikou
    ("123m55z [456p] [777z] [1111s]", Win("5z", tsumo=True, rinshan=True)),
    ("11z (2222z) (3333z) [4444z] [5555z]", Win("1z", tsumo=True, rinshan=True)),
    ("123456789m11z [777z]", Win("1z", seat_wind="N", round_wind="W", honba=2)),
    ("1112345678999p", Win("9p", tenhou=True, tsumo=True)),
    ("234m234m234m567s5s", Win("5s", chiihou=True, tsumo=True, seat_wind="S")),
]


def _fields(facts: object) -> list[tuple[object, type]]:
    return [(getattr(facts, f.name), type(getattr(facts, f.name)))
            for f in dataclasses.fields(facts)]  # type: ignore[arg-type]


def _situations() -> list[tuple[Hand, Win, str]]:
    found = [(Hand.parse(text), win, "tenhou") for text, win in CHOSEN]
    for name in ("tenhou", "tenhou-3p", "wrc"):
        found += [(hand, win, name) for hand, win in random_wins(150, seed=11, rules=RULES[name])]
    return found


def test_the_compiled_facts_equal_the_python_ones() -> None:
    reading_facts, hand_facts, _ = scoring_direct._load_facts()
    compared = readings = 0
    for hand, win, name in _situations():
        for won in {k for k, n in enumerate(hand.counts) if n}:
            compiled = hand_facts(hand, win, won)
            assert type(compiled) is scoring_direct.HandFacts
            assert _fields(compiled) == _fields(scoring_direct._hand_facts(hand, win, won))
            compared += 1
        try:
            found = hand_readings(hand, find_rules(name))
        except ValueError:
            continue
        for reading in found:
            facts = reading_facts(reading)
            assert type(facts) is scoring_direct.ReadingFacts
            assert _fields(facts) == _fields(scoring_direct._reading_facts(reading))
            readings += 1
    assert compared > 1000 and readings > 300


def test_the_compiled_facts_refuse_what_is_not_a_hand() -> None:
    reading_facts, hand_facts, _ = scoring_direct._load_facts()
    loose: Any = reading_facts, hand_facts  # called with what their types refuse
    with pytest.raises(AttributeError):
        loose[0]("123m")
    with pytest.raises((AttributeError, TypeError)):
        loose[1]("123m", Win("1m"), 0)
    with pytest.raises(TypeError):
        loose[1](Hand.parse("11m"), Win("1m"))  # the winning kind is missing


def test_the_facts_read_a_look_alike_by_name() -> None:
    """The compiled facts read the value types' fields through their slots; an object of
    another class with the same fields is read by name, to the same facts."""
    hand_facts = scoring_direct._load_facts()[1]
    hand, win = Hand.parse("123m456p789s11z [777z]"), Win("1z", seat_wind="S")

    class Hand2:  # the fields of a Hand, not its slots
        counts, melds = hand.counts, hand.melds

    loose: Any = Hand2()  # what the facts' type refuses, read by name all the same
    assert _fields(hand_facts(loose, win, 27)) == _fields(hand_facts(hand, win, 27))
    with pytest.raises(TypeError):
        kernel.compiled().slots_init(1, 2, 3, 4, 5)


def test_the_compiled_hand_facts_read_each_win_asked_in_turn() -> None:
    """``hand_facts`` keeps what it read of the last Win (a search asks for many hands in
    one situation): asked with Wins in turn, each call's facts are its own Win's; an
    object of another class, read by name, is read again on every call (it may change)."""
    hand_facts = scoring_direct._load_facts()[1]
    hand = Hand.parse("123m456p789s11z [777z]")
    wins = [Win("1z", seat_wind="S"), Win("1z", tsumo=True, haitei=True, round_wind="S"),
            Win("1z", seat_wind="N", round_wind="W")]
    for win in wins + wins[::-1] + wins:
        assert _fields(hand_facts(hand, win, 27)) == _fields(
            scoring_direct._hand_facts(hand, win, 27))

    class Win2:  # a Win's fields, not its slots
        seat_wind, round_wind, haitei = "E", "E", False
        riichi, ippatsu, chankan, rinshan, houtei, tenhou, chiihou, renhou = (0,) + (False,) * 7

    loose: Any = Win2()
    first = hand_facts(hand, loose, 27)
    assert (first.seat, first.round, first.flags) == (27, 27, ())
    loose.seat_wind, loose.haitei = "W", True  # the same object, changed
    again = hand_facts(hand, loose, 27)
    assert again.seat == 29 and again.round == 27 and again.flags[4] is True
