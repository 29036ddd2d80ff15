"""mjasp's model turns the cyclic garbage collector off while it scores its wins (the
wins' table), and leaves it as it found it: on if it was on, off if it was off, and on
again when the scoring fails."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from mjasp.advice import advise, model, win_loops

HAND = "222567m345p33667s"   # one-shanten: wins to score


@pytest.fixture(autouse=True)
def _restore() -> Iterator[None]:
    # the shapes of wins an earlier search kept would spare the scoring (as cold calls do)
    model._WIN_SHAPES.clear()
    as_found = gc.enable if gc.isenabled() else gc.disable
    yield
    as_found()


def _watch(monkeypatch: pytest.MonkeyPatch, fail: bool = False) -> list[bool]:
    """The collector's state each time a winning hand is scored (and an error there when
    ``fail``)."""
    seen: list[bool] = []
    # the scoring call of each winning hand (``win_loops.hand_shapes`` looks it up in its
    # module, compiled or not)
    from mjasp.solvers.scoring_direct import shapes_by_tile

    def watched(*args: Any) -> Any:
        seen.append(gc.isenabled())
        if fail:
            raise RuntimeError("scoring failed")
        return shapes_by_tile(*args)

    monkeypatch.setattr(win_loops, "shapes_by_tile", watched)
    return seen


def test_off_while_scoring_and_on_again(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _watch(monkeypatch)
    gc.enable()
    r = advise(HAND, dora_indicators=("1z",))
    assert seen and not any(seen)
    assert gc.isenabled()
    assert any(c.expected_points[0] > 0 for c in r.candidates)  # the wins were scored


def test_left_off_when_it_was_off(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _watch(monkeypatch)
    gc.disable()
    advise(HAND, dora_indicators=("1z",))
    assert seen and not any(seen)
    assert not gc.isenabled()


def test_on_again_when_the_scoring_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _watch(monkeypatch, fail=True)
    gc.enable()
    with pytest.raises(RuntimeError, match="scoring failed"):
        advise(HAND, dora_indicators=("1z",))
    assert seen == [False]
    assert gc.isenabled()
