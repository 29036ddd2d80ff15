"""``mjasp serve``: a hand analyser in the browser (a page like tenhou.net/2) and a JSON
API that answers what each command prints with ``--json``. Needs the ``web`` extra
(``pip install 'mjasp[web]'``: Starlette and uvicorn).

>>> from starlette.testclient import TestClient
>>> TestClient(create_app()).get("/api/shanten?q=123m456p789s1122z").json()["shanten"]
0
"""

from mjasp.web.app import create_app, serve

__all__ = ["create_app", "serve"]
