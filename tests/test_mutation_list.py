"""The planted bugs of ``benchmarks/mutation.py`` still fit the source.

The mutation run itself takes many minutes (a benchmark, not part of the test loop); this
checks in a moment that its list is sound: at least 40 mutants across the concerns, unique
names, each original text found exactly once in its file (a stale mutant would silently
test nothing), a real edit, and test selections that exist.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation", ROOT / "benchmarks" / "mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutation"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_mutants_fit_the_source() -> None:
    mutants = load().MUTANTS
    assert len(mutants) >= 40
    assert len({m.name for m in mutants}) == len(mutants)
    areas = {m.file.split("/")[1] if m.file.startswith("mjasp/") else m.file for m in mutants}
    assert {"solvers", "encodings", "rules", "core", "cli"} <= areas
    for m in mutants:
        path = ROOT / m.file
        if not path.exists():
            continue  # a removed file: the run reports the mutant as gone
        assert path.read_text().count(m.original) == 1, m.name
        assert m.original != m.replacement, m.name
        for argument in m.tests:
            if argument.startswith("tests/"):
                assert (ROOT / argument.split("::")[0]).exists(), (m.name, argument)
