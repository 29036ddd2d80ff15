"""The import layers, so that the structure cannot rot silently (issue 11 item 7).

    types (0)  <-  rules (1)  <-  engines (2)  <-  API (3)  <-  CLI (4)

A module may import only from its own layer or a lower one; module-level imports form no
cycle; only the CLI imports click. Layers are read from the file tree (``mjasp/solvers``
is the engines, ``mjasp/cli`` the CLI) plus the two short lists below; any other module
of ``mjasp/`` is API.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "mjasp"

#: Value types, their notations (mpsz, MJAI) and pictures: nothing above them.
TYPES = {"mjasp.core.errors", "mjasp.core.tiles", "mjasp.core.notation", "mjasp.core.blocks", "mjasp.core.hand",
         "mjasp.core.win", "mjasp.core.yaku", "mjasp.core.mjai", "mjasp.render.draw"}
#: Rule variants, hand validity, and the formats engines read and write (hand facts,
#: points, the score card every scoring engine returns).
RULES = {"mjasp.rules", "mjasp.rules.validity", "mjasp.core.facts", "mjasp.rules.points", "mjasp.rules.scorecard"}
NAMES = ("types", "rules", "engines", "API", "CLI")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> int:
    if module in TYPES:
        return 0
    if module in RULES:
        return 1
    if module == "mjasp.solvers" or module.startswith("mjasp.solvers."):
        return 2
    if module in ("mjasp.cli", "mjasp.__main__") or module.startswith("mjasp.cli."):
        return 4
    return 3


def imports(path: Path, top_level_only: bool) -> set[str]:
    """The mjasp modules (and click) a file imports; ``top_level_only``: only those run at
    import time (not in functions, not under ``if TYPE_CHECKING``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if node.module == "mjasp" or node.module == "mjasp.solvers":
                # "from mjasp.solvers import table" imports the submodule mjasp.solvers.table
                found.update(f"{node.module}.{a.name}" for a in node.names)
            found.add(node.module)
    return {m for m in found if m == "click" or m.startswith("click.") or m == "mjasp"
            or m.startswith("mjasp.")}


FILES = sorted(ROOT.rglob("*.py"))


def known(module: str) -> bool:
    return module in {module_name(f) for f in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: module_name(p))
def test_imports_point_down(path: Path) -> None:
    me = module_name(path)
    for target in imports(path, top_level_only=False):
        if target.startswith("click"):
            assert layer(me) == 4, f"{me} imports click; only the CLI may"
            continue
        if not known(target):  # "from mjasp import x" where x is a name, not a module
            continue
        if target == "mjasp":
            assert me == "mjasp" or layer(me) == 4, (
                f"{me} imports the mjasp package (all of the API)")
            continue
        assert layer(target) <= layer(me), (
            f"{me} ({NAMES[layer(me)]}) imports {target} ({NAMES[layer(target)]})")


def test_no_import_cycle() -> None:
    graph = {module_name(f): {t for t in imports(f, top_level_only=True)
                              if known(t) and t != module_name(f) and t != "mjasp"}
             for f in FILES}
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = [*path[path.index(nxt):], nxt] if nxt in path else [node, nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])


def test_the_layer_test_can_fail(tmp_path: Path) -> None:
    # the checker itself: an engine importing the API and a two-module cycle are caught
    assert layer("mjasp.solvers.table") == 2 and layer("mjasp.analysis.decomposition") == 3
    engine = tmp_path / "engine.py"
    engine.write_text("from mjasp.analysis.decomposition import decompose\n"
                      "def f():\n    import click\n", encoding="utf-8")
    assert imports(engine, top_level_only=True) == {"mjasp.analysis.decomposition"}
    assert imports(engine, top_level_only=False) == {"mjasp.analysis.decomposition", "click"}
    assert layer("mjasp.analysis.decomposition") > layer("mjasp.solvers.x")
