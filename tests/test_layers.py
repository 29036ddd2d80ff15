"""The import layers, read from the folders, so that the structure cannot rot silently.

    core, render (0)  <-  rules (1)  <-  solvers (2)  <-  analysis, scoring, ... (3)
                      <-  cli, web (4)

A module may import only from its own layer or a lower one, at the top of the file or
inside a function alike; module-level imports form no cycle, and all imports together
(inside functions and for type checking too) none outside :data:`CIRCLES_LEFT`; only the
CLI imports click; no module imports another module's private (``_name``) names. A module's layer is
its folder's: every subpackage of ``mjasp/`` must be listed in ``LAYERS``, so a new folder
states where it stands.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "mjasp"

#: The layer of each subpackage of mjasp/.
LAYERS = {
    "core": 0,      # the value types and their notations (mpsz, MJAI, hand facts)
    "render": 0,    # pictures of the value types (a Hand draws itself in a notebook)
    "rules": 1,     # rule presets, what a legal hand is, points, the score card
    "solvers": 2,   # the engines
    "analysis": 3,  # readings, forms, shanten, waits, kan, counts, samples, statistics
    "scoring": 3,   # mjasp.score and random winning situations
    "advice": 3,    # discard advice
    "logs": 3,      # game logs: read, replay, re-score
    "cli": 4,       # the command line
    "web": 4,       # the web app over the command line's answers
}
NAMES = ("types", "rules", "engines", "API", "CLI")
#: The modules still allowed in a circle of imports made inside functions: the advice's
#: API and its mahjong-cpp mode, its model and its builder. A circle elsewhere (a value
#: type's module and the pictures or the MJAI names, the log records and their replay)
#: fails test_no_circle_through_any_import: the shared piece belongs to one module.
CIRCLES_LEFT = frozenset({"mjasp.advice", "mjasp.advice.api", "mjasp.advice.build",
                          "mjasp.advice.cpp_model", "mjasp.advice.model"})


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> int:
    """``mjasp.<folder>...`` is its folder's layer; ``mjasp`` itself is the API and
    ``python -m mjasp`` the CLI."""
    parts = module.split(".")
    if parts == ["mjasp"]:
        return 3
    if parts == ["mjasp", "__main__"]:
        return 4
    return LAYERS[parts[1]]


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
            # "from mjasp.solvers import table" imports the submodule mjasp.solvers.table
            # (kept if such a module exists; see known())
            found.update(f"{node.module}.{a.name}" for a in node.names)
            found.add(node.module)
    return {m for m in found if m == "click" or m.startswith("click.") or m == "mjasp"
            or m.startswith("mjasp.")}


FILES = sorted(ROOT.rglob("*.py"))


def known(module: str) -> bool:
    return module in {module_name(f) for f in FILES}


def private_imports(path: Path) -> set[str]:
    """``module._name`` for every private name a file takes from another mjasp module."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level \
                and node.module.startswith("mjasp"):
            found.update(f"{node.module}.{a.name}" for a in node.names
                         if a.name.startswith("_") and not a.name.startswith("__"))
    return found


def test_every_folder_has_a_layer() -> None:
    folders = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert folders <= set(LAYERS), f"give {sorted(folders - set(LAYERS))} a layer in LAYERS"


def test_tests_mirror_the_packages() -> None:
    tests = Path(__file__).resolve().parent
    folders = {p.name for p in tests.iterdir() if p.is_dir() and any(p.glob("test_*.py"))}
    assert folders <= set(LAYERS), f"tests/{sorted(folders - set(LAYERS))} has no package"


@pytest.mark.parametrize("path", FILES, ids=lambda p: module_name(p))
def test_no_private_name_crosses_modules(path: Path) -> None:
    assert not private_imports(path), (
        f"{module_name(path)} imports private names {sorted(private_imports(path))}: make "
        "them public where they are defined, or move the code")


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


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The modules of ``graph`` (module: the modules it imports) that lie on a circle,
    grouped: each group the modules that reach each other (Tarjan's strongly connected
    components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_circle_through_any_import() -> None:
    graph = {module_name(f): {t for t in imports(f, top_level_only=False)
                              if known(t) and t != module_name(f) and t != "mjasp"}
             for f in FILES}
    for group in circles(graph):
        assert group <= CIRCLES_LEFT, (
            f"an import circle (imports in functions and for type checking included): "
            f"{sorted(group)}; move what they share to the module that owns it")


def test_the_circle_check_can_fail() -> None:
    # the core circle as it was: a hand built from MJAI names in the MJAI module, each
    # value type drawn by the pictures' module, which imported the types
    was = {"mjasp.core.hand": {"mjasp.core.blocks", "mjasp.core.mjai", "mjasp.render.draw"},
           "mjasp.core.mjai": {"mjasp.core.hand"},
           "mjasp.core.blocks": {"mjasp.render.draw"},
           "mjasp.render.draw": {"mjasp.core.blocks", "mjasp.core.hand"},
           "mjasp.logs.model": {"mjasp.logs.replay"}, "mjasp.logs.replay": {"mjasp.logs.model"},
           "mjasp.core.tiles": set()}
    assert sorted(map(sorted, circles(was))) == [
        ["mjasp.core.blocks", "mjasp.core.hand", "mjasp.core.mjai", "mjasp.render.draw"],
        ["mjasp.logs.model", "mjasp.logs.replay"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_layer_test_can_fail(tmp_path: Path) -> None:
    # the checker itself: an engine importing the API and a two-module cycle are caught
    assert layer("mjasp.solvers.table") == 2 and layer("mjasp.analysis.decomposition") == 3
    engine = tmp_path / "engine.py"
    engine.write_text("from mjasp.analysis.decomposition import decompose\n"
                      "def f():\n    import click\n", encoding="utf-8")
    found = {"mjasp.analysis.decomposition", "mjasp.analysis.decomposition.decompose"}
    assert imports(engine, top_level_only=True) == found
    assert imports(engine, top_level_only=False) == {*found, "click"}
    assert [known(m) for m in sorted(found)] == [True, False]  # a module, then a name
    assert layer("mjasp.analysis.decomposition") > layer("mjasp.solvers.x")
    # an import inside a function counts; so does a private name taken from another module
    engine.write_text("def f():\n    from mjasp.scoring.api import check_win, _x\n",
                      encoding="utf-8")
    assert imports(engine, top_level_only=False) == {"mjasp.scoring.api",
                                                     "mjasp.scoring.api.check_win",
                                                     "mjasp.scoring.api._x"}
    assert private_imports(engine) == {"mjasp.scoring.api._x"}
    with pytest.raises(KeyError):
        layer("mjasp.newfolder.x")  # a folder without a layer is refused
