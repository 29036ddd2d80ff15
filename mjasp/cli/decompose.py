"""``mjasp decompose HAND``: every reading of a complete hand."""

from __future__ import annotations

import click

from mjasp.blocks import Decomposition
from mjasp.cli.app import HAND, emit_json, json_option, main, rules_option
from mjasp.decomposition import DECOMPOSERS, DEFAULT_DECOMPOSER, decompose
from mjasp.hand import Hand
from mjasp.rules import Rules


@main.command("decompose")
@click.argument("hand", type=HAND)
@click.option("--solver", type=click.Choice(sorted(DECOMPOSERS)), default=DEFAULT_DECOMPOSER,
              show_default=True, help="Engine for the standard form.")
@rules_option
@json_option
def decompose_command(hand: Hand, solver: str, rules: Rules, as_json: bool) -> None:
    """Print every reading (block decomposition) of a complete HAND.

    \b
    Example:
      $ mjasp decompose 111222333m45677p
      111222333m45677p: 2 readings
        standard    123m 123m 123m 456p 77p
        standard    111m 222m 333m 456p 77p
    """
    readings = sorted(decompose(hand, solver=solver, rules=rules), key=Decomposition.display_key)
    if as_json:
        emit_json({"hand": str(hand), "winning": bool(readings),
                   "readings": [d.to_json() for d in readings]})
        return
    noun = "reading" if len(readings) == 1 else "readings"
    click.echo(f"{hand}: {len(readings) or 'no'} {noun}")
    for reading in readings:
        click.echo(f"  {reading.form.value:<11} {reading}")
