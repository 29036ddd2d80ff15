"""A three-player record holding a tile of 2m-8m is refused, in every format mjasp reads.

Three players play without 2m-8m: "the manzu tiles from 2-man to 8-man are removed. The
terminals (1-man and 9-man) are kept" (https://riichi.wiki/Sanma; Tenhou's and Mahjong
Soul's three-player games both). A record of such a game that holds one (a hand-edited
or corrupt file, or a four-player record with a seat dropped) would otherwise be replayed
and scored as if the tile existed. Each record below is the hand-built three-player deal
of ``test_north_dora_records`` (valid as it stands) with one tile turned into a 5m.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from mjasp.logs import LogError, mjai_text, read_mjai, read_mjlog, read_tenhou6
from tests.logs.test_north_dora_records import HAI1, mjlog, tenhou6

REFUSED = r"a tile of 2m-8m, which a three-player set has none of"
NAMES = ["平和(1飜)", "一気通貫(2飜)", "抜きドラ(1飜)"]


def test_the_valid_deals_read() -> None:
    # the records the tests below break are read as they are
    assert read_mjlog(mjlog("7,1,24,2,52,1"), "sanma.mjlog").players == 3
    assert read_tenhou6(tenhou6(NAMES, "30符4飜11600点"), "sanma.json").players == 3


def test_mjlog_starting_hand_with_a_5m() -> None:
    # seat 1's 1m (id 0) becomes a 5m (id 17): Tenhou's own ids of 2m-8m are 4-31
    text = mjlog("7,1,24,2,52,1").decode()
    broken = text.replace(f'hai1="{",".join(map(str, HAI1))}"',
                          f'hai1="{",".join(map(str, [17, *HAI1[1:]]))}"')
    assert broken != text
    with pytest.raises(LogError, match=rf"sanma.mjlog: round E1: starting hand of seat 1: "
                                       rf"5m, {REFUSED}"):
        read_mjlog(broken.encode(), "sanma.mjlog")


def test_mjlog_dora_indicator_and_draw_of_a_5m() -> None:
    text = mjlog("7,1,24,2,52,1").decode()
    dora = re.sub(r'seed="0,0,0,1,2,108"', 'seed="0,0,0,1,2,17"', text)
    with pytest.raises(LogError, match=rf"dora indicator: 5m, {REFUSED}"):
        read_mjlog(dora.encode(), "sanma.mjlog")
    # seat 0 draws (and lets go) a 5m instead of East after the north: event 3
    drawn = text.replace("<T109/><D109/>", "<T17/><D17/>")
    with pytest.raises(LogError, match=rf"event 3 \(draw\) of seat 0: 5m, {REFUSED}"):
        read_mjlog(drawn.encode(), "sanma.mjlog")


def _tenhou6_with(seat_column: int, tile: int) -> dict[str, object]:
    data = copy.deepcopy(tenhou6(NAMES, "30符4飜11600点"))
    rnd = data["log"][0]  # type: ignore[index]
    rnd[seat_column][0] = tile
    return data


def test_tenhou6_starting_hand_with_a_5m() -> None:
    # tenhou.net/6 tiles: 15 is 5m; seat 1's starting hand is column 7
    with pytest.raises(LogError, match=rf"starting hand of seat 1: 5m, {REFUSED}"):
        read_tenhou6(_tenhou6_with(7, 15), "sanma.json")


def test_tenhou6_dora_indicator_of_a_red_5m() -> None:
    # 51 is the red 5m: none in a three-player set either
    data = copy.deepcopy(tenhou6(NAMES, "30符4飜11600点"))
    data["log"][0][2] = [51]  # type: ignore[index]
    with pytest.raises(LogError, match=rf"dora indicator: 0m, {REFUSED}"):
        read_tenhou6(data, "sanma.json")


def _mjai(first_tile: str | None) -> list[str]:
    # the deal as MJAI (mjasp's writer, from the Tenhou record), seat 1's first starting
    # tile turned into ``first_tile`` when given
    lines = mjai_text(read_mjlog(mjlog("7,1,24,2,52,1"), "sanma.mjlog")).splitlines()
    events = [json.loads(line) for line in lines]
    if first_tile is not None:
        start = next(e for e in events if e["type"] == "start_kyoku")
        start["tehais"][1][0] = first_tile
    return [json.dumps(e) for e in events]


def test_mjai_three_seats_with_a_5m() -> None:
    assert read_mjai(_mjai(None), "sanma.mjson").players == 3
    with pytest.raises(LogError, match=rf"starting hand of seat 1: 5m, {REFUSED}"):
        read_mjai(_mjai("5m"), "sanma.mjson")


def test_the_command_line_reports_one_error_line(tmp_path: Path) -> None:
    text = mjlog("7,1,24,2,52,1").decode().replace("<T109/><D109/>", "<T17/><D17/>")
    path = tmp_path / "sanma.mjlog"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["logs", "check", str(path)])
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if "error" in line]
    assert len(errors) == 1 and "2m-8m" in errors[0] and "Traceback" not in result.output
