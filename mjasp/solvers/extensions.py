"""Load an optional C extension only if it was built from the source beside it.

``setup.py`` compiles each extension with ``MJASP_SOURCE_HASH``, the CRC-32 of its ``.c``
file (:func:`source_hash`), which the module exports as ``SOURCE_HASH``. A source tree whose
in-place build was not redone after the ``.c`` changed (``git pull`` without
``pip install -e .``) holds a compiled module that no longer matches the Python code that
calls it; :func:`load` then refuses it with one warning line that names the file and the
command that rebuilds it, and the caller runs its pure-Python path (the same answers).
The ``.c`` file ships beside the module in the wheel too, so an installed copy is checked
the same way; where it is missing, only the functions the caller needs are checked.

The hot modules of the direct scoring engine (``COMPILED_PYTHON``) are compiled as they are
by Cython when it is there at install: the ``.py`` file is their one statement, the build
only removes the interpreter's dispatch of bytecodes. Their build
sits beside the ``.py`` under the module's own name, so :class:`CompiledPythonFinder`
(installed first thing by :mod:`mjasp.solvers.kernel`) chooses between the two before
anything is run: the build when its stamp (``STAMP``, the CRC-32 of the ``.py`` it was
compiled from and of the ``.pxd`` beside it that gives Cython C types: :func:`python_stamp`)
matches the sources beside it, else the ``.py`` with one warning line; always the ``.py``
under ``MJASP_PURE_PYTHON=1``. The build writes its stamp beside it too (``NAME.so.stamp``:
:func:`sidecar_stamp`), so that choosing reads a few bytes rather than the whole build.

>>> load("mjasp.solvers._no_such_extension", "_no_such_extension.c", ("run",)).module is None
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import re
import sys
import warnings
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Final, NamedTuple

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


#: The modules setup.py compiles with Cython from their ``.py`` file (the direct engine's
#: hot path: scoring, its result type, the call that checks the inputs, the hand's tiles
#: with its melds', and the readings around their compiled look-up; the advice model: its
#: typed loops over the wins and the Python around the compiled graph, which a cold tenpai
#: call runs for about a third of its instructions).
COMPILED_PYTHON: Final = ("mjasp.solvers.scoring_direct", "mjasp.rules.scorecard",
                          "mjasp.scoring.api", "mjasp.core.hand", "mjasp.solvers.lookup",
                          "mjasp.advice.win_loops", "mjasp.advice.cpp_loops",
                          "mjasp.advice.order", "mjasp.advice.model", "mjasp.advice.api",
                          "mjasp.advice.cpp_model", "mjasp.advice.build",
                          "mjasp.advice.graph", "mjasp.advice.tiles37")
#: What setup.py links into each such build (``_stamp.c``): the CRC-32 of its ``.py``.
STAMP: Final = re.compile(rb"mjasp-source-crc32:([0-9a-f]{8})\x00")
#: Why each module of ``COMPILED_PYTHON`` imported runs its ``.py`` ("" when its build runs).
WHY_SOURCE: dict[str, str] = {}


def pure_requested() -> bool:
    """Whether ``MJASP_PURE_PYTHON`` asks for the pure-Python path (set, and not "0")."""
    return os.environ.get("MJASP_PURE_PYTHON", "") not in ("", "0")


def python_stamp(source: Path) -> int:
    """The stamp of a module compiled from ``source`` (a ``.py`` file): the CRC-32 of it
    followed by the ``.pxd`` file beside it, if any (the C types Cython gives its build: a
    change there is a change of the build). ``setup.py`` links the same into the build.

    >>> python_stamp(Path(__file__)) == zlib.crc32(Path(__file__).read_bytes())  # no .pxd
    True
    """
    stamp = zlib.crc32(source.read_bytes())
    declarations = source.with_suffix(".pxd")
    if declarations.is_file():
        stamp = zlib.crc32(declarations.read_bytes(), stamp)
    return stamp


def built_stamp(path: Path) -> int | None:
    """The source stamp linked into a build (None: none there, not one of ours): the whole
    file is read (:func:`sidecar_stamp` is the cheap way).

    >>> built_stamp(Path(__file__)) is None
    True
    """
    found = STAMP.search(path.read_bytes())
    return int(found.group(1), 16) if found else None


#: What the build writes beside a compiled module (:func:`write_sidecar`).
SIDECAR: Final = re.compile(r"mjasp-source-crc32:([0-9a-f]{8}) size:([0-9]+)\n?")


def sidecar(build: Path) -> Path:
    """The file beside ``build`` holding its stamp (``NAME.so.stamp``)."""
    return build.with_name(build.name + ".stamp")


def write_sidecar(build: Path) -> None:
    """Write the stamp linked into ``build`` beside it, with the build's size (setup.py,
    after each build): what :func:`sidecar_stamp` reads instead of the whole build."""
    stamp = built_stamp(build)
    if stamp is not None:
        sidecar(build).write_text(f"mjasp-source-crc32:{stamp:08x} "
                                  f"size:{build.stat().st_size}\n", encoding="ascii")


def sidecar_stamp(build: Path) -> int | None:
    """The stamp the build wrote beside ``build``; None where there is none or it was not
    written for this file (its size differs: a build copied or rebuilt without it), and
    the caller reads the build itself (:func:`built_stamp`).

    >>> sidecar_stamp(Path(__file__)) is None
    True
    """
    try:
        text = sidecar(build).read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return None
    found = SIDECAR.fullmatch(text)
    if found is None or int(found.group(2)) != build.stat().st_size:
        return None
    return int(found.group(1), 16)


class CompiledPythonFinder(importlib.abc.MetaPathFinder):
    """Finds each module of ``COMPILED_PYTHON``: its build if current, else its ``.py``."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in COMPILED_PYTHON or not path:
            return None
        leaf = name.rpartition(".")[2]
        for folder in map(Path, path):
            source = folder / f"{leaf}.py"
            if source.is_file():
                break
        else:
            return None
        spec, WHY_SOURCE[name] = choose(name, source)
        return spec


def choose(name: str, source: Path) -> tuple[importlib.machinery.ModuleSpec | None, str]:
    """The spec of module ``name`` whose ``.py`` is ``source``: its build beside it if
    that was compiled from this ``source``, else ``source`` itself (and why)."""
    builds = [build for suffix in importlib.machinery.EXTENSION_SUFFIXES
              if (build := source.with_name(source.stem + suffix)).is_file()]
    why = ""
    if pure_requested():
        why = "MJASP_PURE_PYTHON is set"
    elif not builds:
        why = "not compiled at install"
    elif _stamp_of(builds[0]) != python_stamp(source):
        why = "its build is stale"
        warnings.warn_explicit(f"mjasp: this compiled module does not match {source.name} "
                               "(it was built from another version of it); mjasp runs the "
                               ".py (same answers, slower). Rebuild it with "
                               "`pip install -e .` in the source tree",
                               RuntimeWarning, str(builds[0]), 0)
    if why:
        loader: importlib.abc.Loader = importlib.machinery.SourceFileLoader(name, str(source))
        return importlib.util.spec_from_file_location(name, source, loader=loader), why
    built = importlib.machinery.ExtensionFileLoader(name, str(builds[0]))
    return importlib.util.spec_from_file_location(name, builds[0], loader=built), why


def _stamp_of(build: Path) -> int | None:
    """The stamp of ``build``: the one written beside it, else the one linked into it."""
    stamp = sidecar_stamp(build)
    return built_stamp(build) if stamp is None else stamp


def install_finder() -> None:
    """Put :class:`CompiledPythonFinder` first on ``sys.meta_path`` (once), before any
    module of ``COMPILED_PYTHON`` is imported."""
    if not any(isinstance(finder, CompiledPythonFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, CompiledPythonFinder())


def _refuse(where: str, source: str, problem: str) -> Loaded:
    # one line that names the file (warn_explicit: no line of source to quote under it)
    warnings.warn_explicit(f"mjasp: this compiled module does not match {source} ({problem});"
                           " mjasp runs its pure-Python path (same answers, slower). "
                           "Rebuild it with `pip install -e .` in the source tree",
                           RuntimeWarning, where, 0)
    return Loaded(None, f"the C extension is stale: {problem}; rebuild it with "
                        "`pip install -e .`")
