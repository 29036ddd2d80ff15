"""The expected-value search's time limit per request really stops the work: a warm
worker given a three-shanten hand with every draw left (several seconds of CPU for the
command line on this machine: ``mjasp advise 2356m34578p24679s --draws 69``) answers a 504
``LimitError`` that names the limit, about when the limit falls, and the worker process
that ran it is gone (killed, not left computing); the next request is answered.
"""

from __future__ import annotations

import os
import time

import pytest

from mjasp.web import commands as web_commands
from mjasp.web import create_app
from mjasp.web import workers as web_workers
from tests.web.apikit import TestClient

LIMIT = 1.0


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ", 1)[1][0] not in "ZX"  # a zombie computes nothing
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to see the worker")
def test_a_search_past_the_limit_is_stopped_and_said_so() -> None:
    if "advise" not in web_commands.commands():
        pytest.skip("mjasp.advise is not installed")
    # other tests' servers may still hold workers in this process: only this one's count
    others = {w.process.pid for w in web_workers._live}
    with TestClient(create_app(time_limit=LIMIT)) as client:
        # warm: the worker process started and its tables loaded (a tenpai hand, 5 draws)
        deadline = time.monotonic() + 60
        while client.get("/api/advise?q=123m456p789s1122z&draws=5").status_code != 200:
            assert time.monotonic() < deadline, "no worker answered within a minute"
        workers = {w.process.pid for w in web_workers._live} - others
        assert workers
        started = time.monotonic()
        answer = client.get("/api/advise?q=2356m34578p24679s&draws=69")
        took = time.monotonic() - started
        assert answer.status_code == 504, answer.text[:200]
        error = answer.json()["error"]
        assert error["type"] == "LimitError" and f"{LIMIT:g} s" in error["message"]
        assert LIMIT <= took < LIMIT + 5  # the limit, plus a loaded machine's slack
        # the worker that ran the search is gone: killed at the limit, not computing on
        gone = time.monotonic() + 5
        while any(_alive(pid) for pid in workers) and time.monotonic() < gone:
            time.sleep(0.05)
        assert not any(_alive(pid) for pid in workers)
        # and the server goes on: a fresh worker answers the next search
        again = client.get("/api/advise?q=123m456p789s1122z&draws=6")
        assert again.status_code == 200, again.text[:200]
