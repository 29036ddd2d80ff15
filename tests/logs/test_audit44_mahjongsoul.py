"""A Mahjong Soul triple ron with a honba: all three win, the honba to the nearest.

Mahjong Soul's ranked rules: "ダブロン・トリプルロンの場合,積み棒は上家取り" (on a double or
triple ron the honba go to the winner nearest the discarder;
https://mahjongsoul.com/?newsid=60c8610c2ac863186fdbebd4, as quoted in a question to
Mahjong Soul's support, https://gist.github.com/Cryolite/a026f41713f6a7ca88713737f5c2cfb6),
and three rons are not an abortive draw there ("Three-player Ron (Sanchahou): No" among
its abortive draws, riichi.wiki's Mahjong Soul page).

The round: the hand-built E1 of tests.logs.test_audit_settlements.triple_ron_record (seat
0 discards 7m; seats 1, 2 and 3 can all ron it), played with one honba, as tensoul
writes a Mahjong Soul record (``ratingc`` PF4, red fives per suit, a Mahjong Soul room).
Worked by hand (no dora: the indicator 9p makes 1p the dora, which no winner holds; the
red fives stay in the wall):

- seat 1, 567m 234s 456s 678p 44p: all simples, pinfu (56m waits on 4m-7m, a simple
  pair), 2 han 30 fu: 30 x 2^4 = 480 x 4 = 1920 -> 2000; the nearest to the discarder's
  right (seat 1 after seat 0): + 300 for the honba, 2300;
- seat 2, 567m 678p 678p 33s 345s: all simples, pinfu, iipeikou, 3 han 30 fu: 960 x 4 =
  3840 -> 3900, no honba;
- seat 3, 567m 234p 456p 678s 22s: all simples, pinfu, 2000, no honba;
- seat 0 pays 2300 + 3900 + 2000 = 8200; its riichi on the discard won on is not paid.
"""

from __future__ import annotations

import copy
from typing import Any

import mjasp.logs as logs
from tests.logs.test_audit_settlements import triple_ron_record

TANYAO, PINFU, IIPEIKOU = "断幺九(1飜)", "平和(1飜)", "一盃口(1飜)"
SOUL_ROOM = {"disp": "玉の間四人南", "aka51": 1, "aka52": 1, "aka53": 1}


def _soul_triple_ron(second: int, third: int) -> logs.Game:
    """The round as Mahjong Soul's, seat 2 paid ``second`` and seat 3 ``third``."""
    t = logs.write_tenhou6(logs.read_mjlog(triple_ron_record(), "ron3.mjlog"))
    rnd: list[Any] = copy.deepcopy(t["log"][0])
    assert rnd[0] == [0, 0, 0] and rnd[-1][0] == "三家和了"
    rnd[0] = [0, 1, 0]  # one honba
    rnd[-1] = ["和了",
               [-2300, 2300, 0, 0], [1, 0, 1, "30符2飜2000点", TANYAO, PINFU],
               [-second, 0, second, 0], [2, 0, 2, "30符3飜3900点", TANYAO, PINFU, IIPEIKOU],
               [-third, 0, 0, third], [3, 0, 3, "30符2飜2000点", TANYAO, PINFU]]
    # tensoul's marks of a Mahjong Soul record; the game's final scores left out
    t.update(log=[rnd], ratingc="PF4", rule=SOUL_ROOM)
    del t["sc"]
    game = logs.read_tenhou6(t, "soul.json")
    assert game.rules.name == "mahjongsoul"
    return game


def test_three_winners_and_the_honba_to_the_nearest_agree() -> None:
    checked = logs.check_game(_soul_triple_ron(3900, 2000))
    assert [str(m) for m in checked.mismatches] == []
    assert [w.who for w in checked.wins] == [1, 2, 3]
    assert checked.round_rows[0]["deltas"] == [-8200, 2300, 3900, 2000]


def test_the_honba_paid_to_every_winner_is_reported() -> None:
    # tensoul's converter pays each winner the honba (300 more to seats 2 and 3)
    found = logs.check_game(_soul_triple_ron(4200, 2300)).mismatches
    assert [(m.what, m.log, m.mjasp) for m in found] == [
        ("seat 2 win: score changes", [-4200, 0, 4200, 0], [-3900, 0, 3900, 0]),
        ("seat 3 win: score changes", [-2300, 0, 0, 2300], [-2000, 0, 0, 2000]),
        ("score changes", [-8800, 2300, 4200, 2300], [-8200, 2300, 3900, 2000])]
