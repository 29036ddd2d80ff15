"""A Mahjong Soul double ron with honba: who takes the honba and the riichi sticks.

No Mahjong Soul page at hand says. mjasp pays the honba and the sticks to the winner
nearest the discarder's right only, as on Tenhou ("Double rons allowed. Repeats and
deposits go to the next closest player", https://riichi.wiki/Tenhou.net_rules), under
Mahjong Soul's rules too: RiichiEnv's Mahjong Soul preset settles it so, and it replays
20,000 raw Mahjong Soul records with score continuity and final scores compared
(smly/RiichiEnv, docs/MJSOUL_CORPUS_VALIDATION.md; docs/RULES.md has no flag for it).
tensoul, which converts Mahjong Soul records and computes a multiple ron's payments
itself, gives every winner the honba (convert.js ``parsehule``: each ron adds
``(nplayers - 1) * hb``; the sticks only to the first, ``kyoku.nriichi = -1``). This
test keeps the behaviour visible: such a log is reported, not silently accepted.

The round: the shared Tenhou record ``double-ron.mjlog``, E4, where seat 0 (30 fu 4 han,
7,700) and seat 2 (mangan, 8,000) both ron seat 3, both in riichi (the two sticks,
2,000, to seat 0, the nearer winner), played again with one honba and marked as
tensoul marks a Mahjong Soul record (``ratingc`` PF4, ``aka51``-``aka53``, a Mahjong
Soul room name). One honba is 300 on a ron.
"""

from __future__ import annotations

import copy

import mjasp.logs as logs
from tests.conftest import shared_data


def _soul_double_ron(second: list[int]) -> logs.Game:
    t = logs.write_tenhou6(logs.read(shared_data("logs/double-ron.mjlog")))
    rnd = copy.deepcopy(t["log"][3])
    assert rnd[0] == [3, 0, 0] and rnd[-1][1] == [9700, 0, 0, -7700]
    rnd[0] = [3, 1, 0]
    rnd[-1][1] = [9700 + 300, 0, 0, -7700 - 300]  # 7,700 + 2,000 sticks + 300 honba
    rnd[-1][3] = second
    data = {"title": ["", ""], "name": t["name"], "ratingc": "PF4", "log": [rnd],
            "rule": {"disp": "玉の間四人南", "aka51": 1, "aka52": 1, "aka53": 1}}
    game = logs.read_tenhou6(data, "soul.json")
    assert game.rules.name == "mahjongsoul"
    return game


def test_honba_and_sticks_to_the_nearest_winner_agree() -> None:
    assert logs.check_game(_soul_double_ron([0, 0, 8000, -8000])).mismatches == []


def test_tensouls_honba_to_every_winner_is_reported() -> None:
    found = logs.check_game(_soul_double_ron([0, 0, 8300, -8300])).mismatches
    assert [(m.what, m.log, m.mjasp) for m in found] == [
        ("seat 2 win: score changes", [0, 0, 8300, -8300], [0, 0, 8000, -8000]),
        ("score changes", [10000, 0, 8300, -16300], [10000, 0, 8000, -16000])]
