"""``mjasp decompose``: readings as text and JSON, and bad input as one line, exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.analysis.decomposition import DECOMPOSERS
from mjasp.cli import main


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_text_output_lists_every_reading() -> None:
    code, out, _ = run("decompose", "2233445566778m8m")
    lines = out.splitlines()
    # the CLI lists readings as a person reads them (Decomposition.display_key)
    readings = sorted(mjasp.decompose("22334455667788m"), key=mjasp.Decomposition.display_key)
    assert code == 0
    assert lines[0] == f"22334455667788m: {len(readings)} readings"
    assert [line.split(None, 1)[1] for line in lines[1:]] == [str(d) for d in readings]
    assert [line.split()[0] for line in lines[1:]] == [d.form.value for d in readings]


@pytest.mark.parametrize("solver", sorted(DECOMPOSERS))
def test_json_output(solver: str) -> None:
    code, out, _ = run("decompose", "111222333m45677p", "--json", "--solver", solver)
    data = json.loads(out)
    assert code == 0 and data["winning"] is True and data["hand"] == "111222333m45677p"
    assert [r["text"] for r in data["readings"]] == [
        str(d) for d in sorted(mjasp.decompose("111222333m45677p"),
                               key=mjasp.Decomposition.display_key)]


def test_no_reading() -> None:
    code, out, _ = run("decompose", "123m456p789s11234z")
    assert code == 0 and out == "123m456p789s11234z: no readings\n"


@pytest.mark.parametrize(("hand", "words"), [
    ("123x", "unknown character 'x' at position 3"),
    ("123", "digits with no suit letter at position 0"),
    ("8z", "no honor 8z"),
    ("11111m", "5 copies of 1m"),
    ("123456789m123456p", "15 tiles"),
    ("123m", "a complete hand has 14 tiles"),
])
def test_bad_hand_is_one_line_exit_2(hand: str, words: str) -> None:
    code, out, err = run("decompose", hand)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("mjasp: error: ")
    assert words in err
    assert "Traceback" not in err


def test_bad_hand_in_a_real_process() -> None:
    done = subprocess.run([sys.executable, "-m", "mjasp", "decompose", "11x"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "mjasp: error: Invalid value for 'HAND': unknown character 'x' at position 2 in '11x'"]
