"""The fast path: readings of each suit vector from shipped data, then memoised.

A suit has at most 405,350 count vectors (honors 43,130), and the readings of every one
were solved by the ASP engine ahead of time and ship with the package
(:mod:`mjasp.solvers.suit_data`): a vector seen for the first time costs a dict lookup
and a few bytes decoded, no clingo call (after :func:`clear`, the ASP engine answers
again, one vector at a time, until :func:`preload`); a whole hand is then the product of
its four cached suits (as :func:`mjasp.solvers.base.assemble` defines it), built without
re-sorting because each suit's readings are kept in canonical order. The cache also
keeps, per suit, what seven pairs and thirteen orphans need to know, so the special
forms cost two additions; only a hand that passes is built, by ``solvers.base``. (Calling
``chiitoitsu_reading``/``kokushi_reading`` on every hand instead doubles the time of a
non-winning hand.)

>>> [str(d) for d in readings(Hand.parse("111222333m45677p").counts)]
['123m 123m 123m 456p 77p', '111m 222m 333m 456p 77p']
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Sequence
from typing import NamedTuple

from mjasp.blocks import Block, BlockKind, Decomposition, Form
from mjasp.hand import Hand, Meld
from mjasp.rules import Rules, find_rules
from mjasp.solvers import suit_data
from mjasp.solvers.base import (
    SUIT_SLICES,
    SuitReading,
    shift,
)
from mjasp.tiles import TERMINALS_AND_HONORS

#: Every form (the default rules).
ALL_FORMS = frozenset(Form)
#: A sum no real suit total reaches: marks "this suit rules the special form out".
_NEVER = -100


class SuitEntry(NamedTuple):
    """What the fast path keeps per (suit, counts)."""

    standard: tuple[tuple[Block, ...], ...]  #: readings, blocks on the 34 kinds, canonical order
    holds_pair: int  #: 1 if the suit's count is 2 (mod 3): its readings hold the pair
    pairs: int  #: pairs if every count is 0 or 2 (seven pairs), else _NEVER
    quad_pairs: int  #: the same with 4 counted as two pairs (chiitoitsu-quad rules)
    doubled_orphans: int  #: orphans held twice if the suit fits thirteen orphans, else _NEVER


#: (suit counts, honors?) -> readings, in canonical order: filled by ASP, one vector at a time.
_SUITS: dict[tuple[tuple[int, ...], bool], tuple[SuitReading, ...]] = {}
#: Suit spaces that ``preload`` filled: a vector (<= 14 tiles) missing there has no reading.
_COMPLETE: set[bool] = set()
#: Read readings from the shipped file (``clear(shipped=False)`` turns it off for tests).
_SHIPPED = [True]


def suit_readings(counts: tuple[int, ...], is_honors: bool) -> Sequence[SuitReading]:
    """Every reading of one suit (``SuitDecomposer``): ASP once per vector, then memoised.

    >>> [" ".join(map(str, r)) for r in suit_readings((3, 1, 1, 1, 1, 1, 1, 1, 4), False)]
    ['123m 11m 456m 789m 999m']
    """
    found = _SUITS.get((counts, is_honors))
    if found is None:
        if _SHIPPED[0]:
            found = suit_data.shipped_readings(counts, is_honors)
        elif is_honors in _COMPLETE and sum(counts) <= 14:
            found = ()
        else:
            from mjasp.solvers import asp  # clingo loads only when the ASP engine answers

            found = tuple(asp.suit_readings(counts, is_honors))
        _SUITS[counts, is_honors] = found
    return found


def _entry(base: int, counts: tuple[int, ...], honors: bool) -> SuitEntry:
    if _SHIPPED[0]:
        # decoded straight onto the 34 kinds, with blocks shared by every reading
        standard = suit_data.shipped_readings(counts, honors, base)
    else:
        standard = tuple(shift(reading, base) for reading in suit_readings(counts, honors))
    held = set(counts)
    pairs = counts.count(2) if held <= _ZERO_TWO else _NEVER
    quad_pairs = counts.count(2) + 2 * counts.count(4) if held <= _ZERO_TWO_FOUR else _NEVER
    # thirteen orphans: each terminal (every honor) held once or twice, nothing else held
    if honors:
        doubled = counts.count(2) if held <= _ONE_TWO else _NEVER
    else:
        fits = 1 <= counts[0] <= 2 and 1 <= counts[8] <= 2 and not any(counts[1:8])
        doubled = (counts[0] == 2) + (counts[8] == 2) if fits else _NEVER
    return SuitEntry(standard, int(sum(counts) % 3 == 2), pairs, quad_pairs, doubled)


_ZERO_TWO = frozenset({0, 2})
_ZERO_TWO_FOUR = frozenset({0, 2, 4})
_ONE_TWO = frozenset({1, 2})


#: One table per suit: counts of that suit -> its entry (filled on first use).
_TABLES: tuple[dict[tuple[int, ...], SuitEntry], ...] = tuple({} for _ in SUIT_SLICES)
_MAN, _PIN, _SOU, _HONORS = _TABLES


def _miss(suit: int, counts: tuple[int, ...]) -> SuitEntry:
    base, _, honors = SUIT_SLICES[suit]
    found = _TABLES[suit][counts] = _entry(base, counts, honors)
    return found


def _trusted(blocks: tuple[Block, ...], form: Form, melds: tuple[Meld, ...]) -> Decomposition:
    """A reading from blocks already valid and in canonical order, and melds already
    sorted (a ``Hand``'s): ``Decomposition``'s checks and sorts, skipped."""
    reading = object.__new__(Decomposition)
    # the slots' own setters: object.__setattr__ by name costs about twice as much
    set_blocks, set_form, set_melds = _SET_READING
    set_blocks(reading, blocks)
    set_form(reading, form)
    set_melds(reading, melds)
    return reading


_SET_READING = tuple(getattr(Decomposition, name).__set__ for name in ("blocks", "form", "melds"))


def _sorted_reading(blocks: tuple[Block, ...], melds: tuple[Meld, ...]) -> Decomposition:
    return _trusted(blocks, Form.STANDARD, melds)


#: The pair and the single of every kind, built once (the special forms' blocks).
_PAIRS = tuple(Block(BlockKind.PAIR, k) for k in range(34))
_SINGLES = tuple(Block(BlockKind.SINGLE, k) for k in range(34))


def readings(counts: Sequence[int], melds: tuple[Meld, ...] = (),
             rules: Rules | None = None) -> list[Decomposition]:
    """Every reading of 34 concealed counts (a complete hand), canonical order, no checks.

    ``decompose_hand`` is the checked entry point; this is the hot loop's call.
    """
    c = counts if isinstance(counts, tuple) else tuple(counts)
    # four dict lookups; a miss solves that suit vector once by ASP
    m = _MAN.get(c[0:9]) or _miss(0, c[0:9])
    p = _PIN.get(c[9:18]) or _miss(1, c[9:18])
    s = _SOU.get(c[18:27]) or _miss(2, c[18:27])
    z = _HONORS.get(c[27:34]) or _miss(3, c[27:34])
    forms = rules.forms if rules is not None else ALL_FORMS
    found: list[Decomposition] = []
    # each suit of 2 (mod 3) brings a pair: a standard reading has exactly one
    if Form.STANDARD in forms and m.holds_pair + p.holds_pair + s.holds_pair + z.holds_pair == 1:
        if len(m.standard) == len(p.standard) == len(s.standard) == len(z.standard) == 1:
            # the common case: one reading per suit, already in canonical order
            blocks = m.standard[0] + p.standard[0] + s.standard[0] + z.standard[0]
            found.append(_sorted_reading(blocks, melds))
        else:
            # suits in tile order, each suit's readings sorted: the product comes out sorted
            for parts in itertools.product(m.standard, p.standard, s.standard, z.standard):
                found.append(_sorted_reading(sum(parts, ()), melds))
    if melds:
        return found
    if rules is not None and rules.chiitoitsu_quad:
        pairs = m.quad_pairs + p.quad_pairs + s.quad_pairs + z.quad_pairs
    else:
        pairs = m.pairs + p.pairs + s.pairs + z.pairs
    # the per-suit summaries decide the special forms exactly: seven pairs when every
    # count is 0 or 2 (4 with the quad rule) and they make seven pairs; thirteen orphans
    # when every suit fits and one orphan is doubled (tests: == chiitoitsu_reading and
    # kokushi_reading, the definitions, on every hand the cross-checks deal)
    if pairs == 7 and Form.CHIITOITSU in forms:
        found.append(_trusted(tuple(_PAIRS[k] for k in range(34) for _ in range(c[k] // 2)),
                              Form.CHIITOITSU, ()))
    doubled = m.doubled_orphans + p.doubled_orphans + s.doubled_orphans + z.doubled_orphans
    if doubled == 1 and Form.KOKUSHI in forms:
        found.append(_trusted(tuple(_PAIRS[k] if c[k] == 2 else _SINGLES[k]
                                    for k in TERMINALS_AND_HONORS), Form.KOKUSHI, ()))
    return found


def decompose_hand(hand: Hand, rules: Rules | str | None = None) -> list[Decomposition]:
    """Every reading of a complete hand by the fast path (all forms the rules allow).

    >>> len(decompose_hand(Hand.parse("11122233344455m")))
    4
    """
    return readings(hand.counts, hand.melds, find_rules(rules))


def winning_readings(hand: Hand, rules: Rules) -> tuple[Decomposition, ...]:
    """``decompose_hand`` cached for the last few hundred hands (least recently used
    first out): checking a win and scoring it ask for the same readings.

    Keyed by the hand and the two options the readings depend on (``Rules.forms``,
    ``Rules.chiitoitsu_quad``), not by the ``Rules``: a frozenset keeps its hash, a
    ``Rules`` hashes its nineteen fields on every call.

    >>> len(winning_readings(Hand.parse("11122233344455m"), find_rules()))
    4
    """
    key = (hand, rules.forms, rules.chiitoitsu_quad)
    found = _READINGS.get(key)
    if found is not None:
        _READINGS.move_to_end(key)  # the most recently used
        return found
    found = _READINGS[key] = tuple(readings(hand.counts, hand.melds, rules))
    if len(_READINGS) > READINGS_CACHED:
        # an OrderedDict drops its oldest in O(1); a dict would scan the deleted slots
        _READINGS.popitem(last=False)
    return found


#: Hands whose readings ``winning_readings`` keeps.
READINGS_CACHED = 256
_READINGS: OrderedDict[tuple[Hand, frozenset[Form], bool], tuple[Decomposition, ...]] = (
    OrderedDict())


def preload() -> None:
    """Fill the per-suit cache at once from the one-solve ASP enumeration of each suit space.

    About a second and a half instead of one solve per new vector (``asp.enumerate_space``).
    """
    from mjasp.solvers import asp

    for is_honors in (False, True):
        for counts, found in asp.enumerate_space(is_honors).items():
            _SUITS[counts, is_honors] = tuple(found)
        _COMPLETE.add(is_honors)


def clear(shipped: bool = True) -> None:
    """Empty the cache; ``shipped=False``: the next hands are solved by ASP again."""
    _SHIPPED[0] = shipped
    _SUITS.clear()
    _COMPLETE.clear()
    for table in _TABLES:
        table.clear()
    _READINGS.clear()


def cache_size() -> int:
    """Suit vectors held in the cache (all suits together)."""
    return sum(len(table) for table in _TABLES)
