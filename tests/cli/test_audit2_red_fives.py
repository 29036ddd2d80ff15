"""Every command that takes a hand refuses red fives beyond the rules' wall in one line,
exit 2, with the message ``mjasp score`` gives (see tests/analysis/test_audit2_red_fives.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjasp.cli.app import main

COMPLETE = "123m406p406p789s11z"  # two red 5p: Tenhou's wall has one
WAITING = "123m406p406p789s1z"
# (arguments, the hand as the message shows it)
COMMANDS = [(["decompose", COMPLETE], "123m440066p789s11z"),
            (["shanten", WAITING], "123m440066p789s1z"),
            (["shanten", COMPLETE], "123m440066p789s11z"),
            (["waits", WAITING], "123m440066p789s1z"),
            (["kan", "111m406p406p789s1z", "1m"], "1111m440066p789s1z"),
            (["draw", COMPLETE], "123m440066p789s11z"),
            (["score", COMPLETE, "--win", "1z"], "123m440066p789s11z"),
            (["advise", COMPLETE, "--draws", "1"], "123m440066p789s11z")]
NAMES = [" ".join(c[0][:2]) for c in COMMANDS]


@pytest.mark.parametrize(("command", "shown"), COMMANDS, ids=NAMES)
@pytest.mark.parametrize("rules", [[], ["--rules", "tenhou"]])
def test_two_red_5p_are_one_line_and_exit_2(command: list[str], shown: str,
                                            rules: list[str]) -> None:
    result = CliRunner().invoke(main, [*command, *rules])
    assert result.exit_code == 2, result.output
    assert result.output == f"mjasp: error: two red fives (0p) in {shown}; the tenhou " \
                            "rules have 1\n"


@pytest.mark.parametrize(("command", "shown"), COMMANDS, ids=NAMES)
def test_one_red_five_is_fine_under_tenhou_and_refused_under_wrc(command: list[str],
                                                                 shown: str) -> None:
    one = [arg.replace("406p", "456p", 1) for arg in command]
    assert CliRunner().invoke(main, [*one, "--rules", "tenhou"]).exit_code == 0
    result = CliRunner().invoke(main, [*one, "--rules", "wrc"])
    assert result.exit_code == 2
    assert result.output.startswith("mjasp: error: one red five (0p) in ")
    assert result.output.endswith("; the wrc rules have none\n")


def test_json_and_batch_say_the_same(tmp_path: Path) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text(COMPLETE + "\n")
    result = CliRunner().invoke(main, ["decompose", "--batch", str(batch)])
    assert result.exit_code == 2
    error = json.loads(result.output)["error"]
    assert error["message"] == "two red fives (0p) in 123m440066p789s11z; the tenhou rules have 1"


def test_solve_refuses_them_among_the_hand_facts(tmp_path: Path) -> None:
    facts = tmp_path / "hand.lp"
    facts.write_text(f'hand("{COMPLETE}").\n')
    result = CliRunner().invoke(main, ["solve", str(facts)])
    assert result.exit_code == 2
    assert result.output == ("mjasp: error: two red fives (0p) in 123m440066p789s11z; the "
                             "tenhou rules have 1\n")


def test_visible_red_fives_are_counted_too() -> None:
    result = CliRunner().invoke(main, ["shanten", "123m406p456p789s1z", "--visible", "0p"])
    assert result.exit_code == 2
    assert result.output == ("mjasp: error: visible tiles: two red fives (0p) between the hand "
                             "and the visible tiles; the tenhou rules have 1\n")
