"""The web API's bad input, as a user of tenhou.net/2-style links meets it: every endpoint
with a missing, repeated, unknown or odd parameter answers a 4xx JSON error (never a 500
or a traceback), worded as the command line words it, typed as the docs say.

Expected messages come from the command line (``CliRunner``) or from the docs' table of
request errors; statuses from the docs (400 bad input, 404 unknown command, 405 another
method, 414 a query past 1024 characters).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.web.apikit import TestClient


def _error(client: TestClient, url: str, status: int = 400) -> dict[str, object]:
    answer = client.get(url)
    assert answer.status_code == status, (url, answer.text)
    assert answer.headers["content-type"].startswith("application/json")
    error = answer.json()["error"]
    assert set(error) == {"type", "message", "position"}
    return dict(error)


# The docs: "An unknown parameter, a parameter given twice, a missing q, a flag that is not
# 1/0: 400 with a RequestError" -- one type for all four, whichever path answers them.
@pytest.mark.parametrize("url", [
    "/api/shanten",                                         # no q
    "/api/waits?rules=tenhou",                              # no q
    "/api/shanten?q=123m456p789s1122z&tsumo=1",             # another command's flag
    "/api/shanten?Q=123m456p789s1122z",                     # names are case-sensitive
    "/api/decompose?q=123m456p789s11222z&=x",               # an empty name
    "/api/score?q=123m456p789s11122z&win=2z&all=2",         # a flag neither 1 nor 0
    "/api/score?q=123m456p789s11122z&win=2z&riichi=maybe",
    "/api/shanten?q=123m456p789s1122z&q=123m456p789s1122z",  # q twice
    "/api/advise?q=123m456p789s1122z&draws=5&draws=6",      # an option twice
    "/api/shanten?q=1m.lp",                                 # a file name
])
def test_request_errors_are_typed_request_error(client: TestClient, url: str) -> None:
    error = _error(client, url)
    assert error["type"] == "RequestError", error
    assert error["position"] is None


def test_unknown_command_is_404_json(client: TestClient) -> None:
    error = _error(client, "/api/solve?q=123m456p789s1122z", 404)
    assert "no such command: solve" in str(error["message"])


@pytest.mark.parametrize("method", ["post", "put", "delete", "options"])
def test_other_methods_are_405_json(client: TestClient, method: str) -> None:
    answer = getattr(client, method)("/api/shanten?q=123m456p789s1122z")
    assert answer.status_code == 405 and answer.json()["error"]["type"] == "HTTPError"


@pytest.mark.parametrize(("url", "argv"), [
    # each: the API's parameters and the same as a command line; the message must match
    ("/api/shanten?q=123m456p789s1122z&rules=nosuch",
     ["shanten", "--json", "--rules", "nosuch", "123m456p789s1122z"]),
    ("/api/shanten?q=123m456p789s1122z&form=",
     ["shanten", "--json", "--form", "", "123m456p789s1122z"]),
    ("/api/shanten?q=123m456p789s1122z&visible=1111z",     # a fifth (and sixth) 1z
     ["shanten", "--json", "--visible", "1111z", "123m456p789s1122z"]),
    ("/api/shanten?q=123m456p789s1z%5B12m%5D",              # a meld that is no meld
     ["shanten", "--json", "123m456p789s1z[12m]"]),
    ("/api/waits?q=123m456p789s1z(1111z",                   # an unclosed kan
     ["waits", "--json", "123m456p789s1z(1111z"]),
    ("/api/shanten?q=%EF%BC%91%EF%BC%92%EF%BC%93m",         # full-width digits
     ["shanten", "--json", "１２３m"]),
    ("/api/score?q=123m456p789s11122z&win=2z&honba=-5",
     ["score", "--json", "--win", "2z", "--honba", "-5", "123m456p789s11122z"]),
    ("/api/advise?q=123m456p789s1122z&draws=-1",
     ["advise", "--json", "--draws", "-1", "123m456p789s1122z"]),
    ("/api/advise?q=123m456p789s1122z&draws=70",
     ["advise", "--json", "--draws", "70", "123m456p789s1122z"]),
    ("/api/advise?q=123m456p789s1122z&dora=1111z",          # dora making a fifth 1z
     ["advise", "--json", "--dora", "1111z", "123m456p789s1122z"]),
])
def test_bad_values_answer_the_command_lines_message(client: TestClient, url: str,
                                                     argv: list[str]) -> None:
    if argv[0] not in main.all_commands():
        pytest.skip(f"mjasp {argv[0]} is not installed")
    printed = CliRunner().invoke(main, argv).output
    expected = json.loads(printed)["error"]
    error = _error(client, url)
    assert (error["type"], error["message"]) == (expected["type"], expected["message"])


def test_a_byte_that_is_not_utf8_is_a_hand_error(client: TestClient) -> None:
    error = _error(client, "/api/shanten?q=%FF%FE123m")
    assert error["type"] == "HandError" and error["position"] == 0


@pytest.mark.parametrize("command", ["shanten", "waits", "decompose", "score", "advise"])
def test_a_very_long_query_is_414(client: TestClient, command: str) -> None:
    error = _error(client, f"/api/{command}?q=" + "1m" * 600, 414)
    assert "1024" in str(error["message"])
