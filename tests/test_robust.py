"""What a newcomer meets in the first hour: one regression test per problem fixed.

Expected readings come from the reference backtracker (``backtrack-dedupe``), never from
the ASP path under test; expected messages are the words a user must see.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import shlex
import subprocess
import sys
import time
import tomllib
from importlib import resources
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import mjasp
from mjasp.cli import main
from mjasp.core.errors import HandError, RulesError
from mjasp.core.facts import read_hand
from mjasp.core.hand import Hand, Meld, MeldKind

ROOT = Path(__file__).resolve().parents[1]
FOUR = str(ROOT / "examples" / "hands" / "four_readings.lp")
PYTHON = sys.executable


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def assert_one_line(code: int, out: str, err: str, pattern: str, exit_code: int = 2) -> None:
    assert code == exit_code and out == "", (code, out, err)
    assert len(err.splitlines()) == 1 and err.startswith("mjasp: error: "), err
    assert re.search(pattern, err), err


def write(tmp_path: Path, data: str | bytes, name: str = "x.lp") -> str:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return str(path)


def reference_count(hand: str) -> int:
    return len(mjasp.decompose(hand, solver="backtrack-dedupe"))


# -- set-up: the fresh-venv CI and the two tests that failed on a fresh machine -----------


def test_ci_runs_the_readme_test_command_in_a_fresh_venv() -> None:
    readme = (ROOT / "README.md").read_text()
    command = re.search(r"^    (pip install -e .*pytest.*)$", readme, re.M)
    assert command is not None
    ci = (ROOT / ".ci" / "run").read_text()
    assert command.group(1) in ci  # exactly the README's command
    # a brand-new venv in a temporary folder, entered before the command runs
    assert re.search(r"mktemp -d", ci) and re.search(r"-m venv \"\$scratch", ci)
    assert ci.index("activate") < ci.index(command.group(1))


def test_the_wheel_test_does_not_reach_past_a_venv() -> None:
    # --system-site-packages copies the *base* interpreter's packages, not the venv's
    source = (ROOT / "tests" / "test_wheel.py").read_text()
    assert not re.search(r"[\"']--system-site-packages[\"']", source)  # as an argument
    assert ".pth" in source  # the running interpreter's packages, reached by a path file


def test_runtime_dependencies_are_capped_below_their_next_major() -> None:
    # click 8.5 changed a type that broke mypy --strict; an unpinned major could break more
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for requirement in project["dependencies"]:
        assert "<" in requirement, requirement


# -- a variant with #minimize or a weak constraint keeps every reading ----------


@pytest.mark.parametrize("variant", [":~ form(standard). [1@1]",
                                     "#minimize{ 1,K : block(seq,K,_) }.",
                                     "#maximize{ M,K : block(trip,K,M) }."])
def test_optimisation_does_not_hide_readings(tmp_path: Path, variant: str) -> None:
    expected = reference_count("11122233344455m")
    assert expected == 4
    code, out, _ = run("solve", "--json", FOUR, write(tmp_path, variant))
    assert code == 0 and len(json.loads(out)["readings"]) == expected


# -- the source tree shadows neither the install nor the standard library --


def test_the_repository_root_does_not_shadow_the_encodings(tmp_path: Path) -> None:
    assert (ROOT / "encodings").is_symlink() and (ROOT / "solvers").is_symlink()
    assert not (ROOT / "mjasp" / "encodings" / "__init__.py").exists()
    code = ("import mjasp, importlib.resources as r; "
            "assert (r.files('mjasp') / 'encodings' / 'decompose.lp').is_file(); "
            "print(len(mjasp.decompose('11122233344455m', solver='asp')))")
    done = subprocess.run([PYTHON, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0 and done.stdout == "4\n", done.stderr
    done = subprocess.run([PYTHON, "-m", "mjasp", "decompose", "11122233344455m"], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("11122233344455m: 4 readings")


@pytest.mark.parametrize("statement", ["import solvers", "import solvers.lookup",
                                       "from solvers import table"])
def test_the_solvers_link_is_not_a_second_package(statement: str) -> None:
    # one copy of the engines (and of their caches): the link is for reading only
    done = subprocess.run([PYTHON, "-c", statement], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=60)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError") and "import mjasp.solvers instead" in last, last


def test_the_repository_on_pythonpath_leaves_the_standard_library_alone() -> None:
    done = subprocess.run([PYTHON, "-c", "import json, encodings; print(encodings.__file__)"],
                          cwd="/", env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0 and str(ROOT) not in done.stdout, done.stderr


# -- BOM, binary, Latin-1: one line, no PANIC, no traceback --------------------


@pytest.mark.parametrize(("data", "pattern"), [
    (b"\x7fELF\x02\x01\x01\x00\x00\x00\x00", r"binary file"),
    (b'hand("11122233344455m").\nfoo(\xe9', r"x\.lp:2: byte 0xe9 is not UTF-8"),
    (b'hand("1112223334445\xe9m").', r"x\.lp:1: byte 0xe9 is not UTF-8"),
    (b'\xef\xbb\xbfhand("11122233344455m").\nfoo(', r"x\.lp:\d: syntax error"),
])
def test_unreadable_files_are_one_line(tmp_path: Path, data: bytes, pattern: str) -> None:
    path = write(tmp_path, data)
    assert_one_line(*run("solve", path), pattern)
    # the real command too: clingo's PANIC would be written to the process's own stderr
    done = subprocess.run([PYTHON, "-m", "mjasp", "solve", path], capture_output=True,
                          text=True, check=False, timeout=120)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "PANIC" not in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_is_not_read_forever(tmp_path: Path) -> None:
    assert_one_line(*run("solve", "/dev/zero"), r"not a regular file")
    # included from a file, clingo reads it itself: the limits stop it
    include = write(tmp_path, 'hand("11122233344455m").\n#include "/dev/zero".\n')
    code, out, err = run("solve", "--time-limit", "3", "--memory-limit", "300", include)
    assert code in (2, 3) and out == "" and len(err.splitlines()) == 1, err


def test_a_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = write(tmp_path, b'\xef\xbb\xbfhand("11122233344455m").')
    code, out, _ = run("solve", path)
    assert code == 0 and out.startswith(f"11122233344455m: {reference_count('11122233344455m')} ")


# -- atoms a variant shows that are not readings ------------------------------


@pytest.mark.parametrize("variant", ["block(foo,1,1).", "form(bar).", "block(seq,1,a).",
                                     "block(pair,40,1).", "block(pair,1,100000000)."])
def test_shown_atoms_that_are_not_blocks_are_one_line(tmp_path: Path, variant: str) -> None:
    pattern = r"an answer set shows (block|form)\("
    assert_one_line(*run("solve", FOUR, write(tmp_path, variant)), pattern)


# -- str.isdigit digits ----------------------------------------------------------


@pytest.mark.parametrize("tile", ["²m", "１m", "٣p", "½s"])
def test_non_ascii_digits_are_not_tiles(tile: str) -> None:
    with pytest.raises(HandError):
        mjasp.tile_kind(tile)
    assert_one_line(*run("kan", "1112345678999m", tile), r"TILE")
    assert_one_line(*run("shanten", "123m456p789s1122z", "--visible", tile), r"visible tiles")
    assert_one_line(*run("decompose", tile + "11222333444m"), r"unknown character")


# -- the table builder's default folder ---------------------------------------


def test_the_table_builder_writes_where_the_tables_are_loaded_from() -> None:
    from mjasp.solvers import table

    shipped = Path(str(resources.files("mjasp") / "data" / table.DATA_FILE))
    assert shipped.is_file() and table.default_target() == shipped.parent


# -- runaway programs stop at the limits ------------------------------------------


@pytest.mark.parametrize("program", ["n(1..100000000).", "p(1). p(X+1) :- p(X).",
                                     "{ c(1..40) }."])
def test_a_runaway_program_stops_at_the_time_limit(tmp_path: Path, program: str) -> None:
    start = time.monotonic()
    outcome = run("solve", "--time-limit", "2", FOUR, write(tmp_path, program))
    assert time.monotonic() - start < 15
    assert_one_line(*outcome, r"time limit of 2 s", exit_code=3)


def test_a_grounding_that_eats_memory_stops_at_the_ceiling(tmp_path: Path) -> None:
    outcome = run("solve", "--time-limit", "60", "--memory-limit", "150", FOUR,
                  write(tmp_path, "n(1..100000000)."))
    assert_one_line(*outcome, r"memory limit of 150 MB", exit_code=3)


def test_limits_do_not_change_an_answer(tmp_path: Path) -> None:
    code, out, _ = run("solve", "--time-limit", "0", "--memory-limit", "0", FOUR)
    assert code == 0 and out.startswith("11122233344455m: 4 readings")


# -- progress on a terminal only ---------------------------------------------------


def on_terminal(*args: str) -> tuple[int, str]:
    """Run ``mjasp ARGS`` with stdout and stderr on a pseudo-terminal; (exit code, screen)."""
    leader, follower = pty.openpty()
    process = subprocess.Popen([PYTHON, "-m", "mjasp", *args], stdout=follower,
                               stderr=follower, stdin=subprocess.DEVNULL)
    os.close(follower)
    screen = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        try:
            chunk = os.read(leader, 4096) if ready else b""
        except OSError:
            chunk = b""  # the terminal closed: the process is done
        if not chunk:
            break
        screen += chunk
    os.close(leader)
    return process.wait(60), screen.decode(errors="replace")


@pytest.mark.slow  # over 5 s: the contributors' loop skips it, CI runs it
def test_a_long_solve_shows_a_clock_on_a_terminal_only(tmp_path: Path) -> None:
    slow = write(tmp_path, "{ c(1..40) }.")
    code, screen = on_terminal("solve", "--time-limit", "2", FOUR, slow)
    assert code == 3 and "grounding and solving ... 1 s" in screen
    code, screen = on_terminal("solve", "--json", "--time-limit", "2", FOUR, slow)
    assert code == 3 and "grounding" not in screen and '"LimitError"' in screen
    done = subprocess.run([PYTHON, "-m", "mjasp", "solve", "--time-limit", "2", FOUR, slow],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 3 and done.stderr.count("\n") == 1 and "..." not in done.stderr


def test_stats_draws_its_bar_on_a_terminal_only() -> None:
    code, screen = on_terminal("stats", "--tiles", "5")
    assert code == 0 and "combining suits" in screen
    code, out, err = run("stats", "--tiles", "5")
    assert code == 0 and err == "" and "combining" not in out


# -- errors under --json ---------------------------------------------------------


@pytest.mark.parametrize(("args", "kind", "position"), [
    (["decompose", "--json", "11122233344455x"], "HandError", 14),
    (["shanten", "--json", "11111m"], "HandError", 4),
    (["waits", "--json", "123m", "--rules", "nope"], "CommandLineError", None),
    (["count", "--json", "--tiles", "-1"], "CommandLineError", None),
    (["generate", "--json", "--tiles", "15"], "CommandLineError", None),
    (["generate", "--json", "--format", "ids", "--tiles", "3"], "CommandLineError", None),
    (["solve", "--json", FOUR, "--const", "x"], "CommandLineError", None),
])
def test_errors_under_json_are_one_json_line(args: list[str], kind: str,
                                             position: int | None) -> None:
    code, out, err = run(*args)
    assert code == 2 and err == "" and len(out.splitlines()) == 1
    error = json.loads(out)["error"]
    assert error["type"] == kind and error["position"] == position and error["message"]


def test_a_limit_under_json_keeps_its_exit_code(tmp_path: Path) -> None:
    code, out, _ = run("solve", "--json", "--time-limit", "1", FOUR,
                       write(tmp_path, "n(1..100000000)."))
    assert code == 3 and json.loads(out)["error"]["type"] == "LimitError"


# -- messages ------------------------------------------------------------------


def test_generate_does_not_talk_about_kans() -> None:
    assert_one_line(*run("generate", "--tiles", "15"), r"with --format ids")
    code, out, _ = run("generate", "--tiles", "15", "--format", "ids", "--seed", "1")
    ids = [int(i) for i in out.split()]
    assert code == 0 and len(ids) == len(set(ids)) == 15


def test_the_fifth_copy_names_its_position() -> None:
    with pytest.raises(HandError, match=r"5 copies of 1m where the set has 4: the fifth "
                                        r"at position 4 in '11111m'"):
        Hand.parse("11111m")
    with pytest.raises(HandError) as caught:
        Hand.parse("1m1m1m1m2m1m")
    assert caught.value.position == 10  # the fifth "1" (0-based)


def test_a_long_hand_is_not_echoed_in_full() -> None:
    text = "1" * 100_000 + "m"
    code, _, err = run("decompose", text)
    assert code == 2 and len(err) < 400 and "100001 characters" in err


def test_equal_meld_facts_are_each_a_meld(tmp_path: Path) -> None:
    path = write(tmp_path, 'hand("11z").\n' + 'meld(chi,"123m").\n' * 4)
    expected = Hand.parse("11z [123m] [123m] [123m] [123m]")
    assert read_hand([path]) == expected
    code, out, _ = run("solve", path)
    assert code == 0 and out.startswith(f"{expected}: {reference_count(str(expected))} reading")
    five = write(tmp_path, 'hand("11z").\n' + 'meld(chi,"123m").\n' * 5, "five.lp")
    assert_one_line(*run("solve", five), r"5 copies of 1m")


def test_random_winning_hands_takes_one_form_by_name() -> None:
    hands = mjasp.random_winning_hands(5, seed=3, forms="chiitoitsu")
    assert all(len(set(h.counts) - {0, 2}) == 0 for h in hands)  # seven pairs only
    with pytest.raises(RulesError, match="unknown form 'foo'"):
        mjasp.random_winning_hands(1, forms=["foo"])


@pytest.mark.parametrize(("args", "pattern"), [
    (["forms", "--list", "--count"], r"--count and --list"),
    (["forms", "--limit", "3"], r"--limit applies to --list"),
    (["forms", "--list", "--engine", "asp"], r"--engine applies to counting"),
    (["verify", "--seed", "-5"], r"--seed"),
    (["verify", "--no-suits", "--sample", "5"], r"--sample applies to the suit check"),
    (["generate", "--tiles", "3", "--seed", "-5"], r"--seed"),
])
def test_ignored_or_conflicting_options_are_errors(args: list[str], pattern: str) -> None:
    assert_one_line(*run(*args), pattern)


def test_one_meld_and_one_reading_are_singular() -> None:
    with pytest.raises(HandError, match=r"^1 declared meld leaves room"):
        mjasp.shanten("1m [111z]")
    # before the kan, 111z 234m 567p 789s 1s waits on 1s alone: one reading, 111z a triplet
    check = mjasp.kan_check("1111z234m567p789s1s", "1z")
    assert len(check.before) == 1 and check.strict
    assert check.strict_reason() == "the one winning reading kept"


# -- help and README ---------------------------------------------------------------


def test_top_level_help_shows_every_summary_in_full() -> None:
    code, out, _ = run("--help")
    assert code == 0
    flat = " ".join(out.split())
    ctx = click.Context(main)
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        assert command is not None
        summary = command.get_short_help_str(limit=1000)
        assert not summary.endswith("...") and " ".join(summary.split()) in flat


def test_help_examples_match_the_real_output(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # an example may write a file (mjasp draw -o hand.svg): run them in a scratch folder
    # that still has the bundled examples they name
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    ctx = click.Context(main)
    checked = 0
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        help_text = (command.help if command else "") or ""
        # verify and stats take seconds each; serve runs until stopped (tests/web runs it)
        if "$ mjasp" not in help_text or name in ("verify", "stats", "serve"):
            continue
        lines = help_text.split("$ mjasp ", 1)[1].splitlines()
        expected = [line[6:] for line in lines[1:] if line.strip()]
        code, out, _ = run(*shlex.split(lines[0]))
        assert code == 0, name
        for want, got in zip(expected, out.splitlines(), strict=False):
            if want.strip() == "...":
                break
            assert got.rstrip() == want.rstrip() or want.rstrip().endswith("...)"), name
        checked += 1
    assert checked >= 7


def test_every_command_takes_json_and_the_readme_says_nothing_it_cannot_keep() -> None:
    ctx = click.Context(main)
    # serve answers JSON over HTTP (/api/...), not on its own output
    for name in set(main.list_commands(ctx)) - {"serve"}:
        command = main.get_command(ctx, name)
        assert command is not None and "--json" in [o for p in command.params
                                                     for o in getattr(p, "opts", [])], name
    readme = (ROOT / "README.md").read_text()
    assert not re.search(r"seed\s00\d|seed's|\]\(\.\./|`\.\./", readme)
    assert not re.search(r"\b1 (declared melds|readings)\b|all 1 ", readme)


# -- the facts module builds the hand itself ---------------------------------


def test_read_hand_adds_facts_up_without_text(tmp_path: Path) -> None:
    path = write(tmp_path, 'hand("05m").\ncount("1z",3).\ncount("0p",1).\n'
                 'meld(pon,"777z").\nmeld(ankan,"2222s").\n')
    counts = [0] * 34
    counts[4] = 2  # 0m 5m
    counts[27] = 3  # 1z x3
    counts[13] = 1  # 0p
    expected = Hand(tuple(counts), (1, 1, 0),
                    (Meld(MeldKind.PON, 33), Meld(MeldKind.ANKAN, 19)))
    assert read_hand([path]) == expected


def test_read_hand_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, 'hand("11122233344455m").\n\ncount("9z",1).\n')
    with pytest.raises(HandError, match=rf"^{re.escape(path)}:3: count\(\"9z\",1\)"):
        read_hand([path])
    derived = write(tmp_path, 'a. hand("11122233344455m") :- a.', "d.lp")
    with pytest.raises(HandError, match="must be plain facts"):
        read_hand([derived])


# -- the shared error machinery ----------------------------------------------------------


def test_no_arguments_print_the_help() -> None:
    code, out, err = run()
    assert code == 0 and out.startswith("Usage: ") and "decompose" in out and err == ""


def test_a_bug_is_one_line_with_its_own_exit_code(monkeypatch: pytest.MonkeyPatch) -> None:
    # the command imports its engine when it runs: the engine is what breaks
    import mjasp.analysis.decomposition as engine

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(engine, "decompose", broken)
    code, out, err = run("decompose", "11122233344455m")
    assert code == 70 and out == "" and len(err.splitlines()) == 1
    assert "internal error, please report: ZeroDivisionError: boom" in err
    code, out, _ = run("decompose", "--json", "11122233344455m")
    assert code == 70 and json.loads(out)["error"]["type"] == "InternalError"


def test_a_red_five_and_plain_fives_are_counted_apart(tmp_path: Path) -> None:
    path = write(tmp_path, 'count("0m",1). count("5m",2). count("1z",2).')
    assert read_hand([path]) == Hand.parse("055m11z")
    twice = write(tmp_path, 'count("0m",1). count("0m",1).', "twice.lp")
    with pytest.raises(HandError, match="0m is counted twice"):
        read_hand([twice])
