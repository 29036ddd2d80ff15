"""The ``mjasp`` command line; each command lives in its own module of this package."""

from mjasp.cli import advise as _advise  # noqa: F401  (registers the command)
from mjasp.cli import count as _count  # noqa: F401  (registers count, generate, stats)
from mjasp.cli import decompose as _decompose  # noqa: F401  (registers the command)
from mjasp.cli import draw as _draw  # noqa: F401  (registers the command)
from mjasp.cli import forms as _forms  # noqa: F401  (registers forms, waits, kan)
from mjasp.cli import logs as _logs  # noqa: F401  (registers logs check, logs table)
from mjasp.cli import rules as _rules  # noqa: F401  (registers the command)
from mjasp.cli import score as _score  # noqa: F401  (registers the command)
from mjasp.cli import serve as _serve  # noqa: F401  (registers the command)
from mjasp.cli import shanten as _shanten  # noqa: F401  (registers the command)
from mjasp.cli import solve as _solve  # noqa: F401  (registers the command)
from mjasp.cli import verify as _verify  # noqa: F401  (registers the command)
from mjasp.cli.app import main

__all__ = ["main"]
