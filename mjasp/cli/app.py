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
Progress (bars, a ticking clock) is drawn on stderr only when it is a terminal and
``--json`` is off, so pipes and scripts see nothing of it.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import json
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import click

from mjasp.core.blocks import Decomposition
from mjasp.core.errors import LimitError, MjaspError
from mjasp.core.hand import Hand
from mjasp.rules import ALIASES, RULES, find_rules
from mjasp.solvers import kernel

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


class _Group(click.Group):
    """A group that turns every error into one line and an exit code (2, 3 or 70)."""

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
@click.version_option(package_name="mjasp",
                      message=f"%(prog)s %(version)s ({kernel.describe()})")
def main() -> None:
    """Analyse Riichi mahjong hands: readings, shanten, waits, kan, counts.

    Hands are written in mpsz notation, e.g. 123m456p789s1122z; 0 is a red five;
    declared melds follow in brackets: [789s] chi, [555p] pon, [5555p] open kan,
    (1111z) closed kan.
    """


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
    "ERROR_TYPES",
    "EXIT_BAD_INPUT",
    "EXIT_INTERNAL",
    "EXIT_LIMIT",
    "HAND",
    "FiniteFloat",
    "activity",
    "echo_readings",
    "emit_json",
    "json_option",
    "main",
    "progress",
    "report_error",
    "rules_option",
    "seed_option",
]
