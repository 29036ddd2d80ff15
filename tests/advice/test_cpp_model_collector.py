"""The compatibility mode turns the cyclic garbage collector off while it scores its wins,
and leaves it as it found it: on if it was on, off if it was off, and on again when the
scoring fails."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from mjasp.advice import cpp_model

HAND = "222567m345p33667s"   # one-shanten: wins to score


@pytest.fixture(autouse=True)
def _restore() -> Iterator[None]:
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def _watch(monkeypatch: pytest.MonkeyPatch, fail: bool = False) -> list[bool]:
    """The collector's state inside each scoring (and an error there when ``fail``)."""
    seen: list[bool] = []
    points = cpp_model._Scorer.points

    def watched(self: Any, *args: Any) -> Any:
        seen.append(gc.isenabled())
        if fail:
            raise RuntimeError("scoring failed")
        return points(self, *args)

    monkeypatch.setattr(cpp_model._Scorer, "points", watched)
    return seen


def test_off_while_scoring_and_on_again(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _watch(monkeypatch)
    gc.enable()
    r = cpp_model.compute(HAND, dora_indicators=("1z",))
    assert seen == [False]
    assert gc.isenabled()
    assert any(x > 0 for st in r.stats for x in st.exp_score)  # the wins were scored


def test_left_off_when_it_was_off(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _watch(monkeypatch)
    gc.disable()
    cpp_model.compute(HAND, dora_indicators=("1z",))
    assert seen == [False]
    assert not gc.isenabled()


def test_on_again_when_the_scoring_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _watch(monkeypatch, fail=True)
    gc.enable()
    with pytest.raises(RuntimeError, match="scoring failed"):
        cpp_model.compute(HAND, dora_indicators=("1z",))
    assert seen == [False]
    assert gc.isenabled()
