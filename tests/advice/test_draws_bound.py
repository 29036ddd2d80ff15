"""The graph bounded by the draws left: a node reached with ``u`` hand changes is reached
after ``u`` draws at the earliest, so with ``draws`` left its draws are read only when
``u < draws``; the builders do not expand a node with ``u >= draws`` (``build.Built``).

Checked against the unbounded graph (``Model.build_by_hand`` with no bound, the reference
builder), for seeded closed and melded hands and 1..5 draws: every node is reached by one
change at a time (a discard adds one change, a thrown-back draw none), so the bounded
graph's nodes are exactly the unbounded graph's nodes with at most ``draws`` changes; a
node with fewer keeps every draw, win and group it had, one with ``draws`` changes none
(total and stay 0) and its shanten. The three builders build that same graph, and every
answer of ``advise`` (each candidate's values per turn and decision) and every value the
tables keep for a node (``Tables.valid``) is the same float as on the unbounded graph."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import mjasp
from mjasp.advice import graph
from mjasp.advice.api import setup_model
from mjasp.advice.build import Built, _build_compiled, build
from mjasp.advice.model import Model
from mjasp.advice.tiles37 import distinct_tiles, sub37

COMPILED = getattr(graph._dp, "build", None)
#: a node's key, (37 counts, changes)
Key = tuple[bytes, int]


def _closed(seed: int, count: int, shanten: int) -> list[str]:
    """Random 14-tile closed hands (from the 136 tiles) of the given shanten."""
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        counts = [0] * 34
        for t in rng.sample(range(136), 14):
            counts[t // 4] += 1
        text = str(mjasp.Hand(tuple(counts), (0, 0, 0), ()))
        if mjasp.shanten(text) == shanten:
            found.append(text)
    return found


def _melded(seed: int, count: int, shanten: int) -> list[str]:
    """Random 14-tile hands with one open pon (from the 136 tiles) of the given shanten
    (the concealed tiles' beside the pon)."""
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        k = rng.randrange(34)
        wall = [t // 4 for t in range(136) if t // 4 != k or t % 4 == 3]
        rng.shuffle(wall)
        counts = [0] * 34
        for t in wall[:11]:
            counts[t] += 1
        name = f"{k % 9 + 1}{'mpsz'[k // 9]}"
        text = f"{mjasp.Hand(tuple(counts), (0, 0, 0), ())} [{name[0] * 3}{name[1]}]"
        try:
            m, _, _ = setup_model(text, {})
        except mjasp.MjaspError:
            continue
        if m.s0 == shanten:
            found.append(text)
    return found


#: one- to three-shanten, closed and beside a pon; the three-shanten melded hand of the
#: documentation's example (every value 0 with two draws); riichi always (a riichi row
#: per closed tenpai, wins or not)
CASES: list[Any] = [
    *[(h, {}) for h in _closed(41, 2, 1)],
    (_closed(43, 1, 1)[0], {"riichi": "always"}),
    *[(h, {}) for h in _melded(44, 2, 1)],
    # the largest graphs (half a minute to 2 minutes of the first test on a slow machine):
    # the benchmark-sized run's (pytest --full)
    pytest.param(_melded(46, 1, 2)[0], {}, marks=[pytest.mark.slow, pytest.mark.full]),
    pytest.param(_closed(42, 1, 2)[0], {}, marks=[pytest.mark.slow, pytest.mark.full]),
    pytest.param(_closed(45, 1, 3)[0], {}, marks=[pytest.mark.slow, pytest.mark.full]),
]
EXAMPLE = pytest.param("6s4z3z2z6s1s7s2m [666z] [999s]", {},
                       marks=[pytest.mark.slow, pytest.mark.full])  # minutes: pytest --full
DRAWS = (1, 2, 3, 4, 5)


def _starts(start: bytes) -> list[bytes]:
    """The 13-tile hands ``advise`` solves from: each discard of 14 tiles."""
    return [sub37(start, t) for t in distinct_tiles(start)]


def _nodes(b: Built) -> dict[Key, tuple[Any, ...]]:
    """Each node by its key: its shanten, total, stay, wins (tile, copies, late) and
    groups in slot order (copies, late, the options' keys)."""
    keys = [(b.hands[i].tobytes(), int(u)) for i, u in enumerate(b.used.tolist())]
    wins: dict[int, list[tuple[int, ...]]] = {}
    for j, i in enumerate(b.win_node.tolist()):
        late = 0 if b.win_late is None else int(b.win_late[j])
        wins.setdefault(i, []).append((int(b.win_tile[j]), int(b.win_n[j]), late))
    groups: dict[int, list[tuple[Any, ...]]] = {}
    for g, i in enumerate(b.group_node.tolist()):
        late = 0 if b.group_late is None else int(b.group_late[g])
        options = tuple(keys[o] for o in b.options[b.offsets[g]:b.offsets[g + 1]].tolist())
        groups.setdefault(i, []).append((int(b.group_slot[g]), int(b.group_n[g]), late,
                                         options))
    return {key: (int(b.shanten[i]), int(b.total[i]), int(b.stay[i]), wins.get(i, []),
                  groups.get(i, [])) for i, key in enumerate(keys)}


def _builders(m: Model, starts: list[bytes], draws: int) -> dict[str, Built]:
    out = {"by_hand": m.build_by_hand(starts, draws)}
    if not m.melds:   # (with melds, numpy's builder is the reference builder)
        out["numpy"] = build(m, starts, compiled=False, draws=draws)
    if COMPILED is not None:
        out["compiled"] = _build_compiled(COMPILED, m, starts, draws)
    return out


@pytest.mark.parametrize(("hand", "options"), CASES)
def test_the_bounded_graph_is_the_unbounded_one_cut_at_the_draws(
        hand: str, options: dict[str, Any]) -> None:
    m, start, _ = setup_model(hand, options)
    starts = _starts(start)
    full = _nodes(m.build_by_hand(starts))
    most = max(u for _, u in full)
    assert most >= m.s0 + 1      # the tegawari beyond the shanten: the bound can bind
    for draws in DRAWS:
        for name, b in _builders(m, starts, draws).items():
            got = _nodes(b)
            assert set(got) == {key for key in full if key[1] <= draws}, (name, draws)
            for key, node in got.items():
                if key[1] < draws:
                    assert node == full[key], (name, draws)
                else:   # not expanded: its shanten, and no draw
                    assert node == (full[key][0], 0, 0, [], []), (name, draws)
            # fewer nodes where a node lies beyond the draws; fewer nodes expanded where
            # one has as many changes as the draws, so always with fewer draws than the
            # shanten plus 2 (some node has s0 + 1 changes); the same graph with more
            # draws than the most changes
            assert (len(got) < len(full)) == (draws < most)
            expanded = sum(node[1] > 0 for node in got.values())
            assert (expanded < len(full)) == (draws <= most)
            if draws < m.s0 + 2:
                assert expanded < len(full)
            if draws > most:
                assert got == full


def _answers(hand: str, options: dict[str, Any], draws: int, bounded: bool,
             monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], Model]:
    """``advise``'s answer (without its node count) and its model, on the bounded or the
    unbounded graph."""
    solve = Model.solve
    seen: list[Model] = []

    def solve_as(self: Model, hands13: Any, d: int, vectorized: bool = True) -> None:
        seen.append(self)
        solve(self, hands13, d, vectorized, bounded)

    with monkeypatch.context() as patch:
        patch.setattr(Model, "solve", solve_as)
        a = mjasp.advise(hand, draws=draws, **options).to_json()
    assert len(seen) == 1
    del a["nodes"]
    return a, seen[0]


@pytest.mark.parametrize(("hand", "options"), [*CASES, EXAMPLE])
def test_the_answers_on_the_bounded_graph_are_the_unbounded_ones(
        hand: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    for draws in DRAWS:
        got, bounded = _answers(hand, options, draws, True, monkeypatch)
        want, unbounded = _answers(hand, options, draws, False, monkeypatch)
        assert got == want, draws
        # every value the bounded tables keep, the same float as the unbounded tables'
        # value of the same node (riichi values: of the same hand's first row)
        assert bounded._index_of is not None and unbounded._index_of is not None
        hands, used = bounded._index_of
        full_hands, full_used = unbounded._index_of
        at = {(full_hands[i].tobytes(), u): i for i, u in enumerate(full_used.tolist())}
        rows = np.array([at[(hands[i].tobytes(), u)] for i, u in enumerate(used.tolist())])
        t, f = bounded._tables, unbounded._tables
        for d in range(draws + 1):
            kept = np.flatnonzero(d <= draws - used)
            assert kept.size and np.array_equal(
                np.asarray(t.dama[d])[:, kept], np.asarray(f.dama[d])[:, rows[kept]]), d
        for h, r in bounded._riichi_row.items():
            for d in range(1, draws + 1):
                if t.valid(bounded._riichi_used[r], d):
                    assert bounded.riichi_value(h, d) == unbounded.riichi_value(h, d)


@pytest.mark.parametrize(("hand", "options"), [CASES[0], CASES[3]])
@pytest.mark.parametrize("draws", (1, 2, 3))
def test_the_values_solved_on_the_bounded_reference_graph_are_the_same(
        hand: str, options: dict[str, Any], draws: int) -> None:
    """``Model.solve`` with the graph built hand by hand, bounded and not: each candidate's
    values per turn the same floats."""
    m, start, _ = setup_model(hand, {**options, "draws": draws})
    ref, _, _ = setup_model(hand, {**options, "draws": draws})
    starts = _starts(start)
    m.solve(starts, draws, vectorized=False)
    ref.solve(starts, draws, vectorized=False, bounded=False)
    for h13 in starts:
        assert m.candidate_values(h13, draws) == ref.candidate_values(h13, draws)
