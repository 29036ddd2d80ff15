"""The browser side of the page tests: Playwright drives the system's chromium (Debian's
``chromium`` package, never a browser Playwright downloads) against a uvicorn server on a
free loopback port. The fixtures (``base_url``, ``browser``, ``page``) reach the tests
through ``tests/web/conftest.py``; a page test module imports the helpers from here and
sets ``pytestmark = page_marks()``.

Skipped, with the reason, where /usr/bin/chromium or playwright is missing; under
``CI=true`` a missing browser is a failure instead, so CI cannot pass by skipping.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Debian's chromium; MJASP_CHROMIUM names another build of chromium (or a missing one)
CHROMIUM = Path(os.environ.get("MJASP_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    for module in ("playwright", "uvicorn", "starlette"):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed (pip install -e '.[test]')"
    return None


REASON = _missing()


def page_marks() -> list[pytest.MarkDecorator]:
    """A page test module's ``pytestmark``: skipped with the reason where the browser is
    missing, except under ``CI=true``, where the module fails to load instead (raised
    here, in the test module's import, so the conftest that shares the fixtures loads)."""
    if REASON and os.environ.get("CI") == "true":
        raise RuntimeError(f"browser tests cannot run under CI: {REASON}")
    return [pytest.mark.skipif(REASON is not None, reason=REASON or ""), pytest.mark.slow]


if REASON is None:
    import uvicorn
    from playwright.sync_api import BrowserContext, Page, sync_playwright

    from mjasp.web import create_app


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    # the server listens on a socket bound here to a port the system chose, so no other
    # process (another xdist worker's server) can take that port between choosing it
    # and listening on it
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = int(sock.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    profile = tmp_path_factory.mktemp("chromium-profile")  # a fresh user-data-dir
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield context
        context.close()


@pytest.fixture
def page(browser: BrowserContext, base_url: str) -> Iterator[Page]:
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.base = base_url  # type: ignore[attr-defined]
    yield page
    page.close()
    assert errors == [], errors  # no script error on any page


def visit(page: Page, query: str) -> None:
    page.goto(page.base + "/" + query)  # type: ignore[attr-defined]
    settle(page)


def settle(page: Page) -> None:
    page.wait_for_selector("body[data-ready='1']")


def rows(page: Page) -> list[dict[str, Any]]:
    """The discard table as the user reads it."""
    return [{"discard": r.get_attribute("data-discard"),
             "after": r.locator("td.after").inner_text(),
             "draws": [b.get_attribute("data-tile") for b in r.locator("td.draw button").all()],
             "kinds": int(r.locator("td.kinds").inner_text()),
             "total": int(r.locator("td.total").inner_text()),
             "tenhou": r.locator("td.tenhou").inner_text()}
            for r in page.locator("#discards tbody tr").all()]


def query_of(page: Page) -> dict[str, str]:
    from urllib.parse import parse_qsl, urlsplit
    return dict(parse_qsl(urlsplit(page.url).query))
