"""The advice's dora indicators against the kans among the melds.

A hand starts with one dora indicator and each kan turns one more: a closed kan's at once,
an open kan's after the discard that follows it or at the next kan (riichi.wiki, "Kan":
https://riichi.wiki/Special:MobileDiff/10400, "usually flipped after discarding, or upon
another kan declaration on the same turn"; https://riichi.wiki/Special:MobileDiff/17854,
a closed kan's "immediately ... rather than waiting for the player's discard or the
rinshan draw"). So with n kans the indicators in sight are 1 + n, or n for a 14-tile hand
with an open kan just after its replacement draw (that indicator still to turn). The
advice accepted fewer (two open kans, one indicator) and valued the wins as if they could
happen; it now refuses them, and names the pending indicator (which mjasp's model counts
as a tile of the wall, tests/advice/test_mends20_pending_indicator.py; mahjong-cpp's does
not).
"""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

import mjasp
from mjasp import WinError
from mjasp.advice.api import AdviseError, kan_indicator_pending, setup_model
from mjasp.advice.simulate import _points, simulate
from mjasp.advice.tiles37 import add37, sub37, tile37, to_hand
from mjasp.cli import main

TWO_OPEN = "05m20p3458s [4444z] [5555z]"  # 14 tiles, two open kans
OPEN13 = "123m456p789s1z [1111s]"        # 13 tiles: the open kan's indicator has turned
CLOSED14 = "123m456p78s11z (2222s)"      # 14 tiles, a closed kan: turned at once
OPEN14 = "123m456p789s11z [1111s]"       # 14 tiles, complete, an open kan


@pytest.mark.parametrize(("hand", "indicators"), [
    (TWO_OPEN, ("6p",)), (OPEN13, ("9m",)), (CLOSED14, ("9m",)),
    ("123m456p11z [1111s] (2222s)", ("9m",)),  # two kans, one of them closed: 2 at least
])
@pytest.mark.parametrize("model", ["mjasp", "mahjong-cpp"])
def test_impossible_counts_are_refused(hand: str, indicators: tuple[str, ...],
                                       model: str) -> None:
    with pytest.raises(AdviseError, match="each kan turns one more"):
        mjasp.advise(hand, dora_indicators=indicators, draws=2, model=model)


@pytest.mark.parametrize(("hand", "indicators"), [
    (OPEN13, ("9m", "9p")), (CLOSED14, ("9m", "9p")), (TWO_OPEN, ("6p", "3m", "1z")),
    (TWO_OPEN, ("6p", "3m", "1z", "2z", "3z")),  # other players' kans add more
    (OPEN13, ()),  # none given: not stated, as mjasp.score takes it
])
def test_enough_indicators_say_nothing(hand: str, indicators: tuple[str, ...]) -> None:
    assert "still to turn" not in mjasp.advise(hand, dora_indicators=indicators,
                                               draws=2).note


@pytest.mark.parametrize(("model", "how"), [("mjasp", "counted as a tile of the wall"),
                                             ("mahjong-cpp", "not counted")])
def test_the_pending_indicator_is_named(model: str, how: str) -> None:
    a = mjasp.advise(TWO_OPEN, dora_indicators=("6p", "3m"), draws=2, model=model)
    assert "one dora indicator is still to turn" in a.note and how in a.note


def test_the_command_line_refuses_in_one_line_and_prints_the_note() -> None:
    bad = CliRunner().invoke(main, ["advise", TWO_OPEN, "--dora", "6p", "--draws", "2"])
    assert bad.exit_code == 2 and bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1
    assert "1 dora indicator with 2 kans among the melds" in bad.stderr
    ok = CliRunner().invoke(main, ["advise", TWO_OPEN, "--dora", "6p3m", "--draws", "2"])
    assert ok.exit_code == 0, ok.output
    assert "note: one dora indicator is still to turn" in ok.stdout


def test_a_complete_hand_before_the_indicator_turns_wins_by_rinshan() -> None:
    # 123m 456p 789s 11z [1111s], one indicator (9m) with an open kan: the 14th tile is the
    # kan's replacement tile, so the win is rinshan kaihou (1 han; no other yaku: open,
    # 11z no yakuhai pair) + dora 1 (9m shows 1m, one held) = 2 han; fu 20 + tsumo 2 + open
    # kan of terminals 16 + pair of the double East 4 (Tenhou) + a tanki, kanchan or
    # penchan wait 2 = 44 -> 50; the dealer's tsumo: 50 * 2^(2+2) = 800, twice from each of
    # three: 4800. Scored as a plain tsumo it had no yaku, and the advice played on
    a = mjasp.advise(OPEN14, dora_indicators=("9m",), draws=2)
    assert a.win_points == 4800 and "rinshan" in a.note


def test_the_simulator_scores_a_win_past_the_pending_indicator_as_the_model() -> None:
    # 234m 456p 678s 2p 3z [2222s], one indicator 1s (shows 2s: four in the kan), the open
    # kan's own still to turn; discard 3z, a tanki on 2p. The self-drawn 2p after the
    # discard: open tanyao 1 + dora 4 = 5 han, mangan, the dealer's 4000 all = 12000, more
    # where the pending indicator shows a tile of the hand. mjasp.score wants two
    # indicators for that win (it is not on the replacement tile); the simulator draws the
    # second from its wall (tests/advice/test_mends20_pending_indicator.py: the values)
    model, start, h = setup_model("234m456p678s2p3z [2222s]",
                                  {"dora_indicators": ("1s",), "draws": 2})
    assert model.indicator_pending and kan_indicator_pending(h, model.dora_indicators)
    two = tile37("2p")
    h14 = add37(sub37(start, tile37("3z")), two)
    with pytest.raises(WinError, match="1 dora indicator with 1 kan"):
        mjasp.score(to_hand(h14, model.melds),
                    mjasp.Win(tile="2p", tsumo=True, dora_indicators=("1s",)))
    assert model.score(h14, two, False, False, False) > 12000
    assert _points(model, random.Random(0), h14, two, False, False, False, True) >= 12000
    r = simulate("234m456p678s2p3z [2222s]", discard="3z", n=200, seed=3,
                 dora_indicators=("1s",), draws=2)
    assert r.win_rate > 0 and r.points >= 12000 * r.win_rate  # (haitei: 18000)
