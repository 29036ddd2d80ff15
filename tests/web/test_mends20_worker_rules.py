"""A search runs in a worker process (``mjasp.web.workers``), started from a fresh
interpreter: it does not see a preset the server's caller replaced in ``mjasp.RULES`` at
run time. The server sends the rule set the request's preset name stands for with the
job, and the worker plays it (tests/web/test_mends18_replaced_preset.py and
test_mends19_replaced_preset_cache.py cover the conversion and the cache in the server).

The hand: 1122m3344p5566s7z1z holds six pairs: one discard from seven-pairs tenpai
(shanten 0). Under rules that read the standard form only it holds no meld, one pair and
four two-tile partials: 8 - 2 * 0 - 4 - 1 = 3 shanten.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import mjasp
from mjasp.web import commands
from mjasp.web.workers import Workers

HAND = "1122m3344p5566s7z1z"


@pytest.fixture(scope="module")
def workers() -> Iterator[Workers]:
    with Workers(1) as pool:
        yield pool


@pytest.mark.parametrize("params", [{"q": HAND, "draws": "1", "rules": "tenhou"},
                                    {"q": HAND, "draws": "1"}], ids=["named", "default"])
def test_a_worker_plays_the_preset_the_server_holds(
        monkeypatch: pytest.MonkeyPatch, workers: Workers, params: dict[str, str]) -> None:
    tenhou = mjasp.RULES["tenhou"]
    first = commands.run_command("advise", params, time_limit=120, workers=workers)
    assert first.status == 200 and first.data()["shanten"] == 0
    standard_only = mjasp.RULES["standard-form"].replace(name="tenhou")
    monkeypatch.setitem(mjasp.RULES, "tenhou", standard_only)
    replaced = commands.run_command("advise", params, time_limit=120, workers=workers)
    assert replaced.status == 200 and replaced.data()["shanten"] == 3
    monkeypatch.setitem(mjasp.RULES, "tenhou", tenhou)
    again = commands.run_command("advise", params, time_limit=120, workers=workers)
    assert again.status == 200 and again.data()["shanten"] == 0
