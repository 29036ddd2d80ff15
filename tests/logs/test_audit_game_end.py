"""The end of a game: every seat's result after uma and oka, as Tenhou writes it.

Tenhou's rules (quoted in Japanese by https://riichi.wiki/Tenhou.net_rules): "25000点開始の
30000点返し", "ウマ10-20" (+20 +10 -10 -20 by rank), "終了時の得点は1000点未満を四捨五入",
"終了時の供託はトップ取り", ties ranked by nearness to the first dealer. The first place
takes what makes the four results sum to zero (https://riichi.wiki/Oka_and_uma). An
mjlog's ``owari`` holds, for every seat, its final score in hundreds and that result;
Tenhou's tenhou.net/6 ``sc`` holds the same pairs. Every value below is worked by hand.
"""

from __future__ import annotations

import json
import re

import pytest

import mjasp.logs as logs
from mjasp.logs.check import GameCheck, check_round, end_points, game_end
from mjasp.logs.model import Game, Round
from tests.conftest import shared_data
from tests.logs.mjlog_records import Record
from tests.logs.test_audit_settlements import (
    ALL_NOTEN,
    DEALER_TENPAI,
    _exhaustive,
    _kyuushu,
    _ryuukyoku,
)

#: (game, its owari) of the shared Tenhou logs: Tenhou's own results
SHARED = ("2010081709gm-00a9-0000-fe3371ad", "2011020401gm-00a9-0000-f6eff225",
          "2017040900gm-00a9-0000-af5434e3", "2019060813gm-00a9-0000-08bb0ec3")


def _owari(name: str) -> list[float]:
    text = shared_data(f"logs/{name}.mjlog").read_text(encoding="utf-8")
    found = re.search(r'owari="([^"]*)"', text)
    assert found is not None
    return [float(x) for x in found.group(1).split(",")]


def _game(first_dealer: int = 0) -> Game:
    return Game("x", "mjlog", 4, None,
                rounds=[Round(0, 0, 0, 0, first_dealer, (25000,) * 4, 0, ())])


@pytest.mark.parametrize(("scores", "first_dealer", "expected"), [
    # 2010081709gm: 38900 first: (38900 - 30000) / 1000 = 8.9, but the first takes the
    # rest: 2nd 35800 -> 5.8 -> 6 + 10 = 16; 3rd 20100 -> -9.9 -> -10 - 10 = -20; 4th
    # 5200 -> -24.8 -> -25 - 20 = -45; first 20 + 45 - 16 = 49
    ([20100, 35800, 5200, 38900], 0, [(-20, 16, -45, 49)]),
    # 2011020401gm: 33600 first gets 43 (its own rounding would give 3.6 -> 4 + 40 = 44):
    # 2nd 32100 -> 2 + 10 = 12; 3rd 20700 -> -9 - 10 = -19; 4th 13600 -> -16 - 20 = -36
    ([20700, 13600, 33600, 32100], 0, [(-19, -36, 43, 12)]),
    # a tie at 8900 (2017040900gm): seat 1, nearer the first dealer (seat 0), is 2nd:
    # -21 + 10 = -11, seat 2 -21 - 10 = -31; seat 3 -3100 -> -33 - 20 = -53; first 95
    ([85300, 8900, 8900, -3100], 0, [(95, -11, -31, -53)]),
    # the same tie with seat 2 the first dealer: seat 2 before seat 1
    ([85300, 8900, 8900, -3100], 2, [(95, -31, -11, -53)]),
    # four at 25000, first dealer seat 0: seats 1-3 get -5 + 10, -5 - 10, -5 - 20; seat 0
    # 35
    ([25000] * 4, 0, [(35, 5, -15, -25)]),
    # 18500 is 500 off a thousand: -11.5 rounds up to -11 (a Tenhou record decides it:
    # test_audit37_uma.py), so the last gets -31 and the first 39
    ([29500 + 0, 27000, 25000, 18500], 0, [(39, 7, -15, -31)]),
])
def test_results_after_uma_and_oka_worked_by_hand(
        scores: list[int], first_dealer: int, expected: list[tuple[int, ...]]) -> None:
    assert end_points(_game(first_dealer), scores) == expected


@pytest.mark.parametrize("name", SHARED)
def test_every_shared_games_owari_is_tenhous_rule(name: str) -> None:
    owari = _owari(name)
    game = logs.read(shared_data(f"logs/{name}.mjlog"))
    assert game.final_points == tuple(owari[1::2])
    assert list(end_points(game, [100 * int(x) for x in owari[0::2]])[0]) == owari[1::2]
    assert logs.check_game(game).mismatches == []


def test_a_wrong_result_after_uma_is_a_mismatch() -> None:
    # the shared game's owari with 2 moved from the first (49 -> 47) to the last (-45 ->
    # -43): the scores still agree, the results after uma do not (before mjasp read
    # owari's results, this record agreed)
    path = shared_data("logs/2010081709gm-00a9-0000-fe3371ad.mjlog")
    data = path.read_bytes().replace(b'owari="201,-20.0,358,16.0,52,-45.0,389,49.0"',
                                     b'owari="201,-20.0,358,16.0,52,-43.0,389,47.0"')
    checked = logs.check_game(logs.read_mjlog(data, "moved.mjlog"))
    assert [(m.what, m.log, m.mjasp) for m in checked.mismatches] == [
        ("final points (uma and oka)", [-20.0, 16.0, -43.0, 47.0], [-20, 16, -45, 49])]
    # the same in Tenhou's viewer's JSON
    six = logs.write_tenhou6(logs.read_mjlog(data, "moved.mjlog"))
    checked = logs.check_game(logs.read_tenhou6(json.dumps(six, ensure_ascii=False)))
    assert [m.what for m in checked.mismatches] == ["final points (uma and oka)"]


@pytest.mark.parametrize("name", SHARED)
def test_the_tenhou6_writer_writes_tenhous_results_after_uma(name: str) -> None:
    # Tenhou's "sc": each seat's final score in hundreds, then its result (the owari's
    # pairs); the writer wrote 0 for every result before
    owari = _owari(name)
    game = logs.read(shared_data(f"logs/{name}.mjlog"))
    assert logs.write_tenhou6(game)["sc"] == owari
    # an MJAI log carries no results: the writer works them out by Tenhou's rule
    mjai = logs.read_mjai(logs.mjai_text(game).splitlines(), "x.mjson")
    assert mjai.final_points is None
    assert logs.write_tenhou6(mjai)["sc"] == owari


# The game's end by Tenhou's rules (mjasp.logs.check.game_end: a score below zero; after
# South 4 a seat at 30,000 or more, else the West wind, at most to West 4; the dealer
# keeping the deal in the last hand by a win or tenpai while first). Tenhou's own
# games: each of the shared logs ends where the rule says, and not before.
COMPLETE = ("2010081709gm-00a9-0000-fe3371ad",  # S4: the dealer tenpai and first (38900)
            "2010102910gm-00a9-0000-cdb9804c",  # S4 passes with a seat at 43200
            "2017040900gm-00a9-0000-af5434e3",  # E1, one honba: a seat at -3100
            "2019060813gm-00a9-0000-08bb0ec3",  # S1, two honba: a seat at -11100
            "pao-tsumo")                        # E4: a seat at -100


@pytest.mark.parametrize("name", COMPLETE)
def test_tenhous_games_end_where_the_rule_says(name: str) -> None:
    game = logs.read(shared_data(f"logs/{name}.mjlog"))
    out = GameCheck(game.source)
    scores = None
    ends = []
    for i, rnd in enumerate(game.rounds):
        scores = check_round(game, i, rnd, out, scores)
        ends.append(game_end(game, rnd, scores, out))
    assert ends[:-1] == [None] * (len(ends) - 1) and ends[-1] is not None


def _after_the_end(data: bytes) -> list[tuple[str, str]]:
    checked = logs.check_game(logs.read_mjlog(data, "end.mjlog"))
    return [(m.round, m.what) for m in checked.mismatches]


def _tobi(last: int) -> bytes:
    # E1: the dealer (seat 0) tenpai, the others noten: 1000 each to the dealer. Seat 3
    # starts at ``last`` points; the dealer keeps the deal (E1, one honba), which it
    # aborts (nine terminals), and the game ends there.
    rec = Record()
    start = [27000, 35000, 38000 - last, last]
    rec.new_round(0, 0, 0, 0, start, "9p", DEALER_TENPAI)
    _exhaustive(rec, 0, None)
    _ryuukyoku(rec, "0,0", start, [3000, -1000, -1000, -1000])
    after = [30000, 34000, 37000 - last, last - 1000]
    # results: seat 2 first, seat 1 2nd 4 + 10 = 14, seat 0 3rd 0 - 10 = -10, seat 3 4th
    # (last - 1000 - 30000) / 1000 - 20, the first the rest
    fourth = round((last - 31000) / 1000) - 20
    points = [-10, 14, -(fourth + 4), fourth]
    owari = ",".join(f"{s // 100},{p}.0" for s, p in zip(after, points, strict=True))
    _kyuushu(rec, 0, 1, 0, after, owari=owari)
    return rec.text()


def test_a_round_after_a_score_below_zero_is_reported() -> None:
    # seat 3 from 800 to -200: "点数がマイナスで飛び終了", the game ends after E1; the
    # record plays E1-1 (before, mjasp reported nothing)
    assert _after_the_end(_tobi(800)) == [("E1-1", "a round after the game's end")]
    # from 1000 to exactly 0: not below zero, the game goes on
    assert _after_the_end(_tobi(1000)) == []


def _last_hand(start: list[int], hands: list[str], next_scores: list[int],
               next_number: int, next_dealer: int, change: list[int]) -> bytes:
    # South 4 (seed 7), the dealer seat 3, no honba: every tile drawn and discarded at
    # once; ``hands`` decide who is tenpai (paid ``change``). The next round the record
    # plays: ``next_number`` (7 S4 again, 8 W1), aborted by its dealer (nine terminals),
    # the game ending there.
    rec = Record()
    rec.new_round(7, 0, 0, 3, start, "9p", hands)
    _exhaustive(rec, 3, None)
    _ryuukyoku(rec, "0,0", start, change)
    assert next_dealer == next_number % 4
    _kyuushu(rec, next_number, 1, 0, next_scores, owari=_owari_of(next_scores))
    return rec.text()


def _owari_of(scores: list[int]) -> str:
    # (none of these scores is 500 off a thousand) worked as the rule says: see
    # test_results_after_uma_and_oka_worked_by_hand
    order = sorted(range(4), key=lambda p: (-scores[p], p))
    points = [0] * 4
    for rank, p in enumerate(order[1:], start=1):
        points[p] = round((scores[p] - 30000) / 1000) + (10, -10, -20)[rank - 1]
    points[order[0]] = -sum(points)
    return ",".join(f"{s // 100},{p}.0" for s, p in zip(scores, points, strict=True))


# hands with the dealer (seat 3) tenpai on 3s, the others noten (DEALER_TENPAI turned)
_S4_DEALER_TENPAI = ["2468m2468p2468s3m", "3579m3579p3579s4m", "2468m2468p2468s4p",
                     "234m567m234p567p3s"]
# seat 1 tenpai, the others noten
_SEAT1_TENPAI = ["2468m2468p2468s3m", "234m567m234p567p3s", "3579m3579p3579s4m",
                 "2468m2468p2468s4p"]


def test_the_dealer_first_in_the_last_hand_ends_the_game() -> None:
    # "ラス親トップの自動和了り止め、自動聴牌止めあり": South 4, the dealer tenpai (1000 from
    # each other seat) and first with 35000: the game ends; the record plays S4-1
    start = [24000, 24000, 20000, 32000]
    after = [23000, 23000, 19000, 35000]
    data = _last_hand(start, _S4_DEALER_TENPAI, after, 7, 3, [-1000, -1000, -1000, 3000])
    assert _after_the_end(data) == [("S4-1", "a round after the game's end")]
    # the dealer tenpai but second (33000 first): the deal stays and the game goes on
    start = [34000, 24000, 20000, 22000]
    after = [33000, 23000, 19000, 25000]
    data = _last_hand(start, _S4_DEALER_TENPAI, after, 7, 3, [-1000, -1000, -1000, 3000])
    assert _after_the_end(data) == []


def test_the_west_wind_is_played_only_while_nobody_holds_30000() -> None:
    # South 4, every hand noten (the deal moves): nobody at 30000, so West 1 is played
    start = [28000, 26000, 24000, 22000]
    turned = ALL_NOTEN[1:] + ALL_NOTEN[:1]
    assert _after_the_end(_last_hand(start, turned, start, 8, 0, [0] * 4)) == []
    # seat 1 tenpai (1000 from each other seat) and at 31000: the game ends at South 4
    start = [28000, 28000, 22000, 22000]
    after = [27000, 31000, 21000, 21000]
    data = _last_hand(start, _SEAT1_TENPAI, after, 8, 0, [-1000, 3000, -1000, -1000])
    assert _after_the_end(data) == [("W1-1", "a round after the game's end")]


def test_an_owari_or_sc_of_the_wrong_shape_is_an_error_or_compared_as_it_is() -> None:
    # an owari with a result missing: its scores are compared, its results left out
    path = shared_data("logs/2010081709gm-00a9-0000-fe3371ad.mjlog")
    whole = b'owari="201,-20.0,358,16.0,52,-45.0,389,49.0"'
    game = logs.read_mjlog(path.read_bytes().replace(
        whole, b'owari="201,-20.0,358,16.0,52,-45.0,389"'), "short.mjlog")
    assert game.final_points is None and logs.check_game(game).mismatches == []
    assert logs.write_tenhou6(game)["sc"] == [201, -20, 358, 16, 52, -45, 389, 49]
    # a result that is not a number: one LogError naming the tag
    with pytest.raises(logs.LogError, match="malformed <AGARI> tag"):
        logs.read_mjlog(path.read_bytes().replace(
            whole, b'owari="201,x,358,16.0,52,-45.0,389,49.0"'), "bad.mjlog")
    six = logs.write_tenhou6(logs.read(path))
    for sc in ([201, "x", 358, 16, 52, -45, 389, 49], [201, None, 358, 16]):
        with pytest.raises(logs.LogError, match='"sc" holds'):
            logs.read_tenhou6(json.dumps({**six, "sc": sc}, ensure_ascii=False), "bad.json")
