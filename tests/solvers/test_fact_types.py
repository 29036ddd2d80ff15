"""The direct engine's fact types and the tables its placements read (compiled or not).

Compiled, ``HandFacts``, ``ReadingFacts`` and ``Placement`` are extension types
(``scoring_direct.pxd``) that the kernel fills through their own descriptors; the
placements read each block's wait from a table of ``wait_shape``'s answers; the kernel
remembers the kinds set of each set of kinds held. Each is checked here against what it
stands for: the dataclasses' fields, the function ``wait_shape``, the kinds held."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mjasp.core.blocks import Block, BlockKind, WaitShape, wait_shape
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.solvers import extensions, kernel, scoring_direct


@pytest.mark.parametrize("kind", list(BlockKind))
def test_the_wait_table_is_wait_shape_of_every_block(kind: BlockKind) -> None:
    asked = 0
    for low in range(34):
        try:
            block = Block(kind, low)
        except HandError:  # no such block: never read
            assert scoring_direct._WAITS[kind][3 * low:3 * low + 3] == (None, None, None)
            continue
        for tile in sorted(set(block.tiles())):  # each tile the block holds
            assert scoring_direct._WAITS[kind][3 * low + tile - low] is wait_shape(block, tile)
            asked += 1
    assert asked == (21 * 3 if kind is BlockKind.SEQUENCE else 34)


def test_the_wait_table_by_hand() -> None:
    # 23m waiting on 1m or 4m is two-sided, 12m on 3m an edge, 13m on 2m a closed wait
    # (https://riichi.wiki/Machi)
    waits = scoring_direct._WAITS[BlockKind.SEQUENCE]
    assert waits[3 * 0 + 0] is WaitShape.RYANMEN  # 123m completed by 1m
    assert waits[3 * 0 + 2] is WaitShape.PENCHAN  # 123m completed by 3m
    assert waits[3 * 0 + 1] is WaitShape.KANCHAN  # 123m completed by 2m
    assert waits[3 * 6 + 0] is WaitShape.PENCHAN  # 789m completed by 7m
    assert waits[3 * 6 + 2] is WaitShape.RYANMEN  # 789m completed by 9m
    assert scoring_direct._WAITS[BlockKind.TRIPLET][3 * 31] is WaitShape.SHANPON
    assert scoring_direct._WAITS[BlockKind.PAIR][3 * 31] is WaitShape.TANKI


def test_the_fact_types_keep_their_fields_in_order() -> None:
    # the kernel fills the fields in the dataclass's order, compiled or not
    names: dict[type, tuple[str, ...]] = {
        scoring_direct.HandFacts: ("win", "tile", "closed", "kinds", "quads", "seat", "round",
                                   "counts", "melds_closed", "suits", "honors", "flags"),
        scoring_direct.ReadingFacts: ("decomposition", "form", "sequences", "sets", "pair",
                                      "set_tiles", "concealed"),
        scoring_direct.Placement: ("block", "wait", "concealed_sets", "pinfu")}
    # two sets of values, each field's of its type (compiled, the counts, tile kinds and
    # flags are C fields, the lists, tuples and sets typed: they refuse another type),
    # every field different between the two
    values: dict[type, tuple[tuple[object, ...], tuple[object, ...]]] = {
        scoring_direct.HandFacts: (
            ("win", 1, True, frozenset({3}), 4, 5, 6, (7,), False, 9, True, (11,)),
            ("won", 2, False, frozenset({4}), 5, 6, 7, (8,), True, 10, False, ())),
        scoring_direct.ReadingFacts: (
            ("reading", "form", [2], [(3, False, True)], 4, frozenset({5}), 6),
            ("other", "forms", [3], [], None, frozenset(), 7)),
        scoring_direct.Placement: (("block", "wait", 2, True), ("blocks", "waits", 3, False))}
    for cls, fields in names.items():
        assert tuple(f.name for f in dataclasses.fields(cls)) == fields
        assert set(vars(cls)["__slots__"]) == set(fields)
        first, second = values[cls]
        made = cls(*first)
        assert tuple(getattr(made, name) for name in fields) == first
        assert made == cls(*first) and made != cls(*second)
        for at, name in enumerate(fields):  # each field alone tells them apart
            assert made != cls(*first[:at], second[at], *first[at + 1:]), name
        assert not hasattr(made, "__dict__")  # slots, or an extension type's C fields
        compiled = extensions.WHY_SOURCE.get("mjasp.solvers.scoring_direct") == ""
        # compiled: each field is a descriptor of the extension type (not a slot)
        assert (type(vars(cls)["win" if cls is scoring_direct.HandFacts else fields[0]])
                .__name__ == ("getset_descriptor" if compiled else "member_descriptor"))


@pytest.mark.skipif(not kernel.AVAILABLE, reason="the compiled kernel is not built")
def test_the_compiled_kinds_are_the_kinds_held_on_many_kinds_sets() -> None:
    # more sets of kinds than the kernel remembers (4,096): each hand's kinds are still
    # exactly the kinds it holds, whether the set was built now or remembered
    hand_facts = scoring_direct._load_facts()[1]
    rng = random.Random(5)
    seen = set()
    for _ in range(6000):
        counts = [0] * 34
        chosen = rng.sample(range(34), rng.randint(1, 14))
        for kind in chosen:
            counts[kind] = 1
        for _ in range(14 - len(chosen)):  # up to 14 tiles, at most four of a kind
            kind = rng.choice(chosen)
            counts[kind] = min(4, counts[kind] + 1)
        hand = Hand.from_counts(counts)
        won = next(k for k, n in enumerate(counts) if n)
        kinds = hand_facts(hand, Win("1z"), won).kinds
        held = frozenset(k for k, n in enumerate(counts) if n)
        assert type(kinds) is frozenset and kinds == held
        seen.add(held)
    assert len(seen) > 4096
