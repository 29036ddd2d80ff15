"""Random deals: M tiles drawn from the wall's distinguishable tiles, seeded and reproducible.

Each deal is a partial Fisher–Yates shuffle over the wall's tile ids (0..135;
kind = id // 4; ids 16, 52, 88 are the red fives; the three-player wall keeps the 108 ids
without 2m-8m). Draw j picks position ``r`` uniformly in ``0 .. size-1-j``, takes that tile,
and moves the wall's last undrawn tile into its place.

The random numbers are fully specified, so a seed gives the same deals on every run,
platform and numpy version:

- deal ``i`` of seed ``s`` has its own SplitMix64 stream (Steele, Lea & Flood 2014) started
  at ``mix64(s + (i + 1) * GAMMA)``; output k of a stream with state x is
  ``mix64(x + (k + 1) * GAMMA)`` (all mod 2^64);
- a number below ``n`` comes from the high 32 bits ``x`` of one output by Lemire's
  multiply-shift, ``x * n >> 32``, rejecting (and drawing again) when the low 32 bits of
  ``x * n`` fall below ``2^32 mod n`` — that makes it exactly uniform.

The scalar functions (Python ints) and the numpy batch (``sample_counts``) compute the
same streams, so deal ``i`` is the same either way.

>>> sample_ids(2, 5, seed=1)
[(50, 127, 6, 103, 28), (63, 4, 6, 74, 52)]
>>> [str(h) for h in sample_hands(1, 13, seed=7, rules="sanma")]
['1m2389p4579s2334z']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.core.tiles import FIVES, NUM_KINDS
from mjasp.rules import Rules, find_rules

if TYPE_CHECKING:  # numpy loads on first use, not with mjasp (import time)
    import numpy as np
    import numpy.typing as npt

GAMMA: Final = 0x9E3779B97F4A7C15
_MASK64: Final = (1 << 64) - 1
_MUL1: Final = 0xBF58476D1CE4E5B9
_MUL2: Final = 0x94D049BB133111EB


def mix64(x: int) -> int:
    """SplitMix64's output function (a bijection of 64-bit ints).

    >>> hex(mix64(GAMMA))
    '0xe220a8397b1dcdaf'
    """
    x &= _MASK64
    x = ((x ^ (x >> 30)) * _MUL1) & _MASK64
    x = ((x ^ (x >> 27)) * _MUL2) & _MASK64
    return x ^ (x >> 31)


def wall_ids(rules: Rules | str | None = None) -> tuple[int, ...]:
    """The tile ids in the wall, in order: 136, or 108 for three players (no 2m-8m).

    >>> len(wall_ids(rules="sanma")), wall_ids(rules="sanma")[4]
    (108, 32)
    """
    kinds = set(find_rules(rules).tile_kinds)
    return tuple(i for i in range(136) if i // 4 in kinds)


#: The seeds every sampler takes: what ``--seed`` takes on the command line.
MAX_SEED = 2**64 - 1
#: How many deals a seed has (deal numbers are 64-bit ints): what ``-n`` takes at most.
MAX_DEALS = 2**64


def check_seed(seed: object, none: bool = False) -> None:
    """Refuse a seed the command line refuses (``--seed`` is 0..2**64-1): a negative or
    larger one would wrap around, a float or bool would be read as another number.

    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    mjasp.core.errors.HandError: a seed is an int in 0..2**64-1, not -1
    """
    if seed is None and none:
        return
    if seed.__class__ is not int or not 0 <= seed <= MAX_SEED:
        raise HandError(f"a seed is an int in 0..2**64-1{' or None' * none}, not {seed!r}")


def check_number(n: object, what: str = "hands") -> None:
    """Refuse a count of hands that is not an ``int`` (not a bool) of at least 0."""
    if n.__class__ is not int or n < 0:
        raise HandError(f"the number of {what} is an int of at least 0, not {n!r}")


def _check(n: int, m: int, size: int, start: int = 0, seed: object = 0) -> None:
    check_seed(seed)
    for value, what in ((n, "hands"), (m, "tiles"), (start, "the first deal")):
        if value.__class__ is not int:
            raise HandError(f"{what} must be an int, not {value!r}")
    if start < 0:
        raise HandError(f"deals are numbered from 0, not {start}")
    if n < 0:
        raise HandError(f"cannot deal {n} hands")
    if start + n > MAX_DEALS:  # a deal's number is a 64-bit int in both samplers
        raise HandError(f"deals are numbered 0..2**64-1, not up to {start + n - 1}")
    if not 0 <= m <= size:
        raise HandError(f"a hand of {m} tiles cannot be dealt from a wall of {size}")


def _seed_state(seed: int, deal: int) -> int:
    return mix64(seed + (deal + 1) * GAMMA)


def sample_ids(n: int, m: int, seed: int = 0,
               start: int = 0, *, rules: Rules | str | None = None) -> list[tuple[int, ...]]:
    """``n`` deals of ``m`` tile ids each, in draw order (deals ``start .. start+n-1``).

    >>> sample_ids(1, 3, seed=2024) == sample_ids(2, 3, seed=2024)[:1]
    True
    """
    wall = wall_ids(rules=find_rules(rules))
    _check(n, m, len(wall), start, seed)
    deals = []
    for deal in range(start, start + n):
        state, counter = _seed_state(seed, deal), 0
        tiles = list(wall)
        picked = []
        for j in range(m):
            bound = len(wall) - j
            while True:  # Lemire: reject the few low values that would bias the result
                counter += 1
                x = mix64(state + counter * GAMMA) >> 32
                product = x * bound
                if product & 0xFFFFFFFF >= (1 << 32) % bound:
                    break
            r = product >> 32
            picked.append(tiles[r])
            tiles[r] = tiles[bound - 1]
        deals.append(tuple(picked))
    return deals


def sample_hands(n: int, m: int, seed: int = 0, *,
                 rules: Rules | str | None = None) -> list[Hand]:
    """``n`` random hands of ``m`` tiles, with the red fives of the rules' wall: the first
    ``Rules.red_fives[suit]`` ids of each five are red (16, 52, 88 with one each, as
    ``Hand.from_ids`` reads them; none under the WRC's rules).

    >>> str(sample_hands(1, 14, seed=3)[0])
    '499m4p345689s2577z'
    >>> any(sum(h.red) for h in sample_hands(500, 14, seed=3, rules="wrc"))
    False
    """
    chosen = find_rules(rules)
    deals = sample_ids(n, m, seed, rules=chosen)
    if chosen.red_fives == (1, 1, 1):  # the ids' own red fives
        return [Hand.from_ids(ids) for ids in deals]
    red_ids = [range(4 * five, 4 * five + reds)
               for five, reds in zip(FIVES, chosen.red_fives, strict=True)]
    hands = []
    for ids in deals:
        plain = Hand.from_ids(ids)
        m_red, p_red, s_red = (sum(i in red for i in ids) for red in red_ids)
        hands.append(Hand(plain.counts, (m_red, p_red, s_red)))
    return hands


def _mix64_array(x: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    import numpy as np

    x = (x ^ (x >> np.uint64(30))) * np.uint64(_MUL1)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(_MUL2)
    return x ^ (x >> np.uint64(31))


def sample_id_array(n: int, m: int, seed: int = 0, start: int = 0,
                    chunk: int = 200_000, *,
                    rules: Rules | str | None = None) -> npt.NDArray[np.uint8]:
    """The same deals as ``sample_ids`` as an (n, m) array, computed with numpy in chunks.

    >>> sample_id_array(2, 5, seed=1).tolist() == [list(d) for d in sample_ids(2, 5, seed=1)]
    True
    """
    import numpy as np

    wall = np.array(wall_ids(rules=find_rules(rules)), dtype=np.uint8)
    _check(n, m, len(wall), start, seed)
    out = np.empty((n, m), dtype=np.uint8)
    with np.errstate(over="ignore"):
        for lo in range(0, n, chunk):
            hi = min(n, lo + chunk)
            deals = np.arange(start + lo, start + hi, dtype=np.uint64)
            state = _mix64_array(np.uint64(seed & _MASK64) + (deals + np.uint64(1))
                                 * np.uint64(GAMMA))
            counter = np.zeros(hi - lo, dtype=np.uint64)
            tiles = np.tile(wall, (hi - lo, 1))
            rows = np.arange(hi - lo)
            for j in range(m):
                bound = len(wall) - j
                threshold = (1 << 32) % bound
                r = np.empty(hi - lo, dtype=np.int64)
                todo = rows
                while todo.size:
                    counter[todo] += np.uint64(1)
                    x = _mix64_array(state[todo] + counter[todo] * np.uint64(GAMMA))
                    product = (x >> np.uint64(32)) * np.uint64(bound)
                    ok = (product & np.uint64(0xFFFFFFFF)) >= np.uint64(threshold)
                    r[todo[ok]] = (product[ok] >> np.uint64(32)).astype(np.int64)
                    todo = todo[~ok]
                out[lo:hi, j] = tiles[rows, r]
                tiles[rows, r] = tiles[rows, bound - 1]
    return out


def sample_counts(n: int, m: int, seed: int = 0,
                  start: int = 0, *, rules: Rules | str | None = None) -> npt.NDArray[np.uint8]:
    """The deals of ``sample_ids`` as an (n, 34) array of kind counts (for batch shanten).

    >>> sample_counts(1, 14, seed=3)[0, :9].tolist()
    [0, 0, 0, 1, 0, 0, 0, 0, 2]
    """
    import numpy as np

    ids = sample_id_array(n, m, seed, start=start, rules=find_rules(rules))
    counts = np.zeros((n, NUM_KINDS), dtype=np.uint8)
    rows = np.arange(n)
    for j in range(m):
        counts[rows, ids[:, j] // 4] += 1  # one index per row, so no collisions
    return counts


__all__ = [
    "GAMMA",
    "mix64",
    "sample_counts",
    "sample_hands",
    "sample_id_array",
    "sample_ids",
    "wall_ids",
]
