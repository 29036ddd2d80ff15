"""Every public entry point asked from eight threads at once, from its very first call.

Each entry point builds what it needs on first use (the shanten and readings tables, the
compiled kernel's tables, the scoring tables, the advice's shared tables, the ASP
programs and CP-SAT models, the page's caches) and keeps it in a module global, a dict or
a cache. Here a fresh process starts eight threads that wait at a barrier, then all ask
the same entry point, so every thread meets those set-ups while another builds them: no
thread may raise, and each answer must equal the answer of the same calls made one at a
time in this process (after the set-ups are done). The processes are fresh each time: a
set-up runs once per process.

The same script was run 20 times per entry point (and with ``MJASP_PURE_PYTHON=1``) while
auditing, without a failure; here each runs twice.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import mjasp
from tests.solvers.test_audit41_engine_threads import _hands  # seeded 13-tile counts

ROOT = Path(__file__).resolve().parent.parent
THREADS = 8
RUNS = 2


WINS = [("123m456p789s11122z", "2z"), ("22334455m66778p8p", "8p"),
        ("19m19p19s1234567z1m", "1m"), ("05m678p678s234p777z", "7z"),
        ("11223344556677s", "7s")]
ADVISED = ["123m456p789s1123z", "2345m456p78s1123z", "13579m2468p13s12z"]


def _shanten(solver: str, n: int) -> Callable[[int], Any]:
    return lambda k: [mjasp.shanten(c, solver=solver) for c in _hands(k, n)]


def _decompose(solver: str | None) -> Callable[[int], Any]:
    return lambda k: [[str(d) for d in mjasp.decompose(h, solver=solver)]
                      for h, _ in WINS[k:] + WINS[:k]]


def _waits(k: int) -> Any:
    return [[str(w) for w in mjasp.waits(c)] for c in _hands(k, 20)]


def _score(solver: str) -> Callable[[int], Any]:
    def run(k: int) -> Any:
        out = []
        for hand, tile in WINS:
            win = mjasp.Win(tile=tile, tsumo=bool(k % 2), seat_wind="E", round_wind="E",
                            riichi=1)
            s = mjasp.score(hand, win, solver=solver)
            out.append([s.han, s.fu, s.points, [str(item) for item in s.yaku]])
        return out
    return run


def _advise(model: str) -> Callable[[int], Any]:
    def run(k: int) -> Any:
        out = []
        for hand in ADVISED[k:] + ADVISED[:k]:
            advice = mjasp.advise(hand, dora_indicators=("1m",), model=model)
            out.append(sorted([str(c.discard), c.shanten, repr(c.ukeire),
                               repr(c.expected_points), repr(c.win_prob)]
                              for c in advice.candidates))
        return out
    return run


def _count(k: int) -> Any:
    return [mjasp.count_hands(m) for m in (2, 5, 8)[k:]] + [mjasp.count_hands(5, True)]


def _web(k: int) -> Any:
    from mjasp.web import create_app
    from tests.web.apikit import TestClient  # (imported there without httpx's warning)

    out = []
    asked = [("shanten", "123m456p789s1112z"), ("decompose", "123m456p789s11122z"),
             ("waits", "123m456p789s1112z"), ("score", "123m456p789s11122z&win=2z"),
             ("advise", "123m456p789s1123z")]
    with TestClient(create_app()) as client:
        for command, query in asked[k:] + asked[:k]:
            response = client.get(f"/api/{command}?q={query}")
            out.append([response.status_code, response.json()])
    return out


#: entry point -> (what it needs installed, the calls of thread i given k = i % 3)
JOBS: dict[str, tuple[str | None, Callable[[int], Any]]] = {
    "shanten table": (None, _shanten("table", 40)),
    "shanten cpsat": ("ortools", _shanten("cpsat", 4)),
    "shanten brute": (None, _shanten("brute", 4)),
    "decompose": (None, _decompose(None)),
    "decompose asp": ("clingo", _decompose("asp")),
    "waits": (None, _waits),
    "score direct": (None, _score("direct")),
    "score asp": ("clingo", _score("asp")),
    "advise mjasp": (None, _advise("mjasp")),
    "advise mahjong-cpp": (None, _advise("mahjong-cpp")),
    "count_hands": (None, _count),
    "web api": ("starlette", _web),
}


#: eight entry points, one per thread: one thread's set-up (numpy or OR-Tools imported,
#: a table loaded) meets another entry point's first call
MIXED = ["shanten cpsat", "advise mjasp", "score direct", "waits", "decompose",
         "shanten table", "advise mahjong-cpp", "count_hands"]


def _mixed(i: int) -> Any:
    return JOBS[MIXED[i]][1](0)


def main(name: str) -> None:
    """In a fresh process: ``THREADS`` threads ask ``name`` at once (with ``mixed``, each
    its own entry point of :data:`MIXED`); their answers (JSON)."""
    barrier = threading.Barrier(THREADS)
    answers: list[Any] = [None] * THREADS
    errors: list[BaseException] = []

    def ask(i: int) -> None:
        barrier.wait()
        try:
            answers[i] = _mixed(i) if name == "mixed" else JOBS[name][1](i % 3)
        except BaseException as error:  # reported by the parent with its traceback
            errors.append(error)
            raise

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise SystemExit(f"{len(errors)} threads raised: {errors[0]!r}")
    print(json.dumps(answers))


SCRIPT = "import sys; from tests.test_audit43_threads import main; main(sys.argv[1])"


def _threads_agree(name: str, want: list[Any]) -> None:
    """``RUNS`` fresh processes of ``main(name)``: thread i answers ``want[i]``."""
    for _ in range(RUNS):
        done = subprocess.run([sys.executable, "-c", SCRIPT, name], cwd=ROOT,
                              capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        got = json.loads(done.stdout)
        assert [i for i in range(THREADS) if got[i] != want[i]] == []


@pytest.mark.slow
@pytest.mark.parametrize("name", list(JOBS))
def test_an_entry_point_from_eight_threads_at_once(name: str) -> None:
    needs, run = JOBS[name]
    if needs is not None:
        pytest.importorskip(needs)
    # one thread at a time, in this process: the answers each thread must give
    one_by_one = [run(k) for k in range(3)]
    _threads_agree(name, json.loads(json.dumps([one_by_one[i % 3] for i in range(THREADS)])))


@pytest.mark.slow
def test_eight_entry_points_from_eight_threads_at_once() -> None:
    pytest.importorskip("ortools")
    _threads_agree("mixed", json.loads(json.dumps([_mixed(i) for i in range(THREADS)])))
