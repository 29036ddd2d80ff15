"""The game-record readers' last open edges: a three-player tenhou.net/6 log whose fourth
seat holds points (or a score change, or a final score), three-player round rows of 15
or 16 entries, ``-`` for standard input, and ``--scheduler``'s connect timeout.

What a row of each length is comes from the writers of the format: Tenhou's export,
tensoul (Equim-chan/tensoul convert.js: ``kyoku.dump`` writes four seats' hand, draws and
discards, a three-player game's fourth empty, then the result; ``pad_right`` fills the
scores and score changes to four with 0) and mjasp's writer give 17 entries; another
tool's three-player rows leave the fourth seat out, 14. Expected tallies are the
records' own: each mjlog's rounds and wins as Tenhou settled them (its ``<AGARI`` and
``<RYUUKYOKU`` tags).
"""

from __future__ import annotations

import gzip
import json
import socket
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mjasp.logs as logs
from mjasp.cli import main
from tests.conftest import shared_data

PEERS = Path(__file__).parent / "peer_records"
THREE = PEERS / "tenhou-3p-2014091101gm-00b9-0000-5ca6b487.mjlog"


def _three() -> dict[str, Any]:
    doc = logs.write_tenhou6(logs.read(THREE))
    assert "三" in doc["rule"]["disp"] and len(doc["log"]) > 2
    return doc


def _text(doc: dict[str, Any]) -> str:
    return json.dumps(doc, ensure_ascii=False)


def _tags(path: Path) -> tuple[int, int]:
    """(AGARI tags, RYUUKYOKU tags) of an mjlog: Tenhou's own record of its wins and
    draws."""
    text = path.read_text()
    return text.count("<AGARI"), text.count("<RYUUKYOKU")


# 1. a fourth seat of a three-player table that holds points -----------------------

def test_three_player_rows_with_the_fourth_seat_empty_read() -> None:
    # tensoul's and Tenhou's shape: the fourth score, score change and final score 0
    doc = _three()
    assert all(row[1][3] == 0 and row[13:16] == [[], [], []] for row in doc["log"])
    game = logs.read_tenhou6(_text(doc), "three.json")
    wins, draws = _tags(THREE)
    checked = logs.check_game(game)
    assert len(checked.wins) == checked.wins_agree == wins
    assert checked.rounds == checked.rounds_agree == len(doc["log"])
    assert wins + draws >= checked.rounds  # (a double ron: two tags, one round)


@pytest.mark.parametrize("round_index", [0, 1, -1])
def test_a_fourth_score_not_0_in_a_three_player_room_is_refused(round_index: int) -> None:
    # it belongs to no seat: it was dropped, and the round read as if it were not there
    doc = _three()
    n = round_index % len(doc["log"])
    doc["log"][n][1][3] = 1000
    with pytest.raises(logs.LogError, match=rf"^three\.json: round {n + 1}: scores holds 4 "
                       r"numbers, a 3-player game has 3 \(a fourth is the empty seat's, 0, "
                       r"not 1000\)$"):
        logs.read_tenhou6(_text(doc), "three.json")


def test_a_fourth_score_change_or_final_score_not_0_is_refused() -> None:
    doc = _three()
    last = doc["log"][-1]
    assert len(last[-1][1]) == 3  # (mjasp's writer: three; tensoul pads a 0)
    last[-1][1].append(-1000)  # the result's score changes (a win's or a draw's)
    with pytest.raises(logs.LogError, match=rf"round {len(doc['log'])}: deltas holds 4 "
                       r"numbers, a 3-player game has 3 \(a fourth is the empty seat's"):
        logs.read_tenhou6(_text(doc), "three.json")
    doc = _three()
    assert len(doc["sc"]) == 6  # (mjasp's writer; tensoul pads the empty seat's 0, 0)
    assert len(logs.read_tenhou6(_text({**doc, "sc": [*doc["sc"], 0, 0]})).final or ()) == 3
    doc["sc"] += [50, 0]
    with pytest.raises(logs.LogError, match=r'^three\.json: "sc" \(its final scores\) holds '
                       r"4 numbers, a 3-player game has 3 \(a fourth is the empty seat's, 0, "
                       r"not 50\)$"):
        logs.read_tenhou6(_text(doc), "three.json")


def test_the_cli_refuses_a_fourth_score_in_one_line(tmp_path: Path) -> None:
    doc = _three()
    doc["log"][0][1][3] = 35000
    path = tmp_path / "three.json"
    path.write_text(_text(doc), encoding="utf-8")
    result = CliRunner().invoke(main, ["logs", "check", str(path)])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and "a 3-player game has 3" in result.stderr


# 2. three-player rows of 15 or 16 entries ------------------------------------------

@pytest.mark.parametrize("extra", [1, 2])
def test_a_three_player_row_of_15_or_16_entries_is_refused(extra: int) -> None:
    # neither 14 (three seats' columns, the result) nor 17 (four seats', the fourth
    # empty, the result): the last entry was taken as the result, a guess
    doc = _three()
    row = doc["log"][1]
    doc["log"][1] = [*row[:13], *[[]] * extra, row[16]]
    assert len(doc["log"][1]) == 14 + extra
    with pytest.raises(logs.LogError, match=rf"^three\.json: round 2: the row holds "
                       rf"{14 + extra} entries: a three-player round has 14 .* or 17 "):
        logs.read_tenhou6(_text(doc), "three.json")
    # the same rows of 14 entries (the fourth seat left out) read as those of 17
    doc["log"] = [[*r[:13], r[16]] for r in _three()["log"]]
    full = logs.read_tenhou6(_text(_three()), "full.json")
    short = logs.read_tenhou6(_text(doc), "short.json")
    assert [r.events for r in short.rounds] == [r.events for r in full.rounds]


def test_a_fourth_seat_column_with_tiles_in_a_later_round_is_refused() -> None:
    # the first round's deal says three players; a later round's fourth columns were
    # never read
    doc = _three()
    doc["log"][2][14] = [41]
    with pytest.raises(logs.LogError, match=r"round 3: the fourth seat's columns \(entries "
                       r"14-16\) hold \[\[\], \[41\], \[\]\]: a three-player round has no "
                       "fourth seat"):
        logs.read_tenhou6(_text(doc), "three.json")


def test_a_four_player_row_longer_than_17_entries_is_refused() -> None:
    doc = logs.write_tenhou6(logs.read(shared_data("logs/double-ron.mjlog")))
    doc["log"][0] = [*doc["log"][0], ["流局", [0, 0, 0, 0]]]
    with pytest.raises(logs.LogError, match=r"round 1: the row holds 18 entries: a round "
                       r"has 17"):
        logs.read_tenhou6(_text(doc), "four.json")


# 3. "-": standard input -----------------------------------------------------------

def test_dash_reads_standard_input_in_every_format() -> None:
    path = shared_data("logs/double-ron.mjlog")
    wins, _ = _tags(path)
    mjlog = path.read_bytes()
    tenhou6 = gzip.compress(_text(logs.write_tenhou6(logs.read(path))).encode())
    for data, jobs in ((mjlog, "1"), (tenhou6, "1"), (tenhou6, "2")):
        result = CliRunner().invoke(main, ["logs", "check", "-", "--jobs", jobs, "--json"],
                                    input=data)
        assert result.exit_code == 0, result.output + result.stderr
        out = json.loads(result.output)
        assert (out["games"], out["wins"], out["wins_agree"]) == (1, wins, wins)
        assert out["errors"] == []


def test_dash_beside_files_and_its_errors_name_stdin(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = shared_data("logs/double-ron.mjlog")
    # a file named "-" is ./- (its rows named "-"), beside standard input
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").write_bytes(path.read_bytes())
    result = CliRunner().invoke(main, ["logs", "check", "./-", "-", "--json"], input=b"")
    assert result.exit_code == 2
    out = json.loads(result.output)
    assert out["games"] == 1 and [e["file"] for e in out["errors"]] == ["<stdin>"]
    result = CliRunner().invoke(main, ["logs", "check", str(path), "-"], input=b"")
    assert result.exit_code == 2
    assert result.stderr == "mjasp: error: <stdin>: cannot read: nothing on standard input\n"
    assert result.output.startswith("1 games:")
    result = CliRunner().invoke(main, ["logs", "check", "-"], input=b"not a log")
    assert result.exit_code == 2 and result.stderr.startswith("mjasp: error: <stdin>: not a")


def test_table_of_standard_input(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    path = shared_data("logs/double-ron.mjlog")
    wins, _ = _tags(path)
    result = CliRunner().invoke(main, ["logs", "table", "-", "-o", str(tmp_path / "t")],
                                input=path.read_bytes())
    assert result.exit_code == 0, result.output + result.stderr
    table = pq.read_table(tmp_path / "t" / "wins.parquet")
    assert table.num_rows == wins
    assert set(table.column("game").to_pylist()) == {"<stdin>"}


# 4. --scheduler's connect timeout -------------------------------------------------

def test_the_cli_gives_the_scheduler_its_stated_connect_timeout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # without the option, the CLI's stated default (5 s); Dask's own (30 s) before
    import mjasp.logs.run as run

    asked: list[str | None] = []

    def refuse(address: str, timeout: str | None = None) -> Any:
        asked.append(timeout)
        raise logs.LogError(f"--scheduler {address}: cannot reach a Dask scheduler there")

    monkeypatch.setattr(run, "scheduler_client", refuse)
    path = str(shared_data("logs/double-ron.mjlog"))
    for extra, expected in (([], "5s"), (["--connect-timeout", "0.5"], "0.5s")):
        result = CliRunner().invoke(main, ["logs", "check", path, "--scheduler",
                                           "tcp://127.0.0.1:1", *extra])
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
        assert asked[-1] == expected


def test_nothing_listening_is_one_line_after_the_connect_timeout() -> None:
    pytest.importorskip("dask.distributed")
    with socket.socket() as s:  # a port just free: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    path = str(shared_data("logs/double-ron.mjlog"))
    result = CliRunner().invoke(main, ["logs", "check", path, "--scheduler",
                                       f"tcp://127.0.0.1:{port}", "--connect-timeout", "1"])
    assert result.exit_code == 2, result.output + result.stderr
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"mjasp: error: --scheduler tcp://127.0.0.1:{port}: "
                                    "cannot reach a Dask scheduler there")
    assert "after 1 s" in result.stderr
