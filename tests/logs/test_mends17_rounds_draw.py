"""The rounds table's ``draw`` column against the raw records, read here apart from
mjasp: every mjlog ``<RYUUKYOKU>`` tag's ``type`` (none for an exhaustive draw; ``nm``
nagashi mangan, ``yao9`` nine terminals, ``reach4`` four riichi, ``ron3`` three rons,
``kaze4`` four winds, ``kan4`` four kans: Tenhou's mjlog names,
https://m77.hatenablog.com/entry/2017/05/21/214529), in order, one per settled round."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.conftest import shared_data

pq = pytest.importorskip("pyarrow.parquet")

TENHOU_TYPES = {None: "exhaustive", "nm": "nagashi", "yao9": "nine_terminals",
                "reach4": "four_riichi", "ron3": "triple_ron", "kaze4": "four_winds",
                "kan4": "four_kans"}
_END = re.compile(r"<(AGARI|RYUUKYOKU)\b([^>]*)>")
_TYPE = re.compile(r'\btype="([^"]*)"')
PEERS = Path(__file__).parent / "peer_records"


def _raw_draws(path: Path) -> list[str | None]:
    """One entry per round end of the record (a double ron's second AGARI ends none)."""
    text = path.read_text(encoding="utf-8")
    out: list[str | None] = []
    # a round's end is the first AGARI or RYUUKYOKU after each INIT
    for part in text.split("<INIT ")[1:]:
        found = _END.search(part)
        if found is None:
            continue  # (a copy cut inside its last round)
        if found.group(1) == "AGARI":
            out.append(None)
        else:
            kind = _TYPE.search(found.group(2))
            out.append(TENHOU_TYPES[kind.group(1) if kind else None])
    return out


def _table(tmp: Path, *paths: Path) -> list[dict[str, object]]:
    CliRunner().invoke(main, ["logs", "table", *map(str, paths), "-o", str(tmp)])
    return list(pq.read_table(tmp / "rounds.parquet").to_pylist())


def test_draw_column_is_the_records_draw_type(tmp_path: Path) -> None:
    files = sorted(shared_data("logs").glob("*.mjlog"))
    rows = _table(tmp_path, *files)
    got: dict[str, list[object]] = {}
    for r in rows:
        got.setdefault(str(r["game"]), []).append(r["draw"])
        assert (r["draw"] is None) == (r["result"] == "win")
    seen: set[object] = set()
    for f in files:
        expected = _raw_draws(f)
        # a copy cut short keeps its settled rounds only
        assert got.get(f.name, []) == expected[:len(got.get(f.name, []))], f.name
        if "-no-" not in f.name:
            assert got[f.name] == expected, f.name
        seen.update(expected)
    # the shared logs hold wins, exhaustive draws, nine terminals and four kans
    assert {None, "exhaustive", "nine_terminals", "four_kans"} <= seen
    meta = pq.ParquetFile(tmp_path / "rounds.parquet").metadata.row_group(0)
    column = next(meta.column(i) for i in range(meta.num_columns)
                  if meta.column(i).path_in_schema == "draw")
    assert any("DICTIONARY" in e for e in column.encodings)


@pytest.mark.parametrize(("name", "draw"), [
    ("mortal-four-riichi.mjson", "four_riichi"),  # MJAI ryukyoku without a reason
    ("mortal-nine-terminals.mjson", "nine_terminals"),
    ("riichienv-exhaustive-draw.mjson", "exhaustive"),  # reason "exhaustive_draw"
])
def test_mjai_draws(tmp_path: Path, name: str, draw: str) -> None:
    rows = _table(tmp_path, PEERS / name)
    assert [r["draw"] for r in rows if r["result"] != "win"] == [draw]
