"""The compatibility mode's chances of ura han with one indicator, for every winning state
at once (``cpp_loops.ura_one``), against the wall counted by hand for one state at a time:
each indicator kind's copies left, at the han its dora gives the hand and its melds; and
the winning edges grouped by state (``cpp_loops.winning_states``) against a plain sort."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mjasp.advice.cpp_loops import ura_one, winning_states
from mjasp.advice.cpp_model import DORA
from mjasp.advice.tiles37 import FIVES


def _by_hand(hand: list[int], total: list[int], melds: list[int]) -> list[float]:
    wall = [total[k] - hand[k] for k in range(34)]
    counts = [0] * 13
    for k in range(34):
        counts[hand[DORA[k]] + melds[DORA[k]]] += wall[k]
    return [c / sum(wall) for c in counts]


@pytest.mark.parametrize("seed", range(6))
def test_every_state_s_chances_as_counted_by_hand(seed: int) -> None:
    rng = random.Random(seed)
    melds = [0] * 34
    if seed % 2:
        melds[rng.randrange(34)] = 3  # a pon's tiles count for ura dora too
    hands = []
    for _ in range(5):
        hand = [0] * 34
        for _ in range(14 - sum(melds)):
            k = rng.choice([k for k in range(34) if hand[k] + melds[k] < 4])
            hand[k] += 1
        hands.append(hand)
    total = [4 - m for m in melds]
    out = np.empty((len(hands), 13))
    ura_one(b"".join(bytes(h) for h in hands), len(hands), bytes(total), bytes(melds),
            bytes(DORA), out)
    for at, hand in enumerate(hands):
        want = _by_hand(hand, total, melds)
        assert out[at].tolist() == want  # (integer sums, one division each: exact)
        assert sum(want) == pytest.approx(1.0)


def test_a_state_with_a_dora_held_three_times() -> None:
    # 555m held, of a full set less nothing else: the four 4m (indicating 5m) give three
    # han, the 129 other tiles of the wall none
    hand = [0] * 34
    hand[4] = 3
    out = np.empty((1, 13))
    ura_one(bytes(hand), 1, bytes([4] * 34), bytes(34), bytes(DORA), out)
    assert DORA[3] == 4 and 4 in FIVES
    assert out[0].tolist() == [129 / 133, 0, 0, 4 / 133] + [0] * 9


def test_the_winning_edges_grouped_by_state() -> None:
    states = [7, 3, 7, 1, 3, 7]
    drawn = [10, 11, 12, 13, 14, 15]
    order, places, groups = winning_states(states, drawn)
    assert order == [1, 3, 7]
    assert places == [[3], [1, 4], [0, 2, 5]]
    assert groups == [[13], [11, 14], [10, 12, 15]]


def test_the_edges_that_score_with_their_riichi_wins_summed() -> None:
    from mjasp.advice.cpp_loops import scored_edges
    won = [40, 41, 42, 43, 44]
    places = [[3], [1, 4], [0, 2]]
    # place 1 scores nothing; places 4 and 2 are riichi wins 0 and 1 of the totals
    values = [[1000.0], [0.0, -1.0], [2000.0, -2.0]]
    edges, points = scored_edges(won, places, values, [1500.5, 0.0])
    assert (edges, points) == ([43, 44, 40], [1000.0, 1500.5, 2000.0])
