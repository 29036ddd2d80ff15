# Cython declarations that augment cpp_loops.py when setup.py compiles it (the .py stays the
# statement and runs unchanged without Cython): the places, counts, han, fu and points are
# C integers, the hands' bytes, lists and dicts typed as such, the ura chances read and the
# totals filled as typed memoryviews (float64; the rows int64).

cimport cython

cdef long _HAN, _FU

@cython.locals(at=Py_ssize_t, found=object)
cpdef long up(list table, long han, long fu, bint dealer, object rules) except? -1

@cython.locals(bp=cython.long, bh=cython.long, bf=cython.long, h=cython.long, p=cython.long,
               han=cython.long, fu=cython.long, shifted=list)
cpdef object best_of(object entry, long more, list cache, bint dealer, object rules)

# (checks: a scoring.api.HandChecks, left untyped: a cimport of its type would tie this
# build to api's, and where api's build is stale and its .py runs, Cython warns of a
# binary incompatibility or refuses the import)
cpdef object checked_hand(bytes sep, bytes merged, object checks, object melds)

@cython.locals(n=Py_ssize_t, out=dict, missing=list, shapes=list)
cpdef dict by_kind(object hand, object win, object rules, list kinds, object readings)

@cython.locals(values=list, entries=dict, places=list, at=Py_ssize_t, first=Py_ssize_t,
               more=cython.long, tiles=list, sep=bytes, merged=bytes, riichi=bint,
               kinds=list, best=dict, known=dict, kind_entries=dict, t=cython.long,
               kind=cython.long, check=object)
cpdef list score_states(Py_ssize_t count, list like, list groups, bytes raw,
                        bytes raw_merged, list riichis, list reds, tuple wins, tuple checks,
                        object melds, object rules, dict readings, list cache, bint dealer,
                        bint count_ura, list pending)

@cython.locals(out=list, tile=Py_ssize_t, s=tuple, base=cython.long)
cpdef list tile_values(Py_ssize_t at, list tiles, dict best, bint ura, list pending)

@cython.locals(n=Py_ssize_t, i=Py_ssize_t, r=Py_ssize_t, u=Py_ssize_t, at=Py_ssize_t,
               han=cython.long,
               fu=cython.long, base=cython.long, total=double, p=double, ups=cython.double[13],
               last_han=cython.long, last_fu=cython.long)
cpdef void ura_totals(object pending, const double[:, :] chances, const long[:] rows,
                      list cache, bint dealer, object rules, double[:] out)

@cython.locals(by_state=dict, got=list, order=list, places=list, groups=list, n=Py_ssize_t,
               state=Py_ssize_t)
cpdef tuple winning_states(list states, list drawn)

@cython.locals(out=bytearray, fives=tuple, f0=Py_ssize_t, f1=Py_ssize_t, f2=Py_ssize_t,
               base=Py_ssize_t)
cpdef bytes merged_rows(bytes raw)

@cython.locals(at=Py_ssize_t, k=Py_ssize_t, u=Py_ssize_t, tiles=cython.long, base=Py_ssize_t,
               copies=cython.long)
cpdef void ura_one(const unsigned char[:] raw_merged, Py_ssize_t count,
                   const unsigned char[:] total, const unsigned char[:] melds,
                   const unsigned char[:] dora, double[:, :] out)

@cython.locals(edges=list, points=list, at=Py_ssize_t, j=Py_ssize_t, got=list, pts=list,
               v=double)
cpdef tuple scored_edges(list won, list places, list values, list totals)

@cython.locals(count=Py_ssize_t, at=Py_ssize_t, s=Py_ssize_t, k=Py_ssize_t, base=Py_ssize_t,
               n=cython.long, any_red=bint, riichis=list, reds=list, like=list, least=tuple,
               keys=list, seen=bytes, fives=tuple, f0=Py_ssize_t, f1=Py_ssize_t,
               f2=Py_ssize_t, by=dict, key=bytes, got=object)
cpdef tuple winning_rows(const unsigned char[:, :] hands, const unsigned char[:] flags,
                         list order, bint red, unsigned char[:] raw, unsigned char[:] merged)
