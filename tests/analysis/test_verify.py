"""``mjasp verify``: agreement is exit 0 with a summary; any disagreement is exit 1."""

from __future__ import annotations

import itertools
import json

import pytest
from click.testing import CliRunner

from mjasp.analysis import verify as verify_module
from mjasp.cli import main
from mjasp.core.blocks import Decomposition
from mjasp.core.hand import Hand
from mjasp.rules import Rules
from mjasp.solvers.registry import suit_decomposer


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["verify", *args])
    return result.exit_code, result.stdout, result.stderr


def test_engines_agree_on_seeded_hands() -> None:
    code, out, err = run("--hands", "300", "--seed", "5", "--no-suits", "--json")
    data = json.loads(out)
    assert code == 0 and data["ok"] is True
    hands = data["hands"]
    assert hands["hands"] == 600 and hands["disagreements"] == []
    assert hands["winning"] >= 300  # every drawn hand wins; a near miss rarely does
    assert set(hands["engines"]) == {"fast", "asp", "backtrack-dedupe", "backtrack-1",
                                     "backtrack-2", "pair-position"}
    assert set(hands["readings_by_form"]) == {"standard", "chiitoitsu", "kokushi"}
    assert err == ""  # progress is drawn only on a terminal, never under --json


def test_text_summary() -> None:
    code, out, _ = run("--hands", "50", "--no-suits", "--rules", "sanma")
    assert code == 0
    assert out.splitlines()[-1] == "OK: every engine agrees"
    assert "rules tenhou-3p" in out


def test_a_wrong_engine_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    engines = verify_module.hand_engines()
    # an engine that loses every second reading
    real = engines["fast"]

    def every_second_reading(hand: Hand, rules: Rules) -> list[Decomposition]:
        return real(hand, rules)[::2]

    engines["fast"] = every_second_reading
    monkeypatch.setattr(verify_module, "hand_engines", lambda: engines)
    code, out, _ = run("--hands", "200", "--no-suits", "--json")
    data = json.loads(out)
    assert code == 1 and data["ok"] is False
    assert data["hands"]["disagreements"]
    assert all(d["engines"] == ["fast"] for d in data["hands"]["disagreements"])


@pytest.mark.slow  # over 5 s: the contributors' loop skips it, CI runs it
def test_suit_check_on_a_small_space(monkeypatch: pytest.MonkeyPatch) -> None:
    # the full sweep takes half a minute (tests/solvers/test_asp.py does it); here 3,000 vectors
    # of 12+ tiles from each space (where number suits have several readings, which the
    # broken reference below drops), once as they are and once with a broken reference
    real = verify_module.suit_vectors
    monkeypatch.setattr(verify_module, "suit_vectors", lambda honors: itertools.islice(
        (v for v in real(honors) if sum(v) >= 12), 3000))
    code, out, _ = run("--hands", "0", "--sample", "50", "--json")
    data = json.loads(out)
    assert code == 0 and data["suits"]["vectors"] == 6000
    assert data["suits"]["per_vector_calls"] == 100

    def broken(counts: tuple[int, ...], honors: bool) -> object:
        found = suit_decomposer("backtrack-1")(counts, honors)
        return found[1:] if len(found) > 1 else found

    monkeypatch.setattr(verify_module, "suit_decomposer",
                        lambda name: broken if name == "backtrack-2" else suit_decomposer(name))
    code, out, _ = run("--hands", "0", "--sample", "0", "--json")
    data = json.loads(out)
    assert code == 1
    assert {tuple(d["engines"]) for d in data["suits"]["disagreements"]} == {("backtrack-2",)}
