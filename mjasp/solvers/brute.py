"""Brute-force replacement numbers: every winning shape enumerated, the nearest one kept.

The reference the table and CP-SAT engines are checked against. It shares no code
with them: a suit's target shapes are listed directly (every multiset of melds plus
an optional pair with at most four copies of a kind), and the distance
``d(h, w) = Σ max(0, w − h)`` to each is measured.

* :func:`suit_values` — ``(u_0..u_4, v_0..v_4)`` of one suit vector, optionally with
  per-kind caps on the target (tiles already in declared melds, kinds not in the wall).
* :func:`all_suit_values` — the same for all ``5**L`` vectors at once, by a lattice
  argument: ``min_w d(h, w) = |w| − max{|x| : x ≤ h, x ≤ some shape w}``, computed as a
  down-closure of the shapes and a running maximum over ``x ≤ h`` (``|w|`` is the same for
  every shape with the same meld count and pair).
* :func:`standard` — a whole hand: minimum over which suit holds the pair and how the
  melds are split between the suits (an explicit enumeration, not a (min,+) fold).
* :func:`chiitoitsu` and :func:`kokushi` — the other two forms, by enumeration.

>>> suit_values((1, 1, 0, 0, 0, 0, 0, 0, 0), honors=False)[:3]   # 12m: 0, 1, 4 draws
(0, 1, 4)
>>> standard([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25, melds=4) - 1   # 1112345678999m
0
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mjasp.core.tiles import TERMINALS_AND_HONORS
from mjasp.solvers.base import SUIT_SLICES

if TYPE_CHECKING:  # numpy loads on first use, not with mjasp (import time)
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]

#: Value used where no shape fits (caps can forbid every shape).
UNREACHABLE = 99


@functools.cache
def suit_shapes(honors: bool) -> dict[tuple[int, int], IntArray]:
    """Every target shape of one suit by (melds, pairs): rows of 9 (or 7) counts ≤ 4."""
    import numpy as np

    length = 7 if honors else 9
    melds: list[tuple[int, ...]] = [tuple(3 * (k == i) for k in range(length))
                                    for i in range(length)]
    if not honors:
        melds += [tuple(int(i <= k <= i + 2) for k in range(length)) for i in range(7)]
    shapes: dict[tuple[int, int], IntArray] = {}
    for n in range(5):
        vectors = [np.sum(np.array(combo, dtype=np.int64).reshape(n, length), axis=0)
                   for combo in itertools.combinations_with_replacement(melds, n)]
        base = np.unique(np.array(vectors, dtype=np.int64).reshape(-1, length), axis=0)
        pairs = 2 * np.eye(length, dtype=np.int64)
        with_pair = (base[:, None, :] + pairs[None, :, :]).reshape(-1, length)
        for p, group in ((0, base), (1, np.unique(with_pair, axis=0))):
            shapes[n, p] = group[(group <= 4).all(axis=1)]
    return shapes


@functools.cache
def _stacked_shapes(honors: bool) -> tuple[IntArray, IntArray]:
    """All shapes in one array, groups in row order (u_0..u_4, v_0..v_4), and group starts."""
    import numpy as np

    groups = [suit_shapes(honors)[n, p] for p in (0, 1) for n in range(5)]
    starts = np.cumsum([0] + [len(g) for g in groups[:-1]])
    return np.concatenate(groups).astype(np.int8), starts  # int8: less memory to stream


def suit_values(counts: Sequence[int], honors: bool,
                cap: Sequence[int] | None = None) -> tuple[int, ...]:
    """``(u_0..u_4, v_0..v_4)`` of one suit: the nearest shape in each group.

    >>> suit_values((0, 0, 0, 0, 0, 0, 2), honors=True, cap=(4, 4, 4, 4, 4, 4, 1))[5]
    2
    """
    # (kept per suit vector: a hand's discards and draws change one or two suits at a time)
    return _suit_values(tuple(counts), honors, None if cap is None else tuple(cap))


@functools.lru_cache(maxsize=65536)
def _suit_values(counts: tuple[int, ...], honors: bool,
                 cap: tuple[int, ...] | None) -> tuple[int, ...]:
    """:func:`suit_values` of one suit vector, kept."""
    import numpy as np

    shapes, starts = _stacked_shapes(honors)
    distances = np.maximum(shapes - np.asarray(counts, dtype=np.int8), 0).sum(axis=1)
    if cap is not None:
        fits = (shapes <= np.asarray(cap, dtype=np.int8)).all(axis=1)
        distances = np.where(fits, distances, UNREACHABLE)
    return tuple(int(x) for x in np.minimum.reduceat(distances, starts))


def all_suit_values(honors: bool) -> npt.NDArray[np.uint8]:
    """``(5**L, 10)`` values of every suit vector (index ``Σ c_i 5**i``), by lattice closure."""
    import numpy as np

    length = 7 if honors else 9
    sizes = np.zeros((5,) * length, dtype=np.int8)  # sizes[c] = Σ c
    for axis in range(length):
        sizes += np.arange(5, dtype=np.int8).reshape([5 if a == axis else 1
                                                      for a in range(length)])
    out = np.zeros((5 ** length, 10), dtype=np.uint8)
    for (n, p), shapes in suit_shapes(honors).items():
        below = np.zeros((5,) * length, dtype=bool)
        below[tuple(shapes.T)] = True
        for axis in range(length):  # down-closure: x ≤ w for some shape w
            moved = np.moveaxis(below, axis, 0)
            for c in range(3, -1, -1):
                moved[c] |= moved[c + 1]
        best = np.where(below, sizes, np.int8(-1))
        for axis in range(length):  # best[h] = max |x| over x ≤ h in the closure
            moved = np.moveaxis(best, axis, 0)
            for c in range(1, 5):
                np.maximum(moved[c], moved[c - 1], out=moved[c])
        values = (3 * n + 2 * p) - best
        # cell (c_0, .., c_L-1) in C order -> index Σ c_i 5**i
        out[:, 5 * p + n] = values.transpose().reshape(-1)
    return out


def standard(counts: Sequence[int], melds: int, cap: Sequence[int] | None = None,
             three_player: bool = False) -> int:
    """Replacement number of the standard form with ``melds`` melds and a pair.

    ``cap[k]`` bounds the target count of kind ``k`` (default 4); ``three_player`` caps
    2m-8m at zero.
    """
    limit = [4] * 34 if cap is None else list(cap)
    if three_player:
        limit[1:8] = [0] * 7
    rows = [suit_values(counts[b:b + size], honors, limit[b:b + size])
            for b, size, honors in SUIT_SLICES]
    best = UNREACHABLE
    for pair_suit in range(4):
        for split in _splits(melds):
            total = sum(rows[s][5 * (s == pair_suit) + split[s]] for s in range(4))
            best = min(best, total)
    return best


@functools.cache
def _splits(melds: int) -> list[tuple[int, ...]]:
    """Every way to share ``melds`` melds among the four suits."""
    return [s for s in itertools.product(range(melds + 1), repeat=4) if sum(s) == melds]


def chiitoitsu(counts: Sequence[int], quads_as_two_pairs: bool = False,
               allowed: Sequence[int] = tuple(range(34))) -> int:
    """Replacement number of seven pairs: each held kind takes 0, 1 (or 2) pairs.

    >>> chiitoitsu([2] * 6 + [1] + [0] * 27)
    1
    """
    held = [k for k in allowed if counts[k]]
    # the count below reads the held kinds' counts only, not which kinds they are: one
    # enumeration per multiset of counts (a hand's discards and draws share a few)
    return _chiitoitsu(tuple(sorted(counts[k] for k in held)), len(allowed) - len(held),
                       quads_as_two_pairs)


@functools.lru_cache(maxsize=4096)
def _chiitoitsu(held: tuple[int, ...], free: int, quads_as_two_pairs: bool) -> int:
    """:func:`chiitoitsu` of held kinds with these counts and ``free`` kinds not held."""
    best = UNREACHABLE
    # a second pair on a kind held fewer than three times costs as much as a pair of a
    # kind not held, so only kinds held 3-4 times need the option (keeps 2**14 loops)
    options = [(0, 1, 2) if quads_as_two_pairs and n >= 3 else (0, 1) for n in held]
    for choice in itertools.product(*options):
        pairs = sum(choice)
        if pairs > 7:
            continue
        missing = 7 - pairs  # pairs from kinds not held: two draws each, one per kind
        extra = missing if not quads_as_two_pairs else (missing + 1) // 2
        if extra > free:
            continue
        draws = sum(max(0, 2 * j - n) for n, j in zip(held, choice, strict=True))
        best = min(best, draws + 2 * missing)
    return best


def kokushi(counts: Sequence[int]) -> int:
    """Replacement number of thirteen orphans: one of the 13 shapes per doubled kind.

    >>> kokushi([1, 0, 0, 0, 0, 0, 0, 0, 1] * 3 + [1] * 7)
    1
    """
    best = UNREACHABLE
    for double in TERMINALS_AND_HONORS:
        draws = sum(max(0, (2 if k == double else 1) - counts[k]) for k in TERMINALS_AND_HONORS)
        best = min(best, draws)
    return best
