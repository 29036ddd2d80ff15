"""The wins the graph builders build are wins ``mjasp.score`` takes: every (14 tiles,
winning tile) of mjasp's model's graph, built by the compiled builder, by numpy's and hand
by hand, and every winning edge of the compatibility mode's graph (both its builders),
passes the scoring API's checks of the winning tile (``check_winning_tile``) on a ``Hand``
built with every check. ``Model._plain_by_tile``, ``Model._checks_pass`` and the
compatibility mode's scorer rely on it: they do not ask those checks again for such wins
(the hand's own checks they do)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from mjasp.advice import graph
from mjasp.advice.api import setup_model
from mjasp.advice.build import _build_compiled, build
from mjasp.advice.model import Model, default_unseen
from mjasp.advice.tiles37 import FIVES, distinct_tiles, name37, parse37, sub37
from mjasp.core.errors import HandError, MjaspError
from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.rules import find_rules
from mjasp.scoring.api import check_winning_tile

#: red fives held and in the wall (one and three a suit), three players, visible tiles,
#: a wider search, melds with and without red fives (open, closed kan, no yaku)
CASES: list[tuple[str, dict[str, Any]]] = [
    ("5m1233p12334578s4z", {"dora_indicators": "3m"}),
    ("22335m4558p122s55z", {"rules": "mahjongsoul"}),
    ("123406m2056p44s11z", {"rules": "mahjongsoul", "visible": "5m5p"}),
    ("2340m4067p1225s55z", {"rules": "tenhou", "dora_indicators": "4p"}),
    ("123456789p1234s5z", {"rules": "tenhou-3p", "dora_indicators": "1p"}),
    ("11340p4067s11225s", {"rules": "tenhou-3p"}),
    ("1199m1199p2358s13z", {"rules": "tenhou-3p", "draws": 9}),
    ("123456m067p2355s1z", {"extra": 2, "rules": "mahjongsoul"}),
    ("23406m456p11s [777z]", {"dora_indicators": "4m"}),
    ("268m45p11z [123s] [055p]", {}),
    ("2368m456p77s1z [789s]", {}),
    ("23467m45p1s [406m] (1111z)", {"draws": 6}),
]


def _built(m: Model, starts: list[bytes], builder: str) -> Any:
    if builder == "compiled":
        compiled_build = getattr(graph._dp, "build", None)
        if compiled_build is None:
            pytest.skip("the compiled builder is not built (or MJASP_PURE_PYTHON is set)")
        return _build_compiled(compiled_build, m, starts)
    if builder == "numpy":
        return build(m, starts, compiled=False)
    return m.build_by_hand(starts)


@pytest.mark.parametrize(("hand", "options"), CASES)
@pytest.mark.parametrize("builder", ["compiled", "numpy",
                                     pytest.param("by_hand", marks=pytest.mark.slow)])
def test_every_built_win_passes_the_winning_tile_checks(hand: str, options: dict[str, Any],
                                                        builder: str) -> None:
    m, start, _ = setup_model(hand, options)
    # the 13-tile hands ``advise`` solves from: each discard of 14 tiles, or the hand
    starts = [sub37(start, t) for t in distinct_tiles(start)] \
        if sum(start[:34]) % 3 == 2 else [start]
    b = _built(m, starts, builder)
    wins = {(bytes(b.hands[w]), t)
            for t, w in zip(b.win_tile.tolist(), b.win_node.tolist(), strict=True)}
    assert wins
    fives = {"red": 0, "plain": 0}
    for h13, tile in wins:
        h14 = bytearray(h13)
        h14[tile if tile < 34 else (4, 13, 22)[tile - 34]] += 1
        if tile >= 34:
            h14[tile] += 1
        # the checked constructor: the 14 tiles with the melds are a hand
        won = Hand(tuple(h14[:34]), (h14[34], h14[35], h14[36]), m.melds)
        win = Win(tile=name37(tile), tsumo=True, seat_wind=m.seat_wind,
                  round_wind=m.round_wind, dora_indicators=m.dora_indicators)
        check_winning_tile(won, win, m.rules)  # raises for a tile it refuses
        if tile >= 34:
            fives["red"] += 1
        elif tile in (4, 13, 22):
            fives["plain"] += 1
    if options.get("rules") == "mahjongsoul":  # red fives in the wall: both won on
        assert fives["red"] and fives["plain"], fives


def test_a_wall_outside_the_tile_set_is_refused() -> None:
    # three players: no 2m-8m. A wall holding one would let a drawn 5m win, which the
    # winning tile's checks refuse; the model refuses the wall itself
    rules = find_rules("tenhou-3p")
    start = parse37("123456789p1234s5z")
    unseen = list(default_unseen(start, rules))
    unseen[4] = 1
    with pytest.raises(HandError, match="5m, which is not in the tile set of tenhou-3p"):
        Model(start=start, unseen=bytes(unseen), rules=rules)
    with pytest.raises(MjaspError, match="three-player set"):
        check_winning_tile(Hand.parse("123456789p11s555m"), Win("5m", tsumo=True), rules)
    Model(start=start, unseen=bytes(default_unseen(start, rules)), rules=rules)


@pytest.mark.parametrize(("hand", "extra", "indicators"), [
    ("222567m345p33667s", 1, ("1z",)),         # riichi states
    ("123406789m1234p5z", 2, ("4m",)),         # a red five held and in the wall
    ("1240m3406p11289s2z", 1, ("9s",)),        # two red fives, two-shanten
    ("2340m4067p1225s55z", 1, ("4p",)),        # three red fives
    ("123456789m1234p", 1, ()),                # 13 tiles
])
@pytest.mark.parametrize("compiled", [True, False])
def test_every_winning_edge_of_the_compatibility_graph_passes_the_winning_tile_checks(
        hand: str, extra: int, indicators: tuple[str, ...], compiled: bool) -> None:
    from mjasp.advice.cpp_model import CPP_RULES, build_graph, default_wall, separated
    from mjasp.analysis.shanten import shanten
    if compiled and getattr(graph._dp, "cpp_build", None) is None:
        pytest.skip("the optional compiled builder is not built (or MJASP_PURE_PYTHON is set)")
    h37 = parse37(hand)
    sep = separated(h37)
    wall = separated(bytes(max(0, x) for x in default_wall(h37, indicators)))
    fourteen = sum(h37[:34]) == 14
    wanted = [([x - (j == i) for j, x in enumerate(sep)], False) for i in range(37)
              if sep[i] > 0] if fourteen else [(sep, False)]
    g = build_graph(sep, wall, shanten(h37[:34]) + extra, fourteen, wanted, compiled=compiled)
    won = np.flatnonzero(g.disc_shanten[g.dst] == -1)
    assert len(won)
    reds = 0
    for state, tile in zip(g.dst[won].tolist(), g.tile[won].tolist(), strict=True):
        row = g.disc_hands[state].tolist()   # separated: a red five apart from the plain
        counts = row[:34]
        for suit, five in enumerate(FIVES):
            counts[five] += row[34 + suit]
        won_hand = Hand(tuple(counts), (row[34], row[35], row[36]))
        win = Win(tile=name37(tile), tsumo=True, riichi=int(g.disc_flags[state]),
                  dora_indicators=indicators)
        check_winning_tile(won_hand, win, CPP_RULES)  # raises for a tile it refuses
        reds += tile >= 34
    if "0" in hand:
        assert reds  # red fives drawn to win
