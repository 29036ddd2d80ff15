"""Every example of the README, the examples' READMEs and the documentation pages runs.

Two kinds of example, in every document of ``DOCUMENTS``:

- a shell transcript: an indented ``    $ COMMAND`` line, then the output it prints (the
  indented lines up to the next blank line or command). The command runs in ``bash`` as a
  user would, from a scratch folder that holds the repository's folders, so a transcript
  may write files; ``mjasp`` and ``python`` are the interpreter running the tests. The
  output must match (``...`` elides, as in doctest; stdout only, so a transcript that
  shows an error writes ``2>&1``). Set-up commands are written without ``$``: they are
  not run here.
- a Python example: ``>>>`` lines, run per document as a doctest (the game-log page's in
  the folder of the shared logs, whose files it reads by name).

A fenced block that holds an example no test would run — a ```` ```python ```` block
without ``>>>``, a ``$`` command in a fence — fails too.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import shared_data

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTS = (README, *sorted((ROOT / "examples").rglob("README.md")),
             *sorted((ROOT / "docs").glob("*.md")))
#: How a transcript's ``mjasp`` and ``python`` reach the interpreter running the tests.
PRELUDE = 'mjasp() { "$MJASP_PY" -m mjasp "$@"; }; python() { "$MJASP_PY" "$@"; }\n'


def transcripts(document: Path) -> list[tuple[str, str]]:
    """(command, expected output) for each ``    $ `` line of an indented block."""
    found = []
    lines = document.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        match = re.match(r"^    \$ (.*)$", line)
        if not match:
            continue
        expected = []
        for following in lines[i + 1:]:
            if not following.startswith("    ") or following.startswith("    $ "):
                break
            expected.append(following[4:])
        found.append((match.group(1), "\n".join(expected)))
    return found


def name(document: Path) -> str:
    return str(document.relative_to(ROOT))


CASES = [(name(doc), command, expected) for doc in DOCUMENTS
         for command, expected in transcripts(doc)]


def test_every_document_is_read() -> None:
    # the documentation pages and the README all hold examples that run
    names = {document for document, _, _ in CASES}
    assert {"README.md", "docs/scoring.md", "docs/decomposition.md", "docs/rules.md",
            "examples/README.md"} <= names
    assert sum(1 for document, _, _ in CASES if document == "README.md") >= 8
    assert len(CASES) >= 60


def test_a_wrong_transcript_fails(tmp_path: Path) -> None:
    # the checker itself: a wrong output and a missing line are both caught
    assert matches("mjasp count --tiles 2 | head -1",
                   "hands of 2 tiles (4 players): 595", tmp_path)[0]
    assert not matches("mjasp count --tiles 2 | head -1",
                       "hands of 2 tiles (4 players): 594", tmp_path)[0]
    assert not matches("echo a", "a\nb", tmp_path)[0]


def matches(command: str, expected: str, where: Path) -> tuple[bool, str]:
    for entry in ROOT.iterdir():  # the repository's folders, but writes stay here
        if not entry.name.startswith(".") and not (where / entry.name).exists():
            (where / entry.name).symlink_to(entry)
    env = {**os.environ, "COLUMNS": "100", "MJASP_PY": sys.executable}
    result = subprocess.run(["bash", "-c", PRELUDE + command], cwd=where, capture_output=True,
                            text=True, env=env, check=False)
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    return checker.check_output(expected + "\n", result.stdout, flags), result.stdout


#: commands that take about a minute (every engine on every suit vector): the
#: benchmark-sized run's (pytest --full); tests/solvers/test_asp.py makes the same
#: comparisons in every run
SLOW_COMMANDS = ("mjasp verify",)


@pytest.mark.parametrize(("document", "command", "expected"), [
    pytest.param(d, c, e, marks=[pytest.mark.slow, pytest.mark.full])
    if c.startswith(SLOW_COMMANDS) else (d, c, e)
    for d, c, e in CASES], ids=[f"{d}: {c[:50]}" for d, c, _ in CASES])
def test_transcript(document: str, command: str, expected: str, tmp_path: Path) -> None:
    ok, got = matches(command, expected, tmp_path)
    assert ok, f"{document}\n$ {command}\n--- documented ---\n{expected}\n--- actual ---\n{got}"


#: Documents that must hold Python examples: a doctest that finds none passes silently.
WITH_PYTHON = ("README.md", "docs/index.md", "docs/notation.md", "docs/scoring.md",
               "docs/rules.md", "docs/shanten.md", "docs/decomposition.md", "docs/advise.md",
               "docs/logs.md")
#: Documents whose Python examples read a game log of the shared data by its file name,
#: as a user does in the folder that holds it: they run there.
IN_SHARED_LOGS = ("docs/logs.md",)


@pytest.mark.parametrize("document", DOCUMENTS, ids=name)
def test_python_examples(document: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if name(document) in IN_SHARED_LOGS:
        monkeypatch.chdir(shared_data("logs"))
    failures, tried = doctest.testfile(str(document), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert failures == 0
    assert tried >= 4 or name(document) not in WITH_PYTHON


def unrun_examples(text: str) -> list[str]:
    """The fenced blocks of ``text`` that hold an example no test runs: a ```` ```python ````
    block without ``>>>`` lines (the doctest skips it), or a ``$`` command in a fenced block
    (only an indented ``    $ `` line is a transcript)."""
    found = []
    for match in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
        language, body = match.group(1), match.group(2)
        lines = body.splitlines()
        if language == "python" and not any(line.startswith(">>> ") for line in lines):
            found.append(body.strip().splitlines()[0] if body.strip() else "(empty)")
        found += [line for line in lines if line.startswith("$ ")]
    return found


@pytest.mark.parametrize("document", DOCUMENTS, ids=name)
def test_every_example_is_run(document: Path) -> None:
    assert unrun_examples(document.read_text(encoding="utf-8")) == []


def test_an_unrun_example_is_found() -> None:
    ran = "```python\n>>> 1 + 1\n2\n\n```\n"
    assert unrun_examples(ran) == []
    assert unrun_examples("```python\nimport mjasp\n```\n") == ["import mjasp"]
    assert unrun_examples("```\n$ mjasp shanten 1m\n```\n") == ["$ mjasp shanten 1m"]
    # a synopsis without a prompt is not an example
    assert unrun_examples("```\nmjasp logs check FILES...\n```\n") == []
