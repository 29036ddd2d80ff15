"""A preset entry file (``presets/wrc.lp``) is played as its rules; beside rules the
command line chose otherwise it is refused in one line that names what the user gave: the
file, and ``--rules``/``--option`` as typed. With only ``--option`` the rules chosen are a
change of the default ``--rules tenhou``, which the user did not type: the line says so,
instead of naming "rules 'tenhou'" as if they had.

The hand (docs/rules.md's kiriage example): 234m 567p 234s 678s 55m, ron on 2m for the
South seat, riichi, indicator 4p: 30 fu 4 han, 8000 under wrc (kiriage mangan).
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjasp.cli import main

WIN = ["234m567p234678s55m", "--win", "2m", "--seat", "s", "--riichi", "--dora", "4p"]


@pytest.mark.parametrize(("extra", "named"), [
    (("--option", "kiriage=off"),
     "--option kiriage=off, a change of the default --rules tenhou"),
    (("--option", "kazoe=multiple", "--option", "kiriage=on"),
     "--option kazoe=multiple --option kiriage=on, a change of the default --rules tenhou"),
    (("--rules", "wrc", "--option", "kazoe=multiple"), "--rules wrc --option kazoe=multiple"),
    (("--rules", "mahjongsoul"), "--rules mahjongsoul"),
])
def test_the_conflict_names_what_the_user_gave(extra: tuple[str, ...], named: str) -> None:
    result = CliRunner().invoke(main, ["score", *WIN, "presets/wrc.lp", *extra])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"mjasp: error: presets/wrc.lp (the rules 'wrc') conflicts "
                               f"with {named} (they differ in ")
    assert "rules 'tenhou'" not in lines[0]


def test_the_rules_the_file_plays_are_no_conflict() -> None:
    for extra in ((), ("--rules", "wrc"), ("--option", "kiriage=on", "--rules", "WRC")):
        result = CliRunner().invoke(main, ["score", *WIN, "presets/wrc.lp", *extra])
        assert result.exit_code == 0, result.output
        assert result.output.startswith("30 fu 4 han mangan: 8000")
