"""advise's exact values against the Monte Carlo simulator, on situations the fixed
benchmark hands leave out: open hands (chi, pon, kan, with and without a yakuhai), three
players, the wrc and Mahjong Soul presets, red fives, two dora indicators, visible tiles,
each riichi policy, 13 and 14 tiles.

The simulator (:mod:`mjasp.advice.simulate`) has its own wall, win test and scoring; only
the decisions come from the exact search. A difference of more than 4.5 standard errors
fails (about 7 in a million per comparison if both describe the same model). Each
situation also checks that every probability is in [0, 1], tenpai at least win, and that
the explanation's parts add up to the value.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from mjasp.advice.api import advise
from mjasp.advice.explain import explain_discard
from mjasp.advice.simulate import simulate

PLAYS = 500

SITUATIONS: list[tuple[str, dict[str, Any]]] = [
    ("1678p24s5z [666z] [333z]",
     {"rules": "mahjongsoul-3p", "dora_indicators": ("1s", "7s"), "draws": 3,
      "riichi": "choose", "seat_wind": "W", "round_wind": "S", "visible": "7s6s9s9m4z8s"}),
    ("779p123406s57z [3333z]",
     {"rules": "tenhou-3p", "dora_indicators": ("6z", "3p"), "draws": 4, "riichi": "never",
      "seat_wind": "S", "round_wind": "E", "visible": "5z7s3p1m6p2p"}),
    ("4m130p78s33z [345m] [666z]",
     {"rules": "tenhou", "dora_indicators": ("7p",), "draws": 5, "riichi": "always",
      "seat_wind": "E", "round_wind": "E", "visible": "4m9m7s"}),
    # two open kans, two indicators: the last kan's is still to turn (drawn from the wall)
    ("05m20p3458s [4444z] [5555z]",
     {"rules": "tenhou", "dora_indicators": ("6p", "3m"), "draws": 5, "riichi": "choose",
      "seat_wind": "E", "round_wind": "E", "visible": "7z2m7s"}),
    ("2567p5699s555z [777s]",
     {"rules": "tenhou-3p", "dora_indicators": ("2z", "3z"), "draws": 5, "riichi": "never",
      "seat_wind": "S", "round_wind": "E"}),
    ("1889m2367p666789s",
     {"rules": "wrc", "dora_indicators": ("2m",), "draws": 5, "riichi": "choose",
      "seat_wind": "E", "round_wind": "S"}),
    ("234579p2355567s3z",
     {"rules": "mahjongsoul-3p", "dora_indicators": ("4s",), "draws": 5, "riichi": "always",
      "seat_wind": "S", "round_wind": "E", "visible": "3s3p6z5z4s7p"}),
]


@pytest.mark.slow  # a few seconds each
@pytest.mark.parametrize(("hand", "options"), SITUATIONS, ids=[h for h, _ in SITUATIONS])
def test_exact_values_agree_with_the_simulator(hand: str, options: dict[str, Any]) -> None:
    advice = advise(hand, **options)
    for c in advice.candidates:
        for tenpai, win in zip(c.tenpai_prob, c.win_prob, strict=True):
            assert 0.0 <= win <= tenpai + 1e-12 <= 1.0 + 2e-12, (c.discard, tenpai, win)
    best = advice.candidates[0]
    ev, win = best.expected_points[0], best.win_prob[0]
    parts = explain_discard(hand, best.discard or "-", dict(options))
    assert parts["expected_points"] == pytest.approx(ev, rel=1e-9, abs=1e-9)
    assert sum(parts["by_turn"]) == pytest.approx(ev, rel=1e-9, abs=1e-9)
    r = simulate(hand, discard=best.discard, n=PLAYS, seed=2026, **options)
    win_se = math.sqrt(max(win * (1 - win), 1e-12) / PLAYS)
    assert abs(r.win_rate - win) <= 4.5 * win_se, (r, win)
    # the sample's spread; with no win seen, a win's worth (ev / win) times the Bernoulli
    # standard error under the exact win probability
    points_se = r.points_se or (ev / win * win_se if win > 0 else 0.0)
    assert abs(r.points - ev) <= 4.5 * points_se + 1e-9, (r, ev)
