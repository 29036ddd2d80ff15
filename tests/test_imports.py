"""``import mjasp`` is cheap: each public name is imported on first use.

The names of ``mjasp.__all__``, where each lives (``mjasp._HOME``) and the imports that
type checkers read (under ``if TYPE_CHECKING``) must agree, and each name must be the very
object of the module it comes from.
"""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path

import mjasp
from mjasp.solvers import kernel

INIT = Path(mjasp.__file__)


def type_checking_imports() -> dict[str, str]:
    """Name -> module of the ``from ... import`` lines under ``if TYPE_CHECKING:``."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    (block,) = [node for node in tree.body if isinstance(node, ast.If)
                and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"]
    found: dict[str, str] = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.module is not None
        found.update((alias.name, node.module) for alias in node.names)
    return found


def test_the_names_their_homes_and_the_typed_imports_agree() -> None:
    assert type_checking_imports() == mjasp._HOME
    assert sorted(mjasp.__all__) == sorted(mjasp._HOME)


def test_each_name_is_the_object_of_its_module() -> None:
    for name, home in mjasp._HOME.items():
        assert getattr(mjasp, name) is getattr(importlib.import_module(home), name), name
    assert set(mjasp.__all__) <= set(dir(mjasp))
    assert mjasp.logs is importlib.import_module("mjasp.logs")


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        mjasp.no_such_name  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("mjasp.no_such_name did not raise")


def test_import_mjasp_loads_no_engine_and_from_import_still_works() -> None:
    probe = ("import sys, mjasp\n"
             "print(sorted(m for m in sys.modules if m.startswith(('mjasp.analysis', "
             "'mjasp.scoring', 'mjasp.advice', 'mjasp.logs', 'mjasp.web', 'mjasp.cli', "
             "'numpy', 'clingo', 'ortools'))))\n"
             "import mjasp.core.hand\n"
             "print(bool(mjasp.core.hand._COMPILED))\n"
             "from mjasp import Hand, shanten\n"
             "print(shanten(Hand.parse('123m456p789s1122z')))")
    env = {k: v for k, v in os.environ.items() if k != "MJASP_PURE_PYTHON"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          env=env, check=True)
    loaded, constructors, answer = done.stdout.splitlines()
    assert loaded == "[]"
    # the compiled Hand constructors are in place from the start, as with eager imports
    assert constructors == str(kernel.AVAILABLE)
    assert answer == "0"  # tenpai on 1z or 2z
