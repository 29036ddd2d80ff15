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

from collections.abc import Iterable
from dataclasses import dataclass

import mjasp.core.mjai as mjai
from mjasp.core.blocks import Meld, MeldKind, meld_from_group
from mjasp.core.errors import HandError
from mjasp.core.notation import digits, plain_counts, scan
from mjasp.core.tiles import (
    FIVES,
    MAX_RED_FIVES,
    NUM_KINDS,
    RED_FIVE_IDS,
    SUIT_BASE,
    SUITS,
    as_int,
    kind_of_id,
    tile_name,
)

#: The most tiles a hand may hold, each kan counted as three (14 = a complete hand).
MAX_TILES = 14


_INT = {int}


def _strict_ints(values: object, size: int, what: str) -> tuple[int, ...]:
    """``values`` as a tuple of ``size`` Python ints; anything else is a HandError."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise HandError(f"{what} must be a sequence of {size} integers, "
                        f"not {type(values).__name__}")
    out = tuple(values)
    if len(out) != size:
        raise HandError(f"a hand needs {size} {what}, got {len(out)}")
    if set(map(type, out)) <= _INT:  # the common case, at C speed
        return out
    for value in out:
        if not isinstance(value, int) or isinstance(value, bool):
            raise HandError(f"{what} must be integers, not {type(value).__name__} "
                            f"({value!r}); Hand.from_counts converts numpy integers")
    return out


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
        object.__setattr__(self, "counts", _strict_ints(self.counts, NUM_KINDS, "counts"))
        if min(self.counts) < 0:
            raise HandError("tile counts must be non-negative integers")
        red = _strict_ints(self.red, 3, "red fives")
        object.__setattr__(self, "red", red)
        if isinstance(self.melds, str) or not isinstance(self.melds, Iterable):
            raise HandError(f"melds must be a sequence of Meld, not {type(self.melds).__name__}")
        for meld in self.melds:
            if not isinstance(meld, Meld):
                raise HandError(f"not a meld: {meld!r}")
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
            if n + in_melds > MAX_RED_FIVES:
                # the most any rule set has; how many the set in play has is the rules'
                # question, asked when the hand is scored (check_win)
                raise HandError(f"{n + in_melds} red fives of {SUITS[suit]}; no set has more "
                                f"than {MAX_RED_FIVES}")
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
        if isinstance(counts, str | bytes) or not isinstance(counts, Iterable):
            raise HandError(f"counts must be a sequence of 34 integers, "
                            f"not {type(counts).__name__}")
        return cls(tuple(as_int(c, "tile counts") for c in counts), (0, 0, 0), tuple(melds))

    @classmethod
    def from_ids(cls, ids: Iterable[int], melds: Iterable[Meld] = ()) -> Hand:
        """A hand from 136-tile ids (kind = id // 4; ids 16, 52, 88 are the red fives).

        >>> str(Hand.from_ids([16, 17, 135]))
        '05m7z'
        """
        counts = [0] * NUM_KINDS
        red = [0, 0, 0]
        seen: set[int] = set()
        for raw in ids:
            tile_id = as_int(raw, "tile ids")
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
        :mod:`mjasp.core.mjai`.

        >>> str(Hand.from_mjai(["1m", "5mr", "C"]))
        '10m7z'
        """
        return mjai.from_mjai(tiles, melds)

    # -- views --------------------------------------------------------------------

    def to_ids(self) -> list[int]:
        """The concealed tiles as 136-tile ids: red fives first, then the lowest free ids.
        The 136-tile set has one red five per suit (id 16, 52, 88): a second is a HandError.

        >>> Hand.parse("055m").to_ids()
        [16, 17, 18]
        """
        if max(self.red) > 1:
            suit = max(range(3), key=self.red.__getitem__)
            raise HandError(f"{self.red[suit]} red fives of {SUITS[suit]}; the 136-tile set "
                            f"has one red id per suit ({RED_FIVE_IDS[suit]})")
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
                parts.append(digits(tiles, self.red[s] if s < 3 else 0) + suit)
        text = "".join(parts)
        return " ".join([text] * bool(text) + [str(m) for m in self.melds])

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """A notebook picture: the tiles drawn as players lay them
        (see :mod:`mjasp.render.draw`)."""
        from mjasp.render.draw import hand_svg  # draw imports this module

        return hand_svg(self)


def _sorted_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    # call order does not change any analysis, so melds are kept in canonical order
    return tuple(sorted(melds, key=lambda m: (m.tile, m.kind, m.red)))


def _trusted(counts: tuple[int, ...], red: tuple[int, int, int]) -> Hand:
    """A hand without melds from counts already known legal (the parse fast path):
    ``Hand.__post_init__`` re-checks what the caller has just checked."""
    hand = object.__new__(Hand)
    object.__setattr__(hand, "counts", counts)
    object.__setattr__(hand, "red", red)
    object.__setattr__(hand, "melds", ())
    return hand


def _parse(text: str) -> Hand:
    plain = plain_counts(text) if type(text) is str else None
    if plain is not None:
        counts, red = plain
        # plain text holds ints 0..: only the limits are left to check
        if max(counts) <= 4 and sum(counts) <= MAX_TILES and max(red) <= MAX_RED_FIVES:
            return _trusted(tuple(counts), (red[0], red[1], red[2]))
    found = scan(text)
    counts, red = found.counts, found.red
    melds = [meld_from_group(g.tiles, g.closed, text, g.position) for g in found.groups]
    try:
        return Hand(tuple(counts), (red[0], red[1], red[2]), tuple(melds))
    except HandError as error:
        # Hand checks copies, red fives and size (copies first: melds are valid already);
        # the text adds where: at the last digit of the first kind over four copies
        over = found.over_four()
        if over is None:
            raise HandError(error.reason, text) from None
        raise HandError(f"{found.written[over]} copies of {tile_name(over)} where the set has 4: "
                        "the fifth", text, found.fifth_at[over]) from None


__all__ = ["MAX_TILES", "Hand", "Meld", "MeldKind"]
