"""MkDocs hooks: the command-line reference from the real ``--help``, docstring examples
shown as code.

``docs/cli.md`` holds the marker ``<!-- cli-reference -->``; :func:`on_page_markdown`
replaces it with each command's help text as click prints it, so the reference cannot
drift from the code. Docstrings hold doctest examples (``>>>`` lines and their output)
outside any Markdown fence; :class:`DoctestBlocks` fences them, so that an output such as
``['111m', '22m']`` is shown as code rather than read as a Markdown link.
"""

from __future__ import annotations

import re
from typing import Any

import click
from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

MARKER = "<!-- cli-reference -->"


def _help_sections(command: click.Command, path: list[str]) -> list[str]:
    name = " ".join(path)
    ctx = click.Context(command, info_name=name, terminal_width=100, max_content_width=100)
    text = command.get_help(ctx)
    sections = [f"### `{name}`\n\n```text\n$ {name} --help\n{text}\n```\n"]
    if isinstance(command, click.Group):
        for sub in command.list_commands(ctx):
            child = command.get_command(ctx, sub)
            if child is not None and not child.hidden:
                sections += _help_sections(child, [*path, sub])
    return sections


def reference() -> str:
    """Every command's ``--help`` text, in the order ``mjasp --help`` lists them."""
    from mjasp.cli import main  # the installed package: what users run

    return "\n".join(_help_sections(main, ["mjasp"]))


class _FenceDoctests(Preprocessor):  # type: ignore[misc]  # Markdown has no types
    """Wrap each run of doctest lines (``>>>`` up to a blank line) in a ``python`` fence."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence: str | None = None  # the open fence's marker, when inside one
        in_example = False
        for line in lines:
            stripped = line.lstrip()
            marker = re.match(r"(`{3,}|~{3,})", stripped)
            if in_example and not stripped:
                out += ["```", line]
                in_example = False
                continue
            if fence is None and not in_example and marker:
                fence = marker.group(1)
            elif fence is not None and stripped.startswith(fence):
                fence = None
            elif fence is None and not in_example and stripped.startswith(">>>"):
                out += ["", "```python"]
                in_example = True
            out.append(line)
        if in_example:
            out.append("```")
        return out


class DoctestBlocks(Extension):  # type: ignore[misc]  # Markdown has no types
    """The Markdown extension of :class:`_FenceDoctests` (before fenced code is read)."""

    def extendMarkdown(self, md: Markdown) -> None:  # Markdown's API name
        md.preprocessors.register(_FenceDoctests(md), "doctest_blocks", 30)


def on_config(config: Any, **kwargs: Any) -> Any:
    config.markdown_extensions.append(DoctestBlocks())
    return config


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    if MARKER in markdown:
        return markdown.replace(MARKER, reference())
    return markdown
