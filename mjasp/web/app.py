"""The ASGI app of ``mjasp serve``: the page, its tiles, and the JSON API.

Every API answer is the command line's (:mod:`mjasp.web.commands`). An answer kept from
before, and the bounded analyses of one hand (the discard table, waits, readings), are
answered on the event loop at once; any other request runs in a worker thread with a time
limit: past it the answer is a 504 JSON error, and when too many requests already wait the
answer is a 503 JSON error at once. The searches (``advise``) of every request wait in one
queue, taken in order by a few worker processes (one per core by default). A query string
longer than :data:`MAX_QUERY` is refused with 414. Whatever happens, the answer is JSON with an
``{"error": ...}`` object, never a traceback.

>>> from starlette.testclient import TestClient
>>> TestClient(create_app()).get("/api/waits?q=2344m456p789s111z").json()["tenpai"]
True
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from importlib import resources
from typing import Any, Final
from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

import mjasp
from mjasp.cli.app import error_json
from mjasp.core.tiles import FIVES, NUM_KINDS, tile_name
from mjasp.render.draw import TileFace, TileGroup, draw_row
from mjasp.rules import ALIASES, RULES
from mjasp.web.commands import (
    FLAG_OPTIONS,
    FLAG_VALUES,
    JSON_FUNCTIONS,
    MANY_SEPARATOR,
    VALUE_OPTIONS,
    Answer,
    commands,
    flag_pattern,
    quick_answer,
    run_command,
)
from mjasp.web.workers import Workers, default_size

#: The longest query string a request may have (characters).
MAX_QUERY: Final = 1024
#: Seconds one API request may work; advise is also stopped in its child process then.
TIME_LIMIT: Final = 10.0
#: Requests that may run or wait at once; more get 503 at once.
MAX_PENDING: Final = 32

_STATIC: Final = ("index.html", "app.js", "app.css")
_TYPES: Final = {"html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
                 "css": "text/css; charset=utf-8"}


def _error(status: int, message: str, kind: str = "RequestError") -> JSONResponse:
    return JSONResponse(_error_body(message, kind), status_code=status)


def _error_body(message: str, kind: str) -> dict[str, Any]:
    return {"error": {"type": kind, "message": message, "position": None}}


def _error_text(status: int, message: str, kind: str = "RequestError") -> Served:
    """:func:`_error` as the API's answer: the same JSON text (Starlette's
    ``JSONResponse`` encoding)."""
    return status, json.dumps(_error_body(message, kind), ensure_ascii=False,
                              allow_nan=False, indent=None, separators=(",", ":")), []


@cache
def _static(name: str) -> bytes:
    return (resources.files("mjasp.web") / "static" / name).read_bytes()


@cache
def tile_svgs() -> dict[str, str]:
    """Each tile as ``mjasp draw`` draws it, by name (``1m`` ... ``7z``, ``0m`` a red five).

    >>> svgs = tile_svgs(); len(svgs), svgs["0p"].startswith("<svg")
    (37, True)
    """
    svgs = {tile_name(k): draw_row([TileGroup((TileFace(k),))]) for k in range(NUM_KINDS)}
    for kind in FIVES:
        svgs["0" + tile_name(kind)[1]] = draw_row([TileGroup((TileFace(kind, red=True),))])
    return svgs


def info() -> dict[str, Any]:
    """What this server offers: the API's commands, the presets, whether advise exists."""
    return {"version": getattr(mjasp, "__version__", "?"), "commands": list(commands()),
            "advise": hasattr(mjasp, "advise") and "advise" in commands(),
            "rules": sorted(RULES), "aliases": dict(sorted(ALIASES.items())),
            "limits": {"query": MAX_QUERY, "seconds": TIME_LIMIT}}


def openapi() -> dict[str, Any]:
    """The OpenAPI description of the JSON API, built from the parameters it accepts."""
    paths: dict[str, Any] = {}
    for command in commands():
        parameters = [{"name": "q", "in": "query", "required": True,
                       "description": "The hand in mpsz notation (melds in brackets).",
                       "schema": {"type": "string"}}]
        parameters += [{"name": name, "in": "query", "required": False,
                        "description": f"As --{name.replace('_', '-')} of mjasp {command}"
                                       + (f" (NAME=VALUE; several separated by "
                                          f"'{MANY_SEPARATOR}')." if name == "option" else "."),
                        "schema": {"type": "string"}} for name in VALUE_OPTIONS[command]]
        # the values the server's check reads, from the same tuples (any case)
        parameters += [{"name": name, "in": "query", "required": False,
                        "allowEmptyValue": True,
                        "description": f"The flag --{name.replace('_', '-')}: "
                                       f"{FLAG_VALUES}, in any case.",
                        "schema": {"type": "string", "pattern": flag_pattern()}}
                       for name in FLAG_OPTIONS[command]]
        paths[f"/api/{command}"] = {"get": {
            "summary": f"What `mjasp {command} HAND --json` prints.",
            "parameters": parameters,
            "responses": {
                "200": {"description": "The command's JSON document."},
                "400": {"description": "Bad input: {\"error\": {type, message, position}}, "
                                       "the command's --json error."},
                "414": {"description": "The query string is too long."},
                "503": {"description": "Too many requests at once."},
                "504": {"description": "The request ran past its time limit."}}}}
    paths["/api/info"] = {"get": {"summary": "Commands, rule presets, limits.",
                                  "responses": {"200": {"description": "JSON."}}}}
    return {"openapi": "3.0.3",
            "info": {"title": "mjasp", "version": str(getattr(mjasp, "__version__", "0")),
                     "description": "Riichi mahjong hand analysis: each endpoint answers "
                                    "what the command of the same name prints with --json."},
            "paths": paths}


def _query_params(query: str) -> dict[str, str] | None:
    """A query string's parameters as Starlette reads them; None when one is given twice."""
    pairs = parse_qsl(query, keep_blank_values=True)
    params = dict(pairs)
    return params if len(params) == len(pairs) else None


_JSON_TYPE: Final = (b"content-type", b"application/json")


#: What :func:`create_app`'s API answers a request with: status, JSON text, extra headers.
Served = tuple[int, str, list[tuple[bytes, bytes]]]
#: The app's API for one ``GET /api/<command>`` (the command, the raw query string).
ApiAnswer = Callable[[str, bytes], Awaitable[Served]]


class QuickAnswers:
    """ASGI middleware: a ``GET /api/<command>`` that :func:`quick_answer` answers (a kept
    answer, a discard table, waits, readings) is answered here, before Starlette's routing,
    request and response objects, which cost as much as a fifth of such an answer; the
    answer and its headers are those of the route (``api`` in :func:`create_app`). Given
    the app's ``api`` (as :func:`create_app` gives it), every other request for a command
    of the API is answered here too, by it (a search: the route's answer without
    Starlette's layer). Every other request goes on to the app."""

    def __init__(self, app: ASGIApp, api: ApiAnswer | None = None) -> None:
        self.app = app
        self.api = api

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            path: str = scope["path"]
            command = path[5:] if path.startswith("/api/") else ""
            if command in _QUICK_COMMANDS:
                raw: bytes = scope["query_string"]
                # Starlette's reading: latin-1, then parse_qsl's percent-decoding (UTF-8)
                params = _query_params(raw.decode("latin-1")) if len(raw) <= MAX_QUERY \
                    else None
                quick = quick_answer(command, params) if params is not None else None
                if quick is not None:
                    await _send(send, quick.status, quick.text, [])
                    return
            if self.api is not None and command in commands():
                await _send(send, *await self.api(command, scope["query_string"]))
                return
        await self.app(scope, receive, send)


async def _send(send: Send, status: int, text: str, headers: list[tuple[bytes, bytes]]) -> None:
    """One JSON answer, with the headers a Starlette ``Response`` of it has (and any
    others given)."""
    body = text.encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-length", str(len(body)).encode()), _JSON_TYPE,
                            *headers]})
    await send({"type": "http.response.body", "body": body})


#: The commands :class:`QuickAnswers` may answer (the others' answers are never quick,
#: except when kept, which the route finds as well).
_QUICK_COMMANDS: Final = frozenset(c for c in JSON_FUNCTIONS if c in commands())


class _Work:
    """The worker threads (one per request that may run or wait: a search's request waits
    in the workers' queue, not for a thread), the worker processes (``advise``: one queue
    for all of them, started on first use) and the count of requests running or waiting."""

    def __init__(self, searches: int, max_pending: int) -> None:
        self.pool = ThreadPoolExecutor(max_workers=max(1, max_pending),
                                       thread_name_prefix="mjasp-web")
        self.processes = Workers(searches or default_size(), preload=("mjasp.web.commands",))
        self.pending = 0
        self.lock = threading.Lock()


def _timed_command(command: str, params: dict[str, str], time_limit: float,
                   workers: Workers, started: float) -> tuple[Answer, str | None]:
    """:func:`run_command`'s answer, and when a search ran for it the ``Server-Timing``
    header that says how long it waited in the workers' queue and ran (ms)."""
    workers.forget()
    answer = run_command(command, params, time_limit, workers, started)
    timing = workers.timing()
    if timing is None:
        return answer, None
    queued, ran = timing
    return answer, f"queue;dur={1000 * queued:.1f}, search;dur={1000 * ran:.1f}"


def create_app(time_limit: float = TIME_LIMIT, max_pending: int = MAX_PENDING,
               searches: int = 0) -> Starlette:
    """The app: ``/`` (and ``/2/``, tenhou.net/2's path) the page, ``/tiles/<tile>.svg``,
    ``/api/<command>``, ``/api/info``, ``/api/openapi.json``; ``searches`` worker
    processes for the searches (0: :func:`~mjasp.web.workers.default_size`)."""
    work = _Work(searches, max_pending)

    async def page(request: Request) -> Response:
        return Response(_static("index.html"), media_type=_TYPES["html"])

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            return _error(404, f"no such file: {name}")
        return Response(_static(name), media_type=_TYPES[name.rsplit(".", 1)[1]],
                        headers={"Cache-Control": "no-cache"})

    async def tile(request: Request) -> Response:
        svg = tile_svgs().get(request.path_params["name"])
        if svg is None:
            return _error(404, f"no such tile: {request.path_params['name']}")
        return Response(svg, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})

    async def answer(command: str, raw: bytes) -> Served:
        """The API's answer to ``GET /api/<command>?<raw>``: a kept or quick answer at
        once; else, unless too many wait, the command in a worker thread (a search: in
        the queue of the worker processes), within the time limit."""
        if len(raw) > MAX_QUERY:
            return _error_text(414, f"the query string is longer than {MAX_QUERY} "
                                    "characters")
        # Starlette's reading of a query: latin-1, then parse_qsl's percent-decoding
        params = _query_params(raw.decode("latin-1"))
        if params is None:
            return _error_text(400, "a parameter is given twice")
        if command in commands():
            # a kept answer, or a discard table, waits or readings (a few milliseconds,
            # bounded by the hand's 14 tiles): answered here, without a thread's hand-off
            quick = quick_answer(command, params)
            if quick is not None:
                return quick.status, quick.text, []
        with work.lock:
            if work.pending >= max_pending:
                return _error_text(503, "the server is busy; try again in a moment", "Busy")
            work.pending += 1
        loop = asyncio.get_running_loop()
        # the clock starts now: a wait for a free thread counts toward the limit
        started = time.monotonic()
        try:
            future = loop.run_in_executor(work.pool, _timed_command, command, params,
                                          time_limit, work.processes, started)
            found, timing = await asyncio.wait_for(future, time_limit + 2)
        except TimeoutError:
            return _error_text(504, f"the request ran past its time limit of "
                                    f"{time_limit:g} s", "LimitError")
        finally:
            with work.lock:
                work.pending -= 1
        return found.status, found.text, \
            [(b"server-timing", timing.encode("latin-1"))] if timing else []

    async def api(request: Request) -> Response:
        status, text, headers = await answer(request.path_params["command"],
                                             request.scope["query_string"])
        return Response(text, status_code=status, media_type="application/json",
                        headers={k.decode("latin-1"): v.decode("latin-1") for k, v in headers})

    async def info_route(request: Request) -> Response:
        return JSONResponse(info())

    async def openapi_route(request: Request) -> Response:
        return JSONResponse(openapi())

    async def http_error(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        detail = exc.detail if isinstance(exc, HTTPException) else "internal error"
        return _error(status, str(detail), "HTTPError")

    async def server_error(request: Request, exc: Exception) -> Response:
        # a bug: one JSON line that says so, never a traceback
        body = error_json(RuntimeError(f"internal error, please report: "
                                       f"{type(exc).__name__}"))
        return Response(json.dumps(body), status_code=500, media_type="application/json")

    # tenhou.net/2's links keep working when only the host is swapped: /2/?q=...
    routes = [Route("/", page), Route("/2", page), Route("/2/", page),
              Route("/static/{name}", static),
              Route("/tiles/{name}.svg", tile),
              Route("/api/info", info_route), Route("/api/openapi.json", openapi_route),
              Route("/api/{command}", api)]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:  # the server stops: so do its worker processes
            work.processes.close()
            work.pool.shutdown(wait=False, cancel_futures=True)

    return Starlette(routes=routes, lifespan=lifespan,
                     middleware=[Middleware(QuickAnswers, api=answer)],
                     exception_handlers={HTTPException: http_error, Exception: server_error})


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 0) -> None:
    """Serve the app with uvicorn until interrupted: one process answers every request
    (a discard table costs it a fraction of a millisecond) and ``workers`` worker processes
    run the searches, taken in order from one queue (0: one per core, at most four)."""
    import uvicorn

    uvicorn.run(create_app(searches=workers), host=host, port=port, log_level="warning",
                access_log=False)


__all__ = ["MAX_QUERY", "TIME_LIMIT", "ApiAnswer", "QuickAnswers", "Served", "create_app", "info",
           "openapi", "serve", "tile_svgs"]
