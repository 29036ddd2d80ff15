"""``cpp_loops.ura_key``, the key of ``ura_totals``' table of points by (han, fu, points):
one integer per triple (checked against the triples themselves on every han and fu a
riichi win can have and a spread of points), a refusal outside its ranges, and
``ura_totals`` reading the same row for a win that repeats the one before it."""

from __future__ import annotations

import numpy as np
import pytest

from mjasp.advice.cpp_loops import ura_key, ura_totals
from mjasp.rules import RULES
from mjasp.rules.points import points


def test_each_triple_has_its_own_key() -> None:
    seen: dict[int, tuple[int, int, int]] = {}
    for han in range(13):
        for fu in (20, 25, *range(30, 120, 10)):
            for base in (0, 1, 400, 1000, 1300, 7900, 12000, 48000, 1 << 20):
                key = ura_key(han, fu, base)
                assert key >= 0 and seen.setdefault(key, (han, fu, base)) == (han, fu, base)


@pytest.mark.parametrize("triple", [(16, 30, 1000), (-1, 30, 1000), (3, 256, 1000),
                                    (3, 30, -1)])
def test_a_triple_outside_its_ranges_is_refused(triple: tuple[int, int, int]) -> None:
    with pytest.raises(ValueError, match="no ura key"):
        ura_key(*triple)


def test_repeated_and_alternating_wins_are_summed_alike() -> None:
    """Each win's total is the sum over u of its chance times the points of han + u at its
    fu (Tenhou's table, non-dealer self-draw; u = 0 its own points), whether its triple
    repeats the one before it or not."""
    rules = RULES["tenhou"]
    wins = [(0, 1, 30, 1000), (1, 1, 30, 1000), (2, 2, 40, 2600), (3, 1, 30, 1000)]
    chances = np.array([[0.5, 0.25, 0.25] + [0.0] * 10, [0.0, 0.0, 0.0, 1.0] + [0.0] * 9])
    rows = np.array([0, 1, 0, 1], dtype=np.int64)
    out = np.empty(4)
    ura_totals(wins, chances, rows, {}, {}, False, rules, out)

    def pts(han: int, fu: int) -> int:
        return points(han, fu, 0, dealer=False, tsumo=True, rules=rules)

    expected = [0.5 * 1000 + 0.25 * pts(2, 30) + 0.25 * pts(3, 30), 1.0 * pts(4, 30),
                0.5 * 2600 + 0.25 * pts(3, 40) + 0.25 * pts(4, 40), 1.0 * pts(4, 30)]
    assert out.tolist() == pytest.approx(expected, rel=1e-12)
    assert pts(2, 30) == 2000 and pts(4, 30) == 7900  # Tenhou: 500/1000, 2000/3900 (+0)
