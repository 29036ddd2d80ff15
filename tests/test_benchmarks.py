"""The benchmark script runs and its answers agree with the peers (no wall-clock threshold).

``benchmarks/run_all.py --quick`` times every call it compares on tiny inputs; this only
checks that it finishes, prints its table with every row, and that mjasp and the peers
gave the same answers on every input it timed. Speed itself is never asserted here: a
timing threshold would flake on a busy machine.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.conftest import load_script

pytest.importorskip("xiangting")
pytest.importorskip("mahjong")

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "run_all.py"


@pytest.mark.slow  # over 5 s: the contributors' loop skips it, CI runs it
def test_run_all_quick_runs_and_agrees(kernel_path: str, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # as when run as a script: its folder is on the path (it shares helpers with the others)
    monkeypatch.syspath_prepend(str(SCRIPT.parent))
    rows, wrong = load_script(SCRIPT).main(["--quick"])
    assert wrong == []
    printed = capsys.readouterr().out
    assert "answers agree with the peers" in printed
    # the header names the path that ran (kernel_path: both, in turn)
    assert printed.splitlines()[0].startswith(
        "kernel: compiled" if kernel_path == "compiled" else "kernel: pure Python")
    calls = [row.call for row in rows]
    for call in ("shanten from 34 counts (list)", "shanten from a Hand", "shanten from mpsz text",
                 "decompose from text, warm", "waits of a tenpai hand (readings too)"):
        assert call in calls and call in printed
    assert all(row.mjasp >= 0 for row in rows)


def test_bench_score_runs_a_row_per_rule_set(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # bench_score.py on a few wins: a row per preset and one for the local yaku, and
    # mahjong's points (from the same text) equal mjasp's on each of Tenhou's wins
    script = SCRIPT.parent / "bench_score.py"
    monkeypatch.syspath_prepend(str(SCRIPT.parent))
    monkeypatch.setattr(sys, "argv", [str(script), "--hands", "40", "--asp", "2",
                                      "--rounds", "1"])
    load_script(script).main()
    printed = capsys.readouterr().out
    assert "tenhou: 40 of 40 with equal points" in printed
    lines = printed.splitlines()
    for row in ("tenhou", "tenhou-3p", "mahjongsoul", "mahjongsoul-3p", "wrc",
                "tenhou + local yaku"):
        assert any(line.startswith(row + " ") for line in lines), row
    assert "mjasp asp (2 hands, tenhou)" in printed
