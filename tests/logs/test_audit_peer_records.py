"""MJAI records written by another engine, RiichiEnv (``pip install riichienv``), each a
whole one-round game as its simulator wrote it (``peer_records/``); the expected payments
are worked by hand from the rule cited beside them and are the ones the engine recorded.

- ``riichienv-exhaustive-draw.mjson``: South 4, the wall runs out. RiichiEnv names the
  draw ``exhaustive_draw``. Seats 1 (345m 123p 57p 55z and a chi: 6p) and 2 (89m 123p
  567s 11z and a chi: 7m) are tenpai, 0 and 3 noten: "the noten players pay a total of
  3000 points to the tenpai players" (https://riichi.wiki/Ryuukyoku, noten bappu), 1500
  from each noten seat to each tenpai seat.
- ``riichienv-3p-kita.mjson``: three players, a ``start_game`` naming no seats; seats 2
  and 0 set a north aside (RiichiEnv's ``kita`` event). The dealer, seat 2, wins by ron
  from seat 1 on 4p after riichi: riichi, a red five and the north it set aside (1 han,
  https://riichi.wiki/Sanma, "Nukidora"), 3 han 40 fu, a dealer's 7700; two honba at 200
  each with three players (Tenhou's sanma: 100 x 2 a honba on ron) make 8100, and the
  winner takes back its own riichi stick: +9100.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import mjasp.logs as logs
from mjasp.logs.mjai_log import DRAW_REASONS
from mjasp.logs.model import DrawRecord

RECORDS = Path(__file__).parent / "peer_records"


def _read(name: str, text: str | None = None) -> logs.Game:
    data = (RECORDS / name).read_text() if text is None else text
    return logs.read_mjai(data.splitlines(), name)


def test_exhaustive_draw_named_by_riichienv_settles_the_noten_payments() -> None:
    game = _read("riichienv-exhaustive-draw.mjson")
    last = game.rounds[0].events[-1]
    assert isinstance(last.record, DrawRecord)
    assert last.record.reason == "exhaustive"
    assert last.record.deltas == (-1500, 1500, 1500, -1500)
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert checked.round_rows[0]["deltas"] == [-1500, 1500, 1500, -1500]


@pytest.mark.parametrize("named", ["no_such_reason", "ryukyoku"])
def test_an_unknown_draw_reason_is_settled_by_the_wall(named: str) -> None:
    text = (RECORDS / "riichienv-exhaustive-draw.mjson").read_text()
    game = _read("other.mjson", text.replace('"exhaustive_draw"', f'"{named}"'))
    last = game.rounds[0].events[-1]
    assert isinstance(last.record, DrawRecord) and last.record.reason == "unknown"
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert checked.round_rows[0]["deltas"] == [-1500, 1500, 1500, -1500]


@pytest.mark.parametrize(("riichienv", "ours"), [
    ("exhaustive_draw", "exhaustive"), ("kyushu_kyuhai", "nine_terminals"),
    ("suucha_riichi", "four_riichi"), ("sanchaho", "triple_ron"),
    ("sufuurenta", "four_winds"), ("suukansansen", "four_kans")])
def test_riichienv_draw_names(riichienv: str, ours: str) -> None:
    # the names RiichiEnv 0.4 writes (its _riichienv extension's strings)
    assert DRAW_REASONS[riichienv] == ours


def test_three_player_record_with_kita_and_no_seat_names() -> None:
    game = _read("riichienv-3p-kita.mjson")
    assert game.players == 3
    assert game.rules.name == "tenhou-3p"
    events = game.rounds[0].events
    assert [(e.who, e.tile) for e in events if e.kind == "nukidora"] == [(2, 30), (0, 30)]
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    (win,) = checked.wins
    assert (win.score.han, win.score.fu, win.score.points) == (3, 40, 7700)
    assert win.deltas == (0, -8100, 9100)


def test_a_start_game_naming_four_seats_stays_four_players() -> None:
    text = (RECORDS / "riichienv-exhaustive-draw.mjson").read_text()
    game = _read("four.mjson", text.replace('{"type": "start_game"}',
                                            '{"type": "start_game", "names": ["a","b","c","d"]}'))
    assert game.players == 4 and game.rules.name == "tenhou"
    # a start_game that says nothing: the four scores dealt decide
    assert _read("riichienv-exhaustive-draw.mjson").players == 4
