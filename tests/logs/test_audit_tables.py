"""The Parquet tables of ``mjasp logs table`` against the records read another way.

Every column that copies the record (where, who, the recorded score, the round's
header, the discards) is rebuilt here from the shared Tenhou logs by ``xml.etree`` and
the format alone (Tenhou's mjlog tags, as ``tests/logs/mjlog_records.py`` describes
them), and compared row by row with the tables.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.conftest import shared_data

RED = {16: "0m", 52: "0p", 88: "0s"}


def _tile(i: int) -> str:
    return RED.get(i) or f"{i // 4 % 9 + 1}{'mpsz'[i // 36]}"


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def _name(seed: list[int]) -> str:
    return f"{'ESWN'[seed[0] // 4]}{seed[0] % 4 + 1}" + (f"-{seed[1]}" if seed[1] else "")


def _expected(path: Path) -> dict[str, list[dict[str, Any]]]:
    """The rows a record implies, from its tags in order (no mjasp code)."""
    wins: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    decisions: list[dict[str, Any]] = []
    index = -1
    seed: list[int] = []
    last_draw = [-1] * 4
    declared = [False] * 4
    for tag in ET.parse(path).getroot():
        name, a = tag.tag, tag.attrib
        if name == "INIT":
            index += 1
            seed = _ints(a["seed"])
            last_draw = [-1] * 4
            declared = [False] * 4
            rounds.append({"game": path.name, "round": index, "round_name": _name(seed),
                           "wind": seed[0] // 4, "number": seed[0] % 4, "honba": seed[1],
                           "sticks": seed[2], "dealer": int(a["oya"]), "deltas": [0] * 4})
        elif name[0] in "TUVW" and name[1:].isdigit():
            last_draw["TUVW".index(name[0])] = int(name[1:])
        elif name[0] in "DEFG" and name[1:].isdigit():
            seat, i = "DEFG".index(name[0]), int(name[1:])
            decisions.append({"game": path.name, "round": index, "round_name": _name(seed),
                              "seat": seat, "discard": _tile(i),
                              "tsumogiri": i == last_draw[seat], "riichi": declared[seat]})
            last_draw[seat] = -1
            declared[seat] = False
        elif name == "REACH" and a["step"] == "1":
            declared[int(a["who"])] = True
        elif name in ("AGARI", "RYUUKYOKU"):
            change = [100 * d for d in _ints(a["sc"])[1::2]]
            rounds[-1]["result"] = "win" if name == "AGARI" else "ryuukyoku"
            rounds[-1]["deltas"] = [x + d for x, d in zip(rounds[-1]["deltas"], change,
                                                          strict=True)]
            if name == "AGARI":
                fu, points, _ = _ints(a["ten"])
                yaku = _ints(a.get("yaku", ""))
                pairs = list(zip(yaku[0::2], yaku[1::2], strict=True))
                wins.append({"game": path.name, "round": index, "round_name": _name(seed),
                             "seat": int(a["who"]), "from_seat": int(a["fromWho"]),
                             "tsumo": a["who"] == a["fromWho"], "deltas": change,
                             "log_fu": fu, "log_points": points,
                             # a yakuman lists no han: none recorded
                             "log_han": sum(h for _, h in pairs) if pairs else None,
                             "log_yaku": ",".join(f"{i}:{h}" for i, h in pairs) or None})
    return {"wins": wins, "rounds": rounds, "decisions": decisions}


def test_tables_copy_every_record_field(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    files = sorted(p for p in shared_data("logs").glob("*.mjlog") if "-no-" not in p.name)
    result = CliRunner().invoke(main, ["logs", "table", *map(str, files), "-o",
                                       str(tmp_path)])
    assert result.exit_code == 0, result.output
    per_file = [_expected(f) for f in files]
    for table in ("wins", "rounds", "decisions"):
        expected = [row for rows in per_file for row in rows[table]]
        got = pq.read_table(tmp_path / f"{table}.parquet").to_pylist()
        got.sort(key=lambda r: (r["game"], r["round"], r.get("event", 0)))
        assert len(got) == len(expected) > 0, table
        for ours, theirs in zip(got, expected, strict=True):
            assert {k: ours[k] for k in theirs} == theirs, table


def test_no_input_leaves_the_tables_as_they_were(tmp_path: Path) -> None:
    # an empty directory is an error (exit 2, "no files to read"), found before the
    # tables are opened: the tables of an earlier run stay
    pytest.importorskip("pyarrow")
    good = str(shared_data("logs") / "pao-tsumo.mjlog")
    out = tmp_path / "tables"
    runner = CliRunner()
    assert runner.invoke(main, ["logs", "table", good, "-o", str(out)]).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    (tmp_path / "empty").mkdir()
    result = runner.invoke(main, ["logs", "table", str(tmp_path / "empty"), "-o", str(out)])
    assert result.exit_code == 2 and "no files to read" in result.output
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    result = runner.invoke(main, ["logs", "check", str(tmp_path / "empty")])
    assert result.exit_code == 2 and "no files to read" in result.output


def test_three_player_decisions_count_no_2m_to_8m() -> None:
    # Tenhou's three-player game has no 2m-8m (https://riichi.wiki/Sanma): they are
    # never effective tiles. Brute force, one decision at a time: every kind of the game
    # drawn after the discard, its unseen copies counted against what the seat sees.
    import numpy as np

    import mjasp
    import mjasp.logs as logs
    from mjasp.logs.model import KIND, tiles_text
    from mjasp.logs.replay import replay
    from mjasp.logs.table import decision_rows
    from tests.logs.mjlog_records import Record, sc

    rec = Record(lobby=184, players=3)
    start = [35000] * 3
    ids = rec.new_round(0, 0, 0, 0, start, "1m", ["4z123p56789s123z9m", "1199p1199s5566z4z",
                                                  "2345678p2345s1m9m"])
    seat = 0
    for k in ("6p", "9s", "1m", "1s", "7z", "9p", "4z"):
        drawn = rec.take(k)
        rec.draw(seat, drawn)
        rec.discard(seat, ids[seat].pop(0))
        ids[seat].append(drawn)
        seat = (seat + 1) % 3
    rec.tag(f'<RYUUKYOKU type="yao9" ba="0,0" sc="{sc(start, [0] * 3, 3)}" '
            f'owari="350,0,350,0,350,0,0,0"/>')
    game = logs.read_mjlog(rec.text())
    kinds = [k for k in range(34) if not 1 <= k <= 7]
    expected = []
    for event, state in replay(game.rounds[0], 3):
        if event.kind != "discard":
            continue
        counts = np.zeros(34, np.uint8)
        for t in state.hands[event.who]:
            counts[KIND[t]] += 1
        seen = state.visible(event.who)  # after the discard: the river holds it
        before = int(mjasp.shanten_batch(counts[None, :])[0])
        good = []
        for d in kinds:
            if counts[d] < 4:
                row = counts.copy()
                row[d] += 1
                if int(mjasp.shanten_batch(row[None, :])[0]) < before:
                    good.append(d)
        expected.append((before, sum(max(0, 4 - seen[d]) for d in good), good))
    rows = decision_rows(game)
    assert len(rows) == 7
    assert [(r["shanten_after"], r["ukeire"], r["effective"]) for r in rows] == [
        (s, u, tiles_text(good)) for s, u, good in expected]
