# Cython declarations that augment api.py when setup.py compiles it (the .py stays the
# statement and runs unchanged without Cython). cpdef: ``score``'s calls of its checks are
# C calls, without the argument parsing of a Python call; Python callers see functions.

cimport cython

cpdef object check_hand(object hand, object win, object rules)
@cython.locals(closed=bint, chi=bint, plain_shown=bint, fives_shown=bint, suspect=bint,
               shown=Py_ssize_t, named=list, indicators=tuple)
cpdef tuple hand_checks(object melds, object win, object rules)
# (the per-hand part: the counts and copies C integers, the prepared tuple unpacked once)
@cython.locals(kind=Py_ssize_t, tiles=Py_ssize_t, n=Py_ssize_t, shown=Py_ssize_t,
               copies=Py_ssize_t, same=Py_ssize_t, plain_fives=Py_ssize_t,
               north_4z=Py_ssize_t, plain_shown=bint, fives_shown=bint, suspect=bint,
               kokushi_read=bint, melds=tuple, indicators=tuple, named=tuple, gone=tuple)
cpdef object check_prepared(object hand, tuple checks)
cpdef object _situation_error(object melds, bint closed, object win, object rules,
                              bint kokushi)
cpdef object check_winning_tile(object hand, object win, object rules)
cpdef object hand_readings(object hand, object rules)
cpdef object _removed_of(object rules)
cpdef object _check_winning_five(object hand, object win)
cpdef object _check_fives(object hand, object rules, object indicators, object held)
cpdef object _check_indicators(object hand, object indicators, object rules, object north,
                               object held)
cpdef object _name(object kind)
