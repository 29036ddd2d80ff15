"""The API side of the web tests: Starlette's ``TestClient``, imported once here (its
notice about httpx silenced), and the ``client`` fixture every API test module shares
through ``tests/web/conftest.py``. A module that may run without the web extra calls
``pytest.importorskip("starlette")`` and ``("httpx")`` before importing from here.
"""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():
    # Starlette 1.x prefers httpx2 for its test client; httpx still works and is what we pin
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

from mjasp.web import create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    """mjasp's app with its default limits behind the test client; an exception in the
    server is raised in the test (no 500 hides it)."""
    return TestClient(create_app())


__all__ = ["TestClient", "client"]
