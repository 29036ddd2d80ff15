"""MJAI events with a seat or a per-seat list beyond the table: one line naming the
event's line and the field (a seat out of range was an IndexError's "tuple index out of
range", a five-score list was cut to four and read)."""

import json
from pathlib import Path

import pytest

import mjasp.logs
from mjasp.logs import LogError
from tests.conftest import shared_data

PEERS = Path(__file__).parent / "peer_records"


def _lines(three: bool) -> list[str]:
    if three:  # RiichiEnv's bare start_game, told the table (as mjasp's writer does)
        lines = (PEERS / "riichienv-3p-kita.mjson").read_text().splitlines()
        assert json.loads(lines[0]) == {"type": "start_game"}
        return [json.dumps({"type": "start_game", "players": 3}), *lines[1:]]
    game = mjasp.logs.read(shared_data("logs/2010081709gm-00a9-0000-fe3371ad.mjlog"))
    return mjasp.logs.mjai_text(game).splitlines()


def _broken(three: bool, types: tuple[str, ...], field: str,
            value: object) -> tuple[list[str], int]:
    lines = _lines(three)
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event["type"] in types:
            event[field] = value
            lines[i] = json.dumps(event)
            return lines, i + 1  # MJAI lines counted from 1
    raise AssertionError(f"no {types} event")


@pytest.mark.parametrize(("three", "types", "field", "value"), [
    (False, ("tsumo",), "actor", 4), (False, ("dahai",), "actor", 4),
    (False, ("pon", "chi"), "actor", 4), (False, ("pon", "chi"), "target", 4),
    (False, ("reach",), "actor", 4), (False, ("hora",), "actor", 5),
    (False, ("hora",), "target", 7), (False, ("hora",), "pao", 7),
    (False, ("start_kyoku",), "oya", 4),
    (True, ("tsumo",), "actor", 3), (True, ("dahai",), "actor", 3),
    (True, ("hora",), "target", 3), (True, ("start_kyoku",), "oya", 3),
])
def test_seat_beyond_the_table(three: bool, types: tuple[str, ...], field: str,
                               value: int) -> None:
    lines, n = _broken(three, types, field, value)
    players = 3 if three else 4
    with pytest.raises(LogError) as caught:
        mjasp.logs.read_mjai(lines, "x.mjson")
    message = str(caught.value)
    assert "\n" not in message
    assert message == (f"x.mjson: line {n}: {field} {value} is not a seat of a "
                       f"{players}-player game (0-{players - 1})")


@pytest.mark.parametrize(("three", "types", "field", "count"), [
    (False, ("start_kyoku",), "scores", 5), (False, ("start_kyoku",), "scores", 3),
    (False, ("hora",), "deltas", 3), (False, ("ryukyoku",), "deltas", 5),
    (False, ("end_game",), "scores", 3), (True, ("start_kyoku",), "scores", 2),
    (True, ("hora",), "deltas", 5),
])
def test_per_seat_list_of_the_wrong_length(three: bool, types: tuple[str, ...], field: str,
                                           count: int) -> None:
    lines, n = _broken(three, types, field, [100] * count)
    players = 3 if three else 4
    with pytest.raises(LogError, match=f"^x.mjson: line {n}: {field} holds {count} numbers, "
                                       f"a {players}-player game has {players}$"):
        mjasp.logs.read_mjai(lines, "x.mjson")


def test_three_player_scores_with_the_empty_seat_read() -> None:
    # Tenhou writes a three-player table's scores with a fourth 0 (the empty seat)
    plain = mjasp.logs.read_mjai(_lines(True), "x.mjson")
    lines, _ = _broken(True, ("start_kyoku",), "scores", [*plain.rounds[0].scores, 0])
    assert mjasp.logs.read_mjai(lines, "x.mjson").rounds[0].scores == plain.rounds[0].scores
