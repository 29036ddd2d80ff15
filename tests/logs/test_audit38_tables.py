"""Every column of ``mjasp logs table`` against an independent reading of the records.

``tests/logs/independent_reader.py`` follows the raw mjlog tags (no mjasp code): each
decision's hand, calls, discard, tsumogiri, riichi, and the tiles its seat sees; each
win's seat, source, tile, whole hand, riichi, han, fu, points, yaku and score changes as
Tenhou recorded them; each round's header and score changes; shanten and effective
tiles by brute force. The tables must match it on every row of the 16 shared logs (the
two cut-short copies included: their rows up to where they stop).
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.conftest import shared_data
from tests.logs.independent_reader import decision_facts, kind, parse, read

pq = pytest.importorskip("pyarrow.parquet")


def _files() -> list[Path]:
    return sorted(shared_data("logs").glob("*.mjlog"))


def _tables(out: Path) -> dict[str, list[dict[str, Any]]]:
    return {n: pq.read_table(out / f"{n}.parquet").to_pylist()
            for n in ("decisions", "wins", "rounds")}


@pytest.fixture(scope="module")
def shared_tables(tmp_path_factory: pytest.TempPathFactory) -> tuple[
        dict[str, list[dict[str, Any]]], dict[str, list[dict[str, Any]]], Path]:
    out = tmp_path_factory.mktemp("tables")
    result = CliRunner().invoke(main, ["logs", "table", *map(str, _files()), "-o", str(out)])
    # the two cut-short copies are reported (exit 2), their rows kept
    assert result.exit_code == 2, result.output
    assert result.output.count("error:") == 2, result.output
    expected: dict[str, list[dict[str, Any]]] = {"decisions": [], "wins": [], "rounds": []}
    for f in _files():
        rows = read(f)
        rows["rounds"] = [r for r in rows["rounds"] if "result" in r]  # settled ones
        for name, values in rows.items():
            expected[name] += values
    return _tables(out), expected, out


@pytest.mark.parametrize("step", [pytest.param(1, marks=pytest.mark.slow), 41])
def test_every_decision_column_matches_the_record(shared_tables: Any, step: int) -> None:
    # every column of every row; the shanten columns (brute force, slow) of every
    # ``step``-th decision, the best of all discards of every fifth of those
    got, expected, _ = shared_tables
    assert len(got["decisions"]) == len(expected["decisions"]) > 6000
    for i, (g, e) in enumerate(zip(got["decisions"], expected["decisions"], strict=True)):
        where = (e["game"], e["round_name"], e["event"])
        assert {c: g[c] for c in ("game", "round", "round_name", "event", "seat", "discard",
                                  "tsumogiri", "riichi")} == {
            c: e[c] for c in ("game", "round", "round_name", "event", "seat", "discard",
                              "tsumogiri", "riichi")}, where
        assert parse(g["hand"]) == e["hand"], where
        assert [parse(m) for m in g["melds"].split()] == e["melds"], where
        assert g["kept_shanten"] == (g["shanten_after"] == g["best_shanten"])
        assert g["kept_ukeire"] == (g["kept_shanten"] and g["ukeire"] == g["best_ukeire"])
        assert g["value_rank"] is None
        if i % step:
            continue
        facts = decision_facts(e, best_too=i % (5 * step) == 0)
        facts["effective"] = Counter(facts["effective"])
        ours = {c: g[c] for c in facts}
        ours["effective"] = Counter(kind(t) for t in parse(g["effective"]).elements())
        assert ours == facts, where
    assert sum(e["melds"] != [] for e in expected["decisions"]) > 500
    assert sum(e["riichi"] for e in expected["decisions"]) > 50


def test_every_win_and_round_column_matches_the_record(shared_tables: Any) -> None:
    got, expected, _ = shared_tables
    assert len(got["wins"]) == len(expected["wins"]) == 115
    for g, e in zip(got["wins"], expected["wins"], strict=True):
        where = (e["game"], e["round_name"])
        for c in ("game", "round", "round_name", "event", "seat", "from_seat", "tsumo",
                  "tile", "riichi", "points", "han", "yakuman", "deltas"):
            assert g[c] == e[c], (where, c)
        # a yakuman's fu is not scored (its points do not depend on it): 0; the log's
        # own is log_fu
        assert g["fu"] == (0 if e["yakuman"] else e["fu"]), where
        assert g["log_fu"] == e["fu"] and g["log_points"] == e["points"], where
        assert sorted(tuple(map(int, y.split(":"))) for y in g["yaku"].split(",")) == \
            e["yaku"], where
        assert parse(g["hand"]) == e["tiles"], where
        assert g["agrees"] is True
    assert {e["riichi"] for e in expected["wins"]} == {0, 1}  # (no double riichi win)
    assert len(got["rounds"]) == len(expected["rounds"]) == 133
    for g, e in zip(got["rounds"], expected["rounds"], strict=True):
        assert {c: g[c] for c in e if c != "before"} == {
            c: v for c, v in e.items() if c != "before"}


def test_pandas_reads_the_values_pyarrow_reads(shared_tables: Any) -> None:
    # (pandas turns an integer column with nulls, log_han and value_rank, into floats:
    # the values stay, null as NaN)
    import math

    pd = pytest.importorskip("pandas")
    got, _, out = shared_tables
    for name, rows in got.items():
        frame = pd.read_parquet(out / f"{name}.parquet")
        assert list(frame.columns) == list(rows[0])
        for ours, theirs in zip(rows, frame.to_dict("records"), strict=True):
            for column, value in ours.items():
                other = theirs[column]
                other = other.tolist() if hasattr(other, "tolist") else other
                if value is None:
                    assert other is None or (isinstance(other, float) and math.isnan(other))
                else:
                    assert other == value, (name, column)


@pytest.mark.parametrize("step", [pytest.param(1, marks=pytest.mark.slow), 7])
def test_the_decisions_of_the_peer_records_match_an_mjai_reading(
        tmp_path: Path, step: int) -> None:
    # the engines' MJAI records kept in tests/logs/peer_records: three players with the
    # north set aside, open, closed and added kans, a kan's dora before a robbing ron,
    # a double ron on a robbed kan, four kans; read line by line here (no mjasp code)
    from tests.logs.independent_reader import read_mjai

    # (the MJAI ones only: the folder holds other formats too)
    records = sorted((Path(__file__).parent / "peer_records").glob("*.mjson"))
    folder = tmp_path / "records"
    folder.mkdir()
    for f in records:
        shutil.copy(f, folder)
    result = CliRunner().invoke(main, ["logs", "table", str(folder), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    got = pq.read_table(tmp_path / "decisions.parquet").to_pylist()
    expected = [{**d, "game": f.name} for f in records for d in read_mjai(f)]
    assert len(got) == len(expected) > 300
    assert {d["players"] for d in expected} == {3, 4}
    for i, (g, e) in enumerate(zip(got, expected, strict=True)):
        where = (e["game"], e["round_name"], e["seat"], e["discard"])
        assert {c: g[c] for c in ("game", "round", "round_name", "seat", "discard",
                                  "tsumogiri", "riichi")} == {
            c: e[c] for c in ("game", "round", "round_name", "seat", "discard",
                              "tsumogiri", "riichi")}, where
        assert parse(g["hand"]) == e["hand"], where
        assert [parse(m) for m in g["melds"].split()] == e["melds"], where
        if i % step:
            continue
        facts = decision_facts(e, best_too=True)
        facts["effective"] = Counter(facts["effective"])
        ours = {c: g[c] for c in facts}
        ours["effective"] = Counter(kind(t) for t in parse(g["effective"]).elements())
        assert ours == facts, where
    kans = [m for e in expected for m in e["melds"] if sum(m.values()) == 4]
    assert kans


def test_the_documented_columns_are_the_schemas() -> None:
    # docs/logs.md's three tables of columns and types against the Parquet schemas
    pa = pytest.importorskip("pyarrow")
    from mjasp.logs.table import schemas

    text = (Path(__file__).parents[2] / "docs" / "logs.md").read_text()
    for name, schema in schemas().items():
        section = text.split(f"**{name}.parquet**", 1)[1].split("\n\n", 2)[1]
        documented: list[tuple[str, str]] = []
        for line in section.splitlines()[2:]:
            names, types = (c.strip().split(", ") for c in line.strip("|").split("|")[:2])
            types = [t for t in types if t != "null"]  # (a column that may be null)
            if len(types) == 1:  # one type for all the names
                types *= len(names)
            documented += zip(names, types, strict=True)
        assert documented == [
            (f.name, "list<int32>" if pa.types.is_list(f.type) else str(f.type))
            for f in schema], name
