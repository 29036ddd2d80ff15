"""What the compiled facts (``reading_facts`` and ``hand_facts`` of ``mjasp/solvers/_kernel.c``)
share between calls stays equal to the Python statement (``scoring_direct._reading_facts``
and ``_hand_facts``): the kinds set remembered by the kinds held (its slots replaced by
later hands), the ``(tile, quad, concealed)`` rows shared by every reading, and the set
tiles gathered before their frozenset is made (odd input with more sets than a hand has)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mjasp.core.blocks import Block, BlockKind, Decomposition, Form
from mjasp.core.hand import Hand, Meld
from mjasp.core.win import Win
from mjasp.solvers import kernel, lookup, scoring_direct

pytestmark = pytest.mark.skipif(not kernel.COMPILED, reason="the compiled kernel is not used")


def _fields(facts: object) -> list[tuple[object, type]]:
    return [(getattr(facts, f.name), type(getattr(facts, f.name)))
            for f in dataclasses.fields(facts)]  # type: ignore[arg-type]


def _random_hands(n: int, seed: int) -> list[Hand]:
    """n closed hands of 14 tiles drawn from the 136, most with kinds of their own."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for k in rng.sample(wall, 14):
            counts[k] += 1
        hands.append(Hand.from_counts(counts))
    return hands


def test_the_remembered_kinds_sets_stay_those_of_each_hand() -> None:
    # more distinct kinds sets than the kernel keeps (4096): slots are replaced, and each
    # hand asked again (in the other order) still gets its own kinds
    _, hand_facts, _ = scoring_direct._load_facts()
    hands = _random_hands(5000, seed=25)
    assert len({frozenset(k for k, n in enumerate(h.counts) if n) for h in hands}) > 4096
    win = Win("1m", tsumo=True)
    for hand in hands + hands[::-1]:
        won = next(k for k, n in enumerate(hand.counts) if n)
        compiled = hand_facts(hand, win, won)
        assert compiled.kinds == frozenset(k for k, n in enumerate(hand.counts) if n)
        assert _fields(compiled) == _fields(scoring_direct._hand_facts(hand, win, won))


def _reading(blocks: tuple[Block, ...], melds: tuple[Meld, ...] = ()) -> Decomposition:
    return lookup._trusted(blocks, Form.STANDARD, melds)


def test_more_sets_than_a_hand_holds_are_all_set_tiles() -> None:
    # nine triplets and a pair: more sets than the kernel gathers before making the set
    reading_facts, _, _ = scoring_direct._load_facts()
    triplets = tuple(Block(BlockKind.TRIPLET, k) for k in (0, 3, 5, 9, 12, 20, 27, 30, 33))
    for blocks in (triplets, triplets + triplets, triplets[:1] * 12):
        reading = _reading((*blocks, Block(BlockKind.PAIR, 1)))
        facts = reading_facts(reading)
        assert facts.set_tiles == frozenset(b.tile for b in blocks)
        assert facts.concealed == len(blocks)
        assert _fields(facts) == _fields(scoring_direct._reading_facts(reading))


def test_a_shared_row_is_never_served_for_a_tile_of_another_type() -> None:
    # the row (1, False, True) is kept for the int 1 first; a look-alike block whose tile
    # is an int subclass then gets a row holding its own tile, as the Python statement
    reading_facts, _, _ = scoring_direct._load_facts()

    class Kind(int):
        pass

    plain = _reading((Block(BlockKind.TRIPLET, 1), Block(BlockKind.PAIR, 5)))
    odd_block = Block(BlockKind.TRIPLET, 1)
    object.__setattr__(odd_block, "tile", Kind(1))
    odd = _reading((odd_block, Block(BlockKind.PAIR, 5)))
    for reading in (plain, odd, plain):
        compiled = reading_facts(reading)
        python = scoring_direct._reading_facts(reading)
        assert [tuple(map(type, row)) for row in compiled.sets] == \
            [tuple(map(type, row)) for row in python.sets]
        assert _fields(compiled) == _fields(python)
    assert type(reading_facts(odd).sets[0][0]) is Kind
    # the same rows for every reading that holds that set (equal, and shared)
    first, second = reading_facts(plain), reading_facts(plain)
    assert first.sets == second.sets == [(1, False, True)]
