"""``random_wins(rules=...)`` deals from the rules' tile set: the WRC set has no red five
(its preset, ``Rules.red_fives == (0, 0, 0)``), so no hand, meld or winning tile of its
samples is a red five; the draws are otherwise Tenhou's (the same tiles, the reds plain).
"""

from __future__ import annotations

import dataclasses

from mjasp.core.hand import Hand, Meld
from mjasp.core.win import Win
from mjasp.rules import RULES
from mjasp.scoring.api import check_win
from mjasp.scoring.samples import random_wins


def _reds(hand_and_win: tuple[Hand, Win]) -> int:
    hand, win = hand_and_win
    return sum(hand.red) + sum(m.red for m in hand.melds) + (win.tile[0] == "0")


def test_wrc_samples_hold_no_red_five_and_are_valid_wrc_wins() -> None:
    wins = random_wins(400, seed=4, rules="wrc")
    assert sum(map(_reds, wins)) == 0
    for hand, win in wins:
        check_win(hand, win, RULES["wrc"])  # raises on a tile the set lacks


def test_wrc_samples_are_tenhous_with_the_red_fives_plain() -> None:
    tenhou = random_wins(400, seed=4)
    wrc = random_wins(400, seed=4, rules="wrc")
    assert sum(map(_reds, tenhou)) > 50  # (the check below compares something)
    for (hand, win), (plain, plain_win) in zip(tenhou, wrc, strict=True):
        assert plain.counts == hand.counts
        assert plain.melds == tuple(Meld(m.kind, m.tile) for m in hand.melds)
        tile = "5" + win.tile[1] if win.tile[0] == "0" else win.tile
        assert plain_win == dataclasses.replace(win, tile=tile)
