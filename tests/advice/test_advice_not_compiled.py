"""The advice modules run as Python: a build of theirs left by an earlier install is never
run (Python's own finder prefers a module's build to its ``.py``). Only the typed loops
over the wins (``mjasp.advice.win_loops``, ``mjasp.advice.cpp_loops``) and the policy's
order of values (``mjasp.advice.order``) are compiled."""

from __future__ import annotations

import importlib.machinery
import subprocess
import sys
from pathlib import Path

import pytest

from mjasp.solvers import extensions

ROOT = Path(__file__).resolve().parents[2]


def test_the_advice_modules_are_no_longer_compiled() -> None:
    advice = {name for name in extensions.COMPILED_PYTHON if name.startswith("mjasp.advice.")}
    assert advice == {"mjasp.advice.win_loops", "mjasp.advice.cpp_loops",
                      "mjasp.advice.order"}
    assert not set(extensions.NOT_COMPILED) & set(extensions.COMPILED_PYTHON)
    for name in extensions.NOT_COMPILED:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file()


@pytest.mark.parametrize("name", extensions.NOT_COMPILED)
def test_a_leftover_build_beside_the_py_is_not_chosen(name: str, tmp_path: Path) -> None:
    leaf = name.rpartition(".")[2]
    source = tmp_path / f"{leaf}.py"
    source.write_text("X = 1\n")
    # a build an earlier install left (not a loadable one: it must not even be opened)
    leftover = tmp_path / f"{leaf}{importlib.machinery.EXTENSION_SUFFIXES[0]}"
    leftover.write_bytes(b"not a shared object")
    # Python's own finder alone would take the build
    plain = importlib.machinery.PathFinder.find_spec(leaf, [str(tmp_path)])
    assert plain is not None and plain.origin == str(leftover)
    spec = extensions.CompiledPythonFinder().find_spec(name, [str(tmp_path)])
    assert spec is not None and spec.origin == str(source)
    assert isinstance(spec.loader, importlib.machinery.SourceFileLoader)


def test_the_advice_modules_import_from_their_py() -> None:
    code = ("import importlib\n"
            "from mjasp.advice import advise\n"
            "advise('123456789m1234p5z', draws=1)\n"
            "from mjasp.solvers import extensions as e\n"
            "for n in e.NOT_COMPILED: print(importlib.import_module(n).__file__)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    files = done.stdout.split()
    assert files == [str(ROOT / (n.replace(".", "/") + ".py"))
                     for n in extensions.NOT_COMPILED]
