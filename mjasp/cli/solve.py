"""``mjasp solve FILE.lp [MORE.lp ...]``: every reading of a hand written as ASP facts.

Like ``clingo FILE.lp MORE.lp``: the files are grounded together with mjasp's encoding
(``decompose.lp``), so a file can hold the hand (``hand/1``, ``count/2``, ``meld/2`` facts,
see ``encodings/parts/hand_facts.lp``) or a rule variant (extra rules and facts, e.g.
``absent(1..7).`` for three players); every answer set is printed as one reading.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

from mjasp.cli.app import echo_readings, json_option, main, rules_option
from mjasp.decomposition import check_complete
from mjasp.rules import Rules


@main.command("solve")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-c", "--const", "consts", multiple=True, metavar="NAME=VALUE",
              callback=lambda ctx, param, values: _check_consts(values),
              help="Replace a #const of the files, as clingo's -c does (repeatable).")
@rules_option
@json_option
def solve_command(files: tuple[Path, ...], consts: tuple[str, ...], rules: Rules,
                  as_json: bool) -> None:
    """Print every reading of the hand in FILES (hand facts plus any rule variants).

    Hand facts: hand("123m456p789s1122z"), count("1m",3), meld(chi,"789s");
    see encodings/parts/hand_facts.lp. Syntax and grounding errors print as
    FILE:LINE: message, bad hand facts as one line (exit code 2 for both).

    \b
    Example:
      $ mjasp solve examples/hands/four_readings.lp
      11122233344455m: 4 readings
        standard    111m 222m 333m 444m 55m
        ...
    """
    from mjasp.solvers.asp import HandProgram  # clingo loads only for this command

    arguments = [arg for const in consts for arg in ("-c", const)]
    program = HandProgram(rules, [str(f) for f in files], arguments)
    hand = program.hand_facts()
    check_complete(hand, rules)
    echo_readings(hand, program.readings(hand), as_json,
                  files=[str(f) for f in files], rules=rules.name)


def _check_consts(values: tuple[str, ...]) -> tuple[str, ...]:
    for value in values:
        # a number, a constant or a string: clingo's own parser can crash on other text
        if not re.fullmatch(r'[a-z_]\w*=(-?\d+|[a-z_]\w*|"[^"\\]*")', value):
            raise click.BadParameter(f"{value!r} is not NAME=VALUE with VALUE a number, "
                                     "a lowercase constant or a quoted string")
    return values
