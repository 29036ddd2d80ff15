"""The web API (``mjasp serve``) through Starlette's test client: each answer is what the
command prints with ``--json``, bad input is a 4xx JSON error, limits hold, and random
queries never get a 5xx or a traceback."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import mjasp
from mjasp.cli import main
from mjasp.render.draw import TileFace, TileGroup, draw_row
from mjasp.rules import RULES
from mjasp.web import app as web_app
from mjasp.web import commands as web_commands
from mjasp.web import create_app
from tests.conftest import load_script
from tests.web.apikit import TestClient


def cli_json(*args: str) -> tuple[int, Any]:
    result = CliRunner().invoke(main, [*args, "--json"])
    return result.exit_code, json.loads(result.output)


@pytest.mark.parametrize(("url", "args"), [
    ("/api/shanten?q=123m456p789s1122z", ["shanten", "123m456p789s1122z"]),
    ("/api/shanten?q=1112345678999m5z&rules=tenhou-3p",
     ["shanten", "1112345678999m5z", "--rules", "tenhou-3p"]),
    ("/api/shanten?q=113355m113355p1s&form=chiitoitsu&visible=1s",
     ["shanten", "113355m113355p1s", "--form", "chiitoitsu", "--visible", "1s"]),
    ("/api/decompose?q=111222333m45677p", ["decompose", "111222333m45677p"]),
    ("/api/waits?q=2344m456p789s111z", ["waits", "2344m456p789s111z"]),
    ("/api/score?q=05m678p678s+[234p]+[777z]&win=8s&tsumo=1&seat=W&dora=7m&all=1",
     ["score", "05m678p678s [234p] [777z]", "--win", "8s", "--tsumo", "--seat", "W",
      "--dora", "7m", "--all"]),
    ("/api/shanten?q=123x", ["shanten", "123x"]),
    ("/api/score?q=123m456p789s1122z&win=1z", ["score", "123m456p789s1122z", "--win", "1z"]),
])
def test_api_answers_what_the_cli_prints(client: TestClient, url: str,
                                         args: list[str]) -> None:
    code, expected = cli_json(*args)
    response = client.get(url)
    assert response.json() == expected
    assert response.status_code == {0: 200, 2: 400}[code]
    assert response.headers["content-type"] == "application/json"


def test_api_matches_the_installed_command(client: TestClient) -> None:
    # the real program in its own process, not the in-process runner the API uses; the
    # API writes the same document without indentation
    printed = subprocess.run([sys.executable, "-m", "mjasp", "shanten", "1112345678999m5z",
                              "--json"], capture_output=True, text=True, check=True).stdout
    answer = client.get("/api/shanten?q=1112345678999m5z").text
    assert json.loads(answer) == json.loads(printed)
    assert answer == json.dumps(json.loads(printed), ensure_ascii=False)
    # the command line itself still indents after the API ran in this process
    assert CliRunner().invoke(main, ["waits", "1m", "--json"]).output.startswith('{\n  "')


def test_discard_table_worked_by_hand(client: TestClient) -> None:
    # nine gates after discarding 5z waits on 1m-9m; unseen copies: 1m and 9m 4-3 = 1
    # each, 2m-8m 4-1 = 3 each, so 1 + 7*3 + 1 = 23 (tenhou.net/2 shows 打5z 摸[...23枚])
    data = client.get("/api/shanten?q=1112345678999m5z").json()
    first = data["discards"][0]
    assert first["discard"] == "5z" and first["shanten"] == 0 and first["total"] == 23
    assert [w["tile"] for w in first["waits"]] == [f"{n}m" for n in range(1, 10)]


def test_score_worked_by_hand(client: TestClient) -> None:
    # red dragon 1 + aka 1 = 2 han; fu 20 + tsumo 2 + open honor triplet 4 = 26 -> 30;
    # a non-dealer's 30 fu 2 han tsumo is 500/1000 = 2000
    data = client.get("/api/score", params={"q": "05m678p678s [234p] [777z]", "win": "8s",
                                            "tsumo": "1", "seat": "W", "dora": "7m"}).json()
    assert (data["han"], data["fu"], data["points"]) == (2, 30, 2000)
    assert (data["payments"]["others"], data["payments"]["dealer"]) == (500, 1000)


def test_waits_worked_by_hand(client: TestClient) -> None:
    # 2344m: 23m waits on 1m/4m (ryanmen), and 44m + 234m also waits on 4m as tanki
    data = client.get("/api/waits?q=2344m456p789s111z").json()
    assert {w["tile"]: sorted(w["shapes"]) for w in data["waits"]} == {
        "1m": ["ryanmen"], "4m": ["ryanmen", "tanki"]}


def test_invalid_hand_is_the_cli_message(client: TestClient) -> None:
    result = CliRunner().invoke(main, ["shanten", "12345m6666666p"])
    message = result.output.strip().removeprefix("mjasp: error: ")
    response = client.get("/api/shanten?q=12345m6666666p")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == message


@pytest.mark.parametrize(("url", "status", "words"), [
    ("/api/shanten", 400, "missing parameter q"),
    ("/api/shanten?q=1m&solver=asp", 400, "unknown parameter 'solver'"),
    ("/api/score?q=../../etc/x.lp", 400, "not files"),
    ("/api/score?q=123m456p789s11122z&win=2z&tsumo=maybe", 400, "a flag is"),
    ("/api/shanten?q=1m&q=2m", 400, "twice"),
    ("/api/solve?q=a.lp", 404, "no such command"),
    ("/api/shanten?q=--help", 400, "unknown character"),
    ("/api/nothing-here/deeper", 404, "Not Found"),
])
def test_bad_requests_are_json_errors(client: TestClient, url: str, status: int,
                                      words: str) -> None:
    response = client.get(url)
    assert response.status_code == status
    assert words in response.json()["error"]["message"]


def test_long_query_is_refused(client: TestClient) -> None:
    response = client.get("/api/shanten?q=" + "1" * web_app.MAX_QUERY + "m")
    assert response.status_code == 414 and "error" in response.json()


def test_time_limit_gives_504(monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(*args: Any) -> Any:
        time.sleep(3)
        raise AssertionError("the answer should not be awaited")

    monkeypatch.setattr(web_app, "run_command", slow)
    # wait_for allows the limit plus 2 s of slack for the worker to stop; score runs in a
    # worker thread (a discard table is answered at once, see the quick-path tests)
    response = TestClient(create_app(time_limit=0.2)).get(
        "/api/score?q=123m456p789s11122z&win=2z&honba=504")
    assert response.status_code == 504
    assert "time limit" in response.json()["error"]["message"]


def test_busy_server_gives_503() -> None:
    response = TestClient(create_app(max_pending=0)).get(
        "/api/score?q=123m456p789s11122z&win=2z&honba=503")
    assert response.status_code == 503 and response.json()["error"]["type"] == "Busy"


def test_parallel_requests_each_get_their_own_answer(client: TestClient) -> None:
    # the commands print to sys.stdout: each worker thread must see only its own output
    hands = ["123m456p789s1122z", "1112345678999m5z", "2344m456p789s111z", "19m19p19s1234567z"]
    expected = {h: client.get(f"/api/shanten?q={h}").json() for h in hands}
    errors: list[str] = []

    def ask(hand: str) -> None:
        for _ in range(10):
            if client.get(f"/api/shanten?q={hand}").json() != expected[hand]:
                errors.append(hand)

    threads = [threading.Thread(target=ask, args=(h,)) for h in hands * 2]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_tiles_are_mjasp_draw_svg(client: TestClient) -> None:
    red_five_pin = draw_row([TileGroup((TileFace(13, red=True),))])
    assert client.get("/tiles/0p.svg").text == red_five_pin
    assert client.get("/tiles/1z.svg").headers["content-type"].startswith("image/svg+xml")
    assert client.get("/tiles/8z.svg").status_code == 404


def test_page_and_assets_are_local(client: TestClient) -> None:
    page = client.get("/").text
    assert "/static/app.js" in page and "/static/app.css" in page
    for text in (page, client.get("/static/app.js").text, client.get("/static/app.css").text):
        assert "http://" not in text.replace("http://www.w3.org", "")
        assert "https://" not in text
    assert client.get("/static/secret.py").status_code == 404


def test_openapi_lists_each_command(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    assert spec["openapi"].startswith("3.")
    for command in ("shanten", "decompose", "waits", "score"):
        names = {p["name"] for p in spec["paths"][f"/api/{command}"]["get"]["parameters"]}
        assert "q" in names
    assert "tsumo" in {p["name"] for p in spec["paths"]["/api/score"]["get"]["parameters"]}


def test_advise_is_served_only_when_it_exists(client: TestClient) -> None:
    info = client.get("/api/info").json()
    assert info["advise"] == hasattr(mjasp, "advise")
    response = client.get("/api/advise?q=123m456p789s11223z")
    if hasattr(mjasp, "advise"):
        _, expected = cli_json("advise", "123m456p789s11223z")
        assert response.json() == expected
    else:
        assert response.status_code == 404
        assert "no such command" in response.json()["error"]["message"]


QUERY_NAMES = st.sampled_from(["q", "q", "q", "rules", "form", "visible", "win", "tsumo",
                               "seat", "dora", "honba", "all", "x", "", "q[]"])
QUERY_TEXT = st.one_of(
    st.text(alphabet="0123456789mpszh[]() ,-.%&=+#xl", max_size=40),
    # values that would be options or files if they reached the command line as such
    st.sampled_from(["--help", "--", "--version", "-h", "--json", "a.lp", "/etc/passwd"]))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from(["shanten", "decompose", "waits", "score", "advise", "x"]),
       params=st.lists(st.tuples(QUERY_NAMES, QUERY_TEXT), max_size=4))
def test_fuzz_never_a_server_error(client: TestClient, command: str,
                                   params: list[tuple[str, str]]) -> None:
    response = client.get(f"/api/{command}", params=params)
    assert response.status_code < 500, response.text
    data = response.json()
    assert ("error" in data) == (response.status_code >= 400)
    assert "Traceback" not in response.text


def test_serve_command_is_registered() -> None:
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0 and "--port" in result.output


def test_serve_without_the_web_extra_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mjasp.web", None)  # as if starlette were missing
    result = CliRunner().invoke(main, ["serve", "--port", "0"])
    assert result.exit_code == 2
    assert "pip install 'mjasp[web]'" in result.output


def test_load_benchmark_runs_and_stops(capsys: pytest.CaptureFixture[str]) -> None:
    # a tiny run of benchmarks/bench_web.py: a real server process, every answer 200 JSON;
    # speed itself is never asserted (the machine may be busy)
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_web.py"
    loads = load_script(script).main(["--requests", "30", "--concurrency", "4",
                                      "--ev-requests", "0"])
    assert [load.name for load in loads] == ["table"]
    assert loads[0].errors == {} and len(loads[0].latencies_ms) == 30
    assert "p95 ms" in capsys.readouterr().out


@pytest.mark.slow  # a whole pytest run each, about 3.5 s: CI runs it, with the browser tests
@pytest.mark.parametrize("ci", ["true", ""])
def test_browser_tests_skip_locally_but_fail_in_ci_without_chromium(ci: str,
                                                                    tmp_path: Path) -> None:
    page_tests = Path(__file__).resolve().parent / "test_web_page.py"
    env = {**os.environ, "CI": ci, "MJASP_CHROMIUM": str(tmp_path / "no-chromium")}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                          "-p", "no:xdist", str(page_tests)],
                         capture_output=True, text=True, env=env, cwd=tmp_path)
    if ci:
        assert run.returncode != 0 and "browser tests cannot run under CI" in run.stdout
    else:
        assert run.returncode == 0 and "no-chromium is missing" in run.stdout


# -- the quick path, the answer cache, advise in worker processes ---------------------

def _command_line(command: str, params: dict[str, str]) -> str:
    """What the command line prints for a request (the path every shortcut must equal)."""
    return web_commands._run(command, web_commands.arguments(command, params)).text


QUICK_CASES = [
    ("shanten", {"q": "1112345678999m5z"}),
    ("shanten", {"q": "1119m11p123789s12z", "rules": "tenhou-3p"}),
    ("shanten", {"q": "1112345678999m5z", "rules": "MahjongSoul"}),  # click's case folding
    ("shanten", {"q": "113355m113355p1s", "form": "chiitoitsu", "visible": "1s 3m"}),
    ("shanten", {"q": "19m19p19s1234567z1z", "form": "kokushi"}),
    ("shanten", {"q": "1111m2233p4455s67z", "rules": "chiitoitsu-quad"}),
    ("shanten", {"q": "23m456p789s11z [555m]"}),
    ("shanten", {"q": "123m456p789s1122z"}),  # 13 tiles: effective tiles, not discards
    ("waits", {"q": "2344m456p789s111z"}),
    ("waits", {"q": "1112345678999m", "rules": "standard-form"}),
    ("decompose", {"q": "111222333m45677p"}),
    ("decompose", {"q": "11223344556677z", "rules": "tenhou"}),
]


@pytest.mark.parametrize(("command", "params"), QUICK_CASES)
def test_quick_path_prints_what_the_command_line_prints(command: str,
                                                        params: dict[str, str]) -> None:
    quick = web_commands._direct(command, params)
    assert quick is not None, "a plain request takes the quick path"
    assert quick == _command_line(command, params)  # the same text, byte for byte


def test_quick_path_on_random_hands() -> None:
    # many shapes: every size a hand can have, random options of the table
    rng = random.Random(23)
    forms = [None, "standard", "chiitoitsu", "kokushi"]
    checked = 0
    for size in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
        for hand in mjasp.sample_hands(12, size, seed=size):
            params = {"q": str(hand)}
            if rng.random() < 0.5:
                params["rules"] = rng.choice(sorted(RULES))
            form = rng.choice(forms)
            if form:
                params["form"] = form
            if rng.random() < 0.3:
                params["visible"] = rng.choice(["1m", "5z 5z", "19p"])
            expected = _command_line("shanten", params)
            quick = web_commands._direct("shanten", params)
            # a refused request (kokushi for 5 tiles...) is left to the command line
            assert quick == expected or (quick is None and '"error"' in expected), params
            checked += quick is not None
    assert checked > 60


@pytest.mark.parametrize(("command", "params"), [
    ("shanten", {"q": "123x"}),                       # a bad hand
    ("shanten", {"q": "1m", "form": "kokushi"}),      # a form the hand cannot have
    ("shanten", {"q": "1m", "rules": "nope"}),        # an unknown preset
    ("shanten", {"q": "1m", "visible": "1m1m1m1m"}),  # five copies of 1m
    ("decompose", {"q": "123m"}),                     # not complete
    ("score", {"q": "123m456p789s11122z", "win": "2z"}),  # no JSON function of its own
])
def test_anything_not_plain_is_left_to_the_command_line(command: str,
                                                        params: dict[str, str]) -> None:
    assert web_commands._direct(command, params) is None
    answer = web_commands.run_command(command, params)
    assert answer.text == _command_line(command, params)


def test_answers_are_kept_and_the_oldest_goes_first() -> None:
    cache = web_commands._Cache(2)
    one, two, three = (web_commands.Answer(200, str(n)) for n in (1, 2, 3))
    cache.put(("a",), one)
    cache.put(("b",), two)
    assert cache.get(("a",)) is one  # now the most recent
    cache.put(("c",), three)
    assert cache.get(("b",)) is None and cache.get(("a",)) is one
    assert len(cache.answers) == 2


def test_a_kept_answer_is_the_same_answer(client: TestClient) -> None:
    url = "/api/shanten?q=1112345678999m5z&visible=9m"
    first = client.get(url)
    key = web_commands._key("shanten", {"q": "1112345678999m5z", "visible": "9m"})
    assert web_commands._cache.get(key) is not None
    # parameters in another order are the same request
    again = client.get("/api/shanten?visible=9m&q=1112345678999m5z")
    assert again.text == first.text and again.status_code == first.status_code == 200


def test_advise_past_its_time_limit_is_a_504_and_the_server_goes_on() -> None:
    if "advise" not in web_commands.commands():
        pytest.skip("mjasp.advise is not installed")
    with TestClient(create_app(time_limit=0.05)) as limited:
        # a fresh app starts its worker processes on the first request: 50 ms is too short
        response = limited.get("/api/advise?q=1134666m5p1207s24z&draws=11")
        assert response.status_code == 504
        assert "time limit" in response.json()["error"]["message"]
        assert limited.get("/api/shanten?q=1134666m5p1207s24z").status_code == 200


def _passed_on(scope: Any, receive: Any, send: Any) -> Any:
    raise AssertionError(f"passed on to the app: {scope['path']}?{scope['query_string']!r}")


def test_quick_answers_before_the_routes_are_the_routes_answers(client: TestClient) -> None:
    # the middleware alone (an app behind it that fails when reached) answers a plain
    # table request with the route's status, headers and bytes
    alone = TestClient(web_app.QuickAnswers(_passed_on))
    for url, params in [("/api/shanten?q=1112345678999m5z&visible=9m+1z",
                         {"q": "1112345678999m5z", "visible": "9m 1z"}),
                        ("/api/waits?q=2344m456p789s111z", {"q": "2344m456p789s111z"}),
                        ("/api/decompose?q=111222333m45677p", {"q": "111222333m45677p"})]:
        quick = alone.get(url)
        command = url.split("?")[0].removeprefix("/api/")
        assert quick.status_code == 200
        assert quick.text == _command_line(command, params)
        routed = client.get(url)
        assert (quick.content, quick.headers["content-type"], quick.headers["content-length"]) \
            == (routed.content, routed.headers["content-type"], routed.headers["content-length"])


@pytest.mark.parametrize("url", [
    "/api/shanten?q=1m&q=2m",            # given twice: the route words the 400
    "/api/shanten?q=" + "1" * 1100 + "m",  # too long: the route's 414
    "/api/shanten?q=135x7",              # bad input (not asked before, so not kept): the
                                         # command line words it
    "/api/score?q=123m456p789s11122z&win=2z",  # not a table command
    "/api/nope?q=1m",
    "/?q=1m",
])
def test_quick_answers_leave_the_rest_to_the_app(url: str) -> None:
    alone = TestClient(web_app.QuickAnswers(_passed_on), raise_server_exceptions=True)
    with pytest.raises(AssertionError, match="passed on"):
        alone.get(url)


def test_the_table_text_is_the_encoded_json_on_many_hands() -> None:
    # the API's discard table is written from texts kept per tile; it must equal the
    # command's dicts encoded by json.dumps, on every rule set and hand size, with melds
    from mjasp.cli.shanten import shanten_json, shanten_text
    from mjasp.core.hand import Hand
    from mjasp.rules import find_rules

    hands = [str(h) for size in (14, 11, 8, 13, 2)
             for h in mjasp.sample_hands(15, size, seed=100 + size)]
    hands += ["23m456p789s11z [555m]", "1m [1111p] [2222s] [3333z] [7777z]", "0m5m123456p789s11z"]
    checked = 0
    for rules in sorted(RULES):
        for text in hands:
            for form, visible in ((None, ""), ("standard", "1m 5z")):
                args = (Hand.parse(text), visible, form, "table", find_rules(rules))
                try:
                    data = shanten_json(*args)
                except mjasp.MjaspError:
                    continue
                assert shanten_text(*args) == json.dumps(data, ensure_ascii=False), (text, rules)
                checked += 1
    assert checked > 500


def test_the_middleware_hands_every_command_of_the_api_to_the_apps_answer() -> None:
    # given the app's answer, the middleware answers each API command by it (a search,
    # a score: no Starlette routing), with its status, headers and bytes, and passes
    # everything else on (an unknown command's 404 and the page are the routes')
    asked: list[tuple[str, bytes]] = []

    async def answer(command: str, raw: bytes) -> web_app.Served:
        asked.append((command, raw))
        return 201, '{"n": 1}', [(b"server-timing", b"queue;dur=1.0, search;dur=2.0")]

    alone = TestClient(web_app.QuickAnswers(_passed_on, api=answer))
    response = alone.get("/api/score?q=123m456p789s11122z&win=2z")
    assert (response.status_code, response.content) == (201, b'{"n": 1}')
    assert response.headers["content-type"] == "application/json"
    assert response.headers["content-length"] == "8"
    assert response.headers["server-timing"] == "queue;dur=1.0, search;dur=2.0"
    assert asked == [("score", b"q=123m456p789s11122z&win=2z")]
    for url in ("/api/nope?q=1m", "/?q=1m"):
        with pytest.raises(AssertionError, match="passed on"):
            alone.get(url)
    # a table is still answered before the app's answer is asked
    assert alone.get("/api/shanten?q=123m456p789s1122z").json()["shanten"] == 0
    assert len(asked) == 1


def test_the_apps_errors_are_starlettes_json_text() -> None:
    # the answers the app words itself (busy, too long, a parameter twice) are the text
    # Starlette's JSONResponse would send for the same object
    from starlette.responses import JSONResponse

    for status, message, kind in ((503, "busy", "Busy"), (400, "twice ü", "RequestError")):
        code, text, headers = web_app._error_text(status, message, kind)
        expected = JSONResponse({"error": {"type": kind, "message": message,
                                           "position": None}}, status_code=status)
        assert (code, text.encode(), headers) == (status, expected.body, [])
