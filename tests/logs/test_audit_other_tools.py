"""Records as other tools and Tenhou's own viewer write them: each case a hand-built
minimal record whose expected values are worked by hand from the rule cited beside it.
"""

from __future__ import annotations

import json

import mjasp.logs as logs
from tests.conftest import shared_data

# E1, dealer seat 0. Seat 1 holds 123m 456p 789s 333z 9p (the West triplet no yakuhai for
# South's seat in an East round), declares riichi on its first discard (4z) with no call
# before it: double riichi. Seat 0 deals 9p on its next discard, within the go-around:
# ippatsu. Fu: 20 + 10 (closed ron) + 8 (concealed honor triplet) + 2 (single wait) = 40;
# 3 han 40 fu by a non-dealer: 40 * 2**5 * 4 = 5120, rounded up to 5200, plus the winner's
# own riichi stick. Dora 5z (indicator 7z), ura 5z (indicator 7z): the hand holds none, so
# Tenhou's viewer lists no ura dora: its log of a riichi win without ura names only the
# yaku of one han or more (mjx-project/mjx, mjconvert/.../mjscore/
# 2010102910gm-00a9-0000-cdb9804c.json, the same game as the shared mjlog, whose <AGARI>
# lists "53,0": ["和了",[4900,0,0,-3900],[0,3,0,"40符2飜3900点","立直(1飜)","赤ドラ(1飜)"]]).
URA_NONE = {
    "title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "鳳南喰赤", "aka": 1},
    "log": [[[0, 0, 0], [25000] * 4, [47], [47],
             [11, 14, 17, 22, 25, 28, 33, 36, 39, 41, 42, 45, 46], [47, 19], [60, 60],
             [11, 12, 13, 24, 25, 26, 37, 38, 39, 43, 43, 43, 19], [44], ["r44"],
             [15, 18, 21, 23, 27, 29, 31, 34, 35, 42, 44, 46, 16], [32], [60],
             [12, 14, 16, 22, 24, 26, 28, 32, 34, 36, 38, 41, 42], [33], [60],
             ["和了", [-5200, 6200, 0, 0],
              [1, 0, 1, "40符3飜5200点", "両立直(2飜)", "一発(1飜)"]]]]}


def test_a_riichi_win_without_ura_dora_as_tenhous_viewer_writes_it_agrees() -> None:
    checked = logs.check_game(logs.read_tenhou6(json.dumps(URA_NONE), "ura.json"))
    assert [str(m) for m in checked.mismatches] == []
    assert [w.deltas for w in checked.wins] == [(-5200, 6200, 0, 0)]
    assert [(w.score.han, w.score.fu, w.score.points) for w in checked.wins] == [(3, 40, 5200)]


def test_the_writer_lists_no_ura_dora_of_no_han_as_tenhous_viewer() -> None:
    # the first win of the shared game above: Tenhou's mjlog lists "53,0", its viewer's
    # log (quoted above) only 立直 and 赤ドラ
    game = logs.read(shared_data("logs/2010102910gm-00a9-0000-cdb9804c.mjlog"))
    first = logs.write_tenhou6(game)["log"][0][-1]
    assert first[0] == "和了" and first[2][4:] == ["立直(1飜)", "赤ドラ(1飜)"]
    assert logs.check_game(logs.read_tenhou6(logs.write_tenhou6(game))).mismatches == []
