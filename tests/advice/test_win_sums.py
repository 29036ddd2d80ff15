"""``_dp.win_sums``, ``Model.solve``'s per-node sums of the winning draws in one compiled
call: checked against a brute force written here from the definition (per node, its rows
in order from 0.0: copies, copies not late, copies x points of situations 0 and 1; at a
tenpai node with a winning row where riichi may be declared, the chance and the riichi
situations' points per copy over the wall's total), and ``advise`` gives the same floats
with it as with numpy's bincounts (``Model._win_sums``, the path without ``_dp``)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from mjasp.advice import advise, graph
from mjasp.advice.model import Model

needs_dp = pytest.mark.skipif(graph._dp is None, reason="_dp is not compiled")


def brute(node: list[int], copies: list[int], late: list[int] | None, inverse: list[int],
          table: list[list[float]], shanten: list[int], total: list[int],
          may_riichi: bool) -> tuple[list[list[float]], list[bool], list[list[float]]]:
    n = len(shanten)
    n_last, n_on, ev, ev_last = [0.0] * n, [0.0] * n, [0.0] * n, [0.0] * n
    pts = [[0.0] * 4 for _ in range(n)]
    has = [False] * n
    for i, j in enumerate(node):
        c = float(copies[i])
        row = table[inverse[i]]
        n_last[j] += c
        if late is None or late[i] == 0:
            n_on[j] += c
        else:
            n_on[j] += 0.0
        ev[j] += c * row[0]
        ev_last[j] += c * row[1]
        has[j] = True
        for k in range(4):
            if may_riichi:
                pts[j][k] += c * row[2 + k]
    riichi = [may_riichi and has[j] and shanten[j] == 0 for j in range(n)]
    p = [n_on[j] / total[j] if riichi[j] else 0.0 for j in range(n)]
    pts = [[x / total[j] for x in pts[j]] if riichi[j] else [0.0] * 4 for j in range(n)]
    return [n_last, n_on, ev, ev_last, p], riichi, pts


def call(node: list[int], copies: list[int], late: list[int] | None, inverse: list[int],
         table: list[list[float]], sits: int, shanten: list[int], total: list[int],
         may_riichi: bool) -> tuple[list[list[float]], list[bool], list[list[float]]]:
    assert graph._dp is not None
    n = len(shanten)
    sums, riichi, pts = np.empty((5, n)), np.empty(n, dtype=np.bool_), np.empty((n, 4))
    ints = [np.array(x, dtype=np.int64) for x in (node, copies, inverse, shanten, total)]
    graph._dp.win_sums(ints[0], ints[1], None if late is None else
                       np.array(late, dtype=np.int64), ints[2],
                       np.array(table, dtype=np.float64).reshape(-1), sits, ints[3], ints[4],
                       may_riichi, sums.reshape(-1), riichi, pts.reshape(-1))
    return sums.tolist(), riichi.tolist(), pts.tolist()


@needs_dp
@pytest.mark.parametrize("seed", range(40))
def test_win_sums_against_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    may_riichi = rng.random() < 0.7
    sits = 6 if may_riichi else 2
    n = rng.randrange(1, 12)
    nd = rng.randrange(1, 6)
    nw = rng.randrange(0, 30)
    node = sorted(rng.randrange(n) for _ in range(nw))
    copies = [rng.randrange(1, 5) for _ in range(nw)]
    late = None if rng.random() < 0.5 else [int(rng.random() < 0.3) for _ in range(nw)]
    inverse = [rng.randrange(nd) for _ in range(nw)]
    table = [[rng.choice([0.0, 1000.0, 2600.0 / 3, rng.uniform(0, 40000)])
              for _ in range(sits)] for _ in range(nd)]
    shanten = [rng.choice([0, 0, 1]) for _ in range(n)]
    total = [rng.randrange(20, 120) for _ in range(n)]
    got = call(node, copies, late, inverse, table, sits, shanten, total, may_riichi)
    assert got == brute(node, copies, late, inverse, table, shanten, total, may_riichi)


@needs_dp
def test_win_sums_refuses_bad_lengths_and_indices() -> None:
    with pytest.raises(ValueError, match="win_sums"):
        call([0], [1], None, [3], [[1.0, 2.0]], 2, [0], [10], False)  # no distinct row 3
    with pytest.raises(ValueError, match="win_sums"):
        call([2], [1], None, [0], [[1.0, 2.0]], 2, [0], [10], False)  # no node 2
    with pytest.raises(ValueError, match="win_sums"):
        call([0], [1], None, [0], [[1.0, 2.0]], 2, [0], [10], True)   # riichi: 6 columns


@needs_dp
@pytest.mark.parametrize("hand, options", [
    ("23406m456p11s777z", {"draws": 6, "dora_indicators": "4m"}),
    ("1256m34788p2378s5z", {"draws": 5, "dora_indicators": "1z", "riichi": "always"}),
    ("123456789m1234p5z", {"draws": 8, "riichi": "never"}),
    ("2368m456p77s1z [789s]", {"draws": 6}),
    ("234567m3455p678s", {"draws": 17, "dora_indicators": "4p"}),
])
def test_advise_same_floats_without_win_sums(hand: str, options: dict[str, Any],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    with_c = advise(hand, **options).to_json()
    assert graph._dp is not None
    real = graph._dp
    used: list[str] = []

    class NoWinSums:
        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        def win_sums(self, node: Any, copies: Any, late: Any, inverse: Any, table: Any,
                     sits: int, shanten: Any, total: Any, may_riichi: bool, sums: Any,
                     riichi: Any, pts: Any) -> None:
            used.append("numpy")

            class B:
                pass
            b = B()
            b.win_node, b.win_n, b.win_late = node, copies, late  # type: ignore[attr-defined]
            got = Model._win_sums(b, len(shanten), table.reshape(-1, sits), inverse,
                                  shanten == 0, total.astype(np.float64), may_riichi)
            n = len(shanten)
            for k, x in enumerate((got[0], got[1], got[2], got[3], got[5])):
                sums[k * n:(k + 1) * n] = x
            riichi[:] = got[4]
            pts[:] = got[6].reshape(-1)

    monkeypatch.setattr(graph, "_dp", NoWinSums())
    without = advise(hand, **options).to_json()
    assert used
    assert with_c == without
