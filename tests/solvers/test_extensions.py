"""The C extensions are used only when built from the source beside them.

A stale build (an in-place build not redone after the ``.c`` file changed) is refused with
one warning line, and the pure-Python path answers; a fresh build carries the stamp of its
source and is used. The stale modules here are stand-ins put in place of the import (no
rebuild needed); the stamps are recomputed from the source with ``zlib`` directly.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import re
import subprocess
import sys
import warnings
import zlib
from pathlib import Path
from types import ModuleType

import pytest

from mjasp.advice import graph
from mjasp.solvers import extensions, kernel

ROOT = Path(__file__).resolve().parents[2]
PURE_RUN = os.environ.get("MJASP_PURE_PYTHON", "") not in ("", "0")
#: (module, its C source, the functions the Python side calls)
EXTENSIONS = [("mjasp.solvers._kernel", ROOT / "mjasp/solvers/_kernel.c", kernel.FUNCTIONS),
              ("mjasp.advice._dp", ROOT / "mjasp/advice/_dp.c", graph.DP_FUNCTIONS)]


def method_table(source: Path) -> set[str]:
    """The names of a C module's ``PyMethodDef methods[]`` table, read from its source."""
    text = source.read_text(encoding="utf-8")
    table = text[text.index("static PyMethodDef methods[]"):]
    table = table[:table.index("};")]
    return set(re.findall(r'^\s*\{"(\w+)",', table, re.MULTILINE))


def stand_in(source: Path, functions: tuple[str, ...], stamp: int) -> ModuleType:
    """A module that looks like a build of ``source`` stamped ``stamp``, with ``functions``."""
    module = ModuleType("stand_in")
    module.__file__ = str(source.with_name(source.stem + ".stand-in.so"))
    module.SOURCE_HASH = stamp  # type: ignore[attr-defined]
    for name in functions:
        setattr(module, name, print)
    return module


def crc(source: Path) -> int:
    return zlib.crc32(source.read_bytes())


@pytest.mark.parametrize(("name", "source", "functions"), EXTENSIONS)
def test_the_functions_asked_for_are_the_method_table_of_the_source(
        name: str, source: Path, functions: tuple[str, ...]) -> None:
    assert set(functions) == method_table(source)


@pytest.mark.parametrize(("name", "source", "functions"), EXTENSIONS)
def test_a_build_from_this_source_is_used(name: str, source: Path,
                                          functions: tuple[str, ...]) -> None:
    if importlib.util.find_spec(name) is None:
        pytest.skip(f"{name} was not built (no C compiler at install)")
    module = importlib.import_module(name)
    stamp = module.SOURCE_HASH  # what setup.py compiled in
    assert stamp == crc(source)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert extensions.load(name, source.name, functions) == (module, "")
    # and the modules that call it took it
    assert {"mjasp.solvers._kernel": kernel._compiled,
            "mjasp.advice._dp": graph._dp if not PURE_RUN else module}[name] is module
    assert kernel.AVAILABLE and kernel.COMPILED is not PURE_RUN


@pytest.mark.parametrize(("name", "source", "functions"), EXTENSIONS)
@pytest.mark.parametrize("fault", ["stamp", "function", "no stamp"])
def test_a_stale_build_is_refused_with_one_warning(
        monkeypatch: pytest.MonkeyPatch, name: str, source: Path,
        functions: tuple[str, ...], fault: str) -> None:
    stamp = crc(source) ^ 1 if fault == "stamp" else crc(source)
    module = stand_in(source, functions[:-1] if fault == "function" else functions, stamp)
    if fault == "no stamp":  # a build from before the stamp existed
        del module.SOURCE_HASH
    monkeypatch.setattr(importlib, "import_module",
                        lambda asked: module if asked == name else None)
    with pytest.warns(RuntimeWarning) as caught:
        loaded = extensions.load(name, source.name, functions)
    assert loaded.module is None and "stale" in loaded.why and "pip install -e ." in loaded.why
    (warning,) = caught
    text = str(warning.message)
    assert warning.filename == module.__file__ and "\n" not in text
    assert source.name in text and "`pip install -e .`" in text
    assert (f"lacks {functions[-1]}" if fault == "function" else "another version") in text


def test_a_missing_stamp_is_refused_only_where_the_source_is_there(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # an installed copy without its .c file: only the functions can be checked
    module = stand_in(tmp_path / "_kernel.c", kernel.FUNCTIONS, 0)
    monkeypatch.setattr(importlib, "import_module", lambda asked: module)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert extensions.load("anything", "_kernel.c", kernel.FUNCTIONS).module is module


def test_a_module_never_built_is_no_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loaded = extensions.load("mjasp.solvers._never_built", "_never_built.c", ("run",))
    assert loaded == (None, extensions.NOT_BUILT)


def test_a_module_that_does_not_import_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(asked: str) -> ModuleType:
        raise ImportError("_kernel.so: undefined symbol: PyModule_Add")

    monkeypatch.setattr(importlib, "import_module", broken)
    with pytest.warns(RuntimeWarning, match="undefined symbol"):
        loaded = extensions.load("mjasp.solvers._kernel", "_kernel.c", kernel.FUNCTIONS)
    assert loaded.module is None


#: Run in a fresh interpreter: a stale stand-in takes the place of the compiled kernel
#: before mjasp imports it, then the command line answers.
STALE_RUN = """
import sys, zlib
from pathlib import Path
from types import ModuleType
source = Path({source!r})
module = ModuleType("mjasp.solvers._kernel")
module.__file__ = str(source.with_name("_kernel.stale.so"))
module.SOURCE_HASH = zlib.crc32(source.read_bytes()) ^ {flip}
for name in {functions!r}:
    setattr(module, name, print)
sys.modules["mjasp.solvers._kernel"] = module
from mjasp.cli import main
main(["--version"], prog_name="mjasp", standalone_mode=False)
main(["shanten", "123m456p789s1122z"], prog_name="mjasp", standalone_mode=False)
from mjasp.solvers import kernel
print(kernel.COMPILED)
"""


@pytest.mark.parametrize("fault", ["stamp", "function"])
def test_mjasp_runs_on_the_pure_path_beside_a_stale_kernel(fault: str) -> None:
    source = ROOT / "mjasp/solvers/_kernel.c"
    functions = kernel.FUNCTIONS[1:] if fault == "function" else kernel.FUNCTIONS
    script = STALE_RUN.format(source=str(source), flip=int(fault == "stamp"),
                              functions=functions)
    env = {k: v for k, v in os.environ.items() if k != "MJASP_PURE_PYTHON"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    (line,) = done.stderr.splitlines()  # one warning line, naming the file and the fix
    assert line.startswith(f"{source.with_name('_kernel.stale.so')}:0: RuntimeWarning: ")
    assert "`pip install -e .`" in line
    version, *table, compiled = done.stdout.splitlines()
    assert "(pure Python: the C extension is stale" in version
    # answered all the same: tenpai on 1z or 2z, two of each unseen
    assert table[0] == "123m456p789s1122z: tenpai (standard)"
    assert table[-1] == "effective tiles: 4 unseen: 1z(2) 2z(2)"
    assert compiled == "False"


# -- the direct engine's modules that Cython compiles from their .py -----------------------

CYTHON = importlib.util.find_spec("Cython") is not None


def compiled_file(name: str) -> Path | None:
    """The build beside module ``name``'s ``.py``, if one was made."""
    source = ROOT / (name.replace(".", "/") + ".py")
    builds = [source.with_name(source.stem + suffix)
              for suffix in importlib.machinery.EXTENSION_SUFFIXES]
    return next((build for build in builds if build.is_file()), None)


@pytest.mark.parametrize("name", extensions.COMPILED_PYTHON)
def test_a_compiled_module_is_current_with_its_source_and_runs(name: str) -> None:
    build = compiled_file(name)
    if build is None:
        # CI installs fresh, with Cython (a build requirement) and a C compiler: there a
        # module left uncompiled is a broken build step, not a machine without a compiler
        assert not (os.environ.get("CI") and CYTHON and kernel.AVAILABLE), name
        pytest.skip(f"{name} was not compiled at install")
    source = ROOT / (name.replace(".", "/") + ".py")
    # the stamp linked in at build time is the CRC-32 of the .py as it is now, followed by
    # its .pxd (C types for Cython) where there is one
    declarations = source.with_suffix(".pxd")
    expected = zlib.crc32(source.read_bytes() + (declarations.read_bytes()
                                                 if declarations.is_file() else b""))
    assert extensions.built_stamp(build) == expected
    # and the build wrote it beside it too, with its size (what the loader reads)
    assert extensions.sidecar(build).read_text() == (
        f"mjasp-source-crc32:{expected:08x} size:{build.stat().st_size}\n")
    assert extensions.sidecar_stamp(build) == expected
    module = importlib.import_module(name)
    assert Path(module.__file__ or "") == (source if PURE_RUN else build)
    assert extensions.WHY_SOURCE[name] == ("MJASP_PURE_PYTHON is set" if PURE_RUN else "")


def test_the_modules_to_compile_are_the_ones_setup_compiles() -> None:
    # setup.py reads the list from extensions.py: a name there that is not a module would
    # fail the build; each one is a .py of the package
    assert "EXTENSIONS.COMPILED_PYTHON" in (ROOT / "setup.py").read_text()
    for name in extensions.COMPILED_PYTHON:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name


def fake_build(folder: Path, stamp: int | None) -> tuple[Path, Path]:
    """A module ``mod.py`` and, beside it, a file named as its build holding ``stamp``."""
    source = folder / "mod.py"
    source.write_text("X = 1\n")
    build = folder / f"mod{importlib.machinery.EXTENSION_SUFFIXES[0]}"
    text = b"" if stamp is None else b"mjasp-source-crc32:%08x\x00" % stamp
    build.write_bytes(b"\x7fELF not a real build " + text + b" tail")
    return source, build


def test_a_current_build_is_chosen_without_running_it(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MJASP_PURE_PYTHON", raising=False)
    source, build = fake_build(tmp_path, zlib.crc32(b"X = 1\n"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        spec, why = extensions.choose("mod", source)
    assert spec is not None and spec.origin == str(build) and why == ""
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


@pytest.mark.parametrize("stamp", [zlib.crc32(b"X = 2\n"), None])
def test_a_stale_build_is_never_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    stamp: int | None) -> None:
    # built from another version of the .py (or not one of ours): the .py runs, one warning
    monkeypatch.delenv("MJASP_PURE_PYTHON", raising=False)
    source, build = fake_build(tmp_path, stamp)
    with pytest.warns(RuntimeWarning, match="pip install -e") as caught:
        spec, why = extensions.choose("mod", source)
    assert len(caught) == 1 and caught[0].filename == str(build)
    assert spec is not None and spec.origin == str(source) and why == "its build is stale"
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    assert module.X == 1


def test_a_pxd_beside_the_py_is_part_of_the_stamp(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # a build of mod.py alone is stale once a .pxd (C types for Cython) sits beside it, and
    # a build of both is stale once the .pxd changes
    monkeypatch.delenv("MJASP_PURE_PYTHON", raising=False)
    source, _ = fake_build(tmp_path, zlib.crc32(b"X = 1\n"))
    source.with_suffix(".pxd").write_text("cdef int y\n")
    with pytest.warns(RuntimeWarning, match="pip install -e"):
        assert extensions.choose("mod", source)[1] == "its build is stale"
    source, _ = fake_build(tmp_path, zlib.crc32(b"X = 1\ncdef int y\n"))
    assert extensions.choose("mod", source)[1] == ""
    source.with_suffix(".pxd").write_text("cdef long y\n")
    with pytest.warns(RuntimeWarning, match="pip install -e"):
        assert extensions.choose("mod", source)[1] == "its build is stale"


def test_the_stamp_is_read_beside_the_build_not_in_it(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MJASP_PURE_PYTHON", raising=False)
    current, stale = zlib.crc32(b"X = 1\n"), zlib.crc32(b"X = 2\n")
    source, build = fake_build(tmp_path, current)
    extensions.write_sidecar(build)
    assert extensions.sidecar(build).read_text() == (
        f"mjasp-source-crc32:{current:08x} size:{build.stat().st_size}\n")
    # with the stamp beside it, the build itself is not read
    monkeypatch.setattr(extensions, "built_stamp", None)  # (calling it would fail)
    assert extensions.choose("mod", source)[1] == ""
    # the stamp beside it decides: a stale one refuses the build
    extensions.sidecar(build).write_text(
        f"mjasp-source-crc32:{stale:08x} size:{build.stat().st_size}\n")
    with pytest.warns(RuntimeWarning, match="pip install -e"):
        assert extensions.choose("mod", source)[1] == "its build is stale"
    monkeypatch.undo()
    monkeypatch.delenv("MJASP_PURE_PYTHON", raising=False)
    # written for another file (its size differs) or unreadable: the build is read, and
    # its own stamp decides either way
    for text in (f"mjasp-source-crc32:{current:08x} size:{build.stat().st_size + 1}\n",
                 "garbage\n"):
        extensions.sidecar(build).write_text(text)
        assert extensions.sidecar_stamp(build) is None
        assert extensions.choose("mod", source)[1] == ""
    build.write_bytes(build.read_bytes().replace(b"%08x" % current, b"%08x" % stale))
    with pytest.warns(RuntimeWarning, match="pip install -e"):
        assert extensions.choose("mod", source)[1] == "its build is stale"


def test_pure_python_runs_the_py_even_beside_a_current_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, _ = fake_build(tmp_path, zlib.crc32(b"X = 1\n"))
    monkeypatch.setenv("MJASP_PURE_PYTHON", "1")
    spec, why = extensions.choose("mod", source)
    assert spec is not None and spec.origin == str(source)
    assert why == "MJASP_PURE_PYTHON is set"
    source.with_name(f"mod{importlib.machinery.EXTENSION_SUFFIXES[0]}").unlink()
    monkeypatch.delenv("MJASP_PURE_PYTHON")
    assert extensions.choose("mod", source)[1] == "not compiled at install"


#: In a fresh interpreter: which file each compiled-Python module was imported from.
WHERE_RUN = """
import importlib
from mjasp.solvers import extensions
import mjasp
mjasp.score("123m456p789s11z222p", mjasp.Win("1z"))  # a call through all of them
for name in extensions.COMPILED_PYTHON:
    print(importlib.import_module(name).__file__)
"""


@pytest.mark.parametrize("pure", ["1", ""])
def test_the_pure_pass_really_runs_the_py_source(pure: str) -> None:
    env = {**os.environ, "MJASP_PURE_PYTHON": pure}
    done = subprocess.run([sys.executable, "-c", WHERE_RUN], capture_output=True, text=True,
                          env=env, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    files = done.stdout.splitlines()
    assert len(files) == len(extensions.COMPILED_PYTHON)
    for name, file in zip(extensions.COMPILED_PYTHON, files, strict=True):
        build = compiled_file(name)
        assert Path(file) == (build if build is not None and not pure
                              else ROOT / (name.replace(".", "/") + ".py"))
