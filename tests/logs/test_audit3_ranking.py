"""Who ranks first at the end of a game (the leftover riichi sticks go to that seat).

Tenhou's rules: "At the end of the game, riichi deposits go to 1st place" and "if there is
a tie, the tie is broken in favor of the person having the earlier dealership" (the
translation of Tenhou's rules, http://arcturus.su/mjw/index.php?title=Tenhou.net_rules&oldid=15453);
"the tie-breaker based on the initial wind seating ... The player closest to the dealer
position takes the higher position" (riichi.wiki, Oka and uma, "Tie-breaker"). The order
is the first hand's seat order from its dealer, with three players as with four.
"""

from __future__ import annotations

import pytest

from mjasp.logs.check import first_place
from mjasp.logs.model import Game, Round


def _game(players: int, first_dealer: int, number: int = 0) -> Game:
    # a game whose first round read is hand ``number`` of the East wind: its dealer is
    # ``number`` seats after the first dealer
    dealer = (first_dealer + number) % players
    rnd = Round(0, number, 0, 0, dealer, (35000,) * players, 0, ())
    return Game("x", "mjai", players, None, rounds=[rnd])


@pytest.mark.parametrize(("players", "first_dealer", "number", "scores", "first"), [
    # a three-way tie with three players: the first dealer, seat 0
    (3, 0, 0, [35000, 35000, 35000], 0),
    # the first dealer is seat 2: seat 2 ranks before seats 0 and 1
    (3, 2, 0, [35000, 35000, 35000], 2),
    # tied seats 0 and 1, first dealer seat 2: seat 0 comes right after it, seat 1 last
    (3, 2, 0, [40000, 40000, 25000], 0),
    # the same order read from a log starting at hand 2 (dealer seat 1 = 2 + 2 - 3)
    (3, 2, 2, [40000, 40000, 25000], 0),
    # four players, first dealer seat 1: tied seats 3 and 0 -> seat 3 (two after the
    # first dealer) before seat 0 (three after)
    (4, 1, 0, [30000, 20000, 20000, 30000], 3),
    # more points always win: seat 1 with 100 more
    (4, 0, 0, [30000, 30100, 20000, 19900], 1),
])
def test_first_place_breaks_ties_by_the_first_dealers_seat_order(
        players: int, first_dealer: int, number: int, scores: list[int], first: int) -> None:
    assert first_place(_game(players, first_dealer, number), scores) == first
