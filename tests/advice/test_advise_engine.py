"""The fast engine of mjasp's model against the slow one: the graph solved turn by turn with
arrays equals the recursion, the array-built graph equals the one built hand by hand, and the
ura outcomes derived from one scoring call equal ``mjasp.score`` with the indicators."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest

import mjasp
from mjasp.advice import advise, graph
from mjasp.advice.api import setup_model
from mjasp.advice.build import _build_compiled, build
from mjasp.advice.model import Model, default_unseen
from mjasp.advice.tiles37 import distinct_tiles, draws, name37, parse37, sub37, to_hand
from mjasp.core.errors import HandError, MjaspError
from mjasp.scoring.api import checked_readings, rank_key
from tests.advice.helpers import recursive_advice


def _random_hands(seed: int, count: int, most_shanten: int) -> list[str]:
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        tiles = sorted(rng.sample(range(136), 14))
        counts = [0] * 34
        for t in tiles:
            counts[t // 4] += 1
        if 0 <= mjasp.shanten(counts) <= most_shanten:
            found.append(str(mjasp.Hand(tuple(counts), (0, 0, 0), ())))
    return found


def _table(a: mjasp.advice.api.Advice) -> list[tuple[Any, ...]]:
    return [(c.discard, c.shanten, c.ukeire, c.decision, c.tenpai_prob, c.win_prob,
             c.expected_points) for c in a.candidates]


CASES: list[tuple[str, dict[str, Any]]] = [
    *[(h, {"draws": 5, "dora_indicators": "1z"}) for h in _random_hands(7, 3, 1)],
    ("222567m345p33667s", {"draws": 8, "dora_indicators": "1z", "riichi": "always"}),
    ("2266m556678p11s44z", {"draws": 6, "dora_indicators": ["1p", "5s"]}),
    ("2266m556678p11s44z", {"draws": 6, "riichi": "never", "seat_wind": "S"}),
    ("123456789p1234s5z", {"draws": 4, "rules": "tenhou-3p", "dora_indicators": "1p"}),
    ("23406m456p11s [777z]", {"draws": 5, "dora_indicators": "4m"}),
    ("1112456788999m3z", {"draws": 3}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("hand", "options"), CASES)
def test_the_solved_graph_equals_the_recursion_exactly(hand: str,
                                                       options: dict[str, Any]) -> None:
    fast = advise(hand, **options)
    slow = recursive_advice(hand, **options)
    # the same floats, not merely close ones: the same sums in the same order
    assert _table(fast) == _table(slow)
    assert fast.candidates and any(c.expected_points[0] > 0 for c in fast.candidates)


def _canonical(m: Model, b: Any) -> dict[tuple[bytes, int], Any]:
    keys = [(b.hands[i].tobytes(), int(b.used[i])) for i in range(len(b.total))]
    wins: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for t, n, w in zip(b.win_tile.tolist(), b.win_n.tolist(), b.win_node.tolist(), strict=True):
        wins[w].append((t, n))
    groups: dict[int, list[Any]] = defaultdict(list)
    for g, node in enumerate(b.group_node.tolist()):
        groups[node].append((int(b.group_slot[g]), int(b.group_n[g]),
                             [keys[o] for o in b.options[b.offsets[g]:b.offsets[g + 1]]]))
    return {key: (int(b.shanten[i]), int(b.total[i]), int(b.stay[i]), wins[i], groups[i])
            for i, key in enumerate(keys)}


def _red_hands(seed: int, count: int) -> list[str]:
    """Random 14-tile hands up to one shanten, the first five of each suit written red
    (one red five a suit, as in ``mahjongsoul``): red and plain fives are held and drawn."""
    out = []
    for text in _random_hands(seed, count, 1):
        hand = mjasp.Hand.parse(text)
        c = hand.counts
        out.append(str(mjasp.Hand(c, (min(1, c[4]), min(1, c[13]), min(1, c[22])), ())))
    return out


BUILD_CASES: list[tuple[str, dict[str, Any]]] = [
    ("5m1233p12334578s4z", {"dora_indicators": "3m"}),
    ("22335m4558p122s55z", {"rules": "mahjongsoul"}),     # three red fives
    ("123456789p1234s5z", {"rules": "tenhou-3p"}),
    ("1199m1199p2358s13z", {"rules": "tenhou-3p", "draws": 9}),
    ("123406m2056p44s11z", {"rules": "mahjongsoul", "visible": "5m5p"}),
    # a five held only as its red copy, every plain copy seen (none left to draw)
    ("0m1234p5678s11223z", {"visible": "555m"}),
    # plain and red fives held, a red five seen: the plain copies left alone to draw
    ("055m123p0678s1122z", {"visible": "0p5p"}),
    *[(h, {"rules": "mahjongsoul"}) for h in _red_hands(11, 4)],
    *[(h, {"extra": 2}) for h in _random_hands(12, 2, 0)],
]


@pytest.mark.parametrize(("hand", "options"), BUILD_CASES)
@pytest.mark.parametrize("compiled", [True, False])
def test_the_array_built_graph_equals_the_one_built_hand_by_hand(
        hand: str, options: dict[str, Any], compiled: bool) -> None:
    """Both fast builders (the compiled one where it is built, and numpy's) against
    ``Model.expand`` node by node: the same nodes, draws, wins and discard options."""
    compiled_build = getattr(graph._dp, "build", None)
    if compiled and compiled_build is None:
        pytest.skip("the compiled builder is not built (or MJASP_PURE_PYTHON is set)")
    m, start, _ = setup_model(hand, options)
    starts = [sub37(start, t) for t in distinct_tiles(start)]
    built = _build_compiled(compiled_build, m, starts) if compiled else \
        build(m, starts, compiled=False)
    fast = _canonical(m, built)
    slow = _canonical(m, m.build_by_hand(starts))
    assert fast == slow
    assert len(fast) > len(starts)  # the search went beyond the first discards


def _brute_ura(m: Model, h14: bytes, tile: int, ippatsu: bool, haitei: bool,
               ) -> dict[int, float]:
    """The points of a riichi win per ura outcome, every indicator drawn from the wall
    (without replacement) and scored by ``mjasp.score``: the distribution of points."""
    # each copy of the wall as itself: a red five is written 0m/0p/0s
    kinds = {name37(t): n for t, n in draws(m.wall(h14))}
    total = sum(kinds.values())
    hand = to_hand(h14, m.melds)
    dist: dict[int, float] = defaultdict(float)

    def points(ura: tuple[str, ...]) -> int:
        s = mjasp.score(hand, mjasp.Win(
            tile=name37(tile), tsumo=True, riichi=1, ippatsu=ippatsu, haitei=haitei,
            seat_wind=m.seat_wind, round_wind=m.round_wind,
            dora_indicators=m.dora_indicators, ura_indicators=ura), rules=m.rules)
        return s.points

    if len(m.dora_indicators) == 1:
        for k, n in kinds.items():
            dist[points((k,))] += n / total
    else:
        for k1, n1 in kinds.items():
            for k2, n2 in kinds.items():
                m2 = n2 - (k1 == k2)
                if m2 > 0:
                    dist[points((k1, k2))] += n1 * m2 / (
                        total * (total - 1))
    return dist


@pytest.mark.slow
@pytest.mark.parametrize(("hand", "options"), [
    ("123456789m1234p5z", {"dora_indicators": "3p"}),
    ("2266m556678p11s44z", {"dora_indicators": ["1p", "5s"]}),
    ("22234567m34p456s1z", {"dora_indicators": "2m", "seat_wind": "E"}),   # dealer
])
def test_ura_outcomes_equal_mjasp_score_with_the_indicators(
        hand: str, options: dict[str, Any]) -> None:
    m, start, _ = setup_model(hand, options)
    starts = [sub37(start, t) for t in distinct_tiles(start)]
    b = build(m, starts)
    checked = 0
    for t, w in zip(b.win_tile.tolist(), b.win_node.tolist(), strict=True):
        if b.shanten[w] != 0:
            continue
        h14 = bytes(x + y for x, y in zip(b.hands[w].tobytes(),
                                          to_37(t), strict=True))
        for ippatsu, haitei in ((False, False), (True, True)):
            ours: dict[int, float] = defaultdict(float)
            for q, pts, _ in m.outcomes(h14, t, True, ippatsu, haitei):
                ours[pts] += q
            brute = _brute_ura(m, h14, t, ippatsu, haitei)
            assert set(ours) == set(brute)
            for pts, q in brute.items():
                assert ours[pts] == pytest.approx(q, abs=1e-12)
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def to_37(tile: int) -> bytes:
    """What one tile37 adds to 37 counts."""
    out = bytearray(37)
    out[(4, 13, 22)[tile - 34] if tile >= 34 else tile] += 1
    if tile >= 34:
        out[tile] += 1
    return bytes(out)


@pytest.mark.slow
@pytest.mark.parametrize("rules", sorted(mjasp.RULES))
def test_situations_derived_from_the_plain_self_draw_equal_the_engine(rules: str) -> None:
    # every situation of many winning hands: the derived candidates against a fresh
    # mjasp.score call with that situation (points, han, fu, yakuman and yaku)
    three = mjasp.find_rules(rules).players == 3
    hand = "123456789p1234s5z" if three else "22335m4558p122s55z"
    m, start, _ = setup_model(hand, {"rules": rules, "dora_indicators": "1p"})
    assert m._situation_items(), "the situation items are read off the engine"
    b = build(m, [sub37(start, t) for t in distinct_tiles(start)])
    seen = 0
    for t, w in zip(b.win_tile.tolist(), b.win_node.tolist(), strict=True):
        h14 = bytes(x + y for x, y in zip(b.hands[w].tobytes(), to_37(t), strict=True))
        hand14, readings = m._win_hand(h14, t)
        for riichi, ippatsu, haitei in ((False, False, False), (False, False, True),
                                        (True, False, False), (True, True, False),
                                        (True, False, True), (True, True, True)):
            win = m._win(t, riichi, ippatsu, haitei)
            ours = max(m._candidates(h14, t, hand14, readings, win), key=rank_key)
            theirs = mjasp.score(hand14, win, rules=m.rules)
            assert ours.value == theirs.value, (str(hand14), name37(t), win)
        seen += 1
        if seen == 40:
            break
    assert seen == 40


@pytest.mark.parametrize(("hand", "options"), [
    ("22335m4558p122s55z", {"dora_indicators": "3p"}),
    ("123456789p1234s5z", {"rules": "tenhou-3p", "dora_indicators": "1p"}),
    ("3466m4568p12299s5z", {"dora_indicators": "4m"}),  # red and plain 5m win one hand
])
def test_a_winning_hand_checked_once_is_checked_for_each_winning_tile(
        hand: str, options: dict[str, Any]) -> None:
    # ``_win_hand`` checks the 14 tiles once, with the first winning tile asked: the
    # readings equal ``checked_readings`` with every other tile that wins the hand
    m, start, _ = setup_model(hand, options)
    b = build(m, [sub37(start, t) for t in distinct_tiles(start)])
    tiles_of: dict[bytes, list[int]] = defaultdict(list)
    for t, w in zip(b.win_tile.tolist(), b.win_node.tolist(), strict=True):
        h14 = bytes(x + y for x, y in zip(b.hands[w].tobytes(), to_37(t), strict=True))
        if t not in tiles_of[h14]:
            tiles_of[h14].append(t)
    shared = red_and_plain = 0
    for h14, tiles in tiles_of.items():
        readings = m._win_hand(h14, tiles[0])[1]
        for t in tiles:
            try:
                alone = checked_readings(to_hand(h14, m.melds), m._win(t, False, False, False),
                                         m.rules)
            except MjaspError:
                alone = ()
            assert readings == alone, (h14, name37(t))
        shared += len(tiles) > 1
        red_and_plain += len({name37(t) for t in tiles} & {"5m", "0m"}) == 2
    assert shared > 10
    if hand.startswith("3466m"):
        assert red_and_plain > 0


def test_the_compiled_turn_loop_equals_the_numpy_one_exactly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import mjasp.advice.graph as graph
    if graph._dp is None:
        pytest.skip("the optional compiled loop is not built (or MJASP_PURE_PYTHON is set)")
    options: dict[str, Any] = {"draws": 8, "dora_indicators": "1z"}
    hand = "2266m556678p11s44z"
    compiled = advise(hand, **options)
    monkeypatch.setattr(graph, "_dp", None)
    by_numpy = advise(hand, **options)
    # the same floats: the same maxima, products and sums per node in the same order
    assert _table(compiled) == _table(by_numpy)
    assert any(c.expected_points[0] > 0 for c in compiled.candidates)


def _wins(m: Model, start: bytes, most: int) -> list[tuple[bytes, int]]:
    """Up to ``most`` distinct wins (14 tiles, winning tile) of the graph of ``start``."""
    b = build(m, [sub37(start, t) for t in distinct_tiles(start)])
    found: dict[tuple[bytes, int], None] = {}
    for t, w in zip(b.win_tile.tolist(), b.win_node.tolist(), strict=True):
        found[(bytes(x + y for x, y in zip(b.hands[w].tobytes(), to_37(t), strict=True)),
               t)] = None
        if len(found) == most:
            break
    return list(found)


@pytest.mark.parametrize("rules", sorted(mjasp.RULES))
def test_win_points_by_han_and_fu_equal_the_engine_per_situation(rules: str) -> None:
    # ``solve``'s points of each win in every situation against ``Model.score``, which
    # asks the scoring engine for each situation (and each ura count): the same floats
    from mjasp.advice.model import SITUATIONS
    three = mjasp.find_rules(rules).players == 3
    hand = "123456789p1234s5z" if three else "22335m4558p122s55z"
    for indicators in ("1p", ["1p", "5s"]):
        m, start, _ = setup_model(hand, {"rules": rules, "dora_indicators": indicators,
                                         "seat_wind": "E"})
        wins = _wins(m, start, 25)
        engine = [[m.score(h14, t, *sit) for sit in SITUATIONS] for h14, t in wins]
        for (h14, t), row in zip(wins, engine, strict=True):
            assert m._win_table([(h14, t)], SITUATIONS)[0].tolist() == row, (rules, name37(t))
        assert sum(m.paths.values()) == len(wins)
        # and all at once (``solve``'s call)
        assert m._win_table(wins, SITUATIONS).tolist() == engine
        if m._situation_items():
            assert m.paths["points"] > 0, m.paths
        else:
            assert m.paths["engine"] == len(wins), m.paths


@pytest.mark.parametrize(("hand", "options"), [
    ("22335m4558p122s55z", {"rules": "mahjongsoul", "dora_indicators": ["4m", "5s"]}),
    ("2340m4067p1225s55z", {"rules": "tenhou", "dora_indicators": "4p", "seat_wind": "S"}),
    ("11340p4067s11225s", {"rules": "tenhou-3p", "dora_indicators": "4s"}),
    ("123406m2056p44s11z", {"rules": "mahjongsoul", "dora_indicators": "1z"}),
])
def test_wins_differing_in_red_fives_share_a_scoring_and_equal_the_engine(
        hand: str, options: dict[str, Any]) -> None:
    # a win whose fives are red where another one's are plain is not scored again: its
    # points are that one's with one han per red five more. Each against ``Model.score``
    # (the scoring engine on the hand itself, ura outcomes counted) in every situation
    from mjasp.advice.model import SITUATIONS
    m, start, _ = setup_model(hand, options)
    b = build(m, [sub37(start, t) for t in distinct_tiles(start)])
    found = {(bytes(x + y for x, y in zip(b.hands[w].tobytes(), to_37(t), strict=True)), t): None
             for t, w in zip(b.win_tile.tolist(), b.win_node.tolist(), strict=True)}
    wins = sorted(found)
    red = [w for w in wins if any(w[0][34:])]
    assert red and len(red) < len(wins)
    picked = [w for w in wins if any(w[0][34:]) or w[0][:34] in {r[0][:34] for r in red}]
    engine = [[m.score(h14, t, *sit) for sit in SITUATIONS] for h14, t in picked]
    assert m._win_table(picked, SITUATIONS).tolist() == engine
    assert m.paths["red"] > 0, m.paths
    assert sum(m.paths.values()) == len(picked)


def test_win_points_paths_are_counted_and_equal_the_engine() -> None:
    # a yakuman (suuankou: the yakuman path), an open hand (the engine per situation)
    from mjasp.advice.model import SITUATIONS
    for hand, path in (("111333m555p77s22z3z", "shape"), ("23406m456p11s3z [777z]", "engine")):
        m, start, _ = setup_model(hand, {"dora_indicators": "1z"})
        wins = _wins(m, start, 15)
        engine = [[m.score(h14, t, *sit) for sit in SITUATIONS] for h14, t in wins]
        for (h14, t), row in zip(wins, engine, strict=True):
            assert m._win_table([(h14, t)], SITUATIONS)[0].tolist() == row
        assert m.paths[path] > 0, m.paths
        assert m._win_table(wins, SITUATIONS).tolist() == engine
    # a dama win's points are mjasp.score's, taken by itself
    m, start, _ = setup_model("22335m4558p122s55z", {"dora_indicators": "3p"})
    for h14, t in _wins(m, start, 10):
        for haitei in (False, True):
            win = mjasp.Win(tile=name37(t), tsumo=True, haitei=haitei, seat_wind="E",
                            round_wind="E", dora_indicators=("3p",))
            s = mjasp.score(to_hand(h14, ()), win)
            assert m._win_table([(h14, t)], [(False, False, haitei)])[0].tolist() == [
                float(s.points if s.han > 0 or s.yakuman else 0)]


def test_win_points_kept_across_searches_stay_per_seat_and_grow_whole() -> None:
    # the points per shape are kept per process by rules and dealer: searches for the
    # dealer and for another seat, in turn, each equal the engine's points per situation
    # (which differ between the seats), and a table grown by a riichi call (ura han on
    # top) after a dama call (no han added) still gives the dama points
    from mjasp.advice.model import SITUATIONS
    dama = [sit for sit in SITUATIONS if not sit[0]]
    seen: dict[str, list[list[float]]] = {}
    for seat in ("E", "S", "E", "S"):
        m, start, _ = setup_model("22335m4558p122s55z", {"dora_indicators": ["1p", "5s"],
                                                         "seat_wind": seat})
        wins = _wins(m, start, 12)
        engine = [[m.score(h14, t, *sit) for sit in SITUATIONS] for h14, t in wins]
        assert m._win_table(wins, dama).tolist() == [row[:2] for row in engine]
        assert m._win_table(wins, SITUATIONS).tolist() == engine
        assert m.paths["points"] > 0, m.paths
        assert seen.setdefault(seat, engine) == engine
    assert seen["E"] != seen["S"]  # a dealer's self-draw pays more


def test_win_shapes_kept_across_searches_give_the_same_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the page's flow: a hand, then the hand after a discard and a draw (their graphs
    # overlap). The second search reads the shapes of the wins the first one scored
    # (fewer engine calls) and gives the same floats as a search from empty tables
    import mjasp.advice.model as model
    first, after = "1234m067p2358s112z", "1234m067p23568s11z"   # 2z out, 6s in
    options: dict[str, Any] = {"dora_indicators": "1m", "draws": 8, "rules": "mahjongsoul"}
    monkeypatch.setattr(model, "_WIN_SHAPES", {})
    import mjasp.advice.win_loops as win_loops
    calls = {"n": 0}
    # the scoring call of each winning hand (``win_loops.hand_shapes``)
    from mjasp.solvers.scoring_direct import shapes_by_tile

    def counted(*args: Any) -> Any:
        calls["n"] += 1
        return shapes_by_tile(*args)

    monkeypatch.setattr(win_loops, "shapes_by_tile", counted)
    alone = _table(advise(after, **options))
    cold = calls["n"]
    model._WIN_SHAPES.clear()
    advise(first, **options)
    calls["n"] = 0
    assert _table(advise(after, **options)) == alone
    assert 0 <= calls["n"] < cold / 2, (calls["n"], cold)
    # another situation (seat, dora) keeps its own shapes: nothing read across them
    assert len(model._WIN_SHAPES) == 1
    advise(after, **{**options, "seat_wind": "S"})
    assert len(model._WIN_SHAPES) == 2


@pytest.mark.parametrize(("hand", "rules"), [
    ("22335m4558p122s55z", "tenhou"), ("145m33p2223445s44z", "chiitoitsu-quad"),
    ("123456789p1234s5z", "tenhou-3p"), ("119m19p19s1234567z", "tenhou"),
])
def test_effective_tiles_of_every_discard_equal_shanten_kind_by_kind(
        hand: str, rules: str) -> None:
    from mjasp.advice.api import _ukeire, _ukeire_all
    m, start, _ = setup_model(hand, {"rules": rules, "draws": 1})
    hands13 = [sub37(start, t) for t in distinct_tiles(start)]
    batched = _ukeire_all(m, hands13)
    assert batched == [_ukeire(m, h) for h in hands13]
    # the kernel's call per hand (``_dp.ukeire``) and the numpy batch: the same tiles
    assert _ukeire_all(m, hands13, compiled=False) == batched
    # each kind checked by mjasp.shanten under the rules, as a player would count
    for h13, uke in zip(hands13, batched, strict=True):
        counts = list(h13[:34])
        before = mjasp.shanten(counts, rules=rules)
        expected = []
        for k in range(34):
            if counts[k] < 4 and m.unseen[k] > 0:  # type: ignore[index]
                counts[k] += 1
                if mjasp.shanten(counts, rules=rules) < before:
                    expected.append((mjasp.core.tiles.tile_name(k), m.unseen[k]))  # type: ignore[index]
                counts[k] -= 1
        assert list(uke) == expected


def test_chiitoitsu_with_a_quad_counts_the_fourth_copy_as_effective() -> None:
    # 145m33p2223445s44z, 3s out: four pairs (33p 22s 44s 44z), chiitoitsu 2-shanten;
    # the fourth 2s makes 2222s two pairs where a quad counts as two (five pairs:
    # 1-shanten), one pair otherwise (no gain)
    a = advise("145m33p2223445s44z", rules="chiitoitsu-quad", draws=1)
    c = next(c for c in a.candidates if c.discard == "3s")
    assert c.shanten == 2 and ("2s", 1) in c.ukeire
    b = advise("145m33p2223445s44z", rules="tenhou", draws=1)
    assert ("2s", 1) not in next(c for c in b.candidates if c.discard == "3s").ukeire


def test_locked_riichi_values_carried_turn_to_turn_equal_the_loop() -> None:
    import numpy as np

    from mjasp.advice.graph import _Riichi
    p = np.array([0.0, 0.05, 0.123, 1 / 3])
    pts = np.array([[0.0, 0, 0, 0], [700, 1100, 1300, 2000], [3900.5, 4100, 5200, 6000],
                    [1.25, 2.5, 3.75, 5.0]])
    locked = _Riichi(p, pts)
    for d in range(1, 19):
        got = locked.values(d)
        for row in range(len(p)):
            # ``Model.riichi_value``'s loop, written out: win on draw j, haitei on draw d
            ev, reach = 0.0, 1.0
            for j in range(1, d + 1):
                ev += reach * float(pts[row, 2 * (j == 1) + (j == d)])
                reach *= 1.0 - float(p[row])
            ev -= 1000 * reach
            assert (got[0][row], got[1][row], got[2][row]) == (1.0, 1.0 - reach, ev)


def test_the_compiled_whole_loop_rejects_inconsistent_arrays() -> None:
    import numpy as np

    import mjasp.advice.graph as graph
    if graph._dp is None:
        pytest.skip("the optional compiled loop is not built (or MJASP_PURE_PYTHON is set)")
    v = np.ones(2)
    none_i, none_f = np.zeros(0, np.int64), np.zeros(0)
    tie = (graph.TIE_REL, graph.TIE_ABS)    # the policy's tolerance for ties

    def run(rows: Any, dama_size: int) -> None:
        assert graph._dp is not None
        graph._dp.run(v, v, v, v, v, v, v, none_i, np.zeros(1, np.int64), none_i, none_f,
                      none_f, rows, np.zeros(len(rows)), np.zeros(4 * len(rows)), False,
                      np.zeros(dama_size), np.zeros(3 * 3 * len(rows)), *tie)

    run(np.array([1], np.int64), 3 * 3 * 2)                    # consistent: two draws
    with pytest.raises(ValueError, match="inconsistent graph arrays"):
        run(np.array([2], np.int64), 3 * 3 * 2)                # a riichi row past the nodes
    with pytest.raises(ValueError, match="inconsistent graph arrays"):
        run(np.array([1], np.int64), 3 * 3 * 2 + 1)            # not (draws + 1) x 3 x n
    with pytest.raises(ValueError, match="inconsistent graph arrays"):
        # a group whose one option (5) points past the two nodes
        graph._dp.run(v, v, v, v, v, v, v, np.array([5], np.int64),
                      np.array([0, 1], np.int64), np.array([0], np.int64), np.ones(1),
                      np.ones(1), none_i, none_f, none_f, False, np.zeros(3 * 2), none_f, *tie)
    with pytest.raises(ValueError, match="inconsistent graph arrays"):
        # a group whose last-draw copies are missing
        graph._dp.run(v, v, v, v, v, v, v, np.array([0], np.int64),
                      np.array([0, 1], np.int64), np.array([0], np.int64), np.ones(1),
                      none_f, none_i, none_f, none_f, False, np.zeros(3 * 2), none_f, *tie)
    with pytest.raises(TypeError, match="float64"):
        graph._dp.run(v.astype(np.int64), v, v, v, v, v, v, none_i, np.zeros(1, np.int64),
                      none_i, none_f, none_f, none_i, none_f, none_f, False, np.zeros(3 * 2),
                      none_f, *tie)


def test_the_compiled_builder_rejects_bad_arguments_and_passes_errors_on() -> None:
    if graph._dp is None:
        pytest.skip("the optional compiled builder is not built (or MJASP_PURE_PYTHON is set)")
    m, start, _ = setup_model("123456789m1234p5z", {})
    hand = sub37(start, distinct_tiles(start)[-1])
    unseen = bytes(m.unseen or b"")

    def shanten(rows: bytes) -> bytes:
        return bytes(len(rows) // 34)  # every hand "tenpai": a graph, though not the model's

    def build(*args: Any) -> Any:
        assert graph._dp is not None
        return graph._dp.build(*args)

    assert len(build(m.start, unseen, 1, hand, shanten, None)) == 13
    for bad in [(m.start[:36], unseen, 1, hand, shanten, None),       # not 37 counts
                (m.start, unseen, 1, hand + b"\0", shanten, None),   # a hand cut short
                (m.start, unseen, -1, hand, shanten, None),           # a negative limit
                (m.start, bytes([8] * 37), 1, hand, shanten, None),   # counts past 7
                (m.start, unseen, 1, b"", shanten, None),             # no hand
                (m.start, unseen, 1, hand, None, None)]:              # no shanten to call
        with pytest.raises(ValueError, match="bad arguments"):
            build(*bad)
    with pytest.raises(ValueError, match="wrong number of values"):
        build(m.start, unseen, 1, hand, lambda rows: b"\0", None)
    with pytest.raises(ValueError, match=r"outside -1\.\.13"):
        build(m.start, unseen, 1, hand, lambda rows: bytes([100] * (len(rows) // 34)), None)

    def stop(nodes: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):  # the caller's errors come back as they are
        build(m.start, unseen, 1, hand, shanten, stop)


def _wall(start: str, **copies: int) -> bytes:
    """37 counts of the wall left by ``start`` under Tenhou's set (four of each kind, one
    red five a suit), with the counts ``copies`` by mpsz name (``k5m`` every 5m, ``k0m``
    the red 5m among them)."""
    wall = list(default_unseen(parse37(start), mjasp.RULES["tenhou"]))
    for name, n in copies.items():
        wall[34 + "mps".index(name[2]) if name[1] == "0" else parse37(name[1:]).index(1)] = n
    return bytes(wall)


@pytest.mark.parametrize(("start", "copies", "words"), [
    # hand-worked: the hand holds one 1m, so the wall has three 1m left at most
    ("123456789m1234p", {"k1m": 3}, None),
    ("123456789m1234p", {"k1m": 4}, "5 copies of 1m"),
    # the wall's red 5m is one of its 5m copies: none of them left leaves it none
    ("123456789m1234p", {"k5m": 1, "k0m": 1}, None),
    ("123456789m1234p", {"k5m": 0, "k0m": 1}, "red 5m"),
    # red 5m held and in the wall: at most two a suit (``MAX_RED_FIVES``, the most any set
    # has), so one and one fit, two and one do not
    ("1234067899m123p", {"k5m": 2, "k0m": 1}, None),
    ("123400678m1234p", {"k5m": 2, "k0m": 0}, None),
    ("123400678m1234p", {"k5m": 2, "k0m": 1}, "red 5m"),
], ids=str)
def test_the_model_refuses_a_wall_that_does_not_fit_the_hand(
        start: str, copies: dict[str, int], words: str | None) -> None:
    # the model builds its hands unchecked (``trusted_hand``): it checks the hand and the
    # wall together once, so that every hand it reaches is a legal Hand
    unseen = _wall(start, **copies)
    if words is None:
        Model(parse37(start), draws=1, unseen=unseen, riichi="never")
    else:
        with pytest.raises(HandError, match=words):
            Model(parse37(start), draws=1, unseen=unseen, riichi="never")
