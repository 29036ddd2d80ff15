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

import itertools
import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import mjasp.core.mjai as mjai
from mjasp.core.blocks import Meld, MeldKind, meld_from_group, meld_group
from mjasp.core.errors import HandError
from mjasp.core.frozen import twin
from mjasp.core.notation import counted_digits, plain_counts, scan
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
        if max(total) > 4:  # (the loop only to name the first kind)
            for kind, n in enumerate(total):
                if n > 4:
                    raise HandError(f"{n} copies of {tile_name(kind)}; there are only 4")
        red_in_melds = [0, 0, 0]  # by suit
        for meld in self.melds:
            if meld.red and meld.tile < 27:
                red_in_melds[meld.tile // 9] += meld.red
        for suit, n in enumerate(self.red):
            if not 0 <= n <= self.counts[FIVES[suit]]:
                raise HandError(f"{n} red fives of {SUITS[suit]} but only "
                                f"{self.counts[FIVES[suit]]} fives in hand")
            in_melds = red_in_melds[suit]
            if n + in_melds > MAX_RED_FIVES:
                # the most any rule set has; how many the set in play has is the rules'
                # question, asked by every command (mjasp.rules.validity.check_red_fives)
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
        if melds == () and cls is Hand:
            if _COMPILED:
                hand = _COMPILED[0](counts)
                if hand is not None:
                    return hand
            plain: object
            if type(counts) is not tuple and type(counts) is not list:
                # a numpy array's tolist() gives Python numbers; the checks below decide
                tolist = getattr(counts, "tolist", None)
                plain = tolist() if tolist is not None and getattr(counts, "ndim", 0) == 1 \
                    else None
            else:
                plain = counts
            fast = _plain_hand(plain) if type(plain) is list or type(plain) is tuple else None
            if fast is not None:
                return fast
        if (type(counts) is list or type(counts) is tuple) and set(map(type, counts)) <= _INT:
            # Python ints already (as_int would give each back): the checks of
            # Hand.__post_init__ alone, not one call a count first (a hand with melds)
            return cls(tuple(counts), (0, 0, 0), tuple(melds))
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
        if melds == () and cls is Hand and (type(ids) is list or type(ids) is tuple):
            fast = _COMPILED[1](ids) if _COMPILED else _ids_hand(ids)
            if fast is not None:
                return fast
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
        counts, red, text = mjai.mjai_counts(tiles)
        try:
            return cls(counts, red, tuple(melds))
        except HandError as error:
            # the melds add copies or red fives, or the hand is too big: the whole text is
            # at fault
            raise HandError(error.reason, text) from None

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
        return mjai.mjai_names(self.counts, self.red)

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
        return tuple(with_melds(self.counts, self.melds)[0])

    def __str__(self) -> str:
        counts, red = self.counts, self.red
        parts = []
        for s, (lo, hi, suit) in enumerate(_SUIT_SPANS):
            body = counted_digits(counts[lo:hi], lo, red[s] if s < 3 else 0)
            if body:
                parts.append(body + suit)
        text = "".join(parts)
        return " ".join([text] * bool(text) + [str(m) for m in self.melds])

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """A notebook picture: the tiles drawn as players lay them (:func:`hand_svg`)."""
        return hand_svg(self)


def hand_svg(hand: Hand, scale: float = 1.0) -> str:
    """A hand as players lay it out (:mod:`mjasp.render.draw`): the concealed tiles in
    order, then each meld.

    >>> hand_svg(Hand.parse("11z")).count("<use")
    2
    """
    from mjasp.render.draw import TileGroup, draw_row, faces

    groups = []
    concealed = faces([k for k in range(NUM_KINDS) for _ in range(hand.counts[k])], hand.red)
    if concealed:
        groups.append(TileGroup(tuple(concealed)))
    groups += [meld_group(m) for m in hand.melds]
    return draw_row(groups, scale, title=str(hand))


def _sorted_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    # call order does not change any analysis, so melds are kept in canonical order
    return tuple(sorted(melds, key=lambda m: (m.tile, m.kind, m.red)))


_CHI, _PON, _ANKAN = MeldKind.CHI, MeldKind.PON, MeldKind.ANKAN
#: each suit's kinds (first, past the last) and its letter
_SUIT_SPANS: Final = tuple((SUIT_BASE[suit], SUIT_BASE[suit] + (7 if suit == "z" else 9), suit)
                           for suit in SUITS)


def with_melds(counts: Sequence[int], melds: Sequence[Meld]
               ) -> tuple[list[int], bool, int, int, bool]:
    """Every tile by kind with the melds' (a quad four), whether the hand stays closed
    (nothing called: a closed kan keeps it closed), its quads, the red fives called and
    whether a chi was: one pass over the melds, for the checks and the scoring facts.

    >>> hand = Hand.parse("11m [2222p] (3333s) [0m46m]")
    >>> total, closed, quads, red, chi = with_melds(hand.counts, hand.melds)
    >>> total[0], total[10], total[20], closed, quads, red, chi
    (2, 4, 4, False, 2, 1, True)
    """
    total = list(counts)
    closed, quads, red_called, chi = True, 0, 0, False
    for meld in melds:
        tile, kind = meld.tile, meld.kind
        if kind is _CHI:
            total[tile] += 1
            total[tile + 1] += 1
            total[tile + 2] += 1
            chi = True
        elif kind is _PON:
            total[tile] += 3
        else:
            total[tile] += 4
            quads += 1
        closed = closed and kind is _ANKAN
        red_called += meld.red
    return total, closed, quads, red_called, chi


def trusted_hand(counts: tuple[int, ...], red: tuple[int, int, int] = (0, 0, 0),
                 melds: tuple[Meld, ...] = ()) -> Hand:
    """A hand from values its caller built legal, unchecked: 34 Python ints, the red
    fives by suit, the melds in canonical order, all that ``Hand`` would accept (the fast
    constructors, which have just checked them, and code that builds hands from hands
    already checked, such as a search drawing from a wall). ``Hand(...)`` re-checks every
    field, several microseconds a hand.

    >>> trusted_hand((2,) + (0,) * 33) == Hand.parse("11m")
    True
    """
    hand: Any = _NEW(_HandDraft)
    hand.counts = counts
    hand.red = red
    hand.melds = melds
    hand.__class__ = Hand
    return hand  # type: ignore[no-any-return]


_NEW = object.__new__
#: Hand's mutable twin (``mjasp.core.frozen``): the fields as plain attribute stores,
#: without the frozen dataclass's guard.
_HandDraft = twin(Hand)


#: A constructor's checks and build in one compiled call each, installed by
#: ``mjasp.solvers.kernel`` while its compiled path is on (this layer imports no engine):
#: from counts, from ids, from plain text, from text with melds; each gives the Hand, or
#: None for the paths below.
_COMPILED: list[Callable[..., Hand | None]] = []


def use_compiled_constructors(functions: Sequence[Callable[..., Hand | None]]) -> None:
    """Install (or, with ``()``, remove) the compiled ``from_counts`` / ``from_ids`` /
    plain-text ``parse`` checks and the ``parse`` of text with melds; the first three must
    accept and refuse exactly what the Python fast paths below do, the last give the hand
    ``_parse_with_melds`` gives wherever it gives one (tests/core/test_hand.py compares
    them).

    >>> previous = list(_COMPILED); use_compiled_constructors(()); Hand.parse("11m").counts[0]
    2
    >>> use_compiled_constructors(previous)
    """
    _COMPILED[:] = functions


def _plain_hand(counts: list[int] | tuple[int, ...]) -> Hand | None:
    """``Hand.from_counts`` without melds when ``counts`` is 34 Python ints 0..4 of at
    most 14 tiles (every check ``Hand`` makes, at C speed), else None: the general path
    then builds the hand or says what is wrong."""
    if len(counts) == NUM_KINDS and set(map(type, counts)) <= _INT and min(counts) >= 0 \
            and max(counts) <= 4 and sum(counts) <= MAX_TILES:
        return trusted_hand(tuple(counts), (0, 0, 0))
    return None


#: The kind of each of the 136 tile ids (4 copies of each kind).
_KIND_OF_ID: Final = tuple(i // 4 for i in range(4 * NUM_KINDS))


def _ids_hand(ids: list[int] | tuple[int, ...]) -> Hand | None:
    """``Hand.from_ids`` without melds when ``ids`` is at most 14 distinct Python ints
    0..135 (distinct ids hold at most 4 copies of a kind and one red five a suit), else
    None for the general path to build or explain."""
    n = len(ids)
    if n > MAX_TILES or not set(map(type, ids)) <= _INT:
        return None
    seen = set(ids)
    if len(seen) != n or (n and (min(ids) < 0 or max(ids) > 135)):
        return None
    counts = [0] * NUM_KINDS
    kind_of = _KIND_OF_ID
    for tile_id in ids:
        counts[kind_of[tile_id]] += 1
    red_m, red_p, red_s = RED_FIVE_IDS
    return trusted_hand(tuple(counts),
                        (int(red_m in seen), int(red_p in seen), int(red_s in seen)))


#: A meld as the table holds it: rank, meld, tile kinds, suit index (0..3), red fives.
_Entry = tuple[int, Meld, tuple[int, ...], int, int]


def _meld_texts() -> dict[str, _Entry]:
    """Every bracket group naming a meld, in any order of its digits (``[406p]``,
    ``[640p]``, ``(1111z)``, ...) -> (its rank in ``Meld``'s order, the meld, its tile
    kinds, suit index, red fives). Built
    from the melds themselves (``str(meld)`` writes the canonical text), so it holds
    exactly the groups ``meld_from_group`` accepts with no error."""
    table: dict[str, _Entry] = {}
    for kind in MeldKind:
        for tile in range(NUM_KINDS):
            for red in range(MAX_RED_FIVES + 1):
                try:
                    meld = Meld(kind, tile, red)
                except HandError:
                    continue
                text = str(meld)
                open_, body, close = text[0], text[1:-2], text[-2:]
                # Meld's order is (tile, kind, red): one int, kind and red below 4
                rank = 16 * tile + 4 * kind + red
                entry = (rank, meld, meld.tiles(), min(tile // 9, 3), red)
                for order in set(itertools.permutations(body)):
                    table[open_ + "".join(order) + close] = entry
    return table


#: Filled on the first parse of a hand with melds.
_MELD_TEXTS: dict[str, _Entry] = {}


def _parse_with_melds(text: str) -> Hand | None:
    """``Hand.parse`` of plain tiles followed by melds the table knows, with every check
    ``Hand`` makes; None for anything else (the general path reads and explains it)."""
    # where the first group opens; spaces are ignored everywhere, in groups too (as scan
    # reads them), so the groups are read with their spaces removed
    square, round_ = text.find("["), text.find("(")
    start = square if round_ < 0 or 0 <= square < round_ else round_
    concealed, groups = text[:start], text[start:]
    if " " in groups:
        groups = groups.replace(" ", "")
    table = _MELD_TEXTS or _fill_meld_texts()
    # each group ends at a closing bracket: cut after each, and look every piece up (a
    # piece that is no meld as written, or loose tiles after the last group, is None)
    pieces = groups.replace("]", "]|").replace(")", ")|").split("|")
    if pieces.pop():  # tiles after the last group
        return None
    written: list[Any] = list(map(table.get, pieces))
    if None in written:
        return None
    room = MAX_TILES - 3 * len(written)  # what the concealed tiles may number
    if room < 0:
        return None
    counts: Sequence[int]
    red: Sequence[int]
    if not concealed.strip(" "):
        counts, red = _NO_COUNTS, (0, 0, 0)
    else:
        hand = _COMPILED[2](concealed, room) if _COMPILED else None
        if hand is not None:
            counts, red = hand.counts, hand.red
        else:
            plain = plain_counts(concealed)
            if plain is None or max(plain[0]) > 4 or sum(plain[0]) > room:
                return None
            counts, red = plain
    total = list(counts)
    all_red = [red[0], red[1], red[2], 0]  # m, p, s and the honors (never red)
    for _, _, kinds, suit, meld_red in written:
        for kind in kinds:
            total[kind] += 1
            if total[kind] > 4:  # the general path says which kind has five copies
                return None
        all_red[suit] += meld_red
    # more red fives of a suit than any set has (concealed and called together, as Hand
    # counts them): the general path says so
    if all_red[0] > MAX_RED_FIVES or all_red[1] > MAX_RED_FIVES or all_red[2] > MAX_RED_FIVES:
        return None
    # each entry starts with its meld's rank in canonical order: a sort of small ints
    written.sort()
    return trusted_hand(tuple(counts), (red[0], red[1], red[2]),
                    tuple(map(_MELD_OF_ENTRY, written)))


_MELD_OF_ENTRY: Final = operator.itemgetter(1)
_NO_COUNTS: Final = (0,) * NUM_KINDS


def _fill_meld_texts() -> dict[str, _Entry]:
    _MELD_TEXTS.update(_meld_texts())
    return _MELD_TEXTS


def _parse(text: str) -> Hand:
    if type(text) is str:
        if "[" in text or "(" in text:
            # the compiled read first: it may leave the text to the Python one (None)
            hand = _COMPILED[3](text, _MELD_TEXTS or _fill_meld_texts(), MAX_TILES,
                                MAX_RED_FIVES) if _COMPILED else None
            if hand is None:
                hand = _parse_with_melds(text)
            if hand is not None:
                return hand
        else:
            if _COMPILED:
                hand = _COMPILED[2](text, MAX_TILES)
                if hand is not None:
                    return hand
            plain = plain_counts(text)
            if plain is not None:
                counts, red = plain
                # plain text holds ints 0..: only the limits are left to check
                if max(counts) <= 4 and sum(counts) <= MAX_TILES and max(red) <= MAX_RED_FIVES:
                    return trusted_hand(tuple(counts), (red[0], red[1], red[2]))
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


__all__ = ["MAX_TILES", "Hand", "Meld", "MeldKind", "hand_svg", "trusted_hand", "with_melds"]
