"""Per-suit values u_n, v_n (n = 0..4): table == brute force == CP-SAT.

What is exhaustive and what is sampled:

* table (shipped file) == brute force by lattice closure: EXHAUSTIVE over all
  5**9 = 1,953,125 number-suit vectors and all 5**7 = 78,125 honor vectors (every
  vector with at most 4 of a kind, so the 405,350 / 43,130 vectors of at most 14 tiles
  and the rest), all ten values each.
* table == brute force by direct distance to every listed shape: EXHAUSTIVE over the
  43,130 honor vectors of at most 14 tiles; a seeded sample of 4,000 number vectors.
* table == CP-SAT: EXHAUSTIVE, as a consequence of two checks (the argument is in
  ``test_cpsat_shapes_equal_brute_force_shapes``): CP-SAT's set of winning shapes ==
  brute force's for every (suit, n, pair), and table == brute force above. The CP-SAT
  objective itself is checked per vector on every vector of at most 5 tiles (1,993
  number, 785 honor) plus a seeded sample of 60 number and 30 honor vectors of 6..14 tiles.
* capped values (declared melds, three-player manzu): the table's capped DP == brute
  force on 3,000 seeded vectors with random caps.
* the shipped file == a fresh build by the module's own builder (slow).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from mjasp.solvers import brute, cpsat, table

SEED = 20261121


def vectors(length: int, max_tiles: int) -> list[tuple[int, ...]]:
    """Every vector of ``length`` counts 0..4 with at most ``max_tiles`` tiles."""
    return [v for v in itertools.product(range(5), repeat=length) if sum(v) <= max_tiles]


def unreachable_as_none(row: tuple[int, ...]) -> tuple[int | None, ...]:
    """Each engine spells "no shape fits the caps" its own way (a large number)."""
    return tuple(None if x >= table.INF else x for x in row)


def base5(vector: tuple[int, ...]) -> int:
    return sum(c * 5 ** i for i, c in enumerate(vector))


@pytest.fixture(scope="module")
def lattice() -> dict[bool, np.ndarray]:
    return {honors: brute.all_suit_values(honors) for honors in (False, True)}


@pytest.mark.slow
@pytest.mark.parametrize("honors", [False, True])
def test_table_equals_lattice_brute_force_on_every_vector(lattice: dict[bool, np.ndarray],
                                                          honors: bool) -> None:
    dense = table.honor_table() if honors else table.number_table()
    expected = lattice[honors]
    assert dense.shape == expected.shape == (5 ** (7 if honors else 9), 10)
    mismatch = np.flatnonzero((dense != expected).any(axis=1))
    assert len(mismatch) == 0, f"first mismatch at index {mismatch[:5]}"


def test_vector_counts_of_at_most_14_tiles() -> None:
    # the sizes quoted above, from a DP independent of the enumeration above
    def count(length: int) -> int:
        ways = [1] + [0] * 14
        for _ in range(length):
            ways = [sum(ways[t - c] for c in range(5) if t >= c) for t in range(15)]
        return sum(ways)
    assert count(9) == 405_350
    assert count(7) == 43_130


@pytest.mark.slow
def test_direct_enumeration_on_every_honor_vector() -> None:
    dense = table.honor_table()
    for v in vectors(7, 14):
        assert brute.suit_values(v, honors=True) == tuple(dense[base5(v)]), v


# the fast loop on the first 1,000 seeded vectors, CI on 4,000
@pytest.mark.parametrize("count", [pytest.param(4000, marks=pytest.mark.slow), 1000])
def test_direct_enumeration_on_sampled_number_vectors(count: int) -> None:
    rng = np.random.default_rng(SEED)
    dense = table.number_table()
    for _ in range(count):
        v = tuple(int(c) for c in rng.integers(0, 5, size=9))
        while sum(v) > 14:
            v = tuple(int(c) for c in rng.integers(0, 3, size=9))
        assert brute.suit_values(v, honors=False) == tuple(dense[base5(v)]), v


def _cpsat_sample(length: int, count: int, rng: np.random.Generator) -> list[tuple[int, ...]]:
    found: list[tuple[int, ...]] = []
    while len(found) < count:
        v = tuple(int(c) for c in rng.integers(0, 5, size=length))
        if 6 <= sum(v) <= 14:
            found.append(v)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("honors", [False, True])
def test_cpsat_equals_table(honors: bool, full_run: bool) -> None:
    # every vector of at most 5 tiles (2,002 number vectors: a minute of CP-SAT on a slow
    # machine) in the benchmark-sized run, of at most 3 otherwise; the proof that the two
    # agree on every vector is the next test's
    length = 7 if honors else 9
    rng = np.random.default_rng(SEED + honors)
    sample = vectors(length, 5 if full_run else 3) + _cpsat_sample(length, 30 if honors else 60,
                                                                    rng)
    for v in sample:
        assert cpsat.suit_values(v, honors) == table.suit_values(v, honors), v


@pytest.mark.slow
@pytest.mark.parametrize("honors", [False, True])
def test_cpsat_shapes_equal_brute_force_shapes(honors: bool) -> None:
    """CP-SAT's feasible shapes == brute force's, hence table == CP-SAT on every vector.

    ``cpsat.suit_values(h)`` minimises ``Σ deficit_k`` subject to ``deficit_k ≥ w_k − h_k``,
    ``0 ≤ deficit_k ≤ 4`` and the shape constraints on ``w``; at the optimum
    ``deficit_k = max(0, w_k − h_k)``, which is at most ``w_k ≤ 4``: the bound
    ``deficit_k ≤ 4`` never cuts a shape off, so the shape set does not depend on ``h``.
    So each CP-SAT value is ``min over its shape set S of Σ max(0, w − h)``.
    ``cpsat.suit_shapes`` enumerates S with the same model (objective dropped). If S
    equals the brute-force shape list for every (suit, n, pair), CP-SAT and
    ``brute.suit_values`` minimise the same function over the same set, so they agree on
    every vector, and the table equals brute force on every vector
    (``test_table_equals_lattice_brute_force_on_every_vector``). Left to trust: that
    CP-SAT's OPTIMAL is a true optimum (``cpsat.suit_values`` raises on any other status),
    and the objective encoding, which ``test_cpsat_equals_table`` checks per vector.
    Only the uncapped values (cap 4 on every kind) are covered.
    """
    length = 7 if honors else 9
    expected = brute.suit_shapes(honors)
    for n in range(5):
        for pair in (False, True):
            got = cpsat.suit_shapes(honors, n, pair)
            assert all(len(w) == length and max(w) <= 4 and sum(w) == 3 * n + 2 * pair
                       for w in got), (n, pair)
            want = {tuple(int(c) for c in w) for w in expected[n, int(pair)]}
            assert got == want, (n, pair, len(got), len(want))


# the fast loop on the first 750 seeded cases, CI on 3,000
@pytest.mark.parametrize("count", [pytest.param(3000, marks=pytest.mark.slow), 750])
def test_capped_dp_equals_brute_force(count: int) -> None:
    rng = np.random.default_rng(SEED)
    for i in range(count):
        honors = i % 4 == 3
        length = 7 if honors else 9
        v = rng.integers(0, 3, size=length)
        cap = np.maximum(v, rng.integers(0, 5, size=length))  # the hand itself fits the cap
        got = table.suit_values(tuple(v), honors, tuple(cap))
        expected = brute.suit_values(tuple(v), honors, tuple(cap))
        assert unreachable_as_none(got) == unreachable_as_none(expected), (v, cap)


def test_three_player_manzu_rows_match_brute_force() -> None:
    for a, b in itertools.product(range(5), repeat=2):
        v = (a, 0, 0, 0, 0, 0, 0, 0, b)
        expected = brute.suit_values(v, False, cap=(4, 0, 0, 0, 0, 0, 0, 0, 4))
        got = table.suit_values(v, False, cap=(4, 0, 0, 0, 0, 0, 0, 0, 4))
        assert unreachable_as_none(got) == unreachable_as_none(expected)


def test_combine_matches_explicit_split() -> None:
    rng = np.random.default_rng(SEED)
    dense = table.number_table()
    honors = table.honor_table()
    for _ in range(300):
        a = dense[rng.integers(0, 5 ** 9)]
        b = honors[rng.integers(0, 5 ** 7)]
        got = table.combine(a, b)
        for n in range(5):
            u = min(int(a[m]) + int(b[n - m]) for m in range(n + 1))
            v = min(min(int(a[m]) + int(b[5 + n - m]), int(a[5 + m]) + int(b[n - m]))
                    for m in range(n + 1))
            assert (got[n], got[5 + n]) == (min(u, table.INF), min(v, table.INF))


def test_suit_index_round_trip() -> None:
    v = (4, 0, 3, 1, 0, 2, 0, 0, 1)
    assert table.suit_index(v) == base5(v)
    assert table.suit_indices(np.array([v, v[::-1]])).tolist() == [base5(v), base5(v[::-1])]


@pytest.mark.slow
def test_shipped_file_matches_a_fresh_build(tmp_path: Path) -> None:
    target = tmp_path / table.DATA_FILE
    table.build_tables(target)
    fresh = np.load(target)
    shipped = table.shipped_arrays()
    assert sorted(fresh.files) == sorted(shipped)
    for key in fresh.files:
        assert np.array_equal(fresh[key], shipped[key]), key
