"""Game logs in and out: Tenhou mjlog XML, tenhou.net/6 JSON and MJAI event streams,
replayed, re-scored and turned into tables.

``read(path)`` gives a :class:`Game`: its rounds, each with its events and a replay of
the table after every event; ``check_game`` re-scores every win and settles every round.

>>> game = read_bytes(b'<mjloggm ver="2.3"><GO type="169" lobby="0"/></mjloggm>', "empty",
...                   partial=True)
>>> game.rules.name, game.players, game.problem
('tenhou', 4, 'empty: the log stops before its first round (no final score, owari)')
"""

from __future__ import annotations

import gzip
import json
import os
import stat
import zlib
from pathlib import Path

from mjasp.logs.check import GameCheck, Mismatch, WinCheck, check_game
from mjasp.logs.mjai_log import mjai_text, read_mjai, write_mjai
from mjasp.logs.mjlog import read_mjlog
from mjasp.logs.model import DrawRecord, Event, Game, LogError, Round, State, WinRecord, replay
from mjasp.logs.tenhou6 import read_tenhou6, write_tenhou6

__all__ = ["DrawRecord", "Event", "Game", "GameCheck", "LogError", "Mismatch", "Round",
           "State", "WinCheck", "WinRecord", "check", "check_game", "detect", "file_bytes",
           "mjai_text", "read", "read_bytes", "read_mjai", "read_mjlog", "read_tenhou6", "replay",
           "write_mjai", "write_tenhou6"]


def _inflate(data: bytes, source: str) -> bytes:
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        return gzip.decompress(data)
    except (OSError, EOFError, zlib.error) as error:
        # a cut gzip still holds the bytes before the cut: keep them, say where it broke
        out = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            partial = out.decompress(data)
        except zlib.error:
            partial = b""
        raise LogError(f"{source}: corrupt or truncated gzip ({error}) after "
                       f"{len(partial)} bytes of log") from None


def detect(data: bytes) -> str:
    """The format of a log's (inflated) bytes: ``mjlog``, ``tenhou6`` or ``mjai``.

    >>> detect(b'<mjloggm ver="2.3">'), detect(b'{"log": []}'), detect(b'{"type":"start_game"}')
    ('mjlog', 'tenhou6', 'mjai')
    """
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<"):
        return "mjlog"
    if head.startswith(b"{"):
        first = head.split(b"\n", 1)[0]
        try:  # the first line whole: its keys say (a player named "log" is no log key)
            keys = json.loads(first)
        except ValueError:  # (a line longer than the head, or not one object)
            keys = None
        if isinstance(keys, dict):
            return "mjai" if "type" in keys and "log" not in keys else "tenhou6"
        if b'"type"' in first and b'"log"' not in first:
            return "mjai"
        return "tenhou6"
    raise LogError("not a game log (neither mjlog XML, tenhou.net/6 JSON nor MJAI lines)")


def read_bytes(data: bytes, source: str = "<bytes>", partial: bool = False,
               rules_given: bool = False) -> Game:
    """A game from a log's bytes (plain or gzipped), its format found by content;
    ``rules_given``: the caller plays it under rules of its own (``--rules``), so a Tenhou
    lobby type with bits mjasp does not know is read, not refused."""
    data = _inflate(data, source)
    # a UTF-8 byte order mark (Windows editors write one) is no part of the log: detect
    # looks past it, and so must the JSON readers, which would stop at it
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        fmt = detect(data)
    except LogError as error:
        raise LogError(f"{source}: {error}") from None
    if fmt == "mjlog":
        return read_mjlog(data, source, partial=partial, rules_given=rules_given)
    if fmt == "tenhou6":
        return read_tenhou6(data.decode("utf-8", "replace"), source)
    # JSON lines end at "\n" only ("\r" before it is JSON white space): splitlines()
    # also cut at U+2028, U+0085 and kin, which JSON strings may hold raw (a player's name,
    # as mjasp's own writer puts it)
    return read_mjai(data.decode("utf-8", "replace").split("\n"), source,
                     rules_given=rules_given)


def file_bytes(path: str | Path) -> bytes:
    """A log file's bytes; a :class:`LogError` (without the file's name) when it cannot
    be read or is not a file. A pipe is read (a shell's ``<(zcat x.gz)``) without
    waiting for a writer: one with none when it is opened (a FIFO nobody writes to,
    where the plain open blocked forever) reads as empty, and is refused so; a device
    or socket is refused.

    >>> file_bytes("/dev/null")
    Traceback (most recent call last):
    ...
    mjasp.logs.model.LogError: cannot read: not a file (a device or socket)
    """
    try:
        # O_NONBLOCK: the open of a FIFO waits for a writer otherwise; the reads block
        # again (below), as a pipe's end is only told by its writer closing it
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise LogError(f"cannot read: {error.strerror or error}") from None
    with os.fdopen(fd, "rb") as f:
        try:
            mode = os.fstat(fd).st_mode
            if stat.S_ISDIR(mode):
                raise LogError("cannot read: Is a directory")
            pipe = stat.S_ISFIFO(mode)
            if not (pipe or stat.S_ISREG(mode)):
                raise LogError("cannot read: not a file (a device or socket)")
            os.set_blocking(fd, True)
            data = f.read()
        except OSError as error:
            raise LogError(f"cannot read: {error.strerror or error}") from None
    if pipe and not data:
        raise LogError("cannot read: a pipe with no writer when it was opened (nothing "
                       "written to it): start the writer first, or name a file")
    return data


def read(path: str | Path, partial: bool = False) -> Game:
    """A game log from a file: Tenhou mjlog XML, tenhou.net/6 JSON or MJAI lines, each
    plain or gzipped; the format is found by content. A log cut short raises
    :class:`LogError` saying where it stops (``partial=True`` keeps what it holds).
    """
    p = Path(path)
    try:
        data = file_bytes(p)
    except LogError as error:
        raise LogError(f"{p}: {error}") from None
    return read_bytes(data, p.name, partial=partial)


def check(path: str | Path) -> GameCheck:
    """Read a log and check every win and round against it (see :mod:`mjasp.logs.check`)."""
    return check_game(read(path, partial=True))

