"""``mjasp solve FILE.lp [MORE.lp ...]``: every reading of a hand written as ASP facts.

Like ``clingo FILE.lp MORE.lp``: the files are grounded together with mjasp's encoding
(``decompose.lp``), so a file can hold the hand (``hand/1``, ``count/2``, ``meld/2`` facts,
see ``encodings/parts/hand_facts.lp``) or a rule variant (extra rules and facts, e.g.
``absent(1..7).`` for three players); every answer set is printed as one reading.
``#minimize`` and weak constraints in a variant are ignored: every reading is an answer.

A file is any program, so grounding and solving run in a child process under a time
limit and a memory ceiling (``--time-limit``, ``--memory-limit``); hitting one is a
one-line message and exit code 3.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import click

from mjasp.cli.app import echo_readings, json_option, main, rules_option
from mjasp.cli.limits import limit_options, run_limited
from mjasp.core.blocks import Decomposition
from mjasp.core.errors import EncodingError, MjaspError
from mjasp.core.hand import Hand
from mjasp.rules import Rules
from mjasp.rules.validity import check_complete

#: A UTF-8 byte-order mark, which some editors write and clingo's parser cannot read.
BOM = b"\xef\xbb\xbf"


@main.command("solve")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-c", "--const", "consts", multiple=True, metavar="NAME=VALUE",
              callback=lambda ctx, param, values: _check_consts(values),
              help="Replace a #const of the files, as clingo's -c does (repeatable).")
@limit_options
@rules_option
@json_option
def solve_command(files: tuple[Path, ...], consts: tuple[str, ...], time_limit: float,
                  memory_limit: int, rules: Rules, as_json: bool) -> None:
    """Print every reading of the hand in FILES (hand facts plus any rule variants).

    Hand facts: hand("123m456p789s1122z"), count("1m",3), meld(chi,"789s");
    see encodings/parts/hand_facts.lp. Syntax and grounding errors print as
    FILE:LINE: message, bad hand facts as one line (exit code 2 for both);
    a time or memory limit stops the run with exit code 3. #minimize and weak
    constraints are ignored: every answer set is a reading.

    \b
    Example:
      $ mjasp solve examples/hands/four_readings.lp
      11122233344455m: 4 readings
        standard    111m 222m 333m 444m 55m
        ...
    """
    arguments = [arg for const in consts for arg in ("-c", const)]
    with tempfile.TemporaryDirectory(prefix="mjasp-solve-") as scratch:
        readable = {_readable(path, Path(scratch) / str(i)): str(path)
                    for i, path in enumerate(files)}
        try:
            hand, readings, scoring = run_limited(
                solve_files, (rules, list(readable), arguments), time_limit=time_limit,
                memory_mb=memory_limit, what="mjasp solve", clock="grounding and solving")
        except MjaspError as error:
            raise _renamed(error, readable) from None
    if scoring:  # the readings are right; the file's rules score, which solve does not
        click.echo(f"mjasp: note: {_renamed(EncodingError(scoring), readable)} changes no "
                   "reading: mjasp solve ignores it (mjasp score plays it)", err=True)
    echo_readings(hand, readings, as_json, files=[str(f) for f in files], rules=rules.name)


def solve_files(rules: Rules, files: list[str],
                arguments: list[str]) -> tuple[Hand, list[Decomposition], str | None]:
    """The hand written in ``files`` and its readings under ``rules`` and the variants
    in the same files (what ``mjasp solve`` runs in its child process), and where the
    files define a scoring rule, which no reading reads (``file:line: removed/1``)."""
    from mjasp.core.facts import read_hand, scoring_only  # clingo loads only for this command
    from mjasp.solvers.asp import HandProgram, encoding
    from mjasp.solvers.scoring_asp import SCORING

    program = HandProgram(rules, files, arguments)
    program.check_inputs()
    hand = read_hand(files)
    check_complete(hand, rules)
    scoring = scoring_only(files, sorted(str(p) for p in Path(str(SCORING)).rglob("*.lp")),
                           [encoding("engine.lp")])
    return hand, program.readings(hand), scoring


def _readable(path: Path, scratch: Path) -> str:
    """``path`` if clingo can read it, else a UTF-8 copy without byte-order mark in
    ``scratch``; a binary file or one not in UTF-8 is an ``EncodingError``."""
    if not path.is_file():  # /dev/zero or a pipe would be read forever
        raise EncodingError(f"{path}: not a regular file")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise EncodingError(f"{path}: cannot be read ({error.strerror})") from None
    if b"\0" in data:
        raise EncodingError(f"{path}: a binary file, not an ASP program")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise EncodingError(f"{path}:{line}: byte 0x{data[error.start]:02x} is not UTF-8; "
                            "save the file as UTF-8") from None
    if not data.startswith(BOM):
        return str(path)
    # errors must still name the user's file: the copy keeps its name in a fresh folder
    scratch.mkdir()
    copy = scratch / path.name
    copy.write_bytes(data[len(BOM):])
    return str(copy)


def _renamed(error: MjaspError, readable: dict[str, str]) -> MjaspError:
    """``error`` with the paths of clean copies replaced by the user's paths."""
    message = str(error)
    for copy, original in readable.items():
        if copy != original:
            message = message.replace(copy, original)
    if message == str(error):
        return error
    renamed = type(error).__new__(type(error))
    renamed.__dict__.update(error.__dict__)
    renamed.args = (message,)
    return renamed


def _check_consts(values: tuple[str, ...]) -> tuple[str, ...]:
    for value in values:
        # a number, a constant or a string: clingo's own parser can crash on other text
        if not re.fullmatch(r'[a-z_]\w*=(-?\d+|[a-z_]\w*|"[^"\\]*")', value):
            raise click.BadParameter(f"{value!r} is not NAME=VALUE with VALUE a number, "
                                     "a lowercase constant or a quoted string")
    return values
