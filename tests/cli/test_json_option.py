"""docs/cli.md: "Every command but `serve` takes `--json`" — checked against the commands
themselves (subcommands of a group, such as `logs check`, included)."""

from __future__ import annotations

from pathlib import Path

import click

from mjasp.cli.app import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def commands(group: click.Group, prefix: str = "") -> dict[str, click.Command]:
    ctx = click.Context(group)
    found: dict[str, click.Command] = {}
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        if isinstance(command, click.Group):
            found |= commands(command, f"{prefix}{name} ")
        else:
            found[prefix + name] = command
    return found


def takes_json(command: click.Command) -> bool:
    return any("--json" in p.opts for p in command.params if isinstance(p, click.Option))


def test_every_command_but_serve_takes_json() -> None:
    found = commands(main)
    assert "serve" in found and "logs check" in found and len(found) >= 17
    assert sorted(name for name, c in found.items() if not takes_json(c)) == ["serve"]
    assert "Every command but `serve` takes `--json`" in DOC.read_text(encoding="utf-8")
