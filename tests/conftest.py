"""Shared fixtures.

``kernel_path``: a test that takes it runs twice, once through the compiled kernel
(``mjasp/solvers/_kernel.c``, skipped when mjasp was installed without it) and once
through the pure-Python tables, so both paths meet the same cross-checks.
"""

from __future__ import annotations

from collections.abc import Iterator

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
