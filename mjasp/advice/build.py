"""The graph of mjasp's model built with whole-array operations, layer by layer.

:meth:`mjasp.advice.model.Model.expand` explores one hand at a time in Python; this builds
the same graph (the same nodes, draws and discard options, in the same order) for a whole
layer of hands at once: the draws and discards as numpy arrays, their shanten numbers in
one :func:`mjasp.analysis.shanten.shanten_batch` call per array. What a draw and a discard
are, the wall, and which discards the search explores are ``Model``'s (its docstrings);
a test checks the two builders give the same graph.

>>> from mjasp.advice.api import setup_model
>>> from mjasp.advice.tiles37 import parse37
>>> m, _, _ = setup_model("123456789m1234p", {"draws": 1})
>>> b = build(m, [parse37("123456789m1234p")])
>>> first = b.win_node == 0          # the hand given: waits 1p 4p, 3 copies each unseen
>>> int(b.total[0]), b.win_tile[first].tolist(), b.win_n[first].tolist()
(123, [9, 12], [3, 3])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

import mjasp.advice.graph as graph
from mjasp.advice.tiles37 import FIVES, Counts37, held_beyond
from mjasp.analysis.shanten import kernel_options, shanten_batch
from mjasp.rules import Rules
from mjasp.solvers import kernel

if TYPE_CHECKING:
    from mjasp.advice.model import Model

Ints = npt.NDArray[np.int64]
#: the columns of a layer, before they are joined (int64 or, for copies, int16)
Parts = npt.NDArray[np.signedinteger[Any]]
#: tile37s in the order draws and discards are listed (``tiles37.draws``): each kind, a red
#: five right after its plain five
ORDER = np.array([t for k in range(34) for t in ((k, 34 + FIVES.index(k)) if k in FIVES
                                                  else (k,))], dtype=np.int64)
KIND = np.array([FIVES[t - 34] if t >= 34 else t for t in ORDER], dtype=np.int64)
#: what one tile37 adds to 37 counts (its kind, and the red count for a red five)
ADD = np.zeros((37, 37), dtype=np.int16)
for _pos, _tile in enumerate(ORDER):
    ADD[_pos, KIND[_pos]] += 1
    if _tile >= 34:
        ADD[_pos, _tile] += 1
#: the place of each tile37 in ``ORDER``
POSITION = np.argsort(ORDER)
ADD8 = ADD.astype(np.uint8)
RED_OF = np.array([34 + FIVES.index(int(k)) if k in FIVES else -1 for k in KIND])
PLAIN_FIVE = (RED_OF >= 0) & (ORDER < 34)
IS_RED = ORDER >= 34
#: the places in ``ORDER`` of the plain and the red fives, and the red count of each
PLAIN_AT = np.flatnonzero(PLAIN_FIVE)
RED_AT = np.flatnonzero(IS_RED)
REDS = RED_OF[PLAIN_AT]
#: 0..36, the places in ``ORDER`` (to compare a column of places with)
POSITIONS = np.arange(37)
CHUNK = 2048
_UINT8, _INT64 = np.dtype(np.uint8), np.dtype(np.int64)
#: A node's key, (hand, changes), as two integers that order as its 38 bytes do (each byte
#: < 8 in 3 bits, the first most significant): counts 0-20 in the first, counts 21-36 and
#: then the changes (16 bits) in the second. The packing is linear, so a draw and a
#: discard change a key by a difference of two tile weights (``_WEIGHTS``).
_SHIFTS = ([3 * (20 - i) for i in range(21)], [16 + 3 * (36 - i) for i in range(21, 37)])
#: what one tile37 (in ``ORDER``) adds to each of the two key integers
_WEIGHTS = tuple(np.array([sum(int(ADD[pos, i]) << shift for i, shift in
                               enumerate(shifts, start=first)) for pos in range(37)],
                          dtype=np.uint64)
                 for first, shifts in ((0, _SHIFTS[0]), (21, _SHIFTS[1])))


@dataclass
class Built:
    """The graph: node ``i`` is ``hands[i]`` reached with ``used[i]`` hand changes; its
    wins are the rows ``win_node == i`` (tile37 and copies, in draw order); groups as in
    :class:`mjasp.advice.graph.Graph`. ``win_late`` / ``group_late`` (1 or 0 per row, None
    for none: a closed hand always has a yaku) mark the rows of ``Model.expand``'s late
    draws, an open hand completed without a yaku: a win on the last draw only, a group
    before.

    A node not expanded (``build``'s ``draws``: reached with as many changes as draws)
    has its shanten, ``total`` and ``stay`` 0, and no wins or groups: only its value with
    no draw left is read (``graph.Tables.valid``), and its ``total`` of 0 tells it from a
    node whose every draw is thrown back (``stay == total``, copies in its wall)."""

    hands: npt.NDArray[np.uint8]
    used: Ints
    shanten: Ints
    total: Ints
    stay: Ints
    win_node: Ints
    win_tile: Ints
    win_n: Ints
    group_node: Ints
    group_slot: Ints
    group_n: Ints
    offsets: Ints
    options: Ints
    win_late: Ints | None = None
    group_late: Ints | None = None


def _copies(hands: npt.NDArray[np.int16], start: npt.NDArray[np.int16],
            unseen: npt.NDArray[np.int16]) -> npt.NDArray[np.int16]:
    """Copies of each tile37 (in ``ORDER``) in each hand's wall (``Model.wall``): the
    kind's copies, a plain five's less the red ones, a red five's the red ones (none
    where the kind has none)."""
    wall = unseen - held_beyond(hands, start)
    by_kind = wall[:, KIND]
    n = by_kind.copy()
    red = wall[:, REDS]
    n[:, PLAIN_AT] -= red
    n[:, RED_AT] = red
    return np.where((by_kind > 0) & (n > 0), n, 0).astype(np.int16)


def _holds(h14: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    """The tile37s (in ``ORDER``) a hand can discard (``tiles37.distinct_tiles``): a kind
    it holds, a plain five where it holds more fives than red ones, a red five it holds."""
    by_kind = h14[:, KIND]
    out: npt.NDArray[np.bool_] = by_kind > 0
    red = h14[:, REDS]
    out[:, PLAIN_AT] = by_kind[:, PLAIN_AT] > red
    out[:, RED_AT] = red > 0
    return out


def _keys(hands8: npt.NDArray[np.uint8], used: Ints) -> tuple[npt.NDArray[np.uint64],
                                                            npt.NDArray[np.uint64]]:
    """The two key integers of each (hand, changes) row (see ``_SHIFTS``)."""
    wide = hands8.astype(np.uint64)
    high = (wide[:, :21] << np.array(_SHIFTS[0], dtype=np.uint64)).sum(axis=1,
                                                                       dtype=np.uint64)
    low = (wide[:, 21:] << np.array(_SHIFTS[1], dtype=np.uint64)).sum(axis=1, dtype=np.uint64)
    return high, low + used.astype(np.uint64)


def build(model: Model, hands13: list[Counts37], compiled: bool = True,
          draws: int | None = None) -> Built:
    """Every node reachable from the 13-tile ``hands13`` (``(hand, 0)`` each; with melds,
    their concealed tiles): by the compiled builder (``_dp.build``) where it is built and
    ``compiled`` is True, else with numpy layer by layer (the same graph; the nodes may be
    numbered otherwise), or for a hand with melds by ``Model.build_by_hand``.

    ``draws`` (None: no bound): the draws left at the start. A node reached with ``u``
    changes is reached after ``u`` draws at the earliest, so its draws are read only when
    ``u < draws``; a node with ``u >= draws`` is not expanded (``Built``)."""
    assert model.unseen is not None
    if compiled and graph._dp is not None:  # (loaded only with both its functions)
        return _build_compiled(graph._dp.build, model, hands13, draws)
    if model.melds:
        # the layers below read a shanten of 13 or 14 concealed tiles and take every
        # completed hand as a win: a hand with melds is built hand by hand
        return model.build_by_hand(hands13, draws)  # type: ignore[no-any-return]
    rules = model.rules
    start = np.frombuffer(model.start, dtype=np.uint8).astype(np.int16)
    unseen = np.frombuffer(model.unseen, dtype=np.uint8).astype(np.int16)
    first: list[Counts37] = list(dict.fromkeys(hands13))
    all_hands = [np.frombuffer(b"".join(first), dtype=np.uint8).reshape(-1, 37)]
    all_used = [np.zeros(len(first), dtype=np.int64)]
    index: dict[tuple[int, int], int] = {
        key: i for i, key in enumerate(zip(*(k.tolist() for k in _keys(all_hands[0],
                                                                        all_used[0])),
                                           strict=True))}
    frontier = (0, len(first))
    out: dict[str, list[Parts]] = {k: [] for k in (
        "shanten", "total", "stay", "win_node", "win_tile", "win_n", "group_node",
        "group_slot", "group_n", "sizes", "options")}
    hands_of = np.concatenate(all_hands)
    used_of = np.concatenate(all_used)
    while frontier[0] < frontier[1]:
        lo, hi = frontier
        for a in range(lo, hi, CHUNK):
            b = min(hi, a + CHUNK)
            new_hands, new_used = _layer(model, rules, start, unseen, hands_of[a:b],
                                         used_of[a:b], a, index, out, draws)
            if new_hands is not None:
                all_hands.append(new_hands)
                all_used.append(new_used)
            if model.progress is not None:
                model.progress(len(index))
        frontier = (hi, len(index))
        hands_of = np.concatenate(all_hands)
        used_of = np.concatenate(all_used)
        all_hands, all_used = [hands_of], [used_of]

    def cat(key: str) -> Ints:
        parts = out[key]
        return np.concatenate(parts).astype(np.int64) if parts else np.zeros(0, np.int64)

    sizes = cat("sizes")
    offsets = np.zeros(len(sizes) + 1, dtype=np.int64)
    np.cumsum(sizes, out=offsets[1:])
    return Built(hands_of, used_of, cat("shanten"), cat("total"), cat("stay"), cat("win_node"),
                 cat("win_tile"), cat("win_n"), cat("group_node"), cat("group_slot"),
                 cat("group_n"), offsets, cat("options"))


def _melded_shanten(model: Model) -> Callable[[bytes], bytes]:
    """The compiled builder's shanten of hands beside the model's melds (rows of 34
    concealed counts): ``Model.shanten``'s numbers, many hands at once. That is the
    standard form's replacement number of the problem :mod:`mjasp.analysis.shanten` states
    for the hand (``shanten_problem``: the sets to build, and each kind capped by the copies
    the melds hold, the same for every hand of the model), less one: without a cap, the
    kernel's batch call; with one, ``table.capped_standard_rows``."""
    from mjasp.analysis.shanten import shanten_problem
    from mjasp.core.hand import trusted_hand
    from mjasp.solvers.table import capped_standard_rows

    rules, melds = model.rules, model.melds
    problems: dict[int, Any] = {}   # by the rows' tile count

    def shanten(rows: bytes) -> bytes:
        counts = np.frombuffer(rows, dtype=np.uint8).reshape(-1, 34)
        out = np.empty(len(counts), dtype=np.int8)
        sizes = counts.sum(axis=1)
        for size in np.unique(sizes).tolist():
            at = np.flatnonzero(sizes == size)
            problem = problems.get(size)
            if problem is None:
                problem = problems[size] = shanten_problem(trusted_hand(
                    tuple(counts[at[0]].tolist()), (0, 0, 0), melds), rules)
            if problem.cap is None:
                out[at] = shanten_batch(counts[at], rules)
            else:
                out[at] = capped_standard_rows(counts[at], problem.melds,
                                               problem.cap).astype(np.int16) - 1
        return out.tobytes()

    return shanten


def kernel_shanten(rules: Rules) -> Any:
    """What the compiled builders (``_dp.build``, ``_dp.cpp_build``) take as their shanten:
    the compiled kernel's capsule (``shanten_capsule``: :func:`shanten_batch`'s numbers
    under ``rules``, of a hand and of each hand one tile away, asked from C with no call
    through Python), or where the kernel is not compiled (the pure-Python path: see
    :func:`mjasp.solvers.kernel.describe`) :func:`shanten_batch` on rows of 34 counts,
    asked in batches.

    >>> from mjasp.rules import find_rules
    >>> kernel_shanten(find_rules("tenhou")) is not None
    True
    """
    capsule = kernel_capsule(rules)
    if capsule is not None:
        return capsule

    def shanten(rows: bytes) -> bytes:
        counts = np.frombuffer(rows, dtype=np.uint8).reshape(-1, 34)
        return shanten_batch(counts, rules).astype(np.int8).tobytes()

    return shanten


#: ``kernel_capsule`` by rules (it does not depend on the hand): at most ``_CAPSULES_KEPT``
_CAPSULES: dict[tuple[bool, ...], Any] = {}
_CAPSULES_KEPT = 64
#: the last rules asked and their capsule (a call asks twice: its build and its ukeire)
_LAST_CAPSULE: list[Any] = []


def kernel_capsule(rules: Rules) -> Any:
    """The compiled kernel's capsule of :func:`shanten_batch`'s numbers under ``rules``
    (``shanten_capsule``, see :func:`kernel_shanten`), or None where the kernel is not
    compiled; one per set of kernel options, kept for the process.

    >>> from mjasp.rules import find_rules
    >>> tenhou = find_rules("tenhou")
    >>> kernel_capsule(tenhou) is kernel_capsule(tenhou) or not kernel.COMPILED
    True
    """
    if not kernel.COMPILED:
        return None
    last = _LAST_CAPSULE
    if last and last[0] is rules:
        # the rules of the call before (a frozen value, kept here: the same options)
        return last[1]
    options = kernel_options(rules)
    found = _CAPSULES.get(options)
    if found is None:
        if len(_CAPSULES) >= _CAPSULES_KEPT:
            _CAPSULES.clear()
        found = _CAPSULES[options] = kernel.compiled().shanten_capsule(*options)
    _LAST_CAPSULE[:] = (rules, found)
    return found


def _build_compiled(compiled_build: Any, model: Model, hands13: list[Counts37],
                    draws: int | None = None) -> Built:
    """``build`` by ``_dp.build``: the same nodes, draws and discards, in breadth-first
    order of discovery (as ``Model.build_by_hand`` numbers them), the shanten numbers from
    :func:`kernel_shanten` (beside melds, ``_melded_shanten``, in batches); an open hand's
    completed draws asked of ``Model.win_kind`` (``win_late`` and ``group_late`` then
    filled, as ``build_by_hand`` fills them)."""
    assert model.unseen is not None

    def wins(rows: bytes) -> bytes:
        # what each completed hand (37 counts and the tile drawn) is: ``Model.win_kind``
        kind = model.win_kind
        return bytes(kind(rows[i:i + 37], rows[i + 37]) for i in range(0, len(rows), 38))

    progress = model.progress
    late = None if model.closed else wins
    shanten = _melded_shanten(model) if model.melds else kernel_shanten(model.rules)
    parts = compiled_build(bytes(model.start), bytes(model.unseen), model.limit,
                           b"".join(hands13), shanten, progress, late,
                           -1 if draws is None else draws)
    hands = np.frombuffer(parts[0], _UINT8).reshape(-1, 37)
    # (a dtype object, not a type numpy converts at each call; a list, not a generator)
    int64 = _INT64
    used, s, total, stay, win_node, win_tile, win_n, g_node, g_slot, g_n, sizes, options = [
        np.frombuffer(p, int64) for p in parts[1:13]]
    win_late, group_late = [np.frombuffer(p, int64) for p in parts[13:]] \
        if late is not None else (None, None)
    offsets = np.zeros(len(sizes) + 1, int64)
    np.cumsum(sizes, out=offsets[1:])
    return Built(hands, used, s, total, stay, win_node, win_tile, win_n, g_node, g_slot, g_n,
                 offsets, options, win_late, group_late)


def _layer(model: Model, rules: Rules, start: npt.NDArray[np.int16],
           unseen: npt.NDArray[np.int16], hands8: npt.NDArray[np.uint8], used: Ints,
           base: int, index: dict[tuple[int, int], int], out: dict[str, list[Parts]],
           draws: int | None = None) -> tuple[npt.NDArray[np.uint8] | None, Ints]:
    """Expand nodes ``base..base+len(hands8)``; new nodes are added to ``index``. A node
    with ``draws`` changes or more (``build``) keeps its shanten and nothing else
    (``Built``)."""
    hands = hands8.astype(np.int16)
    f = len(hands)
    hands34 = np.ascontiguousarray(hands8[:, :34])
    s_before = shanten_batch(hands34, rules).astype(np.int64)
    budget = model.limit - used - 1
    # a hand of shanten s after a change is explored when s < s_before or s <= budget
    # (``Model.allowed``), i.e. when s < lim: one bound per node, read once per row
    lim = np.maximum(s_before, budget + 1).astype(np.int8)
    copies = _copies(hands, start, unseen)
    if draws is not None:
        copies[used >= draws] = 0      # no draw: no total, win, group or stay
    out["shanten"].append(s_before)
    out["total"].append(copies.sum(axis=1, dtype=np.int64))
    # node-major, draw order (the flat positions: np.nonzero of 2-D arrays is slower)
    flat = np.flatnonzero(copies)
    node, pos = np.divmod(flat, 37)
    n = copies.reshape(-1)[flat]                       # int16: int64 when concatenated
    # the 34 kind counts after each draw (uint8: counts 0..4), rows gathered by np.take
    h14_34 = np.take(hands34, node, axis=0)
    h14_34.reshape(-1)[np.arange(len(node)) * 34 + KIND[pos]] += 1
    s14 = shanten_batch(h14_34, rules)
    won = s14 == -1
    wins = np.flatnonzero(won)                         # one pass, three gathers
    out["win_node"].append(node[wins] + base)
    out["win_tile"].append(ORDER[pos[wins]])
    out["win_n"].append(n[wins])
    # no discard lowers the shanten or fits the budget (none goes below s14)
    lim_row = lim[node]
    dead = s14 >= lim_row                              # (lim >= 0: never a win)
    stay = np.bincount(node[dead], weights=n[dead], minlength=f)
    live = np.flatnonzero(~(won | dead))
    q_node, q_pos, q_n = node[live], pos[live], n[live]
    # what 14 tiles can discard (a live draw by 37 tile37s): what the 13 could, and the
    # tile drawn; the pairs are read off these masks, row by row in discard order
    back2 = q_pos[:, None] == POSITIONS                # the drawn tile thrown back
    holds = np.take(_holds(hands8), q_node, axis=0)
    holds |= back2
    # a discard from 14 tiles leaves a shanten of s14 or s14 + 1 (one tile more lowers a
    # shanten by at most one; one tile fewer never lowers it): where even s14 + 1 passes
    # the test below, every discard of that draw passes and none needs its shanten
    q_s14 = s14[live]
    q_lim = lim_row[live]
    sure = (q_s14 + 1 < q_lim)[:, None]
    keep = holds & (back2 | sure)
    asked = np.flatnonzero(holds & ~back2 & ~sure)     # the other discards
    a_row, a_pos = np.divmod(asked, 37)
    # the 34 kind counts after each other discard: the discarded kind less one
    h2_34 = np.take(h14_34, live[a_row], axis=0)
    h2_34.reshape(-1)[np.arange(len(asked)) * 34 + KIND[a_pos]] -= 1
    s2 = shanten_batch(h2_34, rules)
    keep.reshape(-1)[asked] = s2 < q_lim[a_row]
    count = np.count_nonzero(keep, axis=1)
    single = count == 1                                # only the drawn tile back: no choice
    # not in place: numpy's weighted bincount of no rows is int64, of some rows float64
    stay = stay + np.bincount(q_node[single], weights=q_n[single], minlength=f)
    out["stay"].append(stay.astype(np.int64))
    # the options of the draws with a choice
    keep &= ~single[:, None]
    row, ypos = np.divmod(np.flatnonzero(keep), 37)    # pair-major, discard order
    back = ypos == q_pos[row]
    pn = q_node[row]
    groups = np.flatnonzero(~single)
    g_node = q_node[groups] + base
    # each node's groups numbered in draw order
    first_of = np.searchsorted(g_node, g_node, side="left")
    out["group_node"].append(g_node)
    out["group_slot"].append(np.arange(len(groups)) - first_of)
    out["group_n"].append(q_n[groups])
    out["sizes"].append(count[groups])
    # the options: the node itself, or (hand after the discard, changes + 1)
    options = np.where(back, pn + base, -1).astype(np.int64)
    fresh_hands: npt.NDArray[np.uint8] | None = None
    fresh_used: list[int] = []
    moved = np.flatnonzero(~back)
    if len(moved):
        # each distinct (hand, changes) looked up once, by its key: the node's key plus the
        # tile drawn less the tile discarded (and one change more)
        drawn, thrown, from_node = q_pos[row[moved]], ypos[moved], pn[moved]
        node_high, node_low = _keys(hands8, used + 1)
        high = node_high[from_node] + _WEIGHTS[0][drawn] - _WEIGHTS[0][thrown]
        low = node_low[from_node] + _WEIGHTS[1][drawn] - _WEIGHTS[1][thrown]
        order = np.lexsort((low, high))                 # the keys' byte order
        high, low = high[order], low[order]
        starts = np.empty(len(order), dtype=np.bool_)
        starts[0] = True
        starts[1:] = (high[1:] != high[:-1]) | (low[1:] != low[:-1])
        inverse = np.empty(len(order), dtype=np.int64)
        inverse[order] = np.cumsum(starts) - 1
        known = len(index)
        # a key not yet in the index gets the next number (``len`` is read before the
        # key goes in), so the new nodes are the numbers from ``known`` on, in key order
        number = index.setdefault
        found = np.array([number(key, len(index)) for key in zip(
            high[starts].tolist(), low[starts].tolist(), strict=True)], dtype=np.int64)
        options[moved] = found[inverse]
        fresh = np.flatnonzero(found >= known)
        if len(fresh):
            at = order[np.flatnonzero(starts)[fresh]]  # a row of each new node
            fresh_hands = (hands8[from_node[at]] + ADD8[drawn[at]]) - ADD8[thrown[at]]
            fresh_used = (used[from_node[at]] + 1).tolist()
    out["options"].append(options)
    if fresh_hands is None:
        return None, np.zeros(0, np.int64)
    return fresh_hands, np.array(fresh_used, dtype=np.int64)


__all__ = ["ADD", "POSITION", "Built", "build", "kernel_capsule", "kernel_shanten"]
