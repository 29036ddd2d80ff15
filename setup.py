"""The optional compiled kernel; everything else is in pyproject.toml.

``optional=True``: on a machine without a C compiler the install still succeeds and mjasp
uses its pure-Python path (``mjasp.solvers.kernel.COMPILED`` is then False; the compiled
scorer ``_score`` likewise, ``mjasp.solvers.scoring_direct.COMPILED_AVAILABLE``).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("mjasp.solvers._kernel", ["mjasp/solvers/_kernel.c"],
                             extra_compile_args=["-O2"], optional=True),
                   Extension("mjasp.solvers._score", ["mjasp/solvers/_score.c"],
                             extra_compile_args=["-O2"], optional=True)])
