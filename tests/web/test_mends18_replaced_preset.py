"""The web page's converted query values are kept by their text; a preset's ``Rules`` is
kept so too, yet ``mjasp.RULES`` is a plain dict a caller may change (the library's own
``score(rules=NAME)`` reads it at each call, tests/scoring/test_audit41_named_rules.py).
A preset replaced there after a request must be the one the next request plays, as the
command line and the library play it.

The hand: 1122m3344p5566s7z is tenpai as seven pairs (shanten 0); under rules that read
the standard form only it is not (four melds and a pair: it holds no meld, one shanten
count per missing block), so the rule set played shows in the answer.
"""

from __future__ import annotations

import json

import pytest

import mjasp
from mjasp.web import commands

HAND = "1122m3344p5566s7z"


def shanten_answered(rules: str) -> int:
    text = commands._direct("shanten", {"q": HAND, "rules": rules})
    assert text is not None
    return int(json.loads(text)["shanten"])


@pytest.mark.parametrize("spelled", ["tenhou", "TENHOU", "standard"])
def test_a_replaced_preset_is_the_one_played(monkeypatch: pytest.MonkeyPatch,
                                             spelled: str) -> None:
    tenhou = mjasp.RULES["tenhou"]
    standard_only = mjasp.RULES["standard-form"].replace(name="tenhou")
    assert shanten_answered(spelled) == mjasp.shanten(HAND, rules=tenhou) == 0
    monkeypatch.setitem(mjasp.RULES, "tenhou", standard_only)
    expected = mjasp.shanten(HAND, rules=standard_only)
    assert expected > 0
    assert shanten_answered(spelled) == expected
    monkeypatch.setitem(mjasp.RULES, "tenhou", tenhou)
    assert shanten_answered(spelled) == 0
