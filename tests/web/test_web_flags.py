"""A flag's query value: the words docs/web.md lists switch it on or off, and the error
for any other value names them all."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
from tests.web.apikit import TestClient

URL = "/api/score?q=123m456p789s11122z&win=2z&tsumo="
# docs/web.md: "`1`, `true`, `on`, `yes` or empty; `0`, `false`, `off`, `no`"
ON = ["1", "true", "on", "yes", "", "YES"]
OFF = ["0", "false", "off", "no", "No"]


@pytest.mark.parametrize(("value", "tsumo"), [(v, True) for v in ON] + [(v, False) for v in OFF])
def test_each_documented_value_switches_the_flag(client: TestClient, value: str,
                                                 tsumo: bool) -> None:
    response = client.get(URL + value)
    assert response.status_code == 200, response.text
    assert response.json()["win"]["tsumo"] is tsumo


def test_a_bad_value_lists_every_accepted_one(client: TestClient) -> None:
    response = client.get(URL + "maybe")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == (
        "tsumo='maybe': a flag is 1, true, on, yes or empty (on), or 0, false, off, no (off)")
