/* Four loops of mjasp's advice, compiled (optional): the graph build of mjasp.advice.build
 * (``build``, below ``run``), and the dynamic programme of mjasp.advice.graph: every turn in one
 * call (run: the groups' best options, the stays, the division by the wall, the locked
 * riichi values and the better of riichi and dama, as graph.solve's numpy path does
 * them, operation by operation); and for the mahjong-cpp model of
 * mjasp.advice.cpp_model, its graph (``cpp_build``) and its turns (``cpp_run``), each as
 * that module's numpy code does them (further below); and Model.solve's distinct wins and
 * per-node sums of them (``distinct_rows``, ``win_sums``, at the end).
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
#include <math.h>
#include <stdint.h>
#include <string.h>

#ifndef MJASP_SOURCE_HASH /* built without setup.py: stamp 0, which graph.py refuses */
#define MJASP_SOURCE_HASH 0UL
#endif

typedef struct {
    Py_buffer view;
    int held;
} Arr;

/* a 1-d C-contiguous buffer (``writable`` for an output) of items of ``size`` bytes whose
   format is one of ``formats`` (the graph's arrays as cpp_build makes them, or numpy
   arrays of those types), ``what`` in the error */
static int get_items(PyObject *obj, Arr *a, const char *formats, Py_ssize_t size,
                     int writable, const char *what, const char *name) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    a->held = 0;
    if (PyObject_GetBuffer(obj, &a->view, flags) < 0) {
        return -1;
    }
    a->held = 1;
    const char *f = a->view.format ? a->view.format : "B";
    if (f[0] == '<' || f[0] == '=' || f[0] == '@') {
        f++;
    }
    if (a->view.ndim != 1 || a->view.itemsize != size || f[0] == 0 || f[1] != 0
        || strchr(formats, f[0]) == NULL) {
        PyErr_Format(PyExc_TypeError, "%s must be a 1-d %s array", name, what);
        return -1;
    }
    return 0;
}

/* a 1-d float64 (``kind`` 'd') or int64 array */
static int get(PyObject *obj, Arr *a, char kind, int writable, const char *name) {
    return get_items(obj, a, kind == 'd' ? "d" : "ql", 8, writable,
                     kind == 'd' ? "float64" : "int64", name);
}

static void release(Arr *arrs, int n) {
    for (int i = 0; i < n; i++) {
        if (arrs[i].held) {
            PyBuffer_Release(&arrs[i].view);
        }
    }
}

/* Whether x is equal to top (top >= x) in the policy's order: graph.near, with its
   tolerance (graph.TIE_REL, graph.TIE_ABS, passed in), the same operations. */
static inline int near(double x, double top, double rel, double abs_) {
    double ax = fabs(x), at = fabs(top);
    return top - x <= rel * (ax > at ? ax : at) + abs_;
}

/* run(total, stay, tenpai, win_n, win_ev, win_ev_last, win_n_last, options, offsets,
       group_node, group_n, group_n_last, rows, p, pts, always, dama, riichi, rel, abs
       [, used]):
   every turn of graph.solve's loop (the same operations in the same order as its numpy
   path, kept unfused by -ffp-contract=off): dama is (draws + 1) x 3 x n and riichi
   (draws + 1) x 3 x len(rows), flat, filled here; rel and abs the tolerance of near.

   ``used`` (optional, int64 per node: the hand changes made to reach it): a node reached
   with u changes is reached after u draws at the earliest, so its values with more than
   draws - u draws left are never read by a node reached before it; they are not computed
   (NaN in dama and riichi). Each value with d draws left reads only the node's own and
   its options' values with d - 1 left, and an option has at most one change more: those
   are computed. This needs the nodes in order of used, the groups in order of their node
   and the rows ascending (the builders' breadth-first order); otherwise every value is
   computed. */
static PyObject *run(PyObject *self, PyObject *args) {
    enum { N_ARR = 18 };
    PyObject *o[N_ARR];
    int always;
    double rel, abs_;
    o[17] = Py_None;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOOOOOOpOOdd|O", &o[0], &o[1], &o[2], &o[3], &o[4],
                          &o[5], &o[6], &o[7], &o[8], &o[9], &o[10], &o[11], &o[12],
                          &o[13], &o[14], &always, &o[15], &o[16], &rel, &abs_, &o[17])) {
        return NULL;
    }
    static const char kinds[N_ARR] = {'d', 'd', 'd', 'd', 'd', 'd', 'd', 'q', 'q', 'q', 'd',
                                      'd', 'q', 'd', 'd', 'd', 'd', 'q'};
    static const char *names[N_ARR] = {"total", "stay", "tenpai", "win_n", "win_ev",
                                       "win_ev_last", "win_n_last", "options", "offsets",
                                       "group_node", "group_n", "group_n_last", "rows", "p",
                                       "pts", "dama", "riichi", "used"};
    Arr a[N_ARR];
    for (int i = 0; i < N_ARR; i++) {
        a[i].held = 0;
    }
    int with_used = o[17] != Py_None;
    for (int i = 0; i < N_ARR - !with_used; i++) {
        if (get(o[i], &a[i], kinds[i], i == 15 || i == 16, names[i]) < 0) {
            release(a, N_ARR);
            return NULL;
        }
    }
    const double *total = a[0].view.buf, *stay = a[1].view.buf, *tenpai = a[2].view.buf;
    const double *win_n = a[3].view.buf, *win_ev = a[4].view.buf;
    const double *win_ev_last = a[5].view.buf, *win_n_last = a[6].view.buf;
    const int64_t *options = a[7].view.buf, *offsets = a[8].view.buf;
    const int64_t *gnode = a[9].view.buf, *rows = a[12].view.buf;
    const double *gn = a[10].view.buf, *gn_last = a[11].view.buf;
    const double *p = a[13].view.buf, *pts = a[14].view.buf;
    double *dama = a[15].view.buf, *riichi = a[16].view.buf;
    Py_ssize_t n = a[0].view.shape[0];
    Py_ssize_t groups = a[9].view.shape[0];
    Py_ssize_t n_opts = a[7].view.shape[0];
    Py_ssize_t nr = a[12].view.shape[0];
    Py_ssize_t draws = n ? a[15].view.shape[0] / (3 * n) - 1 : -1;
    int bad = n == 0 || draws < 0 || a[15].view.shape[0] != (draws + 1) * 3 * n
              || a[16].view.shape[0] != (draws + 1) * 3 * nr;
    for (int i = 1; i < 7 && !bad; i++) {
        bad = a[i].view.shape[0] != n;
    }
    bad = bad || a[10].view.shape[0] != groups || a[11].view.shape[0] != groups
          || a[8].view.shape[0] != groups + 1
          || a[13].view.shape[0] != nr || a[14].view.shape[0] != 4 * nr;
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
    const int64_t *used = with_used ? a[17].view.buf : NULL;
    bad = bad || (with_used && a[17].view.shape[0] != n);
    /* in the builders' order (see above): the nodes, groups and rows still computed are
       the first ones of each */
    int ordered = with_used && !bad;
    for (Py_ssize_t i = 1; i < n && ordered; i++) {
        ordered = used[i] >= used[i - 1];
    }
    for (Py_ssize_t g = 1; g < groups && ordered; g++) {
        ordered = gnode[g] >= gnode[g - 1];
    }
    for (Py_ssize_t j = 1; j < nr && ordered; j++) {
        ordered = rows[j] > rows[j - 1];
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
    /* the nodes, groups and rows computed this turn: the first na, ng and nrd */
    Py_ssize_t na = n, ng = groups, nrd = nr;
    for (Py_ssize_t d = 1; d <= draws; d++) {
        double *tp = dama + d * 3 * n, *wp = tp + n, *ev = tp + 2 * n;
        const double *first = d == 1 ? win_ev_last : win_ev;
        const double *won = d == 1 ? win_n_last : win_n;
        const double *copies = d == 1 ? gn_last : gn;
        if (ordered) {
            while (na > 0 && used[na - 1] > draws - d) {
                na--;
            }
            while (ng > 0 && gnode[ng - 1] >= na) {
                ng--;
            }
            while (nrd > 0 && rows[nrd - 1] >= na) {
                nrd--;
            }
            for (Py_ssize_t i = na; i < n; i++) {
                tp[i] = wp[i] = ev[i] = NAN;
            }
            double *r0 = riichi + d * 3 * nr;
            for (Py_ssize_t j = nrd; j < nr; j++) {
                r0[j] = r0[nr + j] = r0[2 * nr + j] = NAN;
            }
        }
        for (Py_ssize_t i = 0; i < na; i++) {
            tp[i] = won[i];
            wp[i] = won[i];
            ev[i] = first[i];
        }
        for (Py_ssize_t g = 0; g < ng; g++) {
            /* graph.choose: the greatest points, then win, then tenpai, each up to the
               tolerance; the first option left in the group's order. One pass finds the
               first greatest option in the exact order (as before the tolerance), the
               greatest points below its points, and among the options of exactly its
               points the greatest win chance below its own, and among those of its win
               chance too the greatest tenpai chance below its own. An option further from
               the greatest points than the tolerance at the group's largest magnitude is
               not near (that bound is at least near's own), and near(x, top) only grows
               with x up to top; so when none of those three next values is near, the
               tolerance keeps exactly the options the exact order keeps and the choice is
               the same. Only otherwise are the tolerance's passes below run. */
            int64_t start = offsets[g], end = offsets[g + 1];
            int64_t k = options[start];
            if (end - start > 1) {
                double me = best_ev[k], mw = best_wp[k], mt = best_tp[k];
                double lo = me, below = -INFINITY, w2 = -INFINITY, t2 = -INFINITY;
                for (int64_t j = start + 1; j < end; j++) {
                    int64_t q = options[j];
                    double e = best_ev[q];
                    if (e < me) {
                        below = e > below ? e : below;
                        lo = e < lo ? e : lo;
                        continue;
                    }
                    double w = best_wp[q], t = best_tp[q];
                    if (e > me) {
                        below = me;
                        me = e;
                        mw = w;
                        mt = t;
                        w2 = t2 = -INFINITY;
                        k = q;
                    } else if (w > mw) {
                        w2 = mw;
                        mw = w;
                        mt = t;
                        t2 = -INFINITY;
                        k = q;
                    } else if (w < mw) {
                        w2 = w > w2 ? w : w2;
                    } else if (t > mt) {
                        t2 = mt;
                        mt = t;
                        k = q;
                    } else if (t < mt) {
                        t2 = t > t2 ? t : t2;
                    }
                }
                double big = fabs(me) > fabs(lo) ? fabs(me) : fabs(lo);
                double lim = rel * big + abs_;
                int apart = me - below > lim;
                if (apart && (w2 == -INFINITY || !near(w2, mw, rel, abs_))
                    && (t2 == -INFINITY || !near(t2, mt, rel, abs_))) {
                    goto chosen;
                }
                int seen = 0;
                for (int64_t j = start; j < end; j++) {
                    int64_t q = options[j];
                    if (near(best_ev[q], me, rel, abs_)) {
                        mw = seen == 0 || best_wp[q] > mw ? best_wp[q] : mw;
                        k = seen == 0 ? q : k;
                        seen++;
                    }
                }
                /* more than one option of equal points: the win chance, then tenpai */
                int many = seen > 1;
                seen = 0;
                for (int64_t j = start; j < end && many; j++) {
                    int64_t q = options[j];
                    if (near(best_ev[q], me, rel, abs_) && near(best_wp[q], mw, rel, abs_)
                        && (!seen || best_tp[q] > mt)) {
                        mt = best_tp[q];
                        seen = 1;
                    }
                }
                for (int64_t j = start; j < end && many; j++) {
                    int64_t q = options[j];
                    if (near(best_ev[q], me, rel, abs_) && near(best_wp[q], mw, rel, abs_)
                        && near(best_tp[q], mt, rel, abs_)) {
                        k = q;
                        break;
                    }
                }
            }
        chosen:;
            double be = best_ev[k], bw = best_wp[k], bt = best_tp[k];
            int64_t node = gnode[g];
            double c = copies[g];
            double pt = c * bt, pw = c * bw, pe = c * be;
            tp[node] += pt;
            wp[node] += pw;
            ev[node] += pe;
        }
        for (Py_ssize_t i = 0; i < na; i++) {
            double s = stay[i];
            if (s > 0) {
                double pt = s * best_tp[i], pw = s * best_wp[i], pe = s * best_ev[i];
                tp[i] += pt;
                wp[i] += pw;
                ev[i] += pe;
            }
        }
        for (Py_ssize_t i = 0; i < na; i++) {
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
        for (Py_ssize_t j = 0; j < nrd; j++) {
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
            /* graph._lexmax: riichi unless dama is better at the first value not equal */
            double te = rev[j] > ev[i] ? rev[j] : ev[i];
            double tw = rwp[j] > wp[i] ? rwp[j] : wp[i];
            double tt = rtp[j] > tp[i] ? rtp[j] : tp[i];
            int take = always
                       || (near(rev[j], te, rel, abs_)
                           && (!near(ev[i], te, rel, abs_)
                               || (near(rwp[j], tw, rel, abs_)
                                   && (!near(wp[i], tw, rel, abs_)
                                       || near(rtp[j], tt, rel, abs_)))));
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

/* ---- the graph of mjasp's model, built (build.build's layers, compiled) ----------------
 *
 * build(start, unseen, limit, hands13, shanten, progress[, wins[, bound]]) explores what
 * mjasp.advice.build explores, node by node in breadth-first order: per node (hand,
 * changes) its wall, its draws in tile order, the shanten after each draw, the discards
 * kept by the model's test, and the (hand, changes + 1) each kept discard leads to. With
 * ``bound`` (the draws left at the start; -1: none) a node of ``bound`` changes or more is
 * not expanded: its shanten only, total and stay 0, no win or group (mjasp.advice.build's
 * Built). What a draw, a discard, the wall
 * and the kept discards are is the model's (mjasp.advice.model.Model.expand, whose
 * docstrings state them; a test compares the three builders); the shanten numbers come
 * from the caller's ``shanten`` (the kernel's capsule, or a callable asked in batches: see
 * Shanten below). Nothing else about the game is here: additions and subtractions of tile
 * counts, comparisons and hash tables.
 *
 * Tiles are "tile37s": kinds 0..33 and the red fives 34..36 (of kinds 4, 13, 22); a hand
 * is 37 counts, the kinds' counts including their red copies. Draws and discards are taken
 * in ORDER: each kind, a red five right after its plain five (mjasp.advice.build.ORDER).
 */

enum { T37 = 37, K34 = 34, CHUNK = 2048 };

typedef struct {
    int tile[T37];   /* the tile37 at each place of the order */
    int kind[T37];   /* its kind */
    int red[T37];    /* the red column of its kind, or -1 (no red five of that kind) */
    int at[K34];     /* the place of each kind's plain tile (a red five's is the next) */
} Order;

static void order_init(Order *o) {
    int pos = 0;
    for (int k = 0; k < K34; k++) {
        int suit = k == 4 ? 0 : k == 13 ? 1 : k == 22 ? 2 : -1;
        o->tile[pos] = k;
        o->kind[pos] = k;
        o->red[pos] = suit >= 0 ? 34 + suit : -1;
        o->at[k] = pos;
        pos++;
        if (suit >= 0) {
            o->tile[pos] = 34 + suit;
            o->kind[pos] = k;
            o->red[pos] = 34 + suit;
            pos++;
        }
    }
}

/* add (+1) or take (-1) one tile37 to 37 counts: its kind, and its red column if red */
static inline void move(uint8_t *h, const Order *o, int pos, int sign) {
    h[o->kind[pos]] = (uint8_t)(h[o->kind[pos]] + sign);
    if (o->tile[pos] >= K34) {
        h[o->tile[pos]] = (uint8_t)(h[o->tile[pos]] + sign);
    }
}

/* the columns of 37 counts (each below 8) that are not 0, as bits */
static inline uint64_t columns_held(const uint8_t *h) {
    uint64_t bits = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* eight counts a word: a count's byte gets its top bit when it is not 0 (no carry
       below 8), and the multiplication gathers the eight top bits in the top byte */
    for (int col = 0; col < 32; col += 8) {
        uint64_t x;
        memcpy(&x, h + col, 8);
        x = ((x + 0x7F7F7F7F7F7F7F7FULL) & 0x8080808080808080ULL) >> 7;
        bits |= (x * 0x0102040810204080ULL) >> 56 << col;
    }
    for (int col = 32; col < T37; col++) {
        bits |= (uint64_t)(h[col] != 0) << col;
    }
#else
    for (int col = 0; col < T37; col++) {
        bits |= (uint64_t)(h[col] != 0) << col;
    }
#endif
    return bits;
}

/* The copies of the tile37 at a place among 37 counts: a kind's, a plain five's less the
   red ones, a red five's the red ones (0 where the kind has none). places_held: the places
   whose copies among the 37 counts ``h`` (each below 8) are not 0, as bits, from the
   columns held (columns_held). */
static inline uint64_t places_held(const uint8_t *h, uint64_t columns, const Order *o) {
    uint64_t bits = columns & (((uint64_t)1 << K34) - 1);
    for (int r = 2; r >= 0; r--) { /* each kind at its place: a gap after each five */
        int five = 9 * r + 4;
        uint64_t low = bits & (((uint64_t)2 << five) - 1);
        bits = low | (bits >> (five + 1)) << (five + 2);
    }
    for (int r = 0; r < 3; r++) {
        int five = 9 * r + 4, red = K34 + r, at = o->at[five];
        bits &= ~((uint64_t)1 << at);
        bits |= (uint64_t)(h[five] > h[red]) << at;
        bits |= (uint64_t)(h[five] > 0 && h[red] > 0) << (at + 1);
    }
    return bits;
}

/* -- growable arrays: 64 KiB at first, then four times larger up to 16 MiB and twice
   above (a graph's vectors reach megabytes: fewer reallocations, each a copy) -- */
typedef struct {
    char *p;
    size_t len, cap; /* in bytes */
} Vec;

static int vgrow(Vec *v, size_t more) {
    size_t cap = v->cap ? v->cap : 65536;
    while (cap < v->len + more) {
        cap *= cap < ((size_t)1 << 24) ? 4 : 2;
    }
    char *q = PyMem_Realloc(v->p, cap);
    if (q == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    v->p = q;
    v->cap = cap;
    return 0;
}

static inline int vreserve(Vec *v, size_t more) {
    return v->len + more <= v->cap ? 0 : vgrow(v, more);
}

static inline int push64(Vec *v, int64_t x) {
    if (vreserve(v, 8) < 0) {
        return -1;
    }
    memcpy(v->p + v->len, &x, 8);
    v->len += 8;
    return 0;
}

static inline int pushb(Vec *v, const void *x, size_t n) {
    if (vreserve(v, n) < 0) {
        return -1;
    }
    memcpy(v->p + v->len, x, n);
    v->len += n;
    return 0;
}

#define AT64(v, i) (((int64_t *)(v).p)[i])
#define N64(v) ((Py_ssize_t)((v).len / 8))

/* -- hash tables keyed by two 64-bit words (packed counts); a = UINT64_MAX marks empty:
   packed counts never have the top bit set -- */
typedef struct {
    uint64_t a, b;
    int64_t v;
} Slot;

typedef struct {
    Slot *s;
    size_t cap, n;
} Table;

static inline size_t mix(uint64_t a, uint64_t b) {
    uint64_t h = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    h *= 0xD6E8FEB86659FD93ULL;
    return (size_t)(h ^ (h >> 32));
}

static int tinit(Table *t, size_t cap) {
    t->s = PyMem_Malloc(cap * sizeof(Slot));
    if (t->s == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i < cap; i++) {
        t->s[i].a = UINT64_MAX;
    }
    t->cap = cap;
    t->n = 0;
    return 0;
}

/* the value of (a, b), or -1 after inserting it with the value ``fresh`` (-2: no memory) */
static int64_t tget(Table *t, uint64_t a, uint64_t b, int64_t fresh) {
    if (2 * (t->n + 1) > t->cap) { /* at most half full */
        Table bigger;
        if (tinit(&bigger, t->cap * 2) < 0) {
            return -2;
        }
        for (size_t i = 0; i < t->cap; i++) {
            Slot *s = &t->s[i];
            if (s->a != UINT64_MAX) {
                size_t j = mix(s->a, s->b) & (bigger.cap - 1);
                while (bigger.s[j].a != UINT64_MAX) {
                    j = (j + 1) & (bigger.cap - 1);
                }
                bigger.s[j] = *s;
            }
        }
        bigger.n = t->n;
        PyMem_Free(t->s);
        *t = bigger;
    }
    size_t j = mix(a, b) & (t->cap - 1);
    while (t->s[j].a != UINT64_MAX) {
        if (t->s[j].a == a && t->s[j].b == b) {
            return t->s[j].v;
        }
        j = (j + 1) & (t->cap - 1);
    }
    t->s[j].a = a;
    t->s[j].b = b;
    t->s[j].v = fresh;
    t->n++;
    return -1;
}

/* Keys: 3 bits a count (counts < 8, checked on the way in), the first column most
   significant. A hand's 34 kind counts are the words (a, b34): kinds 0..20 in a, 21..33 in
   b34; a node's key is (a, b37): b37 holds columns 21..36 and then the changes (16 bits).
   The packing is linear, so a draw or a discard moves a key by its tile's weights. */
typedef struct {
    uint64_t a[T37], b34[T37], b37[T37]; /* what one tile37 (by place) adds to each word */
} Weights;

static void weights_init(Weights *w, const Order *o) {
    for (int pos = 0; pos < T37; pos++) {
        int cols[2] = {o->kind[pos], o->tile[pos] >= K34 ? o->tile[pos] : -1};
        w->a[pos] = w->b34[pos] = w->b37[pos] = 0;
        for (int j = 0; j < 2; j++) {
            int c = cols[j];
            if (c < 0) {
                continue;
            }
            if (c < 21) {
                w->a[pos] += (uint64_t)1 << 3 * (20 - c);
            } else {
                w->b37[pos] += (uint64_t)1 << (16 + 3 * (36 - c));
                if (c < K34) {
                    w->b34[pos] += (uint64_t)1 << 3 * (33 - c);
                }
            }
        }
    }
}

/* the three words of 37 counts (b37 without the changes) */
static inline void keys_of(const uint8_t *h, uint64_t *a, uint64_t *b34, uint64_t *b37) {
    uint64_t x = 0, y = 0, z = 0;
    for (int i = 0; i < 21; i++) {
        x = x << 3 | h[i];
    }
    for (int i = 21; i < K34; i++) {
        y = y << 3 | h[i];
    }
    z = y;
    for (int i = K34; i < T37; i++) {
        z = z << 3 | h[i];
    }
    *a = x;
    *b34 = y;
    *b37 = z << 16;
}

/* a builder's result: a tuple of n bytearrays, copies of the n vectors (NULL with the
   exception set if one cannot be made) */
static PyObject *vecs_as_bytearrays(const Vec *out, int n) {
    PyObject *result = PyTuple_New(n);
    if (result == NULL) {
        return NULL;
    }
    for (int k = 0; k < n; k++) {
        PyObject *arr = PyByteArray_FromStringAndSize(out[k].p ? out[k].p : "",
                                                      (Py_ssize_t)out[k].len);
        if (arr == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, k, arr);
    }
    return result;
}

/* -- the shanten numbers: from the kernel directly, or asked of Python in batches --
 *
 * The caller's ``shanten`` is either the kernel's capsule (mjasp/solvers/_kernel.c,
 * shanten_capsule: the shanten of a row and of its neighbours, one kind added or taken,
 * computed there with no Python call), or a callable asked in batches (a hand beside
 * melds: its caps, mjasp.advice.build._melded_shanten), each distinct hand of 34 counts
 * once per slot of a small cache. Either way each number is pushed to ``known`` and read
 * by its index. */

/* the capsule's pointer (declared as _kernel.c declares it; a change there is a new name) */
typedef struct ShantenApi {
    int (*neighbours)(const struct ShantenApi *self, const uint8_t *counts, int sign,
                      uint64_t kinds, int8_t *out);
} ShantenApi;
#define NEIGHBOURS_CAPSULE "mjasp.solvers._kernel.neighbours_v1"

/* a hand's shanten and its neighbours' (sign +1: a kind added, -1: taken; of the kinds
   asked) as the kernel gave them, kept by the hand (keys_of's words a, b34) */
typedef struct {
    uint64_t a, b, kinds; /* a = UINT64_MAX: empty */
    int sign, own;
    int8_t out[K34];
} Near;

typedef struct {
    const ShantenApi *api; /* the kernel's (NULL: ``call``, in batches) */
    Near *near;            /* with the kernel's: the last hands asked, NEAR_BITS bits */
    Table seen;     /* 34 counts -> index into known: a cache of CACHE_BITS bits (each hand
                       at its hash's place, the last one asked there; a hand not found is
                       asked again) */
    Vec known;      /* int8 each: the shanten, or PENDING */
    Vec rows;       /* the hands to ask (34 bytes each) */
    Vec asked;      /* their indices into known (int64) */
    PyObject *call; /* shanten(bytes of n x 34 counts) -> n int8 values */
} Shanten;

enum { PENDING = 127 };
#ifndef CACHE_BITS
#define CACHE_BITS 14
#endif
#ifndef NEAR_BITS
#define NEAR_BITS 13
#endif

/* the index of the shanten of the hand keyed (a, b): ``h`` plus the kind ``add`` less the
   kind ``take`` (-1: none), known after the next flush; -1 on an error */
static inline int64_t shanten_slot(Shanten *s, uint64_t a, uint64_t b, const uint8_t *h, int add,
                            int take) {
    int64_t next = (int64_t)s->known.len;
    Slot *at = &s->seen.s[mix(a, b) & (s->seen.cap - 1)];
    if (at->a == a && at->b == b) {
        return at->v;
    }
    at->a = a;
    at->b = b;
    at->v = next;
    int8_t pending = PENDING;
    if (pushb(&s->known, &pending, 1) < 0 || pushb(&s->rows, h, K34) < 0
        || push64(&s->asked, next) < 0) {
        return -1;
    }
    uint8_t *row = (uint8_t *)s->rows.p + s->rows.len - K34;
    if (add >= 0) {
        row[add]++;
    }
    if (take >= 0) {
        row[take]--;
    }
    return next;
}

/* ``fn`` called with the bytes p[:len], and a C-contiguous view of what it returns (the
   caller releases both); -1 with the exception set */
static int call_bytes(PyObject *fn, const char *p, size_t len, PyObject **got,
                      Py_buffer *view) {
    PyObject *arg = PyBytes_FromStringAndSize(p, (Py_ssize_t)len);
    if (arg == NULL) {
        return -1;
    }
    *got = PyObject_CallOneArg(fn, arg);
    Py_DECREF(arg);
    if (*got == NULL) {
        return -1;
    }
    if (PyObject_GetBuffer(*got, view, PyBUF_C_CONTIGUOUS) < 0) {
        Py_DECREF(*got);
        return -1;
    }
    return 0;
}

static int flush(Shanten *s) {
    Py_ssize_t n = N64(s->asked);
    if (n == 0) {
        return 0;
    }
    PyObject *got;
    Py_buffer view;
    if (call_bytes(s->call, s->rows.p, s->rows.len, &got, &view) < 0) {
        return -1;
    }
    int bad = view.len != n;
    const int8_t *v = view.buf;
    int8_t *known = (int8_t *)s->known.p;
    for (Py_ssize_t i = 0; i < n && !bad; i++) {
        int64_t at = AT64(s->asked, i);
        bad = v[i] < -1 || v[i] > 13 || at < 0 || (size_t)at >= s->known.len;
        if (!bad) {
            known[at] = v[i];
        }
    }
    PyBuffer_Release(&view);
    Py_DECREF(got);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "build: shanten gave a wrong number of values or "
                                          "a value outside -1..13");
        return -1;
    }
    s->rows.len = 0;
    s->asked.len = 0;
    return 0;
}

/* whether ``shanten`` is what the builders take: a capsule or a callable */
static int shanten_arg(PyObject *shanten) {
    return PyCapsule_CheckExact(shanten) || PyCallable_Check(shanten);
}

/* ``shanten`` (shanten_arg) into s: the kernel's capsule (s->api; another capsule is a
   ValueError) or a callable, asked through the cache */
static int shanten_source(Shanten *s, PyObject *shanten) {
    if (PyCapsule_CheckExact(shanten)) {
        s->api = PyCapsule_GetPointer(shanten, NEIGHBOURS_CAPSULE);
        if (s->api == NULL) {
            return -1;
        }
        s->near = PyMem_Malloc(sizeof(Near) << NEAR_BITS);
        if (s->near == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (size_t i = 0; i < (size_t)1 << NEAR_BITS; i++) {
            s->near[i].a = UINT64_MAX;
        }
        return 0;
    }
    s->call = shanten;
    return tinit(&s->seen, (size_t)1 << CACHE_BITS);
}

/* the kernel's shanten of the hand ``row`` (34 counts) with one more of the kind ``add``
   (-1: none), keyed a, b (keys_of), and of its neighbours (one kind of the bit set
   ``kinds`` added, sign +1, or taken, -1), read until the next ask; kept by the hand, so
   a hand asked again (a node reached with another number of changes, a 14-tile hand
   drawn from two nodes) is not computed again; NULL with ValueError where the kernel
   refuses one */
static const Near *ask_kernel(Shanten *s, const uint8_t *row, int add, uint64_t a, uint64_t b,
                              int sign, uint64_t kinds) {
    Near *at = &s->near[mix(a, b) & (((size_t)1 << NEAR_BITS) - 1)];
    if (at->a == a && at->b == b && at->sign == sign && (at->kinds & kinds) == kinds) {
        return at;
    }
    uint8_t moved[K34];
    if (add >= 0) {
        memcpy(moved, row, K34);
        moved[add]++;
        row = moved;
    }
    int value = s->api->neighbours(s->api, row, sign, kinds, at->out);
    if (value < -1 || value > 13) {
        at->a = UINT64_MAX;
        PyErr_SetString(PyExc_ValueError, "build: the kernel refused a hand (counts 0..4, "
                                          "3n+1 or 3n+2 tiles)");
        return NULL;
    }
    at->a = a;
    at->b = b;
    at->kinds = kinds;
    at->sign = sign;
    at->own = value;
    return at;
}

/* one number known now: its index into ``known`` (-1 on an error) */
static inline int64_t push_known(Shanten *s, int value) {
    int64_t at = (int64_t)s->known.len;
    int8_t v = (int8_t)value;
    return pushb(&s->known, &v, 1) < 0 ? -1 : at;
}

/* the build's outputs, in the order build.Built lists them (hands: 37 bytes a node) */
enum { O_HANDS, O_USED, O_SHANTEN, O_TOTAL, O_STAY, O_WIN_NODE, O_WIN_TILE, O_WIN_N,
       O_GROUP_NODE, O_GROUP_SLOT, O_GROUP_N, O_SIZES, O_OPTIONS, O_WIN_LATE, O_GROUP_LATE,
       N_OUT };
/* what the caller's ``wins`` says of a completed hand (an open hand's: Model.win_kind) */
enum { W_WIN = 0, W_LATE = 1, W_NONE = 2 };

typedef struct {
    int64_t node;  /* the node (absolute) */
    int32_t pos;   /* the place of the tile drawn in the order */
    int32_t n;     /* its copies in the wall */
    int64_t slot;  /* the index of the shanten after the draw */
} Draw;

/* one group of node ``i`` (the draw at place ``pos``, ``n`` copies, keeping the discards
   ``kept``): its row and its options, a new node for each (hand, changes) not yet met */
static int emit_group(Vec *out, Table *index, const Order *o, const Weights *w, Py_ssize_t i,
                      int64_t used, uint64_t ka, uint64_t kb37, int pos, int64_t n,
                      int64_t slot, const int *kept, int nk, int late, int with_late) {
    if (push64(&out[O_GROUP_NODE], i) < 0 || push64(&out[O_GROUP_SLOT], slot) < 0
        || push64(&out[O_GROUP_N], n) < 0 || push64(&out[O_SIZES], nk) < 0
        || (with_late && push64(&out[O_GROUP_LATE], late) < 0)
        || vreserve(&out[O_OPTIONS], (size_t)nk * 8) < 0) {
        return -1;
    }
    for (int k = 0; k < nk; k++) {
        int64_t to = i;
        int y = kept[k];
        if (y != pos) {
            if (used + 1 >= 1 << 16) { /* the key's 16 bits */
                PyErr_SetString(PyExc_OverflowError, "build: too many changes");
                return -1;
            }
            uint64_t a = ka + w->a[pos] - w->a[y];
            uint64_t b = kb37 + w->b37[pos] - w->b37[y] + (uint64_t)(used + 1);
            to = tget(index, a, b, N64(out[O_USED]));
            if (to == -2) {
                return -1;
            }
            if (to == -1) {
                to = N64(out[O_USED]);
                uint8_t h2[T37];
                memcpy(h2, (uint8_t *)out[O_HANDS].p + i * T37, T37);
                move(h2, o, pos, +1);
                move(h2, o, y, -1);
                if (pushb(&out[O_HANDS], h2, T37) < 0 || push64(&out[O_USED], used + 1) < 0) {
                    return -1;
                }
            }
        }
        memcpy(out[O_OPTIONS].p + out[O_OPTIONS].len, &to, 8);
        out[O_OPTIONS].len += 8;
    }
    return 0;
}

/* the caller's ``wins`` of each draw that completes the hand (``rows``: 37 counts and the
   tile37 drawn, 38 bytes each), into ``kinds`` (one byte each: W_WIN, W_LATE or W_NONE) */
static int ask_wins(PyObject *wins, const Vec *rows, Vec *kinds) {
    Py_ssize_t n = (Py_ssize_t)(rows->len / (T37 + 1));
    kinds->len = 0;
    if (n == 0) {
        return 0;
    }
    PyObject *got;
    Py_buffer view;
    if (call_bytes(wins, rows->p, rows->len, &got, &view) < 0) {
        return -1;
    }
    int bad = view.len != n;
    for (Py_ssize_t i = 0; i < n && !bad; i++) {
        bad = ((const uint8_t *)view.buf)[i] > W_NONE;
    }
    int failed = !bad && pushb(kinds, view.buf, (size_t)n) < 0;
    PyBuffer_Release(&view);
    Py_DECREF(got);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "build: wins gave a wrong number of values or "
                                          "a value outside 0..2");
    }
    return bad || failed ? -1 : 0;
}

static PyObject *build(PyObject *self, PyObject *args) {
    Py_buffer start_b, unseen_b, hands_b;
    long limit, bound = -1;
    PyObject *call, *progress, *wins = Py_None;
    if (!PyArg_ParseTuple(args, "y*y*ly*OO|Ol", &start_b, &unseen_b, &limit, &hands_b, &call,
                          &progress, &wins, &bound)) {
        return NULL;
    }
    int with_late = wins != Py_None;
    Order o;
    order_init(&o);
    Weights w;
    weights_init(&w, &o);
    Vec out[N_OUT];
    memset(out, 0, sizeof(out));
    Vec draws = {0}, asks = {0}, won = {0}, kinds = {0};
    Shanten sh;
    memset(&sh, 0, sizeof(sh));
    Table index = {0};
    PyObject *result = NULL;
    /* per node of a chunk: its key words, the index of its shanten, the tile37s it can
       discard (bits by place), and the bound of the keep test */
    uint64_t *ka = NULL, *kb34 = NULL, *kb37 = NULL, *holds = NULL, *kinds_held = NULL;
    int64_t *own = NULL;
    int *lims = NULL;
    const uint8_t *start = start_b.buf, *unseen = unseen_b.buf, *h13 = hands_b.buf;
    int ok = start_b.len == T37 && unseen_b.len == T37 && hands_b.len % T37 == 0
             && hands_b.len > 0 && limit >= 0 && limit < 64 && shanten_arg(call)
             && (progress == Py_None || PyCallable_Check(progress))
             && (wins == Py_None || PyCallable_Check(wins));
    for (int c = 0; c < T37 && ok; c++) {
        ok = start[c] + unseen[c] < 8; /* every hand reached keeps each count below 8 */
    }
    for (Py_ssize_t i = 0; i < hands_b.len && ok; i++) {
        ok = h13[i] < 8;
    }
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "build: bad arguments (37 counts each, counts "
                                          "below 8, a limit 0..63, callables)");
        goto done;
    }
    if (shanten_source(&sh, call) < 0) {
        goto done;
    }
    ka = PyMem_Malloc(5 * CHUNK * sizeof(uint64_t));
    own = PyMem_Malloc(CHUNK * sizeof(int64_t));
    lims = PyMem_Malloc(CHUNK * sizeof(int));
    if (ka == NULL || own == NULL || lims == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    kb34 = ka + CHUNK;
    kb37 = ka + 2 * CHUNK;
    holds = ka + 3 * CHUNK;
    kinds_held = ka + 4 * CHUNK;
    if (tinit(&index, 1 << 12) < 0) {
        goto done;
    }
    /* the starting nodes, each distinct one once, in order */
    for (Py_ssize_t i = 0; i < hands_b.len / T37; i++) {
        uint64_t a, b34, b37;
        keys_of(h13 + i * T37, &a, &b34, &b37);
        int64_t got = tget(&index, a, b37, N64(out[O_USED]));
        if (got == -2) {
            goto done;
        }
        if (got == -1 && (pushb(&out[O_HANDS], h13 + i * T37, T37) < 0
                          || push64(&out[O_USED], 0) < 0)) {
            goto done;
        }
    }
    Py_ssize_t lo = 0, hi = N64(out[O_USED]);
    while (lo < hi) {
        for (Py_ssize_t first = lo; first < hi; first += CHUNK) {
            Py_ssize_t last = first + CHUNK < hi ? first + CHUNK : hi;
            if (sh.api != NULL) { /* numbers are read within their chunk only */
                sh.known.len = 0;
            }
            /* the nodes' keys, what they can discard, their own shanten */
            for (Py_ssize_t i = first; i < last; i++) {
                const uint8_t *h = (uint8_t *)out[O_HANDS].p + i * T37;
                Py_ssize_t r = i - first;
                keys_of(h, &ka[r], &kb34[r], &kb37[r]);
                uint64_t columns = columns_held(h);
                holds[r] = places_held(h, columns, &o);
                kinds_held[r] = columns & (((uint64_t)1 << K34) - 1);
                if (sh.api == NULL) { /* (with the kernel's capsule: with the draws) */
                    own[r] = shanten_slot(&sh, ka[r], kb34[r], h, -1, -1);
                    if (own[r] < 0) {
                        goto done;
                    }
                }
            }
            if (flush(&sh) < 0) {
                goto done;
            }
            /* the draws, node by node in tile order, and the shanten after each */
            draws.len = 0;
            for (Py_ssize_t i = first; i < last; i++) {
                const uint8_t *h = (uint8_t *)out[O_HANDS].p + i * T37;
                Py_ssize_t r = i - first;
                int64_t used = AT64(out[O_USED], i);
                if (bound >= 0 && used >= bound) {
                    /* not expanded (as many changes as draws: its draws are never read):
                       its own shanten only, no draw (total and stay 0, no win or group) */
                    if (sh.api != NULL) {
                        const Near *own_only = ask_kernel(&sh, h, -1, ka[r], kb34[r], +1, 0);
                        if (own_only == NULL
                            || (own[r] = push_known(&sh, own_only->own)) < 0) {
                            goto done;
                        }
                    }
                    lims[r] = 0;
                    continue;
                }
                int copies[T37];
                uint64_t drawn = 0; /* the kinds drawn (bits) */
                /* the wall: what is unseen less what the hand holds beyond its start, by
                   kind, each kind's copies at its place (as places_held counts them) */
                for (int k = 0; k < K34; k++) {
                    int over = h[k] > start[k] ? h[k] - start[k] : 0;
                    int n = unseen[k] - over;
                    copies[o.at[k]] = n > 0 ? n : 0;
                    drawn |= (uint64_t)(n > 0) << k;
                }
                /* a five kind: its plain and red copies held apart (tiles37.held_beyond),
                   at its two places */
                for (int r = 0; r < 3; r++) {
                    int five = 9 * r + 4, red = 34 + r, at = o.at[five];
                    int plain = (h[five] - h[red]) - (start[five] - start[red]);
                    int over = h[red] > start[red] ? h[red] - start[red] : 0;
                    int kind = unseen[five] - (plain > 0 ? plain : 0) - over;
                    int reds = unseen[red] - over;
                    copies[at] = kind > 0 && kind - reds > 0 ? kind - reds : 0;
                    copies[at + 1] = kind > 0 && reds > 0 ? reds : 0;
                    drawn &= ~((uint64_t)1 << five);
                    drawn |= (uint64_t)(copies[at] > 0 || copies[at + 1] > 0) << five;
                }
                const Near *after = NULL; /* with the capsule: each kind drawn */
                if (sh.api != NULL) {
                    after = ask_kernel(&sh, h, -1, ka[r], kb34[r], +1, drawn);
                    if (after == NULL || (own[r] = push_known(&sh, after->own)) < 0) {
                        goto done;
                    }
                }
                int s_before = ((int8_t *)sh.known.p)[own[r]];
                /* a hand of shanten s after a change is kept when s < s_before or
                   s <= limit - used - 1 (Model.allowed): when s < lims[r] */
                lims[r] = s_before > limit - used ? s_before : (int)(limit - used);
                /* room for every draw (and with the capsule its number) made at once */
                if (vreserve(&draws, T37 * sizeof(Draw)) < 0
                    || (after != NULL && vreserve(&sh.known, T37) < 0)) {
                    goto done;
                }
                for (int pos = 0; pos < T37; pos++) {
                    int n = copies[pos];
                    if (n == 0) {
                        continue;
                    }
                    Draw *d = (Draw *)(draws.p + draws.len);
                    d->node = i;
                    d->pos = pos;
                    d->n = n;
                    if (after != NULL) {
                        d->slot = (int64_t)sh.known.len;
                        ((int8_t *)sh.known.p)[sh.known.len++] = after->out[o.kind[pos]];
                    } else {
                        d->slot = shanten_slot(&sh, ka[r] + w.a[pos], kb34[r] + w.b34[pos], h,
                                               o.kind[pos], -1);
                        if (d->slot < 0) {
                            goto done;
                        }
                    }
                    draws.len += sizeof(Draw);
                }
            }
            if (flush(&sh) < 0) {
                goto done;
            }
            /* (read through sh.known.p each time: asking a new hand may move the array) */
            Draw *dr = (Draw *)draws.p;
            Py_ssize_t nd = (Py_ssize_t)(draws.len / sizeof(Draw));
            /* what the caller's ``wins`` makes of each draw that completes the hand, in
               draw order (an open hand's win may need a yaku: Model.expand) */
            won.len = 0;
            for (Py_ssize_t j = 0; j < nd && with_late; j++) {
                if (((int8_t *)sh.known.p)[dr[j].slot] != -1) {
                    continue;
                }
                uint8_t row[T37 + 1];
                memcpy(row, (uint8_t *)out[O_HANDS].p + dr[j].node * T37, T37);
                move(row, &o, dr[j].pos, +1);
                row[T37] = (uint8_t)o.tile[dr[j].pos];
                if (pushb(&won, row, sizeof(row)) < 0) {
                    goto done;
                }
            }
            if (with_late && ask_wins(wins, &won, &kinds) < 0) {
                goto done;
            }
            /* the shanten after each discard the keep test needs (see below) */
            asks.len = 0;
            for (Py_ssize_t j = 0; j < nd; j++) {
                Draw *d = &dr[j];
                Py_ssize_t r = d->node - first;
                int lim = lims[r];
                int s14 = ((int8_t *)sh.known.p)[d->slot];
                if (s14 == -1 || s14 >= lim || s14 + 1 < lim) {
                    continue;
                }
                const uint8_t *h = (uint8_t *)out[O_HANDS].p + d->node * T37;
                uint64_t a14 = ka[r] + w.a[d->pos], b14 = kb34[r] + w.b34[d->pos];
                uint64_t bits = holds[r] & ~((uint64_t)1 << d->pos);
                const Near *after = NULL; /* with the capsule: each kind let go */
                if (sh.api != NULL) {
                    /* every kind the 14 tiles hold: the same ask for the same hand */
                    uint64_t held = kinds_held[r] | (uint64_t)1 << o.kind[d->pos];
                    after = ask_kernel(&sh, h, o.kind[d->pos], a14, b14, -1, held);
                    if (after == NULL) {
                        goto done;
                    }
                }
                if (vreserve(&asks, T37 * 8) < 0
                    || (after != NULL && vreserve(&sh.known, T37) < 0)) {
                    goto done;
                }
                while (bits) {
                    int y = __builtin_ctzll(bits);
                    bits &= bits - 1;
                    int64_t at;
                    if (after != NULL) {
                        at = (int64_t)sh.known.len;
                        ((int8_t *)sh.known.p)[sh.known.len++] = after->out[o.kind[y]];
                    } else {
                        at = shanten_slot(&sh, a14 - w.a[y], b14 - w.b34[y], h, o.kind[d->pos],
                                          o.kind[y]);
                        if (at < 0) {
                            goto done;
                        }
                    }
                    memcpy(asks.p + asks.len, &at, 8);
                    asks.len += 8;
                }
            }
            if (flush(&sh) < 0) {
                goto done;
            }
            const int8_t *known = (int8_t *)sh.known.p; /* no more asked in this chunk */
            /* the nodes' rows, the wins, the groups and their options */
            Py_ssize_t j = 0, asked = 0, completed = 0;
            for (Py_ssize_t i = first; i < last; i++) {
                Py_ssize_t r = i - first;
                int lim = lims[r];
                int64_t used = AT64(out[O_USED], i);
                int64_t total = 0, stay = 0, slot = 0;
                /* the node's late draws (W_LATE), kept for after its other draws */
                int late_pos[T37], late_kept[T37][T37], late_nk[T37], nlate = 0;
                int64_t late_n[T37];
                for (; j < nd && dr[j].node == i; j++) {
                    Draw *d = &dr[j];
                    total += d->n;
                    int s14 = known[d->slot];
                    int kind = W_WIN;
                    if (s14 == -1 && with_late) {
                        if (completed >= (Py_ssize_t)kinds.len) {
                            PyErr_SetString(PyExc_SystemError, "build: wins out of step");
                            goto done;
                        }
                        kind = ((uint8_t *)kinds.p)[completed++];
                    }
                    if (s14 == -1 && kind == W_WIN) {
                        if (push64(&out[O_WIN_NODE], i) < 0
                            || push64(&out[O_WIN_TILE], o.tile[d->pos]) < 0
                            || push64(&out[O_WIN_N], d->n) < 0
                            || (with_late && push64(&out[O_WIN_LATE], 0) < 0)) {
                            goto done;
                        }
                        continue;
                    }
                    if (s14 >= lim) { /* no discard goes below s14: none is kept */
                        stay += d->n;
                        continue;
                    }
                    /* a discard from 14 tiles leaves s14 or s14 + 1: below lim, every
                       discard is kept without asking. The 14 tiles can discard what the
                       13 could and the tile drawn (tiles37.distinct_tiles). */
                    int sure = s14 + 1 < lim;
                    uint64_t bits = holds[r] | (uint64_t)1 << d->pos;
                    int kept[T37], nk = 0, moved = 0;
                    while (bits) {
                        int y = __builtin_ctzll(bits);
                        bits &= bits - 1;
                        if (y == d->pos) {
                            kept[nk++] = y;
                            continue;
                        }
                        /* a completed hand (s14 = -1) not taken as a win: a discard
                           leaves s14 + 1 (see above), kept only when sure */
                        int keep = sure;
                        if (!sure && s14 >= 0) {
                            if (asked >= N64(asks)) {
                                PyErr_SetString(PyExc_SystemError, "build: asks out of step");
                                goto done;
                            }
                            keep = known[AT64(asks, asked)] < lim;
                            asked++;
                        }
                        if (keep) {
                            kept[nk++] = y;
                            moved++;
                        }
                    }
                    if (kind == W_LATE) { /* a win on the last draw only: after the rest */
                        late_pos[nlate] = d->pos;
                        late_n[nlate] = d->n;
                        late_nk[nlate] = nk;
                        memcpy(late_kept[nlate], kept, (size_t)nk * sizeof(int));
                        nlate++;
                        continue;
                    }
                    if (!moved) { /* only the drawn tile back: no choice */
                        stay += d->n;
                        continue;
                    }
                    if (emit_group(out, &index, &o, &w, i, used, ka[r], kb37[r], d->pos, d->n,
                                   slot, kept, nk, 0, with_late) < 0) {
                        goto done;
                    }
                    slot++;
                }
                /* the late draws, as Model.build_by_hand lists them: a win row each after
                   the node's wins, a group each after its groups */
                for (int k = 0; k < nlate; k++) {
                    if (push64(&out[O_WIN_NODE], i) < 0
                        || push64(&out[O_WIN_TILE], o.tile[late_pos[k]]) < 0
                        || push64(&out[O_WIN_N], late_n[k]) < 0
                        || push64(&out[O_WIN_LATE], 1) < 0) {
                        goto done;
                    }
                }
                for (int k = 0; k < nlate; k++) {
                    if (emit_group(out, &index, &o, &w, i, used, ka[r], kb37[r], late_pos[k],
                                   late_n[k], slot, late_kept[k], late_nk[k], 1, 1) < 0) {
                        goto done;
                    }
                    slot++;
                }
                if (push64(&out[O_SHANTEN], known[own[r]]) < 0 || push64(&out[O_TOTAL], total) < 0
                    || push64(&out[O_STAY], stay) < 0) {
                    goto done;
                }
            }
            if (j != nd || asked != N64(asks) || (with_late && completed != (Py_ssize_t)kinds.len)) {
                PyErr_SetString(PyExc_SystemError, "build: draws out of step");
                goto done;
            }
            if (progress != Py_None) {
                PyObject *nodes = PyLong_FromSsize_t(N64(out[O_USED]));
                PyObject *r = nodes ? PyObject_CallOneArg(progress, nodes) : NULL;
                Py_XDECREF(nodes);
                if (r == NULL) {
                    goto done;
                }
                Py_DECREF(r);
            }
        }
        lo = hi;
        hi = N64(out[O_USED]);
    }
    result = vecs_as_bytearrays(out, with_late ? N_OUT : O_WIN_LATE);
done:
    PyMem_Free(won.p);
    PyMem_Free(kinds.p);
    PyMem_Free(ka);
    PyMem_Free(own);
    PyMem_Free(lims);
    for (int k = 0; k < N_OUT; k++) {
        PyMem_Free(out[k].p);
    }
    PyMem_Free(draws.p);
    PyMem_Free(asks.p);
    PyMem_Free(sh.known.p);
    PyMem_Free(sh.rows.p);
    PyMem_Free(sh.asked.p);
    PyMem_Free(sh.seen.s);
    PyMem_Free(sh.near);
    PyMem_Free(index.s);
    PyBuffer_Release(&start_b);
    PyBuffer_Release(&unseen_b);
    PyBuffer_Release(&hands_b);
    return result;
}

/* ---- mahjong-cpp's graph (mjasp.advice.cpp_model._Graph's layers, compiled) ------------
 *
 * cpp_build(org, total, budget, fourteen, shanten, wanted) builds the graph
 * cpp_model._Graph builds with numpy, state for state and edge for edge, in the same
 * order: draw states (13 tiles) and discard states (14 tiles), each its 37 separated
 * counts (a red five apart from its plain fives) and riichi flag; the discard states
 * expanded first, then the draw states, until neither kind has new states; each kind's
 * new states in chunks of CPP_CHUNK, a chunk's new states of the other kind numbered in
 * the order of their keys (cpp_model._key), as numpy's lexsort orders them; each edge
 * (draw state, discard state) kept where first made. What a state explores (its code's
 * tegawari budget, the waits, the discards that keep the shanten, riichi on a tenpai
 * kept) is the docstring of cpp_model and the numpy builder; the shanten numbers come
 * from the caller's ``shanten`` (the kernel's capsule, or a callable asked in batches: see
 * Shanten above). Nothing else about the game is here: additions and subtractions of tile
 * counts, comparisons, sorting and hash tables.
 */

enum { CPP_CHUNK = 4096, FLAG_BIT = 48 };
static const uint64_t COUNTS_LO = ((uint64_t)1 << FLAG_BIT) - 1;

/* the key's weight of one separated column (cpp_model._key: column i at 3 i bits of the
   first word below 21, at 3 (i - 21) bits of the second from 21) */
static inline uint64_t tile_hi(int c) { return c < 21 ? (uint64_t)1 << 3 * c : 0; }
static inline uint64_t tile_lo(int c) { return c >= 21 ? (uint64_t)1 << 3 * (c - 21) : 0; }
/* the kind of a separated column */
static inline int kind_of(int c) { return c < K34 ? c : c == 34 ? 4 : c == 35 ? 13 : 22; }

static void cpp_key(const uint8_t *h, int flag, uint64_t *hi, uint64_t *lo) {
    uint64_t x = 0, y = 0;
    for (int i = 0; i < 21; i++) {
        x |= (uint64_t)h[i] << 3 * i;
    }
    for (int i = 21; i < T37; i++) {
        y |= (uint64_t)h[i] << 3 * (i - 21);
    }
    *hi = x;
    *lo = y | (uint64_t)(flag != 0) << FLAG_BIT;
}

/* the columns of 34 merged counts (each below 8; at least 32 bytes readable) that can
   take one more (``draw``: a count below 4) or give one (a count above 0): bit k for
   column k, eight columns a word (bit 2 of a count below 8 is set from 4 on) */
static inline uint64_t movable(const uint8_t *m, int draw) {
    uint64_t bits = 0;
    int k = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; k < 32; k += 8) {
        uint64_t x;
        memcpy(&x, m + k, 8);
        uint64_t f = (draw ? ~(x >> 2) : x | x >> 1 | x >> 2) & 0x0101010101010101ULL;
        bits |= ((f * 0x0102040810204080ULL) >> 56) << k; /* byte i's bit 0 at bit i */
    }
#endif
    for (; k < K34; k++) {
        bits |= (uint64_t)(draw ? m[k] < 4 : m[k] > 0) << k;
    }
    return bits;
}

/* the value of (a, b) in ``t``, or -1 */
static int64_t tfind(const Table *t, uint64_t a, uint64_t b) {
    size_t j = mix(a, b) & (t->cap - 1);
    while (t->s[j].a != UINT64_MAX) {
        if (t->s[j].a == a && t->s[j].b == b) {
            return t->s[j].v;
        }
        j = (j + 1) & (t->cap - 1);
    }
    return -1;
}

typedef struct {
    uint64_t hi, lo; /* the target state's key */
    int64_t parent;  /* the state expanded (its id in its kind) */
    int32_t tile;    /* the separated column drawn or discarded */
    int32_t flag;    /* the target's riichi flag */
    int64_t weight;  /* the edge's copies */
    int64_t id;      /* the target's id, once found */
} Cand;

typedef struct {
    uint64_t hi, lo;
    int64_t seq;
} SortKey;

static inline int sortkey_less(const SortKey *a, const SortKey *b) {
    if (a->hi != b->hi) {
        return a->hi < b->hi;
    }
    if (a->lo != b->lo) {
        return a->lo < b->lo;
    }
    return a->seq < b->seq;
}

/* ``x[0..n)`` in (hi, lo, seq) order, ``tmp`` room for n more: a bottom-up merge sort
   (each key once: the order is that of any sort), runs of 8 by insertion first */
static void sortkeys(SortKey *x, SortKey *tmp, size_t n) {
    for (size_t a = 0; a < n; a += 8) {
        size_t b = a + 8 < n ? a + 8 : n;
        for (size_t i = a + 1; i < b; i++) {
            SortKey v = x[i];
            size_t j = i;
            while (j > a && sortkey_less(&v, &x[j - 1])) {
                x[j] = x[j - 1];
                j--;
            }
            x[j] = v;
        }
    }
    SortKey *from = x, *to = tmp;
    for (size_t width = 8; width < n; width *= 2) {
        for (size_t a = 0; a < n; a += 2 * width) {
            size_t m = a + width < n ? a + width : n, b = a + 2 * width < n ? a + 2 * width : n;
            size_t i = a, j = m, k = a;
            while (i < m && j < b) {
                to[k++] = sortkey_less(&from[j], &from[i]) ? from[j++] : from[i++];
            }
            while (i < m) {
                to[k++] = from[i++];
            }
            while (j < b) {
                to[k++] = from[j++];
            }
        }
        SortKey *t = from;
        from = to;
        to = t;
    }
    if (from != x) {
        memcpy(x, from, n * sizeof(SortKey));
    }
}

/* the outputs, per kind (0 draw, 1 discard) and for the edges */
enum { C_DRAW_HANDS, C_DRAW_FLAGS, C_TENPAI, C_DISC_HANDS, C_DISC_FLAGS, C_DISC_SHANTEN,
       C_SRC, C_DST, C_TILE, C_WEIGHT, C_WANTED, C_OUT };

typedef struct {
    Vec *hands, *flags, *keys; /* per kind: 37 bytes, 1 byte, two words a state */
    Vec *changes;              /* per kind: a byte a state, its tiles beyond ``org`` */
    Table *index;              /* per kind: key -> id */
    const uint8_t *org;        /* the hand given */
} States;

/* the state of kind ``kind`` keyed (hi, lo), made from ``parent`` (37 counts) with column
   ``tile`` moved by ``sign``: its id, a new one (the next) if not yet known; -1 on an
   error */
static int64_t state_id(States *st, int kind, uint64_t hi, uint64_t lo, const uint8_t *parent,
                        int64_t parent_id, int tile, int sign, int flag) {
    int64_t n = (int64_t)(st->flags[kind].len);
    int64_t got = tget(&st->index[kind], hi, lo, n);
    if (got == -2) {
        return -1;
    }
    if (got >= 0) {
        return got;
    }
    uint8_t h[T37];
    memcpy(h, parent, T37);
    h[tile] = (uint8_t)(h[tile] + sign);
    uint8_t f = (uint8_t)flag;
    uint64_t k[2] = {hi, lo};
    /* the parent's tiles beyond the hand given, one more where a tile is added beyond
       its count there, one fewer where one taken was beyond it (the parent: of the other
       kind; none for the first state, the hand given itself) */
    int changes = 0;
    if (sign != 0) {
        changes = ((uint8_t *)st->changes[1 - kind].p)[parent_id];
        changes += sign > 0 ? parent[tile] >= st->org[tile] : -(parent[tile] > st->org[tile]);
    }
    uint8_t ch = (uint8_t)changes;
    if (pushb(&st->hands[kind], h, T37) < 0 || pushb(&st->flags[kind], &f, 1) < 0
        || pushb(&st->keys[kind], k, sizeof(k)) < 0 || pushb(&st->changes[kind], &ch, 1) < 0) {
        return -1;
    }
    return n;
}

static PyObject *cpp_build(PyObject *self, PyObject *args) {
    Py_buffer org_b, total_b, wanted_b;
    long budget;
    int fourteen;
    PyObject *call;
    if (!PyArg_ParseTuple(args, "y*y*lpOy*", &org_b, &total_b, &budget, &fourteen, &call,
                          &wanted_b)) {
        return NULL;
    }
    Vec out[C_OUT];
    memset(out, 0, sizeof(out));
    Vec keys[2] = {{0}, {0}}, cands = {0}, sorted = {0}, asks = {0}, merged = {0};
    Table index[2] = {{0}, {0}}, edge_set = {0};
    Shanten sh;
    memset(&sh, 0, sizeof(sh));
    int64_t *own = NULL;
    uint8_t *opened = NULL; /* per state of a chunk: its tegawari (bit 0), its asks (bit 1) */
    PyObject *result = NULL;
    Vec changes_of[2] = {{0}, {0}};
    States st = {.hands = NULL, .flags = NULL, .keys = keys, .changes = changes_of,
                 .index = index, .org = NULL};
    Vec *hands_of[2] = {&out[C_DRAW_HANDS], &out[C_DISC_HANDS]};
    Vec *flags_of[2] = {&out[C_DRAW_FLAGS], &out[C_DISC_FLAGS]};
    Vec hv[2] = {{0}, {0}}, fv[2] = {{0}, {0}}; /* the states (moved into out at the end) */
    const uint8_t *org = org_b.buf, *total = total_b.buf, *wanted = wanted_b.buf;
    int ok = org_b.len == T37 && total_b.len == T37 && wanted_b.len % (T37 + 1) == 0
             && budget >= -1 && budget < 64 && shanten_arg(call);
    for (int c = 0; c < T37 && ok; c++) {
        ok = total[c] < 8 && org[c] <= total[c];
    }
    for (int r = 0; r < 3 && ok; r++) { /* a merged five below 8 too */
        int k = r == 0 ? 4 : r == 1 ? 13 : 22;
        ok = total[k] + total[34 + r] < 8;
    }
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "cpp_build: bad arguments (37 counts each, each "
                                          "held within the total, totals below 8, a budget "
                                          "-1..63, a callable, wanted rows of 38 bytes)");
        goto done;
    }
    if (shanten_source(&sh, call) < 0) {
        goto done;
    }
    st.hands = hv;
    st.flags = fv;
    st.org = org;
    own = PyMem_Malloc(CPP_CHUNK * sizeof(int64_t));
    opened = PyMem_Malloc(CPP_CHUNK);
    if (own == NULL || opened == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    /* small tables to start (they double as they fill: a tenpai hand's graph holds a few
       hundred states, and clearing 4096 slots a table cost more than its search) */
    if (tinit(&index[0], 1 << 8) < 0 || tinit(&index[1], 1 << 8) < 0
        || tinit(&edge_set, 1 << 9) < 0) {
        goto done;
    }
    {
        uint64_t hi, lo;
        int kind = fourteen ? 1 : 0;
        cpp_key(org, 0, &hi, &lo);
        if (state_id(&st, kind, hi, lo, org, 0, 0, 0, 0) < 0) {
            goto done;
        }
    }
    Py_ssize_t done_n[2] = {0, 0};
    for (;;) {
        int progress = 0;
        for (int kk = 0; kk < 2; kk++) {
            int kind = 1 - kk; /* discard states first */
            Py_ssize_t n = (Py_ssize_t)hv[kind].len / T37;
            if (done_n[kind] >= n) {
                continue;
            }
            progress = 1;
            int other = 1 - kind;
            for (Py_ssize_t first = done_n[kind]; first < n; first += CPP_CHUNK) {
                Py_ssize_t last = first + CPP_CHUNK < n ? first + CPP_CHUNK : n;
                /* the merged 34 counts (37 bytes, the last three 0) and own shanten */
                merged.len = 0;
                if (vreserve(&merged, (size_t)(last - first) * T37) < 0) {
                    goto done;
                }
                if (sh.api != NULL) { /* numbers are read within their chunk only */
                    sh.known.len = 0;
                }
                for (Py_ssize_t i = first; i < last; i++) {
                    const uint8_t *h = (uint8_t *)hv[kind].p + i * T37;
                    uint8_t *m = (uint8_t *)merged.p + (i - first) * T37;
                    memcpy(m, h, K34);
                    m[4] = (uint8_t)(m[4] + h[34]);
                    m[13] = (uint8_t)(m[13] + h[35]);
                    m[22] = (uint8_t)(m[22] + h[36]);
                    m[34] = m[35] = m[36] = 0;
                    uint64_t a, b34, b37;
                    keys_of(m, &a, &b34, &b37);
                    if (sh.api != NULL) {
                        const Near *got = ask_kernel(&sh, m, -1, a, b34, kind == 0 ? +1 : -1, 0);
                        if (got == NULL || (own[i - first] = push_known(&sh, got->own)) < 0) {
                            goto done;
                        }
                        continue;
                    }
                    own[i - first] = shanten_slot(&sh, a, b34, m, -1, -1);
                    if (own[i - first] < 0) {
                        goto done;
                    }
                }
                merged.len = (size_t)(last - first) * T37;
                if (flush(&sh) < 0) {
                    goto done;
                }
                /* the shanten after each draw of a state without tegawari (its waits), or
                   after each discard of a state that keeps its shanten */
                asks.len = 0;
                for (Py_ssize_t i = first; i < last; i++) {
                    const uint8_t *m = (uint8_t *)merged.p + (i - first) * T37;
                    int s = ((int8_t *)sh.known.p)[own[i - first]];
                    int flag = ((uint8_t *)fv[kind].p)[i];
                    int changes = ((uint8_t *)changes_of[kind].p)[i]; /* (kept per state) */
                    int open = !flag && changes + s < budget;
                    int need = kind == 0 ? !open : s >= 0 && (!open || s == 0);
                    opened[i - first] = (uint8_t)(open | need << 1); /* read again below */
                    if (!need) {
                        continue;
                    }
                    uint64_t a, b34, b37;
                    keys_of(m, &a, &b34, &b37);
                    const Near *after = NULL; /* with the capsule: each kind drawn or let go */
                    uint64_t moved = movable(m, kind == 0);
                    if (sh.api != NULL) {
                        after = ask_kernel(&sh, m, -1, a, b34, kind == 0 ? +1 : -1, moved);
                        if (after == NULL) {
                            goto done;
                        }
                    }
                    for (uint64_t left = moved; left; left &= left - 1) {
                        int k = __builtin_ctzll(left); /* (in column order) */
                        uint64_t wa = k < 21 ? (uint64_t)1 << 3 * (20 - k) : 0;
                        uint64_t wb = k < 21 ? 0 : (uint64_t)1 << 3 * (33 - k);
                        int64_t at = after != NULL ? push_known(&sh, after->out[k])
                            : kind == 0 ? shanten_slot(&sh, a + wa, b34 + wb, m, k, -1)
                            : shanten_slot(&sh, a - wa, b34 - wb, m, -1, k);
                        if (at < 0 || push64(&asks, at) < 0) {
                            goto done;
                        }
                    }
                }
                if (flush(&sh) < 0) {
                    goto done;
                }
                const int8_t *known = (int8_t *)sh.known.p; /* no more asked in this chunk */
                /* the targets, state by state in column order */
                cands.len = 0;
                Py_ssize_t asked = 0;
                for (Py_ssize_t i = first; i < last; i++) {
                    const uint8_t *h = (uint8_t *)hv[kind].p + i * T37;
                    const uint8_t *m = (uint8_t *)merged.p + (i - first) * T37;
                    int s = known[own[i - first]];
                    int flag = ((uint8_t *)fv[kind].p)[i];
                    const uint64_t *key = (uint64_t *)keys[kind].p + 2 * i;
                    int open = opened[i - first] & 1, need = opened[i - first] >> 1;
                    int8_t by_kind[K34]; /* a wait (draws), a shanten kept (discards) */
                    memset(by_kind, 0, sizeof(by_kind));
                    for (uint64_t left = need ? movable(m, kind == 0) : 0; left;
                         left &= left - 1) {
                        int k = __builtin_ctzll(left);
                        if (asked >= N64(asks)) {
                            PyErr_SetString(PyExc_SystemError, "cpp_build: asks out of step");
                            goto done;
                        }
                        int after = known[AT64(asks, asked)];
                        asked++;
                        by_kind[k] = (int8_t)(kind == 0 ? after < s : after == s);
                    }
                    if (kind == 0) {
                        uint8_t t = s == 0;
                        if (pushb(&out[C_TENPAI], &t, 1) < 0) {
                            goto done;
                        }
                    } else {
                        int8_t t = (int8_t)s;
                        if (pushb(&out[C_DISC_SHANTEN], &t, 1) < 0) {
                            goto done;
                        }
                    }
                    for (int c = 0; c < T37; c++) {
                        Cand x;
                        x.parent = i;
                        x.tile = c;
                        x.id = -1;
                        if (kind == 0) {
                            int wall = total[c] - h[c];
                            if (wall <= 0 || !(open || by_kind[kind_of(c)])) {
                                continue;
                            }
                            x.hi = key[0] + tile_hi(c);
                            x.lo = key[1] + tile_lo(c);
                            x.flag = flag;
                            x.weight = wall;
                        } else {
                            int keep = by_kind[kind_of(c)];
                            if (h[c] == 0 || !(open || keep)) {
                                continue;
                            }
                            int riichi = (s == 0 && keep) || flag;
                            x.hi = key[0] - tile_hi(c);
                            x.lo = ((key[1] & COUNTS_LO) - tile_lo(c))
                                   | (uint64_t)riichi << FLAG_BIT;
                            x.flag = riichi;
                            x.weight = total[c] - h[c] + 1;
                        }
                        if (pushb(&cands, &x, sizeof(x)) < 0) {
                            goto done;
                        }
                    }
                }
                if (asked != N64(asks)) {
                    PyErr_SetString(PyExc_SystemError, "cpp_build: asks out of step");
                    goto done;
                }
                /* the targets' ids: known ones found, new ones numbered in key order (only
                   the new ones sorted) */
                Cand *cs = (Cand *)cands.p;
                size_t nc = cands.len / sizeof(Cand), nn = 0;
                sorted.len = 0;
                if (vreserve(&sorted, 2 * nc * sizeof(SortKey)) < 0) { /* (and the sort's) */
                    goto done;
                }
                SortKey *sk = (SortKey *)sorted.p;
                for (size_t j = 0; j < nc; j++) {
                    cs[j].id = tfind(&index[other], cs[j].hi, cs[j].lo);
                    if (cs[j].id < 0) {
                        sk[nn].hi = cs[j].hi;
                        sk[nn].lo = cs[j].lo;
                        sk[nn].seq = (int64_t)j;
                        nn++;
                    }
                }
                if (nn > 1) {
                    sortkeys(sk, sk + nc, nn);
                }
                for (size_t j = 0; j < nn; j++) {
                    Cand *x = &cs[sk[j].seq];
                    if (j > 0 && sk[j].hi == sk[j - 1].hi && sk[j].lo == sk[j - 1].lo) {
                        x->id = cs[sk[j - 1].seq].id;
                        continue;
                    }
                    const uint8_t *parent = (uint8_t *)hv[kind].p + x->parent * T37;
                    x->id = state_id(&st, other, x->hi, x->lo, parent, x->parent, x->tile,
                                     kind == 0 ? 1 : -1, x->flag);
                    if (x->id < 0) {
                        goto done;
                    }
                }
                /* the edges, in the order made, each (draw state, discard state) once */
                for (size_t j = 0; j < nc; j++) {
                    int64_t src = kind == 0 ? cs[j].parent : cs[j].id;
                    int64_t dst = kind == 0 ? cs[j].id : cs[j].parent;
                    int64_t seen = tget(&edge_set, (uint64_t)src, (uint64_t)dst, 0);
                    if (seen == -2) {
                        goto done;
                    }
                    if (seen >= 0) {
                        continue;
                    }
                    if (src >= INT32_MAX || dst >= INT32_MAX) {
                        PyErr_SetString(PyExc_OverflowError, "cpp_build: too many states");
                        goto done;
                    }
                    int32_t s32 = (int32_t)src, d32 = (int32_t)dst;
                    int8_t t8 = (int8_t)cs[j].tile;
                    int16_t w16 = (int16_t)cs[j].weight;
                    if (pushb(&out[C_SRC], &s32, 4) < 0 || pushb(&out[C_DST], &d32, 4) < 0
                        || pushb(&out[C_TILE], &t8, 1) < 0 || pushb(&out[C_WEIGHT], &w16, 2) < 0) {
                        goto done;
                    }
                }
            }
            done_n[kind] = n;
        }
        if (!progress) {
            break;
        }
    }
    /* the draw states asked for (37 counts and a riichi flag each): ids, -1 where absent */
    for (Py_ssize_t i = 0; i < wanted_b.len / (T37 + 1); i++) {
        uint64_t hi, lo;
        const uint8_t *row = wanted + i * (T37 + 1);
        cpp_key(row, row[T37], &hi, &lo);
        int64_t id = 0;
        for (int c = 0; c < T37; c++) {
            if (row[c] >= 8) {
                id = -1;
            }
        }
        if (id == 0) {
            id = tfind(&index[0], hi, lo);
        }
        if (push64(&out[C_WANTED], id) < 0) {
            goto done;
        }
    }
    *hands_of[0] = hv[0];
    *hands_of[1] = hv[1];
    *flags_of[0] = fv[0];
    *flags_of[1] = fv[1];
    memset(hv, 0, sizeof(hv));
    memset(fv, 0, sizeof(fv));
    result = vecs_as_bytearrays(out, C_OUT);
done:
    for (int k = 0; k < 2; k++) {
        PyMem_Free(hv[k].p);
        PyMem_Free(fv[k].p);
        PyMem_Free(changes_of[k].p);
    }
    for (int k = 0; k < C_OUT; k++) {
        PyMem_Free(out[k].p);
    }
    for (int k = 0; k < 2; k++) {
        PyMem_Free(keys[k].p);
        PyMem_Free(index[k].s);
    }
    PyMem_Free(edge_set.s);
    PyMem_Free(cands.p);
    PyMem_Free(sorted.p);
    PyMem_Free(asks.p);
    PyMem_Free(merged.p);
    PyMem_Free(own);
    PyMem_Free(opened);
    PyMem_Free(sh.known.p);
    PyMem_Free(sh.rows.p);
    PyMem_Free(sh.asked.p);
    PyMem_Free(sh.seen.s);
    PyMem_Free(sh.near);
    PyBuffer_Release(&org_b);
    PyBuffer_Release(&total_b);
    PyBuffer_Release(&wanted_b);
    return result;
}

/* the integers (``as_double`` 0) or floats of a sequence, into a new C array of n */
static void *seq_numbers(PyObject *obj, int as_double, Py_ssize_t *n, const char *name) {
    PyObject *fast = PySequence_Fast(obj, name);
    if (fast == NULL) {
        return NULL;
    }
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    void *out = PyMem_Malloc((size_t)(len ? len : 1) * 8);
    if (out == NULL) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        if (as_double) {
            double x = PyFloat_AsDouble(items[i]);
            if (x == -1.0 && PyErr_Occurred()) {
                goto bad;
            }
            ((double *)out)[i] = x;
        } else {
            Py_ssize_t x = PyNumber_AsSsize_t(items[i], PyExc_OverflowError);
            if (x == -1 && PyErr_Occurred()) {
                goto bad;
            }
            ((int64_t *)out)[i] = x;
        }
    }
    Py_DECREF(fast);
    *n = len;
    return out;
bad:
    Py_DECREF(fast);
    PyMem_Free(out);
    return NULL;
}

/* cpp_run(n1, n2, src, dst, weight, scoring, points, tenpai, picked, t_min, t_max, total):
   every turn of cpp_model._values (its numpy path, operation by operation, in the same
   order: the same floats): per turn from t_max down to t_min, each draw state's edges
   summed in edge order, (next - now) * weight, divided by (total - t) and added; a
   winning edge's next is tenpai 1, win 1 and the greater of its points and continuing;
   tenpai draw states' tenpai 1; each discard state the greatest of each number over its
   edges' draw states (0 without edges). The graph's arrays as cpp_build makes them
   (``src``, ``dst`` int32, ``weight`` int16, ``tenpai`` a byte per draw state); the
   winning edges that score (``scoring``) and their ``points``, and the draw states
   answered (``picked``), as sequences. Per state answered, its (tenpai, win, points)
   values of turns t_min..t_max as three tuples of floats, in a list. Nothing about the
   game is here: only maxima, products and sums. */
static PyObject *cpp_run(PyObject *self, PyObject *args) {
    enum { N_ARR = 4 };
    PyObject *o[N_ARR], *scoring_o, *points_o, *picked_o;
    Py_ssize_t n1, n2, total;
    long t_min, t_max;
    if (!PyArg_ParseTuple(args, "nnOOOOOOOlln", &n1, &n2, &o[0], &o[1], &o[2], &scoring_o,
                          &points_o, &o[3], &picked_o, &t_min, &t_max, &total)) {
        return NULL;
    }
    static const char *formats[N_ARR] = {"i", "i", "h", "?Bb"};
    static const Py_ssize_t sizes[N_ARR] = {4, 4, 2, 1};
    static const char *whats[N_ARR] = {"int32", "int32", "int16", "bool or uint8"};
    static const char *names[N_ARR] = {"src", "dst", "weight", "tenpai"};
    Arr a[N_ARR];
    for (int i = 0; i < N_ARR; i++) {
        a[i].held = 0;
    }
    int64_t *scoring = NULL, *picked = NULL, *won = NULL, *tenpai = NULL;
    double *points = NULL, *draw = NULL, *disc = NULL, *acc = NULL, *out = NULL, *w = NULL;
    uint8_t *first = NULL; /* per edge: the first of its discard state's (in edge order) */
    PyObject *result = NULL;
    Py_ssize_t ns = 0, np_ = 0, npts = 0, nt = 0;
    for (int i = 0; i < N_ARR; i++) {
        if (get_items(o[i], &a[i], formats[i], sizes[i], 0, whats[i], names[i]) < 0) {
            goto done;
        }
    }
    scoring = seq_numbers(scoring_o, 0, &ns, "scoring must be a sequence");
    points = scoring == NULL ? NULL : seq_numbers(points_o, 1, &npts,
                                                  "points must be a sequence");
    picked = points == NULL ? NULL : seq_numbers(picked_o, 0, &np_,
                                                 "picked must be a sequence");
    if (picked == NULL) {
        goto done;
    }
    const int32_t *src = a[0].view.buf, *dst = a[1].view.buf;
    const int16_t *w16 = a[2].view.buf;
    const uint8_t *is_tenpai = a[3].view.buf;
    Py_ssize_t e = a[0].view.shape[0];
    int bad = n1 < 0 || n2 < 0 || t_min < 0 || t_max < t_min || t_max > 1000
              || a[1].view.shape[0] != e || a[2].view.shape[0] != e || npts != ns
              || a[3].view.shape[0] != n1;
    for (Py_ssize_t j = 0; j < e && !bad; j++) {
        bad = src[j] < 0 || src[j] >= n1 || dst[j] < 0 || dst[j] >= n2;
    }
    for (Py_ssize_t j = 0; j < np_ && !bad; j++) {
        bad = picked[j] < 0 || picked[j] >= n1;
    }
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "cpp_run: inconsistent graph arrays");
        goto done;
    }
    /* each edge's place among the winning ones (-1: none); a winning edge listed once */
    won = PyMem_Malloc((size_t)(e ? e : 1) * sizeof(int64_t));
    tenpai = PyMem_Malloc((size_t)(n1 ? n1 : 1) * sizeof(int64_t));
    draw = PyMem_Calloc((size_t)(3 * n1 + 1), sizeof(double));
    acc = PyMem_Malloc((size_t)(3 * n1 + 1) * sizeof(double));
    disc = PyMem_Calloc((size_t)(3 * n2 + 1), sizeof(double));
    first = PyMem_Calloc((size_t)(e + n2 + 1), 1);
    out = PyMem_Malloc((size_t)((t_max + 1) * 3 * np_ + 1) * sizeof(double));
    w = PyMem_Malloc((size_t)(e ? e : 1) * sizeof(double)); /* the weights as floats, once */
    if (won == NULL || tenpai == NULL || draw == NULL || acc == NULL || disc == NULL
        || first == NULL || out == NULL || w == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t j = 0; j < e; j++) {
        w[j] = (double)w16[j];
    }
    for (Py_ssize_t i = 0; i < n1; i++) {
        if (is_tenpai[i]) {
            tenpai[nt++] = i;
        }
    }
    for (Py_ssize_t j = 0; j < e; j++) {
        won[j] = -1;
        uint8_t *met = first + e + dst[j]; /* (the discard states met so far) */
        first[j] = !*met;
        *met = 1;
    }
    for (Py_ssize_t k = 0; k < ns; k++) {
        if (scoring[k] < 0 || scoring[k] >= e || won[scoring[k]] >= 0) {
            PyErr_SetString(PyExc_ValueError, "cpp_run: inconsistent graph arrays");
            goto done;
        }
        won[scoring[k]] = k;
    }
    /* the three numbers of a state side by side: one cache line read per edge and turn.
       While a turn's edges are summed (into acc), ``draw`` still holds every draw state's
       values of the turn before: the numpy path's ``now`` of each edge (its draw state's
       values, taken after the turn before), read in place. */
    for (long t = t_max; t >= t_min; t--) {
        if (t != t_max) {
            double div = (double)(total - t);
            for (Py_ssize_t i = 0; i < 3 * n1; i++) {
                acc[i] = 0.0;
            }
            for (Py_ssize_t j = 0; j < e; j++) {
                const double *dr = disc + 3 * dst[j], *nw = draw + 3 * src[j];
                double *sum = acc + 3 * src[j];
                double n0 = dr[0], n1_ = dr[1], n2_ = dr[2], wj = w[j];
                if (won[j] >= 0) {
                    double p = points[won[j]];
                    n0 = 1.0;
                    n1_ = 1.0;
                    n2_ = p >= n2_ ? p : n2_; /* np.maximum(points, next) */
                }
                n0 -= nw[0];
                n1_ -= nw[1];
                n2_ -= nw[2];
                n0 *= wj;
                n1_ *= wj;
                n2_ *= wj;
                sum[0] += n0;
                sum[1] += n1_;
                sum[2] += n2_;
            }
            for (Py_ssize_t i = 0; i < 3 * n1; i++) {
                draw[i] += acc[i] / div;
            }
        }
        for (Py_ssize_t j = 0; j < nt; j++) {
            draw[3 * tenpai[j]] = 1.0;
        }
        for (int r = 0; r < 3; r++) {
            double *row = out + ((Py_ssize_t)t * 3 + r) * np_;
            for (Py_ssize_t j = 0; j < np_; j++) {
                row[j] = draw[3 * picked[j] + r];
            }
        }
        if (t == t_min) { /* (a turn's discard values are read by the turn below it) */
            break;
        }
        /* the greatest over each discard state's edges (np.maximum.at from -inf: its first
           edge's values, then each greater one), a state without edges 0 (never written) */
        for (Py_ssize_t j = 0; j < e; j++) {
            const double *d = draw + 3 * src[j];
            double *dc = disc + 3 * dst[j];
            if (first[j]) {
                dc[0] = d[0];
                dc[1] = d[1];
                dc[2] = d[2];
                continue;
            }
            if (d[0] > dc[0]) {
                dc[0] = d[0];
            }
            if (d[1] > dc[1]) {
                dc[1] = d[1];
            }
            if (d[2] > dc[2]) {
                dc[2] = d[2];
            }
        }
    }
    /* per state answered: its three numbers' turns t_min..t_max as tuples */
    result = PyList_New(np_);
    for (Py_ssize_t j = 0; result != NULL && j < np_; j++) {
        PyObject *three = PyTuple_New(3);
        if (three == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, j, three);
        for (int r = 0; r < 3; r++) {
            PyObject *turns = PyTuple_New(t_max - t_min + 1);
            if (turns == NULL) {
                Py_CLEAR(result);
                break;
            }
            PyTuple_SET_ITEM(three, r, turns);
            for (long t = t_min; t <= t_max; t++) {
                PyObject *x = PyFloat_FromDouble(out[((Py_ssize_t)t * 3 + r) * np_ + j]);
                if (x == NULL) {
                    Py_CLEAR(result);
                    break;
                }
                PyTuple_SET_ITEM(turns, t - t_min, x);
            }
            if (result == NULL) {
                break;
            }
        }
    }
done:
    PyMem_Free(scoring);
    PyMem_Free(points);
    PyMem_Free(picked);
    PyMem_Free(won);
    PyMem_Free(tenpai);
    PyMem_Free(draw);
    PyMem_Free(acc);
    PyMem_Free(disc);
    PyMem_Free(first);
    PyMem_Free(out);
    PyMem_Free(w);
    release(a, N_ARR);
    return result;
}

/* ---- the effective tiles of 13-tile hands (mjasp.advice.api._ukeire_all) ------------
 *
 * ukeire(shanten, hands, unseen): per hand of 37 counts (``hands``, 37 bytes each), its
 * shanten and, as bytes in kind order, the kinds whose draw lowers it: a kind the wall
 * holds (``unseen``, 37 counts: the kind's count above 0) of which the hand holds fewer
 * than four. The numbers are the kernel's (``shanten``: its capsule, as ``build`` takes
 * it): the hand's and, in the same call, each such kind added. A list of (shanten, kinds)
 * pairs.
 */
static PyObject *ukeire(PyObject *self, PyObject *args) {
    PyObject *capsule;
    Py_buffer hands_b, unseen_b;
    if (!PyArg_ParseTuple(args, "Oy*y*", &capsule, &hands_b, &unseen_b)) {
        return NULL;
    }
    PyObject *result = NULL;
    const uint8_t *hands = hands_b.buf, *unseen = unseen_b.buf;
    if (!PyCapsule_CheckExact(capsule) || unseen_b.len != T37 || hands_b.len % T37 != 0) {
        PyErr_SetString(PyExc_ValueError, "ukeire: bad arguments (the kernel's capsule, "
                                          "37 counts a hand, 37 unseen counts)");
        goto done;
    }
    const ShantenApi *api = PyCapsule_GetPointer(capsule, NEIGHBOURS_CAPSULE);
    if (api == NULL) {
        goto done;
    }
    Py_ssize_t n = hands_b.len / T37;
    result = PyList_New(n);
    if (result == NULL) {
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        const uint8_t *h = hands + i * T37;
        uint64_t kinds = 0;
        for (int k = 0; k < K34; k++) {
            kinds |= (uint64_t)(unseen[k] > 0 && h[k] < 4) << k;
        }
        int8_t out[K34];
        int own = api->neighbours(api, h, +1, kinds, out);
        if (own < -1 || own > 13) {
            PyErr_SetString(PyExc_ValueError, "ukeire: the kernel refused a hand (counts "
                                              "0..4, 3n+1 tiles)");
            Py_CLEAR(result);
            goto done;
        }
        char lower[K34];
        Py_ssize_t nl = 0;
        for (uint64_t bits = kinds; bits; bits &= bits - 1) {
            int k = __builtin_ctzll(bits);
            if (out[k] < own) {
                lower[nl++] = (char)k;
            }
        }
        PyObject *pair = Py_BuildValue("(iy#)", own, lower, nl);
        if (pair == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, pair);
    }
done:
    PyBuffer_Release(&hands_b);
    PyBuffer_Release(&unseen_b);
    return result;
}

/* distinct_rows: the distinct rows of ``rows`` (``width`` bytes each) in byte order, and the
 * number of each row's distinct row, as numpy's unique of the rows viewed as void does
 * (``return_inverse``): a merge sort of the rows' numbers by memcmp, stable. */
static void sort_rows(int64_t *at, int64_t *tmp, size_t n, const uint8_t *rows,
                      size_t width) {
    if (n < 2) {
        return;
    }
    size_t half = n / 2;
    sort_rows(at, tmp, half, rows, width);
    sort_rows(at + half, tmp, n - half, rows, width);
    size_t i = 0, j = half, k = 0;
    while (i < half && j < n) {
        /* the left one first among equals: stable */
        if (memcmp(rows + at[j] * width, rows + at[i] * width, width) < 0) {
            tmp[k++] = at[j++];
        } else {
            tmp[k++] = at[i++];
        }
    }
    while (i < half) {
        tmp[k++] = at[i++];
    }
    memcpy(at, tmp, k * sizeof(int64_t));
}

static PyObject *distinct_rows(PyObject *self, PyObject *args) {
    Py_buffer rows_b;
    Py_ssize_t width;
    if (!PyArg_ParseTuple(args, "y*n", &rows_b, &width)) {
        return NULL;
    }
    PyObject *result = NULL;
    int64_t *at = NULL, *tmp = NULL;
    if (width <= 0 || rows_b.len % width != 0) {
        PyErr_SetString(PyExc_ValueError, "distinct_rows: rows of width bytes each");
        goto done;
    }
    size_t n = (size_t)(rows_b.len / width), w = (size_t)width;
    const uint8_t *rows = rows_b.buf;
    at = PyMem_Malloc((n ? n : 1) * sizeof(int64_t));
    tmp = PyMem_Malloc((n ? n : 1) * sizeof(int64_t));
    PyObject *distinct = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * w));
    PyObject *inverse = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * sizeof(int64_t)));
    if (at == NULL || tmp == NULL || distinct == NULL || inverse == NULL) {
        Py_XDECREF(distinct);
        Py_XDECREF(inverse);
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        at[i] = (int64_t)i;
    }
    sort_rows(at, tmp, n, rows, w);
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(distinct);
    int64_t *inv = (int64_t *)PyBytes_AS_STRING(inverse);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *row = rows + at[i] * w;
        if (m == 0 || memcmp(out + (m - 1) * w, row, w) != 0) {
            memcpy(out + m * w, row, w);
            m++;
        }
        inv[at[i]] = (int64_t)(m - 1);
    }
    if (_PyBytes_Resize(&distinct, (Py_ssize_t)(m * w)) < 0) {
        Py_DECREF(inverse);
        goto done;
    }
    result = Py_BuildValue("(NN)", distinct, inverse);
done:
    PyMem_Free(at);
    PyMem_Free(tmp);
    PyBuffer_Release(&rows_b);
    return result;
}


/* win_sums(win_node, win_n, win_late, inverse, table, sits, shanten, total, may_riichi,
            sums, riichi, riichi_pts):
   Model.solve's per-node sums of its winning draws, as its numpy path does them
   (bincount's weighted sums: in row order from 0.0, each row's copies x its points):
   ``table`` is the distinct wins' points (len(inverse) rows read through ``inverse``,
   ``sits`` columns); ``win_late`` None or 1 where a row wins on the last draw only.
   Writes sums (5 x n, flat: win_n_last, win_n, win_ev, win_ev_last, riichi_p),
   riichi (n bytes: 1 at a tenpai node with a winning row, where ``may_riichi``) and
   riichi_pts (n x 4: situations 2..5 per copy over total at a riichi node, else 0).
   Nothing about the game: sums, products and quotients. */
static PyObject *win_sums(PyObject *self, PyObject *args) {
    enum { N_ARR = 9 };
    PyObject *o[N_ARR];
    Py_ssize_t sits;
    int may_riichi;
    Py_buffer flags;
    if (!PyArg_ParseTuple(args, "OOOOOnOOpOw*O", &o[0], &o[1], &o[2], &o[3], &o[4], &sits,
                          &o[5], &o[6], &may_riichi, &o[7], &flags, &o[8])) {
        return NULL;
    }
    static const char kinds[N_ARR] = {'q', 'q', 'q', 'q', 'd', 'q', 'q', 'd', 'd'};
    static const char *names[N_ARR] = {"win_node", "win_n", "win_late", "inverse", "table",
                                       "shanten", "total", "sums", "riichi_pts"};
    Arr a[N_ARR];
    for (int i = 0; i < N_ARR; i++) {
        a[i].held = 0;
    }
    int late = o[2] != Py_None;
    for (int i = 0; i < N_ARR; i++) {
        if ((i != 2 || late) && get(o[i], &a[i], kinds[i], i >= 7, names[i]) < 0) {
            release(a, N_ARR);
            PyBuffer_Release(&flags);
            return NULL;
        }
    }
    const int64_t *node = a[0].view.buf, *copies = a[1].view.buf;
    const int64_t *lates = late ? a[2].view.buf : NULL, *inv = a[3].view.buf;
    const double *table = a[4].view.buf;
    const int64_t *shanten = a[5].view.buf, *total = a[6].view.buf;
    double *sums = a[7].view.buf, *rpts = a[8].view.buf;
    uint8_t *riichi = flags.buf;
    Py_ssize_t nw = a[0].view.shape[0], n = a[5].view.shape[0];
    Py_ssize_t nd = sits > 0 ? a[4].view.shape[0] / sits : 0;
    int bad = sits < (may_riichi ? 6 : 2) || a[4].view.shape[0] != nd * sits
              || a[1].view.shape[0] != nw || a[3].view.shape[0] != nw
              || (late && a[2].view.shape[0] != nw) || a[6].view.shape[0] != n
              || a[7].view.shape[0] != 5 * n || a[8].view.shape[0] != 4 * n
              || flags.len != n;
    for (Py_ssize_t i = 0; i < nw && !bad; i++) {
        bad = node[i] < 0 || node[i] >= n || inv[i] < 0 || inv[i] >= nd;
    }
    if (bad) {
        release(a, N_ARR);
        PyBuffer_Release(&flags);
        PyErr_SetString(PyExc_ValueError, "win_sums: inconsistent array lengths or indices");
        return NULL;
    }
    double *n_last = sums, *n_on = sums + n, *ev = sums + 2 * n, *ev_last = sums + 3 * n;
    double *p = sums + 4 * n;
    for (Py_ssize_t i = 0; i < 5 * n; i++) {
        sums[i] = 0.0;
    }
    for (Py_ssize_t i = 0; i < 4 * n; i++) {
        rpts[i] = 0.0;
    }
    memset(riichi, 0, (size_t)n);
    for (Py_ssize_t i = 0; i < nw; i++) {
        double c = (double)copies[i];
        const double *row = table + inv[i] * sits;
        Py_ssize_t j = node[i];
        n_last[j] += c;
        n_on[j] += c * (late && lates[i] != 0 ? 0.0 : 1.0);
        ev[j] += c * row[0];
        ev_last[j] += c * row[1];
        if (may_riichi) {
            riichi[j] = 1; /* has a winning row; a tenpai node below */
            for (int k = 0; k < 4; k++) {
                rpts[4 * j + k] += c * row[2 + k];
            }
        }
    }
    if (!late) {
        memcpy(n_on, n_last, (size_t)n * sizeof(double));
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        riichi[j] = riichi[j] && shanten[j] == 0;
        if (riichi[j]) {
            double t = (double)total[j];
            p[j] = n_on[j] / t;
            for (int k = 0; k < 4; k++) {
                rpts[4 * j + k] = rpts[4 * j + k] / t;
            }
        } else {
            for (int k = 0; k < 4; k++) {
                rpts[4 * j + k] = 0.0;
            }
        }
    }
    release(a, N_ARR);
    PyBuffer_Release(&flags);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"run", run, METH_VARARGS,
     "run(total, stay, tenpai, win_n, win_ev, win_ev_last, win_n_last, options, offsets, "
     "group_node, group_n, group_n_last, rows, p, pts, always, dama, riichi, rel, abs): every "
     "turn of the loop, into dama and riichi (rel, abs: the tolerance of equal values)."},
    {"build", build, METH_VARARGS,
     "build(start, unseen, limit, hands13, shanten, progress[, wins[, bound]]): "
     "mjasp.advice.build's "
     "graph (shanten: the kernel's capsule or a callable) as 13 bytearrays (hands, used, "
     "shanten, total, stay, win_node, win_tile, win_n, group_node, group_slot, group_n, "
     "sizes, options); with ``wins`` (what a completed "
     "hand is: 0 a win, 1 a win on the last draw only, 2 none) 15, win_late and "
     "group_late last."},
    {"ukeire", ukeire, METH_VARARGS,
     "ukeire(shanten, hands, unseen): per hand of 37 counts, (its shanten, the kinds whose "
     "draw lowers it, as bytes), by the kernel's capsule ``shanten``."},
    {"cpp_build", cpp_build, METH_VARARGS,
     "cpp_build(org, total, budget, fourteen, shanten, wanted): mahjong-cpp's graph of "
     "mjasp.advice.cpp_model as 11 bytearrays (draw hands, draw flags, tenpai, discard "
     "hands, discard flags, discard shanten, edge src, dst, tile, weight, wanted ids)."},
    {"cpp_run", cpp_run, METH_VARARGS,
     "cpp_run(n1, n2, src, dst, weight, scoring, points, tenpai, picked, t_min, t_max, "
     "total): every turn of mjasp.advice.cpp_model._values: per state picked, its three "
     "numbers' turns t_min..t_max as tuples."},
    {"distinct_rows", distinct_rows, METH_VARARGS,
     "distinct_rows(rows, width): the distinct rows of width bytes, in byte order (bytes), "
     "and each row's number among them (int64 bytes)."},
    {"win_sums", win_sums, METH_VARARGS,
     "win_sums(win_node, win_n, win_late, inverse, table, sits, shanten, total, may_riichi, "
     "sums, riichi, riichi_pts): Model.solve's per-node sums of its winning draws, into "
     "sums (5 x n), riichi (n bytes) and riichi_pts (n x 4)."},
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
    .m_doc = "The graph build of mjasp.advice.build and the turns of mjasp.advice.graph, "
             "compiled.",
    .m_size = 0,
    .m_methods = methods,
    .m_slots = slots,
};

PyMODINIT_FUNC PyInit__dp(void) { return PyModuleDef_Init(&module); }
