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

Melds are its code's too: their tiles out of the wall, the concealed tiles' shanten with
them, riichi only when every meld is a closed kan (its ``Player::is_closed``), each hand
scored with them and their tiles counted for ura dora.

Scores are :func:`mjasp.score`'s, by its own checks and engine: the wins of one hand
checked and scored together (one engine call for all their winning tiles), its ura han
counts added at the same fu from mjasp's points table and payments, as its code adds
them.

Its code explores depth-first; what a state explores depends on its hand and flag alone
(``changes`` is a count of the hand's tiles), so the same graph is built here layer by
layer with whole arrays (:class:`_Graph`), each frontier's shanten numbers in batch
calls. The values are computed with numpy over the whole graph turn by turn, keeping
each state's current turn only (and every turn of the states answered); the graph's
edge order differs from its code's, so sums may differ from its in the last bits. Where
the optional C extension is built, two compiled loops (``_dp.cpp_build``,
``_dp.cpp_run``) do the same: the same states, edges and floats (tested).

>>> from mjasp.advice.cpp_model import compute
>>> r = compute("222567m345p33667s", dora_indicators=("1z",))
>>> r.searched, r.stats[0].tile, round(r.stats[0].win_prob[0], 6)
(173, '2m', 0.341664)
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import comb
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from mjasp.advice import cpp_loops
from mjasp.advice.model import kept, red_adds_han
from mjasp.advice.tiles37 import FIVES, Counts37, dora_of, name37
from mjasp.analysis.shanten import shanten as shanten_of
from mjasp.analysis.shanten import shanten_batch
from mjasp.core.blocks import Meld
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand, with_melds
from mjasp.core.tiles import MAX_RED_FIVES, tile_kind, tile_name
from mjasp.core.win import Win
from mjasp.rules import RULES, RULES_CACHED, Rules
from mjasp.scoring.api import hand_checks
from mjasp.solvers import kernel

if TYPE_CHECKING:
    from mjasp.advice.api import Advice

#: the dora kind each indicator kind points at (four players)
DORA = tuple(dora_of(k, 4) for k in range(34))
#: the same as bytes (``cpp_loops.ura_one``)
_DORA_BYTES = bytes(DORA)
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


class _Graph:
    """The graph, built layer by layer with whole-array operations (the same states and
    edges as its depth-first search, which reaches each state once, whatever the order:
    what a state explores depends on its hand and riichi flag alone — ``changes`` is the
    count of its tiles beyond the hand given).

    Draw states and discard states are numbered in the order found; each is its 37
    separated counts (rows of ``draw_hands``/``disc_hands``) and riichi flag, found again
    by a key of two integers (the counts 3 bits each, the flag above them). A frontier of
    new states is expanded at once: its shanten numbers, and the shanten after each draw
    (a draw state's waits) or each discard (a discard state's shanten-keeping discards),
    in one :func:`shanten_batch` call per array.
    """

    def __init__(self, hand_org: list[int], wall: list[int], s_org: int, extra: int,
                 riichi: bool = True) -> None:
        self.org = np.array(hand_org, dtype=np.int16)
        # whether a tenpai discard declares riichi (its ``is_closed``: no open meld)
        self.riichi = riichi
        # a state's wall is this less its hand (draws and discards move tiles between them)
        self.total = self.org + np.array(wall, dtype=np.int16)
        self.budget = s_org + extra
        # per kind (draw, discard): the states' rows, flags and keys, in blocks
        self.hands: tuple[list[Any], list[Any]] = ([], [])
        self.flags: tuple[list[Any], list[Any]] = ([], [])
        self.keys: tuple[list[Any], list[Any]] = ([], [])
        self.index: tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]] = ({}, {})
        self.tenpai: list[Any] = []                     # per draw state, in order
        self.disc_shanten: list[Any] = []               # per discard state, in order
        # edges: (draw state, discard state, tile37 drawn, copies in the draw state's wall)
        self.parts: list[tuple[Any, Any, Any, Any]] = []

    def add(self, kind: int, keys: tuple[Any, Any], parents: Any, tiles: Any, sign: int,
            flags: Any) -> Any:
        """The ids of the states of one kind (0 draw, 1 discard) keyed ``keys``: each the
        row ``parents[j]`` with a tile37 ``tiles[j]`` added (``sign`` 1) or taken (-1),
        riichi ``flags[j]``. Each key is looked up once; the new states are numbered
        after the others, their rows made."""
        hi, lo = keys
        order = np.lexsort((lo, hi))
        hi, lo = hi[order], lo[order]
        first = np.ones(len(order), dtype=bool)
        first[1:] = (hi[1:] != hi[:-1]) | (lo[1:] != lo[:-1])
        index = self.index[kind]
        found: list[int] = []
        fresh: list[int] = []
        for n, key in enumerate(zip(hi[first].tolist(), lo[first].tolist(), strict=True)):
            j = index.get(key)
            if j is None:
                j = index[key] = len(index)
                fresh.append(n)
            found.append(j)
        ids = np.empty(len(order), dtype=np.intp)
        ids[order] = np.array(found, dtype=np.intp)[np.cumsum(first) - 1]
        if fresh:
            at = order[np.flatnonzero(first)[fresh]]
            rows = parents[at]
            if sign > 0:
                rows[np.arange(len(at)), tiles[at]] += 1
            else:
                rows[np.arange(len(at)), tiles[at]] -= 1
            self.hands[kind].append(rows)
            self.flags[kind].append(flags[at])
            self.keys[kind].append((keys[0][at], keys[1][at]))
        return ids

    def build(self, hand: list[int], fourteen: bool) -> None:
        """Every state reachable from the hand given (a discard state for 14 tiles)."""
        kind = 1 if fourteen else 0
        key = _key(hand, False)
        self.index[kind][key] = 0
        self.hands[kind].append(np.array([hand], dtype=np.uint8))
        self.flags[kind].append(np.zeros(1, dtype=bool))
        self.keys[kind].append((np.array([key[0]], dtype=np.uint64),
                                np.array([key[1]], dtype=np.uint64)))
        done = [0, 0]
        while True:
            progress = False
            for kind in (1, 0):
                while done[kind] < len(self.index[kind]):
                    # (expanding one kind adds states of the other kind only)
                    rows = np.concatenate(self.hands[kind])
                    flags = np.concatenate(self.flags[kind])
                    hi = np.concatenate([k[0] for k in self.keys[kind]])
                    lo = np.concatenate([k[1] for k in self.keys[kind]])
                    self.hands[kind][:] = [rows]
                    self.flags[kind][:] = [flags]
                    self.keys[kind][:] = [(hi, lo)]
                    for a in range(done[kind], len(rows), _CHUNK):
                        b = min(len(rows), a + _CHUNK)
                        (self._discards if kind else self._draws)(
                            np.arange(a, b), rows[a:b], flags[a:b], (hi[a:b], lo[a:b]))
                    done[kind] = len(rows)
                    progress = True
            if not progress:
                break

    def _draws(self, ids: Any, hands: Any, flags: Any, keys: tuple[Any, Any]) -> None:
        """Expand draw states: every tile while tegawari, else the waits."""
        merged, s, changes = self._read(hands)
        self.tenpai.append(s == 0)
        tegawari = ~flags & (changes + s < self.budget)
        # the waits (kinds whose draw lowers the shanten), where they matter: without
        # tegawari, and to score a tenpai hand's wins
        need = np.flatnonzero(~tegawari | (s == 0))
        wait = np.zeros((len(hands), 34), dtype=bool)
        if len(need):
            m = merged[need]
            row, kind = np.divmod(np.flatnonzero(m < 4), 34)
            after = m[row]
            after[np.arange(len(row)), kind] += 1
            lower = _shanten_rows(after) < s[need][row]
            wait[need[row[lower]], kind[lower]] = True
        wall = self.total - hands
        drawn = (wall > 0) & (tegawari[:, None] | _with_red_rows(wait))
        node, tile = np.divmod(np.flatnonzero(drawn), 37)
        # a draw adds its tile's weight to the key
        targets = self.add(1, (keys[0][node] + _TILE_HI[tile], keys[1][node] + _TILE_LO[tile]),
                           hands[node], tile, 1, flags[node])
        self._edges(ids[node], targets, tile, wall[node, tile])

    def _discards(self, ids: Any, hands: Any, flags: Any, keys: tuple[Any, Any]) -> None:
        """Expand discard states: every tile while the budget allows (``down``), else the
        discards that keep the shanten; one that keeps a tenpai declares riichi."""
        merged, s, changes = self._read(hands)
        self.disc_shanten.append(s)
        down = ~flags & (changes + s < self.budget)
        need = np.flatnonzero((s >= 0) & (~down | (s == 0)))
        keep = np.zeros((len(hands), 34), dtype=bool)
        if len(need):
            m = merged[need]
            row, kind = np.divmod(np.flatnonzero(m > 0), 34)
            after = m[row]
            after[np.arange(len(row)), kind] -= 1
            same = _shanten_rows(after) == s[need][row]
            keep[need[row[same]], kind[same]] = True
        keep37 = _with_red_rows(keep)
        thrown = (hands > 0) & (down[:, None] | keep37)
        node, tile = np.divmod(np.flatnonzero(thrown), 37)
        call = ((s[node] == 0) & keep37[node, tile] & self.riichi) | flags[node]
        # a discard takes its tile's weight from the key, whose flag is the call's
        lo = ((keys[1][node] & _COUNTS_LO) - _TILE_LO[tile]) | call.astype(np.uint64) << _FLAG
        sources = self.add(0, (keys[0][node] - _TILE_HI[tile], lo), hands[node], tile, -1,
                           call)
        self._edges(sources, ids[node], tile, self.total[tile] - hands[node, tile] + 1)

    def _edges(self, src: Any, dst: Any, tile: Any, weight: Any) -> None:
        """Keep edges in small types (the largest graphs hold millions)."""
        self.parts.append((src.astype(np.int32), dst.astype(np.int32), tile.astype(np.int8),
                           weight.astype(np.int16)))

    def _read(self, hands: Any) -> tuple[Any, Any, Any]:
        """The merged 34 counts, shanten and changes of state rows."""
        # a copy (``ascontiguousarray`` of a single row is the row itself: the += below
        # would change the state's hand)
        merged = hands[:, :34].copy()
        merged[:, FIVES] += hands[:, 34:]
        s = _shanten_rows(merged).astype(np.int64)
        changes = np.maximum(0, hands.astype(np.int16) - self.org).sum(axis=1)
        return merged, s, changes

    def edges(self) -> tuple[Any, Any, Any, Any]:
        """Each edge once (both ends' searches make it): draw state, discard state, tile
        drawn, weight."""
        src, dst, tile, w = (np.concatenate(x) for x in zip(*self.parts, strict=True))
        _, first = np.unique(src.astype(np.int64) * max(1, len(self.index[1])) + dst,
                             return_index=True)
        self.parts = []
        first.sort()  # the order found
        return src[first], dst[first], tile[first], w[first]


class CppGraph(NamedTuple):
    """Its graph (:func:`build_graph`): ``draws`` draw states and ``discards`` discard
    states numbered in the order found, each a row of 37 separated counts
    (``draw_hands``/``disc_hands``, uint8) and a riichi flag (bool); whether each draw
    state is tenpai, each discard state's shanten; the edges (draw state ``src``, discard
    state ``dst``, the tile37 drawn, its copies in the draw state's wall), each once in
    the order made; and the ids of the draw states asked for (-1: not in the graph)."""

    draws: int
    discards: int
    draw_hands: Any
    draw_flags: Any
    tenpai: Any
    disc_hands: Any
    disc_flags: Any
    disc_shanten: Any
    src: Any
    dst: Any
    tile: Any
    weight: Any
    wanted: list[int]


def build_graph(hand: list[int], wall: list[int], budget: int, fourteen: bool,
                wanted: Sequence[tuple[Sequence[int], bool]], compiled: bool = True,
                riichi: bool = True) -> CppGraph:
    """Every state reachable from ``hand`` (separated counts; a discard state for 14
    tiles) with ``wall`` (separated), tegawari while ``changes + shanten < budget``; and
    the ids of the draw states ``wanted`` (hand, riichi flag). Built by the compiled
    builder (``_dp.cpp_build``: the same states, edges and numbering) where it is built
    and ``compiled`` is True, else with numpy (:class:`_Graph`). ``riichi`` False (an
    open hand): no discard declares riichi (the numpy builder; the compiled one always
    declares it).

    >>> from mjasp.advice.tiles37 import parse37
    >>> sep = separated(parse37("123456789m1234p"))
    >>> g = build_graph(sep, default_wall(parse37("123456789m1234p"), ()), 0, False,
    ...                 [(sep, False)])
    >>> g.draws, g.discards, g.wanted       # waits 1p, 4p: two discard states
    (1, 2, [0])
    """
    rows = np.array([[*h, call] for h, call in wanted], dtype=np.int64).reshape(-1, 38)
    return _build_graph(hand, wall, budget, fourteen, rows, compiled, riichi)


def _build_graph(hand: list[int], wall: list[int], budget: int, fourteen: bool,
                 wanted: Any, compiled: bool = True, riichi: bool = True,
                 total: list[int] | None = None) -> CppGraph:
    """:func:`build_graph` with the draw states ``wanted`` as rows of 38 integers (the
    hand, then the riichi flag); ``total``: the hand and wall added, where known."""
    from mjasp.advice import graph
    from mjasp.advice.build import kernel_shanten
    cpp_build = None if graph._dp is None else graph._dp.cpp_build
    # the rows as cpp_build takes them (bytes), where each of their numbers fits a byte
    if isinstance(wanted, bytes):
        raw: bytes | None = wanted
    else:
        raw = None if wanted.size and (wanted.min() < 0 or wanted.max() >= 256) else \
            wanted.astype(np.uint8).tobytes()
    if total is None:
        total = [x + y for x, y in zip(hand, wall, strict=True)]
    if compiled and riichi and cpp_build is not None and min(hand) >= 0 and min(wall) >= 0 \
            and max(total) < 8 and -1 <= budget < 64 and raw is not None:
        parts = cpp_build(bytes(hand), bytes(total), budget, fourteen,
                          kernel_shanten(_TENHOU), raw)
        # (each part by its dtype, in one loop: a closure made per call cost more)
        arrays: list[Any] = [np.frombuffer(part, dtype=dtype)
                              for part, dtype in zip(parts, _CPP_BUILD_DTYPES, strict=True)]
        draw_hands = arrays[0].reshape(-1, 37)
        disc_hands = arrays[3].reshape(-1, 37)
        return CppGraph(len(draw_hands), len(disc_hands), draw_hands, arrays[1], arrays[2],
                        disc_hands, arrays[4], arrays[5], arrays[6], arrays[7], arrays[8],
                        arrays[9], arrays[10].tolist())
    if raw is wanted:
        wanted = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 38)
    g = _Graph(hand, wall, budget, 0, riichi)
    g.build(hand, fourteen)

    def cat(parts: list[Any], dtype: Any, width: int = 0) -> Any:
        # (a kind may have no states: a complete hand given without changes)
        empty = np.zeros((0, width) if width else 0, dtype=dtype)
        return np.concatenate(parts).astype(dtype) if parts else empty

    src, dst, tile, weight = g.edges() if g.parts else (
        cat([], np.int32), cat([], np.int32), cat([], np.int8), cat([], np.int16))
    return CppGraph(len(g.index[0]), len(g.index[1]), cat(g.hands[0], np.uint8, 37),
                    cat(g.flags[0], np.bool_), cat(g.tenpai, np.bool_),
                    cat(g.hands[1], np.uint8, 37), cat(g.flags[1], np.bool_),
                    cat(g.disc_shanten, np.int8), src, dst, tile, weight,
                    [g.index[0].get(_key(row[:37], row[37]), -1)
                     for row in wanted.tolist()])


#: the dtypes of ``_dp.cpp_build``'s parts, in order: draw states' hands, flags, tenpai;
#: discard states' hands, flags, shanten; edges' src, dst, tile, weight; the wanted ids
_CPP_BUILD_DTYPES = (np.uint8, np.bool_, np.bool_, np.uint8, np.bool_, np.int8, np.int32,
                     np.int32, np.int8, np.int16, np.int64)


def _key(hand: Sequence[int], riichi: bool) -> tuple[int, int]:
    """A state's key in ``_Graph.index``: its counts 3 bits each in two integers (21
    counts, then 16 and the riichi flag)."""
    hi = lo = 0
    for i in range(21):
        hi |= hand[i] << 3 * i
    for i in range(21, 37):
        lo |= hand[i] << 3 * (i - 21)
    return hi, lo | int(riichi) << 48


def _shanten_rows(rows: Any) -> Any:
    """Shanten of each row of merged 34 counts (``mjasp.shanten``'s default forms): the
    compiled kernel's batch call itself where built (the rows are C-contiguous uint8 of
    13 or 14 tiles), else :func:`shanten_batch`."""
    if not len(rows):
        return np.zeros(0, dtype=np.int8)
    if kernel.COMPILED:
        out = np.empty(len(rows), dtype=np.int8)
        if kernel.batch_shanten(rows, out, True, True, True, False, False) < 0:
            return out
    return shanten_batch(rows, _TENHOU)  # (and its error, for a row it refuses)


def _with_red_rows(kinds: Any) -> Any:
    """(N, 37) of (N, 34): each red five as its kind."""
    return np.concatenate([kinds, kinds[:, FIVES]], axis=1)


#: what one tile37 adds to a state's two key integers (``_key``), the counts' bits of the
#: second and its riichi flag's place
_TILE_HI = np.array([1 << 3 * i if i < 21 else 0 for i in range(37)], dtype=np.uint64)
_TILE_LO = np.array([1 << 3 * (i - 21) if i >= 21 else 0 for i in range(37)], dtype=np.uint64)
_COUNTS_LO = np.uint64((1 << 48) - 1)
_FLAG = np.uint64(48)
_CHUNK = 4096
_TENHOU = RULES["tenhou"]


def _merged(hand: Sequence[int]) -> list[int]:
    """The 34 merged counts of 37 separated ones."""
    m = list(hand[:34])
    for r, k in enumerate(FIVES):
        m[k] += hand[34 + r]
    return m


#: each tile37's kind
KIND = tuple(range(34)) + FIVES
#: each kind's name, each tile37's
_NAMES = tuple(tile_name(k) for k in range(34))
_NAMES37 = tuple(name37(t) for t in range(37))
#: row k: kind k drawn (``_necessary``)
_DRAWN = np.eye(34, dtype=bool)
#: every kind in the wall, for ``_dp.ukeire`` (``_necessary_of``: a kind is drawn unless
#: held four times, whatever the wall holds)
_DRAWABLE = bytes([1] * 37)


#: the per-process tables of :class:`_Scorer` (bounded by ``kept``)
_UP_POINTS: dict[tuple[Rules, bool], list[Any]] = {}
_WINS: dict[tuple[str, str, tuple[str, ...]], dict[tuple[int, bool], Win]] = {}


class _Scorer:
    """Points of self-drawn wins as its code values them, each scored as :func:`mjasp.score`
    scores it, the wins of one 14-tile hand and riichi flag together: the hand checked
    once (``check_prepared``, with ``hand_checks`` made once per search), the hand's
    readings found once (``hand_readings``), every winning tile scored by one engine call
    (``shapes_by_tile``: each candidate's han and fu, whose points are the rules' points
    of them; ``candidates_by_tile`` where a candidate is a yakuman or has no yaku) and
    each tile's best picked by ``rank_key``, as ``mjasp.score`` picks it; the hands one
    after another in typed loops
    (:mod:`mjasp.advice.cpp_loops`). The hands are built unchecked
    (``trusted_hand``): they are the start's tiles and the wall's, which
    :func:`_check_fits` found to fit a Hand. The winning tiles are those of the graph's
    winning edges, each drawn into the hand: they pass the winning tile's checks
    (``check_winning_tile``: among the concealed tiles, a red or plain five as drawn, no
    chankan; three players are refused), which are not asked again (tested on every
    winning edge of both builders' graphs)."""

    def __init__(self, indicators: tuple[str, ...], seat: str, rnd: str, rules: Rules,
                 uradora: bool, total: Sequence[int], melds: tuple[Meld, ...] = ()) -> None:
        self.indicators = indicators
        # the hand's melds: in every hand scored, and their tiles count for ura dora (its
        # ``calc_uradora_score`` adds them to the hand's)
        self.melds = melds
        self.meld34 = _meld_counts(melds)[:34]
        self.seat, self.rnd, self.rules = seat, rnd, rules
        self.uradora = uradora
        # the separated hand and wall together: a reached hand's wall is this less it
        self.total = total
        # what does not depend on the hand, kept per process (as mjasp's model keeps its
        # points by han and fu): the self-draw points by (han, fu) of these rules and
        # seat (``cpp_loops.points_table``), and the Win of each (tile37, riichi) of this
        # situation
        self.up_cache: list[Any] = kept(
            _UP_POINTS, (rules, seat == "E"), 2 * RULES_CACHED,
            cpp_loops.points_table)
        self.win_of: dict[tuple[int, bool], Win] = kept(
            _WINS, (seat, rnd, indicators), 2 * RULES_CACHED, dict)
        self.readings: dict[bytes, tuple[Any, ...]] = {}

    def points(self, won: list[int], states: list[int], drawn: list[int], hands: Any,
               flags: Any) -> tuple[list[int], list[float]]:
        """The winning edges ``won`` (edge indices in order; ``states``: each one's
        discard state, ``drawn``: its tile37 drawn) that score, and their points (a win
        without a yaku scores nothing), by state and in edge order; ``hands`` and
        ``flags``: the discard states' counts and riichi flags. The edges are grouped by
        state, the winning states' rows, merged counts and flags read out of the arrays
        once (as Python values); the ura outcomes of every riichi win summed at the end,
        all at once (``cpp_loops.ura_totals``)."""
        order, places, groups = cpp_loops.winning_states(states, drawn)
        count = len(order)
        # each state's counts and merged counts as bytes (read as integers by index; lists
        # of the rows would cost more to make and free)
        rows, merged_rows = bytearray(37 * count), bytearray(34 * count)
        riichis, like, reds = cpp_loops.winning_rows(
            hands, flags.view(np.uint8), order, count > 0 and red_adds_han(self.rules), rows,
            merged_rows)
        raw, raw_merged = bytes(rows), bytes(merged_rows)
        pending: list[tuple[int, int, int, int]] = []
        wins = (self._win(False), self._win(True))
        # what ``check_hand`` reads of the melds, each Win and the rules, once per search,
        # for the riichi flags some winning state has (a tenpai call's are all riichi)
        checks = (hand_checks(self.melds, wins[0], self.rules) if not all(riichis) else None,
                  hand_checks(self.melds, wins[1], self.rules) if any(riichis) else None)
        values = cpp_loops.score_states(
            count, like, groups, raw, raw_merged, riichis, reds, wins, checks, self.melds,
            self.rules, self.readings,
            self.up_cache, self.seat == "E",
            self.uradora and len(self.indicators) > 0, pending)
        # a riichi win's place in ``pending`` is its value -1 - place until summed
        totals = self._ura_totals(pending, raw, raw_merged).tolist() if pending else []
        return cpp_loops.scored_edges(won, places, values, totals)

    #: The winning tile of the scorer's Win values: ``check_hand`` and the engine's
    #: ``shapes_by_tile``/``candidates_by_tile`` read none (the hand's tiles and their
    #: kinds are the win), so one Win per riichi flag serves every winning tile, where one
    #: per tile was built before (a Win's checks cost as much as a hand's)
    TILE = 0

    def _win(self, riichi: bool) -> Win:
        """The Win of a self-draw in this situation, with riichi or not (its tile
        ``TILE``: not read)."""
        win = self.win_of.get((self.TILE, riichi))
        if win is None:
            win = self.win_of[(self.TILE, riichi)] = Win(
                tile=name37(self.TILE), tsumo=True, seat_wind=self.seat, round_wind=self.rnd,
                dora_indicators=self.indicators, riichi=1 if riichi else 0)
        return win

    def _ura_totals(self, pending: list[tuple[int, int, int, int]], raw: bytes,
                    raw_merged: bytes) -> Any:
        """The points of each win of ``pending`` (place, han, fu, points) with its ura
        outcomes (``cpp_loops.ura_totals``: mjasp's points table and payments, as its code
        adds them, "up scores"). The chances of ura han counts: of every winning state at
        once with one indicator (its web app's default: ``cpp_loops.ura_one``), else of
        each state met (``_ura_distribution``); ``raw``, ``raw_merged``: the winning
        states' counts by place."""
        if len(self.indicators) == 1:
            count = len(raw_merged) // 34
            chances = np.empty((count, 13))
            cpp_loops.ura_one(raw_merged, count, bytes(_merged(self.total)),
                              bytes(self.meld34), _DORA_BYTES, chances)
            # (each win's row: its place, read by ura_totals, where a list of them cost
            # a tenpai call 10 k instructions)
            rows: Any = None
        else:
            row_of: dict[int, int] = {}
            table: list[list[float]] = []
            where = []
            for at, _, _, _ in pending:
                got = row_of.get(at)
                if got is None:
                    sep = raw[37 * at:37 * at + 37]
                    wall = _merged([t - x for t, x in zip(self.total, sep, strict=True)])
                    table.append(_ura_distribution(
                        [x + y for x, y in zip(raw_merged[34 * at:34 * at + 34],
                                               self.meld34, strict=True)],
                        wall, len(self.indicators)))
                    got = row_of[at] = len(table) - 1
                where.append(got)
            chances = np.array(table, dtype=np.float64)
            rows = np.array(where, dtype=np.int64)
        out = np.empty(len(pending))
        cpp_loops.ura_totals(pending, chances, rows, self.up_cache, self.seat == "E",
                             self.rules, out)
        return out


def _check_fits(hand: Counts37, wall: Sequence[int], melds: Sequence[int] = (0,) * 37
                ) -> None:
    """Raise :class:`HandError` unless every hand the search can reach is one ``Hand``
    takes, so that the scorer may build them unchecked: the hand's tiles, its melds'
    (``melds``) and the wall's (merged 37 counts) hold at most four of a kind and
    ``MAX_RED_FIVES`` red fives a suit, each red five of the wall one of its kind's
    copies there."""
    held = [h + m + (w if w > 0 else 0)
            for h, m, w in zip(hand[:34], melds[:34], wall[:34], strict=True)]
    if max(held) > 4:
        k = next(k for k in range(34) if held[k] > 4)
        raise HandError(f"the wall and the hand hold {held[k]} copies of {name37(k)}; "
                        f"there are only 4")
    for suit, five in enumerate(FIVES):
        red, copies = max(0, wall[34 + suit]), max(0, wall[five])
        if red > copies or hand[34 + suit] + melds[34 + suit] + red > MAX_RED_FIVES:
            raise HandError(f"the wall holds {red} red {name37(five)} of {copies} copies; "
                            f"with the hand's, at most {MAX_RED_FIVES} of a suit")


def _meld_counts(melds: Sequence[Meld]) -> list[int]:
    """The merged 37 counts of the melds' tiles (a red five also counted as its five).

    >>> counts = _meld_counts(Hand.parse("11m [406p] (1111z)").melds)
    >>> counts[12:15], counts[27], counts[34:]
    ([1, 1, 1], 4, [0, 1, 0])
    """
    out = with_melds((0,) * 34, melds)[0] + [0, 0, 0]
    for meld in melds:
        if meld.red:  # a meld's fives are of one suit
            out[34 + int(meld.tile) // 9] += meld.red
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
            red: bool = True, melds: tuple[Meld, ...] = ()) -> Result:
    """Its calculation for a 14- or 13-tile hand, melds counting three (``wall``: merged
    37 counts; default: :func:`default_wall`, less the melds' tiles). A ``Hand`` brings
    its melds; counts take ``melds``. As its code: the shanten of the concealed tiles with
    the melds (the standard form alone), no riichi unless every meld is a closed kan
    (its ``Player::is_closed``), the melds' tiles in each hand scored and counted for
    ura dora, and out of the wall."""
    s_org, rows, searched = _calculate(
        hand, dora_indicators=dora_indicators, seat_wind=seat_wind, round_wind=round_wind,
        rules=rules, wall=wall, t_min=t_min, t_max=t_max, wall_sum=wall_sum, extra=extra,
        uradora=uradora, red=red, melds=melds)
    return Result(s_org, tuple(Stat(*row) for row in rows), searched)


#: one discard's numbers: :class:`Stat`'s fields in order (``advice`` makes its
#: candidates of them without a ``Stat`` between)
_Row = tuple[str | None, int, tuple[tuple[str, int], ...], tuple[float, ...],
             tuple[float, ...], tuple[float, ...]]


def _calculate(hand: str | Hand | Counts37, *, dora_indicators: Sequence[str],
               seat_wind: str, round_wind: str, rules: Rules | None,
               wall: Sequence[int] | None, t_min: int, t_max: int, wall_sum: int,
               extra: int, uradora: bool, red: bool, melds: tuple[Meld, ...],
               s_org: int | None = None) -> tuple[int, list[_Row], int]:
    """:func:`compute`'s shanten, rows (:class:`Stat`'s fields) and states searched;
    ``s_org``: the hand's shanten where the caller has it (``advice``: computed once)."""
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if isinstance(hand, Hand):
        melds = hand.melds
        h37 = bytes(hand.counts) + bytes(hand.red)
    else:
        h37 = bytes(hand)
    indicators = tuple(tile_name(tile_kind(x)) for x in dora_indicators)
    in_melds = _meld_counts(melds)
    mwall = list(wall) if wall is not None else [
        x - y for x, y in zip(default_wall(h37, indicators, red), in_melds, strict=True)]
    _check_fits(h37, mwall, in_melds)
    closed = not any(m.is_open for m in melds)
    hand_sep = separated(h37)
    wall_sep = separated(bytes(mwall) if min(mwall) >= 0 else bytes(max(0, x) for x in mwall))
    total = [x + y for x, y in zip(hand_sep, wall_sep, strict=True)]
    if s_org is None:
        s_org = shanten_of(h37[:34])
    fourteen = sum(h37[:34]) + 3 * len(melds) == 14
    # the draw states of the answer: each discard of the hand given (riichi when it keeps
    # a tenpai), or the hand itself; their shanten and necessary tiles in one pass
    tiles, asked = _asked_rows(hand_sep, fourteen)
    shanten, necessary = _necessary_of(asked, mwall)
    call = fourteen and closed and s_org == 0
    g = _build_graph(hand_sep, wall_sep, s_org + extra, fourteen,
                     b"".join([row + (b"\1" if call and s == 0 else b"\0")
                               for row, s in zip(asked, shanten, strict=True)]),
                     riichi=closed, total=total)
    kept_rows = [n for n, v in enumerate(g.wanted) if v >= 0]
    searched = g.draws + g.discards
    src, dst, tile, weight = g.src, g.dst, g.tile, g.weight
    won = np.flatnonzero(g.disc_shanten[dst] == -1)
    scorer = _Scorer(indicators, seat_wind, round_wind, rules or CPP_RULES, uradora, total,
                     melds)
    # the scoring makes many small objects and frees them itself: the cyclic collector,
    # run there every 700 of them, frees a few a run (on 40 reference hands 465 in 125
    # runs); off meanwhile, its next run after takes those, and as it was after
    collecting = gc.isenabled()
    gc.disable()
    try:
        scoring, points = scorer.points(won.tolist(), dst[won].tolist(), tile[won].tolist(),
                                        g.disc_hands, g.disc_flags)
    finally:
        if collecting:
            gc.enable()
    n1, n2, tenpai, wanted = g.draws, g.discards, g.tenpai, [g.wanted[n] for n in kept_rows]
    del g
    values = _values((n1, n2, src, dst, weight, scoring, points, tenpai), wanted, t_min,
                     t_max, wall_sum)
    return s_org, [(tiles[n], shanten[n], necessary[n], tp, wp, ev)
                   for n, (tp, wp, ev) in zip(kept_rows, values, strict=True)], searched


def _asked_rows(hand: list[int], fourteen: bool) -> tuple[list[str | None], list[bytes]]:
    """The discards of a 14-tile hand (separated counts), tile order, and the 13 tiles
    each leaves (37 bytes each); a 13-tile hand: None and itself."""
    if not fourteen:
        return [None], [bytes(hand)]
    tiles: list[str | None] = []
    rows: list[bytes] = []
    for t in range(37):
        if hand[t]:
            row = bytearray(hand)
            row[t] -= 1
            tiles.append(_NAMES37[t])
            rows.append(bytes(row))
    return tiles, rows


def _necessary_of(rows: list[bytes], mwall: Sequence[int], compiled: bool = True
                  ) -> tuple[list[int], list[tuple[tuple[str, int], ...]]]:
    """:func:`_necessary` of rows of 37 bytes: where the kernel and ``_dp`` are compiled
    (and ``compiled``), each row and its kinds in one call of the kernel (``_dp.ukeire``,
    as ``mjasp.advice.api`` asks it, every kind held fewer than four times drawable),
    else :func:`_necessary` on them as an array (a test checks the two)."""
    from mjasp.advice import graph
    from mjasp.advice.build import kernel_capsule
    dp = graph._dp if compiled else None
    capsule = kernel_capsule(_TENHOU) if dp is not None else None
    if dp is None or capsule is None:
        return _necessary(np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(-1, 37),
                          mwall)
    merged = cpp_loops.merged_rows(b"".join(rows))
    shanten: list[int] = []
    necessary: list[tuple[tuple[str, int], ...]] = []
    for own, kinds in dp.ukeire(capsule, merged, _DRAWABLE):
        shanten.append(own)
        necessary.append(tuple([(_NAMES[k], mwall[k]) for k in kinds]))
    return shanten, necessary


def _necessary(hands: Any, mwall: Sequence[int]
               ) -> tuple[list[int], list[tuple[tuple[str, int], ...]]]:
    """The shanten of each row of separated 37 counts ``hands`` (uint8) and its necessary
    tiles: the kinds whose draw lowers it, with their copies in the wall ``mwall``
    (merged 37 counts); the shanten numbers in two batch calls."""
    merged = hands[:, :34].copy()
    merged[:, FIVES] += hands[:, 34:]
    s = _shanten_rows(merged)
    # each row with each kind drawn (row n * 34 + kind), a kind held four times not drawn:
    # that row is the hand itself, whose shanten is not lower
    after = (merged[:, None, :] + ((merged < 4)[:, None, :] & _DRAWN)).reshape(-1, 34)
    lower = _shanten_rows(after).reshape(-1, 34) < s[:, None]
    found: list[list[int]] = [[] for _ in range(len(merged))]
    rows, kinds = np.nonzero(lower)
    for n, k in zip(rows.tolist(), kinds.tolist(), strict=True):
        found[n].append(k)
    return s.tolist(), [tuple([(_NAMES[k], mwall[k]) for k in kinds]) for kinds in found]


def _values(graph: tuple[Any, ...], rows: list[int], t_min: int, t_max: int,
            total: int, compiled: bool = True
            ) -> list[tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]]:
    """The per-turn values of the draw states ``rows`` as its code computes them (every
    draw state's value is computed turn by turn; only the current turn's is kept): per
    row, its tenpai, win and points values of turns ``t_min..t_max``. ``graph``: the
    counts of draw and discard states, the edges' draw state, discard state and weight
    (the graph's arrays), the scoring edges and their points (sequences), and whether
    each draw state is tenpai (an array). The three numbers (tenpai, win, points) are the
    rows of one array; values are gathered per edge with ``np.take`` into buffers made
    once (a fancy index along the second axis costs several times as much;
    ``mode="clip"``, as every index is in range, spares the copy ``take`` makes into
    ``out`` otherwise). Where the compiled loop is built and ``compiled`` is True, that
    loop (``_dp.cpp_run``, on the graph's arrays as they are) does the same operations in
    the same order (a test compares the floats with ==)."""
    n1, n2, src, dst, w, scoring, points, tenpai = graph
    from mjasp.advice import graph as _compiled
    cpp_run = _compiled._dp.cpp_run if compiled and _compiled._dp is not None else None
    if cpp_run is not None:
        # the same operations in the same order, compiled (``_dp.cpp_run``): the same floats
        got: list[tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]] = cpp_run(
            n1, n2, src, dst, w, scoring, points, tenpai, rows, t_min, t_max, total)
        return got
    tenpai = np.flatnonzero(tenpai)
    scoring = np.asarray(scoring, dtype=np.intp)
    points = np.asarray(points, dtype=np.float64)
    # indices as numpy's own index type, once (others are converted at every use)
    src = src.astype(np.intp)
    dst = dst.astype(np.intp)
    w = w.astype(np.float64)
    picked = np.asarray(rows, dtype=np.intp)
    out = np.zeros((t_max + 1, 3, len(rows)))
    disc = np.zeros((3, n2))
    draw = np.zeros((3, n1))
    nxt = np.empty((3, len(src)))
    now = np.empty((3, len(src)))   # each edge's draw state's values, this turn
    # flat views, and each edge's places in them: row r of a state's numbers at r * n
    # (the three rows' sums in one bincount, their maxima in one maximum.at)
    disc_flat, draw_flat, now_flat = disc.reshape(-1), draw.reshape(-1), now.reshape(-1)
    src3 = np.concatenate([src, src + n1, src + 2 * n1])
    dst3 = np.concatenate([dst, dst + n2, dst + 2 * n2])
    # a discard state's options are the draw states of its edges (discarding the tile
    # drawn); one without any keeps 0
    alone = np.flatnonzero(np.bincount(dst, minlength=n2) == 0)
    # the winning edges' places in the flat (3, edges) buffer: tenpai and win, points
    flat, e = nxt.reshape(-1), len(src)
    won, won_points = np.concatenate([scoring, scoring + e]), scoring + 2 * e
    best = np.empty(len(scoring))
    for t in range(t_max, t_min - 1, -1):
        if t == t_max:
            draw[0, tenpai] = 1.0
        else:
            # a winning draw: tenpai and win 1, the points or continuing, the greater
            np.take(disc, dst, axis=1, out=nxt, mode="clip")
            flat.put(won, 1.0)
            flat.put(won_points, np.maximum(points, flat.take(won_points), out=best))
            # per draw state, its edges summed in creation order (bincount adds in
            # order), then the turn's divisor; draws it does not list keep its value
            nxt -= now
            nxt *= w
            draw += (np.bincount(src3, flat, minlength=3 * n1).reshape(3, n1)
                     / float(total - t))
            draw[0, tenpai] = 1.0
        np.take(draw, picked, axis=1, out=out[t], mode="clip")
        # discard states: each number's greatest over the draw states they lead to
        np.take(draw_flat, src3, out=now_flat, mode="clip")
        disc_flat.fill(-np.inf)
        np.maximum.at(disc_flat, dst3, now_flat)
        if len(alone):
            disc[:, alone] = 0.0
    # (each array's rows as lists at once: a row apiece costs several times as much)
    tps, wps, evs = (out[t_min:t_max + 1, r].T.tolist() for r in range(3))
    return [(tuple(tp), tuple(wp), tuple(ev)) for tp, wp, ev in zip(tps, wps, evs, strict=True)]


def advice(hand: Hand, start: Counts37, wall: Sequence[int], *, indicators: tuple[str, ...],
           seat: str, rnd: str, rules: Rules, draws: int, extra: int,
           wall_sum: int | None, max_shanten: int, settings: dict[str, Any]) -> Advice:
    """:func:`mjasp.advise`'s answer in this model (an ``Advice``): one candidate per
    discard its graph explores, sequences per turn ``t = t_max − draws .. t_max``.
    ``wall_sum`` None: its ``sum`` is the wall's tiles, as its calculator's default
    (``Config.sum`` 0: ``ExpectedScoreCalculator::calc`` sums the wall's 34 kinds) and
    its web server (``calculate_result`` in ``src/server/request_processor.cpp``) set
    it: 121 for a 14-tile hand and one dora indicator."""
    from mjasp.advice.api import Advice, AdviseError, Candidate
    if wall_sum is None:
        wall_sum = sum(wall[:34])
    elif not isinstance(wall_sum, int) or isinstance(wall_sum, bool) or wall_sum < T_MAX:
        # its divisor at turn t is sum - t (t up to 17): zero or negative below 18
        raise AdviseError(f"wall_sum must be an integer of at least {T_MAX}, not "
                          f"{wall_sum!r}")
    s0 = shanten_of(start[:34])
    exact = s0 <= max_shanten
    t_min = T_MAX - draws
    if t_min < 0:
        raise AdviseError(f"the mahjong-cpp model plays at most {T_MAX} draws, not {draws}")
    scoring = CPP_RULES if rules.name == "tenhou" else rules
    if exact:
        _, rows, searched = _calculate(
            start, dora_indicators=indicators, seat_wind=seat, round_wind=rnd, rules=scoring,
            wall=wall, t_min=t_min, t_max=T_MAX, wall_sum=wall_sum, extra=extra,
            uradora=True, red=True, melds=hand.melds, s_org=s0)
    else:
        rows, searched = _necessary_only(start, wall), 0
    out = []
    tenpai_call = "dama" if any(m.is_open for m in hand.melds) else "riichi"
    for tile, shanten, necessary, tp, wp, ev in rows:
        decision = tenpai_call if shanten == 0 and tile is not None else "-"
        out.append(Candidate(tile, shanten, necessary, tp, wp, ev, decision))
    if exact:
        out.sort(key=lambda c: (-c.expected_points[0], -c.win_prob[0], c.shanten))
    else:
        out.sort(key=lambda c: (c.shanten, -c.ukeire_count))
    note = "" if exact else (f"{s0}-shanten is beyond the exact range (at most "
                             f"{max_shanten}-shanten): effective tiles only")
    return Advice(str(hand), s0, "mahjong-cpp", draws, tuple(out), exact, note, None,
                  searched, dict(settings, rules=scoring.name, wall_sum=wall_sum))


def _necessary_only(start: Counts37, wall: Sequence[int]) -> list[_Row]:
    """The discards' rows (the hand's, for 13 tiles) without values: shanten and
    necessary tiles."""
    tiles, rows = _asked_rows(separated(start), sum(start[:34]) % 3 != 1)
    shanten, necessary = _necessary_of(rows, wall)
    return [(tile, s, needed, (), (), ())
            for tile, s, needed in zip(tiles, shanten, necessary, strict=True)]


__all__ = ["CPP_RULES", "Result", "Stat", "advice", "compute", "default_wall"]
