"""The compiled turn loop leaves out the values no node reached before reads: a node reached
with u hand changes is reached after u draws at the earliest, so its values with more than
draws - u draws left are NaN in the tables (``Tables.valid``); every other value is the
loop's without that shortcut to the bit, and ``Model.value`` / ``riichi_value`` outside
(the recursion, which does not read the tables) agree with the tables the full loop
fills."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from mjasp.advice import graph
from mjasp.advice.api import setup_model
from mjasp.advice.build import build
from mjasp.advice.model import Model
from mjasp.advice.tiles37 import distinct_tiles, sub37

CASES: list[tuple[str, dict[str, Any]]] = [
    # one-shanten and two-shanten, riichi chosen; riichi always (a riichi row per tenpai)
    ("1256m34788p2378s5z", {"draws": 6, "dora_indicators": "1z"}),
    ("2357m2469p13788s1z", {"draws": 5, "dora_indicators": "9m"}),
    ("222567m345p33667s", {"draws": 6, "dora_indicators": "1z", "riichi": "always"}),
    # an open hand (no riichi rows)
    ("23406m456p11s [777z]", {"draws": 5, "dora_indicators": "4m"}),
]


def _solved(hand: str, options: dict[str, Any], full: bool,
            monkeypatch: pytest.MonkeyPatch) -> tuple[Model, list[bytes]]:
    m, start, _ = setup_model(hand, options)
    # the 13-tile hands ``advise`` solves from: each discard of 14 tiles, or the hand
    starts = [sub37(start, t) for t in distinct_tiles(start)] if sum(start[:34]) % 3 == 2 \
        else [start]
    with monkeypatch.context() as patch:
        if full:   # the loop given no ``used``: every value computed
            run = graph._run_compiled
            patch.setattr(graph, "_run_compiled", lambda g, d, p: run(
                dataclasses.replace(g, used=None), d, p))
        m.solve(starts, m.draws)
    return m, starts


@pytest.mark.skipif(graph._dp is None, reason="the compiled turn loop is not built")
@pytest.mark.parametrize(("hand", "options"), CASES)
def test_values_no_earlier_node_reads_are_left_out_and_the_rest_are_the_same(
        hand: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    m, starts = _solved(hand, options, False, monkeypatch)
    full, _ = _solved(hand, options, True, monkeypatch)
    draws = m.draws
    used = build(m, starts).used             # the same graph as the solve's, in order
    assert int(used.max()) >= 1
    # d draws left is computed for a node reached with u changes when d <= draws - u
    d = np.arange(draws + 1)[:, None, None]
    for got, want, at in ((m._tables.dama_all, full._tables.dama_all, used),
                          (m._tables.riichi_all, full._tables.riichi_all,
                           used[m._tables.riichi_rows])):
        assert got.shape == want.shape
        kept = np.broadcast_to(d <= draws - at[None, None, :], got.shape)
        assert np.array_equal(got[kept], want[kept])       # the same floats
        assert np.isnan(got[~kept]).all()
        assert not np.isnan(want).any()
    assert (~np.broadcast_to(d <= draws - used[None, None, :], m._tables.dama_all.shape)).any()
    # outside: the recursion, which agrees with the full loop's tables (a node reached with
    # the most changes, every number of draws left)
    assert m._index_of is not None
    hands, _ = m._index_of
    last = int(np.flatnonzero(used == used.max())[0])
    node = (hands[last].tobytes(), int(used[last]))
    for left in range(1, draws + 1):
        assert m._tables.valid(node[1], left) == (left <= draws - node[1])
        assert m.value(node, left) == full.value(node, left), left
    for h, row in list(m._riichi_row.items())[:3]:
        for left in range(1, draws + 1):
            assert m.riichi_value(h, left) == full.riichi_value(h, left), (row, left)
