"""The click group every ``mjasp`` command hangs on, and what the commands share.

Bad input never shows a traceback: any :class:`~mjasp.core.errors.MjaspError` becomes
``mjasp: error: <message>`` on stderr and exit code 2 (click's own usage errors too);
with ``--json`` the same error is one JSON line on stdout,
``{"error": {"type": ..., "message": ..., "position": ...}}``, with the same exit code;
``type`` is one of ``ERROR_TYPES`` (a closed set: mjasp's own error classes, plus
``CommandLineError`` for a mistake in the options or arguments and ``InternalError`` for a
bug). A time or memory limit (``mjasp solve``, ``mjasp score``) exits with 3, a bug in
mjasp itself with 70. Output cut short by a closed pipe (``mjasp shanten X | head -1``)
ends quietly with exit code 0.
``--batch FILE`` (decompose, shanten, waits, score) answers many hands in one process:
one hand a line, mpsz or ``{"hand": ..., <options>}``; one compact JSON line each, exactly
the object ``--json`` prints for that hand; a bad line (a byte that is not UTF-8 included)
prints ``{"line": N, "error": ...}`` and the others go on; exit 2 if any line was bad.
Progress (bars, a ticking clock) is drawn on stderr only when it is a terminal and
``--json`` is off, so pipes and scripts see nothing of it.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import errno
import importlib
import json
import math
import os
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

import click

from mjasp.core.blocks import Decomposition
from mjasp.core.errors import LimitError, MjaspError, RulesError
from mjasp.core.hand import Hand
from mjasp.rules import ALIASES, RULES, Rules, find_rules

F = TypeVar("F", bound=Callable[..., Any])

#: Exit code for bad input of any kind (matches click's usage errors).
EXIT_BAD_INPUT = 2
#: Exit code when a time or memory limit stopped the work (``mjasp solve``).
EXIT_LIMIT = 3
#: Exit code of a bug in mjasp (an exception it did not expect); never bad input.
EXIT_INTERNAL = 70


def wants_json(args: Sequence[str]) -> bool:
    """Whether a command line asks for JSON (``--json`` before any ``--``).

    >>> wants_json(["solve", "--json", "a.lp"]), wants_json(["decompose", "--", "--json"])
    (True, False)
    """
    options = list(args)
    if "--" in options:
        options = options[:options.index("--")]
    return "--json" in options


def _message(error: BaseException) -> str:
    text = error.format_message() if isinstance(error, click.ClickException) else str(error)
    return " ".join(text.split())  # one line, whatever the error held


#: Every ``type`` an error under ``--json`` can have (a closed set, documented above):
#: the classes of ``mjasp.core.errors`` (and ``WinError``, ``DrawError``), ``CommandLineError``
#: for a bad option or argument, ``InternalError`` for a bug.
ERROR_TYPES = ("HandError", "WinError", "RulesError", "EncodingError", "DrawError",
               "LimitError", "MjaspError", "CommandLineError", "InternalError")


def error_json(error: BaseException) -> dict[str, Any]:
    """The JSON form of an error: its type (one of ``ERROR_TYPES``), its one-line message,
    the bad character's position in the offending text (``None`` when there is none).

    >>> from mjasp.core.errors import HandError
    >>> error_json(HandError("unknown character 'x'", "12x", 2))["error"]["position"]
    2
    >>> error_json(click.BadParameter("no"))["error"]["type"]
    'CommandLineError'
    """
    # a bad HAND argument is click's BadParameter wrapped around mjasp's HandError
    cause = error.__cause__ or error.__context__
    source = cause if isinstance(cause, MjaspError) else error
    if isinstance(source, MjaspError):
        kind = next(c.__name__ for c in type(source).__mro__ if c.__name__ in ERROR_TYPES)
    elif isinstance(source, click.ClickException):
        kind = "CommandLineError"
    else:
        kind = "InternalError"
    return {"error": {"type": kind, "message": _message(error),
                      "position": getattr(source, "position", None)}}


class _PipeClosed(Exception):
    """Standard output was closed by its reader (``| head -1``)."""


def report_error(error: BaseException, as_json: bool) -> None:
    """One line for ``error``: JSON on stdout under ``--json``, else text on stderr."""
    if as_json:
        click.echo(json.dumps(error_json(error), ensure_ascii=False))
    else:
        click.echo(f"mjasp: error: {_message(error)}", err=True)


#: The module of ``mjasp.cli`` that defines each command: imported when the command runs or
#: the help lists it, so ``mjasp shanten`` loads nothing of ``mjasp advise`` or ``mjasp logs``
#: (tests/cli/test_startup.py checks the table against what the modules define).
COMMANDS = {"advise": "advise", "count": "count", "decompose": "decompose", "draw": "draw",
            "forms": "forms", "generate": "count", "kan": "forms", "logs": "logs",
            "rules": "rules", "score": "score", "serve": "serve", "shanten": "shanten",
            "solve": "solve", "stats": "count", "verify": "verify", "waits": "forms"}


class _Group(click.Group):
    """A group that turns every error into one line and an exit code (2, 3 or 70), and
    imports each command's module on first use (:data:`COMMANDS`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            importlib.import_module(f"mjasp.cli.{COMMANDS[cmd_name]}")  # registers it
        return super().get_command(ctx, cmd_name)

    def all_commands(self) -> Mapping[str, click.Command]:
        """Every command by name, each module imported."""
        for module in sorted(set(COMMANDS.values())):
            importlib.import_module(f"mjasp.cli.{module}")
        return self.commands

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        args = list(sys.argv[1:] if args is None else args)
        as_json = wants_json(args)
        if not args:  # a newcomer typing "mjasp" gets the help, not an error
            with click.Context(self, info_name=prog_name or "mjasp") as ctx:
                click.echo(self.get_help(ctx))
            if not standalone_mode:
                return 0
            sys.exit(0)
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False,
                                  **extra)
        except _PipeClosed:
            # the reader has what it wanted: no message, and no traceback when Python
            # flushes the closed stdout at exit
            # (a test's captured stdout has no file descriptor: nothing to redirect)
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            if not standalone_mode:
                return 0
            sys.exit(0)
        except LimitError as error:
            report_error(error, as_json)
            sys.exit(EXIT_LIMIT)
        except (MjaspError, click.UsageError) as error:
            # a bad HAND argument arrives as click.BadParameter: one line, not a usage block
            report_error(error, as_json)
            sys.exit(EXIT_BAD_INPUT)
        except click.ClickException as error:
            report_error(error, as_json)
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("mjasp: interrupted", err=True)
            sys.exit(130)
        except Exception as error:  # a bug: still one line, and a code that says so
            report_error(RuntimeError(f"internal error, please report: "
                                      f"{type(error).__name__}: {error}"), as_json)
            sys.exit(EXIT_INTERNAL)
        if not standalone_mode:
            return result
        sys.exit(result if isinstance(result, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as error:
            # click would exit 1 (the code of a disagreement) on a closed pipe
            if error.errno == errno.EPIPE:
                raise _PipeClosed from None
            raise

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # click cuts each summary to fit one line; wrapped in full, none is lost
        rows = [(name, command.get_short_help_str(limit=1000))
                for name in self.list_commands(ctx)
                if (command := self.get_command(ctx, name)) is not None and not command.hidden]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"],
                                           "max_content_width": 100})
# the version line says which path answers: a user who installed without a compiler
# sees "pure Python" here (pip hides the build's warning unless run with -v)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=lambda ctx, param, value: _print_version(ctx, value),
              help="Show the version and exit.")
def main() -> None:
    """Analyse Riichi mahjong hands: readings, shanten, waits, kan, counts.

    Hands are written in mpsz notation, e.g. 123m456p789s1122z; 0 is a red five;
    declared melds follow in brackets: [789s] chi, [555p] pon, [5555p] open kan,
    (1111z) closed kan. Many hands in one process: decompose, shanten, waits and score
    take --batch FILE (one hand a line, or a JSON object with "hand" and options) and
    print one JSON line per hand.
    """


def _print_version(ctx: click.Context, value: bool) -> None:
    """``--version``: the version and which path answers (the kernel loads only here)."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    from mjasp.solvers import kernel

    click.echo(f"{ctx.find_root().info_name} {version('mjasp')} ({kernel.describe()})")
    ctx.exit()


def shows_progress(quiet: bool = False) -> bool:
    """Whether progress may be drawn: stderr is a terminal and the output is not JSON
    (``--json`` of the running command, or ``quiet``)."""
    ctx = click.get_current_context(silent=True)
    as_json = ctx is not None and bool(ctx.params.get("as_json"))
    return not (quiet or as_json) and sys.stderr.isatty()


class _NoBar:
    """Stands in for a progress bar where none is drawn."""

    def update(self, n_steps: int) -> None:
        """Nothing to draw."""


@contextlib.contextmanager
def progress(length: int, label: str, quiet: bool = False) -> Iterator[Any]:
    """A click progress bar on a terminal (``bar.update(n)``), nothing otherwise."""
    if not shows_progress(quiet):
        yield _NoBar()
        return
    with click.progressbar(length=length, label=label, file=sys.stderr, width=30) as bar:
        yield bar


@contextlib.contextmanager
def activity(label: str, quiet: bool = False) -> Iterator[None]:
    """A ticking clock (``label ... 3 s``) on a terminal, for work of unknown length."""
    if not shows_progress(quiet):
        yield
        return
    done = threading.Event()
    start = time.monotonic()

    def tick() -> None:
        while not done.wait(0.5):
            sys.stderr.write(f"\r{label} ... {time.monotonic() - start:.0f} s")
            sys.stderr.flush()

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        sys.stderr.write("\r\033[K")  # the clock leaves no trace on the terminal
        sys.stderr.flush()


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
    return click.option("--rules", "rules", default="tenhou", show_default=True,
                        type=click.Choice(names, case_sensitive=False),
                        callback=lambda ctx, param, value: find_rules(value),
                        help="Rule preset.")(func)


def rule_changes_option(func: F) -> F:
    """``--option NAME=VALUE`` (repeatable): one rule option of ``--rules`` changed, as
    :func:`with_options` reads it."""
    return click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
                        help="Change one rule option of --rules, e.g. kiriage=true, "
                             "red_fives=0,1,1, double_yakuman=kokushi_13 (repeatable; "
                             "`mjasp rules tenhou` lists the options).")(func)


def with_options(rules: Rules, options: Sequence[str]) -> Rules:
    """``rules`` with ``--option NAME=VALUE`` changes (a bool is true/false/on/off, a set
    or the red fives a comma-separated list); a bad one is a ``RulesError``.

    >>> with_options(RULES["tenhou"], ["kiriage=true", "red_fives=0,1,1"]).red_fives
    (0, 1, 1)
    """
    changes: dict[str, object] = {}
    defaults = {f.name: f.default for f in dataclasses.fields(Rules)}
    for option in options:
        name, equals, value = option.partition("=")
        name, value = name.strip().replace("-", "_"), value.strip()
        if not equals or not value:
            raise RulesError(f"--option {option!r}: write NAME=VALUE, e.g. kiriage=true")
        if name == "name" or name not in defaults:
            known = ", ".join(n for n in defaults if n != "name")
            raise RulesError(f"--option {option!r}: unknown option {name!r}; known: {known}")
        if name in changes:  # the last would win and the first be dropped unsaid
            hint = (f"; name them in one: {name}=a,b"
                    if isinstance(defaults[name], frozenset) else "")
            raise RulesError(f"--option {name} given twice{hint}")
        default = defaults[name]
        if isinstance(default, bool):
            if value.lower() not in BOOL_WORDS:
                raise RulesError(f"--option {option!r}: {name} is true or false")
            changes[name] = BOOL_WORDS[value.lower()]
        elif isinstance(default, int):
            if not value.isdigit():
                raise RulesError(f"--option {option!r}: {name} is a whole number")
            changes[name] = int(value)
        elif isinstance(default, tuple):  # red_fives=0,1,1
            parts = value.split(",")
            if not all(p.strip().isdigit() for p in parts):
                raise RulesError(f"--option {option!r}: {name} is three counts, e.g. 0,1,1")
            changes[name] = tuple(int(p) for p in parts)
        elif isinstance(default, frozenset):  # a set of names; "none" for the empty set
            changes[name] = frozenset(v.strip() for v in value.split(",")
                                      if v.strip() and value.lower() != "none")
        else:
            changes[name] = value
    if not changes:
        return rules
    try:
        return rules.replace(**changes)
    except RulesError as error:
        raise RulesError(f"--option: {error}") from None


def given_words(name: str, explicit: bool, options: Sequence[str]) -> str:
    """The rules the command line chose, in the user's words (for a conflict's message).

    >>> given_words("tenhou", False, ["kiriage=on"])
    '--option kiriage=on, a change of the default --rules tenhou'
    """
    words = " ".join([f"--rules {name}"] * explicit + [f"--option {o}" for o in options])
    return words if explicit else f"{words}, a change of the default --rules {name}"


def refuse_rule_file_conflicts(options: Sequence[str], names: Sequence[str],
                               files: Sequence[str], rules: Rules | None,
                               chosen_words: str) -> None:
    """A ``RulesError`` where an ``option/2`` fact of rule ``files`` (paths, named
    ``names`` by the user) contradicts an ``--option`` given (the files' options otherwise
    add to the rules': a value the option left at Tenhou's would be the file's, unsaid),
    or a preset entry file among them (played as its rules) contradicts the rules chosen
    (``rules``, None: none chosen), ``chosen_words`` in the user's words (``given_words``):
    ``mjasp score HAND FILE.lp`` and ``mjasp advise --variant FILE.lp`` refuse alike."""
    from mjasp.core.facts import option_facts  # clingo: only for .lp files
    from mjasp.solvers.scoring_variants import OPTION_TERMS, PRESETS, split_presets

    preset, rest_files = split_presets(None, files)
    if rules is not None and len(rest_files) < len(files) and rules != preset:
        shown = next(n for n, f in zip(names, files, strict=True) if f not in rest_files)
        raise RulesError(f"{shown} (the rules {preset.name!r}) conflicts with {chosen_words} "
                         f"(they differ in {', '.join(rules.diff(preset))}): give one of "
                         "them")

    given = {o.partition("=")[0].strip().replace("-", "_"): o.strip() for o in options}
    # a preset entry file is played as its rules (split_presets compares those)
    variants = [f for f in files if Path(f).resolve().parent != Path(str(PRESETS)).resolve()]
    for name, term, where in option_facts(variants) if rules is not None and given else ():
        for path, shown in zip(files, names, strict=True):  # as the user named the file
            where = shown + where[len(path):] if where.startswith(path + ":") else where
        if name not in given or (name not in OPTION_TERMS and name != "yakuman_cap"):
            continue
        value = int(term) if name == "yakuman_cap" and term.isdigit() else \
            OPTION_TERMS.get(name, {}).get(term, term)
        own = getattr(rules, name)
        if value != own and not isinstance(own, frozenset):  # a set option adds up
            raise RulesError(f"{where}: option({name},{term}) conflicts with --option "
                             f"{given[name]}")


def changed_options(rules: Rules, base: Rules | None = None) -> dict[str, Any]:
    """The options where the rules played differ from the preset they are named after
    (set by ``--option`` or a variant file), or from ``base``, as JSON values: what
    ``--json`` reports.

    >>> changed_options(RULES["tenhou"].replace(kiriage=True, red_fives=(1, 2, 1)))
    {'red_fives': [1, 2, 1], 'kiriage': True}
    """
    if base is None:
        base = RULES.get(rules.name, RULES["tenhou"])
    return {option: sorted(mine) if isinstance(mine, frozenset) else
            list(mine) if isinstance(mine, tuple) else mine
            for option, (_, mine) in base.diff(rules).items()}


#: The words a yes/no value is written in (``--option kiriage=on``; the web API's flags too).
BOOL_WORDS: Final = {"1": True, "true": True, "on": True, "yes": True,
                     "0": False, "false": False, "off": False, "no": False}


class FiniteFloat(click.FloatRange):
    """A float in a closed range, refusing ``nan`` and ``inf`` (click's ``FloatRange``
    lets ``nan`` through: it compares false with both ends).

    >>> FiniteFloat(0, 10).convert("2.5", None, None)
    2.5
    """

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


def seed_option(func: F) -> F:
    """``--seed``: the same range (0..2**64-1) for every command that samples."""
    return click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0,
                        show_default=True,
                        help="Seed (0..2**64-1): the same seed gives the same hands "
                             "everywhere.")(func)


#: Indentation of ``--json`` output; the web API sets ``None`` for its worker: the same
#: document, written compactly by the C encoder (indenting runs the slower Python one).
JSON_INDENT: contextvars.ContextVar[int | None] = contextvars.ContextVar("JSON_INDENT",
                                                                        default=2)


def emit_json(data: Any) -> None:
    """Print ``data`` as indented JSON (see :data:`JSON_INDENT`)."""
    click.echo(json.dumps(data, indent=JSON_INDENT.get(), ensure_ascii=False))


def emit_json_list(items: Iterable[Any], batch: int = 4096) -> None:
    """Print a list as ``emit_json(list(items))`` prints it, written a few thousand items
    at a time: a list of millions (every winning form, every deal) never sits in memory.

    >>> emit_json_list(iter([1, [2]]))
    [
      1,
      [
        2
      ]
    ]
    """
    indent = JSON_INDENT.get()
    pad = " " * (indent or 0)
    sep, opening, closing = (", ", "[", "]") if indent is None else (",\n", "[\n", "\n]")
    pieces: list[str] = []
    written = False
    for item in items:
        text = json.dumps(item, indent=indent, ensure_ascii=False)
        pieces.append(text if indent is None else textwrap.indent(text, pad))
        if len(pieces) == batch:
            click.echo((sep if written else opening) + sep.join(pieces), nl=False)
            written, pieces = True, []
    if not written and not pieces:
        click.echo("[]")
        return
    if pieces:
        click.echo((sep if written else opening) + sep.join(pieces), nl=False)
    click.echo(closing)


# -- batch input: many hands in one process ------------------------------------------

#: What answers one batch line: the hand as written and the line's own options (the
#: JSON object's other keys, already converted; the command line's for the rest).
Answer = Callable[[str, dict[str, Any]], dict[str, Any]]


def batch_option(func: F) -> F:
    """``--batch FILE``: many hands, one a line (``-`` reads standard input)."""
    return click.option(
        "--batch", "batch", metavar="FILE", default=None,
        # a byte that is not UTF-8 spoils its own line (an unknown character), not the batch
        type=click.File("r", encoding="utf-8", errors="replace"),
        help="Read hands from FILE ('-': standard input), one a line: mpsz, or a JSON "
             "object {\"hand\": ..., <options>}; print one compact JSON line each (what "
             "--json prints), a bad line as {\"line\": N, \"error\": ...}; exit 2 if any "
             "line was bad. Blank lines and # comments are skipped.")(func)


def one_hand(hand: Any, batch: Any) -> None:
    """Refuse a command line with both a HAND and ``--batch``, or with neither."""
    if (hand is None) == (batch is None):
        raise click.UsageError("give one HAND or --batch FILE" if hand is None else
                               "give a HAND or --batch FILE, not both")


def batch_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The lines of a batch that hold a hand, numbered from 1 as in the file (blank
    lines and ``#`` comments are skipped).

    >>> list(batch_lines(["# hands", "123m", "", "  456p  "]))
    [(2, '123m'), (4, '456p')]
    """
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield number, text


def batch_request(text: str) -> tuple[str, dict[str, Any]]:
    """One batch line as (hand, options): mpsz alone, or a JSON object with ``hand``.

    >>> batch_request('{"hand": "123m", "rules": "tenhou"}')
    ('123m', {'rules': 'tenhou'})
    """
    if not text.startswith("{"):
        return text, {}
    try:
        request = json.loads(text)
    except json.JSONDecodeError as error:
        raise click.UsageError(f"not a JSON object: {error.msg} at column {error.colno}") \
            from None
    if not isinstance(request, dict):
        raise click.UsageError("a batch line is mpsz or one JSON object")
    hand = request.pop("hand", None)
    if not isinstance(hand, str):
        raise click.UsageError('a JSON batch line needs "hand": "<mpsz>"')
    return hand, request


def line_options(given: Mapping[str, Any], allowed: Iterable[str]) -> dict[str, Any]:
    """The ``allowed`` options of one batch line: the line's own converted by the running
    command's click options (the same types, choices and callbacks as on the command
    line), the command line's values for the rest. A line names an option as its flag
    does (``"all"`` for ``--all``, ``"double_riichi"`` for ``--double-riichi``) or by its
    parameter name; another key is a usage error.
    """
    ctx = click.get_current_context()
    names = set(allowed)
    params = [p for p in ctx.command.params if p.name in names]
    keys = {p.name: p for p in params if p.name is not None}
    for param in params:
        keys.update((flag.lstrip("-").replace("-", "_"), param) for flag in param.opts
                    if flag.startswith("--"))
    unknown = sorted(set(given) - set(keys))
    if unknown:
        raise click.UsageError(f"unknown option {unknown[0]!r} in a batch line (it takes "
                               f"{', '.join(sorted(keys)) or 'none'})")
    chosen = {p.name: ctx.params[p.name] for p in params if p.name is not None}
    for key, value in given.items():
        param = keys[key]
        if param.name is not None:
            chosen[param.name] = param.process_value(ctx, value)
    return chosen


def hand_argument(text: str) -> Hand:
    """A batch line's hand, parsed and reported as the HAND argument would be."""
    ctx = click.get_current_context()
    param = next((p for p in ctx.command.params if p.name == "hand"), None)
    return HAND.convert(text, param, ctx)


def run_batch(source: Iterable[str], answer: Answer) -> int:
    """Answer every hand of ``source`` with ``answer``, one compact JSON line each, in
    input order; a bad line gives ``{"line": N, "error": {...}}`` and the rest go on.

    Returns the exit code: 2 (bad input) if any line was bad, else 0.
    """
    bad = False
    write = sys.stdout.write  # click.echo per line would cost more than some answers
    for number, text in batch_lines(source):
        try:
            hand, given = batch_request(text)
            result = answer(hand, given)
        except (MjaspError, click.UsageError) as error:
            bad = True
            result = {"line": number, **error_json(error)}
        write(json.dumps(result, ensure_ascii=False, separators=(",", ":")) + "\n")
    sys.stdout.flush()
    return EXIT_BAD_INPUT if bad else 0


def readings_json(hand: Hand, readings: Sequence[Decomposition],
                  **context: Any) -> dict[str, Any]:
    """The JSON object of a hand's readings, in the order a person reads them.

    ``context`` adds fields (the files read, the rules, ...).
    """
    ordered = sorted(readings, key=Decomposition.display_key)
    return {**context, "hand": str(hand), "winning": bool(ordered),
            "readings": [d.to_json() for d in ordered]}


def echo_readings(hand: Hand, readings: Sequence[Decomposition], as_json: bool,
                  **context: Any) -> None:
    """Print a hand's readings in the order a person reads them, as text or JSON.

    ``context`` adds fields to the JSON document (the files read, the rules, ...).
    A hand with no reading is an answer, not an error: "no readings".
    """
    if as_json:
        emit_json(readings_json(hand, readings, **context))
        return
    ordered = sorted(readings, key=Decomposition.display_key)
    noun = "reading" if len(ordered) == 1 else "readings"
    click.echo(f"{hand}: {len(ordered) or 'no'} {noun}")
    for reading in ordered:
        click.echo(f"  {reading.form.value:<11} {reading}")


__all__ = [
    "BOOL_WORDS",
    "ERROR_TYPES",
    "EXIT_BAD_INPUT",
    "EXIT_INTERNAL",
    "EXIT_LIMIT",
    "HAND",
    "FiniteFloat",
    "activity",
    "batch_lines",
    "batch_option",
    "batch_request",
    "changed_options",
    "echo_readings",
    "emit_json",
    "emit_json_list",
    "given_words",
    "hand_argument",
    "json_option",
    "line_options",
    "main",
    "one_hand",
    "progress",
    "readings_json",
    "refuse_rule_file_conflicts",
    "report_error",
    "rule_changes_option",
    "rules_option",
    "run_batch",
    "seed_option",
    "with_options",
]
