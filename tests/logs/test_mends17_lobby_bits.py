"""Tenhou lobby types with bits above 0xff (real records carry 257 and 2113): refused in
one line that names the type and suggests ``--rules``, read under ``--rules`` with the
unknown bits reported (a note), not fatal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import mjasp.logs
from mjasp.cli.app import main
from mjasp.logs import LogError
from tests.conftest import shared_data

NAME = "2010081709gm-00a9-0000-fe3371ad"


def _with_type(tmp_path: Path, lobby: int) -> Path:
    text = shared_data(f"logs/{NAME}.mjlog").read_text(encoding="utf-8")
    assert '<GO type="169"' in text
    path = tmp_path / f"{NAME}.mjlog"
    path.write_text(text.replace('<GO type="169"', f'<GO type="{lobby}"'), encoding="utf-8")
    return path


def test_refused_without_rules_in_one_line(tmp_path: Path) -> None:
    path = _with_type(tmp_path, 0x800 | 169)  # 2217: a known lobby plus an unknown bit
    with pytest.raises(LogError, match=r"lobby type 2217 \(0x8a9\): mjasp does not know the "
                                       r"rules of its bits 0x800; give them with --rules NAME$"):
        mjasp.logs.read(path)
    result = CliRunner().invoke(main, ["logs", "check", str(path)])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "2217" in result.stderr and "--rules" in result.stderr


@pytest.mark.parametrize("lobby", [0x100 | 169, 0x800 | 169])
def test_read_under_given_rules_as_the_known_lobby(tmp_path: Path, lobby: int) -> None:
    plain = CliRunner().invoke(main, ["logs", "check", "--json",
                                      str(shared_data(f"logs/{NAME}.mjlog"))])
    path = _with_type(tmp_path, lobby)
    given = CliRunner().invoke(main, ["logs", "check", "--json", "--rules", "tenhou",
                                      str(path)])
    assert given.exit_code == plain.exit_code == 0, given.output
    ours, theirs = json.loads(given.stdout), json.loads(plain.stdout)
    assert ours["notes"] == [f"{NAME}.mjlog: Tenhou lobby type {lobby} (0x{lobby:x}): bits "
                             f"0x{lobby & ~0xff:x} not known to mjasp, played under --rules "
                             "tenhou"]
    for key in ("games", "rounds", "rounds_agree", "wins", "wins_agree", "errors"):
        assert ours[key] == theirs[key]
    assert theirs["rounds"] > 0 and theirs["notes"] == []
    text = CliRunner().invoke(main, ["logs", "check", "--rules", "tenhou", str(path)])
    assert text.exit_code == 0 and text.stderr.startswith("mjasp: note: ")


def test_mjai_lobby_type_above_0xff(tmp_path: Path) -> None:
    game = mjasp.logs.read(shared_data(f"logs/{NAME}.mjlog"))
    lines = mjasp.logs.mjai_text(game).splitlines()
    start = json.loads(lines[0])
    assert start["lobby_type"] == 169
    lines[0] = json.dumps(dict(start, lobby_type=257 | 0x08))
    with pytest.raises(LogError, match=r"line 1: unknown Tenhou lobby type 265 \(0x109\): .* "
                                       r"bits 0x100; give them with --rules NAME$"):
        mjasp.logs.read_mjai(lines, "x.mjson")
    read = mjasp.logs.read_mjai(lines, "x.mjson", rules_given=True)
    assert read.players == 4 and len(read.rounds) == len(game.rounds)
