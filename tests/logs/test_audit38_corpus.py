"""``mjasp logs table`` over a corpus: odd input inside it, one machine against Dask,
and the Parquet files read back."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.conftest import shared_data
from tests.logs.independent_reader import read

pq = pytest.importorskip("pyarrow.parquet")

GAME = "2020080212gm-00a9-0000-82c7d512.mjlog"


def _table(*args: str) -> Any:
    return CliRunner().invoke(main, ["logs", "table", *args])


def _rows(out: Path) -> dict[str, list[dict[str, Any]]]:
    return {n: pq.read_table(out / f"{n}.parquet").to_pylist()
            for n in ("decisions", "wins", "rounds")}


def test_a_file_name_that_is_not_utf8_keeps_its_rows(tmp_path: Path) -> None:
    # Parquet text is UTF-8: the name's other bytes are written as \xNN escapes (before:
    # "internal error, please report: UnicodeEncodeError", exit 70, no tables)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    raw = os.fsencode(corpus) + b"/\xff\xfe.mjlog"
    shutil.copyfile(shared_data("logs") / GAME, raw)
    expected = read(shared_data("logs") / GAME, source="\\xff\\xfe.mjlog")
    for given in (str(corpus), os.fsdecode(raw)):
        out = tmp_path / "out"
        result = _table(given, "-o", str(out))
        assert result.exit_code == 0, result.output
        rows = _rows(out)
        for name in ("decisions", "wins", "rounds"):
            assert [r["game"] for r in rows[name]] == [
                r["game"] for r in expected[name]], name
        assert len(rows["decisions"]) == len(expected["decisions"]) > 400


def test_a_file_given_twice_is_read_once(tmp_path: Path) -> None:
    # the same file named twice, by another spelling, and inside a named directory: its
    # rows once (before: every naming added the game's rows again)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    game = corpus / GAME
    shutil.copyfile(shared_data("logs") / GAME, game)
    os.symlink(game, tmp_path / "link.mjlog")
    out = tmp_path / "out"
    result = _table(str(game), str(corpus / "." / GAME), str(tmp_path / "link.mjlog"),
                    str(corpus), "-o", str(out), "--json")
    assert result.exit_code == 0, result.output
    expected = read(game)
    rows = _rows(out)
    for name in ("decisions", "wins", "rounds"):
        assert len(rows[name]) == len(expected[name]) > 0, name
    # a copy under another name is another file: its rows are kept
    shutil.copyfile(game, corpus / "copy.mjlog")
    assert _table(str(corpus), str(game), "-o", str(out)).exit_code == 0
    assert len(_rows(out)["wins"]) == 2 * len(expected["wins"])


def _corpus(root: Path, copies: int) -> tuple[Path, list[str]]:
    """The shared logs ``copies`` times over (distinct names), with bad files among them:
    a truncated one, one that is not a log, a corrupt gzip; and the bad files' names."""
    corpus = root / "corpus"
    corpus.mkdir()
    logs_dir = shared_data("logs")
    for i in range(copies):
        for f in sorted(logs_dir.glob("*.mjlog")):
            shutil.copyfile(f, corpus / f"c{i:02d}-{f.name}")
    text = (logs_dir / GAME).read_bytes()
    (corpus / "m-cut.mjlog").write_bytes(text[:len(text) // 2])
    (corpus / "m-notalog.json").write_text('{"a": 1}')
    (corpus / "m-corrupt.gz").write_bytes(b"\x1f\x8b\x08\x00garbage")
    return corpus, ["m-cut.mjlog", "m-notalog.json", "m-corrupt.gz"]


@pytest.mark.slow
def test_one_process_and_dask_on_1_2_4_workers_give_the_same_rows(tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed")
    corpus, bad = _corpus(tmp_path, 14)  # 224 records, 196 of them whole games
    files = sorted(p.name for p in corpus.iterdir())
    runs = {}
    for name, options in (("serial", []), ("jobs2", ["--jobs", "2"]),
                          ("dask1", ["--workers", "1"]), ("dask2", ["--workers", "2"]),
                          ("dask4", ["--workers", "4"])):
        out = tmp_path / name
        result = _table(str(corpus), "-o", str(out), *options)
        # the bad files: one line each, no traceback; the two cut-short shared copies too
        assert result.exit_code == 2, (name, result.output)
        lines = [x for x in result.output.splitlines() if x.startswith("mjasp: error:")]
        assert len(lines) == 3 + 2 * 14, (name, result.output)
        assert all(any(b in x for x in lines) for b in bad), name
        assert "Traceback" not in result.output
        runs[name] = {n: pq.read_table(out / f"{n}.parquet") for n in
                      ("decisions", "wins", "rounds")}
    # the rows of every record, in input order (files sorted), none twice, none dropped
    expected: dict[str, list[tuple[str, int, int | None]]] = {
        "decisions": [], "wins": [], "rounds": []}
    for name in files:
        if name in bad[1:]:
            continue
        if name == bad[0]:  # cut short: its rows up to the cut are kept (docs/logs.md)
            text = (corpus / name).read_bytes()
            closed = tmp_path / name
            closed.write_bytes(text[:text.rfind(b"/>") + 2] + b"</mjloggm>")
            rows = read(closed)
        else:
            rows = read(corpus / name)
        rows["rounds"] = [r for r in rows["rounds"] if "result" in r]
        for table, values in rows.items():
            expected[table] += [(r["game"], r["round"], r.get("event")) for r in values]
    serial = runs.pop("serial")
    for table, keys in expected.items():
        got = serial[table].to_pylist()
        assert [(r["game"], r["round"], r.get("event")) for r in got] == keys, table
    for name, tables in runs.items():
        for table in expected:
            assert tables[table].equals(serial[table]), (name, table)
            assert tables[table].schema.equals(serial[table].schema)


def _lost_discard(tmp_path: Path) -> Path:
    """The shared game with one discard tag of seat 1 dropped (its 15th tile shows at
    its next discard, in round E2)."""
    text = (shared_data("logs") / "2010081709gm-00a9-0000-fe3371ad.mjlog").read_text()
    start = text.index("<INIT", text.index("<INIT") + 1)  # round E2
    at = text.index("<E", start)
    path = tmp_path / "lost.mjlog"
    path.write_text(text[:at] + text[text.index("/>", at) + 2:])
    return path


def _wrong_seat_draw(tmp_path: Path) -> Path:
    """The shared game as MJAI with one draw given to the wrong seat."""
    import mjasp.logs as logs

    lines = logs.mjai_text(logs.read(shared_data("logs") / GAME)).splitlines()
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event["type"] == "tsumo" and i > 100:
            event["actor"] = (event["actor"] + 1) % 4
            lines[i] = json.dumps(event)
            break
    path = tmp_path / "seat.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_lost_or_misplaced_event_is_the_files_error_line(tmp_path: Path) -> None:
    # a seat discarding from 15 (or 13) tiles: before, ``check`` found the MJAI game's
    # every win and round agreeing (exit 0), the mjlog's error line did not name the
    # file, and ``table`` stopped the whole run on the shanten of a 15-tile hand
    # ("mjasp: error: row 13 has 15 tiles; ...": no file named, the other files' rows
    # lost). Every discard is made from 14 tiles, a call counting three.
    good = shared_data("logs") / "pao-tsumo.mjlog"
    for bad, where in ((_lost_discard(tmp_path), "E2: seat 1 discards"),
                       (_wrong_seat_draw(tmp_path), "holding 13 tiles")):
        result = CliRunner().invoke(main, ["logs", "check", str(bad), str(good)])
        assert result.exit_code == 2, result.output
        errors = [x for x in result.output.splitlines() if x.startswith("mjasp: error:")]
        assert len(errors) == 1 and errors[0].startswith(f"mjasp: error: {bad.name}: "), \
            result.output
        assert where in errors[0] and "not 14" in errors[0]
        n_rounds, n_wins = len(read(good)["rounds"]), len(read(good)["wins"])
        assert result.output.startswith(
            f"1 games: {n_rounds}/{n_rounds} rounds agree, {n_wins}/{n_wins} wins agree")
        out = tmp_path / "out"
        result = _table(str(bad), str(good), "-o", str(out))
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert f"mjasp: error: {bad.name}: " in result.output
        rows = _rows(out)
        assert {r["game"] for r in rows["decisions"]} == {good.name}
        assert len(rows["wins"]) == n_wins > 0


def test_a_log_of_no_round_is_an_error_not_an_empty_game(tmp_path: Path) -> None:
    # before: an MJAI stream of start_game and end_game alone, or a tenhou.net/6 log
    # whose "log" list is empty, counted as a game that agrees (exit 0) and added no row
    # without a word: a record that is no game must not vanish silently
    mjai = tmp_path / "none.jsonl"
    mjai.write_text('{"type":"start_game"}\n{"type":"end_game"}\n')
    t6 = tmp_path / "none.json"
    t6.write_text('{"title":["",""],"name":["a","b","c","d"],'
                  '"rule":{"disp":"鳳南喰赤","aka":1},"log":[]}', encoding="utf-8")
    good = shared_data("logs") / "pao-tsumo.mjlog"
    n_rounds, n_wins = len(read(good)["rounds"]), len(read(good)["wins"])
    for command in ("check", "table"):
        args = ["-o", str(tmp_path / "out")] if command == "table" else []
        result = CliRunner().invoke(main, ["logs", command, str(mjai), str(t6), str(good),
                                           *args, "--json"])
        assert result.exit_code == 2, result.output
        summary = json.loads(result.output)
        assert summary["games"] == 1
        assert [e["message"] for e in summary["errors"]] == [
            "none.jsonl: the log holds no round", "none.json: the log holds no round"]
        if command == "check":
            assert (summary["rounds"], summary["wins"]) == (n_rounds, n_wins)
        else:
            assert summary["rows"]["rounds"] == n_rounds


def test_a_number_too_big_for_its_column_is_the_files_error(tmp_path: Path) -> None:
    # a record's own numbers go into fixed-width columns (docs/logs.md: log_fu int16,
    # honba int16): before, one such number stopped the whole run ("internal error,
    # please report: ArrowInvalid: Value 2147483648 too large to fit in C integer type",
    # exit 70) and the other files' rows were lost
    import mjasp.logs as logs

    game = logs.read(shared_data("logs") / GAME)
    text = json.dumps(logs.write_tenhou6(game), ensure_ascii=False)
    assert "30符" in text
    fu = tmp_path / "fu.json"
    fu.write_text(text.replace("30符", "2147483648符", 1), encoding="utf-8")
    raw = (shared_data("logs") / GAME).read_text()
    seed = raw.index('<INIT seed="') + len('<INIT seed="')
    honba = tmp_path / "honba.mjlog"
    honba.write_text(raw[:seed] + "0,40000" + raw[raw.index(",", seed + 2):])
    good = shared_data("logs") / "pao-tsumo.mjlog"
    result = _table(str(fu), str(honba), str(good), "-o", str(tmp_path / "out"), "--json")
    assert result.exit_code == 2, result.output
    summary = json.loads(result.output)
    assert [e["message"] for e in summary["errors"]] == [
        "fu.json: E2: log_fu 2147483648 is out of the wins table's range (int16)",
        "honba.mjlog: E1-40000: honba 40000 is out of the rounds table's range (int16)"]
    assert summary["games"] == 1
    assert summary["rows"]["wins"] == len(read(good)["wins"])


def test_a_second_run_replaces_the_tables_or_leaves_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import mjasp.logs.table as table

    logs_dir = shared_data("logs")
    first, second = logs_dir / GAME, logs_dir / "pao-tsumo.mjlog"
    out = tmp_path / "out"
    assert _table(str(first), "-o", str(out)).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert sorted(before) == ["decisions.parquet", "rounds.parquet", "wins.parquet"]
    # a run that fails half-way (a fault of mjasp's, an interrupt) leaves the tables of
    # the run before; before: they were cut to the rows written until then
    real = table.game_tables
    calls = []

    def failing(game: Any) -> Any:
        calls.append(game.source)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(game)

    monkeypatch.setattr(table, "game_tables", failing)
    result = _table(str(second), str(first), "-o", str(out))
    assert result.exit_code == 130, result.output
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    monkeypatch.setattr(table, "game_tables", real)
    # a run that ends replaces them: the second run's rows only, none of the first's
    assert _table(str(second), "-o", str(out)).exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(before)
    rows = _rows(out)
    for name in ("decisions", "wins", "rounds"):
        assert len(rows[name]) == len(read(second)[name]) > 0, name
        assert {r["game"] for r in rows[name]} == {second.name}


@pytest.mark.slow
def test_dask_stopped_early_prints_the_one_error_line(tmp_path: Path) -> None:
    # --workers with --on-error stop: the run ends with tasks still running; before,
    # the workers' "Async instruction ... ended with CancelledError" warnings and, with
    # port 8787 taken (another run at once), Dask's "Port 8787 is already in use"
    # warning came on stderr beside the error line
    import socket
    import subprocess
    import sys

    pytest.importorskip("dask.distributed")
    corpus, _ = _corpus(tmp_path, 4)
    (corpus / "a-notalog.json").write_text('{"a": 1}')  # first in the sorted corpus
    held = socket.socket()
    try:
        held.bind(("127.0.0.1", 8787))
        held.listen()
    except OSError:  # taken already: the case holds
        pass
    try:
        run = subprocess.run(
            [sys.executable, "-m", "mjasp", "logs", "table", str(corpus), "-o",
             str(tmp_path / "out"), "--workers", "2", "--on-error", "stop"],
            capture_output=True, text=True, timeout=600, check=False)
    finally:
        held.close()
    assert run.returncode == 2
    assert run.stderr.splitlines() == [
        "mjasp: error: a-notalog.json: not a tenhou.net/6 log (no \"log\" list)"], run.stderr
    assert run.stdout.startswith("0 games:")


def test_two_files_of_one_name_are_both_kept_with_a_warning(tmp_path: Path) -> None:
    # the game column is the file name: before, two files of one name in different
    # directories gave rows no column told apart, without a word
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        shutil.copyfile(shared_data("logs") / GAME, tmp_path / sub / GAME)
    out = tmp_path / "out"
    result = _table(str(tmp_path / "a"), str(tmp_path / "b"), "-o", str(out))
    assert result.exit_code == 0, result.output
    warnings = [x for x in result.output.splitlines() if x.startswith("mjasp: warning:")]
    assert warnings == [f"mjasp: warning: {tmp_path / 'b' / GAME} and "
                        f"{tmp_path / 'a' / GAME} are both named {GAME}: its rows and "
                        "mismatches cannot tell them apart"]
    assert len(_rows(out)["wins"]) == 2 * len(read(shared_data("logs") / GAME)["wins"])
