"""The fast path: readings of each distinct suit vector solved once by ASP, then memoised.

A suit has at most 405,350 count vectors (honors 43,130) and real hands reuse a few
thousand, so every suit vector is solved once by the ASP engine
(:func:`mjasp.solvers.asp.suit_readings`) and kept; a whole hand is then the product of
its four cached suits (as :func:`mjasp.solvers.base.assemble` defines it), built without
re-sorting because each suit's readings are kept in canonical order. The cache also
keeps, per suit, what seven pairs and thirteen orphans need to know, so the special
forms cost two additions.

>>> [str(d) for d in readings(Hand.parse("111222333m45677p").counts)]
['123m 123m 123m 456p 77p', '111m 222m 333m 456p 77p']
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import NamedTuple

from mjasp.blocks import Block, Decomposition, Form
from mjasp.hand import Hand, Meld
from mjasp.rules import Rules, find_rules
from mjasp.solvers import asp
from mjasp.solvers.base import SUIT_SLICES, SuitReading, chiitoitsu_reading, kokushi_reading

#: A sum no real suit total reaches: marks "this suit rules the special form out".
_NEVER = -100


class SuitEntry(NamedTuple):
    """What the fast path keeps per (suit, counts)."""

    standard: tuple[tuple[Block, ...], ...]  #: readings, blocks on the 34 kinds, canonical order
    pairs: int  #: pairs if every count is 0 or 2 (seven pairs), else _NEVER
    quad_pairs: int  #: the same with 4 counted as two pairs (chiitoitsu-quad rules)
    doubled_orphans: int  #: orphans held twice if the suit fits thirteen orphans, else _NEVER


@functools.cache
def suit_readings(counts: tuple[int, ...], is_honors: bool) -> Sequence[SuitReading]:
    """Every reading of one suit (``SuitDecomposer``): ASP once per vector, then memoised.

    >>> [" ".join(map(str, r)) for r in suit_readings((3, 1, 1, 1, 1, 1, 1, 1, 4), False)]
    ['123m 11m 456m 789m 999m']
    """
    return tuple(asp.suit_readings(counts, is_honors))


def _entry(base: int, counts: tuple[int, ...], honors: bool) -> SuitEntry:
    standard = tuple(tuple(Block(b.kind, b.tile + base) for b in reading)
                     for reading in suit_readings(counts, honors))
    pairs = counts.count(2) if set(counts) <= {0, 2} else _NEVER
    quad_pairs = counts.count(2) + 2 * counts.count(4) if set(counts) <= {0, 2, 4} else _NEVER
    orphans = range(len(counts)) if honors else (0, 8)
    fits = (all(counts[i] in (1, 2) for i in orphans)
            and all(n == 0 for i, n in enumerate(counts) if i not in orphans))
    doubled = sum(counts[i] == 2 for i in orphans) if fits else _NEVER
    return SuitEntry(standard, pairs, quad_pairs, doubled)


#: One table per suit: counts of that suit -> its entry (filled on first use).
_TABLES: tuple[dict[tuple[int, ...], SuitEntry], ...] = tuple({} for _ in SUIT_SLICES)


def _lookup(suit: int, counts: tuple[int, ...]) -> SuitEntry:
    table = _TABLES[suit]
    found = table.get(counts)
    if found is None:
        base, _, honors = SUIT_SLICES[suit]
        found = table[counts] = _entry(base, counts, honors)
    return found


def readings(counts: Sequence[int], melds: tuple[Meld, ...] = (),
             rules: Rules | None = None) -> list[Decomposition]:
    """Every reading of 34 concealed counts (a complete hand), canonical order, no checks.

    ``decompose_hand`` is the checked entry point; this is the hot loop's call.
    """
    entries = (_lookup(0, tuple(counts[0:9])), _lookup(1, tuple(counts[9:18])),
               _lookup(2, tuple(counts[18:27])), _lookup(3, tuple(counts[27:34])))
    m, p, s, z = entries
    forms = rules.forms if rules is not None else None
    found: list[Decomposition] = []
    if forms is None or Form.STANDARD in forms:
        if len(m.standard) == len(p.standard) == len(s.standard) == len(z.standard) == 1:
            # the common case: one reading per suit, already in canonical order
            blocks = m.standard[0] + p.standard[0] + s.standard[0] + z.standard[0]
            found.append(Decomposition(blocks, Form.STANDARD, melds))
        else:
            # suits in tile order, each suit's readings sorted: the product comes out sorted
            for parts in itertools.product(m.standard, p.standard, s.standard, z.standard):
                found.append(Decomposition(sum(parts, ()), Form.STANDARD, melds))
    if melds:
        return found
    quad = rules is not None and rules.chiitoitsu_quad
    pairs = sum(e.quad_pairs if quad else e.pairs for e in entries)
    if pairs == 7 and (forms is None or Form.CHIITOITSU in forms):
        seven = chiitoitsu_reading(counts, rules or find_rules(None))
        found += [seven] if seven is not None else []
    if (m.doubled_orphans + p.doubled_orphans + s.doubled_orphans + z.doubled_orphans == 1
            and (forms is None or Form.KOKUSHI in forms)):
        orphans = kokushi_reading(counts)
        found += [orphans] if orphans is not None else []
    return found


def decompose_hand(hand: Hand, rules: Rules | str | None = None) -> list[Decomposition]:
    """Every reading of a complete hand by the fast path (all forms the rules allow).

    >>> len(decompose_hand(Hand.parse("11122233344455m")))
    4
    """
    return readings(hand.counts, hand.melds, find_rules(rules))


def cache_size() -> int:
    """Suit vectors held in the cache (all suits together)."""
    return sum(len(table) for table in _TABLES)
