"""The C extensions are used only when built from the source beside them.

A stale build (an in-place build not redone after the ``.c`` file changed) is refused with
one warning line, and the pure-Python path answers; a fresh build carries the stamp of its
source and is used. The stale modules here are stand-ins put in place of the import (no
rebuild needed); the stamps are recomputed from the source with ``zlib`` directly.
"""

from __future__ import annotations

import importlib
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
