"""What a legal, a waiting and a complete hand is: the one definition every API, engine
adapter and CLI command checks against (per ``Rules``).

- legal: a ``Hand`` (at most four copies, at most 14 tiles with kans as three, at most
  two red fives per suit: checked by ``Hand`` itself) whose kinds are all in the rules'
  wall and whose red fives the wall has (:func:`check_tiles_in_set`,
  :func:`check_red_fives`: ``Rules.red_fives``, the same limit and message as scoring's);
- waiting (tenpai shape): 3n+1 concealed tiles, at most 13 with kans as three
  (:func:`check_waiting`);
- complete: 14 tiles with kans as three (:func:`check_complete`; the encodings say the
  same in ``encodings/parts/complete.lp``); a reading of a partial hand needs 3n+2
  concealed tiles (:func:`check_readable`); shanten needs 3n+1 or 3n+2
  (:func:`check_shanten_shape`).

>>> check_complete(Hand.parse("123m"), find_rules())  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mjasp.core.errors.HandError: a complete hand has 14 tiles (...), this one has 3 in '123m'
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from mjasp.core.blocks import MeldKind
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.core.tiles import NUM_KINDS, Tile, tile_kind, tile_name
from mjasp.rules import Rules, find_rules

if TYPE_CHECKING:  # numpy loads on first use, not with mjasp (import time)
    import numpy as np
    import numpy.typing as npt

#: Tiles of a complete hand, each kan counted as three.
COMPLETE_TILES = 14


#: What every function taking a hand accepts: a ``Hand``, mpsz text, or 34 concealed
#: counts (a list or tuple of ints, ``bytes``, a numpy integer row).
HandLike: TypeAlias = "Hand | str | Sequence[int] | bytes | npt.NDArray[np.integer[Any]]"


def _is_ndarray(value: object) -> bool:
    """Whether ``value`` is a numpy array, without importing numpy: no array can exist
    before something imported it. While another thread imports numpy, ``sys.modules``
    holds it partly initialised, without ``ndarray`` yet: no array exists then either."""
    ndarray = getattr(sys.modules.get("numpy"), "ndarray", None)
    return ndarray is not None and isinstance(value, ndarray)


def as_hand(hand: HandLike) -> Hand:
    """Accept a ``Hand``, mpsz text or 34 counts.

    >>> as_hand("11m") == as_hand([2] + [0] * 33) == as_hand(bytes([2] + [0] * 33))
    True
    """
    if isinstance(hand, Hand):
        return hand
    if isinstance(hand, str):
        return Hand.parse(hand)
    if isinstance(hand, bytes | bytearray):
        return Hand.from_counts(tuple(hand))
    array = _is_ndarray(hand)
    if array or isinstance(hand, list | tuple):
        if array and hand.ndim != 1:  # type: ignore[union-attr]
            raise HandError(f"a hand's counts are one row of 34, got shape "
                            f"{hand.shape}")  # type: ignore[union-attr]
        # Hand.from_counts refuses floats, complex and bools instead of truncating them
        return Hand.from_counts(hand)
    raise HandError(f"expected a Hand, mpsz text or 34 counts, got {type(hand).__name__}")


def counts_bytes(hand: object) -> bytes | None:
    """34 counts as ``bytes`` cheaply, or None (not counts, or not plain 0..255 ints).

    Only the conversion is checked here: callers look the bytes up in tables that have
    no entry for a count above 4, and hand anything else to :func:`as_hand`, whose
    errors say what is wrong.

    >>> counts_bytes([1, 2]), counts_bytes([1.0, 2.0]), counts_bytes("12m")
    (b'\\x01\\x02', None, None)
    """
    kind = type(hand)
    try:
        if kind is bytes:
            return hand  # type: ignore[return-value]
        if kind is list or kind is tuple:
            # bytes() refuses floats, complex and text but reads True as 1: a list of
            # bools is a mistake, which the general path names
            if bool in map(type, hand):  # type: ignore[call-overload]
                return None
            return bytes(hand)  # type: ignore[call-overload,no-any-return]
        if _is_ndarray(hand) and hand.dtype.kind in "iu":  # type: ignore[attr-defined]
            return bytes(hand.tolist())  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        return None
    return None


def as_tile(tile: Tile | str) -> Tile:
    """Accept a tile kind 0..33 or its mpsz name (``"5m"``).

    >>> as_tile("1z"), as_tile(27)
    (27, 27)
    """
    if isinstance(tile, str):
        return tile_kind(tile)
    if not isinstance(tile, int) or isinstance(tile, bool):
        raise HandError(f"a tile is a kind 0..33 or a name such as '5m', not {tile!r}")
    if not 0 <= tile < NUM_KINDS:
        raise HandError(f"tile {tile} is out of range 0..33")
    return tile


def check_tiles_in_set(hand: Hand, rules: Rules) -> None:
    """Raise if the hand holds a kind the rules' wall does not have (2m-8m in sanma), more
    red fives of a suit than the wall has (:func:`check_red_fives`), or a chi the rules'
    players cannot call (three players call no chi, as scoring says)."""
    missing = rules.removed_kinds
    if not missing:
        check_red_fives(hand, rules)
        return
    total = hand.total_counts()
    for kind in missing:
        if total[kind]:
            raise HandError(f"{tile_name(kind)} is not in the {rules.name} tile set", str(hand))
    if any(meld.kind is MeldKind.CHI for meld in hand.melds):
        raise HandError(f"three players cannot call chi under {rules.name}; an open sequence "
                        "is impossible", str(hand))
    check_red_fives(hand, rules)


def red_fives_held(hand: Hand) -> Sequence[int]:
    """The red fives of each suit (m, p, s) in the hand, concealed and in melds.

    >>> red_fives_held(Hand.parse("05m [406p]"))
    [1, 1, 0]
    """
    if not hand.melds:
        return hand.red
    red = list(hand.red)
    for meld in hand.melds:
        if meld.red and meld.tile < 27:
            red[meld.tile // 9] += meld.red
    return red


def check_red_fives(hand: Hand, rules: Rules) -> None:
    """Raise if the hand holds more red fives of a suit, concealed and in melds, than the
    rules' wall has (``Rules.red_fives``: one per suit on Tenhou, none under the WRC's
    rules). Every command that takes a hand and rules asks it — a hand that cannot be
    dealt is refused whatever the question; no rules given means the default ones (Tenhou).

    >>> check_red_fives(Hand.parse("00m"), find_rules("tenhou"))
    Traceback (most recent call last):
    ...
    mjasp.core.errors.HandError: two red fives (0m) in 00m; the tenhou rules have 1
    >>> check_red_fives(Hand.parse("00m"), find_rules("tenhou").replace(red_fives=(2, 1, 1)))
    """
    red = red_fives_held(hand) if hand.melds else hand.red
    allowed = rules.red_fives
    if red[0] <= allowed[0] and red[1] <= allowed[1] and red[2] <= allowed[2]:
        return  # (the common case, unrolled: the shanten fast path asks it)
    check_red_five_counts(red, rules, f"in {hand}")


def check_red_five_counts(red: Sequence[int], rules: Rules, where: str) -> None:
    """Raise if ``red`` (red fives per suit, m p s) holds more of a suit than the rules'
    wall has; ``where`` says where they were counted (:func:`check_red_fives`' message, for
    counts that include more than a hand, such as dora indicators or visible tiles).

    >>> check_red_five_counts([0, 1, 0], find_rules("wrc"), "among the indicators")
    Traceback (most recent call last):
    ...
    mjasp.core.errors.HandError: one red five (0p) among the indicators; the wrc rules have none
    """
    allowed = rules.red_fives
    for suit in range(3):
        if red[suit] > allowed[suit]:
            words = {1: "one red five", 2: "two red fives"}.get(red[suit],
                                                                 f"{red[suit]} red fives")
            raise HandError(f"{words} (0{'mps'[suit]}) {where}; the {rules.name} rules "
                            f"have {allowed[suit] or 'none'}")


def check_complete(hand: Hand, rules: Rules) -> None:
    """Raise unless the hand has the tile count of a complete hand (14, kans as three)."""
    if hand.tile_count != COMPLETE_TILES:
        raise HandError(f"a complete hand has {COMPLETE_TILES} tiles (each kan counted as "
                        f"three), this one has {hand.tile_count}", str(hand))
    check_tiles_in_set(hand, rules)


def check_readable(hand: Hand, rules: Rules) -> None:
    """Raise unless the concealed tiles could be a (partial) winning shape: 3n+2."""
    if hand.concealed_count % 3 != 2:
        raise HandError(f"a complete hand has 3n+2 concealed tiles, "
                        f"this one has {hand.concealed_count}", str(hand))
    check_tiles_in_set(hand, rules)


def before_draw(hand: Hand) -> bool:
    """3n+1 concealed tiles: the hand waits for its draw (3n+2: it has drawn).

    >>> before_draw(Hand.parse("1112345678999m")), before_draw(Hand.parse("11m"))
    (True, False)
    """
    return hand.concealed_count % 3 == 1


def check_shanten_shape(hand: Hand, rules: Rules) -> int:
    """Raise unless shanten is defined for the hand (3n+1 or 3n+2 concealed tiles, and with
    declared melds exactly four melds in all); return the melds the concealed tiles build.
    """
    check_tiles_in_set(hand, rules)
    concealed = hand.concealed_count
    if concealed % 3 == 0:
        raise HandError(f"{concealed} concealed tiles: shanten needs 3n+1 (before a draw) "
                        "or 3n+2 (after a draw), e.g. 13 or 14", str(hand))
    melds = concealed // 3
    if hand.melds and melds + len(hand.melds) != 4:
        calls = len(hand.melds)
        melded = "1 declared meld leaves" if calls == 1 else f"{calls} declared melds leave"
        raise HandError(f"{melded} room for {13 - 3 * calls} or {14 - 3 * calls} "
                        f"concealed tiles, not {concealed}", str(hand))
    return melds


def check_waiting(hand: Hand, rules: Rules | None = None) -> None:
    """Raise unless the hand waits for one tile: 3n+1 concealed, 13 with kans as three."""
    if hand.concealed_count % 3 != 1 or hand.tile_count > COMPLETE_TILES - 1:
        raise HandError(f"a hand waiting for a tile has 3n+1 concealed tiles and at most 13 "
                        f"(each kan counted as three); this one has {hand.concealed_count} "
                        f"concealed, {hand.tile_count} in all", str(hand))
    check_tiles_in_set(hand, find_rules(rules))


__all__ = ["COMPLETE_TILES", "HandLike", "as_hand", "as_tile", "before_draw", "check_complete",
           "check_readable", "check_red_five_counts", "check_red_fives",
           "check_shanten_shape", "check_tiles_in_set",
           "check_waiting", "counts_bytes", "red_fives_held"]
