"""``mjasp decompose HAND``: every reading of a complete hand."""

from __future__ import annotations

from typing import Any, TextIO

import click

from mjasp.cli.app import (
    HAND,
    batch_option,
    echo_readings,
    emit_json,
    hand_argument,
    json_option,
    line_options,
    main,
    one_hand,
    readings_json,
    rules_option,
    run_batch,
)
from mjasp.core.hand import Hand
from mjasp.rules import Rules
from mjasp.solvers.registry import DECOMPOSERS, DEFAULT_DECOMPOSER

#: The options a batch line may set (the others are the command line's).
LINE_OPTIONS = ("solver", "rules")


def decompose_json(hand: Hand, solver: str, rules: Rules) -> dict[str, Any]:
    """What ``mjasp decompose HAND --json`` prints, for one hand.

    >>> from mjasp.rules import find_rules
    >>> d = decompose_json(Hand.parse("111222333m45677p"), "fast", find_rules("standard"))
    >>> [r["text"] for r in d["readings"]]
    ['111m 222m 333m 456p 77p', '123m 123m 123m 456p 77p']
    """
    from mjasp.analysis.decomposition import decompose

    return readings_json(hand, decompose(hand, solver=solver, rules=rules))


@main.command("decompose")
@click.argument("hand", type=HAND, required=False, metavar="HAND")
@click.option("--solver", type=click.Choice(sorted(DECOMPOSERS)), default=DEFAULT_DECOMPOSER,
              show_default=True, help="Engine for the standard form.")
@rules_option
@json_option
@batch_option
def decompose_command(hand: Hand | None, solver: str, rules: Rules, as_json: bool,
                      batch: TextIO | None) -> int:
    """Print every reading (block decomposition) of a complete HAND.

    \b
    Example:
      $ mjasp decompose 111222333m45677p
      111222333m45677p: 2 readings
        standard    111m 222m 333m 456p 77p
        standard    123m 123m 123m 456p 77p
    """
    from mjasp.analysis.decomposition import decompose

    one_hand(hand, batch)
    if batch is not None:
        return run_batch(batch, lambda text, given: decompose_json(
            hand_argument(text), **line_options(given, LINE_OPTIONS)))
    assert hand is not None  # one_hand: a HAND when there is no batch
    if as_json:
        emit_json(decompose_json(hand, solver, rules))
    else:
        echo_readings(hand, decompose(hand, solver=solver, rules=rules), as_json=False)
    return 0

