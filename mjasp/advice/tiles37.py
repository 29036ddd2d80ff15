"""Hands and walls as 37 counts: the 34 kinds (red fives included), then the red 5m 5p 5s.

A draw or a discard is a *tile37*: a kind 0..33 (a plain copy) or 34..36 (a red five).

>>> h = parse37("1230m")
>>> h[4], h[34], name37(34), add37(h, 34)[34]
(1, 1, '0m', 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.core.notation import scan
from mjasp.core.tiles import tile_name

FIVES: Final = (4, 13, 22)
Counts37 = bytes
"""37 counts as bytes: hashing them is one fast pass (dict keys of the search)."""


def parse37(text: str) -> Counts37:
    """The concealed tiles of an mpsz hand as 37 counts."""
    hand = Hand.parse(text)
    return bytes(hand.counts) + bytes(hand.red)


def seen37(text: str) -> Counts37:
    """Tiles seen elsewhere (discards, other players' melds) as 37 counts: mpsz without a
    hand's 14-tile limit, as ``shanten``'s visible tiles.

    >>> seen = seen37("1111m 2222m 3333m 4444m 0m")
    >>> seen[0], seen[4], seen[34]
    (4, 1, 1)
    """
    try:
        found = scan(text)
    except HandError as error:  # say which argument was wrong
        raise HandError(f"visible tiles: {error.reason}", text, error.position) from None
    if found.groups:
        raise HandError("visible tiles: no brackets (list every tile seen)", text)
    for kind, count in enumerate(found.counts):
        if count > 4:  # (and 256 would not fit a byte)
            raise HandError(f"visible tiles: {count} copies of {tile_name(kind)}; there are "
                            "only 4", text)
    return bytes(found.counts) + bytes(found.red)


def of_hand(hand: Hand) -> Counts37:
    """The concealed tiles of a :class:`Hand` as 37 counts."""
    return bytes(hand.counts) + bytes(hand.red)


def name37(tile: int) -> str:
    """The mpsz name of a tile37 (``0m`` for the red 5m).

    >>> name37(4), name37(36)
    ('5m', '0s')
    """
    if 0 <= tile < 37:
        return _NAMES37[tile]  # (one lookup: advise names every discard)
    return _name37(tile)


def _name37(tile: int) -> str:
    """``name37`` written out: the red fives ``0m``/``0p``/``0s``, the rest by kind."""
    return f"0{'mps'[tile - 34]}" if tile >= 34 else tile_name(tile)


#: ``name37`` of each tile37
_NAMES37: Final = tuple(_name37(t) for t in range(37))


def kind37(tile: int) -> int:
    """The kind 0..33 of a tile37."""
    return FIVES[tile - 34] if tile >= 34 else tile


def tile37(name: str) -> int:
    """The tile37 of a one-tile mpsz name (``0p`` is the red 5p).

    >>> tile37("0p"), tile37("5p")
    (35, 13)
    """
    found = _BY_NAME.get(name) if type(name) is str else None
    if found is not None:
        return found
    hand = parse37(name)
    if sum(hand[:34]) != 1:
        raise ValueError(f"{name!r} is not one tile")
    for red in range(3):
        if hand[34 + red]:
            return 34 + red
    return hand.index(1)


#: ``tile37`` of the names ``name37`` writes (one lookup; other spellings are parsed)
_BY_NAME = {name37(t): t for t in range(37)}


def add37(hand: Counts37, tile: int) -> Counts37:
    """``hand`` with one more ``tile``."""
    counts = bytearray(hand)
    counts[kind37(tile)] += 1
    if tile >= 34:
        counts[tile] += 1
    return bytes(counts)


def sub37(hand: Counts37, tile: int) -> Counts37:
    """``hand`` with one ``tile`` fewer."""
    counts = bytearray(hand)
    counts[kind37(tile)] -= 1
    if tile >= 34:
        counts[tile] -= 1
    return bytes(counts)


def held_beyond(hands: Any, start: Any) -> Any:
    """The copies of each tile37 column that ``hands`` (rows of 37 signed counts, numpy)
    hold beyond ``start``: drawn tiles kept, out of the wall. A five kind's plain and red
    copies count apart: a red five drawn and kept for a plain one of ``start`` (or a plain
    one for a red) is a drawn tile held, as the five cut never comes back.

    >>> over = held_beyond(np.array([list(parse37("0p"))]), np.array(list(parse37("5p"))))
    >>> int(over[0, 13]), int(over[0, 35])
    (1, 1)
    """
    over = np.maximum(hands - start, 0)
    plain = (hands[..., _FIVES] - hands[..., 34:]) - (start[..., _FIVES] - start[..., 34:])
    over[..., _FIVES] = np.maximum(plain, 0) + over[..., 34:]
    return over


#: ``FIVES`` as an index array (a tuple index is made into one on every call)
_FIVES = np.array(FIVES, dtype=np.intp)


def distinct_tiles(hand: Counts37) -> list[int]:
    """The distinct tiles a hand can discard: each kind, a red five apart from plain ones.

    >>> [name37(t) for t in distinct_tiles(parse37("550m"))]
    ['5m', '0m']
    """
    out = []
    for kind in range(34):
        if hand[kind]:
            if kind in FIVES:
                red = hand[34 + FIVES.index(kind)]
                if hand[kind] > red:
                    out.append(kind)
                if red:
                    out.append(34 + FIVES.index(kind))
            else:
                out.append(kind)
    return out


def draws(wall: Sequence[int]) -> list[tuple[int, int]]:
    """``(tile37, copies)`` for every tile the wall holds: plain fives apart from red.

    >>> draws((0,) * 4 + (2,) + (0,) * 29 + (1, 0, 0))
    [(4, 1), (34, 1)]
    """
    out = []
    for kind in range(34):
        n = wall[kind]
        if n <= 0:
            continue
        if kind in FIVES:
            red = wall[34 + FIVES.index(kind)]
            if n - red > 0:
                out.append((kind, n - red))
            if red > 0:
                out.append((34 + FIVES.index(kind), red))
        else:
            out.append((kind, n))
    return out


def to_hand(hand: Counts37, melds: tuple[object, ...] = ()) -> Hand:
    """The :class:`Hand` of 37 counts (and declared melds)."""
    return Hand(tuple(hand[:34]), (hand[34], hand[35], hand[36]), melds)  # type: ignore[arg-type]


def dora_of(indicator: int, players: int) -> int:
    """The dora kind an indicator kind points at (three players: 1m shows 9m, 9m shows 1m).

    >>> tile_name(dora_of(8, 4)), tile_name(dora_of(0, 3)), tile_name(dora_of(30, 4))
    ('1m', '9m', '1z')
    """
    if indicator < 27:
        if players == 3 and indicator in (0, 8):
            return 8 - indicator
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3
