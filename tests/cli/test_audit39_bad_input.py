"""Bad input to count, generate, forms, draw, decompose and kan: one line on stderr and
exit code 2, and under ``--json`` one JSON line with the error's type, message and
position (docs/cli.md, "Errors and exit codes")."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjasp.cli.app import main

CASES = [
    # (the command line, words the message holds)
    (["decompose", "11122233344455x"], "unknown character"),
    (["decompose", "1112223334445m"], "14 tiles"),
    (["decompose", "11111m222333444m"], "copies"),
    (["decompose", "0m0m5m123p456s789s11z"], "red"),
    (["decompose", "11z [12m] [123p] [456p] [789p]"], ""),
    (["decompose", "0m23m456p789s11z123p", "--rules", "wrc"], "red"),
    (["decompose", "11122233344455m", "--solver", "nope"], ""),
    (["decompose", "11122233344455m", "--rules", "x"], ""),
    (["kan", "1111m23456p789s1z", "1m"], "okurikan"),  # four held before the draw
    (["kan", "111m23456p789s11z", "2p"], "three"),
    (["kan", "111m23456p789s11z [123m]", "1m"], ""),
    (["kan", "111m2468p13579s1z", "1m"], "tenpai"),
    (["kan", "111m23456p789s11z", "xx"], "TILE"),
    (["kan", "111m23456p789s1z", "1m"], "13"),
    (["kan", "0m0m0m23456p789s11z", "5m"], "red"),
    (["kan", "111m23456p789s11z", "1m", "--rules", "nope"], ""),
    (["kan", "111m23456p789s11z", "1m", "--option", "riichi_kan=maybe"], ""),
    *((["forms", *args], "") for args in (
        ["--melds", "5"], ["--melds", "-1"], ["--melds", "x"], ["--list", "--limit", "-1"],
        ["--count", "--list"], ["--limit", "3"], ["--list", "--engine", "asp"],
        ["--engine", "z3"])),
    *((["draw", *args], "") for args in (
        ["11111m"], ["12x"], ["11z [12m]"], ["0m11z", "--rules", "wrc"], ["123m (0055m)"],
        ["11122233344455m", "--reading", "9"], ["12m", "--reading", "1"],
        ["11z", "--scale", "0"], ["11z", "--scale", "inf"], ["11z", "-o", "x.txt"],
        ["11z", "--format", "gif"])),
    *((["count", *args], "") for args in (
        ["--tiles", "137"], ["--tiles", "-1"], ["--tiles", "x"], ["--tiles", "1e3"],
        ["--tiles", "3", "--players", "5"], ["--tiles", "3", "--rules", "nope"],
        ["--tiles", "3", "--option", "red_fives=3,0,0"], ["--tiles", "3", "--option", "x"],
        ["--tiles", "3", "--rules", "sanma", "--players", "4"])),
    (["count", "--tiles", "3", "--players", "4", "--option", "players=3"], "disagree"),
    *((["generate", *args], "") for args in (
        ["--tiles", "15"], ["--tiles", "137", "--format", "ids"],
        ["--tiles", "109", "--players", "3", "--format", "ids"], ["--tiles", "3", "-n", "-1"],
        ["--tiles", "3", "-n", str(2**64 + 1)], ["--tiles", "3", "--seed", "-1"],
        ["--tiles", "3", "--seed", str(2**64)], ["--tiles", "3", "--format", "ids", "--json"],
        ["--tiles", "3", "--players", "2"])),
]


@pytest.mark.parametrize(("args", "words"), CASES, ids=" ".join)
def test_bad_input_is_one_line_exit_2(args: list[str], words: str) -> None:
    if "--json" not in args:
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, result.output
        assert len(result.output.strip().splitlines()) == 1 and words in result.output
        assert result.output.startswith("mjasp: error: ")
    as_json = CliRunner().invoke(main, [*args, "--json"] if "--json" not in args else args)
    assert as_json.exit_code == 2
    assert set(json.loads(as_json.output)["error"]) == {"type", "message", "position"}
