"""The compatibility mode's typed loops (``mjasp.advice.cpp_loops``) on values worked by
hand from Tenhou's points table (a non-dealer's self-draw: each other player pays the base
points ``fu * 2 ** (han + 2)``, the dealer twice that, each rounded up to 100)."""

from __future__ import annotations

import random

import numpy as np

from mjasp.advice.cpp_loops import Shifted, best_of, merged_rows, points_table, ura_totals
from mjasp.rules import RULES
from mjasp.rules.points import points as points_of
from mjasp.rules.scorecard import rank_key

TENHOU = RULES["tenhou"]


def test_the_best_shape_ranks_by_points_then_han() -> None:
    # 1 han 40 fu and 2 han 20 fu: base 320 both, 400 + 400 + 700 = 1500 each; the
    # greater han ranks first on equal points
    assert best_of([(1, 40, True), (2, 20, True)], 0, points_table(), False, TENHOU) == \
        (1500, 0, 2, 20)
    # 2 han 30 fu (500 + 500 + 1000 = 2000) over 1 han 30 fu (300 + 300 + 500 = 1100)
    assert best_of([(2, 30, False), (1, 30, True)], 0, points_table(), False, TENHOU) == \
        (2000, 0, 2, 30)
    # one han of aka dora more on each: 2 han 40 fu (700 + 700 + 1300 = 2700) over 3 han
    # 20 fu (700 + 700 + 1300 = 2700, fewer fu: ranked by han first, 3 > 2)
    assert best_of([(1, 40, True), (2, 20, True)], 1, points_table(), False, TENHOU) == \
        (2700, 0, 3, 20)
    assert best_of([], 0, points_table(), False, TENHOU) is None


def test_the_best_shape_is_rank_keys_choice() -> None:
    # the typed comparison against the one statement of the order (``rank_key``, the first
    # of equals), on seeded shape lists full of equal points (few han and fu values)
    rng = random.Random(7)
    for _ in range(3000):
        dealer = rng.random() < 0.5
        more = rng.randrange(3)
        shapes = [(rng.randrange(1, 7), rng.choice((20, 25, 30, 40, 50, 70)), True)
                  for _ in range(rng.randrange(1, 5))]
        ranked = [Shifted(points_of(h + more, f, 0, dealer=dealer, tsumo=True, rules=TENHOU),
                          0, h + more, f) for h, f, _ in shapes]
        top = max(ranked, key=rank_key)  # type: ignore[arg-type]
        assert best_of(shapes, more, points_table(), dealer, TENHOU) == tuple(top)


def test_ura_outcomes_sum_the_points_of_each_count() -> None:
    # 1 han 30 fu (1100), with one ura han 2000, with two 4000 (1000 + 1000 + 2000:
    # base 960 rounds up to 1000 from each other player, 2000 from the dealer)
    chances = np.zeros((2, 13))
    chances[1, :3] = 0.5, 0.25, 0.25
    out = np.zeros(1)
    ura_totals([(0, 1, 30, 1100)], chances, np.array([1], dtype=np.int64), points_table(),
               False, TENHOU, out)
    assert out[0] == 0.5 * 1100 + 0.25 * 2000 + 0.25 * 4000


def test_ura_outcomes_without_rows_read_each_wins_place() -> None:
    # rows None: each win's chances are the row of its own place (two wins at places 1
    # and 0, in that order). Worked by hand: place 1, 1 han 30 fu (1100) with one ura han
    # 2000, with two 4000; place 0, 2 han 30 fu (500 + 500 + 1000 = 2000) with one ura
    # han 4000
    chances = np.zeros((2, 13))
    chances[1, :3] = 0.5, 0.25, 0.25
    chances[0, :2] = 0.75, 0.25
    out = np.zeros(2)
    ura_totals([(1, 1, 30, 1100), (0, 2, 30, 2000)], chances, None, points_table(), False,
               TENHOU, out)
    assert out[0] == 0.5 * 1100 + 0.25 * 2000 + 0.25 * 4000
    assert out[1] == 0.75 * 2000 + 0.25 * 4000


def test_merged_rows_add_each_red_five_to_its_five() -> None:
    # by hand: the red fives (places 34-36) added to 5m, 5p, 5s (kinds 4, 13, 22), the
    # red counts kept after the 34
    rng = random.Random(11)
    rows = [[rng.randrange(3) for _ in range(37)] for _ in range(9)]
    got = merged_rows(b"".join(bytes(r) for r in rows))
    assert len(got) == 37 * len(rows)
    for n, row in enumerate(rows):
        want = list(row)
        want[4] += row[34]
        want[13] += row[35]
        want[22] += row[36]
        assert list(got[37 * n:37 * n + 37]) == want
    assert merged_rows(b"") == b""
