"""A user's own rule file (docs/rules.md, "A yaku of your own"; examples/local_yaku/): the
hooks of ``exclusions.lp`` that name a yaku (``removed/1``, ``double/1``, ``alone/1``) must
name one, built-in or the file's own. A misspelt name (``removed(tanyoa)``) derived an atom
no rule reads, so the rule the user wrote was silently dropped and the hand scored as if
the file said nothing; ``alone(Y)`` of a misspelt name set every yaku aside (0 points).
Each is one line and exit code 2 (``mjasp score``), an ``EncodingError`` (the API).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from mjasp.core.errors import EncodingError
from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.scoring.api import score_files

pytest.importorskip("clingo")

# 123m 456p 789s 222z 55z, ron on 3m (penchan), South seat, East round: seat wind South 1
# han; fu 20 + menzen ron 10 + penchan 2 + dragon pair 2 + closed honor triplet 8 = 42 ->
# 50: a non-dealer's 50 * 2^(2+1) * 4 = 1600 (https://riichi.wiki/Japanese_mahjong_scoring_rules)
HAND = ["123m456p789s22255z", "--win", "3m", "--seat", "s"]
MINE = 'custom_yaku(mine,"Mine","M",yaku).\nfound(mine,2) :- hold(28,3).\n'


def _score(tmp_path: Path, text: str) -> tuple[int, str]:
    path = tmp_path / "my_rules.lp"
    path.write_text(text)
    result = CliRunner().invoke(main, ["score", *HAND, str(path)])
    return result.exit_code, result.output


@pytest.mark.parametrize(("text", "name"), [
    # before: 1600 (the South wind yaku kept: the rule dropped unsaid)
    ("removed(seat_sout).\n", "seat_sout"),
    (MINE + "removed(seat_sout) :- found(mine,_).\n", "seat_sout"),
    # before: 1600 (double names nothing found)
    ("double(kokushi13).\n", "kokushi13"),
    # before: 0 points (every yaku set aside for a yaku no hand has)
    (MINE + "alone(mein) :- found(mine,_).\n", "mein"),
])
def test_a_hook_naming_no_yaku_is_one_line(tmp_path: Path, text: str, name: str) -> None:
    code, out = _score(tmp_path, text)
    assert code == 2, out
    assert out.startswith("mjasp: error: ") and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1
    assert f"{name} is no yaku" in out and "my_rules.lp:" in out


def test_the_api_refuses_it_too(tmp_path: Path) -> None:
    path = tmp_path / "my_rules.lp"
    path.write_text("removed(tanyoa).\n")
    with pytest.raises(EncodingError, match="tanyoa is no yaku"):
        score_files([str(path)], None, (), Hand.parse("123m456p789s22255z"),
                    Win("3m", seat_wind="S"))


@pytest.mark.parametrize(("text", "points", "yaku"), [
    # the South wind yaku removed by name: no yaku left, 0 points
    ("removed(seat_south).\n", 0, []),
    # the file's own yaku (2 han) replaces the South wind: 2 han 50 fu, 50 * 2^4 * 4 = 3200
    (MINE + "removed(seat_south) :- found(mine,_).\n", 3200, ["Mine"]),
    # the file's own yaku scored alone (2 han): 3200; a shipped local yaku named: no change
    (MINE + "alone(mine) :- found(mine,_).\n", 3200, ["Mine"]),
    ("removed(sanpuukou).\n", 1600, ["Seat wind South"]),
])
def test_a_hook_naming_a_yaku_is_played(tmp_path: Path, text: str, points: int,
                                        yaku: list[str]) -> None:
    code, out = _score(tmp_path, text)
    assert code == 0, out
    head = out.splitlines()[0]
    assert (f": {points} (ron)" in head) if points else head.startswith("0 points"), out
    for name in yaku:
        assert name in out


ROOT = Path(__file__).resolve().parents[2]
UUMENSAI = str(ROOT / "examples" / "local_yaku" / "uumensai.lp")
FIVE_GATES = str(ROOT / "examples" / "local_yaku" / "five_gates_win.lp")


@pytest.mark.parametrize("files", [[*HAND, UUMENSAI], [FIVE_GATES, UUMENSAI]])
def test_a_file_asked_of_the_asp_engine_is_played(files: list[str]) -> None:
    # --solver asp names the engine that plays files: was refused ("leave out --solver");
    # 123m 456p 789s 222z 55z with uumensai 2 han (examples/local_yaku/README.md): with
    # the South wind 3 han 50 fu, 50 * 2^5 * 4 = 6400; the win file's East seat 2 han, 3200
    result = CliRunner().invoke(main, ["score", *files, "--solver", "asp"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].endswith(
        ": 6400 (ron)" if files[0] == HAND[0] else ": 3200 (ron)")


@pytest.mark.parametrize("files", [[*HAND, UUMENSAI], [FIVE_GATES, UUMENSAI], [FIVE_GATES]])
def test_a_file_asked_of_the_direct_engine_is_declined(files: list[str]) -> None:
    # the direct engine plays no file: asked for by name it was silently replaced by the
    # ASP engine (DESIGN.md: a fast path does not decline silently)
    result = CliRunner().invoke(main, ["score", *files, "--solver", "direct"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "played by the ASP engine, not the direct one" in result.output


def test_alone_of_a_yaku_the_hand_lacks_sets_nothing_aside(tmp_path: Path) -> None:
    # 123m 456p 789s 111z 55z, ron on 3m, South seat, East round: round wind East 1 han, fu
    # 20 + 10 + penchan 2 + dragon pair 2 + closed honor triplet 8 = 42 -> 50: 1600. The
    # file's yaku (a triplet of 2z) is not in the hand, so alone(mine) has nothing to keep
    # alone: was 0 points (every yaku set aside for a yaku the hand lacks)
    path = tmp_path / "my_rules.lp"
    path.write_text(MINE + "alone(mine).\n")
    result = CliRunner().invoke(main, ["score", "123m456p789s11155z", "--win", "3m",
                                       "--seat", "s", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "50 fu 1 han: 1600 (ron)", result.output
