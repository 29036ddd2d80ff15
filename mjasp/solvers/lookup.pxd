# Cython declarations that augment lookup.py when setup.py compiles it (the .py stays the
# statement and runs unchanged without Cython). cpdef: the module's own calls of the
# readings cached are C calls; Python callers (the engine, tests) see a function.

cpdef object winning_readings(object hand, object rules)
