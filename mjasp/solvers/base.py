"""What every decomposition engine shares: the per-suit interface and whole-hand assembly.

A *suit decomposer* maps the counts of one suit (9 counts; 7 for honors) to every
reading of that suit: a sequence of sorted block tuples with suit-local tiles (0-8).
A suit whose count is 2 (mod 3) holds the pair; 0 (mod 3) none; 1 (mod 3) has no reading.
Honor suits take triplets and pairs only. Whole hands are the product over the suits.

>>> from mjasp.core.blocks import Block, BlockKind
>>> shift((Block(BlockKind.SEQUENCE, 0),), 18)
(Block.parse('123s'),)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from mjasp.core.blocks import Block, BlockKind, Decomposition, Form
from mjasp.core.hand import Hand, Meld
from mjasp.core.tiles import TERMINALS_AND_HONORS
from mjasp.rules import Rules

SuitReading = tuple[Block, ...]
"""Blocks of one suit, suit-local tiles 0-8, in canonical order."""

SuitDecomposer = Callable[[tuple[int, ...], bool], Sequence[SuitReading]]
"""(counts of one suit, is_honors) -> every reading of that suit."""

#: (first kind, number of kinds, honors?) of the four suits.
SUIT_SLICES = ((0, 9, False), (9, 9, False), (18, 9, False), (27, 7, True))


def shift(reading: SuitReading, base: int) -> tuple[Block, ...]:
    """Move suit-local blocks to the 34-kind tile numbers of a suit starting at ``base``."""
    return tuple(Block(b.kind, b.tile + base) for b in reading)


def assemble(counts: Sequence[int], melds: tuple[Meld, ...],
             suit_decomposer: SuitDecomposer) -> list[Decomposition]:
    """Every standard reading of 34 concealed counts: the product of the suit readings.

    Each suit with a count of 2 (mod 3) holds one pair, so a reading exists only when
    exactly one suit does (2+2+2+2 tiles is 2 mod 3 too, but four pairs).

    >>> from mjasp.solvers.backtrack import pair_position
    >>> assemble(Hand.parse("11m11p11s11z").counts, (), pair_position)
    []
    >>> [str(d) for d in assemble(Hand.parse("11m123p").counts, (), pair_position)]
    ['123p 11m']
    """
    suits = [tuple(counts[base:base + size]) for base, size, _ in SUIT_SLICES]
    if [sum(suit) % 3 for suit in suits].count(2) != 1:
        return []
    per_suit = []
    for (base, _, honors), suit in zip(SUIT_SLICES, suits, strict=True):
        if not any(suit):
            continue
        readings = suit_decomposer(suit, honors)
        if not readings:
            return []
        per_suit.append([shift(r, base) for r in readings])
    return [Decomposition(tuple(itertools.chain.from_iterable(parts)), Form.STANDARD, melds)
            for parts in itertools.product(*per_suit)]


def chiitoitsu_reading(counts: Sequence[int], rules: Rules) -> Decomposition | None:
    """The seven-pairs reading of 14 concealed counts, if there is one.

    Seven distinct pairs; under ``rules.chiitoitsu_quad`` four of a kind is two pairs.
    """
    if sum(counts) != 14:
        return None
    pairs = []
    for tile, n in enumerate(counts):
        if n == 2 or (n == 4 and rules.chiitoitsu_quad):
            pairs += [Block(BlockKind.PAIR, tile)] * (n // 2)
        elif n:
            return None
    return Decomposition(tuple(pairs), Form.CHIITOITSU)


def kokushi_reading(counts: Sequence[int]) -> Decomposition | None:
    """The thirteen-orphans reading of 14 concealed counts, if there is one."""
    if sum(counts) != 14 or any(counts[t] == 0 for t in TERMINALS_AND_HONORS):
        return None
    if sum(counts[t] for t in TERMINALS_AND_HONORS) != 14:
        return None
    blocks = [Block(BlockKind.PAIR if counts[t] == 2 else BlockKind.SINGLE, t)
              for t in TERMINALS_AND_HONORS]
    return Decomposition(tuple(blocks), Form.KOKUSHI)


def special_readings(hand: Hand, rules: Rules) -> list[Decomposition]:
    """The seven-pairs and thirteen-orphans readings a closed hand allows."""
    if hand.melds:
        return []
    found = []
    if Form.CHIITOITSU in rules.forms:
        found.append(chiitoitsu_reading(hand.counts, rules))
    if Form.KOKUSHI in rules.forms:
        found.append(kokushi_reading(hand.counts))
    return [d for d in found if d is not None]
