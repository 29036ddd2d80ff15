"""The page's answer cache keys an answer by the rule set a preset's name stands for when
it is asked, not by the name alone: ``mjasp.RULES`` is a plain dict a caller may change,
and the command line and the library play the preset found there at each call
(tests/web/test_mends18_replaced_preset.py covers the conversion of the name).

The hand: 1122m3344p5566s7z is tenpai as seven pairs (shanten 0); with "tenhou" replaced
by rules that read the standard form only it holds no meld, one pair and four two-tile
partials: 8 - 4 - 1 = 3 shanten.
"""

from __future__ import annotations

import pytest

import mjasp
from mjasp.web import commands

HAND = "1122m3344p5566s7z"


@pytest.mark.parametrize("params", [{"q": HAND, "rules": "tenhou"}, {"q": HAND}],
                         ids=["named", "default"])
def test_a_kept_answer_is_not_given_for_a_replaced_preset(
        monkeypatch: pytest.MonkeyPatch, params: dict[str, str]) -> None:
    tenhou = mjasp.RULES["tenhou"]
    first = commands.quick_answer("shanten", params)
    assert first is not None and first.data()["shanten"] == 0
    monkeypatch.setitem(mjasp.RULES, "tenhou",
                        mjasp.RULES["standard-form"].replace(name="tenhou"))
    replaced = commands.quick_answer("shanten", params)
    assert replaced is not None and replaced.data()["shanten"] == 3
    monkeypatch.setitem(mjasp.RULES, "tenhou", tenhou)
    again = commands.quick_answer("shanten", params)
    assert again is not None and again.data()["shanten"] == 0


def test_a_search_is_keyed_by_the_rule_set_played(monkeypatch: pytest.MonkeyPatch) -> None:
    params = {"q": "123m456p789s1122z3z", "rules": "tenhou"}
    before = commands._key("advise", params)
    monkeypatch.setitem(mjasp.RULES, "tenhou", mjasp.RULES["tenhou"].replace(kiriage=True))
    after = commands._key("advise", params)
    assert before != after
    monkeypatch.setitem(mjasp.RULES, "tenhou", mjasp.RULES["tenhou"].replace(kiriage=False))
    assert commands._key("advise", params) == before  # the same options: the same key
