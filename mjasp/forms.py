"""Winning forms, readings by inversion, waits, and the kan check (seed 003).

Every standard winning form is built constructively by the decomposer DP of
``mjasp.solvers.forms``; the readings of a hand are the forms whose tile vector is the
hand (the inverse image W(h) = f^-1(h)); waits and the kan check are defined from them.

>>> count_forms(4)
11580567
>>> [tile_name(w.tile) for w in waits("1112345678999m")]
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
>>> check = kan_check("111222333m4567p1m", "1m")
>>> check.strict, check.loose
(False, True)
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from mjasp.blocks import Block, BlockKind, Decomposition, Form, sorted_readings
from mjasp.decomposition import as_hand, check_tiles_in_set
from mjasp.errors import HandError, RulesError
from mjasp.hand import Hand, Meld, MeldKind
from mjasp.rules import Rules, find_rules
from mjasp.solvers.base import special_readings
from mjasp.solvers.forms import (
    MAX_MELDS,
    FormVector,
    count_forms,
    count_winning_vectors,
    form_blocks,
    form_counts,
    inverse_forms,
    iter_forms,
)
from mjasp.tiles import FIVES, NUM_KINDS, TERMINALS_AND_HONORS, Tile, tile_kind, tile_name


def winning_forms(melds: int = MAX_MELDS) -> Iterator[Decomposition]:
    """Every standard winning form with ``melds`` melds and one pair, lazily, as readings.

    >>> [str(d) for d, _ in zip(winning_forms(0), range(3))]
    ['11m', '22m', '33m']
    """
    return (Decomposition.of(form_blocks(w)) for w in iter_forms(melds))


def count_forms_asp(melds: int) -> int:
    """The number of winning forms with ``melds`` melds, as clingo's model count of
    ``encodings/forms.lp`` (one answer per form); seconds for melds <= 3.

    >>> count_forms_asp(1) == count_forms(1)
    True
    """
    if not 0 <= melds <= MAX_MELDS:
        raise RulesError(f"a standard form has 0..{MAX_MELDS} melds, not {melds}")
    import clingo  # lazily: ``import mjasp`` does not load clingo

    ctl = clingo.Control(["0", "--warn=none", "-c", f"melds={melds}"])
    with resources.as_file(resources.files("mjasp") / "encodings" / "forms.lp") as path:
        ctl.load(str(path))
    ctl.ground([("base", [])])
    ctl.solve()
    return int(ctl.statistics["summary"]["models"]["enumerated"])


def standard_readings(counts: Sequence[int], melds: tuple[Meld, ...] = ()) -> list[Decomposition]:
    """The standard readings of concealed counts as the inverse image W(h) = f^-1(h).

    >>> [str(d) for d in standard_readings(Hand.parse("111222333m45677p").counts)]
    ['123m 123m 123m 456p 77p', '111m 222m 333m 456p 77p']
    """
    return [Decomposition.of(form_blocks(w), Form.STANDARD, melds)
            for w in inverse_forms(counts, MAX_MELDS - len(melds))]


def _hand_readings(hand: Hand, rules: Rules) -> list[Decomposition]:
    """Every reading of a hand the rules allow: standard ones by inversion, then the
    special forms as every engine reads them."""
    found = standard_readings(hand.counts, hand.melds) if Form.STANDARD in rules.forms else []
    return sorted_readings(found + special_readings(hand, rules))


def readings(hand: Hand | str, *, rules: Rules | str | None = None) -> list[Decomposition]:
    """Every reading of a hand by inversion: a third decomposition method.

    Works for any hand whose concealed tiles number 2 (mod 3) (a form with fewer
    melds is still a form); ``mjasp.decompose`` gives the same list for 14 tiles.

    >>> [str(d) for d in readings("11122233344455m")][:2]
    ['123m 123m 123m 444m 55m', '111m 234m 234m 234m 55m']
    """
    hand = as_hand(hand)
    rules = find_rules(rules)
    if hand.concealed_count % 3 != 2:
        raise HandError(f"a complete hand has 3n+2 concealed tiles, "
                        f"this one has {hand.concealed_count}", str(hand))
    check_tiles_in_set(hand, rules)
    return _hand_readings(hand, rules)


class WaitShape(enum.StrEnum):
    """How the winning tile completes a block (machi)."""

    RYANMEN = "ryanmen"  #: two-sided: 23 waiting on 1 or 4
    KANCHAN = "kanchan"  #: closed: 13 waiting on 2
    PENCHAN = "penchan"  #: edge: 12 waiting on 3, 89 waiting on 7
    SHANPON = "shanpon"  #: dual pon: one of two pairs becomes a triplet
    TANKI = "tanki"  #: pair wait on a single tile (also every seven-pairs wait)
    KOKUSHI = "kokushi"  #: thirteen orphans waiting on its one missing kind
    KOKUSHI_13 = "kokushi-13"  #: thirteen orphans, all 13 kinds held: thirteen-sided


def _shape(block: Block, tile: Tile, form: Form, thirteen_sided: bool) -> WaitShape:
    """The wait shape of ``block`` completed by ``tile``."""
    if form is Form.KOKUSHI:
        return WaitShape.KOKUSHI_13 if thirteen_sided else WaitShape.KOKUSHI
    if block.kind is BlockKind.TRIPLET:
        return WaitShape.SHANPON
    if block.kind is not BlockKind.SEQUENCE:
        return WaitShape.TANKI
    if tile == block.tile + 1:
        return WaitShape.KANCHAN
    # 12 waiting on 3 (block 123) or 89 waiting on 7 (block 789) is an edge wait
    edge = block.tile % 9 == 0 if tile == block.tile + 2 else block.tile % 9 == 6
    return WaitShape.PENCHAN if edge else WaitShape.RYANMEN


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


def _usable(hand: Hand, rules: Rules) -> list[Tile]:
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
    completed = Hand(_add(hand.counts, tile, 1), hand.red, hand.melds)
    thirteen_sided = all(hand.counts[t] for t in TERMINALS_AND_HONORS)
    found = []
    for reading in _hand_readings(completed, rules):
        for block in sorted(set(reading.blocks), key=Block.sort_key):
            if tile in block.tiles():
                found.append(WaitReading(reading, block,
                                         _shape(block, tile, reading.form, thirteen_sided)))
    return Wait(tile, tuple(found)) if found else None


def check_tenpai_shape(hand: Hand) -> None:
    """Raise unless the hand waits for one tile: 3n+1 concealed, 13 with kans as three."""
    if hand.concealed_count % 3 != 1 or hand.tile_count > 13:
        raise HandError(f"a hand waiting for a tile has 3n+1 concealed tiles and at most 13 "
                        f"(each kan counted as three); this one has {hand.concealed_count} "
                        f"concealed, {hand.tile_count} in all", str(hand))


def waits(hand: Hand | str, *, rules: Rules | str | None = None) -> list[Wait]:
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
    check_tenpai_shape(hand)
    check_tiles_in_set(hand, rules)
    found = (_wait_on(hand, tile, rules) for tile in _usable(hand, rules))
    return [w for w in found if w is not None]


WinningReading = tuple[Tile, Decomposition]
"""(winning tile j, a reading of the hand plus j)."""


@dataclass(frozen=True, slots=True)
class KanCheck:
    """The verdict on a concealed kan of ``tile`` after drawing its 4th copy (seed 003).

    ``before``: every standard winning reading of the hand before the draw (h - e_i),
    over every winning tile j with a copy left; ``after``: those of the hand after the
    kan (h - 4 e_i plus the quad), the quad counted as the triplet of ``tile`` so the
    two sets compare. ``strict``: the sets are equal in size (the second always lies
    in the first); ``loose``: the waits are unchanged.
    """

    hand: Hand
    tile: Tile
    before: tuple[WinningReading, ...]
    after: tuple[WinningReading, ...]
    waits_before: tuple[Tile, ...]
    waits_after: tuple[Tile, ...]

    @property
    def strict(self) -> bool:
        """The kan keeps every winning reading (riichi's strict rule)."""
        return len(self.before) == len(self.after)

    @property
    def loose(self) -> bool:
        """The kan keeps the waits (the common rule)."""
        return self.waits_before == self.waits_after

    @property
    def lost(self) -> tuple[WinningReading, ...]:
        """Winning readings before the kan that no reading after it gives."""
        kept = set(self.after)
        return tuple(r for r in self.before if r not in kept)

    @property
    def tenpai(self) -> bool:
        """The hand before the draw waits on at least one tile."""
        return bool(self.waits_before)

    def strict_reason(self) -> str:
        """Why the strict rule says what it says: the readings kept or lost.

        >>> kan_check("111m456789p2345s1m", "1m").strict_reason()
        'all 2 winning readings kept'
        """
        n = len(self.before)
        if self.strict:
            return "the one winning reading kept" if n == 1 else f"all {n} winning readings kept"
        lost = ", ".join(f"{tile_name(j)}: {d}" for j, d in self.lost)
        return f"{len(self.lost)} of {n} winning reading{'s' * (n != 1)} lost ({lost})"

    def loose_reason(self) -> str:
        """Why the loose rule says what it says: the waits kept, removed or added.

        >>> kan_check("1112345678999m1m", "1m").loose_reason()
        'waits change: removed 1m 3m 6m 9m'
        """
        if self.loose:
            return "waits unchanged: " + (" ".join(map(tile_name, self.waits_before)) or "none")
        changes = {"removed": [t for t in self.waits_before if t not in self.waits_after],
                   "added": [t for t in self.waits_after if t not in self.waits_before]}
        return "waits change: " + "; ".join(
            f"{key} {' '.join(map(tile_name, tiles))}" for key, tiles in changes.items() if tiles)

    def reason(self) -> str:
        """Why, one line per rule (and a note when the hand was not tenpai)."""
        note = ("" if self.tenpai else
                "\n(not tenpai before the kan: the definition holds vacuously)")
        return f"strict: {self.strict_reason()}\nloose: {self.loose_reason()}{note}"

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        def pairs(rs: Sequence[WinningReading]) -> list[dict[str, Any]]:
            return [{"winning_tile": tile_name(j), "reading": str(d)} for j, d in rs]
        return {"hand": str(self.hand), "tile": tile_name(self.tile),
                "strict": self.strict, "loose": self.loose, "tenpai": self.tenpai,
                "waits_before": [tile_name(t) for t in self.waits_before],
                "waits_after": [tile_name(t) for t in self.waits_after],
                "readings_before": len(self.before), "readings_after": len(self.after),
                "lost": pairs(self.lost), "strict_reason": self.strict_reason(),
                "loose_reason": self.loose_reason()}


def _winning_readings(hand: Hand, rules: Rules,
                      as_before: tuple[Meld, ...]) -> tuple[WinningReading, ...]:
    """∪_j W(hand + e_j) over tiles j with a copy left, as (j, reading with ``as_before``).

    Melds of ``hand`` that ``as_before`` lacks (the new quad) become concealed triplets
    so a reading after the kan compares with the readings before it.
    """
    extra = [Block(BlockKind.TRIPLET, m.tile) for m in hand.melds if m not in as_before]
    found = []
    for j in _usable(hand, rules):
        counts = _add(hand.counts, j, 1)
        found += [(j, Decomposition.of(form_blocks(w) + tuple(extra), Form.STANDARD, as_before))
                  for w in inverse_forms(counts, MAX_MELDS - len(hand.melds))]
    return tuple(found)


def kan_hands(hand: Hand | str, tile: Tile | str) -> tuple[Hand, Hand, Hand, Tile]:
    """(hand after the draw, before the draw, after the concealed kan, kan tile).

    ``hand`` is the closed hand after the draw (14 tiles, kans as three) holding four
    of ``tile``, the last of them the drawn tile; or the 13 tiles before the draw
    holding three of ``tile``, which is then the tile drawn.

    >>> [str(h) for h in kan_hands("1112345678999m", "1m")[:3]]
    ['11112345678999m', '1112345678999m', '2345678999m (1111m)']
    """
    hand = as_hand(hand)
    kind = tile_kind(tile) if isinstance(tile, str) else tile
    if not 0 <= kind < NUM_KINDS:
        raise HandError(f"tile {kind} is out of range 0..33")
    if not hand.is_closed:
        raise HandError("the kan check is for a closed hand (riichi); this one has an open meld",
                        str(hand))
    if hand.tile_count == 13:
        if hand.counts[kind] != 3:
            raise HandError(f"drawing {tile_name(kind)} for a concealed kan needs three "
                            f"{tile_name(kind)} in the 13-tile hand; it has "
                            f"{hand.counts[kind]}", str(hand))
        hand = Hand(_add(hand.counts, kind, 1), hand.red, hand.melds)
    elif hand.tile_count != 14:
        raise HandError(f"the kan check needs the hand after the draw (14 tiles, kans as "
                        f"three) or before it (13); this one has {hand.tile_count}", str(hand))
    if hand.counts[kind] != 4:
        raise HandError(f"a concealed kan of {tile_name(kind)} needs all four in hand; "
                        f"it has {hand.counts[kind]}", str(hand))
    # red fives change no reading; they follow the tiles so the hands stay valid: the
    # drawn copy is a plain five while one is left, and the quad takes its suit's reds
    before = _add(hand.counts, kind, -1)
    m, p, s = (min(red, before[five]) for red, five in zip(hand.red, FIVES, strict=True))
    quad = Meld(MeldKind.ANKAN, kind, hand.red[FIVES.index(kind)] if kind in FIVES else 0)
    rest = tuple(0 if five == kind else red for red, five in zip(hand.red, FIVES, strict=True))
    return (hand, Hand(before, (m, p, s), hand.melds),
            Hand(_add(hand.counts, kind, -4), (rest[0], rest[1], rest[2]), (*hand.melds, quad)),
            kind)


def _add(counts: Sequence[int], tile: Tile, n: int) -> tuple[int, ...]:
    """``counts`` with ``n`` added at ``tile``."""
    out = list(counts)
    out[tile] += n
    return tuple(out)


def kan_check(hand: Hand | str, tile: Tile | str, *,
              rules: Rules | str | None = None) -> KanCheck:
    """Does a concealed kan of ``tile`` keep the hand? Both rules of seed 003.

    The drawn 4th copy is the kan tile, so the hand before the kan is the tenpai hand
    before the draw, h - e_i: nothing is discarded in between (after riichi the drawn
    tile is either discarded, which changes nothing, or declared as the kan).

    >>> c = kan_check("111m456789p2345s1m", "1m")
    >>> c.strict, c.loose, [tile_name(t) for t in c.waits_after]
    (True, True, ['2s', '5s'])
    """
    rules = find_rules(rules)
    drawn, before, after, kind = kan_hands(hand, tile)
    check_tiles_in_set(drawn, rules)
    return KanCheck(
        hand=drawn, tile=kind,
        before=_winning_readings(before, rules, before.melds),
        after=_winning_readings(after, rules, before.melds),
        waits_before=tuple(w.tile for w in waits(before, rules=rules)),
        waits_after=tuple(w.tile for w in waits(after, rules=rules)))


__all__ = [
    "FormVector", "KanCheck", "Wait", "WaitReading", "WaitShape", "count_forms", "count_forms_asp",
    "count_winning_vectors", "form_counts", "kan_check", "kan_hands", "readings",
    "standard_readings", "waits", "winning_forms",
]
