"""The engines that keep one solver program per process answer from several threads.

The ASP engines ground a program once per rule set (``shared_program``) and the CP-SAT
engine builds its models once (``standard_model``...); each solve sets that program's
inputs in place. Asked from threads at once (a server's threads, a notebook's pool), two
solves of one program must not meet: clingo refuses the second ("Program updates not
supported!"), and CP-SAT solves another thread's bounds or aborts the process. Each
answer here is compared with another engine's, asked from one thread (the table
engine's shanten, the direct scoring engine, the default reader's readings).
"""

from __future__ import annotations

import concurrent.futures
import random
import subprocess
import sys

import pytest

import mjasp


def _hands(seed: int, n: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        counts = [0] * 34
        for t in rng.sample([k for k in range(34) for _ in range(4)], 13):
            counts[t] += 1
        out.append(counts)
    return out


def _complete(seed: int, n: int) -> list[mjasp.Hand]:
    """Seeded complete closed hands: four sets and a pair, at most four of a kind."""
    rng = random.Random(seed)
    out: list[mjasp.Hand] = []
    while len(out) < n:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                k = rng.choice([s * 9 + i for s in range(3) for i in range(7)])
                for j in range(3):
                    counts[k + j] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            out.append(mjasp.Hand.from_counts(counts))
    return out


CPSAT_SCRIPT = """
import concurrent.futures, json, sys
import mjasp
hands = json.loads(sys.stdin.read())
with concurrent.futures.ThreadPoolExecutor(4) as pool:
    got = list(pool.map(lambda c: mjasp.shanten(c, solver="cpsat"), hands))
print(json.dumps(got))
"""


def test_cpsat_shanten_from_threads() -> None:
    pytest.importorskip("ortools")
    import json

    hands = _hands(41, 120)
    want = [mjasp.shanten(c, solver="table") for c in hands]
    # in a child: a solve of a model another thread edits may abort the whole process
    run = subprocess.run([sys.executable, "-c", CPSAT_SCRIPT], input=json.dumps(hands),
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-500:]
    assert json.loads(run.stdout) == want


def test_asp_scores_from_threads() -> None:
    pytest.importorskip("clingo")
    wins = []
    rng = random.Random(7)
    for hand in _complete(3, 60):
        kinds = [k for k in range(34) if hand.counts[k]]
        tile = mjasp.tile_name(rng.choice(kinds))
        wins.append((hand, mjasp.Win(tile, tsumo=rng.random() < 0.5,
                                     riichi=rng.choice((0, 1)), dora_indicators=("1m",))))

    def asp(pair: tuple[mjasp.Hand, mjasp.Win]) -> tuple[int, int, int] | str:
        try:
            s = mjasp.score(*pair, solver="asp")
        except mjasp.MjaspError as error:
            return type(error).__name__
        return s.points, s.han, s.fu

    def direct(pair: tuple[mjasp.Hand, mjasp.Win]) -> tuple[int, int, int] | str:
        try:
            s = mjasp.score(*pair)
        except mjasp.MjaspError as error:
            return type(error).__name__
        return s.points, s.han, s.fu

    want = [direct(p) for p in wins]
    assert sum(isinstance(w, tuple) for w in want) > 30  # mostly wins that score
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        assert list(pool.map(asp, wins)) == want


def test_asp_readings_from_threads() -> None:
    pytest.importorskip("clingo")
    hands = _complete(5, 80)
    want = [mjasp.decompose(h) for h in hands]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        assert list(pool.map(lambda h: mjasp.decompose(h, solver="asp"), hands)) == want
