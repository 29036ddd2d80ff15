"""Hands and the mpsz notation.

Notation (as on tenhou.net/2): digits followed by their suit letter, ``m`` manzu,
``p`` pinzu, ``s`` souzu, ``z`` honors (1z-7z = East South West North White Green Red);
``0`` is a red five; spaces are ignored. Declared melds follow the concealed tiles,
one per bracket group:

=============  ==========  ====================================
``[123m]``     chi         an open sequence
``[555p]``     pon         an open triplet
``[5555p]``    open kan    daiminkan / shouminkan
``(1111z)``    closed kan  ankan (concealed, but fixed)
=============  ==========  ====================================

>>> h = Hand.parse("234m 067p 22z [789s] (1111z)")
>>> str(h), h.tile_count
('234m067p22z [789s] (1111z)', 14)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from mjasp import mjai
from mjasp.blocks import Block, BlockKind
from mjasp.errors import HandError
from mjasp.tiles import (
    FIVES,
    NUM_KINDS,
    RED_FIVE_IDS,
    SUIT_BASE,
    SUITS,
    Tile,
    kind_of_id,
    suit_of,
    tile_name,
)

#: The most tiles a hand may hold, each kan counted as three (14 = a complete hand).
MAX_TILES = 14


class MeldKind(enum.IntEnum):
    """How a declared meld was made."""

    CHI = 0  #: called sequence
    PON = 1  #: called triplet
    KAN = 2  #: open kan (daiminkan or shouminkan)
    ANKAN = 3  #: closed kan (ankan)


class Meld(NamedTuple):
    """A declared meld: how it was made, its lowest tile, and its red fives.

    >>> Meld.parse("[406p]")
    Meld(kind=<MeldKind.CHI: 0>, tile=12, red=1)
    """

    kind: MeldKind
    tile: Tile
    red: int = 0

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse one bracketed meld such as ``[123m]`` or ``(1111z)``."""
        hand = Hand.parse(text)
        if hand.concealed_count or len(hand.melds) != 1:
            raise HandError("expected exactly one meld", text)
        return hand.melds[0]

    @property
    def is_open(self) -> bool:
        """Called from another player (everything but a closed kan)."""
        return self.kind is not MeldKind.ANKAN

    def block(self) -> Block:
        """The block the meld stands for in every reading."""
        kind = {MeldKind.CHI: BlockKind.SEQUENCE, MeldKind.PON: BlockKind.TRIPLET}.get(
            self.kind, BlockKind.QUAD)
        return Block(kind, self.tile)

    def tiles(self) -> tuple[Tile, ...]:
        """The tile kinds in the meld."""
        return self.block().tiles()

    def __str__(self) -> str:
        digits = _digits(self.tiles(), self.red)
        body = digits + suit_of(self.tile)
        return f"({body})" if self.kind is MeldKind.ANKAN else f"[{body}]"

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {"kind": self.kind.name.lower(), "tile": tile_name(self.tile),
                "red": self.red, "text": str(self)}


def _digits(tiles: Iterable[Tile], red: int) -> str:
    """Digits of same-suit tiles in order, the first ``red`` fives written as 0."""
    out = []
    for tile in sorted(tiles):
        digit = tile % 9 + 1
        if digit == 5 and red:
            red -= 1
            out.append("0")
        else:
            out.append(str(digit))
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand: 34 concealed tile counts, its red fives, and its declared melds.

    ``counts[k]`` counts every concealed copy of kind ``k`` (red fives included);
    ``red[s]`` says how many concealed fives of suit ``s`` (m, p, s) are red.
    Frozen and hashable; ``str`` gives canonical mpsz and ``Hand.parse`` reads it back.

    >>> Hand.parse("11122233344455m") == Hand.from_counts([3, 3, 3, 3, 2] + [0] * 29)
    True
    """

    counts: tuple[int, ...]
    red: tuple[int, int, int] = (0, 0, 0)
    melds: tuple[Meld, ...] = ()

    def __post_init__(self) -> None:
        if len(self.counts) != NUM_KINDS:
            raise HandError(f"a hand needs 34 counts, got {len(self.counts)}")
        if any(not isinstance(c, int) or c < 0 for c in self.counts):
            raise HandError("tile counts must be non-negative integers")
        for meld in self.melds:
            _check_meld(meld)
        # call order changes no analysis: equal hands must compare (and hash) equal
        object.__setattr__(self, "melds", _sorted_melds(self.melds))
        total = self.total_counts()
        for kind, n in enumerate(total):
            if n > 4:
                raise HandError(f"{n} copies of {tile_name(kind)}; there are only 4")
        for suit, n in enumerate(self.red):
            if not 0 <= n <= self.counts[FIVES[suit]]:
                raise HandError(f"{n} red fives of {SUITS[suit]} but only "
                                f"{self.counts[FIVES[suit]]} fives in hand")
            in_melds = sum(m.red for m in self.melds if m.tile < 27 and m.tile // 9 == suit)
            if n + in_melds > 1:
                # one red five per suit in the standard set
                raise HandError(f"{n + in_melds} red fives of {SUITS[suit]}; the set has one")
        if self.tile_count > MAX_TILES:
            raise HandError(f"{self.tile_count} tiles; a hand holds at most {MAX_TILES} "
                            "(each kan counted as three)")

    # -- construction -------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read mpsz notation (see the module docstring), with declared melds.

        >>> Hand.parse("19m19p19s1234567z").concealed_count
        13
        """
        return _parse(text)

    @classmethod
    def from_counts(cls, counts: Iterable[int], melds: Iterable[Meld] = ()) -> Hand:
        """A hand from 34 counts (numpy arrays welcome).

        >>> str(Hand.from_counts([2] + [0] * 33))
        '11m'
        """
        return cls(tuple(int(c) for c in counts), (0, 0, 0), tuple(melds))

    @classmethod
    def from_ids(cls, ids: Iterable[int], melds: Iterable[Meld] = ()) -> Hand:
        """A hand from 136-tile ids (kind = id // 4; ids 16, 52, 88 are the red fives).

        >>> str(Hand.from_ids([16, 17, 135]))
        '05m7z'
        """
        counts = [0] * NUM_KINDS
        red = [0, 0, 0]
        seen: set[int] = set()
        for tile_id in ids:
            if tile_id in seen:
                raise HandError(f"tile id {tile_id} appears twice")
            seen.add(tile_id)
            counts[kind_of_id(tile_id)] += 1
            if tile_id in RED_FIVE_IDS:
                red[RED_FIVE_IDS.index(tile_id)] += 1
        return cls(tuple(counts), (red[0], red[1], red[2]), tuple(melds))

    @classmethod
    def from_mjai(cls, tiles: str | Iterable[str], melds: Iterable[Meld] = ()) -> Hand:
        """A hand from MJAI tile names (``5mr`` red five, ``E S W N P F C`` honors); see
        :mod:`mjasp.mjai`.

        >>> str(Hand.from_mjai(["1m", "5mr", "C"]))
        '10m7z'
        """
        return mjai.from_mjai(tiles, melds)

    # -- views --------------------------------------------------------------------

    def to_ids(self) -> list[int]:
        """The concealed tiles as 136-tile ids: red fives first, then the lowest free ids.

        >>> Hand.parse("055m").to_ids()
        [16, 17, 18]
        """
        ids: list[int] = []
        for kind, n in enumerate(self.counts):
            if kind in FIVES and not self.red[FIVES.index(kind)]:
                # plain fives take the non-red ids first; a set without reds uses all four
                ids += [4 * kind + 1, 4 * kind + 2, 4 * kind + 3, 4 * kind][:n]
            else:
                ids += range(4 * kind, 4 * kind + n)  # a red five is id 4k, taken first
        return ids

    def to_mjai(self) -> list[str]:
        """The concealed tiles as MJAI names (melds are MJAI events, not names).

        >>> Hand.parse("05m7z [111z]").to_mjai()
        ['5mr', '5m', 'C']
        """
        return mjai.to_mjai(self)

    @property
    def concealed_count(self) -> int:
        """Tiles in hand, melds excluded."""
        return sum(self.counts)

    @property
    def tile_count(self) -> int:
        """Tiles counting each declared meld as three (14 for a complete hand)."""
        return self.concealed_count + 3 * len(self.melds)

    @property
    def is_closed(self) -> bool:
        """No called meld (a closed kan keeps the hand closed)."""
        return all(not m.is_open for m in self.melds)

    def total_counts(self) -> tuple[int, ...]:
        """Concealed counts plus the tiles of the declared melds."""
        total = list(self.counts)
        for meld in self.melds:
            for tile in meld.tiles():
                total[tile] += 1
        return tuple(total)

    def __str__(self) -> str:
        parts = []
        for s, suit in enumerate(SUITS):
            base = SUIT_BASE[suit]
            tiles = [base + i for i in range(9 if suit != "z" else 7)
                     for _ in range(self.counts[base + i])]
            if tiles:
                parts.append(_digits(tiles, self.red[s] if s < 3 else 0) + suit)
        text = "".join(parts)
        return " ".join([text] * bool(text) + [str(m) for m in self.melds])

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """A notebook picture: the tiles drawn as players lay them (see :mod:`mjasp.draw`)."""
        from mjasp import draw  # draw imports this module
        return draw.hand_svg(self)


def _check_meld(meld: Meld) -> None:
    """Reject melds no table could hold: a chi across suits, red fives that are not fives."""
    if not isinstance(meld, Meld) or not 0 <= meld.tile < NUM_KINDS:
        raise HandError(f"not a meld: {meld!r}")
    if meld.kind == MeldKind.CHI and (meld.tile >= 27 or meld.tile % 9 > 6):
        raise HandError(f"no sequence starts at {tile_name(meld.tile)}")
    fives = sum(t in FIVES for t in meld.tiles())
    if not 0 <= meld.red <= min(fives, 1):
        raise HandError(f"a meld from {tile_name(meld.tile)} cannot hold {meld.red} red fives")


def _sorted_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    # call order does not change any analysis, so melds are kept in canonical order
    return tuple(sorted(melds, key=lambda m: (m.tile, m.kind, m.red)))


def _parse(text: str) -> Hand:
    if not isinstance(text, str):
        raise HandError(f"expected a string in mpsz notation, got {type(text).__name__}")
    counts = [0] * NUM_KINDS
    red = [0, 0, 0]
    melds: list[Meld] = []
    pending: list[tuple[int, int]] = []  # (digit, position) waiting for a suit letter
    group: tuple[str, int] | None = None  # (closing bracket, position of the opening one)
    group_tiles: list[tuple[Tile, bool]] = []
    written = [0] * NUM_KINDS  # copies of each kind in the text, melds included
    fifth_at = [0] * NUM_KINDS  # position of the digit naming each kind a fifth time

    for pos, char in enumerate(text):
        if char.isspace():
            continue
        if char.isdigit() and char.isascii():
            pending.append((int(char), pos))
        elif char in SUIT_BASE:
            if not pending:
                raise HandError(f"suit letter {char!r} has no digits before it", text, pos)
            for digit, dpos in pending:
                kind, is_red = _tile_from_digit(digit, char, text, dpos)
                written[kind] += 1
                if written[kind] == 5:
                    fifth_at[kind] = dpos
                if group is not None:
                    group_tiles.append((kind, is_red))
                else:
                    counts[kind] += 1
                    if is_red:
                        red[SUITS.index(char)] += 1
            pending = []
        elif char in "[(":
            if pending:
                raise HandError("digits with no suit letter", text, pending[0][1])
            if group is not None:
                raise HandError(f"nested {char!r}", text, pos)
            group = ("]" if char == "[" else ")", pos)
            group_tiles = []
        elif char in "])":
            if group is None or char != group[0]:
                raise HandError(f"unmatched {char!r}", text, pos)
            if pending:
                raise HandError("digits with no suit letter", text, pending[0][1])
            melds.append(_meld(group_tiles, char == ")", text, group[1]))
            group = None
        else:
            raise HandError(f"unknown character {char!r}", text, pos)
    if pending:
        raise HandError("digits with no suit letter", text, pending[0][1])
    if group is not None:
        raise HandError(f"unclosed {'[' if group[0] == ']' else '('}", text, group[1])
    try:
        return Hand(tuple(counts), (red[0], red[1], red[2]), tuple(melds))
    except HandError as error:
        # Hand checks copies, red fives and size (copies first: _meld made valid melds);
        # the text adds where: at the last digit of the first kind over four copies
        over = next((k for k, n in enumerate(written) if n > 4), None)
        if over is None:
            raise HandError(error.reason, text) from None
        raise HandError(f"{written[over]} copies of {tile_name(over)} where the set has 4: "
                        "the fifth", text, fifth_at[over]) from None


def _tile_from_digit(digit: int, suit: str, text: str, pos: int) -> tuple[Tile, bool]:
    if suit == "z":
        if digit == 0:
            raise HandError("0 (red five) is only for m, p and s", text, pos)
        if digit > 7:
            raise HandError(f"there is no honor {digit}z (honors are 1z-7z)", text, pos)
    if digit == 0:
        return SUIT_BASE[suit] + 4, True
    return SUIT_BASE[suit] + digit - 1, False


def _meld(tiles: list[tuple[Tile, bool]], closed: bool, text: str, pos: int) -> Meld:
    kinds = sorted(k for k, _ in tiles)
    red = sum(r for _, r in tiles)
    if len(kinds) == 4 and len(set(kinds)) == 1:
        meld = Meld(MeldKind.ANKAN if closed else MeldKind.KAN, kinds[0], red)
    elif closed:
        raise HandError("(...) is a closed kan and needs four identical tiles", text, pos)
    elif len(kinds) == 3 and len(set(kinds)) == 1:
        meld = Meld(MeldKind.PON, kinds[0], red)
    elif (len(kinds) == 3 and kinds[0] < 27 and kinds[2] // 9 == kinds[0] // 9
            and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]):
        meld = Meld(MeldKind.CHI, kinds[0], red)
    else:
        raise HandError("a meld is a sequence [123m], a triplet [555p] or a quad [1111z]",
                        text, pos)
    if red > 1:
        # caught here, with a position, so that Hand's meld check cannot fail after parsing
        raise HandError(f"{red} red fives in one meld; the set has one of each suit", text, pos)
    return meld
