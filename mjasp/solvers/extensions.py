"""Load an optional C extension only if it was built from the source beside it.

``setup.py`` compiles each extension with ``MJASP_SOURCE_HASH``, the CRC-32 of its ``.c``
file (:func:`source_hash`), which the module exports as ``SOURCE_HASH``. A source tree whose
in-place build was not redone after the ``.c`` changed (``git pull`` without
``pip install -e .``) holds a compiled module that no longer matches the Python code that
calls it; :func:`load` then refuses it with one warning line that names the file and the
command that rebuilds it, and the caller runs its pure-Python path (the same answers).
The ``.c`` file ships beside the module in the wheel too, so an installed copy is checked
the same way; where it is missing, only the functions the caller needs are checked.

>>> load("mjasp.solvers._no_such_extension", "_no_such_extension.c", ("run",)).module is None
True
"""

from __future__ import annotations

import importlib
import importlib.util
import warnings
import zlib
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

#: What :func:`load` says when the module was never built (no compiler at install).
NOT_BUILT = "the C extension was not built at install"


class Loaded(NamedTuple):
    """The compiled module, or None and why the pure-Python path runs instead."""

    module: ModuleType | None
    why: str


def source_hash(source: bytes) -> int:
    """The stamp of a C source: its CRC-32 (``setup.py`` computes the same for the build).

    >>> hex(source_hash(b"123456789"))  # the standard check value of CRC-32
    '0xcbf43926'
    """
    return zlib.crc32(source)


def load(name: str, source: str, functions: Iterable[str]) -> Loaded:
    """Import the compiled module ``name``; refuse it (one warning) when it was built from
    another version of ``source`` (the ``.c`` file's name, beside the module) or lacks
    one of ``functions``, or when it is there but does not import."""
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return Loaded(None, NOT_BUILT)
    except ImportError as error:  # a build for another Python, a missing symbol, ...
        spec = importlib.util.find_spec(name)
        where = spec.origin if spec is not None and spec.origin else name
        first = (str(error).splitlines() or [type(error).__name__])[0]
        return _refuse(where, source, f"it does not import: {first}")
    problem = mismatch(module, source, functions)
    if problem:
        return _refuse(getattr(module, "__file__", None) or name, source, problem)
    return Loaded(module, "")


def mismatch(module: ModuleType, source: str, functions: Iterable[str]) -> str:
    """Why ``module`` cannot serve the code beside it ("" when it can)."""
    file = getattr(module, "__file__", None)
    path = Path(file).with_name(source) if file else None
    if path is not None and path.is_file():
        stamp = getattr(module, "SOURCE_HASH", None)
        if stamp != source_hash(path.read_bytes()):
            return f"it was built from another version of {source}"
    missing = [function for function in functions if not hasattr(module, function)]
    if missing:
        return f"it lacks {', '.join(missing)}"
    return ""


def _refuse(where: str, source: str, problem: str) -> Loaded:
    # one line that names the file (warn_explicit: no line of source to quote under it)
    warnings.warn_explicit(f"mjasp: this compiled module does not match {source} ({problem});"
                           " mjasp runs its pure-Python path (same answers, slower). "
                           "Rebuild it with `pip install -e .` in the source tree",
                           RuntimeWarning, where, 0)
    return Loaded(None, f"the C extension is stale: {problem}; rebuild it with "
                        "`pip install -e .`")
