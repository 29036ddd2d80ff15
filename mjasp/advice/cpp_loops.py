"""Typed loops of the compatibility mode's scoring (``cpp_model._Scorer.points``): the
winning hands of a graph one after another, each checked (``check_prepared``), read
(``hand_readings``) and scored for all its winning tiles by one engine call, and the ura
dora outcomes of its riichi wins summed (compiled by Cython with the C types of
``cpp_loops.pxd``: a call has some tens of hands, on which whole-array steps cost their
fixed overhead many times over).

A hand's wins are scored by ``shapes_by_tile``: per winning kind, the (han, fu, has a
reading) of each candidate of the self-draw, without a ``Score``; such a candidate's points
are the rules' points of its han and fu (``points_of``), so the best candidate (``rank_key``:
most points, then han, then fu, the first of equals) and its points with ``u`` han of ura
dora more are read off its han and fu, as mjasp's own model reads them
(``Model._win_table``). A kind with a candidate that is a yakuman or has no yaku is scored
by ``candidates_by_tile`` (its ``Score`` values) instead.

>>> best_of([(2, 30, True), (3, 20, True)], 0, points_table(), False, CPP_TENHOU)  # 700/1300: 2700
(2700, 0, 3, 20)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from mjasp.advice.tiles37 import FIVES
from mjasp.core.errors import MjaspError
from mjasp.core.win import Win
from mjasp.rules import RULES, Rules
from mjasp.rules.points import points as points_of
from mjasp.scoring.api import HandChecks, check_prepared, hand_readings, rank_key
from mjasp.solvers.lookup import counts_hand
from mjasp.solvers.scoring_direct import candidates_by_tile, shapes_by_tile

#: Tenhou's rules (the doctest's)
CPP_TENHOU = RULES["tenhou"]
#: each tile37's kind (a red five as its five)
KIND37 = (*range(34), *FIVES)
#: What ``best_of`` gives where a hand's red-five variant is scored as itself
AGAIN = (-1, 0, 0, 0)


class Shifted(NamedTuple):
    """What ``rank_key`` and the points read of a candidate with aka dora han added."""

    points: int
    yakuman: int
    han: int
    fu: int


#: a points table's places (``up``): han below ``HAN_PLACES``, fu below ``FU_PLACES`` (at
#: most 110 in any hand; a self-draw's han with aka and ura dora: at most 13 + 3 + 12)
HAN_PLACES = 64
FU_PLACES = 128
# (the same as C integers compiled, where the module's names are Python objects)
_HAN = HAN_PLACES
_FU = FU_PLACES


def points_table() -> list[Any]:
    """An empty table of self-draw points for ``up``: None at each (han, fu) place, filled
    as the places are asked (a process's table, kept per rules and seat, serves every hand
    after; 66 places were first asked in 7 cold tenpai calls, 5 k instructions each)."""
    return [None] * (HAN_PLACES * FU_PLACES)


def up(table: list[Any], han: int, fu: int, dealer: bool, rules: Rules) -> int:
    """A self-draw's points at ``han`` and ``fu`` (the rules' points table and payments),
    kept in ``table`` (``points_table``) at place ``han * FU_PLACES + fu``: a list read at a
    C index, where a dict keyed by a Python int cost 0.3 k instructions a look-up; a han
    or fu beyond the table's places (none in any hand) is computed and not kept."""
    if not (0 <= fu < _FU and 0 <= han < _HAN):
        return points_of(han, fu, 0, dealer=dealer, tsumo=True, rules=rules)
    at = han * _FU + fu
    found = table[at]
    if found is None:
        found = table[at] = points_of(han, fu, 0, dealer=dealer, tsumo=True, rules=rules)
    return int(found)


def best_of(entry: Any, more: int, cache: list[Any], dealer: bool,
            rules: Rules) -> tuple[int, int, int, int] | None:
    """The best candidate of a winning kind with ``more`` han of aka dora added to each
    that has a yaku and is no yakuman: (points, yakuman, han, fu), None where there is no
    candidate. ``entry``: the kind's shapes ((han, fu, has a reading) each: ordinary
    scores) in a list, or its ``Score`` values in a tuple. ``AGAIN`` where a shifted
    ``Score``'s points are not the rules' points of its han and fu (a case ``make_score``
    treats apart: the hand is scored as itself)."""
    if isinstance(entry, list):
        # ``rank_key``'s order on shapes (no yakuman: points, then han, then fu, the first
        # of equals), compared in C ints where ``max(..., key=rank_key)`` over NamedTuples
        # cost 9 % of a tenpai call; tested equal to it (tests/advice/test_cpp_loops.py)
        best = None
        bp = bh = bf = -1
        for han, fu, _ in entry:
            h = han + more
            p = up(cache, h, fu, dealer, rules)
            if p > bp or (p == bp and (h > bh or (h == bh and fu > bf))):
                bp, bh, bf = p, h, fu
                best = (p, 0, h, fu)
        return best
    if not entry:
        return None
    if more == 0:
        c = max(entry, key=rank_key)
        return (c.points, c.yakuman, c.han, c.fu)
    shifted: list[Any] = []  # (rank_key reads the fields Shifted has)
    for c in entry:
        if c.yakuman or c.reason or c.han <= 0:
            shifted.append(Shifted(c.points, c.yakuman, c.han, c.fu))
            continue
        if up(cache, c.han, c.fu, dealer, rules) != c.points:
            return AGAIN
        shifted.append(Shifted(up(cache, c.han + more, c.fu, dealer, rules), 0,
                               c.han + more, c.fu))
    s = max(shifted, key=rank_key)  # (the first of equals)
    return (s.points, s.yakuman, s.han, s.fu)


def checked_hand(sep: bytes, merged: bytes, checks: HandChecks, melds: Any) -> Any:
    """The hand ``sep`` (separated 37 counts; ``merged`` its 34; with ``melds``) as a
    Hand, or None where ``check_hand`` refuses it: ``check_prepared`` with ``checks``
    (``hand_checks`` of the melds, the Win and the rules, made once per search)."""
    hand = counts_hand(merged, sep, melds)  # (compiled: one C call from the bytes)
    try:
        check_prepared(hand, checks)
    except MjaspError:
        return None
    return hand


def by_kind(hand: Any, win: Win, rules: Rules, kinds: list[int], readings: Any
            ) -> dict[int, Any]:
    """Each winning kind's entry for ``best_of``: its shapes (``shapes_by_tile``), or its
    ``Score`` values (``candidates_by_tile``, one call for the kinds without shapes)."""
    shapes = shapes_by_tile(hand, win, rules, kinds, readings)
    out: dict[int, Any] = {}
    missing = []
    for n in range(len(kinds)):
        shape = shapes[n]
        if shape is None:
            missing.append(kinds[n])
        else:
            out[kinds[n]] = shape
    if missing:
        found = candidates_by_tile(hand, win, rules, missing, readings)
        for n in range(len(missing)):
            out[missing[n]] = tuple(found[n])
    return out


def score_states(count: int, like: list[int], groups: list[list[int]], raw: bytes,
                 raw_merged: bytes, riichis: list[bool], reds: list[int],
                 wins: tuple[Win, Win],
                 checks: tuple[HandChecks | None, HandChecks | None],
                 melds: Any, rules: Rules, readings: dict[bytes, Any], cache: list[Any],
                 dealer: bool, count_ura: bool, pending: list[tuple[int, int, int, int]]
                 ) -> list[list[float]]:
    """The points of the winning tiles ``groups[at]`` (tile37 each) of each winning state
    at place ``at`` < ``count`` (its separated counts at ``37 * at`` in ``raw``, its merged
    ones at ``34 * at`` in ``raw_merged``, riichi ``riichis[at]``); a state with ``like[at]
    != at`` differs from that one only in which fives are red (``reds``: each one's red
    fives) and is derived from its entries (the scored ones first). A riichi win with ura
    dora to count (``count_ura``) is put in ``pending`` (place, han, fu, points), its value
    -1 - its place there until its outcomes are summed. ``wins``: the self-draw without
    and with riichi; ``checks``: ``hand_checks`` of each with ``melds`` and ``rules``
    (None for a flag no state has)
    (made once per search, where ``check_hand`` per hand made them again); ``readings``,
    ``cache``: the hands' readings and the points by (han, fu), filled as met."""
    values: list[list[float]] = [[]] * count
    entries: dict[int, dict[int, Any]] = {}
    places = [at for at in range(count) if like[at] == at] + [
        at for at in range(count) if like[at] != at]
    for at in places:
        tiles = groups[at]
        first = like[at]
        sep = raw[37 * at:37 * at + 37]
        merged = raw_merged[34 * at:34 * at + 34]
        riichi = riichis[at]
        win = wins[1] if riichi else wins[0]
        # the tiles' kinds, each once, in order (a loop on a few C ints, where
        # ``list(dict.fromkeys(...))`` cost 0.1 M instructions a tenpai call)
        kinds: list[int] = []
        for t in tiles:
            kind = KIND37[t]
            if kind not in kinds:
                kinds.append(kind)
        check = checks[1] if riichi else checks[0]
        assert check is not None  # (made for every flag a state has)
        hand = checked_hand(sep, merged, check, melds)
        if hand is None:
            values[at] = [0.0] * len(tiles)
            continue
        best: dict[int, Any] = {}
        more = 0
        known = entries.get(first) if first != at else None
        if known is not None:
            more = reds[at] - reds[first]
            for kind in kinds:
                entry = known.get(kind)
                got = AGAIN if entry is None else best_of(entry, more, cache, dealer, rules)
                if got is AGAIN:
                    best = {}  # a kind the scored one does not win on, ...: as itself
                    break
                best[kind] = got
        if not best:
            try:
                found = readings.get(sep)
                if found is None:
                    found = readings[sep] = hand_readings(hand, rules)
            except MjaspError:
                values[at] = [0.0] * len(tiles)
                continue
            kind_entries = entries[at] = by_kind(hand, win, rules, kinds, found)
            for kind in kinds:
                best[kind] = best_of(kind_entries[kind], 0, cache, dealer, rules)
        values[at] = tile_values(at, tiles, best, count_ura and riichi, pending)
    return values


def tile_values(at: int, tiles: list[int], best: dict[int, Any], ura: bool,
                pending: list[tuple[int, int, int, int]]) -> list[float]:
    """The points of each of ``tiles`` from the best candidate of its kind (``best``;
    None: no candidate, or one without a yaku: 0); with ``ura``, a win that is no yakuman
    (nor counted as one: 13 han) is put in ``pending`` and its value is -1 - its place."""
    out: list[float] = []
    for tile in tiles:
        s = best[KIND37[tile]]
        if s is None or (s[2] <= 0 and not s[1]):
            out.append(0.0)
            continue
        base = s[0]
        if base == 0 or not ura or s[1] or s[2] >= 13:
            out.append(float(base))
            continue
        pending.append((at, s[2], s[3], base))
        out.append(-float(len(pending)))
    return out


def ura_totals(pending: Sequence[tuple[int, int, int, int]], chances: Any, rows: Any,
               cache: list[Any], dealer: bool, rules: Rules, out: Any) -> None:
    """Fill ``out[i]``, the points of the win ``pending[i]`` (place, han, fu, points) with
    its ura outcomes: per ura han count ``u`` its chance (``chances[rows[i], u]``; ``rows``
    None: at the win's place, ``chances[place, u]``) times
    the points of han + u at the same fu (u = 0: its own points; ``up``, from the points
    table ``cache``), summed u = 0..12 in order (a count of chance 0 adds 0.0, which
    changes no sum). Numpy arrays: float64, ``rows`` int64."""
    n = len(pending)
    # the points of han + u, u = 1..12, of the win before (a win often repeats its han and
    # fu: read again without a look-up)
    ups = [0.0] * 13
    last_han = last_fu = -1
    for i in range(n):
        at, han, fu, base = pending[i]
        if han != last_han or fu != last_fu:
            for u in range(1, 13):
                ups[u] = up(cache, han + u, fu, dealer, rules)
            last_han = han
            last_fu = fu
        r = at if rows is None else rows[i]
        p: float = base  # (a float local: one C double compiled)
        total = p * chances[r, 0]
        for u in range(1, 13):
            p = ups[u]
            total = total + p * chances[r, u]
        out[i] = total


def winning_states(states: list[int], drawn: list[int]
                   ) -> tuple[list[int], list[list[int]], list[list[int]]]:
    """The winning edges (``states``: each one's discard state, ``drawn``: its tile37,
    in edge order) grouped by state: the states in increasing order, and per state its
    edges' places in ``states`` and their tiles (in edge order)."""
    by_state: dict[int, list[int]] = {}
    for n in range(len(states)):
        state = states[n]
        got = by_state.get(state)
        if got is None:
            by_state[state] = [n]
        else:
            got.append(n)
    order = sorted(by_state)
    places: list[list[int]] = []
    groups: list[list[int]] = []
    for state in order:
        got = by_state[state]
        places.append(got)
        groups.append([drawn[n] for n in got])
    return order, places, groups


def scored_edges(won: list[int], places: list[list[int]], values: list[list[float]],
                 totals: list[float]) -> tuple[list[int], list[float]]:
    """The winning edges that score and their points, by state and in edge order: the
    edge ``won[n]`` of each place ``n`` of ``places`` (per state) with its value of
    ``values`` (the same shape); a value -1 - i is the riichi win ``totals[i]``."""
    edges: list[int] = []
    points: list[float] = []
    for at in range(len(places)):
        got = places[at]
        pts = values[at]
        for j in range(len(got)):
            v = pts[j]
            if v < 0:
                v = totals[int(-1 - v)]
            if v != 0:
                edges.append(won[got[j]])
                points.append(v)
    return edges, points


def winning_rows(hands: Any, flags: Any, order: list[int], red: bool, raw: Any,
                 merged: Any) -> tuple[list[bool], list[int], list[int]]:
    """Read the winning states ``order`` (discard state ids) out of the discard states'
    ``hands`` (rows of 37 separated counts, uint8) and ``flags`` (riichi, uint8): fill
    ``raw`` with their counts (37 bytes a place) and ``merged`` with their 34 merged ones
    (34 a place); give their riichi flags, per place the place of the state it derives
    from (``like``: the one with the same merged counts and flag holding the fewest red
    fives, the first of equals; itself where no state holds a red five) and the red fives
    each holds (all 0 unless ``red``: red fives add han). Typed loops, where numpy's
    fancy indexing and a Python loop per place cost 0.4 M instructions a tenpai call."""
    count = len(order)
    fives = FIVES
    f0 = fives[0]
    f1 = fives[1]
    f2 = fives[2]
    riichis: list[bool] = []
    reds: list[int] = [0] * count
    any_red = False
    for at in range(count):
        s = order[at]
        base = 37 * at
        for k in range(37):
            raw[base + k] = hands[s, k]
        # (read back from ``raw``: a Python int in the .py, where numpy's uint8 would
        # overflow the han counted from it; a C int compiled)
        n = raw[base + 34] + raw[base + 35] + raw[base + 36]
        base = 34 * at
        for k in range(34):
            merged[base + k] = hands[s, k]
        merged[base + f0] += hands[s, 34]
        merged[base + f1] += hands[s, 35]
        merged[base + f2] += hands[s, 36]
        riichis.append(flags[s] != 0)
        if red:
            reds[at] = n
            if n:
                any_red = True
    like = list(range(count))
    if any_red:
        # (merged counts as bytes, a dict per flag: a key per place)
        seen = bytes(merged)
        least: tuple[dict[bytes, int], dict[bytes, int]] = ({}, {})
        keys: list[bytes] = []
        for at in range(count):
            key = seen[34 * at:34 * at + 34]
            keys.append(key)
            by = least[1] if riichis[at] else least[0]
            got = by.get(key)
            if got is None or reds[at] < reds[got]:
                by[key] = at
        for at in range(count):
            by = least[1] if riichis[at] else least[0]
            like[at] = by[keys[at]]
    return riichis, like, reds


def merged_rows(raw: bytes) -> bytes:
    """Rows of 37 separated counts (``raw``, 37 bytes a row) as rows of 37 merged counts:
    each red five added to its five in the first 34, the red fives kept after them (the
    rows ``_dp.ukeire`` takes; a loop on C ints, where a Python list per row cost a
    tenpai call 0.1 M instructions).

    >>> list(merged_rows(bytes([0] * 4 + [1] + [0] * 29 + [1, 0, 2]))[:5])
    [0, 0, 0, 0, 2]
    """
    out = bytearray(raw)
    fives = FIVES
    f0 = fives[0]
    f1 = fives[1]
    f2 = fives[2]
    for base in range(0, len(raw) - 36, 37):
        out[base + f0] += raw[base + 34]
        out[base + f1] += raw[base + 35]
        out[base + f2] += raw[base + 36]
    return bytes(out)


def ura_one(raw_merged: bytes, count: int, total: bytes, melds: bytes, dora: bytes,
            out: Any) -> None:
    """Fill ``out[at, u]`` (float64, ``count`` rows of 13), the chance that one ura
    indicator drawn from the wall of the state at place ``at`` (``total`` less its counts
    at ``34 * at`` in ``raw_merged``; 34 merged counts, the hand and the wall together)
    gives ``u`` han to its tiles and its melds' (``melds``, 34 counts): each indicator
    kind ``k``'s copies in that wall summed at the count of its dora ``dora[k]`` held,
    over the wall's tiles (sums of integers: exact in any order)."""
    for at in range(count):
        base = 34 * at
        tiles = 0
        for u in range(13):
            out[at, u] = 0.0
        for k in range(34):
            copies = total[k] - raw_merged[base + k]
            tiles += copies
            out[at, raw_merged[base + dora[k]] + melds[dora[k]]] += copies
        for u in range(13):
            # (0 / 0: NaN, as numpy's division of the sums gives it)
            out[at, u] = out[at, u] / tiles if tiles else math.nan

__all__ = ["AGAIN", "FU_PLACES", "HAN_PLACES", "KIND37", "Shifted", "best_of", "by_kind",
           "checked_hand", "merged_rows", "points_table", "score_states", "scored_edges",
           "tile_values", "up", "ura_one", "ura_totals", "winning_rows", "winning_states"]
