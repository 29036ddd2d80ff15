"""MkDocs hooks: the command-line reference from the real ``--help``, the API reference
from the public names, docstring examples shown as code.

``docs/cli.md`` holds the marker ``<!-- cli-reference -->``; :func:`on_page_markdown`
replaces it with each command's help text as click prints it, so the reference cannot
drift from the code. ``docs/api.md`` holds ``<!-- api-reference -->``, replaced by one
mkdocstrings entry per name of ``mjasp.__all__``, found where Python finds it (so a module
moved or renamed inside the package needs no change here, and ``mjasp.score`` is the
function, not the module of the same name). Docstrings hold doctest examples (``>>>``
lines and their output) outside any Markdown fence; :class:`DoctestBlocks` fences them,
so that an output such as ``['111m', '22m']`` is shown as code rather than read as a
Markdown link.
"""

from __future__ import annotations

import re
from typing import Any

import click
from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

MARKER = "<!-- cli-reference -->"
API_MARKER = "<!-- api-reference -->"


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


def api_paths() -> list[tuple[str, str]]:
    """(public name, the dotted path mkdocstrings documents it by) for ``mjasp.__all__``."""
    import mjasp

    found = []
    for name in mjasp.__all__:
        obj = getattr(mjasp, name)
        module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
        # classes and functions by where they are defined; other values (RULES) by the
        # package's own name for them
        found.append((name, f"{module}.{qualname}" if module and qualname else f"mjasp.{name}"))
    return found


def api_reference() -> str:
    options = ("    options:\n      show_root_heading: true\n      show_root_full_path: false\n"
               "      heading_level: 2\n")
    return "\n".join(f"::: {path}\n{options}" for _, path in api_paths())


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
        markdown = markdown.replace(MARKER, reference())
    if API_MARKER in markdown:
        markdown = markdown.replace(API_MARKER, api_reference())
    return markdown
