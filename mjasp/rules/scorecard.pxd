# Cython declarations that augment scorecard.py when setup.py compiles it (the .py stays
# the statement and runs unchanged without Cython): a candidate's han, its yakuman han and
# each item's han, the items' ids (in_order: no sort) and the fu parts' sum in C arithmetic
# (small ints).

cimport cython

@cython.locals(han=Py_ssize_t, yakuman=Py_ssize_t, n=Py_ssize_t, raw=Py_ssize_t,
               last_id=Py_ssize_t, at=Py_ssize_t, part=Py_ssize_t, table=dict, in_order=bint)
cpdef object make_score_merged(object items, object fu_details, object reading, object win,
                               object rules)
