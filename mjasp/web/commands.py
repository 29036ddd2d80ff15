"""The web API's answers are the command line's: each request runs the ``mjasp`` command
it names, in this process, with ``--json``, and answers what it printed (the same JSON
document, written without indentation).

So ``GET /api/shanten?q=123m456p789s1122z`` and ``mjasp shanten 123m456p789s1122z --json``
cannot drift apart: there is one function that builds the JSON, the command's. A query
parameter maps to the command's option of the same name (``round`` to ``--round``,
``double_riichi`` to ``--double-riichi``); only the options listed here are reachable, so
no request can pick an engine, read a file or raise a limit.

Two shortcuts keep the answer and save the time (the discard table is the page's most
frequent request, and the command line's parsing cost as much as the analysis):

- ``shanten``, ``waits`` and ``decompose`` build their JSON with one function of the
  converted options (``shanten_json``...; ``--batch`` calls it for every line). The API
  converts each parameter with the command's own click option (its type, choices and
  callback) and calls that function; whenever anything is not plain (a conversion or the
  analysis raises), the whole command line runs instead and words the error as it does.
- ``advise`` runs in a worker process (:data:`IN_WORKERS`), which calls the command's own
  function with the request's options converted by the command's click options (the
  command line's parsing costs a few milliseconds of a search's tens); whenever that
  raises, the whole command line runs instead and words the error as it does.
- Answers are deterministic, so the last :data:`CACHE_SIZE` answers (200 and 400) are
  kept, keyed by the command and its sorted parameters; an ``advise`` answer by the
  normalised request (the hand as ``mjasp`` writes it, every option converted, defaults
  filled in), so the page's request and a shorter link to the same state share it. The
  same search asked again while it runs is not run twice: the second request waits for
  the first one's answer.

>>> answer = run_command("shanten", {"q": "123m456p789s1122z"})
>>> answer.status, answer.data()["shanten"]
(200, 0)
>>> run_command("shanten", {"q": "123x"}).data()["error"]["type"]
'HandError'
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import inspect
import io
import json
import os
import re
import sys
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final, TextIO

import click

from mjasp.cli import main
from mjasp.cli.app import (
    BOOL_WORDS,
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_LIMIT,
    JSON_INDENT,
    changed_options,
    error_json,
)
from mjasp.cli.decompose import decompose_json
from mjasp.cli.forms import waits_json
from mjasp.cli.shanten import shanten_json, shanten_text
from mjasp.core.errors import LimitError, MjaspError
from mjasp.rules import RULES, RULES_CACHED, Rules, preset_key
from mjasp.web.workers import MEMORY_MB, Workers, default_size

#: Query parameters that switch a flag on (empty too: ``&tsumo``) or off, in any case, in
#: the order the error message (and the OpenAPI description) lists them.
FLAG_TRUE: Final = (*(word for word, on in BOOL_WORDS.items() if on), "")
FLAG_FALSE: Final = tuple(word for word, on in BOOL_WORDS.items() if not on)
#: What a flag takes, as the error message and the OpenAPI description say it.
FLAG_VALUES: Final = (f"a flag is {', '.join(FLAG_TRUE[:-1])} or empty (on), or "
                      f"{', '.join(FLAG_FALSE)} (off)")


def flag_pattern() -> str:
    """The values a flag takes (:data:`FLAG_TRUE`, :data:`FLAG_FALSE`, any case) as one
    regular expression in the ECMA-262 dialect OpenAPI's ``pattern`` uses (no flags, so
    each letter is a class of its two cases).

    >>> import re
    >>> [bool(re.fullmatch(flag_pattern(), v)) for v in ("", "On", "NO", "2", "yes!")]
    [True, True, True, False, False]
    """
    def cased(value: str) -> str:
        return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else re.escape(c)
                       for c in value)

    return "^(" + "|".join(cased(v) for v in (*FLAG_TRUE, *FLAG_FALSE)) + ")$"

#: Per command: its options that take a value, and its flags (query name = option name
#: with ``-`` written ``_``). ``q`` is always the hand.
VALUE_OPTIONS: Final[dict[str, tuple[str, ...]]] = {
    "shanten": ("visible", "form", "rules"),
    "decompose": ("rules",),
    "waits": ("rules",),
    "score": ("win", "seat", "round", "dora", "ura", "north", "liable", "honba", "sticks",
              "rules", "option"),
    "advise": ("dora", "seat", "round", "draws", "visible", "rules", "option", "riichi",
               "model", "explain"),
}
#: Between the values of an option the command takes many times (``option``: several
#: ``--option NAME=VALUE``), as a query gives each parameter once.
MANY_SEPARATOR: Final = ";"
FLAG_OPTIONS: Final[dict[str, tuple[str, ...]]] = {
    "shanten": (), "decompose": (), "waits": (),
    "score": ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
              "houtei", "tenhou", "chiihou", "renhou", "robbed_north", "all"),
    "advise": (),
}


#: The function each command calls to build what it prints with ``--json`` for one hand;
#: its parameters are the command's (``hand`` is ``q``). Only commands without flags.
JSON_FUNCTIONS: Final[dict[str, Callable[..., dict[str, Any]]]] = {
    "shanten": shanten_json, "waits": waits_json, "decompose": decompose_json}

#: The same document's text without indentation, where a command has a function that
#: writes it faster than encoding its JSON function's dicts (same parameters).
TEXT_FUNCTIONS: Final[dict[str, Callable[..., str]]] = {"shanten": shanten_text}

#: How many answers the cache keeps (a discard table is about 4 kB of JSON).
CACHE_SIZE: Final = 4096


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


@functools.cache
def commands() -> tuple[str, ...]:
    """The commands the API serves: those of :data:`VALUE_OPTIONS` the CLI has (``advise``
    only where ``mjasp.advise`` is installed); found once (an ``advise`` request asks twice,
    and finding them imports each command's module again: some 0.07 ms each time).

    >>> "shanten" in commands()
    True
    """
    return tuple(name for name in VALUE_OPTIONS if name in main.all_commands())


#: The query parameters of :data:`VALUE_OPTIONS` whose option is given many times.
_MANY: Final = frozenset({"option"})


def arguments(command: str, params: Mapping[str, str], time_limit: float = 0) -> list[str]:
    """The command line for a request: ``[command, --json, options..., --, hand]``.

    ``--`` before the hand: a hand starting with ``-`` is a (bad) hand, never an option.

    >>> arguments("score", {"q": "123m456p789s11122z", "win": "2z", "tsumo": "1"})
    ['score', '--json', '--win', '2z', '--tsumo', '--', '123m456p789s11122z']
    >>> arguments("advise", {"q": "1m", "option": "kiriage=true;red_fives=0,0,0"})[2:6]
    ['--option', 'kiriage=true', '--option', 'red_fives=0,0,0']
    """
    if command not in commands():
        raise RequestError(f"no such command: {command}; the API has {', '.join(commands())}")
    values, flags = VALUE_OPTIONS[command], FLAG_OPTIONS[command]
    args = [command, "--json"]
    for name, value in params.items():
        if name == "q":
            continue
        option = "--" + name.replace("_", "-")
        if name in values and name in _MANY:
            for part in value.split(MANY_SEPARATOR):
                args += [option, part]
        elif name in values:
            args += [option, value]
        elif name in flags:
            if value.lower() in FLAG_TRUE:
                args.append(option)
            elif value.lower() not in FLAG_FALSE:
                raise RequestError(f"{name}={value!r}: {FLAG_VALUES}")
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


class _Cache:
    """The last ``size`` answers by key, least recently used out first (thread-safe)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.answers: OrderedDict[tuple[Any, ...], Answer] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> Answer | None:
        with self.lock:
            answer = self.answers.get(key)
            if answer is not None:
                self.answers.move_to_end(key)
            return answer

    def put(self, key: tuple[Any, ...], answer: Answer) -> None:
        with self.lock:
            self.answers[key] = answer
            if len(self.answers) > self.size:
                self.answers.popitem(last=False)


_cache = _Cache(CACHE_SIZE)

#: The environment variable that names a folder where several server processes share
#: their kept search answers (e.g. ``uvicorn --workers N --factory
#: mjasp.web.app:create_app``; ``mjasp serve`` is one process and needs none); each
#: process keeps its other answers to itself.
SHARED_ENV: Final = "MJASP_WEB_KEPT"


class _Folder:
    """Kept answers shared by processes: one file per key (named by its hash), written
    whole and then renamed in, so a reader sees a whole answer or none; at most ``size``
    files and ``max_bytes`` bytes, the least recently used removed first (a file read is
    touched). A file's first line holds the status and the CRC-32 of the answer, so a file
    cut short or changed is no answer (the answer is computed again and rewritten). A
    ``.part`` file older than ``stale_after`` seconds is a writer's that crashed before
    its rename: removed when the folder is opened and at each scan.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as path:
    ...     shared = _Folder(path, 2)
    ...     shared.put(("advise", "1m"), Answer(200, '{"a": 1}'))
    ...     shared.get(("advise", "1m")), shared.get(("advise", "2m"))
    (Answer(status=200, text='{"a": 1}'), None)
    """

    def __init__(self, path: str, size: int, max_bytes: int = 256 << 20,
                 stale_after: float = 600.0) -> None:
        self.path = path
        self.size = size
        self.max_bytes = max_bytes
        # far longer than a write takes: a younger .part file may be another writer's
        self.stale_after = stale_after
        self.writes = 0
        self.written = 0  # bytes since the last trim
        self.lock = threading.Lock()
        self._trim()

    def _file(self, key: tuple[Any, ...]) -> str:
        # the key is text, numbers and None in tuples: its repr is the same in every process
        return os.path.join(self.path, hashlib.sha256(repr(key).encode()).hexdigest())

    def get(self, key: tuple[Any, ...]) -> Answer | None:
        name = self._file(key)
        try:
            with open(name, "rb") as file:
                data = file.read()
            os.utime(name)
            head, _, text = data.partition(b"\n")
            status, crc = head.split(b" ")
            if int(crc, 16) != zlib.crc32(text):
                return None
            return Answer(int(status), text.decode("utf-8"))
        except (OSError, ValueError):  # not there, removed meanwhile, or damaged
            return None

    def put(self, key: tuple[Any, ...], answer: Answer) -> None:
        name = self._file(key)
        partial = f"{name}.{os.getpid()}.{threading.get_ident()}.part"
        text = answer.text.encode()
        try:
            with open(partial, "wb") as file:
                file.write(f"{answer.status} {zlib.crc32(text):08x}\n".encode() + text)
            os.replace(partial, name)
        except OSError:  # the folder is gone (the server stops) or full: not kept
            with contextlib.suppress(OSError):
                os.remove(partial)
            return
        with self.lock:
            self.writes += 1
            self.written += len(text)
            # now and then, not on every write (a scan of the folder), and before the
            # bytes written since the last scan could pass an eighth of the bound
            trim = self.writes % 64 == 0 or self.written > self.max_bytes // 8
            if trim:
                self.written = 0
        if trim:
            self._trim()

    def _trim(self) -> None:
        stale = time.time() - self.stale_after
        entries = []
        try:
            for entry in os.scandir(self.path):
                with contextlib.suppress(OSError):  # renamed or removed meanwhile
                    stat = entry.stat()
                    if not entry.name.endswith(".part"):
                        entries.append((stat.st_mtime, stat.st_size, entry.path))
                    elif stat.st_mtime < stale:  # its writer is gone
                        os.remove(entry.path)
        except OSError:
            return
        # the most recently used first: kept while both bounds hold, the rest removed
        entries.sort(reverse=True)
        total = 0
        for kept, (_, size, path) in enumerate(entries, 1):
            total += size
            if kept > self.size or total > self.max_bytes:
                with contextlib.suppress(OSError):
                    os.remove(path)


_shared: _Folder | None = None
_shared_checked = False


def _shared_folder() -> _Folder | None:
    """The folder named by :data:`SHARED_ENV`, if any (read once)."""
    global _shared, _shared_checked
    if not _shared_checked:
        path = os.environ.get(SHARED_ENV)
        _shared = _Folder(path, CACHE_SIZE) if path and os.path.isdir(path) else None
        _shared_checked = True
    return _shared


def _key(command: str, params: Mapping[str, str]) -> tuple[Any, ...]:
    """The answer cache's key: the command and its sorted parameters; for a command of
    :data:`IN_WORKERS` (a search: worth a normalisation) the normalised request where it
    converts (:func:`_normalised`).

    >>> _key("advise", {"q": "2233m", "seat": "e"}) == _key("advise", {"q": "3322m"})
    True
    """
    # no time limit in the key: an answer within any limit is the same answer
    if command in IN_WORKERS:
        normal = _normalised(command, params)
        if normal is not None:
            return normal
    # the rule set the name stands for now: a caller may replace a preset in mjasp.RULES
    played = _preset(params.get("rules", "tenhou"))
    return command, tuple(sorted(params.items())), None if played is None else _stable(played)


def _normalised(command: str, params: Mapping[str, str]) -> tuple[Any, ...] | None:
    """The request as the command sees it: the hand as ``mjasp`` writes it (its tiles in
    order: the command reads nothing else of the text) and each option converted by its
    click option (``seat=e`` is ``E``; a missing one its default); None when anything
    does not convert (then the command line words the error, keyed as given)."""
    found = _invocation(command)
    if found is None or "q" not in params or not set(params) <= set(found.by_query):
        return None
    from mjasp.core.hand import Hand

    try:
        hand = str(Hand.parse(params["q"]))
        values = tuple((name, _stable(_convert(found.context, found.by_query[name], command,
                                               name, params.get(name))))
                       for name in sorted(found.by_query) if name != "q")
    except Exception:  # bad input: keyed as given
        return None
    return command, hand, values


def _stable(value: Any) -> Any:
    """A converted value as a key holds it: a rule set by its name and every option where it
    differs from the default ``Rules()`` (its repr lists sets in an order that differs from
    process to process, and the processes of one server share keys; a preset replaced in
    ``mjasp.RULES`` differs from the one it replaced by its options, not its name)."""
    if isinstance(value, Rules):
        return value.name, _options_text(value)
    return value


@functools.lru_cache(maxsize=RULES_CACHED)
def _options_text(rules: Rules) -> str:
    return json.dumps(changed_options(rules, _DEFAULT_RULES), sort_keys=True)


_DEFAULT_RULES: Final = Rules()


def quick_answer(command: str, params: Mapping[str, str]) -> Answer | None:
    """The answer when it costs a few milliseconds at most: kept from before, or built by
    the command's JSON function (see the module's text); None when the command line must
    run (:func:`run_command`). Never raises.

    >>> quick_answer("shanten", {"q": "123m456p789s1122z"}).data()["shanten"]
    0
    >>> quick_answer("shanten", {"q": "99y"}) is None   # an error: the CLI words it
    True
    """
    key = _key(command, params)
    answer = _cache.get(key)
    if answer is None:
        text = _direct(command, params)
        if text is None:
            return None
        answer = Answer(200, text)
        _cache.put(key, answer)
    return answer


@functools.cache
def _converters(command: str) -> tuple[click.Context, dict[str, click.Parameter]] | None:
    """A context for the command's conversions, and by query name the options of its JSON
    function (``q`` the hand); None when the command has no JSON function."""
    function = JSON_FUNCTIONS.get(command)
    if function is None or command not in main.all_commands() or FLAG_OPTIONS[command]:
        return None
    clicked = main.all_commands()[command]
    wanted = set(inspect.signature(function).parameters)
    by_name = {p.name: p for p in clicked.params if p.name in wanted}
    options = {("q" if name == "hand" else name): param for name, param in by_name.items()}
    # every parameter a request may give must reach the function under its option's name
    # (else it would be dropped silently); a command that changed is answered by the
    # command line alone
    if set(by_name) != wanted or not set(VALUE_OPTIONS[command]) <= set(options) or any(
            "--" + name.replace("_", "-") not in options[name].opts
            for name in VALUE_OPTIONS[command]):
        return None
    return click.Context(clicked, info_name=command), options


#: ``json.dumps(data, indent=None, ensure_ascii=False)``'s encoder, made once (``dumps``
#: makes one per call when an argument is not its default); an answer has no cycles to
#: look for, and the text is the same without the check.
_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, check_circular=False)


#: How many converted option values :func:`_direct` keeps (the hand is never kept: it
#: differs from request to request; a rules preset, a form, visible tiles recur).
KEPT_CONVERSIONS: Final = 1024
#: Converted values by command, query name and the text given (None: the default). A
#: conversion is a function of its text (a click type, a choice, a preset's lookup), and
#: the values are immutable (text, a Form, a preset's Rules), so one serves every request.
_converted: dict[tuple[str, str, str | None], Any] = {}
_MISSING: Final = object()


def _direct(command: str, params: Mapping[str, str]) -> str | None:
    """What the command prints, built by its JSON function, or None when not plain."""
    found = _converters(command)
    if found is None:
        return None
    ctx, options = found
    if "q" not in params or not set(params) <= set(VALUE_OPTIONS[command]) | {"q"}:
        return None
    try:
        values = {}
        for name, param in options.items():
            values[param.name or name] = _convert(ctx, param, command, name, params.get(name))
        text = TEXT_FUNCTIONS.get(command)
        if text is not None:
            return text(**values)
        # emit_json's encoding, with the API's indentation (none)
        return _ENCODER.encode(JSON_FUNCTIONS[command](**values))
    except Exception:  # bad input or a bug: the command line answers and words it
        return None


#: The commands that run in a worker process (:mod:`mjasp.web.workers`), not in a thread
#: of the server: a search that may take seconds, stopped at the request's time limit.
IN_WORKERS: Final = frozenset({"advise"})

#: What a command run in a worker is given besides the request: the worker itself is the
#: time and memory limit (killed at the limit, its address space capped), so the command
#: forks no child of its own; and it prints JSON.
_IN_WORKER_FIXED: Final[dict[str, Any]] = {"time_limit": "0", "memory_limit": "0",
                                            "as_json": True}


@dataclass(frozen=True, slots=True)
class _Invocation:
    """A command's function and how a request's parameters reach it: by query name the
    click parameter (``q`` the hand), and the parameters filled in otherwise."""

    command: click.Command
    context: click.Context
    by_query: dict[str, click.Parameter]
    others: tuple[click.Parameter, ...]


@functools.cache
def _invocation(command: str) -> _Invocation | None:
    """How to call ``command``'s function for a request; None for a command with flags
    (a query's ``1``/``0`` is not click's conversion) or one whose options changed so that
    a request parameter has no option of its name."""
    if command not in commands() or FLAG_OPTIONS[command]:
        return None
    clicked = main.all_commands()[command]
    by_query: dict[str, click.Parameter] = {}
    others = []
    for param in clicked.params:
        if param.name == "hand" and isinstance(param, click.Argument):
            by_query["q"] = param
            continue
        names = [n for n in VALUE_OPTIONS[command] if "--" + n.replace("_", "-") in param.opts]
        if names:
            by_query[names[0]] = param
        else:
            others.append(param)
    if set(by_query) != {"q", *VALUE_OPTIONS[command]} or any(p.name is None for p in others):
        return None
    return _Invocation(clicked, click.Context(clicked, info_name=command), by_query,
                       tuple(others))


def _convert(context: click.Context, param: click.Parameter, command: str, name: str,
             given: str | None) -> Any:
    """Query parameter ``name`` (``given`` text, None: not given) as click converts it: a
    given value converted, else the option's default converted; from :data:`_converted`
    where it was converted before (the hand, ``q``, is never kept)."""
    key = (command, name, given)
    value = _converted.get(key, _MISSING) if name != "q" else _MISSING
    if isinstance(value, Rules) and _preset(given if given is not None
                                            else param.get_default(context)) is not value:
        value = _MISSING  # a preset replaced in mjasp.RULES since it was kept
    if value is _MISSING:
        raw = given if given is not None else param.get_default(context)
        if name in _MANY and isinstance(raw, str):  # one value a change, as arguments()
            raw = tuple(raw.split(MANY_SEPARATOR))
        value = param.process_value(context, raw)
        if name != "q" and len(_converted) < KEPT_CONVERSIONS:
            _converted[key] = value
    return value


def _preset(name: object) -> Rules | None:
    """The rule set ``mjasp.RULES`` holds now under a preset's name as a request spells it
    (any case, an alias): a caller may replace it, and a kept conversion is then stale."""
    return RULES.get(preset_key(str(name)))


def _invoke(command: str, params: Mapping[str, str]) -> str | None:
    """What ``mjasp <command> ... --json`` prints for a request, by calling the command's
    function with the request's options converted as click converts them (only the
    command line's parsing is skipped); None when not plain (a conversion or the command
    raises: the command line then runs and words the error), or when it printed nothing.

    >>> '"shanten": 0' in _invoke("advise", {"q": "123m456p789s1122z", "draws": "1"})
    True
    """
    found = _invocation(command)
    if found is None or "q" not in params or not set(params) <= set(found.by_query):
        return None
    buffer = io.StringIO()
    compact = JSON_INDENT.set(None)
    try:
        values = {}
        for name, param in found.by_query.items():
            values[param.name or name] = _convert(found.context, param, command, name,
                                                  params.get(name))
        for param in found.others:
            assert param.name is not None
            fixed = _IN_WORKER_FIXED.get(param.name, _MISSING)
            if isinstance(fixed, bool):
                values[param.name] = fixed
            else:
                raw = fixed if fixed is not _MISSING else param.get_default(found.context)
                values[param.name] = param.process_value(found.context, raw)
        ctx = click.Context(found.command, info_name=command)
        ctx.params = values
        callback = found.command.callback
        assert callback is not None
        with _captured(buffer), ctx:
            callback(**values)
    except Exception:  # bad input or a bug: the command line answers and words it
        return None
    finally:
        JSON_INDENT.reset(compact)
    return buffer.getvalue().strip() or None

_workers: Workers | None = None
_workers_lock = threading.Lock()


def shared_workers() -> Workers:
    """The worker processes of :func:`run_command` when it is given none (one set per
    server process, started on first use)."""
    global _workers
    with _workers_lock:
        if _workers is None:
            _workers = Workers(default_size(), preload=(__name__,))
        return _workers


def run_command(command: str, params: Mapping[str, str], time_limit: float = 0,
                workers: Workers | None = None, started: float | None = None) -> Answer:
    """Run ``mjasp <command> ... --json`` for a request and answer what it printed.

    ``time_limit`` (seconds, 0 none; counted from ``started``, a ``time.monotonic()``,
    default now) stops an ``advise`` search, which runs in one of ``workers`` (default
    :func:`shared_workers`); the other commands are bounded.
    """
    try:
        args = arguments(command, params, time_limit)
    except RequestError as error:
        return Answer(400 if command in commands() else 404, _request_error(error))
    if command not in IN_WORKERS:  # (a search has no quick answer: only a kept one, below)
        quick = quick_answer(command, params)
        if quick is not None:
            return quick
    key = _key(command, params)
    answer = _cache.get(key)
    if answer is not None:
        return answer
    shared = _shared_folder() if command in IN_WORKERS else None
    if shared is not None:
        answer = shared.get(key)  # kept by another server process
        if answer is not None:
            _cache.put(key, answer)
            return answer

    def compute() -> Answer:
        if command in IN_WORKERS:
            found = _run_in_worker(command, params, time_limit, workers or shared_workers(),
                                   started)
        else:
            found = _run(command, args)
        if found.status in (200, 400):  # deterministic; a limit or a bug is not
            _cache.put(key, found)
            if shared is not None:
                shared.put(key, found)
        return found

    if command not in IN_WORKERS:
        return compute()
    start = time.monotonic() if started is None else started
    return _once(key, compute, start + time_limit if time_limit else None)


class _Flight:
    """One search running for a key; the requests that asked for it meanwhile wait."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.answer: Answer | None = None


_flights: dict[tuple[Any, ...], _Flight] = {}
_flights_lock = threading.Lock()


def _once(key: tuple[Any, ...], compute: Callable[[], Answer],
          deadline: float | None) -> Answer:
    """``compute()``, unless the same key is being computed already: then that answer,
    waited for until ``deadline`` (a ``time.monotonic()``; None: no limit), past which
    the answer is the time limit's 504. (The page asks for a state again on a reload or
    the back button, often before the first answer came.)"""
    with _flights_lock:
        flight = _flights.get(key)
        first = flight is None
        if flight is None:
            flight = _flights[key] = _Flight()
    if not first:
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        if not flight.done.wait(left):
            limit = LimitError("the request ran past its time limit waiting for the same "
                               "search asked before it")
            return Answer(504, json.dumps(error_json(limit), ensure_ascii=False))
        if flight.answer is not None:
            return flight.answer
        return compute()  # the first one failed (a bug): try on its own
    try:
        flight.answer = compute()
        return flight.answer
    finally:
        with _flights_lock:
            del _flights[key]
        flight.done.set()


def _request_error(error: RequestError) -> str:
    """The JSON text of a request the API does not take: typed ``RequestError`` (the
    command line has no such type, so :func:`error_json` would say ``MjaspError``), as the
    app's own request errors (a parameter twice, a query too long) are."""
    body = error_json(error)
    body["error"]["type"] = "RequestError"
    return json.dumps(body, ensure_ascii=False)


def _run_in_worker(command: str, params: Mapping[str, str], time_limit: float,
                   workers: Workers, started: float | None = None) -> Answer:
    args = arguments(command, params)
    # the worker itself is the limit (killed at time_limit, its address space capped):
    # the command runs in it without forking a child of its own
    args[-2:-2] = ["--time-limit", "0", "--memory-limit", "0"]
    # a worker is a process of its own, started from a fresh interpreter: a preset the
    # server's caller replaced in mjasp.RULES goes with the job, and the worker plays it
    name = str(params.get("rules", "tenhou"))
    played = _preset(name)
    preset = None if played is None else (preset_key(name), played)
    try:
        status, text = workers.run(_answer, (command, args, dict(params), preset),
                                   time_limit, f"mjasp {command}", started)
    except LimitError as error:
        return Answer(504, json.dumps(error_json(error), ensure_ascii=False))
    except Exception as error:  # the worker died or a bug: one JSON line that says so
        bug = RuntimeError(f"internal error, please report: {error}")
        return Answer(500, json.dumps(error_json(bug), ensure_ascii=False))
    if status == 500 and "MemoryError" in text:
        # the command line words a MemoryError as a bug; here it is the worker's cap
        limit = LimitError(f"mjasp {command} stopped at the memory limit of {MEMORY_MB} MB")
        return Answer(504, json.dumps(error_json(limit), ensure_ascii=False))
    return Answer(status, text)


def _answer(command: str, args: list[str], params: Mapping[str, str] | None = None,
            preset: tuple[str, Rules] | None = None) -> tuple[int, str]:
    """What a worker process runs: the command's function for the request ``params``
    (:func:`_invoke`), else the command line ``args``; the status and what it printed.
    ``preset``: the ``mjasp.RULES`` key the request names and the rule set the server holds
    there, put in this process's ``mjasp.RULES`` first (the server's caller may have
    replaced it; a worker does not see the server's dict)."""
    if preset is not None and RULES.get(preset[0]) is not preset[1]:
        RULES[preset[0]] = preset[1]
    if params is not None:
        text = _invoke(command, params)
        if text is not None:
            return 200, text
    answer = _run(command, args)
    return answer.status, answer.text


def _run(command: str, args: list[str]) -> Answer:
    """The command line ``args`` run in this process, and what it printed."""
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


__all__ = ["CACHE_SIZE", "FLAG_FALSE", "FLAG_OPTIONS", "FLAG_TRUE", "FLAG_VALUES",
           "IN_WORKERS", "JSON_FUNCTIONS", "MANY_SEPARATOR", "SHARED_ENV", "TEXT_FUNCTIONS",
           "VALUE_OPTIONS",
           "Answer", "RequestError", "arguments", "commands", "flag_pattern", "quick_answer",
           "run_command", "shared_workers"]
