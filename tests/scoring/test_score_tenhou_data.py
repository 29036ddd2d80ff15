"""Every real Tenhou win of ``../shared/data/tenhou_wins_2011.jsonl`` scores as Tenhou scored it.

The expected values are Tenhou's own (points before honba and sticks, han, fu, and the
yaku ids with their han, ura dora listed with 0 on every riichi win as Tenhou does).
The file lives beside the project; where it is absent the test skips. The direct engine
is checked both ways: compiled (``_score.c``, ``mjasp.score``'s default) and pure Python.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import mjasp

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "tenhou_wins_2011.jsonl"


def load() -> list[dict[str, Any]]:
    if not DATA.exists():
        pytest.skip(f"{DATA} is absent (it lives beside the project)")
    return [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]


def as_win(w: dict[str, Any]) -> mjasp.Win:
    return mjasp.Win(tile=w["tile"], tsumo=w["tsumo"], seat_wind=w["seat_wind"],
                     round_wind=w["round_wind"], dora_indicators=tuple(w["dora_indicators"]),
                     ura_indicators=tuple(w["ura_indicators"]), riichi=w["riichi"],
                     honba=w["honba"], riichi_sticks=w["riichi_sticks"])


@pytest.mark.parametrize("solver", ["direct"])
def test_every_tenhou_win_scores_as_tenhou_did(solver: str, kernel_path: str) -> None:
    # kernel_path: once through the compiled scorer (mjasp/solvers/_score.c), once through
    # the pure-Python engine
    rows = load()
    assert len(rows) == 1963
    wrong = []
    for row in rows:
        s = mjasp.score(row["hand"], as_win(row["win"]), solver=solver)
        expected = row["expected"]
        got = {"points": s.points, "han": s.han, "fu": s.fu,
               "yaku": {str(i.yaku.tenhou_id): i.han for i in s.yaku}}
        if got != expected:
            wrong.append((row["source"], row["hand"], expected, got))
    assert wrong == []


def test_payments_add_honba_and_sticks_to_the_points() -> None:
    # the records give points before honba and sticks; the payments must add exactly
    # 300 per honba and 1000 per stick to them
    for row in load()[:300]:
        win = as_win(row["win"])
        s = mjasp.score(row["hand"], win)
        assert s.payments.total == s.points + 300 * win.honba + 1000 * win.riichi_sticks
