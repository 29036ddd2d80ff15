"""The rules of a tenhou.net/6 log whose ``rule.disp`` is not a Tenhou lobby name.

Tools that convert other sites' games (Mahjong Soul downloaders) write their own room
name (``玉の間四人南``) and ``"aka": 1``. Those games have red fives and open tanyao; read
as "no 喰, no 赤" they would lose both, and a real game's wins would no longer score as
recorded. The expected values are Tenhou's own records of a real game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import mjasp.logs as logs
from mjasp.logs.lobby import describe_lobby, lobby_from_description
from tests.conftest import shared_data

GAME = "2020080212gm-00a9-0000-82c7d512.mjlog"  # red fives in hands: one win holds 0p


def _data() -> Path:
    return shared_data(f"logs/{GAME}")


def test_foreign_room_name_keeps_red_fives_and_open_tanyao() -> None:
    doc = logs.write_tenhou6(logs.read(_data()))
    doc["rule"] = {"disp": "玉の間四人南", "aka": 1}
    game = logs.read_tenhou6(doc)
    assert (game.rules.red_fives, game.rules.open_tanyao) == ((1, 1, 1), True)
    checked = logs.check_game(game)
    assert checked.wins_agree == len(checked.wins) == 10 and not checked.mismatches


def test_foreign_room_name_with_aka_zero_has_no_red_fives() -> None:
    doc = logs.write_tenhou6(logs.read(_data()))
    doc["rule"] = {"disp": "Friendly match", "aka": 0}
    assert logs.read_tenhou6(doc).rules.red_fives == (0, 0, 0)


@pytest.mark.parametrize(("name", "lobby"), [
    ("般東", "般東"),            # Tenhou's name: no 喰 and no 赤 mean neither
    ("三鳳南喰赤", "三鳳南喰赤"),
    ("玉の間三人南", "三般南喰赤"),  # another tool's: three players, east-south
    ("", "般東喰赤"),
])
def test_lobby_names(name: str, lobby: str) -> None:
    assert describe_lobby(lobby_from_description(name)) == lobby
