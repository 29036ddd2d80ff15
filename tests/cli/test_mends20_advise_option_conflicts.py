"""``mjasp advise --variant FILE.lp --option NAME=VALUE`` where the file's ``option/2`` fact
sets NAME otherwise: the two contradict each other, and ``advise`` refuses it as ``mjasp
score HAND FILE.lp --option ...`` does (tests/cli/test_mends18_option_conflicts.py): one
line naming the file and the ``--option``, exit code 2. Before, advise applied the
option after the file without a word (``kiriage.lp --option kiriage=off`` played without
kiriage). A preset's entry file is its rules: an ``--option`` changing them conflicts with
it, as in ``mjasp score``.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjasp.cli import main

HAND = ["advise", "123456789m1234p5z", "--draws", "1"]


def advise(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [*HAND, *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("file", "option", "fact"), [
    ("renhou_mangan.lp", "renhou=yakuman", "option(renhou,mangan)"),
    ("kiriage.lp", "kiriage=off", "option(kiriage,on)"),
    ("kazoe_sanbaiman.lp", "kazoe=multiple", "option(kazoe,sanbaiman)"),
])
def test_a_file_against_an_option_names_both(file: str, option: str, fact: str) -> None:
    code, out, err = advise("--variant", file, "--option", option)
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"mjasp: error: {file}:") and fact in err
    assert err.rstrip().endswith(f"conflicts with --option {option}")


def test_a_file_that_agrees_with_the_option_is_played() -> None:
    code, out, err = advise("--variant", "kiriage.lp", "--option", "kiriage=on", "--json")
    assert code == 0, err
    assert '"kiriage": true' in out


def test_a_preset_file_against_an_option_names_both() -> None:
    code, out, err = advise("--variant", "presets/wrc.lp", "--option", "kiriage=off")
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert "presets/wrc.lp (the rules 'wrc') conflicts with --option kiriage=off" in err
