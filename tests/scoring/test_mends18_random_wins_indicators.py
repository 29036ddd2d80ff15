"""The dora indicators ``random_wins`` draws beside the kans of the hand: at least one
plus one per kan, one fewer on the replacement tile of an open kan. Each kan turns one more
indicator: a closed kan's at once, an open kan's after the discard that follows it, or at
the next kan (riichi.wiki "Kan": https://riichi.wiki/Special:MobileDiff/10400, "usually
flipped after discarding, or upon another kan declaration on the same turn"; /17854, a
closed kan's "immediately ... rather than waiting for the player's discard or the rinshan
draw").

``random_wins`` gave one indicator beside kans about a fifth of the time, and its ura
indicators could fall short of its dora indicators (a ``WinError`` from inside the draw).
"""

from __future__ import annotations

import pytest

from mjasp import Hand, Win
from mjasp.core.hand import MeldKind
from mjasp.scoring.samples import random_wins


def fewest(hand: Hand, win: Win) -> int:
    """The rule above, counted from the melds."""
    kans = [m for m in hand.melds if m.kind in (MeldKind.KAN, MeldKind.ANKAN)]
    open_kan = any(m.kind is MeldKind.KAN for m in kans)
    return 1 + len(kans) - (1 if win.rinshan and open_kan else 0)


@pytest.mark.parametrize(("rules", "seed"), [("tenhou", 0), ("tenhou", 5), ("tenhou-3p", 1),
                                             ("wrc", 2)])
def test_random_wins_show_an_indicator_per_kan(rules: str, seed: int) -> None:
    wins = random_wins(3000, seed=seed, rules=rules, themes=["kans", "triplets", "mixed"])
    with_kans = 0
    for hand, win in wins:
        assert 1 <= len(win.dora_indicators) <= 5
        if any(m.kind in (MeldKind.KAN, MeldKind.ANKAN) for m in hand.melds):
            with_kans += 1
            assert len(win.dora_indicators) >= fewest(hand, win), (str(hand), win)
        if win.ura_indicators:
            assert len(win.ura_indicators) == len(win.dora_indicators)
    assert with_kans > 300  # the draw has kans to check


def test_random_wins_draw_ura_indicators_for_every_dora_indicator() -> None:
    # the draw of 16,804 three-player wins stopped on a WinError: fewer ura indicators
    # than dora ones found within the copies left
    wins = random_wins(16804, seed=0, rules="tenhou-3p")  # the last one stopped it
    assert len(wins) == 16804
