"""The exact dynamic programme behind :func:`mjasp.advise` (see ``docs/advise.md``).

One player draws from a wall of unseen tiles, discards one tile per draw and wins by
self-draw only. A *node* is a 13-tile (3n+1) concealed hand with ``d`` draws left; its
value is the triple (tenpai probability, win probability, expected points) under the
policy that maximises expected points: the chance of drawing a tile is its copies in the
wall over the wall's total (they sum to 1); the wall is the unseen tiles less the drawn
tiles the hand holds; riichi or dama chosen by value, riichi locks the hand, ippatsu,
haitei, ura by exact counting, the riichi stick lost when the hand does not win.
(mahjong-cpp's model has its own module, :mod:`mjasp.advice.cpp_model`.)

>>> from mjasp.advice.tiles37 import parse37
>>> m = Model(parse37("123456789m1234p"), draws=1, riichi="never")
>>> m.value((parse37("123456789m1234p"), 0), 1)[:2]  # tenpai; 1p 4p: 6 of 123 unseen
(1.0, 0.04878048780487805)
"""

from __future__ import annotations

import gc
import struct
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import add, sub
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

import mjasp.advice.graph as _graph
import mjasp.advice.win_loops as win_loops
from mjasp.advice.build import ADD, POSITION, build
from mjasp.advice.graph import Graph, choose, preferred
from mjasp.advice.graph import solve as solve_graph
from mjasp.advice.tiles37 import FIVES as FIVES37
from mjasp.advice.tiles37 import (
    Counts37,
    add37,
    distinct_tiles,
    dora_of,
    draws,
    held_beyond,
    kind37,
    name37,
    of_hand,
    sub37,
)
from mjasp.analysis.shanten import shanten as shanten_of
from mjasp.core.errors import HandError, MjaspError
from mjasp.core.hand import Hand, trusted_hand
from mjasp.core.tiles import MAX_RED_FIVES, SANMA_REMOVED
from mjasp.core.win import Win
from mjasp.core.yaku import Yaku
from mjasp.rules import RULES, RULES_CACHED, Rules, default_reading
from mjasp.rules.points import points as points_of
from mjasp.scoring.api import (
    HandChecks,
    Score,
    YakuItem,
    check_hand,
    check_prepared,
    check_winning_tile,
    fives_may_fail,
    hand_checks,
    hand_readings,
    make_score,
    rank_key,
)
from mjasp.scoring.api import score as score_hand
from mjasp.solvers.scoring_direct import candidates, candidates_by_tile

Value = tuple[float, float, float]
K = TypeVar("K")
V = TypeVar("V")
Node = tuple[Counts37, int]
"""A 13-tile hand and the hand changes made to reach it (the search-space budget)."""
ZERO: Value = (0.0, 0.0, 0.0)
#: ``Model.win_kind``: a win; a win on the last draw only; no win
WIN, LATE, NO_WIN = 0, 1, 2
RIICHI_STICK = 1000
#: The yaku items each situation adds under a rule set (``Model._situation_items``)
_SITUATION_ITEMS: dict[Rules, dict[tuple[bool, bool, bool], tuple[YakuItem, ...]]] = {}
#: The winner's points of (han, fu) as a self-draw, by rules and whether the seat is the
#: dealer (``Model._extended``): the rules' points table, filled as it is read
_POINTS: dict[tuple[Rules, bool], dict[tuple[int, int], int]] = {}
#: Each shape's best points per han added (``Model._extended``), by rules and dealer: a
#: function of the shape and the rules' points, kept for every search (a shape is the
#: (han, fu, has a reading) of a win's candidates: few, and shared by many wins)
_SHAPE_TABLES: dict[tuple[Rules, bool], dict[tuple[tuple[int, int, bool], ...],
                                           tuple[list[int], list[int]]]] = {}
_SHAPES_KEPT = 65536
#: The shape of each win on the ``points`` path (``Model._win_table``) by (14 tiles,
#: winning tile37), per (rules, seat, round, dora indicators): kept across searches, for
#: the last ``_SITUATIONS_KEPT`` of those, at most ``_WIN_SHAPES_KEPT`` wins each (a few
#: tens of MB at most)
Shape = tuple[tuple[int, int, bool], ...]
_WIN_SHAPES: dict[tuple[Any, ...], dict[tuple[Counts37, int], Shape]] = {}
_WIN_SHAPES_KEPT = 25_000
_SITUATIONS_KEPT = 8
#: Whether a red five only adds one han of aka dora, by rules (``red_adds_han``)
_RED_ADDS_HAN: dict[Rules, bool] = {}
#: The model's ``Win`` values (a value type) by tile, situation and round: the checks
#: of ``Win`` run once per process, not once per search (at most ``_WINS_KEPT``)
_WINS: dict[tuple[Any, ...], Win] = {}
_WINS_KEPT = 4096
#: The tile set's counts (``default_unseen`` of no tiles) by (players, red fives): what
#: ``Model._check_tiles`` reads of the rules, kept for the process
_IN_SET: dict[tuple[Any, ...], tuple[int, ...]] = {}
#: ``kind37`` of each tile37, as a tuple to index
_KIND37 = tuple(kind37(t) for t in range(37))
#: the dora kind each indicator kind points at (``dora_of``), four players then three, as
#: arrays to index with (``Model._ura_arrays``)
_POINTS_AT = tuple(np.array([dora_of(k, players) for k in range(34)]) for players in (4, 3))
#: (riichi, ippatsu, haitei) of the wins the model scores: dama first
SITUATIONS = ((False, False, False), (False, False, True), (True, False, False),
              (True, False, True), (True, True, False), (True, True, True))


@dataclass
class Edges:
    """What one node's draws lead to: wins, real choices, and the weight of the rest."""

    wins: list[tuple[int, int, Counts37]]                  # (tile37, copies, hand14)
    choices: list[tuple[int, int, list[Node]]]             # (tile37, copies, 13-tile options)
    stay: int                                              # copies thrown straight back
    total: int                                             # copies in the wall
    #: draws that complete an open hand without a yaku: a win on the last draw only (haitei
    #: is its yaku), before that a choice of discards like ``choices`` (tile37, copies,
    #: hand14, 13-tile options)
    late: list[tuple[int, int, Counts37, list[Node]]] = field(default_factory=list)

    def wins_on(self, last: bool) -> list[tuple[int, int, Counts37]]:
        """The winning draws, on the last draw (``last``) or before: the late ones last."""
        return [*self.wins, *((t, n, h14) for t, n, h14, _o in self.late)] if last \
            else self.wins

    def choices_on(self, last: bool) -> list[tuple[int, int, list[Node]]]:
        """The draws with a choice of discards, on the last draw or before (then the
        late ones too, after the others)."""
        return self.choices if last else \
            [*self.choices, *((t, n, o) for t, n, _h14, o in self.late)]


@dataclass
class Model:
    """The search for one starting hand (``start`` holds 14 or 13 concealed tiles as 37
    counts); ``unseen`` are the wall's 37 counts before any draw (default: 4 of a kind
    less the hand, one red five per suit less the hand's)."""

    start: Counts37
    draws: int = 17
    unseen: Counts37 | None = None
    dora_indicators: tuple[str, ...] = ()
    seat_wind: str = "E"
    round_wind: str = "E"
    rules: Rules = field(default_factory=lambda: RULES["tenhou"])
    melds: tuple[Any, ...] = ()
    riichi: str = "choose"          # always | never | choose
    extra: int = 1                  # the search space: see ``allowed``
    progress: Callable[[int], None] | None = None
    #: the start as a checked Hand where the caller has one (``advise``: the hand parsed),
    #: taken where its concealed tiles are ``start`` and its melds ``melds``; else (None,
    #: or another hand) the Hand is built from them and checked (``_check_tiles``)
    hand: Hand | None = field(default=None, repr=False, compare=False)
    #: one dora indicator still to turn (an open kan's, after this discard;
    #: ``api.kan_indicator_pending``): every later win counts it as a tile drawn from the
    #: wall as the winning hand sees it, as the ura indicators (``unknown_indicators``)
    indicator_pending: bool = False

    def __post_init__(self) -> None:
        if self.unseen is None:
            self.unseen = bytes(default_unseen(self.start, self.rules))
        self._check_tiles()
        self.closed = all(not getattr(m, "is_open", True) for m in self.melds)
        self._memo: dict[tuple[Node, int], Value] = {}
        self._riichi_memo: dict[tuple[Counts37, int], Value] = {}
        self._riichi_pts: dict[Counts37, tuple[float, dict[tuple[bool, bool], float]]] = {}
        self._edges: dict[Node, Edges] = {}
        self._shanten: dict[bytes, int] = {}
        self._score: dict[tuple[Any, ...], float] = {}
        self._ura_han: dict[tuple[Counts37, int], list[tuple[float, int]]] = {}
        # (an array: ``_ura_arrays`` indexes with it)
        self._points_at = _POINTS_AT[self.rules.players == 3]
        self._checked: dict[Counts37, tuple[Hand, tuple[Any, ...]]] = {}
        self._hand_ok: dict[Counts37, bool] = {}
        self._last_checked: tuple[Any, Any] = (None, None)
        self._last_hand: tuple[Any, Any] = (None, None)
        self._last_plain: tuple[Any, list[Score] | None] = (None, None)
        self._derived: dict[tuple[Any, ...], Score] = {}
        self._items: dict[tuple[bool, bool, bool], tuple[YakuItem, ...]] | None = None
        self._wins: dict[tuple[int, bool, bool, bool], Win] = {}
        #: ``_win(tile, False, False, False)`` by tile37 once asked (``_plain``)
        self._plain_wins: list[Win | None] = [None] * 37
        #: ``check_hand``'s part that reads the melds, the plain Win and the rules, made
        #: once (``_hand_checks``)
        self._prepared_checks: HandChecks | None = None
        self._with_ura: dict[tuple[Any, ...], Score] = {}
        self._outcomes: dict[tuple[Any, ...], list[tuple[float, Score | None]]] = {}
        self._shape_points: dict[tuple[Any, ...], int] = {}
        self._shapes: dict[tuple[Any, ...], int] = {}
        self._shape_scorers: dict[tuple[Any, ...], Callable[[int], Score | None]] = {}
        # the shared tables of these rules for a dealer or not (``_POINTS``, ``_SHAPE_TABLES``)
        dealer = (self.rules, self.seat_wind == "E")
        self._han_fu = kept(_POINTS, dealer, 2 * RULES_CACHED, dict)
        self._shape_table = kept(_SHAPE_TABLES, dealer, 2 * RULES_CACHED, dict)
        if len(self._shape_table) >= _SHAPES_KEPT:
            self._shape_table = _SHAPE_TABLES[dealer] = {}
        self._adds: dict[tuple[bool, bool, bool], int] | None = None
        #: ``unknown_indicators`` without riichi and with it, read per win
        self._unknown = (self.unknown_indicators(False), self.unknown_indicators(True))
        #: how ``solve`` scored each distinct win: ``points`` (han and fu through the
        #: rules' points), ``shape`` (a yakuman candidate: ``make_score`` per shape) or
        #: ``engine`` (the scoring engine per situation: open hands, local yaku, rules
        #: whose situation items do not add up, candidates without a yaku)
        self.paths: Counter[str] = Counter()
        self._tables: Any = None           # mjasp.advice.graph.Tables once solved
        self._index: dict[Node, int] = {}
        self._index_of: tuple[Any, Any] | None = None   # (hands, used): the full index, lazily
        self._riichi_row: dict[Counts37, int] = {}
        self._riichi_used: list[int] = []
        self._solved_draws = -1
        self.nodes = 0
        # the compiled default path reads hands as the default rules do (every form, four
        # players, no chiitoitsu with a quad): only for rules that read them so
        self._fast = default_reading(self.rules)
        self.s0 = self.shanten(self.start)
        # a complete hand given that discards (no yaku, or a discard explained) is a
        # tenpai hand after it: its changes are counted from tenpai
        self.limit = max(self.s0, 0) + self.extra

    # -- the wall -------------------------------------------------------------------
    def wall(self, hand: Counts37) -> Counts37:
        """The wall a 13-tile node draws from (see the module docstring)."""
        assert self.unseen is not None
        over = held_beyond(np.frombuffer(hand, np.uint8).astype(np.int16),
                           np.frombuffer(self.start, np.uint8).astype(np.int16))
        wall: bytes = (np.frombuffer(self.unseen, np.uint8) - over).astype(np.uint8).tobytes()
        return wall

    # -- shanten, cached on the 34 kind counts -----------------------------------------
    def shanten(self, hand: Counts37) -> int:
        key = hand[:34]
        found = self._shanten.get(key)
        if found is None:
            if self.melds:
                # unchecked as ``_hand14``: the hand and wall fit a Hand (``_check_tiles``)
                found = shanten_of(trusted_hand(tuple(key), (0, 0, 0), self.melds),
                                   rules=self.rules)
            elif self._fast:
                found = shanten_of(key)  # the compiled default path reads bytes
            else:
                found = shanten_of(list(key), rules=self.rules)
            self._shanten[key] = found
        return found

    def excess(self, hand: Counts37) -> int:
        """Drawn tiles the hand still holds: copies beyond the starting hand's."""
        return sum(max(0, h - s) for h, s in zip(hand[:34], self.start[:34], strict=False))

    def allowed(self, before: Counts37, after: Counts37) -> bool:
        """The search space: a hand change is explored when it lowers the shanten, or keeps
        (drawn tiles held + shanten) within the start's shanten plus ``extra``."""
        s = self.shanten(after)
        return s < self.shanten(before) or self.excess(after) + s <= self.limit

    # -- graph -----------------------------------------------------------------------
    def edges(self, node: Node) -> Edges:
        """A node's draws: cached (the recursive path and the explanations walk them)."""
        found = self._edges.get(node)
        if found is None:
            found = self._edges[node] = self.expand(node)
            self.nodes += 1
            if self.progress is not None and self.nodes % 500 == 0:
                self.progress(self.nodes)
        return found

    def expand(self, node: Node) -> Edges:
        """A node's draws, computed (not cached)."""
        hand, used = node
        wall = self.wall(hand)
        wins: list[tuple[int, int, Counts37]] = []
        choices: list[tuple[int, int, list[Node]]] = []
        late: list[tuple[int, int, Counts37, list[Node]]] = []
        stay = 0
        total = 0
        s_before = self.shanten(hand)
        budget = self.limit - used - 1
        for tile, n in draws(wall):
            total += n
            h14 = add37(hand, tile)
            s14 = self.shanten(h14)
            kind = WIN
            if s14 == -1:
                kind = self.win_kind(h14, tile)
                if kind == WIN:
                    wins.append((tile, n, h14))
                    continue
            elif s14 >= s_before and s14 > budget:
                # no discard lowers the shanten or fits the budget (none goes below s14)
                stay += n
                continue
            # in tile order, throwing the drawn tile back where that tile falls
            options = []
            for y in distinct_tiles(h14):
                h2 = sub37(h14, y)
                if h2 == hand:
                    options.append(node)
                    continue
                s2 = self.shanten(h2)
                if s2 < s_before or s2 <= budget:
                    options.append((h2, used + 1))
            if kind == LATE:
                late.append((tile, n, h14, options))
            elif len(options) == 1:
                stay += n
            else:
                choices.append((tile, n, options))
        return Edges(wins, choices, stay, total, late)

    def win_kind(self, h14: Counts37, tile: int) -> int:
        """What a draw completing the hand is: ``WIN``; ``LATE``, a win on the last draw
        only (an open hand without a yaku, whose yaku there is haitei); or ``NO_WIN``
        (``expand`` then treats it as any other draw). A closed hand always has menzen
        tsumo."""
        if self.closed or self.score(h14, tile, False, False, False):
            return WIN
        return LATE if self.score(h14, tile, False, False, True) else NO_WIN

    # -- scoring ----------------------------------------------------------------------
    def unknown_indicators(self, riichi: bool) -> int:
        """How many indicators a win counts that no one has seen yet, each a tile drawn
        from the wall as the winning hand sees it: after riichi the ura indicators (one
        under each dora indicator, a pending one's too), and the open kan's dora indicator
        still to turn (``indicator_pending``, turned after this discard: riichi.wiki
        "Kan"), which adds dora to every later win, riichi or not.

        >>> from mjasp.advice.tiles37 import parse37
        >>> m = Model(parse37("123456789m1234p"), dora_indicators=("1z",))
        >>> m.unknown_indicators(True), m.unknown_indicators(False)
        (1, 0)
        """
        pending = int(self.indicator_pending)
        return (len(self.dora_indicators) + pending if riichi else 0) + pending

    def score(self, h14: Counts37, tile: int, riichi: bool, ippatsu: bool,
              haitei: bool) -> float:
        """Points of the self-drawn win (expected over the indicators not yet seen:
        ``unknown_indicators``)."""
        key = (h14, tile, riichi, ippatsu, haitei)
        found = self._score.get(key)
        if found is None:
            found = sum(q * _points(s) for q, s in self._scored(key))
            self._score[key] = found
        return found

    def outcomes(self, h14: Counts37, tile: int, riichi: bool, ippatsu: bool,
                 haitei: bool) -> list[tuple[float, int, str]]:
        """The win's possible scores: (probability, points, yaku) over the indicators not
        yet seen (``unknown_indicators``; exact: each indicator kind with its copies in the
        wall over the wall's total)."""
        return [(q, *_points_of(s))
                for q, s in self._scored((h14, tile, riichi, ippatsu, haitei))]

    def _scored(self, key: tuple[Counts37, int, bool, bool, bool], keep: bool = True
                ) -> list[tuple[float, Score | None]]:
        """``outcomes`` as scores (None: not a win, an open hand without a yaku); kept for
        the next call unless ``keep`` is False (``solve`` keeps only the points)."""
        found = self._outcomes.get(key)
        if found is not None:
            return found
        h14, tile, riichi, ippatsu, haitei = key
        hand, readings = self._win_hand(h14, tile, keep)
        win = self._win(tile, riichi, ippatsu, haitei)
        unknown = self._unknown[riichi]
        scored: list[tuple[float, Score | None]]
        options = self._candidates(h14, tile, hand, readings, win) if readings else []
        if not unknown:  # (a riichi win without indicators: no ura, its best as it is)
            scored = [(1.0, max(options, key=rank_key) if options else None)]
        else:
            with_ura = self._ura_scorer(options, win)
            scored = [(q, with_ura(han)) for q, han in self.ura_han(h14, hand, unknown)]
        if keep:
            self._outcomes[key] = scored
        return scored

    #: The tile of the plain Win handed to ``check_hand`` and ``candidates_by_tile``,
    #: which read no winning tile (the hand's tiles and the kinds asked are the win): one
    #: Win for every hand, where one per winning tile was built before (a Win's checks
    #: cost as much as a hand's)
    SITUATION_TILE = 0

    def _plain_by_tile(self, h14: Counts37, tiles: Sequence[int]
                       ) -> tuple[Hand, tuple[Any, ...], list[list[tuple[int, int, bool]] | None]]:
        """A winning hand's Hand and readings, and for each of its winning ``tiles`` the
        (han, fu, has a reading) of each candidate of its plain self-draw, or None where the
        situations are not derived from them: ``win_loops.hand_shapes`` (the loop of
        ``_win_table`` calls it there, compiled), only for the wins the graph builds."""
        return win_loops.hand_shapes(h14, list(tiles), self._scoring())

    def _scoring(self) -> tuple[Any, ...]:
        """What ``win_loops.hand_shapes`` reads of the search: its melds, the plain Win of
        the checks (``SITUATION_TILE``), the rules, whether the situations are derived
        (``_situation_items``), ``kind37`` by tile37, the hands checked and kept."""
        return (self.melds, self._plain(self.SITUATION_TILE), self.rules,
                bool(self._situation_items()), _KIND37, self._checked, self._hand_checks())

    def _hand_checks(self) -> HandChecks:
        """``hand_checks`` of the search's melds, the plain Win of the checks
        (``SITUATION_TILE``) and the rules: what ``check_prepared`` reads of every hand."""
        found = self._prepared_checks
        if found is None:
            found = self._prepared_checks = hand_checks(
                tuple(self.melds), self._plain(self.SITUATION_TILE), self.rules)
        return found

    def _plain_scores(self, hand: Hand, readings: tuple[Any, ...], tile: int
                      ) -> list[Score] | None:
        """The candidates of a win's plain self-draw (``candidates_by_tile``, as
        ``_plain_by_tile`` asks), or None where the situations are not derived from them
        (``_candidates``: no readings, no situation items, a candidate without a yaku)."""
        if not readings or not self._situation_items():
            return None
        plain: list[Score] = candidates_by_tile(hand, self._plain(self.SITUATION_TILE),
                                                self.rules, (_KIND37[tile],), readings)[0]
        return None if any(c.reason for c in plain) else plain

    def _win_table(self, wins: Sequence[tuple[Counts37, int]],
                   situations: Sequence[tuple[bool, bool, bool]]) -> Any:
        """``score`` of each win (a row) in each of ``situations`` (a column), for
        ``solve``. A win whose plain self-draw candidates all have a yaku and none is a
        yakuman takes the ``points`` path (typed loops, :mod:`mjasp.advice.win_loops`):
        what ``make_score`` gives a candidate with the situation's items (and an ura dora
        item of ``n`` han) added is the rules' points of its han plus theirs at its fu, so
        each situation's points are read off the shape's best points per added han
        (``rank_key`` ranks by points first), the ura outcomes summed in the same order
        from 0 as ``_scored`` (an outcome padded with probability 0 adds an exact 0.0).
        The others one by one (``_engine_points``). Tested equal to the engine per situation.

        The cyclic collector is off meanwhile, as it was found after (on an error too): the
        scoring makes many small objects and frees them itself (the compatibility mode's
        scoring does the same)."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._win_rows(wins, situations)
        finally:
            if collecting:
                gc.enable()

    def _win_rows(self, wins: Sequence[tuple[Counts37, int]],
                  situations: Sequence[tuple[bool, bool, bool]]) -> Any:
        """``_win_table`` with the collector as it is."""
        import numpy as np
        out = np.zeros((len(wins), len(situations)))
        rows: list[int] = []
        shape_ids: list[int] = []
        shifts: list[int] = []  # the red fives' han a row adds to its shape's (see below)
        ura_hands: list[Counts37] = []  # the hands whose ura outcomes a row reads
        ura_at: list[int] = []
        shapes: dict[tuple[tuple[int, int, bool], ...], int] = {}
        # the indicators not yet seen by situation: a column with none is its points
        unknown = [self._unknown[sit[0]] for sit in situations]
        need_ura = any(unknown)
        red_before = self.paths["red"]
        shape_list: list[Shape] = []  # ``shapes`` by id
        sid_of: dict[int, int] = {}     # a row on the ``points`` path: its shape
        ura_of: dict[int, int] = {}     # and its ura row

        def engine(j: int, h14: Counts37, tile: int, hand: Hand,
                   readings: tuple[Any, ...]) -> None:
            """A win off the ``points`` path (its row filled by the engine's points)."""
            self._last_checked = (h14, (hand, readings))  # what _scored checks again
            plain = self._plain_scores(hand, readings, tile)
            self._last_plain = ((h14, tile), plain)  # what _candidates derives from
            out[j] = self._engine_points(h14, tile, hand, readings, plain, situations)

        # the shapes of wins kept across searches of one situation (``_WIN_SHAPES``): the
        # page asks for hand after hand whose graphs overlap (not with melds, whose tiles
        # are not in the key)
        kept_shapes = None if self.melds else kept(
            _WIN_SHAPES, (self.rules, self.seat_wind, self.round_wind, self.dora_indicators),
            _SITUATIONS_KEPT, dict)
        # (the wins of a call are distinct: only those kept before it can be found)
        probe = bool(kept_shapes)
        # the wins ``at`` scored, hand by hand, in typed loops (``win_loops.classify``): the
        # rows on the ``points`` path noted in ``sid_of``, the others' rows filled
        scoring = self._scoring()
        state = (shapes, shape_list, sid_of, ura_of, ura_hands, need_ura, kept_shapes, probe,
                 _WIN_SHAPES_KEPT)

        def classify(at: Sequence[int]) -> None:
            win_loops.classify(wins, at, scoring, engine, state)

        shared = self._red_variants(wins)
        if shared is None:
            classify(range(len(wins)))
        else:
            # a win that differs from a scored one only in which fives are red: that one's
            # candidates with the red fives' han added (``_red_variants``); its checks and
            # its ura outcomes still its own (its wall may differ: a red five drawn for a
            # plain one of the hand given is a drawn tile held, ``held_beyond``)
            first, variants = shared
            classify(first)
            again = []
            last: Counts37 | None = None   # the variants of one hand share its ura row
            checks = self._hand_checks()
            for j, like, more in variants:
                sid = sid_of.get(like, -1)
                # ``like`` on the ``points`` path passed ``check_prepared`` (here, or in the
                # search that kept its shape: the same key, the same checks); the variant
                # has its 34 counts and no meld, and the checks read its red fives only in
                # the fives' check: asked in full only where that one may fail for them
                h14 = wins[j][0]
                if sid < 0 or (fives_may_fail((h14[34], h14[35], h14[36]), h14, checks)
                               and not self._checks_pass(h14, wins[j][1])):
                    again.append(j)  # scored as itself
                    continue
                rows.append(j)
                shape_ids.append(sid)
                shifts.append(more)
                if need_ura:
                    if wins[j][0] != last:
                        last = wins[j][0]
                        ura_hands.append(last)
                    ura_at.append(len(ura_hands) - 1)
                else:
                    ura_at.append(ura_of[like])
            self.paths["red"] += len(rows)
            classify(again)
        # (``ura_of`` has the keys of ``sid_of``, set together: the same order)
        rows.extend(sid_of)
        shape_ids.extend(sid_of.values())
        shifts.extend([0] * len(sid_of))
        ura_at.extend(ura_of.values())
        if not rows:
            return out
        self.paths["points"] += len(rows) - self.paths["red"] + red_before
        adds = self._situation_han()
        # the outcomes of each number of indicators not yet seen among the columns (one
        # but with a pending kan indicator: the ura after riichi)
        counts = sorted({u for u in unknown if u}) or [0]
        arrays = [self._ura_arrays(ura_hands, uras=u) for u in counts]
        top = max(adds[sit] for sit in situations) + \
            max(int(han.max(initial=0)) for _, han in arrays) + max(shifts, default=0)
        tables = []
        for shape in shapes:
            table = self._shape_table.get(shape)
            if table is None or len(table[0]) <= top:
                table = self._shape_table[shape] = self._extended(shape, table, top)
            tables.append(table)
        # one row per shape: its best points by added han with any reading, then (from
        # ``top + 1`` on) with a reading only, read by flat index
        span = top + 1
        flat: list[int] = []
        for t in tables:
            flat += t[0][:span]
            flat += t[1][:span]
        by = _int64s(flat)
        # each row's first index in ``by``: its shape's, moved by its red fives' han
        base = _int64s(shape_ids) * (2 * span) + _int64s(shifts)
        # every row and situation, those with indicators not yet seen over their outcomes,
        # in typed loops (:mod:`mjasp.advice.win_loops`): the points as floats, as
        # ``score``'s 1.0 × points; one pass per number of such indicators (its columns
        # taken from it, the plain ones from the first)
        at_rows = _int64s(rows)
        added = _int64s([adds[sit] for sit in situations])
        ura_rows = _int64s(ura_at) if need_ura else np.zeros(len(rows), dtype=np.int64)
        for u, (q, han) in zip(counts, arrays, strict=True):
            target = out if len(counts) == 1 else np.zeros_like(out)
            win_loops.points(target, at_rows, base, by, added,
                             np.array([x == u and u > 0 for x in unknown], dtype=np.int64),
                             q, han, ura_rows, span)
            if target is not out:
                cols = np.array([c for c, x in enumerate(unknown)
                                 if x == u or (not x and u == counts[0])], dtype=np.int64)
                out[np.ix_(at_rows, cols)] = target[np.ix_(at_rows, cols)]
        return out

    def _red_variants(self, wins: Sequence[tuple[Counts37, int]]
                      ) -> tuple[list[int], list[tuple[int, int, int]]] | None:
        """The wins that differ only in which fives are red (the same 34 kind counts and
        winning kind): per such set, the first with the fewest red fives is scored
        (``first``, in order) and each other one is (row, that row, its red fives less
        that one's). None where there is nothing to share, or where a red five is not
        plainly one han of aka dora more under these rules (``red_adds_han``), or with
        melds (their red fives are not in the 37 counts). The sets in typed loops
        (:mod:`mjasp.advice.win_loops`)."""
        if self.melds or not wins:
            return None
        found = win_loops.red_sets(wins, _KIND37)
        if found is None or not red_adds_han(self.rules):
            return None
        return found

    def _checks_pass(self, h14: Counts37, tile: int) -> bool:
        """Whether ``mjasp.score``'s checks take a win the graph built (``check_hand``,
        kept per hand; its winning tile passes ``check_winning_tile`` as built, see
        ``_plain_by_tile``): a red five's variant of a win has its own (the fives of the
        set)."""
        ok = self._hand_ok.get(h14)
        if ok is None:
            try:
                check_prepared(self._hand14(h14), self._hand_checks())
                ok = True
            except MjaspError:
                ok = False
            self._hand_ok[h14] = ok
        return ok

    def _engine_points(self, h14: Counts37, tile: int, hand: Hand, readings: tuple[Any, ...],
                       plain: list[Score] | None,
                       situations: Sequence[tuple[bool, bool, bool]]) -> list[float]:
        """``_win_table``'s row of a win off the ``points`` path. With a yakuman among the
        plain self-draw's candidates (``plain``), the points of a situation depend on them
        only through their yaku items and fu (``make_score`` reads no tile), so they are
        derived once per such shape — by the same calls as ``_scored`` — and shared by
        every win of that shape; a riichi win adds its ura outcomes, per hand. Where
        ``_scored`` does not derive (``plain`` None: no situation items, no readings, a
        candidate without a yaku) it is ``_scored`` itself."""
        if not plain:
            self.paths["engine"] += 1
            return [sum(q * _points(s) for q, s in self._scored((h14, tile, *sit), False))
                    for sit in situations]
        self.paths["shape"] += 1
        shape_key = tuple((c.yaku, c.fu_details, c.reading is None) for c in plain)
        # a small int for the shape: the memo's keys hash cheaply
        shape = self._shapes.setdefault(shape_key, len(self._shapes))
        memo = self._shape_points
        ura: dict[int, list[tuple[float, int]]] = {}  # by the indicators not yet seen
        out: list[float] = []
        for sit in situations:
            unknown = self._unknown[sit[0]]
            if not unknown:
                at = (shape, sit, -1)
                got = memo.get(at)
                if got is None:
                    win = self._win(tile, *sit)
                    options = self._candidates(h14, tile, hand, readings, win)
                    got = memo[at] = _points(max(options, key=rank_key) if options else None)
                out.append(1.0 * got)  # as ``score``: 0 + 1.0 × points
                continue
            if unknown not in ura:
                ura[unknown] = self.ura_han(h14, hand, unknown)
            total: float = 0
            for q, han in ura[unknown]:
                at = (shape, sit, han)
                got = memo.get(at)
                if got is None:
                    # one ura scorer per shape and situation: its own cache serves each han
                    with_ura = self._shape_scorers.get((shape, sit))
                    if with_ura is None:
                        win = self._win(tile, *sit)
                        with_ura = self._shape_scorers[(shape, sit)] = self._ura_scorer(
                            self._candidates(h14, tile, hand, readings, win), win)
                    got = memo[at] = _points(with_ura(han))
                total += q * got
            out.append(total)
        return out

    def _extended(self, shape: tuple[tuple[int, int, bool], ...],
                  table: tuple[list[int], list[int]] | None, added: int
                  ) -> tuple[list[int], list[int]]:
        """A shape's best points for 0..``added`` han added (``table`` holds the first
        ones, or None): the rules' ``points`` of (han + added, fu) of each candidate, the
        greatest (0 when none counts); with any reading, then with a reading only. New
        lists: a table shared by other searches (``_SHAPE_TABLES``) is never changed in
        place, so a search in another thread reads a whole one."""
        dealer, rules = self.seat_wind == "E", self.rules

        def points(han: int, fu: int) -> int:
            return points_of(han, fu, 0, dealer=dealer, tsumo=True, rules=rules)

        # in a typed loop (:mod:`mjasp.advice.win_loops`); the rules' points read only
        # where the memo lacks them
        return win_loops.extended(shape, table, added, self._han_fu, points)

    def _situation_han(self) -> dict[tuple[bool, bool, bool], int]:
        """The han each situation's items add (``_situation_items``)."""
        if self._adds is None:
            self._adds = {sit: sum(i.han for i in items)
                          for sit, items in self._situation_items().items()}
        return self._adds

    def _candidates(self, h14: Counts37, tile: int, hand: Hand, readings: tuple[Any, ...],
                    win: Win) -> list[Score]:
        """The scoring engine's candidates of a win in a situation. Where the situation
        items are known (``_situation_items``) they are derived from the candidates of the
        plain self-draw (one engine call per winning hand): each candidate's items with
        the situation's items added, through the engine's own ``make_score`` —
        memoised on (situation, items, fu), which many hands share. Tested equal to the
        engine's own call in every situation and preset."""
        situation = (bool(win.riichi), win.ippatsu, win.haitei)
        extra = self._situation_items().get(situation)
        if extra is None:
            return candidates(hand, win, self.rules, readings)
        key = (h14, tile)
        if self._last_plain[0] != key:
            plain = candidates(hand, self._plain(tile), self.rules,
                               readings)
            # a candidate without a yaku dropped its dora: the situation must be scored
            self._last_plain = (key, None if any(c.reason for c in plain) else plain)
        kept = self._last_plain[1]
        if kept is None:
            return candidates(hand, win, self.rules, readings)
        plain = kept
        if not extra:
            return plain
        out = []
        for c in plain:
            memo = (id(win), c.yaku, c.fu_details)
            got = self._derived.get(memo)
            if got is None:
                got = self._derived[memo] = make_score(
                    [*c.yaku, *extra], c.fu_details, c.reading, win, self.rules)  # type: ignore[arg-type]
            out.append(got)
        return out

    def _situation_items(self) -> dict[tuple[bool, bool, bool], tuple[YakuItem, ...]]:
        """The yaku items each situation (riichi, ippatsu, haitei) adds to a closed
        self-draw, read off the scoring engine once, on a reference hand: empty (every
        situation scored by the engine) for an open hand or local yaku (which might read
        the situation with the hand), or when the items do not add up on the reference."""
        if self._items is not None:
            return self._items
        self._items = {}
        if self.melds or self.rules.local_yaku:
            return self._items
        known = _SITUATION_ITEMS.get(self.rules)
        if known is not None:
            self._items = known
            return known
        if len(_SITUATION_ITEMS) >= RULES_CACHED:
            _SITUATION_ITEMS.clear()
        self._items = _SITUATION_ITEMS[self.rules] = self._read_situation_items()
        return self._items

    def _read_situation_items(self) -> dict[tuple[bool, bool, bool], tuple[YakuItem, ...]]:
        ref = Hand.parse("111m123456789p55s")  # a plain win, no yakuman (every tile set)

        def items(riichi: bool, ippatsu: bool, haitei: bool) -> Counter[YakuItem] | None:
            try:
                s = score_hand(ref, Win(tile="9p", tsumo=True, riichi=int(riichi),
                                        ippatsu=ippatsu, haitei=haitei), rules=self.rules)
            except MjaspError:
                return None
            return Counter(i for i in s.yaku if i.yaku is not Yaku.URA_DORA)

        base = items(False, False, False)
        r, ri, h = items(True, False, False), items(True, True, False), \
            items(False, False, True)
        if base is None or r is None or ri is None or h is None or not base:
            return {}
        adds = {"riichi": r - base, "ippatsu": ri - r, "haitei": h - base}
        table: dict[tuple[bool, bool, bool], tuple[YakuItem, ...]] = {}
        for situation in ((False, False, False), (False, False, True), (True, False, False),
                          (True, False, True), (True, True, False), (True, True, True)):
            total = Counter(base)
            for on, name in zip(situation, ("riichi", "ippatsu", "haitei"), strict=True):
                if on:
                    total += adds[name]
            if items(*situation) != total:
                return {}  # not additive under these rules: no derivation
            table[situation] = tuple((total - base).elements())
        return table

    def _win_hand(self, h14: Counts37, tile: int, keep: bool = True
                  ) -> tuple[Hand, tuple[Any, ...]]:
        """A winning hand and its readings, checked as ``mjasp.score`` checks it with
        ``tile`` as the winning tile (no readings: not a win ``mjasp.score`` takes); every
        situation is then scored by the scoring engine on those readings, as
        ``mjasp.score`` calls it. The hand's part of the checks and its readings
        (``_hand_readings``) are made once per hand, the tile's part
        (``check_winning_tile``) per call."""
        hand, readings = self._hand_readings(h14, tile, keep)
        if readings and not self._tile_wins(hand, tile):
            return hand, ()
        return hand, readings

    def _hand_readings(self, h14: Counts37, tile: int, keep: bool = True
                       ) -> tuple[Hand, tuple[Any, ...]]:
        """The Hand of 14 tiles and its readings after the checks of ``mjasp.score`` that
        do not read the winning tile (``check_hand``, whose Win names ``SITUATION_TILE``:
        ``tile`` is not read), or no readings where they fail. Kept for every hand, or
        (``keep`` False) for the last one only."""
        found = self._checked.get(h14)
        if found is None:
            if self._last_checked[0] == h14:
                last: tuple[Hand, tuple[Any, ...]] = self._last_checked[1]
                return last
            hand = self._hand14(h14)
            found = (hand, win_loops.passed_readings(hand, self._hand_checks(), self.rules))
            if keep:
                self._checked[h14] = found
            self._last_checked = (h14, found)
        return found

    def _tile_wins(self, hand: Hand, tile: int) -> bool:
        """Whether ``tile`` passes the winning tile's checks of ``mjasp.score`` for
        ``hand`` (``check_winning_tile``)."""
        try:
            check_winning_tile(hand, self._plain(tile), self.rules)
        except MjaspError:
            return False
        return True

    def _hand14(self, h14: Counts37) -> Hand:
        """The Hand of 14 tiles, kept for the next call (the wins of one hand in a row).
        Built unchecked (``trusted_hand``): the model's hands are the start's tiles and
        the wall's, which ``_check_tiles`` found to fit a Hand together."""
        last = self._last_hand
        if last[0] != h14:
            last = self._last_hand = (h14, trusted_hand(
                tuple(h14[:34]), (h14[34], h14[35], h14[36]), self.melds))
        hand: Hand = last[1]
        return hand

    def _check_tiles(self) -> None:
        """Raise :class:`HandError` unless every hand the model can reach is one ``Hand``
        takes, so that ``_hand14`` may build them unchecked: the start is a Hand (its melds
        then in canonical order), and its tiles and the wall's together, melds counted,
        hold at most four of a kind and ``MAX_RED_FIVES`` red fives a suit, each red five
        one of its kind's copies (a reached hand holds some of those); and the wall holds
        no kind outside the rules' tile set (``default_unseen``: none of 2m-8m for three
        players), so that every winning tile drawn from it is in the set."""
        assert self.unseen is not None
        in_set = kept(_IN_SET, (self.rules.players, self.rules.red_fives), RULES_CACHED,
                      lambda: default_unseen(bytes(37), self.rules))
        # (each loop only where its test over all kinds fails: a tenth of the instructions)
        for kind in range(34) if 0 in in_set[:34] else ():
            if self.unseen[kind] and not in_set[kind]:
                raise HandError(f"the wall holds {self.unseen[kind]} {name37(kind)}, which "
                                f"is not in the tile set of {self.rules.name}")
        given = self.hand
        if given is not None and given.melds == tuple(self.melds) and \
                of_hand(given) == self.start:
            start = given   # checked by ``Hand`` already: the same tiles and melds
        else:
            start = Hand(tuple(self.start[:34]),
                         (self.start[34], self.start[35], self.start[36]), tuple(self.melds))
        self.melds = start.melds
        held = start.total_counts()
        meld_red = [0, 0, 0]
        for meld in start.melds:
            if meld.red and meld.tile < 27:
                meld_red[meld.tile // 9] += meld.red
        for kind in range(34) if max(map(add, held, self.unseen[:34])) > 4 else ():
            if held[kind] + self.unseen[kind] > 4:
                raise HandError(f"the wall and the hand hold {held[kind] + self.unseen[kind]} "
                                f"copies of {name37(kind)}; there are only 4")
        for suit, five in enumerate(FIVES37):
            red = self.unseen[34 + suit]
            if red > self.unseen[five] or start.red[suit] + meld_red[suit] + red > MAX_RED_FIVES:
                raise HandError(f"the wall holds {red} red {name37(five)} of "
                                f"{self.unseen[five]} copies; with the hand's, at most "
                                f"{MAX_RED_FIVES} of a suit")

    def _plain(self, tile: int) -> Win:
        """``_win(tile, False, False, False)``, the plain self-draw (the Win of every check
        and of ``candidates_by_tile``), read off a list by tile once asked."""
        found = self._plain_wins[tile]
        if found is None:
            found = self._plain_wins[tile] = self._win(tile, False, False, False)
        return found

    def _win(self, tile: int, riichi: bool, ippatsu: bool, haitei: bool) -> Win:
        key = (tile, riichi, ippatsu, haitei)
        found = self._wins.get(key)
        if found is None:
            # the model holds each Win it uses: memos keyed by ``id(win)`` stay sound
            full = (*key, self.seat_wind, self.round_wind, self.dora_indicators)
            found = kept(_WINS, full, _WINS_KEPT, lambda: Win(
                tile=name37(tile), tsumo=True, seat_wind=self.seat_wind,
                round_wind=self.round_wind, dora_indicators=self.dora_indicators,
                riichi=1 if riichi else 0, ippatsu=ippatsu, haitei=haitei))
            self._wins[key] = found
        return found

    def ura_han(self, h14: Counts37, hand: Hand, uras: int) -> list[tuple[float, int]]:
        """The chances of the han of ``uras`` indicators not yet seen of a win (the same in
        every situation with as many: ``unknown_indicators``): a row of ``_ura_arrays``,
        its outcomes of chance > 0 in its order."""
        found = self._ura_han.get((h14, uras))
        if found is None:
            held = [hand.total_counts()[:34]] if self.melds else None
            q, han = self._ura_arrays([h14], held, uras)
            found = self._ura_han[(h14, uras)] = [
                (p, n) for p, n in zip(q[0].tolist(), han[0].tolist(), strict=True) if p > 0]
        return found

    def _ura_arrays(self, hands14: Sequence[Counts37], held: Any = None,
                    uras: int | None = None) -> tuple[Any, Any]:
        """The ura outcomes of a riichi win of each 14-tile hand (a row): ``han[i, k]`` ura
        han with chance ``q[i, k]``, each hand's outcomes in the order of the first kind
        giving them, chance 0 between and after (an exact 0.0 in a sum); one column of
        chance 1 and 0 han without indicators (each ura indicator lies under a dora
        indicator: none without one). ``held``: the hands' 34 counts with their melds,
        which the ura count reads (default: the concealed 14).

        The indicators come from the wall as the winning hand sees it (the unseen copies
        less the drawn ones the hand holds); kinds are grouped by the ura han they give
        (the held copies of the kind pointed at, as the scoring engine counts them): the
        same count, the same score. Every indicator is exact (drawn without replacement):
        with two, each ordered pair of han groups; with more, each number of indicators
        per han group (a multivariate hypergeometric chance).
        """
        import numpy as np
        uras = len(self.dora_indicators) if uras is None else uras
        n = len(hands14)
        if not uras or not n:
            return np.ones((n, 1)), np.zeros((n, 1), dtype=np.int64)
        assert self.unseen is not None
        # the walls and the hands' 34 counts in a typed loop (``win_loops.walls``, tested
        # equal to the unseen tiles less ``held_beyond``): numpy's steps cost their fixed
        # overhead, on some tens of hands
        wall = np.empty((n, 34), dtype=np.int64)
        own = np.empty((n, 34), dtype=np.int64)
        win_loops.walls(b"".join(hands14), self.start, self.unseen, wall, own)
        if held is None:  # the concealed tiles and the melds' (the same in every hand)
            held = own + self._meld_counts() if self.melds else own
        else:
            held = np.asarray(held, dtype=np.int64)
        # each hand in turn, in typed loops (:mod:`mjasp.advice.win_loops`)
        width = win_loops.width(uras)
        q, han = np.empty((n, width)), np.empty((n, width), dtype=np.int64)
        win_loops.outcomes(wall, held, self._points_at, uras, q, han)
        return q, han

    def _meld_counts(self) -> Any:
        """The 34 counts of the melds' tiles (a kan's four), which dora count too."""
        import numpy as np
        counts = np.zeros(34, dtype=np.int64)
        for meld in self.melds:
            for k in meld.tiles():
                counts[int(k)] += 1
        return counts

    def _ura_scorer(self, found: list[Score], win: Win) -> Callable[[int], Score | None]:
        """The score of the win with ``n`` han from the indicators not yet seen
        (``unknown_indicators``), for every ``n`` from one call of the scoring engine: its
        candidates ``found`` (readings × placements) scored without them, then each
        candidate's yaku items with ``n`` han more of ura dora (a riichi win: the pending
        indicator's dora, if any, among them) or of dora (a win without riichi) put through
        the engine's own ``make_score`` and the best taken by its ``rank_key`` — what
        ``mjasp.score`` does with indicators showing ``n`` held tiles (tested)."""
        cache: dict[int, Score | None] = {}
        # (points count han alone: which item holds them names them only)
        item = Yaku.URA_DORA if win.riichi else Yaku.DORA

        def scored(n: int) -> Score | None:
            if n in cache:
                return cache[n]
            got = None
            if found:
                got = max(found, key=rank_key) if n == 0 else max(
                    (with_ura(c, n) for c in found if c.reading is not None), key=rank_key)
            cache[n] = got
            return got

        def with_ura(c: Score, n: int) -> Score:
            # the points depend on the items, the fu and the situation, not on the hand:
            # many winning hands share them (the Score kept is the first one's reading)
            key = (id(win), c.yaku, c.fu_details, n)
            got = self._with_ura.get(key)
            if got is None:
                # the shown indicators' dora are the item's too (the win has no ura ones)
                shown = 0 if item is Yaku.URA_DORA else sum(
                    i.han for i in c.yaku if i.yaku is item)
                got = self._with_ura[key] = make_score(
                    [i for i in c.yaku if i.yaku is not item]
                    + [YakuItem(item, shown + n)], c.fu_details, c.reading,  # type: ignore[arg-type]
                    win, self.rules)
            return got

        return scored

    # -- the graph and its values, all nodes at once (mjasp's model) ----------------------
    def solve(self, hands13: Sequence[Counts37], draws: int, vectorized: bool = True,
              bounded: bool = True) -> None:
        """Explore every hand reachable from the 13-tile ``hands13`` and compute the values
        of all of them for 0..``draws`` draws left (:mod:`mjasp.advice.graph`); ``value``
        and ``riichi_value`` then read them. The graph is built
        with whole arrays (:mod:`mjasp.advice.build`) unless ``vectorized`` is False
        (then hand by hand, ``expand``: the same graph). ``bounded``: a node reached with
        ``draws`` changes or more is not expanded (``build``'s ``draws``: its draws are
        never read); False expands every node (the same values where they are read)."""
        bound = draws if bounded else None
        b = build(self, list(hands13), draws=bound) if vectorized else \
            self.build_by_hand(hands13, bound)
        n = len(b.total)
        may_riichi = self.riichi != "never" and self.closed
        self._riichi_row = {}
        tenpai = b.shanten == 0
        total = b.total.astype(np.float64)
        # each distinct win (hand, tile) scored once, in every situation the model needs
        # (the wins of a hand are the same whatever the changes made to reach it)
        sits = SITUATIONS if may_riichi else SITUATIONS[:2]
        nw = len(b.win_node)
        dp = _graph._dp
        table: npt.NDArray[Any] = np.zeros((0, len(sits)))
        inverse: npt.NDArray[Any] = np.zeros(0, dtype=np.int64)
        if nw:
            keyed = np.empty((nw, 38), dtype=np.uint8)
            # (the 14 tiles, the winning tile): sorted, the wins of one hand come together
            # and share its Hand (``_hand14``)
            keyed[:, :37] = b.hands[b.win_node] + ADD[POSITION[b.win_tile]]
            keyed[:, 37] = b.win_tile
            # each distinct win's 14 tiles sliced off one bytes object (a numpy row's
            # ``tobytes`` per win costs several times as much): compiled where ``_dp`` is
            # (``distinct_rows``: numpy's order and numbers, without its sort of void rows)
            if dp is not None:
                rows, at = dp.distinct_rows(keyed.tobytes(), 38)
                inverse = np.frombuffer(at, dtype=np.int64)
                wins = [(rows[i:i + 37], rows[i + 37]) for i in range(0, len(rows), 38)]
            else:
                first, inverse = np.unique(keyed.view("V38").ravel(), return_index=True,
                                           return_inverse=True)[1:]
                inverse = inverse.ravel()
                rows = keyed[first, :37].tobytes()
                wins = [(rows[37 * i:37 * i + 37], t) for i, t in enumerate(
                    b.win_tile[first].tolist())]
            table = self._win_table(wins, sits)
        if dp is not None:
            # the sums below in one compiled call (``_dp.win_sums``: the same operations)
            sums = np.empty((5, n))
            riichi = np.empty(n, dtype=np.bool_)
            riichi_pts = np.empty((n, 4))
            dp.win_sums(b.win_node, b.win_n, b.win_late, inverse, table.reshape(-1),
                        len(sits), b.shanten, b.total, may_riichi, sums.reshape(-1), riichi,
                        riichi_pts.reshape(-1))
            win_n_last, win_n, win_ev, win_ev_last, riichi_p = sums
        else:
            win_n_last, win_n, win_ev, win_ev_last, riichi, riichi_p, riichi_pts = \
                self._win_sums(b, n, table, inverse, tenpai, total, may_riichi)
        if may_riichi and self.riichi == "always":
            # "always" declares at every closed tenpai, one without a winning tile left in
            # the wall too (it loses the stick), as ``options_of`` does; "choose" never
            # takes such a riichi (dama is worth at least 0)
            riichi = tenpai.copy()
        group_n = b.group_n.astype(np.float64)
        g = Graph(total=total, stay=b.stay.astype(np.float64),
                  tenpai=tenpai, win_n=win_n, win_ev=win_ev, win_ev_last=win_ev_last,
                  win_n_last=win_n_last, group_n_last=group_n if b.group_late is None
                  else group_n * (b.group_late == 0),
                  group_node=b.group_node, group_n=group_n,
                  group_slot=b.group_slot, offsets=b.offsets, options=b.options,
                  riichi=riichi, riichi_p=riichi_p, riichi_pts=riichi_pts, used=b.used)
        self._tables = solve_graph(g, draws, self.riichi)
        # each riichi row's hand sliced off one bytes object (as the wins' above)
        # (the first row of a hand: the dict made from the last row to the first)
        riichi_hands = b.hands[self._tables.riichi_rows].tobytes()
        last = range(len(self._tables.riichi_rows) - 1, -1, -1)
        self._riichi_row = dict(zip([riichi_hands[37 * at:37 * at + 37] for at in last], last,
                                    strict=True))
        # the changes made to reach each riichi row's node (``Tables.valid``)
        self._riichi_used = b.used[self._tables.riichi_rows].tolist()
        hands = b.hands
        # the starting nodes now (advise reads only them); every node on first need
        starts = len(dict.fromkeys(hands13))
        given = hands[:starts].tobytes()
        self._index = {(given[37 * i:37 * i + 37], 0): i for i in range(starts)}
        # the builder's shanten of the starting nodes is ``shanten``'s number (the
        # kernel's, or ``_melded_shanten`` beside melds): kept, advise asks it of each
        for i, s in enumerate(b.shanten[:starts].tolist()):
            self._shanten.setdefault(given[37 * i:37 * i + 34], s)
        self._index_of = (hands, b.used)
        self.nodes = max(self.nodes, n)
        self._solved_draws = draws

    @staticmethod
    def _win_sums(b: Any, n: int, table: Any, inverse: Any, tenpai: Any, total: Any,
                  may_riichi: bool) -> tuple[Any, ...]:
        """``solve``'s per-node sums of the winning draws with numpy (where ``_dp`` is not
        built; ``_dp.win_sums`` does the same operations): win_n_last, win_n, win_ev,
        win_ev_last, riichi, riichi_p, riichi_pts."""
        # float64 all (bincount's weighted sums are float64 too)
        win_ev: npt.NDArray[Any] = np.zeros(n)
        win_ev_last: npt.NDArray[Any] = np.zeros(n)
        win_n: npt.NDArray[Any] = np.zeros(n)
        win_n_last: npt.NDArray[Any] = win_n
        riichi = np.zeros(n, dtype=np.bool_)
        riichi_p = np.zeros(n)
        riichi_pts = np.zeros((n, 4))
        if len(b.win_node):
            pts_of = table[inverse]
            copies = b.win_n.astype(np.float64)
            # summed per node in draw order from 0.0, as the recursion adds them
            win_n_last = np.bincount(b.win_node, weights=copies, minlength=n)
            # a late win (``Edges.late``) wins on the last draw only; its points before
            # that are 0 (no yaku), so only the count needs it left out
            win_n = win_n_last if b.win_late is None else np.bincount(
                b.win_node, weights=copies * (b.win_late == 0), minlength=n)
            win_ev = np.bincount(b.win_node, weights=copies * pts_of[:, 0], minlength=n)
            win_ev_last = np.bincount(b.win_node, weights=copies * pts_of[:, 1], minlength=n)
            if may_riichi:
                has_win = np.bincount(b.win_node, minlength=n) > 0
                riichi = has_win & tenpai
                with np.errstate(divide="ignore", invalid="ignore"):
                    riichi_p = np.where(riichi, win_n / total, 0.0)
                    # (ippatsu, haitei): (F,F) (F,T) (T,F) (T,T) are situations 2 3 4 5
                    for col, sit in enumerate((2, 3, 4, 5)):
                        s = np.bincount(b.win_node, weights=copies * pts_of[:, sit],
                                        minlength=n)
                        riichi_pts[:, col] = np.where(riichi, s / total, 0.0)
        return win_n_last, win_n, win_ev, win_ev_last, riichi, riichi_p, riichi_pts

    def build_by_hand(self, hands13: Sequence[Counts37], draws: int | None = None) -> Any:
        """The graph of ``solve``, node by node with ``expand`` (the reference builder); a
        node reached with ``draws`` changes or more is not expanded (``build.Built``)."""
        from array import array

        import numpy as np

        from mjasp.advice.build import ORDER, Built
        nodes: list[Node] = []
        index: dict[Node, int] = {}
        for h in hands13:
            if (h, 0) not in index:
                index[(h, 0)] = len(nodes)
                nodes.append((h, 0))
        cols: dict[str, array[int]] = {k: array("q") for k in (
            "shanten", "total", "stay", "win_node", "win_tile", "win_n", "group_node",
            "group_slot", "group_n", "offsets", "options", "win_late", "group_late")}
        cols["offsets"].append(0)
        i = 0
        while i < len(nodes):
            node = nodes[i]
            # not expanded: no draw, so no total, win, group or stay
            e = Edges([], [], 0, 0) if draws is not None and node[1] >= draws \
                else self.expand(node)
            cols["shanten"].append(self.shanten(node[0]))
            cols["total"].append(e.total)
            cols["stay"].append(e.stay)
            # the late draws (``Edges.late``) after the others: a win row and a group each
            late = [(tile, c, h14, 1) for tile, c, h14, _opts in e.late]
            for tile, c, _h14, flag in [*((*w, 0) for w in e.wins), *late]:
                cols["win_node"].append(i)
                cols["win_tile"].append(tile)
                cols["win_n"].append(c)
                cols["win_late"].append(flag)
            groups = [(c, opts, 0) for _tile, c, opts in e.choices]
            groups += [(c, opts, 1) for _tile, c, _h14, opts in e.late]
            for slot, (c, opts, flag) in enumerate(groups):
                cols["group_node"].append(i)
                cols["group_slot"].append(slot)
                cols["group_n"].append(c)
                cols["group_late"].append(flag)
                for o in opts:
                    j = index.get(o)
                    if j is None:
                        j = index[o] = len(nodes)
                        nodes.append(o)
                    cols["options"].append(j)
                cols["offsets"].append(len(cols["options"]))
            i += 1
            if self.progress is not None and i % 500 == 0:
                self.progress(i)
        assert len(ORDER) == 37

        def ints(key: str) -> Any:
            return np.array(cols[key], dtype=np.int64)

        hands = np.frombuffer(b"".join(h for h, _ in nodes), dtype=np.uint8).reshape(-1, 37)
        return Built(hands, np.array([u for _, u in nodes], dtype=np.int64), ints("shanten"),
                     ints("total"), ints("stay"), ints("win_node"), ints("win_tile"),
                     ints("win_n"), ints("group_node"), ints("group_slot"), ints("group_n"),
                     ints("offsets"), ints("options"), ints("win_late"), ints("group_late"))

    def _solved(self, node: Node, d: int) -> int:
        """The node's row in the solved tables, or -1."""
        if self._tables is None or d > self._solved_draws or not self._tables.valid(node[1], d):
            return -1
        found = self._index.get(node, -1)
        if found < 0 and self._index_of is not None:
            hands, used = self._index_of
            self._index_of = None
            self._index = {(hands[i].tobytes(), int(u)): i for i, u in enumerate(used.tolist())}
            found = self._index.get(node, -1)
        return found

    # -- values -----------------------------------------------------------------------
    def value(self, node: Node, d: int) -> Value:
        """(tenpai, win, expected points) of a 13-tile dama node with ``d`` draws left."""
        i = self._solved(node, d)
        if i >= 0 and d >= 0:
            t = self._tables.dama[d]
            return (float(t[0][i]), float(t[1][i]), float(t[2][i]))
        key = (node, d)
        hand = node[0]
        found = self._memo.get(key)
        if found is not None:
            return found
        tenpai_now = self.shanten(hand) == 0
        if d <= 0:
            found = (1.0 if tenpai_now else 0.0, 0.0, 0.0)
            self._memo[key] = found
            return found
        e = self.edges(node)
        div = e.total
        haitei = d == 1
        tp = wp = ev = 0.0
        for tile, n, h14 in e.wins_on(haitei):
            tp += n
            wp += n
            ev += n * self.score(h14, tile, False, False, haitei)
        for _tile, n, options in e.choices_on(haitei):
            v = self.best(options, d - 1)
            tp += n * v[0]
            wp += n * v[1]
            ev += n * v[2]
        stay = e.stay
        if stay:
            v = self.best([node], d - 1)
            tp += stay * v[0]
            wp += stay * v[1]
            ev += stay * v[2]
        found = (1.0 if tenpai_now else tp / div, wp / div, ev / div)
        self._memo[key] = found
        return found

    def riichi_value(self, hand: Counts37, d: int) -> Value:
        """A riichi node: the hand is locked, each draw wins or is thrown back."""
        i = self._riichi_solved(hand, d)
        if i >= 0:
            t = self._tables.riichi[d]
            return (float(t[0][i]), float(t[1][i]), float(t[2][i]))
        key = (hand, d)
        found = self._riichi_memo.get(key)
        if found is not None:
            return found
        p, pts = self._riichi_table(hand)
        miss = 1.0 - p
        ev = 0.0
        reach = 1.0
        for j in range(1, d + 1):
            ev += reach * pts[(j == 1, j == d)]
            reach *= miss
        ev -= RIICHI_STICK * reach
        found = (1.0, 1.0 - reach, ev)
        self._riichi_memo[key] = found
        return found

    def _riichi_solved(self, hand: Counts37, d: int) -> int:
        """The hand's row in the solved riichi tables with ``d`` draws left, or -1."""
        i = self._riichi_row.get(hand, -1) if 1 <= d <= self._solved_draws else -1
        return i if i < 0 or self._tables.valid(self._riichi_used[i], d) else -1

    def _riichi_table(self, hand: Counts37) -> tuple[float, dict[tuple[bool, bool], float]]:
        """A riichi hand's chance to win on a draw, and the expected points of that win
        by (ippatsu, haitei) — the same on every draw, as the wall does not change."""
        found = self._riichi_pts.get(hand)
        if found is None:
            found = self._riichi_pts[hand] = self._riichi_of(self.edges((hand, self.limit)))
        return found

    def _riichi_of(self, e: Edges, score: Callable[..., float] | None = None
                   ) -> tuple[float, dict[tuple[bool, bool], float]]:
        # the wins of a hand are the same whatever the changes made to reach it
        score = score or self.score
        total = e.total
        p = sum(n for _, n, _ in e.wins) / total if total else 0.0
        pts = {(i, h): (sum(n * score(h14, tile, True, i, h)
                            for tile, n, h14 in e.wins) / total if total else 0.0)
               for i in (False, True) for h in (False, True)}
        return p, pts

    def can_riichi(self, hand: Counts37, d: int) -> bool:
        return (self.riichi != "never" and self.closed
                and d >= 1 and self.shanten(hand) == 0)

    def options_of(self, node: Node, d: int) -> list[tuple[str, Value]]:
        """The ways to continue from a 13-tile hand: dama, and riichi where allowed."""
        out: list[tuple[str, Value]] = []
        hand = node[0]
        if self.can_riichi(hand, d):
            out.append(("riichi", self.riichi_value(hand, d)))
            if self.riichi == "always":
                return out
        out.append(("dama", self.value(node, d)))
        return out

    def play(self, node: Node, d: int) -> tuple[str, Value]:
        """How a 13-tile hand is played on with ``d`` draws left (``riichi`` or ``dama``)
        and its value: the policy's choice (``graph.choose``) of ``options_of``."""
        ways = self.options_of(node, d)
        return ways[choose([(w[2], w[1], w[0]) for _, w in ways])] if len(ways) > 1 else ways[0]

    def choice(self, options: Sequence[Node], d: int) -> tuple[Node, str, Value]:
        """The policy's choice among 13-tile options (in tile order) with ``d`` draws
        left: each option played as ``play`` plays it, then ``graph.choose`` of those."""
        played = [self.play(h, d) for h in options]
        i = choose([(v[2], v[1], v[0]) for _, v in played]) if len(played) > 1 else 0
        return options[i], played[i][0], played[i][1]

    def best(self, options: list[Node], d: int) -> Value:
        """The best continuation among 13-tile options with ``d`` draws left."""
        return self.choice(options, d)[2]

    def candidate_values(self, hand13: Counts37, draws: int
                         ) -> tuple[str, list[float], list[float], list[float]]:
        """``candidate`` with ``draws``, ``draws - 1``, ..., 1 draws left: how the hand is
        played with every draw left, and the tenpai, win and points per turn. Read
        straight off the solved tables where ``solve`` covered the hand (the same floats
        and the same choice: riichi first among equals), else ``candidate`` per turn."""
        i = self._solved((hand13, 0), draws)
        sh = self.shanten(hand13)
        riichi_here = self.riichi != "never" and self.closed and sh == 0
        r = self._riichi_solved(hand13, draws) if riichi_here else -1
        if i < 0 or draws <= 0 or (riichi_here and r < 0):
            tp: list[float] = []
            wp: list[float] = []
            ev: list[float] = []
            how = "-"
            for d in range(draws, 0, -1):
                got, v = self.candidate(hand13, d)
                if d == draws:
                    how = got
                tp.append(v[0])
                wp.append(v[1])
                ev.append(v[2])
            return how, tp, wp, ev
        tables = self._tables
        # each value's turns read in one call (``Tables.columns``: the same floats)
        tp, wp, ev = tables.columns(i, draws)
        how = "dama" if sh == 0 else "-"
        if riichi_here:
            # per turn riichi or dama (``play``: riichi first among equals, ``prefer``)
            rt, rw, re = tables.columns(r, draws, riichi=True)
            takes = [True] * draws if self.riichi == "always" else \
                preferred((rt, rw, re), (tp, wp, ev))
            for j in range(draws):
                if takes[j]:
                    tp[j], wp[j], ev[j] = rt[j], rw[j], re[j]
            if takes[0]:
                how = "riichi"
        return how, tp, wp, ev

    def candidate(self, hand13: Counts37, d: int) -> tuple[str, Value]:
        """The value of a starting 13-tile hand with ``d`` draws left, and how it is played
        (``riichi``/``dama``; ``-`` when not tenpai)."""
        how, v = self.play((hand13, 0), d)
        if self.shanten(hand13) != 0:
            how = "-"
        return how, v


def _int64s(values: Sequence[int]) -> npt.NDArray[np.int64]:
    """Python ints as an int64 array, packed by ``struct``: ``np.array`` of a list finds
    each item's type first, about twice the instructions an item (``_win_rows`` converts
    some thousands a call).

    >>> _int64s([3, -1]).tolist(), _int64s([]).dtype
    ([3, -1], dtype('int64'))
    """
    return np.frombuffer(struct.pack(f"{len(values)}q", *values), dtype=np.int64)


def kept(store: dict[K, V], key: K, limit: int, make: Callable[[], V]) -> V:
    """``store[key]``, made by ``make`` where missing: a bounded per-process table (emptied
    first when it holds ``limit`` entries).

    >>> store: dict[str, list[int]] = {}
    >>> kept(store, "a", 2, list).append(1)
    >>> kept(store, "a", 2, list), kept(store, "b", 2, list), kept(store, "c", 2, list)
    ([1], [], [])
    >>> sorted(store)
    ['c']
    """
    found = store.get(key)
    if found is None:
        if len(store) >= limit:
            store.clear()
        found = store[key] = make()
    return found


def red_adds_han(rules: Rules) -> bool:
    """Whether, under ``rules``, a red five changes a closed self-draw's candidates only by
    one han of aka dora: read off the scoring engine once per rules on reference hands (a
    plain win, a pinfu-less one, seven pairs; each with one red five against none; the
    same candidates but for that item), as ``Model._situation_items`` reads the
    situations. Kept per rules (``_RED_ADDS_HAN``)."""
    found = _RED_ADDS_HAN.get(rules)
    if found is not None:
        return found
    if len(_RED_ADDS_HAN) >= RULES_CACHED:
        _RED_ADDS_HAN.clear()
    aka = Counter([YakuItem(Yaku.AKA_DORA, 1)])
    found, compared = True, 0
    for plain_text, red_text, tile in (("111p123456789s55z", "111p123406789s55z", "9s"),
                                       ("234p345s55p678s999s", "234p340s55p678s999s", "8s"),
                                       ("112255p33s44s5577z", "112205p33s44s5577z", "5z")):
        win = Win(tile=tile, tsumo=True)

        def scored(text: str, win: Win = win) -> list[Score]:
            hand = Hand.parse(text)
            check_hand(hand, win, rules)
            check_winning_tile(hand, win, rules)
            return candidates(hand, win, rules, hand_readings(hand, rules))
        try:
            plain = scored(plain_text)
        except MjaspError:
            continue  # a hand these rules do not take (a form, a tile set): no evidence
        compared += 1
        try:
            red = scored(red_text)
        except MjaspError:
            found = False
            break
        found = len(plain) == len(red) > 0 and all(
            p.fu == r.fu and p.fu_details == r.fu_details and not p.yakuman
            and not r.yakuman and not p.reason and not r.reason and r.han == p.han + 1
            and Counter(r.yaku) - Counter(p.yaku) == aka and not Counter(p.yaku) - Counter(r.yaku)
            for p, r in zip(plain, red, strict=True))
        if not found:
            break
    found = found and compared > 0
    _RED_ADDS_HAN[rules] = found
    return found


def _points(s: Score | None) -> int:
    """A win's points (0 for a hand without a yaku)."""
    if s is None or (s.han <= 0 and not s.yakuman):
        return 0
    return int(s.points)


def _points_of(s: Score | None) -> tuple[int, str]:
    """A win's points and yaku text (0 and "no yaku" for a hand without a yaku)."""
    if s is None or (s.han <= 0 and not s.yakuman):
        return 0, "no yaku"
    yaku = " ".join(f"{i.yaku.name.lower()}{'' if i.han == 1 else i.han}"
                    for i in s.yaku if i.han)
    return int(s.points), yaku


def default_unseen(start: Counts37, rules: Rules,
                   visible: Sequence[int] | None = None) -> tuple[int, ...]:
    """4 copies of each kind (none of 2m-8m for three players) and the rules' red fives,
    less the hand's tiles and the visible ones."""
    counts = [4] * 34 + list(rules.red_fives)
    if rules.players == 3:
        for k in SANMA_REMOVED:
            counts[k] = 0
        counts[34] = 0
    # (``map`` of ``operator.sub``: a tenth of a comprehension's instructions an item; as
    # ``zip`` it stops at the shorter)
    out = map(sub, counts, start)
    if visible is not None:
        out = map(sub, out, visible)
    return tuple(out)


__all__ = ["LATE", "NO_WIN", "WIN", "Model", "default_unseen", "kept", "kind37", "red_adds_han"]
