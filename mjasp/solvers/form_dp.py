"""Every standard winning form, built constructively: the decomposer DP.

A *form* assigns each of the 34 tiles a decomposer ``(s, t, p)``: s sequences start
at the tile, t triplets and p pairs are made of it. The ten decomposers ``TILE_DECOMPOSERS``
are every (s, t, p) with s + 3t + 2p <= 4 and p <= 1. ``W_{i,m,h,a,b}`` is the set of
decomposer prefixes for tiles 0..i-1 with m melds and h pairs in which earlier
sequences already use a copies of tile i and b copies of tile i+1; any index out of
range gives the empty set, and sequences start only at 1-7 of a number suit. The
standard winning forms with m melds are ``W_{34,m,1,0,0}`` (3m + 2 tiles).

``count_forms`` counts a set without listing it (memoised, Python ints);
``iter_forms`` lists it lazily; ``form_counts`` is f (form -> tile vector) and
``inverse_forms(h)`` = f^-1(h), the readings of h, found by the same recursion held
to h tile by tile.

>>> [count_forms(m) for m in range(3)]
[34, 1836, 49368]
>>> form_counts(next(iter_forms(0)))[:3]
(2, 0, 0)
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterator, Sequence

from mjasp.core.blocks import Block, BlockKind
from mjasp.core.tiles import NUM_KINDS, as_int
from mjasp.solvers.base import SuitReading

Decomposer = tuple[int, int, int]
"""(sequences starting at the tile, triplets of it, pairs of it)."""

FormVector = tuple[Decomposer, ...]
"""A form: one decomposer per tile (34 of them for a whole form)."""

#: d0..d9 in the seed's order: the combinations possible with <= 4 copies and <= 1 pair.
TILE_DECOMPOSERS: tuple[Decomposer, ...] = (
    (0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 0, 1), (3, 0, 0),
    (1, 0, 1), (0, 1, 0), (4, 0, 0), (2, 0, 1), (1, 1, 0),
)
#: Most melds / pairs a standard form holds.
MAX_MELDS, MAX_PAIRS = 4, 1
#: Tiles where a sequence may start: 1-7 of each number suit.
SEQUENCE_STARTS = frozenset(base + k for base in (0, 9, 18) for k in range(7))

_BY_SEQUENCES: dict[int, tuple[Decomposer, ...]] = {
    s: tuple(d for d in TILE_DECOMPOSERS if d[0] == s) for s in range(5)}


def _tile_use(d: Decomposer) -> int:
    """Copies of its own tile a decomposer uses."""
    return d[0] + 3 * d[1] + 2 * d[2]


def _allowed(tile: int, d: Decomposer) -> bool:
    """Sequences may only start at 1-7 of a number suit."""
    return d[0] == 0 or tile in SEQUENCE_STARTS


@functools.cache
def prefix_count(i: int, m: int, h: int, a: int, b: int) -> int:
    """|W_{i,m,h,a,b}|: decomposer prefixes of tiles 0..i-1, counted without listing.

    The decomposer (s, t, p) on tile i-1 started s = b sequences, and the carry into
    tile i was a - s before it: the prefix is W_{i-1, m-s-t, h-p, a0, a-s} for every
    a0 that leaves room for the decomposer on tile i-1.

    >>> prefix_count(34, 0, 1, 0, 0)
    34
    """
    if not (0 <= i <= NUM_KINDS and 0 <= m <= MAX_MELDS and 0 <= h <= MAX_PAIRS
            and 0 <= a <= 4 and 0 <= b <= 4):
        return 0
    if i == 0:
        return int((m, h, a, b) == (0, 0, 0, 0))
    total = 0
    for d in _BY_SEQUENCES[b]:
        if not _allowed(i - 1, d):
            continue
        s, t, p = d
        total += sum(prefix_count(i - 1, m - s - t, h - p, a0, a - s)
                     for a0 in range(5 - _tile_use(d)))
    return total


def count_forms(melds: int) -> int:
    """The number of standard winning forms with ``melds`` melds and one pair.

    >>> count_forms(1)
    1836
    """
    return prefix_count(NUM_KINDS, melds, 1, 0, 0)


_Step = tuple[Decomposer, tuple[int, int, int, int]]


@functools.cache
def _steps(i: int, m: int, h: int, a: int, b: int) -> tuple[_Step, ...]:
    """The non-empty ways W_{i,m,h,a,b} extends a shorter prefix: (decomposer on tile
    i-1, state of that prefix). The same recursion as ``prefix_count``."""
    found = []
    for d in _BY_SEQUENCES.get(b, ()):
        s, t, p = d
        for a0 in range(5 - _tile_use(d)):
            state = (m - s - t, h - p, a0, a - s)
            if _allowed(i - 1, d) and prefix_count(i - 1, *state):
                found.append((d, state))
    return tuple(found)


def _prefixes(i: int, m: int, h: int, a: int, b: int) -> Iterator[FormVector]:
    """W_{i,m,h,a,b} listed lazily: a depth-first walk filling the form from its end.

    An explicit stack (not nested generators) so each form costs a few steps, and
    ``prefix_count`` prunes every branch that would come out empty.
    """
    return (form for form, _ in _walk(i, (m, h, a, b), 0))


def _walk(i: int, state: tuple[int, int, int, int],
          stop: int) -> Iterator[tuple[FormVector, tuple[int, int, int, int]]]:
    """The walk of ``_prefixes`` over tiles i-1 down to ``stop`` only: each way to fill
    them (in the walk's order) with the state W_{stop, ...} it leaves for tiles below."""
    if not prefix_count(i, *state):
        return
    if i == stop:
        yield (), state
        return
    form: list[Decomposer] = [TILE_DECOMPOSERS[0]] * i
    stack = [(i, iter(_steps(i, *state)))]
    while stack:
        j, steps = stack[-1]
        step = next(steps, None)
        if step is None:
            stack.pop()
            continue
        d, below = step
        form[j - 1] = d
        if j == stop + 1:
            yield tuple(form[stop:]), below
        else:
            stack.append((j - 1, iter(_steps(j - 1, *below))))


def split_forms(melds: int, at: int, top: int = NUM_KINDS,
                pairs: int = MAX_PAIRS) -> Iterator[tuple[FormVector, tuple[int, int]]]:
    """The forms of tiles 0..``top``-1 with ``melds`` melds and ``pairs`` pairs (all of
    ``iter_forms(melds)`` by default), in the order ``iter_forms`` lists them, split at
    tile ``at``: each way to fill tiles ``at``..``top``-1 (an upper part) with the melds
    and pairs it leaves to the lower part; every ``lower_forms(at, melds, pairs)`` then
    completes it, in order.

    ``at`` and ``top`` are suit boundaries (0, 9, 18, 27 or 34), where no sequence crosses,
    so the lower parts depend only on the melds and pairs the upper part left.

    >>> [(upper[0], left) for upper, left in split_forms(0, 27)][:2]
    [((0, 0, 0), (0, 1)), ((0, 0, 1), (0, 0))]
    """
    boundaries = (0, 9, 18, 27, NUM_KINDS)
    if at not in boundaries or top not in boundaries or at > top:
        raise ValueError(f"tiles {at}..{top} do not lie between suit boundaries")
    if not (0 <= melds <= MAX_MELDS and 0 <= pairs <= MAX_PAIRS):
        return iter(())
    return ((upper, (m, h)) for upper, (m, h, _, _) in _walk(top, (melds, pairs, 0, 0), at))


def lower_forms(at: int, melds: int, pairs: int) -> Iterator[FormVector]:
    """The lower parts (tiles 0..``at``-1) with ``melds`` melds and ``pairs`` pairs, in
    the order ``iter_forms`` lists them under any upper part.

    >>> [w[:2] for w in lower_forms(9, 0, 1)][:2]
    [((0, 0, 1), (0, 0, 0)), ((0, 0, 0), (0, 0, 1))]
    """
    return _prefixes(at, melds, pairs, 0, 0)


def iter_forms(melds: int) -> Iterator[FormVector]:
    """Every standard winning form with ``melds`` melds and one pair, one at a time.

    >>> sum(1 for _ in iter_forms(1)) == count_forms(1)
    True
    """
    melds = as_int(melds, "the number of melds")
    if not 0 <= melds <= MAX_MELDS:
        return iter(())
    return _prefixes(NUM_KINDS, melds, 1, 0, 0)


def form_counts(form: Sequence[Decomposer]) -> tuple[int, ...]:
    """f(w): the tile vector of a form (sequences add to the next two tiles too).

    >>> form_counts([(1, 0, 0), (0, 0, 1)] + [(0, 0, 0)] * 32)[:4]
    (1, 3, 1, 0)
    """
    counts = [0] * len(form)
    for tile, (s, t, p) in enumerate(form):
        counts[tile] += 3 * t + 2 * p
        for k in range(3 * bool(s)):
            counts[tile + k] += s
    return tuple(counts)


def form_blocks(form: Sequence[Decomposer], base: int = 0) -> tuple[Block, ...]:
    """The blocks of a form in canonical (tile, kind) order, tiles offset by ``base``.

    >>> [str(b) for b in form_blocks([(2, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 1)])]
    ['123m', '123m', '44m']
    """
    blocks: list[Block] = []
    for tile, (s, t, p) in enumerate(form):
        # only blocks that are there: a Block checks its tile (no sequence starts at 8m)
        if s:
            blocks += [Block(BlockKind.SEQUENCE, base + tile)] * s
        if t:
            blocks += [Block(BlockKind.TRIPLET, base + tile)] * t
        if p:
            blocks += [Block(BlockKind.PAIR, base + tile)] * p
    return tuple(blocks)


def inverse_forms(counts: Sequence[int], max_melds: int = MAX_MELDS) -> Iterator[FormVector]:
    """W(h) = f^-1(h): every form (at most one pair) whose tile vector is ``counts``.

    The prefix recursion of the DP run forward with one extra condition: the
    decomposer on tile i must use exactly the copies of i that earlier sequences left.

    >>> [form_blocks(w) for w in inverse_forms([3, 3, 3] + [0] * 31)]  # doctest: +ELLIPSIS
    [(Block.parse('123m'), ...), (Block.parse('111m'), ...)]
    """
    counts = tuple(counts)
    total = sum(counts)
    if total % 3 == 1 or total > 3 * max_melds + 2 or any(c < 0 for c in counts):
        return iter(())
    return iter(_inverse(counts, 0, int(total % 3 == 2), 0, 0))


#: The decomposers by how many copies of their own tile they use.
_BY_USE: dict[int, tuple[Decomposer, ...]] = {
    u: tuple(d for d in TILE_DECOMPOSERS if _tile_use(d) == u) for u in range(5)}


def _inverse(counts: tuple[int, ...], i: int, pairs: int, a: int, b: int) -> list[FormVector]:
    """Suffixes for tiles i.. of the forms of ``counts``: ``pairs`` pairs still to place,
    a and b copies of tiles i and i+1 already used by earlier sequences."""
    n = len(counts)
    start = i
    while i < n and a == b == counts[i] == 0:  # an empty tile with no carry: only d0
        i += 1
    blank = (TILE_DECOMPOSERS[0],) * (i - start)
    if i == n:
        return [blank] if pairs == a == b == 0 else []
    need = counts[i] - a
    nxt = counts[i + 1] if i + 1 < n else 0
    after = counts[i + 2] if i + 2 < n else 0
    found = []
    for d in _BY_USE.get(need, ()):
        s, _, p = d
        if p > pairs or b + s > nxt or s > after or not _allowed(i, d):
            continue
        found += [(*blank, d, *rest) for rest in _inverse(counts, i + 1, pairs - p, b + s, s)]
    return found


def inverse_suit_readings(counts: tuple[int, ...], is_honors: bool) -> list[SuitReading]:
    """The per-suit interface of ``mjasp.solvers.base`` answered by the inverse image.

    The suit is placed where its tiles live in the 34 (honors at 27) so the sequence
    rule applies, and the blocks are moved back to suit-local tiles.

    >>> [" ".join(map(str, r)) for r in inverse_suit_readings((3, 3, 3, 0, 0, 0, 0, 0, 2), False)]
    ['123m 123m 123m 99m', '111m 222m 333m 99m']
    """
    if sum(counts) % 3 == 1:
        return []
    base = 27 if is_honors else 0
    padded = [0] * NUM_KINDS
    padded[base:base + len(counts)] = counts
    readings = [form_blocks(w[base:base + len(counts)])
                for w in inverse_forms(padded, max_melds=len(counts) * 4)]
    return sorted(readings, key=lambda r: [b.sort_key() for b in r])


def count_winning_vectors(max_melds: int = MAX_MELDS) -> dict[int, int]:
    """Distinct tile vectors of the winning forms, by melds: a determinised DP.

    The DP state after tile i is the *set* of NFA states (melds, pairs, a, b) the counts
    so far can reach; vectors are counted per state set, so a vector with several
    readings counts once.

    >>> count_winning_vectors(1)
    {0: 34, 1: 1836}
    """
    layer: dict[frozenset[tuple[int, int, int, int]], int] = {frozenset({(0, 0, 0, 0)}): 1}
    for tile in range(NUM_KINDS):
        nxt: dict[frozenset[tuple[int, int, int, int]], int] = defaultdict(int)
        for states, ways in layer.items():
            for c in range(5):
                reached = frozenset(
                    (m + s + t, h + p, b + s, s)
                    for (m, h, a, b) in states for (s, t, p) in TILE_DECOMPOSERS
                    if a + s + 3 * t + 2 * p == c and _allowed(tile, (s, t, p))
                    and m + s + t <= max_melds and h + p <= MAX_PAIRS and b + s <= 4)
                if reached:
                    nxt[reached] += ways
        layer = nxt
    found: dict[int, int] = defaultdict(int)
    for states, ways in layer.items():
        for m in range(max_melds + 1):
            if (m, 1, 0, 0) in states:
                found[m] += ways
    return dict(sorted(found.items()))
