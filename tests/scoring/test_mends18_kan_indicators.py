"""Dora indicators against the kans of the hand. A hand starts with one indicator and
each kan turns one more: a closed kan's at once, an open kan's after the discard that
follows it or at the next kan (riichi.wiki, "Kan": https://riichi.wiki/Special:MobileDiff/10400
"usually flipped after discarding, or upon another kan declaration on the same turn";
https://riichi.wiki/Special:MobileDiff/17854, a closed kan's "immediately ... rather than
waiting for the player's discard or the rinshan draw"). So a win with n kans in the hand
shows at least 1 + n indicators, or n when it is won on the replacement tile of an open
kan; other players' kans may add more (five at most). No indicators given is a situation
that does not state them (accepted, as before).

``mjasp.score`` scored situations with too few as if they could happen (the draw of
``random_wins`` is checked against the same rule in test_mends18_random_wins_indicators.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import mjasp
from mjasp import Hand, Win, WinError
from mjasp.cli import main
from mjasp.scoring.api import score_files

HAND = "123m456p11z [1111s] (2222s)"  # an open kan and a closed one
OPEN = "123m456p789s11z [1111s]"
CLOSED = "123m456p789s11z (2222s)"


@pytest.mark.parametrize(("hand", "win", "ok"), [
    (OPEN, Win("1m", dora_indicators=("9m",)), False),  # ron after the kan: 2 shown
    (OPEN, Win("1m", dora_indicators=("9m", "9p")), True),
    (OPEN, Win("1m", tsumo=True, rinshan=True, dora_indicators=("9m",)), True),
    (OPEN, Win("1m", tsumo=True, dora_indicators=("9m",)), False),
    (CLOSED, Win("1m", tsumo=True, rinshan=True, dora_indicators=("9m",)), False),
    (CLOSED, Win("1m", tsumo=True, rinshan=True, dora_indicators=("9m", "9p")), True),
    (HAND, Win("1m", tsumo=True, rinshan=True, dora_indicators=("9m",)), False),
    (HAND, Win("1m", tsumo=True, rinshan=True, dora_indicators=("9m", "9p")), True),
    (HAND, Win("1m", dora_indicators=("9m", "9p")), False),
    (HAND, Win("1m", dora_indicators=("9m", "9p", "3z")), True),
    (HAND, Win("1m", dora_indicators=("9m", "9p", "3z", "4z", "5z")), True),  # others' kans
    (HAND, Win("1m"), True),  # not stated
])
def test_score_refuses_too_few_indicators(hand: str, win: Win, ok: bool) -> None:
    parsed = Hand.parse(hand)
    for solver in ("direct", "asp"):
        if ok:
            mjasp.score(parsed, win, solver=solver)
        else:
            with pytest.raises(WinError, match="each kan turns one more"):
                mjasp.score(parsed, win, solver=solver)


def test_the_command_line_says_it_in_one_line() -> None:
    result = CliRunner().invoke(main, ["score", OPEN, "--win", "1m", "--dora", "9m"])
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "1 dora indicator with 1 kan among the melds" in result.stderr


def test_the_hand_checks_of_the_advice_take_the_indicators_in_sight() -> None:
    # the advice scores wins a hand may still make, with the indicators shown when it is
    # asked (check_hand): a kan declared later turns its own then
    from mjasp.rules import RULES
    from mjasp.scoring.api import check_hand

    check_hand(Hand.parse(CLOSED), Win("1m", tsumo=True, dora_indicators=("9m",)),
               RULES["tenhou"])


@pytest.mark.parametrize(("indicators", "ok"), [(("9m",), False), (("9m", "9p"), True)])
def test_a_win_file_is_checked_alike(tmp_path: Path, indicators: tuple[str, ...],
                                     ok: bool) -> None:
    path = tmp_path / "win.lp"
    path.write_text('hand("123m456p789s11z").\nmeld(ankan,"2222s").\nwin_tile("1m").\n'
                    "tsumo.\n" + "".join(f'dora_indicator("{t}").\n' for t in indicators))
    if ok:
        score_files([str(path)])
    else:
        with pytest.raises(WinError, match="1 dora indicator with 1 kan"):
            score_files([str(path)])
