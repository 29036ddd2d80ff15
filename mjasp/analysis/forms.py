"""Every standard winning form, and the readings of a hand as the forms that give it.

Every standard winning form is built constructively by the decomposer DP of
``mjasp.solvers.form_dp``; the readings of a hand are the forms whose
tile vector is the hand: the inverse image W(h) = f^-1(h), a third decomposition method.

>>> count_forms(4)
11580567
>>> [str(d) for d in inverse_readings("111222333m45677p")]
['123m 123m 123m 456p 77p', '111m 222m 333m 456p 77p']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from mjasp.core.blocks import Decomposition, Form, Meld, sorted_readings
from mjasp.core.errors import RulesError
from mjasp.core.hand import Hand
from mjasp.rules import Rules, find_rules
from mjasp.rules.validity import HandLike, as_hand, check_readable
from mjasp.solvers.base import special_readings
from mjasp.solvers.form_dp import (
    MAX_MELDS,
    FormVector,
    count_forms,
    count_winning_vectors,
    form_blocks,
    form_counts,
    inverse_forms,
    iter_forms,
)


def winning_forms(melds: int = MAX_MELDS) -> Iterator[Decomposition]:
    """Every standard winning form with ``melds`` melds and one pair, lazily, as readings.

    >>> [str(d) for d, _ in zip(winning_forms(0), range(3))]
    ['11m', '22m', '33m']
    """
    return (Decomposition.of(form_blocks(w)) for w in iter_forms(melds))


def count_forms_asp(melds: int) -> int:
    """The number of winning forms with ``melds`` melds, as clingo's model count of
    ``encodings/forms.lp`` (one answer per form); seconds for melds <= 3.

    >>> count_forms_asp(1) == count_forms(1)
    True
    """
    if not 0 <= melds <= MAX_MELDS:
        raise RulesError(f"a standard form has 0..{MAX_MELDS} melds, not {melds}")
    # imported here: ``import mjasp`` does not load clingo
    from mjasp.solvers import asp

    return asp.count_models([asp.encoding("forms.lp")], ["-c", f"melds={melds}"])


def standard_readings(counts: Sequence[int], melds: tuple[Meld, ...] = ()) -> list[Decomposition]:
    """The standard readings of concealed counts as the inverse image W(h) = f^-1(h).

    >>> [str(d) for d in standard_readings(Hand.parse("111222333m45677p").counts)]
    ['123m 123m 123m 456p 77p', '111m 222m 333m 456p 77p']
    """
    return [Decomposition.of(form_blocks(w), Form.STANDARD, melds)
            for w in inverse_forms(counts, MAX_MELDS - len(melds))]


def hand_readings(hand: Hand, rules: Rules) -> list[Decomposition]:
    """Every reading of a hand the rules allow: standard ones by inversion, then the
    special forms as every engine reads them."""
    found = standard_readings(hand.counts, hand.melds) if Form.STANDARD in rules.forms else []
    return sorted_readings(found + special_readings(hand, rules))


def inverse_readings(hand: HandLike, *, rules: Rules | str | None = None) -> list[Decomposition]:
    """Every reading of a hand by inversion: a third decomposition method.

    Works for any hand whose concealed tiles number 2 (mod 3) (a form with fewer
    melds is still a form); ``mjasp.decompose`` gives the same list for 14 tiles.

    >>> [str(d) for d in inverse_readings("11122233344455m")][:2]
    ['123m 123m 123m 444m 55m', '111m 234m 234m 234m 55m']
    """
    hand = as_hand(hand)
    rules = find_rules(rules)
    check_readable(hand, rules)
    return hand_readings(hand, rules)


__all__ = ["MAX_MELDS", "FormVector", "count_forms", "count_forms_asp", "count_winning_vectors",
           "form_counts", "hand_readings", "inverse_readings", "standard_readings", "winning_forms"]
