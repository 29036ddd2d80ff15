"""The expected-value requests (``/api/advise``): the worker calls the command's own
function, which must print what the command line prints; kept answers are keyed by the
normalised request; the same search asked twice at once runs once."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mjasp.web import commands as web_commands

pytestmark = pytest.mark.skipif("advise" not in web_commands.commands(),
                                reason="mjasp.advise is not installed")


def _command_line(params: dict[str, str]) -> web_commands.Answer:
    """What ``mjasp advise ... --json`` prints, run as a worker runs it (its own limits
    off), through click's parsing of the whole command line."""
    return web_commands._run("advise", _args(params))


# few draws: the search is small, and the cases still cover every option and shape
INVOKED = [
    {"q": "123m456p789s11223z", "draws": "3"},                       # tenpai, 14 tiles
    {"q": "123m456p789s1122z", "draws": "4"},                        # 13 tiles
    {"q": "1134666m5p1207s24z", "draws": "2", "dora": "4m", "seat": "s", "round": "S"},
    {"q": "23406m456p789s1z5z", "draws": "3", "visible": "1z 1z 5z", "riichi": "never"},
    {"q": "123m456p789s11223z", "draws": "3", "rules": "MahjongSoul"},  # an alias, any case
    {"q": "123m456p789s11223z", "draws": "3", "model": "mahjong-cpp"},
    {"q": "123m456p789s11223z", "draws": "3", "explain": "3z"},
    {"q": "123m456p789s11122z"},                                     # complete
    {"q": "1119m11p123789s12z", "draws": "2", "rules": "tenhou-3p"},
]


@pytest.mark.parametrize("params", INVOKED)
def test_the_commands_function_prints_what_the_command_line_prints(
        params: dict[str, str]) -> None:
    expected = _command_line(params)
    assert expected.status == 200, expected.text
    assert web_commands._invoke("advise", params) == expected.text  # byte for byte


@pytest.mark.parametrize("params", [
    {"q": "123x"},                                   # not a hand
    {"q": "123m456p789s1122z", "draws": "99"},       # draws out of range
    {"q": "123m456p789s1122z", "seat": "Q"},         # no such wind
    {"q": "123m456p789s12z"},                        # 12 tiles
    {"q": "123m456p789s11223z", "explain": "9m"},    # not a tile of the hand
])
def test_bad_input_is_left_to_the_command_line(params: dict[str, str]) -> None:
    assert web_commands._invoke("advise", params) is None
    expected = _command_line(params)
    assert expected.status == 400 and '"error"' in expected.text
    # the worker's job: the command line words the error
    assert web_commands._answer("advise", _args(params), params) \
        == (expected.status, expected.text)


def test_a_parameter_advise_has_not_is_not_invoked() -> None:
    assert web_commands._invoke("advise", {"q": "123m456p789s1122z", "tsumo": "1"}) is None


def _args(params: dict[str, str]) -> list[str]:
    args = web_commands.arguments("advise", params)
    args[-2:-2] = ["--time-limit", "0", "--memory-limit", "0"]
    return args


def test_the_same_state_written_two_ways_is_one_key() -> None:
    page = {"q": "1134666m5p1207s24z", "seat": "E", "round": "E", "rules": "tenhou",
            "dora": "", "visible": ""}
    link = {"q": "5p1207s24z1134666m", "seat": "e"}    # tiles in another order, defaults left out
    assert web_commands._key("advise", page) == web_commands._key("advise", link)
    assert web_commands._key("advise", page) != web_commands._key("advise", {**link, "draws": "16"})
    assert web_commands._key("advise", page) != web_commands._key(
        "advise", {**link, "rules": "mahjongsoul"})
    # what does not convert is keyed as given (the command line words its error), with
    # the rule set its preset's name stands for now
    assert web_commands._key("advise", {"q": "12x"})[:2] == ("advise", (("q", "12x"),))


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, str]]]:
    """The searches started (a stand-in for the worker: 0.3 s each), with an empty cache."""
    started: list[dict[str, str]] = []

    def search(command: str, params: Any, time_limit: float, workers: Any,
               begun: float | None = None) -> web_commands.Answer:
        started.append(dict(params))
        time.sleep(0.3)
        return web_commands.Answer(200, f'{{"n": {len(started)}}}')

    monkeypatch.setattr(web_commands, "_run_in_worker", search)
    monkeypatch.setattr(web_commands, "_cache", web_commands._Cache(16))
    yield started


def test_a_kept_answer_serves_the_same_state_written_another_way(
        searches: list[dict[str, str]]) -> None:
    first = web_commands.run_command("advise", {"q": "1134666m5p1207s24z", "seat": "E"})
    again = web_commands.run_command("advise", {"q": "5p1207s24z1134666m"})
    assert len(searches) == 1 and again is first


def test_the_same_search_asked_twice_at_once_runs_once(
        searches: list[dict[str, str]]) -> None:
    answers: list[web_commands.Answer] = []

    def ask(q: str) -> None:
        answers.append(web_commands.run_command("advise", {"q": q}, time_limit=30))

    threads = [threading.Thread(target=ask, args=(q,))
               for q in ("1134666m5p1207s24z", "5p1207s24z1134666m", "1134666m5p1207s24z")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(searches) == 1
    assert [a.text for a in answers] == ['{"n": 1}'] * 3
    # another state is another search
    web_commands.run_command("advise", {"q": "1134666m5p1207s25z"})
    assert len(searches) == 2


def test_waiting_for_the_same_search_keeps_its_own_time_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the search runs until the late request has answered: that one answered at its own
    # limit, not at the search's end, whatever the machine's load
    started: list[dict[str, str]] = []
    release = threading.Event()

    def search(command: str, params: Any, time_limit: float, workers: Any,
               begun: float | None = None) -> web_commands.Answer:
        started.append(dict(params))
        assert release.wait(60), "the late request did not answer within a minute"
        return web_commands.Answer(200, f'{{"n": {len(started)}}}')

    monkeypatch.setattr(web_commands, "_run_in_worker", search)
    monkeypatch.setattr(web_commands, "_cache", web_commands._Cache(16))
    first: list[web_commands.Answer] = []
    leader = threading.Thread(target=lambda: first.append(
        web_commands.run_command("advise", {"q": "1134666m5p1207s24z"}, time_limit=30)))
    leader.start()
    while not started:  # the first search has started
        time.sleep(0.01)
    began = time.monotonic()
    late = web_commands.run_command("advise", {"q": "1134666m5p1207s24z"}, time_limit=0.05)
    waited = time.monotonic() - began
    assert not release.is_set() and not first  # the search had not ended
    release.set()
    assert late.status == 504 and "time limit" in late.data()["error"]["message"]
    assert waited >= 0.05 - 0.01  # its own limit (less the clock's grain)
    leader.join()
    assert first[0].status == 200 and len(started) == 1


def test_a_search_kept_by_another_server_process_is_not_searched_again(
        searches: list[dict[str, str]], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    monkeypatch.setattr(web_commands, "_shared", web_commands._Folder(str(tmp_path), 16))
    monkeypatch.setattr(web_commands, "_shared_checked", True)
    first = web_commands.run_command("advise", {"q": "1134666m5p1207s24z"})
    # another process: its own kept answers are empty, the folder is shared
    monkeypatch.setattr(web_commands, "_cache", web_commands._Cache(16))
    again = web_commands.run_command("advise", {"q": "5p1207s24z1134666m"})
    assert len(searches) == 1 and again == first
    assert len(list(tmp_path.iterdir())) == 1  # one file, no partial one left


def test_the_shared_folder_keeps_at_most_its_size(tmp_path: Path) -> None:
    folder = web_commands._Folder(str(tmp_path), 10)
    for n in range(64):  # the 64th write trims to the 10 most recent
        folder.put(("advise", str(n)), web_commands.Answer(200, f"{n}"))
        os.utime(folder._file(("advise", str(n))), (n, n))  # ages in writing order
    assert len(list(tmp_path.iterdir())) == 10
    assert folder.get(("advise", "63")) == web_commands.Answer(200, "63")
    assert folder.get(("advise", "53")) is None


def test_a_damaged_shared_file_is_no_answer(tmp_path: Path) -> None:
    folder = web_commands._Folder(str(tmp_path), 10)
    Path(folder._file(("advise", "1m"))).write_bytes(b"not a status")
    assert folder.get(("advise", "1m")) is None
