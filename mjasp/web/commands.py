"""The web API's answers are the command line's: each request runs the ``mjasp`` command
it names, in this process, with ``--json``, and answers what it printed (the same JSON
document, written without indentation).

So ``GET /api/shanten?q=123m456p789s1122z`` and ``mjasp shanten 123m456p789s1122z --json``
cannot drift apart: there is one function that builds the JSON, the command's. A query
parameter maps to the command's option of the same name (``round`` to ``--round``,
``double_riichi`` to ``--double-riichi``); only the options listed here are reachable, so
no request can pick an engine, read a file or raise a limit.

>>> answer = run_command("shanten", {"q": "123m456p789s1122z"})
>>> answer.status, answer.data()["shanten"]
(200, 0)
>>> run_command("shanten", {"q": "123x"}).data()["error"]["type"]
'HandError'
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final, TextIO

from mjasp.cli import main
from mjasp.cli.app import EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_LIMIT, JSON_INDENT, error_json
from mjasp.core.errors import MjaspError

#: Query parameters that switch a flag on or off.
_TRUE: Final = frozenset({"", "1", "true", "on", "yes"})
_FALSE: Final = frozenset({"0", "false", "off", "no"})

#: Per command: its options that take a value, and its flags (query name = option name
#: with ``-`` written ``_``). ``q`` is always the hand.
VALUE_OPTIONS: Final[dict[str, tuple[str, ...]]] = {
    "shanten": ("visible", "form", "rules"),
    "decompose": ("rules",),
    "waits": ("rules",),
    "score": ("win", "seat", "round", "dora", "ura", "north", "liable", "honba", "sticks",
              "rules"),
    "advise": ("dora", "seat", "round", "draws", "visible", "rules", "riichi", "model",
               "explain"),
}
FLAG_OPTIONS: Final[dict[str, tuple[str, ...]]] = {
    "shanten": (), "decompose": (), "waits": (),
    "score": ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
              "houtei", "tenhou", "chiihou", "renhou", "robbed_north", "all"),
    "advise": (),
}


class RequestError(MjaspError):
    """A request the API does not take: an unknown parameter, a file name, a bad flag."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What a command printed (one JSON document) and the HTTP status its exit code means:
    0 → 200, bad input (2) → 400, a time or memory limit (3) → 504, a bug (70) → 500."""

    status: int
    text: str

    def data(self) -> Any:
        """The JSON document."""
        return json.loads(self.text)


_STATUS: Final = {0: 200, EXIT_BAD_INPUT: 400, EXIT_LIMIT: 504, EXIT_INTERNAL: 500}


def commands() -> tuple[str, ...]:
    """The commands the API serves: those of :data:`VALUE_OPTIONS` the CLI has (``advise``
    only where ``mjasp.advise`` is installed).

    >>> "shanten" in commands()
    True
    """
    return tuple(name for name in VALUE_OPTIONS if name in main.commands)


def arguments(command: str, params: Mapping[str, str], time_limit: float = 0) -> list[str]:
    """The command line for a request: ``[command, --json, options..., --, hand]``.

    ``--`` before the hand: a hand starting with ``-`` is a (bad) hand, never an option.

    >>> arguments("score", {"q": "123m456p789s11122z", "win": "2z", "tsumo": "1"})
    ['score', '--json', '--win', '2z', '--tsumo', '--', '123m456p789s11122z']
    """
    if command not in commands():
        raise RequestError(f"no such command: {command}; the API has {', '.join(commands())}")
    values, flags = VALUE_OPTIONS[command], FLAG_OPTIONS[command]
    args = [command, "--json"]
    for name, value in params.items():
        if name == "q":
            continue
        option = "--" + name.replace("_", "-")
        if name in values:
            args += [option, value]
        elif name in flags:
            if value.lower() in _TRUE:
                args.append(option)
            elif value.lower() not in _FALSE:
                raise RequestError(f"{name}={value!r}: a flag is 1/true/on or 0/false/off")
        else:
            known = ", ".join(("q", *values, *flags))
            raise RequestError(f"unknown parameter {name!r} for /api/{command}; known: {known}")
    if command == "advise" and time_limit:
        args += ["--time-limit", f"{time_limit:g}"]
    hand = params.get("q")
    if hand is None:
        raise RequestError("missing parameter q: the hand in mpsz, e.g. q=123m456p789s1122z")
    if hand.strip().lower().endswith(".lp"):
        raise RequestError("the web API reads hands, not files (.lp)")
    return [*args, "--", hand]


def run_command(command: str, params: Mapping[str, str], time_limit: float = 0) -> Answer:
    """Run ``mjasp <command> ... --json`` for a request and answer what it printed."""
    try:
        args = arguments(command, params, time_limit)
    except RequestError as error:
        return Answer(400 if command in commands() else 404,
                      json.dumps(error_json(error), ensure_ascii=False))
    buffer = io.StringIO()
    compact = JSON_INDENT.set(None)
    try:
        with _captured(buffer):
            try:
                code = main.main(args, prog_name="mjasp", standalone_mode=False)
            except SystemExit as stop:
                code = stop.code
    finally:
        JSON_INDENT.reset(compact)
    text = buffer.getvalue().strip()
    status = _STATUS.get(code if isinstance(code, int) else 0, 500)
    try:
        json.loads(text)
    except ValueError:  # a command printed something else: a bug, said as one JSON error
        bug = RuntimeError(f"internal error, please report: mjasp {command} printed no JSON")
        return Answer(500, json.dumps(error_json(bug)))
    return Answer(status, text)


class _Router(io.TextIOBase):
    """``sys.stdout`` while the API runs: each thread that captures writes to its own
    buffer, every other write goes where it went before. Commands print with
    ``click.echo``, which writes to ``sys.stdout``; requests run in parallel threads."""

    def __init__(self, fallback: TextIO) -> None:
        self.fallback = fallback
        self.local = threading.local()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        return "strict"

    def _target(self) -> TextIO:
        return getattr(self.local, "buffer", None) or self.fallback

    def write(self, text: str) -> int:
        return self._target().write(text)

    def flush(self) -> None:
        self._target().flush()

    def isatty(self) -> bool:
        return self._target().isatty()


_install_lock = threading.Lock()


@contextlib.contextmanager
def _captured(buffer: io.StringIO) -> Iterator[None]:
    with _install_lock:
        # installed again whenever someone else (pytest, a notebook) replaced sys.stdout
        router = sys.stdout
        if not isinstance(router, _Router):
            router = _Router(sys.stdout)
            sys.stdout = router
    router.local.buffer = buffer
    try:
        yield
    finally:
        router.local.buffer = None


__all__ = ["FLAG_OPTIONS", "VALUE_OPTIONS", "Answer", "RequestError", "arguments",
           "commands", "run_command"]
