"""Calls in a three-player Tenhou mjlog come from the right seat.

No real three-player log is at hand: the log below is built by hand from the documented
encodings. Tenhou keeps four seats in a three-player game, the fourth (seat 3) empty (its
``hai3`` and name are empty, its score 0), and an ``<N>`` tag's meld code holds in its
two low bits the discarder's offset from the caller counted round all four seats: Tenhou's
own client finds the discarder as ``(who + kui) % 4`` (its ``Mentsu136`` decoder, the
layout of http://tenhou.net/img/mentsu136.txt). A pon's code is
``(3 * kind + called) << 9 | unused copy << 5 | 0x8 | offset``.
"""

from __future__ import annotations

import pytest

from mjasp.logs import LogError
from mjasp.logs.mjlog import read_mjlog
from mjasp.logs.replay import replay


def _ids(ids: list[int]) -> str:
    return ",".join(map(str, ids))


def _pon(kind: int, called: int, unused: int, offset: int) -> int:
    return (3 * kind + called) << 9 | unused << 5 | 0x8 | offset


# East (1z, ids 108-111) and South (2z, ids 112-115); no 2m-8m (ids 4-31) anywhere
HANDS = ([113, 114, 0, 1, 2, 36, 37, 38, 40, 41, 44, 45, 48],
         [108, 109, 32, 33, 34, 52, 53, 56, 57, 60, 61, 64, 132],
         [72, 73, 74, 76, 77, 80, 81, 84, 85, 88, 89, 92, 93])


def _log(body: str) -> bytes:
    return (f'<mjloggm ver="2.3"><GO type="184" lobby="0"/>'
            f'<UN n0="A" n1="B" n2="C" n3=""/><TAIKYOKU oya="0"/>'
            f'<INIT seed="0,0,0,1,2,100" ten="350,350,350,0" oya="0" hai0="{_ids(HANDS[0])}" '
            f'hai1="{_ids(HANDS[1])}" hai2="{_ids(HANDS[2])}" hai3=""/>{body}').encode()


def test_pons_from_the_left_and_from_the_right() -> None:
    # seat 0 discards East (id 110), seat 1 pons it: seat 0 is three seats on from seat 1
    # counting the empty seat 3 (1 -> 2 -> 3 -> 0); seat 2 discards South (id 112) and seat
    # 0 pons it: seat 2 is two seats on (0 -> 1 -> 2)
    from_left = _pon(27, 2, 3, 3)  # ids 108 109 110 used, 110 called, 111 unused
    from_right = _pon(28, 0, 3, 2)  # ids 112 113 114 used, 112 called
    game = read_mjlog(_log(f'<T110/><D110/><N who="1" m="{from_left}"/><E132/>'
                           f'<V112/><F112/><N who="0" m="{from_right}"/><D0/>'),
                      "sanma.mjlog", partial=True)
    assert game.players == 3
    calls = [(e.who, e.tile, e.target) for e in game.rounds[0].events if e.kind == "pon"]
    assert calls == [(1, 27, 0), (0, 28, 2)]
    # the replay takes each called tile from the discards of that seat
    state = list(replay(game.rounds[0], 3))[-1][1]  # (one state, updated in place)
    assert [[(m.called, m.target) for m in ms] for ms in state.melds] == [[(28, 2)], [(27, 0)],
                                                                          []]


def test_a_call_from_the_empty_seat_is_refused() -> None:
    # seat 0 at offset 3 would be the empty fourth seat
    with pytest.raises(LogError, match=r"sanma.mjlog: call code \d+ of seat 0: the tile comes "
                                       r"from seat 3, and a 3-player game has seats 0-2"):
        read_mjlog(_log(f'<T110/><D110/><V112/><F112/><N who="0" m="{_pon(28, 0, 3, 3)}"/>'),
                   "sanma.mjlog", partial=True)


def test_a_north_set_aside_ends_ippatsu_and_the_first_go_around() -> None:
    # riichi.wiki (Sanma, "Nukidora"): setting a north aside "invalidates ippatsu,
    # tenhou/chiihou, double riichi", as a call does. Seat 0 declares riichi on its first
    # discard; seat 1 draws a north (id 120) and sets it aside (code 120 << 8 | 0x20)
    north = 120 << 8 | 0x20
    game = read_mjlog(_log(f'<T110/><REACH who="0" step="1"/><D110/><REACH who="0" step="2"/>'
                           f'<U120/><N who="1" m="{north}"/>'),
                      "sanma.mjlog", partial=True)
    states = [(e.kind, s.ippatsu[0], s.calls_made) for e, s in replay(game.rounds[0], 3)]
    assert states[-2] == ("draw", True, False)  # ippatsu live, no call yet
    assert states[-1] == ("nukidora", False, True)
