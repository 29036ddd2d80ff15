"""The click group every ``mjasp`` command hangs on, and what the commands share.

Bad input never shows a traceback: any :class:`~mjasp.errors.MjaspError` becomes
``mjasp: error: <message>`` on stderr and exit code 2 (click's own usage errors too).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from mjasp.blocks import Decomposition
from mjasp.errors import MjaspError
from mjasp.hand import Hand
from mjasp.rules import ALIASES, RULES, find_rules

F = TypeVar("F", bound=Callable[..., Any])

#: Exit code for bad input of any kind (matches click's usage errors).
EXIT_BAD_INPUT = 2


class _Group(click.Group):
    """A group that turns mjasp's errors into one line and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except MjaspError as error:
            click.echo(f"mjasp: error: {error}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except click.UsageError as error:
            # a bad HAND argument arrives as click.BadParameter: one line, not a usage block
            click.echo(f"mjasp: error: {error.format_message()}", err=True)
            sys.exit(EXIT_BAD_INPUT)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mjasp")
def main() -> None:
    """Analyse Riichi mahjong hands: readings, shanten, waits, kan, counts.

    Hands are written in mpsz notation, e.g. 123m456p789s1122z; 0 is a red five;
    declared melds follow in brackets: [789s] chi, [555p] pon, [5555p] open kan,
    (1111z) closed kan.
    """


class HandType(click.ParamType):  # type: ignore[type-arg]
    """A hand in mpsz notation, parsed into a ``Hand``."""

    name = "HAND"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Hand:
        if isinstance(value, Hand):
            return value
        try:
            return Hand.parse(value)
        except MjaspError as error:
            self.fail(str(error), param, ctx)


HAND = HandType()


def json_option(func: F) -> F:
    """``--json``: print one JSON document instead of text."""
    return click.option("--json", "as_json", is_flag=True,
                        help="Print JSON for scripts instead of text.")(func)


def rules_option(func: F) -> F:
    """``--rules NAME``: a rule preset."""
    names = sorted(RULES) + sorted(ALIASES)
    return click.option("--rules", "rules", default="standard", show_default=True,
                        type=click.Choice(names, case_sensitive=False),
                        callback=lambda ctx, param, value: find_rules(value),
                        help="Rule preset.")(func)


def emit_json(data: Any) -> None:
    """Print ``data`` as indented JSON."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def echo_readings(hand: Hand, readings: Sequence[Decomposition], as_json: bool,
                  **context: Any) -> None:
    """Print a hand's readings in the order a person reads them, as text or JSON.

    ``context`` adds fields to the JSON document (the files read, the rules, ...).
    A hand with no reading is an answer, not an error: "no readings".
    """
    ordered = sorted(readings, key=Decomposition.display_key)
    if as_json:
        emit_json({**context, "hand": str(hand), "winning": bool(ordered),
                   "readings": [d.to_json() for d in ordered]})
        return
    noun = "reading" if len(ordered) == 1 else "readings"
    click.echo(f"{hand}: {len(ordered) or 'no'} {noun}")
    for reading in ordered:
        click.echo(f"  {reading.form.value:<11} {reading}")


__all__ = [
    "EXIT_BAD_INPUT",
    "HAND",
    "echo_readings",
    "emit_json",
    "json_option",
    "main",
    "rules_option",
]
