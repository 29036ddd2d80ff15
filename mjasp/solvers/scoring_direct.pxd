# Cython declarations that augment scoring_direct.py when setup.py compiles it (the .py
# stays the statement of every rule and runs unchanged without Cython). cpdef: the
# module's own calls of these helpers are C calls, without the argument parsing of a
# Python call; a Python caller (tests, the yaku table) still calls them as functions.
# The locals typed Py_ssize_t are counts of pairs, dora and fu rows and tile kinds: small
# ints, C arithmetic (bint: a set's quad and concealed flags); those typed dict are the
# engine's own tables (lookups without a method call).

cimport cython

@cython.locals(pairs=Py_ssize_t)
cpdef object _peikou(object r)
cpdef object _outside(object h, object r, object p)
cpdef object _ittsu(object h, object r, object p)
cpdef object _sanshoku(object h, object r, object p)
cpdef object _sanshoku_doukou(object h, object r, object p)
cpdef object _chuuren(object h)
cpdef object _junsei(object h)
cpdef object _upgrade(object items)
cpdef object _hand_facts(object hand, object win, object won=*)
@cython.locals(n=Py_ssize_t, dora_of=dict)
cpdef object _dora(object hand, object win, object counts, object rules)
cpdef object _dora_of(object indicator, object rules)
cpdef object _reading_facts(object decomposition)
cpdef object _value_of_pair(object h, object tile)
@cython.locals(tile=Py_ssize_t, low=Py_ssize_t)
cpdef object _placements(object h, object r, object placement=*)
@cython.locals(last=Py_ssize_t, row=Py_ssize_t, tile=Py_ssize_t, quad=bint, concealed=bint,
               by_ron=Py_ssize_t)
cpdef object _fu(object h, object r, object p, object double_wind_fu=*)
@cython.locals(hand_cache=dict, reading_cache=dict, sets=Py_ssize_t, sequences=Py_ssize_t,
               top=Py_ssize_t)
cpdef object candidates_by_tile(object hand, object win, object rules, object tiles,
                                object readings=*)
