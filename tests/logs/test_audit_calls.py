"""Calls whose tiles make no such meld, or taken from a seat the call cannot take from.

A chi is a run of three tiles in one suit, the third taken from the discard of the
player on the left (https://riichi.wiki/Chii); three players have no chi ("No chii",
https://riichi.wiki/Sanma); a pon is three tiles of one kind and an open kan four, taken
from another player's discard (https://riichi.wiki/Pon, https://riichi.wiki/Kan). An
MJAI record names a call's tiles freely: before, mjasp took the named tiles from the
hand and scored the meld as a run or set from their lowest tile (a "chi" 1m 5m + 3m
became 123m), a silently wrong table; now such a record is one ``LogError``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import mjasp.logs as logs
from mjasp.cli import main

HANDS = [["1m", "3m", "6m", "8m", "2p", "4p", "6p", "8p", "2s", "4s", "6s", "8s", "E"],
         ["1m", "2m", "4m", "5m", "3p", "5p", "7p", "9p", "3s", "5s", "7s", "9s", "S"],
         ["3m", "4m", "5m", "9m", "3p", "5p", "7p", "9p", "2s", "4s", "7s", "8s", "W"],
         ["2m", "4m", "6m", "8m", "2p", "4p", "6p", "8p", "3s", "5s", "6s", "8s", "N"]]


def _record(call: dict[str, object], players: int = 4) -> list[str]:
    # E1, dealer seat 0: it draws 7z and discards 3m; ``call`` takes it; the caller
    # discards its wind; the round is then aborted (a draw whose reason is none known).
    # Three players have no 2m-8m (https://riichi.wiki/Sanma): their 2m-8m are pinzu
    hands = [[_sanma(t) if players == 3 else t for t in h] for h in HANDS[:players]]
    caller = int(str(call["actor"]))
    wind = HANDS[caller][-1]
    events: list[dict[str, object]] = [
        {"type": "start_game", "names": list("ABCD"[:players]),
         **({"players": 3} if players == 3 else {})},
        {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
         "oya": 0, "scores": [25000 if players == 4 else 35000] * players,
         "dora_marker": "9p", "tehais": hands},
        {"type": "tsumo", "actor": 0, "pai": "C"},
        {"type": "dahai", "actor": 0, "pai": _sanma("3m") if players == 3 else "3m",
         "tsumogiri": False},
        call,
        {"type": "dahai", "actor": caller, "pai": wind, "tsumogiri": False},
        {"type": "ryukyoku", "deltas": [0] * players},
        {"type": "end_kyoku"}, {"type": "end_game"}]
    return [json.dumps(e) for e in events]


def _sanma(tile: str) -> str:
    return tile[0] + "p" if tile[1:] == "m" and tile[0] in "2345678" else tile


def test_a_chi_of_a_run_from_the_left_seat_is_played() -> None:
    game = logs.read_mjai(_record({"type": "chi", "actor": 1, "target": 0, "pai": "3m",
                                   "consumed": ["2m", "4m"]}))
    checked = logs.check_game(game)
    assert checked.rounds == 1 and checked.mismatches == []
    *_, (_, state) = game.rounds[0].replay()
    assert [(m.kind, m.tiles) for m in state.melds[1]] == [("chi", (1, 2, 3))]


@pytest.mark.parametrize(("call", "players", "message"), [
    # 1m 5m + 3m: no run (before: read as the run 123m)
    ({"type": "chi", "actor": 1, "target": 0, "pai": "3m", "consumed": ["1m", "5m"]}, 4,
     "seat 1's chi 1m5m3m: its tiles are not a run of three in one suit"),
    # seat 2 sits across from seat 0: it may pon seat 0's tile, not chi it
    ({"type": "chi", "actor": 2, "target": 0, "pai": "3m", "consumed": ["4m", "5m"]}, 4,
     "seat 2's chi 4m5m3m: a chi takes the left seat's discard, not seat 0's"),
    # 4m 5m + 3m is a run, not a pon (before: read as the pon 333m)
    ({"type": "pon", "actor": 2, "target": 0, "pai": "3m", "consumed": ["4m", "5m"]}, 4,
     "seat 2's pon 4m5m3m: its tiles are not 3 of one kind"),
    # three players: no chi at all, even of a run from the left seat
    ({"type": "chi", "actor": 1, "target": 0, "pai": "3p", "consumed": ["2p", "4p"]}, 3,
     "seat 1's chi 2p4p3p: three players have no chi"),
])
def test_a_call_that_makes_no_such_meld_is_one_log_error(
        call: dict[str, object], players: int, message: str, tmp_path: Path) -> None:
    lines = _record(call, players)
    game = logs.read_mjai(lines, "call.mjson")
    with pytest.raises(logs.LogError) as error:
        logs.check_game(game)
    assert str(error.value) == f"E1: {message}"
    # the command line: the file's one error line, exit 2, no traceback
    path = tmp_path / "call.mjson"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["logs", "check", str(path), "--json"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert [e["message"] for e in json.loads(result.output)["errors"]] == [
        f"call.mjson: E1: {message}"]


def _three_rons() -> list[str]:
    # the record of test_three_rons_on_one_discard_are_an_abortive_draw (seat 0 discards
    # 7m declaring riichi, seats 1-3 all wait on it) with three wins written instead of
    # Tenhou's abortive draw, the game ending there; the wins carry no payments
    from tests.logs.test_audit_settlements import triple_ron_record

    game = logs.read_mjlog(triple_ron_record(), "ron3.mjlog")
    lines = logs.mjai_text(game).splitlines()
    cut = next(i for i, line in enumerate(lines) if '"ryukyoku"' in line)
    horas = [json.dumps({"type": "hora", "actor": a, "target": 0, "pai": "7m"})
             for a in (1, 2, 3)]
    return [*lines[:cut], *horas, '{"type":"end_kyoku"}', '{"type":"end_game"}']


def test_three_rons_on_one_discard_are_reported_under_tenhous_rules_only() -> None:
    # Tenhou aborts the round on three rons (三家和了, https://riichi.wiki/Tenhou.net_rules):
    # a Tenhou record showing three wins is reported (before, it agreed); Mahjong Soul
    # lets all three win (riichi.wiki's Mahjong Soul page, abortive draws: "Three-player
    # Ron (Sanchahou): No"), so the same record under its rules agrees
    from mjasp.logs.run import with_rules

    tenhou = logs.check_game(logs.read_mjai(_three_rons(), "ron3.mjson"))
    assert [(m.what, m.log, m.mjasp) for m in tenhou.mismatches] == [
        ("three rons on one discard", [1, 2, 3], "an abortive draw")]
    soul = logs.check_game(with_rules(logs.read_mjai(_three_rons(), "ron3.mjson"),
                                      "mahjongsoul"))
    assert soul.mismatches == [] and [w.who for w in soul.wins] == [1, 2, 3]
