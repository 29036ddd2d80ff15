"""``mjasp logs table`` and ``check`` over a corpus: the same rows whatever the order the
files are given in, however many processes or Dask workers run them, and a corpus split
into parts gives, part after part, the tables of the whole.

docs/logs.md: "results come back in input order ... the tables are the same rows
whichever way they ran". The expected rows are the serial run's of the whole corpus in
sorted order; every other run is compared with them: the same rows (each game's rows
in the same order), the games in the order the files were given.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.conftest import shared_data

pq = pytest.importorskip("pyarrow.parquet")

TABLES = ("decisions", "wins", "rounds")


def _corpus(root: Path) -> list[Path]:
    """The whole shared Tenhou logs and the three-player peer record, copied."""
    corpus = root / "corpus"
    corpus.mkdir()
    sources = [p for p in sorted(shared_data("logs").glob("*.mjlog")) if "-no-" not in p.name]
    sources.append(Path(__file__).parent / "peer_records"
                   / "tenhou-3p-2014091101gm-00b9-0000-5ca6b487.mjlog")
    for p in sources:
        shutil.copyfile(p, corpus / p.name)
    return sorted(corpus.iterdir())


def _table(files: list[Path], out: Path, *options: str) -> dict[str, list[dict[str, Any]]]:
    result = CliRunner().invoke(main, ["logs", "table", *map(str, files), "-o", str(out),
                                       *options])
    assert result.exit_code in (0, 1), result.output  # (1: some record differs)
    return {n: pq.read_table(out / f"{n}.parquet").to_pylist() for n in TABLES}


def _check(files: list[Path], *options: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["logs", "check", *map(str, files), "--json",
                                       *options])
    assert result.exit_code in (0, 1), result.output
    out: dict[str, Any] = json.loads(result.output)
    return out


def _by_game(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        out.setdefault(r["game"], []).append(r)
    return out


def _games_in_order(rows: list[dict[str, Any]]) -> list[str]:
    seen: list[str] = []
    for r in rows:
        if not seen or seen[-1] != r["game"]:
            seen.append(r["game"])
    return seen


def _same(got: dict[str, list[dict[str, Any]]], whole: dict[str, list[dict[str, Any]]],
          order: list[str], what: str) -> None:
    for name in TABLES:
        # each game's rows are the whole run's, in the same order
        assert _by_game(got[name]) == _by_game(whole[name]), (what, name)
        # and the games come in the order the files were given (each once, together)
        games = _games_in_order(got[name])
        assert games == [g for g in order if g in games], (what, name)
        assert len(games) == len(set(games)), (what, name)


def _shuffled(files: list[Path]) -> list[Path]:
    # a fixed permutation that moves every file: odd places first, then even, reversed
    return [*files[1::2], *files[0::2]][::-1]


def test_the_order_of_the_files_and_the_process_count_change_no_row(tmp_path: Path) -> None:
    files = _corpus(tmp_path)
    assert len(files) == 15
    whole = _table(files, tmp_path / "whole")
    assert len(whole["wins"]) > 100 and len(whole["decisions"]) > 5000
    names = [f.name for f in files]
    assert _games_in_order(whole["rounds"]) == names
    given = _shuffled(files)
    assert [f.name for f in given] != names
    for what, options in (("serial", ()), ("jobs2", ("--jobs", "2")),
                          ("jobs3", ("--jobs", "3"))):
        got = _table(given, tmp_path / what, *options)
        _same(got, whole, [f.name for f in given], what)
    # check's tally does not depend on the order or the process count either
    first = _check(files)
    for options in ((), ("--jobs", "2")):
        again = _check(given, *options)
        assert {k: v for k, v in again.items() if k != "mismatches"} == \
            {k: v for k, v in first.items() if k != "mismatches"}
        assert sorted(map(json.dumps, again["mismatches"])) == \
            sorted(map(json.dumps, first["mismatches"]))


def test_a_corpus_split_into_parts_gives_the_tables_of_the_whole(tmp_path: Path) -> None:
    files = _corpus(tmp_path)
    whole = _table(files, tmp_path / "whole")
    parts = [files[:4], files[4:5], files[5:]]  # (one of a single file)
    joined: dict[str, list[dict[str, Any]]] = {n: [] for n in TABLES}
    for i, (part, options) in enumerate(zip(parts, ((), ("--jobs", "2"), ("--jobs", "2")),
                                            strict=True)):
        got = _table(part, tmp_path / f"part{i}", *options)
        for n in TABLES:
            joined[n] += got[n]
    assert joined == whole


@pytest.mark.slow
def test_dask_workers_give_the_rows_of_one_process_in_any_order(tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed")
    files = _corpus(tmp_path)
    whole = _table(files, tmp_path / "whole")
    given = _shuffled(files)
    for workers in ("1", "2"):
        got = _table(given, tmp_path / f"dask{workers}", "--workers", workers)
        _same(got, whole, [f.name for f in given], f"dask{workers}")
    # parts run on Dask, joined: the whole
    joined: dict[str, list[dict[str, Any]]] = {n: [] for n in TABLES}
    for i, part in enumerate((files[:7], files[7:])):
        got = _table(part, tmp_path / f"dpart{i}", "--workers", "2")
        for n in TABLES:
            joined[n] += got[n]
    assert joined == whole
