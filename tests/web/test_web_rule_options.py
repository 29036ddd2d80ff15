"""``/api/advise`` and ``/api/score`` take what their commands take: ``rules`` (any preset
or alias) and ``option`` (``--option NAME=VALUE``; several in one parameter separated by
``;``, as a query gives a parameter once), answered as the command line answers."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.cli import main
from mjasp.rules import ALIASES, RULES

pytest.importorskip("starlette")
pytest.importorskip("httpx")
from tests.web.apikit import TestClient

if not hasattr(mjasp, "advise"):
    pytest.skip("mjasp.advise is not installed", allow_module_level=True)

HAND = "123m456p5s [406s] [777z]"
SITUATION = {"draws": "1", "riichi": "never", "seat": "S", "dora": "1m"}


def _cli(*args: str) -> tuple[int, Any]:
    result = CliRunner().invoke(main, [*args, "--json"])
    return result.exit_code, json.loads(result.output)


def _url(command: str, params: dict[str, str]) -> str:
    return f"/api/{command}?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in params.items())


@pytest.mark.parametrize("option", [
    "kiriage=true", "kiriage=true;red_fives=1,1,1", "kiriage=maybe", "nosuch=1", "kiriage"])
def test_advise_takes_options_as_the_command_line(client: TestClient, option: str) -> None:
    response = client.get(_url("advise", {"q": HAND, **SITUATION, "option": option}))
    args = ["advise", HAND, "--draws", "1", "--riichi", "never", "--seat", "S",
            "--dora", "1m"]
    for part in option.split(";"):
        args += ["--option", part]
    code, expected = _cli(*args)
    assert response.status_code == {0: 200, 2: 400}[code]
    assert response.json() == expected


def test_an_advise_option_changes_the_answer(client: TestClient) -> None:
    # 30 fu 4 han tsumo by a non-dealer: 7900, with kiriage 8000 (tests/cli/test_advise_rules.py)
    plain, rounded = (client.get(_url("advise", {"q": HAND, **SITUATION, **extra})).json()
                      for extra in ({}, {"option": "kiriage=true"}))
    assert plain["candidates"][0]["expected_points"][0] == pytest.approx(2 * 7900 / 122)
    assert rounded["candidates"][0]["expected_points"][0] == pytest.approx(2 * 8000 / 122)
    assert rounded["settings"]["options"] == {"kiriage": True}


@pytest.mark.parametrize("rules", sorted(RULES) + sorted(ALIASES))
def test_advise_takes_every_preset_score_takes(client: TestClient, rules: str) -> None:
    hand = "11m9m456p789s11223z"  # no red five, no 2m-8m: a hand for every preset
    advised = client.get(_url("advise", {"q": hand, "draws": "1", "rules": rules}))
    scored = client.get(_url("score", {"q": "111m456p789s99m222z", "win": "2z",
                                       "rules": rules}))
    assert (advised.status_code, scored.status_code) == (200, 200), advised.text
    assert advised.json()["settings"]["rules"] == RULES[ALIASES.get(rules, rules)].name


def test_score_takes_options_as_the_command_line(client: TestClient) -> None:
    # pinfu 1 + tanyao 1 + sanshoku 2: 30 fu 4 han, the dealer's ron: 30 * 2**6 * 6 =
    # 11520 -> 11600; with kiriage (30 fu 4 han rounded up to mangan) 12000
    hand = "234567m234p55p234s"
    for option, points in (("kiriage=off", 11600), ("kiriage=on", 12000)):
        response = client.get(_url("score", {"q": hand, "win": "7m", "option": option}))
        code, expected = _cli("score", hand, "--win", "7m", "--option", option)
        assert (response.status_code, code) == (200, 0)
        assert response.json() == expected
        assert expected["points"] == points
