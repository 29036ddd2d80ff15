"""A round that goes on after an abortive draw its last discard forced.

Four riichi, four winds and four kans by more than one player end the round as soon as
the discard that completes them passes, unless it is won on
(https://riichi.wiki/Tochuu_ryuukyoku; Tenhou's rules list all three, and Mahjong Soul's
too). A record whose round goes on after such a discard (another draw and discard) is
reported; Mortal's simulator writes the next seat's draw before the draw, which is read
as it is (tests/logs/peer_records/mortal-four-riichi.mjson).
"""

from __future__ import annotations

import mjasp.logs as logs
from tests.logs.mjlog_records import Record
from tests.logs.test_audit_settlements import ALL_NOTEN, _formats, _ryuukyoku


def _four_winds(extra: bool) -> bytes:
    # E1: all four discard West first; with ``extra`` the dealer then draws and discards
    # 4z before the record's four-winds draw; the game ends there (all at 25000)
    rec = Record()
    start = [25000] * 4
    rec.new_round(0, 0, 0, 0, start, "9p", ALL_NOTEN)
    for seat in range(4):
        rec.turn(seat, "3z")
    if extra:
        rec.turn(0, "4z")
    _ryuukyoku(rec, "0,0", start, [0] * 4, "kaze4",
               owari="250,35.0,250,5.0,250,-15.0,250,-25.0")
    return rec.text()


def _four_riichi(extra: bool) -> bytes:
    # E1: each seat draws East and declares riichi discarding it (each stick paid); with
    # ``extra`` the dealer then draws and discards 4z. The game ends there: 24000 each,
    # the four sticks to the first place, seat 0 (a tie: nearest the first dealer)
    rec = Record()
    start = [25000] * 4
    rec.new_round(0, 0, 0, 0, start, "9p", ALL_NOTEN)
    for seat in range(4):
        i = rec.take("1z")
        rec.draw(seat, i)
        rec.riichi(seat, i)
    if extra:
        rec.turn(0, "4z")
    _ryuukyoku(rec, "0,0", [24000] * 4, [0] * 4, "reach4",
               owari="280,38.0,240,4.0,240,-16.0,240,-26.0")
    return rec.text()


def test_the_round_ends_when_the_fourth_wind_or_riichi_passes() -> None:
    for data in (_four_winds(False), _four_riichi(False)):
        for game in _formats(data):
            assert logs.check_game(game).mismatches == [], game.format


def test_a_round_going_on_after_four_winds_or_four_riichi_is_reported() -> None:
    # the dealer's fifth event after the fourth wind (its draw, read as Mortal writes
    # the next draw, then its discard): reported at the discard (before, it agreed)
    for data, kind, at in ((_four_winds(True), "four_winds", 9),
                           (_four_riichi(True), "four_riichi", 17)):
        checked = logs.check_game(logs.read_mjlog(data, "on.mjlog"))
        assert [(m.event, m.what, m.log, m.mjasp) for m in checked.mismatches] == [
            (at, "the round goes on after an abortive draw", "discard", kind)]
