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

>>> from mjasp.advice.cpp_model import compute
>>> r = compute("222567m345p33667s", dora_indicators=("1z",))
>>> r.searched, r.stats[0].tile, round(r.stats[0].win_prob[0], 6)
(173, '2m', 0.341664)
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from mjasp.advice.tiles37 import FIVES, Counts37, dora_of, name37, to_hand
from mjasp.analysis.shanten import shanten as shanten_of
from mjasp.core.errors import MjaspError
from mjasp.core.hand import Hand
from mjasp.core.tiles import tile_kind, tile_name
from mjasp.core.win import Win
from mjasp.rules import RULES, Rules
from mjasp.rules.points import settle, value
from mjasp.scoring.api import score as score_hand
from mjasp.solvers.kernel import draw_replacements

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


@dataclass
class _Builder:
    """The depth-first graph construction (state order and edge order as its code)."""

    hand_org: list[int]          # separated counts of the hand given
    s_org: int
    extra: int
    score: Any                   # (hand14 separated, win tile, riichi) -> points
    shanten_cache: dict[bytes, int] = field(default_factory=dict)
    need_cache: dict[bytes, int] = field(default_factory=dict)
    disc_cache: dict[bytes, int] = field(default_factory=dict)
    draw_ids: dict[tuple[bytes, bool], int] = field(default_factory=dict)
    disc_ids: dict[tuple[bytes, bool], int] = field(default_factory=dict)
    # edges as (source << 32 | target) for the existence test, and their data in
    # creation order (compact arrays: the largest graphs hold millions of edges)
    edges: set[int] = field(default_factory=set)
    e_src: array[int] = field(default_factory=lambda: array("i"))
    e_dst: array[int] = field(default_factory=lambda: array("i"))
    e_w: array[int] = field(default_factory=lambda: array("i"))
    e_score: array[float] = field(default_factory=lambda: array("d"))
    draw_tenpai: list[bool] = field(default_factory=list)
    vertices: int = 0

    def sh(self, merged34: bytes) -> int:
        found = self.shanten_cache.get(merged34)
        if found is None:
            found = shanten_of(merged34)
            self.shanten_cache[merged34] = found
        return found

    def merged(self, hand: list[int]) -> bytearray:
        m = bytearray(hand[:34])
        for r, k in enumerate(FIVES):
            m[k] += hand[34 + r]
        return m

    def distance(self, hand: list[int]) -> int:
        return sum(h - o for h, o in zip(hand, self.hand_org, strict=True) if h > o)

    def necessary(self, m: bytearray, s: int) -> int:
        """The kinds (and red fives) whose draw lowers the shanten of 13 tiles ``m``."""
        key = bytes(m)
        found = self.need_cache.get(key)
        if found is not None:
            return found
        tiles = [k for k in range(34) if m[k] < 4]
        mask = 0
        # one compiled call: the replacement number (shanten + 1) after each draw
        for k, r in zip(tiles, draw_replacements(key, 4, tiles, True, True, True),
                        strict=True):
            if r <= s:
                mask |= 1 << k
        found = _with_red(mask)
        self.need_cache[key] = found
        return found

    def unnecessary(self, m: bytearray, s: int) -> int:
        """The kinds (and red fives) whose discard keeps the shanten of 14 tiles ``m``."""
        key = bytes(m)
        found = self.disc_cache.get(key)
        if found is not None:
            return found
        mask = 0
        for k in range(34):
            if m[k]:
                m[k] -= 1
                if self.sh(bytes(m)) == s:
                    mask |= 1 << k
                m[k] += 1
        found = _with_red(mask)
        self.disc_cache[key] = found
        return found

    def add_edge(self, src: int, dst: int, w: int, score: float) -> None:
        self.edges.add((src << 32) | dst)
        self.e_src.append(src)
        self.e_dst.append(dst)
        self.e_w.append(w)
        self.e_score.append(score)

    def draw_node(self, hand: list[int], wall: list[int], riichi: bool) -> int:
        key = (bytes(hand), riichi)
        found = self.draw_ids.get(key)
        if found is not None:
            return found
        m = self.merged(hand)
        s = self.sh(bytes(m))
        wait = self.necessary(m, s)
        tegawari = not riichi and self.distance(hand) + s < self.s_org + self.extra
        vertex = len(self.draw_tenpai)
        self.draw_ids[key] = vertex
        self.draw_tenpai.append(s == 0)
        self.vertices += 1
        for i in ALL_TILES if tegawari else _bits(wait):
            is_wait = wait >> i & 1
            if wall[i]:
                weight = wall[i]
                hand[i] += 1
                wall[i] -= 1
                target = self.disc_node(hand, wall, riichi)
                if (vertex << 32 | target) not in self.edges:
                    pts = self.score(hand, wall, i, riichi) if s == 0 and is_wait else 0.0
                    self.add_edge(vertex, target, weight, pts)
                hand[i] -= 1
                wall[i] += 1
        return vertex

    def disc_node(self, hand: list[int], wall: list[int], riichi: bool) -> int:
        key = (bytes(hand), riichi)
        found = self.disc_ids.get(key)
        if found is not None:
            return found
        m = self.merged(hand)
        s = self.sh(bytes(m))
        disc = self.unnecessary(m, s) if s >= 0 else 0
        down = not riichi and self.distance(hand) + s < self.s_org + self.extra
        vertex = len(self.disc_ids)
        self.disc_ids[key] = vertex
        self.vertices += 1
        for i in ALL_TILES if down else _bits(disc):
            is_disc = disc >> i & 1
            if hand[i]:
                call = True if s == 0 and is_disc else riichi
                hand[i] -= 1
                wall[i] += 1
                weight = wall[i]
                source = self.draw_node(hand, wall, call)
                hand[i] += 1
                wall[i] -= 1
                if (source << 32 | vertex) not in self.edges:
                    pts = self.score(hand, wall, i, riichi) if s == -1 else 0.0
                    self.add_edge(source, vertex, weight, pts)
        return vertex


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
    """A kinds mask with each red five set where its kind is."""
    for r, k in enumerate(FIVES):
        if mask >> k & 1:
            mask |= 1 << (34 + r)
    return mask


class _Scorer:
    """Points of a self-drawn win as its code values them, from :func:`mjasp.score`."""

    def __init__(self, indicators: tuple[str, ...], seat: str, rnd: str, rules: Rules,
                 uradora: bool) -> None:
        self.indicators = indicators
        self.seat, self.rnd, self.rules = seat, rnd, rules
        self.uradora = uradora
        self.cache: dict[tuple[bytes, int, bool], float] = {}
        self.up_cache: dict[tuple[int, int], int] = {}

    def __call__(self, hand: list[int], wall: list[int], tile: int, riichi: bool) -> float:
        key = (bytes(hand), tile, riichi)
        found = self.cache.get(key)
        if found is None:
            found = self._score(hand, wall, tile, riichi)
            self.cache[key] = found
        return found

    def _base(self, h: Hand, tile: int, riichi: bool) -> tuple[int, int, int, bool]:
        """(points, han, fu, limit reached) of the win without ura dora; 0 points when
        the hand has no yaku."""
        win = Win(tile=name37(tile), tsumo=True, seat_wind=self.seat, round_wind=self.rnd,
                  dora_indicators=self.indicators, riichi=1 if riichi else 0)
        try:
            s = score_hand(h, win, rules=self.rules)
        except MjaspError:
            return 0, 0, 0, False
        if s.han <= 0 and not s.yakuman:
            return 0, 0, 0, False
        return int(s.points), s.han, s.fu, bool(s.yakuman) or s.han >= 13

    def _up(self, han: int, fu: int) -> int:
        """A self-draw's points at ``han`` and ``fu`` (mjasp's points table, payments)."""
        found = self.up_cache.get((han, fu))
        if found is None:
            found = settle(value(han, fu, 0, self.rules)[0], self.seat == "E", True, 0, 0,
                           self.rules)[0]
            self.up_cache[(han, fu)] = found
        return found

    def _score(self, hand: list[int], wall: list[int], tile: int, riichi: bool) -> float:
        merged = list(hand)
        mwall = list(wall)
        for r, k in enumerate(FIVES):
            merged[k] += hand[34 + r]
            mwall[k] += wall[34 + r]
        h = to_hand(bytes(merged), ())
        base, han, fu, limit = self._base(h, tile, riichi)
        n = len(self.indicators)
        if base == 0 or not self.uradora or not riichi or n == 0 or limit:
            return float(base)
        probs = _ura_distribution(merged, mwall, n)
        # each ura han count adds to the win's han, as its code adds them ("up scores"):
        # the points of han + u at the same fu, from mjasp's points table and payments
        out = 0.0
        for u in range(13):
            if probs[u]:
                pts = base if u == 0 else self._up(han + u, fu)
                out += pts * probs[u]
        return out


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
    hand_sep = separated(h37)
    wall_sep = separated(bytes(max(0, x) for x in mwall))
    scorer = _Scorer(indicators, seat_wind, round_wind, rules or CPP_RULES, uradora)
    s_org = shanten_of(h37[:34])
    b = _Builder(list(hand_sep), s_org, extra, scorer)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    try:
        fourteen = sum(h37[:34]) == 14
        work_h = list(hand_sep)
        work_w = list(wall_sep)
        if fourteen:
            b.disc_node(work_h, work_w, False)
        else:
            b.draw_node(work_h, work_w, False)
    finally:
        sys.setrecursionlimit(limit)
    tp, wp, ev = _values(b, t_min, t_max, wall_sum)
    stats = []
    if fourteen:
        m = b.merged(hand_sep)
        disc = b.unnecessary(m, s_org) if s_org >= 0 else 0
        for i in range(37):
            if hand_sep[i] <= 0:
                continue
            call = bool(s_org == 0 and disc >> i & 1)
            work = list(hand_sep)
            work[i] -= 1
            v = b.draw_ids.get((bytes(work), call))
            if v is None:
                continue
            stats.append(_stat(name37(i), work, mwall, b, v, tp, wp, ev, t_min, t_max))
    else:
        v = b.draw_ids[(bytes(hand_sep), False)]
        stats.append(_stat(None, hand_sep, mwall, b, v, tp, wp, ev, t_min, t_max))
    return Result(s_org, tuple(stats), b.vertices)


def _stat(tile: str | None, hand_sep: list[int], mwall: list[int], b: _Builder, v: int,
          tp: Any, wp: Any, ev: Any, t_min: int, t_max: int) -> Stat:
    m = b.merged(hand_sep)
    s = b.sh(bytes(m))
    nec = tuple((tile_name(k), mwall[k]) for k in range(34)
                if m[k] < 4 and _lowers(b, m, k, s))
    if v < 0:
        return Stat(tile, s, nec, (), (), ())
    rng = slice(t_min, t_max + 1)
    return Stat(tile, s, nec, tuple(tp[v, rng].tolist()), tuple(wp[v, rng].tolist()),
                tuple(ev[v, rng].tolist()))


def _lowers(b: _Builder, m: bytearray, k: int, s: int) -> bool:
    m[k] += 1
    try:
        return b.sh(bytes(m)) < s
    finally:
        m[k] -= 1


def _values(b: _Builder, t_min: int, t_max: int, total: int) -> tuple[Any, Any, Any]:
    """The per-turn values of every draw state (rows) as its code computes them."""
    n1, n2 = len(b.draw_tenpai), len(b.disc_ids)
    src = np.frombuffer(b.e_src, dtype=np.int32).astype(np.int64)
    dst = np.frombuffer(b.e_dst, dtype=np.int32).astype(np.int64)
    w = np.frombuffer(b.e_w, dtype=np.int32).astype(np.float64)
    score = np.frombuffer(b.e_score, dtype=np.float64)
    scoring = score > 0.0
    tenpai = np.asarray(b.draw_tenpai, dtype=bool)
    tp = np.zeros((n1, t_max + 1))
    wp = np.zeros((n1, t_max + 1))
    ev = np.zeros((n1, t_max + 1))
    # a discard state's options are the sources of its edges: edges grouped by target
    order = np.argsort(dst, kind="stable")
    d_sorted = dst[order]
    starts = np.flatnonzero(np.r_[True, d_sorted[1:] != d_sorted[:-1]])
    groups = d_sorted[starts]
    options = src[order]
    d_tp = np.zeros(n2)
    d_wp = np.zeros(n2)
    d_ev = np.zeros(n2)
    for t in range(t_max, t_min - 1, -1):
        if t == t_max:
            tp[tenpai, t] = 1.0
        else:
            # a winning draw: tenpai and win 1, the points or continuing, the greater
            x_tp = np.where(scoring, 1.0, d_tp[dst])
            x_wp = np.where(scoring, 1.0, d_wp[dst])
            x_ev = np.where(scoring, np.maximum(score, d_ev[dst]), d_ev[dst])
            # per draw state, its edges summed in creation order (bincount adds in
            # order), then the turn's divisor; draws it does not list keep its value
            a_tp = np.bincount(src, w * (x_tp - tp[src, t + 1]), minlength=n1)
            a_wp = np.bincount(src, w * (x_wp - wp[src, t + 1]), minlength=n1)
            a_ev = np.bincount(src, w * (x_ev - ev[src, t + 1]), minlength=n1)
            div = float(total - t)
            tp[:, t] = tp[:, t + 1] + a_tp / div
            tp[tenpai, t] = 1.0
            wp[:, t] = wp[:, t + 1] + a_wp / div
            ev[:, t] = ev[:, t + 1] + a_ev / div
        # discard states: each number's greatest over the draw states they lead to
        d_tp[groups] = np.maximum.reduceat(tp[options, t], starts)
        d_wp[groups] = np.maximum.reduceat(wp[options, t], starts)
        d_ev[groups] = np.maximum.reduceat(ev[options, t], starts)
    return tp, wp, ev


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
    b = _Builder(sep, 0, 0, None)
    if sum(start[:34]) % 3 == 1:
        return (_stat(None, sep, list(wall), b, -1, None, None, None, 0, -1),)
    return tuple(_stat(name37(i), [x - (j == i) for j, x in enumerate(sep)], list(wall), b,
                       -1, None, None, None, 0, -1)
                 for i in range(37) if sep[i] > 0)


__all__ = ["CPP_RULES", "Result", "Stat", "advice", "compute", "default_wall"]
