"""The command line imports only what the command it runs needs.

Each command's module is imported when the command runs or the help lists it
(``mjasp.cli.app.COMMANDS``), and the modules import the heavy packages (numpy, clingo,
OR-Tools, the game-log reader, the advice model) inside the commands that use them, so
``mjasp --help`` and the table commands start fast. Checked in a fresh interpreter, by
the modules it holds after the command ran.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from mjasp.cli import main
from mjasp.cli.app import COMMANDS
from mjasp.solvers import kernel

#: Packages none of the commands below needs.
HEAVY = ("numpy", "clingo", "ortools", "mjasp.logs", "mjasp.advice", "mjasp.web",
         "starlette", "multiprocessing")

PROBE = """
import sys
from mjasp.cli import main
main({args!r}, prog_name="mjasp", standalone_mode=False)
print(" ".join(sorted(name for name in {heavy!r} if name in sys.modules)))
"""


def loaded_after(*args: str) -> list[str]:
    """The :data:`HEAVY` packages a fresh interpreter holds after ``mjasp ARGS``."""
    env = {k: v for k, v in os.environ.items() if k != "MJASP_PURE_PYTHON"}
    done = subprocess.run([sys.executable, "-c", PROBE.format(args=list(args), heavy=HEAVY)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()[-1].split()


def test_the_table_names_every_command_and_its_module() -> None:
    commands = main.all_commands()
    assert set(commands) == set(COMMANDS)
    for name, command in commands.items():
        assert command.callback is not None
        assert command.callback.__module__ == f"mjasp.cli.{COMMANDS[name]}", name


def test_the_help_loads_nothing_heavy() -> None:
    assert loaded_after("--help") == []


def test_the_version_loads_nothing_heavy() -> None:
    assert loaded_after("--version") == []


@pytest.mark.parametrize("args", [
    ("shanten", "123m456p789s1122z"),
    ("decompose", "11122233344455m"),
    ("waits", "1112345678999m"),
    ("score", "223344m556677p88s", "--win", "8s", "--seat", "S"),
])
def test_the_table_commands_and_a_score_load_nothing_heavy(args: tuple[str, ...]) -> None:
    # the compiled kernel reads its shipped tables without numpy, and the direct scoring
    # engine needs neither clingo nor OR-Tools
    if not kernel.AVAILABLE:  # the pure-Python tables are numpy arrays
        pytest.skip("mjasp was installed without its compiled kernel")
    assert loaded_after(*args) == []
