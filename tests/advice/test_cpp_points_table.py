"""``cpp_loops.up``'s points table (a list by ``han * FU_PLACES + fu``) and ``ura_totals``
reading it: each place the rules' points of its han and fu (Tenhou's table, worked by
hand where named), a han or fu beyond the places computed and not kept, and the ura
outcomes summed per win whatever the wins before it."""

from __future__ import annotations

import numpy as np
import pytest

from mjasp.advice.cpp_loops import FU_PLACES, HAN_PLACES, points_table, up, ura_totals
from mjasp.rules import RULES
from mjasp.rules.points import points


def test_each_place_holds_its_own_points() -> None:
    rules = RULES["tenhou"]
    for dealer in (False, True):
        table = points_table()
        for han in range(1, 26):
            for fu in (20, 25, *range(30, 120, 10)):
                want = points(han, fu, 0, dealer=dealer, tsumo=True, rules=rules)
                assert up(table, han, fu, dealer, rules) == want
                assert table[han * FU_PLACES + fu] == want
    # by hand: a non-dealer's 1 han 30 fu self-draw 300/500, 3 han 40 fu 1300/2600
    assert up(points_table(), 1, 30, False, rules) == 1100
    assert up(points_table(), 3, 40, False, rules) == 5200


@pytest.mark.parametrize(("han", "fu"), [(HAN_PLACES, 30), (3, FU_PLACES), (3, 1024)])
def test_beyond_the_places_computed_and_not_kept(han: int, fu: int) -> None:
    rules = RULES["tenhou"]
    table = points_table()
    assert up(table, han, fu, False, rules) == points(han, fu, 0, dealer=False, tsumo=True,
                                                      rules=rules)
    assert table == points_table()


def test_repeated_and_alternating_wins_are_summed_alike() -> None:
    """Each win's total is the sum over u of its chance times the points of han + u at its
    fu (Tenhou's table, non-dealer self-draw; u = 0 its own points), whether its han and
    fu repeat the win's before it or not."""
    rules = RULES["tenhou"]
    wins = [(0, 1, 30, 1000), (1, 1, 30, 1000), (2, 2, 40, 2600), (3, 1, 30, 1000)]
    chances = np.array([[0.5, 0.25, 0.25] + [0.0] * 10, [0.0, 0.0, 0.0, 1.0] + [0.0] * 9])
    rows = np.array([0, 1, 0, 1], dtype=np.int64)
    out = np.empty(4)
    ura_totals(wins, chances, rows, points_table(), False, rules, out)

    def pts(han: int, fu: int) -> int:
        return points(han, fu, 0, dealer=False, tsumo=True, rules=rules)

    expected = [0.5 * 1000 + 0.25 * pts(2, 30) + 0.25 * pts(3, 30), 1.0 * pts(4, 30),
                0.5 * 2600 + 0.25 * pts(3, 40) + 0.25 * pts(4, 40), 1.0 * pts(4, 30)]
    assert out.tolist() == pytest.approx(expected, rel=1e-12)
    assert pts(2, 30) == 2000 and pts(4, 30) == 7900  # Tenhou: 500/1000, 2000/3900 (+0)
