"""The compiled kernel (``mjasp/solvers/_kernel.c``) against the pure-Python tables.

The pure path (``mjasp.solvers.table``) is itself checked against brute force and the
peers in tests/analysis/test_shanten.py and tests/analysis/test_fast_paths.py (which run
through both paths too); here the compiled functions must equal it call for call: on every vector of
one suit (the rest of the hand empty), on seeded random hands of every size and every
option, and on the inputs the fast path must hand back to the general one.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from mjasp import Hand, HandError, RulesError, shanten, shanten_batch
from mjasp.core.blocks import Form
from mjasp.solvers import kernel, lookup, table

pytestmark = pytest.mark.skipif(not kernel.AVAILABLE, reason="no compiled kernel")

#: (standard, seven_pairs, orphans, three_player, quads)
OPTIONS = [options for options in itertools.product((True, False), repeat=5)
           if options[0] or options[1] or options[2]]


def seeded_hands(n: int, seed: int) -> list[list[int]]:
    """``n`` hands of 1..14 tiles (3n+1 and 3n+2 sizes in turn) from the 136 tiles."""
    rng = np.random.default_rng(seed)
    sizes = [s for s in range(1, 15) if s % 3]
    out = []
    for i in range(n):
        drawn = rng.choice(136, size=sizes[i % len(sizes)], replace=False) // 4
        out.append(np.bincount(drawn, minlength=34).tolist())
    return out


def every_vector(base: int, length: int) -> np.ndarray:
    """Every vector of one suit with 3n+1 or 3n+2 tiles (at most 14), the rest empty."""
    vectors = table.all_vectors(length)
    vectors = vectors[(vectors.sum(axis=1) % 3 != 0) & (vectors.sum(axis=1) <= 14)]
    hands = np.zeros((len(vectors), 34), dtype=np.uint8)
    hands[:, base:base + length] = vectors
    return hands


def compiled_batch(hands: np.ndarray, options: tuple[bool, ...]) -> np.ndarray:
    out = np.empty(len(hands), dtype=np.int8)
    assert kernel.batch_shanten(np.ascontiguousarray(hands), out, *options) == -1
    return out


@pytest.mark.parametrize(("base", "length"), [(0, 9), (18, 9), (27, 7)])
def test_every_vector_of_a_suit_equals_the_numpy_batch(base: int, length: int) -> None:
    hands = every_vector(base, length)
    sizes = hands.sum(axis=1)
    for options in [(True, False, False, False, False), (True, True, True, False, False),
                    (True, True, True, False, True)]:
        expected = table.batch_replacement(hands, (sizes // 3).astype(np.intp), *options[3:4],
                                           standard=options[0], seven_pairs=options[1],
                                           orphans=options[2], quads=options[4],
                                           special_rows=sizes >= 13).astype(np.int8) - 1
        assert np.array_equal(compiled_batch(hands, options), expected)


def test_three_player_manzu_vectors_equal_the_numpy_batch() -> None:
    hands = every_vector(0, 9)
    hands = hands[~hands[:, 1:8].any(axis=1)]
    sizes = hands.sum(axis=1)
    expected = table.batch_replacement(hands, (sizes // 3).astype(np.intp), True,
                                       seven_pairs=True, orphans=True,
                                       special_rows=sizes >= 13).astype(np.int8) - 1
    assert np.array_equal(compiled_batch(hands, (True, True, True, True, False)), expected)


def test_random_hands_every_option_equal_the_pure_lookup() -> None:
    hands = seeded_hands(3000, 13)
    compiled = kernel.compiled()
    for counts in hands:
        size = sum(counts)
        sanma = not any(counts[1:8])
        for options in OPTIONS:
            if options[3] and not sanma:
                continue
            expected = table.replacement(counts, size // 3, *options)
            assert compiled.replacement(counts, size // 3, *options) == expected
            assert compiled.replacement(bytes(counts), size // 3, *options) == expected


def test_draw_replacements_equal_the_pure_loop() -> None:
    compiled = kernel.compiled()
    for counts in seeded_hands(600, 14):
        size = sum(counts)
        if size % 3 != 1:
            continue
        tiles = [t for t in range(34) if counts[t] < 4]
        for options in OPTIONS[::3]:
            assert compiled.draw_replacements(counts, (size + 1) // 3, tiles, *options) == \
                table.draw_replacements(counts, (size + 1) // 3, tiles, *options)


def test_single_call_reads_every_input_like_the_pure_path() -> None:
    hands = seeded_hands(2000, 15)
    read = kernel.shanten_function()
    for counts in hands:
        hand = Hand.from_counts(counts)
        size = sum(counts)
        expected = table.replacement(counts, size // 3, True, size >= 13, size >= 13) - 1
        standard = table.replacement(counts, size // 3) - 1
        for value in (counts, tuple(counts), bytes(counts), bytearray(counts), hand,
                      str(hand)):
            assert read(value, True) == read(value, None) == expected
            assert read(value, False) == read(value, "standard") == standard
            assert read(value, Form.STANDARD) == standard
            assert read(value, "chiitoitsu") is None  # other forms: the general path


@pytest.mark.parametrize("value", [
    [1] * 33, [5] + [0] * 33, [-1, 2] + [0] * 32, [1.0] * 13 + [0] * 21, [2**70] + [0] * 33,
    "1m2", "0z", "8z", "11m x", "", "   ", "00m", "1m\t2m", "１m", "11111m",
    [1] * 15 + [0] * 19, [1] * 12 + [0] * 22, bytes(35), np.zeros(34, dtype=np.int64),
    Hand.parse("123m [456p] 789s1z"), 7,
])
def test_anything_unusual_goes_back_to_the_general_path(value: object) -> None:
    assert kernel.shanten_function()(value, True) is None


def test_red_fives_read_as_fives() -> None:
    read = kernel.shanten_function()
    assert read("05m 123p 406s 11z 55z", True) == read("55m123p456s1155z", True)


@pytest.mark.parametrize("bad", [
    [[5] + [0] * 33], [[1] * 3 + [0] * 31], [[1] * 15 + [0] * 19], [[-1] + [0] * 33],
])
def test_bad_batch_rows_raise_the_pure_paths_error(kernel_path: str, bad: list[list[int]]) -> None:
    rows = [[1] * 13 + [0] * 21, *bad]
    with pytest.raises(HandError) as compiled_error:
        shanten_batch(np.array(rows))
    previous = kernel.use_compiled(False)
    try:
        with pytest.raises(HandError) as pure_error:
            shanten_batch(np.array(rows))
    finally:
        kernel.use_compiled(previous)
    assert str(compiled_error.value) == str(pure_error.value)


def test_batch_options_equal_the_pure_path() -> None:
    rng = np.random.default_rng(16)
    hands = np.array(seeded_hands(4000, 16), dtype=np.uint8)
    closed = hands[hands.sum(axis=1) >= 13]
    sanma = closed[~closed[:, 1:8].any(axis=1)]
    cases = [(hands, None, None), (closed, None, "chiitoitsu"), (closed, None, "kokushi"),
             (closed, "chiitoitsu-quad", None), (sanma, "sanma", None),
             (hands.astype(np.int64), None, "standard"), (hands[rng.permutation(len(hands))],
                                                          None, None)]
    for counts, rules, form in cases:
        compiled = shanten_batch(counts, rules=rules, form=form)
        previous = kernel.use_compiled(False)
        try:
            pure = shanten_batch(counts, rules=rules, form=form)
        finally:
            kernel.use_compiled(previous)
        assert compiled.dtype == pure.dtype and np.array_equal(compiled, pure)


def test_a_special_form_alone_on_a_short_row_is_refused_both_ways() -> None:
    with pytest.raises(HandError, match="needs 13 or 14 tiles"):
        shanten_batch([[1] * 10 + [0] * 24], form="chiitoitsu")
    with pytest.raises(RulesError):
        shanten_batch([[1] * 13 + [0] * 21], form="nonsense")


def test_the_environment_variable_forces_the_pure_path() -> None:
    probe = ("import mjasp, mjasp.solvers.kernel as k; "
             "print(k.AVAILABLE, k.COMPILED, mjasp.shanten('123m456p789s1122z'))")
    env = {**os.environ, "MJASP_PURE_PYTHON": "1"}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         env=env, check=True).stdout.split()
    assert out == ["True", "False", "0"]  # 1122z: tenpai on 1z or 2z
    env.pop("MJASP_PURE_PYTHON")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         env=env, check=True).stdout.split()
    assert out == ["True", "True", "0"]


def test_the_flag_switches_paths() -> None:
    previous = kernel.use_compiled(True)
    try:
        assert shanten("19m19p19s1234567z") == 0  # thirteen orphans, thirteen-sided wait
        kernel.use_compiled(False)
        assert shanten("19m19p19s1234567z") == 0
    finally:
        kernel.use_compiled(previous)


def test_special_form_values_equal_the_tables() -> None:
    seven, orphans = kernel.special_values()
    units = np.arange(256)
    assert seven == table._seven_pairs_value(units).tobytes()
    assert orphans == table._thirteen_orphans_value(units).tobytes()


def test_raw_arrays_equal_numpys_reading() -> None:
    arrays = table.shipped_arrays()
    keys = ("number_ids", "honor_ids", "sanma_man", "pair", "triple", "final")
    for key, (data, shape) in kernel.shipped_raw(keys).items():
        assert data == arrays[key].tobytes() and shape == arrays[key].shape


def test_shanten_loads_no_numpy() -> None:
    probe = ("import sys, mjasp; mjasp.shanten('123m456p789s1122z'); "
             "mjasp.shanten([1] * 13 + [0] * 21); print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False"]


@pytest.mark.parametrize("kind", range(1, 8))
def test_sanma_batches_refuse_each_of_2m_to_8m(kind: int) -> None:
    legal = [1, 0, 0, 0, 0, 0, 0, 0, 1] + [1] * 11 + [0] * 14  # 19m + 11 kinds: 13 tiles
    row = legal.copy()
    row[kind] = 1
    row[9] = 0  # still 13 tiles
    assert shanten_batch(np.array([legal], dtype=np.uint8), rules="sanma").shape == (1,)
    with pytest.raises(HandError, match="tile set lacks"):
        shanten_batch(np.array([legal, row], dtype=np.uint8), rules="sanma")


@pytest.mark.parametrize("value", [5, 127, 128, 200, 255])
def test_batch_refuses_any_count_above_four(value: int) -> None:
    for kind in (0, 8, 9, 26, 27, 33):
        row = [1] * 13 + [0] * 21
        row[kind] = value
        with pytest.raises(HandError, match=r"0\.\.4"):
            shanten_batch(np.array([row], dtype=np.uint8))


def test_suit_entries_equal_the_pure_decode_on_every_vector_of_the_file() -> None:
    # every vector with a reading, in each suit, and vectors without one (a count of 3
    # or 4 spread out, 15 tiles): the same readings, the same Block objects, the same pair flag
    from mjasp.solvers import suit_data

    entry = kernel.suit_entry_function()
    for suit, (base, honors) in enumerate(((0, False), (9, False), (18, False), (27, True))):
        length = 7 if honors else 9
        space = suit_data._space(honors)
        vectors = [tuple(key) for key in space.position]
        vectors += [(4,) * 3 + (3,) + (0,) * (length - 4), (1, 0, 1) + (0,) * (length - 3),
                    (0,) * length]
        for counts in vectors:
            readings, holds_pair, flags = entry(counts, suit)
            assert flags == lookup.special_flags(counts, honors), (suit, counts)
            expected = suit_data.shipped_readings(counts, honors, base)
            assert readings == expected, (suit, counts)
            assert all(a is b for r, e in zip(readings, expected, strict=True)
                       for a, b in zip(r, e, strict=True))
            assert holds_pair == (sum(counts) % 3 == 2)


def test_suit_entry_refuses_what_is_not_a_suit() -> None:
    entry = kernel.suit_entry_function()
    cases: list[tuple[Any, int]] = [((0,) * 9, 4), ((0,) * 9, 3), ((0,) * 7, 0), ([0] * 9, 0)]
    for counts, suit in cases:
        with pytest.raises(ValueError):
            entry(counts, suit)
    # no reading holds a fifth copy; 5 = 2 (mod 3); a 5 fits no special form
    assert entry((5,) + (0,) * 8, 0) == ((), True, 0)


@pytest.mark.parametrize("text", [
    "123m456p789s11122z", "123m 456p 789s 11122z", "0m", "105m 7z", "055m", "00m", "123",
    "1m2", "0z", "8z", "11m x", "", "   ", "１m", "11111m", "123m [456p]", "1m\t2m",
    "19m19p19s1234567z7z", "1234567890m1234p",
])
def test_plain_reads_text_like_the_pure_parser(text: str) -> None:
    # the pure parser (notation.plain_counts) counts red fives and refuses the rest; the
    # compiled one also refuses a second red five of a suit and counts above 4, which
    # Hand then explains
    from mjasp.core.notation import plain_counts

    read = kernel.plain_function()
    pure = plain_counts(text)
    legal = pure is not None and max(pure[1]) <= 1 and max(pure[0]) <= 4
    for tiles in range(15):
        expected = tuple(pure[0]) if legal and pure and sum(pure[0]) == tiles else None
        assert read(text, tiles) == expected, (text, tiles)


def test_common_readings_equal_the_pure_path_and_behave_as_readings() -> None:
    # lookup.counts_readings' common case and decompose's text path build their Decomposition in C:
    # the same lists as the pure path (kernel off), with and without melds, each reading
    # equal, hashed, ordered and frozen like one built by its constructor
    from mjasp import decompose, random_winning_hands
    from mjasp.core.blocks import Decomposition

    hands = random_winning_hands(300, seed=31) + random_winning_hands(200, seed=32, melds=True)
    compiled = [lookup.counts_readings(h.counts, h.melds) for h in hands]
    compiled += [lookup.counts_readings(h.counts, h.melds) for h in hands]  # now every suit cached
    texts = [decompose(str(h)) for h in hands if not h.melds]
    previous = kernel.use_compiled(False)
    try:
        pure = [lookup.counts_readings(h.counts, h.melds) for h in hands]
        pure_texts = [decompose(str(h)) for h in hands if not h.melds]
    finally:
        kernel.use_compiled(previous)
    assert compiled == pure + pure and texts == pure_texts
    for found in compiled:
        for reading in found:
            rebuilt = Decomposition(reading.blocks, reading.form, reading.melds)
            assert reading == rebuilt and hash(reading) == hash(rebuilt)
            assert repr(reading) == repr(rebuilt) and not reading < rebuilt
            with pytest.raises(AttributeError):
                reading.form = Form.CHIITOITSU  # type: ignore[misc]
