"""The API against the command line, field by field: for seeded random hands (13 and 14
tiles, declared melds, red fives, three players, every preset and alias in any case,
visible tiles, a form, winds, dora, flags) each endpoint's JSON and status must be what
``mjasp <command> ... --json`` prints and exits with, run in-process by ``CliRunner``
(the command line as a user runs it: its own parsing, its default limits).
"""

from __future__ import annotations

import json
import random
from urllib.parse import urlencode

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.web.apikit import TestClient

#: exit code -> HTTP status, as docs/web.md and docs/cli.md say (0 success, 2 bad input)
STATUS = {0: 200, 2: 400}
PRESETS = ["tenhou", "tenhou-3p", "mahjongsoul", "mahjongsoul-3p", "wrc", "chiitoitsu-quad",
           "standard-form", "3p", "4p", "majsoul", "riichi", "sanma", "standard",
           "three-player", "TENHOU", "Sanma"]
NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def _mpsz(tiles: list[str]) -> str:
    return "".join("".join(t[0] for t in tiles if t[1] == suit) + suit
                   for suit in "mpsz" if any(t[1] == suit for t in tiles))


def _hand(rng: random.Random) -> tuple[str, list[str], list[int]]:
    """A hand's text, its concealed tiles and the kinds left in the wall: random tiles,
    or (two times in five) a complete hand built from blocks, a tile off for 13."""
    three = rng.random() < 0.25
    wall = [k for k in range(34) for _ in range(4) if not (three and 1 <= k <= 7)]
    rng.shuffle(wall)
    size = rng.choice([13, 14, 14])
    melds = []
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        k = rng.choice(wall)
        if wall.count(k) >= 3:
            for _ in range(3):
                wall.remove(k)
            melds.append(f"[{NAMES[k][0] * 3}{NAMES[k][1]}]")
    n = size - 3 * len(melds)
    kinds, rest = sorted(wall[:n]), wall[n:]
    if rng.random() < 0.4:
        counts = [wall.count(k) for k in range(34)]
        built: list[int] = []
        for _ in range((n - 2) // 3):
            k = rng.choice([x for x in range(34) if counts[x]])
            if k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2] and rng.random() < .6:
                shape = [k, k + 1, k + 2]
            elif counts[k] >= 3:
                shape = [k] * 3
            else:
                break
            for x in shape:
                counts[x] -= 1
            built += shape
        pairs = [x for x in range(34) if counts[x] >= 2]
        if len(built) == n - 2 and pairs:
            k = rng.choice(pairs)
            built += [k, k]
            counts[k] -= 2
            if size == 13:
                built.remove(rng.choice(built))
            kinds = sorted(built)
            rest = [x for x in range(34) for _ in range(counts[x])]
            rng.shuffle(rest)
    tiles = [NAMES[k] for k in kinds]
    if rng.random() < 0.5:  # red fives where the hand has fives
        tiles = ["0" + t[1] if t[0] == "5" and t[1] != "z" and rng.random() < .5 else t
                 for t in tiles]
    text = _mpsz(tiles) if rng.random() < 0.8 else "".join(rng.sample(tiles, len(tiles)))
    return " ".join([text, *melds]), tiles, rest


def _compare(client: TestClient, command: str, params: dict[str, str],
             flags: tuple[str, ...] = ()) -> None:
    argv = [command, "--json"]
    for name, value in params.items():
        if name == "option":
            for part in value.split(";"):
                argv += ["--option", part]
        elif name != "q":
            argv += ["--" + name.replace("_", "-"), value]
    argv += ["--" + f.replace("_", "-") for f in flags]
    result = CliRunner().invoke(main, [*argv, "--", params["q"]])
    answer = client.get(f"/api/{command}?" + urlencode({**params, **dict.fromkeys(flags, "1")}))
    assert (answer.status_code, answer.json()) == (STATUS.get(result.exit_code),
                                                   json.loads(result.output)), argv


@pytest.mark.parametrize("seed", range(4))
def test_every_endpoint_answers_what_the_command_line_prints(client: TestClient,
                                                             seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        text, tiles, rest = _hand(rng)
        base = {"q": text}
        if rng.random() < 0.6:
            base["rules"] = rng.choice(PRESETS)
        shanten = dict(base)
        if rng.random() < 0.3:
            shanten["visible"] = _mpsz([NAMES[k] for k in rest[:rng.randint(1, 8)]])
        if rng.random() < 0.3:
            shanten["form"] = rng.choice(["standard", "chiitoitsu", "kokushi"])
        _compare(client, "shanten", shanten)
        _compare(client, "waits", base)
        _compare(client, "decompose", base)
        score = {**base, "win": rng.choice(tiles)}
        for name, values in (("seat", "eswnESWN"), ("round", "eswnESWN")):
            if rng.random() < 0.3:
                score[name] = rng.choice(values)
        if rng.random() < 0.3:
            score["dora"] = ",".join(NAMES[k] for k in rest[:rng.randint(1, 3)])
        if rng.random() < 0.1:
            score["honba"] = str(rng.randint(0, 3))
        if rng.random() < 0.1:
            score["option"] = "kiriage=true"
        flags = tuple(f for f, p in (("tsumo", .5), ("riichi", .3), ("all", .2))
                      if rng.random() < p)
        _compare(client, "score", score, flags)


def _advise_installed() -> None:
    if "advise" not in main.all_commands():
        pytest.skip("mjasp advise is not installed")


@pytest.mark.parametrize("params", [
    # the command line runs the advice in a child process under its default time limit
    # (docs/cli.md); the API's worker runs it in itself: the answer must be the same
    {"q": "123m456p789s11223z", "draws": "5"},
    {"q": "2234m456p789s1122z", "dora": "1m", "seat": "s"},
    {"q": "123m406p789s1122z", "rules": "mahjongsoul", "draws": "3"},
    {"q": "1199m1199p19s4477z", "rules": "Sanma", "draws": "2"},
])
def test_advise_answers_what_the_command_line_prints(client: TestClient,
                                                     params: dict[str, str]) -> None:
    _advise_installed()
    _compare(client, "advise", params)


@pytest.mark.parametrize("params", [
    # two red 5p: tenhou's set has one (mjasp shanten says HandError for the same hand)
    {"q": "005p340s11122233z"},
    # a red 5p in hand and one as the dora indicator: tenhou's set has one
    {"q": "123m406p789s1122z", "dora": "0p"},
])
def test_an_advice_refused_for_its_red_fives_is_a_hand_error_both_ways(
        client: TestClient, params: dict[str, str]) -> None:
    # the command line's child process sent the advice's error without the hand error
    # it was raised from, so the command line said MjaspError where the API (the advice
    # run in the worker itself) said HandError
    _advise_installed()
    _compare(client, "advise", params)
    assert client.get("/api/advise?" + urlencode(params)).json()["error"]["type"] == "HandError"


@pytest.mark.parametrize(("command", "params"), [
    ("shanten", {"q": "11111m234p567s11z"}),              # a fifth 1m
    ("waits", {"q": "123m456p789s1122z1m2m"}),            # 15 tiles
    ("decompose", {"q": "0z123m456p789s112z"}),           # no red honour
    ("shanten", {"q": "8z"}),                             # no eighth honour
    ("shanten", {"q": "1m2"}),                            # digits without a suit
    ("waits", {"q": "123m456p789s11z [12m]"}),            # a meld that is no meld
    ("decompose", {"q": "05m055m123p456s11z"}),           # three red 5m
    ("shanten", {"q": ""}),
    ("shanten", {"q": "123m456p789s1122z", "form": "seven"}),
    ("shanten", {"q": "123m456p789s1122z", "visible": "5m", "rules": "sanma"}),
    ("score", {"q": "123m456p789s11122z", "win": "5m"}),  # the winning tile not held
    ("score", {"q": "123m456p789s11122z", "win": "2z", "seat": "x"}),
    ("score", {"q": "123m456p789s11122z", "win": "2z", "north": "5"}),
    ("score", {"q": "123m456p789s11122z", "win": "2z", "option": "nosuch=1"}),
    ("score", {"q": "123m456p789s11122z", "win": "2z", "rules": "tenhou-3p"}),
    ("advise", {"q": "123m456p789s1122", "draws": "1"}),  # 12 tiles
    ("advise", {"q": "123m456p789s1122z", "draws": "x"}),
    ("advise", {"q": "123m456p789s1122z", "seat": "n", "rules": "sanma"}),
    ("advise", {"q": "123m456p789s1122z", "explain": "9s", "draws": "1"}),
])
def test_bad_input_is_the_command_lines_error(client: TestClient, command: str,
                                              params: dict[str, str]) -> None:
    if command == "advise":
        _advise_installed()
    _compare(client, command, params)
    assert client.get(f"/api/{command}?" + urlencode(params)).status_code == 400
