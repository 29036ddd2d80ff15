# Cython declarations that augment hand.py when setup.py compiles it (the .py stays the
# statement and runs unchanged without Cython): with_melds' tile, quads and red fives
# counted in C arithmetic (small ints), its flags C booleans, the totals a list.

cimport cython

@cython.locals(total=list, tile=Py_ssize_t, quads=Py_ssize_t, red_called=Py_ssize_t,
               closed=bint, chi=bint)
cpdef tuple with_melds(object counts, object melds)
