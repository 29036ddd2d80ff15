"""``mjasp decompose HAND``: every reading of a complete hand."""

from __future__ import annotations

import click

from mjasp.analysis.decomposition import DECOMPOSERS, DEFAULT_DECOMPOSER, decompose
from mjasp.cli.app import HAND, echo_readings, json_option, main, rules_option
from mjasp.core.hand import Hand
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
        standard    111m 222m 333m 456p 77p
        standard    123m 123m 123m 456p 77p
    """
    echo_readings(hand, decompose(hand, solver=solver, rules=rules), as_json)
