"""Enumerate and count hands whose tiles of one kind are indistinguishable.

A *tile set* maps each kind to its number of copies in the wall: the standard set has
34 kinds of 4; with red fives distinguished each suit's 5 splits into a plain 5 (3
copies) and a red 0 (1 copy); the three-player (sanma) wall drops 2m-8m.

Counting hands of M tiles is done two independent ways that must agree: a DP over the
kinds (``count_dp``) and the power-series coefficient
[x^M] Π_k (1 + x + … + x^copies_k) expanded in closed form (``count_series``).

>>> count_hands(14)
326520504500
>>> count_hands(14) == count_series(tile_set().values(), 14)
True
>>> sum(1 for _ in suit_hands(3))
165
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from math import comb

from mjasp.core.errors import HandError
from mjasp.core.tiles import FIVES, NUM_KINDS, Tile, as_int, tile_name
from mjasp.rules import Rules, find_rules

#: A wall as kind name -> number of copies ("5m": 4, or "5m": 3 and "0m": 1 with red fives;
#: "5p": 2 and "0p": 2 with two red 5p, ``Rules.red_fives``).
TileSet = Mapping[str, int]


def tile_set(red: bool = False, *,
             rules: Rules | str | None = None) -> dict[str, int]:
    """The wall as kind name -> copies: 4 players or 3 (no 2m-8m), red fives apart (as
    many of each suit as ``Rules.red_fives`` says) or not.

    >>> len(tile_set()), sum(tile_set().values())
    (34, 136)
    >>> ts = tile_set(red=True, rules="sanma")
    >>> ts["5p"], ts["0p"], "0m" in ts, sum(ts.values())
    (3, 1, False, 108)
    """
    if red.__class__ is not bool:  # as Win's flags: an array's truth is no answer
        raise HandError(f"red must be True or False (a bool), not {red!r}")
    wall: dict[str, int] = {}
    chosen = find_rules(rules)
    for kind in chosen.tile_kinds:
        name = tile_name(kind)
        reds = chosen.red_fives[FIVES.index(kind)] if red and kind in FIVES else 0
        if reds:
            wall[name] = 4 - reds
            wall["0" + name[1]] = reds
        else:
            wall[name] = 4
    return wall


def _check_size(m: int, copies: Sequence[int]) -> list[int]:
    """``copies`` as a list of ints, after checking ``m`` and each copy number (a float
    such as 4.5 would be counted as if it were a number of copies)."""
    as_int(m, "the number of tiles")
    if m < 0:
        raise HandError(f"a hand cannot have {m} tiles")
    checked = [as_int(c, "a number of copies") for c in copies]
    if any(c < 0 for c in checked):
        raise HandError("a kind cannot have a negative number of copies")
    return checked


def enumerate_hands(m: int, copies: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every count vector with ``0 <= h[i] <= copies[i]`` and ``sum(h) == m``, in lexicographic
    order, by a bounded recursion (no dead ends: each position's lower bound is what
    the later positions cannot hold).

    >>> list(enumerate_hands(2, [1, 2]))
    [(0, 2), (1, 1)]
    """
    copies = _check_size(m, copies)
    # room[i]: how many tiles positions i.. can still hold
    room = [0] * (len(copies) + 1)
    for i in range(len(copies) - 1, -1, -1):
        room[i] = room[i + 1] + copies[i]
    if m > room[0]:
        return
    hand = [0] * len(copies)

    def fill(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(copies):
            yield tuple(hand)
            return
        for c in range(max(0, left - room[i + 1]), min(copies[i], left) + 1):
            hand[i] = c
            yield from fill(i + 1, left - c)

    yield from fill(0, m)


def suit_hands(m: int, kinds: int = 9) -> Iterator[tuple[int, ...]]:
    """Every hand of exactly ``m`` tiles of one suit (``kinds`` kinds of 4 copies).

    >>> next(suit_hands(14))
    (0, 0, 0, 0, 0, 2, 4, 4, 4)
    """
    kinds = as_int(kinds, "the number of kinds")
    if not 0 <= kinds <= 9:  # [4] * 2**63 would overflow, not say what is wrong
        raise HandError(f"a suit has at most 9 kinds, not {kinds}")
    return enumerate_hands(m, [4] * kinds)


def hands_of(m: int, kinds: Iterable[Tile] | None = None) -> Iterator[tuple[int, ...]]:
    """Every hand of ``m`` tiles from the given kinds (4 copies each; default all 34, e.g.
    ``find_rules("sanma").tile_kinds``), as 34-count tuples. Feasible when
    ``count_dp`` of the set is small: check it first.

    >>> sum(1 for _ in hands_of(2, [0, 27]))
    3
    """
    chosen = sorted(set(range(NUM_KINDS) if kinds is None else
                        (as_int(kind, "a tile kind") for kind in kinds)))
    if any(not 0 <= k < NUM_KINDS for k in chosen):
        raise HandError("tile kinds are 0..33")
    for sub in enumerate_hands(m, [4] * len(chosen)):
        counts = [0] * NUM_KINDS
        for kind, c in zip(chosen, sub, strict=True):
            counts[kind] = c
        yield tuple(counts)


def count_dp(copies: Iterable[int], m: int) -> int:
    """Hands of ``m`` tiles from kinds with these copy numbers: a DP over the kinds.

    ``ways[t]`` = hands of t tiles from the kinds seen so far.

    >>> count_dp([4] * 9, 3)
    165
    """
    copy_list = _check_size(m, list(copies))
    if m > sum(copy_list):  # no hand; and a DP as wide as a huge m would never finish
        return 0
    ways = [1] + [0] * m
    for c in copy_list:
        # prefix sums turn the window sum over 0..c copies into O(1) per entry
        prefix = [0]
        for w in ways:
            prefix.append(prefix[-1] + w)
        ways = [prefix[t + 1] - prefix[max(0, t - c)] for t in range(m + 1)]
    return ways[m]


def _bounded_power(n: int, c: int, m: int) -> list[int]:
    """Coefficients [x^t], t=0..m, of (1 + … + x^c)^n by inclusion–exclusion:
    Σ_j (-1)^j C(n, j) C(t - j(c+1) + n - 1, n - 1)."""
    if n == 0:
        return [1] + [0] * m
    return [sum((-1) ** j * comb(n, j) * comb(t - j * (c + 1) + n - 1, n - 1)
                for j in range(min(n, t // (c + 1)) + 1))
            for t in range(m + 1)]


def count_series(copies: Iterable[int], m: int) -> int:
    """Hands of ``m`` tiles as the coefficient [x^m] Π_k (1 + x + … + x^copies_k): kinds with
    the same copy number are one closed-form power, then the powers are multiplied.

    >>> count_series([4] * 34, 14)
    326520504500
    """
    copy_list = _check_size(m, list(copies))
    if m > sum(copy_list):  # no hand; and a series as long as a huge m would never finish
        return 0
    groups = Counter(copy_list)
    series = [1] + [0] * m
    for c, n in sorted(groups.items()):
        factor = _bounded_power(n, c, m)
        series = [sum(series[i] * factor[t - i] for i in range(t + 1)) for t in range(m + 1)]
    return series[m]


def count_hands(m: int, red: bool = False, *,
                rules: Rules | str | None = None) -> int:
    """The number of distinct hands of ``m`` tiles (tiles of one kind indistinguishable).

    ``red``: a red five differs from the other fives; ``rules``: the wall of these rules

    >>> count_hands(13), count_hands(13, red=True), count_hands(13, rules="sanma")
    (98521596000, 205596295422, 7633490490)
    """
    return count_dp(tile_set(red, rules=find_rules(rules)).values(), m)


__all__ = [
    "TileSet",
    "count_dp",
    "count_hands",
    "count_series",
    "enumerate_hands",
    "hands_of",
    "suit_hands",
    "tile_set",
]
