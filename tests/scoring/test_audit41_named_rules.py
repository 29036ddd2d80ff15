"""``score(rules=NAME)`` reads the rule set ``mjasp.RULES`` holds under the name at the call.

``RULES`` is a plain dict: a caller may put a rule set of their own there and replace it
later (a notebook trying house rules). ``score`` keeps how names are spelled (any case,
an alias), never the rule set, or a replaced one would still be played after it.

The hand: riichi, pinfu, tanyao and one dora, a non-dealer's ron: 4 han 30 fu, 7,700
points; with kiriage (4 han 30 fu rounded up to mangan, ``Rules.kiriage``) 8,000.
"""

from __future__ import annotations

import pytest

import mjasp
from mjasp import Hand, Rules, Win

HAND = Hand.parse("234m345p456s678s88p")
WIN = Win("2m", seat_wind="S", riichi=1, dora_indicators=("1m",))


def test_a_replaced_rule_set_is_played(monkeypatch: pytest.MonkeyPatch) -> None:
    for kiriage, points, limit in ((False, 7700, None), (True, 8000, "mangan"),
                                   (False, 7700, None)):
        monkeypatch.setitem(mjasp.RULES, "house", Rules(name="house", kiriage=kiriage))
        for spelled in ("house", "HOUSE"):
            s = mjasp.score(HAND, WIN, rules=spelled)
            assert (s.han, s.fu, s.points, s.limit) == (4, 30, points, limit), (kiriage, spelled)


def test_a_removed_rule_set_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(mjasp.RULES, "house", Rules(name="house"))
    assert mjasp.score(HAND, WIN, rules="house").points == 7700
    monkeypatch.delitem(mjasp.RULES, "house")
    with pytest.raises(mjasp.RulesError, match="unknown rules 'house'"):
        mjasp.score(HAND, WIN, rules="house")
