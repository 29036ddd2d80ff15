"""Every real Tenhou win of ``../shared/data/tenhou_wins_2011.jsonl`` scores as Tenhou scored it.

The expected values are Tenhou's own (points before honba and sticks, han, fu, and the
yaku ids with their han, ura dora listed with 0 on every riichi win as Tenhou does).
The file lives beside the project (``tests.conftest.shared_data``: where it is absent the
test skips with the reason shown, and fails under CI). Every win runs through each
scoring path but the ASP engine (``tests.conftest.SCORING_PATHS``; the ASP engine's run
is in test_score_asp.py): the direct engine itself and ``mjasp.score``, each once with the
compiled decomposition kernel and once in pure Python.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import mjasp
from mjasp.rules import RULES
from mjasp.solvers import scoring_direct
from tests.conftest import SCORING_PATHS, shared_data

TENHOU = RULES["tenhou"]


def load() -> list[dict[str, Any]]:
    data = shared_data("tenhou_wins_2011.jsonl")
    return [json.loads(line) for line in data.read_text().splitlines() if line.strip()]


def as_win(w: dict[str, Any]) -> mjasp.Win:
    return mjasp.Win(tile=w["tile"], tsumo=w["tsumo"], seat_wind=w["seat_wind"],
                     round_wind=w["round_wind"], dora_indicators=tuple(w["dora_indicators"]),
                     ura_indicators=tuple(w["ura_indicators"]), riichi=w["riichi"],
                     honba=w["honba"], riichi_sticks=w["riichi_sticks"])


@pytest.mark.parametrize("path", [p for p in SCORING_PATHS if p != "asp"])
def test_every_tenhou_win_scores_as_tenhou_did(path: str, kernel_path: str) -> None:
    # kernel_path: once with the compiled decomposition kernel, once in pure Python
    rows = load()
    assert len(rows) == 1963
    scorer = SCORING_PATHS[path]
    wrong = []
    calls = scoring_direct.COUNTERS["calls"]
    for row in rows:
        s = scorer(row["hand"], as_win(row["win"]), TENHOU)
        assert s is not None
        expected = row["expected"]
        got = {"points": s.points, "han": s.han, "fu": s.fu,
               "yaku": {str(i.yaku.tenhou_id): i.han for i in s.yaku}}
        if got != expected:
            wrong.append((row["source"], row["hand"], expected, got))
    assert wrong == []
    # the engine the test is named for answered every win
    assert scoring_direct.COUNTERS["calls"] - calls == len(rows)


def test_payments_add_honba_and_sticks_to_the_points() -> None:
    # the records give points before honba and sticks; the payments must add exactly
    # 300 per honba and 1000 per stick to them
    for row in load()[:300]:
        win = as_win(row["win"])
        s = mjasp.score(row["hand"], win)
        assert s.payments.total == s.points + 300 * win.honba + 1000 * win.riichi_sticks
