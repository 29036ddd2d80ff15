"""Audit 46: situations and rule values that cannot happen, refused instead of scored.

- Double riichi with ippatsu and a kan. Double riichi needs a first go-around in which
  nobody has called, a kan included ("Double riichi is not possible when anyone makes a
  tile call before the riichi call ... Therefore, a player's own kan will deny this yaku",
  https://riichi.wiki/index.php?title=Daburu_riichi&diff=24286&oldid=24255), and ippatsu
  ends at any call after the riichi ("Tile calls, including kan, are able to nullify
  ippatsu", https://riichi.wiki/index.php?title=Riichi&diff=prev&oldid=11386). So a double
  riichi won with ippatsu has no kan of the winner's and no kan indicator of anybody's:
  one dora indicator at most. mjasp scored both (12,000 for the hand below).
- ``Rules.honba_points`` that a tsumo's payers cannot split evenly (100 among three): each
  paid 33, 99 in all, while ``Payments.total`` said 100.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from mjasp import RULES, Win, score
from mjasp.core.errors import RulesError
from mjasp.core.win import WinError

#: East's closed kan, double East for the dealer: a ron on 1s (23s, ryanmen)
KAN_HAND = "234p456p99m123s (1111z)"
ENGINES = ("direct", "asp")


@pytest.mark.parametrize("solver", ENGINES)
def test_double_riichi_ippatsu_with_own_kan_is_refused(solver: str) -> None:
    win = Win("1s", riichi=2, ippatsu=True)  # (no indicators: the kan's check alone)
    with pytest.raises(WinError, match="double riichi with ippatsu needs no kan"):
        score(KAN_HAND, win, solver=solver)


def test_double_riichi_ippatsu_with_two_indicators_is_refused() -> None:
    # a second indicator is a kan's, somebody's: before the riichi or after it
    with pytest.raises(WinError, match="double riichi with ippatsu needs at most one dora"):
        Win("1s", riichi=2, ippatsu=True, dora_indicators=("1m", "2m"))


@pytest.mark.parametrize("solver", ENGINES)
@pytest.mark.parametrize("riichi, ippatsu", [(1, True), (2, False)])
def test_the_neighbours_still_score(solver: str, riichi: int, ippatsu: bool) -> None:
    # riichi after the kan with ippatsu, or double riichi then the kan: both happen.
    # Hand-worked: riichi 1 + ippatsu 1 (or double riichi 2) + double East 2 = 4 han;
    # fu 20 + menzen ron 10 + closed honor kan 32 = 62 -> 70; a dealer's 4 han 70 fu
    # is a mangan, 12,000 (no indicator hits: 1m shows 2m, 2m shows 3m)
    win = Win("1s", riichi=riichi, ippatsu=ippatsu, dora_indicators=("1m", "2m"),
              ura_indicators=("9p", "9p"))
    s = score(KAN_HAND, win, solver=solver)
    assert (s.han, s.fu, s.points) == (4, 70, 12000)


def test_double_riichi_ippatsu_with_a_kan_on_the_command_line() -> None:
    run = subprocess.run([sys.executable, "-m", "mjasp", "score", KAN_HAND, "--win", "1s",
                          "--double-riichi", "--ippatsu", "--dora", "1m,2m"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "double riichi with ippatsu" in run.stderr


def test_honba_points_that_do_not_split_are_refused() -> None:
    with pytest.raises(RulesError, match="honba_points must split evenly among the 3"):
        RULES["tenhou"].replace(honba_points=100)
    with pytest.raises(RulesError, match="honba_points must split evenly among the 3"):
        RULES["tenhou"].replace(honba_points=1000)


def test_honba_points_that_split_are_paid_in_full() -> None:
    # three players, 300 a honba: a dealer's 20 fu 2 han tsumo is 700 all (two payers,
    # tsumo loss), each adding 150 a honba: 850 + 850 = 1,700
    rules = RULES["tenhou-3p"].replace(honba_points=300)
    s = score("234p456p789s99m123s", Win("1s", tsumo=True, honba=1), rules=rules)
    assert (s.payments.others, s.payments.total) == (850, 1700)


# Chankan robs the fourth copy of an added kan (or, for kokushi, one of a closed kan's
# four): every other copy is in that kan, so none can be a dora or ura indicator nor, with
# three players, a north set aside (https://riichi.wiki/Special:MobileDiff/24133: the
# added kan is a pon's three tiles and the fourth). mjasp scored these (1,300; 2,600;
# kokushi 32,000).
@pytest.mark.parametrize("solver", ENGINES)
@pytest.mark.parametrize("hand, win, rules", [
    ("234p456p789s99m123s", Win("3s", chankan=True, seat_wind="S", dora_indicators=("3s",)),
     "tenhou"),
    ("234p456p789s99m123s", Win("3s", chankan=True, seat_wind="S", riichi=1,
                                dora_indicators=("1m",), ura_indicators=("3s",)), "tenhou"),
    ("19m19p19s1234567z1z", Win("2z", chankan=True, seat_wind="S", dora_indicators=("2z",)),
     "mahjongsoul"),
    ("19m19p19s1234567z1z", Win("4z", chankan=True, seat_wind="S", north_dora=1),
     "tenhou-3p"),
])
def test_chankan_leaves_no_copy_to_show(solver: str, hand: str, win: Win, rules: str) -> None:
    with pytest.raises(WinError, match=r"chankan on .* leaves no other copy"):
        score(hand, win, rules=rules, solver=solver)


@pytest.mark.parametrize("solver", ENGINES)
def test_chankan_with_other_indicators_still_scores(solver: str) -> None:
    # 12s waits on 3s (penchan): fu 20 + menzen ron 10 + penchan 2 = 32 -> 40; chankan 1
    # and one dora (2s shows 3s) = 2 han; a non-dealer's 40 fu 2 han ron is 2,600
    s = score("234p456p789s99m123s", Win("3s", chankan=True, seat_wind="S",
                                         dora_indicators=("2s",)), solver=solver)
    assert (s.han, s.fu, s.points) == (2, 40, 2600)
