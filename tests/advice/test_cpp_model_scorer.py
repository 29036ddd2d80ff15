"""The compatibility mode's scorer (``cpp_model._Scorer.points``) against ``mjasp.score``
called on each winning edge of a graph alone: a self-draw of the edge's tile into the
discard state's 14 tiles, riichi as the state's flag. Without ura dora, the points of that
one score (0 for a win without a yaku); with them and one indicator, the chance of each
ura indicator kind (its copies in the state's wall over the wall's tiles) times the
score with that ura indicator, summed. The scorer takes the edges of many states at once
and groups them by state itself: the edges are given here in an order that interleaves
the states, so a mix-up between states would show."""

from __future__ import annotations

import numpy as np
import pytest

from mjasp import Hand, Win, score
from mjasp.advice.cpp_model import CPP_RULES, _Scorer, build_graph, default_wall, separated
from mjasp.advice.tiles37 import name37
from mjasp.analysis.shanten import shanten
from mjasp.core.errors import MjaspError
from mjasp.core.tiles import tile_name

INDICATORS = ("1z",)


def _graph(text: str) -> tuple[object, list[int], list[int]]:
    hand = Hand.parse(text)
    h37 = bytes(hand.counts) + bytes(hand.red)
    wall = separated(bytes(default_wall(h37, INDICATORS)))
    sep = separated(h37)
    total = [x + y for x, y in zip(sep, wall, strict=True)]
    g = build_graph(sep, wall, shanten(h37[:34]) + 1, True, [])
    return g, total, np.flatnonzero(g.disc_shanten[g.dst] == -1).tolist()


def _text(counts: list[int]) -> str:
    return "".join(name37(t) * c for t, c in enumerate(counts))


def _one(hand: Hand, tile: int, riichi: bool, ura: tuple[str, ...] = ()) -> int:
    win = Win(tile=name37(tile), tsumo=True, riichi=int(riichi),
              dora_indicators=INDICATORS, ura_indicators=ura)
    try:
        s = score(hand, win, rules=CPP_RULES)
    except MjaspError:
        return 0
    return s.points if s.han > 0 or s.yakuman else 0


def _expected(counts: list[int], total: list[int], tile: int, riichi: bool,
              uradora: bool) -> float:
    hand = Hand.parse(_text(counts))
    if not (riichi and uradora):
        return float(_one(hand, tile, riichi))
    sep = [t - c for t, c in zip(total, counts, strict=True)]
    wall = sep[:34]
    for r, five in enumerate((4, 13, 22)):
        wall[five] += sep[34 + r]
    return sum(n / sum(wall) * _one(hand, tile, True, (tile_name(k),))
               for k, n in enumerate(wall) if n)


# (the last: daisangen wins, scored by ``candidates_by_tile`` rather than their shapes)
@pytest.mark.parametrize("text", ["222567m345p33667s", "123406m456p4406s1z",
                                  "555666777z123m49p"])
@pytest.mark.parametrize("uradora", [False, True])
def test_each_winning_edge_as_mjasp_scores_it_alone(text: str, uradora: bool) -> None:
    g, total, won = _graph(text)
    # the states interleaved: every other edge first, then the rest
    order = won[::2] + won[1::2]
    dst, tiles = g.dst.tolist(), g.tile.tolist()  # type: ignore[attr-defined]
    scorer = _Scorer(INDICATORS, "E", "E", CPP_RULES, uradora, total)
    edges, points = scorer.points(order, [dst[e] for e in order], [tiles[e] for e in order],
                                  g.disc_hands, g.disc_flags)  # type: ignore[attr-defined]
    got = dict(zip(edges, points, strict=True))
    assert len(got) == len(edges) and set(got) <= set(won)
    flags = g.disc_flags.tolist()  # type: ignore[attr-defined]
    hands = g.disc_hands.tolist()  # type: ignore[attr-defined]
    checked = 0
    for e in won[:: max(1, len(won) // 40)]:  # some forty edges of every kind of state
        want = _expected(hands[dst[e]], total, tiles[e], flags[dst[e]], uradora)
        assert got.get(e, 0.0) == pytest.approx(want, rel=1e-12, abs=0.0), (e, want)
        checked += 1
    assert checked >= 20 and any(v > 0 for v in got.values())
