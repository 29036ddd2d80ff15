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


# Values around the accepted ones: each case, a near miss, a number that is not 0 or 1.
PROBES = [*ON, *OFF, "TRUE", "oFf", "nO", "Yes", "2", "-1", "tru", "yess", "maybe", " on",
          "none", "y", "n", "01"]


def test_the_openapi_description_accepts_what_the_server_accepts(client: TestClient) -> None:
    import re

    spec = client.get("/api/openapi.json").json()
    (tsumo,) = [p for p in spec["paths"]["/api/score"]["get"]["parameters"]
                if p["name"] == "tsumo"]
    assert "enum" not in tsumo["schema"]
    # OpenAPI's pattern is ECMA-262; the one written uses only what Python's re reads alike
    pattern = tsumo["schema"]["pattern"]
    for value in PROBES:
        served = client.get(URL + value)
        accepted = served.status_code == 200
        assert accepted or "a flag is" in served.json()["error"]["message"], served.text
        assert bool(re.fullmatch(pattern, value)) is accepted, value
        # the description names every value the server took, as the words docs/web.md has
        if accepted and value:
            assert re.search(rf"\b{re.escape(value.lower())}\b", tsumo["description"]), value
    assert tsumo["allowEmptyValue"] is True
    assert "empty" in tsumo["description"] and "any case" in tsumo["description"]
