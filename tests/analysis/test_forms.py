"""Winning forms: the decomposer DP against independent counts.

Every expected number is computed here a second way: block multisets per suit
combined by convolution (forms), the four reference decomposers over every
vector of one suit combined by convolution (distinct tile vectors), listing and
grouping (the inverse image), and clingo's model count (the ASP encoding).
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

import mjasp
from mjasp.analysis.forms import (
    count_forms_asp,
    inverse_readings,
    standard_readings,
    winning_forms,
    winning_forms_text,
)
from mjasp.analysis.winning_hands import random_winning_hands
from mjasp.cli import main
from mjasp.core.blocks import Decomposition, Form
from mjasp.core.errors import HandError, RulesError
from mjasp.core.hand import Hand
from mjasp.core.tiles import NUM_KINDS
from mjasp.solvers.backtrack import dedupe_backtracking
from mjasp.solvers.form_dp import (
    SEQUENCE_STARTS,
    TILE_DECOMPOSERS,
    FormVector,
    _steps,
    count_forms,
    count_winning_vectors,
    form_blocks,
    form_counts,
    inverse_forms,
    inverse_suit_readings,
    iter_forms,
    prefix_count,
)

#: (kinds, honors?) of the four suits.
SUITS = ((9, False), (9, False), (9, False), (7, True))
Tally = dict[tuple[int, int], int]


def convolve(per_suit: list[Tally]) -> Tally:
    """Combine per-suit tallies keyed (melds, pairs), keeping <= 4 melds and <= 1 pair."""
    total: Tally = {(0, 0): 1}
    for suit in per_suit:
        nxt: Tally = defaultdict(int)
        for (m1, p1), n1 in total.items():
            for (m2, p2), n2 in suit.items():
                if m1 + m2 <= 4 and p1 + p2 <= 1:
                    nxt[(m1 + m2, p1 + p2)] += n1 * n2
        total = nxt
    return total


def block_multisets(size: int, honors: bool) -> Tally:
    """Multisets of <= 4 melds and <= 1 pair inside one suit with <= 4 copies per tile."""
    melds = [(k, k + 1, k + 2) for k in range(7) if not honors] + [(k,) * 3 for k in range(size)]
    tally: Tally = defaultdict(int)
    for n in range(5):
        for chosen in itertools.combinations_with_replacement(melds, n):
            for pair in [()] + [(k, k) for k in range(size)]:
                used = Counter(itertools.chain(pair, *chosen))
                if max(used.values(), default=0) <= 4:
                    tally[(n, len(pair) // 2)] += 1
    return tally


def test_decomposers_are_the_ten_combinations() -> None:
    brute = {(s, t, p) for s in range(5) for t in range(2) for p in range(2)
             if s + 3 * t + 2 * p <= 4}
    assert set(TILE_DECOMPOSERS) == brute and len(TILE_DECOMPOSERS) == 10


def test_form_counts_match_block_multisets() -> None:
    expected = convolve([block_multisets(size, honors) for size, honors in SUITS])
    assert [count_forms(m) for m in range(5)] == [expected[(m, 1)] for m in range(5)]


def suit_vector_tally(size: int, honors: bool,
                      decomposer: Callable[[tuple[int, ...], bool], object]) -> Tally:
    """Vectors of one suit (<= 14 tiles) with a reading, keyed (melds, pairs)."""
    tally: Tally = defaultdict(int)
    for vector in itertools.product(range(5), repeat=size):
        n = sum(vector)
        if n <= 14 and n % 3 != 1 and decomposer(vector, honors):
            tally[(n // 3, n % 3 // 2)] += 1
    return tally


@pytest.mark.slow
def test_distinct_vectors_match_reference_decomposer_by_suit() -> None:
    # the 14-tile number is the well-known 11,498,658 winning hands; here it is derived
    tables = {honors: suit_vector_tally(size, honors, dedupe_backtracking)
              for size, honors in SUITS[2:]}
    expected = convolve([tables[honors] for _, honors in SUITS])
    assert count_winning_vectors() == {m: expected[(m, 1)] for m in range(5)}


@pytest.mark.slow
def test_inverse_suit_readings_equal_reference_on_every_suit_vector() -> None:
    for size, honors in SUITS[2:]:
        for vector in itertools.product(range(5), repeat=size):
            if sum(vector) <= 14:
                assert inverse_suit_readings(vector, honors) == \
                    sorted(dedupe_backtracking(vector, honors),
                           key=lambda r: [b.sort_key() for b in r]), vector


@pytest.mark.parametrize("melds", [0, 1, 2])
def test_listing_is_the_counted_set_and_inverse_is_the_fiber(melds: int) -> None:
    fibers: dict[tuple[int, ...], set[tuple[tuple[int, int, int], ...]]] = defaultdict(set)
    listed = 0
    for form in iter_forms(melds):
        listed += 1
        fibers[form_counts(form)].add(form)
    assert listed == count_forms(melds)
    assert sum(len(f) for f in fibers.values()) == listed  # no form listed twice
    assert len(fibers) == count_winning_vectors(melds)[melds]
    for vector, fiber in fibers.items():
        assert sum(vector) == 3 * melds + 2 and max(vector) <= 4
        inverse = list(inverse_forms(vector))
        assert len(inverse) == len(fiber) and set(inverse) == fiber


def test_sampled_forms_with_four_melds_are_in_their_fiber() -> None:
    # a sample of the 11.6M forms: every 997th of the first 200k in listing order
    for form in itertools.islice(iter_forms(4), 0, 200_000, 997):
        assert form in set(inverse_forms(form_counts(form)))


def test_readings_by_inversion_equal_reference_decomposers() -> None:
    hands = random_winning_hands(3000, seed=5, melds=True)
    rng = random.Random(11)
    for _ in range(3000):  # random 14-tile hands, mostly not winning
        ids = rng.sample(range(136), 14)
        hands.append(Hand.from_ids(ids))
    distinct = set()
    for hand in hands:
        expected = mjasp.decompose(hand, solver="backtrack-dedupe")
        assert inverse_readings(hand) == expected, str(hand)
        assert mjasp.decompose(hand, solver="pair-position") == expected
        distinct.add(hand.counts)
    assert len(distinct) > 5000


def test_winning_forms_print_as_readings() -> None:
    for d in itertools.islice(winning_forms(2), 0, 10_000, 37):
        assert d.form is Form.STANDARD and len(d.blocks) == 3
        assert Hand.parse(str(d).replace(" ", "")).counts == d.counts()
        assert standard_readings(d.counts()).count(d) == 1


@pytest.mark.slow
def test_asp_model_count_equals_dp() -> None:
    for melds in range(4):
        assert count_forms_asp(melds) == count_forms(melds)


@pytest.mark.slow
@pytest.mark.full
def test_asp_model_count_equals_dp_for_complete_hands() -> None:
    # m = 4: clingo enumerates all 14-tile forms one answer at a time (80 s of CPU on a
    # fast machine, over 200 s on a slow one): the benchmark-sized run's (pytest --full);
    # every run counts m = 0..3 the same way (above)
    assert count_forms_asp(4) == count_forms(4)


def test_inverse_engine_is_registered_for_decompose() -> None:
    for hand in random_winning_hands(300, seed=8, melds=True):
        assert mjasp.decompose(hand, solver="inverse") == \
            mjasp.decompose(hand, solver="backtrack-dedupe")


def test_cli_forms_count_and_list() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["forms", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.output)
    assert [(r["forms"], r["hands"]) for r in rows] == \
        [(count_forms(m), count_winning_vectors()[m]) for m in range(5)]
    result = runner.invoke(main, ["forms", "--list", "--melds", "1", "--limit", "0"])
    lines = result.output.splitlines()
    assert result.exit_code == 0 and len(lines) == len(set(lines)) == count_forms(1)
    result = runner.invoke(main, ["forms", "--melds", "5"])
    assert result.exit_code == 2 and "5" in result.output


def test_the_seed_literal_pair_range_overcounts() -> None:
    # the DP's first statement let d3 (a pair) follow any carry t = 0..4; a pair leaves
    # room for t <= 2.
    # Taken literally, 3+ sequences through a tile plus a pair of it would count (5+ copies).
    @functools.cache
    def literal(i: int, m: int, h: int, a: int, b: int) -> int:
        if not (0 <= m <= 4 and 0 <= h <= 1 and 0 <= a <= 4 and 0 <= b <= 4):
            return 0
        if i == 0:
            return int((m, h, a, b) == (0, 0, 0, 0))
        total = 0
        for (s, t, p) in TILE_DECOMPOSERS:
            if s != b or (s and i - 1 not in SEQUENCE_STARTS):
                continue
            room = 5 if (s, t, p) == (0, 0, 1) else 5 - (s + 3 * t + 2 * p)
            total += sum(literal(i - 1, m - s - t, h - p, t0, a - s) for t0 in range(room))
        return total

    counts = [(literal(34, m, 1, 0, 0), count_forms(m)) for m in range(5)]
    assert all(seed == ours for seed, ours in counts[:3])  # two sequences + pair = 4 copies
    assert all(seed > ours for seed, ours in counts[3:])


def _old_line(form: FormVector) -> str:
    """A form's line as ``mjasp forms --list`` wrote it form by form: ``str(Decomposition)``."""
    return str(Decomposition.of(form_blocks(form)))


def _nth_form(melds: int, k: int) -> FormVector:
    """Form number ``k`` of ``iter_forms(melds)`` without listing the ones before it: the
    walk's choices in its order, each skipped with the number of forms below it."""
    form: list[tuple[int, int, int]] = []
    state = (melds, 1, 0, 0)
    for tile in range(NUM_KINDS, 0, -1):
        for decomposer, below in _steps(tile, *state):
            size = prefix_count(tile - 1, *below)
            if k < size:
                form.append(decomposer)
                state = below
                break
            k -= size
    return tuple(reversed(form))


@pytest.mark.parametrize("melds", [0, 1, 2, pytest.param(3, marks=[pytest.mark.slow,
                                                                   pytest.mark.full])])
def test_forms_text_is_every_reading_in_order(melds: int) -> None:
    lines = "".join(winning_forms_text(melds)).splitlines()
    assert lines == [_old_line(form) for form in iter_forms(melds)]


def test_nth_form_is_the_listing_order() -> None:
    assert [_nth_form(2, k) for k in range(count_forms(2))] == list(iter_forms(2))


@pytest.mark.slow  # every one of the 11.6 million lines: CI runs it (the fast loop: two melds)
def test_forms_text_with_four_melds_sampled() -> None:
    rng = random.Random(20240607)
    total = 11_580_567  # the 4-meld forms (the DP count, also clingo's model count)
    picks = sorted([*rng.sample(range(total), 3000), 0, 1, total - 1])
    found: list[str] = []
    seen = 0
    want = iter(picks)
    nxt = next(want, None)
    for chunk in winning_forms_text(4):
        lines = chunk.split("\n")[:-1]
        while nxt is not None and nxt < seen + len(lines):
            found.append(lines[nxt - seen])
            nxt = next(want, None)
        seen += len(lines)
    assert seen == total == count_forms(4)
    assert found == [_old_line(_nth_form(4, k)) for k in picks]


@pytest.mark.parametrize("limit", [1, 33, 34, 35, 1000, 1836, 0])
def test_cli_forms_list_limit_cuts_the_same_listing(limit: int) -> None:
    melds = 0 if limit in (33, 34, 35) else 1
    out = CliRunner().invoke(main, ["forms", "--list", "--melds", str(melds),
                                    "--limit", str(limit)]).output
    expected = [_old_line(form) for form in iter_forms(melds)]
    assert out.splitlines() == expected[:limit or None]


# -- the number of melds: 0..4, an integer -------------------------------------------------

BAD_MELDS: list[tuple[object, type[Exception], str]] = [
    (5, RulesError, "a standard form has 0..4 melds, not 5"),
    (-1, RulesError, "a standard form has 0..4 melds, not -1"),
    (1.5, HandError, r"the number of melds must be an integer, not float \(1.5\)"),
    ("2", HandError, "the number of melds must be an integer, not str"),
    (True, HandError, "the number of melds must be an integer, not True"),
    (np.array([1, 2]), HandError, "the number of melds must be an integer, not ndarray"),
]


@pytest.mark.parametrize(("melds", "error", "message"), BAD_MELDS,
                         ids=[repr(b[0]) for b in BAD_MELDS])
@pytest.mark.parametrize("function", [mjasp.count_forms, mjasp.winning_forms,
                                      winning_forms_text, count_forms_asp])
def test_a_bad_number_of_melds_is_refused_at_the_call(
        function: Callable[..., object], melds: object, error: type[Exception],
        message: str) -> None:
    # winning_forms(5) used to yield nothing and count_forms(5) to answer 0, silently;
    # count_forms(an array) raised "unhashable type"
    with pytest.raises(error, match=f"^{message}"):
        function(melds)  # the generators too: the error comes before any form is read


def test_numpy_integers_count_as_the_number() -> None:
    # one meld: a pair of any of 34 kinds with a triplet of one of the 33 others or one of
    # the 21 sequences, 34 * (33 + 21) = 1836; no meld: the 34 pairs
    ones: list[Any] = [np.int64(1), np.array(1)]
    for one in ones:
        assert mjasp.count_forms(one) == 34 * (33 + 21)
        assert sum(1 for _ in mjasp.winning_forms(one)) == 1836
    zero: Any = np.int8(0)
    assert sum(text.count("\n") for text in winning_forms_text(zero)) == 34
