/* One turn of the dynamic programme of mjasp.advice.graph, compiled (optional).
 *
 * graph.solve adds, per node and in its groups' order, copies x the best option of each
 * group (greatest points, then win chance, then tenpai chance). Its numpy path does this
 * with reduceat over whole arrays; this loop does the same arithmetic group by group:
 * the same maxima (values taken, never computed) and the same products and sums in the
 * same order per node, so the same floats (tests compare the two paths with ==).
 * Nothing about the game is here: only maxima, products and sums.
 *
 * Arrays come through the buffer protocol (no numpy headers): C-contiguous float64 and
 * int64, lengths checked before any access.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef struct {
    Py_buffer view;
    int held;
} Arr;

static int get(PyObject *obj, Arr *a, char kind, int writable, const char *name) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    a->held = 0;
    if (PyObject_GetBuffer(obj, &a->view, flags) < 0) {
        return -1;
    }
    a->held = 1;
    const char *f = a->view.format ? a->view.format : "B";
    int ok = kind == 'd' ? (f[0] == 'd' && a->view.itemsize == 8)
                         : ((f[0] == 'q' || f[0] == 'l') && a->view.itemsize == 8);
    if (!ok || a->view.ndim != 1) {
        PyErr_Format(PyExc_TypeError, "%s must be a 1-d %s array", name,
                     kind == 'd' ? "float64" : "int64");
        return -1;
    }
    return 0;
}

static void release(Arr *arrs, int n) {
    for (int i = 0; i < n; i++) {
        if (arrs[i].held) {
            PyBuffer_Release(&arrs[i].view);
        }
    }
}

/* step(ev, wp, tp, options, offsets, group_node, group_n, acc_tp, acc_wp, acc_ev) */
static PyObject *step(PyObject *self, PyObject *args) {
    PyObject *o[10];
    if (!PyArg_ParseTuple(args, "OOOOOOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5],
                          &o[6], &o[7], &o[8], &o[9])) {
        return NULL;
    }
    static const char kinds[10] = {'d', 'd', 'd', 'q', 'q', 'q', 'd', 'd', 'd', 'd'};
    static const char *names[10] = {"ev", "wp", "tp", "options", "offsets", "group_node",
                                    "group_n", "acc_tp", "acc_wp", "acc_ev"};
    Arr a[10];
    for (int i = 0; i < 10; i++) {
        a[i].held = 0;
    }
    for (int i = 0; i < 10; i++) {
        if (get(o[i], &a[i], kinds[i], i >= 7, names[i]) < 0) {
            release(a, 10);
            return NULL;
        }
    }
    const double *ev = a[0].view.buf, *wp = a[1].view.buf, *tp = a[2].view.buf;
    const int64_t *options = a[3].view.buf, *offsets = a[4].view.buf;
    const int64_t *gnode = a[5].view.buf;
    const double *gn = a[6].view.buf;
    double *acc_tp = a[7].view.buf, *acc_wp = a[8].view.buf, *acc_ev = a[9].view.buf;
    Py_ssize_t n = a[0].view.shape[0];
    Py_ssize_t groups = a[5].view.shape[0];
    Py_ssize_t n_opts = a[3].view.shape[0];
    int bad = a[1].view.shape[0] != n || a[2].view.shape[0] != n
              || a[7].view.shape[0] != n || a[8].view.shape[0] != n
              || a[9].view.shape[0] != n || a[6].view.shape[0] != groups
              || a[4].view.shape[0] != groups + 1;
    if (!bad) {
        /* every index in range, offsets non-decreasing, every group non-empty */
        for (Py_ssize_t g = 0; g < groups && !bad; g++) {
            bad = offsets[g] < 0 || offsets[g + 1] <= offsets[g] || offsets[g + 1] > n_opts
                  || gnode[g] < 0 || gnode[g] >= n;
        }
        for (Py_ssize_t j = 0; j < n_opts && !bad; j++) {
            bad = options[j] < 0 || options[j] >= n;
        }
    }
    if (bad) {
        release(a, 10);
        PyErr_SetString(PyExc_ValueError, "step: inconsistent graph arrays");
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t g = 0; g < groups; g++) {
        int64_t j = offsets[g], end = offsets[g + 1];
        int64_t k = options[j];
        double be = ev[k], bw = wp[k], bt = tp[k];
        for (j++; j < end; j++) {
            k = options[j];
            double e = ev[k], w = wp[k], t = tp[k];
            if (e > be || (e == be && (w > bw || (w == bw && t > bt)))) {
                be = e;
                bw = w;
                bt = t;
            }
        }
        int64_t node = gnode[g];
        double c = gn[g];
        /* one product, then one sum: kept apart (no fused multiply-add) by the build flag
           -ffp-contract=off, as numpy computes them */
        double pt = c * bt, pw = c * bw, pe = c * be;
        acc_tp[node] += pt;
        acc_wp[node] += pw;
        acc_ev[node] += pe;
    }
    Py_END_ALLOW_THREADS
    release(a, 10);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"step", step, METH_VARARGS,
     "step(ev, wp, tp, options, offsets, group_node, group_n, acc_tp, acc_wp, acc_ev): "
     "add copies x the best option of each group to its node, in group order."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_dp",
                                    "One turn of mjasp.advice.graph, compiled.", -1, methods};

PyMODINIT_FUNC PyInit__dp(void) { return PyModule_Create(&module); }
