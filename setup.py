"""The optional compiled kernel; everything else is in pyproject.toml.

``optional=True``: on a machine without a C compiler the install still succeeds and mjasp
uses its pure-Python path (``mjasp.solvers.kernel.COMPILED`` is then False). The
build step below says so in a plain warning instead of setuptools' one-line note, so a
user who installs without a compiler knows which path mjasp runs and why.
"""

import sys
import zlib

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


class OptionalBuildExt(build_ext):
    """``build_ext`` that turns a failed optional extension into a clear warning."""

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


setup(cmdclass={"build_ext": OptionalBuildExt},
      ext_modules=[extension("mjasp.solvers._kernel", "mjasp/solvers/_kernel.c"),
                   # advise's turn-by-turn loop; no fused multiply-add, as numpy computes
                   extension("mjasp.advice._dp", "mjasp/advice/_dp.c", "-ffp-contract=off")])
