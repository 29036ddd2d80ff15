"""Edges of the log readers left open: several tenhou.net/6 games in one file, a
three-player tenhou.net/6 log whose room name lacks 三, a short round row, a FIFO with no
writer, MJAI lines that merge and split, and a ``--scheduler`` address (one function
turns it into a client or one error).

Expected values are the records' own: the shared games' tallies read from their mjlog
(Tenhou's scores), and the same log with its room name saying 三.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mjasp.logs as logs
from mjasp.cli import main
from tests.conftest import shared_data

PEERS = Path(__file__).parent / "peer_records"


def _doc(name: str) -> dict[str, Any]:
    path = shared_data(f"logs/{name}") if name.endswith(".mjlog") and "3p" not in name \
        else PEERS / name
    return logs.write_tenhou6(logs.read(path))


def _tally(game: logs.Game) -> tuple[int, int, int, int, list[Any]]:
    c = logs.check_game(game)
    return (c.rounds, c.rounds_agree, len(c.wins), c.wins_agree,
            [str(m) for m in c.mismatches])


# 1. several games in one file -------------------------------------------------------

def test_two_tenhou6_games_in_one_file_are_a_second_game(tmp_path: Path) -> None:
    # two games one a line (a corpus written with json.dumps per game): the second
    # game starts at E1 again, and other players may sit there
    first = _doc("double-ron.mjlog")
    second = _doc("pao-tsumo.mjlog")
    for other, why in ((second, "other players' names|another log id"),
                       (first, "its first round E1 is not after")):
        text = json.dumps(first, ensure_ascii=False) + "\n" + json.dumps(other,
                                                                         ensure_ascii=False)
        with pytest.raises(logs.LogError, match=f"a second game at line 2 \\(({why})"):
            logs.read_bytes(text.encode(), "two.json")
        path = tmp_path / "two.json"
        path.write_text(text + "\n", encoding="utf-8")
        result = CliRunner().invoke(main, ["logs", "check", str(path)])
        assert result.exit_code == 2, result.output
        assert result.stderr.count("\n") == 1 and "one game a file" in result.stderr
        assert "second round of that wind" not in result.stderr


def test_a_game_one_object_a_round_is_still_one_game() -> None:
    # mjx's "mjscore" files: every line one round of the same game (same names, rounds
    # going up), even where each line carries the final scores
    doc = _doc("2010102910gm-00a9-0000-cdb9804c.mjlog")
    text = "\n".join(json.dumps({**doc, "log": [row]}, ensure_ascii=False)
                     for row in doc["log"])
    assert len(logs.read_bytes(text.encode(), "mjscore.json").rounds) == 11


# 2. three players by the deal ------------------------------------------------------

THREE_PLAYER = ["tenhou-3p-2014091101gm-00b9-0000-5ca6b487.mjlog", "riichienv-3p-kita.mjson"]


@pytest.mark.parametrize("name", THREE_PLAYER)
def test_a_three_player_log_without_its_room_name_reads_as_with_it(name: str) -> None:
    doc = _doc(name)
    disp = doc["rule"]["disp"]
    assert "三" in disp
    unmarked = {**doc, "rule": {**doc["rule"], "disp": disp.replace("三", "")}}
    named = logs.read_tenhou6(json.dumps(doc, ensure_ascii=False), "named.json")
    bare = logs.read_tenhou6(json.dumps(unmarked, ensure_ascii=False), "bare.json")
    assert bare.players == named.players == 3
    assert bare.rules.name == named.rules.name
    assert [r.events for r in bare.rounds] == [r.events for r in named.rounds]
    assert _tally(bare) == _tally(named)
    assert _tally(bare)[1] == _tally(bare)[0] > 0  # (every round agrees, as its mjlog's)
    # the rows without the fourth seat's columns (3 + 9 + 1 entries) say it as well
    short = {**unmarked, "log": [[*row[:13], row[16]] for row in doc["log"]]}
    assert _tally(logs.read_tenhou6(json.dumps(short, ensure_ascii=False))) == _tally(named)


def test_a_four_player_row_without_the_fourth_seat_is_not_three_players() -> None:
    # the fourth seat's columns cut off a four-player row (its score still 25000): an
    # error of the row, not a three-player game that drops the fourth score
    doc = _doc("double-ron.mjlog")
    doc["log"][0] = [*doc["log"][0][:13], doc["log"][0][16]]
    with pytest.raises(logs.LogError, match="round 1: the row ends after 14 entries"):
        logs.read_tenhou6(json.dumps(doc, ensure_ascii=False), "cut.json")


def test_a_room_name_of_three_with_a_fourth_hand_dealt_is_refused() -> None:
    doc = _doc("double-ron.mjlog")  # four players
    doc["rule"]["disp"] = "三" + doc["rule"]["disp"]
    with pytest.raises(logs.LogError, match="deals the fourth seat a hand"):
        logs.read_tenhou6(json.dumps(doc, ensure_ascii=False), "three.json")


# 3. a short round row --------------------------------------------------------------

def test_a_short_round_row_names_the_round_and_what_is_missing(tmp_path: Path) -> None:
    doc = _doc("double-ron.mjlog")
    doc["log"][1] = doc["log"][1][:11]  # up to seat 2's hand
    text = json.dumps(doc, ensure_ascii=False)
    with pytest.raises(logs.LogError) as caught:
        logs.read_tenhou6(text, "short.json")
    assert str(caught.value) == (
        "short.json: round 2: the row ends after 11 entries: seat 2's draws and "
        "discards, seat 3's columns (hand, draws, discards) and the result are missing")
    doc["log"][1] = doc["log"][0][:2]
    with pytest.raises(logs.LogError, match="round 2: the row ends after 2 entries: the "
                       "dora indicators, the ura indicators, seats 0-3's columns"):
        logs.read_tenhou6(json.dumps(doc, ensure_ascii=False), "short.json")
    doc["log"][1] = [*doc["log"][0][:2], [], *doc["log"][0][3:]]
    with pytest.raises(logs.LogError, match="round 2: no dora indicator"):
        logs.read_tenhou6(json.dumps(doc, ensure_ascii=False), "short.json")
    path = tmp_path / "short.json"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["logs", "check", str(path)])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "list index out of range" not in result.stderr


# 4. a FIFO -------------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_with_no_writer_is_one_line_and_exit_2(tmp_path: Path) -> None:
    fifo = tmp_path / "game.mjlog"
    os.mkfifo(fifo)
    # a subprocess, as the open blocked forever before (the timeout only guards the run)
    done = subprocess.run([sys.executable, "-m", "mjasp", "logs", "check", str(fifo)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "a pipe with no writer" in done.stderr
    with pytest.raises(logs.LogError, match="a pipe with no writer"):
        logs.read(fifo)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="no /proc/self/fd")
def test_a_pipe_with_its_log_written_is_read() -> None:
    # a shell's <(zcat x.gz) names such a pipe: its log is read as the file's
    data = shared_data("logs/double-ron.mjlog").read_bytes()
    read_end, write_end = os.pipe()

    def write() -> None:
        os.write(write_end, data)
        os.close(write_end)

    writer = threading.Thread(target=write)
    try:
        writer.start()
        game = logs.read(f"/proc/self/fd/{read_end}")
    finally:
        writer.join()
        os.close(read_end)
    assert _tally(game) == _tally(logs.read(shared_data("logs/double-ron.mjlog")))


def test_a_device_is_refused() -> None:
    with pytest.raises(logs.LogError, match="not a file"):
        logs.read("/dev/null")


# 5. MJAI lines that merge and split ------------------------------------------------

def test_mjai_lines_that_merge_and_split_are_not_read_as_one_each() -> None:
    lines = logs.mjai_text(logs.read(shared_data("logs/double-ron.mjlog"))).splitlines()
    k = next(i for i, line in enumerate(lines) if '"dahai"' in line)
    a, b, c = lines[k:k + 3]
    # line k keeps its event with a key whose string runs on into line k + 1 ('{"}'),
    # and line k + 2 holds the event of line k + 1 and its own: as many objects as
    # lines, every event in order, yet lines k and k + 1 are no JSON object each
    crafted = [*lines[:k], a[:-1] + ',"x":"}', '{"}', b + "," + c, *lines[k + 3:]]
    assert json.loads("[" + ",".join(crafted) + "]")[k + 1] == json.loads(b)
    with pytest.raises(logs.LogError, match=f"line {k + 1}: not an MJAI event"):
        logs.read_mjai(crafted, "crafted.mjson")
    assert len(logs.read_mjai(lines, "plain.mjson").rounds) == 4


# 6. a scheduler address ------------------------------------------------------------

@pytest.mark.parametrize("address", ["garbage", "foo://somewhere:8786", "tcp://", ":::",
                                     "tcp://127.0.0.1:notaport", "tcp://[::1",
                                     "inproc://somewhere"])
def test_every_bad_scheduler_address_is_a_log_error(address: str) -> None:
    pytest.importorskip("dask.distributed")
    from mjasp.logs.run import scheduler_client

    with pytest.raises(logs.LogError, match=f"^--scheduler {address!s}: cannot reach"
                       .replace("[", "\\[")):
        scheduler_client(address, timeout="2s")


def test_a_scheduler_address_with_nothing_listening_is_a_log_error() -> None:
    pytest.importorskip("dask.distributed")
    import socket

    from mjasp.logs.run import scheduler_client

    with socket.socket() as s:  # a port just free: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(logs.LogError, match=f"--scheduler tcp://127.0.0.1:{port}: cannot"):
        scheduler_client(f"tcp://127.0.0.1:{port}", timeout="2s")


def test_bad_scheduler_addresses_one_after_another_in_one_process() -> None:
    # a Client made and failed on an inproc:// address left Dask's loop so that the
    # next bad address's Client hung (its close timed out after 60 s, or never came
    # back): the address is now checked before any Client. A subprocess, as it hung
    # (the timeout only guards the run)
    pytest.importorskip("dask.distributed")
    script = ("import sys\nfrom mjasp.logs.model import LogError\n"
              "from mjasp.logs.run import run\n"
              "for a in sys.argv[1:]:\n    try:\n        list(run(['x'], scheduler=a))\n"
              "    except LogError as e:\n        print(str(e).split(': cannot')[0], flush=True)\n")
    addresses = ["inproc://somewhere", "tcp://127.0.0.1:notaport", "tcp://[::1", ":::",
                 "garbage", "foo://somewhere:8786", "tcp://"]
    done = subprocess.run([sys.executable, "-c", script, *addresses], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.stdout.splitlines() == [f"--scheduler {a}" for a in addresses], done.stderr
