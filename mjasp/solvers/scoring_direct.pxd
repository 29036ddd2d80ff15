# Cython declarations that augment scoring_direct.py when setup.py compiles it (the .py
# stays the statement of every rule and runs unchanged without Cython). cpdef: the
# module's own calls of these helpers are C calls, without the argument parsing of a
# Python call; a Python caller (tests, the yaku table) still calls them as functions.
# The locals typed Py_ssize_t are counts of pairs, dora and fu rows and tile kinds: small
# ints, C arithmetic (bint: a set's quad and concealed flags); those typed dict are the
# engine's own tables (lookups without a method call).

# The fact classes are extension types (their fields C fields, read without a lookup by
# name where the engine's variable is typed so), in the .py's order, public (the yaku
# records and the C kernel's fills read and set them by name, through Cython's
# descriptors). The fields that are counts, tile kinds and flags are C integers (bint:
# the flags), the engine's lists, tuples and sets typed so: read by the typed code without
# boxing; a Python reader gets the same int or bool.

cimport cython
from mjasp.rules.scorecard cimport count_items, fu_rounded, han_fu

cdef class HandFacts:
    cdef public object win
    cdef public Py_ssize_t tile
    cdef public bint closed
    cdef public frozenset kinds
    cdef public Py_ssize_t quads, seat, round
    cdef public object counts
    cdef public bint melds_closed
    cdef public Py_ssize_t suits
    cdef public bint honors
    cdef public tuple flags

cdef class ReadingFacts:
    cdef public object decomposition, form
    cdef public list sequences, sets
    cdef public object pair
    cdef public frozenset set_tiles
    cdef public Py_ssize_t concealed

cdef class Placement:
    cdef public object block, wait
    cdef public Py_ssize_t concealed_sets
    cdef public bint pinfu

# A row of ``_rows``: its fields read by the loops as C fields (no tuple unpacked per row).
cdef class Row:
    cdef public object item, rule
    cdef public bint upgrades
    cdef public Py_ssize_t han, yakuman
    cdef public bint yaku

@cython.locals(pairs=Py_ssize_t, sequences=list, at=Py_ssize_t)
cpdef Py_ssize_t _peikou(ReadingFacts r) except? -1
cpdef object _outside(HandFacts h, ReadingFacts r, Placement p)
cpdef object _ittsu(HandFacts h, ReadingFacts r, Placement p)
cpdef object _sanshoku(HandFacts h, ReadingFacts r, Placement p)
cpdef object _sanshoku_doukou(HandFacts h, ReadingFacts r, Placement p)
cpdef object _chuuren(HandFacts h)
cpdef object _junsei(HandFacts h)
cpdef object _upgrade(object items)
cpdef object _hand_facts(object hand, object win, object won=*)
@cython.locals(n=Py_ssize_t, kind=Py_ssize_t, north=Py_ssize_t, shown=tuple, ura_shown=tuple,
               last_kinds=tuple)
cpdef object _dora(object hand, object win, object counts, object rules)
@cython.locals(dora_of=dict, shown=list, ura_shown=list)
cpdef tuple _dora_kinds(object win, object rules)
cpdef object _dora_of(object indicator, object rules)
cpdef object _reading_facts(object decomposition)
cpdef Py_ssize_t _value_of_pair(HandFacts h, Py_ssize_t tile) except? -1
@cython.locals(tile=Py_ssize_t, low=Py_ssize_t, waits=tuple, concealed=Py_ssize_t,
               pinfu_shape=bint, opened=bint, found=list, last_low=Py_ssize_t)
cpdef list _placements(HandFacts h, ReadingFacts r, object placement=*)
@cython.locals(last=Py_ssize_t, row=Py_ssize_t, tile=Py_ssize_t, quad=bint, concealed=bint,
               by_ron=Py_ssize_t, tsumo=bint, pair_fu=Py_ssize_t, rows=list,
               sets=list, wait_fu=dict, total=Py_ssize_t, fu=Py_ssize_t, summed=Py_ssize_t)
cpdef Py_ssize_t _fu(HandFacts h, ReadingFacts r, Placement p, Py_ssize_t double_wind_fu=*,
                     list parts=*) except? -1
@cython.locals(han=Py_ssize_t, yakuman=Py_ssize_t, has_yaku=bint)
cpdef (Py_ssize_t, Py_ssize_t, bint) _counted(list items)
@cython.locals(row=Row, upgrades=bint, han=Py_ssize_t, yakuman=Py_ssize_t, yaku=bint)
cpdef (bint, Py_ssize_t, Py_ssize_t, bint) _asked(tuple rows, HandFacts h, ReadingFacts r,
                                                  Placement p, list items)
cpdef object candidates_by_tile(object hand, object win, object rules, object tiles,
                                object readings=*)
cpdef object shapes_by_tile(object hand, object win, object rules, object tiles,
                            object readings=*)
@cython.locals(hand_cache=dict, reading_cache=dict, sets=Py_ssize_t, sequences=Py_ssize_t,
               top=Py_ssize_t, h=HandFacts, r=ReadingFacts, p=Placement, at=Py_ssize_t,
               found=list, per_tile=list, yakuman=Py_ssize_t, yaku=bint, upgrades=bint,
               row=Row, han=Py_ssize_t, has_yaku=bint, hand_items=list, held=list,
               hand_rows=tuple, tile_rows=tuple, reading_rows=tuple, placement_rows=tuple,
               hand_upgrades=bint, reading_upgrades=bint, reading_items=list,
               hand_han=Py_ssize_t, hand_yakuman=Py_ssize_t, hand_yaku=bint,
               reading_han=Py_ssize_t, reading_yakuman=Py_ssize_t, reading_yaku=bint,
               dora_han=Py_ssize_t, dora_yakuman=Py_ssize_t, dora_yaku=bint,
               double_wind_fu=Py_ssize_t, summing=bint, chiitoitsu=bint, upgrade=bint,
               own=list, placements=list)
cpdef list _by_tile(object hand, object win, object rules, object tiles, object readings,
                    bint lean)
