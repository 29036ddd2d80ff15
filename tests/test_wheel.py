"""The built wheel really ships ``mjasp/solvers`` and the encodings (data under
``mjasp/encodings``): build it offline, install it in a fresh virtual environment, and run
the CLI from a directory outside the repository.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

from mjasp.solvers.extensions import COMPILED_PYTHON

ROOT = Path(__file__).resolve().parents[1]
# what a clean checkout holds; caches and earlier builds stay behind
IGNORED = shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__",
                                 ".hypothesis", ".pytest_cache", ".mypy_cache", ".ruff_cache",
                                 ".venv*", "*.so")  # an in-place kernel build too


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True,
                          timeout=600, env=env)
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def copy_source(target: Path) -> None:
    """A copy of the checkout as a clean one holds it, with the C that Cython made from
    the same ``.py`` files at install (``build/cython``), times kept: Cython sees it up to
    date and does not make it again (about 4 s of CPU; a ``.py`` changed since is made
    again); the C compiler still runs on each."""
    shutil.copytree(ROOT, target, symlinks=True, ignore=IGNORED)
    if (ROOT / "build" / "cython").is_dir():
        shutil.copytree(ROOT / "build" / "cython", target / "build" / "cython")


def unoptimised_compiler(folder: Path) -> dict[str, str]:
    """The environment of a build whose C compiler is the configured one with ``-O0 -g0``
    put last (the last ``-O`` and ``-g`` win over the build's ``-O2`` and Python's ``-g``),
    so that the wheel's build compiles every extension about six times faster: this test
    is about what the wheel ships and loads, while the editable install the other tests
    run compiles the same extensions with the real flags."""
    compiler = folder / "cc"
    configured = os.environ.get("CC") or sysconfig.get_config_var("CC")
    compiler.write_text(f'#!/bin/sh\nexec {configured} "$@" -O0 -g0\n')
    compiler.chmod(0o755)
    return {**os.environ, "CC": str(compiler)}


def test_every_package_folder_is_listed_for_the_wheel() -> None:
    # setuptools ships only the listed packages: a new subpackage left out would be missing
    # from every install while the tests, run from the tree, still pass
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {".".join(p.parent.relative_to(ROOT).parts)
               for p in (ROOT / "mjasp").rglob("__init__.py")}
    assert set(listed["packages"]) == folders


@pytest.mark.slow
def test_wheel_installs_and_runs_outside_the_repo(tmp_path: Path) -> None:
    # build from a copy, so the shared tree gets no build/ or egg-info side effects
    source = tmp_path / "source"
    copy_source(source)
    dist = tmp_path / "dist"
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
        "--no-index", "-q", "-w", dist, source, cwd=tmp_path,
        env=unoptimised_compiler(tmp_path))
    (wheel,) = dist.glob("mjasp-*.whl")

    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"mjasp/solvers/backtrack.py", "mjasp/solvers/base.py", "mjasp/py.typed"} <= names
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "mjasp").rglob("*.py")}
    assert modules <= names, sorted(modules - names)
    encodings = sorted(p.relative_to(ROOT / "mjasp").as_posix()
                       for p in (ROOT / "mjasp" / "encodings").rglob("*.lp"))
    assert {f"mjasp/{name}" for name in encodings} <= names
    assert not any(name.startswith(("encodings/", "solvers/")) for name in names)
    # mjasp serve's page ships in the wheel: nothing is fetched from elsewhere
    assert {f"mjasp/web/static/{name}" for name in ("index.html", "app.js", "app.css")} <= names
    # the compiled kernel is optional (setup.py): built whenever a C compiler and the
    # Python headers are there, as on this machine
    compiler = shutil.which(sysconfig.get_config_var("CC").split()[0]) is not None and \
        (Path(sysconfig.get_paths()["include"]) / "Python.h").exists()
    built = any(name.startswith("mjasp/solvers/_kernel.") and name.endswith((".so", ".pyd"))
                for name in names)
    assert built == compiler
    # each C source ships beside its module: the loader checks the build's stamp against it
    # (the probe below prints COMPILED True only if the stamp matches)
    assert {"mjasp/solvers/_kernel.c", "mjasp/advice/_dp.c"} <= names
    # the direct engine's modules compiled by Cython (a build requirement, installed here
    # by the test extra), each beside its .py, whose stamp the loader checks
    cython = compiler and importlib.util.find_spec("Cython") is not None
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    engine = [name.replace(".", "/") for name in COMPILED_PYTHON]
    assert all((f"{path}{suffix}" in names) == cython for path in engine), engine
    # each with its stamp beside it (read at import instead of the build), and the .pxd
    # files, part of the stamp, beside their .py
    assert all((f"{path}{suffix}.stamp" in names) == cython for path in engine), engine
    declared = {p.relative_to(ROOT).as_posix() for p in (ROOT / "mjasp").rglob("*.pxd")}
    assert declared and declared <= names, sorted(declared - names)

    # clingo, ortools, click and numpy come from the interpreter running this test (which may
    # itself be a venv: --system-site-packages would reach past it to the base interpreter);
    # mjasp only from the wheel, whose site-packages comes first on the path
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    venv_site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                    cwd=tmp_path).strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"],
            *site.getsitepackages()}
    (Path(venv_site) / "_mjasp_test_parent.pth").write_text("\n".join(sorted(ours)) + "\n")
    run(python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel, cwd=tmp_path)

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    out = run(venv / "bin" / "mjasp", "decompose", "111222333m45677p", cwd=outside)
    assert out.splitlines()[0] == "111222333m45677p: 2 readings"

    probe = ("import importlib.resources, mjasp, mjasp.solvers.backtrack as b\n"
             "print(mjasp.__file__)\nprint(b.__file__)\n"
             "root = importlib.resources.files('mjasp')\n"
             "names = [p.name for p in (root / 'encodings').iterdir() if p.name.endswith('.lp')]\n"
             "print(' '.join(sorted('encodings/' + n for n in names)))\n"
             "print(len(mjasp.decompose('11122233344455m')))\n"
             "import mjasp.solvers.kernel as k, mjasp.advice.graph as g\n"
             "print(k.COMPILED, g._dp is not None, mjasp.shanten('1112345678999m'))\n"
             "import mjasp.scoring.api, mjasp.solvers.extensions as e\n"
             "print(mjasp.score('123m456p789s55p777z', mjasp.Win('5p')).points)\n"
             # each imported first: the advice modules are imported on a first advise
             "for n in e.COMPILED_PYTHON: importlib.import_module(n)\n"
             "print('|'.join(e.WHY_SOURCE[n] or 'built' for n in e.COMPILED_PYTHON))")
    module, solver, shipped, readings, kernel, points, engine_runs = run(
        python, "-c", probe, cwd=outside).splitlines()
    forced = os.environ.get("MJASP_PURE_PYTHON", "") not in ("", "0")
    # both extensions used (their stamps match the shipped sources); nine gates: tenpai
    assert kernel == f"{built and not forced} {built and not forced} 0"
    # the stamps of the Cython builds match the shipped .py files: the builds run, and
    # score: the dealer's ron with chun, 20 + 10 closed ron + 2 tanki + 8 closed honor
    # triplet = 40 fu, 1 han: 6 × 40 × 2^3 = 1920, rounded up to 2000
    assert points == "2000"
    why = "built" if cython and not forced else (
        "MJASP_PURE_PYTHON is set" if forced else "not compiled at install")
    assert engine_runs.split("|") == [why] * len(COMPILED_PYTHON)
    for path in (Path(module), Path(solver)):
        assert path.is_relative_to(venv), path
        assert not path.is_relative_to(ROOT)
    assert shipped.split() == [name for name in encodings if name.count("/") == 1]
    assert readings == "4"


def test_a_build_without_a_compiler_says_the_pure_python_path_is_used(tmp_path: Path) -> None:
    # the C extensions are optional: with no working compiler (CC names a missing
    # program) the build still succeeds, prints the notice for each extension, and
    # builds no compiled module
    source = tmp_path / "src"
    copy_source(source)
    env = {**os.environ, "CC": str(tmp_path / "no-such-compiler")}
    done = subprocess.run([sys.executable, "setup.py", "build_ext", "--build-lib",
                           str(tmp_path / "lib")], cwd=source, capture_output=True, text=True,
                          env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    for name in ("mjasp.solvers._kernel",):
        assert f"the optional C extension {name} was not built" in done.stderr
    assert "pure-Python path" in done.stderr
    assert not list((tmp_path / "lib").rglob("*.so"))
