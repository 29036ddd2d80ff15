"""``random_wins`` under rules with fewer winning forms draws only wins those rules allow."""

import pytest

from mjasp.core.errors import RulesError
from mjasp.rules import find_rules
from mjasp.scoring.api import check_win
from mjasp.scoring.samples import random_wins


def test_standard_form_samples_pass_check_win() -> None:
    # ``standard-form`` allows four melds and a pair only: no seven pairs, no kokushi
    rules = find_rules("standard-form")
    for hand, win in random_wins(300, seed=0, rules="standard-form"):
        check_win(hand, win, rules)  # raises WinError on a hand the rules do not read


def test_seven_pairs_only_theme_refused_under_standard_form() -> None:
    with pytest.raises(RulesError, match="standard-form"):
        random_wins(1, themes=["chiitoitsu", "kokushi"], rules="standard-form")


def test_tenhou_samples_unchanged_in_kind() -> None:
    # the default rules still draw seven pairs and kokushi (their themes kept)
    hands = [str(h) for h, _ in random_wins(60, seed=2, themes=["chiitoitsu", "kokushi"])]
    assert len(hands) == 60 and any(h.startswith("19m19p19s") for h in hands)
