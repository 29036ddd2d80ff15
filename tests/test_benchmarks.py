"""The benchmark script runs and its answers agree with the peers (no wall-clock threshold).

``benchmarks/run_all.py --quick`` times every call it compares on tiny inputs; this only
checks that it finishes, prints its table with every row, and that mjasp and the peers
gave the same answers on every input it timed. Speed itself is never asserted here: a
timing threshold would flake on a busy machine.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("xiangting")
pytest.importorskip("mahjong")

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "run_all.py"


def test_run_all_quick_runs_and_agrees(kernel_path: str, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # as when run as a script: its folder is on the path (it shares helpers with the others)
    monkeypatch.syspath_prepend(str(SCRIPT.parent))
    spec = importlib.util.spec_from_file_location("run_all", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["run_all"] = module
    try:
        spec.loader.exec_module(module)
        rows, wrong = module.main(["--quick"])
    finally:
        del sys.modules["run_all"]
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


def test_bench_score_runs_and_both_paths_agree(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # bench_score.py on a few wins: every row printed, mahjong's points equal on each win,
    # and mjasp's compiled and pure-Python paths give equal Scores on each
    script = SCRIPT.parent / "bench_score.py"
    monkeypatch.syspath_prepend(str(SCRIPT.parent))
    monkeypatch.setattr(sys, "argv", [str(script), "--hands", "60", "--asp", "2",
                                      "--rounds", "1"])
    spec = importlib.util.spec_from_file_location("bench_score", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main()
    printed = capsys.readouterr().out
    assert "60 with equal points" in printed and "60 equal Scores from both paths" in printed
    for row in ("mjasp direct", "mjasp asp (2 hands)", "mahjong HandCalculator"):
        assert row in printed
