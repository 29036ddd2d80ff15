"""pytest's set-up for the whole repository (the tests' fixtures: ``tests/conftest.py``).

The doctests of ``mjasp/`` are imported in pytest's importlib mode (pyproject's
``--import-mode=importlib``). There, a module whose package is not imported yet is
loaded from its file after pytest has loaded the package from its own file: a package
whose ``__init__`` imports that very module (``mjasp/cli/__init__.py`` imports
``mjasp.cli.app``) then holds one copy of it and ``sys.modules`` a second (``mjasp.cli.main``
the first copy's group, the commands registered on the second's: the web API found no
command), and pytest sets the second copy as the package's attribute, over a function of
that name (``mjasp.logs.check``, the function, became the module ``mjasp/logs/check.py``).
Importing each package the standard way before pytest imports a file of it, pytest finds
the module in ``sys.modules`` when the package imported it, and loads it only once.
"""

from __future__ import annotations

import contextlib
import importlib
from pathlib import Path

import pytest

#: The package whose files are collected for their doctests.
_PACKAGE = Path(__file__).resolve().parent / "mjasp"


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> None:
    # (a hook of collection: pytest imports the module later, when it collects it)
    if file_path.suffix != ".py" or _PACKAGE not in file_path.resolve().parents:
        return
    package = ".".join(file_path.resolve().relative_to(_PACKAGE.parent).parts[:-1])
    # a package that fails to import: pytest's own import of the file reports it, as before
    with contextlib.suppress(Exception):
        importlib.import_module(package)
