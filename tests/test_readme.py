"""The README's examples run: every ``>>>`` block as a doctest and every ``$ mjasp ...``
transcript as a command whose output must match (``...`` elides, as in doctest)."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTS = (README, ROOT / "examples" / "README.md",
             ROOT / "examples" / "local_yaku" / "README.md")


def transcripts() -> list[tuple[str, str]]:
    """(command, expected output) for each ``$ mjasp`` line of an indented block."""
    found = []
    lines = [line for doc in DOCUMENTS for line in doc.read_text(encoding="utf-8").splitlines()]
    for i, line in enumerate(lines):
        match = re.match(r"^    \$ (mjasp .*)$", line)
        if not match:
            continue
        expected = []
        for following in lines[i + 1:]:
            if not following.startswith("    ") or following.startswith("    $ "):
                break
            expected.append(following[4:])
        found.append((match.group(1), "\n".join(expected)))
    return found


def test_the_readme_has_transcripts() -> None:
    assert len(transcripts()) >= 15


#: commands that take minutes (every engine on every suit vector): CI runs them
SLOW_COMMANDS = ("mjasp verify",)


@pytest.mark.parametrize(("command", "expected"), [
    pytest.param(command, expected, marks=pytest.mark.slow)
    if command.startswith(SLOW_COMMANDS) else (command, expected)
    for command, expected in transcripts()], ids=lambda v: v.split("\n")[0][:50])
def test_transcript(command: str, expected: str) -> None:
    # run as a user would, from the repository (examples/ paths are relative to it)
    mjasp = [sys.executable, "-m", "mjasp"]
    shell = command.replace("mjasp ", " ".join(mjasp) + " ", 1)
    result = subprocess.run(["bash", "-c", shell], cwd=ROOT, capture_output=True, text=True,
                            env={**os.environ, "COLUMNS": "100"}, check=False)
    # stdout only: progress bars go to stderr (a transcript shows errors with 2>&1)
    got = result.stdout
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    assert checker.check_output(expected + "\n", got, flags), (
        f"$ {command}\n--- README ---\n{expected}\n--- actual ---\n{got}")


def test_python_examples() -> None:
    failures, tried = doctest.testfile(str(README), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
