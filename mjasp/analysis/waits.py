"""Waits (machi): every tile that completes a 3n+1 hand, with its readings and shapes.

>>> [tile_name(w.tile) for w in waits("1112345678999m")]
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mjasp.core.blocks import Block, BlockKind, Decomposition, Form, WaitShape, wait_shape
from mjasp.core.hand import Hand
from mjasp.core.tiles import NUM_KINDS, TERMINALS_AND_HONORS, Tile, add_count, tile_name
from mjasp.rules import Rules, find_rules
from mjasp.rules.validity import HandLike, as_hand, check_waiting
from mjasp.solvers import kernel, lookup, table


def reading_wait_shape(block: Block, tile: Tile, form: Form, thirteen_sided: bool) -> WaitShape:
    """The wait shape of ``block`` completed by ``tile``."""
    if form is Form.KOKUSHI:
        return WaitShape.KOKUSHI_13 if thirteen_sided else WaitShape.KOKUSHI
    return wait_shape(block, tile)


@dataclass(frozen=True, slots=True)
class WaitReading:
    """One way a winning tile completes the hand: the reading and the block it completes."""

    reading: Decomposition
    block: Block
    shape: WaitShape

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {"shape": self.shape.value, "block": str(self.block),
                "reading": self.reading.to_json()}


@dataclass(frozen=True, slots=True)
class Wait:
    """A winning tile of a tenpai hand and every (reading, shape) it wins with.

    >>> [(tile_name(w.tile), w.shapes) for w in waits("2344m")]
    [('1m', ('ryanmen',)), ('4m', ('ryanmen', 'tanki'))]
    """

    tile: Tile
    readings: tuple[WaitReading, ...]

    @property
    def shapes(self) -> tuple[str, ...]:
        """The distinct wait shapes, sorted."""
        return tuple(sorted({r.shape.value for r in self.readings}))

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {"tile": tile_name(self.tile), "shapes": list(self.shapes),
                "readings": [r.to_json() for r in self.readings]}


def usable_tiles(hand: Hand, rules: Rules) -> list[Tile]:
    """Kinds that may complete the hand and have a copy left to draw.

    A copy is left unless all four are in the hand, melds included. Only a kind
    held in hand, or a number tile within two of a held one of its suit, can join a
    concealed block; a closed hand of terminals and honors only may also wait on any
    terminal or honor (thirteen orphans).
    """
    held = hand.total_counts()
    near = {t + k for t in range(NUM_KINDS) if hand.counts[t]
            for k in ((-2, -1, 0, 1, 2) if t < 27 else (0,)) if (t + k) // 9 == t // 9}
    if not hand.melds and all(hand.counts[t] == 0 for t in range(NUM_KINDS)
                              if t not in TERMINALS_AND_HONORS):
        near.update(TERMINALS_AND_HONORS)
    return [t for t in rules.tile_kinds if held[t] < 4 and t in near]


def _wait_on(hand: Hand, tile: Tile, rules: Rules) -> Wait | None:
    """The wait on ``tile``, or None when the tile does not complete the hand."""
    found: list[WaitReading] = []
    # the fast path's readings (shipped suit readings): the same list as hand_readings
    # (tests/analysis/test_fast_paths.py), without building and checking the completed Hand
    for reading in lookup.counts_readings(add_count(hand.counts, tile, 1), hand.melds, rules):
        # a reading's blocks are in canonical order (tile, kind): equal blocks are
        # neighbours, so each distinct block holding the tile is kept once, in that order
        last = None
        for block in reading.blocks:
            start = block.tile
            if start == tile or (block.kind is _SEQUENCE and 0 < tile - start <= 2):
                if last is not None and block == last:
                    continue
                last = block
                # thirteen-sided: all thirteen orphans already held before the draw
                shape = reading_wait_shape(
                    block, tile, reading.form, reading.form is Form.KOKUSHI and all(
                    hand.counts[t] for t in TERMINALS_AND_HONORS))
                # the fields are valid by construction: set without the dataclass's checks
                item: WaitReading = _NEW(WaitReading)
                _SET_READING(item, reading)
                _SET_BLOCK(item, block)
                _SET_SHAPE(item, shape)
                found.append(item)
    if not found:
        return None
    wait: Wait = _NEW(Wait)
    _SET_TILE(wait, tile)
    _SET_READINGS(wait, tuple(found))
    return wait


_NEW = object.__new__
# the slots' descriptors set a frozen dataclass's fields without its __setattr__ guard
_SET_READING: Callable[[WaitReading, object], None] = vars(WaitReading)["reading"].__set__
_SET_BLOCK: Callable[[WaitReading, object], None] = vars(WaitReading)["block"].__set__
_SET_SHAPE: Callable[[WaitReading, object], None] = vars(WaitReading)["shape"].__set__
_SET_TILE: Callable[[Wait, object], None] = vars(Wait)["tile"].__set__
_SET_READINGS: Callable[[Wait, object], None] = vars(Wait)["readings"].__set__
_SEQUENCE = BlockKind.SEQUENCE


def waits(hand: HandLike, *, rules: Rules | str | None = None) -> list[Wait]:
    """Every winning tile of a 3n+1 hand, each with its readings and wait shapes.

    A tile whose four copies are all in the hand (melds included) is not a wait;
    seven pairs and thirteen orphans count only for a closed hand, per ``rules``.

    >>> waits("123456789m1111z")
    []
    >>> [(tile_name(w.tile), w.shapes) for w in waits("19m19p19s1234567z")][:2]
    [('1m', ('kokushi-13',)), ('9m', ('kokushi-13',))]
    """
    hand = as_hand(hand)
    rules = find_rules(rules)
    check_waiting(hand, rules)
    found = [_wait_on(hand, tile, rules) for tile in winning_tiles(hand, rules)]
    return [w for w in found if w is not None]


def winning_tiles(hand: Hand, rules: Rules) -> list[Tile]:
    """The usable tiles that complete the hand, by the shanten tables (no readings built).

    A complete hand has replacement number 0 under the same forms the readings use
    (seven pairs and thirteen orphans only for a closed hand without declared melds),
    so the readings are built for the winners only.

    >>> [tile_name(t) for t in winning_tiles(Hand.parse("2344m"), find_rules())]
    ['1m', '4m']
    """
    counts = hand.counts
    melds = (sum(counts) + 1) // 3
    special = not hand.melds and melds == 4
    kinds, standard, chiitoitsu, kokushi, three_player, quads = _options(rules)
    if kernel.COMPILED:
        # one compiled call tests every kind with a copy left (faster than pruning the
        # kinds in Python first: usable_tiles only drops kinds that cannot complete it)
        return kernel.winners(counts, melds, hand.total_counts() if hand.melds else counts,
                              kinds, standard, special and chiitoitsu, special and kokushi,
                              three_player, quads)
    tiles = usable_tiles(hand, rules)
    return [t for t, r in zip(tiles, kernel.draw_replacements(
        counts, melds, tiles, standard, special and chiitoitsu, special and kokushi,
        three_player, quads), strict=True) if r == 0]


#: Standard readings only: five copies of a kind make no seven pairs or thirteen orphans.
_STANDARD_FORM = find_rules("standard-form")


def fifth_copy_tiles(hand: Hand, rules: Rules) -> list[Tile]:
    """Kinds that would complete the hand as a fifth copy: all four are in the hand, melds
    included, so no tile is left to win on and none is a wait.

    Tenhou and the EMA rules count a hand waiting only on such tiles not tenpai when all
    four are concealed; docs/forms-and-waits.md has the case of called copies.

    >>> [tile_name(t) for t in fifth_copy_tiles(Hand.parse("123456789m1111z"), find_rules())]
    ['1z']
    """
    counts, held = hand.counts, hand.total_counts()
    melds = (sum(counts) + 1) // 3
    found = []
    for tile in rules.tile_kinds:
        if held[tile] != 4:
            continue
        if counts[tile] < 4:  # some copies declared: the concealed ones take one more
            complete = kernel.draw_replacements(counts, melds, [tile])[0] == 0
        else:
            # five copies in a reading make a triplet or a pair of them (five sequences
            # would be five sets): what a triplet leaves is a hand with a pair; what a pair
            # leaves is sets only, read here beside the pair of an honor it lacks
            sets = add_count(counts, tile, -1)
            honor = next((k for k in range(27, NUM_KINDS) if not sets[k]), None)
            complete = bool(lookup.counts_readings(add_count(counts, tile, -2), hand.melds,
                                                   _STANDARD_FORM)) or (
                honor is not None and bool(lookup.counts_readings(
                    add_count(sets, honor, 2), hand.melds, _STANDARD_FORM)))
        if complete:
            found.append(tile)
    return found


#: The last rules seen and what ``winning_tiles`` reads of them: the wall's kinds (as
#: bytes), the forms allowed, sanma, the quad rule (``Rules.tile_kinds`` is built per call).
_LAST_OPTIONS: list[tuple[Rules, tuple[bytes, bool, bool, bool, bool, bool]]] = []


def _options(rules: Rules) -> tuple[bytes, bool, bool, bool, bool, bool]:
    # the slot read once: another thread may store its rules between two reads
    last = _LAST_OPTIONS[0] if _LAST_OPTIONS else None
    if last is not None and last[0] is rules:
        return last[1]
    forms = rules.forms
    found = (bytes(rules.tile_kinds), Form.STANDARD in forms, Form.CHIITOITSU in forms,
             Form.KOKUSHI in forms, table.three_player_wall(rules.copies), rules.chiitoitsu_quad)
    _LAST_OPTIONS[:] = [(rules, found)]
    return found


__all__ = ["Wait", "WaitReading", "WaitShape", "fifth_copy_tiles", "reading_wait_shape",
           "usable_tiles", "waits", "winning_tiles"]
