"""Engines that answer mjasp's questions, importable as ``mjasp.solvers``.

Each engine answers with the same types, so any two can be compared on any hand. The
repository's top-level ``solvers/`` is a link to this folder, for reading: imported as a
package of its own it would load a second copy of every engine, with its own caches, so
``import solvers`` is refused with an ImportError that names ``mjasp.solvers``.
"""

if __name__ != "mjasp.solvers":
    raise ImportError(f"the package {__name__!r} is mjasp's engine folder seen through a "
                      "link; import mjasp.solvers instead")
