"""The dynamic programme of mjasp's model over a graph of hands, turn by turn, with numpy.

The recursion of :meth:`mjasp.advice.model.Model.value` evaluates one (hand, draws left)
at a time; here the graph of 13-tile hands is built once (nodes, and per node its draws:
the winning copies, the draws that offer a choice of discards, the rest thrown back) and
the values of *every* node are computed for one more draw left at a time, as arrays.
Nothing about the game is decided here: the wins' points, the wall's counts and which
discards are explored come from the model; this module only adds, multiplies and takes
maxima, in the same order as the recursion (so the values are the same floats).

>>> import numpy as np
>>> none = np.zeros(0, np.int64)
>>> g = Graph(total=np.array([4.0]), stay=np.array([3.0]), tenpai=np.array([True]),
...           win_n=np.array([1.0]), win_ev=np.array([800.0]), win_ev_last=np.array([1600.0]),
...           group_node=none, group_n=np.zeros(0), group_slot=none,
...           offsets=np.zeros(1, np.int64), options=none,
...           riichi=np.array([False]), riichi_p=np.zeros(1), riichi_pts=np.zeros((1, 4)))
>>> t = solve(g, draws=2, policy="never")
>>> float(t.dama[2][1][0]), float(t.dama[2][2][0])  # win chance, points with 2 draws left
(0.4375, 500.0)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from types import ModuleType

import numpy as np
import numpy.typing as npt

from mjasp.advice.order import TIE_ABS, TIE_REL, choose, prefer, preferred, ranked
from mjasp.solvers import extensions

#: The functions of the optional compiled loops (``_dp.c``): this module's turn loop,
#: build.py's graph build, cpp_model's graph build and turn loop, the effective tiles
#: of ``advise`` (``ukeire``), and ``Model.solve``'s distinct wins and per-node sums of
#: them (``distinct_rows``, ``win_sums``). A build lacking any of them is stale: it is not
#: loaded (one warning) and numpy does the same work.
DP_FUNCTIONS = ("run", "build", "cpp_build", "cpp_run", "ukeire", "distinct_rows",
                "win_sums")
_dp: ModuleType | None = extensions.load("mjasp.advice._dp", "_dp.c", DP_FUNCTIONS).module
if os.environ.get("MJASP_PURE_PYTHON", "") not in ("", "0"):
    _dp = None

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Triple = tuple[Floats, Floats, Floats]
RIICHI_STICK = 1000.0


@dataclass
class Graph:
    """The explored hands as arrays (node ``i``; group ``g``: one draw offering a choice).

    ``win_ev`` / ``win_ev_last``: Σ copies × points of the node's winning draws (not the
    last draw / the last draw, haitei); ``group_slot``: the group's place among its node's
    groups (the recursion's order); ``options[offsets[g]:offsets[g+1]]``: the nodes the
    group may discard to; ``riichi_pts[i]``: the riichi win's points per draw by
    (ippatsu, haitei) as ``[(F,F), (F,T), (T,F), (T,T)]``; ``win_n_last`` /
    ``group_n_last``: ``win_n`` / ``group_n`` on the last draw, where they differ (an open
    hand completed without a yaku wins there only, by haitei: its draw is a group before;
    None: the same). ``used``: the hand changes made to reach each node, in the builders'
    order (None: not given): the compiled loop then leaves out what no earlier node reads
    (``Tables``)."""

    total: Floats
    stay: Floats
    tenpai: Bools
    win_n: Floats
    win_ev: Floats
    win_ev_last: Floats
    group_node: Ints
    group_n: Floats
    group_slot: Ints
    offsets: Ints
    options: Ints
    riichi: Bools
    riichi_p: Floats
    riichi_pts: Floats
    win_n_last: Floats | None = None
    group_n_last: Floats | None = None
    used: Ints | None = None

    def last(self) -> tuple[Floats, Floats]:
        """``win_n`` and ``group_n`` on the last draw."""
        return (self.win_n if self.win_n_last is None else self.win_n_last,
                self.group_n if self.group_n_last is None else self.group_n_last)


class Tables:
    """Per draws left ``d`` (0..draws): the dama value over the nodes, and the riichi
    value over the nodes where riichi may be declared (``riichi_rows``, in order), each a
    (tenpai, win, points) triple of arrays.

    ``dama_all`` and ``riichi_all``: the same as (draws + 1, 3, nodes) arrays where the
    compiled loop made them so (None: the lists only); then the lists are their views,
    made on first need (a call reads only a few rows). Where the graph gave ``used``, the
    compiled loop leaves the values of a node reached with ``u`` changes with more than
    ``draws - u`` draws left NaN: it is reached after ``u`` draws at the earliest, so
    no node reached before it reads them (:meth:`valid`); the numpy loop computes them,
    but a node not expanded (``build.Built``: ``u >= draws``) has no draws to read, so
    they are not its values either (0 win and points)."""

    def __init__(self, dama: list[Triple] | None, riichi: list[Triple] | None,
                 riichi_rows: Ints, dama_all: Floats | None = None,
                 riichi_all: Floats | None = None, draws: int = 0,
                 partial: bool = False) -> None:
        self._dama, self._riichi = dama, riichi
        self.riichi_rows = riichi_rows
        self.dama_all, self.riichi_all = dama_all, riichi_all
        self.draws, self.partial = draws, partial

    @property
    def dama(self) -> list[Triple]:
        if self._dama is None:
            self._dama = _triples(self.dama_all)
        return self._dama

    @property
    def riichi(self) -> list[Triple]:
        if self._riichi is None:
            self._riichi = _triples(self.riichi_all)
        return self._riichi

    def valid(self, used: int, d: int) -> bool:
        """Whether the values of a node reached with ``used`` changes are computed for
        ``d`` draws left (``d`` at most the draws solved).

        >>> Tables(None, None, np.zeros(0, np.int64), np.zeros((3, 3, 1)), None,
        ...        draws=2, partial=True).valid(1, 2)
        False
        """
        return not self.partial or d <= self.draws - used

    def columns(self, row: int, draws: int, riichi: bool = False) -> list[list[float]]:
        """Row ``row``'s tenpai, win and points (three lists) with ``draws``, ``draws - 1``,
        ..., 1 draws left, of the dama values (or of the riichi values): the same floats,
        in one call where the whole array is there.

        >>> none = np.zeros(0, np.int64)
        >>> t = Tables([(np.zeros(1), np.zeros(1), np.zeros(1)),
        ...             (np.ones(1), np.full(1, 0.5), np.full(1, 900.0))], [], none)
        >>> t.columns(0, 1)
        [[1.0], [0.5], [900.0]]
        """
        whole = self.riichi_all if riichi else self.dama_all
        if whole is not None:
            got: list[list[float]] = whole[draws:0:-1, :, row].T.tolist()
            return got
        by_turn = (self.riichi if riichi else self.dama)[draws:0:-1]
        return [[t[k].item(row) for t in by_turn] for k in range(3)]


def _triples(whole: Floats | None) -> list[Triple]:
    """A (draws + 1, 3, nodes) array as its list of (tenpai, win, points) views."""
    assert whole is not None
    return [(t[0], t[1], t[2]) for t in whole]


def near(x: Floats, top: Floats) -> Bools:
    """Where ``x`` is equal to ``top`` (``top >= x``) in the policy's order: within the
    tolerance ``TIE_REL`` / ``TIE_ABS`` (the same operations as ``_dp.c`` and ``choose``).

    >>> near(np.array([1.0, 1.0 - 1e-15, 0.5]), np.ones(3)).tolist()
    [True, True, False]
    """
    return top - x <= TIE_REL * np.maximum(np.abs(x), np.abs(top)) + TIE_ABS


def _lexmax(a: Triple, b: Triple, take_b: Bools) -> Triple:
    """Where ``take_b``: the better of ``b`` and ``a`` by (points, win, tenpai), ``b``
    first among equals (``choose`` of the two, as the recursion lists riichi before dama)."""
    pick = take_b.copy()
    open_ = take_b.copy()          # equal so far: the next value decides
    for k in (2, 1, 0):
        top = np.maximum(a[k], b[k])
        b_near, a_near = near(b[k], top), near(a[k], top)
        pick &= ~open_ | b_near
        open_ &= a_near & b_near
    return (np.where(pick, b[0], a[0]), np.where(pick, b[1], a[1]), np.where(pick, b[2], a[2]))


class _Riichi:
    """Locked hands, one more draw left at a time: each draw wins with ``p`` or is thrown
    back. ``Model.riichi_value``'s loop for ``d`` draws left adds the win on draw ``j``
    for ``j = 1..d`` and takes the stick from what is left; the terms before the last are
    those of ``d - 1`` draws (the last draw is haitei), so they are carried from one ``d``
    to the next: the same operations on the same floats, ``d`` steps instead of d²/2."""

    def __init__(self, p: Floats, pts: Floats) -> None:
        self.miss = 1.0 - p
        self.pts = pts
        self.before = np.zeros(len(p))       # Σ of the terms of draws 1..d-1
        self.reach = np.ones(len(p))         # the chance of reaching draw d

    def values(self, d: int) -> Triple:
        """The values with ``d`` draws left (called for d = 1, 2, ... in order)."""
        reach, pts = self.reach, self.pts
        ev = self.before + reach * pts[:, 2 * (d == 1) + 1]
        after = reach * self.miss
        ev -= RIICHI_STICK * after
        self.before += reach * pts[:, 2 * (d == 1)]
        self.reach = after
        return (np.ones(len(reach)), 1.0 - after, ev)


def solve(g: Graph, draws: int, policy: str) -> Tables:
    """Every node's values for 0..``draws`` draws left (``policy``: always | never |
    choose riichi)."""
    n = len(g.total)
    if _dp is not None and n:
        return _run_compiled(g, draws, policy)
    starts = g.offsets[:-1]
    sizes = np.diff(g.offsets)
    gid = np.repeat(np.arange(len(starts)), sizes)
    slots = [np.flatnonzero(g.group_slot == k)
             for k in range(int(g.group_slot.max(initial=-1)) + 1)]
    win_n_last, group_n_last = g.last()
    slot_rows = [(at, g.group_node[at], g.group_n[at], group_n_last[at]) for at in slots]
    stay_rows = np.flatnonzero(g.stay > 0)
    stay_n = g.stay[stay_rows]
    tenpai = g.tenpai.astype(np.float64)
    zero = np.zeros(n)
    rows = np.flatnonzero(g.riichi) if policy != "never" else np.zeros(0, np.int64)
    p, pts = g.riichi_p[rows], g.riichi_pts[rows]
    locked = _Riichi(p, pts)
    none = np.zeros(len(rows))
    dama: list[Triple] = [(tenpai, zero, zero)]
    riichi: list[Triple] = [(none, none, none)]
    best = dama[0]          # the best way to play on with one draw fewer
    neg = -np.inf
    n_opts = len(g.options)
    places = np.arange(n_opts)
    expanded = g.total > 0
    for d in range(1, draws + 1):
        tp_o, wp_o, ev_o = best
        acc_tp = (win_n_last if d == 1 else g.win_n).copy()
        acc_wp = acc_tp.copy()
        acc_ev = (g.win_ev_last if d == 1 else g.win_ev).copy()
        if len(starts):
            # the best option of each group (``choose``): greatest points, then win, then
            # tenpai, each up to the tolerance; the first in the group's order of those left
            e, w, t = ev_o[g.options], wp_o[g.options], tp_o[g.options]
            on = np.ones(len(e), dtype=np.bool_)
            for x in (e, w, t):
                on &= near(x, np.maximum.reduceat(np.where(on, x, neg), starts)[gid])
            first = g.options[np.minimum.reduceat(np.where(on, places, n_opts), starts)]
            m_ev, m_wp, m_tp = ev_o[first], wp_o[first], tp_o[first]
            # added group by group in each node's order, as the recursion adds them
            for at, nodes, copies_on, copies_last in slot_rows:
                copies = copies_last if d == 1 else copies_on
                acc_tp[nodes] += copies * m_tp[at]
                acc_wp[nodes] += copies * m_wp[at]
                acc_ev[nodes] += copies * m_ev[at]
        acc_tp[stay_rows] += stay_n * tp_o[stay_rows]
        acc_wp[stay_rows] += stay_n * wp_o[stay_rows]
        acc_ev[stay_rows] += stay_n * ev_o[stay_rows]
        # a node not expanded (total 0: ``build.Built``) keeps 0 for its win and points
        # with draws left, values never read (``Tables.valid``), where 0 / 0 would be NaN
        # and leave its groups' choice none
        v: Triple = (np.where(g.tenpai, 1.0, _ratio(acc_tp, g.total, expanded)),
                     _ratio(acc_wp, g.total, expanded), _ratio(acc_ev, g.total, expanded))
        dama.append(v)
        if not len(rows):
            riichi.append((none, none, none))
            best = v
            continue
        r = locked.values(d)
        riichi.append(r)
        chosen = [x[rows] for x in v]
        if policy == "always":
            chosen = list(r)
        else:
            chosen = list(_lexmax((chosen[0], chosen[1], chosen[2]), r,
                                  np.ones(len(rows), dtype=np.bool_)))
        best = (v[0].copy(), v[1].copy(), v[2].copy())
        for x, y in zip(best, chosen, strict=True):
            x[rows] = y
    return Tables(dama, riichi, rows, draws=draws, partial=g.used is not None)


def _ratio(acc: Floats, total: Floats, expanded: Bools) -> Floats:
    """``acc / total`` where ``expanded``, else 0."""
    return np.divide(acc, total, out=np.zeros(len(acc)), where=expanded)


def _run_compiled(g: Graph, draws: int, policy: str) -> Tables:
    """``solve``'s loop in C (``_dp.run``): the same operations on the same floats, every
    turn in one call (on small graphs numpy's cost per call outweighed the work)."""
    assert _dp is not None
    n = len(g.total)
    rows = np.flatnonzero(g.riichi) if policy != "never" else np.zeros(0, np.int64)
    nr = len(rows)
    dama = np.empty((draws + 1, 3, n))
    riichi = np.empty((draws + 1, 3, nr))
    win_n_last, group_n_last = g.last()
    _dp.run(g.total, g.stay, g.tenpai.astype(np.float64), g.win_n, g.win_ev,
            g.win_ev_last, win_n_last, g.options, g.offsets, g.group_node, g.group_n,
            group_n_last,
            rows.astype(np.int64, copy=False), g.riichi_p[rows],
            g.riichi_pts[rows].ravel(), policy == "always",
            dama.reshape(-1), riichi.reshape(-1), TIE_REL, TIE_ABS, g.used)
    return Tables(None, None, rows, dama, riichi, draws, g.used is not None)


__all__ = ["DP_FUNCTIONS", "TIE_ABS", "TIE_REL", "Graph", "Tables", "choose", "near", "prefer",
           "preferred", "ranked", "solve"]
