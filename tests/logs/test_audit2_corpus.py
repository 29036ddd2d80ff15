"""The 16 shared Tenhou logs through every converter and back, and the corpus tables
against counts made from the raw records.

Expected values come from the mjlog XML alone, read by ``xml.etree`` (Tenhou's own
``sc`` score changes and ``owari`` final scores, its ``AGARI`` attributes), never from
mjasp's output.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mjasp.logs as logs
from mjasp.cli import main
from tests.conftest import shared_data
from tests.logs.test_audit_tables import _expected, _ints


def _files() -> list[Path]:
    return sorted(shared_data("logs").glob("*.mjlog"))


def _tenhou(path: Path) -> tuple[list[tuple[str, str, list[int]]], tuple[int, ...] | None]:
    """Every settled round's (name, result, score changes) and the final scores (None
    without ``owari``), from the record's tags."""
    rounds = [(r["round_name"], r["result"], r["deltas"])
              for r in _expected(path)["rounds"] if "result" in r]
    final = None
    for tag in ET.parse(path).getroot():
        if "owari" in tag.attrib:
            final = tuple(100 * int(float(x)) for x in tag.attrib["owari"].split(",")[0::2])
    return rounds, final


def _versions(game: logs.Game) -> dict[str, logs.Game]:
    """The game as each reader reads what the writers make of it: mjlog → tenhou.net/6 →
    MJAI → tenhou.net/6 again, and mjlog → MJAI directly."""
    six = logs.read_tenhou6(json.dumps(logs.write_tenhou6(game), ensure_ascii=False))
    mjai = logs.read_mjai(logs.mjai_text(six).splitlines())
    back = logs.read_tenhou6(json.dumps(logs.write_tenhou6(mjai), ensure_ascii=False))
    out = {"mjlog": game, "tenhou6": six, "mjai": mjai, "tenhou6 from mjai": back}
    if all(r.events and r.events[-1].kind in ("win", "ryuukyoku") for r in game.rounds):
        # (MJAI has no cut round: a copy cut inside a round goes through tenhou.net/6,
        # which keeps its settled rounds)
        out["mjai from mjlog"] = logs.read_mjai(logs.mjai_text(game).splitlines())
    return out


def test_every_round_and_final_score_agrees_across_the_three_readers() -> None:
    files = _files()
    assert len(files) == 16
    settled = finals = 0
    for path in files:
        rounds, final = _tenhou(path)
        for how, game in _versions(logs.read(path, partial=True)).items():
            checked = logs.check_game(game)
            where = f"{path.name} via {how}"
            assert [str(m) for m in checked.mismatches] == [], where
            assert [(r["name"], r["result"], r["deltas"]) for r in checked.round_rows] == \
                rounds, where
            # the final scores travel along (MJAI's end_game ``scores``) and were checked
            assert game.final == final, where
        settled += len(rounds)
        finals += final is not None
    # 133 settled rounds (one round of a cut copy has no result); the 14 complete logs
    # have their final scores (both cut copies stop before owari)
    assert (settled, finals) == (133, 14)


def _raw_wins(path: Path) -> list[dict[str, Any]]:
    """Each AGARI's winner, discarder, yaku with their han and yakuman, from the tags."""
    out = []
    for tag in ET.parse(path).getroot():
        if tag.tag == "AGARI":
            a = tag.attrib
            yaku = _ints(a.get("yaku", ""))
            out.append({"seat": int(a["who"]), "from": int(a["fromWho"]),
                        # (ura dora of a riichi win listed with 0 han too)
                        "yaku": list(zip(yaku[0::2], yaku[1::2], strict=True)),
                        "yakuman": _ints(a.get("yakuman", ""))})
    return out


def test_the_corpus_tables_agree_with_counts_from_the_raw_records(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    files = [p for p in _files() if "-no-" not in p.name]
    result = CliRunner().invoke(main, ["logs", "table", *map(str, files), "-o",
                                       str(tmp_path)])
    assert result.exit_code == 0, result.output
    wins = pq.read_table(tmp_path / "wins.parquet").to_pylist()
    rounds = pq.read_table(tmp_path / "rounds.parquet").to_pylist()
    raw = {p.name: _raw_wins(p) for p in files}

    # wins per game
    assert Counter(w["game"] for w in wins) == Counter(
        {name: len(ws) for name, ws in raw.items() if ws})
    # yaku frequencies (mjasp's own scoring, its ``yaku`` column "id:han,...") against
    # Tenhou's yaku and yakuman attributes
    ours: Counter[tuple[int, int]] = Counter()
    for w in wins:
        for item in (w["yaku"] or "").split(","):
            if item:
                yid, han = map(int, item.split(":"))
                ours[yid, han] += 1
    theirs: Counter[tuple[int, int]] = Counter()
    for ws in raw.values():
        for w in ws:
            theirs.update(w["yaku"])
            theirs.update((yid, 13) for yid in w["yakuman"])
    assert ours == theirs
    assert sum(theirs.values()) > 300  # (the corpus's 115 wins hold several yaku each)
    # deal-ins per game and seat (a double ron: one per winner)
    dealt = Counter((w["game"], w["from_seat"]) for w in wins if w["from_seat"] != w["seat"])
    assert dealt == Counter((name, w["from"]) for name, ws in raw.items() for w in ws
                            if w["from"] != w["seat"])
    # tsumo against ron, and the rounds by result
    assert Counter(w["tsumo"] for w in wins) == Counter(
        w["from"] == w["seat"] for ws in raw.values() for w in ws)
    assert Counter(r["result"] for r in rounds) == Counter(
        r["result"] for p in files for r in _expected(p)["rounds"] if "result" in r)
