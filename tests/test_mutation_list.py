"""The planted bugs of ``benchmarks/mutation.py`` still fit the source.

The mutation run itself takes many minutes (a benchmark, not part of the test loop); this
checks in a moment that its list is sound: at least 40 mutants across the concerns, unique
names, each original text found exactly once in its file (a stale mutant would silently
test nothing), a real edit, and test selections that exist.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from tests.conftest import load_script

ROOT = Path(__file__).resolve().parents[1]


def load() -> ModuleType:
    return load_script(ROOT / "benchmarks" / "mutation.py")


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
