"""``/api/advise`` searches hands up to two-shanten, as the page asks (docs/web.md): a
hand beyond is answered at once with a 400 and one line, not searched until the time
limit's 504. ``123m147p258s369s1z`` is three-shanten, worked by hand: one meld (123m) and
three partial sets (23s 56s 89s), 8 - 2 - 3 = 3; seven pairs (no pair) 6; kokushi far.
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import mjasp
from tests.web.apikit import TestClient

THREE_SHANTEN = "123m147p258s369s1z"


def test_a_hand_beyond_two_shanten_is_refused_in_one_line(client: TestClient) -> None:
    if not hasattr(mjasp, "advise"):
        pytest.skip("advise is not installed")
    started = time.monotonic()
    answer = client.get(f"/api/advise?q={THREE_SHANTEN}&draws=17")
    assert time.monotonic() - started < 5  # answered, not searched to the limit
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["type"] == "RequestError"
    assert "up to 2-shanten; this one is 3-shanten" in error["message"]
    assert "\n" not in error["message"]


def test_a_two_shanten_hand_is_still_searched(client: TestClient) -> None:
    if not hasattr(mjasp, "advise"):
        pytest.skip("advise is not installed")
    # one meld, three partial sets and a pair: 123m 45p 78s 12s 11z + 9m: 8 - 2 - 3 - 1 = 2
    answer = client.get("/api/advise?q=123m45p1278s11z9m9p&draws=3")
    assert answer.status_code == 200, answer.text
    assert answer.json()["shanten"] == 2


def test_the_limit_is_stated_in_info(client: TestClient) -> None:
    assert client.get("/api/info").json()["limits"]["advise_shanten"] == 2
