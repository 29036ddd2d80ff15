"""Tenhou's three-player games, from its own records: payments with north dora, honba
and tsumo loss, and every seat's result after uma and oka.

The records (tests/data/tenhou_sanma, see its README) are three Tenhou three-player
phoenix-room games (lobby 185, 0xb9) kept in the test data of public projects, and the
one of tests/logs/peer_records. Their ``owari`` (Tenhou's JSON export: ``sc``) give every
seat's final score and its result; all four agree with 35,000 to start, 40,000 to return
and uma +20 0 -20, the first taking what makes the three sum to zero (rounded to whole
numbers until at least 2018, in tenths in 2024, as four-player results are):

- 2018110809gm-00b9-0000-00a79b89: 48100, -6400, 63300 -> second 48100: (48100 -
  40000) / 1000 = 8.1 -> 8, + 0 = 8.0; third -6400: -46.4 -> -46, - 20 = -66.0; first
  -(8 - 66) = 58.0;
- 2009060321gm-00b9-0000-75b25bcf: 71000, -1000, 35000 -> second 35000: -5, + 0 = -5;
  third -1000: -41 - 20 = -61; first 66;
- 2014091101gm-00b9-0000-5ca6b487: 59200, 22800, 23000 -> second 23000: -17 + 0 = -17;
  third 22800: -17.2 -> -17, - 20 = -37; first 54;
- 2024123123gm-00b9-0000-4a3a3639 (JSON): 77800, 28900, -1700 -> second 28900: -11.1 +
  0 = -11.1; third -1700: -41.7 - 20 = -61.7; first 72.8.

Before, mjasp checked no three-player result (only four-player Tenhou games'), and its
tenhou.net/6 writer wrote 0 for each where the log gave none (an MJAI log).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import mjasp.logs as logs
from mjasp.logs.check import end_points

DATA = Path(__file__).parents[1] / "data" / "tenhou_sanma"
PEER = Path(__file__).parent / "peer_records" / "tenhou-3p-2014091101gm-00b9-0000-5ca6b487.mjlog"
RECORDS = (DATA / "2018110809gm-00b9-0000-00a79b89.mjlog",
           DATA / "2009060321gm-00b9-0000-75b25bcf.mjlog", PEER,
           DATA / "2024123123gm-00b9-0000-4a3a3639.json")
#: every record's owari, as it stands in the record: (final scores, results)
OWARI = {
    RECORDS[0].name: ([48100, -6400, 63300], [8.0, -66.0, 58.0]),
    RECORDS[1].name: ([71000, -1000, 35000], [66.0, -61.0, -5.0]),
    RECORDS[2].name: ([59200, 22800, 23000], [54.0, -37.0, -17.0]),
    RECORDS[3].name: ([77800, 28900, -1700], [72.8, -11.1, -61.7]),
}


def _owari(path: Path) -> tuple[list[int], list[float]]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":  # Tenhou's export: sc in points, each with its result
        sc = json.loads(text)["sc"][:6]
        return [int(x) for x in sc[0::2]], [float(x) for x in sc[1::2]]
    found = re.search(r'owari="([^"]*)"', text)
    assert found is not None
    values = found.group(1).split(",")[:6]  # (the empty fourth seat's pair after)
    return [100 * int(float(x)) for x in values[0::2]], [float(x) for x in values[1::2]]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name[:10])
def test_the_records_agree_in_every_win_payment_and_result(path: Path) -> None:
    assert _owari(path) == OWARI[path.name]  # (the table above is the record's)
    game = logs.read(path)
    assert game.players == 3 and game.rules.name == "tenhou-3p"
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert checked.wins_agree == len(checked.wins) > 0


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name[:10])
def test_the_results_after_uma_and_oka_are_the_records(path: Path) -> None:
    scores, results = OWARI[path.name]
    game = logs.read(path)
    tenths = path.suffix == ".json"  # (2024: Tenhou no longer rounds)
    assert [list(r) for r in end_points(game, scores, rounded=not tenths)] == [results]


def test_a_wrong_three_player_result_is_a_mismatch() -> None:
    # the 2018 game's third with -65.0 (and the first 57.0, still summing to zero):
    # before, no three-player result was compared
    text = RECORDS[0].read_bytes().replace(b'owari="481,8.0,-64,-66.0,633,58.0',
                                           b'owari="481,8.0,-64,-65.0,633,57.0')
    game = logs.read_mjlog(text, RECORDS[0].name)
    found = [(m.what, m.log, m.mjasp) for m in logs.check_game(game).mismatches]
    assert found == [("final points (uma and oka)", [8.0, -65.0, 57.0], [8, -66, 58])]
    # the four-player rule's results (30,000 to return, uma +20 +10 -10 -20) are not
    # three-player Tenhou's: 48100 second 18 + 10 = 28, -6400 third -36 - 10 = -46,
    # the first 18
    four = RECORDS[0].read_bytes().replace(b'owari="481,8.0,-64,-66.0,633,58.0',
                                           b'owari="481,28.0,-64,-46.0,633,18.0')
    game = logs.read_mjlog(four, RECORDS[0].name)
    assert [m.what for m in logs.check_game(game).mismatches] == [
        "final points (uma and oka)"]


def test_the_tenhou6_writer_writes_the_results_an_mjai_log_lacks() -> None:
    # MJAI carries the final scores but no results: the writer works them out by the
    # rule above (before: 0.0 for each seat)
    game = logs.read(RECORDS[0])
    mjai = logs.read_mjai(logs.mjai_text(game).splitlines(), "x.mjson")
    assert mjai.final_points is None and mjai.players == 3
    scores, results = OWARI[RECORDS[0].name]
    sc = logs.write_tenhou6(mjai)["sc"]
    assert sc[:6] == [x for s, r in zip(scores, results, strict=True) for x in (s // 100, r)]
