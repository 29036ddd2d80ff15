"""``mjasp advise --explain`` on input it cannot explain: a 13-tile hand with a discard
named (it has none to make: a hand discards after its 14th tile is drawn), and no draws
left (nothing to split by turn)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjasp.advice.api import AdviseError
from mjasp.advice.explain import explain_discard
from mjasp.cli import main

H13 = "123m456p789s1122z"  # tenpai on 1z/2z, 13 tiles: nothing to discard
H14 = "123m456p789s11223z"  # the same with 3z drawn


@pytest.mark.parametrize("discard", ["5z", "1z", "3z", "x"])
def test_a_discard_named_for_13_tiles_is_refused_by_the_api(discard: str) -> None:
    with pytest.raises(AdviseError, match="13"):
        explain_discard(H13, discard, {"draws": 2})


@pytest.mark.parametrize("discard", [None, "-"])
def test_13_tiles_with_no_discard_are_explained_as_they_stand(discard: str | None) -> None:
    e = explain_discard(H13, discard, {"draws": 2})
    assert e["discard"] is None and e["hand"] == H13


@pytest.mark.parametrize("discard", ["5z", "1z"])
def test_a_discard_named_for_13_tiles_is_one_error_line_exit_2(discard: str) -> None:
    args = ["advise", H13, "--draws", "2", "--explain", discard]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("mjasp: error: ") and "13" in lines[0]
    as_json = CliRunner().invoke(main, [*args, "--json"])
    assert as_json.exit_code == 2 and "13" in json.loads(as_json.stdout)["error"]["message"]


def test_no_draws_left_prints_no_empty_by_turn_line() -> None:
    # no draws: no turn to credit points to (the hand stands tenpai at 0 points)
    args = ["advise", H14, "--draws", "0", "--explain", "3z"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(line.strip() for line in lines), lines  # no blank line
    turn = [line for line in lines if line.startswith("by turn")]
    assert turn == ["by turn: no draws left"]
    # every part with nothing in it is one line, not a title with nothing under it
    for part in ("by riichi/dama", "by winning hand", "by wait", "likeliest lines of play"):
        assert f"{part}: none" in lines, lines
    # the JSON keeps its shape: an empty list of turns
    data = json.loads(CliRunner().invoke(main, [*args, "--json"]).stdout)
    assert data["by_turn"] == [] and data["draws"] == 0


def test_with_draws_left_by_turn_lists_each_draw() -> None:
    result = CliRunner().invoke(main, ["advise", H14, "--draws", "2", "--explain", "3z"])
    lines = result.stdout.splitlines()
    at = lines.index("by turn (draw number: points):")
    assert [part.split(":")[0] for part in lines[at + 1].split()] == ["1", "2"]
    # a part with rows: its title, what the rows hold, then the rows
    at = lines.index("by winning hand (points, yaku), largest share first:")
    assert lines[at + 1].startswith("  ") and "p=" in lines[at + 1]
