"""A preset named by ``rules=NAME`` is the one ``mjasp.RULES`` holds at the call.

``mjasp.RULES`` is a plain dict a caller may change; ``score(rules=NAME)`` already reads it
at each call (tests/scoring/test_audit41_named_rules.py). The analysis fast paths chose
themselves by a set of preset names made at import, so a replaced preset kept being read
with every form. Here "tenhou" is replaced by rules that read the standard form only
(four melds and a pair), and every analysis entry point taking ``rules=`` must follow.

Expected values, worked by hand:

- 1122m3344p5566s7z: seven pairs with a lone 7z, tenpai (shanten 0) waiting on 7z. In the
  standard form it holds no meld: one pair and four two-tile partials (12m 12m 34p 34p,
  or 56s instead), so 8 - 4 - 1 = 3 shanten, and no wait.
- 11223344556677m: seven pairs, and three standard readings, one per pair that leaves
  four sequences (11: 234 234 567 567; 44: 123 123 567 567; 77: 123 123 456 456), so four
  readings with every form and three with the standard form only.
"""

from __future__ import annotations

import pytest

import mjasp

SEVEN_PAIRS_TENPAI = "1122m3344p5566s7z"
SEVEN_PAIRS_WIN = "11223344556677m"


@pytest.fixture
def standard_only_tenhou(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(mjasp.RULES, "tenhou",
                        mjasp.RULES["standard-form"].replace(name="tenhou"))


@pytest.mark.parametrize("spelled", ["tenhou", "Tenhou", "standard", "4p"])
def test_shanten_reads_the_replaced_preset(standard_only_tenhou: None, spelled: str) -> None:
    assert mjasp.shanten(SEVEN_PAIRS_TENPAI, rules=spelled) == 3


def test_shanten_reads_the_preset_again_when_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    tenhou = mjasp.RULES["tenhou"]
    assert mjasp.shanten(SEVEN_PAIRS_TENPAI, rules="tenhou") == 0
    monkeypatch.setitem(mjasp.RULES, "tenhou", mjasp.RULES["standard-form"])
    assert mjasp.shanten(SEVEN_PAIRS_TENPAI, rules="tenhou") == 3
    monkeypatch.setitem(mjasp.RULES, "tenhou", tenhou)
    assert mjasp.shanten(SEVEN_PAIRS_TENPAI, rules="tenhou") == 0


def test_decompose_reads_the_replaced_preset(standard_only_tenhou: None) -> None:
    readings = mjasp.decompose(SEVEN_PAIRS_WIN, rules="tenhou")
    assert len(readings) == 3
    assert sorted(str(d.pair) for d in readings) == ["11m", "44m", "77m"]


def test_waits_reads_the_replaced_preset(standard_only_tenhou: None) -> None:
    assert mjasp.waits(SEVEN_PAIRS_TENPAI, rules="tenhou") == []


def test_the_presets_read_with_every_form_are_unchanged() -> None:
    assert mjasp.shanten(SEVEN_PAIRS_TENPAI, rules="tenhou") == 0
    assert len(mjasp.decompose(SEVEN_PAIRS_WIN, rules="tenhou")) == 4
    assert [mjasp.tile_name(w.tile) for w in mjasp.waits(SEVEN_PAIRS_TENPAI, rules="tenhou")
            ] == ["7z"]
