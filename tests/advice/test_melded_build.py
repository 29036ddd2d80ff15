"""Hands with melds take the compiled graph builder: its graph, and the values solved on it,
against the reference builder (``Model.build_by_hand``: ``Model.expand`` node by node) and
the recursion (``Model.value``) on melded hands: one to four melds, chi, pon, open and
closed kan, red fives in melds, three players, visible tiles, tenpai to two-shanten, and
open hands without a yaku, whose completed draws win on the last draw only (haitei) or not
at all."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import mjasp
from mjasp.advice import graph
from mjasp.advice.api import setup_model
from mjasp.advice.build import Built, _build_compiled, _melded_shanten, build
from mjasp.advice.model import Model
from mjasp.advice.tiles37 import distinct_tiles, sub37
from tests.conftest import sample

COMPILED = getattr(graph._dp, "build", None)
needs_compiled = pytest.mark.skipif(
    COMPILED is None, reason="the compiled builder is not built (or MJASP_PURE_PYTHON is set)")
FIELDS = ("hands", "used", "shanten", "total", "stay", "win_node", "win_tile", "win_n",
          "group_node", "group_slot", "group_n", "offsets", "options")


def _starts(start: bytes) -> list[bytes]:
    """The 13-tile hands ``advise`` solves from: each discard of 14 tiles, or the hand."""
    if sum(start[:34]) % 3 == 2:
        return [sub37(start, t) for t in distinct_tiles(start)]
    return [start]


def _random_melded(seed: int, count: int, most_shanten: int) -> list[str]:
    """Random 14-tile hands with one or two open melds (a pon or a chi each, from the
    136 tiles), up to ``most_shanten``."""
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        wall = [t // 4 for t in range(136)]
        rng.shuffle(wall)
        melds = []
        for _ in range(rng.choice((1, 2))):
            k = rng.randrange(34)
            if rng.random() < 0.5 and k < 27 and k % 9 <= 6:
                tiles = [k, k + 1, k + 2]
                text = f"[{k % 9 + 1}{k % 9 + 2}{k % 9 + 3}{'mps'[k // 9]}]"
            else:
                tiles = [k, k, k]
                name = f"{k % 9 + 1}{'mpsz'[k // 9]}"
                text = f"[{name[0] * 3}{name[1]}]"
            if any(wall.count(t) < tiles.count(t) for t in set(tiles)):
                break
            for t in tiles:
                wall.remove(t)
            melds.append(text)
        else:
            counts = [0] * 34
            for t in wall[:14 - 3 * len(melds)]:
                counts[t] += 1
            text = f"{mjasp.Hand(tuple(counts), (0, 0, 0), ())} {' '.join(melds)}"
            try:
                m, _, _ = setup_model(text, {})
            except mjasp.MjaspError:
                continue
            if 0 <= m.s0 <= most_shanten:
                found.append(text)
    return found


#: (hand, options, whether some completed draw of the graph wins on the last draw only)
CASES: list[Any] = [
    ("2368m456p77s1z [789s]", {}, True),                        # no yaku: haitei only
    ("12368m456p77s1z [789s]", {"draws": 8}, True),
    # the largest reference graph here (minutes on a slow machine): pytest --full
    pytest.param("24m5678p3467s4z [123s]", {"draws": 6}, True,
                 marks=[pytest.mark.slow, pytest.mark.full]),
    ("268m45p11z [123s] [055p]", {"rules": "mahjongsoul"}, True),  # a red five in a chi
    ("23406m456p11s [777z]", {"draws": 5, "dora_indicators": "4m"}, False),  # yakuhai
    ("3m456p1z [123s] [555z] [444m]", {"draws": 6}, False),     # three melds
    ("12z [123s] [555z] [055p] [1111m]", {"draws": 5}, False),  # four, an open kan
    ("23467m45p1s [406m] (1111z)", {"draws": 6}, False),  # a chi, a closed kan of East
    ("2345678m2345p (1111z)", {"draws": 6, "riichi": "choose"}, False),  # closed: riichi
    ("2345678m2345p (1111z)", {"draws": 6, "riichi": "always"}, False),
    ("2345678m2345p (1111z)", {"draws": 6, "riichi": "never"}, False),
    pytest.param("1199m2468p13s5z (9999s)", {"draws": 5, "riichi": "choose"}, False,
                 marks=pytest.mark.slow),                     # two-shanten
    ("19m12345p1345s [777z]", {"rules": "tenhou-3p", "draws": 6}, False),  # three players
    pytest.param("19m1234p1345s2z [111p]", {"rules": "tenhou-3p", "draws": 6}, True,
                 marks=[pytest.mark.slow, pytest.mark.full]),  # (three players: above)
    pytest.param("2368m4456p7s1z [789s]", {"draws": 6, "visible": "5m5p6s8s"}, True,
                 marks=[pytest.mark.slow, pytest.mark.full]),  # visible tiles (and below)
    ("2368m456p77s1z [789s]", {"draws": 6, "visible": "5m5p6s8s"}, True),
    # two more large graphs (15-40 s each on a slow machine): pytest --full
    pytest.param("2568m44556p3z [789s]", {"draws": 6, "dora_indicators": "4p",
                                          "seat_wind": "S"}, True,
                 marks=[pytest.mark.slow, pytest.mark.full]),
    pytest.param("3457m24p3455s [666p]", {"draws": 7, "extra": 2}, True,  # a wider search
                 marks=[pytest.mark.slow, pytest.mark.full]),
    *[(h, {"draws": 6}, None) for h in _random_melded(21, 6, 1)],
    # random two-shanten hands: the benchmark-sized run's (pytest --full; the reference
    # builder takes up to minutes on each); every run builds the two-shanten hand above
    *sample([pytest.param(h, {"draws": 6}, None, marks=pytest.mark.slow)
             for h in _random_melded(22, 3, 2)], every_run=0),
]


def _equal_built(fast: Built, slow: Built) -> None:
    for name in FIELDS:
        a, b = getattr(fast, name), getattr(slow, name)
        assert a.shape == b.shape and np.array_equal(a, b), name
    assert slow.win_late is not None and slow.group_late is not None
    if fast.win_late is None:   # a closed hand: every completed draw is a win
        assert not slow.win_late.any() and not slow.group_late.any()
    else:
        assert fast.group_late is not None
        assert np.array_equal(fast.win_late, slow.win_late)
        assert np.array_equal(fast.group_late, slow.group_late)


@needs_compiled
@pytest.mark.parametrize(("hand", "options", "late"), CASES)
def test_the_compiled_build_of_a_melded_hand_is_the_reference_graph(
        hand: str, options: dict[str, Any], late: bool | None) -> None:
    """The same nodes in the same order (breadth first, as discovered), draws, wins, late
    wins and discard options as ``build_by_hand``; the values of every node at every turn
    solved on the two graphs the same floats, riichi too where the hand is closed."""
    m, start, _ = setup_model(hand, options)
    assert m.melds
    starts = _starts(start)
    fast = build(m, starts)
    ref, _, _ = setup_model(hand, options)
    slow = ref.build_by_hand(starts)
    _equal_built(fast, slow)
    # an open hand without a yaku has completed draws that win on the last draw only; a
    # closed one or one with a yakuhai triplet has none (None: not worked out by hand)
    assert slow.win_late is not None
    if late is not None:
        assert bool(slow.win_late.any()) == late
    draws = m.draws
    m.solve(starts, draws)
    ref.solve(starts, draws, vectorized=False)
    for h13 in starts:
        assert m.candidate_values(h13, draws) == ref.candidate_values(h13, draws)
    assert m._tables.dama_all is not None and ref._tables.dama_all is not None
    assert np.array_equal(m._tables.dama_all, ref._tables.dama_all, equal_nan=True)
    assert np.array_equal(m._tables.riichi_all, ref._tables.riichi_all, equal_nan=True)
    if m.closed and m.riichi != "never":
        assert len(m._tables.riichi_rows) > 0   # riichi values were compared too


@needs_compiled
@pytest.mark.parametrize(("hand", "options"), [
    ("2368m456p77s1z [789s]", {"draws": 4}),
    ("268m45p11z [123s] [055p]", {"rules": "mahjongsoul", "draws": 3}),
    ("2345678m2345p (1111z)", {"draws": 3}),
    ("19m12345p1345s [777z]", {"rules": "tenhou-3p", "draws": 2}),
])
def test_the_values_on_the_compiled_graph_are_the_recursions(
        hand: str, options: dict[str, Any]) -> None:
    """Each candidate's (decision, tenpai, win, points) per turn read off the tables solved
    on the compiled graph, against ``Model.candidate`` by the recursion (``Model.value``
    over ``Model.edges``, no graph solved) with each number of draws left."""
    m, start, _ = setup_model(hand, options)
    starts = _starts(start)
    m.solve(starts, m.draws)
    for h13 in starts:
        how, tp, wp, ev = m.candidate_values(h13, m.draws)
        rec, _, _ = setup_model(hand, options)
        by_turn = [rec.candidate(h13, d) for d in range(m.draws, 0, -1)]
        assert how == by_turn[0][0]
        assert [list(v) for _, v in by_turn] == [list(x) for x in zip(tp, wp, ev, strict=True)]


def test_the_melded_shanten_batch_is_the_models_shanten() -> None:
    """The compiled builder's shanten of concealed tiles beside melds (the melds' tiles
    capping the kinds they hold) against ``Model.shanten`` hand by hand: random concealed
    hands of 10, 11, 7 and 8 tiles beside melds whose kinds they hold, so the caps bind."""
    rng = random.Random(5)
    for hand, rules in (("2368m456p77s1z [789s]", "tenhou"),
                        ("2367m45p1s [406m] (1111z)", "tenhou"),
                        ("268m45p11z [123s] [055p]", "mahjongsoul"),
                        ("19m12345p1345s [777z]", "tenhou-3p"),
                        ("3m45p1z [777s] [555z] [444m]", "tenhou")):
        m, start, _ = setup_model(hand, {"rules": rules})
        assert m.unseen is not None
        pool = [k for k in range(34) for _ in range(m.unseen[k] + start[k])]
        rows = []
        first = sum(start[:34]) - (sum(start[:34]) % 3 == 2)
        for size in (first, first + 1):
            for _ in range(300):
                counts = [0] * 34
                for k in rng.sample(pool, size):
                    counts[k] += 1
                rows.append(bytes(counts))
        got = np.frombuffer(_melded_shanten(m)(b"".join(rows)), dtype=np.int8).tolist()
        assert got == [m.shanten(r + bytes(3)) for r in rows]
        assert min(got) <= 1 and max(got) >= 2


def test_the_melded_shanten_batch_caps_the_kinds_the_melds_hold() -> None:
    """123m 456p 89s 1z 5z beside a kan of 7s: two sets, and 89s waits on 7s, all four of
    which are in the kan (Tenhou counts called tiles toward the four copies,
    ``Rules.called_tiles_count``): the 89s is no partial set, 3 sets and a pair are 2 tiles
    away (two singles to pair up and one more set: 2-shanten). Beside a pon of 7s one 7s
    is left: 89s is a partial set, 1-shanten, the concealed tiles' own number."""
    for meld, expected in (("[7777s]", 2), ("[777s]", 1)):
        m, start, _ = setup_model(f"123m456p89s15z {meld}", {})
        assert list(_melded_shanten(m)(bytes(start[:34]))) == [expected]
    assert mjasp.shanten("123m456p89s15z") == 1


@needs_compiled
def test_the_compiled_builder_checks_what_wins_says() -> None:
    m, start, _ = setup_model("2368m456p77s1z [789s]", {})
    assert m.unseen is not None and COMPILED is not None

    def shanten(rows: bytes) -> bytes:
        return bytes(len(rows) // 34)  # every hand "tenpai"

    for bad in (lambda rows: b"", lambda rows: bytes([3] * (len(rows) // 38))):
        with pytest.raises(ValueError, match=r"wins gave a wrong number of values or a value"):
            COMPILED(m.start, bytes(m.unseen), 1, start, lambda rows: bytes(
                [255] * (len(rows) // 34)), None, bad)
    with pytest.raises(ValueError, match="bad arguments"):
        COMPILED(m.start, bytes(m.unseen), 1, start, shanten, None, 3)
    assert len(COMPILED(m.start, bytes(m.unseen), 1, start, shanten, None)) == 13


def test_a_melded_hand_without_the_compiled_builder_is_built_by_hand() -> None:
    m, start, _ = setup_model("2368m456p77s1z [789s]", {"draws": 4})
    ref = Model.build_by_hand(m, [start])
    _equal_built(build(m, [start], compiled=False), ref)
    if COMPILED is not None:
        _equal_built(_build_compiled(COMPILED, m, [start]), ref)
