"""``mjasp rules``: the rule presets, one preset's options, or where two presets differ."""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

import click

from mjasp.cli.app import emit_json, json_option, main
from mjasp.rules import ALIASES, RULES, Rules, find_rules


def plain(value: object) -> Any:
    """An option's value as JSON has it: sets and tuples as sorted / ordered lists.

    >>> plain(frozenset({"b", "a"})), plain((1, 0, 1)), plain(True)
    (['a', 'b'], [1, 0, 1], True)
    """
    if isinstance(value, frozenset | set):
        return sorted(plain(v) for v in value)
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


def shown(value: object) -> str:
    """An option's value for a person: ``none`` for an empty set, items comma-separated.

    >>> shown(frozenset()), shown(frozenset({"b", "a"})), shown((0, 1, 1)), shown(False)
    ('none', 'a,b', '0,1,1', 'off')
    """
    value = plain(value)
    if isinstance(value, list):
        return ",".join(map(str, value)) or "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def options(rules: Rules) -> dict[str, Any]:
    """Every option of a rule set (not its name), as JSON has it."""
    return {f.name: plain(getattr(rules, f.name)) for f in dataclasses.fields(rules)
            if f.name != "name"}


def aliases(name: str) -> list[str]:
    """The other names ``find_rules`` accepts for a preset."""
    return sorted(alias for alias, target in ALIASES.items() if target == name)


@main.command("rules")
@click.argument("name", required=False, metavar="[PRESET]")
@click.option("--diff", nargs=2, metavar="A B",
              help="The options where two presets differ.")
@json_option
def rules_command(name: str | None, diff: tuple[str, str] | None, as_json: bool) -> None:
    """List the rule presets (each with what differs from tenhou), show every option of
    PRESET, or with --diff A B the options where two presets differ.

    \b
    Example:
      $ mjasp rules --diff tenhou wrc
      option          tenhou   wrc
      red_fives       1,1,1    0,0,0
      kazoe           yakuman  sanbaiman
      kiriage         off      on
      double_wind_fu  4        2
      renhou          none     mangan_alone
    """
    if diff and name:
        raise click.UsageError("give a PRESET or --diff A B, not both")
    if diff:
        first, second = (find_rules(n) for n in diff)
        changed = first.diff(second)
        if as_json:
            emit_json({"a": first.name, "b": second.name,
                       "diff": {k: [plain(a), plain(b)] for k, (a, b) in changed.items()}})
            return
        _table([("option", first.name, second.name),
                *((k, shown(a), shown(b)) for k, (a, b) in changed.items())])
        if not changed:
            click.echo(f"{first.name} and {second.name} have the same options")
        return
    if name:
        rules = find_rules(name)
        if as_json:
            emit_json({"name": rules.name, "aliases": aliases(rules.name),
                       "options": options(rules)})
            return
        _table([(k, shown(v)) for k, v in options(rules).items()])
        return
    base = RULES["tenhou"]
    if as_json:
        emit_json({"presets": [{"name": n, "aliases": aliases(n), "options": options(r),
                                "differs_from_tenhou": {k: plain(b) for k, (_, b)
                                                        in base.diff(r).items()}}
                               for n, r in RULES.items()]})
        return
    for n, r in RULES.items():
        also = f" ({', '.join(aliases(n))})" if aliases(n) else ""
        changes = ", ".join(f"{k}={shown(b)}" for k, (_, b) in base.diff(r).items())
        click.echo(f"{n}{also}: {changes or 'the default (Tenhou four players)'}")


def _table(rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        click.echo("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True))
                   .rstrip())
