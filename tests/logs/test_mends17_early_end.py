"""A whole Tenhou record (its final scores given) that stops before the game's end, with
no score below zero, is a "the game ends early" mismatch. Judged for human players'
lobbies only (the 0x01 bit; hand-built records use 168/184, without it), with the length
the lobby gives (0x08: east-south) or, where a tenhou.net/6 room name says neither, the
shorter one ("length unknown").

The expected ends are read here from the raw records: a cut record keeps its first
rounds, and its next round's ``INIT ten`` (scores in hundreds) says nobody fell below
zero."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import mjasp.logs
from mjasp.logs import check_game
from tests.conftest import shared_data

NAME = "2010081709gm-00a9-0000-fe3371ad"
THREE = Path(__file__).parent / "peer_records" / "tenhou-3p-2014091101gm-00b9-0000-5ca6b487.mjlog"
_ROUND_END = re.compile(r"<(?:AGARI|RYUUKYOKU) [^>]*?/>")


def _cut(text: str, rounds: int, lobby: int | None = None) -> tuple[str, list[int]]:
    """The record stopped after its first ``rounds`` rounds, ended there (an ``owari``
    on the last round's end tag); the scores the next round starts with."""
    ends = list(_ROUND_END.finditer(text))
    inits = re.findall(r'<INIT [^>]*?ten="([^"]*)"', text)
    scores = [int(x) for x in inits[rounds].split(",")]
    assert min(scores) >= 0  # nobody below zero: no end by Tenhou's rules here
    end = ends[rounds - 1]
    owari = ",".join(f"{s},0.0" for s in scores)
    tag = end.group(0)[:-2].rstrip() + f' owari="{owari}" />'
    out = text[:end.start()] + tag + "</mjloggm>"
    if lobby is not None:
        out = re.sub(r'<GO type="\d+"', f'<GO type="{lobby}"', out)
    return out, scores


def _early(text: str, source: str = f"{NAME}.mjlog") -> list[tuple[str, str, str]]:
    game = mjasp.logs.read_bytes(text.encode(), source)
    return [(m.round, m.log, m.mjasp) for m in check_game(game).mismatches
            if m.what == "the game ends early"]


def _shared() -> str:
    return shared_data(f"logs/{NAME}.mjlog").read_text(encoding="utf-8")


def test_whole_records_are_not_reported() -> None:
    for path in [*sorted(shared_data("logs").glob("*.mjlog")), THREE]:
        if "-no-" in path.name:
            continue  # (the cut-short copies have no final scores)
        game = mjasp.logs.read(path)
        assert not [m for m in check_game(game).mismatches
                    if m.what == "the game ends early"], path.name


def test_a_hanchan_cut_after_east_2_is_reported() -> None:
    text, _ = _cut(_shared(), 2)  # lobby 169: human players, east-south
    assert _early(text) == [("E2", "ends after E2", "the game plays to S4 at least; no "
                             "score fell below zero")]


def test_an_east_only_game_cut_after_east_2_is_reported() -> None:
    text, _ = _cut(_shared(), 2, lobby=169 & ~0x08)
    assert _early(text) == [("E2", "ends after E2", "the game plays to E4 at least; no "
                             "score fell below zero")]


def test_a_hanchan_cut_after_its_last_east_hand_goes_on() -> None:
    text = _shared()
    names = [f"{'ESWN'[int(s) // 4]}{int(s) % 4 + 1}" for s in
             re.findall(r'<INIT seed="(\d+),', text)]
    rounds = names.index("S1")  # the rounds up to East 4 and its honba
    text, _ = _cut(text, rounds)
    found = _early(text)
    assert len(found) == 1 and found[0][2] == "the game plays to S4 at least; no score " \
        "fell below zero"


def test_without_the_human_bit_nothing_is_judged() -> None:
    text, _ = _cut(_shared(), 2, lobby=168)
    assert _early(text) == []


def test_three_players_cut_early() -> None:
    text = THREE.read_text(encoding="utf-8")
    assert '<GO type="185"' in text  # human players, east-south, three players
    cut, _ = _cut(text, 1)
    found = _early(cut, THREE.name)
    assert len(found) == 1 and found[0][2] == "the game plays to S3 at least; no score " \
        "fell below zero"


def test_tenhou6_judged_by_its_ref_and_length_unknown() -> None:
    text, _ = _cut(_shared(), 2)
    game = mjasp.logs.read_bytes(text.encode(), f"{NAME}.mjlog")
    doc = mjasp.logs.write_tenhou6(game)
    assert doc["ref"] == NAME  # Tenhou's export names its game so
    ours = mjasp.logs.read_tenhou6(json.dumps(doc), "x.json")
    assert [m.mjasp for m in check_game(ours).mismatches
            if m.what == "the game ends early"] == [
        "the game plays to S4 at least; no score fell below zero"]
    # a room name that says neither east-only nor east-south: the shorter length
    doc["rule"]["disp"] = "鳳喰赤"
    ours = mjasp.logs.read_tenhou6(json.dumps(doc), "x.json")
    assert [m.mjasp for m in check_game(ours).mismatches
            if m.what == "the game ends early"] == [
        "the game plays to E4 at least (length unknown: the room names no east-only or "
        "east-south); no score fell below zero"]
    # no Tenhou log id: whether the players were human is unknown, nothing judged
    del doc["ref"]
    ours = mjasp.logs.read_tenhou6(json.dumps(doc), "x.json")
    assert not [m for m in check_game(ours).mismatches if m.what == "the game ends early"]


@pytest.mark.parametrize("lobby", [168, 169])
def test_mjai_judged_by_its_lobby_type(lobby: int) -> None:
    text, _ = _cut(_shared(), 2, lobby=lobby)
    game = mjasp.logs.read_bytes(text.encode(), f"{NAME}.mjlog")
    lines = mjasp.logs.mjai_text(game).splitlines()
    assert json.loads(lines[0])["lobby_type"] == lobby
    ours = mjasp.logs.read_mjai(lines, "x.mjson")
    found = [m for m in check_game(ours).mismatches if m.what == "the game ends early"]
    assert len(found) == (lobby & 0x01)
