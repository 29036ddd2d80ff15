"""Decomposing a hand into every reading: the public entry points.

>>> [str(d) for d in decompose("111222333m45677p")]
['123m 123m 123m 456p 77p', '111m 222m 333m 456p 77p']
>>> is_winning("19m19p19s1234567z7z")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mjasp.core.blocks import Decomposition, sorted_readings
from mjasp.core.notation import plain_counts
from mjasp.rules import Rules, default_reading, find_rules
from mjasp.rules.validity import COMPLETE_TILES, HandLike, as_hand, check_complete
from mjasp.solvers import kernel
from mjasp.solvers.base import assemble, special_readings
from mjasp.solvers.lookup import counts_readings
from mjasp.solvers.lookup import text_readings as fast_text_readings
from mjasp.solvers.registry import (
    DECOMPOSERS,
    DEFAULT_DECOMPOSER,
    hand_decomposer,
    suit_decomposer,
)


def decompose(hand: HandLike, *, solver: str | None = None,
              rules: Rules | str | None = None) -> list[Decomposition]:
    """Every reading of a complete hand, in canonical order (standard, then the others).

    ``solver`` names the standard-form engine (``DECOMPOSERS``); ``rules`` a preset.
    A hand with no reading gives ``[]``; a hand with the wrong tile count raises.

    >>> len(decompose("11122233344455m"))
    4
    """
    # the fast paths run for every rules that read hands as the default ones do
    if solver is None and type(hand) is str and default_reading(rules):
        # the compiled readers take a red five for a plain one: a text with one (``0``)
        # goes the Python way, which checks it against the rules' wall
        if kernel.COMPILED and "0" not in hand:
            # the common case in one C call: plain text of 14 tiles, every suit cached, one
            # reading; else one C call parses plain text of 14 tiles (None: anything else,
            # explained below)
            found = fast_text_readings(hand)
            if found is not None:
                return found
            counts = (_PLAIN or _load_plain())(hand, COMPLETE_TILES)
            if counts is not None:
                return counts_readings(counts)
        plain = plain_counts(hand)
        # plain text of a legal complete hand: the fast path's readings, no Hand built
        if plain is not None and max(plain[0]) <= 4 and sum(plain[0]) == COMPLETE_TILES and (
                not any(plain[1]) or _reds_fit(plain[1], find_rules(rules))):
            return counts_readings(tuple(plain[0]))
    hand = as_hand(hand)
    rules = find_rules(rules)
    check_complete(hand, rules)
    name = DEFAULT_DECOMPOSER if solver is None else solver
    whole = hand_decomposer(name)  # an unknown name fails here, under any rules
    if whole is not None:
        return whole(hand, rules)
    by_suit = suit_decomposer(name)
    readings: list[Decomposition] = []
    if "standard" in rules.forms:
        readings += assemble(hand.counts, hand.melds, by_suit)
    readings += special_readings(hand, rules)
    return sorted_readings(readings)


def _reds_fit(reds: Sequence[int], rules: Rules) -> bool:
    """Red fives by suit within the rules' wall (else the general path names the error)."""
    return all(n <= allowed for n, allowed in zip(reds, rules.red_fives, strict=True))


#: The compiled plain-text reader, bound on first use (``kernel.COMPILED`` decides if it runs).
_PLAIN: Callable[[str, int], tuple[int, ...] | None] | None = None


def _load_plain() -> Callable[[str, int], tuple[int, ...] | None]:
    global _PLAIN
    _PLAIN = kernel.plain_function()
    return _PLAIN


def is_winning(hand: HandLike, *, rules: Rules | str | None = None) -> bool:
    """True when a complete hand has at least one reading (agari).

    >>> is_winning("123m456p789s11234z")
    False
    """
    return bool(decompose(hand, rules=rules))


__all__ = ["DECOMPOSERS", "DEFAULT_DECOMPOSER", "decompose", "is_winning"]
