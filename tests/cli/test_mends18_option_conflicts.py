"""``mjasp score WIN.lp VARIANT.lp --option NAME=VALUE`` where the file's ``option/2`` fact
sets NAME otherwise: the two contradict each other (docs/rules.md: "a fact that
contradicts the preset or another file, is one line and exit code 2"), and the line names
the file and the ``--option``. Before, ``renhou_mangan.lp --option renhou=yakuman`` blamed
"rules 'tenhou' (renhou='yakuman')", though Tenhou has no renhou, and an ``--option`` that
sets Tenhou's own value (``kiriage.lp --option kiriage=off``) was overridden by the file
without a word (8000, kiriage played).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mjasp.cli import main

ROOT = Path(__file__).resolve().parents[2]
WIN = str(ROOT / "examples/scoring/kiriage_hand.lp")  # 30 fu 4 han by ron: 7700, 8000 kiriage


def score(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["score", WIN, *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("file", "option", "fact"), [
    ("renhou_mangan.lp", "renhou=yakuman", "option(renhou,mangan)"),
    ("renhou_yakuman.lp", "renhou=mangan_alone", "option(renhou,yakuman)"),
    ("kiriage.lp", "kiriage=off", "option(kiriage,on)"),
    ("kazoe_sanbaiman.lp", "kazoe=multiple", "option(kazoe,sanbaiman)"),
])
def test_a_file_against_an_option_names_both(file: str, option: str, fact: str) -> None:
    code, out, err = score(file, "--option", option)
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"mjasp: error: {file}:") and fact in err
    assert err.rstrip().endswith(f"conflicts with --option {option}")
    assert "rules 'tenhou'" not in err


def test_a_file_that_agrees_with_the_option_is_played() -> None:
    code, out, _ = score("kiriage.lp", "--option", "kiriage=on")
    assert code == 0 and out.startswith("30 fu 4 han mangan: 8000")


def test_a_preset_still_names_itself() -> None:  # --rules, not --option: the preset conflicts
    code, _, err = score("kazoe_multiple.lp", "--rules", "wrc")
    assert code == 2 and "rules 'wrc'" in err
