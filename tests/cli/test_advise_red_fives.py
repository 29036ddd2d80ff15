"""``mjasp advise`` counts red fives as every other command does: the hand alone through
``check_red_fives`` (its message), and the hand, its melds, the dora indicators and the
visible tiles together against the rules' wall, called red fives included."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjasp import advise
from mjasp.cli.app import main

OPEN = "123m456p78s [406s] [777z]"  # the red 5s is called in the chi


@pytest.mark.parametrize("where", [["--dora", "0s"], ["--visible", "0s"]])
def test_a_called_red_five_and_one_in_sight_are_two(where: list[str]) -> None:
    # Tenhou's wall has one red 5s: one in a chi and one more seen cannot both be
    result = CliRunner().invoke(main, ["advise", OPEN, "--draws", "1", *where])
    assert result.exit_code == 2, result.output
    assert result.output == ("mjasp: error: two red fives (0s) among the hand, melds, dora "
                             "indicators and visible tiles; the tenhou rules have 1\n")


def test_a_called_red_five_leaves_only_plain_fives_in_the_wall() -> None:
    # 13 tiles in sight, 123 unseen; two 5s left (4 less the one held and the red one
    # called), both plain as Tenhou has one red 5s. With one draw (haitei), tsumo on 5s
    # as non-dealer: chun 1 + red five 1 + haitei 1 = 3 han; fu 20 + tsumo 2 + open
    # honour pon 4 + single wait 2 = 28 -> 30: 1000 + 1000 + 2000 = 4000 each.
    (best,) = advise("123m456p5s [406s] [777z]", draws=1, riichi="never",
                     seat_wind="S").candidates
    assert best.ukeire == (("5s", 2),)
    assert best.win_prob[0] == pytest.approx(2 / 123, abs=1e-12)
    assert best.expected_points[0] == pytest.approx(2 * 4000 / 123, abs=1e-9)
