"""The four classic single-suit decomposers: the reference every other engine meets.

Each function is a :data:`~mjasp.solvers.base.SuitDecomposer`: the counts of one suit
(9 kinds, or 7 for honors) in, every reading of that suit out, each reading a tuple of
blocks in canonical (tile, kind) order with suit-local tiles. Honors take triplets and
pairs only. A suit holds the pair iff its count is 2 (mod 3).

1. :func:`dedupe_backtracking` — plain backtracking; finds a reading once per order in
   which its blocks can be taken, so duplicates are removed afterwards.
2. :func:`backtracking_sequences_first` — duplicate-free I: the pair first, then at each
   tile sequences before the triplet, never a sequence after a triplet.
3. :func:`backtracking_patterns` — duplicate-free II: at each tile consume, at once, one
   of the ten (sequences, triplet, pair) patterns whose size is the count there.
4. :func:`pair_position` — no search: the pair sits at p ≡ 2·Σ i·h_i (mod 3); 3+ copies
   are taken greedily as a triplet; runs of three consecutive triplets are then expanded
   into three identical sequences (the only other ambiguity). (``decompose`` itself
   defaults to the ``fast`` engine: ``mjasp.analysis.decomposition.DEFAULT_DECOMPOSER``.)

The seed's claim — all four agree on every suit — is checked exhaustively in
``tests/solvers/test_backtrack.py``, against an independent meld-multiset enumeration too.

>>> for reading in pair_position((3, 3, 3, 3, 2, 0, 0, 0, 0), False):
...     print(*reading)
123m 123m 123m 444m 55m
111m 234m 234m 234m 55m
111m 234m 22m 345m 345m
111m 222m 333m 444m 55m
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from mjasp.core.blocks import Block, BlockKind
from mjasp.solvers.base import SuitReading

SEQUENCE, TRIPLET, PAIR = BlockKind.SEQUENCE, BlockKind.TRIPLET, BlockKind.PAIR

#: Seed 000's table for duplicate-free II: (sequences, triplets, pairs) taken at one tile.
#: Its size s + 3t + 2p must equal the count there; listed by that count, 4 down to 0.
PATTERNS: tuple[tuple[int, int, int], ...] = (
    (4, 0, 0), (2, 0, 1), (1, 1, 0),
    (3, 0, 0), (1, 0, 1), (0, 1, 0),
    (2, 0, 0), (0, 0, 1),
    (1, 0, 0),
    (0, 0, 0),
)


def _canonical(blocks: list[Block]) -> SuitReading:
    return tuple(sorted(blocks, key=Block.sort_key))


def _sorted_readings(readings: set[SuitReading]) -> tuple[SuitReading, ...]:
    return tuple(sorted(readings, key=lambda r: [b.sort_key() for b in r]))


def _can_sequence(hand: list[int], i: int, is_honors: bool, times: int = 1) -> bool:
    """``times`` sequences starting at ``i`` fit in ``hand`` (always true for 0)."""
    if times == 0:
        return True
    return (not is_honors and i + 2 < len(hand)
            and min(hand[i], hand[i + 1], hand[i + 2]) >= times)


def _take_sequences(hand: list[int], i: int, times: int) -> None:
    """Remove ``times`` sequences starting at ``i`` (negative puts them back)."""
    if times:
        for j in range(i, i + 3):
            hand[j] -= times


# -- 1. plain backtracking, deduplicated afterwards ----------------------------------------

def dedupe_backtracking(counts: tuple[int, ...], is_honors: bool) -> tuple[SuitReading, ...]:
    """Every reading by plain backtracking: triplet, pair or sequence at the lowest tile.

    Blocks at one tile can be taken in any order, so a reading is found several times;
    sorting each reading and keeping a set removes the duplicates.

    >>> len(dedupe_backtracking((3, 3, 3, 0, 0, 0, 0, 0, 0), False))
    2
    """
    hand = list(counts)
    found: set[SuitReading] = set()
    blocks: list[Block] = []

    def search(i: int, pairs: int) -> None:
        if i == len(hand):
            found.add(_canonical(blocks))
            return
        if hand[i] >= 3:
            hand[i] -= 3
            blocks.append(Block(TRIPLET, i))
            search(i, pairs)
            blocks.pop()
            hand[i] += 3
        if hand[i] >= 2 and pairs == 0:
            hand[i] -= 2
            blocks.append(Block(PAIR, i))
            search(i, 1)
            blocks.pop()
            hand[i] += 2
        if _can_sequence(hand, i, is_honors):
            _take_sequences(hand, i, 1)
            blocks.append(Block(SEQUENCE, i))
            search(i, pairs)
            blocks.pop()
            _take_sequences(hand, i, -1)
        if hand[i] == 0:
            search(i + 1, pairs)

    if sum(counts) % 3 != 1:
        search(0, 0)
    return _sorted_readings(found)


# -- 2. duplicate-free backtracking I: pair first, sequences before the triplet -------------

def backtracking_sequences_first(counts: tuple[int, ...],
                                 is_honors: bool) -> tuple[SuitReading, ...]:
    """Every reading, each found once: the pair first, then sequences before a triplet.

    With the pair fixed, the melds at the lowest remaining tile are k sequences and
    then either nothing or one triplet; each choice of k is a different reading.

    >>> len(backtracking_sequences_first((3, 3, 3, 0, 0, 0, 0, 0, 0), False))
    2
    """
    total = sum(counts)
    if total % 3 == 1:
        return ()
    hand = list(counts)
    found: list[SuitReading] = []
    blocks: list[Block] = []

    def melds(i: int) -> None:
        if i == len(hand):
            found.append(_canonical(blocks))
            return
        if hand[i] == 0:
            melds(i + 1)
            return
        if _can_sequence(hand, i, is_honors):
            _take_sequences(hand, i, 1)
            blocks.append(Block(SEQUENCE, i))
            melds(i)
            blocks.pop()
            _take_sequences(hand, i, -1)
        # a triplet closes the tile: no sequence may start here after it
        if hand[i] == 3:
            hand[i] = 0
            blocks.append(Block(TRIPLET, i))
            melds(i + 1)
            blocks.pop()
            hand[i] = 3

    if total % 3 == 0:
        melds(0)
    else:
        for pair in range(len(hand)):
            if hand[pair] >= 2:
                hand[pair] -= 2
                blocks.append(Block(PAIR, pair))
                melds(0)
                blocks.pop()
                hand[pair] += 2
    if len(found) != len(set(found)):  # the point of this algorithm; cheap to keep honest
        raise AssertionError(f"duplicate readings for {counts}")
    return _sorted_readings(set(found))


# -- 3. duplicate-free backtracking II: the ten-pattern table --------------------------------

def backtracking_patterns(counts: tuple[int, ...], is_honors: bool) -> tuple[SuitReading, ...]:
    """Every reading, each found once: at each tile, one whole pattern of ``PATTERNS``.

    Every copy of tile i is used by blocks starting at i (sequences from below were
    already taken), so the blocks at i form exactly one pattern of size ``counts[i]``.

    >>> len(backtracking_patterns((3, 3, 3, 0, 0, 0, 0, 0, 0), False))
    2
    """
    hand = list(counts)
    found: list[SuitReading] = []
    blocks: list[Block] = []

    def search(i: int, pairs: int) -> None:
        if i == len(hand):
            found.append(_canonical(blocks))
            return
        for sequences, triplets, pair in PATTERNS:
            if (sequences + 3 * triplets + 2 * pair != hand[i] or pairs + pair > 1
                    or not _can_sequence(hand, i, is_honors, sequences)):
                continue
            _take_sequences(hand, i, sequences)
            hand[i] -= 3 * triplets + 2 * pair
            # a Block checks its tile (no sequence starts at 8m): build only those taken
            taken = (([Block(SEQUENCE, i)] * sequences if sequences else [])
                     + ([Block(TRIPLET, i)] * triplets if triplets else [])
                     + ([Block(PAIR, i)] * pair if pair else []))
            blocks.extend(taken)
            search(i + 1, pairs + pair)
            del blocks[len(blocks) - len(taken):]
            hand[i] += 3 * triplets + 2 * pair
            _take_sequences(hand, i, -sequences)

    if sum(counts) % 3 != 1:
        search(0, 0)
    if len(found) != len(set(found)):
        raise AssertionError(f"duplicate readings for {counts}")
    return _sorted_readings(set(found))


# -- 4. pair positions + triple-triplet expansion --------------------------------------------

def _greedy(hand: list[int], is_honors: bool) -> tuple[list[int], list[int]] | None:
    """The one reading with every 3+ copies as a triplet: (triplet tiles, sequence tiles).

    Scanning upward, the lowest tile's copies left after a triplet can only start
    sequences, so the reading is forced; ``None`` when it does not fit.
    """
    triplets: list[int] = []
    sequences: list[int] = []
    for i in range(len(hand)):
        if hand[i] >= 3:
            hand[i] -= 3
            triplets.append(i)
        rest = hand[i]
        if rest:
            if not _can_sequence(hand, i, is_honors, rest):
                return None
            _take_sequences(hand, i, rest)
            sequences += [i] * rest
    return triplets, sequences


def _expand_triplet_runs(triplets: list[int]) -> Iterator[list[Block]]:
    """Every way to turn runs of three consecutive triplets into three equal sequences.

    KKK on i, i+1, i+2 is the same tiles as three sequences from i; a run of four
    gives KKKK, SSS+K and K+SSS. No other choice of melds exists (the seed's theorem).
    """
    if not triplets:
        yield []
        return
    first, rest = triplets[0], triplets[1:]
    for tail in _expand_triplet_runs(rest):
        yield [Block(TRIPLET, first), *tail]
    if rest[:2] == [first + 1, first + 2]:
        for tail in _expand_triplet_runs(rest[2:]):
            yield [Block(SEQUENCE, first)] * 3 + tail


@functools.lru_cache(maxsize=1 << 16)
def pair_position(counts: tuple[int, ...], is_honors: bool) -> tuple[SuitReading, ...]:
    """Every reading from the few possible pair positions, greedy triplets, and expansion.

    Triplets and sequences add 0 (mod 3) to Σ i·h_i and a pair at p adds 2p, so the
    pair can only sit at p ≡ 2·Σ i·h_i (mod 3): three candidates instead of nine.
    Memoised on the suit vector, since suits repeat across hands.

    >>> pair_position((0, 0, 0, 0, 0, 0, 2, 0, 0), False)
    ((Block.parse('77m'),),)
    """
    total = sum(counts)
    if total % 3 == 1:
        return ()
    if total % 3 == 0:
        pairs: list[int | None] = [None]
    else:
        weight = sum(i * n for i, n in enumerate(counts))
        pairs = [p for p in range(2 * weight % 3, len(counts), 3) if counts[p] >= 2]
    found: set[SuitReading] = set()
    for pair in pairs:
        hand = list(counts)
        head = []
        if pair is not None:
            hand[pair] -= 2
            head = [Block(PAIR, pair)]
        greedy = _greedy(hand, is_honors)
        if greedy is None:
            continue
        triplets, sequences = greedy
        fixed = head + [Block(SEQUENCE, i) for i in sequences]
        # honors have no sequences, so their triplets are the only reading
        runs = [[Block(TRIPLET, t) for t in triplets]] if is_honors else _expand_triplet_runs(
            triplets)
        for melds in runs:
            found.add(_canonical(fixed + melds))
    return _sorted_readings(found)
