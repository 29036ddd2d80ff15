"""The web API under three-player rules answers as the command line: a hand with a chi,
a 2m-8m tile or a visible 2m-8m is a 400 with the one-line reason (three players call no
chi and play without 2m-8m, https://riichi.wiki/Sanma), never an answer."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from tests.web.apikit import TestClient


@pytest.mark.parametrize(("url", "message"), [
    ("/api/shanten?q=123p456s1112z[234p]&rules=tenhou-3p", "three players cannot call chi"),
    ("/api/waits?q=123p456s1112z[234p]&rules=mahjongsoul-3p", "three players cannot call chi"),
    ("/api/decompose?q=123p456s11122z[234p]&rules=sanma", "three players cannot call chi"),
    ("/api/shanten?q=19m1245p789s1112z&visible=2m&rules=tenhou-3p",
     "visible tiles: 2m is not in the tenhou-3p tile set"),
    ("/api/score?q=123p456s11122z[234p]&win=2z&rules=tenhou-3p",
     "three players cannot call chi"),
])
def test_three_player_mistakes_are_400(client: TestClient, url: str, message: str) -> None:
    answer = client.get(url)
    assert answer.status_code == 400
    assert answer.json()["error"]["message"].startswith(message)


def test_a_pon_is_answered(client: TestClient) -> None:
    answer = client.get("/api/waits?q=123p456s1112z[222p]&rules=tenhou-3p")
    assert answer.status_code == 200
    assert [w["tile"] for w in answer.json()["waits"]] == ["2z"]
