# Cython declarations that augment scoring_direct.py when setup.py compiles it (the .py
# stays the statement of every rule and runs unchanged without Cython). cpdef: the
# module's own calls of these helpers are C calls, without the argument parsing of a
# Python call; a Python caller (tests, the yaku table) still calls them as functions.
# The locals typed Py_ssize_t are counts of pairs, dora and fu rows and tile kinds: small
# ints, C arithmetic (bint: a set's quad and concealed flags); those typed dict are the
# engine's own tables (lookups without a method call).

# The fact classes are extension types (their fields C fields, read without a lookup by
# name where the engine's variable is typed so); their fields are Python objects, in the
# .py's order, public (the yaku records and the C kernel's fills read and set them by
# name, through Cython's descriptors).

cimport cython

cdef class HandFacts:
    cdef public object win, tile, closed, kinds, quads, seat, round, counts, melds_closed
    cdef public object suits, honors, flags

cdef class ReadingFacts:
    cdef public object decomposition, form, sequences, sets, pair, set_tiles, concealed

cdef class Placement:
    cdef public object block, wait, concealed_sets, pinfu

@cython.locals(pairs=Py_ssize_t)
cpdef object _peikou(ReadingFacts r)
cpdef object _outside(HandFacts h, ReadingFacts r, Placement p)
cpdef object _ittsu(HandFacts h, ReadingFacts r, Placement p)
cpdef object _sanshoku(HandFacts h, ReadingFacts r, Placement p)
cpdef object _sanshoku_doukou(HandFacts h, ReadingFacts r, Placement p)
cpdef object _chuuren(HandFacts h)
cpdef object _junsei(HandFacts h)
cpdef object _upgrade(object items)
cpdef object _hand_facts(object hand, object win, object won=*)
@cython.locals(n=Py_ssize_t, dora_of=dict)
cpdef object _dora(object hand, object win, object counts, object rules)
cpdef object _dora_of(object indicator, object rules)
cpdef object _reading_facts(object decomposition)
cpdef object _value_of_pair(HandFacts h, object tile)
@cython.locals(tile=Py_ssize_t, low=Py_ssize_t, waits=tuple)
cpdef object _placements(HandFacts h, ReadingFacts r, object placement=*)
@cython.locals(last=Py_ssize_t, row=Py_ssize_t, tile=Py_ssize_t, quad=bint, concealed=bint,
               by_ron=Py_ssize_t)
cpdef object _fu(HandFacts h, ReadingFacts r, Placement p, object double_wind_fu=*)
cpdef object candidates_by_tile(object hand, object win, object rules, object tiles,
                                object readings=*)
cpdef object shapes_by_tile(object hand, object win, object rules, object tiles,
                            object readings=*)
@cython.locals(hand_cache=dict, reading_cache=dict, sets=Py_ssize_t, sequences=Py_ssize_t,
               top=Py_ssize_t, h=HandFacts, r=ReadingFacts, p=Placement, at=Py_ssize_t,
               found=list, per_tile=list)
cpdef list _by_tile(object hand, object win, object rules, object tiles, object readings,
                    bint lean)
