"""The web tests' fixtures: the page's (``base_url``, ``browser``, ``page``), defined with
their helpers in ``tests/web/pagekit.py``, and the API's ``client``, in
``tests/web/apikit.py`` (loaded only where Starlette is installed); a fixture is started
only by a test that asks for it."""

from __future__ import annotations

import importlib.util

from tests.web.pagekit import base_url, browser, page

__all__ = ["base_url", "browser", "page"]

if importlib.util.find_spec("starlette") and importlib.util.find_spec("httpx"):
    from tests.web.apikit import client

    __all__ += ["client"]
