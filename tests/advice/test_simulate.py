"""The Monte Carlo simulator against the exact values: the benchmark's check, smaller.

``benchmarks/bench_advise_mc.py`` plays fixed random hands (tenpai, one- and two-shanten)
in mjasp's model with random walls and compares the simulated expected points and win
rate with the exact search's; here four of its hands, fewer plays and a short horizon.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import load_script

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_advise_mc.py"


def _bench() -> object:
    return load_script(SCRIPT)


def test_simulation_agrees_within_three_standard_errors(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = _bench()
    worst, within, hands = bench.main(["--hands", "4", "--plays", "600",  # type: ignore[attr-defined]
                                       "--draws", "4,4,4", "--quiet"])
    assert hands == 4
    assert within == hands, capsys.readouterr().out
    assert worst <= 3.0


def test_the_fixed_hands_are_fixed_and_mixed() -> None:
    bench = _bench()
    first = bench.fixed_hands(20, 2026)  # type: ignore[attr-defined]
    assert first == bench.fixed_hands(20, 2026)  # type: ignore[attr-defined]
    assert [s for _, _, s in first].count(0) == 8     # 40 % tenpai
    assert {s for _, _, s in first} == {0, 1, 2}


def test_a_z_score_without_spread_needs_equality() -> None:
    bench = _bench()
    assert bench.z_score(0.0, 0.0, 0.0) == 0.0  # type: ignore[attr-defined]
    assert bench.z_score(0.0, 5.0, 0.0) == float("inf")  # type: ignore[attr-defined]
    # no win seen in 1000 plays of a 1 % hand worth 1000 points a win: the standard error
    # of a Bernoulli(0.01) times 1000 is 1000 * sqrt(0.01 * 0.99 / 1000) = 3.146...
    assert bench.points_se(0.0, 10.0, 0.01, 1000) == pytest.approx(3.1464265, rel=1e-6)  # type: ignore[attr-defined]
