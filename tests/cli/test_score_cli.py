"""``mjasp score``: the headline, the breakdown, --all, --json, and one-line errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjasp.cli import main


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_issue_example() -> None:
    # chun 1 + aka 1 = 2 han; 20 + 2 tsumo + 4 open chun = 26 -> 30 fu; base 480:
    # the dealer pays 960 -> 1000, the others 480 -> 500 each
    code, out, _ = run("score", "05m678p678s [234p] [777z]", "--win", "8s", "--tsumo",
                       "--seat", "W", "--round", "E", "--dora", "7m")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "30 fu 2 han: 2000 (500/1000 tsumo)"
    assert "Red dragon" in lines[1] and "Aka dora" in lines[2]
    assert lines[3] == "fu: base 20, tsumo 2, open triplet terminal/honor 4 = 26 -> 30"
    assert "8s in 678s, ryanmen wait" in lines[4]


def test_limits_yakuman_and_payments_lines() -> None:
    # the dealer's kokushi, 13-sided: a single yakuman, 6 * 8000 = 48000
    assert run("score", "119m19p19s1234567z", "--win", "1m")[1].startswith(
        "yakuman: 48000 (ron)")
    # riichi 1 pinfu 1 chinitsu 6 dora 4 ura 1 = 13 han: counted yakuman, 32000 from South
    # (ura 1z -> 2z, none in hand: one ura under each dora indicator)
    out = run("score", "11233445566778m", "--win", "8m", "--riichi", "--dora", "5m,6m",
              "--ura", "1m,1z", "--seat", "S")[1]
    assert out.startswith("30 fu 13 han counted yakuman: 32000 (ron)")
    # pinfu tsumo by the dealer: 320 * 2 = 640 -> 700 all; 1 honba: 800 all, 1 stick
    out = run("score", "234m22567p345789s", "--win", "3s", "--tsumo", "--honba", "1",
              "--sticks", "1")[1]
    assert out.splitlines()[0] == "20 fu 2 han: 2100 (700 all tsumo)"
    assert "payments: 800 all with 1 honba, + 1000 riichi sticks = 3400" in out


def test_no_yaku_is_an_answer() -> None:
    code, out, _ = run("score", "45556m123p456789s", "--win", "5m")
    assert code == 0 and out.startswith("0 points: no yaku")


def test_all_lists_every_candidate_best_first() -> None:
    out = run("score", "344556m23477p999s", "--win", "5m", "--tsumo", "--seat", "S",
              "--all")[1]
    rows = out.split("candidates (2, best first):\n")[1].splitlines()
    assert rows[0].startswith("  40 fu 1 han: 1500") and "456m kanchan" in rows[0]
    assert rows[1].startswith("  30 fu 1 han: 1100") and "345m ryanmen" in rows[1]


def test_json() -> None:
    code, out, _ = run("score", "223344m556677p88s", "--win", "8s", "--seat", "S", "--json",
                       "--all")
    assert code == 0
    data = json.loads(out)
    # ryanpeikou 3 + tanyao 1, 40 fu: mangan 8000 beats chiitoitsu's 3 han 25 fu (3200)
    assert (data["points"], data["han"], data["fu"], data["limit"]) == (8000, 4, 40, "mangan")
    assert [y["id"] for y in data["yaku"]] == [8, 32]
    assert data["reading"]["decomposition"]["form"] == "standard"
    assert sorted(c["points"] for c in data["candidates"]) == [3200, 8000]
    assert data["win"]["seat_wind"] == "S"


@pytest.mark.parametrize(("args", "message"), [
    (["123m", "--win", "1m"], "14 tiles"),
    (["234m22567p345789s", "--win", "3s", "--haitei"], "haitei needs tsumo"),
    (["234m22567p345789s", "--win", "3s", "--riichi", "--double-riichi"], "exclude each other"),
    (["234m22567p345789s", "--win", "3s", "--dora", "9x"], "is not a tile"),
    (["234m22567p3457x9s", "--win", "3s"], "unknown character"),
    (["234m22567p345789s"], "--win TILE is required"),
    (["234m22567p345789s", "--win", "3s", "--honba", "-1"], "honba"),
    (["234m22567p345789s", "--win", "5z"], "not among the concealed tiles"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("score", *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err
    assert "Traceback" not in err
