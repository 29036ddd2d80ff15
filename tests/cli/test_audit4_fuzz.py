"""Bad input at every command, by hand and by hypothesis: near-valid mpsz, melds of every
wrong shape, wrong option values, files that are missing, directories, binary or huge,
broken ``.lp`` programs, broken batch files and game logs.

The promise (docs/cli.md, "Errors and exit codes"): exit 0, or exit 1/2/3 with one line
(``mjasp: error: ...`` on stderr, or one JSON ``{"error": ...}`` line under ``--json``),
never a traceback, never exit 70 ("internal error"), never a hang. The first tests are the
crashes these properties found, each reduced to its smallest input.
"""

from __future__ import annotations

import functools
import json
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from mjasp.cli import main
from mjasp.cli.app import ERROR_TYPES
from tests.conftest import shared_data
from tests.core.test_fuzz import _EXAMPLES, SETTINGS, check_outcome

H13 = "123m456p789s1123z"
H14 = "123m456p789s11222z"  # complete: 2z the winning tile


def invoke(args: list[str]) -> Any:
    start = time.monotonic()
    result = CliRunner().invoke(main, args)
    check_outcome(args, result, time.monotonic() - start)
    return result


def refused(args: list[str], words: str) -> None:
    """``args`` is bad input: exit 2, one line naming ``words``; under ``--json`` the
    same error as one JSON object of the documented shape."""
    result = invoke(args)
    assert result.exit_code == 2, (args, result.exit_code, result.stderr)
    assert words in result.stderr, result.stderr
    as_json = invoke([*args, "--json"])
    assert as_json.exit_code == 2 and as_json.stderr == ""
    error = json.loads(as_json.stdout)["error"]
    assert set(error) == {"type", "message", "position"} and error["type"] in ERROR_TYPES
    assert words in error["message"]


# -- the crashes found, each the smallest input ----------------------------------------


def test_advise_visible_with_hundreds_of_copies_is_a_hand_error() -> None:
    # 256 copies do not fit the byte counts of the search (was: exit 70, "bytes must be
    # in range(0, 256)"); a kind has four copies, so five already are too many
    refused(["advise", H13, "--visible", "1" * 256 + "m", "--draws", "1"], "1m")
    refused(["advise", H13, "--visible", "1" * 5 + "m", "--draws", "1"], "1m")


@pytest.mark.parametrize("value", ["nan", "inf", "1e20"])
def test_advise_time_limit_is_a_finite_number_of_seconds(value: str) -> None:
    # as mjasp solve and mjasp score take it (was: exit 70, "cannot convert float NaN to
    # integer" / "timestamp too large")
    refused(["advise", H13, "--draws", "1", "--time-limit", value], "--time-limit")


def test_advise_memory_limit_has_the_ceiling_of_the_other_commands() -> None:
    refused(["advise", H13, "--draws", "1", "--memory-limit", str(2**20 + 1)],
            "--memory-limit")


def test_logs_table_output_that_is_a_file_is_refused(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    taken = tmp_path / "taken"
    taken.write_text("not a directory")
    # was: exit 70, "FileExistsError: [Errno 17] File exists"
    refused(["logs", "table", str(taken), "-o", str(taken)], "taken")
    refused(["logs", "table", str(taken), "-o", str(taken / "below")], "taken")


@pytest.mark.parametrize("command", ["decompose", "shanten", "waits", "score"])
def test_batch_file_that_is_not_utf8_answers_its_good_lines(command: str,
                                                             tmp_path: Path) -> None:
    # a Latin-1 comment and a line of bytes: each bad line is its own error and the good
    # line is answered (was: exit 70, UnicodeDecodeError, no line answered)
    batch = tmp_path / "hands.txt"
    good = {"score": f'{{"hand": "{H14}", "win": {{"tile": "2z"}}}}', "waits": H13}.get(
        command, H14)
    batch.write_bytes(b"# caf\xe9\n" + good.encode() + b"\n\xff\xfe123m\n")
    result = CliRunner().invoke(main, [command, "--batch", str(batch)])
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 2 and "error" not in lines[0], lines
    assert lines[1]["line"] == 3 and lines[1]["error"]["type"] in ERROR_TYPES


# -- properties: every command, adversarial words --------------------------------------

#: Hands near valid notation: bad digits and suits, too many copies, empty, unicode,
#: huge, and melds in brackets and parentheses of every wrong shape.
HANDS = ["", " ", "0z", "8z", "9z", "10m", "5555m", "55555m", "0000m", "00000m", "0m0m0m0m0m",
         "１２３m", "123ｍ", "123M", "m", "123", "1" * 400 + "m", "-1m", "1.5m", "123mm",
         H13, H14, H14 + "\x00", "\u202e" + H14, "123m 456p", "123m,456p", "19m19p19s1234567z",
         "123m456p11z[789s]", "123m456p11z[78s]", "123m456p11z[7899s]", "123m456p11z[777s",
         "123m456p11z777s]", "123m456p11z(777s)", "123m456p11z(7777s)", "123m456p11z[777z]",
         "123m456p11z[123z]", "123m456p11z[]", "123m456p11z()", "123m456p11z[[777s]]",
         "123m456p11z[0000m]", "123m456p11z[550m]", "123m456p11z[406m]", "[5055m]1m",
         "[777s][888s][999s][111s][222s]", "(1111z)(2222z)(3333z)(4444z)(5555z)",
         "11m[123m][123m][123m][123m]", "123m[1111m](1111m)", "[11m]1m", "(123m)1m", "()[]",
         "0p0p0p0p0s0s0s0s11z22z"]
#: Tile lists (dora, visible, a winning or kan tile), right and wrong.
TILES = ["", ",", "0z", "8z", "10m", "5m", "0m", "x", "5555m", "0m,0m,0m,0m,0m", "0m0m",
         "1m,,2m", "[123m]", "1m 2m", "１m", "1" * 300 + "m", "0p0p0p", "7m,3z"]
NUMBERS = ["-1", "0", "1", "2", "69", "70", "nan", "inf", "1e309", "1.5", "x", "",
           "99999999999999999999"]
OPTIONS = ["", "=", "kiriage", "kiriage=", "=true", "kiriage=maybe", "kiriage=true=1",
           "red_fives=", "red_fives=1,1", "red_fives=9,9,9", "red_fives=5,5,5",
           "red_fives=a,b,c", "red_fives=,,", "red_fives=1,1,1,1", "players=5", "players=3",
           "players=99999999999999999999", "double_yakuman=foo", "name=x", "x=y", "ｋiriage=1"]
RULES = ["tenhou", "sanma", "wrc", "mahjongsoul-3p", "chiitoitsu-quad", "x", "", "TENHOU"]
WINDS = ["e", "E", "N", "X", "", "east", "1"]


def words(values: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(values), st.text(max_size=8))


def maybe(flag: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return st.one_of(st.just([]), values.map(lambda v: [flag, v]))


#: Per command that reads a hand: its arguments and options as (flag, good values, bad
#: values); ``None`` is the positional argument. A command line starts sound and has a few
#: of these turned bad, so that most examples reach past click's own checks.
WINNING = ["123m456p789s11222z", "11122233344455m", "19m19p19s1234567z1z", "123m456p11z[789s]1z",
           "0m55m456p789s11222z", "22m33p44s(1111z)[555z][666z]"]
WAITING = ["123m456p789s1122z", "1112345678999m", "123m456p11z[789s]", "19m19p19s1234567z"]
SLOTS: dict[str, list[tuple[str | None, list[str], list[str]]]] = {
    "decompose": [(None, WINNING, HANDS),
                  ("--solver", ["fast", "backtrack-1", "inverse", "asp"], ["x", ""])],
    "shanten": [(None, WAITING + WINNING, HANDS), ("--visible", ["", "1m", "0p9s"], TILES),
                ("--form", ["standard", "chiitoitsu", "kokushi"], ["x", ""])],
    "waits": [(None, WAITING, HANDS)],
    "kan": [(None, ["111222333m4567p", "1111222333m4567p"], HANDS),
            (None, ["1m"], TILES)],
    "draw": [(None, WINNING + WAITING, HANDS),
             ("--scale", ["1", "0.5"], NUMBERS), ("--reading", ["1", "2"], NUMBERS),
             ("--format", ["svg"], ["x", "", "SVG"])],
    "score": [(None, ["123m456p789s11222z", "123m456p222z11z[789s]", "0m55m456p789s11222z",
                      "19m19p19s1234567z2z", "11223344556677z"], HANDS),
              ("--win", ["1z", "2z"], TILES),
              ("--dora", ["", "1z", "7m,3z", "0m"], TILES), ("--ura", [""], TILES),
              ("--seat", ["e", "S"], WINDS), ("--round", ["e", "s"], WINDS),
              ("--honba", ["0", "2"], NUMBERS), ("--sticks", ["0", "1"], NUMBERS),
              ("--north", ["0"], NUMBERS),
              ("--option", ["kiriage=true", "red_fives=0,0,0"], OPTIONS),
              ("--option", ["double_yakuman=none"], OPTIONS)],
    # a few draws keep the search short
    "advise": [(None, ["123m456p789s1123z", "123m456p789s11223z", "0m55m456p789s1123z"],
                HANDS),
               ("--draws", ["1", "2"], NUMBERS), ("--visible", ["", "1m", "0p9s"], TILES),
               ("--dora", ["", "1z", "0m"], TILES), ("--seat", ["e", "w"], WINDS),
               ("--option", ["kiriage=true", "red_fives=0,0,0"], OPTIONS),
               ("--explain", ["1z", "3z"], TILES)],
}
#: The parts every command line has (the rest are left out two times in three).
ALWAYS = {None, "--win", "--draws"}
#: Put on every command line: the picture on standard output (no file is written where
#: the tests run); advice answered in this process (no limits: no child process).
FIXED = {"draw": ["-o", "-"], "advise": ["--time-limit", "0", "--memory-limit", "0"]}
#: Flags a command takes, any of them together.
FLAGS = {"score": ["--tsumo", "--riichi", "--ippatsu", "--haitei", "--houtei", "--rinshan",
                   "--chankan", "--double-riichi", "--tenhou", "--chiihou", "--renhou",
                   "--robbed-north"]}


@st.composite
def hand_commands(draw: st.DrawFn) -> list[str]:
    """A command that reads a hand: a sound command line with at most two parts bad."""
    command = draw(st.sampled_from(sorted(SLOTS)))
    slots = [*SLOTS[command], ("--rules", ["tenhou", "wrc", "tenhou-3p"], RULES)]
    bad_parts = draw(st.sets(st.integers(0, len(slots) - 1), max_size=2))
    args = [command, *FIXED.get(command, [])]
    for n, (flag, good, bad) in enumerate(slots):
        if n not in bad_parts and flag not in ALWAYS and not draw(st.integers(0, 2)):
            continue  # an option left out
        value = draw(words(bad) if n in bad_parts else st.sampled_from(good))
        args += [value] if flag is None else [flag, value]
    args += draw(st.lists(st.sampled_from(FLAGS.get(command) or ["--json"]), max_size=3,
                          unique=True))
    return args + draw(st.sampled_from([[], ["--json"]]))


@SETTINGS
@given(args=hand_commands())
def test_hand_commands_refuse_near_valid_input_in_one_line(args: list[str]) -> None:
    invoke(args)


@st.composite
def number_commands(draw: st.DrawFn) -> list[str]:
    """The commands of numbers: each option a wrong or edge value (the heavy valid values
    of stats, forms and verify are kept small)."""
    number = words(NUMBERS)
    # (generate -n 10**20 is a valid request for endless output, not bad input)
    small = st.sampled_from(["-1", "0", "1", "2", "x", "nan", "", "1.5", "0x10"])
    return draw(st.one_of(
        st.tuples(st.just("count"), st.just("-m"), number,
                  *[maybe("--option", words(OPTIONS)), maybe("--rules", words(RULES))]),
        st.tuples(st.just("generate"), maybe("-m", number), maybe("-n", small),
                  maybe("--seed", number), maybe("--players", number)),
        st.tuples(st.just("stats"), st.just("-m"), small, maybe("--players", number)),
        st.tuples(st.just("forms"), st.just("--melds"), small,
                  st.sampled_from([[], ["--list", "--limit", "3"], ["--count"]])),
        st.tuples(st.just("verify"), st.just("--no-suits"), st.just("--hands"), small,
                  maybe("--seed", number), maybe("--sample", small)),
        st.tuples(st.just("rules"), maybe("--diff", words(RULES)), words(RULES)),
    ).map(lambda parts: [w for p in parts for w in ([p] if isinstance(p, str) else p)]))


@SETTINGS
@given(args=number_commands(), as_json=st.booleans())
def test_number_commands_refuse_bad_numbers_in_one_line(args: list[str],
                                                        as_json: bool) -> None:
    invoke(args + ["--json"] * as_json)


# -- properties: files ---------------------------------------------------------------

#: ``.lp`` programs that are wrong in every way clingo or mjasp can refuse.
PROGRAMS = ['hand("11122233344455m")', 'hand("11122233344455m").', 'hand("0z").', "hand(1).",
            'hand("123m"). hand("456p").', '#include "missing.lp".', '#include "folder".',
            '#include "self.lp".', "p(X) :- not q(X).", "x(X).", '#script (lua)\n#end.',
            "&foo{ a }.", "#const n=3. p(1..n).", "n(1..100000000).", "x(99999999999999999999).",
            'meld(foo,"123m").', 'count("1m",99).', 'win_tile("9z").', 'win_tile(2).',
            '#program foo.', "#external a.", "#heuristic a. [1,true]", ":- .", "%* open",
            'hand("234m567p234678s55m"). win_tile("2m").']


@st.composite
def files(draw: st.DrawFn, folder: Path) -> str:
    """A path in ``folder``: missing, a folder, empty, binary, a BOM, a broken program, a
    name too long, or a file of many lines."""
    kind = draw(st.sampled_from(["missing", "folder", "bytes", "program", "program",
                                 "long name", "many lines"]))
    path = folder / f"f{len(list(folder.iterdir()))}.lp"
    if kind == "missing":
        return str(path)
    if kind == "folder":
        path.mkdir()
    elif kind == "long name":
        return str(folder / ("x" * 300 + ".lp"))
    elif kind == "bytes":
        path.write_bytes(draw(st.one_of(st.binary(max_size=60),
                                        st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff\xfe1m"]))))
    elif kind == "many lines":
        path.write_text(draw(st.sampled_from(["% x\n", "1m\n", H14 + "\n"])) * 20_000)
    else:
        path.write_text("\n".join(draw(st.lists(st.sampled_from(PROGRAMS), min_size=1,
                                                max_size=3))))
    return str(path)


@st.composite
def file_commands(draw: st.DrawFn, folder: Path) -> list[str]:
    """A command that reads (or writes) a file, given one of ``files``."""
    (folder / "folder").mkdir(exist_ok=True)
    (folder / "self.lp").write_text('#include "self.lp".')
    path = draw(files(folder))
    return draw(st.sampled_from([
        ["solve", path, "--time-limit", "5"],
        ["solve", path, draw(files(folder)), "--time-limit", "5"],
        ["score", path, "--time-limit", "5"],
        ["score", H14, path, "--win", "2z", "--time-limit", "5"],
        ["decompose", "--batch", path], ["shanten", "--batch", path],
        ["waits", "--batch", path], ["score", "--batch", path, "--win", "2z"],
        ["draw", H14, "-o", path],
    ])) + draw(st.sampled_from([[], ["--json"]]))


def batch_outcome(args: list[str], result: Any) -> None:
    """``--batch``: one JSON line per hand line, a bad one ``{"line": N, "error": ...}``,
    exit 2 if any was bad; a file that cannot be opened is the usual one-line error."""
    assert result.exit_code in (0, 2), (args, result.exit_code, result.stderr)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    if result.stderr or [set(row) for row in rows] == [{"error"}]:  # not opened
        check_outcome(args, result, 0)
        return
    bad = [row for row in rows if "error" in row]
    assert result.exit_code == (2 if bad else 0), (args, result.exit_code)
    for row in bad:
        assert set(row) == {"line", "error"} and row["error"]["type"] in ERROR_TYPES


# (fewer: solve and score FILE.lp start a process each)
@settings(SETTINGS, max_examples=int(_EXAMPLES or 60))
@given(data=st.data())
def test_file_commands_refuse_bad_files_in_one_line(data: st.DataObject,
                                                    tmp_path_factory: pytest.TempPathFactory
                                                    ) -> None:
    args = data.draw(file_commands(tmp_path_factory.mktemp("files")))
    if "--batch" in args:
        start = time.monotonic()
        result = CliRunner().invoke(main, args)
        assert time.monotonic() - start < 20, args
        batch_outcome(args, result)
    else:
        invoke(args)


# -- properties: game logs cut short or garbled ----------------------------------------

GAME = "2020080212gm-00a9-0000-82c7d512.mjlog"


@functools.cache
def game_texts() -> dict[str, bytes]:
    """One real Tenhou game in the three formats the readers take."""
    import mjasp.logs as logs

    path = shared_data(f"logs/{GAME}")
    game = logs.read(path)
    return {"mjlog": path.read_bytes(),
            "tenhou6": json.dumps(logs.write_tenhou6(game), ensure_ascii=False).encode(),
            "mjai": logs.mjai_text(game).encode()}


@st.composite
def garbled(draw: st.DrawFn) -> tuple[str, bytes]:
    """A game log cut short, with bytes changed, or with a span left out."""
    name = draw(st.sampled_from(["mjlog", "tenhou6", "mjai"]))
    data = game_texts()[name]
    how = draw(st.sampled_from(["cut", "change", "leave out"]))
    at = draw(st.integers(0, len(data) - 1))
    if how == "cut":
        return name, data[:at]
    if how == "leave out":
        return name, data[:at] + data[at + draw(st.integers(1, 300)):]
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + draw(st.sampled_from(list(b'0123456789-",.[]{}<>/= x\xff'))
                                ).to_bytes(1, "big") + data[at + 1:]
    return name, data


@settings(SETTINGS, max_examples=int(_EXAMPLES or 60))
@given(log=garbled(), as_json=st.booleans())
def test_logs_check_reports_a_garbled_log_as_one_error(log: tuple[str, bytes],
                                                       as_json: bool,
                                                       tmp_path_factory: pytest.TempPathFactory
                                                       ) -> None:
    name, data = log
    path = tmp_path_factory.mktemp("logs") / f"game.{'xml' if name == 'mjlog' else name}"
    path.write_bytes(data)
    args = ["logs", "check", str(path)] + ["--json"] * as_json
    result = CliRunner().invoke(main, args)
    # 0: it still reads and agrees; 1: a changed number disagrees; 2: refused
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output)
    assert "internal error" not in result.output and "Traceback" not in result.output
    if as_json:
        summary = json.loads(result.stdout)
        assert len(summary["errors"]) == (result.exit_code == 2)
        assert all(set(e) == {"file", "message"} for e in summary["errors"])
    else:
        lines = result.stderr.splitlines()
        assert len(lines) == (result.exit_code == 2), (args, result.stderr)
        assert all(line.startswith("mjasp: error: ") for line in lines)
