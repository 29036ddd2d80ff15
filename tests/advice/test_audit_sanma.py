"""Advice under three-player rules: a visible tile outside the sanma wall.

The three-player wall has no 2m-8m (https://riichi.wiki/Sanma: "the manzu tiles from
2-man to 8-man are removed"), so a 2m-8m among the visible tiles is a mistake in the
input. It is named as such, not as "more than four copies" (which it was: the wall has
no copy of it, so one seen made its unseen count negative).
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjasp.advice.api import AdviseError, advise
from mjasp.cli import main


@pytest.mark.parametrize("rules", ["tenhou-3p", "mahjongsoul-3p"])
@pytest.mark.parametrize("visible", ["5m", "0m", "19m2m"])
def test_a_visible_2m_to_8m_is_named(rules: str, visible: str) -> None:
    with pytest.raises(AdviseError, match=r"^visible tiles: three-player rules have no 2m-8m$"):
        advise("19m1245p789s11122z", visible=visible, rules=rules)


def test_the_command_says_it_in_one_line() -> None:
    result = CliRunner().invoke(main, ["advise", "19m1245p789s11122z", "--visible", "5m",
                                       "--rules", "tenhou-3p"])
    assert result.exit_code == 2
    assert result.output == "mjasp: error: visible tiles: three-player rules have no 2m-8m\n"


def test_four_players_still_take_a_visible_5m() -> None:
    # 14 tiles, 1-shanten: the advice runs (no error) when 5m is in the wall
    assert advise("19m1245p789s11122z", visible="5m", rules="tenhou", draws=2)


@pytest.mark.parametrize("seat", ["n", "N"])
def test_a_north_seat_gets_the_three_player_reason(seat: str) -> None:
    # as mjasp score reads --seat in any case and says why a North seat is wrong with
    # three players, so does advise (it refused "n" as not one of E S W N)
    result = CliRunner().invoke(main, ["advise", "19m1245p789s11122z", "--seat", seat,
                                       "--rules", "tenhou-3p"])
    assert result.exit_code == 2
    assert result.output == ("mjasp: error: three players have no North seat or round; "
                             "the seat is N\n")
    four = CliRunner().invoke(main, ["advise", "19m1245p789s11122z", "--seat", "s",
                                     "--draws", "2", "--json"])
    assert four.exit_code == 0, four.output
