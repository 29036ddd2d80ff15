"""The compiled graph builders take the kernel's shanten through a capsule (``_kernel.c``
``shanten_capsule``, read by ``_dp.c``): the shanten of a hand and of each hand one tile
away, computed in C. Its numbers against the kernel's batch call on each row from scratch
(every combination of forms, three players and the quad rule; rows of 1 to 14 tiles,
plain, pair-heavy and terminal-heavy), and the builders' graphs with the capsule against
the graphs with the batch call through Python (the path without the compiled kernel)."""

from __future__ import annotations

import ctypes
import itertools
from typing import Any

import numpy as np
import pytest

import mjasp
from mjasp.advice import build as build_module
from mjasp.advice import cpp_model, graph
from mjasp.advice.api import setup_model
from mjasp.advice.tiles37 import distinct_tiles, parse37, sub37
from mjasp.analysis.shanten import shanten_batch
from mjasp.solvers import kernel

NAME = b"mjasp.solvers._kernel.neighbours_v1"
REFUSED = -2
needs_kernel = pytest.mark.skipif(not kernel.COMPILED, reason="the compiled kernel is not used")
needs_builder = pytest.mark.skipif(graph._dp is None or not kernel.COMPILED,
                                   reason="the compiled builder or kernel is not used")

# int neighbours(const ShantenApi *self, const uint8_t *counts, int sign, uint64_t kinds,
#                int8_t *out): the first field of the struct the capsule points to
NEIGHBOURS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint8),
                              ctypes.c_int, ctypes.c_uint64, ctypes.POINTER(ctypes.c_int8))


def _pointer(capsule: Any) -> int:
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype = ctypes.c_void_p
    get.argtypes = [ctypes.py_object, ctypes.c_char_p]
    address: int = get(capsule, NAME)
    return address


class Neighbours:
    """The capsule's function, called from Python (ctypes)."""

    def __init__(self, forms: tuple[bool, ...]) -> None:
        self.capsule = kernel.compiled().shanten_capsule(*forms)  # (held while in use)
        self.api = _pointer(self.capsule)
        self.call = NEIGHBOURS(ctypes.cast(self.api, ctypes.POINTER(ctypes.c_void_p))[0])

    def __call__(self, counts: list[int], sign: int, kinds: int) -> tuple[int, list[int]]:
        out = (ctypes.c_int8 * 34)(*([99] * 34))
        own = self.call(self.api, (ctypes.c_uint8 * 34)(*counts), sign, kinds, out)
        return own, list(out)


def _batch(rows: Any, forms: tuple[bool, ...]) -> tuple[Any, int]:
    """The kernel's batch call: each row's shanten from its counts, and the first row it
    refuses (-1: none)."""
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    out = np.empty(len(rows), dtype=np.int8)
    return out, kernel.batch_shanten(rows, out, *forms)


def _hands(rng: np.random.Generator, three_player: bool, size: int) -> list[list[int]]:
    """Rows of ``size`` tiles drawn from the tile set: plain, from two copies of each kind
    (many pairs: seven pairs decides), and half from the terminals and honors (thirteen
    orphans decides)."""
    copies = np.full(34, 4)
    if three_player:
        copies[1:8] = 0
    plain = np.repeat(np.arange(34), copies)
    pairs = np.repeat(np.arange(34), np.minimum(copies, 2))
    ends = np.concatenate([np.repeat([0, 8, 9, 17, 18, 26, *range(27, 34)], 2), plain[:24]])
    return [np.bincount(rng.choice(pool, size, replace=False), minlength=34).tolist()
            for pool in (plain, pairs, ends) for _ in range(12)]


@needs_kernel
@pytest.mark.parametrize("forms", list(itertools.product((False, True), repeat=5)))
def test_neighbours_equal_the_batch_call_on_each_row(forms: tuple[bool, ...]) -> None:
    neighbours = Neighbours(forms)
    rng = np.random.default_rng(sum(b << i for i, b in enumerate(forms)))
    checked = 0
    for size in range(1, 15):
        for counts in _hands(rng, forms[3], size):
            (own_expected,), bad = _batch([counts], forms)
            for sign in (1, -1):
                moved = np.repeat([counts], 34, axis=0)
                moved[np.arange(34), np.arange(34)] += sign
                expected = {}
                for k in range(34):
                    if moved[k].min() >= 0 and moved[k].max() <= 4:
                        (value,), refused = _batch(moved[k:k + 1], forms)
                        if refused < 0:
                            expected[k] = int(value)
                asked = sum(1 << k for k in expected) if bad < 0 else 0
                own, out = neighbours(counts, sign, asked)
                if bad >= 0:  # the row itself refused
                    assert own == REFUSED
                    continue
                assert own == own_expected
                assert out == [expected.get(k, 99) for k in range(34)]  # the others unwritten
                checked += len(expected)
                for k in set(range(34)) - set(expected):  # a row moved that batch refuses
                    assert neighbours(counts, sign, 1 << k)[0] == REFUSED
    assert checked > 1000


@needs_kernel
def test_the_capsule_refuses_what_it_cannot_read() -> None:
    neighbours = Neighbours((True, True, True, False, False))
    hand = list(mjasp.Hand.parse("123456789m1234p").counts)
    assert neighbours(hand, 1, 0)[0] == 0
    assert neighbours(hand, 0, 0)[0] == REFUSED      # a sign other than +1 or -1
    assert neighbours(hand, -1, 1)[0] == REFUSED     # 12 tiles: no shanten
    five = hand.copy()
    five[0] = 5
    assert neighbours(five, 1, 0)[0] == REFUSED      # a count above four
    with pytest.raises(TypeError, match="shanten_capsule"):
        kernel.compiled().shanten_capsule(True, True, True, False)


@needs_builder
def test_the_builder_refuses_another_capsule_and_a_hand_the_kernel_refuses() -> None:
    assert graph._dp is not None
    m, start, _ = setup_model("123456789m1234p5z", {})
    hand = sub37(start, distinct_tiles(start)[-1])
    unseen = bytes(m.unseen or b"")
    capsule = build_module.kernel_shanten(m.rules)
    other = ctypes.pythonapi.PyCapsule_New
    other.restype = ctypes.py_object
    other.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    with pytest.raises(ValueError, match="incorrect name"):
        graph._dp.build(m.start, unseen, 1, hand, other(_pointer(capsule), b"other", None), None)
    five = bytearray(hand)
    five[0] = 5  # counts below 8 pass the builder's checks; the kernel refuses a fifth copy
    with pytest.raises(ValueError, match="the kernel refused a hand"):
        graph._dp.build(m.start, unseen, 1, bytes(five), capsule, None)
    with pytest.raises(ValueError, match="the kernel refused a hand"):
        graph._dp.cpp_build(bytes(five[:37]), bytes(five[:37]), 1, False, capsule, b"")


def _through_python(rules: Any) -> Any:
    """The builders' shanten without the kernel's capsule: the batch call through Python,
    as ``kernel_shanten`` gives it where the kernel is not compiled."""
    def shanten(rows: bytes) -> bytes:
        counts = np.frombuffer(rows, dtype=np.uint8).reshape(-1, 34)
        return shanten_batch(counts, rules).astype(np.int8).tobytes()
    return shanten


@needs_builder
@pytest.mark.parametrize(("hand", "options"), [
    ("33467m1577p112s44z", {}),                        # seven pairs decides
    ("12355m67p14579s24z", {}),
    ("19m19p19s1234567z", {"draws": 6}),                # thirteen orphans
    ("123406789m1234p5z", {"visible": "55m"}),          # a red five
    ("11m2299p55s34z [777z]", {}),                      # beside a meld: the batch call
    ("1199m1155p2299s11z", {"rules": "mahjongsoul"}),
    ("1199m23p45s123z55z", {"rules": "sanma"}),         # three players
    ("23456789m1235p7z", {"extra": 2, "draws": 4}),
])
def test_the_builder_gives_the_same_graph_with_the_capsule(hand: str, options: dict[str, Any],
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    m, start, _ = setup_model(hand, options)
    starts = [sub37(start, t) for t in distinct_tiles(start)] if sum(start[:34]) % 3 == 2 \
        else [start]
    with_capsule = build_module.build(m, starts)
    monkeypatch.setattr(build_module, "kernel_shanten", _through_python)
    through_python = build_module.build(m, starts)
    for field in ("hands", "used", "shanten", "total", "stay", "win_node", "win_tile",
                  "win_n", "group_node", "group_slot", "group_n", "offsets", "options"):
        assert np.array_equal(getattr(with_capsule, field), getattr(through_python, field))


@needs_builder
@pytest.mark.parametrize("hand", ["33467m1577p112s44z", "246779m4p55s35577z",
                                  "123406789m1234p5z", "19m19p19s1234567z", "2368m456p77s1z"])
def test_the_compatibility_builder_gives_the_same_graph_with_the_capsule(
        hand: str, monkeypatch: pytest.MonkeyPatch) -> None:
    held = cpp_model.separated(parse37(hand))
    wall = cpp_model.default_wall(parse37(hand), ())
    fourteen = sum(held) == 14
    with_capsule = cpp_model.build_graph(held, wall, 1, fourteen, [(held, False)])
    monkeypatch.setattr(build_module, "kernel_shanten", _through_python)
    through_python = cpp_model.build_graph(held, wall, 1, fourteen, [(held, False)])
    for field in ("draws", "discards", "wanted"):
        assert getattr(with_capsule, field) == getattr(through_python, field)
    for field in ("draw_hands", "draw_flags", "tenpai", "disc_hands", "disc_flags",
                  "disc_shanten", "src", "dst", "tile", "weight"):
        assert np.array_equal(getattr(with_capsule, field), getattr(through_python, field))


def test_without_the_compiled_kernel_the_builders_ask_through_python(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kernel, "COMPILED", False)
    shanten = build_module.kernel_shanten(mjasp.RULES["tenhou"])
    assert callable(shanten)
    rows = np.array([mjasp.Hand.parse("123456789m1234p").counts] * 2, dtype=np.uint8)
    assert shanten(rows.tobytes()) == bytes([0, 0])
