"""MJAI tile names (the protocol of mjai bots and of Mortal's logs), in and out.

MJAI writes one name per tile: ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s`` for the number
suits, ``5mr`` ``5pr`` ``5sr`` for the red fives, and one letter per honor: ``E S W N`` for
the winds, ``P F C`` for the dragons (white *haku*, green *hatsu*, red *chun*).

Only **concealed** tiles are MJAI names here: MJAI states declared melds as events (``chi``,
``pon``, ``daiminkan``, ``kakan``, ``ankan``), not as part of a hand, so melds are passed
as :class:`~mjasp.core.hand.Meld` values, exactly as to ``Hand.from_counts`` and
``Hand.from_ids``, and ``Hand.to_mjai`` returns the concealed tiles only. This module
reads and writes names and counts; ``Hand.from_mjai`` and ``Hand.to_mjai``
(:mod:`mjasp.core.hand`) make a hand of them.

>>> counts, red, text = mjai_counts("1m 2m 3m 5pr 5p 6p E E P P P")
>>> mjai_names(counts, red)
['1m', '2m', '3m', '5pr', '5p', '6p', 'E', 'E', 'P', 'P', 'P']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from mjasp.core.errors import HandError
from mjasp.core.tiles import FIVES, MAX_RED_FIVES, NUM_KINDS, Tile

#: The MJAI letters of the honors, 1z-7z in order (East South West North White Green Red).
HONOR_NAMES: Final = ("E", "S", "W", "N", "P", "F", "C")
#: The MJAI name of every tile kind, 0..33 (plain fives; a red five adds ``r``).
MJAI_NAMES: Final = tuple(
    [f"{d}{suit}" for suit in "mps" for d in range(1, 10)] + list(HONOR_NAMES))
_KIND_OF: Final = {name: kind for kind, name in enumerate(MJAI_NAMES)}
_RED_OF: Final = {f"5{suit}r": FIVES[s] for s, suit in enumerate("mps")}


def mjai_name(tile: Tile, red: bool = False) -> str:
    """The MJAI name of a tile kind (``red=True`` for a red five).

    >>> mjai_name(4, red=True), mjai_name(27), mjai_name(33)
    ('5mr', 'E', 'C')
    """
    if not 0 <= tile < NUM_KINDS:
        raise HandError(f"tile kind {tile} is out of range 0..33")
    if red and tile not in FIVES:
        raise HandError(f"{MJAI_NAMES[tile]} has no red copy; only 5m, 5p and 5s do")
    return MJAI_NAMES[tile] + "r" * red


def mjai_counts(tiles: str | Iterable[str]) -> tuple[tuple[int, ...], tuple[int, int, int],
                                                       str]:
    """The count of each kind and the red fives per suit (m, p, s) of MJAI names, and the
    text errors quote: a list such as ``["1m", "5mr", "E"]`` or one string of names
    separated by spaces or commas.

    Errors name the bad tile and its character position in the text (for a list, in the
    names joined by spaces).

    >>> counts, red, text = mjai_counts(["5sr", "5s", "5s", "F", "F"])
    >>> counts[22], counts[32], red, text
    (3, 2, (0, 0, 1), '5sr 5s 5s F F')
    """
    names, text, starts = _split(tiles)
    counts = [0] * NUM_KINDS
    red = [0, 0, 0]
    red_at: list[int | None] = [None, None, None]
    for index, (name, start) in enumerate(zip(names, starts, strict=True)):
        kind, is_red = _read_name(name, index, text, start)
        counts[kind] += 1
        if counts[kind] > 4:
            raise HandError(f"a fifth {MJAI_NAMES[kind]} (there are only 4)", text, start)
        if is_red:
            suit = FIVES.index(kind)
            red[suit] += 1
            if red[suit] > MAX_RED_FIVES:
                raise HandError(f"a third {name}; no set has more than {MAX_RED_FIVES} red "
                                "fives of a suit", text, start)
            red_at[suit] = start
    return tuple(counts), (red[0], red[1], red[2]), text


def mjai_names(counts: Sequence[int], red: Sequence[int]) -> list[str]:
    """Tiles as MJAI names, in tile order (a red five before the plain ones), from the count
    of each kind and the red fives per suit (m, p, s) among them.

    >>> mjai_names([0] * 13 + [1] + [0] * 16 + [1, 0, 0, 0], (0, 1, 0))
    ['5pr', 'N']
    """
    names: list[str] = []
    for kind, n in enumerate(counts):
        reds = red[FIVES.index(kind)] if kind in FIVES else 0
        names += [MJAI_NAMES[kind] + "r"] * reds + [MJAI_NAMES[kind]] * (n - reds)
    return names


def _split(tiles: str | Iterable[str]) -> tuple[list[str], str, list[int]]:
    """The names, the text errors quote, and where each name starts in that text."""
    if isinstance(tiles, str):
        text = tiles
        names, starts = [], []
        start: int | None = None
        for pos, char in enumerate(text + " "):
            separator = char.isspace() or char == ","
            if separator and start is not None:
                names.append(text[start:pos])
                starts.append(start)
                start = None
            elif not separator and start is None:
                start = pos
        return names, text, starts
    names = list(tiles)
    for index, name in enumerate(names):
        if not isinstance(name, str):
            raise HandError(f"tile {index} is a {type(name).__name__}, not an MJAI name")
    starts = []
    offset = 0
    for name in names:
        starts.append(offset)
        offset += len(name) + 1
    return names, " ".join(names), starts


def _read_name(name: str, index: int, text: str, start: int) -> tuple[Tile, bool]:
    if name in _KIND_OF:
        return _KIND_OF[name], False
    if name in _RED_OF:
        return _RED_OF[name], True
    # the usual slips get a hint: mpsz habits, lower-case letters, the hidden tile
    if name == "?":
        hint = "'?' is a hidden tile; a hand needs known tiles"
    elif len(name) == 2 and name[1] in "mps" and name[0] == "0":
        hint = f"MJAI writes the red five as 5{name[1]}r, not {name}"
    elif len(name) == 2 and name[1] == "z" and name[0] in "1234567":
        hint = f"MJAI writes {name} as {HONOR_NAMES[int(name[0]) - 1]}"
    elif name.upper() in HONOR_NAMES:
        hint = f"MJAI honors are upper case: {name.upper()}"
    else:
        hint = "MJAI names are 1m-9m, 1p-9p, 1s-9s, 5mr 5pr 5sr, E S W N P F C"
    raise HandError(f"unknown MJAI tile {name!r} (tile {index}; {hint})", text, start)
