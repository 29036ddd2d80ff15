/* The dynamic programme of mjasp.advice.graph, compiled (optional): every turn in one
 * call (run: the groups' best options, the stays, the division by the wall, the locked
 * riichi values and the better of riichi and dama, as graph.solve's numpy path does
 * them, operation by operation).
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

#ifndef MJASP_SOURCE_HASH /* built without setup.py: stamp 0, which graph.py refuses */
#define MJASP_SOURCE_HASH 0UL
#endif

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

/* run(total, stay, tenpai, win_n, win_ev, win_ev_last, options, offsets, group_node,
       group_n, rows, p, pts, always, dama, riichi): every turn of graph.solve's loop (the
   same operations in the same order as its numpy path, kept unfused by -ffp-contract=off):
   dama is (draws + 1) x 3 x n and riichi (draws + 1) x 3 x len(rows), flat, filled here. */
static PyObject *run(PyObject *self, PyObject *args) {
    enum { N_ARR = 15 };
    PyObject *o[N_ARR];
    int always;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOOOOpOO", &o[0], &o[1], &o[2], &o[3], &o[4],
                          &o[5], &o[6], &o[7], &o[8], &o[9], &o[10], &o[11], &o[12],
                          &always, &o[13], &o[14])) {
        return NULL;
    }
    static const char kinds[N_ARR] = {'d', 'd', 'd', 'd', 'd', 'd', 'q', 'q', 'q', 'd',
                                      'q', 'd', 'd', 'd', 'd'};
    static const char *names[N_ARR] = {"total", "stay", "tenpai", "win_n", "win_ev",
                                       "win_ev_last", "options", "offsets", "group_node",
                                       "group_n", "rows", "p", "pts", "dama", "riichi"};
    Arr a[N_ARR];
    for (int i = 0; i < N_ARR; i++) {
        a[i].held = 0;
    }
    for (int i = 0; i < N_ARR; i++) {
        if (get(o[i], &a[i], kinds[i], i >= 13, names[i]) < 0) {
            release(a, N_ARR);
            return NULL;
        }
    }
    const double *total = a[0].view.buf, *stay = a[1].view.buf, *tenpai = a[2].view.buf;
    const double *win_n = a[3].view.buf, *win_ev = a[4].view.buf;
    const double *win_ev_last = a[5].view.buf;
    const int64_t *options = a[6].view.buf, *offsets = a[7].view.buf;
    const int64_t *gnode = a[8].view.buf, *rows = a[10].view.buf;
    const double *gn = a[9].view.buf, *p = a[11].view.buf, *pts = a[12].view.buf;
    double *dama = a[13].view.buf, *riichi = a[14].view.buf;
    Py_ssize_t n = a[0].view.shape[0];
    Py_ssize_t groups = a[8].view.shape[0];
    Py_ssize_t n_opts = a[6].view.shape[0];
    Py_ssize_t nr = a[10].view.shape[0];
    Py_ssize_t draws = n ? a[13].view.shape[0] / (3 * n) - 1 : -1;
    int bad = n == 0 || draws < 0 || a[13].view.shape[0] != (draws + 1) * 3 * n
              || a[14].view.shape[0] != (draws + 1) * 3 * nr;
    for (int i = 1; i < 6 && !bad; i++) {
        bad = a[i].view.shape[0] != n;
    }
    bad = bad || a[9].view.shape[0] != groups || a[7].view.shape[0] != groups + 1
          || a[11].view.shape[0] != nr || a[12].view.shape[0] != 4 * nr;
    for (Py_ssize_t g = 0; g < groups && !bad; g++) {
        bad = offsets[g] < 0 || offsets[g + 1] <= offsets[g] || offsets[g + 1] > n_opts
              || gnode[g] < 0 || gnode[g] >= n;
    }
    for (Py_ssize_t j = 0; j < n_opts && !bad; j++) {
        bad = options[j] < 0 || options[j] >= n;
    }
    for (Py_ssize_t j = 0; j < nr && !bad; j++) {
        bad = rows[j] < 0 || rows[j] >= n;
    }
    if (bad) {
        release(a, N_ARR);
        PyErr_SetString(PyExc_ValueError, "run: inconsistent graph arrays");
        return NULL;
    }
    double *work = PyMem_Malloc(sizeof(double) * (size_t)(3 * n + 2 * nr + 1));
    if (work == NULL) {
        release(a, N_ARR);
        return PyErr_NoMemory();
    }
    double *best_tp = work, *best_wp = work + n, *best_ev = work + 2 * n;
    double *before = work + 3 * n, *reach = work + 3 * n + nr;
    Py_BEGIN_ALLOW_THREADS
    /* no draw left: tenpai or not, nothing won */
    for (Py_ssize_t i = 0; i < n; i++) {
        dama[i] = tenpai[i];
        dama[n + i] = 0.0;
        dama[2 * n + i] = 0.0;
        best_tp[i] = tenpai[i];
        best_wp[i] = 0.0;
        best_ev[i] = 0.0;
    }
    for (Py_ssize_t j = 0; j < 3 * nr; j++) {
        riichi[j] = 0.0;
    }
    for (Py_ssize_t j = 0; j < nr; j++) {
        before[j] = 0.0;
        reach[j] = 1.0;
    }
    for (Py_ssize_t d = 1; d <= draws; d++) {
        double *tp = dama + d * 3 * n, *wp = tp + n, *ev = tp + 2 * n;
        const double *first = d == 1 ? win_ev_last : win_ev;
        for (Py_ssize_t i = 0; i < n; i++) {
            tp[i] = win_n[i];
            wp[i] = win_n[i];
            ev[i] = first[i];
        }
        for (Py_ssize_t g = 0; g < groups; g++) {
            int64_t j = offsets[g], end = offsets[g + 1];
            int64_t k = options[j];
            double be = best_ev[k], bw = best_wp[k], bt = best_tp[k];
            for (j++; j < end; j++) {
                k = options[j];
                double e = best_ev[k], w = best_wp[k], t = best_tp[k];
                if (e > be || (e == be && (w > bw || (w == bw && t > bt)))) {
                    be = e;
                    bw = w;
                    bt = t;
                }
            }
            int64_t node = gnode[g];
            double c = gn[g];
            double pt = c * bt, pw = c * bw, pe = c * be;
            tp[node] += pt;
            wp[node] += pw;
            ev[node] += pe;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            double s = stay[i];
            if (s > 0) {
                double pt = s * best_tp[i], pw = s * best_wp[i], pe = s * best_ev[i];
                tp[i] += pt;
                wp[i] += pw;
                ev[i] += pe;
            }
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            double t = total[i];
            double q = tp[i] / t;
            tp[i] = tenpai[i] != 0.0 ? 1.0 : q;
            wp[i] = wp[i] / t;
            ev[i] = ev[i] / t;
            best_tp[i] = tp[i];
            best_wp[i] = wp[i];
            best_ev[i] = ev[i];
        }
        /* the locked riichi hands (graph._Riichi), then the better of riichi and dama */
        double *rtp = riichi + d * 3 * nr, *rwp = rtp + nr, *rev = rtp + 2 * nr;
        int last = 2 * (d == 1) + 1, mid = 2 * (d == 1);
        for (Py_ssize_t j = 0; j < nr; j++) {
            double r = reach[j];
            double term = r * pts[4 * j + last];
            double e = before[j] + term;
            double after = r * (1.0 - p[j]);
            double stick = 1000.0 * after;
            e -= stick;
            double carried = r * pts[4 * j + mid];
            before[j] += carried;
            reach[j] = after;
            rtp[j] = 1.0;
            rwp[j] = 1.0 - after;
            rev[j] = e;
            int64_t i = rows[j];
            int take = always || rev[j] > ev[i]
                       || (rev[j] == ev[i] && (rwp[j] > wp[i]
                                               || (rwp[j] == wp[i] && rtp[j] >= tp[i])));
            if (take) {
                best_tp[i] = rtp[j];
                best_wp[i] = rwp[j];
                best_ev[i] = rev[j];
            }
        }
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(work);
    release(a, N_ARR);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"run", run, METH_VARARGS,
     "run(total, stay, tenpai, win_n, win_ev, win_ev_last, options, offsets, group_node, "
     "group_n, rows, p, pts, always, dama, riichi): every turn of the loop, into dama and "
     "riichi."},
    {NULL, NULL, 0, NULL},
};

/* the stamp of this file's build (setup.py): graph.py refuses a stale build by it */
static int dp_exec(PyObject *module) {
    PyObject *stamp = PyLong_FromUnsignedLong(MJASP_SOURCE_HASH);
    int failed = PyModule_AddObjectRef(module, "SOURCE_HASH", stamp) < 0; /* NULL: fails */
    Py_XDECREF(stamp);
    return failed ? -1 : 0;
}

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, dp_exec},
#if PY_VERSION_HEX >= 0x030C0000
    /* no state at all: safe in subinterpreters with their own GIL */
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#endif
    {0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_dp",
    .m_doc = "The turns of mjasp.advice.graph, compiled.",
    .m_size = 0,
    .m_methods = methods,
    .m_slots = slots,
};

PyMODINIT_FUNC PyInit__dp(void) { return PyModuleDef_Init(&module); }
