"""Helpers the advice tests share."""

from __future__ import annotations

from typing import Any

import mjasp
from mjasp.advice import advise
from mjasp.advice.model import Model


def recursive_advice(hand: str, **options: Any) -> mjasp.advice.api.Advice:
    """``advise(hand, **options)`` by the recursion alone: ``Model.solve`` is skipped, so
    every value is computed node by node by ``Model.value`` (the model's statement), e.g.
    ``recursive_advice("123456789m24s1z6z", draws=2, extra=0)`` against ``advise`` of the
    same hand."""
    solve = Model.solve
    Model.solve = lambda self, *a, **k: None  # type: ignore[method-assign]
    try:
        return advise(hand, **options)
    finally:
        Model.solve = solve  # type: ignore[method-assign]
