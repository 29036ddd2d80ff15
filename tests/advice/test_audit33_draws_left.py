"""More draws left do not always give more in the advice's model (``docs/advise.md``).

Two of the model's statements decide it, each checked here against values worked by
hand from them (points from ``mjasp.score``):

- *a draw that completes the hand with a yaku wins* (no passing a self-draw to wait for
  a better one): with one draw left that win is haitei (one han more), with two the first
  draw's win has no haitei. Where most of the wall wins, the second draw adds less than
  the first draw's win loses: the expected points fall with a draw more.
- *the policy maximises expected points* (the probabilities are those of that policy):
  a line of more points that wins less often is taken with more draws, so the win chance
  can fall with a draw more.

On the seeded closed hands below, with a full wall, neither shows: there every
sequence is non-decreasing in the draws left.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import mjasp
from mjasp.advice import advise
from mjasp.advice.api import Candidate
from mjasp.core.tiles import tile_name


def _all_but(hand: str, keep: dict[int, int]) -> str:
    """Visible tiles (no red fives: WRC rules) leaving in the wall only ``keep``
    (kind: copies)."""
    held = mjasp.Hand.parse(hand).counts
    return " ".join(tile_name(k) * (4 - held[k] - keep.get(k, 0)) for k in range(34)
                    if 4 - held[k] - keep.get(k, 0))


TANKI = "123m456p789s234s1s"


def _tanki(draws: int, riichi: str) -> Candidate:
    """The 1s tanki (WRC rules, South) with a wall of three 1s and one 1z: each draw
    wins with p = 3/4."""
    (c,) = advise(TANKI, draws=draws, riichi=riichi, rules="wrc", seat_wind="S",
                  visible=_all_but(TANKI, {18: 3, 27: 1})).candidates
    return c


def _tsumo(**situation: Any) -> int:
    win = mjasp.Win(tile="1s", tsumo=True, seat_wind="S", **situation)
    return mjasp.score(TANKI + "1s", win, rules="wrc").points


def test_expected_points_fall_with_a_draw_more_when_most_of_the_wall_wins() -> None:
    c = _tanki(3, "never")
    p = 3 / 4
    plain, haitei = _tsumo(), _tsumo(haitei=True)
    assert (plain, haitei) == (1100, 2000)   # 1 and 2 han, 30 fu, a non-dealer's tsumo
    one = p * haitei
    two = p * plain + (1 - p) * one
    three = p * plain + (1 - p) * two
    assert c.expected_points == pytest.approx((three, two, one), rel=1e-12)
    assert c.expected_points[0] < c.expected_points[1] < c.expected_points[2]
    assert c.win_prob == pytest.approx((1 - (1 - p) ** 3, 1 - (1 - p) ** 2, p), rel=1e-12)


def test_riichi_too_ippatsu_and_haitei_on_the_one_draw() -> None:
    # riichi with one draw left: that draw is both the ippatsu and the haitei draw
    c = _tanki(2, "always")
    p = 3 / 4
    one = p * _tsumo(riichi=1, ippatsu=True, haitei=True) - 1000 * (1 - p)
    two = (p * _tsumo(riichi=1, ippatsu=True) + (1 - p) * p * _tsumo(riichi=1, haitei=True)
           - 1000 * (1 - p) ** 2)
    assert c.decision == "riichi"
    assert c.expected_points == pytest.approx((two, one), rel=1e-12)
    assert two < one


def test_the_win_chance_falls_with_a_draw_more_for_more_points() -> None:
    # open, no yaku: the 5m tanki wins by haitei only (3 of the 123 unseen: two plain 5m,
    # the red 0m). With two draws, the first draw may be kept for the 5m given (that 5m
    # never comes back: 122 tiles left), a tanki on it: a five of another suit (three
    # copies left, one red) or a red five wins for more points on fewer tiles
    melds = " [123p] [456p] [789s] [234s]"
    (c,) = advise("5m" + melds, draws=2).candidates
    held = mjasp.Hand.parse("5m123p456p789s234s").counts
    wall = {tile_name(k): 4 - held[k] for k in range(34)}
    for s in "mps":  # tenhou: one red five per suit, as its own tile
        wall[f"5{s}"] -= 1
        wall[f"0{s}"] = 1
    assert sum(wall.values()) == 123

    def tanki(held: str, left: dict[str, int], total: int) -> tuple[float, float]:
        """(points, win chance) of the haitei draw on a tanki on ``held``."""
        kind = held.replace("0", "5")
        wins = [(u, n) for u, n in left.items() if n and u.replace("0", "5") == kind]
        pts = sum(n * mjasp.score(held + u + melds, mjasp.Win(
            tile=u, tsumo=True, haitei=True)).points for u, n in wins)
        return pts / total, sum(n for _, n in wins) / total

    one = tanki("5m", wall, 123)
    two_points = two_win = 0.0
    for t, n in wall.items():
        left = dict(wall)
        left[t] -= 1
        kept = tanki(t, left, 122)   # the 5m given cut, the drawn tile kept
        best = kept if kept > one else one
        two_points += n / 123 * best[0]
        two_win += n / 123 * best[1]
    assert c.win_prob == pytest.approx((two_win, one[1]), rel=1e-12)
    assert c.expected_points == pytest.approx((two_points, one[0]), rel=1e-12)
    assert c.win_prob[0] < c.win_prob[1]
    assert c.expected_points[0] > c.expected_points[1]


def _seeded_hands(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        counts = [0] * 34
        for k in rng.sample([k for k in range(34) for _ in range(4)], 14):
            counts[k] += 1
        text = "".join(tile_name(k) * n for k, n in enumerate(counts))
        if 0 <= mjasp.shanten(mjasp.Hand.parse(text)) <= 1:
            out.append(text)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("hand", _seeded_hands(33, 12))
def test_a_full_wall_gives_more_with_more_draws(hand: str) -> None:
    for c in advise(hand, draws=6, dora_indicators=("1z",)).candidates:
        assert all(0.0 <= w <= t <= 1.0 for w, t in zip(c.win_prob, c.tenpai_prob,
                                                         strict=True)), c
        for seq in (c.tenpai_prob, c.win_prob, c.expected_points):
            assert all(seq[i] >= seq[i + 1] - 1e-9 for i in range(len(seq) - 1)), (c, seq)


@pytest.mark.parametrize("draws", [0, 1, 69])
def test_no_draw_one_draw_and_the_most_draws_worked_by_hand(draws: int) -> None:
    # 123456789m1234p, the dealer, dama, no change (extra=0): a tanki on 1p or 4p, 3 + 3
    # of 123 unseen. Ittsu 2 + tsumo: 3 han, 20 + 2 + tanki 2 -> 30 fu, 2000 all; with
    # haitei (the last draw) 4 han 30 fu, 3900 all. With no draw: tenpai, nothing won
    (c,) = advise("123456789m1234p", draws=draws, riichi="never", extra=0).candidates
    p = 6 / 123
    want_win = [1 - (1 - p) ** d for d in range(draws, 0, -1)]
    want_points = [sum((1 - p) ** (j - 1) * p * (6000 if j < d else 11700)
                       for j in range(1, d + 1)) for d in range(draws, 0, -1)]
    assert c.tenpai_prob == pytest.approx([1.0] * draws, abs=1e-12)
    assert c.win_prob == pytest.approx(want_win, rel=1e-12, abs=1e-15)
    assert c.expected_points == pytest.approx(want_points, rel=1e-12)
    assert all(0.0 <= w <= 1.0 for w in c.win_prob)
