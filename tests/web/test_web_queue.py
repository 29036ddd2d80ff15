"""The server's searches wait in one queue: ``mjasp serve --workers N`` is one process
answering every request, with N worker processes taking the searches in the order they
came; the time limit counts the wait in that queue (a search still queued at the limit is
never run), and a worker killed at the limit is replaced."""

from __future__ import annotations

import functools
import itertools
import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mjasp.web import app as web_app
from mjasp.web import commands as web_commands
from mjasp.web import create_app
from mjasp.web.workers import Workers, default_size
from tests.web.apikit import TestClient

SEARCH = 0.4  # seconds each stand-in search takes


def _stand_in(command: str, args: list[str], params: dict[str, str] | None = None,
              preset: object = None) -> tuple[int, str]:
    """Runs in the worker process instead of the search (``_answer``, whose ``preset`` it
    leaves): when it began and ended (the system's monotonic clock, one for every process)
    and where."""
    began = time.monotonic()
    time.sleep(SEARCH)
    return 200, json.dumps({"q": (params or {}).get("q"), "began": began,
                            "ended": time.monotonic(), "pid": os.getpid()})


def _held_stand_in(folder: str, command: str, args: list[str],
                   params: dict[str, str] | None = None, preset: object = None
                   ) -> tuple[int, str]:
    """As :func:`_stand_in`, a search that notes it began (``Q.began`` in ``folder``) and
    runs until the test lets it end (``Q.go``): its length is the test's, not a clock's."""
    q = (params or {}).get("q", "")
    Path(folder, f"{q}.began").touch()
    deadline = time.monotonic() + 120  # a test that never lets it end: stop anyway
    while not Path(folder, f"{q}.go").exists() and time.monotonic() < deadline:
        time.sleep(0.005)
    return 200, json.dumps({"q": q, "pid": os.getpid()})


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if "advise" not in web_commands.commands():
        pytest.skip("mjasp.advise is not installed")
    monkeypatch.setattr(web_commands, "_answer", _stand_in)
    monkeypatch.setattr(web_commands, "_cache", web_commands._Cache(64))
    yield


def _answered(client: TestClient, url: str) -> Any:
    """The JSON of ``url``'s 200 answer, asked again while a worker's start (slow on a
    loaded machine) takes the search past a short limit, as a user would."""
    deadline = time.monotonic() + 60
    while (answer := client.get(url)).status_code != 200:
        assert time.monotonic() < deadline, answer.text
    return answer.json()


HANDS = ["123m456p789s1122z", "123m456p789s1133z", "123m456p789s1144z",
         "123m456p789s1155z", "123m456p789s1166z", "123m456p789s1177z"]


def _ask_together(client: TestClient, hands: list[str], monkeypatch: pytest.MonkeyPatch,
                  timings: list[str] | None = None, hold: bool = True
                  ) -> list[tuple[float, Any]]:
    """Each hand's advise asked from its own thread, the next one once the last one's
    search is in the queue (so their order is known whatever the machine's load), with
    ``hold`` no search taken before all are queued: per hand, the seconds until its
    answer and the answer's status and JSON (and in ``timings`` its Server-Timing
    header)."""
    answers: list[tuple[float, Any]] = [(0.0, None)] * len(hands)
    if timings is not None:
        timings[:] = [""] * len(hands)
    queued = [threading.Event() for _ in hands]
    everyone = threading.Event()
    queue, ask_worker = vars(Workers)["_queue"], vars(Workers)["_ask"]  # (a staticmethod)

    def noted(self: Workers, *args: Any) -> Any:
        item = queue(self, *args)
        queued[sum(e.is_set() for e in queued)].set()
        if all(e.is_set() for e in queued):
            everyone.set()
        return item

    def held(*args: Any) -> Any:
        assert everyone.wait(60), "the searches were not all queued within a minute"
        return ask_worker.__func__(*args)

    monkeypatch.setattr(Workers, "_queue", noted)
    if hold:
        monkeypatch.setattr(Workers, "_ask", staticmethod(held))

    def ask(i: int) -> None:
        start = time.monotonic()
        response = client.get(f"/api/advise?q={hands[i]}")
        answers[i] = (time.monotonic() - start, (response.status_code, response.json()))
        if timings is not None:
            timings[i] = response.headers.get("server-timing", "")

    threads = []
    for i in range(len(hands)):
        threads.append(threading.Thread(target=ask, args=(i,)))
        threads[-1].start()
        assert queued[i].wait(60), f"search {i} was not queued within a minute"
    for thread in threads:
        thread.join()
    monkeypatch.setattr(Workers, "_queue", queue)
    monkeypatch.setattr(Workers, "_ask", ask_worker)
    return answers


def _durations(header: str) -> dict[str, float]:
    """A Server-Timing header's durations by name (seconds)."""
    found = {}
    for part in header.split(","):
        name, _, duration = part.strip().partition(";dur=")
        found[name] = float(duration) / 1000
    return found


def test_searches_are_taken_in_the_order_asked_one_per_worker(
        stand_in: None, monkeypatch: pytest.MonkeyPatch) -> None:
    timings: list[str] = []
    with TestClient(create_app(searches=1)) as client:
        assert client.get("/api/advise?q=1112345678999m5z").status_code == 200  # started
        answers = _ask_together(client, HANDS, monkeypatch, timings)
        # a kept answer: no search, no timing
        kept = client.get(f"/api/advise?q={HANDS[0]}")
        assert kept.status_code == 200 and "server-timing" not in kept.headers
    statuses = [status for _, (status, _) in answers]
    assert statuses == [200] * len(HANDS)
    began = [body["began"] for _, (_, body) in answers]
    ended = [body["ended"] for _, (_, body) in answers]
    # one worker: one search at a time, each after the one asked before it
    assert all(b - a >= SEARCH * 0.95 for a, b in itertools.pairwise(began))
    assert all(b >= a for a, b in zip(ended, began[1:], strict=False))
    assert len({body["pid"] for _, (_, body) in answers}) == 1
    # the last one waited for the five ahead of it (all of them were queued at once: no
    # smaller pool of threads held them back; the wait is the queue's)
    assert answers[-1][0] >= 5 * SEARCH
    # each answer says how long its search waited in the queue and ran: the i-th asked
    # waited for the i searches ahead of it (all queued before the first was taken); the
    # two are apart, within the time its request took
    for i, header in enumerate(timings):
        durations = _durations(header)
        assert durations["search"] >= SEARCH * 0.95, (i, header)
        assert durations["queue"] >= i * SEARCH * 0.95, (i, header)
        assert durations["queue"] + durations["search"] <= answers[i][0] + 0.002, (i, header)


def test_two_workers_take_two_searches_at_a_time(stand_in: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(searches=2)) as client:
        answers = _ask_together(client, HANDS, monkeypatch)
    assert [status for _, (status, _) in answers] == [200] * len(HANDS)
    began = sorted(body["began"] for _, (_, body) in answers)
    # in rounds of two: never three at once
    assert all(c - a >= SEARCH * 0.95 for a, c in zip(began, began[2:], strict=False))
    assert len({body["pid"] for _, (_, body) in answers}) == 2


def test_the_time_limit_counts_the_wait_in_the_queue(stand_in: None, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # one worker held by a search with no limit (it ends when the test says): a search of
    # a 0.3 s limit asked behind it waits in the queue past its limit, so it answers a 504
    # about that wait when its limit falls, and never runs; a search still running at its
    # limit is stopped there and its worker replaced. Which happens follows from the
    # order the test lets the searches begin and end, not from how fast the machine is.
    monkeypatch.setattr(web_commands, "_answer",
                        functools.partial(_held_stand_in, str(tmp_path)))
    first, queued, stopped, after = HANDS[:4]
    workers = Workers(1)
    answers: dict[str, tuple[float, web_commands.Answer]] = {}

    def ask(q: str, limit: float) -> threading.Thread:
        def run() -> None:
            began = time.monotonic()
            answer = web_commands.run_command("advise", {"q": q}, limit, workers)
            answers[q] = (time.monotonic() - began, answer)
        thread = threading.Thread(target=run)
        thread.start()
        return thread

    def began(q: str) -> bool:
        return (tmp_path / f"{q}.began").exists()

    try:
        holding = ask(first, 0)
        deadline = time.monotonic() + 60
        while not began(first):  # the worker started and took it
            assert time.monotonic() < deadline, "the first search did not begin in a minute"
            time.sleep(0.005)
        ask(queued, 0.3).join(60)
        took, answer = answers[queued]
        assert answer.status == 504 and took >= 0.3, answer.text
        error = answer.data()["error"]
        assert error["type"] == "LimitError"
        assert "waited past the time limit of 0.3 s for a free worker" in error["message"]
        assert not began(queued)  # out of the queue, never run
        assert holding.is_alive()  # it answered while the worker was still held
        (tmp_path / f"{first}.go").touch()
        holding.join(60)
        assert answers[first][1].status == 200
        held_by = answers[first][1].data()["pid"]
        ask(stopped, 0.3).join(60)  # never let end: running at its limit
        took, answer = answers[stopped]
        assert began(stopped) and answer.status == 504 and took >= 0.3, answer.text
        assert "time limit of 0.3 s" in answer.data()["error"]["message"]
        (tmp_path / f"{after}.go").touch()
        ask(after, 0).join(60)
        assert answers[after][1].status == 200
        assert answers[after][1].data()["pid"] != held_by  # a fresh worker answers
    finally:
        for q in (first, stopped):
            (tmp_path / f"{q}.go").touch()
        workers.close()


def test_serve_runs_one_process_with_the_workers_asked(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    ran: list[tuple[Any, dict[str, Any]]] = []
    made: list[int] = []

    class Counted(Workers):
        def __init__(self, size: int, *args: Any, **kwargs: Any) -> None:
            made.append(size)
            super().__init__(size, *args, **kwargs)

    import uvicorn

    monkeypatch.setattr(web_app, "Workers", Counted)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append((app, kw)))
    web_app.serve(port=0, workers=3)
    web_app.serve(port=0)
    # an app object (one process), not an import string for several
    assert [callable(app) and not isinstance(app, str) for app, _ in ran] == [True, True]
    assert all("workers" not in kw for _, kw in ran)
    assert made == [3, default_size()]
