# Cython declarations that augment scorecard.py when setup.py compiles it (the .py stays
# the statement and runs unchanged without Cython): a candidate's han, its yakuman han and
# each item's han, the items' ids (in_order: no sort) and the fu parts' sum in C arithmetic
# (small ints); cpdef: make_score_merged's and han_fu's calls of count_items and rounded_fu
# are C calls, count_items's answer a C tuple (no object made).

cimport cython

@cython.locals(han=Py_ssize_t, yakuman=Py_ssize_t, fu=Py_ssize_t, last_id=Py_ssize_t,
               table=dict, in_order=bint, has_yaku=bint, has_ura=bint, listed=list, kept=list)
cpdef object make_score_merged(object items, object fu_details, object reading, object win,
                               object rules)
@cython.locals(han=Py_ssize_t, yakuman=Py_ssize_t, n=Py_ssize_t, last_id=Py_ssize_t,
               at=Py_ssize_t, in_order=bint, has_yaku=bint, has_ura=bint)
cpdef (Py_ssize_t, Py_ssize_t, bint, bint, Py_ssize_t, bint) count_items(
    object items, list listed, list kept, bint order=*)
@cython.locals(raw=Py_ssize_t, part=Py_ssize_t)
cpdef Py_ssize_t rounded_fu(object fu_details) except? -1
cpdef Py_ssize_t fu_rounded(Py_ssize_t raw, bint chiitoitsu) except? -1
@cython.locals(han=Py_ssize_t, yakuman=Py_ssize_t, has_yaku=bint)
cpdef object han_fu(object items, object fu_details, object win, object rules)
