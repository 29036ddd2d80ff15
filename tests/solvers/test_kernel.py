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
from mjasp.solvers import kernel, lookup, suit_data, table

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


def test_raw_suit_readings_equal_numpys_reading() -> None:
    # what the compiled readings are handed (kernel.suit_entry_function), read without numpy
    arrays = suit_data.arrays()
    raw = kernel.shipped_raw(arrays, suit_data.DATA_FILE)
    for key, (data, shape) in raw.items():
        width = "=u1" if key.endswith("codes") else "=u4"
        assert data == arrays[key].astype(width).tobytes() and shape == arrays[key].shape


def test_shanten_loads_no_numpy() -> None:
    if not kernel.AVAILABLE:
        pytest.skip("mjasp was installed without its compiled kernel")
    probe = ("import sys, mjasp; mjasp.shanten('123m456p789s1122z'); "
             "mjasp.shanten([1] * 13 + [0] * 21); print('numpy' in sys.modules)")
    # the compiled path's property, whichever path this test run uses
    env = {k: v for k, v in os.environ.items() if k != "MJASP_PURE_PYTHON"}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         env=env, check=True).stdout.split()
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


# -- bad input straight into the compiled entry points ----------------------------------------
# Every entry point range-checks what it indexes with: a bad argument is a Python error
# (or None, "not for this path"), never a read outside a table. These call the C functions
# directly, past the Python wrappers that normally guard them.

def fresh_module() -> Any:
    """A second instance of the compiled module, with its own (empty) state: multi-phase
    initialisation makes one per module object."""
    import importlib.util

    spec = importlib.util.find_spec("mjasp.solvers._kernel")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_second_module_instance_has_its_own_state() -> None:
    kernel.compiled()  # the shared instance is ready
    module = fresh_module()
    assert module is not kernel.compiled() and not module.ready()
    calls: list[Any] = [lambda: module.shanten([0] * 34, None),
             lambda: module.replacement([0] * 34, 0, True, True, True, False, False),
             lambda: module.batch(bytes(34), bytearray(1), True, True, True, False, False),
             lambda: module.suit_entry((0,) * 9, 0),
             lambda: module.common((0,) * 34, ({}, {}, {}, {}), (), True, 1),
             lambda: module.text_readings("11m", ({}, {}, {}, {}), (), True, 1)]
    for call in calls:
        with pytest.raises(RuntimeError, match=r"init\(\) not called"):
            call()
    assert kernel.compiled().ready()  # the shared one is untouched


def init_arguments() -> list[Any]:
    raw = kernel.shipped_raw(("number_ids", "honor_ids", "sanma_man", "pair", "triple", "final"))
    seven, orphans = kernel.special_values()
    (pair_rows, numbers), (triple_rows, _), (_, honors, _) = (
        raw["pair"][1], raw["triple"][1], raw["final"][1])
    return [raw["number_ids"][0], raw["honor_ids"][0], raw["sanma_man"][0], raw["pair"][0],
            raw["triple"][0], raw["final"][0], seven, orphans, numbers, honors, pair_rows,
            triple_rows, Hand]


def with_uint16(data: bytes, at: int, value: int) -> bytes:
    return data[:2 * at] + value.to_bytes(2, "little") + data[2 * at + 2:]


@pytest.mark.parametrize(("change", "words"), [
    # an id one past its table: number ids index the pair table's columns (and rows)
    (lambda a: a.__setitem__(0, with_uint16(a[0], 7, a[8])), "number_ids"),
    (lambda a: a.__setitem__(1, with_uint16(a[1], 0, a[9])), "honor_ids"),
    (lambda a: a.__setitem__(2, with_uint16(a[2], 3, a[10])), "sanma_man"),
    (lambda a: a.__setitem__(3, with_uint16(a[3], 5, a[11])), "pair"),
    (lambda a: a.__setitem__(4, with_uint16(a[4], 5, a[11])), "triple"),
    # sizes that do not match the buffers, or out of range
    (lambda a: a.__setitem__(0, a[0][:-2]), "number_ids"),
    (lambda a: a.__setitem__(5, a[5] + b"\0"), "final"),
    (lambda a: a.__setitem__(6, a[6][:255]), "seven_pairs"),
    (lambda a: a.__setitem__(8, -1), "sizes"),
    (lambda a: a.__setitem__(11, 2**20), "sizes"),
    (lambda a: a.__setitem__(8, a[10] + 1), "sizes"),  # more number ids than pair rows
])
def test_init_refuses_tables_that_would_be_read_out_of_range(change: Any, words: str) -> None:
    arguments = init_arguments()
    fresh_module().init(*arguments)  # the shipped tables pass
    change(arguments)
    module = fresh_module()
    with pytest.raises(ValueError, match=words):
        module.init(*arguments)
    assert not module.ready()


def test_init_needs_a_type_for_the_hand() -> None:
    arguments = init_arguments()
    arguments[-1] = "Hand"
    with pytest.raises(TypeError):
        fresh_module().init(*arguments)


def readings_init_arguments() -> list[Any]:
    from mjasp.solvers import suit_data

    a = suit_data.arrays()
    names = [f"{space}_{part}" for space, _ in suit_data.SPACES
             for part in ("index", "offsets", "blocks", "codes")]
    data: list[Any] = [a[name].astype("=u1" if name.endswith("codes") else "=u4").tobytes()
                       for name in names]
    blocks = []
    for base, honors in ((0, False), (9, False), (18, False), (27, True)):
        decoded = suit_data.block_codes(honors, base)
        blocks.append([decoded.get(code) for code in range(256)])
    return [*data, tuple(blocks)]


def with_uint32(data: bytes, at: int, value: int) -> bytes:
    return data[:4 * at] + value.to_bytes(4, "little") + data[4 * at + 4:]


@pytest.mark.parametrize("change", [
    lambda a: a.__setitem__(1, with_uint32(a[1], 3, 2**31)),   # an offset past the readings
    lambda a: a.__setitem__(1, with_uint32(a[1], 3, 0)),       # offsets falling
    lambda a: a.__setitem__(2, with_uint32(a[2], 9, 2**31)),   # a start past the codes
    lambda a: a.__setitem__(6, a[6][:-4]),                     # one start short
    lambda a: a.__setitem__(7, a[7][:-1]),                     # one code short
    lambda a: a.__setitem__(1, a[1][:-3]),                     # not whole uint32 values
    lambda a: a.__setitem__(8, (a[8][0][:255], *a[8][1:])),    # a suit without 256 blocks
    lambda a: a.__setitem__(8, a[8][:3]),                      # three suits
])
def test_readings_init_refuses_inconsistent_arrays(change: Any) -> None:
    arguments = readings_init_arguments()
    fresh_module().readings_init(*arguments)  # the shipped arrays pass
    change(arguments)
    module = fresh_module()
    with pytest.raises(ValueError):
        module.readings_init(*arguments)
    with pytest.raises(RuntimeError, match=r"readings_init\(\) not called"):
        module.suit_entry((0,) * 9, 0)


def test_readings_init_keeps_its_own_copy_of_the_blocks() -> None:
    # the lists handed over may change afterwards: the module reads its own tuples
    arguments = readings_init_arguments()
    module = fresh_module()
    module.readings_init(*arguments)
    expected = module.suit_entry((1, 1, 1, 0, 0, 0, 0, 0, 0), 0)
    for blocks in arguments[-1]:
        blocks.clear()
    assert module.suit_entry((1, 1, 1, 0, 0, 0, 0, 0, 0), 0) == expected
    assert [str(b) for b in expected[0][0]] == ["123m"]


def test_reading_init_refuses_a_type_it_cannot_build() -> None:
    from mjasp.core.blocks import Block, BlockKind

    pairs = tuple(Block(BlockKind.PAIR, k) for k in range(34))
    singles = tuple(Block(BlockKind.SINGLE, k) for k in range(34))
    module = fresh_module()
    with pytest.raises((TypeError, AttributeError)):
        module.reading_init(int, Form.STANDARD, Form.CHIITOITSU, Form.KOKUSHI, pairs, singles)
    with pytest.raises(ValueError):
        module.reading_init(Hand, Form.STANDARD, Form.CHIITOITSU, Form.KOKUSHI, pairs[:3],
                            singles)


@pytest.mark.parametrize("counts", [
    (5,) + (0,) * 8, (-1,) + (0,) * 8, (2**70,) + (0,) * 8, (-(2**70),) + (0,) * 8,
    (4,) * 9,
])
def test_suit_entry_of_counts_outside_0_to_4_has_no_reading(counts: tuple[int, ...]) -> None:
    readings, _, _ = kernel.suit_entry_function()(counts, 0)
    assert readings == ()


@pytest.mark.parametrize(("counts", "suit", "error"), [
    ((1.0,) + (0,) * 8, 0, TypeError), (("1",) + (0,) * 8, 0, TypeError),
    ((0,) * 9, 2**70, OverflowError), ((0,) * 9, -1, ValueError), ((0,) * 9, "0", TypeError),
])
def test_suit_entry_refuses_what_is_not_a_count(counts: Any, suit: Any, error: type) -> None:
    with pytest.raises(error):
        kernel.suit_entry_function()(counts, suit)


def test_replacement_refuses_bad_counts_and_melds() -> None:
    compiled = kernel.compiled()
    legal = [1] * 13 + [0] * 21
    for counts in ([5] + [0] * 33, [-1] + [0] * 33, [1] * 33, "1" * 34, [2**70] + [0] * 33,
                   [True] * 34, None):
        with pytest.raises(ValueError, match="34 counts"):
            compiled.replacement(counts, 0, True, True, True, False, False)
    for melds in (-1, 5, 2**31):
        with pytest.raises(ValueError, match="melds"):
            compiled.replacement(legal, melds, True, True, True, False, False)
    with pytest.raises(OverflowError):
        compiled.replacement(legal, 2**70, True, True, True, False, False)
    with pytest.raises(TypeError):
        compiled.replacement(legal, "0", True, True, True, False, False)
    with pytest.raises(TypeError):
        compiled.replacement(legal, 0, True)

    class Unanswerable:
        def __bool__(self) -> bool:
            raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        compiled.replacement(legal, 0, Unanswerable(), True, True, False, False)


def test_draw_replacements_and_winners_refuse_tiles_out_of_range() -> None:
    compiled = kernel.compiled()
    hand = [4] + [1] * 9 + [0] * 24  # ten tiles, 1m held four times
    forms = (True, True, True, False, False)
    for tiles in ([-1], [34], [2**70], [0]):  # 1m: all four copies held already
        with pytest.raises((ValueError, OverflowError)):
            compiled.draw_replacements(hand, 1, tiles, *forms)
    for odd in (["1"], [1.0], 5):
        with pytest.raises(TypeError):
            compiled.draw_replacements(hand, 1, odd, *forms)
    assert compiled.draw_replacements(hand, 1, [], *forms) == []
    with pytest.raises(ValueError, match=r"0\.\.33"):
        compiled.winners(hand, 1, hand, bytes([34]), *forms)
    with pytest.raises(ValueError, match="held"):
        compiled.winners(hand, 1, [5] * 34, bytes(range(34)), *forms)
    with pytest.raises(ValueError, match="held"):
        compiled.winners(hand, 1, hand, list(range(34)), *forms)


def test_batch_refuses_buffers_of_the_wrong_size_or_kind() -> None:
    compiled = kernel.compiled()
    forms = (True, True, True, False, False)
    row = bytes([1] * 13 + [0] * 21)
    for counts, out in ((row + b"\0", bytearray(1)), (row, bytearray(2)), (row * 2, bytearray(1))):
        with pytest.raises(ValueError, match="N \\* 34"):
            compiled.batch(counts, out, *forms)
    with pytest.raises((TypeError, BufferError)):
        compiled.batch(row, bytes(1), *forms)  # read-only out
    with pytest.raises(TypeError):
        compiled.batch("1" * 34, bytearray(1), *forms)
    out = bytearray(1)
    assert compiled.batch(b"", bytearray(0), *forms) == -1  # no rows: nothing to do
    # 123m 456m 789m 123p 4p: tenpai on 4p (shanten 0)
    assert compiled.batch(row, out, *forms) == -1 and out == bytearray([0])


def test_common_refuses_malformed_tables_and_keeps_hands_it_cannot_read() -> None:
    read = kernel.compiled().common
    kernel.reading_functions(lookup.PAIR_BLOCKS, lookup.SINGLE_BLOCKS)
    hand = (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2) + (0,) * 21
    assert read((5,) + (0,) * 33, lookup._TABLES, (), True, 1) is None  # not 34 in 0..4
    assert read((1,) * 33, lookup._TABLES, (), True, 1) is None
    with pytest.raises(TypeError):
        read([0] * 34, lookup._TABLES, (), True, 1)  # a list, not a tuple
    with pytest.raises(TypeError):
        read(hand, [{}, {}, {}, {}], (), True, 1)
    with pytest.raises(TypeError):
        read(hand, ({}, {}, {}, []), (), True, 1)
    with pytest.raises(TypeError):
        read(hand, lookup._TABLES, [], True, 1)
    with pytest.raises(TypeError):
        read(hand, lookup._TABLES, (), True, "1")
    # a cached entry of another shape: not read here (lookup.counts_readings works the hand out)
    odd: tuple[dict[Any, Any], ...] = ({hand[:9]: "odd"}, {}, {}, {})
    assert read(hand, odd, (), True, 1) is None
    assert read(hand, ({}, {}, {}, {}), (), False, 1) is None  # no filling: not here


def test_hand_and_readings_build_the_checked_hand_and_the_pure_readings() -> None:
    # a winning hand of the advice built from its bytes in one C call (34 counts, or a
    # tile37 hand: its red fives after them): the Hand its checked constructor builds, and
    # the readings of the pure path (kernel off: trusted_hand and counts_readings), with
    # and without melds and red fives; the Hand alone (counts_hand) the same Hand
    from mjasp import random_winning_hands
    from mjasp.rules import find_rules

    rules = find_rules()
    hands = random_winning_hands(200, seed=41) + random_winning_hands(100, seed=42, melds=True)
    hands += [Hand.parse("123406m456p789s11z"), Hand.parse("11223344556677z"),
              Hand.parse("19m19p19s12345677z"), Hand.parse("11122233344455m"),
              Hand.parse("234m406p11s [067s] [555z]")]
    rows = []
    for h in hands:
        counts, red = bytes(h.counts), bytes(34) + bytes(h.red)
        h37 = counts + bytes(h.red)  # a tile37 hand: its own red fives
        rows.append((h, counts, red, h37))
    compiled = [(lookup.hand_and_readings(counts, red, h.melds, rules),
                 lookup.hand_and_readings(h37, h37, h.melds, rules),
                 lookup.counts_hand(counts, red, h.melds)) for h, counts, red, h37 in rows]
    previous = kernel.use_compiled(False)
    try:
        pure = [(lookup.hand_and_readings(counts, red, h.melds, rules),
                 lookup.counts_hand(h37, h37, h.melds)) for h, counts, red, h37 in rows]
    finally:
        kernel.use_compiled(previous)
    for h, (one, other, alone), (pure_one, pure_alone) in zip(hands, compiled, pure,
                                                                strict=True):
        for hand in (one[0], other[0], alone, pure_one[0], pure_alone):
            assert type(hand) is Hand and hand == h and hash(hand) == hash(h)
            assert hand.red == h.red and hand.melds == h.melds
        assert list(one[1]) == list(other[1]) == list(pure_one[1]) and pure_one[1]
    bad = kernel.compiled().hand_readings
    with pytest.raises(ValueError, match=r"0\.\.4"):
        bad(b"\x05" + bytes(33), bytes(37), (), None, False, 0)
    with pytest.raises(TypeError):
        bad(bytes(33), bytes(37), (), None, False, 0)  # fewer than 34 counts
    with pytest.raises(TypeError):
        bad(bytes(34), bytes(36), (), None, False, 0)  # no red fives at 34..36
    with pytest.raises(TypeError):
        bad(bytes(34), bytes(37), [], None, False, 0)  # melds: a tuple
    with pytest.raises(RuntimeError, match=r"init\(\) not called"):
        fresh_module().hand_readings(bytes(34), bytes(37), (), None, False, 0)


def test_common_remembers_only_what_the_tables_hold() -> None:
    # the compiled readings remember each suit's entry by its counts; another table, or
    # lookup.clear() (which empties the tables), makes them look the suit up again
    read = kernel.compiled().common
    kernel.reading_functions(lookup.PAIR_BLOCKS, lookup.SINGLE_BLOCKS)
    hand = Hand.parse("123456789m11122z").counts
    found = read(hand, lookup._TABLES, (), True, 1)
    assert [str(d) for d in found] == ["123m 456m 789m 111z 22z"]
    assert read(hand, lookup._TABLES, (), True, 1) == found  # remembered: the same
    assert read(hand, ({}, {}, {}, {}), (), False, 1) is None  # other tables: not theirs
    try:
        lookup.clear()
        assert lookup.cache_size() == 0
        assert read(hand, lookup._TABLES, (), False, 1) is None  # forgotten with the tables
    finally:
        lookup.clear()  # the shipped readings again
    assert read(hand, lookup._TABLES, (), True, 1) == found


def test_compiled_readings_are_built_like_the_constructor_builds_them() -> None:
    # the reading type's own constructor is the independent reference: same fields,
    # same type, frozen, and the blocks are the shared Block values
    from mjasp.core.blocks import Decomposition

    read, _ = kernel.reading_functions(lookup.PAIR_BLOCKS, lookup.SINGLE_BLOCKS)
    # 147m 25p 12z, each twice; 19m 19p 19s 1234567z with 7z twice
    seven = (2, 0, 0, 2, 0, 0, 2, 0, 0) + (0, 2, 0, 0, 2, 0, 0, 0, 0) + (0,) * 9 + \
        (2, 2, 0, 0, 0, 0, 0)
    orphans = (1, 0, 0, 0, 0, 0, 0, 0, 1) * 3 + (1, 1, 1, 1, 1, 1, 2)
    for counts, form in ((seven, Form.CHIITOITSU), (orphans, Form.KOKUSHI)):
        found = read(counts, ({}, {}, {}, {}), (), True, 7)
        assert found is not None and len(found) == 1
        reading = found[0]
        assert type(reading) is Decomposition and reading.form is form
        assert reading == Decomposition(reading.blocks, form, ())
        assert reading.melds == () and all(b in lookup.PAIR_BLOCKS + lookup.SINGLE_BLOCKS
                                           for b in reading.blocks)
    # seven pairs refused by the rules' flags (bit 2 off): no reading
    assert read(seven, ({}, {}, {}, {}), (), True, 1 | 4) == []


def test_the_version_line_names_the_path_that_runs() -> None:
    probe = "from mjasp.cli.app import main; main(['--version'], prog_name='mjasp')"
    for value, words in (("1", "pure Python: MJASP_PURE_PYTHON is set"), ("", "compiled kernel")):
        env = {**os.environ, "MJASP_PURE_PYTHON": value}
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                             env=env).stdout
        assert out.startswith("mjasp ") and f"({words})" in out, out


BAD_INPUTS: list[Any] = [
    [5] + [0] * 33, [-1] + [0] * 33, [1] * 33, [2**70] + [0] * 33,
    [1.5] + [0] * 33, bytes([5] + [0] * 33), "0z", "8z", "11111m", "1m2", "00m0m",
    "123m [456p", "1112223334445556m", "123m456p789s1122z [111z]", None, 13,
]


@pytest.mark.parametrize("value", BAD_INPUTS, ids=repr)
def test_bad_input_through_the_wrappers_is_the_same_error_on_both_paths(value: Any) -> None:
    # the public calls that reach the compiled code: each bad input gives the same
    # outcome (the same error and message, or the same answer) with the kernel on and off
    from mjasp import decompose, waits

    def outcome(call: Any) -> tuple[str, str]:
        try:
            return ("answer", repr(call(value)))
        except Exception as error:  # the error itself is the outcome
            return (type(error).__name__, str(error))

    calls = [shanten, decompose, waits, Hand.from_counts, Hand.parse]
    previous = kernel.use_compiled(True)
    try:
        compiled = [outcome(call) for call in calls]
        kernel.use_compiled(False)
        pure = [outcome(call) for call in calls]
    finally:
        kernel.use_compiled(previous)
    assert compiled == pure
    # every one of these is bad for every call: a specific error, never an answer or a
    # crash of the C code (SystemError, IndexError, MemoryError)
    assert all(kind in ("HandError", "RulesError") for kind, _ in compiled), compiled
