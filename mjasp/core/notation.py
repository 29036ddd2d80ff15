"""Reading and writing mpsz text, below every type built from it.

The scanner turns text into tiles (loose, then one list per bracket group) and leaves
meaning to its callers: ``Hand.parse``, ``Meld.parse``, ``Block.parse`` and
``Decomposition.parse`` all read through :func:`scan`, so mpsz has one grammar.

>>> [t.kind for t in scan("105m[789s]").loose], len(scan("105m[789s]").groups)
([0, 4, 4], 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import mul
from typing import TYPE_CHECKING, Final, NamedTuple

from mjasp.core.errors import HandError
from mjasp.core.tiles import MAX_RED_FIVES, NUM_KINDS, RED_FIVE_IDS, SUIT_BASE, SUITS, Tile

if TYPE_CHECKING:  # numpy loads on first use, not with mjasp (import time)
    import numpy.typing as npt


class Written(NamedTuple):
    """One tile as written: its kind, whether it was a red five (``0``), where it stood.

    (A tuple, not a value class: the scanner makes one per tile of every parsed text.)
    """

    kind: Tile
    red: bool
    position: int


@dataclass(frozen=True, slots=True)
class Group:
    """A bracket group: ``[...]`` (open) or ``(...)`` (closed), its tiles, where it opened."""

    closed: bool
    tiles: tuple[Written, ...]
    position: int


@dataclass(slots=True)
class Scan:
    """Everything written in a text: loose tiles, bracket groups, copies per kind."""

    loose: list[Written] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    #: copies of each kind in the text, groups included (to point at a fifth copy)
    written: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    #: position of the digit naming each kind a fifth time
    fifth_at: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    #: the loose tiles as 34 counts, and their red fives per suit (m, p, s)
    counts: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    red: list[int] = field(default_factory=lambda: [0, 0, 0])

    def over_four(self) -> int | None:
        """The first kind written more than four times, if any (``fifth_at`` says where)."""
        return next((k for k, n in enumerate(self.written) if n > 4), None)


def scan(text: str) -> Scan:
    """Split mpsz text into tiles; spaces are ignored; errors carry the position."""
    if not isinstance(text, str):
        raise HandError(f"expected a string in mpsz notation, got {type(text).__name__}")
    out = Scan()
    written, fifth_at, loose, counts, red = (out.written, out.fifth_at, out.loose, out.counts,
                                             out.red)
    pending: list[tuple[int, int]] = []  # (digit, position) waiting for a suit letter
    group: tuple[str, int] | None = None  # (closing bracket, position of the opening one)
    group_tiles: list[Written] = []

    for pos, char in enumerate(text):
        if char.isspace():
            continue
        if char.isdigit() and char.isascii():
            pending.append((int(char), pos))
        elif char in SUIT_BASE:
            if not pending:
                raise HandError(f"suit letter {char!r} has no digits before it", text, pos)
            for digit, dpos in pending:
                # a dict lookup for the valid pairs: parsing is on the path of every call
                kind, is_red = _TILES.get((digit, char)) or _tile_from_digit(
                    digit, char, text, dpos)
                written[kind] += 1
                if written[kind] == 5:
                    fifth_at[kind] = dpos
                if group is not None:
                    group_tiles.append(Written(kind, is_red, dpos))
                else:
                    loose.append(Written(kind, is_red, dpos))
                    counts[kind] += 1
                    if is_red:
                        red[SUIT_INDEX[char]] += 1
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
            out.groups.append(Group(char == ")", tuple(group_tiles), group[1]))
            group = None
        else:
            raise HandError(f"unknown character {char!r}", text, pos)
    if pending:
        raise HandError("digits with no suit letter", text, pending[0][1])
    if group is not None:
        raise HandError(f"unclosed {'[' if group[0] == ']' else '('}", text, group[1])
    return out


#: Loose tiles only: runs of digits, each closed by its suit letter.
_PLAIN: Final = re.compile(r"(?:[0-9]+[mpsz])+")
#: A run of digits closed by its suit letter.
_RUN: Final = re.compile(r"([0-9]+)([mpsz])")
#: Per suit letter, digit character -> tile kind (``0``, a red five, is the five).
_KINDS: Final = {suit: {str(d): base + (d - 1 if d else 4) for d in range(10)
                        if suit != "z" or 1 <= d <= 7}
                 for suit, base in SUIT_BASE.items()}


def plain_counts(text: str) -> tuple[list[int], list[int]] | None:
    """Counts and red fives of plain mpsz (loose tiles only), or None for anything else.

    The fast path of ``Hand.parse`` and ``shanten(text)``: no positions are tracked, so
    brackets, other whitespace and every error go to :func:`scan`, which explains them.
    Counts above four are returned as they are.

    >>> counts, red = plain_counts("105m 7z")
    >>> counts[0], counts[4], counts[33], red
    (1, 2, 1, [1, 0, 0])
    """
    compact = text.replace(" ", "") if " " in text else text
    # anything but runs of digits and a suit letter is for the scanner to report
    if _PLAIN.fullmatch(compact) is None:
        return None
    runs = _RUN.findall(compact)
    counts = [0] * NUM_KINDS
    try:
        for run, suit in runs:
            kinds = _KINDS[suit]
            for char in run:
                counts[kinds[char]] += 1
    except KeyError:  # 0z, 8z, 9z
        return None
    red = [0, 0, 0]
    if "0" in compact:
        for run, suit in runs:
            if suit != "z":
                red[SUIT_BASE[suit] // 9] += run.count("0")
    return counts, red


def text_counts(text: str) -> bytes | None:
    """The 34 counts of plain mpsz as ``bytes`` (see :func:`plain_counts`), or None.

    >>> text_counts("11m") == bytes([2] + [0] * 33)
    True
    """
    found = plain_counts(text)
    # a third red five of a suit (or a count no byte holds) is for Hand to explain
    if found is None or max(found[1]) > MAX_RED_FIVES or max(found[0]) > 255:
        return None
    return bytes(found[0])


def _tile_from_digit(digit: int, suit: str, text: str, pos: int) -> tuple[Tile, bool]:
    if suit == "z":
        if digit == 0:
            raise HandError("0 (red five) is only for m, p and s", text, pos)
        if digit > 7:
            raise HandError(f"there is no honor {digit}z (honors are 1z-7z)", text, pos)
    if digit == 0:
        return SUIT_BASE[suit] + 4, True
    return SUIT_BASE[suit] + digit - 1, False


SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
# every valid (digit, suit letter) -> (kind, red five?)
_TILES = {(d, s): (SUIT_BASE[s] + (4 if d == 0 else d - 1), d == 0)
          for s in SUITS for d in range(10) if s != "z" or 1 <= d <= 7}


#: the digit of each kind (``tile % 9 + 1``), indexed by kind
_DIGIT_OF: Final = "".join(str(tile % 9 + 1) for tile in range(NUM_KINDS))


def digits(tiles: Iterable[Tile], red: int = 0) -> str:
    """Digits of same-suit tiles in order, the first ``red`` fives written as 0.

    >>> digits([4, 3, 4], red=1)
    '405'
    """
    # a digit per tile off one string (``tile % 9 + 1`` of each kind), then the first
    # ``red`` fives made 0: a few operations for the whole text, where a branch per tile
    # cost ``str(Hand)`` (an advise call writes its hand) most of its time
    return _red_written(("".join([_DIGIT_OF[tile] for tile in sorted(tiles)])), red)


def counted_digits(counts: Sequence[int], first: Tile, red: int = 0) -> str:
    """:func:`digits` of a suit's tiles given as counts: ``counts[i]`` of the kind
    ``first + i`` each, the first ``red`` fives written as 0.

    >>> counted_digits([0, 0, 1, 0, 2], 9, red=1)
    '305'
    """
    # each kind's digit repeated by its count (``map`` of ``mul``: no list of tiles)
    return _red_written("".join(map(mul, _DIGIT_OF[first:first + len(counts)], counts)), red)


def _red_written(text: str, red: int) -> str:
    """``text``, a suit's digits in order, with its first ``red`` fives written as 0."""
    return text.replace("5", "0", red) if red > 0 else text


def mpsz_lines(ids: npt.ArrayLike) -> bytes:
    """The mpsz text of each row of 136-tile ids, one line each (``\\n`` after every
    row), as ``str(Hand.from_ids(row))`` writes it; ids 16, 52, 88 are the red fives.

    Made with numpy at a few bytes per tile: the ids sorted (a red five is the lowest id
    of its kind, so it comes first of its fives, as ``digits`` writes it), a digit per
    tile and the suit letter after the last tile of each suit, the gaps squeezed out.

    >>> mpsz_lines([[17, 135, 16], [0, 4, 8]])
    b'05m7z\\n123m\\n'
    """
    import numpy as np

    rows = np.asarray(ids, dtype=np.int16)
    if len(rows) == 0:  # no deal: reshape(0, -1) cannot tell the row length
        return b""
    rows = np.sort(rows.reshape(len(rows), -1), axis=1)
    n, m = rows.shape
    kinds = rows // 4
    out = np.zeros((n, 2 * m + 1), dtype=np.uint8)  # 0 bytes are gaps, dropped at the end
    tiles = out[:, 0:2 * m:2]  # a view: digit j of each row
    tiles[:] = kinds % 9 + ord("1")
    tiles[np.isin(rows, RED_FIVE_IDS)] = ord("0")
    suit = np.minimum(kinds // 9, 3)
    last = np.ones((n, m), dtype=bool)  # the last tile of its suit in the row
    last[:, :-1] = suit[:, :-1] != suit[:, 1:]
    letters = np.frombuffer(SUITS.encode(), dtype=np.uint8)[suit]
    out[:, 1:2 * m:2] = np.where(last, letters, 0)
    out[:, -1] = ord("\n")
    return out.tobytes().replace(b"\0", b"")


def id_lines(ids: npt.ArrayLike) -> bytes:
    """Each row of tile ids (0..135) as decimal numbers between spaces, one line each, as
    ``" ".join(map(str, row))`` writes it.

    >>> id_lines([[7, 120, 35]])
    b'7 120 35\\n'
    """
    import numpy as np

    rows = np.asarray(ids, dtype=np.int16)
    if len(rows) == 0:  # no deal: reshape(0, -1) cannot tell the row length
        return b""
    rows = rows.reshape(len(rows), -1)
    n, m = rows.shape
    out = np.zeros((n, 4 * m if m else 1), dtype=np.uint8)  # 0 bytes: leading-zero gaps
    for place, column in ((100, 0), (10, 1), (1, 2)):
        digit = rows // place % 10 + ord("0")
        # a leading zero is a gap; the ones digit is always written
        out[:, column:4 * m:4] = np.where(rows >= place, digit, 0) if place > 1 else digit
    out[:, 3:4 * m:4] = ord(" ")
    out[:, -1] = ord("\n")
    return out.tobytes().replace(b"\0", b"")


def suit_index(tile: Tile) -> int:
    """0, 1, 2, 3 for m, p, s, z (the index into ``SUITS``)."""
    return min(tile // 9, 3)


__all__ = ["SUITS", "Group", "Scan", "Written", "digits", "id_lines", "mpsz_lines",
           "plain_counts", "scan", "suit_index", "text_counts"]
