"""The optional compiled kernel; everything else is in pyproject.toml.

``optional=True``: on a machine without a C compiler the install still succeeds and mjasp
uses its pure-Python path (``mjasp.solvers.kernel.COMPILED`` is then False).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("mjasp.solvers._kernel", ["mjasp/solvers/_kernel.c"],
                             extra_compile_args=["-O2"], optional=True)])
