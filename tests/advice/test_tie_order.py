"""``graph.prefer`` and ``graph.ranked``, the tie rule's shortcuts, against ``graph.choose``
(the rule as stated: keep the options equal to the greatest, value by value)."""

from __future__ import annotations

import random

import pytest

from mjasp.advice.graph import TIE_ABS, TIE_REL, choose, prefer, ranked


def _values(rng: random.Random) -> list[float]:
    """Values at and around the tolerance's edges: equal, a few ulps apart, exactly one
    tolerance apart, negative (a riichi's points), zero."""
    base = rng.choice([0.0, 1.0, 0.25, 1234.5, -800.0, 96000.0, 1e-9, -1e-9])
    tol = TIE_REL * abs(base) + TIE_ABS
    return [base + rng.choice([0.0, tol, -tol, 2 * tol, 1e-16 * base, 5.0, -5.0,
                               rng.uniform(-1, 1) * 3 * tol]) for _ in range(3)]


def test_prefer_is_choose_of_two() -> None:
    rng = random.Random(7)
    for _ in range(20000):
        a, b = _values(rng), _values(rng)
        if rng.random() < 0.3:
            b[2] = a[2]
        if rng.random() < 0.3:
            b[1] = a[1]
        want = choose([(a[2], a[1], a[0]), (b[2], b[1], b[0])]) == 0
        assert prefer(a, b) == want, (a, b)


def _by_choose(values: list[tuple[float, ...]]) -> list[int]:
    rest, out = list(range(len(values))), []
    while rest:
        out.append(rest.pop(choose([values[i] for i in rest])))
    return out


def test_ranked_is_choose_one_after_the_other() -> None:
    rng = random.Random(11)
    spread = 0
    for _ in range(5000):
        n = rng.randrange(0, 12)
        values = [tuple(_values(rng)) for _ in range(n)]
        if rng.random() < 0.5:  # well apart: the sorted order
            values = [(rng.uniform(-3000, 20000), v[1], v[2]) for v in values]
            spread += 1
        assert ranked(values) == _by_choose(values), values
    assert spread > 1000


def test_ranked_keeps_equal_values_in_the_given_order() -> None:
    # equal points: the greater win chance first, then among full ties the first given
    values = [(100.0, 0.25, 0.0), (100.0 + 1e-13, 0.5, 0.0), (100.0, 0.25, 0.0), (50.0, 1.0, 0.0)]
    assert ranked(values) == [1, 0, 2, 3]


def test_ranked_with_runs_of_near_values_is_choose_one_after_the_other() -> None:
    """A discard list's usual shape: most points apart, a few runs of equal (mirror
    discards) or nearly equal points, runs within a tolerance of each other's edges."""
    rng = random.Random(23)
    runs = 0
    for _ in range(5000):
        n = rng.randrange(1, 15)
        centres = [rng.choice([0.0, 1234.5, -800.0, 96000.0, rng.uniform(-3000, 20000)])
                   for _ in range(rng.randrange(1, 4))]
        values: list[tuple[float, ...]] = []
        for _ in range(n):
            if rng.random() < 0.4:
                values.append((rng.uniform(-3000, 20000), rng.random(), rng.random()))
                continue
            c = rng.choice(centres)
            tol = TIE_REL * abs(c) + TIE_ABS
            values.append((c + rng.choice([0.0, tol, -tol, 1.5 * tol, 0.5 * tol]),
                           rng.choice([0.25, 0.25 + 1e-13, 0.5]), rng.choice([0.0, 1.0])))
        got = ranked(values)
        runs += len({v[0] for v in values}) < n
        assert got == _by_choose(values), values
    assert runs > 1000


def test_the_compiled_order_answers_as_the_py() -> None:
    """``mjasp.advice.order`` as built (Cython, C doubles: where the build runs) against its
    ``.py`` run by the interpreter, on the same values at the tolerance's edges."""
    import importlib.util
    from pathlib import Path

    from mjasp.advice import order
    from mjasp.solvers import extensions
    if extensions.WHY_SOURCE.get("mjasp.advice.order", "not imported"):
        # (the .py against itself could not fail)
        pytest.skip(f"mjasp.advice.order runs its .py: "
                    f"{extensions.WHY_SOURCE.get('mjasp.advice.order')}")
    path = Path(__file__).resolve().parents[2] / "mjasp/advice/order.py"
    spec = importlib.util.spec_from_file_location("order_source", path)
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    rng = random.Random(31)
    for _ in range(3000):
        n = rng.randrange(1, 10)
        values = [tuple(_values(rng)) for _ in range(n)]
        # (a shanten as an int among the floats, as ``advise`` ranks)
        ranked_values = [(v[0], v[1], -rng.randrange(0, 3)) for v in values]
        assert order.choose(values) == source.choose(values)
        assert order.ranked(ranked_values) == source.ranked(ranked_values)
        cols = [[v[k] for v in values] for k in range(3)]
        other = [[v[k] for v in reversed(values)] for k in range(3)]
        assert order.preferred(cols, other) == source.preferred(cols, other)
    for module in (order, source):
        try:
            module.preferred([[1.0], [1.0], [1.0]], [[1.0], [1.0], [1.0, 2.0]])
        except ValueError:
            continue
        raise AssertionError("columns of different lengths taken")
