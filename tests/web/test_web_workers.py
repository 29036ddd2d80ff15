"""The worker processes of ``mjasp serve`` (``advise``): a job's value or its error comes
back, a job past its time limit is stopped and its worker replaced, every worker is busy
means a wait within the same limit."""

from __future__ import annotations

import operator
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mjasp.core.errors import HandError, LimitError
from mjasp.web.workers import Workers


def _raise_hand_error(text: str) -> None:
    raise HandError("not a hand", text, 0)


@pytest.fixture(scope="module")
def workers() -> Iterator[Workers]:
    with Workers(1) as pool:
        yield pool


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


def test_a_busy_pool_waits_within_the_limit() -> None:
    import threading

    with Workers(1) as pool:
        pool.run(operator.add, (1, 1), time_limit=30)  # started
        busy = threading.Thread(target=lambda: pool.run(time.sleep, (1.5,), time_limit=30))
        busy.start()
        time.sleep(0.3)
        with pytest.raises(LimitError, match="free worker"):
            pool.run(operator.add, (1, 1), time_limit=0.2)
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
