"""Value types and strict constructors: fields of the right type and range, or an error.

Every bad input below must raise a specific mjasp error (``HandError`` / ``RulesError``,
both ``ValueError``s), never be truncated, reinterpreted or fail deep inside.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pytest

import mjasp
from mjasp.analysis.shanten import EffectiveTile
from mjasp.core.blocks import BLOCK_SIZE, Block, BlockKind, Decomposition, Form, Meld, MeldKind
from mjasp.core.errors import HandError, MjaspError, RulesError
from mjasp.core.hand import Hand
from mjasp.rules import Rules

HAND_14 = Hand.parse("111222333m45677p")


def every_block() -> list[Block]:
    # sequences start at 1-7 of a number suit (7 * 3 = 21); the rest on any kind
    starts = [s * 9 + d for s in range(3) for d in range(7)]
    out = [Block(BlockKind.SEQUENCE, t) for t in starts]
    out += [Block(k, t) for k in BlockKind if k is not BlockKind.SEQUENCE for t in range(34)]
    return out


def every_meld() -> list[Meld]:
    out = []
    for kind in MeldKind:
        tiles = ([s * 9 + d for s in range(3) for d in range(7)] if kind is MeldKind.CHI
                 else list(range(34)))
        for tile in tiles:
            out.append(Meld(kind, tile))
            # one red five if the meld holds a five: 5m, 5p, 5s are kinds 4, 13, 22
            if any(t in (4, 13, 22) for t in Meld(kind, tile).tiles()):
                out.append(Meld(kind, tile, 1))
    return out


# -- value types ----------------------------------------------------------------------


def test_block_count_and_round_trip() -> None:
    blocks = every_block()
    assert len(blocks) == 21 + 4 * 34  # 21 sequences; 34 of each other kind
    for block in blocks:
        assert Block.parse(str(block)) == block
        assert eval(repr(block), {"Block": Block}) == block
        assert len(block.tiles()) == BLOCK_SIZE[block.kind]


def test_block_order_is_tile_then_kind() -> None:
    blocks = every_block()
    # expected order written out by hand: by lowest tile, then SEQUENCE < TRIPLET < QUAD
    # < PAIR < SINGLE on the same tile
    rank = ["SEQUENCE", "TRIPLET", "QUAD", "PAIR", "SINGLE"]
    expected = sorted(blocks, key=lambda b: (b.tile, rank.index(b.kind.name)))
    assert sorted(reversed(blocks)) == expected
    assert Block.parse("999m") < Block.parse("123p")


def test_values_of_different_types_never_compare_equal() -> None:
    # NamedTuples compared equal to any tuple with the same fields
    assert Block(BlockKind.TRIPLET, 3) != EffectiveTile(1, 3)  # type: ignore[comparison-overlap]
    assert Block(BlockKind.TRIPLET, 3) != (1, 3)  # type: ignore[comparison-overlap]
    assert Meld(MeldKind.PON, 3) != (1, 3, 0)  # type: ignore[comparison-overlap]
    assert len({Block(BlockKind.TRIPLET, 3), Meld(MeldKind.PON, 3)}) == 2


def test_values_are_frozen() -> None:
    block = Block.parse("123m")
    with pytest.raises(AttributeError):
        block.tile = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        Meld.parse("[123m]").red = 1  # type: ignore[misc]


def test_meld_round_trip_and_order() -> None:
    melds = every_meld()
    # 21 chi + 34 each of pon, kan, ankan; plus one red variant per meld holding a five:
    # chi over a five starts at 3, 4 or 5 of a suit (9 chi), pon/kan/ankan on 5m, 5p, 5s (9)
    assert len(melds) == 21 + 3 * 34 + 9 + 9
    for meld in melds:
        assert Meld.parse(str(meld)) == meld
        assert eval(repr(meld), {"Meld": Meld}) == meld
    assert sorted(reversed(melds)) == sorted(melds, key=lambda m: (m.tile, m.kind, m.red))


def test_decomposition_round_trips_for_every_reading() -> None:
    hands = ["111222333m45677p", "11223344556677m", "19m19p19s1234567z7z", "11122233344455m",
             "234m067p22z [789s] (1111z)", "11m (1111z) (2222z) (3333z) (4444z)"]
    for text in hands:
        readings = mjasp.decompose(text)
        assert readings, text
        for d in readings:
            assert Decomposition.parse(str(d), d.form) == d
            assert Decomposition.parse(str(d)) == d  # the form is inferred right
            assert eval(repr(d), {"Decomposition": Decomposition}) == d
        assert sorted(reversed(readings)) == readings  # decompose lists canonical order


def test_decomposition_parse_reads_forms_and_melds() -> None:
    d = Decomposition.parse("11m 22m 33m 44m 55m 66m 77z")
    assert d.form is Form.CHIITOITSU and d.pair is None
    kokushi = Decomposition.parse("1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 77z")
    assert kokushi.form is Form.KOKUSHI and len(kokushi.blocks) == 13
    open_hand = Decomposition.parse("123m 22z [789s]")
    assert open_hand.melds == (Meld(MeldKind.CHI, 24),) and open_hand.pair == Block(
        BlockKind.PAIR, 28)
    # the constructor sorts, so equal readings compare equal whatever the block order
    assert Decomposition.parse("22z 123m") == Decomposition.parse("123m 22z")


@pytest.mark.parametrize("text", ["", "12m", "1234m", "135m", "[123m]x", "111m [12m]",
                                  "11m 8z"])
def test_bad_decomposition_text(text: str) -> None:
    with pytest.raises(HandError):
        Decomposition.parse(text)


def test_hand_counts_are_stored_as_a_tuple() -> None:
    hand = Hand([0] * 33 + [2])  # type: ignore[arg-type]
    assert hand.counts == (0,) * 33 + (2,) and hash(hand) == hash(Hand.parse("77z"))


# -- strict constructors: no truncation, no invalid object -------------------------------

ERRORS: list[tuple[str, Callable[[], object], type[MjaspError]]] = [
    # float counts were once truncated (1.5 -> 1: "123456789m")
    ("float counts", lambda: Hand.from_counts([1.5] * 9 + [0] * 25),  # type: ignore[arg-type]
     HandError),
    ("integral float counts", lambda: Hand.from_counts([1.0] * 9 + [0] * 25),  # type: ignore[arg-type]
     HandError),
    ("float batch", lambda: mjasp.shanten_batch(np.array([[1.9] * 13 + [0] * 21])), HandError),
    ("complex batch", lambda: mjasp.shanten_batch(np.ones((1, 34)) * (1 + 0j)), HandError),
    ("bool batch", lambda: mjasp.shanten_batch(np.ones((1, 34), dtype=bool)), HandError),
    ("float counts in the constructor",
     lambda: Hand((1.0,) * 13 + (0,) * 21), HandError),  # type: ignore[arg-type]
    # invalid objects were once accepted
    ("meld kind 5", lambda: Meld(5, 4), HandError),  # type: ignore[arg-type]
    ("meld tile 34", lambda: Meld(MeldKind.PON, 34), HandError),
    ("meld red 0.5", lambda: Meld(MeldKind.PON, 4, 0.5), HandError),  # type: ignore[arg-type]
    ("chi from 8m", lambda: Meld(MeldKind.CHI, 7), HandError),
    ("block kind 7", lambda: Block(7, 0), HandError),  # type: ignore[arg-type]
    ("block tile -1", lambda: Block(BlockKind.PAIR, -1), HandError),
    ("sequence from 1z", lambda: Block(BlockKind.SEQUENCE, 27), HandError),
    ("unknown form", lambda: Rules(forms=frozenset({"foo"})), RulesError),  # type: ignore[arg-type]
    ("forms as text", lambda: Rules(forms="standard"), RulesError),  # type: ignore[arg-type]
    ("players as text", lambda: Rules(players="3"), RulesError),  # type: ignore[arg-type]
    ("option not a bool", lambda: Rules(chiitoitsu_quad=1), RulesError),  # type: ignore[arg-type]
    ("red 0.5", lambda: Hand(HAND_14.counts, (0.5, 0, 0)), HandError),  # type: ignore[arg-type]
    ("red of two suits", lambda: Hand(HAND_14.counts, (0, 0)), HandError),  # type: ignore[arg-type]
    ("melds not melds", lambda: Hand((0,) * 34, (0, 0, 0), ((1, 2, 0),)),  # type: ignore[arg-type]
     HandError),
    ("decomposition of tuples",
     lambda: Decomposition(((3, 0),), Form.STANDARD), HandError),  # type: ignore[arg-type]
    ("decomposition form", lambda: Decomposition((), "eight pairs"), HandError),  # type: ignore[arg-type]
    # a wrong type once raised AttributeError or a deep TypeError
    ("rules=5", lambda: mjasp.decompose(HAND_14, rules=5), RulesError),  # type: ignore[arg-type]
    ("tile_kind(5)", lambda: mjasp.tile_kind(5), HandError),  # type: ignore[arg-type]
    ("kan tile 1.0", lambda: mjasp.kan_check("111m456789p2345s1m", 1.0), HandError),  # type: ignore[arg-type]
    ("tile id 16.0", lambda: Hand.from_ids([16.0]), HandError),  # type: ignore[list-item]
    ("count_hands(14.0)", lambda: mjasp.count_hands(14.0), HandError),  # type: ignore[arg-type]
    ("shanten_distribution(13.5)", lambda: mjasp.shanten_distribution(13.5),  # type: ignore[arg-type]
     HandError),
    ("visible 1.0", lambda: mjasp.effective_tiles("1112345678999m", visible=[1.0]),  # type: ignore[list-item]
     HandError),
]


@pytest.mark.parametrize(("name", "call", "error"), ERRORS, ids=[e[0] for e in ERRORS])
def test_bad_input_raises_a_specific_error(name: str, call: Callable[[], object],
                                           error: type[MjaspError]) -> None:
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, ValueError)  # every mjasp input error is a ValueError
    assert str(info.value)  # and says what is wrong


def test_numpy_integers_are_still_welcome() -> None:
    row = np.array([3, 3, 3, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2] + [0] * 18, dtype=np.int64)
    assert Hand.from_counts(row) == Hand.parse("111222333456m77p")
    assert Hand.from_ids(np.array([16, 17], dtype=np.int32)) == Hand.parse("05m")
    assert mjasp.shanten_batch(row[None, :].astype(np.uint8)).tolist() == [-1]


def test_meld_kinds_given_as_ints_become_the_enum() -> None:
    # an int that names a MeldKind is read as it (pickled or JSON data); others are errors
    for kind, tile in itertools.product(range(4), (0, 27)):
        if kind == 0 and tile == 27:
            continue
        assert Meld(kind, tile).kind is MeldKind(kind)  # type: ignore[arg-type]


def test_the_wall_comes_from_the_rules_alone() -> None:
    # 108 = 136 - 4 copies of the seven kinds 2m-8m; C(108, 1) one-tile hands = 27 kinds.
    # The old players= keyword is gone (no aliases in a 0.x package): a TypeError.
    with pytest.raises(TypeError):
        mjasp.count_hands(1, players=3)  # type: ignore[call-arg]
    assert mjasp.sample_hands(3, 5, seed=2, rules="3p") == mjasp.sample_hands(
        3, 5, seed=2, rules="sanma")
    assert mjasp.count_hands(1, rules="sanma") == 27 and mjasp.count_hands(1) == 34
