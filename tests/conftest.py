"""Shared fixtures.

``kernel_path``: a test that takes it runs twice, once through the compiled kernel
(``mjasp/solvers/_kernel.c``, skipped when mjasp was installed without it) and once
through the pure-Python tables, so both paths meet the same cross-checks. With
``MJASP_PURE_PYTHON=1`` set (the second run of ``.ci/run``) only the pure-Python side runs.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

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
