"""The compatibility mode's discards, shanten numbers and necessary tiles (found for every
discard at once, in batch calls) against one hand at a time by brute force: each hand's
shanten by :func:`mjasp.shanten`, each kind drawn in turn, and the wall counted by hand.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from mjasp.advice.cpp_model import (
    _asked_rows,
    _check_fits,
    _necessary_of,
    compute,
    separated,
)
from mjasp.advice.tiles37 import FIVES
from mjasp.analysis.shanten import shanten
from mjasp.core.errors import HandError
from mjasp.core.tiles import tile_name


def _random_hand(rng: random.Random, tiles: int) -> list[int]:
    """Separated 37 counts of ``tiles`` tiles drawn from a set with one red five a suit."""
    pool = [k for k in range(34) for _ in range(4)]
    drawn = rng.sample(range(len(pool)), tiles)
    hand = [0] * 37
    for n in drawn:
        k = pool[n]
        # the first copy of each five is the red one
        if k in FIVES and n % 4 == 0:
            hand[34 + FIVES.index(k)] += 1
        else:
            hand[k] += 1
    return hand


def _brute(hand: list[int], wall: list[int]) -> tuple[int, tuple[tuple[str, int], ...]]:
    merged = hand[:34]
    for r, k in enumerate(FIVES):
        merged[k] += hand[34 + r]
    s = shanten(merged)
    found = []
    for k in range(34):
        if merged[k] < 4 and shanten([x + (j == k) for j, x in enumerate(merged)]) < s:
            found.append((tile_name(k), wall[k]))
    return s, tuple(found)


@pytest.mark.parametrize("seed", range(12))
def test_every_discard_is_asked_with_its_shanten_and_necessary_tiles(seed: int) -> None:
    rng = random.Random(seed)
    hand = _random_hand(rng, 14)
    wall = [rng.randrange(5) for _ in range(37)]
    tiles, rows = _asked_rows(hand, True)
    # one row per distinct tile37 held, in tile37 order, each the hand less that tile
    held = [t for t in range(37) if hand[t]]
    assert len(tiles) == len(rows) == len(held)
    for tile, t, row in zip(tiles, held, rows, strict=True):
        assert list(row) == [x - (j == t) for j, x in enumerate(hand)]
        assert tile == (f"0{'mps'[t - 34]}" if t >= 34 else tile_name(t))
    got_s, got_needed = _necessary_of(rows, wall, compiled=False)  # the batch calls
    for row, s, needed in zip(rows, got_s, got_needed, strict=True):
        assert (s, needed) == _brute(list(row), wall)


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("seed", range(12, 24))
def test_the_rows_as_bytes_give_the_brute_force_numbers(seed: int, compiled: bool) -> None:
    # (compiled: one ``_dp.ukeire`` call where built; else the batch calls of an array)
    rng = random.Random(seed)
    hand = _random_hand(rng, 14)
    wall = [rng.randrange(5) for _ in range(37)]
    tiles, rows = _asked_rows(hand, True)
    assert len(tiles) == len(rows) == sum(1 for x in hand if x)
    got_s, got_needed = _necessary_of(rows, wall, compiled)
    for row, s, needed in zip(rows, got_s, got_needed, strict=True):
        assert (s, needed) == _brute(list(row), wall)


def test_a_thirteen_tile_hand_is_asked_as_it_is() -> None:
    hand = _random_hand(random.Random(5), 13)
    tiles, rows = _asked_rows(hand, False)
    assert tiles == [None]
    assert [list(row) for row in rows] == [hand]
    wall = [3] * 37
    got_s, got_needed = _necessary_of(rows, wall, compiled=False)
    assert (got_s[0], got_needed[0]) == _brute(hand, wall)


def test_compute_lists_the_brute_force_necessary_tiles() -> None:
    # 123456789m 1234p 5z: the 5z discard waits on 1p and 4p; every other is 1-shanten
    r = compute("123456789m1234p5z")
    hand = separated(bytes([1] * 13 + [0] * 18 + [1, 0, 0] + [0, 0, 0]))
    wall = [4 - x for x in hand[:34]] + [1, 1, 1]
    for st in r.stats:
        t = next(t for t in range(37)
                 if (f"0{'mps'[t - 34]}" if t >= 34 else tile_name(t)) == st.tile)
        row = [x - (j == t) for j, x in enumerate(hand)]
        assert (st.shanten, st.necessary) == _brute(row, wall)


def test_too_many_copies_names_the_first_kind_over_four() -> None:
    hand = bytes(37)
    wall = [4] * 34 + [0, 0, 0]
    wall[7], wall[20] = 5, 6
    with pytest.raises(HandError, match="hold 5 copies of 8m"):
        _check_fits(hand, wall)
    # a negative wall count is none
    wall[7], wall[20] = -3, 4
    melds = [0] * 37
    melds[20] = 1
    with pytest.raises(HandError, match="hold 5 copies of 3s"):
        _check_fits(hand, wall, melds)
    wall[20] = 3
    _check_fits(np.zeros(37, dtype=np.uint8).tobytes(), wall, melds)
