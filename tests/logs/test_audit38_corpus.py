"""``mjasp logs table`` over a corpus: odd input inside it, one machine against Dask,
and the Parquet files read back."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.conftest import shared_data
from tests.logs.audit38_reader import read

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
