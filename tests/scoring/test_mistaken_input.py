"""Mistaken input never gives a wrong score: win files, the value types, the CLI's edges.

Each test names the rule it checks; expected values are worked by hand in the comments
or come from the same situation stated another way (flags against facts).
"""

from __future__ import annotations

import errno
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.cli import main
from mjasp.cli.app import ERROR_TYPES
from mjasp.core.errors import HandError, MjaspError
from mjasp.core.win import Win, WinError
from mjasp.rules.points import Payments
from mjasp.scoring.api import score
from mjasp.scoring.samples import random_wins

#: A closed 14-tile hand: 234m 567p 234s 678s 55m, riichi + pinfu + tanyao on a 2m ron.
HAND = 'hand("234m567p234678s55m"). win_tile("2m"). seat_wind(s).'


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def error_of(*args: str, code: int = 2) -> str:
    """The one-line error of a command line that must fail with ``code``."""
    got, out, err = run(*args)
    assert got == code and out == "" and len(err.splitlines()) == 1, (got, out, err)
    assert err.startswith("mjasp: error: "), err
    return err


def win_file(tmp_path: Path, text: str, name: str = "win.lp") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def points_of(*args: str) -> int:
    code, out, err = run("score", "--json", *args)
    assert code == 0, err
    return int(json.loads(out)["points"])


# -- win files -------------------------------------------------------------------------


@pytest.mark.parametrize(("extra", "message"), [
    # two facts of one situation predicate: never combined, never "not a complete hand"
    ("riichi(1). riichi(2).", r"riichi\(1\) \(.*\), riichi\(2\) .*at most one riichi"),
    ('win_tile("3m").', "at most one win_tile"),
    ("seat_wind(e).", "at most one seat_wind"),
    ("round_wind(e). round_wind(s).", "at most one round_wind"),
    ("honba(1). honba(2).", "at most one honba"),
    ("tsumo. tsumo(1).", r"tsumo/1 is not a situation fact"),
    # a number clingo would wrap at 32 bits (99999999999 parses as 1,215,752,191)
    ("honba(99999999999).", r"99999999999 is beyond clingo's integers"),
    ("riichi_sticks(4294967297).", r"4294967297 is beyond"),
    ("x(-99999999999).", r"99999999999 is beyond"),
    ("honba(-1).", "honba must be a non-negative integer, not -1"),
    ("riichi(3).", "riichi must be 0, 1 or 2"),
    # facts nothing reads, and what the encoding derives from the situation
    ("double_riichi.", r"nothing reads double_riichi/0"),
    ('dora("7s").', r"nothing reads dora/1"),
    ("seat(s).", r"seat/1 is derived .* from seat_wind/1"),
    ("seat(28).", r"seat/1 is derived"),
    ("dealer.", r"dealer/0 is derived"),
    # an indicator fact written twice: clingo would count it once, --dora 7s,7s twice
    ('dora_indicator("7s"). dora_indicator("7s").', r'dora_indicator\("7s",2\)'),
    ('riichi(1). ura_indicator("1m",2). ura_indicator("1m",2). dora_indicator("1z",4).',
     "repeats a fact"),
    ('dora_indicator("7s",0).', r'write dora_indicator\("7m"\)'),
    # situation facts are plain facts
    ("riichi(1) :- tiles_of(2).", "situation facts must be plain facts"),
    ("{ tsumo }.", "situation facts must be plain facts"),
    # no built-in yaku unless its own rule holds
    ('custom_yaku(riichi,"Riichi2","立直",yaku). found(riichi,1) :- tiles_of(0).',
     "riichi is a built-in yaku; give the custom yaku a name of its own"),
    ("found(riichi,1) :- tiles_of(2).", "riichi is a built-in yaku"),
    ("found(mine,1) :- tiles_of(2).", "mine is not declared by custom_yaku/4"),
    ("yaku(1,1).", "yaku/2 is the encoding's own"),
    ("yakuman_yaku(tanyao).", "yakuman_yaku/1 is the encoding's own"),
    # what the encoding derives for a score: 13 han of dora or a points total by hand
    ("dora_tiles(dora,x,13).", "dora_tiles/3 is derived by the scoring encoding"),
    ("points(99999).", "points/1 is derived by the scoring encoding"),
    # a variant that takes a tile of the hand out of play: no candidate, one line (it was
    # an internal error)
    ("absent(1).", "not a complete hand under the rules played"),
])
def test_a_mistaken_win_file_is_one_line(tmp_path: Path, extra: str, message: str) -> None:
    err = error_of("score", win_file(tmp_path, f"{HAND} {extra}"))
    assert re.search(message, err), err


def test_variant_hooks_still_work(tmp_path: Path) -> None:
    # what the shipped variants define, a user's variant may too: kuitan nashi removes
    # tanyao from the open hand 234m 678m 345p 55s [456s] (no yaku left: 0 points)
    hand = 'hand("234m678m345p55s"). meld(chi,"456s"). win_tile("5s"). seat_wind(s).'
    assert points_of(win_file(tmp_path, hand)) == 1000
    assert points_of(win_file(tmp_path, f"{hand} removed(tanyao) :- open_hand.", "k.lp")) == 0


def test_the_riichi_example_scores_no_riichi(tmp_path: Path) -> None:
    # the report's case: a custom yaku named riichi made a hand without riichi 8000
    err = error_of("score", win_file(tmp_path, f'{HAND} custom_yaku(riichi,"Riichi2","立直",'
                                               "yaku). found(riichi,1) :- tiles_of(0)."))
    assert "built-in yaku" in err


def test_an_indicator_twice_counts_as_the_flags_count_it(tmp_path: Path) -> None:
    # 7s shown twice: 8s is dora twice; the hand holds one 8s: 2 dora. Riichi, pinfu,
    # tanyao, dora 2 = 5 han: a non-dealer mangan ron, 8000 (one 7s: 4 han 30 fu, 7700)
    facts = points_of(win_file(tmp_path, f'{HAND} riichi(1). dora_indicator("7s",2).'))
    flags = points_of("234m567p234678s55m", "--win", "2m", "--seat", "S", "--riichi",
                      "--dora", "7s,7s")
    api = score("234m567p234678s55m", Win("2m", seat_wind="S", riichi=1,
                                          dora_indicators=("7s", "7s"))).points
    assert facts == flags == api == 8000
    once = points_of(win_file(tmp_path, f'{HAND} riichi(1). dora_indicator("7s").', "b.lp"))
    assert once == 7700


def test_every_situation_fact_is_read_like_its_flag(tmp_path: Path) -> None:
    # a daisangen tsumo by South with the liable East, two honba and a stick: the facts
    # and the flags give the same payments
    text = ('hand("123p11s"). meld(pon,"555z"). meld(pon,"666z"). meld(pon,"777z"). '
            'win_tile("1s"). '
            "tsumo. seat_wind(s). round_wind(e). liable(e). honba(2). riichi_sticks(1). "
            'dora_indicator("9p").')
    code, out, err = run("score", "--json", win_file(tmp_path, text))
    assert code == 0, err
    flags = run("score", "--json", "123p11s [555z] [666z] [777z]", "--win", "1s", "--tsumo",
                "--seat", "s", "--round", "e", "--liable", "e", "--honba", "2", "--sticks",
                "1", "--dora", "9p")
    assert json.loads(out)["payments"] == json.loads(flags[1])["payments"]


def test_the_documented_situation_facts_are_the_ones_read() -> None:
    from mjasp.core.facts import SITUATION
    from mjasp.solvers.scoring_asp import SITUATION_FACTS

    doc = (Path(__file__).parents[2] / "docs" / "win-files.md").read_text()
    for name in SITUATION:
        assert f"`{name}" in doc, name
    assert set(SITUATION) == set(SITUATION_FACTS)


# -- the Python API --------------------------------------------------------------------


@pytest.mark.parametrize("fields", [
    {"tsumo": "False"}, {"tsumo": 1}, {"riichi": 1, "ippatsu": "no"}, {"riichi": True},
    {"riichi": 1.0}, {"honba": "2"}, {"honba": 2.0}, {"honba": True}, {"honba": -1},
    {"riichi_sticks": None}, {"north_dora": False}, {"dora_indicators": "7m"},
    {"dora_indicators": ("7m", 7)}, {"dora_indicators": (["7m"],)},
    {"ura_indicators": "1m", "riichi": 1}, {"seat_wind": "east"}, {"seat_wind": 1},
    {"round_wind": ["E"]}, {"liable": "X"}, {"renhou": None}, {"robbed_north": "yes"},
    {"tile": 5}, {"tile": ["5m"]}, {"dora_indicators": {"7m"}},
])
def test_win_takes_only_its_documented_types(fields: dict[str, object]) -> None:
    with pytest.raises((ValueError, TypeError)):
        Win(**{"tile": "8s", **fields})  # type: ignore[arg-type]


def test_lower_case_winds_are_read_by_the_api_as_by_the_cli() -> None:
    assert Win("1z", seat_wind="s", round_wind="w", liable="e") == \
        Win("1z", seat_wind="S", round_wind="W", liable="E")
    # the CLI takes --seat s: both score a south seat's east-round ron alike
    api = score("123m456p789s11z222z", Win("1z", seat_wind="s")).points
    assert points_of("123m456p789s11z222z", "--win", "1z", "--seat", "s") == api


@pytest.mark.parametrize(("fields", "message"), [
    ({"riichi": 1, "dora_indicators": ("1m",), "ura_indicators": ("2m", "3m")},
     "2 ura indicators and 1 dora"),
    ({"riichi": 1, "ura_indicators": ("2m",)}, "1 ura indicators and 0 dora"),
    ({"riichi": 1, "dora_indicators": ("1m", "4p"), "ura_indicators": ("2m",)},
     "1 ura indicators and 2 dora"),
    ({"tsumo": True, "tenhou": True, "dora_indicators": ("1m", "2m")}, "at most one dora"),
    ({"tsumo": True, "chiihou": True, "seat_wind": "S", "dora_indicators": ("1m", "2m")},
     "at most one dora"),
    ({"renhou": True, "seat_wind": "S", "dora_indicators": ("1m", "2m")}, "at most one dora"),
])
def test_impossible_situations_are_refused(fields: dict[str, object], message: str) -> None:
    with pytest.raises(WinError, match=message):
        Win(**{"tile": "8s", **fields})  # type: ignore[arg-type]


@pytest.mark.parametrize("call", [
    lambda: mjasp.sample_hands(1, 13, seed=-1),
    lambda: mjasp.sample_hands(1, 13, seed=2**64),
    lambda: mjasp.sample_hands(1, 13, seed=1.5),  # type: ignore[arg-type]
    lambda: mjasp.sample_counts(1, 13, seed=-1),
    lambda: mjasp.random_winning_hands(-1),
    lambda: mjasp.random_winning_hands(2, seed=-1),
    lambda: mjasp.random_winning_hands(True),
    lambda: random_wins(-1),
    lambda: random_wins(1, seed=True),
])
def test_seeds_and_counts_out_of_range_are_refused(call: object) -> None:
    with pytest.raises(HandError):
        call()  # type: ignore[operator]


# -- the payment rule of liability (pao) -----------------------------------------------


@pytest.mark.parametrize("solver", ["direct", "asp"])
def test_the_liable_player_pays_the_honba(solver: str) -> None:
    # the report's case: daisangen (pon 5z, 6z, 7z from East), a 2m ron by North off West,
    # two honba. 32000 split 16000/16000; the liable East pays both honba, 600:
    # discarder 16000, liable 16600, total 32600
    s = mjasp.score("111m22m [555z] [666z] [777z]",
                    Win("2m", seat_wind="N", liable="E", honba=2), solver=solver)
    assert s.payments == Payments(16000, 0, 0, 0, 32600, liable=16600)


# -- the command line ------------------------------------------------------------------


def test_score_has_limits(tmp_path: Path) -> None:
    # a local yaku whose rule grounds a hundred million atoms
    runaway = win_file(tmp_path, f'{HAND} custom_yaku(big,"Big","大",yaku). '
                                 "found(big,1) :- n(X), X < 0. n(1..100000000).", "runaway.lp")
    err = error_of("score", runaway, "--time-limit", "1", code=3)
    assert "time limit" in err
    err = error_of("score", "--time-limit", "nan", runaway)
    assert "not a finite number" in err


def test_a_closed_pipe_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    # the reader of the output has gone (mjasp shanten X | head -1): writing raises
    # EPIPE; click alone would exit 1, the code of a disagreement
    import mjasp.cli.decompose as command

    def closed(*args: object, **kwargs: object) -> None:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    monkeypatch.setattr(command, "echo_readings", closed)
    code, out, err = run("decompose", "11122233344455m")
    assert (code, out, err) == (0, "", "")
    # and a real process with its reader gone
    process = subprocess.Popen([sys.executable, "-m", "mjasp", "generate", "-m", "13", "-n",
                                "20000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.close()
    assert process.wait(timeout=120) == 0
    assert process.stderr is not None and process.stderr.read() == b""


@pytest.mark.parametrize("args", [
    ["waits", "123m", "--rules", "nope"], ["count", "--tiles", "-1"],
    ["generate", "--format", "ids", "--tiles", "3"], ["score", "123m", "--bogus"],
    ["decompose", "11122233344455x"], ["score", "123m456p789s11z22z", "--win", "5z"],
    ["rules", "nope"], ["draw", "1m", "--scale", "inf"], ["solve"],
])
def test_json_error_types_are_a_closed_set(args: list[str]) -> None:
    code, out, _ = run(*args, "--json")
    assert code == 2
    kind = json.loads(out)["error"]["type"]
    assert kind in ERROR_TYPES and kind not in ("BadParameter", "UsageError", "NoSuchOption")


@pytest.mark.parametrize(("args", "message"), [
    (["draw", "1m", "--scale", "1000"], "not in the range"),
    (["draw", "1m", "--scale", "inf"], "not in the range"),
    (["draw", "1m", "--scale", "nan"], "not a finite number"),
    (["draw", "2m", "--rules", "tenhou-3p"], "2m is not in the tenhou-3p tile set"),
    (["solve", "x.lp", "--time-limit", "inf"], "not in the range"),
    (["solve", "x.lp", "--time-limit", "nan"], "not a finite number"),
    (["solve", "x.lp", "--memory-limit", str(2**64)], "not in the range"),
])
def test_numbers_are_bounded_and_finite(args: list[str], message: str) -> None:
    assert message in error_of(*args)


def test_variant_files_follow_a_hand() -> None:
    # riichi, pinfu, tanyao, dora: 4 han 30 fu, 7700; kiriage makes it a mangan, 8000
    hand = ["234m567p234678s55m", "--win", "2m", "--seat", "S", "--riichi", "--dora", "4p"]
    assert points_of(*hand) == 7700
    assert points_of(*hand, "kiriage.lp") == 8000
    assert points_of(*hand, "--option", "kiriage=true") == 8000
    assert points_of(*hand, "--option", "kiriage=true", "--solver", "asp") == 8000
    assert points_of(*hand, "--option", "kiriage=off") == 7700


@pytest.mark.parametrize(("args", "message"), [
    (["234m567p234678s5m", "--win", "2m"], r"has 13: write every tile, the winning one "
                                           r"included \(add 2m\)"),
    (["--option", "kiriag=true", "123m"], "unknown option 'kiriag'"),
    (["--option", "kiriage", "123m"], "write NAME=VALUE"),
    (["--option", "kiriage=maybe", "123m"], "kiriage is true or false"),
    (["--option", "name=x", "123m"], "unknown option 'name'"),
])
def test_score_messages(args: list[str], message: str) -> None:
    assert re.search(message, error_of("score", *args))


def test_a_directory_is_a_directory(tmp_path: Path) -> None:
    folder = tmp_path / "wins.lp"
    folder.mkdir()
    assert "is a directory" in error_of("score", str(folder))
    assert "is a directory" in error_of("score", str(tmp_path), "--win", "1m")


def test_help_shows_the_real_default_rules() -> None:
    _, out, _ = run("score", "--help")
    assert "[default: tenhou]" in " ".join(out.split())


def test_requirements_are_worded_as_requirements() -> None:
    with pytest.raises(MjaspError, match="renhou needs a closed hand"):
        mjasp.score("123m456p789s11z [222z]", Win("1z", seat_wind="S", renhou=True),
                    rules=mjasp.RULES["tenhou"].replace(renhou="mangan"))
