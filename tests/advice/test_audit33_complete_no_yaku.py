"""A 14-tile open hand that is complete but has no yaku is no win: it discards.

An open hand needs a yaku to win (https://riichi.wiki/Yaku: "a hand must have at least
one yaku"; menzen tsumo needs a closed hand), and the advice's model says so
(``docs/advise.md``: "An open hand completed without a yaku is not a win"). Such a hand
of 14 tiles must discard and wait: here every discard is a 5m or the red 0m (the same
kind, two tiles), each leaving a tanki on 5m that wins only on the last draw, haitei
being its only yaku. The advice answered it with no candidate at all ("a self-draw win
scores ?"), while ``--explain 5m`` of the same hand gave a value.

Expected values worked by hand from the model: the discarded five never comes back, the
wall is the 122 unseen tiles (136 less the 14 of the hand and melds), of which the plain
5m left; a 5m drawn before the last draw is thrown back (the wall is the same on every
draw), so the win chance is that of the last draw alone, its points ``mjasp.score`` with
haitei.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.advice import advise
from mjasp.advice.explain import explain_discard
from mjasp.cli import main

MELDS = " [123p] [456p] [789s] [234s]"


def _haitei(concealed: str) -> int:
    win = mjasp.Win(tile="5m", tsumo=True, haitei=True)
    return mjasp.score(concealed + MELDS, win).points


@pytest.mark.parametrize("draws", [1, 2, 3])
def test_two_fives_complete_without_a_yaku_discard_one(draws: int) -> None:
    a = advise("50m" + MELDS, draws=draws)
    assert a.win_points is None
    by = {c.discard: c for c in a.candidates}
    assert set(by) == {"5m", "0m"}        # every discard is of the kind 5m
    p = 2 / 122                           # two plain 5m left; the red is in the hand
    keep_red = p * _haitei("05m")         # 0m kept: haitei and one aka dora
    keep_plain = p * _haitei("55m")
    assert keep_red > keep_plain
    for discard, points in (("5m", keep_red), ("0m", keep_plain)):
        c = by[discard]
        assert c.shanten == 0
        assert c.tenpai_prob == pytest.approx((1.0,) * draws, abs=1e-12)
        assert c.win_prob == pytest.approx((p,) * draws, rel=1e-12)
        assert c.expected_points == pytest.approx((points,) * draws, rel=1e-12)
    assert a.candidates[0].discard == "5m"
    # the explanation of that discard says the same
    e = explain_discard("50m" + MELDS, "5m", {"draws": draws})
    assert e["expected_points"] == pytest.approx(keep_red, rel=1e-12)


def test_a_pair_of_plain_fives_one_candidate() -> None:
    a = advise("55m" + MELDS, draws=2)
    (c,) = a.candidates
    # the wall holds the last plain 5m and the red 0m: each its own draw
    red = mjasp.score("05m" + MELDS, mjasp.Win(tile="0m", tsumo=True, haitei=True)).points
    assert c.discard == "5m"
    assert c.win_prob[0] == pytest.approx(2 / 122, rel=1e-12)
    assert c.expected_points[0] == pytest.approx((_haitei("55m") + red) / 122, rel=1e-12)


def test_the_command_lists_the_discard() -> None:
    result = CliRunner().invoke(main, ["advise", "55m" + MELDS, "--draws", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith(": complete, 2 draws, model mjasp")
    assert "no win" in lines[1]
    assert lines[3].split()[:2] == ["5m", "0"]


def test_a_complete_hand_with_a_yaku_is_still_answered_with_its_score() -> None:
    # tanyao on every tile: the hand wins; its score as a self-draw, no candidates
    a = advise("55m [234p] [456p] [678s] [234s]", draws=2)
    assert a.candidates == ()
    assert a.win_points == mjasp.score("55m [234p] [456p] [678s] [234s]",
                                       mjasp.Win(tile="5m", tsumo=True)).points
