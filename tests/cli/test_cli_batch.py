"""``--batch FILE`` of ``mjasp decompose | shanten | waits | score``: one compact JSON line
per hand, each exactly what ``mjasp <command> HAND --json`` prints, bad lines as
``{"line": N, "error": ...}`` with exit 2, the other lines answered all the same."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mjasp.analysis.sampling import sample_hands
from mjasp.cli import main


def run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    return result.exit_code, result.stdout, result.stderr


def single(command: str, hand: str, *options: str) -> tuple[int, Any]:
    """The expected answer: what one ``mjasp COMMAND HAND --json`` prints."""
    code, out, _ = run([command, hand, *options, "--json"])
    return code, json.loads(out)


def batch(command: str, lines: list[str], *options: str) -> tuple[int, list[str]]:
    code, out, _ = run([command, "--batch", "-", *options], "\n".join(lines) + "\n")
    return code, out.splitlines()


COMPLETE = ["111222333m45677p", "22334455667788m", "19m19p19s1234567z7z", "11223344556677z",
            "123m456p789s1122z3z", "111m 222p 333s [444z] 55z"]


@pytest.mark.parametrize(("command", "hands"), [
    ("decompose", COMPLETE),
    # 13 tiles (effective tiles) and 14 tiles (the discard table), sampled and by hand
    ("shanten", ["123m456p789s1122z", "1112345678999m5z", "19m19p19s1234567z",
                 *[str(h) for h in sample_hands(12, 13, seed=41)],
                 *[str(h) for h in sample_hands(12, 14, seed=42)]]),
    ("waits", ["2344m456p789s111z", "1112345678999m", "19m19p19s1234567z", "1234m",
               *[str(h) for h in sample_hands(12, 13, seed=43)]]),
])
def test_each_line_is_the_single_hand_json(command: str, hands: list[str]) -> None:
    code, lines = batch(command, hands)
    assert code == 0 and len(lines) == len(hands)
    for hand, line in zip(hands, lines, strict=True):
        assert single(command, hand) == (0, json.loads(line))
        # compact: one line, no spaces after separators
        assert ", " not in line and '": ' not in line


def test_json_lines_carry_the_commands_options() -> None:
    hand = "123m456p789s1122z"
    code, lines = batch("shanten", [
        json.dumps({"hand": hand, "visible": "1z1z", "form": "chiitoitsu"}),
        json.dumps({"hand": hand, "rules": "mahjongsoul", "solver": "brute"}),
        hand,  # a plain line takes the command line's options
    ], "--visible", "2z")
    assert code == 0
    assert json.loads(lines[0]) == single("shanten", hand, "--visible", "1z1z",
                                          "--form", "chiitoitsu")[1]
    assert json.loads(lines[1]) == single("shanten", hand, "--visible", "2z",
                                          "--rules", "mahjongsoul", "--solver", "brute")[1]
    assert json.loads(lines[2]) == single("shanten", hand, "--visible", "2z")[1]
    # the shanpon wait 1z/2z: 4 - 2 in hand = 2 unseen 1z; 4 - 2 - 1 visible = 1 unseen 2z
    assert json.loads(lines[2])["effective_tiles"] == [{"tile": "1z", "remaining": 2},
                                                       {"tile": "2z", "remaining": 1}]


def test_bad_lines_are_reported_by_number_and_the_rest_answered() -> None:
    lines = ["# a comment, then a blank line", "", "111222333m45677p", "12x",
             '{"hand": "111222333m45677p", "engine": "dp"}', "{not json", '["11m"]',
             '{"rules": "tenhou"}', "22334455667788m"]
    code, out = batch("decompose", lines)
    assert code == 2 and len(out) == 7
    answers = [json.loads(line) for line in out]
    assert answers[0] == single("decompose", "111222333m45677p")[1]
    # the same error object as the single hand's --json error, plus the line number
    assert answers[1] == {"line": 4, **single("decompose", "12x")[1]}
    assert answers[1]["error"]["position"] == 2
    assert [a.get("line") for a in answers[2:6]] == [5, 6, 7, 8]
    # a line starting with "[" is mpsz (a meld first), so a JSON list is a bad hand
    assert [a["error"]["type"] for a in answers[2:6]] == ["CommandLineError", "CommandLineError",
                                                          "HandError", "CommandLineError"]
    assert "engine" in answers[2]["error"]["message"]
    assert '"hand"' in answers[5]["error"]["message"]
    assert answers[6] == single("decompose", "22334455667788m")[1]


def test_a_file_and_a_hand_and_neither() -> None:
    code, out, _ = run(["waits", "--batch", "-"], "# only a comment\n\n")
    assert (code, out) == (0, "")
    code, out, err = run(["waits", "2344m456p789s111z", "--batch", "-"], "1234m\n")
    assert code == 2 and "not both" in err and out == ""
    code, _, err = run(["waits"])
    assert code == 2 and "--batch" in err
    code, _, err = run(["shanten", "--batch", "/no/such/file"])
    assert code == 2 and "No such file" in err


def test_batch_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("2344m456p789s111z\n1234m\n", encoding="utf-8")
    code, out, _ = run(["waits", "--batch", str(path)])
    assert code == 0
    assert [json.loads(line)["waits"] for line in out.splitlines()] == [
        single("waits", "2344m456p789s111z")[1]["waits"], single("waits", "1234m")[1]["waits"]]


SITUATION = ["--win", "8s", "--tsumo", "--seat", "W", "--dora", "7m"]


def test_score_lines_take_the_command_lines_situation() -> None:
    hands = ["05m678p678s [234p] [777z]", "234567m22p345678s", "345m345p345s33z678s"]
    code, lines = batch("score", hands, *SITUATION)
    assert code == 0
    for hand, line in zip(hands, lines, strict=True):
        assert single("score", hand, *SITUATION) == (0, json.loads(line))
    # hand-worked: red dragon 1 + aka 1 = 2 han; 20 base + 2 tsumo + 4 open 777z = 26 -> 30
    # fu; a non-dealer tsumo of 30 fu 2 han is 500/1000
    assert json.loads(lines[0])["points"] == 2000


def test_score_json_line_with_its_own_situation_round_trips() -> None:
    """The "win" a score prints, fed back in a line, gives that score again."""
    _, expected = single("score", "234567m22p345678s", "--win", "2p", "--riichi",
                         "--dora", "1z", "--ura", "1p", "--rules", "mahjongsoul", "--all")
    line = json.dumps({"hand": expected["hand"], "win": expected["win"],
                       "rules": "mahjongsoul", "all": True})
    code, out = batch("score", [line, '{"hand": "11m", "win": {"tile": "1m", "colour": 1}}',
                                "234567m22p345678s"])
    assert code == 2
    assert json.loads(out[0]) == expected
    assert json.loads(out[1])["line"] == 2 and "colour" in json.loads(out[1])["error"]["message"]
    # no --win on the command line and none in the line: that line only is bad
    assert json.loads(out[2])["line"] == 3 and "--win" in json.loads(out[2])["error"]["message"]


def test_score_bad_situation_is_the_single_error() -> None:
    code, out = batch("score", ['{"hand": "234567m22p345678s", "win": {"tile": "8x"}}'])
    assert code == 2
    expected = single("score", "234567m22p345678s", "--win", "8x")
    assert expected[0] == 2 and json.loads(out[0]) == {"line": 1, **expected[1]}


def test_a_real_process_reads_standard_input() -> None:
    hands = [str(h) for h in sample_hands(200, 13, seed=44)]
    done = subprocess.run([sys.executable, "-m", "mjasp", "shanten", "--batch", "-"],
                          input="\n".join(hands) + "\n", capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0 and done.stderr == ""
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["hand"] for a in answers] == hands  # input order
    assert answers[:3] == [single("shanten", h)[1] for h in hands[:3]]


def test_score_lines_play_the_command_lines_options() -> None:
    # riichi, pinfu, tanyao and one dora at 30 fu is 7700 for a non-dealer's ron; kiriage
    # mangan rounds 4 han 30 fu up to 8000 (--option on the command line reaches each line)
    line = "234m567p234678s55m"
    args = ("--win", "2m", "--seat", "S", "--riichi", "--dora", "4p")
    assert json.loads(batch("score", [line], *args)[1][0])["points"] == 7700
    code, out = batch("score", [line], *args, "--option", "kiriage=true")
    assert code == 0 and json.loads(out[0])["points"] == 8000
