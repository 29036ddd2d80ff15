"""Caches keyed by ``Rules`` stay bounded: a caller that makes new Rules for every hand
gets the same answers and a cache that evicts instead of growing."""

from __future__ import annotations

import mjasp
from mjasp.rules import RULES, RULES_CACHED
from mjasp.solvers import asp, scoring_asp, scoring_direct


def test_scoring_caches_stay_bounded_under_many_rule_sets() -> None:
    hand, win = "05m678p678s [234p] [777z]", mjasp.Win("8s")
    expected = mjasp.score(hand, win, rules="tenhou")
    # a different name makes a different (equal-valued, differently hashed) Rules
    for i in range(2 * RULES_CACHED + 3):
        rules = RULES["tenhou"].replace(name=f"variant-{i}")
        assert mjasp.score(hand, win, rules=rules).points == expected.points
        assert mjasp.score_candidates(hand, win, rules=rules)[0].points == expected.points
    assert 0 < scoring_direct.cached_rules() <= RULES_CACHED


def test_every_cache_keyed_by_rules_has_a_bound() -> None:
    for cached in (scoring_direct.yaku_table, asp.shared_program, scoring_asp.shared_program):
        assert cached.cache_info().maxsize is not None, cached
