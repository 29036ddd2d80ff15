"""The page tests' fixtures (``base_url``, ``browser``, ``page``), defined with their
helpers in ``tests/web/pagekit.py``; a fixture is started only by a test that asks for it."""

from tests.web.pagekit import base_url, browser, page

__all__ = ["base_url", "browser", "page"]
