"""``mjasp serve``: the hand analyser page and the JSON API on a local port."""

from __future__ import annotations

import click

from mjasp.cli.app import main
from mjasp.core.errors import MjaspError


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0: every interface).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on.")
@click.option("--workers", type=click.IntRange(0, 64), default=0, show_default=True,
              help="Processes for the expected-value searches, which wait in one queue "
                   "(0: one per core, at most 4).")
def serve_command(host: str, port: int, workers: int) -> None:
    """Serve a hand analyser page like tenhou.net/2 and a JSON API (needs mjasp[web]).

    The page takes tenhou.net/2's links (?q=... every form, ?p=... the standard form);
    GET /api/<command>?q=HAND answers what `mjasp <command> HAND --json` prints.

    \b
    Example:
      $ mjasp serve --port 8000
      open http://127.0.0.1:8000/?q=123m456p789s1122z
    """
    try:
        from mjasp.web import serve
    except ImportError as error:
        raise MjaspError("mjasp serve needs the web extra: pip install 'mjasp[web]' "
                         f"({error.name or 'starlette'} is missing)") from None
    click.echo(f"open http://{host}:{port}/?q=123m456p789s1122z  (Ctrl-C stops)", err=True)
    serve(host, port, workers)
