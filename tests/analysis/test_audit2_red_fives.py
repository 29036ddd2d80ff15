"""Red fives beyond the rules' wall are refused by every function that takes a hand.

Tenhou's wall has one red five per suit, the WRC's none, a three-player wall none of man
(``Rules.red_fives``). A hand holding more cannot be dealt, so ``score`` refused it while
``decompose``, ``shanten``, ``waits`` and the kan check answered; now every entry point asks
the one check (``mjasp.rules.validity.check_red_fives``) with the same message. No rules
given means the default rules (Tenhou), as for ``score``: there is no rules-free reading.
A set with more red fives (an "aka 4" wall with two red 5p) is a ``Rules`` option.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import mjasp
from mjasp.analysis.kan import kan_check
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.rules import RULES, Rules

AKA4 = RULES["tenhou"].replace(name="aka4", red_fives=(1, 2, 1))

# (function, a complete 14-tile or a waiting 13-tile hand with two red 5p)
TWO_RED_5P: list[tuple[str, Callable[..., Any], str]] = [
    ("decompose", lambda h, **k: mjasp.decompose(h, **k), "123m406p406p789s11z"),
    ("decompose-backtrack", lambda h, **k: mjasp.decompose(h, solver="backtrack-1", **k),
     "123m406p406p789s11z"),
    ("is_winning", lambda h, **k: mjasp.is_winning(h, **k), "123m406p406p789s11z"),
    ("shanten", lambda h, **k: mjasp.shanten(h, **k), "123m406p406p789s1z"),
    ("shanten-cpsat", lambda h, **k: mjasp.shanten(h, solver="cpsat", **k),
     "123m406p406p789s1z"),
    ("shanten_forms", lambda h, **k: mjasp.shanten_forms(h, **k), "123m406p406p789s1z"),
    ("effective_tiles", lambda h, **k: mjasp.effective_tiles(h, **k), "123m406p406p789s1z"),
    ("discards", lambda h, **k: mjasp.discards(h, **k), "123m406p406p789s11z"),
    ("waits", lambda h, **k: mjasp.waits(h, **k), "123m406p406p789s1z"),
    ("kan_check", lambda h, **k: kan_check(h, "1m", **k), "111m406p406p789s1z"),
]
IDS = [name for name, _, _ in TWO_RED_5P]


@pytest.mark.parametrize(("name", "function", "text"), TWO_RED_5P, ids=IDS)
@pytest.mark.parametrize("given", ["text", "hand"])
@pytest.mark.parametrize("rules", [None, "tenhou", RULES["tenhou"]])
def test_two_red_5p_are_refused_under_tenhou(name: str, function: Callable[..., Any],
                                             text: str, given: str,
                                             rules: str | Rules | None) -> None:
    hand = text if given == "text" else Hand.parse(text)
    with pytest.raises(HandError, match=r"^two red fives \(0p\) in .*; the tenhou rules "
                                        r"have 1$"):
        function(hand, rules=rules)


@pytest.mark.parametrize(("name", "function", "text"), TWO_RED_5P, ids=IDS)
def test_two_red_5p_are_fine_in_a_wall_that_has_them(name: str, function: Callable[..., Any],
                                                     text: str) -> None:
    function(text, rules=AKA4)  # no error


@pytest.mark.parametrize(("name", "function", "text"), TWO_RED_5P, ids=IDS)
def test_one_red_five_is_refused_under_the_wrc_rules(name: str, function: Callable[..., Any],
                                                     text: str) -> None:
    one = text.replace("406p", "456p", 1)  # one red 5p left
    function(one, rules="tenhou")  # one red five per suit: fine
    with pytest.raises(HandError, match=r"^one red five \(0p\) in .*; the wrc rules have none$"):
        function(one, rules="wrc")


def test_red_fives_in_melds_count() -> None:
    hand = "123m406p789s1z [406p]"  # a red 5p concealed, one in the chi
    with pytest.raises(HandError, match=r"two red fives \(0p\)"):
        mjasp.waits(hand)
    assert [mjasp.tile_name(w.tile) for w in mjasp.waits(hand, rules=AKA4)] == ["1z"]


def test_score_and_analysis_say_the_same() -> None:
    hand = "123m406p406p789s11z"
    with pytest.raises(mjasp.MjaspError) as scored:
        mjasp.score(hand, mjasp.Win("1z"), rules="tenhou")
    with pytest.raises(HandError) as read:
        mjasp.decompose(hand)
    assert str(scored.value) == str(read.value)


@pytest.mark.parametrize("visible", ["0p", "0p 5p", "0p0p"])
def test_visible_red_fives_count_with_the_hand(visible: str) -> None:
    hand = "123m406p456p789s1z"  # one red 5p held: Tenhou's wall has no other
    with pytest.raises(HandError, match=r"visible tiles: (two|3) red fives \(0p\) between the "
                                        r"hand and the visible tiles; the tenhou rules have 1"):
        mjasp.effective_tiles(hand, visible=visible)
    assert mjasp.effective_tiles("123m456p456p789s1z", visible="0p 5p")  # the red one seen


def test_counts_carry_no_colour() -> None:
    # 34 counts cannot say which five is red: nothing to refuse
    counts = list(Hand.parse("123m406p406p789s1z").counts)
    assert mjasp.shanten(counts, rules="wrc") == mjasp.shanten(counts, rules="tenhou") == 0
