"""``mjasp advise`` takes the rules as every command does: ``--rules`` (the shared option:
the same presets and aliases as ``mjasp score``) and ``--option NAME=VALUE`` (as ``mjasp
score`` and ``mjasp count``), with the same one-line errors."""

from __future__ import annotations

import json
from typing import Any

import click
import pytest
from click.testing import CliRunner

from mjasp import advise
from mjasp.cli.app import main
from mjasp.rules import RULES

# Seat South (a non-dealer), one draw left (haitei), dora indicator 1m (dora 2m). The
# hand waits on 5s alone: 136 tiles less 13 in sight (7 in hand, a chi, a pon) and the
# indicator leave 122 unseen, among them two 5s (four less the one held and the red one
# in the chi), both plain (Tenhou's wall has one red 5s). A tsumo on 5s: chun 1 + red
# five 1 + haitei 1 + dora 2m 1 = 4 han; fu 20 + tsumo 2 + open honour pon 4 + single
# wait 2 = 28 -> 30. 30 fu 4 han is 1920 base points: 2000 + 2000 + 3900 = 7900; with
# kiriage mangan (30 fu 4 han rounded up to mangan) 2000 + 2000 + 4000 = 8000.
HAND = "123m456p5s [406s] [777z]"
SITUATION = ["--draws", "1", "--riichi", "never", "--seat", "S", "--dora", "1m", "--json"]


def _advise(*extra: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["advise", HAND, *SITUATION, *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


@pytest.mark.parametrize(("extra", "points"), [
    ((), 7900), (("--option", "kiriage=true"), 8000), (("--option", "kiriage=on"), 8000),
    (("--rules", "wrc", "--option", "red_fives=1,1,1"), 8000)])
def test_an_option_changes_the_value_as_the_rule_says(extra: tuple[str, ...],
                                                      points: int) -> None:
    data = _advise(*extra)
    [best] = data["candidates"]
    assert best["win_prob"][0] == pytest.approx(2 / 122, abs=1e-12)
    assert best["expected_points"][0] == pytest.approx(2 * points / 122, abs=1e-9)


def test_the_option_reaches_the_same_search_as_the_api_with_those_rules() -> None:
    data = _advise("--option", "kiriage=true")
    api = advise(HAND, draws=1, riichi="never", seat_wind="S", dora_indicators="1m",
                 rules=RULES["tenhou"].replace(kiriage=True))
    [best] = data["candidates"]
    assert best["expected_points"] == pytest.approx(list(api.candidates[0].expected_points),
                                                    abs=1e-9)
    # the JSON says which options were changed, as mjasp score --json does
    assert data["settings"] == {**data["settings"], "rules": "tenhou",
                                "options": {"kiriage": True}}


def _choices(command: str) -> list[str]:
    [rules] = [p for p in main.all_commands()[command].params if p.name == "rules"]
    assert isinstance(rules.type, click.Choice)
    return list(rules.type.choices)


def test_every_preset_and_alias_score_takes_is_taken() -> None:
    assert _choices("advise") == _choices("score")
    assert set(RULES) <= set(_choices("advise"))


@pytest.mark.parametrize("bad", [
    ["--option", "kiriage=maybe"], ["--option", "nosuch=1"], ["--option", "kiriage"],
    ["--option", "kiriage=true", "--option", "kiriage=false"], ["--rules", "nosuch"]])
def test_a_bad_option_is_the_line_score_prints(bad: list[str]) -> None:
    runner = CliRunner()
    advised = runner.invoke(main, ["advise", HAND, "--draws", "1", *bad])
    scored = runner.invoke(main, ["score", "123m456p55s [406s] [777z]", "--win", "5s", *bad])
    assert advised.exit_code == scored.exit_code == 2
    assert advised.output == scored.output
    assert advised.output.startswith("mjasp: error: ") and advised.output.count("\n") == 1


def test_a_red_five_option_sets_the_wall() -> None:
    # no red fives: the red 5s called in the chi cannot be (one line, exit 2), as the
    # hand check says for mjasp score
    result = CliRunner().invoke(main, ["advise", HAND, "--draws", "1", "--option",
                                       "red_fives=0,0,0"])
    assert result.exit_code == 2
    assert result.output == ("mjasp: error: one red five (0s) in 123m456p5s [406s] [777z]; "
                             "the tenhou rules have none\n")
