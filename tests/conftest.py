"""Shared fixtures.

``kernel_path``: a test that takes it runs twice, once through the compiled kernel
(``mjasp/solvers/_kernel.c``, skipped when mjasp was installed without it) and once
through the pure-Python tables, so both paths meet the same cross-checks.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mjasp.solvers import kernel


@pytest.fixture(params=["compiled", "python"])
def kernel_path(request: pytest.FixtureRequest) -> Iterator[str]:
    if request.param == "compiled" and not kernel.AVAILABLE:
        pytest.skip("mjasp was installed without its compiled kernel")
    previous = kernel.use_compiled(request.param == "compiled")
    try:
        yield request.param
    finally:
        kernel.use_compiled(previous)
