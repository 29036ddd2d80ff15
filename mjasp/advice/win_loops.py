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

from collections.abc import Callable, Sequence
from itertools import product
from math import comb
from typing import Any

from mjasp.advice.tiles37 import FIVES
from mjasp.core.errors import MjaspError
from mjasp.scoring.api import HandChecks, check_prepared, hand_readings
from mjasp.solvers.lookup import hand_and_readings
from mjasp.solvers.scoring_direct import shapes_by_tile

#: The ura han groups: a held kind has 0 to 4 copies.
GROUPS = 5


def red_sets(wins: Sequence[tuple[bytes, int]], kinds: Sequence[int]
             ) -> tuple[list[int], list[tuple[int, int, int]]] | None:
    """The wins (14 tile37 counts, winning tile37) that differ only in which fives are red:
    the same 34 kind counts and winning kind (``kinds[tile]``), among adjacent wins (a run
    with the same 34 counts: ``solve``'s wins are sorted by their counts, so a set is one
    run there; elsewhere a set split by other wins is one set per run, each scored apart).
    Per such set, its first win with the fewest red fives (``first``, in order), and each
    other one as (row, that row, its red fives less that one's), in order. None where no
    two wins share a set or none holds a red five.

    >>> from mjasp.advice.tiles37 import kind37, parse37
    >>> plain, red = parse37("123455m123p11s777z"), parse37("123405m123p11s777z")
    >>> red_sets([(plain, 4), (red, 4), (red, 34)], [kind37(t) for t in range(37)])
    ([0], [(1, 0, 1), (2, 0, 1)])
    """
    rows = list(wins)
    kind_of = tuple(kinds)
    n = len(rows)
    reds = bytearray(n)
    kind = bytearray(n)
    some = False
    for j in range(n):
        h14, tile = rows[j]
        red = h14[34] + h14[35] + h14[36]
        reds[j] = red
        kind[j] = kind_of[tile]
        if red:
            some = True
    if not some:
        return None
    first = []
    variants = []
    # per kind, its set's leader in the run (before the run: none) and its red fives
    lead = [-1] * 34
    best = [0] * 34
    start = 0
    while start < n:
        # the run of wins with the 34 counts of its first: a byte compare (no key made)
        h14 = rows[start][0]
        end = start + 1
        while end < n:
            other = rows[end][0]
            k = 0
            while k < 34 and other[k] == h14[k]:
                k += 1
            if k < 34:
                break
            end += 1
        for j in range(start, end):
            # the first of the run's wins of its kind with the fewest red fives
            k = kind[j]
            if lead[k] < start or reds[j] < best[k]:
                lead[k] = j
                best[k] = reds[j]
        for j in range(start, end):
            like = lead[kind[j]]
            if like == j:
                first.append(j)
            else:
                variants.append((j, like, reds[j] - reds[like]))
        start = end
    if not variants:
        return None
    return first, variants


def extended(shape: tuple[tuple[int, int, bool], ...], table: tuple[list[int], list[int]] | None,
             added: int, memo: dict[tuple[int, int], int], points: Callable[[int, int], int]
             ) -> tuple[list[int], list[int]]:
    """``Model._extended``: a shape's best points (``points(han, fu)``, kept in ``memo``)
    for 0..``added`` han added, each (han, fu, has a reading) of ``shape`` a candidate,
    ``table`` the first ones or None; with any reading, then with a reading only (0 when
    none counts). New lists, ``table`` left as it is.

    >>> extended(((1, 30, True), (2, 40, False)), None, 1, {}, lambda han, fu: han * fu)
    ([80, 120], [30, 60])
    """
    out: tuple[list[int], list[int]] = ([], []) if table is None else \
        (list(table[0]), list(table[1]))
    for lst, any_reading in zip(out, (True, False), strict=True):
        while len(lst) <= added:
            n = len(lst)
            got = 0
            for han, fu, read in shape:
                if any_reading or read:
                    key = (han + n, fu)
                    pts = memo.get(key)
                    if pts is None:
                        pts = memo[key] = points(han + n, fu)
                    if pts > got:
                        got = pts
            lst.append(got)
    return out


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


def walls(hands: bytes, start: bytes, unseen: bytes, wall: Any, held: Any) -> None:
    """Fill the ura indicators' wall of each hand (``hands``: rows of 37 tile37 counts, one
    after another): ``wall[i]`` the ``unseen`` 34 counts less what hand ``i`` holds beyond
    ``start`` (``tiles37.held_beyond``: a five kind's plain and red copies apart), at least
    0, and ``held[i]`` its 34 counts. Numpy arrays: int64 (the rows as one bytes object:
    no array made per step, as ``Model._ura_arrays`` made them)."""
    n = len(hands) // 37
    for i in range(n):
        at = 37 * i
        for k in range(34):
            h = hands[at + k]
            held[i, k] = h
            over = h - start[k]
            wall[i, k] = unseen[k] - (over if over > 0 else 0)
        for f in range(3):  # a five kind: its plain and red copies apart
            k = FIVES[f]
            h = hands[at + k]
            red = hands[at + 34 + f] - start[34 + f]
            over = (h - hands[at + 34 + f]) - (start[k] - start[34 + f])
            over = (over if over > 0 else 0) + (red if red > 0 else 0)
            wall[i, k] = unseen[k] - over
        for k in range(34):
            if wall[i, k] < 0:
                wall[i, k] = 0


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


def hand_shapes(h14: bytes, tiles: list[int], scoring: tuple[Any, ...]
                ) -> tuple[Any, tuple[Any, ...], list[Any]]:
    """A winning hand's ``Hand`` and readings, and for each of its winning ``tiles``
    (tile37) the (han, fu, has a reading) of each candidate of its plain self-draw, or None
    where the situations are not derived from them (no readings, no situation items, a
    candidate that is a yakuman or has no yaku: ``shapes_by_tile``): one scoring call for
    all the tiles, no ``Score`` made. ``scoring``: (the melds, the plain self-draw's
    ``Win``, the rules, whether the situations are derived, ``kind37`` by tile37, the
    hands checked before by 37 counts: their (Hand, readings), ``hand_checks`` of the
    melds, that Win and the rules).

    The Hand is built unchecked (``trusted_hand``): the model's hands are its start's
    tiles and its wall's, which ``Model._check_tiles`` found to fit a Hand together. The
    hand's checks of ``mjasp.score`` that do not read the winning tile (``check_hand``,
    whose Win is the plain one: its tile is not read; ``check_prepared``) are made, and a
    hand failing them has no readings. Only for the wins the graph builds (a tile drawn
    from the wall into the hand): those pass the winning tile's checks
    (``check_winning_tile``: the tile among the concealed ones, a red or plain five as
    drawn, in the tile set, no chankan), which are not asked again here (tested on every
    win of the builders' graphs)."""
    melds, win, rules, derive, kinds, checked, checks = scoring
    found = checked.get(h14)
    if found is None:
        # the Hand and its readings in one call (compiled: one C call from the 37 counts)
        hand, read = hand_and_readings(h14, h14, melds, rules)
        readings = checked_readings(hand, read, checks)
    else:
        hand, readings = found
    if not readings or not derive:
        return hand, readings, [None] * len(tiles)
    asked = []
    for tile in tiles:
        asked.append(kinds[tile])
    return hand, readings, shapes_by_tile(hand, win, rules, asked, readings)


def passed_readings(hand: Any, checks: HandChecks, rules: Any) -> tuple[Any, ...]:
    """The readings of ``hand`` after the checks of ``mjasp.score`` that do not read the
    winning tile (``check_hand``: ``check_prepared`` with ``checks``, ``hand_checks`` of
    the hand's melds, the Win and ``rules``), or none where they refuse it."""
    try:
        check_prepared(hand, checks)
        return hand_readings(hand, rules)
    except MjaspError:
        return ()


def checked_readings(hand: Any, readings: Sequence[Any], checks: HandChecks
                     ) -> tuple[Any, ...]:
    """``passed_readings`` of ``hand`` whose readings (``counts_readings``: none where it
    is not complete, as ``hand_readings`` refuses it) are already found."""
    try:
        check_prepared(hand, checks)
    except MjaspError:
        return ()
    return tuple(readings)


def classify(wins: Sequence[tuple[bytes, int]], at: Sequence[int], scoring: tuple[Any, ...],
             engine: Callable[[int, bytes, int, Any, tuple[Any, ...]], None],
             state: tuple[Any, ...]) -> None:
    """Score the wins ``at`` (rows of ``wins``, (14 tile37 counts, winning tile37); the
    wins of one hand next to each other): each run of one hand checked and scored once for
    all its tiles (``hand_shapes``, with ``scoring``); a row on the ``points`` path gets
    its shape's id (``sid_of``) and its hand's ura row (``ura_of``, -1 unless ``need_ura``:
    its hand then appended to ``ura_hands`` once); the others go to ``engine(row, 14
    counts, tile, Hand, readings)``. ``state``: (``shapes``, the id of each shape,
    ``shape_list``, the shapes by id, ``sid_of``, ``ura_of``, ``ura_hands``, ``need_ura``,
    ``kept``, the shapes of wins known from earlier searches by (14 counts, tile), or None,
    ``probe``: whether to read them, ``limit``: ``kept``'s size when it is emptied).

    >>> from mjasp.advice.tiles37 import kind37, parse37
    >>> from mjasp.core.win import Win
    >>> from mjasp.rules import find_rules
    >>> h14 = parse37("234567m23455p678s")
    >>> from mjasp.scoring.api import hand_checks
    >>> win = Win("1m", tsumo=True, seat_wind="S")
    >>> scoring = ((), win, find_rules(), True, [kind37(t) for t in range(37)], {},
    ...            hand_checks((), win, find_rules()))
    >>> state = ({}, [], {}, {}, [], True, None, False, 0)
    >>> classify([(h14, 10), (h14, 13)], [0, 1], scoring, print, state)
    >>> state[1], state[2], state[3], state[4] == [h14]   # 2p: pinfu; 5p: a pair wait
    ([((3, 20, True),), ((2, 30, True),)], {0: 0, 1: 1}, {0: 0, 1: 0}, True)
    """
    shapes, shape_list, sid_of, ura_of, ura_hands, need_ura, kept, probe, limit = state
    order = list(at)
    n = len(order)
    k = 0
    while k < n:
        h14, tile = wins[order[k]]
        tiles = [tile]
        end = k + 1
        while end < n:  # the run of this hand
            h, tile = wins[order[end]]
            if h != h14:
                break
            tiles.append(tile)
            end += 1
        ura_row = -1
        if probe and kept is not None:
            # every tile's shape known from an earlier search in this process
            known = []
            for tile in tiles:
                shape = kept.get((h14, tile))
                if shape is None:
                    break
                known.append(shape)
            if len(known) == len(tiles):
                for i in range(len(tiles)):
                    j = order[k + i]
                    if need_ura and ura_row < 0:
                        ura_hands.append(h14)
                        ura_row = len(ura_hands) - 1
                    sid_of[j] = _sid(shapes, shape_list, known[i])
                    ura_of[j] = ura_row
                k = end
                continue
        hand, readings, found = hand_shapes(h14, tiles, scoring)
        for i in range(len(tiles)):
            j = order[k + i]
            tile = tiles[i]
            candidates_of = found[i]
            if not candidates_of:
                # a candidate without a yaku dropped its dora, a yakuman ranks by its
                # multiple: the situations are scored
                engine(j, h14, tile, hand, readings)
                continue
            sid = _sid(shapes, shape_list, tuple(candidates_of))
            if need_ura and ura_row < 0:
                ura_hands.append(h14)
                ura_row = len(ura_hands) - 1
            sid_of[j] = sid
            ura_of[j] = ura_row
            if kept is not None:
                if len(kept) >= limit:
                    kept.clear()
                kept[(h14, tile)] = shape_list[sid]
        k = end


def _sid(shapes: dict[Any, int], shape_list: list[Any], shape: Any) -> int:
    """The id of ``shape``, a new one (appended to ``shape_list``) when it is new."""
    sid = shapes.get(shape)
    if sid is None:
        sid = shapes[shape] = len(shape_list)
        shape_list.append(shape)
    return sid


__all__ = ["GROUPS", "checked_readings", "classify", "hand_shapes", "outcomes",
           "passed_readings", "points", "red_sets", "splits", "walls", "width"]
