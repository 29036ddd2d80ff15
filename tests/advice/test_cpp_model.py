"""The mahjong-cpp compatibility mode against that program's own output.

``mahjong_cpp_reference.jsonl`` holds nekobean/mahjong-cpp's results (another engine, run
unmodified) for 71 hands: every line is one ``advise(..., model="mahjong-cpp")`` call, and
every field must agree — shanten, the discards it lists, their necessary tiles with counts,
the per-turn tenpai probability, win probability and expected score to 1e-9, and
``searched``, the number of states in its graph.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from mjasp.advice import AdviseError, advise
from mjasp.advice.cpp_model import T_MAX, compute, default_wall
from tests.conftest import find_shared, shared_data

REFERENCE = "ev/mahjong_cpp_reference.jsonl"
WINDS = {"1z": "E", "2z": "S", "3z": "W", "4z": "N"}


def _lines() -> list[dict[str, Any]]:
    # read at collection (the lines parametrize the tests); test_all_lines_are_read
    # fails under CI when the file is absent
    path = find_shared(REFERENCE)
    if path is None:
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line]


LINES = _lines()
# three-shanten graphs hold 10^5 states and more: pure Python takes a while on them
BIG = {x["id"] for x in LINES if x["shanten"] >= 3}


def _call(line: dict[str, Any]) -> Any:
    cfg = line["config"]
    return advise(line["hand"], dora_indicators=line["dora_indicators"],
                  seat_wind=WINDS[line["seat_wind"]], round_wind=WINDS[line["round_wind"]],
                  model="mahjong-cpp", extra=cfg["extra"], wall_sum=cfg["sum"],
                  draws=cfg["t_max"] - cfg["t_min"])


def _check(line: dict[str, Any]) -> None:
    # its wall is the default one: 4 of a kind and a red five per suit, less the hand and
    # the indicators
    from mjasp.advice.tiles37 import parse37
    assert default_wall(parse37(line["hand"]), line["dora_indicators"]) == line["wall"]
    a = _call(line)
    assert a.shanten == line["shanten"]
    assert a.nodes == line["searched"]
    got = {c.discard: c for c in a.candidates}
    assert sorted(got, key=str) == sorted((x["tile"] for x in line["discards"]), key=str)
    for ref in line["discards"]:
        c = got[ref["tile"]]
        assert c.shanten == ref["shanten_after"], ref["tile"]
        assert [list(u) for u in c.ukeire] == ref["necessary_tiles"], ref["tile"]
        assert c.ukeire_count == ref["ukeire_count"]
        for mine, theirs in ((c.tenpai_prob, ref["tenpai_prob"]),
                             (c.win_prob, ref["win_prob"]),
                             (c.expected_points, ref["exp_score"])):
            assert len(mine) == len(theirs)
            assert max(abs(x - y) for x, y in zip(mine, theirs, strict=True)) < 1e-9, \
                ref["tile"]


@pytest.mark.parametrize("line", [x for x in LINES if x["id"] not in BIG],
                         ids=lambda x: x["id"])
def test_every_field_of_its_output(line: dict[str, Any]) -> None:
    _check(line)


@pytest.mark.slow
@pytest.mark.parametrize("line", [x for x in LINES if x["id"] in BIG], ids=lambda x: x["id"])
def test_every_field_of_its_output_three_shanten(line: dict[str, Any]) -> None:
    _check(line)


def test_the_reference_is_there() -> None:
    shared_data(REFERENCE)  # absent: a visible skip, or a failure under CI
    assert len(LINES) == 71


def test_its_tenpai_probability_can_exceed_one() -> None:
    # rand_s0_18, discard 7m: the discarded tiles go back to a wall whose divisor shrinks,
    # so a tenpai draw state of 111 weights over 104 is "probability" 111/104 at every turn
    # (its output says the same); mjasp's own model keeps it at most 1
    r = compute("44788m2224488s11z", dora_indicators=("1p",))
    (st,) = [s for s in r.stats if s.tile == "7m"]
    assert st.tenpai_prob[0] == pytest.approx(111 / 104, abs=1e-12)
    own = advise("44788m2224488s11z", dora_indicators=("1p",), draws=2)
    assert all(p <= 1.0 for c in own.candidates for p in c.tenpai_prob)


def test_a_13_tile_hand_is_one_draw_state() -> None:
    # a tenpai 13-tile hand: its tenpai probability is 1 at every turn; one draw left
    # (t = 17) wins with the waits' weight over sum - 17 (1p 4p: 8 copies less the hand's
    # 1p 4p, less nothing else; 123456789m1234p holds one of each)
    r = compute("123456789m1234p", dora_indicators=("1z",))
    (st,) = r.stats
    assert st.tile is None and st.shanten == 0
    assert all(p == 1.0 for p in st.tenpai_prob)
    assert st.win_prob[16] == pytest.approx(6 / (121 - 17), abs=1e-15)


def test_bad_input_in_the_compatibility_mode() -> None:
    with pytest.raises(AdviseError, match="wall_sum must be"):
        advise("123456789m1234p", model="mahjong-cpp", wall_sum=17)
    with pytest.raises(AdviseError, match="at most 18 draws"):
        advise("123456789m1234p", model="mahjong-cpp", draws=19)
    with pytest.raises(AdviseError, match="four-player"):
        advise("123456789p1234s5z", model="mahjong-cpp", rules="tenhou-3p")


def test_deep_graphs_do_not_hit_the_recursion_limit() -> None:
    limit = sys.getrecursionlimit()
    compute("12577m222468p445s", extra=0)
    assert sys.getrecursionlimit() == limit


def test_the_pure_python_path_gives_the_same_numbers() -> None:
    # the search calls the compiled shanten and replacement functions directly where they
    # are built, the table engine's Python functions otherwise: both must give one graph
    # and one float for float equal answer (compared with the reference line's searched)
    from mjasp.solvers import kernel
    if not kernel.AVAILABLE:
        pytest.skip("mjasp was installed without its compiled kernel")
    previous = kernel.use_compiled(True)
    try:
        fast = compute("5m1233p12334578s4z", dora_indicators=("3m",))
        kernel.use_compiled(False)
        pure = compute("5m1233p12334578s4z", dora_indicators=("3m",))
    finally:
        kernel.use_compiled(previous)
    assert fast.searched == pure.searched == 2129
    assert pure == fast


def test_a_wall_that_does_not_fit_the_hand_is_an_error() -> None:
    # the search builds its hands unchecked, so a wall that, with the hand, holds a fifth
    # 1m (the hand has one, the wall four) or a red five without its five is refused first
    from mjasp.core.errors import HandError
    wall = [4] * 34 + [1, 1, 1]
    with pytest.raises(HandError, match="5 copies of 1m"):
        compute("123456789m1234p", wall=wall)
    from mjasp.advice.tiles37 import parse37
    wall = default_wall(parse37("123456789m1234p"), ("1z",))
    wall[13] = 0  # no 5p left in the wall, yet its red 5p
    with pytest.raises(HandError, match="red 5p of 0 copies"):
        compute("123456789m1234p", wall=wall)


def _graph_of(hand: str, extra: int, indicators: tuple[str, ...], compiled: bool) -> Any:
    from mjasp.advice.cpp_model import build_graph, separated
    from mjasp.advice.tiles37 import parse37
    from mjasp.analysis.shanten import shanten
    h37 = parse37(hand)
    sep = separated(h37)
    wall = separated(bytes(max(0, x) for x in default_wall(h37, indicators)))
    fourteen = sum(h37[:34]) == 14
    # every discard of the hand with either flag, and a hand that is not in the graph
    wanted = [([x - (j == i) for j, x in enumerate(sep)], call) for i in range(37)
              if sep[i] > 0 for call in (False, True)] if fourteen else [(sep, False)]
    wanted.append(([0] * 36 + [1], False))
    return build_graph(sep, wall, shanten(h37[:34]) + extra, fourteen, wanted,
                       compiled=compiled)


@pytest.mark.parametrize(("hand", "extra", "indicators"), [
    ("222567m345p33667s", 1, ("1z",)),         # tenpai after a discard: riichi states
    ("123456789m1234p", 1, ()),                # 13 tiles, tenpai
    ("123406789m1234p5z", 2, ("4m",)),         # a red five, two changes
    ("1240m3406p11289s2z", 1, ("9s",)),        # two red fives, two-shanten
    ("1199m2288p3377s11z", 1, ()),             # complete (seven pairs)
    ("19m19p19s1234567z1m", 0, ()),            # complete (thirteen orphans), no changes
    ("1240m3406p11289s2z", 0, ()),             # no change allowed: the waits only
    ("222567m345p33667s", 2, ("1z",)),         # tiles drawn beyond the hand and let go
    ("1111m234p567s7899s", 1, ()),             # four of a kind: none of it to draw
    ("5550m123p456s7899s", 1, ("4m",)),        # four 5m with the red one
])
def test_the_compiled_graph_equals_the_numpy_one(hand: str, extra: int,
                                                 indicators: tuple[str, ...]) -> None:
    """The compiled builder (``_dp.cpp_build``) against the numpy one, which the reference
    lines check: the same states with the same numbers, flags, shanten, edges in the same
    order, and the same answers to the draw states asked for."""
    from mjasp.advice import graph
    if getattr(graph._dp, "cpp_build", None) is None:
        pytest.skip("the optional compiled builder is not built (or MJASP_PURE_PYTHON is set)")
    fast = _graph_of(hand, extra, indicators, True)
    slow = _graph_of(hand, extra, indicators, False)
    assert fast.wanted[-1] == -1
    if extra == 0 and hand.startswith("19m"):
        # complete, and no change allowed: nothing to discard, nothing explored
        assert (fast.draws, fast.discards, len(fast.src)) == (0, 1, 0)
    else:
        assert fast.draws > 0 and fast.discards > 0 and max(fast.wanted) >= 0
    for name in fast._fields:
        a, b = getattr(fast, name), getattr(slow, name)
        if isinstance(a, (int, list)):
            assert a == b, name
        else:
            assert a.dtype == b.dtype and a.shape == b.shape, name
            assert (a == b).all(), name


def test_the_compiled_graph_builder_refuses_bad_arguments() -> None:
    from mjasp.advice import graph
    cpp_build = getattr(graph._dp, "cpp_build", None)
    if cpp_build is None:
        pytest.skip("the optional compiled builder is not built (or MJASP_PURE_PYTHON is set)")
    hand = bytes([1] * 13 + [0] * 24)

    def shanten(rows: bytes) -> bytes:
        return bytes(len(rows) // 34)

    for org, total in ((hand, bytes([8] * 37)), (hand, bytes(37)), (hand[:36], hand)):
        with pytest.raises(ValueError, match="bad arguments"):
            cpp_build(org, total, 2, False, shanten, b"")
    with pytest.raises(ValueError, match="wrong number of values"):
        cpp_build(hand, bytes([4] * 34 + [1] * 3), 2, False, lambda rows: b"", b"")
    with pytest.raises(ZeroDivisionError):
        cpp_build(hand, bytes([4] * 34 + [1] * 3), 2, False, lambda rows: 1 // 0, b"")


@pytest.mark.parametrize("hand", ["222567m345p33667s", "123406789m1234p5z", "1240m3406p11289s2z"])
def test_the_compiled_turn_loop_equals_the_numpy_one_exactly(
        hand: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``_dp.cpp_run`` does the numpy loop's operations in the same order: the same floats
    (==), on every turn of every draw state answered."""
    from mjasp.advice import cpp_model, graph
    if getattr(graph._dp, "cpp_run", None) is None:
        pytest.skip("the optional compiled loop is not built (or MJASP_PURE_PYTHON is set)")
    seen: list[Any] = []
    values = cpp_model._values

    def both(graph_: Any, rows: Any, t_min: int, t_max: int, total: int) -> Any:
        fast = values(graph_, rows, t_min, t_max, total)
        slow = values(graph_, rows, t_min, t_max, total, compiled=False)
        seen.append((fast, slow))
        return fast

    monkeypatch.setattr(cpp_model, "_values", both)
    compute(hand, dora_indicators=("1z",))
    (fast, slow), = seen
    assert len(fast) == len(slow) > 0
    for a, b in zip(fast, slow, strict=True):
        assert [len(x) for x in a] == [T_MAX] * 3 and a == b
    assert max(max(ev) for _, _, ev in fast) > 0  # some points


def test_the_compiled_turn_loop_refuses_inconsistent_arrays() -> None:
    import numpy as np

    from mjasp.advice import graph
    cpp_run = getattr(graph._dp, "cpp_run", None)
    if cpp_run is None:
        pytest.skip("the optional compiled loop is not built (or MJASP_PURE_PYTHON is set)")
    ints = np.zeros(1, dtype=np.int32)
    ones = np.ones(1, dtype=np.int16)

    def call(src: Any = ints, scoring: Any = (0,), tenpai: Any = b"\1", n1: int = 1,
             weight: Any = ones) -> Any:
        return cpp_run(n1, 1, src, ints, weight, scoring, [1.0] * len(scoring), tenpai, [0],
                       1, 2, 121)

    # consistent: one draw state, one discard state, one winning edge of 1 point: at turn
    # 2 the draw state is tenpai (1) and worth nothing yet; at turn 1 it adds
    # 1 * (1 - 0) / (121 - 1) to the win chance and the points
    assert call() == [((1.0, 1.0), (1 / 120, 0.0), (1 / 120, 0.0))]
    for bad in (dict(src=np.array([1], dtype=np.int32)), dict(scoring=(0, 0)),
                dict(scoring=(1,)), dict(tenpai=b"\1\0"), dict(n1=0)):
        with pytest.raises(ValueError, match="inconsistent"):
            call(**bad)
    for wrong, said in ((dict(src=np.zeros(1, dtype=np.int64)), "src must be a 1-d int32"),
                        (dict(weight=np.ones(1)), "weight must be a 1-d int16")):
        with pytest.raises(TypeError, match=said):
            call(**wrong)
