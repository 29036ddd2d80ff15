"""Statistics for the sampling tests: Pearson's goodness-of-fit test (test code only).

>>> chi_square({0: 50, 1: 50}, {0: 1, 1: 1})
(0.0, 1, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Mapping


def upper_gamma_regularized(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a): a series below a + 1, a continued fraction above
    (Numerical Recipes §6.2)."""
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-16:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b, c, d = x + 1 - a, 1 / tiny, 1 / (x + 1 - a)
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return math.exp(log_front) * h


def chi_square(observed: Mapping[int, int],
               expected: Mapping[int, int]) -> tuple[float, int, float]:
    """Pearson's goodness-of-fit test of sample counts against exact counts.

    ``expected`` holds exact counts of the population (e.g. ``dist.deals``); they are scaled
    to the sample size. Cells expecting fewer than 5 are pooled into their neighbour.
    Returns (statistic, degrees of freedom, p-value).

    >>> chi_square({0: 50, 1: 50}, {0: 1, 1: 1})
    (0.0, 1, 1.0)
    """
    n = sum(observed.values())
    total = sum(expected.values())
    cells: list[list[float]] = []  # [observed, expected] pooled from the lowest shanten up
    for s in sorted(set(expected) | set(observed)):
        o, e = observed.get(s, 0), n * expected.get(s, 0) / total
        if cells and cells[-1][1] < 5:
            cells[-1][0] += o
            cells[-1][1] += e
        else:
            cells.append([o, e])
    if len(cells) > 1 and cells[-1][1] < 5:
        last = cells.pop()
        cells[-1][0] += last[0]
        cells[-1][1] += last[1]
    if any(e == 0 for _, e in cells):
        return math.inf, len(cells) - 1, 0.0
    statistic = sum((o - e) ** 2 / e for o, e in cells)
    dof = len(cells) - 1
    return statistic, dof, upper_gamma_regularized(dof / 2, statistic / 2) if dof else 1.0
