# Cython declarations that augment api.py when setup.py compiles it (the .py stays the
# statement and runs unchanged without Cython). cpdef: ``score``'s calls of its checks are
# C calls, without the argument parsing of a Python call; Python callers see functions.

cimport cython

# The record hand_checks makes (its fields by name, in the .py's order): an extension type,
# its fields C fields (counts C integers, flags bint), read by check_prepared without a
# lookup by name; read-only (made once per search, never changed).
cdef class HandChecks:
    cdef readonly tuple melds
    cdef readonly object win, rules, three, north_error
    cdef readonly tuple indicators
    cdef readonly Py_ssize_t shown
    cdef readonly bint plain_shown, fives_shown
    cdef readonly Py_ssize_t north, north_4z
    cdef readonly tuple named
    cdef readonly Py_ssize_t red_called
    cdef readonly tuple allowed
    cdef readonly bint kokushi_read
    cdef readonly object after, after_kokushi

cpdef object check_hand(object hand, object win, object rules)
@cython.locals(closed=bint, chi=bint, plain_shown=bint, fives_shown=bint, suspect=bint,
               shown=Py_ssize_t, named=list, indicators=tuple)
cpdef HandChecks hand_checks(object melds, object win, object rules)
# (the per-hand part: the counts and copies C integers, the record's fields C reads)
@cython.locals(kind=Py_ssize_t, tiles=Py_ssize_t, n=Py_ssize_t, copies=Py_ssize_t,
               same=Py_ssize_t, suspect=bint, melds=tuple, gone=tuple, counts=tuple)
cpdef object check_prepared(object hand, HandChecks checks)
@cython.locals(plain_fives=Py_ssize_t, allowed=tuple, red_m=Py_ssize_t, red_p=Py_ssize_t,
               red_s=Py_ssize_t, allowed_m=Py_ssize_t, allowed_p=Py_ssize_t,
               allowed_s=Py_ssize_t, five_m=Py_ssize_t, five_p=Py_ssize_t,
               five_s=Py_ssize_t)
cpdef bint fives_may_fail(object red, object held, HandChecks checks)
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
