# Cython declarations that augment order.py when setup.py compiles it (the .py stays the
# statement and runs unchanged without Cython): the values compared are C doubles, the
# indices C integers; the sequences stay Python objects (lists, tuples, read by index).

cimport cython

cpdef bint _tied(double x, double y)

@cython.locals(n=Py_ssize_t, j=Py_ssize_t, at=double, aw=double, ae=double, bt=double,
               bw=double, be=double, out=list)
cpdef list preferred(object a, object b)

@cython.locals(k=Py_ssize_t, i=Py_ssize_t, top=double, kept=list)
cpdef Py_ssize_t choose(object values)

@cython.locals(n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, tol=double, firsts=list,
               order=list, out=list, run=list)
cpdef list ranked(object values)

@cython.locals(rest=list, out=list)
cpdef list _ranked_run(object values, list run)
