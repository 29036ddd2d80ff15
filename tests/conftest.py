"""Shared fixtures.

``kernel_path``: a test that takes it runs twice, once through the compiled kernel
(``mjasp/solvers/_kernel.c``, skipped when mjasp was installed without it) and once
through the pure-Python tables, so both paths meet the same cross-checks. With
``MJASP_PURE_PYTHON=1`` set (the second run of ``.ci/run``) only the pure-Python side runs.

``sample(values, every_run=N)``: a large seeded sample whose first ``N`` values run in every
run and the rest only with ``pytest --full`` (the benchmark-sized run; skipped visibly
otherwise), so that the whole suite stays within CI's time; ``full_run``: whether this is
that run, for a test that draws its own sample.

``scoring_path``: a test that takes it runs once per scoring engine and path
(``SCORING_PATHS``: the ASP engine, the direct engine,
``mjasp.score`` itself). ``shared_data``: the shared real data, or a visible skip
(a failure under CI).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mjasp
from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.rules import Rules, find_rules
from mjasp.scoring.api import Score, score_candidates
from mjasp.solvers import kernel

#: The run with the compiled code switched off (``MJASP_PURE_PYTHON=1``, as ``.ci/run``
#: does once): only the pure-Python side of the switched tests runs.
PURE_RUN = os.environ.get("MJASP_PURE_PYTHON", "") not in ("", "0")


def switched_path(param: str, built: bool, what: str) -> Iterator[str]:
    """Run the test through the compiled code (``param == "compiled"``; skipped unless
    ``built``) or pure Python, and restore the previous switch after it."""
    if param == "compiled" and not built:
        pytest.skip(f"mjasp was installed without its compiled {what}")
    if param == "compiled" and PURE_RUN:
        pytest.skip("MJASP_PURE_PYTHON is set: this run is the pure-Python one")
    previous = kernel.use_compiled(param == "compiled")
    try:
        yield param
    finally:
        kernel.use_compiled(previous)


@pytest.fixture(params=["compiled", "python"])
def kernel_path(request: pytest.FixtureRequest) -> Iterator[str]:
    yield from switched_path(request.param, kernel.AVAILABLE, "kernel")


# -- the size of seeded samples ---------------------------------------------------------------

def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true",
                     help="also run the rest of each large seeded sample (marked 'full')")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--full"):
        return
    skip = pytest.mark.skip(reason="benchmark-sized (the rest of a seeded sample, or the "
                                   "largest size of a check): pytest --full runs it")
    for item in items:
        if item.get_closest_marker("full") is not None:
            item.add_marker(skip)


#: the type of ``pytest.param``'s parameter sets (not exported by pytest by name)
_PARAM = type(pytest.param(0))


@pytest.fixture
def full_run(request: pytest.FixtureRequest) -> bool:
    """Whether this is the benchmark-sized run (``pytest --full``): a test drawing its own
    sample takes the full size then, a smaller first part of it otherwise."""
    return bool(request.config.getoption("--full"))


def sample(values: Iterable[Any], every_run: int) -> list[Any]:
    """``values`` as parameters, those after the first ``every_run`` marked ``full`` (run
    by ``pytest --full`` only); a value may be a ``pytest.param`` already.

    >>> [[m.name for m in p.marks] for p in sample(range(3), every_run=2)[2:]]
    [['full']]
    """
    out = []
    for i, v in enumerate(values):
        if i >= every_run:
            v = (pytest.param(*v.values, marks=[*v.marks, pytest.mark.full], id=v.id)
                 if isinstance(v, _PARAM) else pytest.param(v, marks=pytest.mark.full))
        out.append(v)
    return out


# -- scoring: every engine and path that states the rules -----------------------------------

#: Where the shared real data lives: ``$MJASP_DATA``, else ``shared/data`` beside the
#: checkout or beside a folder above it (CI: ``../shared/data``).
_DATA_DIRS = (os.environ.get("MJASP_DATA", ""),
              *(str(up / "shared" / "data") for up in Path(__file__).resolve().parents[1:]))


def find_shared(name: str) -> Path | None:
    """The path of the shared real-data file ``name``, or None (for collection time)."""
    for directory in _DATA_DIRS:
        if directory and (Path(directory) / name).exists():
            return Path(directory) / name
    return None


def shared_data(name: str) -> Path:
    """The path of the shared real-data file ``name``; where it is absent the test skips
    with the reason shown, except under CI (``CI=true``), where a missing file fails."""
    found = find_shared(name)
    if found is not None:
        return found
    message = f"{name} is absent from {', '.join(d for d in _DATA_DIRS if d)}"
    if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
        pytest.fail(f"{message}; CI must provide the shared data", pytrace=False)
    pytest.skip(f"{message} (it lives beside the project)")


def load_script(path: Path) -> ModuleType:
    """A script of ``benchmarks/`` or ``examples/`` as a module (they are not packages),
    registered under its file name while it runs: a dataclass looks its module up."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[path.stem]
    return module


#: A scoring path: (hand, win, rules) -> the best Score.
ScorePath = Callable[[Hand | str, Win, Rules], "Score | None"]


def _engine_best(solver: str) -> ScorePath:
    def run(hand: Hand | str, win: Win, rules: Rules) -> Score | None:
        # every candidate of the engine itself, the best by rank_key (score_candidates'
        # stable sort): the engine itself, not mjasp.score
        return score_candidates(hand, win, rules=rules, solver=solver)[0]

    return run


def _default(hand: Hand | str, win: Win, rules: Rules) -> Score | None:
    return mjasp.score(hand, win, rules=rules)


#: Every engine and path that states the scoring rules, in one place: a rule's boundary
#: cases and the worked examples run through each (``mjasp.score`` runs the direct engine;
#: a fast path added later belongs here too).
SCORING_PATHS: dict[str, ScorePath] = {
    "asp": _engine_best("asp"),
    "direct": _engine_best("direct"),
    "score": _default,
}


@pytest.fixture(params=list(SCORING_PATHS))
def scoring_path(request: pytest.FixtureRequest) -> ScorePath:
    """The test runs once per scoring engine and path (``SCORING_PATHS``)."""
    return SCORING_PATHS[request.param]


#: ``scored(hand, win, rules="tenhou")``: one path's best Score (``scored`` fixture).
Scorer = Callable[..., Score]


@pytest.fixture(params=list(SCORING_PATHS))
def scored(request: pytest.FixtureRequest) -> Scorer:
    """``mjasp.score``'s signature on one scoring path per run (``SCORING_PATHS``), for the
    worked examples: every path must answer (the rules given are ones each path plays)."""
    path, name = SCORING_PATHS[request.param], request.param

    def run(hand: Hand | str, win: Win, rules: Rules | str = "tenhou") -> Score:
        chosen = find_rules(rules) if isinstance(rules, str) else rules
        found = path(hand, win, chosen)
        assert found is not None, f"the {name} path declined a hand under {chosen.name}"
        return found

    return run
