"""The optional compiled code; everything else is in pyproject.toml.

Two kinds: the C kernels (``_kernel.c``, ``_dp.c``), and the direct scoring engine's
Python modules compiled as they are by Cython (``COMPILED_PYTHON`` of
``mjasp/solvers/extensions.py``: the ``.py`` file stays the one statement and the fallback;
Cython only removes the interpreter's dispatch of its bytecodes). Cython is a build
requirement (pyproject.toml); where it is missing those modules are simply not compiled.

``optional=True``: on a machine without a C compiler the install still succeeds and mjasp
uses its pure-Python path (``mjasp.solvers.kernel.COMPILED`` is then False). The
build step below says so in a plain warning instead of setuptools' one-line note, so a
user who installs without a compiler knows which path mjasp runs and why.
"""

import importlib.util
import sys
import zlib
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: What a user reads when an extension does not build (``pip install -v`` shows it;
#: pip prints a build backend's stderr only in verbose mode or on failure, so the same
#: text is also what ``mjasp.solvers.kernel.COMPILED`` being False means at run time).
NOTICE = """
************************************************************************
mjasp: the optional C extension {name} was not built ({reason}).
mjasp is installed and gives the same answers on its pure-Python path,
only slower. To build the compiled kernel, install a C compiler and the
Python headers (e.g. `apt install build-essential python3-dev`) and run
the install again. Check which path runs with:
    python -c "import mjasp.solvers.kernel as k; print(k.COMPILED)"
************************************************************************
"""

#: What a user reads when the direct engine's modules are not compiled by Cython.
CYTHON_NOTICE = """
mjasp: the direct scoring engine's modules were not compiled by Cython ({reason}).
mjasp runs them as Python: the same answers, slower. `pip install cython` and install again
to compile them.
"""


class OptionalBuildExt(build_ext):
    """``build_ext`` that turns a failed optional extension into a clear warning, and
    compiles the extensions on every core (``--parallel``, unless given): a full build is
    about two minutes of CPU on one."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = True  # (setuptools: as many threads as cores)

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all: nothing was built
            self._warn("(every extension)", error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # this extension failed: the others may still build
            if not getattr(ext, "optional", False):
                raise
            self._warn(ext.name, error)
            return
        if ext.name in EXTENSIONS.COMPILED_PYTHON:
            # its stamp beside it: the loader reads that, not the whole build
            EXTENSIONS.write_sidecar(Path(self.get_ext_fullpath(ext.name)))

    def copy_extensions_to_source(self) -> None:
        super().copy_extensions_to_source()  # (in place: pip install -e, --inplace)
        for ext in self.extensions:
            if ext.name in EXTENSIONS.COMPILED_PYTHON:
                build = Path(*ext.name.split(".")[:-1],
                             Path(self.get_ext_filename(ext.name)).name)
                if build.is_file():
                    EXTENSIONS.write_sidecar(build)

    @staticmethod
    def _warn(name: str, error: BaseException) -> None:
        reason = f"{type(error).__name__}: {error}".strip().splitlines()[0][:200]
        print(NOTICE.format(name=name, reason=reason), file=sys.stderr)


def extension(name: str, source: str, *flags: str) -> Extension:
    """An optional extension stamped with its source's CRC-32 (``MJASP_SOURCE_HASH``, the
    module's ``SOURCE_HASH``): mjasp/solvers/extensions.py refuses a stale build by it."""
    with open(source, "rb") as handle:
        stamp = zlib.crc32(handle.read())
    return Extension(name, [source], define_macros=[("MJASP_SOURCE_HASH", f"{stamp:#010x}UL")],
                     extra_compile_args=["-O2", *flags], optional=True)


def _extensions_module() -> ModuleType:
    """mjasp/solvers/extensions.py (standard library only), read without importing mjasp:
    the list of modules to compile and their stamp are stated there, once."""
    spec = importlib.util.spec_from_file_location("_mjasp_extensions",
                                                  "mjasp/solvers/extensions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: mjasp/solvers/extensions.py: what to compile, and how a build is stamped.
EXTENSIONS = _extensions_module()


def compiled_python() -> list[Extension]:
    """The modules of ``COMPILED_PYTHON`` compiled by Cython from their ``.py`` file, each
    with ``_stamp.c`` holding its source's CRC-32 (read by the loader before it imports the
    build: a stale one is never run); none where Cython is missing or fails."""
    names = EXTENSIONS.COMPILED_PYTHON
    try:
        from Cython.Build import cythonize
    except ImportError:  # (pip installs it first: a build without pip's isolation may lack it)
        print(CYTHON_NOTICE.format(reason="Cython is not installed"), file=sys.stderr)
        return []
    modules = []
    for name in names:
        source = name.replace(".", "/") + ".py"
        stamp = EXTENSIONS.python_stamp(Path(source))  # the .py and its .pxd
        # _stamp.c through a file of the module's own, so that each build's object of it
        # (compiled with the module's stamp) has its own path: the builds run in parallel
        own_stamp = Path("build", "stamp", f"{name}.c")
        own_stamp.parent.mkdir(parents=True, exist_ok=True)
        text = '#include "../../mjasp/solvers/_stamp.c"\n'
        if not own_stamp.is_file() or own_stamp.read_text() != text:
            own_stamp.write_text(text)
        modules.append(Extension(
            name, [source, own_stamp.as_posix()], optional=True,
            define_macros=[("MJASP_SOURCE_STAMP", f'"mjasp-source-crc32:{stamp:08x}"')],
            # -O2: 3% fewer instructions a hand than -O1, for about 15 s more of build
            # (docs/benchmarks.md)
            extra_compile_args=["-O2"]))
    try:
        # the Python semantics kept exactly: annotations are not C types (the only C
        # declarations are the .pxd beside a .py), and the generated C goes under build/
        # (the tree holds only the .py); Cython's functions keep their signatures
        # (binding, the default: inspect.signature and help() read them); no __test__
        # dict, whose copies of the docstrings pytest would collect as a second doctest
        return list(cythonize(modules, build_dir="build/cython", quiet=True,
                              compiler_directives={"language_level": 3,
                                                   "annotation_typing": False,
                                                   "autotestdict": False}))
    except Exception as error:  # a Cython that cannot compile them: the .py files run
        reason = f"{type(error).__name__}: {error}".strip().splitlines()[0][:200]
        print(CYTHON_NOTICE.format(reason=reason), file=sys.stderr)
        return []


setup(cmdclass={"build_ext": OptionalBuildExt},
      ext_modules=[extension("mjasp.solvers._kernel", "mjasp/solvers/_kernel.c"),
                   # advise's turn-by-turn loop; no fused multiply-add, as numpy computes
                   extension("mjasp.advice._dp", "mjasp/advice/_dp.c", "-ffp-contract=off"),
                   *compiled_python()])
