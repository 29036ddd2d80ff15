"""Decomposing a hand into every reading: the public entry points.

>>> [str(d) for d in decompose("111222333m45677p")]
['123m 123m 123m 456p 77p', '111m 222m 333m 456p 77p']
>>> is_winning("19m19p19s1234567z7z")
True
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from mjasp.blocks import Decomposition, sorted_readings
from mjasp.errors import HandError, RulesError
from mjasp.hand import Hand
from mjasp.rules import Rules, find_rules
from mjasp.solvers.base import SuitDecomposer, assemble, special_readings
from mjasp.tiles import tile_name

#: Decomposition engines by name: "module:function" of a SuitDecomposer, imported lazily
#: so that ``import mjasp`` does not load clingo.
DECOMPOSERS: dict[str, str] = {
    "backtrack-dedupe": "mjasp.solvers.backtrack:dedupe_backtracking",
    "backtrack-1": "mjasp.solvers.backtrack:backtracking_sequences_first",
    "backtrack-2": "mjasp.solvers.backtrack:backtracking_patterns",
    "pair-position": "mjasp.solvers.backtrack:pair_position",
    "asp": "mjasp.solvers.asp:suit_readings",
    "fast": "mjasp.solvers.fast:suit_readings",
    "inverse": "mjasp.solvers.forms:inverse_suit_readings",
}
#: Engines that also read a whole hand at once, every form: name -> "module:function" of
#: ``(Hand, Rules) -> list[Decomposition]`` (canonical order); ``decompose`` prefers these.
HAND_DECOMPOSERS: dict[str, str] = {
    "asp": "mjasp.solvers.asp:decompose_hand",
    "fast": "mjasp.solvers.fast:decompose_hand",
}
#: The engine ``decompose`` uses when none is named.
DEFAULT_DECOMPOSER = "fast"


def suit_decomposer(name: str) -> SuitDecomposer:
    """The suit decomposer registered as ``name`` (see ``DECOMPOSERS``)."""
    if name not in DECOMPOSERS:
        raise RulesError(f"unknown solver {name!r}; known: {', '.join(sorted(DECOMPOSERS))}")
    found: SuitDecomposer = _load(DECOMPOSERS[name])
    return found


@functools.cache
def _load(target: str) -> Any:
    # cached: import_module and getattr on every hot call cost as much as a fast lookup
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def as_hand(hand: Hand | str) -> Hand:
    """Accept a ``Hand`` or mpsz text."""
    if isinstance(hand, Hand):
        return hand
    if isinstance(hand, str):
        return Hand.parse(hand)
    raise HandError(f"expected a Hand or mpsz text, got {type(hand).__name__}")


def check_complete(hand: Hand, rules: Rules) -> None:
    """Raise unless the hand has the tile count of a complete hand (14, kans as three)."""
    if hand.tile_count != 14:
        raise HandError(f"a complete hand has 14 tiles (each kan counted as three), "
                        f"this one has {hand.tile_count}", str(hand))
    check_tiles_in_set(hand, rules)


def check_tiles_in_set(hand: Hand, rules: Rules) -> None:
    """Raise if the hand holds a kind the rules' wall does not have (2m-8m in sanma)."""
    missing = rules.removed_kinds
    if not missing:
        return
    total = hand.total_counts()
    for kind in missing:
        if total[kind]:
            raise HandError(f"{tile_name(kind)} is not in the {rules.name} tile set", str(hand))


def decompose(hand: Hand | str, *, solver: str | None = None,
              rules: Rules | str | None = None) -> list[Decomposition]:
    """Every reading of a complete hand, in canonical order (standard, then the others).

    ``solver`` names the standard-form engine (``DECOMPOSERS``); ``rules`` a preset.
    A hand with no reading gives ``[]``; a hand with the wrong tile count raises.

    >>> len(decompose("11122233344455m"))
    4
    """
    hand = as_hand(hand)
    rules = find_rules(rules)
    check_complete(hand, rules)
    name = solver or DEFAULT_DECOMPOSER
    if name in HAND_DECOMPOSERS:
        whole: list[Decomposition] = _load(HAND_DECOMPOSERS[name])(hand, rules)
        return whole
    by_suit = suit_decomposer(name)  # looked up first: an unknown name fails under any rules
    readings: list[Decomposition] = []
    if "standard" in rules.forms:
        readings += assemble(hand.counts, hand.melds, by_suit)
    readings += special_readings(hand, rules)
    return sorted_readings(readings)


def is_winning(hand: Hand | str, *, rules: Rules | str | None = None) -> bool:
    """True when a complete hand has at least one reading (agari).

    >>> is_winning("123m456p789s11234z")
    False
    """
    return bool(decompose(hand, rules=rules))
