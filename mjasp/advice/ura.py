"""The ura dora outcomes of riichi wins, one hand after another in plain loops
(``Model._ura_arrays``; compiled by Cython with the C types of ``ura.pxd``: a call has some
tens of hands, on which whole-array steps cost their fixed overhead many times over).

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

from itertools import product
from math import comb
from typing import Any

#: The ura han groups: a held kind has 0 to 4 copies.
GROUPS = 5


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


__all__ = ["GROUPS", "outcomes", "splits", "width"]
