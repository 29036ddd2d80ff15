"""Exact shanten distribution of random deals, from the per-suit tables (no sampling).

Of the C(136, M) deals of M distinguishable tiles, how many are at each shanten? A deal's
kind counts ``c`` arise from Π_k C(copies_k, c_k) deals, and its shanten only depends on
per-suit summaries, so:

1. every suit vector of ≤ M tiles is summarised by its *group key*: tile count, its row
   ``u_0..u_4, v_0..v_4`` of :mod:`mjasp.solvers.table` (clipped at ``CAP``), and what the
   other forms need — pairs and distinct kinds (chiitoitsu), terminal/honor kinds and
   whether one of them is paired (kokushi); vectors with the same key are summed up with
   their weights (deals: Π C(4, c_k); distinct hands: 1);
2. the suits are combined one after another by convolution over partial states — the same
   key for the union of the suits seen so far, the rows combined by (min,+) — in a dict
   state -> weights (Python ints);
3. the last suit is paired with every state of the right tile count and each pair's
   replacement number r is read off; shanten = r − 1.

Replacement numbers (r = min over winning shapes w of Σ max(0, w − h)):

- standard: ``v_4`` of the combined rows;
- chiitoitsu: 7 − p + max(0, 7 − d) with p kinds held twice or more and d distinct kinds
  (fill pairs from singles first, then from absent kinds: two draws each; a quad is one
  pair, as in ``Rules.chiitoitsu_quad=False``);
- kokushi: 13 − t + (0 if a terminal/honor is paired else 1) with t such kinds held.

>>> dist = shanten_distribution(2)      # two tiles (four melds called): a pair wins
>>> dist.deals == {0: comb(136, 2) - 34 * comb(4, 2), -1: 34 * comb(4, 2)}
True
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING, Final

from mjasp.core.errors import HandError, RulesError
from mjasp.core.tiles import as_int
from mjasp.rules import Rules, find_rules
from mjasp.solvers import table
from mjasp.solvers.base import SUIT_SLICES

if TYPE_CHECKING:  # numpy loads on first use, not with mjasp (import time)
    pass

#: Row values are clipped here: a standard replacement number never exceeds 9.
CAP: Final = 10
#: Pairs and distinct kinds are clipped at seven: more never helps chiitoitsu.
SEVEN: Final = 7
FORMS: Final = ("all", "standard")

Row = tuple[int, ...]
#: (tiles, row, pairs, distinct kinds, terminal/honor kinds, terminal/honor pair)
Key = tuple[int, Row, int, int, int, int]
Weights = list[int]  # [deals, distinct hands]
Progress = Callable[[int], None]


@dataclass(frozen=True)
class ShantenDistribution:
    """How many deals (and distinct hands) of ``tiles`` tiles sit at each shanten.

    ``deals[s]``: deals of distinguishable tiles (they sum to C(wall, tiles));
    ``hands[s]``: distinct hands, tiles of a kind alike (they sum to ``count_hands``).
    """

    tiles: int
    players: int
    form: str
    deals: dict[int, int]
    hands: dict[int, int]

    @property
    def total_deals(self) -> int:
        """C(wall size, tiles)."""
        return sum(self.deals.values())

    @property
    def total_hands(self) -> int:
        """Distinct hands of ``tiles`` tiles."""
        return sum(self.hands.values())

    def rows(self) -> Iterator[tuple[int, int, float, int, float]]:
        """(shanten, deals, fraction of deals, hands, fraction of hands) by shanten."""
        for s in sorted(self.deals):
            yield (s, self.deals[s], self.deals[s] / self.total_deals,
                   self.hands[s], self.hands[s] / self.total_hands)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict (exact integers)."""
        return {"tiles": self.tiles, "players": self.players, "form": self.form,
                "total_deals": self.total_deals, "total_hands": self.total_hands,
                "distribution": [{"shanten": s, "deals": d, "deal_fraction": fd,
                                  "hands": h, "hand_fraction": fh}
                                 for s, d, fd, h, fh in self.rows()]}


@functools.cache
def suit_groups(m: int, honors: bool, cap: tuple[int, ...]) -> dict[Key, Weights]:
    """Group keys of one suit's vectors of ≤ m tiles with their summed weights.

    ``cap``: the copies of each kind of the suit in the wall (``Rules.copies``).
    """
    import numpy as np

    # in the tables' own index order: row i of digits is the vector of table row i
    digits = table.all_vectors(7 if honors else 9)
    # filter in uint8 first: the int64 copy is then of the few vectors kept
    digits = digits[digits.sum(axis=1, dtype=np.int64) <= m].astype(np.int64)
    if min(cap) < 4:
        # a reduced wall (sanma's manzu): only what it holds, rows under its caps
        digits = digits[(digits <= np.array(cap)).all(axis=1)]
        rows = np.array([table.suit_values(v, honors, cap) for v in digits.tolist()])
    else:
        rows = (table.honor_table() if honors else table.number_table())[
            table.suit_indices(digits)]
    terminals = digits if honors else digits[:, [0, 8]]
    # deals: C(copies_k, c_k) ways to pick the held copies of each kind
    choose = np.array([[comb(n, c) for c in range(5)] for n in cap])
    weights = np.prod(choose[np.arange(len(cap)), digits], axis=1)
    columns = [digits.sum(axis=1), *np.minimum(rows, CAP).T,
               np.minimum((digits >= 2).sum(axis=1), SEVEN),
               np.minimum((digits >= 1).sum(axis=1), SEVEN),
               (terminals >= 1).sum(axis=1), (terminals >= 2).any(axis=1)]
    # one int64 per key (mixed radix, 55 bits): a 1-D unique, not np.unique(axis=0)
    packed = np.zeros(len(digits), dtype=np.int64)
    for column, radix in zip(columns, _RADICES, strict=True):
        packed = packed * radix + column
    unique, inverse = np.unique(packed, return_inverse=True)
    inverse = inverse.reshape(-1)
    deals = np.zeros(len(unique), dtype=np.int64)
    np.add.at(deals, inverse, weights)  # exact: at most C(36, 14) < 2**63
    hands = np.bincount(inverse, minlength=len(unique))
    groups: dict[Key, Weights] = {}
    for code, d, h in zip(unique.tolist(), deals.tolist(), hands.tolist(), strict=True):
        key = []
        for radix in reversed(_RADICES):
            code, digit = divmod(code, radix)
            key.append(digit)
        key.reverse()
        groups[(key[0], tuple(key[1:11]), *key[11:])] = [d, h]
    return groups


#: Radix of each key column: tiles, ten row values (clipped at CAP), pairs, kinds,
#: terminal/honor kinds, terminal/honor pair.
_RADICES: Final = (15, *(CAP + 1,) * 10, SEVEN + 1, SEVEN + 1, 10, 2)


@functools.cache
def _combine_rows(a: Row, b: Row) -> Row:
    """The tables' (min,+) union of two suits' rows (``table.combine``), clipped at CAP (a
    few thousand distinct pairs per distribution, hence the cache; pure Python: numpy's
    per-call cost is ten times the work on ten numbers)."""
    k = table.MAX_MELDS + 1
    u = [min(a[m] + b[n - m] for m in range(n + 1)) for n in range(k)]
    v = [min(min(a[m] + b[k + n - m], a[k + m] + b[n - m]) for m in range(n + 1))
         for n in range(k)]
    return tuple(x if x < CAP else CAP for x in u + v)


def _merge(a: Key, b: Key) -> Key:
    return (a[0] + b[0], _combine_rows(a[1], b[1]), min(SEVEN, a[2] + b[2]),
            min(SEVEN, a[3] + b[3]), a[4] + b[4], a[5] | b[5])


def replacement_numbers(key: Key, melds: int = 4) -> tuple[int, int]:
    """(standard, all forms) replacement numbers of a whole hand's key; a hand of fewer than
    13 tiles (``melds`` < 4, the rest called) has only the standard form.

    >>> replacement_numbers((14, (0,) * 10, 7, 7, 0, 0))
    (0, 0)
    """
    _, row, pairs, kinds, terminals, terminal_pair = key
    standard = row[table.MAX_MELDS + 1 + melds]
    if melds < table.MAX_MELDS:
        return standard, standard
    chiitoitsu = SEVEN - pairs + max(0, SEVEN - kinds)
    kokushi = 13 - terminals + (0 if terminal_pair else 1)
    return standard, min(standard, chiitoitsu, kokushi)


Tables = dict[str, tuple[dict[int, int], dict[int, int]]]
_cache: dict[tuple[int, tuple[int, ...]], Tables] = {}


class _RowIds:
    """Rows as small ints, and their (min,+) unions by id: the merge loop then hashes
    ints instead of ten-value tuples (it runs about a million times for 14 tiles)."""

    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.ids: dict[Row, int] = {}
        self.unions: dict[int, int] = {}

    def id(self, row: Row) -> int:
        found = self.ids.get(row)
        if found is None:
            found = self.ids[row] = len(self.rows)
            self.rows.append(row)
        return found

    def union(self, a: int, b: int) -> int:
        key = a << 20 | b
        found = self.unions.get(key)
        if found is None:
            found = self.unions[key] = self.id(_combine_rows(self.rows[a], self.rows[b]))
        return found


def _compute(m: int, copies: tuple[int, ...], progress: Progress | None) -> Tables:
    # honors first, then the number suits, each with its slice of the wall
    suits = [(honors, copies[base:base + size])
             for base, size, honors in SUIT_SLICES[3:] + SUIT_SLICES[:3]]
    rows = _RowIds()
    union, unions = rows.union, rows.unions
    # keys as in Key, with the row replaced by its id
    states: dict[tuple[int, ...], Weights] = {
        (0, rows.id((0,) + (CAP,) * 9), 0, 0, 0, 0): [1, 1]}
    for i, (honors, cap) in enumerate(suits):
        by_tiles: dict[int, list[tuple[tuple[int, ...], Weights]]] = defaultdict(list)
        for (tiles, suit_row, *rest), weights in suit_groups(m, honors, cap).items():
            by_tiles[tiles].append(((tiles, rows.id(suit_row), *rest), weights))
        # the last suit must bring the hand to exactly m tiles
        last = i == len(suits) - 1
        merged: dict[tuple[int, ...], Weights] = defaultdict(lambda: [0, 0])
        for (a0, arow, a2, a3, a4, a5), (ad, ah) in states.items():
            for tiles in [m - a0] if last else range(m - a0 + 1):
                for (b0, brow, b2, b3, b4, b5), (bd, bh) in by_tiles[tiles]:
                    # _merge inlined, rows by id
                    pairs, kinds = a2 + b2, a3 + b3
                    known = unions.get(arow << 20 | brow)
                    slot = merged[(a0 + b0, union(arow, brow) if known is None else known,
                                   pairs if pairs < SEVEN else SEVEN,
                                   kinds if kinds < SEVEN else SEVEN, a4 + b4, a5 | b5)]
                    slot[0] += ad * bd
                    slot[1] += ah * bh
        states = merged
        if progress:
            progress(1)
    melds = m // 3
    result: Tables = {form: (defaultdict(int), defaultdict(int)) for form in FORMS}
    for (tiles, row_id, pairs, kinds, terminals, pair), (deals, hands) in states.items():
        key = (tiles, rows.rows[row_id], pairs, kinds, terminals, pair)
        for form, r in zip(FORMS, reversed(replacement_numbers(key, melds)), strict=True):
            if r >= CAP:  # would mean the clipping lost information
                raise AssertionError(f"replacement number {r} reached the clip {CAP}")
            result[form][0][r - 1] += deals
            result[form][1][r - 1] += hands
    return {form: (dict(d), dict(h)) for form, (d, h) in result.items()}


def check_request(tiles: int, form: str = "all", *,
                  rules: Rules | str | None = None) -> Rules:
    """The rules, after raising ``HandError``/``RulesError`` unless the statistics are
    defined for these (only the rules' wall matters: seven pairs count a quad as one pair).

    >>> check_request(12)
    Traceback (most recent call last):
    mjasp.core.errors.HandError: a hand has 3n+1 or 3n+2 tiles (up to 14), not 12
    """
    as_int(tiles, "the number of tiles")
    if form not in FORMS:
        raise HandError(f"form must be one of {', '.join(FORMS)}, not {form!r}")
    found = find_rules(rules)
    if found.chiitoitsu_quad:
        raise RulesError("the statistics count a quad as one pair (chiitoitsu_quad=False)")
    if not 1 <= tiles <= 14 or tiles % 3 == 0:
        raise HandError(f"a hand has 3n+1 or 3n+2 tiles (up to 14), not {tiles}")
    return found


def shanten_distribution(tiles: int, form: str = "all",
                         progress: Progress | None = None, *,
                         rules: Rules | str | None = None) -> ShantenDistribution:
    """The exact number of deals (and distinct hands) of ``tiles`` tiles at each shanten.

    ``form``: "all" (the best of standard, chiitoitsu, kokushi) or "standard".
    ``progress`` is called with 1 after each of the four suits (for a progress bar).

    >>> dist = shanten_distribution(4, rules="sanma")
    >>> dist.total_deals == comb(108, 4), sorted(dist.deals)
    (True, [0, 1, 2])
    """
    found = check_request(tiles, form, rules=find_rules(rules))
    key = (tiles, found.copies)
    if key not in _cache:
        _cache[key] = _compute(tiles, found.copies, progress)
    elif progress is not None:
        progress(4)
    deals, hands = _cache[key][form]
    return ShantenDistribution(tiles, found.players, form, deals, hands)


__all__ = ["CAP", "FORMS", "ShantenDistribution", "check_request",
           "replacement_numbers", "shanten_distribution"]
