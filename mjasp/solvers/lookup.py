"""The fast path: readings of each suit vector from shipped data, then memoised.

A suit has at most 405,350 count vectors (honors 43,130), and the readings of every one
were solved by the ASP engine ahead of time and ship with the package
(:mod:`mjasp.solvers.suit_data`): a vector seen for the first time costs a dict lookup
and a few bytes decoded, no clingo call (after :func:`clear`, the ASP engine answers
again, one vector at a time, until :func:`preload`); a whole hand is then the product of
its four cached suits (as :func:`mjasp.solvers.base.assemble` defines it), built without
re-sorting because each suit's readings are kept in canonical order. Seven pairs and
thirteen orphans are told from the whole hand's counts by one or two ``tuple.count``
calls, and only a hand that passes builds its reading. (Calling
``chiitoitsu_reading``/``kokushi_reading`` on every hand instead doubles the time of a
non-winning hand.)

>>> [str(d) for d in counts_readings(Hand.parse("111222333m45677p").counts)]
['123m 123m 123m 456p 77p', '111m 222m 333m 456p 77p']
"""

from __future__ import annotations

import itertools
import operator
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import NamedTuple

from mjasp.core.blocks import Block, BlockKind, Decomposition, Form
from mjasp.core.hand import Hand, Meld, trusted_hand
from mjasp.core.tiles import TERMINALS_AND_HONORS
from mjasp.rules import Rules, find_rules
from mjasp.solvers import kernel, suit_data
from mjasp.solvers.base import (
    SUIT_SLICES,
    SuitReading,
    shift,
)

#: Every form (the default rules).
ALL_FORMS = frozenset(Form)
#: A sum no real suit total reaches: marks "this suit rules the special form out".
#: What the fast path keeps per (suit, counts): the readings (blocks on the 34 kinds,
#: canonical order), 1 if the suit holds 2 tiles (mod 3), i.e. its readings hold the
#: pair, and the special-form flags below. A plain tuple: a miss costs one shipped
#: decode and little else.
SuitEntry = tuple[tuple[tuple[Block, ...], ...], int, int]
#: Flags of a suit that may be part of a special form: every count 0 or 2; every count
#: 0, 2 or 4 (the quad rule); its orphans (1 and 9, or every honor) held once or twice
#: and nothing else. A hand whose four suits share none is neither special form.
SEVEN_PAIRS, SEVEN_PAIRS_QUADS, ORPHANS = 1, 2, 4


def special_flags(counts: Sequence[int], honors: bool) -> int:
    """The flags of one suit's counts (the compiled decode computes the same).

    >>> special_flags((2, 0, 0, 0, 0, 0, 0, 0, 2), False)   # SEVEN_PAIRS | _QUADS | ORPHANS
    7
    >>> special_flags((1, 0, 0, 0, 0, 0, 0, 0, 2), False), special_flags((1, 1, 1, 0, 0, 0), True)
    (4, 0)
    """
    held = set(counts)
    ends = counts if honors else (counts[0], counts[-1])
    fits = set(ends) <= {1, 2} and (honors or not any(counts[1:-1]))
    return ((SEVEN_PAIRS if held <= {0, 2} else 0) | (SEVEN_PAIRS_QUADS if held <= {0, 2, 4}
            else 0) | (ORPHANS if fits else 0))


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


#: One table per suit: counts of that suit -> its entry (filled on first use).
_TABLES: tuple[dict[tuple[int, ...], SuitEntry], ...] = tuple({} for _ in SUIT_SLICES)
_MAN, _PIN, _SOU, _HONORS = _TABLES
_SHIPPED_READINGS = suit_data.shipped_readings


def _miss(suit: int, counts: tuple[int, ...]) -> SuitEntry:
    found: SuitEntry
    if _SHIPPED[0] and kernel.COMPILED:
        # the same decode in one C call (tests: equal on every vector of the file)
        found = (_SUIT_ENTRY or _load_suit_entry())(counts, suit)
    else:
        base, _, honors = SUIT_SLICES[suit]
        if _SHIPPED[0]:
            # decoded straight onto the 34 kinds, with blocks shared by every reading
            standard = _SHIPPED_READINGS(counts, honors, base)
        else:
            standard = tuple(shift(reading, base) for reading in suit_readings(counts, honors))
        found = (standard, sum(counts) % 3 == 2, special_flags(counts, honors))
    _TABLES[suit][counts] = found
    return found


#: The compiled decode, bound on first use (``kernel.COMPILED`` decides if it runs).
_SUIT_ENTRY: Callable[[tuple[int, ...], int], SuitEntry] | None = None


def _load_suit_entry() -> Callable[[tuple[int, ...], int], SuitEntry]:
    global _SUIT_ENTRY
    _SUIT_ENTRY = kernel.suit_entry_function()
    return _SUIT_ENTRY


#: The compiled common case of ``readings`` (and of ``decompose`` from text), bound on
#: first use.
_COMMON: Callable[..., list[Decomposition] | None] | None = None
_TEXT_READINGS: Callable[..., list[Decomposition] | None] | None = None


def _load_common() -> Callable[..., list[Decomposition] | None]:
    global _COMMON, _TEXT_READINGS
    _COMMON, _TEXT_READINGS = kernel.reading_functions(PAIR_BLOCKS, SINGLE_BLOCKS)
    return _COMMON


def text_readings(text: str) -> list[Decomposition] | None:
    """Compiled: the readings of plain mpsz ``text`` of 14 tiles in the common case, else
    None (``decompose`` then takes its usual path). Use only when ``kernel.COMPILED``.

    >>> first = counts_readings(Hand.parse("123m456p789s11122z").counts)   # caches its suits
    >>> found = text_readings("123m456p789s11122z") if kernel.COMPILED else first
    >>> [str(d) for d in found or []]
    ['123m 456p 789s 111z 22z']
    """
    return (_TEXT_READINGS or _load_text())(text, _TABLES, (), _SHIPPED[0], _DEFAULT_MASK)


def _load_text() -> Callable[..., list[Decomposition] | None]:
    _load_common()
    assert _TEXT_READINGS is not None
    return _TEXT_READINGS


_NEW = object.__new__
# the slots' descriptors set a frozen dataclass's fields without its __setattr__ guard
_SET_BLOCKS: Callable[[Decomposition, object], None] = vars(Decomposition)["blocks"].__set__
_SET_FORM: Callable[[Decomposition, object], None] = vars(Decomposition)["form"].__set__
_SET_MELDS: Callable[[Decomposition, object], None] = vars(Decomposition)["melds"].__set__
_STANDARD = Form.STANDARD


def _trusted(blocks: tuple[Block, ...], form: Form, melds: tuple[Meld, ...]) -> Decomposition:
    """A reading from blocks already valid and in canonical order, and melds already
    sorted (a ``Hand``'s): ``Decomposition``'s checks and sorts, skipped."""
    reading: Decomposition = _NEW(Decomposition)
    _SET_BLOCKS(reading, blocks)
    _SET_FORM(reading, form)
    _SET_MELDS(reading, melds)
    return reading


#: The pair and the single of every kind, built once (the special forms' blocks).
PAIR_BLOCKS = tuple(Block(BlockKind.PAIR, k) for k in range(34))
SINGLE_BLOCKS = tuple(Block(BlockKind.SINGLE, k) for k in range(34))


class _Allowed(NamedTuple):
    """What ``readings`` asks of the rules, read once per rules (hashing a ``Form`` runs
    Python code: three ``in rules.forms`` tests cost a third of a warm call)."""

    standard: bool
    chiitoitsu: bool
    kokushi: bool
    quad_pairs: bool

    @property
    def mask(self) -> int:
        """The four as bits 1, 2, 4, 8 (the compiled counts_readings' ``allowed``)."""
        return self.standard | self.chiitoitsu << 1 | self.kokushi << 2 | self.quad_pairs << 3


_DEFAULT_ALLOWED = _Allowed(True, True, True, False)
_DEFAULT_MASK = _DEFAULT_ALLOWED.mask
#: The last rules seen and what they allow.
_LAST_ALLOWED: list[tuple[Rules, _Allowed, int]] = []


def _allowed_entry(rules: Rules) -> tuple[Rules, _Allowed, int]:
    # the slot read once: another thread may store its rules between two reads
    last = _LAST_ALLOWED[0] if _LAST_ALLOWED else None
    if last is not None and last[0] is rules:
        return last
    forms = rules.forms
    found = _Allowed(Form.STANDARD in forms, Form.CHIITOITSU in forms, Form.KOKUSHI in forms,
                     rules.chiitoitsu_quad)
    entry = (rules, found, found.mask)
    _LAST_ALLOWED[:] = [entry]
    return entry


def _allowed_mask(rules: Rules) -> int:
    return _allowed_entry(rules)[2]


def counts_readings(counts: Sequence[int], melds: tuple[Meld, ...] = (),
             rules: Rules | None = None) -> list[Decomposition]:
    """Every reading of 34 concealed counts (a complete hand), canonical order, no checks.

    ``decompose_hand`` is the checked entry point; this is the hot loop's call.
    """
    c = counts if isinstance(counts, tuple) else tuple(counts)
    if kernel.COMPILED:
        # everything below but a product of several readings in one C call (a suit vector
        # not yet cached decoded from the shipped file); None: worked out below
        # (tests: equal both ways)
        # the last rules' mask read here: a call of _allowed_mask costs more than the test
        last = _LAST_ALLOWED[0] if _LAST_ALLOWED else None
        mask = (_DEFAULT_MASK if rules is None else last[2] if last is not None
                and last[0] is rules else _allowed_mask(rules))
        common = (_COMMON or _load_common())(c, _TABLES, melds, _SHIPPED[0], mask)
        if common is not None:
            return common
    # four dict lookups; a miss solves that suit vector once by ASP
    m = _MAN.get(c[0:9]) or _miss(0, c[0:9])
    p = _PIN.get(c[9:18]) or _miss(1, c[9:18])
    s = _SOU.get(c[18:27]) or _miss(2, c[18:27])
    z = _HONORS.get(c[27:34]) or _miss(3, c[27:34])
    # the last rules' answer read here: a call of _allowed_entry costs more than the test
    last = _LAST_ALLOWED[0] if _LAST_ALLOWED else None
    allowed = (_DEFAULT_ALLOWED if rules is None else last[1] if last is not None
               and last[0] is rules else _allowed_entry(rules)[1])
    found: list[Decomposition] = []
    # each suit of 2 (mod 3) brings a pair: a standard reading has exactly one
    if m[1] + p[1] + s[1] + z[1] == 1 and allowed.standard:
        ms, ps, ss, zs = m[0], p[0], s[0], z[0]
        if len(ms) == len(ps) == len(ss) == len(zs) == 1:
            # the common case: one reading per suit, already in canonical order
            found.append(_trusted(ms[0] + ps[0] + ss[0] + zs[0], _STANDARD, melds))
        else:
            # suits in tile order, each suit's readings sorted: the product comes out sorted
            for parts in itertools.product(ms, ps, ss, zs):
                found.append(_trusted(sum(parts, ()), _STANDARD, melds))
    if melds:
        return found
    # the special forms from the whole hand's counts (a closed hand: 14 tiles when
    # complete). Seven pairs: seven kinds held twice and nothing else (with the quad
    # rule a four is two pairs); thirteen orphans: exactly the 13 terminals and honors
    # held, 14 tiles, so one of them twice. Tests: == chiitoitsu_reading and
    # kokushi_reading, the definitions, on random hands and on every near miss.
    # (the suits' flags first: most hands share none, and then neither form is tested)
    flags = m[2] & p[2] & s[2] & z[2]
    if not flags:
        return found
    twos = c.count(2)
    quads = allowed.quad_pairs and 4 in c
    if quads:
        fours = c.count(4)
        seven_pairs = twos + 2 * fours == 7 and twos + fours + c.count(0) == 34
    else:
        seven_pairs = twos == 7 and c.count(0) == 27
    if seven_pairs and allowed.chiitoitsu:
        # every count 0 or 2 (4 only with the quad rule): without a four, the pairs are
        # the kinds held, picked in C by compress
        found.append(_trusted(tuple(PAIR_BLOCKS[k] for k in range(34) for _ in range(c[k] // 2))
                              if quads else tuple(itertools.compress(PAIR_BLOCKS, c)),
                              Form.CHIITOITSU, ()))
    if flags & ORPHANS and twos == 1 and allowed.kokushi and c.count(0) == 21 and \
            sum(c) == 14 and all(_ORPHAN_COUNTS(c)):
        # each orphan's block by its count (1: single, 2: pair), picked in C
        found.append(_trusted(tuple(map(_PICK, _ORPHAN_BLOCKS, _ORPHAN_COUNTS(c))),
                              Form.KOKUSHI, ()))
    return found


def hand_and_readings(counts: bytes, red: bytes, melds: tuple[Meld, ...], rules: Rules
                      ) -> tuple[Hand, list[Decomposition]]:
    """The Hand of the first 34 bytes of ``counts`` (34 counts) with the red fives of
    ``red[34:37]`` (37 bytes: ``counts`` itself where it is a tile37 hand) and ``melds``
    (canonical order), built unchecked as ``trusted_hand`` builds it (the caller's counts
    fit a Hand), and its readings (:func:`counts_readings`, no checks). Compiled: one C
    call for both where the common case holds (tests: equal to the pure path).

    >>> hand, found = hand_and_readings(bytes(Hand.parse("123m456p789s11122z").counts),
    ...                                 bytes(37), (), find_rules())
    >>> str(hand), [str(d) for d in found]
    ('123m456p789s11122z', ['123m 456p 789s 111z 22z'])
    """
    if kernel.COMPILED:
        last = _LAST_ALLOWED[0] if _LAST_ALLOWED else None
        mask = last[2] if last is not None and last[0] is rules else _allowed_mask(rules)
        hand, found = (_HAND_READINGS or _load_hand_readings())(
            counts, red, melds, _TABLES, _SHIPPED[0], mask)
        if found is None:  # several readings in a suit: worked out below
            found = counts_readings(hand.counts, melds, rules)
        return hand, found
    hand = counts_hand(counts, red, melds)
    return hand, counts_readings(hand.counts, melds, rules)


def counts_hand(counts: bytes, red: bytes, melds: tuple[Meld, ...]) -> Hand:
    """The Hand of :func:`hand_and_readings`, without its readings (compiled: one C call).

    >>> counts_hand(bytes([2]) + bytes(36), bytes(37), ()) == Hand.parse("11m")
    True
    """
    if kernel.COMPILED:
        hand: Hand = (_HAND_READINGS or _load_hand_readings())(counts, red, melds, None,
                                                               False, 0)[0]
        return hand
    return trusted_hand(tuple(counts[:34]), (red[34], red[35], red[36]), melds)


#: The compiled ``hand_and_readings``, bound on first use.
_HAND_READINGS: Callable[..., tuple[Hand, list[Decomposition] | None]] | None = None


def _load_hand_readings() -> Callable[..., tuple[Hand, list[Decomposition] | None]]:
    global _HAND_READINGS
    _load_common()  # (how a reading is built: handed over there)
    _HAND_READINGS = kernel.compiled().hand_readings
    return _HAND_READINGS


#: The counts of the 13 terminals and honors of 34 counts, in one C call.
_ORPHAN_COUNTS = operator.itemgetter(*TERMINALS_AND_HONORS)
#: Each orphan's block in a thirteen-orphans reading, by its count (1 or 2; 0 is never
#: asked: every orphan is held there).
_ORPHAN_BLOCKS: tuple[tuple[Block, Block, Block], ...] = tuple(
    (SINGLE_BLOCKS[k], SINGLE_BLOCKS[k], PAIR_BLOCKS[k]) for k in TERMINALS_AND_HONORS)
_PICK: Callable[[tuple[Block, Block, Block], int], Block] = operator.getitem


def decompose_hand(hand: Hand, rules: Rules | str | None = None) -> list[Decomposition]:
    """Every reading of a complete hand by the fast path (all forms the rules allow).

    >>> len(decompose_hand(Hand.parse("11122233344455m")))
    4
    """
    return counts_readings(hand.counts, hand.melds, find_rules(rules))


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
    found = _READINGS[key] = tuple(counts_readings(hand.counts, hand.melds, rules))
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
    kernel.forget_suits()  # the compiled readings' memory of the tables' entries
    _READINGS.clear()


def cache_size() -> int:
    """Suit vectors held in the cache (all suits together)."""
    return sum(len(table) for table in _TABLES)
