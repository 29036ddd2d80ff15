"""The fast paths (compiled kernel, memoised readings) give the answers of the general
paths, and refuse what they refuse.

* shanten from 34 counts (list, tuple, bytes, numpy row), from a ``Hand`` and from text
  == the general path (``rules="standard"`` skips every fast path: ``shanten_problem`` then
  ``table.replacement``) == the peer ``xiangting`` on seeded random hands of 1..14 tiles.
* ``Hand.parse``'s plain-text fast path == counts tallied by hand in the test; bad text
  still gets the scanner's error with its position.
* ``shanten_batch`` == single calls on every tile count and form (the slow exhaustive
  checks in test_shanten.py compare it with brute force).
* the shipped suit readings == ASP's enumeration on EVERY suit vector of at most 14
  tiles, and a fresh build of the file gives the shipped arrays; the fast path calls no
  clingo.
* waits (winners picked by the tables) == every usable tile tried through the readings;
  the kan check's standard readings == ``inverse_forms`` (tests/analysis/test_kan.py checks the
  verdicts against a brute force).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mjasp import (
    RULES,
    Hand,
    HandError,
    decompose,
    find_rules,
    random_winning_hands,
    shanten,
    shanten_batch,
    waits,
)
from mjasp.analysis.forms import hand_readings
from mjasp.analysis.verify import suit_vectors
from mjasp.analysis.waits import Wait, WaitReading, reading_wait_shape, usable_tiles, winning_tiles
from mjasp.core.blocks import Block, Decomposition
from mjasp.core.notation import plain_counts
from mjasp.core.tiles import TERMINALS_AND_HONORS, add_count
from mjasp.solvers import lookup, suit_data, table
from mjasp.solvers.base import SuitReading, chiitoitsu_reading, kokushi_reading
from mjasp.solvers.form_dp import form_blocks, inverse_forms

xiangting = pytest.importorskip("xiangting")

SEED = 20261123


def random_counts(rng: np.random.Generator, tiles: int) -> list[int]:
    """``tiles`` tiles drawn without replacement from the 136."""
    drawn = rng.choice(136, size=tiles, replace=False) // 4
    counts: list[int] = np.bincount(drawn, minlength=34).tolist()
    return counts


@pytest.fixture(scope="module")
def hands() -> list[list[int]]:
    rng = np.random.default_rng(SEED)
    sizes = [n for n in range(1, 15) if n % 3]
    return [random_counts(rng, sizes[i % len(sizes)]) for i in range(3000)]


def test_every_count_input_equals_the_general_path_and_xiangting(kernel_path: str,
                                                                 hands: list[list[int]]) -> None:
    four = xiangting.PlayerCount.FOUR
    for counts in hands:
        expected = shanten(Hand.from_counts(counts), rules="standard")
        assert xiangting.calculate_replacement_number(counts, four) - 1 == expected
        assert shanten(counts) == shanten(tuple(counts)) == shanten(bytes(counts)) == expected
        assert shanten(np.array(counts, dtype=np.int64)) == expected
        assert shanten(np.array(counts, dtype=np.uint8)) == expected
        assert shanten(Hand.from_counts(counts)) == expected
        assert shanten(str(Hand.from_counts(counts))) == expected


def test_standard_form_fast_path_equals_the_general_path(kernel_path: str,
                                                         hands: list[list[int]]) -> None:
    for counts in hands[::3]:
        expected = shanten(Hand.from_counts(counts), form="standard", rules="standard")
        assert shanten(counts, form="standard") == expected
        assert shanten(Hand.from_counts(counts), form="standard") == expected


def test_counts_function_equals_the_general_table_lookup(hands: list[list[int]]) -> None:
    for counts in hands:
        tiles = sum(counts)
        special = tiles >= 13
        assert table.counts_replacement(bytes(counts), tiles // 3, special) == \
            table.replacement(counts, tiles // 3, True, special, special)


@pytest.mark.parametrize("counts", [
    [1.0] * 13 + [0.0] * 21,                 # floats are not truncated
    [1] * 12 + [1.5] + [0] * 21,
    [1] * 12 + [1j] + [0] * 21,
    [5] + [1] * 9 + [0] * 24,                # a fifth copy
    [-1] + [1] * 14 + [0] * 19,
    [1] * 13 + [0] * 20,                     # 33 counts
    [1] * 13 + [0] * 22,                     # 35 counts
    [1] * 12 + [0] * 22,                     # 12 tiles: 3n
    [1] * 17 + [0] * 17,                     # 17 tiles
    np.array([1.0] * 13 + [0.0] * 21),
    np.array([True] * 13 + [False] * 21),
    [True] * 13 + [0] * 21,                  # bools read as 1 would be a tenpai hand
    tuple([1] * 12 + [True] + [0] * 21),
    np.ones((2, 34), dtype=np.int64),
    bytes([9] + [1] * 4 + [0] * 29),
    bytes([1] * 13),
])
def test_bad_counts_are_hand_errors(kernel_path: str, counts: object) -> None:
    with pytest.raises(HandError):
        shanten(counts)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [
    "123m456p789s1122z", "105m 406p 11z", "0m0p0s1234567z", "19m19p19s1234567z", "5z",
    "1111m2222p3333s11z",
])
def test_plain_parse_equals_a_count_by_hand(text: str) -> None:
    counts, red = [0] * 34, [0, 0, 0]
    digits: list[str] = []
    for char in text.replace(" ", ""):
        if char.isdigit():
            digits.append(char)
            continue
        base = "mpsz".index(char) * 9
        for d in digits:
            counts[base + (int(d) - 1 if d != "0" else 4)] += 1
            if d == "0":
                red[base // 9] += 1
        digits = []
    hand = Hand.parse(text)
    assert hand.counts == tuple(counts) and hand.red == tuple(red) and hand.melds == ()
    assert Hand.parse(str(hand)) == hand == Hand(tuple(counts), (red[0], red[1], red[2]))
    assert hash(hand) == hash(Hand(tuple(counts), (red[0], red[1], red[2])))


@pytest.mark.parametrize(("text", "position"), [
    ("11111m", 4), ("0z", 0), ("8z", 0), ("12", 0), ("1x", 1), ("000m", None),
    ("11112222333344445m", None), ("1m]", 2),
])
def test_bad_plain_text_keeps_the_scanners_error(kernel_path: str,
                                                 text: str, position: int | None) -> None:
    with pytest.raises(HandError) as error:
        Hand.parse(text)
    if position is not None:
        assert error.value.position == position
    with pytest.raises(HandError):
        shanten(text)


def test_plain_counts_leaves_brackets_to_the_scanner() -> None:
    assert plain_counts("123m [456p]") is None
    assert plain_counts("1m\n") is None
    assert Hand.parse("123m [456p] 1z").melds[0].tile == 12


def test_batch_equals_single_calls_on_every_size_and_form(kernel_path: str,
                                                          hands: list[list[int]]) -> None:
    array = np.array(hands, dtype=np.uint8)
    for form in (None, "standard"):
        batch = shanten_batch(array, form=form)
        single = [shanten(Hand.from_counts(c), form=form, rules="standard") for c in hands]
        assert batch.tolist() == single
    closed = np.array([c for c in hands if sum(c) >= 13], dtype=np.uint8)
    for form in ("chiitoitsu", "kokushi"):
        batch = shanten_batch(closed, form=form)
        assert batch.tolist() == [shanten(Hand.from_counts(c), form=form) for c in closed]


def test_batch_three_player_and_quads_equal_single_calls(kernel_path: str,
                                                         hands: list[list[int]]) -> None:
    sanma = [c for c in hands if not any(c[1:8])]
    assert len(sanma) > 20
    batch = shanten_batch(np.array(sanma), rules="sanma")
    assert batch.tolist() == [shanten(Hand.from_counts(c), rules="sanma") for c in sanma]
    with_quads = [c for c in hands if sum(c) >= 13]
    quads = table.batch_replacement(np.array(with_quads), 4 if sum(with_quads[0]) == 14 else
                                    np.array([sum(c) // 3 for c in with_quads]),
                                    seven_pairs=True, quads=True, standard=False)
    for counts, value in zip(with_quads, quads.tolist(), strict=True):
        assert table.replacement(counts, sum(counts) // 3, False, True, quads=True) == value


def test_batch_memory_is_per_chunk() -> None:
    # every temporary is per chunk: a batch much larger than a chunk matches its parts
    rng = np.random.default_rng(SEED + 1)
    many = np.array([random_counts(rng, 14) for _ in range(3 * table.CHUNK + 5)],
                    dtype=np.uint8)
    whole = shanten_batch(many)
    parts = np.concatenate([shanten_batch(many[i:i + 1000]) for i in range(0, len(many), 1000)])
    assert np.array_equal(whole, parts)


# -- shipped suit readings (mjasp/data/suit_readings.npz) --------------------------------


@pytest.fixture(scope="module")
def asp_spaces() -> dict[bool, dict[tuple[int, ...], list[SuitReading]]]:
    from mjasp.solvers import asp

    return {honors: asp.enumerate_space(honors) for honors in (False, True)}


@pytest.mark.slow
def test_shipped_readings_equal_asp_on_every_suit_vector(
        asp_spaces: dict[bool, dict[tuple[int, ...], list[SuitReading]]]) -> None:
    # ASP's enumeration equals the four reference algorithms on every vector
    # (mjasp.analysis.verify.check_suits, tests/analysis/test_verify.py); equal to it, the
    # file is too
    for honors in (False, True):
        space = asp_spaces[honors]
        vectors = list(suit_vectors(honors))
        assert len([v for v in vectors if v in space]) == len(space)
        for counts in vectors:
            assert suit_data.shipped_readings(counts, honors) == tuple(space.get(counts, [])), \
                counts


@pytest.mark.slow
def test_shipped_readings_file_matches_a_fresh_build(
        tmp_path: Path, asp_spaces: dict[bool, dict[tuple[int, ...], list[SuitReading]]]) -> None:
    fresh: dict[str, np.ndarray] = {}
    for name, honors in suit_data.SPACES:
        fresh.update(suit_data.encode(asp_spaces[honors], name))
    shipped = suit_data.arrays()
    assert sorted(fresh) == sorted(shipped)
    for key, array in fresh.items():
        assert array.dtype == shipped[key].dtype and array.tobytes() == shipped[key].tobytes()
    # and the script's own writer gives the same arrays
    target = tmp_path / suit_data.DATA_FILE
    suit_data.build(target)
    written = np.load(target)
    assert all(written[key].tobytes() == shipped[key].tobytes() for key in shipped)


def test_fast_path_needs_no_clingo_for_unseen_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    from mjasp.solvers import asp

    def refuse(*args: object) -> None:
        raise AssertionError("clingo called on the fast path")

    monkeypatch.setattr(asp, "suit_readings", refuse)
    lookup.clear()
    try:
        # hands whose readings are known from a worked example: 111 222 333 m is also
        # 123 123 123 m, with 44z as the pair; no reading for a broken hand
        assert [str(d) for d in decompose("111222333m789p44z")] == \
            ["123m 123m 123m 789p 44z", "111m 222m 333m 789p 44z"]
        assert decompose("111222333m789p45z") == []
    finally:
        lookup.clear()


# -- waits and the kan check: the tables pick the winners, readings only for them -----------


def tenpai_hands(count: int, seed: int, rules: str) -> list[Hand]:
    """Hands one tile short of a seeded random winning hand (each concealed kind in turn)."""
    out = []
    drawn = (random_winning_hands(count, seed=seed, rules=rules)
             + random_winning_hands(count, seed=seed, rules=rules, melds=True))
    for hand in drawn:
        kind = next(k for k, n in enumerate(hand.counts) if n)
        counts = list(hand.counts)
        counts[kind] -= 1
        red = tuple(min(r, counts[f]) for r, f in zip(hand.red, (4, 13, 22), strict=True))
        out.append(Hand(tuple(counts), (red[0], red[1], red[2]), hand.melds))
    return out


@pytest.mark.parametrize("rules", ["standard", "sanma", "chiitoitsu-quad"])
def test_waits_equal_every_usable_tile_tried(kernel_path: str, rules: str) -> None:
    found_rules = find_rules(rules)
    hands = tenpai_hands(150, SEED, rules)
    hands += [Hand.parse(t) for t in ("1112345678999m", "19m19p19s1234567z", "2344m",
                                      "123456789m1111z", "1122334455667z")]
    for hand in hands:
        if found_rules.players == 3 and any(hand.counts[1:8]):
            continue
        # the definition: every usable tile whose completed hand has a reading, read by
        # the inversion engine (hand_readings) on a checked Hand
        expected = []
        for tile in usable_tiles(hand, found_rules):
            completed = Hand(add_count(hand.counts, tile, 1), hand.red, hand.melds)
            sided = all(hand.counts[t] for t in TERMINALS_AND_HONORS)
            found = [WaitReading(r, b, reading_wait_shape(b, tile, r.form, sided))
                     for r in hand_readings(completed, found_rules)
                     for b in sorted(set(r.blocks), key=Block.sort_key) if tile in b.tiles()]
            if found:
                expected.append(Wait(tile, tuple(found)))
        assert waits(hand, rules=rules) == expected, hand
        assert winning_tiles(hand, found_rules) == [w.tile for w in expected]


def test_standard_readings_are_the_inverse_forms() -> None:
    standard_only = find_rules("standard-form")
    for hand in random_winning_hands(300, seed=SEED + 2, rules="standard-form"):
        melds = 4 - len(hand.melds)
        forms = sorted(form_blocks(w) for w in inverse_forms(hand.counts, melds))
        found = lookup.counts_readings(hand.counts, (), standard_only)
        assert sorted(d.blocks for d in found) == forms


def test_every_hand_taking_function_accepts_counts(kernel_path: str) -> None:
    # 11122233344455m: four readings (worked out in the README); waits of 1112223334445m
    counts = [3, 3, 3, 3, 2] + [0] * 29
    for form in (counts, tuple(counts), bytes(counts), np.array(counts)):
        assert len(decompose(form)) == 4
    waiting = [3, 3, 3, 3, 1] + [0] * 29
    assert [w.tile for w in waits(waiting)] == [w.tile for w in waits("1112223334445m")]
    with pytest.raises(HandError):
        decompose([3.0, 3, 3, 3, 2] + [0] * 29)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", ["standard", "chiitoitsu-quad"])
def test_fast_special_readings_equal_their_definitions(rules: str, kernel_path: str) -> None:
    found_rules = find_rules(rules)
    hands = random_winning_hands(400, seed=SEED + 3, rules=rules,
                                 forms=("chiitoitsu", "kokushi", "standard"))
    hands += [Hand.parse("1111m22p33s445566z"), Hand.parse("119m19p19s1234567z")]
    for hand in hands:
        got = [d for d in lookup.counts_readings(hand.counts, (), found_rules)
               if d.form != "standard"]
        expected = [d for d in (chiitoitsu_reading(hand.counts, found_rules),
                                kokushi_reading(hand.counts)) if d is not None]
        assert got == expected, hand
        assert all(d == Decomposition(d.blocks, d.form, d.melds) for d in got)


def test_decompose_from_plain_text_equals_the_hand_path(kernel_path: str) -> None:
    # the text fast path skips the Hand; readings and errors must not change
    for hand in random_winning_hands(300, seed=SEED + 4):
        text = str(hand)
        assert decompose(text) == decompose(hand) == decompose(text, rules="standard")
    for bad in ("1111m11112222333m", "000m11122233344z", "123m", "0z123m456p789s11z"):
        with pytest.raises(HandError):
            decompose(bad)


def near_misses(counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    """``counts`` and every hand one tile away: a held tile moved to any other kind (each
    kind at most 4), so every way a count can break a special form is dealt."""
    out = [counts]
    for source in range(34):
        if counts[source]:
            for target in range(34):
                if target != source and counts[target] < 4:
                    out.append(add_count(add_count(counts, source, -1), target, 1))
    return out


@pytest.mark.parametrize("rules", ["standard", "chiitoitsu-quad"])
def test_special_forms_equal_their_definitions_on_every_near_miss(rules: str,
                                                                  kernel_path: str) -> None:
    # the fast path tells seven pairs and thirteen orphans from the whole hand's counts:
    # every kokushi hand (13: which orphan is doubled), seven-pairs hands with and without
    # fours, and every hand one tile away from each, against the definitions
    found_rules = find_rules(rules)
    bases = []
    for doubled in TERMINALS_AND_HONORS:
        counts = [0] * 34
        for k in TERMINALS_AND_HONORS:
            counts[k] = 1 + (k == doubled)
        bases.append(tuple(counts))
    rng = np.random.default_rng(SEED + 5)
    for fours in (0, 0, 0, 1, 2, 3):
        for _ in range(3):
            kinds = rng.choice(34, size=7 - fours, replace=False).tolist()
            counts = [0] * 34
            for i, k in enumerate(kinds):
                counts[k] = 4 if i < fours else 2
            bases.append(tuple(counts))
    dealt = 0
    for base in bases:
        for hand in near_misses(base):
            got = [d for d in lookup.counts_readings(hand, (), found_rules) if d.form != "standard"]
            expected = [d for d in (chiitoitsu_reading(hand, found_rules),
                                    kokushi_reading(hand)) if d is not None]
            assert got == expected, hand
            dealt += bool(expected)
    assert dealt > 20  # the forms were there to find, not only refused


def test_draw_replacements_equal_one_lookup_per_completed_hand(hands: list[list[int]]) -> None:
    for counts in hands[::5]:
        melds = (sum(counts) + 1) // 3
        tiles = [k for k in range(34) if counts[k] < 4]
        for options in ((True, False, False, False, False), (True, True, True, False, True),
                        (True, True, True, True, False), (False, True, False, False, True)):
            expected = []
            for k in tiles:
                drawn = list(counts)
                drawn[k] += 1
                expected.append(table.replacement(drawn, melds, *options))
            assert table.draw_replacements(counts, melds, tiles, *options) == expected


# -- the fast paths are chosen by what the rules say, not by whether rules= is given --

#: (rules as a caller names them, do they read hands as the default rules do)
NAMED_RULES: list[tuple[object, bool]] = [
    (None, True), ("tenhou", True), ("TENHOU", True), ("riichi", True), ("mahjongsoul", True),
    ("wrc", True), (RULES["tenhou"], True), (RULES["tenhou"].replace(kiriage=True), True),
    ("tenhou-3p", False), ("sanma", False), ("mahjongsoul-3p", False),
    ("chiitoitsu-quad", False), ("standard-form", False),
]


def _general_path_refused(*_: object, **__: object) -> Hand:
    raise AssertionError("the general path ran")


@pytest.mark.parametrize(("rules", "fast"), NAMED_RULES, ids=str)
def test_shanten_fast_path_is_taken_for_default_reading_rules(
        kernel_path: str, monkeypatch: pytest.MonkeyPatch, rules: object, fast: bool) -> None:
    # observable: the general path starts with as_hand; made to fail, only a call that
    # never reaches it returns. The rules that read hands differently must reach it.
    from mjasp.analysis import shanten as module

    hand = "119m111p789s1122z"  # in every preset's wall: 1 pair short of tenpai
    expected = shanten(hand, rules=rules)  # type: ignore[arg-type]
    monkeypatch.setattr(module, "as_hand", _general_path_refused)
    if fast:
        assert shanten(hand, rules=rules) == expected  # type: ignore[arg-type]
        assert shanten(Hand.parse(hand), rules=rules) == expected  # type: ignore[arg-type]
    else:
        with pytest.raises(AssertionError, match="general path"):
            shanten(hand, rules=rules)  # type: ignore[arg-type]


@pytest.mark.parametrize(("rules", "fast"), NAMED_RULES, ids=str)
def test_decompose_fast_path_is_taken_for_default_reading_rules(
        kernel_path: str, monkeypatch: pytest.MonkeyPatch, rules: object, fast: bool) -> None:
    from mjasp.analysis import decomposition as module

    hand = "11122233344455p"
    expected = decompose(hand, rules=rules)  # type: ignore[arg-type]
    assert len(expected) == 4  # 111 222 333 444 55, 123 123 123 444 55, ... (hand-counted)
    monkeypatch.setattr(module, "as_hand", _general_path_refused)
    if fast:
        assert decompose(hand, rules=rules) == expected  # type: ignore[arg-type]
    else:
        with pytest.raises(AssertionError, match="general path"):
            decompose(hand, rules=rules)  # type: ignore[arg-type]


def test_default_reading_reads_what_the_analysis_needs() -> None:
    # every field the analysis does not read may differ; the three it reads may not
    from mjasp.core.blocks import Form
    from mjasp.rules import default_reading

    base = RULES["tenhou"]
    assert all(default_reading(base.replace(**change)) for change in (
        {"kiriage": True}, {"red_fives": (0, 0, 0)}, {"open_tanyao": False},
        {"double_wind_fu": 2}, {"called_tiles_count": False}))
    assert not default_reading(base.replace(players=3))
    assert not default_reading(base.replace(chiitoitsu_quad=True))
    assert not default_reading(base.replace(forms=frozenset({Form.STANDARD, Form.KOKUSHI})))
    assert not default_reading("no-such-rules") and not default_reading(3)  # type: ignore[arg-type]
