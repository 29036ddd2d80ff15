"""``check_hand`` on indicators that show fives, red or plain, against a count made here
of every copy in sight: the hand's tiles (melds included), the dora and ura indicators.
A tile set has four copies of each kind; ``Rules.red_fives`` of the four fives of a suit
are red, the rest plain (Tenhou: one red five a suit, https://tenhou.net/man/#RULE; the
WRC rules: none, https://ooyamaneko.net/en/mahjong/bookcmp/view.php?book=WRC_2015)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mjasp.core.hand import with_melds
from mjasp.core.win import KINDS, WinError
from mjasp.rules import RULES
from mjasp.scoring.api import check_hand
from mjasp.scoring.samples import random_wins

FIVES = (4, 13, 22)
NAMES = ["5m", "5p", "5s", "0m", "0p", "0s", "4m", "4p", "1z", "9s"]


def _fits(hand, shown: tuple[str, ...], rules) -> bool:  # type: ignore[no-untyped-def]
    """No fifth copy of a kind, and the red and plain fives of each suit within the set's."""
    held = list(with_melds(hand.counts, hand.melds)[0]) if hand.melds else list(hand.counts)
    red = list(hand.red)
    for meld in hand.melds:
        if meld.red:
            red[meld.tile // 9] += meld.red
    copies, red_shown = held[:], [0, 0, 0]
    for name in shown:
        copies[KINDS[name]] += 1
        if name[0] == "0":
            red_shown[FIVES.index(KINDS[name])] += 1
    if max(copies) > 4:
        return False
    for suit, five in enumerate(FIVES):
        allowed = rules.red_fives[suit]
        if red[suit] + red_shown[suit] > allowed or copies[five] - red[suit] - red_shown[
                suit] > 4 - allowed:
            return False
    return True


@pytest.mark.parametrize("name", ["tenhou", "wrc", "mahjongsoul"])
def test_shown_fives_are_counted(name: str) -> None:
    rules = RULES[name]
    draw = random.Random(7)
    verdicts = {True: 0, False: 0}
    for hand, win in random_wins(150, seed=3, rules=rules):
        try:
            check_hand(hand, win, rules)
        except WinError:
            continue  # refused for what it holds: not this test's question
        for _ in range(6):
            dora = tuple(draw.choice(NAMES) for _ in range(draw.randint(1, 3)))
            ura = tuple(draw.choice(NAMES) for _ in range(len(dora))) if win.riichi else ()
            try:
                situation = dataclasses.replace(win, dora_indicators=dora, ura_indicators=ura)
            except WinError:
                continue  # a situation Win refuses (tenhou shows one indicator)
            expected = _fits(hand, dora + ura, rules)
            verdicts[expected] += 1
            if expected:
                check_hand(hand, situation, rules)
            else:
                with pytest.raises(WinError):
                    check_hand(hand, situation, rules)
    assert verdicts[True] > 100 and verdicts[False] > 30, verdicts
