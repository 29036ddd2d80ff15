"""Per-suit replacement-number tables: the fast path for shanten.

For one suit vector ``h`` (9 counts of a number suit, or 7 honor counts) and
``n = 0..4``:

* ``u_n(h)`` = the fewest draws that turn ``h`` into a superset of *n* melds of that suit,
* ``v_n(h)`` = the same for *n* melds and one pair,

where a draw adds one tile and the target shape holds at most 4 copies of a kind
(distance ``d(h, w) = Σ max(0, w_p − h_p)``). A whole hand's replacement number is the
(min,+) combination of its suits' values (:func:`combine`), and shanten = ``r − 1``.

API (stable; other modules rely on it)
--------------------------------------
``suit_index(counts)``
    base-5 index ``Σ c_i · 5**i`` of one suit vector (``c_0`` = tile 1).
``suit_indices(array)``
    the same, vectorised over the last axis of an integer array.
``number_table()`` / ``honor_table()``
    dense ``uint8`` arrays of shape ``(5**9, 10)`` / ``(5**7, 10)`` indexed by the
    base-5 index; columns ``0..4`` are ``u_0..u_4``, ``5..9`` are ``v_0..v_4``. Every
    vector of ``{0..4}**9`` has a row, including those with more than 14 tiles (their
    values follow the same definition). Read-only views, built lazily from the shipped
    ``mjasp/data/shanten_tables.npz``.
``signature_tables()``
    the compact form: ``(number_ids, number_sigs, honor_ids, honor_sigs)`` — a
    signature id per vector (``uint16``) and the few distinct 10-value rows (126 number
    rows used by vectors, plus 10 for three-player manzu; 55 honor rows).
``suit_values(counts, honors, cap=None)``
    ``u_0..u_4, v_0..v_4`` of one suit as a 10-tuple; ``cap`` (per-kind upper bounds on
    the target, e.g. ``4 −`` tiles already in declared melds, or 0 for kinds not in the
    wall) switches to an exact capped dynamic programme.
``combine(a, b)``
    the (min,+) combination of two 10-value rows (any leading axes), giving the values
    of the union of the two suits.
``replacement_number(rows, melds)``
    ``v_melds`` of the combination of a sequence of rows.
``batch_standard(counts, melds=4, three_player=False)``
    standard-form replacement numbers of an ``(N, 34)`` array (``uint8``, no validation);
    ``batch_replacement`` adds seven pairs / thirteen orphans.
``replacement(counts, melds, ...)`` / ``standard_replacement(counts, melds)``
    one hand over the chosen forms (the options of ``batch_replacement``), pure Python:
    base-5 indices and byte lookups (the single-call hot path).
``capped_standard(counts, melds, cap)``
    one hand with per-kind caps (declared melds, three-player manzu).

The four-copy limit is per kind, so it is per suit: the tables assume a cap of 4 on
every kind and the (min,+) combination of suits is exact. Declared melds lower the cap
of their kinds (a pon of 1m leaves one 1m for the hand's shape) and three-player manzu
caps 2m-8m at 0; those suits go through the capped DP (``suit_values(..., cap=...)``),
or, for three-player manzu without melds, through 25 precomputed rows.

>>> row = suit_values((1, 1, 0, 0, 0, 0, 0, 0, 0), honors=False)   # 12m
>>> row[:5], row[5:]
((0, 1, 4, 7, 10), (1, 3, 6, 9, 12))
>>> r = replacement_number([suit_values((3, 1, 1, 1, 1, 1, 1, 1, 3), False),
...                         suit_values((1, 0, 0, 0, 0, 0, 0), True)], 4)
>>> r - 1   # 1112345678999m1z: tenpai
0

Tables are built by a dynamic programme over the positions of the suit
(:func:`build_tables`), vectorised over every prefix vector at once: the state carries
how many sequences started one and two positions back, the melds used so far and
whether the pair is placed; the cost at a position is ``max(0, w_i − h_i)`` for the
target count ``w_i ≤ 4`` there. Run ``python -m mjasp.solvers.table`` to rebuild the file.
"""

from __future__ import annotations

import functools
import itertools
import struct
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final

from mjasp.core.errors import RulesError

if TYPE_CHECKING:  # numpy loads on first use, not with mjasp (import time)
    from pathlib import Path

    import numpy as np
    import numpy.typing as npt

    U8 = npt.NDArray[np.uint8]
    I64 = npt.NDArray[np.int64]


#: Largest number of melds in a hand.
MAX_MELDS: Final = 4
#: Columns of a row: u_0..u_4 then v_0..v_4.
ROW: Final = 2 * (MAX_MELDS + 1)
#: "Impossible" in the tables (larger than any real distance, small enough for uint8 sums).
INF: Final = 60
#: Where each suit lies among 34 counts (start, length); the last is the honors.
SUITS: Final = ((0, 9), (9, 9), (18, 9), (27, 7))
DATA_FILE: Final = "shanten_tables.npz"

_State = tuple[int, int, int, int]  # (seqs from i-2, seqs from i-1, melds used, pair used)
#: Three-player manzu: only 1m and 9m are in the wall.
_SANMA_MAN_CAP: Final = (4, 0, 0, 0, 0, 0, 0, 0, 4)


@functools.cache
def three_player_wall(copies: tuple[int, ...]) -> bool:
    """Whether a wall (34 copy counts, ``Rules.copies``) is sanma's; the tables know that
    one and the full wall, and refuse any other.

    >>> three_player_wall((4,) * 34), three_player_wall((4,) + (0,) * 7 + (4,) * 26)
    (False, True)
    """
    wall = copies
    if wall[9:] == (4,) * 25 and wall[:9] in (_SANMA_MAN_CAP, (4,) * 9):
        return wall[:9] == _SANMA_MAN_CAP
    raise RulesError("the per-suit tables know the full wall and sanma's, not this one")


def suit_index(counts: Sequence[int]) -> int:
    """Base-5 index ``Σ c_i · 5**i`` of one suit vector.

    >>> suit_index((1, 0, 2))
    51
    """
    index = 0
    for c in reversed(counts):
        index = 5 * index + int(c)
    return index


def suit_indices(counts: npt.ArrayLike) -> I64:
    """Base-5 indices over the last axis (vectorised :func:`suit_index`).

    >>> suit_indices([[1, 0, 2], [0, 0, 1]]).tolist()
    [51, 25]
    """
    import numpy as np

    array = np.asarray(counts, dtype=np.int64)
    powers = 5 ** np.arange(array.shape[-1], dtype=np.int64)
    result: I64 = array @ powers
    return result


# -- building ---------------------------------------------------------------------


def _choices(state: _State, sequences_allowed: bool,
             cap: int) -> Iterable[tuple[_State, int]]:
    """Each way to place blocks at one position: (next state, target count there)."""
    x, y, m, p = state
    for z in range(MAX_MELDS + 1 if sequences_allowed else 1):  # sequences starting here
        for t in (0, 1):  # a triplet here (two would need six copies)
            for q in (0, 1 - p):  # the pair here, if not placed yet
                w = x + y + z + 3 * t + 2 * q
                if w <= cap and m + z + t <= MAX_MELDS:
                    yield (y, z, m + z + t, p + q), w


def _prefix_dp(length: int, honors: bool) -> U8:
    """``(5**length, 10)`` values of every vector, by a DP vectorised over prefixes."""
    import numpy as np

    # dp[state] = array over every prefix vector (index = base-5 of the prefix)
    dp: dict[_State, U8] = {(0, 0, 0, 0): np.zeros(1, dtype=np.uint8)}
    for i in range(length):
        seqs = not honors and i <= length - 3
        best: dict[tuple[_State, int], U8] = {}
        for state, values in dp.items():
            for nxt, w in _choices(state, seqs, 4):
                key = (nxt, w)
                best[key] = values if key not in best else np.minimum(best[key], values)
        new: dict[_State, U8] = {}
        for (nxt, w), values in best.items():
            # the held count h_i is the most significant digit of the new prefix
            cost = np.concatenate([values + max(0, w - h) for h in range(5)])
            new[nxt] = np.minimum(new[nxt], cost) if nxt in new else cost
        dp = new
    table = np.full((5 ** length, ROW), INF, dtype=np.uint8)
    for (x, y, m, p), values in dp.items():
        if x == 0 and y == 0:
            col = (MAX_MELDS + 1) * p + m
            table[:, col] = np.minimum(table[:, col], values)
    return table


def _signatures(table: U8) -> tuple[npt.NDArray[np.uint16], U8]:
    """Distinct rows of a table and each vector's row id."""
    import numpy as np

    sigs, ids = np.unique(table, axis=0, return_inverse=True)
    return ids.reshape(-1).astype(np.uint16), sigs.astype(np.uint8)


def build_tables(path: Path) -> None:
    """Compute every table and write them, compressed, to ``path`` (about 130 kB).

    Besides the per-suit signatures the file holds the (min,+) products of whole
    signatures, so a hand costs a few lookups: ``pair[m, p]`` is the id of the
    combined manzu+pinzu row, ``triple[mp, s]`` adds souzu, and ``final[mps, z]`` holds
    ``v_0..v_4`` of the whole hand. ``sanma_man`` gives the row id of a three-player manzu
    suit (only 1m and 9m exist) by ``5 * c_1m + c_9m``; those rows are appended to
    ``number_sigs``.
    """
    import numpy as np

    number_ids, number_sigs = _signatures(_prefix_dp(9, honors=False))
    honor_ids, honor_sigs = _signatures(_prefix_dp(7, honors=True))
    known = {row.tobytes(): i for i, row in enumerate(number_sigs)}
    rows = list(number_sigs)
    sanma_man = []
    for a in range(5):
        for b in range(5):
            row = np.array(_capped_values((a, 0, 0, 0, 0, 0, 0, 0, b), False, _SANMA_MAN_CAP),
                           dtype=np.uint8)
            sanma_man.append(known.setdefault(row.tobytes(), len(rows)))
            if len(known) > len(rows):
                rows.append(row)
    extended = np.array(rows, dtype=np.uint8)
    pair_ids, two = _signatures(combine(extended[:, None], number_sigs[None]).reshape(-1, ROW))
    triple_ids, three = _signatures(combine(two[:, None], number_sigs[None]).reshape(-1, ROW))
    final = combine(three[:, None], honor_sigs[None])[..., MAX_MELDS + 1:]
    arrays: dict[str, npt.NDArray[np.generic]] = {
        "number_ids": number_ids, "number_sigs": extended, "honor_ids": honor_ids,
        "honor_sigs": honor_sigs, "sanma_man": np.array(sanma_man, dtype=np.uint16),
        "pair": pair_ids.reshape(len(extended), -1),
        "triple": triple_ids.reshape(len(two), -1), "final": final, **_special_stats()}
    np.savez_compressed(path, allow_pickle=False, **arrays)


# -- loading ----------------------------------------------------------------------


@functools.cache
def shipped_arrays(name: str = "") -> dict[str, npt.NDArray[np.generic]]:
    """Every array of a file shipped in ``mjasp/data`` (the tables' by default), read-only."""
    from importlib import resources  # here, not at import: it loads tempfile, zipfile, ...

    import numpy as np

    with resources.files("mjasp").joinpath("data", name or DATA_FILE).open("rb") as handle:
        data = np.load(handle)
        arrays = {key: data[key] for key in data.files}
    for array in arrays.values():
        array.flags.writeable = False
    return arrays


def signature_tables() -> tuple[npt.NDArray[np.uint16], U8, npt.NDArray[np.uint16], U8]:
    """``(number_ids, number_sigs, honor_ids, honor_sigs)`` from the shipped file.

    ``number_sigs[number_ids[i]]`` is the row of the number-suit vector with index ``i``
    (the last few rows of ``number_sigs`` serve three-player manzu only).

    >>> ids, sigs, hids, hsigs = signature_tables()
    >>> sigs[ids[suit_index((0, 0, 0, 0, 0, 0, 0, 0, 0))]].tolist()
    [0, 3, 6, 9, 12, 2, 5, 8, 11, 14]
    """
    a = shipped_arrays()
    return (a["number_ids"], a["number_sigs"],  # type: ignore[return-value]
            a["honor_ids"], a["honor_sigs"])


def _dense(ids: npt.NDArray[np.uint16], sigs: U8) -> U8:
    dense = sigs[ids]
    dense.flags.writeable = False
    return dense


@functools.cache
def number_table() -> U8:
    """Dense ``(5**9, 10)`` values of every number-suit vector (read-only)."""
    return _dense(*signature_tables()[:2])


@functools.cache
def honor_table() -> U8:
    """Dense ``(5**7, 10)`` values of every honor vector (read-only)."""
    return _dense(*signature_tables()[2:])


# -- one suit, one hand -----------------------------------------------------------


def suit_values(counts: Sequence[int], honors: bool,
                cap: Sequence[int] | None = None) -> tuple[int, ...]:
    """``(u_0..u_4, v_0..v_4)`` of one suit; ``cap`` bounds the target per kind.

    >>> suit_values((0, 0, 0, 0, 0, 0, 0), True)[5:7]   # honors: a pair, pair + triplet
    (2, 5)
    >>> suit_values((2, 0, 0, 0, 0, 0, 0), True, cap=(0, 4, 4, 4, 4, 4, 4))[5]
    2
    """
    if cap is None or min(cap) >= 4:
        ids, sigs, hids, hsigs = signature_tables()
        index = suit_index(counts)
        row = hsigs[hids[index]] if honors else sigs[ids[index]]
        return tuple(int(v) for v in row)
    return _capped_values(tuple(int(c) for c in counts), honors, tuple(int(c) for c in cap))


@functools.lru_cache(maxsize=1 << 16)
def _capped_values(counts: tuple[int, ...], honors: bool,
                   cap: tuple[int, ...]) -> tuple[int, ...]:
    """The same DP as the tables, for one vector, with per-kind caps on the target."""
    length = len(counts)
    dp: dict[_State, int] = {(0, 0, 0, 0): 0}
    for i, held in enumerate(counts):
        seqs = not honors and i <= length - 3
        new: dict[_State, int] = {}
        for state, value in dp.items():
            for nxt, w in _transitions(state, seqs, min(4, cap[i])):
                cost = value + w - held if w > held else value
                if cost < new.get(nxt, INF):
                    new[nxt] = cost
        dp = new
    row = [INF] * ROW
    for (x, y, m, p), value in dp.items():
        if x == 0 and y == 0:
            col = (MAX_MELDS + 1) * p + m
            row[col] = min(row[col], value)
    return tuple(row)


@functools.cache
def _transitions(state: _State, sequences_allowed: bool,
                 cap: int) -> tuple[tuple[_State, int], ...]:
    """:func:`_choices` as a cached tuple (the capped DP visits the same states often)."""
    return tuple(_choices(state, sequences_allowed, cap))


class _Lookup:
    """The tables packed for lookups: one ``uint32`` per suit vector holds everything a
    hand needs from that suit, so a hand costs four gathers (numpy, batch) or four
    indexings (``memoryview``, single calls) into one 8 MB array instead of five.

    Packing (low to high byte): seven-pairs units, thirteen-orphans units, seven-pairs
    units with the quad rule (``_STATS``), then the signature id (136 number, 55 honor
    rows). The three unit bytes of four suits add without carry (each sum stays below 256
    for a hand of at most 14 tiles), so one addition gives all three special-form keys.
    """

    def __init__(self) -> None:
        # read the file directly: the unpacked arrays (10 MB) are dropped after packing
        from importlib import resources

        import numpy as np

        with resources.files("mjasp").joinpath("data", DATA_FILE).open("rb") as handle:
            a = np.load(handle)
            self.packed_number = _pack(a["number_ids"], a["number_pairs"],
                                       a["number_orphans"], a["number_quads"])
            self.packed_honor = _pack(a["honor_ids"], a["honor_pairs"], a["honor_orphans"],
                                      a["honor_quads"])
            # three-player manzu by 5 * c_1m + c_9m: its own row ids, the full vector's units
            full = np.array([x + 390625 * y for x in range(5) for y in range(5)])
            self.packed_sanma = ((self.packed_number[full] & 0xFFFFFF)
                                 | (a["sanma_man"].astype(np.uint32) << 24))
            self.pair_ids = a["pair"].astype(np.uint8)
            self.triple_ids = a["triple"].astype(np.uint8)
            final = a["final"]
        self.numbers = int(self.pair_ids.shape[1])
        self.honors = int(final.shape[1])
        # final[melds, three, honor] -> v_melds; flat copies for the batch's 1-D gathers
        self.final_by_melds = np.ascontiguousarray(np.moveaxis(final, 2, 0))
        self.pair_flat = self.pair_ids.reshape(-1).astype(np.intp)
        self.triple_flat = self.triple_ids.reshape(-1).astype(np.intp)
        # single calls index ``bytes`` and ``memoryview``: the cheapest lookups Python has
        self.number = self.packed_number.data.cast("B").cast("I")
        self.honor = self.packed_honor.data.cast("B").cast("I")
        self.sanma = self.packed_sanma.data.cast("B").cast("I")
        self.pair = self.pair_ids.tobytes()
        self.triple = self.triple_ids.tobytes()
        self.final = final.tobytes()
        # replacement numbers by the summed unit byte of the four suits
        packed = np.arange(256)
        self.seven_pairs_by_packed = _seven_pairs_value(packed)
        self.thirteen_orphans_by_packed = _thirteen_orphans_value(packed)
        self.seven_pairs = self.seven_pairs_by_packed.tobytes()
        self.thirteen_orphans = self.thirteen_orphans_by_packed.tobytes()


def _pack(ids: npt.NDArray[np.generic], pairs: npt.NDArray[np.generic],
          orphans: npt.NDArray[np.generic],
          quads: npt.NDArray[np.generic]) -> npt.NDArray[np.uint32]:
    """One ``uint32`` per vector: pairs | orphans << 8 | quads << 16 | signature id << 24."""
    import numpy as np

    packed: npt.NDArray[np.uint32] = pairs.astype(np.uint32)
    packed |= orphans.astype(np.uint32) << 8
    packed |= quads.astype(np.uint32) << 16
    packed |= ids.astype(np.uint32) << 24
    return packed


def all_vectors(length: int) -> U8:
    """``(5**length, length)`` counts of every vector, row i = the vector of index i.

    >>> all_vectors(2)[7].tolist()   # 7 = 2 + 1·5
    [2, 1]
    """
    import numpy as np

    # digit by digit, most significant last: uint8 throughout (no int64 temporaries)
    vectors = np.zeros((1, 0), dtype=np.uint8)
    for digit in range(length):
        size = len(vectors)
        grown = np.empty((5 * size, digit + 1), dtype=np.uint8)
        grown[:, :digit] = np.tile(vectors, (5, 1))
        grown[:, digit] = np.repeat(np.arange(5, dtype=np.uint8), size)
        vectors = grown
    return vectors


#: Per-suit tables of the special forms, in the data file.
_STATS: Final = ("number_pairs", "honor_pairs", "number_quads", "honor_quads",
                 "number_orphans", "honor_orphans")


def _special_stats() -> dict[str, U8]:
    """The ``_STATS`` arrays, indexed by base-5 suit index."""
    number, honor = all_vectors(9), all_vectors(7)
    return {"number_pairs": _pair_stats(number, quads=False),
            "honor_pairs": _pair_stats(honor, quads=False),
            "number_quads": _pair_stats(number, quads=True),
            "honor_quads": _pair_stats(honor, quads=True),
            "number_orphans": _orphan_stats(number[:, [0, 8]]),
            "honor_orphans": _orphan_stats(honor)}


def _pair_stats(digits: U8, quads: bool) -> U8:
    """Per vector ``32 * min(pairs, 7) + min(singles, 7)``: seven-pairs units held.

    A pair unit keeps two held tiles, a single keeps one; under the quad rule four of a
    kind is two pair units and three of a kind a pair and a single.
    """
    import numpy as np

    pairs = (digits >= 2).sum(axis=1) + quads * (digits == 4).sum(axis=1)
    singles = (digits == 1).sum(axis=1) + quads * (digits == 3).sum(axis=1)
    packed: U8 = (32 * np.minimum(pairs, 7) + np.minimum(singles, 7)).astype(np.uint8)
    return packed


def _orphan_stats(digits: U8) -> U8:
    """Per vector ``16 * (terminal/honor kinds missing) + (kinds held exactly once)``."""
    import numpy as np

    packed: U8 = (16 * (digits == 0).sum(axis=1) + (digits == 1).sum(axis=1)).astype(np.uint8)
    return packed


def _seven_pairs_value(packed: npt.NDArray[np.integer]) -> U8:
    """Seven pairs from the summed ``_pair_stats`` of the suits: 14 minus the held tiles
    kept by the best seven units (pairs first, then singles)."""
    import numpy as np

    pairs = np.minimum(packed >> 5, 7)
    value: U8 = (14 - 2 * pairs - np.minimum(packed & 31, 7 - pairs)).astype(np.uint8)
    return value


def _thirteen_orphans_value(packed: npt.NDArray[np.integer]) -> U8:
    """Thirteen orphans from the summed ``_orphan_stats`` of the suits."""
    import numpy as np

    missing = packed >> 4
    # 13 kinds + one more copy: a held pair (some kind held twice or more) saves a draw
    value: U8 = (1 + missing - (missing + (packed & 15) < 13)).astype(np.uint8)
    return value


@functools.cache
def _lookup() -> _Lookup:
    return _Lookup()


def replacement(c: Sequence[int], melds: int, standard: bool = True, seven_pairs: bool = False,
                orphans: bool = False, three_player: bool = False, quads: bool = False) -> int:
    """Least replacement number of one hand over the chosen forms, no extra caps.

    The single-call counterpart of :func:`batch_replacement` (same options): base-5
    indices and packed lookups in pure Python. ``mjasp.shanten`` takes the faster
    :func:`counts_replacement` for the default options.

    >>> pairs = [0] * 27 + [2] * 7   # 11223344556677z
    >>> replacement(pairs, 4, seven_pairs=True, orphans=True), replacement(pairs, 4)
    (0, 4)
    """
    t = _lookup()
    number = t.number
    # three-player manzu holds only 1m and 9m
    m = t.sanma[5 * c[0] + c[8]] if three_player else number[c[0] + 5 * (c[1] + 5 * (
        c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8])))))))]
    p = number[c[9] + 5 * (c[10] + 5 * (c[11] + 5 * (c[12] + 5 * (
        c[13] + 5 * (c[14] + 5 * (c[15] + 5 * (c[16] + 5 * c[17])))))))]
    s = number[c[18] + 5 * (c[19] + 5 * (c[20] + 5 * (c[21] + 5 * (
        c[22] + 5 * (c[23] + 5 * (c[24] + 5 * (c[25] + 5 * c[26])))))))]
    z = t.honor[c[27] + 5 * (c[28] + 5 * (c[29] + 5 * (c[30] + 5 * (
        c[31] + 5 * (c[32] + 5 * c[33])))))]
    return _combine_packed(t, m, p, s, z, melds, standard, seven_pairs, orphans, quads)


def draw_replacements(c: Sequence[int], melds: int, tiles: Iterable[int],
                      standard: bool = True, seven_pairs: bool = False, orphans: bool = False,
                      three_player: bool = False, quads: bool = False) -> list[int]:
    """:func:`replacement` of ``c`` plus one copy of each of ``tiles`` (each below 4 copies).

    A draw changes one suit, so the other three suits are looked up once for all tiles.

    >>> draw_replacements([1, 1] + [0] * 25 + [2, 0, 0, 0, 0, 0, 0], 1, [2, 27])
    [0, 1]
    """
    t = _lookup()
    suits = [suit_index(c[b:b + n]) for b, n in ((0, 9), (9, 9), (18, 9), (27, 7))]
    tables = (t.number, t.number, t.number, t.honor)
    packed = [tables[i][x] for i, x in enumerate(suits)]
    if three_player:  # manzu by 5 * c_1m + c_9m
        packed[0] = t.sanma[5 * c[0] + c[8]]
    # _combine_packed inlined, its tables bound once (this loop runs per usable tile)
    numbers, honors, pair, triple, final = t.numbers, t.honors, t.pair, t.triple, t.final
    units_shift = 16 if quads else 0
    out = []
    for tile in tiles:
        suit = tile // 9 if tile < 27 else 3
        digit = tile - 9 * suit
        values = packed.copy()
        if three_player and suit == 0:
            values[0] = t.sanma[5 * (c[0] + (digit == 0)) + c[8] + (digit == 8)]
        else:
            values[suit] = tables[suit][suits[suit] + 5 ** digit]
        m, p, s, z = values
        best: int = INF
        if standard:
            three = triple[pair[(m >> 24) * numbers + (p >> 24)] * numbers + (s >> 24)]
            best = final[(three * honors + (z >> 24)) * (MAX_MELDS + 1) + melds]
        if seven_pairs or orphans:
            units = m + p + s + z
            if seven_pairs:
                best = min(best, t.seven_pairs[(units >> units_shift) & 255])
            if orphans:
                best = min(best, t.thirteen_orphans[(units >> 8) & 255])
        out.append(best)
    return out


def _combine_packed(t: _Lookup, m: int, p: int, s: int, z: int, melds: int, standard: bool,
                    seven_pairs: bool, orphans: bool, quads: bool) -> int:
    """The least replacement number from the four suits' packed values."""
    best: int = INF
    if standard:
        numbers = t.numbers
        three = t.triple[t.pair[(m >> 24) * numbers + (p >> 24)] * numbers + (s >> 24)]
        best = t.final[(three * t.honors + (z >> 24)) * (MAX_MELDS + 1) + melds]
    units = m + p + s + z  # the unit bytes add without carry
    if seven_pairs:
        best = min(best, t.seven_pairs[(units >> 16 if quads else units) & 255])
    if orphans:
        best = min(best, t.thirteen_orphans[(units >> 8) & 255])
    return best


#: 34 counts as ``bytes``, unpacked per suit into 4 + 4 + 1 (honors 4 + 2 + 1) digits.
_SUIT_GROUPS: Final = struct.Struct("<IIBIIBIIBIHB")


def _build_counts_function() -> Callable[[bytes, int, bool], int]:
    """Build the function behind :func:`counts_replacement`: every table bound as a local
    name.

    ``struct`` splits the 34 bytes into 12 little-endian integers in one call; small
    dicts turn 4 (or 2) packed bytes into their base-5 value and a tuple the single last
    digit. A count above 4 is missing from those, so a lookup error doubles as validation.
    """
    t = _lookup()
    low: dict[int, int] = {}
    high: dict[int, int] = {}
    honor_high: dict[int, int] = {}
    for digits in itertools.product(range(5), repeat=4):
        key = digits[0] | digits[1] << 8 | digits[2] << 16 | digits[3] << 24
        value = digits[0] + 5 * digits[1] + 25 * digits[2] + 125 * digits[3]
        low[key], high[key] = value, 625 * value
        if digits[2] == digits[3] == 0:
            honor_high[key] = 625 * value
    ninth = tuple(5 ** 8 * d for d in range(5))
    seventh = tuple(5 ** 6 * d for d in range(5))
    numbers, honors = t.numbers, t.honors

    def replacement(b: bytes, melds: int, special: bool, unpack: Callable[[bytes], tuple[int, ...]]
               = _SUIT_GROUPS.unpack, low: dict[int, int] = low, high: dict[int, int] = high,
               honor_high: dict[int, int] = honor_high, ninth: tuple[int, ...] = ninth,
               seventh: tuple[int, ...] = seventh, number: memoryview = t.number,
               honor: memoryview = t.honor, pair: bytes = t.pair, triple: bytes = t.triple,
               final: bytes = t.final, seven_pairs: bytes = t.seven_pairs,
               thirteen_orphans: bytes = t.thirteen_orphans) -> int:
        m0, m1, m2, p0, p1, p2, s0, s1, s2, z0, z1, z2 = unpack(b)
        m = number[low[m0] + high[m1] + ninth[m2]]
        p = number[low[p0] + high[p1] + ninth[p2]]
        s = number[low[s0] + high[s1] + ninth[s2]]
        z = honor[low[z0] + honor_high[z1] + seventh[z2]]
        best: int = final[(triple[pair[(m >> 24) * numbers + (p >> 24)] * numbers
                                  + (s >> 24)] * honors + (z >> 24)) * 5 + melds]
        if special:
            units = m + p + s + z
            value = seven_pairs[units & 255]
            if value < best:
                best = value
            value = thirteen_orphans[(units >> 8) & 255]
            if value < best:
                best = value
        return best

    return replacement


def counts_replacement(counts: bytes, melds: int, special: bool) -> int:
    """Least replacement number of 34 counts given as ``bytes`` (the hot path).

    ``special`` adds seven pairs and thirteen orphans to the standard form (four-player
    rules, no declared melds). A count above 4 raises ``KeyError`` or ``IndexError`` and
    a length other than 34 ``struct.error``: callers turn those into a ``HandError``.

    >>> counts_replacement(bytes([0] * 27 + [2] * 7), 4, True)
    0
    """
    return counts_function()(counts, melds, special)


@functools.cache
def counts_function() -> Callable[[bytes, int, bool], int]:
    """The function behind :func:`counts_replacement`, to bind once and call directly."""
    return _build_counts_function()


def standard_replacement(counts: Sequence[int], melds: int, three_player: bool = False) -> int:
    """Replacement number of the standard form (``melds`` melds + a pair), no extra caps.

    >>> standard_replacement([1, 1, 1, 1, 1, 1, 1, 1, 1] + [0] * 18 + [4, 0, 0, 0, 0, 0, 0], 4)
    2
    """
    return replacement(counts, melds, three_player=three_player)


def _pair_weights() -> npt.NDArray[np.uint64]:
    """``(17, 1029)``: what the pair of tiles ``2k, 2k+1`` adds to two packed suit indices.

    Read as ``uint16``, a row of 34 ``uint8`` counts is 17 numbers ``c_2k + 256 c_2k+1``;
    each indexes row ``k`` here. Tiles 0-17 go to one ``uint64`` (manzu index in bits
    0-20, pinzu from bit 21), tiles 18-33 to another (souzu, then honors from bit 21), so
    a hand's four base-5 indices are 17 gathers and adds: integer work, no BLAS call.
    """
    import numpy as np

    weights = np.zeros((17, 1029), dtype=np.uint64)
    for k in range(17):
        for low in range(5):
            for high in range(5):
                total = 0
                for count, tile in ((low, 2 * k), (high, 2 * k + 1)):
                    suit, digit = min(tile // 9, 3), tile - 9 * min(tile // 9, 3)
                    total += count * 5 ** digit << (_INDEX_BITS * (suit % 2))
                weights[k, low + 256 * high] = total
    return weights


#: Bits of one base-5 suit index (5**9 < 2**21) inside a packed pair of indices.
_INDEX_BITS: Final = 21
#: Hands per chunk: small enough that every temporary stays in the CPU cache.
CHUNK = 4096


def batch_standard(counts: npt.NDArray[np.integer], melds: int | npt.NDArray[np.intp] = MAX_MELDS,
                   three_player: bool = False) -> U8:
    """Vectorised :func:`standard_replacement` over an ``(N, 34)`` count array.

    ``melds`` is one number or one per hand. No validation: counts must be 0..4.

    >>> import numpy as np
    >>> batch_standard(np.array([[1] * 9 + [0] * 18 + [4] + [0] * 6]), 4).tolist()
    [2]
    """
    return batch_replacement(counts, melds, three_player)


def batch_replacement(counts: npt.NDArray[np.integer],
                      melds: int | npt.NDArray[np.intp] = MAX_MELDS,
                      three_player: bool = False, standard: bool = True,
                      seven_pairs: bool = False, orphans: bool = False, quads: bool = False,
                      special_rows: npt.NDArray[np.bool_] | None = None) -> U8:
    """Least replacement number over the chosen forms for each row of ``counts``.

    The special forms (``seven_pairs``, ``orphans``; ``quads``: a quad is two pairs)
    apply to the rows where ``special_rows`` is true (default: all).
    ``_pair_weights`` gives the four suit indices of a chunk, then each form is a few
    gathers: integer numpy only, no BLAS or threads, memory O(chunk).

    >>> import numpy as np
    >>> hands = np.array([[2] * 7 + [0] * 27, [1] * 9 + [0] * 18 + [4] + [0] * 6])
    >>> batch_replacement(hands, 4, seven_pairs=True, orphans=True).tolist()
    [0, 2]
    """
    import numpy as np

    t = _lookup()
    weights = _weights()
    mask = np.uint64((1 << _INDEX_BITS) - 1)
    shift = np.uint64(_INDEX_BITS)
    number, honor = t.packed_number, t.packed_honor
    units_shift = 16 if quads else 0
    out = np.empty(len(counts), dtype=np.uint8)
    per_hand = not isinstance(melds, int)
    final = None if per_hand else t.final_by_melds[melds].reshape(-1)
    for start in range(0, len(counts), CHUNK):
        stop = start + CHUNK
        block = np.ascontiguousarray(counts[start:stop], dtype=np.uint8)
        pairs = block.view("<u2")
        low = weights[0][pairs[:, 0]]
        for k in range(1, 9):
            low += weights[k][pairs[:, k]]
        high = weights[9][pairs[:, 9]]
        for k in range(10, 17):
            high += weights[k][pairs[:, k]]
        if three_player:  # the manzu index is 5 * c_1m + c_9m
            m = t.packed_sanma[5 * block[:, 0].astype(np.intp) + block[:, 8]]
        else:
            m = number[low & mask]
        p, s, z = number[low >> shift], number[high & mask], honor[high >> shift]
        best = np.full(len(block), INF, dtype=np.uint8)
        if standard:
            numbers = np.uint32(t.numbers)
            mp = t.pair_flat[(m >> 24) * numbers + (p >> 24)]
            three = t.triple_flat[mp * t.numbers + (s >> 24)]
            honors = three * t.honors + (z >> 24)
            if final is None:
                best = t.final_by_melds.reshape(MAX_MELDS + 1, -1)[
                    melds[start:stop], honors]  # type: ignore[index]
            else:
                best = final[honors]
        special = None if special_rows is None else special_rows[start:stop]
        units = m + p + s + z  # the unit bytes add without carry
        if seven_pairs:
            value = t.seven_pairs_by_packed[(units >> units_shift) & 255]
            best = np.minimum(best, value if special is None else np.where(special, value, INF))
        if orphans:
            value = t.thirteen_orphans_by_packed[(units >> 8) & 255]
            best = np.minimum(best, value if special is None else np.where(special, value, INF))
        out[start:stop] = best
    return out


@functools.cache
def _weights() -> npt.NDArray[np.uint64]:
    return _pair_weights()


def capped_standard(counts: Sequence[int], melds: int, cap: Sequence[int]) -> int:
    """Replacement number of the standard form when the target is capped per kind.

    ``cap[k]`` is the most copies of kind ``k`` the winning shape may hold in hand
    (4 minus the copies in declared melds; 0 for kinds not in the wall).

    >>> capped_standard([1] * 9 + [0] * 18 + [4] + [0] * 6, 4, [4] * 8 + [0] + [4] * 25)
    3
    """
    rows = [suit_values(counts[b:b + n], b == 27, cap[b:b + n]) for b, n in SUITS]
    return replacement_number(rows, melds)


def capped_standard_rows(counts: npt.ArrayLike, melds: int, cap: Sequence[int]) -> U8:
    """:func:`capped_standard` of many hands at once (rows of 34 counts, the same melds and
    cap): each distinct suit's values once, combined by :func:`combine` over all rows.

    >>> capped_standard_rows([[1] * 9 + [0] * 18 + [4] + [0] * 6] * 2, 4,
    ...                      [4] * 8 + [0] + [4] * 25).tolist()
    [3, 3]
    """
    import numpy as np

    rows = np.asarray(counts, dtype=np.uint8).reshape(-1, 34)
    if not len(rows):
        return np.empty(0, dtype=np.uint8)
    total: U8 | None = None
    for b, n in SUITS:
        # each suit's counts (0-4) as one base-5 number: ``np.unique`` of rows
        # (``axis=0``) sorts them as opaque records, some hundred times slower
        keys = rows[:, b:b + n].astype(np.int64) @ (5 ** np.arange(n, dtype=np.int64))
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        values = np.array([suit_values(rows[i, b:b + n].tolist(), b == 27, cap[b:b + n])
                           for i in first.tolist()],
                          dtype=np.uint8).reshape(-1, ROW)[inverse.ravel()]
        total = values if total is None else combine(total, values)
    assert total is not None
    return np.minimum(total[:, MAX_MELDS + 1 + melds], INF)


def combine(a: npt.ArrayLike, b: npt.ArrayLike) -> U8:
    """(min,+) combination of two rows ``(u_0..u_4, v_0..v_4)`` (broadcast over leading axes).

    u_n = min_m a.u_m + b.u_(n−m); v_n = min_m min(a.u_m + b.v_(n−m), a.v_m + b.u_(n−m)).

    >>> combine([0, 1, 4, 7, 10, 1, 2, 5, 8, 11], [0, 3, 6, 9, 12, 2, 5, 8, 11, 14]).tolist()
    [0, 1, 4, 7, 10, 1, 2, 5, 8, 11]
    """
    import numpy as np

    x = np.asarray(a, dtype=np.uint8)
    y = np.asarray(b, dtype=np.uint8)
    shape = np.broadcast_shapes(x.shape, y.shape)
    out = np.full(shape, INF, dtype=np.uint8)
    k = MAX_MELDS + 1
    for n in range(k):
        for m in range(n + 1):
            np.minimum(out[..., n], x[..., m] + y[..., n - m], out=out[..., n])
            np.minimum(out[..., k + n], x[..., m] + y[..., k + n - m], out=out[..., k + n])
            np.minimum(out[..., k + n], x[..., k + m] + y[..., n - m], out=out[..., k + n])
    np.minimum(out, INF, out=out)
    return out


def replacement_number(rows: Iterable[Sequence[int]], melds: int) -> int:
    """``v_melds`` of the combined rows: the fewest draws to ``melds`` melds and a pair.

    Pure Python (the same recurrences as :func:`combine`): a handful of rows is faster
    without numpy's per-call overhead.
    """
    k = MAX_MELDS + 1
    total: list[int] | None = None
    for row in rows:
        b = [int(x) for x in row]
        if total is None:
            total = b
            continue
        a = total
        total = [min(a[m] + b[n - m] for m in range(n + 1)) for n in range(k)] + [
            min(min(a[m] + b[k + n - m], a[k + m] + b[n - m]) for m in range(n + 1))
            for n in range(k)]
    if total is None:
        raise ValueError("no suits to combine")
    return min(total[k + melds], INF)


def default_target() -> Path:
    """Where ``python -m mjasp.solvers.table`` writes without an argument: the folder the
    tables are loaded from (``mjasp/data``), installed or not."""
    from pathlib import Path

    return Path(__file__).resolve().parent.parent / "data"


def write_data(argv: Sequence[str], name: str, build: Callable[[Path], None]) -> None:
    """The command line of a data builder: write ``name`` into the folder given (or into
    ``default_target()``), or to the file given."""
    from pathlib import Path

    target = Path(argv[0]) if argv else default_target()
    if target.is_dir():
        target = target / name
    build(target)
    print(f"wrote {target} ({target.stat().st_size} bytes)")


if __name__ == "__main__":
    write_data(sys.argv[1:], DATA_FILE, build_tables)
