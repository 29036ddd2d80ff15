"""The worker processes of ``mjasp serve`` (``advise``): a job's value or its error comes
back, a job past its time limit is stopped and its worker replaced, every worker is busy
means a wait within the same limit."""

from __future__ import annotations

import gc
import operator
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mjasp.core.errors import HandError, LimitError
from mjasp.web import workers as web_workers
from mjasp.web.workers import Workers


def _raise_hand_error(text: str) -> None:
    raise HandError("not a hand", text, 0)


@pytest.fixture(scope="module")
def workers() -> Iterator[Workers]:
    with Workers(1) as pool:
        yield pool


_KEPT: list[object] = []


def _keep_many(n: int) -> int:
    """Make ``n`` containers that stay alive (the collector's young count grows by n)."""
    _KEPT.extend([] for _ in range(n))
    return gc.get_count()[0]


def _young_count() -> int:
    return gc.get_count()[0]


def test_the_cyclic_collector_waits_for_the_jobs_end(workers: Workers) -> None:
    # off during a job: 10,000 new containers and no collection (the count keeps them all)
    assert workers.run(gc.isenabled, (), time_limit=30) is False
    assert workers.run(_keep_many, (10_000,), time_limit=30) >= 10_000
    # on again between jobs: receiving the next job allocates, past the threshold a
    # collection runs and the young count starts again
    assert workers.run(_young_count, (), time_limit=30) < 10_000


def test_a_job_runs_in_another_process(workers: Workers) -> None:
    assert workers.run(operator.add, (2, 3), time_limit=30) == 5
    assert workers.run(os.getpid, (), time_limit=30) != os.getpid()


def test_the_worker_is_kept_between_jobs(workers: Workers) -> None:
    first = workers.run(os.getpid, (), time_limit=30)
    assert workers.run(os.getpid, (), time_limit=30) == first


def test_an_error_of_the_job_comes_back(workers: Workers) -> None:
    with pytest.raises(HandError, match="not a hand"):
        workers.run(_raise_hand_error, ("x",), time_limit=30)
    assert workers.run(operator.mul, (6, 7), time_limit=30) == 42  # the worker lives on


def test_a_job_past_the_limit_is_stopped_and_its_worker_replaced(workers: Workers) -> None:
    before = workers.run(os.getpid, (), time_limit=30)
    start = time.monotonic()
    with pytest.raises(LimitError, match=r"time limit of 0\.5 s"):
        workers.run(time.sleep, (60,), time_limit=0.5)
    assert time.monotonic() - start < 10  # not the job's 60 s
    after = workers.run(os.getpid, (), time_limit=30)
    assert after != before
    with pytest.raises(ProcessLookupError):
        os.kill(before, 0)  # the stopped worker is gone, not left running


def test_a_busy_pool_waits_within_the_limit(tmp_path: Path) -> None:
    import threading

    gate = tmp_path / "gate"
    with Workers(1) as pool:
        pool.run(operator.add, (1, 1), time_limit=30)  # started
        busy = threading.Thread(target=lambda: pool.run(_wait_for, (gate,), time_limit=60))
        busy.start()
        _busy(pool)
        with pytest.raises(LimitError, match="free worker"):
            pool.run(operator.add, (1, 1), time_limit=0.2)
        gate.touch()
        busy.join()
        assert pool.run(operator.add, (1, 1), time_limit=30) == 2


def _start_sleeper() -> int:
    """A job that leaves a child of its own running (as ``advise --explain`` forks one)."""
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"]).pid


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state == "Z"  # killed, not yet reaped by whoever adopted it


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_stopping_a_worker_stops_the_children_it_forked() -> None:
    with Workers(1) as pool:
        sleeper = pool.run(_start_sleeper, (), time_limit=30)
        assert not _gone(sleeper)
        with pytest.raises(LimitError):
            pool.run(time.sleep, (60,), time_limit=0.3)
        deadline = time.monotonic() + 10
        while not _gone(sleeper) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _gone(sleeper)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_server_that_exits_without_closing_its_workers_still_exits(tmp_path: Path) -> None:
    # the workers are not daemons (a job may fork): the exit handler must stop them
    script = ("import os\nfrom mjasp.web.workers import Workers\n"
              "if __name__ == '__main__':\n"
              "    print(Workers(1).run(os.getpid, (), time_limit=60), flush=True)\n")
    (tmp_path / "server.py").write_text(script)
    run = subprocess.run([sys.executable, "server.py"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    worker = int(run.stdout)
    deadline = time.monotonic() + 10
    while Path(f"/proc/{worker}").exists() and not _gone(worker):
        assert time.monotonic() < deadline, "the worker outlived its server"
        time.sleep(0.05)


def _sleep_and_say(seconds: float, name: str) -> tuple[str, float]:
    """A job: sleep, then its name and when it ended (this machine's monotonic clock,
    the same in every process of it)."""
    time.sleep(seconds)
    return name, time.monotonic()


def _wait_for(gate: Path) -> str:
    """A job that runs until the test writes ``gate`` (a minute at most): a worker kept
    busy for as long as the test needs, whatever the machine's load."""
    deadline = time.monotonic() + 60
    while not gate.exists():
        if time.monotonic() > deadline:
            return "never released"
        time.sleep(0.005)
    return "released"


def _busy(pool: Workers) -> None:
    """Return once every worker has taken a job and none is queued (the feeders are
    out of the idle list only while their worker runs a job)."""
    deadline = time.monotonic() + 60
    while True:
        with pool.lock:
            if pool.feeders and not pool.idle and not pool.jobs:
                return
        assert time.monotonic() < deadline, "no worker took the job within a minute"
        time.sleep(0.005)


def _started_at(name: str) -> tuple[str, float]:
    return name, time.monotonic()


def _ask_in_thread(pool: Workers, results: dict[str, object], name: str, job: object,
                   args: tuple[object, ...], time_limit: float) -> threading.Thread:
    def ask() -> None:
        try:
            results[name] = pool.run(job, args, time_limit=time_limit)  # type: ignore[arg-type]
        except Exception as error:
            results[name] = error

    thread = threading.Thread(target=ask)
    thread.start()
    return thread


def test_queued_jobs_run_in_the_order_they_came(tmp_path: Path) -> None:
    # one worker held busy, then eight jobs queued one after another: each starts after
    # the one queued before it (first come, first served), whatever thread asked
    gate = tmp_path / "gate"
    with Workers(1) as pool:
        pool.run(operator.add, (1, 1), time_limit=30)  # started
        results: dict[str, object] = {}
        threads = [_ask_in_thread(pool, results, "busy", _wait_for, (gate,), 60)]
        _busy(pool)  # the busy job runs
        names = [f"job{i}" for i in range(8)]
        for name in names:
            threads.append(_ask_in_thread(pool, results, name, _started_at, (name,), 60))
            deadline = time.monotonic() + 60
            while len(pool.jobs) < names.index(name) + 1:  # queued before the next asks
                assert time.monotonic() < deadline
                time.sleep(0.005)
        gate.touch()
        for thread in threads:
            thread.join()
        assert results["busy"] == "released"
        ended = [results[name] for name in names]
        assert all(isinstance(r, tuple) for r in ended), ended
        times = [r[1] for r in ended]  # type: ignore[index]
        assert times == sorted(times)


def test_a_job_still_queued_at_its_limit_is_dropped_never_run(tmp_path: Path) -> None:
    # the limit counts the wait in the queue: a job that waited past it answers LimitError
    # about when its limit falls, and never runs later (it would write its file)
    mark = tmp_path / "ran"
    gate = tmp_path / "gate"
    with Workers(1) as pool:
        pool.run(operator.add, (1, 1), time_limit=30)
        results: dict[str, object] = {}
        busy = _ask_in_thread(pool, results, "busy", _wait_for, (gate,), 60)
        _busy(pool)
        with pytest.raises(LimitError, match=r"waited past the time limit of 0\.3 s"):
            pool.run(Path.write_text, (mark, "x"), time_limit=0.3)
        # not after the busy job: that one still runs (until the gate opens)
        assert busy.is_alive() and "busy" not in results
        gate.touch()
        busy.join()
        assert results["busy"] == "released"
        assert pool.run(operator.add, (2, 2), time_limit=30) == 4  # taken after it
        assert not pool.jobs
        assert not mark.exists()


def test_a_limit_that_fell_before_a_worker_was_free_runs_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the request's clock started long ago: the job is not sent to a worker (none is
    # started for it, none killed), whichever side sees the limit first
    started: list[object] = []

    class Counted(web_workers._Worker):
        def __init__(self, *args: object) -> None:
            started.append(self)
            super().__init__(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(web_workers, "_Worker", Counted)
    with Workers(1) as pool, pytest.raises(LimitError, match="waited past the time limit"):
        pool.run(os.getpid, (), time_limit=0.5, started=time.monotonic() - 1)
    assert started == []


def _die() -> None:
    os._exit(1)


def test_a_worker_that_dies_is_said_so_and_replaced() -> None:
    with Workers(1) as pool:
        before = pool.run(os.getpid, (), time_limit=30)
        with pytest.raises(RuntimeError, match="worker process died"):
            pool.run(_die, (), time_limit=30)
        after = pool.run(os.getpid, (), time_limit=30)
        assert after != before


def test_one_search_per_worker_at_a_time() -> None:
    # two workers and six jobs of 0.4 s at once: never more than two run together, and
    # the six take three rounds (about 1.2 s), not one round of six sharing two cores
    with Workers(2) as pool:
        pool.run(operator.add, (1, 1), time_limit=30)
        results: dict[str, object] = {}
        start = time.monotonic()
        threads = [_ask_in_thread(pool, results, f"j{i}", _sleep_and_say, (0.4, f"j{i}"), 30)
                   for i in range(6)]
        for thread in threads:
            thread.join()
        ends = sorted(r[1] - start for r in results.values())  # type: ignore[index]
        assert len(ends) == 6
        # in rounds of two: the third and fourth end a round after the first two
        assert ends[2] >= 0.75 and ends[4] >= 1.15, ends


def test_closing_fails_queued_jobs_and_stops_the_workers() -> None:
    pool = Workers(1)
    busy_pid = pool.run(os.getpid, (), time_limit=30)
    results: dict[str, object] = {}
    busy = _ask_in_thread(pool, results, "busy", time.sleep, (30,), 60)
    time.sleep(0.3)
    queued = _ask_in_thread(pool, results, "queued", operator.add, (1, 2), 60)
    time.sleep(0.2)
    pool.close()
    busy.join(10)
    queued.join(10)
    assert isinstance(results["busy"], RuntimeError)
    assert isinstance(results["queued"], RuntimeError)
    assert "closed" in str(results["queued"])
    deadline = time.monotonic() + 5
    while not _gone(busy_pid):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    with pytest.raises(RuntimeError, match="closed"):
        pool.run(operator.add, (1, 1), time_limit=30)
