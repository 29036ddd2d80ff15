"""mahjong-cpp's expected-value model, computed as its code computes it.

``mjasp.advise(..., model="mahjong-cpp")`` answers with the numbers nekobean's
mahjong-cpp (its ``ExpectedScoreCalculator``) gives, which differ from mjasp's own model
(``docs/advise.md`` says how). Its model, as its code runs it:

- **The graph.** Two kinds of states, each keyed by the hand (37 counts: a red five apart)
  and whether riichi is declared: a *draw state* (13 tiles, before a draw) and a *discard
  state* (14 tiles). From a draw state it draws the tiles that lower the shanten, or every
  tile while ``changes + shanten < s0 + extra`` and not in riichi (``changes``: tiles held
  beyond the hand given, ``s0`` its shanten); from a discard state it discards the tiles
  that keep the shanten, or every tile under the same budget. Discarding to a closed
  tenpai declares riichi; a riichi state draws only its waits and changes nothing. An edge
  joins a draw state ``H`` and the discard state ``H + x`` (its weight: the copies of ``x``
  in ``H``'s wall, where ``H``'s wall is the start's wall plus what the hand gave back).
  States are explored depth-first, tiles in order; ``searched`` counts the states.
- **The values,** per turn ``t`` from ``t_max`` down to ``t_min``: a draw state's value is
  its value at ``t + 1`` plus, per edge, ``weight * (next - value(t + 1)) / (sum - t)`` (the
  draws it does not list stay put; the divisor shrinks by one per turn while the weights do
  not, so the tenpai "probability" can exceed 1). For a winning draw ``next`` is tenpai 1,
  win 1 and the greater of the win's points (a riichi or dama self-draw, ura dora by exact
  counting) and continuing; otherwise the discard state's value at ``t + 1``. A tenpai
  draw state's tenpai probability is 1. A discard state takes each of the three numbers'
  greatest over the draw states it can discard to, each on its own.

Scores come from :func:`mjasp.score`: each winning hand scored once, its ura han counts
added at the same fu from mjasp's points table and payments, as its code adds them.

Here the graph is searched depth-first in Python, each state keyed by its hand packed
into one int, its edges kept in flat arrays (an edge's existence as one bit per tile
drawn); the search's caches are let go before the values, which numpy computes over the
whole graph turn by turn, keeping each state's current turn only (and every turn of the
states answered).

>>> from mjasp.advice.cpp_model import compute
>>> r = compute("222567m345p33667s", dora_indicators=("1z",))
>>> r.searched, r.stats[0].tile, round(r.stats[0].win_prob[0], 6)
(173, '2m', 0.341664)
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from mjasp.advice.tiles37 import FIVES, Counts37, dora_of, name37
from mjasp.analysis.shanten import shanten as shanten_of
from mjasp.core.errors import HandError, MjaspError
from mjasp.core.hand import Hand, trusted_hand
from mjasp.core.tiles import MAX_RED_FIVES, tile_kind, tile_name
from mjasp.core.win import Win
from mjasp.rules import RULES, Rules
from mjasp.rules.points import settle, value
from mjasp.scoring.api import check_hand, check_winning_tile, hand_readings, rank_key
from mjasp.solvers import kernel
from mjasp.solvers.kernel import draw_replacements
from mjasp.solvers.scoring_direct import candidates_by_tile

if TYPE_CHECKING:
    from mjasp.advice.api import Advice

#: the dora kind each indicator kind points at (four players)
DORA = tuple(dora_of(k, 4) for k in range(34))
#: its web app's defaults
T_MAX = 18
SUM = 121
#: its scoring rules: Tenhou's, with the four double yakuman its yaku list has (thirteen-
#: wait kokushi, single-wait suuankou, true nine gates, big four winds)
CPP_RULES = replace(RULES["tenhou"], name="mahjong-cpp",
                    double_yakuman=frozenset({"kokushi_13", "suuankou_tanki",
                                              "junsei_chuuren", "daisuushii"}))


@dataclass(frozen=True)
class Stat:
    """One discard (``tile`` ``None`` for a 13-tile hand): per turn ``t_min..t_max``."""

    tile: str | None
    shanten: int
    necessary: tuple[tuple[str, int], ...]
    tenpai_prob: tuple[float, ...]
    win_prob: tuple[float, ...]
    exp_score: tuple[float, ...]


@dataclass(frozen=True)
class Result:
    """What one calculation gives: the shanten of the hand, a :class:`Stat` per explored
    discard (tile order), and ``searched`` (the states of its graph)."""

    shanten: int
    stats: tuple[Stat, ...]
    searched: int


def separated(hand: Counts37) -> list[int]:
    """37 counts with plain fives apart from red ones (its graph's key)."""
    out = list(hand)
    for r, k in enumerate(FIVES):
        out[k] -= hand[34 + r]
    return out


def default_wall(hand: Counts37, indicators: Sequence[str], red: bool = True) -> list[int]:
    """Its wall (merged 37 counts): 4 copies of each kind and one red five per suit, less
    the hand and the dora indicators."""
    wall = [4] * 34 + ([1, 1, 1] if red else [0, 0, 0])
    for k in range(37):
        wall[k] -= hand[k]
    for ind in indicators:
        k = tile_kind(ind)
        wall[k] -= 1
    return wall


class _Builder:
    """The depth-first graph construction (state order and edge order as its code).

    A state is its hand packed into one int (3 bits per tile37: dict keys of 40 bytes
    where a tuple of bytes takes about 130), kept in step with the mutable counts ``h``
    (separated), ``w`` (its wall) and ``m`` (merged 34 kinds, packed as ``mk``) as the
    search draws and discards; ``d`` (tiles held beyond the hand given) likewise.
    """

    def __init__(self, hand_org: list[int], wall: list[int], s_org: int, extra: int) -> None:
        self.org = list(hand_org)
        self.h = list(hand_org)
        self.w = list(wall)
        self.m = _merged(hand_org)
        self.budget = s_org + extra
        # the default path of mjasp.shanten in one compiled call where compiled (these
        # hands are plain 13/14 counts, which it always answers)
        self.shanten: Any = (kernel.shanten_function() if kernel.COMPILED
                             else _plain_shanten)
        self.replacements: Any = (kernel.compiled().draw_replacements if kernel.COMPILED
                                  else draw_replacements)
        self.shanten_cache: dict[int, int] = {}
        self.need_cache: dict[int, int] = {}
        self.disc_cache: dict[int, int] = {}
        # draw and discard states by riichi flag: packed hand -> vertex
        self.draw_ids: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.disc_ids: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.discards = 0
        # the edges made so far, per draw state: a bit per tile37 drawn (the discard state
        # is the draw state plus that tile), one mask per riichi flag of the discard state
        self.made: tuple[array[int], array[int]] = (array("Q"), array("Q"))
        # edge data in creation order (compact arrays: the largest graphs hold millions)
        self.e_src: array[int] = array("i")
        self.e_dst: array[int] = array("i")
        self.e_w: array[int] = array("i")
        # the winning edges, scored after the search (the wins of one hand together):
        # (edge index, packed 14 tiles, tile37 drawn, riichi)
        self.wins: list[tuple[int, int, int, bool]] = []
        # then the points of those that score: (edge index, points)
        self.e_scoring: array[int] = array("i")
        self.e_points: array[float] = array("d")
        self.draw_tenpai = bytearray()

    @property
    def vertices(self) -> int:
        return len(self.draw_tenpai) + self.discards

    def sh(self, mk: int) -> int:
        """Shanten of the merged counts ``m`` (packed: ``mk``)."""
        found = self.shanten_cache.get(mk)
        if found is None:
            found = self.shanten_cache[mk] = self.shanten(bytes(self.m), None)
        return found

    def necessary(self, mk: int, s: int) -> int:
        """The kinds (and red fives) whose draw lowers the shanten of 13 tiles ``m``."""
        found = self.need_cache.get(mk)
        if found is not None:
            return found
        m = self.m
        tiles = [k for k, c in enumerate(m) if c < 4]
        mask = 0
        # one compiled call: the replacement number (shanten + 1) after each draw
        for k, r in zip(tiles, self.replacements(bytes(m), 4, tiles, True, True, True,
                                                 False, False), strict=True):
            if r <= s:
                mask |= 1 << k
        found = self.need_cache[mk] = _with_red(mask)
        return found

    def unnecessary(self, mk: int, s: int) -> int:
        """The kinds (and red fives) whose discard keeps the shanten of 14 tiles ``m``."""
        found = self.disc_cache.get(mk)
        if found is not None:
            return found
        m, cache, shanten = self.m, self.shanten_cache, self.shanten
        mask = 0
        for k, c in enumerate(m):
            if c:
                key = mk - _KIND_BIT[k]
                after = cache.get(key)
                if after is None:
                    m[k] = c - 1
                    after = cache[key] = shanten(bytes(m), None)
                    m[k] = c
                if after == s:
                    mask |= 1 << k
        found = self.disc_cache[mk] = _with_red(mask)
        return found

    def draw_node(self, hk: int, mk: int, d: int, riichi: bool) -> int:
        """The draw state of hand ``h`` (packed ``hk``, merged ``mk``), made and explored
        when new. (Its neighbours are looked up here first: most are found, and a call
        costs more than the lookup.)"""
        ids = self.draw_ids[riichi]
        found = ids.get(hk)
        if found is not None:
            return found
        s = self.sh(mk)
        tegawari = not riichi and d + s < self.budget
        # drawing every tile, the waits matter only to score a tenpai hand's wins
        wait = self.necessary(mk, s) if not tegawari or s == 0 else 0
        vertex = ids[hk] = len(self.draw_tenpai)
        self.draw_tenpai.append(s == 0)
        made = self.made[riichi]
        self.made[0].append(0)
        self.made[1].append(0)
        known = self.disc_ids[riichi]
        h, w, m, org = self.h, self.w, self.m, self.org
        e_src, e_dst, e_w = self.e_src.append, self.e_dst.append, self.e_w.append
        wins = self.wins.append
        for i in ALL_TILES if tegawari else _bits(wait):
            weight = w[i]
            if weight:
                key = hk + _TILE_BIT[i]
                target = known.get(key)
                if target is None:
                    k = KIND[i]
                    more = d + 1 if h[i] >= org[i] else d
                    h[i] += 1
                    w[i] -= 1
                    m[k] += 1
                    target = self.disc_node(key, mk + _KIND_BIT[k], more, riichi)
                    h[i] -= 1
                    w[i] += 1
                    m[k] -= 1
                bit = 1 << i
                if not made[vertex] & bit:
                    made[vertex] |= bit
                    if s == 0 and wait & bit:
                        wins((len(self.e_src), key, i, riichi))
                    e_src(vertex)
                    e_dst(target)
                    e_w(weight)
        return vertex

    def disc_node(self, hk: int, mk: int, d: int, riichi: bool) -> int:
        """The discard state of hand ``h`` (as :meth:`draw_node`)."""
        ids = self.disc_ids[riichi]
        found = ids.get(hk)
        if found is not None:
            return found
        s = self.sh(mk)
        down = not riichi and d + s < self.budget
        # discarding every tile, the discards that keep the shanten matter only to
        # declare riichi (a tenpai kept)
        disc = self.unnecessary(mk, s) if s >= 0 and (not down or s == 0) else 0
        vertex = ids[hk] = self.discards
        self.discards += 1
        made = self.made[riichi]
        draw_ids = self.draw_ids
        h, w, m, org = self.h, self.w, self.m, self.org
        e_src, e_dst, e_w = self.e_src.append, self.e_dst.append, self.e_w.append
        for i in ALL_TILES if down else _bits(disc):
            if h[i]:
                bit = 1 << i
                call = True if s == 0 and disc & bit else riichi
                key = hk - _TILE_BIT[i]
                source = draw_ids[call].get(key)
                if source is None:
                    k = KIND[i]
                    less = d - 1 if h[i] > org[i] else d
                    h[i] -= 1
                    w[i] += 1
                    m[k] -= 1
                    source = self.draw_node(key, mk - _KIND_BIT[k], less, call)
                    h[i] += 1
                    w[i] -= 1
                    m[k] += 1
                if not made[source] & bit:
                    made[source] |= bit
                    if s == -1:
                        self.wins.append((len(self.e_src), hk, i, riichi))
                    e_src(source)
                    e_dst(vertex)
                    e_w(w[i] + 1)
        return vertex

    def free(self) -> None:
        """Let go of what only the search needs (the values need the edges alone)."""
        self.shanten_cache.clear()
        self.need_cache.clear()
        self.disc_cache.clear()
        self.made = (array("Q"), array("Q"))
        for ids in (*self.draw_ids, *self.disc_ids):
            ids.clear()


def _plain_shanten(counts: bytes, form: None) -> int:
    return shanten_of(counts)


def _merged(hand: Sequence[int]) -> list[int]:
    """The 34 merged counts of 37 separated ones."""
    m = list(hand[:34])
    for r, k in enumerate(FIVES):
        m[k] += hand[34 + r]
    return m


def _packed(counts: Sequence[int]) -> int:
    """Counts 0..4 packed 3 bits each (the search's keys)."""
    key = 0
    for i, c in enumerate(counts):
        key |= c << 3 * i
    return key


#: each tile37's kind, and the amounts one tile adds to a packed hand and merged hand
KIND = tuple(range(34)) + FIVES
_TILE_BIT = tuple(1 << 3 * i for i in range(37))
_KIND_BIT = tuple(1 << 3 * k for k in range(34))


#: every tile37 in order (draws and discards are tried in this order, as its code does)
ALL_TILES = tuple(range(37))
_BITS: dict[int, tuple[int, ...]] = {}


def _bits(mask: int) -> tuple[int, ...]:
    """The tiles of a mask, in order (masks repeat: kept once each)."""
    found = _BITS.get(mask)
    if found is None:
        found = tuple(i for i in ALL_TILES if mask >> i & 1)
        if len(_BITS) < 1 << 16:
            _BITS[mask] = found
    return found


def _with_red(mask: int) -> int:
    """A kinds mask with each red five set where its kind is (5m 5p 5s: 4, 13, 22)."""
    return mask | (mask >> 4 & 1) << 34 | (mask >> 13 & 1) << 35 | (mask >> 22 & 1) << 36


class _Scorer:
    """Points of self-drawn wins as its code values them, each scored as :func:`mjasp.score`
    scores it, the wins of one 14-tile hand and riichi flag together: the hand checked
    once (``check_hand``), each winning tile apart (``check_winning_tile``), the hand's
    readings found once (``hand_readings``), every winning tile scored by one engine call
    (``candidates_by_tile``) and each tile's best picked by ``rank_key``, as
    ``mjasp.score`` picks it. The hands are built unchecked (``trusted_hand``): they are
    the start's tiles and the wall's, which :func:`_check_fits` found to fit a Hand."""

    def __init__(self, indicators: tuple[str, ...], seat: str, rnd: str, rules: Rules,
                 uradora: bool, total: Sequence[int]) -> None:
        self.indicators = indicators
        self.seat, self.rnd, self.rules = seat, rnd, rules
        self.uradora = uradora
        # the separated hand and wall together: a reached hand's wall is this less it
        self.total = total
        self.up_cache: dict[tuple[int, int], int] = {}
        self.win_of: dict[tuple[int, bool], Win] = {}
        self.readings: dict[int, tuple[Any, ...]] = {}

    def points(self, wins: Sequence[tuple[int, int, int, bool]]
               ) -> tuple[array[int], array[float]]:
        """The winning edges ``wins`` (edge index, packed 14 tiles, tile37 drawn, riichi)
        that score, and their points (a win without a yaku scores nothing)."""
        groups: dict[tuple[int, bool], list[int]] = {}
        for _, key, tile, riichi in wins:
            tiles = groups.get((key, riichi))
            if tiles is None:
                groups[(key, riichi)] = [tile]
            elif tile not in tiles:
                tiles.append(tile)
        value: dict[tuple[int, int, bool], float] = {}
        for (key, riichi), tiles in groups.items():
            for tile, pts in zip(tiles, self._hand_points(key, tiles, riichi), strict=True):
                value[(key, tile, riichi)] = pts
        edges: array[int] = array("i")
        points: array[float] = array("d")
        for edge, key, tile, riichi in wins:
            pts = value[(key, tile, riichi)]
            if pts:
                edges.append(edge)
                points.append(pts)
        return edges, points

    def _win(self, tile: int, riichi: bool) -> Win:
        win = self.win_of.get((tile, riichi))
        if win is None:
            win = self.win_of[(tile, riichi)] = Win(
                tile=name37(tile), tsumo=True, seat_wind=self.seat, round_wind=self.rnd,
                dora_indicators=self.indicators, riichi=1 if riichi else 0)
        return win

    def _hand_points(self, key: int, tiles: list[int], riichi: bool) -> list[float]:
        """The points of drawing each of ``tiles`` to win the hand ``key`` (packed)."""
        sep = [key >> 3 * i & 7 for i in range(37)]
        merged = _merged(sep)
        hand = trusted_hand(tuple(merged), (sep[34], sep[35], sep[36]))
        rules = self.rules
        try:
            check_hand(hand, self._win(tiles[0], riichi), rules)
            readings = self.readings.get(key)
            if readings is None:
                readings = self.readings[key] = hand_readings(hand, rules)
        except MjaspError:
            return [0.0] * len(tiles)
        won = []
        for tile in tiles:
            try:
                check_winning_tile(hand, self._win(tile, riichi), rules)
            except MjaspError:
                continue
            won.append(tile)
        if not won:
            return [0.0] * len(tiles)
        kinds = list(dict.fromkeys([KIND[t] for t in won]))
        by_kind = dict(zip(kinds, candidates_by_tile(hand, self._win(won[0], riichi), rules,
                                                     kinds, readings), strict=True))
        probs: list[float] | None = None
        out = []
        for tile in tiles:
            found = by_kind.get(KIND[tile]) if tile in won else None
            if not found:  # refused by the checks, or no candidate (mjasp.score refuses)
                out.append(0.0)
                continue
            # mjasp.score's choice: the first of equals
            s = found[0] if len(found) == 1 else max(found, key=rank_key)
            if s.han <= 0 and not s.yakuman:
                out.append(0.0)
                continue
            base, n = int(s.points), len(self.indicators)
            if base == 0 or not self.uradora or not riichi or n == 0 or s.yakuman \
                    or s.han >= 13:
                out.append(float(base))
                continue
            if probs is None:
                wall = _merged([t - x for t, x in zip(self.total, sep, strict=True)])
                probs = _ura_distribution(merged, wall, n)
            # each ura han count adds to the win's han, as its code adds them ("up
            # scores"): the points of han + u at the same fu, from mjasp's points table
            # and payments
            total = 0.0
            for u in range(13):
                if probs[u]:
                    pts = base if u == 0 else self._up(s.han + u, s.fu)
                    total += pts * probs[u]
            out.append(total)
        return out

    def _up(self, han: int, fu: int) -> int:
        """A self-draw's points at ``han`` and ``fu`` (mjasp's points table, payments)."""
        found = self.up_cache.get((han, fu))
        if found is None:
            found = settle(value(han, fu, 0, self.rules)[0], self.seat == "E", True, 0, 0,
                           self.rules)[0]
            self.up_cache[(han, fu)] = found
        return found


def _check_fits(hand: Counts37, wall: Sequence[int]) -> None:
    """Raise :class:`HandError` unless every hand the search can reach is one ``Hand``
    takes, so that the scorer may build them unchecked: the hand's tiles and the wall's
    (merged 37 counts) hold at most four of a kind and ``MAX_RED_FIVES`` red fives a
    suit, each red five of the wall one of its kind's copies there."""
    for k in range(34):
        if hand[k] + max(0, wall[k]) > 4:
            raise HandError(f"the wall and the hand hold {hand[k] + max(0, wall[k])} copies "
                            f"of {name37(k)}; there are only 4")
    for suit, five in enumerate(FIVES):
        red, copies = max(0, wall[34 + suit]), max(0, wall[five])
        if red > copies or hand[34 + suit] + red > MAX_RED_FIVES:
            raise HandError(f"the wall holds {red} red {name37(five)} of {copies} copies; "
                            f"with the hand's, at most {MAX_RED_FIVES} of a suit")


def _ura_distribution(merged: list[int], mwall: list[int], n: int) -> list[float]:
    """P(the ``n`` ura indicators, drawn from the wall without replacement, give ``u``
    han), u = 0..12 (12: twelve or more). Red fives count as plain."""
    total = sum(mwall[:34])
    if n == 1:
        one = [0] * 13
        for k in range(34):
            if mwall[k] > 0:
                one[merged[DORA[k]]] += mwall[k]
        return [w / total for w in one]
    ways = [[0] * 13 for _ in range(n + 1)]
    ways[0][0] = 1
    for k in range(34):
        c = mwall[k]
        if c <= 0:
            continue
        gain = merged[DORA[k]]
        nxt = [row[:] for row in ways]
        for sel in range(n):
            for u in range(13):
                w = ways[sel][u]
                if w:
                    for take in range(1, min(c, n - sel) + 1):
                        nxt[sel + take][min(12, u + gain * take)] += w * comb(c, take)
        ways = nxt
    denominator = comb(total, n)
    return [w / denominator for w in ways[n]]


def compute(hand: str | Hand | Counts37, *, dora_indicators: Sequence[str] = (),
            seat_wind: str = "E", round_wind: str = "E", rules: Rules | None = None,
            wall: Sequence[int] | None = None, t_min: int = 1, t_max: int = T_MAX,
            wall_sum: int = SUM, extra: int = 1, uradora: bool = True,
            red: bool = True) -> Result:
    """Its calculation for a closed 14- or 13-tile hand (``wall``: merged 37 counts;
    default: :func:`default_wall`)."""
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    h37 = bytes(hand.counts) + bytes(hand.red) if isinstance(hand, Hand) else bytes(hand)
    indicators = tuple(tile_name(tile_kind(x)) for x in dora_indicators)
    mwall = list(wall) if wall is not None else default_wall(h37, indicators, red)
    _check_fits(h37, mwall)
    hand_sep = separated(h37)
    wall_sep = separated(bytes(max(0, x) for x in mwall))
    s_org = shanten_of(h37[:34])
    b = _Builder(hand_sep, wall_sep, s_org, extra)
    fourteen = sum(h37[:34]) == 14
    hk, mk = _packed(hand_sep), _packed(b.m)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    try:
        if fourteen:
            b.disc_node(hk, mk, 0, False)
        else:
            b.draw_node(hk, mk, 0, False)
    finally:
        sys.setrecursionlimit(limit)
    # the draw states of the answer: each discard of the hand given (riichi when it keeps
    # a tenpai), or the hand itself
    wanted: list[tuple[str | None, list[int], int]] = []
    if fourteen:
        disc = b.unnecessary(mk, s_org) if s_org >= 0 else 0   # b.m: the hand given again
        for i in range(37):
            if hand_sep[i] <= 0:
                continue
            call = bool(s_org == 0 and disc >> i & 1)
            v = b.draw_ids[call].get(hk - _TILE_BIT[i])
            if v is not None:
                wanted.append((name37(i), [x - (j == i) for j, x in enumerate(hand_sep)], v))
    else:
        wanted.append((None, hand_sep, b.draw_ids[False][hk]))
    searched = b.vertices
    b.free()
    scorer = _Scorer(indicators, seat_wind, round_wind, rules or CPP_RULES, uradora,
                     [x + y for x, y in zip(hand_sep, wall_sep, strict=True)])
    b.e_scoring, b.e_points = scorer.points(b.wins)
    b.wins = []
    tp, wp, ev = _values(b, [v for _, _, v in wanted], t_min, t_max, wall_sum)
    stats = [_stat(tile, hand, mwall, (tp[n], wp[n], ev[n]), t_min, t_max)
             for n, (tile, hand, _) in enumerate(wanted)]
    return Result(s_org, tuple(stats), searched)


def _stat(tile: str | None, hand_sep: list[int], mwall: list[int],
          values: tuple[Any, Any, Any] | None, t_min: int, t_max: int) -> Stat:
    m = _merged(hand_sep)
    s = shanten_of(bytes(m))
    tiles = [k for k, c in enumerate(m) if c < 4]
    # the kinds whose draw lowers the shanten: replacement number (shanten + 1) <= s
    nec = tuple((tile_name(k), mwall[k]) for k, r in
                zip(tiles, draw_replacements(bytes(m), 4, tiles, True, True, True),
                    strict=True) if r <= s)
    if values is None:
        return Stat(tile, s, nec, (), (), ())
    rng = slice(t_min, t_max + 1)
    tp, wp, ev = values
    return Stat(tile, s, nec, tuple(tp[rng].tolist()), tuple(wp[rng].tolist()),
                tuple(ev[rng].tolist()))


def _values(b: _Builder, rows: list[int], t_min: int, t_max: int,
            total: int) -> tuple[Any, Any, Any]:
    """The per-turn values of the draw states ``rows`` as its code computes them (every
    draw state's value is computed turn by turn; only the current turn's is kept). The
    three numbers (tenpai, win, points) are the rows of one array; values are gathered
    per edge with ``np.take`` into buffers made once (a fancy index along the second
    axis costs several times as much; ``mode="clip"``, as every index is in range, spares
    the copy ``take`` makes into ``out`` otherwise)."""
    n1, n2 = len(b.draw_tenpai), b.discards
    # indices as numpy's own index type, once (int32 ones are converted at every use)
    src = np.frombuffer(b.e_src, dtype=np.int32).astype(np.intp)
    dst = np.frombuffer(b.e_dst, dtype=np.int32).astype(np.intp)
    w = np.frombuffer(b.e_w, dtype=np.int32).astype(np.float64)
    scoring = np.frombuffer(b.e_scoring, dtype=np.int32).astype(np.intp)
    points = np.frombuffer(b.e_points)
    tenpai = np.flatnonzero(np.frombuffer(b.draw_tenpai, dtype=bool))
    picked = np.asarray(rows, dtype=np.intp)
    out = np.zeros((3, len(rows), t_max + 1))
    # a discard state's options are the sources of its edges: edges grouped by target
    order = np.argsort(dst, kind="stable")
    d_sorted = dst[order]
    starts = np.flatnonzero(np.r_[True, d_sorted[1:] != d_sorted[:-1]])
    groups = d_sorted[starts]
    options = src[order]
    del order, d_sorted
    disc = np.zeros((3, n2))
    draw = np.zeros((3, n1))
    nxt = np.empty((3, len(src)))
    now = np.empty((3, len(src)))
    added = np.empty((3, n1))
    for t in range(t_max, t_min - 1, -1):
        if t == t_max:
            draw[0, tenpai] = 1.0
        else:
            # a winning draw: tenpai and win 1, the points or continuing, the greater
            np.take(disc, dst, axis=1, out=nxt, mode="clip")
            nxt[:2, scoring] = 1.0
            nxt[2, scoring] = np.maximum(points, nxt[2, scoring])
            # per draw state, its edges summed in creation order (bincount adds in
            # order), then the turn's divisor; draws it does not list keep its value
            nxt -= np.take(draw, src, axis=1, out=now, mode="clip")
            nxt *= w
            for row in range(3):
                added[row] = np.bincount(src, nxt[row], minlength=n1)
            added /= float(total - t)
            draw += added
            draw[0, tenpai] = 1.0
        out[:, :, t] = np.take(draw, picked, axis=1)
        # discard states: each number's greatest over the draw states they lead to
        disc[:, groups] = np.maximum.reduceat(np.take(draw, options, axis=1, out=now,
                                                      mode="clip"),
                                              starts, axis=1)
    return out[0], out[1], out[2]


def advice(hand: Hand, start: Counts37, wall: Sequence[int], *, indicators: tuple[str, ...],
           seat: str, rnd: str, rules: Rules, draws: int, extra: int, wall_sum: int,
           max_shanten: int, settings: dict[str, Any]) -> Advice:
    """:func:`mjasp.advise`'s answer in this model (an ``Advice``): one candidate per
    discard its graph explores, sequences per turn ``t = t_max − draws .. t_max``."""
    from mjasp.advice.api import Advice, AdviseError, Candidate
    if hand.melds:
        raise AdviseError("the mahjong-cpp model here takes closed hands (no melds)")
    s0 = shanten_of(start[:34])
    exact = s0 <= max_shanten
    t_min = T_MAX - draws
    if t_min < 0:
        raise AdviseError(f"the mahjong-cpp model plays at most {T_MAX} draws, not {draws}")
    scoring = CPP_RULES if rules.name == "tenhou" else rules
    if exact:
        r = compute(start, dora_indicators=indicators, seat_wind=seat, round_wind=rnd,
                    rules=scoring, wall=wall, t_min=t_min, t_max=T_MAX,
                    wall_sum=wall_sum, extra=extra)
        stats, searched = r.stats, r.searched
    else:
        stats, searched = _necessary_only(start, wall), 0
    out = []
    for st in stats:
        decision = "riichi" if st.shanten == 0 and st.tile is not None else "-"
        out.append(Candidate(st.tile, st.shanten, st.necessary, st.tenpai_prob,
                             st.win_prob, st.exp_score, decision))
    if exact:
        out.sort(key=lambda c: (-c.expected_points[0], -c.win_prob[0], c.shanten))
    else:
        out.sort(key=lambda c: (c.shanten, -c.ukeire_count))
    note = "" if exact else (f"{s0}-shanten is beyond the exact range (at most "
                             f"{max_shanten}-shanten): effective tiles only")
    return Advice(str(hand), s0, "mahjong-cpp", draws, tuple(out), exact, note, None,
                  searched, dict(settings, rules=scoring.name))


def _necessary_only(start: Counts37, wall: Sequence[int]) -> tuple[Stat, ...]:
    sep = separated(start)
    if sum(start[:34]) % 3 == 1:
        return (_stat(None, sep, list(wall), None, 0, -1),)
    return tuple(_stat(name37(i), [x - (j == i) for j, x in enumerate(sep)], list(wall),
                       None, 0, -1)
                 for i in range(37) if sep[i] > 0)


__all__ = ["CPP_RULES", "Result", "Stat", "advice", "compute", "default_wall"]
