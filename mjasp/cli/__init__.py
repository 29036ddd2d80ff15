"""The ``mjasp`` command line; each command lives in its own module of this package,
imported when the command runs (``mjasp.cli.app.COMMANDS``)."""

from mjasp.cli.app import main

__all__ = ["main"]
