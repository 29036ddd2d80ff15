"""``Candidate`` and ``Advice`` store their fields without the frozen dataclass's own
``__init__``: still frozen values, each field what was given (by position or keyword,
defaults as declared), equal and hashed as the dataclass rules say (the fields as a
tuple, in order), ``dataclasses.replace`` and pickling as for any dataclass."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from mjasp.advice.api import Advice, Candidate


def test_candidate_fields_and_defaults() -> None:
    given = ("1m", 0, (("2m", 3),), (1.0, 0.5), (0.5, 0.25), (1000.0, 500.0))
    c = Candidate(*given)
    assert tuple(getattr(c, f.name) for f in dataclasses.fields(c)) == (*given, "-")
    assert hash(c) == hash((*given, "-"))
    same = Candidate(discard="1m", shanten=0, ukeire=(("2m", 3),), tenpai_prob=(1.0, 0.5),
                     win_prob=(0.5, 0.25), expected_points=(1000.0, 500.0), decision="-")
    assert c == same and c != Candidate(*given, decision="riichi")
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.shanten = 1  # type: ignore[misc]
    assert dataclasses.replace(c, decision="dama").decision == "dama"
    assert pickle.loads(pickle.dumps(c)) == c
    assert repr(c).startswith("Candidate(discard='1m', shanten=0, ")


def test_advice_fields_and_defaults() -> None:
    a = Advice("123m", 1, "mjasp", 17, ())
    assert tuple(getattr(a, f.name) for f in dataclasses.fields(a)) == (
        "123m", 1, "mjasp", 17, (), True, "", None, 0, {})
    b = Advice("123m", 1, "mjasp", 17, ())
    a.settings["x"] = 1
    assert b.settings == {}  # a new dict each, as ``default_factory=dict`` makes
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.note = "x"  # type: ignore[misc]
    full = Advice(hand="1m", shanten=0, model="mahjong-cpp", draws=3, candidates=(),
                  exact=False, note="n", win_points=1000, nodes=5, settings={"k": 2})
    assert dataclasses.replace(full, note="m") == Advice("1m", 0, "mahjong-cpp", 3, (), False,
                                                         "m", 1000, 5, {"k": 2})
    assert pickle.loads(pickle.dumps(full)) == full
    assert full.to_json()["settings"] == {"k": 2}
