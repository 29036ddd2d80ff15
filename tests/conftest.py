"""Shared fixtures.

``kernel_path``: a test that takes it runs twice, once through the compiled kernel
(``mjasp/solvers/_kernel.c``, skipped when mjasp was installed without it) and once
through the pure-Python tables, so both paths meet the same cross-checks.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from mjasp.solvers import kernel


def switched_path(param: str, built: bool, what: str) -> Iterator[str]:
    """Run the test through the compiled code (``param == "compiled"``; skipped unless
    ``built``) or pure Python, and restore the previous switch after it."""
    if param == "compiled" and not built:
        pytest.skip(f"mjasp was installed without its compiled {what}")
    previous = kernel.use_compiled(param == "compiled")
    try:
        yield param
    finally:
        kernel.use_compiled(previous)


@pytest.fixture(params=["compiled", "python"])
def kernel_path(request: pytest.FixtureRequest) -> Iterator[str]:
    yield from switched_path(request.param, kernel.AVAILABLE, "kernel")


def shared_data(name: str) -> Path:
    """A file of the real data kept beside the project (``shared/data/`` next to the
    checkout, or next to any folder above it; ``MJASP_DATA`` names the folder outright).
    Where it is nowhere, the path beside the checkout (the test then skips)."""
    if os.environ.get("MJASP_DATA"):
        return Path(os.environ["MJASP_DATA"]) / name
    here = Path(__file__).resolve()
    for parent in here.parents[1:]:
        if (parent / "shared" / "data" / name).exists():
            return parent / "shared" / "data" / name
    return here.parents[2] / "shared" / "data" / name
