"""Typed loops over the wins of a search (``Model._win_table``): their red-five sets, the
ura dora outcomes of their hands and their points in every situation, one after another
(compiled by Cython with the C types of ``win_loops.pxd``: a call has some tens of wins, on
which whole-array steps cost their fixed overhead many times over).

Each ura indicator is drawn from the wall as the winning hand sees it; an indicator kind
gives the ura han of the held copies of the kind it points at. The kinds are grouped by
that han (the same count, the same score), the groups taken in the order of the first kind
giving them; every indicator exact (drawn without replacement): with one, each group; with
two, each ordered pair of groups; with more, each number of indicators per group (a
multivariate hypergeometric chance). A chance is one float division of exact integer
counts, as numpy's ``int64 / int64`` makes it.

>>> import numpy as np
>>> wall = np.zeros((1, 34), dtype=np.int64); wall[0, :2] = 3, 1   # 1m ×3, 2m ×1
>>> held = np.zeros((1, 34), dtype=np.int64); held[0, 1] = 2        # two 2m held
>>> q, han = np.zeros((1, width(1))), np.zeros((1, width(1)), dtype=np.int64)
>>> outcomes(wall, held, np.arange(1, 35, dtype=np.int64) % 34, 1, q, han)
>>> q[0, :2].tolist(), han[0, :2].tolist()  # 1m points at 2m (2 han), 2m at 3m (0 han)
([0.75, 0.25], [2, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from math import comb
from typing import Any

#: The ura han groups: a held kind has 0 to 4 copies.
GROUPS = 5


def red_sets(wins: Sequence[tuple[bytes, int]], kinds: Sequence[int]
             ) -> tuple[list[int], list[tuple[int, int, int]]] | None:
    """The wins (14 tile37 counts, winning tile37) that differ only in which fives are red:
    the same 34 kind counts and winning kind (``kinds[tile]``). Per such set, its first
    win with the fewest red fives (``first``, in order), and each other one as (row, that
    row, its red fives less that one's), in order. None where no two wins share a set or
    none holds a red five.

    >>> from mjasp.advice.tiles37 import kind37, parse37
    >>> plain, red = parse37("123455m123p11s777z"), parse37("123405m123p11s777z")
    >>> red_sets([(plain, 4), (red, 4), (red, 34)], [kind37(t) for t in range(37)])
    ([0], [(1, 0, 1), (2, 0, 1)])
    """
    n = len(wins)
    reds = [0] * n
    head: dict[tuple[bytes, int], int] = {}  # each set's row with the fewest, first
    keys = []
    some = False
    for j in range(n):
        h14, tile = wins[j]
        red = h14[34] + h14[35] + h14[36]
        reds[j] = red
        if red:
            some = True
        key = (h14[:34], kinds[tile])
        keys.append(key)
        at = head.setdefault(key, j)
        if red < reds[at]:
            head[key] = j
    if not some or len(head) == n:
        return None
    variants = []
    for j in range(n):
        like = head[keys[j]]
        if like != j:
            variants.append((j, like, reds[j] - reds[like]))
    return sorted(head.values()), variants


def width(uras: int) -> int:
    """How many outcomes a hand has with ``uras`` > 0 indicators (``outcomes``)."""
    return GROUPS if uras == 1 else GROUPS * GROUPS if uras == 2 else len(splits(uras))


def splits(uras: int) -> list[tuple[int, ...]]:
    """Each number of ``uras`` indicators per group, in ``itertools.product`` order."""
    return [m for m in product(range(uras + 1), repeat=GROUPS) if sum(m) == uras]


def outcomes(wall: Any, held: Any, points_at: Any, uras: int, q: Any, han: Any) -> None:
    """Fill the ura outcomes of each hand (a row of ``wall``, its wall's 34 counts, and of
    ``held``, its held 34 counts) with ``uras`` > 0 indicators: ``q[i]`` the chances and
    ``han[i]`` the han of hand ``i``'s ``width(uras)`` outcomes, every group in its order,
    chance 0.0 where there is none (an exact 0.0 in a sum). ``points_at``: the kind each
    indicator kind points at. Numpy arrays: int64, ``q`` float64."""
    n = wall.shape[0]
    split = splits(uras) if uras > 2 else []
    for i in range(n):
        copies = [0, 0, 0, 0, 0]  # per group (0..4 held copies pointed at)
        first = [34, 34, 34, 34, 34]  # each group's first kind in the wall (34: none)
        total = 0
        for k in range(34):
            c = wall[i, k]
            if c > 0:
                g = held[i, points_at[k]]
                copies[g] += c
                total += c
                if first[g] == 34:
                    first[g] = k
        # the groups by their first kind (a stable insertion sort: no kind, by han)
        order = [0, 0, 0, 0, 0]
        for g in range(GROUPS):
            at = g
            while at > 0 and first[order[at - 1]] > first[g]:
                order[at] = order[at - 1]
                at -= 1
            order[at] = g
        ranked = [0, 0, 0, 0, 0]
        for g in range(GROUPS):
            ranked[g] = copies[order[g]]
        if uras == 1:
            for g in range(GROUPS):
                c = ranked[g]
                q[i, g] = c / total if c > 0 else 0.0
                han[i, g] = order[g]
        elif uras == 2:
            pairs = total * (total - 1)
            for a in range(GROUPS):
                for b in range(GROUPS):
                    c = ranked[a]
                    again = ranked[b] - 1 if a == b else ranked[b]
                    q[i, GROUPS * a + b] = c * again / pairs if c > 0 and again > 0 else 0.0
                    han[i, GROUPS * a + b] = order[a] + order[b]
        else:
            of = float(comb(total, uras))
            for at, m in enumerate(split):
                ways = 1
                got = 0
                for g in range(GROUPS):
                    ways *= comb(ranked[g], m[g])
                    got += order[g] * m[g]
                q[i, at] = float(ways) / of if ways > 0 else 0.0
                han[i, at] = got


def points(out: Any, rows: Any, base: Any, by: Any, added: Any, riichi: Any, q: Any,
           han: Any, ura_at: Any, span: int) -> None:
    """Fill ``out[rows[r], col]``, the points of each win ``r`` in each situation ``col``,
    off the shapes' best points by added han (``by``: a row of ``2 * span`` per shape, with
    any reading, then with a reading only; ``base[r]``: the first index of ``r``'s shape,
    moved by its red fives' han; ``added[col]``: the han the situation adds). A dama
    situation is its points; a riichi one (``riichi[col]``) the sum over its hand's ura
    outcomes (row ``ura_at[r]`` of ``q`` and ``han``) of chance × points, an ura item of
    ``n`` > 0 han read with a reading only, summed in order from the first outcome (0.0
    plus the first term is that term), as the scoring engine's ``_scored`` sums them.
    Numpy arrays: int64, ``out`` and ``q`` float64."""
    n = rows.shape[0]
    cols = added.shape[0]
    width = q.shape[1]
    for r in range(n):
        j = rows[r]
        for col in range(cols):
            at = base[r] + added[col]
            if not riichi[col]:
                out[j, col] = by[at]
                continue
            u = ura_at[r]
            h = han[u, 0]
            total = q[u, 0] * by[at + h + (span if h != 0 else 0)]
            for k in range(1, width):
                h = han[u, k]
                total = total + q[u, k] * by[at + h + (span if h != 0 else 0)]
            out[j, col] = total


__all__ = ["GROUPS", "outcomes", "points", "red_sets", "splits", "width"]
