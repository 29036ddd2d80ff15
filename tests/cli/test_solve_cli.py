"""``mjasp solve``: readings of hand facts, and every kind of bad input as one line, exit 2."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.analysis.winning_hands import random_winning_hands
from mjasp.cli import main
from mjasp.cli.verify import hand_engine
from mjasp.core.blocks import Decomposition
from mjasp.core.errors import EncodingError
from mjasp.rules import find_rules
from mjasp.solvers import asp


def write(tmp_path: Path, text: str, name: str = "hand.lp") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def assert_one_line_error(code: int, out: str, err: str, pattern: str) -> None:
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert re.search(pattern, err), err


def test_readings_of_random_hands_match_the_reference(tmp_path: Path) -> None:
    reference = hand_engine("backtrack-2")
    rules = find_rules(None)
    hands = random_winning_hands(15, seed=21) + random_winning_hands(10, seed=22, melds=True)
    for i, hand in enumerate(hands):
        code, out, _ = run("solve", "--json", write(tmp_path, f'hand("{hand}").', f"h{i}.lp"))
        data = json.loads(out)
        assert code == 0 and data["hand"] == str(hand) and data["winning"] is True
        assert [r["text"] for r in data["readings"]] == [
            str(d) for d in sorted(reference(hand, rules), key=Decomposition.display_key)]


def test_count_and_meld_facts_mean_the_same_as_the_hand_string(tmp_path: Path) -> None:
    as_string = write(tmp_path, 'hand("111234m77z [789s] (1111z)").', "a.lp")
    as_facts = write(tmp_path, 'count("1m",3). count("2m",1). count("3m",1). hand("4m").\n'
                     'count("7z",2). meld(chi,"789s"). meld(ankan,"1111z").', "b.lp")
    assert run("solve", as_string)[1] == run("solve", as_facts)[1]
    expected = mjasp.decompose("111234m77z [789s] (1111z)", solver="backtrack-dedupe")
    assert run("solve", as_facts)[1].splitlines()[1:] == [
        f"  {d.form.value:<11} {d}" for d in expected]


def test_no_reading_is_reported_not_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, 'hand("123m456p789s11345z").')
    assert mjasp.decompose("123m456p789s11345z", solver="backtrack-1") == []
    code, out, _ = run("solve", path)
    assert code == 0 and out == "123m456p789s11345z: no readings\n"
    code, out, _ = run("solve", "--json", path)
    data = json.loads(out)
    assert code == 0 and data["winning"] is False and data["readings"] == []


def test_a_variant_file_changes_the_answer(tmp_path: Path) -> None:
    hand = write(tmp_path, 'hand("11122233344455m").')
    no_sequences = write(tmp_path, ":- block(seq,_,_).\n", "variant.lp")
    every = mjasp.decompose("11122233344455m", solver="backtrack-2")
    expected = [d for d in every
                if all(b.kind is not mjasp.BlockKind.SEQUENCE for b in d.blocks)]
    assert 1 == len(expected) < len(every)
    code, out, _ = run("solve", hand, no_sequences)
    assert code == 0 and out.splitlines()[1:] == [f"  {d.form.value:<11} {d}" for d in expected]


@pytest.mark.parametrize(("text", "line"), [
    ('hand("11122233344455m").\nb(X) :- a(X\n', 3),   # syntax error (at end of file)
    ('hand("11122233344455m").\np(X) :- q.\n', 2),    # unsafe variable: grounding error
    ('hand("11122233344455m").\n#include "missing.lp".\n', 2),
])
def test_clingo_errors_are_file_line_message(tmp_path: Path, text: str, line: int) -> None:
    path = write(tmp_path, text)
    assert_one_line_error(*run("solve", path), rf"^mjasp: error: {re.escape(path)}:{line}: ")


@pytest.mark.parametrize(("text", "pattern"), [
    ("hand(1,2).", r"hand/2 is not a hand fact"),
    ("hand(123).", r"expected a quoted string"),
    ('count("1m").', r"count/1 is not a hand fact"),
    ('count("1x",2).', r'count\("1x",2\)'),
    ('count("1m",7).', r"a count is 1..4 copies"),
    ('count(one,2).', r"expected a quoted string"),
    ('meld(chow,"123m").', r"a meld is chi, pon, kan or ankan"),
    ('meld(pon,"123m").', r"makes a chi, not a pon"),
    ('hand("123m"). hand("456p").', r"2 hand/1 facts"),
    ('count("1m",2). count("1m",3).', r"counted twice"),
    ('{ hand("11122233344455m") }.', r"must be plain facts"),
    ("p.", r"no hand facts"),
    ('hand("11122233344455m"). hold(0,3).', r"hold/2 is set by mjasp"),
    ('hand("11122233344455m"). called(pon,27).', r"called/2 is set by mjasp"),
])
def test_wrong_hand_facts_are_one_line_exit_2(tmp_path: Path, text: str, pattern: str) -> None:
    assert_one_line_error(*run("solve", write(tmp_path, text)), pattern)


@pytest.mark.parametrize(("hand", "pattern"), [
    ("11122233344455x", r"unknown character 'x' at position 14"),
    ("1111122233344m", r"5 copies of 1m"),
    ("123m456p789s1134z", r"14 tiles"),
    ("123m[124p]456s11z", r"a meld is a sequence"),
])
def test_bad_hand_strings_are_one_line_exit_2(tmp_path: Path, hand: str, pattern: str) -> None:
    assert_one_line_error(*run("solve", write(tmp_path, f'hand("{hand}").')), pattern)


def test_a_missing_file_and_a_tile_outside_the_rules(tmp_path: Path) -> None:
    code, _, err = run("solve", str(tmp_path / "nope.lp"))
    assert code == 2 and "does not exist" in err
    sanma = write(tmp_path, 'hand("11122233344455m").')
    assert_one_line_error(*run("solve", "--rules", "sanma", sanma),
                          r"not in the tenhou-3p tile set")


def test_the_engine_raises_encoding_error_with_location(tmp_path: Path) -> None:
    path = write(tmp_path, "a(1).\nb :- a(X), not c(Y).\n")
    with pytest.raises(EncodingError, match=rf"^{re.escape(path)}:2: unsafe variables"):
        asp.HandProgram(files=[path])


def test_installed_command_runs_outside_the_repository(tmp_path: Path) -> None:
    good = write(tmp_path, 'hand("19m19p19s11234567z").')
    bad = write(tmp_path, "x(.\n", "bad.lp")
    command = [sys.executable, "-m", "mjasp", "solve"]
    done = subprocess.run([*command, good], capture_output=True, text=True, cwd=tmp_path,
                          check=False)
    assert done.returncode == 0 and done.stdout.startswith("19m19p19s11234567z: 1 reading")
    done = subprocess.run([*command, good, bad], capture_output=True, text=True,
                          cwd=tmp_path, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and f"{bad}:1: " in done.stderr


def test_random_hands_in_count_form(tmp_path: Path) -> None:
    rng = random.Random(4)
    for i, hand in enumerate(random_winning_hands(10, seed=23)):
        facts = " ".join(f'count("{mjasp.tile_name(k)}",{n}).'
                         for k, n in enumerate(hand.counts) if n)
        order = facts.split(" ")
        rng.shuffle(order)  # fact order must not matter
        code, out, _ = run("solve", write(tmp_path, "\n".join(order), f"c{i}.lp"))
        assert code == 0 and out.startswith(f"{hand}: ")


@pytest.mark.parametrize("most", [0, 2, 3])
def test_const_replaces_a_constant_like_clingo(tmp_path: Path, most: int) -> None:
    path = write(tmp_path, 'hand("11122233344455m").\n#const most=4.\n'
                 ":- #sum{ M,K : block(seq,K,M) } > most.\n")
    expected = [d for d in sorted(mjasp.decompose("11122233344455m", solver="backtrack-1"),
                                  key=Decomposition.display_key)
                if sum(b.kind is mjasp.BlockKind.SEQUENCE for b in d.blocks) <= most]
    code, out, _ = run("solve", path, "-c", f"most={most}")
    assert code == 0 and out.splitlines()[1:] == [f"  {d.form.value:<11} {d}" for d in expected]


@pytest.mark.parametrize("value", ["most", "most=(", "Most=1", "most=1.5"])
def test_a_bad_const_is_a_usage_error(tmp_path: Path, value: str) -> None:
    code, out, err = run("solve", write(tmp_path, 'hand("11122233344455m").'), "-c", value)
    assert code == 2 and out == "" and "NAME=VALUE" in err
