"""Dora indicators given must be as many as the winner's own kans turn over: one plus one
per kan (https://riichi.wiki/Kan, "Kandora timing"), one fewer on a rinshan win, whose
kan's indicator is turned over only after the discard (https://riichi.wiki/Special:MobileDiff/10400).
No indicator given means "not given"; more than due is no contradiction (other players'
kans turn over indicators too). The counts below are worked by hand from that rule.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.cli import main
from mjasp.core.win import Win, WinError
from mjasp.scoring.api import score_files

FOUR_KANS = "[1111z][2222z][3333z][5555z]55m"  # suukantsu, each kan open
ONE_KAN = "123p456s789s55m (1111z)"  # a closed kan
SHOWN = ("9p", "8p", "7p", "6p", "4p")


@pytest.mark.parametrize(("hand", "rinshan", "given"), [
    (FOUR_KANS, False, 1), (FOUR_KANS, False, 4), (FOUR_KANS, True, 3),
    (ONE_KAN, False, 1),
])
def test_fewer_indicators_than_the_kans_show_are_refused(hand: str, rinshan: bool,
                                                         given: int) -> None:
    win = Win("5m", tsumo=rinshan, rinshan=rinshan, dora_indicators=SHOWN[:given])
    with pytest.raises(WinError, match=r"dora indicators? given; a hand with"):
        mjasp.score(hand, win)


@pytest.mark.parametrize(("hand", "rinshan", "given"), [
    (FOUR_KANS, False, 0), (FOUR_KANS, False, 5), (FOUR_KANS, True, 4),
    (ONE_KAN, False, 2), (ONE_KAN, True, 1), (ONE_KAN, False, 5),
    ("123p456s789s55m111z", False, 3),  # no kan: the others' kans may show more
])
def test_the_count_due_or_more_or_none_is_accepted(hand: str, rinshan: bool,
                                                   given: int) -> None:
    win = Win("5m", tsumo=rinshan, rinshan=rinshan, dora_indicators=SHOWN[:given])
    assert mjasp.score(hand, win).points > 0


def test_the_cli_says_it_in_one_line_with_exit_code_2() -> None:
    result = CliRunner().invoke(main, ["score", FOUR_KANS, "--win", "5m", "--dora", "9p"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert "1 dora indicator given; a hand with 4 kans shows at least 5" in lines[0]


def test_a_win_file_with_too_few_indicators_is_refused(tmp_path: Path) -> None:
    pytest.importorskip("clingo")
    path = tmp_path / "win.lp"
    path.write_text(f'hand("{FOUR_KANS}").\nwin_tile("5m").\ndora_indicator("9p").\n')
    with pytest.raises(WinError, match="a hand with 4 kans shows at least 5"):
        score_files([str(path)])
    result = CliRunner().invoke(main, ["score", str(path)])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
