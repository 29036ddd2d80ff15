"""Inputs at the edges of ``mjasp logs``: a log file that starts with a UTF-8 byte order
mark, a ``--scheduler`` address that names no Dask scheduler, an mjlog with a stray
``<`` (and garbage of unclosed tags, which the tag scan read in quadratic time).

A byte order mark (EF BB BF, which Windows editors and PowerShell write before UTF-8
text) is no part of a log: the format detector already looked past it, but the JSON
readers then stopped at it ("not JSON", "Unexpected UTF-8 BOM"). The expected tallies
are the record's own: the shared ``double-ron`` game, Tenhou's four rounds and four
wins, read without the mark.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import mjasp.logs as logs
from mjasp.cli import main
from tests.conftest import shared_data

BOM = b"\xef\xbb\xbf"


def _game() -> logs.Game:
    return logs.read(shared_data("logs/double-ron.mjlog"))


@pytest.mark.parametrize("fmt", ["mjlog", "tenhou6", "mjai"])
def test_a_byte_order_mark_is_read_past(tmp_path: Path, fmt: str) -> None:
    game = _game()
    body = {"mjlog": shared_data("logs/double-ron.mjlog").read_bytes(),
            "tenhou6": json.dumps(logs.write_tenhou6(game), ensure_ascii=False).encode(),
            "mjai": logs.mjai_text(game).encode()}[fmt]
    plain = logs.check_game(logs.read_bytes(body, "plain"))
    marked = logs.check_game(logs.read_bytes(BOM + body, "marked"))
    assert (marked.rounds, marked.rounds_agree, len(marked.wins), marked.wins_agree) == \
        (plain.rounds, plain.rounds_agree, len(plain.wins), plain.wins_agree) == (4, 4, 4, 4)
    path = tmp_path / f"marked.{fmt}"
    path.write_bytes(BOM + body)
    result = CliRunner().invoke(main, ["logs", "check", str(path)])
    assert result.exit_code == 0, result.output + result.stderr
    assert "4/4 rounds agree, 4/4 wins agree" in result.output


def test_read_tenhou6_reads_text_with_a_byte_order_mark() -> None:
    text = "\ufeff" + json.dumps(logs.write_tenhou6(_game()), ensure_ascii=False)
    assert len(logs.read_tenhou6(text).rounds) == 4
    assert len(logs.read_tenhou6(text.encode()).rounds) == 4


@pytest.mark.parametrize("address", ["garbage", "foo://somewhere:8786"])
def test_a_scheduler_address_dask_cannot_use_is_one_line_and_exit_2(address: str) -> None:
    pytest.importorskip("dask.distributed")
    path = shared_data("logs/double-ron.mjlog")
    result = CliRunner().invoke(main, ["logs", "check", str(path), "--scheduler", address])
    assert result.exit_code == 2, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert f"--scheduler {address}" in result.stderr
    assert "internal error" not in result.stderr


def test_a_stray_angle_bracket_does_not_swallow_the_next_tag() -> None:
    # XML attributes hold no "<": a tag's scan stops at the next one. It ran on to the
    # next ">" instead, reading '<a <GO type="169"/>' as a tag "a" (the lobby lost), and
    # from every "<" of a file without ">" to its end (quadratic: a hang on garbage)
    game = logs.read_bytes(b'<mjloggm ver="2.3"><a <GO type="169" lobby="0"/></mjloggm>',
                           "stray", partial=True)
    assert game.lobby_type == 169 and game.rules.name == "tenhou"


def test_garbage_of_unclosed_tags_is_one_error() -> None:
    # 200 KB of "<a": each "<" scanned to the end of the file before (minutes); now the
    # one error of a log without a round
    data = b'<mjloggm ver="2.3"><GO type="169" lobby="0"/>' + b"<a" * 100_000
    with pytest.raises(logs.LogError, match="stops before its first round"):
        logs.read_bytes(data, "garbage")


def test_tenhou6_objects_one_after_another_with_any_white_space() -> None:
    # (the white space between objects is now skipped where it stands, not by slicing
    # the rest of the text off at every object, which was quadratic in their number)
    doc = logs.write_tenhou6(_game())
    parts = [json.dumps({**doc, "log": [row]}, ensure_ascii=False) for row in doc["log"]]
    text = "\r\n".join(parts[:2]) + " \t\n" + "\n\n".join(parts[2:]) + "\n"
    game = logs.read_tenhou6(text)
    assert [r.name for r in game.rounds] == [r.name for r in _game().rounds]
    assert logs.check_game(game).rounds_agree == 4


def _sanma_mjai(**start: object) -> str:
    # Tenhou's three-player record 2018110809gm-00b9-0000-00a79b89 (kept in tests/data)
    # as MJAI, its start_game changed
    game = logs.read(Path(__file__).parents[1] / "data" / "tenhou_sanma" /
                     "2018110809gm-00b9-0000-00a79b89.mjlog")
    lines = logs.mjai_text(game).splitlines()
    first = {**json.loads(lines[0]), **start}
    return "\n".join([json.dumps({k: v for k, v in first.items() if v is not None}),
                      *lines[1:]])


def test_mjai_lobby_type_of_the_other_table_is_refused(tmp_path: Path) -> None:
    # three players ("players": 3, three names) under lobby type 169, a four-player
    # lobby: the wins were scored as four players' (the record's own 3900 for the first
    # win, 40 fu 2 han with a north set aside, came out 2000): now one line, exit 2
    text = _sanma_mjai(lobby_type=169)
    with pytest.raises(logs.LogError, match=r"line 1: a 3-player game, but its lobby_type "
                                            r"169 \(or rules\) is of 4 players"):
        logs.read_bytes(text.encode(), "sanma.mjson")
    path = tmp_path / "sanma.mjson"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["logs", "check", str(path)])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    # the user may still state the rules: the game's own table decides which fit
    result = CliRunner().invoke(main, ["logs", "check", str(path), "--rules", "tenhou-3p"])
    assert result.exit_code == 0, result.output + result.stderr
    assert "3/3 rounds agree, 3/3 wins agree" in result.output


def test_mjai_three_player_lobby_type_alone_says_three_players() -> None:
    # no "players", no names: lobby type 185 (0x10 set) gives the table, as an mjlog's
    checked = logs.check_game(logs.read_bytes(
        _sanma_mjai(lobby_type=185, players=None, names=None).encode(), "sanma.mjson"))
    assert (checked.rounds_agree, len(checked.wins), checked.wins_agree) == (3, 3, 3)


@pytest.mark.parametrize("name", ["a\u2028b", "c\x85d"])
def test_mjai_lines_end_at_newline_only(name: str) -> None:
    # a player's name holding U+2028 or NEL (U+0085), which a JSON string may
    # hold raw (mjasp's writer leaves non-ASCII as it is): str.splitlines() cut the line
    # there, so mjasp could not read its own MJAI back ("Unterminated string")
    game = _game()
    game.names = (name, "x", "y", "z")
    text = logs.mjai_text(game)
    for data in (text, text.replace("\n", "\r\n")):
        again = logs.read_bytes(data.encode(), "names.mjson")
        assert again.names[0] == name
        assert logs.check_game(again).rounds_agree == 4


def test_an_mjai_player_named_log_is_still_mjai(tmp_path: Path) -> None:
    # the format was told by the bytes '"log"' on the first line: a player named "log"
    # in start_game's names made the MJAI stream a tenhou.net/6 log ("not JSON: not one
    # value"); the first line's keys say it now
    game = _game()
    game.names = ("log", "b", "c", "d")
    data = logs.mjai_text(game).encode()
    assert logs.detect(data) == "mjai"
    path = tmp_path / "named.mjson"
    path.write_bytes(data)
    result = CliRunner().invoke(main, ["logs", "check", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "4/4 rounds agree, 4/4 wins agree" in result.output


def test_two_mjai_games_in_one_file_are_refused(tmp_path: Path) -> None:
    # double-ron's 4 rounds, then pao-tsumo's 5: the second start_game replaced the first
    # game, whose rounds went unchecked (the tally said 1 game, 5 rounds); a file is one
    # game, so it is one error naming the line
    first = logs.mjai_text(_game())
    second = logs.mjai_text(logs.read(shared_data("logs/pao-tsumo.mjlog")))
    with pytest.raises(logs.LogError, match=r"line \d+: a second start_game, after 4 "
                                            r"rounds: one game a file"):
        logs.read_bytes((first + second).encode(), "two.mjson")
    path = tmp_path / "two.mjson"
    path.write_text(first + second, encoding="utf-8")
    result = CliRunner().invoke(main, ["logs", "check", str(path)])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr


def test_two_mjlog_games_in_one_file_are_refused(tmp_path: Path) -> None:
    # the same for Tenhou's XML: the second GO tag began a new game and the first's four
    # rounds went unchecked (exit 0, "1 games: 5/5 rounds agree")
    data = shared_data("logs/double-ron.mjlog").read_bytes() + \
        shared_data("logs/pao-tsumo.mjlog").read_bytes()
    with pytest.raises(logs.LogError, match=r"a second game \(GO tag\) after 4 rounds"):
        logs.read_bytes(data, "two.mjlog", partial=True)
    path = tmp_path / "two.mjlog"
    path.write_bytes(data)
    result = CliRunner().invoke(main, ["logs", "check", str(path)])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("bakaze", ["", "ES", "SW", 1])
def test_mjai_bakaze_not_a_wind_is_refused(bakaze: object) -> None:
    # "ESWN".index(bakaze) found a substring: "" and "ES" were read as East, "SW" as
    # South (a number: "not an MJAI event", as before)
    lines = logs.mjai_text(_game()).splitlines()
    at = next(i for i, line in enumerate(lines) if '"start_kyoku"' in line)
    start = {**json.loads(lines[at]), "bakaze": bakaze}
    text = "\n".join([*lines[:at], json.dumps(start), *lines[at + 1:]])
    with pytest.raises(logs.LogError, match=rf"line {at + 1}: .*(bakaze|not an MJAI event)"):
        logs.read_bytes(text.encode(), "wind.mjson")
