"""Doctests and tests of one package in one pytest process (no xdist), each module imported
once (the repository's conftest.py): pytest's importlib mode had loaded a module a
second time from its file when the package importing it was not imported yet.

Each run is a pytest of its own (a subprocess), as what it checks is the order in which
one process first imports the modules.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _pytest(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "no:xdist", *args], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "CI": "true"}, check=False)


@pytest.mark.slow
def test_the_cli_and_web_doctests_pass_in_one_process() -> None:
    # mjasp/cli/app.py first: mjasp.cli's __init__ imports it, and its second copy took
    # the commands, so mjasp.web.commands (through mjasp.cli.main) found none
    run = _pytest("mjasp/cli/app.py", "mjasp/web/commands.py")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "failed" not in run.stdout


@pytest.mark.slow
def test_the_logs_doctests_and_tests_pass_in_one_process() -> None:
    # a submodule before its package (as a shell's glob sorts them where "_" is not
    # counted: check.py before __init__.py): pytest set the module mjasp/logs/check.py as
    # mjasp.logs.check, over the function, and logs.check(path) called a module
    run = _pytest("mjasp/logs/check.py", "mjasp/logs/model.py", "mjasp/logs/__init__.py",
                  "tests/logs/test_logs.py", "-k", "mjasp or agrees_with_tenhou or liable")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "failed" not in run.stdout
