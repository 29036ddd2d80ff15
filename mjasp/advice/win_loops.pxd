# Cython declarations that augment win_loops.py when setup.py compiles it (the .py stays the
# statement and runs unchanged without Cython): the counts are C integers and C arrays of
# the five groups, the arrays read and filled as typed memoryviews (int64: numpy's default
# integer here; the chances float64).

cimport cython

@cython.locals(n=Py_ssize_t, i=Py_ssize_t, k=Py_ssize_t, g=Py_ssize_t, a=Py_ssize_t,
               b=Py_ssize_t, at=Py_ssize_t, c=cython.long, total=cython.long,
               again=cython.long, pairs=cython.long, copies=cython.long[5],
               first=cython.long[5], order=cython.long[5], ranked=cython.long[5])
cpdef void outcomes(const long[:, :] wall, const long[:, :] held, const long[:] points_at,
                    Py_ssize_t uras, double[:, :] q, long[:, :] han)

@cython.locals(n=Py_ssize_t, i=Py_ssize_t, at=Py_ssize_t, k=Py_ssize_t, f=Py_ssize_t,
               h=cython.long, over=cython.long, red=cython.long)
cpdef void walls(bytes hands, bytes start, bytes unseen, long[:, :] wall, long[:, :] held)

@cython.locals(n=Py_ssize_t, cols=Py_ssize_t, width=Py_ssize_t, r=Py_ssize_t, j=Py_ssize_t,
               col=Py_ssize_t, at=Py_ssize_t, u=Py_ssize_t, h=Py_ssize_t, k=Py_ssize_t,
               total=double)
cpdef void points(double[:, :] out, const long[:] rows, const long[:] base, const long[:] by,
                  const long[:] added, const long[:] riichi, const double[:, :] q,
                  const long[:, :] han, const long[:] ura_at, Py_ssize_t span)

@cython.locals(n=Py_ssize_t, j=Py_ssize_t, k=Py_ssize_t, start=Py_ssize_t, end=Py_ssize_t,
               like=Py_ssize_t, red=Py_ssize_t, some=bint, rows=list, kind_of=tuple,
               reds=cython.uchar[:], kind=cython.uchar[:], lead=Py_ssize_t[34],
               best=Py_ssize_t[34], first=list, variants=list, h14=bytes, other=bytes)
cpdef object red_sets(object wins, object kinds)

@cython.locals(n=Py_ssize_t, got=cython.long, han=cython.long, fu=cython.long, read=bint,
               any_reading=bint, lst=list, out=tuple)
cpdef tuple extended(tuple shape, object table, Py_ssize_t added, dict memo, object points)

# The per-hand loop of Model._win_table: the rows and counts C integers, the lists, dicts
# and tuples typed (indexed and looked up without a method call), the scoring calls C calls
# where the callee is compiled (cpdef) and Python calls otherwise.
@cython.locals(melds=tuple, derive=bint, checked=dict, found=tuple, readings=tuple,
               asked=list, read=list)
cpdef tuple hand_shapes(bytes h14, list tiles, tuple scoring)

# (checks: a scoring.api.HandChecks, left untyped: a cimport of its type would tie this
# build to api's, and where api's build is stale and its .py runs, Cython warns of a
# binary incompatibility or refuses the import)
cpdef tuple passed_readings(object hand, object checks, object rules)
cpdef tuple checked_readings(object hand, object readings, object checks)

@cython.locals(shapes=dict, shape_list=list, sid_of=dict, ura_of=dict, ura_hands=list,
               need_ura=bint, kept=dict, probe=bint, limit=Py_ssize_t, order=list,
               n=Py_ssize_t, k=Py_ssize_t, end=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t,
               ura_row=Py_ssize_t, sid=Py_ssize_t, h14=bytes, h=bytes, tiles=list,
               known=list, found=list, readings=tuple)
cpdef void classify(object wins, object at, tuple scoring, object engine, tuple state)

cpdef object _sid(dict shapes, list shape_list, object shape)
