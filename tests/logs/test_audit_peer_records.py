"""MJAI records written by two other engines, each one round of a game its simulator
played, kept as a whole one-round game (``peer_records/``): RiichiEnv (``pip install
riichienv``) and Mortal's simulator (libriichi's arena, as ``pip install mjai`` ships it).
The expected payments are worked by hand from the rule cited beside them and are the
ones the engine recorded.

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
- ``mortal-double-ron-robbed-kan.mjson``: West 1, seat 1 adds 6m to its pon and seats 2
  and 3 both rob it. Robbing a kan is chankan, 1 han for each winner
  (https://riichi.wiki/Chankan; Tenhou pays a double ron to both winners): seat 2 (406m
  234s 55z, pon 444p, chi 789s) chankan and a red five, 2 han 30 fu, 2000; seat 3 (456m
  33p, pon 222m, chis 789m 456s) chankan alone, 1 han 30 fu, 1000 (without it the hand
  has no yaku). The second winner robs the same kan as the first.
- ``mortal-four-kans-empty-wall.mjson``: South 3 (three honba), seat 0 makes the fourth
  kan (seats 0, 1 and 3 hold them) with one tile left in the wall; its replacement draw
  empties the wall and its discard passes. Mortal's MJAI names no reason; four kans by
  more than one player abort the round once that discard passes, the last one too
  ("海底の1つ前を槓した場合、打牌した時点で四槓子確定しているので、途中流局",
  https://w.atwiki.jp/majangdefault/pages/16.html): no payments, and the dealer keeps
  the deal with a honba more (an abortive draw), as the simulator's next round has it.
- ``mortal-nine-terminals.mjson`` and ``mortal-four-riichi.mjson``: Mortal's draws name
  no reason, and its abortive draws are read from the table: the dealer's first draw
  (E S N F C, 1m 9m 9p 1s 9s: ten kinds of terminals and honors) ends the round, nine
  terminals; all four seats declared riichi, four riichi (https://riichi.wiki/Tochuu_ryuukyoku).
  Nothing is paid, and mjasp's tenhou.net/6 writer names each (九種九牌, 四家立直,
  四槓散了 for the four kans above) so that the log reads back the same.
- ``riichienv-chankan-after-kan-dora.mjson`` (Mahjong Soul's rules): East 2, seat 0 adds
  8m to its pon, draws 4s and adds it to its pon of 4s; the first added kan's indicator
  (2p) turns as the second is declared, and the dealer, seat 1, in riichi, robs the 4s.
  Its hand 406m 23466s 333z 777z scores riichi, chankan (https://riichi.wiki/Chankan),
  chun, two dora (indicator 5s: two 6s; 2p: none), two ura (2p: none; the red 5s: two
  6s) and a red five, 8 han: a dealer's baiman, 24000, and its own riichi stick back,
  +25000. The indicator turning between the kan and the ron does not make the kan any
  less robbed.
- ``mortal-70-fu-tsumo.mjson`` (a difference of the engine's): East 2 (two honba, seat 1
  deals), seat 2 wins by tsumo with 05m 123s 666z (hatsu, concealed), a pon of 888s and a
  closed kan of West: 20 + 2 (tsumo) + 8 + 2 + 32 = 64, 70 fu; hatsu and a red five, 2
  han. The dealer pays twice the basic points 70 x 2^(2+2) = 1120, 2300, and each
  non-dealer 1200 (https://riichi.wiki/Japanese_mahjong_scoring_rules), with 100 a
  honba from each: -2500 and -1400, +5300. Mortal's simulator has the dealer pay 1300
  (+100 a honba): its record is 1000 short, a mismatch mjasp reports.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mjasp.logs as logs
from mjasp.logs.check import draw_kind
from mjasp.logs.mjai_log import DRAW_REASONS
from mjasp.logs.model import DrawRecord
from mjasp.logs.replay import replay
from mjasp.logs.run import with_rules

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


def test_every_winner_of_a_double_ron_on_an_added_kan_robs_it() -> None:
    checked = logs.check_game(_read("mortal-double-ron-robbed-kan.mjson"))
    assert [str(m) for m in checked.mismatches] == []
    first, second = checked.wins
    assert first.win.chankan and second.win.chankan
    assert (first.score.han, first.score.fu, first.score.points) == (2, 30, 2000)
    assert (second.score.han, second.score.fu, second.score.points) == (1, 30, 1000)
    assert checked.round_rows[0]["deltas"] == [0, -3000, 2000, 1000]


def test_four_kans_by_several_players_abort_the_round_at_the_last_discard() -> None:
    game = _read("mortal-four-kans-empty-wall.mjson")
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert checked.round_rows[0]["deltas"] == [0, 0, 0, 0]
    # South 3 again, four honba, the sticks none, the same dealer (seat 2)
    assert checked.next_round == (1, 2, 4, 0, 2)


def test_mortal_pays_a_70_fu_2_han_tsumo_short_and_the_check_says_so() -> None:
    checked = logs.check_game(_read("mortal-70-fu-tsumo.mjson"))
    (win,) = checked.wins
    assert (win.score.han, win.score.fu, win.score.points) == (2, 70, 4700)
    assert win.deltas == (-1400, -2500, 5300, -1400)
    assert [(m.what, m.log, m.mjasp) for m in checked.mismatches] == [
        ("seat 2 win: score changes", [-1400, -1500, 4300, -1400], [-1400, -2500, 5300, -1400]),
        ("score changes", [-1400, -1500, 4300, -1400], [-1400, -2500, 5300, -1400])]


def test_a_kan_indicator_turning_before_the_ron_keeps_the_kan_robbed() -> None:
    game = with_rules(_read("riichienv-chankan-after-kan-dora.mjson"), "mahjongsoul")
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    (win,) = checked.wins
    assert win.win.chankan and win.win.dora_indicators == ("5s", "2p")
    assert (win.score.han, win.score.points) == (8, 24000)
    assert win.deltas == (-24000, 25000, 0, 0)


def test_an_exhaustive_draw_before_the_last_discard_is_an_error() -> None:
    lines = (RECORDS / "riichienv-exhaustive-draw.mjson").read_text().splitlines()
    assert '"dahai"' in lines[-4]
    del lines[-4]  # seat 2 drew the last tile and never discarded it
    with pytest.raises(logs.LogError, match=r"cut\.mjson: S4: an exhaustive draw while seat 2 "
                                            "holds 11 concealed tiles"):
        logs.check_game(logs.read_mjai(lines, "cut.mjson"))


@pytest.mark.parametrize(("name", "kind", "written"), [
    ("mortal-nine-terminals.mjson", "nine_terminals", "九種九牌"),
    ("mortal-four-riichi.mjson", "four_riichi", "四家立直"),
    ("mortal-four-kans-empty-wall.mjson", "four_kans", "四槓散了"),
    ("riichienv-exhaustive-draw.mjson", "exhaustive", "流局")])
def test_a_draw_without_a_reason_is_read_from_the_table_and_written_by_name(
        name: str, kind: str, written: str) -> None:
    text = (RECORDS / name).read_text()
    game = _read(name, text.replace('"reason": "exhaustive_draw", ', ""))
    rnd = game.rounds[0]
    last = rnd.events[-1]
    assert isinstance(last.record, DrawRecord) and last.record.reason == "unknown"
    (state,) = {id(s): s for _, s in replay(rnd, game.players)}.values()  # one, updated
    assert draw_kind(state) == kind
    six = logs.write_tenhou6(game)
    assert six["log"][0][-1][0] == written
    again = logs.read_tenhou6(json.dumps(six, ensure_ascii=False), "again.json")
    checked, first = logs.check_game(again), logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == [str(m) for m in first.mismatches] == []
    assert checked.round_rows[0]["deltas"] == first.round_rows[0]["deltas"]
    assert checked.next_round == first.next_round
