"""The documentation: the site builds with warnings as errors, its command-line reference
is the real ``--help``, every path and link it names exists, and the project's text
stands on its own (the examples themselves run in tests/test_readme.py)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import click
import pytest

from mjasp.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
#: Every Markdown document of the project a reader sees.
DOCUMENTS = (ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted(DOCS.glob("*.md")),
             *sorted((ROOT / "examples").rglob("README.md")))
#: Folders and files that are the project's own text (not the virtual environment or builds).
SKIP = {".git", ".venv", "build", "dist", "site", "__pycache__", ".mypy_cache",
        ".ruff_cache", ".pytest_cache", ".hypothesis"}


def commands() -> list[str]:
    """Every command path, e.g. ``score`` (and ``logs check`` for a group's commands)."""
    found = []

    def walk(group: click.Group, prefix: list[str]) -> None:
        ctx = click.Context(group)
        for sub in group.list_commands(ctx):
            command = group.get_command(ctx, sub)
            if command is None or command.hidden:
                continue
            found.append(" ".join([*prefix, sub]))
            if isinstance(command, click.Group):
                walk(command, [*prefix, sub])

    walk(main, [])
    return found


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
         str(ROOT / "mkdocs.yml"), "--site-dir", str(target)],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return target


def test_the_site_builds_with_warnings_as_errors(site: Path) -> None:
    # every page of docs/ is in the navigation and became a page
    pages = {p.stem for p in DOCS.glob("*.md")}
    built = {p.parent.name for p in site.glob("*/index.html")}
    assert pages - {"index"} <= built and (site / "index.html").exists()
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in pages:
        assert f"{page}.md" in config, f"docs/{page}.md is not in the navigation"


def test_the_cli_reference_is_the_real_help(site: Path) -> None:
    html = (site / "cli" / "index.html").read_text(encoding="utf-8")
    names = commands()
    assert {"score", "decompose", "shanten", "waits", "solve"} <= set(names)
    for name in names:
        assert f"$ mjasp {name} --help" in html, name
    # one option line of one command, as click prints it
    assert "--win" in html and "--tsumo" in html


def test_the_api_reference_is_generated_from_docstrings(site: Path) -> None:
    html = (site / "api" / "index.html").read_text(encoding="utf-8")
    import mjasp

    assert {"score", "decompose", "shanten", "waits", "Hand", "Win", "Rules"} <= set(mjasp.__all__)
    for public in mjasp.__all__:
        obj = getattr(mjasp, public)
        # documented where it is defined (mjasp.score is the function, not its module)
        where = (f"{obj.__module__}.{obj.__qualname__}" if hasattr(obj, "__qualname__")
                 else f"mjasp.{public}")
        assert f'id="{where}"' in html, public
    # a docstring's text reached the page
    assert "The score of a winning hand: the best of its candidates" in html
    # a docstring's example is shown as code, not read as Markdown
    assert "random_winning_hands(2, seed=7" in html


def test_the_readme_is_short_and_leads_with_the_answers() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    first_command = readme.index("    $ mjasp ")
    assert readme.index("    $ mjasp score ") == first_command
    # the way in, the first guide, the largest feature, the reference and the design
    for page in ("index", "notation", "scoring", "rules", "cli", "design", "api"):
        assert f"(docs/{page}.md)" in readme, f"the README does not link {page}.md"


def repository_paths(text: str) -> set[str]:
    """The paths of the repository named in backticks: `mjasp/...`, `tests/...`, ..."""
    found = re.findall(r"`((?:mjasp|solvers|encodings|tests|benchmarks|examples|docs)"
                       r"/[\w./-]*)`", text)
    return {p.rstrip(".") for p in found}


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_and_link_exists(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    for path in repository_paths(text):
        assert (ROOT / path).exists(), f"{path} does not exist"
    for link in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", link):  # a web address: not checked (no network)
            continue
        target = link.split("#")[0]
        assert not target or (document.parent / target).exists(), f"link {link}"


def test_the_path_check_can_fail() -> None:
    assert repository_paths("see `encodings/hand_facts.lp` and `mjasp/`.") == {
        "encodings/hand_facts.lp", "mjasp/"}
    assert not (ROOT / "encodings/hand_facts.lp").exists()


def project_text() -> list[Path]:
    suffixes = {".py", ".md", ".lp", ".toml", ".c", ".yml", ".cfg", ".txt", ".json"}
    found = []
    for path in ROOT.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if any(p in SKIP or p.endswith(".egg-info") for p in parts) or not path.is_file():
            continue
        if path.suffix in suffixes or path.name in ("run", "LICENSE"):
            found.append(path)
    return found


#: What a reader of the project cannot look up: the tracker's numbers and design notes.
UNEXPLAINED = re.compile(r"\b[Ii]ssues?\s+#?\d+|\bseed\s+0\d\d\b|\bitems?\s+\d+\b")


def test_project_text_stands_on_its_own() -> None:
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in project_text()
             for n, line in enumerate(path.read_text(encoding="utf-8",
                                                     errors="replace").splitlines(), 1)
             if UNEXPLAINED.search(line)]
    assert not found, "\n".join(found)


def test_the_text_check_can_fail() -> None:
    # built with braces, so that this file does not name what it looks for
    for text in (f"as in issue {13}", f"Issue {10} (a newcomer's hour)", f"the seed {'003'} DP",
                 f"(item {7})"):
        assert UNEXPLAINED.search(text), text
    assert not UNEXPLAINED.search("deals with seed 42; twelve items in 3 issues")


def test_the_license_and_the_changelog() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert project["license"]["text"] == "MIT"
    assert license_text.startswith("MIT License") and "the mjasp authors" in license_text
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {project['version']}" in changelog
