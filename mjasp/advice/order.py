"""The policy's order of values (points, then win chance, then tenpai chance, each equal
within a tolerance): ``choose`` states it; ``prefer``, ``preferred`` and ``ranked`` are its
shortcuts (tested equal to it). Compiled by Cython with the C types of ``order.pxd`` (the
``.py`` is the statement and the pure path): an advise call compares some hundreds of
floats here, each comparison a few bytecodes the interpreter pays ~200 instructions for.

>>> choose([(100.0, 0.25, 0.5), (100.0, 0.5, 0.5)])
1
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

#: Two values of the policy's order are *equal* when they differ by at most
#: ``TIE_REL`` of the larger magnitude plus ``TIE_ABS``. Every value is a sum of
#: products over the draws, turn by turn, of nonnegative terms (the chances, dama points),
#: so its rounding error is at most about (draws' terms + 3) x (turns) x 2**-53 of
#: itself — 40 x 69 x 1.1e-16 = 3e-13 at the model's largest; ways of playing exactly as
#: good, summed in other orders (mirror discards, one hand reached by two lines), differ
#: by a few units in the last place. The one term subtracted is the riichi stick: a riichi
#: hand's points that cancel to near 0 (its wins against the stick) carry the error of
#: terms of 1,000 points and more — about 69 x 1.1e-16 x 96,000 = 7e-10 at the largest —
#: hence ``TIE_ABS``, 1e-9 of a point. Chances are ratios of wall counts: one that is
#: not 0 is seldom near 1e-9 (the shortest winning line from three-shanten, four draws,
#: has at least (1/136)^4 = 3e-9).
TIE_REL = 1e-12
TIE_ABS = 1e-9


def choose(values: Sequence[Sequence[float]]) -> int:
    """The policy's choice among options given in order, each by its values in order of
    preference (points, then win chance, then tenpai chance): keep the options whose first
    value is equal (``near``) to the greatest, then of those the ones whose next value is
    equal to the greatest among them, and so on; the first option kept (in the order given:
    the discards in tile order, riichi before dama).

    >>> choose([(100.0 - 1e-13, 0.25, 0.5), (100.0, 0.25, 0.75)])  # equal points, win
    1
    >>> choose([(100.0, 0.25, 0.5), (100.0 - 1e-13, 0.25, 0.5)])  # equal: the first
    0
    """
    kept = list(range(len(values)))
    for k in range(len(values[0]) if values else 0):
        if len(kept) == 1:
            break  # one option left: the next values keep it (each is equal to itself)
        top = max([values[i][k] for i in kept])
        kept = [i for i in kept if _tied(values[i][k], top)]
    return kept[0]


def _tied(x: float, y: float) -> bool:
    """``near`` for two floats in either order (``fl(y - x)`` is ``-fl(x - y)``, so the
    same test whichever is the greater)."""
    return abs(x - y) <= TIE_REL * max(abs(x), abs(y)) + TIE_ABS


def prefer(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether the policy takes ``a`` over ``b``, both (tenpai, win, points) triples:
    ``choose([a reversed, b reversed]) == 0``, with the same operations on the same floats
    (two options: the first value not equal decides, ``a`` among equals); ``preferred``
    of one turn.

    >>> prefer((1.0, 0.5, 100.0 - 1e-13), (1.0, 0.25, 100.0)), prefer((1.0, 0.5, 99.0),
    ...                                                            (1.0, 0.25, 100.0))
    (True, False)
    """
    return preferred([[x] for x in a], [[y] for y in b])[0]


def preferred(a: Sequence[Sequence[float]], b: Sequence[Sequence[float]]) -> list[bool]:
    """``prefer`` turn by turn: ``a`` and ``b`` are (tenpai, win, points) as three columns
    (a value per turn); per turn whether the policy takes ``a``'s over ``b``'s (one call
    for the columns, where the riichi-or-dama choice asks it of every turn).

    >>> preferred([[1.0, 1.0], [0.5, 0.5], [100.0, 99.0]],
    ...           [[1.0, 1.0], [0.25, 0.25], [100.0 - 1e-13, 100.0]])
    [True, False]
    """
    ta, wa, ea = a
    tb, wb, eb = b
    n = len(ea)
    if not len(ta) == len(wa) == len(tb) == len(wb) == len(eb) == n:
        raise ValueError("preferred: columns of different lengths")
    out = []
    # (the three comparisons written out, by index: no pairs built per turn, and compiled
    # the values are C doubles)
    for j in range(n):
        ae = ea[j]
        be = eb[j]
        if not _tied(ae, be):
            out.append(ae > be)
            continue
        aw = wa[j]
        bw = wb[j]
        if not _tied(aw, bw):
            out.append(aw > bw)
            continue
        at = ta[j]
        bt = tb[j]
        if not _tied(at, bt):
            out.append(at > bt)
        else:
            out.append(True)
    return out


def ranked(values: Sequence[Sequence[float]]) -> list[int]:
    """The options in the order ``choose`` takes them one after the other (the policy's
    choice, then its choice among the rest, ...). Where the first values are apart by more
    than the tolerance at the largest of them (no two ``near``, and at each step the
    greatest alone is kept), that is simply by first value, greatest first.

    >>> ranked([(1.0, 0.5), (3.0, 0.5), (2.0, 0.5)]), ranked([(1.0, 0.5), (1.0, 0.75)])
    ([1, 2, 0], [1, 0])
    """
    n = len(values)
    firsts = [v[0] for v in values]
    order = sorted(range(n), key=firsts.__getitem__, reverse=True)
    if not n:
        return order
    tol = TIE_REL * max(abs(firsts[order[0]]), abs(firsts[order[-1]])) + TIE_ABS
    # runs of the order whose neighbours are within ``tol``: a value of one run is not
    # ``near`` one of another (their difference is more than ``tol``, at least the
    # tolerance of any two), so ``choose`` among the options left keeps only options of
    # the first run left, and takes the runs one after the other; within a run, in the
    # order given
    out: list[int] = []
    run = [order[0]]
    for i, j in pairwise(order):
        if firsts[i] - firsts[j] > tol:
            out += _ranked_run(values, run)
            run = []
        run.append(j)
    return out + _ranked_run(values, run)


def _ranked_run(values: Sequence[Sequence[float]], run: list[int]) -> list[int]:
    """``ranked`` of the options ``run`` (one run of near first values), as indices."""
    if len(run) == 1:
        return run
    rest = sorted(run)
    out = []
    while rest:
        out.append(rest.pop(choose([values[i] for i in rest])))
    return out


__all__ = ["TIE_ABS", "TIE_REL", "choose", "prefer", "preferred", "ranked"]
