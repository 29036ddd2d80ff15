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
    # (after the dealer's second discard the table no longer shows four winds: the
    # draw the log names is reported too; four riichi still holds)
    named = (10, "draw kind", "four_winds", "abortive")
    for data, kind, at, also in ((_four_winds(True), "four_winds", 9, [named]),
                                 (_four_riichi(True), "four_riichi", 17, [])):
        checked = logs.check_game(logs.read_mjlog(data, "on.mjlog"))
        assert [(m.event, m.what, m.log, m.mjasp) for m in checked.mismatches] == [
            (at, "the round goes on after an abortive draw", "discard", kind), *also]


def test_a_draw_the_log_names_must_show_on_the_table() -> None:
    # the log names a draw the table does not show: four winds after West, West, West
    # and North; four riichi with the fourth seat discarding North without riichi (the
    # sticks: three paid, left to the first place, seat 3); nine terminals declared by a
    # hand of eight kinds. Before, a draw named by the log was taken as named and
    # agreed; now each is a "draw kind" mismatch with what the table shows.
    rec = Record()
    start = [25000] * 4
    rec.new_round(0, 0, 0, 0, start, "9p", ALL_NOTEN)
    for seat, tile in enumerate(("3z", "3z", "3z", "4z")):
        rec.turn(seat, tile)
    _ryuukyoku(rec, "0,0", start, [0] * 4, "kaze4")
    rec.new_round(0, 1, 0, 0, start, "9p", ALL_NOTEN)
    for seat in range(4):
        i = rec.take("1z" if seat < 3 else "4z")
        rec.draw(seat, i)
        if seat < 3:
            rec.riichi(seat, i)
        else:
            rec.discard(seat, i)
    paid = [24000, 24000, 24000, 25000]
    _ryuukyoku(rec, "1,0", paid, [0] * 4, "reach4")
    # E1-2: the dealer holds 19m19p19s1z: seven kinds, and draws 4z: eight
    rec.new_round(0, 2, 3, 0, paid, "9p", ["19m19p19s1z234567m", "2468m2468p2468s3m",
                                            "3579m3579p3579s4m", "2468m2468p2468s4p"])
    rec.draw(0, rec.take("4z"))
    _ryuukyoku(rec, "2,3", paid, [0] * 4, "yao9",
               owari="240,4.0,240,-16.0,240,-26.0,280,38.0")
    checked = logs.check_game(logs.read_mjlog(rec.text(), "named.mjlog"))
    assert [(m.round, m.what, m.log, m.mjasp) for m in checked.mismatches] == [
        ("E1", "draw kind", "four_winds", "abortive"),
        ("E1-1", "draw kind", "four_riichi", "abortive"),
        ("E1-2", "draw kind", "nine_terminals", "abortive")]
