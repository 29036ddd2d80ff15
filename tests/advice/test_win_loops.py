"""The ura outcomes' loops (``mjasp.advice.win_loops``) against a brute force: every ordered
draw of distinct tiles from the wall, each equally likely, its ura han the held copies of
the kinds the indicators point at, the chances summed exactly (fractions)."""

from __future__ import annotations

import importlib.util
import random
from collections import defaultdict
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import numpy as np
import pytest

from mjasp.advice import win_loops
from mjasp.advice import win_loops as ura
from mjasp.advice.tiles37 import FIVES, held_beyond, kind37, parse37

ROOT = Path(__file__).resolve().parents[2]


def brute(wall: list[int], held: list[int], points_at: list[int], uras: int
          ) -> dict[int, Fraction]:
    tiles = [k for k in range(34) for _ in range(wall[k])]
    ways: dict[int, int] = defaultdict(int)
    total = 0
    for draw in permutations(range(len(tiles)), uras):
        ways[sum(held[points_at[tiles[t]]] for t in draw)] += 1
        total += 1
    return {han: Fraction(n, total) for han, n in ways.items()}


def run(module: object, walls: np.ndarray, helds: np.ndarray, points_at: np.ndarray,
        uras: int) -> tuple[np.ndarray, np.ndarray]:
    width = ura.width(uras)
    q = np.empty((len(walls), width))
    han = np.empty((len(walls), width), dtype=np.int64)
    module.outcomes(walls, helds, points_at, uras, q, han)  # type: ignore[attr-defined]
    return q, han


def random_case(rng: random.Random) -> tuple[list[int], list[int]]:
    held = [0] * 34
    for k in rng.sample(range(34), 5):
        held[k] = rng.randint(1, 4)
    wall = [0] * 34
    for k in rng.sample(range(34), rng.randint(2, 5)):
        wall[k] = rng.randint(1, 3)
    return wall, held


@pytest.mark.parametrize("uras", [1, 2, 3])
def test_each_hands_outcomes_are_the_exact_chances_by_ura_han(uras: int) -> None:
    rng = random.Random(uras)
    points_at = [(k + 1) % 34 for k in range(34)]  # a plain successor: the han are arbitrary
    cases = [random_case(rng) for _ in range(6)]
    walls = np.array([w for w, _ in cases], dtype=np.int64)
    helds = np.array([h for _, h in cases], dtype=np.int64)
    q, han = run(ura, walls, helds, np.array(points_at, dtype=np.int64), uras)
    for i, (wall, held) in enumerate(cases):
        got: dict[int, float] = defaultdict(float)
        for k in range(ura.width(uras)):
            if q[i, k] > 0:
                got[int(han[i, k])] += float(q[i, k])
        want = brute(wall, held, points_at, uras)
        assert set(got) == set(want)
        for n, chance in want.items():
            assert got[n] == pytest.approx(float(chance), rel=1e-12)


def test_a_group_comes_in_the_order_of_its_first_kind_with_chance_zero_after() -> None:
    # 1m ×2 points at 2m (3 held: 3 han), 3m ×1 at 4m (none held: 0 han)
    wall = np.zeros((1, 34), dtype=np.int64)
    wall[0, 0], wall[0, 2] = 2, 1
    held = np.zeros((1, 34), dtype=np.int64)
    held[0, 1] = 3
    q, han = run(ura, wall, held, np.arange(1, 35, dtype=np.int64) % 34, 1)
    assert q[0].tolist() == [2 / 3, 1 / 3, 0.0, 0.0, 0.0]
    assert han[0].tolist() == [3, 0, 1, 2, 4]  # then the groups without a kind, by han


def test_the_compiled_loops_answer_as_the_py_to_the_bit() -> None:
    spec = importlib.util.spec_from_file_location("ura_source", ROOT / "mjasp/advice/win_loops.py")
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    rng = random.Random(7)
    cases = [random_case(rng) for _ in range(20)]
    walls = np.array([w for w, _ in cases], dtype=np.int64)
    helds = np.array([h for _, h in cases], dtype=np.int64)
    points_at = np.array([(k + 9) % 34 for k in range(34)], dtype=np.int64)
    for uras in (1, 2, 3, 4):
        a, b = run(ura, walls, helds, points_at, uras), run(source, walls, helds, points_at,
                                                            uras)
        assert a[0].tobytes() == b[0].tobytes()  # the float64 chances equal to the bit
        assert np.array_equal(a[1], b[1])
        # the points of rows over these outcomes: 3 shapes of span 8, 5 situations
        span = 8
        by = np.array([rng.randrange(0, 40000, 100) for _ in range(3 * 2 * span)],
                      dtype=np.int64)
        rows = np.array(rng.sample(range(30), 12), dtype=np.int64)
        base = np.array([rng.randrange(3) * 2 * span + rng.randrange(2)
                         for _ in rows], dtype=np.int64)
        added = np.array([0, 1, 1, 2, 3], dtype=np.int64)
        riichi = np.array([0, 0, 1, 1, 1], dtype=np.int64)
        ura_at = np.array([rng.randrange(len(cases)) for _ in rows], dtype=np.int64)
        outs = []
        for module in (win_loops, source):
            out = np.zeros((30, 5))
            module.outcomes(walls, helds, points_at, uras, a[0], a[1])
            module.points(out, rows, base, by, added, riichi, a[0],
                          np.minimum(a[1], span - 5), ura_at, span)
            outs.append(out.tobytes())
        assert outs[0] == outs[1]


def test_red_sets_are_the_wins_alike_but_for_red_fives_each_led_by_its_fewest() -> None:
    # a brute force over pairs: alike when the kind counts and the winning kind agree; the
    # leader of each set is its win with the fewest red fives, the first of those
    rng = random.Random(3)
    kinds = [kind37(t) for t in range(37)]
    base = parse37("123455m455p55s777z")
    wins = []
    for _ in range(40):
        counts = bytearray(base)
        for suit in range(3):
            counts[34 + suit] = rng.randint(0, 1)  # a red five or not, of the suit's fives
        tile = rng.choice([4, 13, 22, 34, 35, 36, 0, 31])
        wins.append((bytes(counts), tile))
    found = win_loops.red_sets(wins, kinds)
    assert found is not None
    first, variants = found
    reds = [sum(h[34:]) for h, _ in wins]
    leader = []
    for h, t in wins:
        alike = [i for i, (g, u) in enumerate(wins) if g[:34] == h[:34] and kinds[u] == kinds[t]]
        leader.append(min(alike, key=lambda i: (reds[i], i)))
    assert first == sorted(set(leader))
    assert variants == [(j, leader[j], reds[j] - reds[leader[j]])
                        for j in range(len(wins)) if leader[j] != j]
    # no red five, or every win alone in its set: nothing to share
    assert win_loops.red_sets([(base, 4), (base, 13)], kinds) is None
    assert win_loops.red_sets([(parse37("123405m455p55s777z"), 4)], kinds) is None


def test_red_sets_are_found_per_run_of_wins_with_the_same_counts() -> None:
    # a brute force over runs: wins alike (the same kind counts and winning kind) share a
    # set only within a run of adjacent wins with the same kind counts (``solve``'s sorted
    # wins: a set is one run); a set split by other wins is one set per run
    rng = random.Random(5)
    kinds = [kind37(t) for t in range(37)]
    bases = [parse37("123455m455p55s777z"), parse37("123455m456p55s777z")]
    for _ in range(20):
        wins = []
        for _ in range(30):
            counts = bytearray(rng.choice(bases))
            for suit in range(3):
                counts[34 + suit] = rng.randint(0, 1)
            wins.append((bytes(counts), rng.choice([4, 13, 22, 34, 35, 36, 0, 31])))
        if rng.random() < 0.5:
            wins.sort()  # the order solve gives: each set one run
        run = [0] * len(wins)
        for i in range(1, len(wins)):
            run[i] = run[i - 1] + (wins[i][0][:34] != wins[i - 1][0][:34])
        reds = [sum(h[34:]) for h, _ in wins]
        leader = [min((i for i, (_, u) in enumerate(wins)
                       if run[i] == run[j] and kinds[u] == kinds[t]),
                      key=lambda i: (reds[i], i)) for j, (_, t) in enumerate(wins)]
        variants = [(j, leader[j], reds[j] - reds[leader[j]])
                    for j in range(len(wins)) if leader[j] != j]
        found = win_loops.red_sets(wins, kinds)
        if not variants or not any(reds):
            assert found is None
        else:
            assert found == (sorted(set(leader)), variants)


def test_extended_is_the_best_points_per_han_added_compiled_as_the_py() -> None:
    """``extended`` (``Model._extended``'s loop) against the rule written out: per han added
    the greatest points of the candidates (of those with a reading, in the second list),
    0 when none counts; the build and the ``.py`` alike, extending a table as a whole one."""
    spec = importlib.util.spec_from_file_location("ext_source", ROOT / "mjasp/advice/win_loops.py")
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    rng = random.Random(5)

    def points(han: int, fu: int) -> int:  # any table: not monotone in han on purpose
        return (han * 37 + fu * 11) % 101

    for _ in range(300):
        shape = tuple((rng.randint(1, 6), rng.choice([20, 25, 30, 40, 110]),
                       rng.random() < 0.6) for _ in range(rng.randint(1, 4)))
        added = rng.randint(0, 8)
        want = ([max((points(h + n, f) for h, f, _ in shape), default=0) for n in
                 range(added + 1)],
                [max((points(h + n, f) for h, f, r in shape if r), default=0) for n in
                 range(added + 1)])
        for module in (win_loops, source):
            memo: dict[tuple[int, int], int] = {}
            assert module.extended(shape, None, added, memo, points) == want
            part = module.extended(shape, None, added // 2, {}, points)
            kept = (list(part[0]), list(part[1]))
            assert module.extended(shape, part, added, memo, points) == want
            assert part == kept  # the table given is not changed


def test_walls_are_the_unseen_tiles_less_held_beyond_compiled_as_the_py() -> None:
    """``walls`` (``Model._ura_arrays``' loop) against its statement in numpy: the unseen
    34 counts less ``held_beyond`` of each hand, at least 0; compiled and .py alike."""
    spec = importlib.util.spec_from_file_location("walls_source",
                                                  ROOT / "mjasp/advice/win_loops.py")
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    rng = random.Random(11)

    def counts37() -> bytes:
        c = bytearray(37)
        for k in range(34):
            c[k] = rng.choice((0, 0, 0, 1, 2, 3, 4))
        for f, k in enumerate(FIVES):
            c[34 + f] = rng.randint(0, min(1, c[k]))
        return bytes(c)

    for _ in range(30):
        start, unseen = counts37(), counts37()
        hands = [counts37() for _ in range(rng.randint(1, 6))]
        rows = np.array([list(h) for h in hands], dtype=np.int64)
        expected = np.maximum(np.frombuffer(unseen, dtype=np.uint8)[:34]
                              - held_beyond(rows, np.array(list(start), dtype=np.int64))[:, :34],
                              0)
        for module in (win_loops, source):
            wall = np.empty((len(hands), 34), dtype=np.int64)
            held = np.empty((len(hands), 34), dtype=np.int64)
            module.walls(b"".join(hands), start, unseen, wall, held)
            assert wall.tolist() == expected.tolist()
            assert held.tolist() == rows[:, :34].tolist()
