"""A score below zero ends a three-player Tenhou game and a Mahjong Soul game too.

Tenhou's rules: "飛びあり。点数がマイナスで飛び終了" (quoted by
https://riichi.wiki/Tenhou.net_rules; Tenhou keeps one page of rules for every lobby, four
players or three). Mahjong Soul's: "Bankruptcy: Applied for negative points; Not applied
for zero point" (riichi.wiki's Majsoul page, https://riichi.wiki/Special:MobileDiff/19582);
its three-player rules "basically refers to Tenhou ... Most of the rules are identical to
Tenhou Sanma" (https://riichi.wiki/Special:MobileDiff/19195). Before, mjasp judged the end
of four-player Tenhou games only, so a record that played on after a three-player or a
Mahjong Soul seat fell below zero passed unreported.

Each record is built by hand in the platform's format; every score is worked by hand.
"""

from __future__ import annotations

import copy

import mjasp.logs as logs
from tests.logs.mjlog_records import Record
from tests.logs.test_audit_settlements import _exhaustive, _ryuukyoku
from tests.logs.test_north_dora_records import tenhou6

AFTER = "a round after the game's end"


def _sanma_tobi(last: int) -> bytes:
    # Tenhou three players (lobby 0xb9 = 185). E1: the dealer (seat 0) tenpai, the others
    # noten: 1000 each to the dealer (2000 in all with three players,
    # test_three_player_exhaustive_draws_move_two_thousand). Seat 2 starts at ``last``.
    # The dealer keeps the deal (E1, one honba) and aborts it at once (nine kinds of
    # terminals and honors); the game ends there.
    rec = Record(lobby=184, players=3)
    start = [35000, 35000, last]
    rec.new_round(0, 0, 0, 0, start, "8p",
                  ["11m99m123p456p789s", "1199m1199p11s234z", "1199s2233p567z89p"])
    _exhaustive(rec, 0, nagashi_seat=None)
    _ryuukyoku(rec, "0,0", start, [2000, -1000, -1000])
    after = [37000, 34000, last - 1000]
    rec.new_round(0, 1, 0, 0, after, "8p",
                  ["19m19p19s1234z234p", "2468p2468s3579s5p", "3579p3579s2468s6p"])
    rec.draw(0, rec.take("5z"))
    # (results after uma are not compared for three players: none given here)
    owari = ",".join(f"{s // 100},0.0" for s in after) + ",0,0.0"
    _ryuukyoku(rec, "1,0", after, [0, 0, 0], "yao9", owari)
    return rec.text()


def _mismatches(game: logs.Game) -> list[tuple[str, str]]:
    return [(m.round, m.what) for m in logs.check_game(game).mismatches]


def test_a_tenhou_three_player_round_after_a_score_below_zero_is_reported() -> None:
    # seat 2 from 800 to -200: the game ends after E1; the record plays E1-1
    game = logs.read_mjlog(_sanma_tobi(800), "sanma.mjlog")
    assert game.rules.name == "tenhou-3p"
    assert _mismatches(game) == [("E1-1", AFTER)]
    # from 1000 to exactly 0: not below zero, the game goes on
    assert _mismatches(logs.read_mjlog(_sanma_tobi(1000), "sanma.mjlog")) == []


def _soul_tobi(second: int) -> dict[str, object]:
    # Mahjong Soul three players as tensoul writes it (the deal of test_north_dora_records:
    # the dealer's 30 fu 4 han ron, 11,600 from seat 1), seat 1 starting at ``second``;
    # then E1-1, which the dealer aborts at once (nine kinds of terminals and honors)
    data = copy.deepcopy(tenhou6(["平和(1飜)", "一気通貫(2飜)", "抜きドラ(1飜)"],
                                 "30符4飜11600点"))
    log = data["log"]
    assert isinstance(log, list)
    first = log[0]
    first[1] = [35000, second, 35000, 0]
    after = [46600, second - 11600, 35000, 0]
    # tenhou.net/6 tiles: 11-19 m, 21-29 p, 31-39 s, 41-47 honors
    nine = [[0, 1, 0], after, [41], [],
            [11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 22, 23, 24], [45], [],
            [22, 24, 26, 28, 32, 34, 36, 38, 33, 35, 37, 39, 25], [], [],
            [23, 25, 27, 29, 33, 35, 37, 39, 32, 34, 36, 38, 26], [], [],
            [], [], [],
            ["九種九牌"]]
    log.append(nine)
    # final scores in points (tensoul's way), with results after uma not compared here
    data["sc"] = [after[0], 0, after[1], 0, after[2], 0, 0, 0]
    return data


def test_a_mahjong_soul_round_after_a_score_below_zero_is_reported() -> None:
    # seat 1 from 11,000 to -600: the game ends after E1; the record plays E1-1
    game = logs.read_tenhou6(_soul_tobi(11000), "soul.json")
    assert game.rules.name == "mahjongsoul-3p"
    assert _mismatches(game) == [("E1-1", AFTER)]
    # from 11,600 to exactly 0: the game goes on
    assert _mismatches(logs.read_tenhou6(_soul_tobi(11600), "soul.json")) == []
