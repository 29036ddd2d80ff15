"""Tile kinds, their names, and the 136 physical tiles.

Kinds are integers 0..33: 0-8 = 1m-9m (manzu), 9-17 = 1p-9p (pinzu),
18-26 = 1s-9s (souzu), 27-33 = 1z-7z (jihai: East South West North White Green Red).

>>> tile_name(27), tile_kind("5p")
('1z', 13)
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Final

from mjasp.core.errors import HandError

Tile = int
"""A tile kind, 0..33."""

NUM_KINDS: Final = 34
SUITS: Final = "mpsz"
SUIT_BASE: Final = {"m": 0, "p": 9, "s": 18, "z": 27}
HONORS: Final = tuple(range(27, 34))
#: Terminals and honors, the thirteen kinds of kokushi musou (thirteen orphans).
TERMINALS_AND_HONORS: Final = (0, 8, 9, 17, 18, 26, *HONORS)
#: Kinds removed from the wall in three-player mahjong (sanma): 2m-8m.
SANMA_REMOVED: Final = tuple(range(1, 8))
#: The 136 tile ids of the red fives (aka dora): the first copy of 5m, 5p, 5s.
RED_FIVE_IDS: Final = (16, 52, 88)
FIVES: Final = (4, 13, 22)
#: The most red fives of one suit a hand may hold: two, as the "aka 4" sets (0m, two 0p,
#: 0s) have. A hand is rules-free; ``Rules.red_fives`` says how many the set in play has,
#: and scoring refuses more (the 136-id set, ``RED_FIVE_IDS``, has one per suit).
MAX_RED_FIVES: Final = 2


def as_int(value: object, what: str) -> int:
    """An integer argument (numpy integers welcome); floats, bools and text are errors.

    >>> as_int(3, "tiles")
    3
    >>> as_int(1.5, "tiles")
    Traceback (most recent call last):
    ...
    mjasp.core.errors.HandError: tiles must be an integer, not float (1.5)
    """
    if isinstance(value, bool):
        raise HandError(f"{what} must be an integer, not {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise HandError(f"{what} must be an integer, not {type(value).__name__} "
                        f"({value!r})") from None


def suit_of(tile: Tile) -> str:
    """The suit letter of a tile kind.

    >>> suit_of(30)
    'z'
    """
    return SUITS[tile // 9] if tile < 27 else "z"


def tile_name(tile: Tile) -> str:
    """The mpsz name of a tile kind.

    >>> tile_name(0), tile_name(33)
    ('1m', '7z')
    """
    if tile.__class__ is not int:
        tile = as_int(tile, "a tile kind")
    if not 0 <= tile < NUM_KINDS:
        raise HandError(f"tile kind {tile} is out of range 0..33")
    return f"{tile % 9 + 1}{suit_of(tile)}"


def tile_kind(name: str) -> Tile:
    """The kind of a single tile written in mpsz (``0m`` is the red 5m).

    >>> tile_kind("7z"), tile_kind("0s")
    (33, 22)
    """
    if not isinstance(name, str):
        raise HandError(f"expected one tile such as '5m' or '7z', not {name!r}")
    text = name.strip()
    if len(text) != 2 or text[0] not in "0123456789" or text[1] not in SUITS:
        raise HandError("expected one tile such as '5m' or '7z'", name)
    digit, suit = int(text[0]), text[1]
    if suit == "z" and not 1 <= digit <= 7:
        raise HandError(f"honor tiles are 1z-7z, not {text}", name, 0)
    if digit == 0 and suit == "z":
        raise HandError("only 0m, 0p and 0s are red fives", name, 0)
    return SUIT_BASE[suit] + (4 if digit == 0 else digit - 1)


def kind_of_id(tile_id: int) -> Tile:
    """The kind of one of the 136 physical tiles (id // 4).

    >>> kind_of_id(16), kind_of_id(135)
    (4, 33)
    """
    if not 0 <= tile_id < 136:
        raise HandError(f"tile id {tile_id} is out of range 0..135")
    return tile_id // 4


def add_count(counts: Sequence[int], tile: Tile, n: int) -> tuple[int, ...]:
    """``counts`` with ``n`` added at ``tile``.

    >>> add_count((0, 1, 2), 1, 2)
    (0, 3, 2)
    """
    out = list(counts)
    out[tile] += n
    return tuple(out)
