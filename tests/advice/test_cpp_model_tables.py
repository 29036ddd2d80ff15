"""The compatibility mode's per-process tables (points by han and fu per rules and seat,
``Win`` values per situation) give what
an empty table gives, whatever was asked before."""

from __future__ import annotations

from typing import Any

from mjasp.advice import cpp_model
from mjasp.rules import RULES

HAND = "222567m345p33667s"


def _cold(**options: Any) -> cpp_model.Result:
    cpp_model._UP_POINTS.clear()
    cpp_model._WINS.clear()
    return cpp_model.compute(HAND, **options)


def test_each_situation_its_own_numbers_after_another() -> None:
    situations: list[dict[str, Any]] = [
        dict(dora_indicators=("1z",)), dict(dora_indicators=("1z",), seat_wind="S"),
        dict(dora_indicators=("4p",), seat_wind="S"),
        dict(dora_indicators=("4p",), seat_wind="S", round_wind="S"),
        dict(dora_indicators=("4p",), seat_wind="S", rules=RULES["mahjongsoul"])]
    cold = [_cold(**s) for s in situations]
    # the dealer's points are not a non-dealer's, nor one dora's another's: the
    # situations differ, so a table keyed too coarsely would show
    assert len({r.stats[0].exp_score for r in cold[:3]}) == 3
    for s, expected in zip(situations, cold, strict=True):
        for before in situations:   # each after every other, the tables kept
            cpp_model.compute(HAND, **before)
            assert cpp_model.compute(HAND, **s) == expected
