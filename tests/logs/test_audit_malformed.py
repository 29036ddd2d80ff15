"""Malformed records in the formats the readers accept: each is one ``LogError`` naming
the place (and ``mjasp logs check`` exits 2 with one line), never a crash in the replay.

Each record is a real Tenhou game (converted to tenhou.net/6 JSON or MJAI lines by
mjasp's writers) with one field broken the way a hand-edited or foreign-tool log breaks:
a list where a number belongs, a list of the wrong length, a seat past the table.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mjasp.logs as logs
from mjasp.cli import main
from tests.conftest import shared_data

GAME = "2020080212gm-00a9-0000-82c7d512.mjlog"


def _data() -> Path:
    return shared_data(f"logs/{GAME}")


@pytest.fixture(scope="module")
def tenhou6() -> dict[str, Any]:
    return logs.write_tenhou6(logs.read(_data()))


@pytest.fixture(scope="module")
def mjai() -> list[str]:
    return logs.mjai_text(logs.read(_data())).splitlines()


def _refused(data: str, words: str) -> None:
    with pytest.raises(logs.LogError, match=words):
        logs.check_game(logs.read_bytes(data.encode(), "bad.json"))


def test_the_unbroken_records_read(tenhou6: dict[str, Any], mjai: list[str]) -> None:
    # the fixtures themselves are sound: every win agrees after the round trip
    for text in (json.dumps(tenhou6), "\n".join(mjai)):
        checked = logs.check_game(logs.read_bytes(text.encode()))
        assert checked.wins_agree == len(checked.wins) == 10


def test_round_score_not_a_number(tenhou6: dict[str, Any]) -> None:
    doc = copy.deepcopy(tenhou6)
    doc["log"][0][1][1] = [25000]  # the second of the four starting scores
    _refused(json.dumps(doc), r"round E1: scores: .* is not 4 whole numbers")


def test_round_scores_one_short(tenhou6: dict[str, Any]) -> None:
    doc = copy.deepcopy(tenhou6)
    del doc["log"][0][1][3]
    _refused(json.dumps(doc), r"round 1: scores holds 3 numbers, a 4-player game has 4$")


def test_win_score_changes_one_short(tenhou6: dict[str, Any]) -> None:
    doc = copy.deepcopy(tenhou6)
    result = doc["log"][0][-1]
    assert result[0] == "和了"
    del result[1][0]  # the seats' score changes
    _refused(json.dumps(doc), r"round 1: deltas holds 3 numbers, a 4-player game has 4$")


def test_rule_not_an_object(tenhou6: dict[str, Any]) -> None:
    doc = dict(tenhou6, rule=["鳳南喰赤"])
    _refused(json.dumps(doc), r'"rule" is not an object')


def test_names_not_a_list(tenhou6: dict[str, Any]) -> None:
    doc = dict(tenhou6, name=7)
    _refused(json.dumps(doc), r'"name" is not a list')


def test_call_entry_without_its_letter(tenhou6: dict[str, Any]) -> None:
    doc = copy.deepcopy(tenhou6)
    takes = doc["log"][0][5]  # seat 0's draw column holds the pon "p474747"
    takes[takes.index("p474747")] = "474747"
    _refused(json.dumps(doc), r"round 1: .*without its letter")


def test_mjai_player_count_off_the_table(mjai: list[str]) -> None:
    start = json.loads(mjai[0])
    lines = [json.dumps(dict(start, players=104)), *mjai[1:]]
    _refused("\n".join(lines), r"104 players")


def test_mjai_win_before_any_tile(mjai: list[str]) -> None:
    # a hora right after start_kyoku, without "pai": no tile it could have won on
    cut = next(i for i, line in enumerate(mjai) if '"tsumo"' in line)
    lines = [*mjai[:cut], json.dumps({"type": "hora", "actor": 0, "target": 0}),
             json.dumps({"type": "end_kyoku"}), json.dumps({"type": "end_game"})]
    _refused("\n".join(lines), r"wins before any tile")


def test_cli_reports_one_line_and_goes_on(tmp_path: Path,
                                          tenhou6: dict[str, Any]) -> None:
    doc = copy.deepcopy(tenhou6)
    doc["log"][0][1][1] = [25000]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    result = CliRunner().invoke(main, ["logs", "check", str(bad)])
    assert result.exit_code == 2, result.stderr
    assert result.stderr.count("\n") == 1 and "scores" in result.stderr
    assert "internal error" not in result.stderr


def test_yaku_entry_not_text(tenhou6: dict[str, Any]) -> None:
    doc = copy.deepcopy(tenhou6)
    detail = doc["log"][0][-1][2]  # [winner, from, liable, points, yaku...]
    detail[4] = 5
    _refused(json.dumps(doc), r"round 1: ")


def test_a_round_played_twice(mjai: list[str]) -> None:
    # the second round renamed as the first (E1, E1): the tables keyed by round name
    # picked the wrong round's events for its wins and crashed
    starts = [i for i, line in enumerate(mjai) if '"start_kyoku"' in line]
    second = json.loads(mjai[starts[1]])
    first = json.loads(mjai[starts[0]])
    lines = list(mjai)
    lines[starts[1]] = json.dumps(dict(second, bakaze=first["bakaze"], kyoku=first["kyoku"],
                                       honba=first["honba"]))
    _refused("\n".join(lines), r"round E1: a second round")


def _mutate(doc: Any, rng: random.Random) -> None:
    """Change one field somewhere in ``doc``: a value of another type or size, a removed
    or doubled element, a number off by a little or a lot."""
    path: list[tuple[Any, Any]] = []
    node = doc
    while isinstance(node, list | dict) and node and rng.random() < 0.85:
        key = rng.randrange(len(node)) if isinstance(node, list) else rng.choice(list(node))
        path.append((node, key))
        node = node[key]
    if not path:
        return
    parent, key = path[-1]
    roll = rng.random()
    if roll < 0.3:
        parent[key] = rng.choice([0, -1, 5, 37, 53, 60, 136, 999, "x", "", None, [], {}, 1.5])
    elif roll < 0.5 and isinstance(parent, list):
        del parent[key]
    elif roll < 0.7 and type(node) is int:
        parent[key] = node + rng.choice([-1, 1, 10, -10, 100])
    elif roll < 0.85 and isinstance(parent, list):
        parent.insert(key, node)
    else:
        parent[key] = [node]


def test_mutated_records_are_read_or_refused(tenhou6: dict[str, Any],
                                             mjai: list[str]) -> None:
    # 400 seeded mutations of the real game in both formats: each is read and checked,
    # or refused with a LogError; any other exception is a crash a user would meet
    rng = random.Random(2024)
    crashes = []
    for n in range(400):
        if n % 2:
            doc = copy.deepcopy(tenhou6)
            for _ in range(rng.randint(1, 3)):
                _mutate(doc, rng)
            text = json.dumps(doc)
        else:
            lines = list(mjai)
            k = rng.randrange(len(lines))
            event = json.loads(lines[k])
            _mutate(event, rng)
            lines[k] = json.dumps(event)
            text = "\n".join(lines)
        try:
            logs.check_game(logs.read_bytes(text.encode()))
        except logs.LogError:
            pass
        except Exception as error:  # every other exception is a crash to report
            crashes.append((n, repr(error)))
    assert crashes == []


#: Every integer field of an MJAI event the reader takes, as (event type, field, path to
#: the number inside the field's value: () for a plain number).
INTEGER_FIELDS = [
    ("start_game", "players", ()), ("start_game", "lobby_type", ()),
    ("start_kyoku", "kyoku", ()), ("start_kyoku", "honba", ()),
    ("start_kyoku", "kyotaku", ()), ("start_kyoku", "oya", ()), ("start_kyoku", "scores", (2,)),
    ("tsumo", "actor", ()), ("dahai", "actor", ()), ("reach", "actor", ()),
    ("pon", "actor", ()), ("pon", "target", ()), ("hora", "actor", ()), ("hora", "target", ()),
    ("hora", "deltas", (3,)), ("hora", "fu", ()), ("hora", "points", ()),
    ("hora", "limit", ()), ("hora", "yaku", (0, 1)), ("end_game", "scores", (1,)),
]


def _with_number(mjai: list[str], kind: str, field: str, path: tuple[int, ...],
                 number: float) -> tuple[str, int]:
    """The stream with ``number`` put in ``field`` of the first ``kind`` event, and the
    line it is on."""
    lines = list(mjai)
    k = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == kind)
    event = json.loads(lines[k])
    if path:
        parent = event[field]
        for step in path[:-1]:
            parent = parent[step]
        parent[path[-1]] = number
    else:
        event[field] = number
    lines[k] = json.dumps(event)
    return "\n".join(lines), k + 1


@pytest.mark.parametrize(("kind", "field", "path"), INTEGER_FIELDS,
                         ids=[f"{k}.{f}" for k, f, _ in INTEGER_FIELDS])
def test_a_number_with_a_fraction_is_no_integer(mjai: list[str], kind: str, field: str,
                                                path: tuple[int, ...]) -> None:
    # 1.5 where MJAI has an integer: it used to be read as 1 (or kept as 1.5, for the
    # fields stored as they came); now the line and the field are named
    text, line = _with_number(mjai, kind, field, path, 1.5)
    with pytest.raises(logs.LogError,
                       match=rf"^bad\.json: line {line}: {field}: 1\.5 is not a whole number$"):
        logs.read_bytes(text.encode(), "bad.json")


@pytest.mark.parametrize(("kind", "field", "path"), INTEGER_FIELDS,
                         ids=[f"{k}.{f}" for k, f, _ in INTEGER_FIELDS])
def test_a_whole_number_written_with_a_point_reads_as_the_integer(
        mjai: list[str], kind: str, field: str, path: tuple[int, ...]) -> None:
    # 2.0 is the number 2 in JSON: read as the integer itself, the game unchanged
    original = json.loads(next(line for line in mjai if json.loads(line)["type"] == kind))
    value = original[field]
    for step in path:
        value = value[step]
    text, _ = _with_number(mjai, kind, field, path, float(value))
    assert logs.read_bytes(text.encode()) == logs.read_bytes("\n".join(mjai).encode())


def _player_view(lines: list[str], seat: int) -> list[str]:
    # the stream as MJAI sends it to one seat: the others' dealt hands and draws hidden
    view = []
    for line in lines:
        e = json.loads(line)
        if e["type"] == "start_kyoku":
            e["tehais"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(e["tehais"])]
        if e["type"] == "tsumo" and e["actor"] != seat:
            e["pai"] = "?"
        view.append(json.dumps(e))
    return view


@pytest.mark.parametrize("players", [4, 3])
def test_a_player_view_is_refused_saying_why(tmp_path: Path, mjai: list[str],
                                             players: int) -> None:
    # a four-player game, and riichienv's three-player record, as seat 1 sees them
    full = mjai if players == 4 else Path(__file__).with_name("peer_records").joinpath(
        "riichienv-3p-kita.mjson").read_text(encoding="utf-8").splitlines()
    assert len(json.loads(next(x for x in full if "start_kyoku" in x))["tehais"]) == players
    _refused("\n".join(_player_view(full, 1)), r"line 2: '\?' is a hidden tile: this MJAI "
             r"stream is one player's view")
    bad = tmp_path / "view.mjson"
    bad.write_text("\n".join(_player_view(full, 1)) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["logs", "check", str(bad)])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "one player's view" in result.stderr and "internal error" not in result.stderr
