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
from mjasp.logs.check import end_points
from mjasp.logs.model import Game, Round
from tests.conftest import shared_data

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
    # 18500 is 500 off a thousand: -11.5 rounds to -11 or -12 (no record at hand says
    # which), so the last gets -31 or -32 and the first 39 or 40
    ([29500 + 0, 27000, 25000, 18500], 0,
     [(40 - 1, 7, -15, -31), (40, 7, -15, -32)]),
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
