/* The compiled shanten kernel: the hot loops of mjasp/solvers/table.py in C.
 *
 * Optional: setup.py builds it when a compiler is there; without it mjasp/solvers/kernel.py
 * uses the pure-Python code of table.py, which gives the same answers (tests run both).
 * The tables are the shipped data (mjasp/data/shanten_tables.npz), handed over once by
 * init(); nothing here is computed differently from table.py:
 *
 *   - a suit's base-5 index picks its signature id (number_ids / honor_ids; three-player
 *     manzu by 5 * c_1m + c_9m in sanma), and pair / triple / final combine the four ids
 *     into v_melds of the whole hand (table.build_tables);
 *   - seven pairs and thirteen orphans pack the counts of kinds held once, twice, ...
 *     into the "unit" byte of table._pack / _pair_stats / _orphan_stats (from the whole
 *     hand at once, see special_value) and look it up in the 256-entry tables
 *     table._seven_pairs_value / _thirteen_orphans_value.
 *
 * The fast path of decompose and waits (mjasp/solvers/lookup.py) is here too: the shipped
 * suit readings (mjasp/data/suit_readings.npz, handed over by readings_init()) decoded
 * per suit vector as suit_data.shipped_readings does, and lookup.counts_readings of a hand
 * (hand_readings) building its Decomposition objects as lookup._trusted does; the
 * pure-Python code stays the reference, and the tests compare the two.
 *
 * The checks and build of Hand.from_counts / from_ids / parse of plain text are here too
 * (hand_counts, hand_ids, hand_text), installed into mjasp/core/hand.py by kernel.py.
 *
 * Safety: objects are built through the public C API only (PyType_GenericNew, or the
 * type's own __new__ for the fills of value types, then each field set through its own
 * descriptor: what object.__new__ and object.__setattr__ do);
 * all state is per module object (PEP 489 multi-phase init); every table index is a
 * count 0..4, a kind 0..33 or an id that init() checked against its table's size; every
 * failing C-API call is handled (tests/test_kernel.py feeds each entry point bad input).
 *
 * No threads, no allocation per hand in the shanten loops, no numpy headers (buffers only).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h> /* PyMemberDef and its READONLY flag (in Python.h from 3.12) */
#ifndef Py_READONLY
#define Py_READONLY READONLY
#endif
#ifdef Py_T_OBJECT_EX /* a slot's type (3.12 names it so; structmember.h's T_OBJECT_EX before) */
#define MJASP_T_OBJECT_EX Py_T_OBJECT_EX
#else
#define MJASP_T_OBJECT_EX T_OBJECT_EX
#endif
#include <stdint.h>
#include <string.h>

#ifndef MJASP_SOURCE_HASH /* built without setup.py: stamp 0, which kernel.py refuses */
#define MJASP_SOURCE_HASH 0UL
#endif

#define KINDS 34
#define INF 60
#define BLOCK 256 /* rows per pass of batch() */
#define WIN_FIELDS 20 /* the fields of mjasp.core.win.Win, in its __init__'s order */
#define FACT_FIELDS 7 /* the fields of scoring_direct.ReadingFacts */
#define HAND_FACT_FIELDS 12 /* the fields of scoring_direct.HandFacts */
#define SET_TILES 8 /* reading_facts(): set tiles kept before the frozenset is made */
#define KINDS_SETS 4096 /* hand_facts(): the kinds sets remembered, by the kinds held */
#define FLAG_FIELDS 9 /* scoring_direct.FLAG_FIELDS */
#define BUILDERS 8 /* value types build() fills */
#define MEMO 1024 /* suit entries remembered by code (a power of two) */
/* slots_init(): the fields the facts read, each by the slot descriptor of its class */
enum { S_BLOCK_KIND, S_BLOCK_TILE, S_MELD_KIND, S_MELD_TILE, S_BLOCKS, S_MELDS, S_FORM,
       S_COUNTS, S_HAND_MELDS, S_SEAT, S_ROUND, S_FLAGS, SLOTS = S_FLAGS + FLAG_FIELDS };

/* A suit entry of lookup._TABLES remembered by the suit's counts as one number (base 5):
 * a hit spares building the key tuple and the dict lookup. The entry and its table are
 * held (strong references); forget_suits() drops them all (lookup.clear empties the
 * tables). */
typedef struct {
    PyObject *table, *entry;
    uint32_t code;
    int suit;
} Memo;

/* A kinds set of hand_facts() remembered by the kinds held as bits (set NULL: empty). */
typedef struct {
    PyObject *set;
    uint64_t held;
} KindsSet;
#define BUILDER_FIELDS 16 /* at most, each */

/* One space (number suits, honors) of the shipped suit readings: see readings_init(). */
typedef struct {
    uint32_t *index, *offsets, *starts;
    uint8_t *codes;
    Py_ssize_t vectors;
} Space;

/* Everything the module holds lives in its state (PEP 489 multi-phase init), one per
 * module object, so each interpreter that imports the module gets its own copy. The
 * tables are filled by init() / readings_init() / reading_init() and then only read. */
typedef struct {
    /* init(): the shanten tables */
    int ready;
    uint8_t *number_ids;   /* 5**9 signature ids of a number suit, each < numbers */
    uint8_t *honor_ids;    /* 5**7 signature ids of the honors, each < honors */
    uint8_t sanma_ids[25]; /* three-player manzu by 5 * c_1m + c_9m, each < pair_rows */
    uint8_t *pair_ids;     /* pair_rows x numbers, each < triple_rows */
    uint8_t *triple_ids;   /* triple_rows x numbers, each < triple_rows */
    uint8_t *final_values; /* triple_rows x honors x 5 */
    Py_ssize_t numbers, honors, pair_rows, triple_rows;
    uint8_t seven_pairs[256], thirteen_orphans[256];
    PyObject *hand_type; /* mjasp.core.hand.Hand */
    PyObject *str_counts, *str_melds, *str_standard, *str_blocks, *str_form, *str_red;
    /* readings_init(): the shipped suit readings */
    int readings_ready;
    Space spaces[2];          /* number, honor */
    PyObject *suit_blocks[4]; /* per suit (m, p, s, honors): a tuple of 256, code -> Block */
    /* reading_init(): how a reading is built */
    PyTypeObject *reading_type;
    /* the slot descriptors of a reading's blocks, form and melds and of a Hand's counts,
     * red and melds (NULL: not a writable slot of that very class, set by name) */
    PyObject *reading_fields[3], *hand_fields[3];
    PyObject *form_standard, *form_chiitoitsu, *form_kokushi, *pair_blocks, *single_blocks;
    /* win_init(): the Win type, its fields' slot descriptors in __init__'s order, the
     * usual tile names and the winds */
    PyObject *win_type, *win_names, *win_winds;
    PyObject *win_fields[WIN_FIELDS];
    /* facts_init(), hand_facts_init(): the direct scoring engine's facts */
    PyObject *facts_type, *facts_standard, *no_sets, *str_kind, *str_tile;
    PyObject *facts_fields[FACT_FIELDS], *block_kinds[3], *meld_kinds[3];
    PyObject *hand_facts_type, *wind_tiles, *str_seat_wind, *str_round_wind;
    PyObject *hand_facts_fields[HAND_FACT_FIELDS], *all_meld_kinds[4], *flag_names[FLAG_FIELDS];
    /* hand_facts(): each kinds set built, by its kinds as bits (KINDS_SETS slots, one
     * per hash of the bits, a later set replacing an earlier one: a hit spares the int
     * key and a dict lookup, allocated by the module's exec) */
    KindsSet *kinds_sets;
    /* reading_facts(): the row (tile, quad, concealed) of each kind and flags, built on
     * first use (a tuple is immutable: every reading may share it) */
    PyObject *set_rows[KINDS * 4];
    /* hand_facts(): the last Win asked (held: a Win is frozen, so what is read of it stays
     * true while it lives) and its seat and round wind tiles and flags tuple */
    PyObject *facts_win, *facts_seat, *facts_round, *facts_flags;
    /* slots_init(): the slot descriptor of each field the facts read (S_...), NULL where
     * the class's attribute is not a slot of its own (then read by name) */
    PyObject *slots[SLOTS];
    /* builder_init(): the value types build() fills, and their fields' descriptors */
    int builders;
    PyObject *builder_types[BUILDERS], *builder_fields[BUILDERS];
    Memo *memo; /* MEMO entries, allocated by the module's exec */
    /* the ints 0..4 (a count), held from the module's exec: a tuple of counts filled and
     * a count read by identity, without a call per count */
    PyObject *small[5];
} State;

static inline State *state_of(PyObject *module) { return (State *)PyModule_GetState(module); }

/* ---------------------------------------------------------------- per-suit values */

/* ---------------------------------------------------------------- eight counts at once
 * batch() reads a suit's first eight counts as one 64-bit word (a lane per count) and
 * works on all lanes together; the results are the same sums as the loops above. */

#define ONES 0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL
#define LOW7 0x7F7F7F7F7F7F7F7FULL

/* eight counts as the lanes of a word, the first count in the lowest lane: one load on a
 * little-endian machine (GCC at -O2 kept the byte-by-byte loop as a loop), byte by byte
 * elsewhere so the order is the same on any machine */
static inline uint64_t lanes(const uint8_t *c) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t x;
    memcpy(&x, c, 8);
    return x;
#else
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--) x = x << 8 | c[i];
    return x;
#endif
}

/* a high bit in each lane holding at least k (1 <= k <= 127; lanes of 128+ count too) */
static inline uint64_t at_least(uint64_t x, unsigned k) {
    return (((x & LOW7) + (0x80 - k) * ONES) | x) & HIGHS;
}


/* sum of the lanes, each at most 31 (so the total stays below 256) */
static inline unsigned lane_sum(uint64_t x) { return (unsigned)((x * ONES) >> 56); }

/* Σ lane_i · 5**i of eight lanes of 0..4: pairs, then quartets, then the two halves */
static inline uint32_t base5_lanes(uint64_t x) {
    uint64_t y = (x & 0x00FF00FF00FF00FFULL) + ((x >> 8) & 0x00FF00FF00FF00FFULL) * 5;
    uint64_t z = (y & 0x0000FFFF0000FFFFULL) + ((y >> 16) & 0x0000FFFF0000FFFFULL) * 25;
    return (uint32_t)((z & 0xFFFFFFFFULL) + (z >> 32) * 625);
}

/* the lanes holding at least k, each as 0 or 1 (so up to 255 such words add lane by lane) */
static inline uint64_t ones_at_least(uint64_t x, unsigned k) { return at_least(x, k) >> 7; }

typedef struct {
    int standard, seven_pairs, orphans, three_player, quads;
} Forms;

/* A hand of 34 counts (0..4) as lane words: 1m-8m, 1p-8p, 1s-8s, the honors, and the
 * three ninth counts. In sanma the manzu word keeps 1m only (2m-8m are not in the wall). */
typedef struct {
    uint64_t m, p, s, z;
    unsigned m9, p9, s9;
} Lanes;

static inline Lanes read_lanes(const uint8_t *c, int three_player) {
    /* the honors: eight counts from 9s on, 9s shifted out (so no read past the row) */
    Lanes h = {lanes(c), lanes(c + 9), lanes(c + 18), lanes(c + 26) >> 8,
               c[8], c[17], c[26]};
    if (three_player) h.m &= 0xFF;
    return h;
}

/* What the special forms read of a hand: how many kinds it holds at least once, twice,
 * three and four times (the last two for the quad rule alone), and how many terminals
 * and honors at least once and twice; each only where its form applies (else 0). */
typedef struct {
    unsigned held, pairs, threes, fours, ends_held, ends_twice;
} SpecialCounts;

static inline SpecialCounts special_counts(const Lanes *h, const Forms *f) {
    SpecialCounts n = {0, 0, 0, 0, 0, 0};
    if (f->seven_pairs) {
        uint64_t one = (ones_at_least(h->m, 1) + ones_at_least(h->p, 1)
                        + ones_at_least(h->s, 1) + ones_at_least(h->z, 1));
        uint64_t two = (ones_at_least(h->m, 2) + ones_at_least(h->p, 2)
                        + ones_at_least(h->s, 2) + ones_at_least(h->z, 2));
        n.held = lane_sum(one) + (h->m9 >= 1) + (h->p9 >= 1) + (h->s9 >= 1);
        n.pairs = lane_sum(two) + (h->m9 >= 2) + (h->p9 >= 2) + (h->s9 >= 2);
        if (f->quads) {
            uint64_t three = (ones_at_least(h->m, 3) + ones_at_least(h->p, 3)
                              + ones_at_least(h->s, 3) + ones_at_least(h->z, 3));
            uint64_t four = (ones_at_least(h->m, 4) + ones_at_least(h->p, 4)
                             + ones_at_least(h->s, 4) + ones_at_least(h->z, 4));
            n.threes = lane_sum(three) + (h->m9 >= 3) + (h->p9 >= 3) + (h->s9 >= 3);
            n.fours = lane_sum(four) + (h->m9 == 4) + (h->p9 == 4) + (h->s9 == 4);
        }
    }
    if (f->orphans) {
        /* the six terminals as the lanes of one word, beside the honors' word */
        uint64_t ends = ((h->m & 0xFF) | (uint64_t)h->m9 << 8 | (h->p & 0xFF) << 16
                         | (uint64_t)h->p9 << 24 | (h->s & 0xFF) << 32 | (uint64_t)h->s9 << 40);
        n.ends_held = lane_sum(ones_at_least(ends, 1) + ones_at_least(h->z, 1));
        n.ends_twice = lane_sum(ones_at_least(ends, 2) + ones_at_least(h->z, 2));
    }
    return n;
}

/* The least replacement number of the special forms from their counts (INF when neither
 * applies). Seven pairs: with P kinds held twice or more and S held once (a quad two
 * pairs and a triplet a pair and a single with the quad rule), table._pair_stats packs
 * 32 * min(P, 7) + min(S, 7), summed over suits; in at most 14 tiles P is at most 7, and
 * clamping S per suit or over the hand gives the same value (seven_pairs reads
 * min(S, 7 - P)), so the counts of the whole hand are packed at once. Thirteen orphans:
 * 16 per terminal or honor missing plus 1 per one held once (table._orphan_stats). Each
 * index stays inside its 256 entries whatever the counts (clamped, masked). */
static inline int special_of(const State *st, const SpecialCounts *n, const Forms *f) {
    int best = INF;
    if (f->seven_pairs) {
        unsigned pairs = n->pairs, singles = n->held - n->pairs;
        if (f->quads) {
            pairs += n->fours;
            singles += n->threes - n->fours;
        }
        best = st->seven_pairs[32 * (pairs < 7 ? pairs : 7) + (singles < 7 ? singles : 7)];
    }
    if (f->orphans) {
        unsigned held = n->ends_held, twice = n->ends_twice;
        int value = st->thirteen_orphans[(16 * (13 - held) + held - twice) & 255];
        if (value < best) best = value;
    }
    return best;
}

static inline int special_value(const State *st, const Lanes *h, const Forms *f) {
    SpecialCounts n = special_counts(h, f);
    return special_of(st, &n, f);
}

/* The standard form's replacement number from the four suit indices (table.build_tables) */
static inline int standard_value(const State *st, uint32_t mi, uint32_t pi, uint32_t si,
                                 uint32_t zi, int melds, int three_player) {
    /* in range by construction: indices of counts 0..4 (mi < 25 in sanma, < 5**9, zi
     * < 5**7), ids checked against the table sizes by init(), melds 0..4 by the callers */
    unsigned m = three_player ? st->sanma_ids[mi] : st->number_ids[mi];
    unsigned three = st->triple_ids[st->pair_ids[m * st->numbers + st->number_ids[pi]]
                                    * st->numbers + st->number_ids[si]];
    return st->final_values[(three * st->honors + st->honor_ids[zi]) * 5 + melds];
}

/* The four suit indices standard_value() reads (base 5, a suit's first count lowest, its
 * ninth at 5**8; three-player manzu 5 * c_1m + c_9m) of a hand's counts and lanes. */
static inline void suit_indices(const Lanes *h, const uint8_t *c, int three_player,
                                uint32_t index[4]) {
    index[0] = three_player ? 5u * c[0] + h->m9 : base5_lanes(h->m) + h->m9 * 390625u;
    index[1] = base5_lanes(h->p) + h->p9 * 390625u;
    index[2] = base5_lanes(h->s) + h->s9 * 390625u;
    index[3] = base5_lanes(h->z);
}

/* The least replacement number of one hand of 34 counts (each 0..4) over the forms. */
static int replacement(const State *st, const uint8_t *c, int melds, const Forms *f,
                       int special) {
    Lanes h = read_lanes(c, f->three_player);
    int best = INF;
    if (f->standard) {
        uint32_t index[4];
        suit_indices(&h, c, f->three_player, index);
        best = standard_value(st, index[0], index[1], index[2], index[3], melds,
                              f->three_player);
    }
    if (special) {
        int value = special_value(st, &h, f);
        if (value < best) best = value;
    }
    return best;
}

static const Forms DEFAULT_FORMS = {1, 1, 1, 0, 0};
static const Forms STANDARD_ONLY = {1, 0, 0, 0, 0};

/* ---------------------------------------------------------------- reading a hand */

/* 34 counts from a list, tuple, bytes or bytearray into out; 0 when it is not one of
 * those, or not 34 ints in 0..4 (the caller's general path explains what is wrong). */
static int read_counts(PyObject *obj, uint8_t *out) {
    if (PyList_CheckExact(obj) || PyTuple_CheckExact(obj)) {
        if (PySequence_Fast_GET_SIZE(obj) != KINDS) return 0;
        PyObject **items = PySequence_Fast_ITEMS(obj);
        for (int i = 0; i < KINDS; i++) {
            PyObject *item = items[i];
            if (!PyLong_Check(item) || PyBool_Check(item)) return 0; /* True is no count */
            int overflow = 0;
            long value = PyLong_AsLongAndOverflow(item, &overflow);
            if (overflow || value < 0 || value > 4) {
                if (value == -1 && PyErr_Occurred()) PyErr_Clear();
                return 0;
            }
            out[i] = (uint8_t)value;
        }
        return 1;
    }
    const char *data;
    Py_ssize_t size;
    if (PyBytes_CheckExact(obj)) {
        data = PyBytes_AS_STRING(obj);
        size = PyBytes_GET_SIZE(obj);
    } else if (PyByteArray_CheckExact(obj)) {
        data = PyByteArray_AS_STRING(obj);
        size = PyByteArray_GET_SIZE(obj);
    } else {
        return 0;
    }
    if (size != KINDS) return 0;
    for (int i = 0; i < KINDS; i++) {
        if ((uint8_t)data[i] > 4) return 0;
        out[i] = (uint8_t)data[i];
    }
    return 1;
}

/* Plain mpsz (notation.plain_counts + text_counts): runs of digits each closed by m, p,
 * s or z, spaces ignored; 0 is a red five (at most one per suit here). Anything else, a
 * count above 4 included, gives 0: the general path parses it and says what is wrong. */
static int read_chars_red(const Py_UCS1 *chars, Py_ssize_t length, uint8_t *out,
                          int *red_out);

static int read_text_red(PyObject *text, uint8_t *out, int *red_out) {
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(text) < 0) { /* a no-op from Python 3.12 on */
        PyErr_Clear();
        return 0;
    }
#endif
    if (PyUnicode_KIND(text) != PyUnicode_1BYTE_KIND) return 0;
    return read_chars_red(PyUnicode_1BYTE_DATA(text), PyUnicode_GET_LENGTH(text), out, red_out);
}

/* read_text_red of `length` one-byte characters */
static int read_chars_red(const Py_UCS1 *chars, Py_ssize_t length, uint8_t *out,
                          int *red_out) {
    int counts[KINDS] = {0};
    int pending = 0, runs = 0, red[3] = {0, 0, 0};
    int pending_digits[64];
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS1 ch = chars[i];
        if (ch == ' ') continue;
        if (ch >= '0' && ch <= '9') {
            if (pending == 64) return 0;
            pending_digits[pending++] = ch - '0';
            continue;
        }
        int base;
        switch (ch) {
            case 'm': base = 0; break;
            case 'p': base = 9; break;
            case 's': base = 18; break;
            case 'z': base = 27; break;
            default: return 0;
        }
        if (!pending) return 0;
        for (int k = 0; k < pending; k++) {
            int d = pending_digits[k];
            /* kind 0..33 whatever the digit; a fifth copy ends the read at once (so no
             * count grows past 5, however long the text) */
            int kind;
            if (base == 27) {
                if (d < 1 || d > 7) return 0;
                kind = base + d - 1;
            } else if (d == 0) {
                kind = base + 4;
                if (++red[base / 9] > 1) return 0;
            } else {
                kind = base + d - 1;
            }
            if (++counts[kind] > 4) return 0;
        }
        pending = 0;
        runs++;
    }
    if (pending || !runs || red[0] > 1 || red[1] > 1 || red[2] > 1) return 0;
    for (int i = 0; i < KINDS; i++) {
        if (counts[i] > 4) return 0;
        out[i] = (uint8_t)counts[i];
    }
    if (red_out) memcpy(red_out, red, sizeof red);
    return 1;
}

static int read_text(PyObject *text, uint8_t *out) { return read_text_red(text, out, NULL); }

/* ---------------------------------------------------------------- building a Hand
 * The checks of Hand's fast constructors (mjasp/core/hand.py) in one call each; None hands
 * the input back to Python, whose general path builds the hand or says what is wrong. */

/* the int of a count 0..4 (a new reference; NULL on an error) */
static inline PyObject *count_object(const State *st, uint8_t n) {
    return n <= 4 ? Py_NewRef(st->small[n]) : PyLong_FromLong(n);
}

/* the count 0..4 an int is (read by identity: the ints 0..4 are shared), else its value
 * (-1 with an error set where it is not an int) */
static inline long count_value(const State *st, PyObject *item) {
    for (int n = 0; n <= 4; n++)
        if (item == st->small[n]) return n;
    return PyLong_AsLong(item);
}

/* 34 counts as a tuple of Python ints (the shared small ints 0..4) */
static PyObject *counts_tuple(const State *st, const uint8_t *c) {
    PyObject *out = PyTuple_New(KINDS);
    for (int i = 0; out && i < KINDS; i++) {
        PyObject *value = count_object(st, c[i]);
        if (value == NULL) Py_CLEAR(out);
        else PyTuple_SET_ITEM(out, i, value);
    }
    return out;
}

static int tile_total(const uint8_t *c) {
    int tiles = 0;
    for (int i = 0; i < KINDS; i++) tiles += c[i];
    return tiles;
}

/* the writable slot descriptor `name` of `type`'s own dictionary (a new reference), where
 * object.__setattr__ finds it first; else NULL, no error (then set by name) */
static PyObject *own_slot(PyObject *type, PyObject *name) {
    PyObject *found = PyDict_GetItemWithError(((PyTypeObject *)type)->tp_dict, name);
    if (found == NULL) {
        PyErr_Clear();
        return NULL;
    }
    if (Py_TYPE(found) != &PyMemberDescr_Type || PyDescr_TYPE(found) != (PyTypeObject *)type ||
        (((PyMemberDescrObject *)found)->d_member->flags & Py_READONLY))
        return NULL;
    return Py_NewRef(found);
}

/* object.__setattr__(obj, name, value): through `slot` (own_slot's) if there is one, the
 * lookup of the name in the class's dictionaries spared */
static inline int set_field(PyObject *obj, PyObject *slot, PyObject *name, PyObject *value) {
    if (slot != NULL) return Py_TYPE(slot)->tp_descr_set(slot, obj, value);
    return PyObject_GenericSetAttr(obj, name, value);
}

/* the hand type's slots (after hand_type is set) */
static void hand_slots(State *st) {
    PyObject *names[3] = {st->str_counts, st->str_red, st->str_melds};
    for (int i = 0; i < 3; i++) Py_XSETREF(st->hand_fields[i], own_slot(st->hand_type, names[i]));
}

/* A Hand of `counts` (a tuple, stolen), red fives and `melds` (a tuple in canonical
 * order, stolen; NULL: none), built as hand.trusted_hand builds one (object.__new__, then
 * object.__setattr__ per field: the public API, the class's frozen __setattr__
 * bypassed); NULL on an error. */
static PyObject *new_hand_melds(const State *st, PyObject *counts, const int red[3],
                                PyObject *melds) {
    if (melds == NULL) melds = PyTuple_New(0);
    if (counts == NULL || melds == NULL) {
        Py_XDECREF(counts);
        Py_XDECREF(melds);
        return NULL;
    }
    PyObject *reds = red[0] >= 0 && red[0] <= 4 && red[1] >= 0 && red[1] <= 4 && red[2] >= 0 &&
                             red[2] <= 4
                         ? PyTuple_Pack(3, st->small[red[0]], st->small[red[1]],
                                        st->small[red[2]])
                         : Py_BuildValue("(iii)", red[0], red[1], red[2]);
    PyObject *hand = reds ? PyType_GenericNew((PyTypeObject *)st->hand_type, NULL, NULL) : NULL;
    if (hand == NULL || set_field(hand, st->hand_fields[0], st->str_counts, counts) < 0 ||
        set_field(hand, st->hand_fields[1], st->str_red, reds) < 0 ||
        set_field(hand, st->hand_fields[2], st->str_melds, melds) < 0)
        Py_CLEAR(hand);
    Py_DECREF(counts);
    Py_DECREF(melds);
    Py_XDECREF(reds);
    return hand;
}

static PyObject *new_hand(const State *st, PyObject *counts, const int red[3]) {
    return new_hand_melds(st, counts, red, NULL);
}

static int hand_not_ready(const State *st) {
    if (st->hand_type == NULL)
        PyErr_SetString(PyExc_RuntimeError, "mjasp kernel: hand_init() not called");
    return st->hand_type == NULL;
}

/* hand_counts(counts) -> Hand | None: a list or tuple of 34 ints 0..4 (no bools) of at
 * most 14 tiles as a Hand, else None. */
static PyObject *k_hand_counts(PyObject *self, PyObject *arg) {
    const State *st = state_of(self);
    if (hand_not_ready(st)) return NULL;
    uint8_t c[KINDS];
    static const int none[3] = {0, 0, 0};
    if (!(PyList_CheckExact(arg) || PyTuple_CheckExact(arg)) || !read_counts(arg, c) ||
        tile_total(c) > 14)
        Py_RETURN_NONE;
    return new_hand(st, PyTuple_CheckExact(arg) ? Py_NewRef(arg) : counts_tuple(st, c), none);
}

/* hand_ids(ids) -> (counts, red) | None: a list or tuple of at most 14 distinct ints
 * 0..135 (no bools) as 34 counts and the red fives (ids 16, 52, 88), else None. */
static PyObject *k_hand_ids(PyObject *self, PyObject *arg) {
    const State *st = state_of(self);
    if (hand_not_ready(st)) return NULL;
    if (!(PyList_CheckExact(arg) || PyTuple_CheckExact(arg))) Py_RETURN_NONE;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(arg);
    if (n > 14) Py_RETURN_NONE;
    PyObject **items = PySequence_Fast_ITEMS(arg);
    uint8_t c[KINDS] = {0}, seen[136] = {0};
    int red[3] = {0, 0, 0};
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyLong_Check(items[i]) || PyBool_Check(items[i])) Py_RETURN_NONE;
        int overflow = 0;
        long id = PyLong_AsLongAndOverflow(items[i], &overflow);
        if (id == -1 && PyErr_Occurred()) return NULL;
        if (overflow || id < 0 || id > 135 || seen[id]) Py_RETURN_NONE;
        seen[id] = 1;
        c[id / 4]++; /* distinct ids: at most 4 of a kind */
        if (id == 16 || id == 52 || id == 88) red[(id - 16) / 36] = 1;
    }
    return new_hand(st, counts_tuple(st, c), red);
}

/* hand_text(text, most) -> Hand | None: plain mpsz (read_text's grammar, at most one
 * red five a suit) of at most `most` tiles (14 less the melds' 3 each), else None. */
static PyObject *k_hand_text(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "hand_text(text, most)");
        return NULL;
    }
    const State *st = state_of(self);
    if (hand_not_ready(st)) return NULL;
    long most = PyLong_AsLong(args[1]);
    if (most == -1 && PyErr_Occurred()) return NULL;
    uint8_t c[KINDS];
    int red[3];
    if (!PyUnicode_CheckExact(args[0]) || !read_text_red(args[0], c, red) ||
        tile_total(c) > most)
        Py_RETURN_NONE;
    return new_hand(st, counts_tuple(st, c), red);
}

/* hand_text_melds(text, table, most, most_red) -> Hand | None: mpsz text of plain tiles followed
 * by bracket groups, each a key of `table` as written with its spaces removed (hand.py's
 * _meld_texts: group text -> (rank, Meld, tile kinds, suit 0..3, red fives)), as
 * hand._parse_with_melds reads it: at most `most` tiles (a meld counted as three), no fifth
 * copy, at most `most_red` red fives of a suit, concealed and called together. None for
 * anything else (_parse_with_melds, then the general path, read it and say what is wrong). */
#define GROUP_CHARS 16
static PyObject *k_hand_text_melds(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyDict_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "hand_text_melds(text, table: dict, most, most_red)");
        return NULL;
    }
    const State *st = state_of(self);
    if (hand_not_ready(st)) return NULL;
    long most = PyLong_AsLong(args[2]);
    if (most == -1 && PyErr_Occurred()) return NULL;
    long most_red = PyLong_AsLong(args[3]);
    if (most_red == -1 && PyErr_Occurred()) return NULL;
    PyObject *text = args[0];
    if (!PyUnicode_CheckExact(text)) Py_RETURN_NONE;
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(text) < 0) return NULL;
#endif
    if (PyUnicode_KIND(text) != PyUnicode_1BYTE_KIND) Py_RETURN_NONE;
    const Py_UCS1 *chars = PyUnicode_1BYTE_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), start = 0;
    while (start < length && chars[start] != '[' && chars[start] != '(') start++;
    if (start == length) Py_RETURN_NONE;
    /* the groups: each piece ends at a closing bracket, spaces dropped (at most 4 melds
     * here: more are left to Python) */
    PyObject *entries[4];
    int n = 0, ok = 1;
    char piece[GROUP_CHARS];
    int used = 0;
    for (Py_ssize_t i = start; ok && i < length; i++) {
        Py_UCS1 ch = chars[i];
        if (ch == ' ') continue;
        if (used == GROUP_CHARS) { ok = 0; break; }
        piece[used++] = (char)ch;
        if (ch != ']' && ch != ')') continue;
        if (n == 4) { ok = 0; break; }
        PyObject *key = PyUnicode_FromStringAndSize(piece, used);
        if (key == NULL) { ok = -1; break; }
        PyObject *entry = PyDict_GetItemWithError(args[1], key); /* borrowed */
        Py_DECREF(key);
        if (entry == NULL) { ok = PyErr_Occurred() ? -1 : 0; break; }
        if (!PyTuple_CheckExact(entry) || PyTuple_GET_SIZE(entry) != 5) { ok = 0; break; }
        entries[n++] = entry;
        used = 0;
    }
    if (ok < 0) return NULL;
    if (!ok || used) Py_RETURN_NONE; /* loose tiles after the last group */
    long room = most - 3 * n;
    if (room < 0) Py_RETURN_NONE;
    uint8_t c[KINDS];
    int red[3] = {0, 0, 0};
    int blank = 1;
    for (Py_ssize_t i = 0; i < start; i++) blank = blank && chars[i] == ' ';
    if (blank) memset(c, 0, sizeof c);
    else if (!read_chars_red(chars, start, c, red) || tile_total(c) > room) Py_RETURN_NONE;
    int total[KINDS], all_red[4] = {red[0], red[1], red[2], 0};
    long ranks[4];
    for (int i = 0; i < KINDS; i++) total[i] = c[i];
    for (int m = 0; m < n; m++) {
        PyObject *rank = PyTuple_GET_ITEM(entries[m], 0), *kinds = PyTuple_GET_ITEM(entries[m], 2);
        PyObject *suit = PyTuple_GET_ITEM(entries[m], 3), *meld_red = PyTuple_GET_ITEM(entries[m], 4);
        if (!PyLong_CheckExact(rank) || !PyTuple_CheckExact(kinds) || !PyLong_CheckExact(suit) ||
            !PyLong_CheckExact(meld_red))
            Py_RETURN_NONE;
        ranks[m] = PyLong_AsLong(rank);
        long s = PyLong_AsLong(suit), r = PyLong_AsLong(meld_red);
        if (PyErr_Occurred()) return NULL;
        if (s < 0 || s > 3 || r < 0 || r > 4) Py_RETURN_NONE;
        all_red[s] += (int)r;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(kinds); k++) {
            long kind = PyLong_AsLong(PyTuple_GET_ITEM(kinds, k));
            if (kind == -1 && PyErr_Occurred()) return NULL;
            if (kind < 0 || kind >= KINDS) Py_RETURN_NONE;
            if (++total[kind] > 4) Py_RETURN_NONE;
        }
    }
    if (all_red[0] > most_red || all_red[1] > most_red || all_red[2] > most_red) Py_RETURN_NONE;
    /* canonical order: by rank (insertion sort of at most four) */
    for (int i = 1; i < n; i++) {
        for (int j = i; j > 0 && ranks[j - 1] > ranks[j]; j--) {
            long r = ranks[j];
            ranks[j] = ranks[j - 1];
            ranks[j - 1] = r;
            PyObject *e = entries[j];
            entries[j] = entries[j - 1];
            entries[j - 1] = e;
        }
    }
    PyObject *melds = PyTuple_New(n);
    if (melds == NULL) return NULL;
    for (int m = 0; m < n; m++)
        PyTuple_SET_ITEM(melds, m, Py_NewRef(PyTuple_GET_ITEM(entries[m], 1)));
    return new_hand_melds(st, counts_tuple(st, c), red, melds);
}

/* ---------------------------------------------------------------- the fields the fills set
 * Whether every item of the tuple `fields` is a field the fills below can set, each
 * through its own descriptor's __set__: a slot (a member descriptor) that is not
 * read-only, or, with `getsets`, also a field of an extension type (a getset descriptor:
 * the direct engine's fact types where Cython compiled them) that has a setter. Else 0,
 * with a TypeError naming `call`, the field's position and what is wrong with it. */
static int settable_fields(const char *call, PyObject *fields, int getsets) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fields); i++) {
        PyObject *field = PyTuple_GET_ITEM(fields, i);
        int writable;
        if (Py_TYPE(field) == &PyMemberDescr_Type) {
            writable = !(((PyMemberDescrObject *)field)->d_member->flags & Py_READONLY);
        } else if (getsets && Py_TYPE(field) == &PyGetSetDescr_Type) {
            writable = ((PyGetSetDescrObject *)field)->d_getset->set != NULL;
        } else {
            PyErr_Format(PyExc_TypeError, "%s: field %zd is a %.100s, %s", call, i,
                         Py_TYPE(field)->tp_name,
                         getsets ? "neither a slot (a member descriptor) nor an extension "
                                   "type's field (a getset descriptor)"
                                 : "not a slot (a member descriptor)");
            return 0;
        }
        if (!writable) {
            PyErr_Format(PyExc_TypeError, "%s: field %zd, %R, is read-only", call, i, field);
            return 0;
        }
    }
    return 1;
}

/* ---------------------------------------------------------------- building a Win
 * Win.__init__'s field stores and its test of the usual situation in one call: the
 * Python statement of both is that __init__ (mjasp/core/win.py), used when this module
 * is not; tests/core/test_win.py compares the two. */

/* win_init(Win, fields, names, winds): the type, the slot descriptor of each field in
 * __init__'s order, the usual tile names and the winds (frozensets) */
static PyObject *k_win_init(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    State *st = state_of(self);
    if (nargs != 4 || !PyType_Check(args[0]) || !PyTuple_CheckExact(args[1]) ||
        PyTuple_GET_SIZE(args[1]) != WIN_FIELDS || !PyFrozenSet_CheckExact(args[2]) ||
        !PyFrozenSet_CheckExact(args[3])) {
        PyErr_SetString(PyExc_TypeError,
                        "win_init(Win, fields: tuple of 20 slot descriptors, names, winds)");
        return NULL;
    }
    if (!settable_fields("win_init", args[1], 0)) return NULL;
    Py_XSETREF(st->win_type, Py_NewRef(args[0]));
    for (int i = 0; i < WIN_FIELDS; i++)
        Py_XSETREF(st->win_fields[i], Py_NewRef(PyTuple_GET_ITEM(args[1], i)));
    Py_XSETREF(st->win_names, Py_NewRef(args[2]));
    Py_XSETREF(st->win_winds, Py_NewRef(args[3]));
    Py_RETURN_NONE;
}

/* `value` in the frozenset `set`, an unhashable value counted as not in it (as the
 * Python test, whose TypeError makes the situation unusual); -1 on another error */
static int usual_member(PyObject *set, PyObject *value) {
    int found = PySet_Contains(set, value);
    if (found < 0 && PyErr_ExceptionMatches(PyExc_TypeError)) {
        PyErr_Clear();
        return 0;
    }
    return found;
}

/* an exact int in low..high (high < 0: no bound) */
static int int_within(PyObject *value, long low, long high) {
    if (!PyLong_CheckExact(value)) return 0;
    int overflow;
    long n = PyLong_AsLongAndOverflow(value, &overflow);
    if (overflow) return overflow > 0 && high < 0;
    return n >= low && (high < 0 || n <= high);
}

/* every item of the exact tuple `items` in `set` */
static int usual_items(PyObject *set, PyObject *items) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(items); i++) {
        int found = usual_member(set, PyTuple_GET_ITEM(items, i));
        if (found <= 0) return found;
    }
    return 1;
}

/* win_fill(win, tile, tsumo, ..., robbed_north) -> bool: store the 20 fields of a Win
 * (exactly that type) in __init__'s order, and say whether the situation is the usual one
 * (Win.__init__'s test: a usual tile name, bools, ints in range, usual winds, tuples of
 * at most 5 usual indicator names); False sends it to win._normalise. */
static PyObject *k_win_fill(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    const State *st = state_of(self);
    if (st->win_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "mjasp kernel: win_init() not called");
        return NULL;
    }
    if (nargs != WIN_FIELDS + 1 || (PyObject *)Py_TYPE(args[0]) != st->win_type) {
        PyErr_SetString(PyExc_TypeError, "win_fill(win: Win, 20 fields)");
        return NULL;
    }
    PyObject *win = args[0];
    const PyObject *const *f = (const PyObject *const *)args + 1;
    for (int i = 0; i < WIN_FIELDS; i++) {
        PyObject *field = st->win_fields[i];
        if (Py_TYPE(field)->tp_descr_set(field, win, args[i + 1]) < 0) return NULL;
    }
    /* the fields by position: 0 tile, 1 tsumo, 2 seat_wind, 3 round_wind, 4 dora_indicators,
     * 5 ura_indicators, 6 riichi, 7 ippatsu, 8 rinshan, 9 chankan, 10 haitei, 11 houtei,
     * 12 tenhou, 13 chiihou, 14 honba, 15 riichi_sticks, 16 renhou, 17 north_dora,
     * 18 liable, 19 robbed_north */
    static const int flags[] = {1, 7, 8, 9, 10, 11, 12, 13, 16, 19};
    PyObject *tile = (PyObject *)f[0], *dora = (PyObject *)f[4], *ura = (PyObject *)f[5];
    PyObject *liable = (PyObject *)f[18];
    int usual = PyUnicode_CheckExact(tile);
    if (usual) usual = usual_member(st->win_names, tile);
    for (int i = 0; usual > 0 && i < (int)(sizeof flags / sizeof flags[0]); i++)
        usual = PyBool_Check(f[flags[i]]);
    if (usual > 0)
        usual = int_within((PyObject *)f[6], 0, 2) && int_within((PyObject *)f[14], 0, -1) &&
                int_within((PyObject *)f[15], 0, -1) && int_within((PyObject *)f[17], 0, 4);
    if (usual > 0) usual = usual_member(st->win_winds, (PyObject *)f[2]);
    if (usual > 0) usual = usual_member(st->win_winds, (PyObject *)f[3]);
    if (usual > 0)
        usual = PyTuple_CheckExact(dora) && PyTuple_CheckExact(ura) &&
                PyTuple_GET_SIZE(dora) <= 5;
    if (usual > 0) usual = usual_items(st->win_names, dora);
    if (usual > 0) usual = usual_items(st->win_names, ura);
    if (usual > 0 && liable != Py_None) usual = usual_member(st->win_winds, liable);
    if (usual < 0) return NULL;
    return PyBool_FromLong(usual);
}

/* ---------------------------------------------------------------- a reading's facts
 * What the direct scoring engine reads of a reading (scoring_direct._reading_facts, the
 * Python statement, used when this module is not; tests/solvers/test_reading_facts.py
 * compares the two): the sequences, the sets, the pair, the set tiles and the concealed
 * sets. Facts of the decomposition, no scoring rule (what a yaku makes of them, such as
 * identical sequences, stays in the yaku records of scoring_direct). */

/* A new, empty instance of `type` by its own __new__ with no argument (object.__new__ for
 * a class with __slots__; an extension type's, which sets its fields to None), its fields
 * then set one by one through their descriptors */
static PyObject *new_empty(PyObject *type) {
    PyObject *no_args = PyTuple_New(0);
    if (no_args == NULL) return NULL;
    PyObject *made = ((PyTypeObject *)type)->tp_new((PyTypeObject *)type, no_args, NULL);
    Py_DECREF(no_args);
    return made;
}

/* facts_init(ReadingFacts, fields, (SEQUENCE, TRIPLET, PAIR), (CHI, KAN, ANKAN), STANDARD,
 * no_sets): the type, the descriptor of each of its 7 fields in order (settable_fields),
 * the block and meld kinds, the standard form and the empty set of set tiles */
static PyObject *k_facts_init(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    State *st = state_of(self);
    if (nargs != 6 || !PyType_Check(args[0]) || !PyTuple_CheckExact(args[1]) ||
        PyTuple_GET_SIZE(args[1]) != FACT_FIELDS || !PyTuple_CheckExact(args[2]) ||
        PyTuple_GET_SIZE(args[2]) != 3 || !PyTuple_CheckExact(args[3]) ||
        PyTuple_GET_SIZE(args[3]) != 3 || !PyFrozenSet_CheckExact(args[5])) {
        PyErr_SetString(PyExc_TypeError, "facts_init(ReadingFacts, fields: tuple of 7 field "
                        "descriptors, block kinds, meld kinds, STANDARD, no_sets)");
        return NULL;
    }
    if (!settable_fields("facts_init", args[1], 1)) return NULL;
    Py_XSETREF(st->facts_type, Py_NewRef(args[0]));
    for (int i = 0; i < FACT_FIELDS; i++)
        Py_XSETREF(st->facts_fields[i], Py_NewRef(PyTuple_GET_ITEM(args[1], i)));
    for (int i = 0; i < 3; i++) {
        Py_XSETREF(st->block_kinds[i], Py_NewRef(PyTuple_GET_ITEM(args[2], i)));
        Py_XSETREF(st->meld_kinds[i], Py_NewRef(PyTuple_GET_ITEM(args[3], i)));
    }
    Py_XSETREF(st->facts_standard, Py_NewRef(args[4]));
    Py_XSETREF(st->no_sets, Py_NewRef(args[5]));
    Py_RETURN_NONE;
}

/* obj.name (a new reference): through `slot`, a slot descriptor of slots_init(), when obj
 * is exactly of the slot's class (no lookup of the name in the class's dictionaries), else
 * by name as any attribute */
static PyObject *slot_get(PyObject *obj, PyObject *slot, PyObject *name) {
    if (slot != NULL && Py_TYPE(obj) == PyDescr_TYPE(slot)) {
        /* a plain object slot (no flag: not audited, not restricted) read where the
         * descriptor's get reads it, its checks passed above; an empty slot by the get,
         * which raises its AttributeError */
        const PyMemberDef *member = ((PyMemberDescrObject *)slot)->d_member;
        if (member->type == MJASP_T_OBJECT_EX && (member->flags & ~Py_READONLY) == 0) {
            PyObject *value = *(PyObject **)((char *)obj + member->offset);
            if (value != NULL) return Py_NewRef(value);
        }
        return Py_TYPE(slot)->tp_descr_get(slot, obj, (PyObject *)Py_TYPE(obj));
    }
    return PyObject_GetAttr(obj, name);
}

/* slots_init(Block, Meld, Decomposition, Hand, Win): the slot descriptors of the fields the
 * facts read (after hand_facts_init(), whose flag names it looks up) */
static PyObject *k_slots_init(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    State *st = state_of(self);
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "slots_init(Block, Meld, Decomposition, Hand, Win)");
        return NULL;
    }
    for (int i = 0; i < 5; i++) {
        if (!PyType_Check(args[i])) {
            PyErr_SetString(PyExc_TypeError, "slots_init: five types");
            return NULL;
        }
    }
    if (st->flag_names[0] == NULL || st->str_kind == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "mjasp kernel: hand_facts_init() not called");
        return NULL;
    }
    PyObject *owners[SLOTS] = {args[0], args[0], args[1], args[1], args[2], args[2], args[2],
                               args[3], args[3], args[4], args[4]};
    PyObject *names[SLOTS] = {st->str_kind, st->str_tile, st->str_kind, st->str_tile,
                              st->str_blocks, st->str_melds, st->str_form, st->str_counts,
                              st->str_melds, st->str_seat_wind, st->str_round_wind};
    for (int i = 0; i < FLAG_FIELDS; i++) {
        owners[S_FLAGS + i] = args[4];
        names[S_FLAGS + i] = st->flag_names[i];
    }
    for (int i = 0; i < SLOTS; i++) {
        PyObject *found = PyObject_GetAttr(owners[i], names[i]);
        if (found == NULL) return NULL;
        if (Py_TYPE(found) != &PyMemberDescr_Type ||
            PyDescr_TYPE(found) != (PyTypeObject *)owners[i])
            Py_CLEAR(found); /* not a slot of that class: read by name */
        Py_XSETREF(st->slots[i], found);
    }
    Py_RETURN_NONE;
}

/* the kind and tile of a block or meld (new references; -1 on an error, or a tile that
 * is not a kind) */
static int kind_and_tile(const State *st, PyObject *item, PyObject **kind, PyObject **tile,
                         long *at) {
    /* (slot_get falls back to the name where item is not of the slot's class) */
    int block = st->slots[S_BLOCK_KIND] != NULL &&
                Py_TYPE(item) == PyDescr_TYPE(st->slots[S_BLOCK_KIND]);
    *kind = slot_get(item, st->slots[block ? S_BLOCK_KIND : S_MELD_KIND], st->str_kind);
    *tile = *kind ? slot_get(item, st->slots[block ? S_BLOCK_TILE : S_MELD_TILE], st->str_tile)
                  : NULL;
    if (*tile == NULL) {
        Py_CLEAR(*kind);
        return -1;
    }
    *at = PyLong_AsLong(*tile);
    if (*at < 0 || *at >= KINDS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a tile kind is 0..33");
        Py_CLEAR(*kind);
        Py_CLEAR(*tile);
        return -1;
    }
    return 0;
}

/* (tile, quad, concealed) appended to `sets`, `at` the tile's kind: the row kept for
 * that kind and flags where the tile is an exact int (an int subclass: a row of its own) */
static int add_set(State *st, PyObject *sets, PyObject *tile, long at, int quad,
                   int concealed) {
    int exact = PyLong_CheckExact(tile);
    PyObject **kept = &st->set_rows[at * 4 + quad * 2 + concealed];
    PyObject *row = exact && *kept != NULL
                        ? Py_NewRef(*kept)
                        : PyTuple_Pack(3, tile, quad ? Py_True : Py_False,
                                       concealed ? Py_True : Py_False);
    if (row != NULL && exact && *kept == NULL) *kept = Py_NewRef(row);
    int failed = row == NULL || PyList_Append(sets, row) < 0;
    Py_XDECREF(row);
    return failed ? -1 : 0;
}

/* the tiles kept (n of them, released) added to the frozenset *set_tiles, made here if
 * NULL (still unshared: filled in place, as PyFrozenSet_New's own fill); -1 on an error */
static int flush_tiles(PyObject **set_tiles, PyObject **tiles, int *n) {
    if (*set_tiles == NULL) *set_tiles = PyFrozenSet_New(NULL);
    int failed = *set_tiles == NULL;
    for (int i = 0; i < *n; i++) {
        failed = failed || PySet_Add(*set_tiles, tiles[i]) < 0;
        Py_DECREF(tiles[i]);
    }
    *n = 0;
    return failed ? -1 : 0;
}

/* a set's tile kept for the frozenset of set tiles (flushed into it when the array is
 * full: a reading has at most four sets, odd input may have more) */
static int keep_tile(PyObject **set_tiles, PyObject **tiles, int *n, PyObject *tile) {
    if (*n == SET_TILES && flush_tiles(set_tiles, tiles, n) < 0) return -1;
    tiles[(*n)++] = Py_NewRef(tile);
    return 0;
}

/* reading_facts(decomposition) -> ReadingFacts, as scoring_direct._reading_facts */
static PyObject *k_reading_facts(PyObject *self, PyObject *decomposition) {
    State *st = state_of(self);
    if (st->facts_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "mjasp kernel: facts_init() not called");
        return NULL;
    }
    PyObject *blocks = slot_get(decomposition, st->slots[S_BLOCKS], st->str_blocks);
    PyObject *melds = blocks ? slot_get(decomposition, st->slots[S_MELDS], st->str_melds) : NULL;
    PyObject *form = melds ? slot_get(decomposition, st->slots[S_FORM], st->str_form) : NULL;
    PyObject *sequences = form ? PyList_New(0) : NULL, *sets = sequences ? PyList_New(0) : NULL;
    /* the sets' tiles, gathered here: the frozenset built only where there is one (most
     * readings hold none: then the shared empty one) */
    PyObject *tiles[SET_TILES], *set_tiles = NULL;
    int n_tiles = 0;
    PyObject *pair = Py_NewRef(Py_None), *facts = NULL;
    int failed = sets == NULL, concealed = 0;
    if (!failed && (!PyTuple_CheckExact(blocks) || !PyTuple_CheckExact(melds))) {
        PyErr_SetString(PyExc_TypeError, "reading_facts: blocks and melds are tuples");
        failed = 1;
    }
    for (Py_ssize_t i = 0; !failed && i < PyTuple_GET_SIZE(blocks); i++) {
        PyObject *kind, *tile;
        long at;
        if (kind_and_tile(st, PyTuple_GET_ITEM(blocks, i), &kind, &tile, &at) < 0) {
            failed = 1;
            break;
        }
        if (kind == st->block_kinds[0]) { /* a sequence */
            failed = PyList_Append(sequences, tile) < 0;
        } else if (kind == st->block_kinds[1]) { /* a triplet, concealed */
            failed = add_set(st, sets, tile, at, 0, 1) < 0 ||
                     keep_tile(&set_tiles, tiles, &n_tiles, tile) < 0;
            concealed++;
        } else if (kind == st->block_kinds[2]) { /* the pair */
            Py_SETREF(pair, Py_NewRef(tile));
        }
        Py_DECREF(kind);
        Py_DECREF(tile);
    }
    for (Py_ssize_t i = 0; !failed && i < PyTuple_GET_SIZE(melds); i++) {
        PyObject *kind, *tile;
        long at;
        if (kind_and_tile(st, PyTuple_GET_ITEM(melds, i), &kind, &tile, &at) < 0) {
            failed = 1;
            break;
        }
        if (kind == st->meld_kinds[0]) { /* a chi */
            failed = PyList_Append(sequences, tile) < 0;
        } else {
            int quad = PyObject_RichCompareBool(kind, st->meld_kinds[1], Py_GE);
            int closed = kind == st->meld_kinds[2];
            failed = quad < 0 || add_set(st, sets, tile, at, quad, closed) < 0 ||
                     keep_tile(&set_tiles, tiles, &n_tiles, tile) < 0;
            concealed += closed;
        }
        Py_DECREF(kind);
        Py_DECREF(tile);
    }
    if (!failed && n_tiles) failed = flush_tiles(&set_tiles, tiles, &n_tiles) < 0;
    if (!failed) {
        if (form != st->facts_standard) Py_SETREF(pair, Py_NewRef(Py_None));
        PyObject *concealed_obj = count_object(st, (uint8_t)concealed);
        facts = concealed_obj ? new_empty(st->facts_type) : NULL;
        PyObject *values[FACT_FIELDS] = {decomposition, form, sequences, sets, pair,
                                         set_tiles ? set_tiles : st->no_sets, concealed_obj};
        for (int i = 0; facts && i < FACT_FIELDS; i++) {
            PyObject *field = st->facts_fields[i];
            if (Py_TYPE(field)->tp_descr_set(field, facts, values[i]) < 0) Py_CLEAR(facts);
        }
        Py_XDECREF(concealed_obj);
    }
    for (int i = 0; i < n_tiles; i++) Py_DECREF(tiles[i]);
    Py_XDECREF(blocks);
    Py_XDECREF(melds);
    Py_XDECREF(form);
    Py_XDECREF(sequences);
    Py_XDECREF(sets);
    Py_XDECREF(set_tiles);
    Py_DECREF(pair);
    return facts;
}

/* hand_facts_init(HandFacts, fields, (CHI, PON, KAN, ANKAN), winds, flag_names): the type,
 * the descriptor of each of its 12 fields in order (settable_fields), the meld kinds, the
 * wind tiles by name (a dict) and the interned names of Win's flags in HandFacts.flags'
 * order */
static PyObject *k_hand_facts_init(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    State *st = state_of(self);
    if (nargs != 5 || !PyType_Check(args[0]) || !PyTuple_CheckExact(args[1]) ||
        PyTuple_GET_SIZE(args[1]) != HAND_FACT_FIELDS || !PyTuple_CheckExact(args[2]) ||
        PyTuple_GET_SIZE(args[2]) != 4 || !PyDict_CheckExact(args[3]) ||
        !PyTuple_CheckExact(args[4]) || PyTuple_GET_SIZE(args[4]) != FLAG_FIELDS) {
        PyErr_SetString(PyExc_TypeError, "hand_facts_init(HandFacts, fields: tuple of 12 field "
                        "descriptors, meld kinds, winds: dict, flag names: tuple of 9)");
        return NULL;
    }
    if (!settable_fields("hand_facts_init", args[1], 1)) return NULL;
    for (int i = 0; i < FLAG_FIELDS; i++) {
        if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(args[4], i))) {
            PyErr_SetString(PyExc_TypeError, "hand_facts_init: a flag name is not a str");
            return NULL;
        }
    }
    Py_XSETREF(st->hand_facts_type, Py_NewRef(args[0]));
    for (int i = 0; i < HAND_FACT_FIELDS; i++)
        Py_XSETREF(st->hand_facts_fields[i], Py_NewRef(PyTuple_GET_ITEM(args[1], i)));
    for (int i = 0; i < 4; i++)
        Py_XSETREF(st->all_meld_kinds[i], Py_NewRef(PyTuple_GET_ITEM(args[2], i)));
    Py_XSETREF(st->wind_tiles, Py_NewRef(args[3]));
    Py_CLEAR(st->facts_win); /* (what hand_facts kept of it was read by the old tables) */
    for (int i = 0; i < FLAG_FIELDS; i++) {
        PyObject *name = Py_NewRef(PyTuple_GET_ITEM(args[4], i));
        PyUnicode_InternInPlace(&name);
        Py_XSETREF(st->flag_names[i], name);
    }
    Py_RETURN_NONE;
}

/* what hand_facts reads of `win` (its wind tiles and HandFacts.flags) kept in the state as
 * the last Win's; -1 on an error (the state left as it was) */
static int win_facts(State *st, PyObject *win) {
    PyObject *seat_name = slot_get(win, st->slots[S_SEAT], st->str_seat_wind);
    PyObject *round_name =
        seat_name ? slot_get(win, st->slots[S_ROUND], st->str_round_wind) : NULL;
    PyObject *flag_values[FLAG_FIELDS] = {NULL};
    PyObject *flags = NULL;
    int any_flag = 0, failed = 1;
    if (round_name == NULL) goto done;
    PyObject *seat = PyDict_GetItemWithError(st->wind_tiles, seat_name); /* borrowed */
    PyObject *round_tile = seat ? PyDict_GetItemWithError(st->wind_tiles, round_name) : NULL;
    if (round_tile == NULL) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "hand_facts: a wind");
        goto done;
    }
    for (int i = 0; i < FLAG_FIELDS; i++) {
        flag_values[i] = slot_get(win, st->slots[S_FLAGS + i], st->flag_names[i]);
        if (flag_values[i] == NULL) goto done;
        int set = PyObject_IsTrue(flag_values[i]);
        if (set < 0) goto done;
        any_flag = any_flag || set;
    }
    flags = PyTuple_New(any_flag ? FLAG_FIELDS : 0);
    if (flags == NULL) goto done;
    for (int i = 0; any_flag && i < FLAG_FIELDS; i++)
        PyTuple_SET_ITEM(flags, i, Py_NewRef(flag_values[i]));
    Py_XSETREF(st->facts_win, Py_NewRef(win));
    Py_XSETREF(st->facts_seat, Py_NewRef(seat));
    Py_XSETREF(st->facts_round, Py_NewRef(round_tile));
    Py_XSETREF(st->facts_flags, flags);
    failed = 0;
done:
    Py_XDECREF(seat_name);
    Py_XDECREF(round_name);
    for (int i = 0; i < FLAG_FIELDS; i++) Py_XDECREF(flag_values[i]);
    return failed ? -1 : 0;
}

/* hand_facts(hand, win, won) -> HandFacts, as scoring_direct._hand_facts(hand, win, won) */
static PyObject *k_hand_facts(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    State *st = state_of(self);
    if (st->hand_facts_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "mjasp kernel: hand_facts_init() not called");
        return NULL;
    }
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "hand_facts(hand, win, won)");
        return NULL;
    }
    PyObject *hand = args[0], *win = args[1], *won = args[2];
    PyObject *counts = slot_get(hand, st->slots[S_COUNTS], st->str_counts);
    PyObject *melds = counts ? slot_get(hand, st->slots[S_HAND_MELDS], st->str_melds) : NULL;
    PyObject *facts = NULL, *kinds = NULL, *flags = NULL, *shown = NULL;
    long total[KINDS];
    int closed = 1, quads = 0;
    if (melds == NULL) goto done;
    if (!PyTuple_CheckExact(counts) || PyTuple_GET_SIZE(counts) != KINDS ||
        !PyTuple_CheckExact(melds)) {
        PyErr_SetString(PyExc_TypeError, "hand_facts: a Hand's counts and melds");
        goto done;
    }
    for (int k = 0; k < KINDS; k++) {
        total[k] = count_value(st, PyTuple_GET_ITEM(counts, k));
        if (total[k] == -1 && PyErr_Occurred()) goto done;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(melds); i++) {
        PyObject *kind, *tile;
        long at;
        if (kind_and_tile(st, PyTuple_GET_ITEM(melds, i), &kind, &tile, &at) < 0) goto done;
        Py_DECREF(tile);
        if (kind == st->all_meld_kinds[0]) { /* chi */
            if (at > KINDS - 3) {
                Py_DECREF(kind);
                PyErr_SetString(PyExc_ValueError, "hand_facts: a chi starts at 0..31");
                goto done;
            }
            total[at]++;
            total[at + 1]++;
            total[at + 2]++;
            closed = 0;
        } else if (kind == st->all_meld_kinds[1]) { /* pon */
            total[at] += 3;
            closed = 0;
        } else {
            total[at] += 4;
            quads++;
            closed = closed && kind == st->all_meld_kinds[3];
        }
        Py_DECREF(kind);
    }
    int melds_held = PyTuple_GET_SIZE(melds) > 0;
    if (melds_held) {
        shown = PyList_New(KINDS);
        for (int k = 0; shown && k < KINDS; k++) {
            PyObject *n = PyLong_FromLong(total[k]);
            if (n == NULL) Py_CLEAR(shown);
            else PyList_SET_ITEM(shown, k, n);
        }
        if (shown == NULL) goto done;
    } else {
        shown = Py_NewRef(counts); /* read only from here on */
    }
    /* the kinds held as bits, and the suits and honors among them, in one pass */
    uint64_t held = 0;
    for (int k = 0; k < KINDS; k++)
        if (total[k]) held |= 1ULL << k;
    int suits = ((held & 0x1FFULL) != 0) + ((held >> 9 & 0x1FFULL) != 0) +
                ((held >> 18 & 0x1FFULL) != 0);
    int honors = (held >> 27) != 0;
    /* the kinds held as a frozenset: the one built before for the same kinds, if any (a
     * set of 8-13 ints costs a dozen hash-table insertions; hands repeat their kinds) */
    KindsSet *kept = &st->kinds_sets[(uint32_t)((held * 0x9E3779B97F4A7C15ULL) >> 52) %
                                     KINDS_SETS];
    if (kept->set != NULL && kept->held == held) {
        kinds = Py_NewRef(kept->set);
    } else {
        kinds = PyFrozenSet_New(NULL);
        if (kinds == NULL) goto done;
        for (int k = 0; k < KINDS; k++) {
            if (!total[k]) continue;
            PyObject *kind = PyLong_FromLong(k);
            int failed = kind == NULL || PySet_Add(kinds, kind) < 0;
            Py_XDECREF(kind);
            if (failed) goto done;
        }
        Py_XSETREF(kept->set, Py_NewRef(kinds));
        kept->held = held;
    }
    /* the win's: read once per Win (a search asks for many hands in one situation); an
     * object of another class, read by name, may change: read each time */
    int frozen = st->slots[S_SEAT] != NULL && Py_TYPE(win) == PyDescr_TYPE(st->slots[S_SEAT]);
    if ((win != st->facts_win || !frozen) && win_facts(st, win) < 0) goto done;
    PyObject *seat = st->facts_seat, *round_tile = st->facts_round;
    flags = Py_NewRef(st->facts_flags);
    PyObject *quads_obj = quads <= 4 ? Py_NewRef(st->small[quads]) : PyLong_FromLong(quads);
    if (quads_obj == NULL) goto done;
    PyObject *suits_obj = Py_NewRef(st->small[suits]); /* 0..3 */
    PyObject *values[HAND_FACT_FIELDS] = {
        win, won, closed ? Py_True : Py_False, kinds, quads_obj, seat, round_tile, shown,
        melds_held ? Py_False : Py_True, suits_obj, honors ? Py_True : Py_False, flags};
    facts = new_empty(st->hand_facts_type);
    for (int i = 0; facts && i < HAND_FACT_FIELDS; i++) {
        PyObject *field = st->hand_facts_fields[i];
        if (Py_TYPE(field)->tp_descr_set(field, facts, values[i]) < 0) Py_CLEAR(facts);
    }
    Py_DECREF(quads_obj);
    Py_DECREF(suits_obj);
done:
    Py_XDECREF(counts);
    Py_XDECREF(melds);
    Py_XDECREF(kinds);
    Py_XDECREF(flags);
    Py_XDECREF(shown);
    return facts;
}

/* ---------------------------------------------------------------- filling value types
 * A value type with __slots__ built as its mutable twin builds it (mjasp.core.frozen:
 * object.__new__, then each field stored), the stores made through the slot descriptors
 * here: what scorecard.build_score, scorecard.scored_reading and the direct engine's
 * Placement cost in Python, in one call (tests/solvers/test_kernel_builders.py compares
 * the two builds). No rule is read: the values are the caller's. */

/* builder_init(type, fields) -> id: the type and the descriptor of each field
 * (settable_fields) in the order build(id, ...) takes them */
static PyObject *k_builder_init(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    State *st = state_of(self);
    if (nargs != 2 || !PyType_Check(args[0]) || !PyTuple_CheckExact(args[1]) ||
        PyTuple_GET_SIZE(args[1]) > BUILDER_FIELDS) {
        PyErr_SetString(PyExc_TypeError, "builder_init(type, fields: tuple of field descriptors)");
        return NULL;
    }
    if (!settable_fields("builder_init", args[1], 1)) return NULL;
    for (int id = 0; id < st->builders; id++) {  /* the same type again: its id */
        if (st->builder_types[id] == args[0]) {
            Py_SETREF(st->builder_fields[id], Py_NewRef(args[1]));
            return PyLong_FromLong(id);
        }
    }
    if (st->builders == BUILDERS) {
        PyErr_SetString(PyExc_ValueError, "builder_init: too many types");
        return NULL;
    }
    int id = st->builders++;
    st->builder_types[id] = Py_NewRef(args[0]);
    st->builder_fields[id] = Py_NewRef(args[1]);
    return PyLong_FromLong(id);
}

/* build(id, value, ...) -> a new instance of the type of builder_init's `id`, each field
 * set to its value (exactly one value per field) */
static PyObject *k_build(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    const State *st = state_of(self);
    long id = nargs ? PyLong_AsLong(args[0]) : -1;
    if (id == -1 && PyErr_Occurred()) return NULL;
    if (id < 0 || id >= st->builders ||
        nargs - 1 != PyTuple_GET_SIZE(st->builder_fields[id])) {
        PyErr_SetString(PyExc_TypeError, "build(id, one value per field)");
        return NULL;
    }
    PyObject *made = new_empty(st->builder_types[id]);
    for (Py_ssize_t i = 0; made && i < nargs - 1; i++) {
        PyObject *field = PyTuple_GET_ITEM(st->builder_fields[id], i);
        if (Py_TYPE(field)->tp_descr_set(field, made, args[i + 1]) < 0) Py_CLEAR(made);
    }
    return made;
}

/* hand_init(Hand): the type the functions above build (init() sets it too) */
static PyObject *k_hand_init(PyObject *self, PyObject *arg) {
    State *st = state_of(self);
    if (!PyType_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "hand_init(Hand): a type");
        return NULL;
    }
    if (st->hand_type == NULL) {
        st->hand_type = Py_NewRef(arg);
        hand_slots(st);
    }
    Py_RETURN_NONE;
}

static int not_ready(const State *st) {
    if (!st->ready) PyErr_SetString(PyExc_RuntimeError, "mjasp kernel: init() not called");
    return !st->ready;
}

/* shanten(hand, form) -> int | None: the default path of mjasp.shanten. form: None (or
 * True) for every form, "standard" (or False) for the standard form alone; anything else
 * gives None, as does a hand this does not read: the general path answers. Taking the
 * form as it is keeps `form="standard"` from costing Python tests the default skips. */
static PyObject *k_shanten(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shanten(hand, form)");
        return NULL;
    }
    const State *st = state_of(self);
    if (not_ready(st)) return NULL;
    PyObject *form = args[1];
    int wanted;
    if (form == Py_None || form == Py_True) wanted = 1;
    else if (form == Py_False || form == st->str_standard) wanted = 0; /* a literal is interned */
    else if (PyUnicode_Check(form) && PyUnicode_CompareWithASCIIString(form, "standard") == 0)
        wanted = 0;
    else Py_RETURN_NONE;
    PyObject *hand = args[0];
    uint8_t c[KINDS];
    int ok;
    if (PyUnicode_CheckExact(hand)) {
        ok = read_text(hand, c);
    } else if ((PyObject *)Py_TYPE(hand) == st->hand_type) {
        PyObject *melds = PyObject_GetAttr(hand, st->str_melds);
        if (melds == NULL) return NULL;
        int closed = PyTuple_CheckExact(melds) && PyTuple_GET_SIZE(melds) == 0;
        Py_DECREF(melds);
        if (!closed) Py_RETURN_NONE;
        PyObject *counts = PyObject_GetAttr(hand, st->str_counts);
        if (counts == NULL) return NULL;
        ok = read_counts(counts, c);
        Py_DECREF(counts);
    } else {
        ok = read_counts(hand, c);
    }
    if (!ok) Py_RETURN_NONE;
    int tiles = 0;
    for (int i = 0; i < KINDS; i++) tiles += c[i];
    if (tiles % 3 == 0 || tiles > 14) Py_RETURN_NONE;
    int special = wanted && tiles >= 13;
    return PyLong_FromLong(replacement(st, c, tiles / 3, special ? &DEFAULT_FORMS : &STANDARD_ONLY,
                                       special) - 1);
}

static int parse_forms(PyObject *const *args, Forms *f) {
    int *fields[5] = {&f->standard, &f->seven_pairs, &f->orphans, &f->three_player, &f->quads};
    for (int i = 0; i < 5; i++) {
        int value = PyObject_IsTrue(args[i]);
        if (value < 0) return 0;
        *fields[i] = value;
    }
    return 1;
}

static int melds_value(PyObject *obj, int *melds) {
    long value = PyLong_AsLong(obj);
    if (value == -1 && PyErr_Occurred()) return 0;
    if (value < 0 || value > 4) {
        PyErr_SetString(PyExc_ValueError, "melds must be 0..4");
        return 0;
    }
    *melds = (int)value;
    return 1;
}

/* The shared start of replacement and draw_replacements: 34 counts, the meld count, and
 * the five form flags from args[forms_at]. */
static int read_problem(const State *st, PyObject *const *args, int forms_at, uint8_t *c,
                        int *melds, Forms *f) {
    if (not_ready(st)) return 0;
    if (!read_counts(args[0], c)) {
        PyErr_SetString(PyExc_ValueError, "expected 34 counts in 0..4");
        return 0;
    }
    return melds_value(args[1], melds) && parse_forms(args + forms_at, f);
}

/* replacement(counts, melds, standard, seven_pairs, orphans, three_player, quads) -> int:
 * table.replacement; counts must be 34 ints in 0..4 (ValueError otherwise). */
static PyObject *k_replacement(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError,
                        "replacement(counts, melds, standard, seven_pairs, orphans, "
                        "three_player, quads)");
        return NULL;
    }
    uint8_t c[KINDS];
    Forms f;
    int melds;
    const State *st = state_of(self);
    if (!read_problem(st, args, 2, c, &melds, &f)) return NULL;
    return PyLong_FromLong(replacement(st, c, melds, &f, 1));
}

/* draw_replacements(counts, melds, tiles, standard, seven_pairs, orphans, three_player,
 * quads) -> list[int]: table.draw_replacements (each tile below 4 copies). */
static PyObject *k_draw_replacements(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError,
                        "draw_replacements(counts, melds, tiles, standard, seven_pairs, "
                        "orphans, three_player, quads)");
        return NULL;
    }
    uint8_t c[KINDS];
    Forms f;
    int melds;
    const State *st = state_of(self);
    if (!read_problem(st, args, 3, c, &melds, &f)) return NULL;
    PyObject *tiles = PySequence_Fast(args[2], "tiles must be a sequence");
    if (tiles == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(tiles);
    PyObject *out = PyList_New(n);
    if (out == NULL) {
        Py_DECREF(tiles);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long tile = PyLong_AsLong(PySequence_Fast_GET_ITEM(tiles, i));
        if (tile == -1 && PyErr_Occurred()) goto fail;
        if (tile < 0 || tile >= KINDS || c[tile] >= 4) {
            PyErr_SetString(PyExc_ValueError, "each tile must be a kind held fewer than 4 times");
            goto fail;
        }
        c[tile]++;
        PyObject *value = PyLong_FromLong(replacement(st, c, melds, &f, 1));
        c[tile]--;
        if (value == NULL) goto fail;
        PyList_SET_ITEM(out, i, value);
    }
    Py_DECREF(tiles);
    return out;
fail:
    Py_DECREF(tiles);
    Py_DECREF(out);
    return NULL;
}

/* winners(counts, melds, held, kinds, standard, seven_pairs, orphans, three_player, quads)
 * -> list[int]: the kinds of the bytes `kinds`, in that order, that are held (melds
 * included: `held`) fewer than 4 times and whose draw completes the hand (replacement 0):
 * waits.winning_tiles in one call, without a list of every kind's number. */
static PyObject *k_winners(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError,
                        "winners(counts, melds, held, kinds, standard, seven_pairs, orphans, "
                        "three_player, quads)");
        return NULL;
    }
    uint8_t c[KINDS], held[KINDS];
    Forms f;
    int melds;
    const State *st = state_of(self);
    if (!read_problem(st, args, 4, c, &melds, &f)) return NULL;
    if (!read_counts(args[2], held) || !PyBytes_CheckExact(args[3])) {
        PyErr_SetString(PyExc_ValueError, "held: 34 counts in 0..4; kinds: bytes");
        return NULL;
    }
    const uint8_t *kinds = (const uint8_t *)PyBytes_AS_STRING(args[3]);
    Py_ssize_t n = PyBytes_GET_SIZE(args[3]);
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned tile = kinds[i];
        if (tile >= KINDS) {
            Py_DECREF(out);
            PyErr_SetString(PyExc_ValueError, "kinds must be 0..33");
            return NULL;
        }
        if (held[tile] >= 4 || c[tile] >= 4) continue;
        c[tile]++;
        int complete = replacement(st, c, melds, &f, 1) == 0;
        c[tile]--;
        if (complete) {
            PyObject *value = PyLong_FromLong((long)tile);
            if (value == NULL || PyList_Append(out, value) < 0) {
                Py_XDECREF(value);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(value);
        }
    }
    return out;
}

/* plain(text, tiles) -> tuple[int, ...] | None: the 34 counts of plain mpsz text holding
 * exactly `tiles` tiles (read_text's grammar); None for anything else, which the caller's
 * general path reads and explains. */
static PyObject *k_plain(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "plain(text, tiles)");
        return NULL;
    }
    long wanted = PyLong_AsLong(args[1]);
    if (wanted == -1 && PyErr_Occurred()) return NULL;
    uint8_t c[KINDS];
    if (!PyUnicode_CheckExact(args[0]) || !read_text(args[0], c)) Py_RETURN_NONE;
    long tiles = 0;
    for (int i = 0; i < KINDS; i++) tiles += c[i];
    if (tiles != wanted) Py_RETURN_NONE;
    PyObject *out = PyTuple_New(KINDS);
    if (out == NULL) return NULL;
    for (int i = 0; i < KINDS; i++) {
        PyObject *value = PyLong_FromLong(c[i]); /* 0..4: the interpreter's shared ints */
        if (value == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, value);
    }
    return out;
}

/* The tiles of a row read as lanes (read_lanes(c, 0)), or -1 when batch() refuses the row:
 * a count above 4, 2m-8m in sanma, a size other than 3n+1 or 3n+2 up to 14, or a special
 * form alone on fewer than 13 tiles. */
static inline int row_tiles(const Lanes *h, const Forms *f) {
    uint64_t over = (at_least(h->m, 5) | at_least(h->p, 5) | at_least(h->s, 5)
                     | at_least(h->z, 5));
    int high = over != 0 || h->m9 > 4 || h->p9 > 4 || h->s9 > 4;
    if (f->three_player) high |= (h->m & 0xFFFFFFFFFFFFFF00ULL) != 0; /* 2m-8m */
    if (high) return -1;
    int tiles = (int)(lane_sum(h->m + h->p + h->s + h->z) + h->m9 + h->p9 + h->s9);
    if (tiles % 3 == 0 || tiles > 14 || (!f->standard && tiles < 13)) return -1;
    return tiles;
}

/* batch(counts, out, standard, seven_pairs, orphans, three_player, quads) -> int:
 * shanten (replacement - 1, as int8) of every row of a C-contiguous (N, 34) uint8 buffer
 * into the N-byte buffer out; a row of n melds is 3n+1 or 3n+2 tiles (at most 14), and
 * the special forms apply to rows of 13 or 14 tiles. Returns -1, or the first row that
 * breaks the rules (a count above 4, a size, 2m-8m in sanma, a special form alone on a
 * short row): the caller's checks then say what is wrong. One thread, no allocation. */
static PyObject *k_batch(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError,
                        "batch(counts, out, standard, seven_pairs, orphans, three_player, "
                        "quads)");
        return NULL;
    }
    const State *st = state_of(self);
    if (not_ready(st)) return NULL;
    Forms f;
    if (!parse_forms(args + 2, &f)) return NULL;
    Py_buffer in, out;
    if (PyObject_GetBuffer(args[0], &in, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (PyObject_GetBuffer(args[1], &out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&in);
        return NULL;
    }
    Py_ssize_t rows = in.len / KINDS, bad = -1;
    if (in.len % KINDS || out.len != rows) {
        PyBuffer_Release(&in);
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "counts must be N * 34 bytes and out N bytes");
        return NULL;
    }
    const uint8_t *c = (const uint8_t *)in.buf;
    int8_t *result = (int8_t *)out.buf;
    Py_BEGIN_ALLOW_THREADS
    /* Two passes per block of rows: first the checks, the special forms and the four
     * suit indices of each row (counts only), then the table lookups, which are
     * independent from row to row, so the processor overlaps their cache misses. */
    uint32_t index[BLOCK][4];
    uint8_t melds[BLOCK], special_best[BLOCK];
    for (Py_ssize_t first = 0; first < rows && bad < 0; first += BLOCK) {
        int n = rows - first < BLOCK ? (int)(rows - first) : BLOCK;
        for (int j = 0; j < n; j++, c += KINDS) {
            /* the counts as four lane words and three ninth counts: checks, size, suit
             * indices and special-form units without a loop over the 34 kinds */
            Lanes h = read_lanes(c, 0);
            int tiles = row_tiles(&h, &f);
            if (tiles < 0) {
                bad = first + j;
                n = j;
                break;
            }
            int special = tiles >= 13;
            melds[j] = (uint8_t)(tiles / 3);
            suit_indices(&h, c, f.three_player, index[j]);
            int best = special ? special_value(st, &h, &f) : INF;
            special_best[j] = (uint8_t)best;
        }
        for (int j = 0; j < n; j++) {
            int best = special_best[j];
            if (f.standard) {
                int value = standard_value(st, index[j][0], index[j][1], index[j][2], index[j][3],
                                           melds[j], f.three_player);
                if (value < best) best = value;
            }
            result[first + j] = (int8_t)(best - 1);
        }
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&in);
    PyBuffer_Release(&out);
    return PyLong_FromSsize_t(bad);
}

/* ---------------------------------------------------------------- for other C code
 * shanten_capsule(standard, seven_pairs, orphans, three_player, quads) -> a capsule named
 * NEIGHBOURS_CAPSULE whose pointer is a ShantenApi: C code (mjasp/advice/_dp.c) asks
 * through it the shanten of a row and of its neighbours (one kind added or taken) under
 * those forms, batch()'s options, with no call through Python. The capsule holds the
 * module (whose state has the tables) until it is freed. */

/* the capsule's pointer, as its users declare it (a change of it is a new name) */
typedef struct ShantenApi {
    int (*neighbours)(const struct ShantenApi *self, const uint8_t *counts, int sign,
                      uint64_t kinds, int8_t *out);
} ShantenApi;
#define NEIGHBOURS_CAPSULE "mjasp.solvers._kernel.neighbours_v1"
#define REFUSED (-2)

/* each kind's suit (3: the honors), its place in the suit, and whether thirteen orphans
 * reads it (a terminal or an honor: the lanes special_counts() takes as "ends") */
typedef struct {
    uint8_t suit, place, end;
} KindPlace;

typedef struct {
    ShantenApi api; /* first: the capsule's pointer is this */
    const State *st;
    Forms f;
    KindPlace places[KINDS];
    PyObject *module; /* a strong reference: st lives in it */
} Neighbourhood;

static KindPlace kind_place(int k) {
    int suit = k < 27 ? k / 9 : 3, place = k < 27 ? k % 9 : k - 27;
    KindPlace at = {(uint8_t)suit, (uint8_t)place,
                    (uint8_t)(suit == 3 || place == 0 || place == 8)};
    return at;
}

/* 5**p: what one count at place p of a number suit (or honor p) adds to its suit index */
static const uint32_t POW5[9] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625};

/* ShantenApi.neighbours: the shanten of the 34 counts (batch()'s number); and into out[k],
 * for each kind k of the bit set kinds (bits 0..33), the shanten of the row with one k
 * added (sign +1) or taken (-1). REFUSED when batch() refuses the row or one of the rows
 * moved (out then partly written); out's other places are not written. Each row moved is
 * read as batch() reads a row, from the row's suit indices and special-form counts moved
 * by that one count: the same standard_value() and special_of(). The special forms'
 * number depends on the count crossed alone (k held at least `level` times, or no longer;
 * and whether k is an end), so it is read once per such pair. */
static int neighbours(const ShantenApi *self, const uint8_t *counts, int sign, uint64_t kinds,
                      int8_t *out) {
    const Neighbourhood *nb = (const Neighbourhood *)self;
    const State *st = nb->st;
    const Forms *f = &nb->f;
    if (!st->ready || (sign != 1 && sign != -1)) return REFUSED;
    Lanes h = read_lanes(counts, 0);
    int tiles = row_tiles(&h, f);
    if (tiles < 0) return REFUSED;
    uint32_t index[4];
    suit_indices(&h, counts, f->three_player, index);
    SpecialCounts special = special_counts(&h, f);
    int best = tiles >= 13 ? special_of(st, &special, f) : INF;
    if (f->standard) {
        int value = standard_value(st, index[0], index[1], index[2], index[3], tiles / 3,
                                   f->three_player);
        if (value < best) best = value;
    }
    kinds &= ((uint64_t)1 << KINDS) - 1;
    int size = tiles + sign;
    if (kinds && (size % 3 == 0 || size > 14 || (!f->standard && size < 13))) return REFUSED;
    int by_level[2][4] = {{-1, -1, -1, -1}, {-1, -1, -1, -1}}; /* special_of, once read */
    /* standard_value's lookups of the suits a move leaves as they are, read once: a move
       in one suit changes that suit's index only, so the ids before it in the chain are
       the unmoved hand's (the same table reads in the same order, fewer of them) */
    unsigned numbers = st->numbers;
    unsigned m_id = 0, p_id = 0, s_id = 0, pair_id = 0, three_id = 0, z_id = 0;
    if (f->standard && kinds) {
        m_id = f->three_player ? st->sanma_ids[index[0]] : st->number_ids[index[0]];
        p_id = st->number_ids[index[1]];
        s_id = st->number_ids[index[2]];
        pair_id = st->pair_ids[m_id * numbers + p_id];
        three_id = st->triple_ids[pair_id * numbers + s_id];
        z_id = st->honor_ids[index[3]];
    }
    for (uint64_t bits = kinds; bits; bits &= bits - 1) {
        int k = __builtin_ctzll(bits);
        KindPlace at = nb->places[k];
        int count = counts[k], to = count + sign;
        int sanma = at.suit == 0 && f->three_player;
        if (to < 0 || to > 4 || (sanma && at.place != 0 && at.place != 8)) return REFUSED;
        int value = INF;
        if (f->standard) {
            /* 0..4 after the move, so the index stays inside its table */
            uint32_t step = sanma ? (at.place == 0 ? 5u : 1u) : POW5[at.place];
            uint32_t moved = sign > 0 ? index[at.suit] + step : index[at.suit] - step;
            /* standard_value(st, the four indices with the suit's moved, size / 3, ...) */
            unsigned three = three_id, z = z_id;
            switch (at.suit) {
            case 0: {
                unsigned m = f->three_player ? st->sanma_ids[moved] : st->number_ids[moved];
                unsigned pair = st->pair_ids[m * numbers + p_id];
                three = st->triple_ids[pair * numbers + s_id];
                break;
            }
            case 1: {
                unsigned pair = st->pair_ids[m_id * numbers + st->number_ids[moved]];
                three = st->triple_ids[pair * numbers + s_id];
                break;
            }
            case 2:
                three = st->triple_ids[pair_id * numbers + st->number_ids[moved]];
                break;
            default:
                z = st->honor_ids[moved];
                break;
            }
            value = st->final_values[(three * st->honors + z) * 5 + size / 3];
        }
        if (size >= 13) {
            int level = sign > 0 ? to : count; /* 1..4 */
            int *known = &by_level[at.end][level - 1];
            if (*known < 0) {
                SpecialCounts n = special;
                unsigned *at_least[4] = {&n.held, &n.pairs, &n.threes, &n.fours};
                unsigned *ends[2] = {&n.ends_held, &n.ends_twice};
                *at_least[level - 1] += (unsigned)sign;
                if (at.end && level <= 2) *ends[level - 1] += (unsigned)sign;
                *known = special_of(st, &n, f);
            }
            if (*known < value) value = *known;
        }
        out[k] = (int8_t)(value - 1);
    }
    return best - 1;
}

static void neighbourhood_free(PyObject *capsule) {
    Neighbourhood *nb = PyCapsule_GetPointer(capsule, NEIGHBOURS_CAPSULE);
    if (nb == NULL) {
        PyErr_Clear(); /* (a destructor must not leave an exception set) */
        return;
    }
    Py_XDECREF(nb->module);
    PyMem_Free(nb);
}

static PyObject *k_shanten_capsule(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError,
                        "shanten_capsule(standard, seven_pairs, orphans, three_player, quads)");
        return NULL;
    }
    const State *st = state_of(self);
    Forms f;
    if (not_ready(st) || !parse_forms(args, &f)) return NULL;
    Neighbourhood *nb = PyMem_Malloc(sizeof(Neighbourhood));
    if (nb == NULL) return PyErr_NoMemory();
    nb->api.neighbours = neighbours;
    nb->st = st;
    nb->f = f;
    for (int k = 0; k < KINDS; k++) nb->places[k] = kind_place(k);
    nb->module = Py_NewRef(self);
    PyObject *capsule = PyCapsule_New(nb, NEIGHBOURS_CAPSULE, neighbourhood_free);
    if (capsule == NULL) {
        Py_DECREF(nb->module);
        PyMem_Free(nb);
    }
    return capsule;
}

/* ---------------------------------------------------------------- shipped suit readings
 * The arrays of mjasp/data/suit_readings.npz (see mjasp/solvers/suit_data.py), handed over
 * by readings_init(): per space (number, honor) the sorted base-5 indices of the vectors
 * with a reading, where each vector's readings start, where each reading's blocks start,
 * and one code per block (16 * kind + suit-local tile). A code becomes a Block of the
 * 34 kinds through the tuple of the suit it is read for, so blocks are shared.
 * readings_init() checks that every offset and start stays inside its array. */

/* suit_entry(counts, suit) -> (readings, holds_pair, flags): lookup._miss for the shipped file.
 * counts: a tuple of the suit's 9 (7 for honors) counts; readings: a tuple of readings,
 * each a tuple of Blocks on the 34 kinds, () when the vector has none (suit_data
 * .shipped_readings); holds_pair: whether the suit holds 2 tiles (mod 3); flags: below. */
static PyObject *suit_entry(const State *st, PyObject *counts, long suit);

static int readings_not_ready(const State *st) {
    if (!st->readings_ready)
        PyErr_SetString(PyExc_RuntimeError, "mjasp kernel: readings_init() not called");
    return !st->readings_ready;
}

static PyObject *k_suit_entry(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "suit_entry(counts, suit)");
        return NULL;
    }
    const State *st = state_of(self);
    if (readings_not_ready(st)) return NULL;
    long suit = PyLong_AsLong(args[1]);
    if (suit == -1 && PyErr_Occurred()) return NULL;
    return suit_entry(st, args[0], suit);
}

/* the entry of one suit's counts (a tuple), as k_suit_entry describes */
static PyObject *suit_entry(const State *st, PyObject *counts, long suit) {
    if (suit < 0 || suit > 3 || !PyTuple_CheckExact(counts) ||
        PyTuple_GET_SIZE(counts) != (suit == 3 ? 7 : 9)) {
        PyErr_SetString(PyExc_ValueError, "suit_entry: a tuple of a suit's counts, suit 0..3");
        return NULL;
    }
    int length = suit == 3 ? 7 : 9;
    uint32_t index = 0, weight = 1;
    long total = 0;
    int found = 1;
    /* the special-form flags (lookup.SEVEN_PAIRS, SEVEN_PAIRS_QUADS, ORPHANS): every count
     * 0 or 2; every count 0, 2 or 4; the orphans of the suit (1 and 9, every honor) held
     * once or twice and nothing else */
    int even = 1, even_quads = 1, orphans = 1;
    for (int i = 0; i < length; i++) {
        PyObject *item = PyTuple_GET_ITEM(counts, i);
        if (!PyLong_Check(item)) {
            PyErr_SetString(PyExc_TypeError, "suit_entry: counts must be ints");
            return NULL;
        }
        int overflow = 0;
        long value = PyLong_AsLongAndOverflow(item, &overflow);
        if (value == -1 && PyErr_Occurred()) return NULL;
        /* not in the file (no reading), and kept small so the sums below cannot overflow */
        if (overflow || value < 0 || value > 4) {
            found = 0;
            value = 5;
        }
        total += value;
        index += (uint32_t)value * weight;
        weight *= 5;
        even &= value == 0 || value == 2;
        even_quads &= value == 0 || value == 2 || value == 4;
        int orphan = length == 7 || i == 0 || i == 8;
        orphans &= orphan ? value == 1 || value == 2 : value == 0;
    }
    long flags = even | even_quads << 1 | orphans << 2;
    const Space *space = &st->spaces[suit == 3];
    Py_ssize_t low = 0, high = space->vectors; /* binary search of the sorted indices */
    while (found && low < high) {
        Py_ssize_t mid = low + (high - low) / 2;
        if (space->index[mid] < index) low = mid + 1;
        else high = mid;
    }
    found = found && low < space->vectors && space->index[low] == index;
    /* offsets[low + 1] exists (vectors + 1 offsets); starts[r + 1] exists for r below
     * offsets[vectors]; codes[b] for b below starts[last]: checked by readings_init() */
    Py_ssize_t first = found ? space->offsets[low] : 0, end = found ? space->offsets[low + 1] : 0;
    PyObject *readings = PyTuple_New(end - first);
    if (readings == NULL) return NULL;
    PyObject *decoded = st->suit_blocks[suit];
    for (Py_ssize_t r = first; r < end; r++) {
        uint32_t start = space->starts[r], stop = space->starts[r + 1];
        PyObject *reading = PyTuple_New(stop - start);
        if (reading == NULL) {
            Py_DECREF(readings);
            return NULL;
        }
        for (uint32_t b = start; b < stop; b++) /* a code is a byte: the tuple holds 256 */
            PyTuple_SET_ITEM(reading, b - start,
                             Py_NewRef(PyTuple_GET_ITEM(decoded, space->codes[b])));
        PyTuple_SET_ITEM(readings, r - first, reading);
    }
    PyObject *flags_value = PyLong_FromLong(flags);
    if (flags_value == NULL) {
        Py_DECREF(readings);
        return NULL;
    }
    PyObject *entry = PyTuple_New(3);
    if (entry == NULL) {
        Py_DECREF(readings);
        Py_DECREF(flags_value);
        return NULL;
    }
    PyTuple_SET_ITEM(entry, 0, readings);
    PyTuple_SET_ITEM(entry, 1, Py_NewRef(total % 3 == 2 ? Py_True : Py_False));
    PyTuple_SET_ITEM(entry, 2, flags_value);
    return entry;
}

/* The reading type (mjasp.core.blocks.Decomposition, a frozen dataclass with the fields blocks,
 * form, melds), the three forms, the pair and the single of every kind (lookup.PAIR_BLOCKS,
 * lookup.SINGLE_BLOCKS): handed over by reading_init(). A reading is built as lookup._trusted
 * builds one, through the public API: object.__new__ (PyType_GenericNew), then each
 * field set as object.__setattr__ sets it (PyObject_GenericSetAttr: the class's frozen
 * __setattr__ is bypassed, its slot descriptors do the writing). The blocks are valid and
 * in canonical order by construction. */

/* lookup.counts_readings' rules flags (the argument `allowed` below) */
#define ALLOW_STANDARD 1
#define ALLOW_CHIITOITSU 2
#define ALLOW_KOKUSHI 4
#define QUAD_PAIRS 8
/* the suits' special-form flags (lookup.SEVEN_PAIRS, SEVEN_PAIRS_QUADS, ORPHANS) */
#define SUIT_ORPHANS 4

static const int ORPHAN_KINDS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

/* a new reading of `blocks` (a reference stolen), `form` and `melds`; NULL on an error */
static PyObject *new_reading(const State *st, PyObject *blocks, PyObject *form,
                             PyObject *melds) {
    if (blocks == NULL) return NULL;
    PyObject *reading = PyType_GenericNew(st->reading_type, NULL, NULL);
    if (reading == NULL ||
        set_field(reading, st->reading_fields[0], st->str_blocks, blocks) < 0 ||
        set_field(reading, st->reading_fields[1], st->str_form, form) < 0 ||
        set_field(reading, st->reading_fields[2], st->str_melds, melds) < 0)
        Py_CLEAR(reading);
    Py_DECREF(blocks);
    return reading;
}

/* reading_init(Decomposition, Form.STANDARD, Form.CHIITOITSU, Form.KOKUSHI, pairs, singles) */
static PyObject *k_reading_init(PyObject *self, PyObject *args) {
    State *st = state_of(self);
    PyObject *type, *standard, *chiitoitsu, *kokushi, *pairs, *singles;
    if (!PyArg_ParseTuple(args, "O!OOOO!O!", &PyType_Type, &type, &standard, &chiitoitsu,
                          &kokushi, &PyTuple_Type, &pairs, &PyTuple_Type, &singles))
        return NULL;
    if (st->reading_type != NULL) Py_RETURN_NONE;
    if (PyTuple_GET_SIZE(pairs) != KINDS || PyTuple_GET_SIZE(singles) != KINDS) {
        PyErr_SetString(PyExc_ValueError, "reading_init: a pair and a single of each kind");
        return NULL;
    }
    /* one reading built now, so a type that cannot be built this way fails here, once */
    State trial = *st;
    trial.reading_type = (PyTypeObject *)type;
    PyObject *empty = PyTuple_New(0);
    if (empty == NULL) return NULL;
    PyObject *probe = new_reading(&trial, Py_NewRef(empty), standard, empty);
    Py_DECREF(empty);
    if (probe == NULL) return NULL;
    Py_DECREF(probe);
    st->reading_type = (PyTypeObject *)Py_NewRef(type);
    PyObject *names[3] = {st->str_blocks, st->str_form, st->str_melds};
    for (int i = 0; i < 3; i++) Py_XSETREF(st->reading_fields[i], own_slot(type, names[i]));
    st->form_standard = Py_NewRef(standard);
    st->form_chiitoitsu = Py_NewRef(chiitoitsu);
    st->form_kokushi = Py_NewRef(kokushi);
    st->pair_blocks = Py_NewRef(pairs);
    st->single_blocks = Py_NewRef(singles);
    Py_RETURN_NONE;
}

/* a new reading (see new_reading) appended to `out`; 0 on an error */
static int add_reading(const State *st, PyObject *out, PyObject *blocks, PyObject *form,
                       PyObject *melds) {
    PyObject *reading = new_reading(st, blocks, form, melds);
    if (reading == NULL) return 0;
    int ok = PyList_Append(out, reading) == 0;
    Py_DECREF(reading);
    return ok;
}

/* lookup.counts_readings in C for every hand but one with several readings in some suit: `c`
 * the 34 counts, `keys` the four suits' counts as tuples, `tables` lookup._TABLES (four
 * dicts: a suit's counts -> (readings, holds_pair, flags)), `melds` the declared melds,
 * `fill` whether a missing suit vector is decoded from the shipped file and cached (as
 * lookup._miss does; else None is returned and lookup.counts_readings asks its other source),
 * `allowed` the rules' flags. The list of readings, or NULL with no error set when
 * lookup.counts_readings must work the hand out itself.
 *   - standard: exactly one suit holds the pair and every suit has a reading; with one
 *     reading per suit, the joined blocks are the reading (each suit's readings are in
 *     canonical order, the suits in tile order);
 *   - the special forms (closed hands): only when the suits' flags share one, then the
 *     whole-hand tests of lookup.counts_readings: seven pairs, seven kinds held twice and nothing
 *     else (a four as two pairs with the quad rule); thirteen orphans, exactly the 13
 *     terminals and honors held, 14 tiles. */
static int suit_key(const State *st, const uint8_t *c, int suit, PyObject **key);
/* where each suit starts on the 34 kinds (m, p, s, honors), and the end */
static const int SUIT_STARTS[5] = {0, 9, 18, 27, 34};

static PyObject *hand_readings(const State *st, const uint8_t *c, PyObject *keys[4],
                               PyObject *tables, PyObject *melds, int fill, long allowed) {
    if (!PyTuple_CheckExact(tables) || PyTuple_GET_SIZE(tables) != 4 ||
        !PyTuple_CheckExact(melds)) {
        PyErr_SetString(PyExc_TypeError, "tables: a tuple of four dicts; melds: a tuple");
        return NULL;
    }
    PyObject *entries[4], *parts[4];
    /* every suit looked up (and a miss cached) first, so a hand left to lookup.counts_readings
     * finds all four suits cached */
    for (int suit = 0; suit < 4; suit++) {
        PyObject *table = PyTuple_GET_ITEM(tables, suit);
        if (!PyDict_CheckExact(table)) {
            PyErr_SetString(PyExc_TypeError, "tables: a tuple of four dicts");
            return NULL;
        }
        int first = SUIT_STARTS[suit], length = SUIT_STARTS[suit + 1] - first;
        uint32_t code = 0;
        for (int i = 0; i < length; i++) code = 5 * code + c[first + i]; /* counts 0..4 */
        /* each suit its own slots (every fourth): an entry found above stays held while
         * the later suits of this call are remembered */
        Memo *memo = &st->memo[(code * 2654435761u) % (MEMO / 4) * 4 + (uint32_t)suit];
        if (memo->entry != NULL && memo->table == table && memo->code == code &&
            memo->suit == suit) {
            entries[suit] = memo->entry; /* of the expected shape: checked when kept */
            continue;
        }
        if (keys[suit] == NULL && !suit_key(st, c, suit, &keys[suit])) return NULL;
        PyObject *entry = PyDict_GetItemWithError(table, keys[suit]); /* borrowed */
        if (entry == NULL) {
            if (PyErr_Occurred() || !fill || !st->readings_ready) return NULL;
            PyObject *made = suit_entry(st, keys[suit], suit);
            if (made == NULL) return NULL;
            int stored = PyDict_SetItem(table, keys[suit], made);
            Py_DECREF(made); /* the table holds it */
            if (stored < 0) return NULL;
            entry = made;
        }
        /* a cached entry not of the expected shape: lookup.counts_readings works the hand out */
        if (!PyTuple_CheckExact(entry) || PyTuple_GET_SIZE(entry) != 3 ||
            !PyTuple_CheckExact(PyTuple_GET_ITEM(entry, 0)))
            return NULL;
        entries[suit] = entry;
        Py_XSETREF(memo->entry, Py_NewRef(entry));
        Py_XSETREF(memo->table, Py_NewRef(table));
        memo->code = code;
        memo->suit = suit;
    }
    Py_ssize_t size = 0;
    long pairs = 0, flags = 7;
    int empty = 0, several = 0;
    for (int suit = 0; suit < 4; suit++) {
        PyObject *readings = PyTuple_GET_ITEM(entries[suit], 0);
        Py_ssize_t n = PyTuple_GET_SIZE(readings);
        empty |= n == 0;
        several |= n > 1;
        parts[suit] = n ? PyTuple_GET_ITEM(readings, 0) : NULL;
        if (n && !PyTuple_CheckExact(parts[suit])) return NULL;
        if (n) size += PyTuple_GET_SIZE(parts[suit]);
        pairs += PyTuple_GET_ITEM(entries[suit], 1) == Py_True;
        long suit_flags = PyLong_AsLong(PyTuple_GET_ITEM(entries[suit], 2));
        if (suit_flags == -1 && PyErr_Occurred()) return NULL;
        flags &= suit_flags;
    }
    int standard = (allowed & ALLOW_STANDARD) && pairs == 1 && !empty;
    if (standard && several) return NULL; /* a product of readings: lookup.counts_readings */
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    if (standard) {
        PyObject *blocks = PyTuple_New(size);
        Py_ssize_t at = 0;
        for (int suit = 0; blocks && suit < 4; suit++) {
            for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(parts[suit]); i++)
                PyTuple_SET_ITEM(blocks, at++, Py_NewRef(PyTuple_GET_ITEM(parts[suit], i)));
        }
        if (!add_reading(st, out, blocks, st->form_standard, melds)) goto fail;
    }
    if (PyTuple_GET_SIZE(melds) || !flags) return out;
    int twos = 0, fours = 0, zeros = 0, tiles = 0;
    for (int k = 0; k < KINDS; k++) {
        twos += c[k] == 2;
        fours += c[k] == 4;
        zeros += c[k] == 0;
        tiles += c[k];
    }
    int seven = (allowed & QUAD_PAIRS) && fours
                    ? twos + 2 * fours == 7 && twos + fours + zeros == KINDS
                    : twos == 7 && zeros == KINDS - 7;
    if (seven && (allowed & ALLOW_CHIITOITSU)) {
        /* seven pairs in all (checked above), so `at` stays below 7 */
        PyObject *blocks = PyTuple_New(7);
        int at = 0;
        for (int k = 0; blocks && k < KINDS; k++) {
            for (int n = 0; n < c[k] / 2 && at < 7; n++)
                PyTuple_SET_ITEM(blocks, at++, Py_NewRef(PyTuple_GET_ITEM(st->pair_blocks, k)));
        }
        if (!add_reading(st, out, blocks, st->form_chiitoitsu, melds)) goto fail;
    }
    int orphans = (flags & SUIT_ORPHANS) && twos == 1 && (allowed & ALLOW_KOKUSHI) &&
                  zeros == KINDS - 13 && tiles == 14;
    for (int i = 0; orphans && i < 13; i++) orphans = c[ORPHAN_KINDS[i]] != 0;
    if (orphans) {
        PyObject *blocks = PyTuple_New(13);
        for (int i = 0; blocks && i < 13; i++) {
            int k = ORPHAN_KINDS[i];
            PyObject *block = PyTuple_GET_ITEM(c[k] == 2 ? st->pair_blocks : st->single_blocks, k);
            PyTuple_SET_ITEM(blocks, i, Py_NewRef(block));
        }
        if (!add_reading(st, out, blocks, st->form_kokushi, melds)) goto fail;
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

static int reading_ready(const State *st) {
    if (st->reading_type == NULL)
        PyErr_SetString(PyExc_RuntimeError, "mjasp kernel: reading_init() not called");
    return st->reading_type != NULL;
}


/* the four suits' keys from 34 counts (new references; 0 on an error, none left) */
/* the key of one suit of lookup._TABLES: its counts as a tuple of ints (0 on an error) */
static int suit_key(const State *st, const uint8_t *c, int suit, PyObject **key) {
    int first = SUIT_STARTS[suit], length = SUIT_STARTS[suit + 1] - first;
    *key = PyTuple_New(length);
    for (int i = 0; *key && i < length; i++) {
        PyObject *value = count_object(st, c[first + i]);
        if (value == NULL) Py_CLEAR(*key);
        else PyTuple_SET_ITEM(*key, i, value);
    }
    return *key != NULL;
}

/* forget_suits(): drop every remembered suit entry (lookup.clear calls it) */
static PyObject *k_forget_suits(PyObject *self, PyObject *unused) {
    (void)unused;
    State *st = state_of(self);
    for (int i = 0; st->memo && i < MEMO; i++) {
        Py_CLEAR(st->memo[i].entry);
        Py_CLEAR(st->memo[i].table);
    }
    Py_RETURN_NONE;
}

/* hand_readings over the keys, None for "not here" (no error), the keys released */
static PyObject *readings_or_none(const State *st, const uint8_t *c, PyObject *keys[4],
                                  PyObject *tables, PyObject *melds, PyObject *fill,
                                  PyObject *allowed) {
    PyObject *out = NULL;
    int filling = PyObject_IsTrue(fill);
    long flags = PyLong_AsLong(allowed);
    if (filling >= 0 && !(flags == -1 && PyErr_Occurred())) {
        out = hand_readings(st, c, keys, tables, melds, filling, flags);
        if (out == NULL && !PyErr_Occurred()) out = Py_NewRef(Py_None);
    }
    for (int suit = 0; suit < 4; suit++) Py_XDECREF(keys[suit]);
    return out;
}

/* common(counts, tables, melds, fill, allowed) -> list[Decomposition] | None:
 * lookup.counts_readings of a tuple of 34 counts (hand_readings), None when lookup.counts_readings must
 * work the hand out itself (a tuple that is not 34 ints in 0..4 included). */
static PyObject *k_common(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5 || !PyTuple_CheckExact(args[0])) {
        PyErr_SetString(PyExc_TypeError, "common(counts: 34-tuple, tables, melds, fill, allowed)");
        return NULL;
    }
    uint8_t c[KINDS];
    if (!read_counts(args[0], c)) Py_RETURN_NONE;
    const State *st = state_of(self);
    if (!reading_ready(st)) return NULL;
    PyObject *keys[4] = {NULL, NULL, NULL, NULL}; /* made where a suit is not remembered */
    return readings_or_none(st, c, keys, args[1], args[2], args[3], args[4]);
}

/* hand_readings(counts, red, melds, tables, fill, allowed) -> (Hand, list[Decomposition] |
 * None): the Hand of the first 34 bytes of `counts` (a bytes object; each 0..4), the red
 * fives of bytes 34..36 of `red` (a bytes object of 37: the same object as `counts` where
 * its 37 bytes are a tile37 hand) and `melds` (a tuple in canonical order), built as
 * hand.trusted_hand builds one (unchecked: the caller's counts fit a Hand), with common()'s
 * readings of its counts (None: lookup.counts_readings works them out; `tables` None: the
 * Hand alone, readings None). One call where a
 * winning hand of the advice's graph built its counts tuple, its Hand and its readings in
 * three (tests: equal to trusted_hand and lookup.counts_readings). */
static PyObject *k_hand_readings(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6 || !PyBytes_CheckExact(args[0]) || PyBytes_GET_SIZE(args[0]) < KINDS ||
        !PyBytes_CheckExact(args[1]) || PyBytes_GET_SIZE(args[1]) != KINDS + 3 ||
        !PyTuple_CheckExact(args[2])) {
        PyErr_SetString(PyExc_TypeError, "hand_readings(counts: bytes, red: 37 bytes, melds: "
                        "tuple, tables, fill, allowed)");
        return NULL;
    }
    const State *st = state_of(self);
    if (hand_not_ready(st) || !reading_ready(st)) return NULL;
    const uint8_t *data = (const uint8_t *)PyBytes_AS_STRING(args[0]);
    const uint8_t *reds = (const uint8_t *)PyBytes_AS_STRING(args[1]);
    uint8_t c[KINDS];
    for (int i = 0; i < KINDS; i++) {
        if (data[i] > 4) {
            PyErr_SetString(PyExc_ValueError, "hand_readings: a count is 0..4");
            return NULL;
        }
        c[i] = data[i];
    }
    int red[3] = {reds[KINDS], reds[KINDS + 1], reds[KINDS + 2]};
    PyObject *hand = new_hand_melds(st, counts_tuple(st, c), red, Py_NewRef(args[2]));
    if (hand == NULL) return NULL;
    if (args[3] == Py_None) { /* the Hand alone */
        PyObject *out = PyTuple_Pack(2, hand, Py_None);
        Py_DECREF(hand);
        return out;
    }
    PyObject *keys[4] = {NULL, NULL, NULL, NULL}; /* made where a suit is not remembered */
    PyObject *found = readings_or_none(st, c, keys, args[3], args[2], args[4], args[5]);
    PyObject *out = found ? PyTuple_Pack(2, hand, found) : NULL;
    Py_DECREF(hand);
    Py_XDECREF(found);
    return out;
}

/* text_readings(text, tables, melds, fill, allowed) -> list[Decomposition] | None:
 * decompose(text) for plain mpsz of 14 tiles (read_text); None for other text or when
 * lookup.counts_readings must work the hand out itself. */
static PyObject *k_text_readings(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "text_readings(text, tables, melds, fill, allowed)");
        return NULL;
    }
    const State *st = state_of(self);
    if (!reading_ready(st)) return NULL;
    uint8_t c[KINDS];
    if (!PyUnicode_CheckExact(args[0]) || !read_text(args[0], c)) Py_RETURN_NONE;
    int tiles = 0;
    for (int i = 0; i < KINDS; i++) tiles += c[i];
    if (tiles != 14) Py_RETURN_NONE;
    PyObject *keys[4] = {NULL, NULL, NULL, NULL}; /* made where a suit is not remembered */
    return readings_or_none(st, c, keys, args[1], args[2], args[3], args[4]);
}

/* a copy of a buffer of `count` items of `size` bytes (native order: the caller hands
 * over numpy arrays in this machine's order) */
static void *copy_items(PyObject *obj, Py_ssize_t size, Py_ssize_t *count) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (view.len % size) {
        PyErr_SetString(PyExc_ValueError, "readings_init: a buffer of the wrong item size");
        PyBuffer_Release(&view);
        return NULL;
    }
    void *out = PyMem_Malloc(view.len ? view.len : 1);
    if (out == NULL) PyErr_NoMemory();
    else memcpy(out, view.buf, view.len);
    *count = view.len / size;
    PyBuffer_Release(&view);
    return out;
}

/* whether `n` values rise (never fall) from 0 or more to at most `limit` */
static int rising(const uint32_t *values, Py_ssize_t n, uint32_t limit) {
    for (Py_ssize_t i = 0; i < n; i++)
        if (values[i] > limit || (i && values[i] < values[i - 1])) return 0;
    return 1;
}

static void free_space(Space *space) {
    PyMem_Free(space->index);
    PyMem_Free(space->offsets);
    PyMem_Free(space->starts);
    PyMem_Free(space->codes);
    memset(space, 0, sizeof *space);
}

/* readings_init(number_index, number_offsets, number_blocks, number_codes, honor_index,
 *               honor_offsets, honor_blocks, honor_codes, suit_blocks):
 * the eight arrays (uint32, codes uint8) and, per suit, a sequence of 256: code -> Block.
 * Checked so that no lookup of suit_entry() leaves its array: offsets (one per vector
 * and one more) rise within the readings, starts rise within the codes. */
static PyObject *k_readings_init(PyObject *self, PyObject *args) {
    State *st = state_of(self);
    PyObject *a[8], *blocks;
    if (!PyArg_ParseTuple(args, "OOOOOOOOO!", &a[0], &a[1], &a[2], &a[3], &a[4], &a[5], &a[6],
                          &a[7], &PyTuple_Type, &blocks))
        return NULL;
    if (st->readings_ready) Py_RETURN_NONE; /* the file never changes: a second call is a no-op */
    if (PyTuple_GET_SIZE(blocks) != 4) {
        PyErr_SetString(PyExc_ValueError, "readings_init: four sequences of blocks");
        return NULL;
    }
    PyObject *decoded[4] = {NULL, NULL, NULL, NULL};
    for (int s = 0; s < 4; s++) {
        /* a tuple copy: a list handed over could shrink under the lookups */
        decoded[s] = PySequence_Tuple(PyTuple_GET_ITEM(blocks, s));
        if (decoded[s] != NULL && PyTuple_GET_SIZE(decoded[s]) != 256) {
            PyErr_SetString(PyExc_ValueError, "readings_init: each suit's blocks: 256 of them");
            Py_CLEAR(decoded[s]);
        }
        if (decoded[s] == NULL) {
            for (int k = 0; k < s; k++) Py_DECREF(decoded[k]);
            return NULL;
        }
    }
    Space made[2];
    memset(made, 0, sizeof made);
    int ok = 1;
    for (int k = 0; k < 2 && ok; k++) {
        Py_ssize_t vectors = 0, offsets = 0, starts = 0, codes = 0;
        made[k].index = copy_items(a[4 * k], 4, &vectors);
        made[k].offsets = made[k].index ? copy_items(a[4 * k + 1], 4, &offsets) : NULL;
        made[k].starts = made[k].offsets ? copy_items(a[4 * k + 2], 4, &starts) : NULL;
        made[k].codes = made[k].starts ? copy_items(a[4 * k + 3], 1, &codes) : NULL;
        ok = made[k].codes != NULL;
        if (ok && (offsets != vectors + 1 || starts < 1 || codes > UINT32_MAX ||
                   !rising(made[k].offsets, offsets, (uint32_t)(starts - 1)) ||
                   made[k].offsets[vectors] != (uint32_t)(starts - 1) ||
                   !rising(made[k].starts, starts, (uint32_t)codes) ||
                   made[k].starts[starts - 1] != (uint32_t)codes)) {
            PyErr_SetString(PyExc_ValueError, "readings_init: inconsistent arrays");
            ok = 0;
        }
        made[k].vectors = vectors;
    }
    if (!ok) {
        for (int k = 0; k < 2; k++) free_space(&made[k]);
        for (int s = 0; s < 4; s++) Py_DECREF(decoded[s]);
        return NULL;
    }
    memcpy(st->spaces, made, sizeof made);
    memcpy(st->suit_blocks, decoded, sizeof decoded);
    st->readings_ready = 1;
    Py_RETURN_NONE;
}

/* ---------------------------------------------------------------- set-up */

/* the most rows or columns a shanten table may have (its ids are bytes) */
#define MAX_IDS 256

/* A copy of a little-endian uint16 buffer as uint8, every value below `limit` (at most
 * 256), so each value indexes the table it is a row or column of. */
static uint8_t *narrow(PyObject *obj, Py_ssize_t expected, Py_ssize_t limit, const char *name) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (view.len != 2 * expected) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd uint16 values", name, expected);
        PyBuffer_Release(&view);
        return NULL;
    }
    uint8_t *out = PyMem_Malloc(expected ? expected : 1);
    if (out == NULL) {
        PyBuffer_Release(&view);
        PyErr_NoMemory();
        return NULL;
    }
    const uint8_t *bytes = view.buf;
    for (Py_ssize_t i = 0; i < expected; i++) {
        unsigned value = bytes[2 * i] | (unsigned)bytes[2 * i + 1] << 8;
        if (value >= (unsigned)limit) {
            PyErr_Format(PyExc_ValueError, "%s: an id of %u, the table has %zd", name, value,
                         limit);
            PyMem_Free(out);
            PyBuffer_Release(&view);
            return NULL;
        }
        out[i] = (uint8_t)value;
    }
    PyBuffer_Release(&view);
    return out;
}

static int copy_bytes(PyObject *obj, uint8_t *out, Py_ssize_t expected, const char *name) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS) < 0) return 0;
    int ok = view.len == expected;
    if (ok) memcpy(out, view.buf, expected);
    else PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes", name, expected);
    PyBuffer_Release(&view);
    return ok;
}

/* init(number_ids, honor_ids, sanma_man, pair, triple, final, seven_pairs,
 *      thirteen_orphans, numbers, honors, pair_rows, triple_rows, hand_type):
 * the shipped arrays as buffers (ids little-endian uint16, final uint8 of shape
 * (triple_rows, honors, 5), the two 256-byte special-form tables). Every id is checked
 * against the size of the table it indexes, so standard_value() stays inside them. */
static PyObject *k_init(PyObject *self, PyObject *args) {
    State *st = state_of(self);
    PyObject *a_number, *a_honor, *a_sanma, *a_pair, *a_triple, *a_final, *a_seven,
        *a_orphans, *a_hand;
    Py_ssize_t n_numbers, n_honors, n_pair_rows, n_triple_rows;
    if (!PyArg_ParseTuple(args, "OOOOOOOOnnnnO!", &a_number, &a_honor, &a_sanma, &a_pair,
                          &a_triple, &a_final, &a_seven, &a_orphans, &n_numbers, &n_honors,
                          &n_pair_rows, &n_triple_rows, &PyType_Type, &a_hand))
        return NULL;
    if (st->ready) Py_RETURN_NONE; /* the tables never change: a second call is a no-op */
    /* numbers <= pair_rows: a number suit's id is a row of the pair table */
    if (n_numbers < 1 || n_numbers > n_pair_rows || n_pair_rows > MAX_IDS || n_honors < 1 ||
        n_honors > MAX_IDS || n_triple_rows < 1 || n_triple_rows > MAX_IDS) {
        PyErr_SetString(PyExc_ValueError, "init: table sizes out of range");
        return NULL;
    }
    uint8_t *sanma = NULL, *numbers_ = NULL, *honors_ = NULL, *pairs_ = NULL, *triples_ = NULL;
    uint8_t *finals = NULL, seven[256], orphans[256];
    numbers_ = narrow(a_number, 1953125, n_numbers, "number_ids");
    if (!numbers_) goto fail;
    honors_ = narrow(a_honor, 78125, n_honors, "honor_ids");
    if (!honors_) goto fail;
    sanma = narrow(a_sanma, 25, n_pair_rows, "sanma_man");
    if (!sanma) goto fail;
    pairs_ = narrow(a_pair, n_pair_rows * n_numbers, n_triple_rows, "pair");
    if (!pairs_) goto fail;
    triples_ = narrow(a_triple, n_triple_rows * n_numbers, n_triple_rows, "triple");
    if (!triples_) goto fail;
    finals = PyMem_Malloc(n_triple_rows * n_honors * 5);
    if (!finals) {
        PyErr_NoMemory();
        goto fail;
    }
    if (!copy_bytes(a_final, finals, n_triple_rows * n_honors * 5, "final")) goto fail;
    if (!copy_bytes(a_seven, seven, 256, "seven_pairs")) goto fail;
    if (!copy_bytes(a_orphans, orphans, 256, "thirteen_orphans")) goto fail;
    memcpy(st->seven_pairs, seven, 256);
    memcpy(st->thirteen_orphans, orphans, 256);
    memcpy(st->sanma_ids, sanma, 25);
    PyMem_Free(sanma);
    st->number_ids = numbers_;
    st->honor_ids = honors_;
    st->pair_ids = pairs_;
    st->triple_ids = triples_;
    st->final_values = finals;
    st->numbers = n_numbers;
    st->honors = n_honors;
    st->pair_rows = n_pair_rows;
    st->triple_rows = n_triple_rows;
    if (st->hand_type == NULL) {
        st->hand_type = Py_NewRef(a_hand);
        hand_slots(st);
    }
    st->ready = 1;
    Py_RETURN_NONE;
fail:
    PyMem_Free(numbers_);
    PyMem_Free(honors_);
    PyMem_Free(sanma);
    PyMem_Free(pairs_);
    PyMem_Free(triples_);
    PyMem_Free(finals);
    return NULL;
}

static PyObject *k_ready(PyObject *self, PyObject *unused) {
    (void)unused;
    return PyBool_FromLong(state_of(self)->ready);
}

static PyMethodDef methods[] = {
    {"init", k_init, METH_VARARGS, "Hand the shipped tables over (once)."},
    {"ready", k_ready, METH_NOARGS, "Whether init() has run."},
    {"shanten", (PyCFunction)(void (*)(void))k_shanten, METH_FASTCALL,
     "shanten(hand, form) -> int | None: the default path of mjasp.shanten."},
    {"replacement", (PyCFunction)(void (*)(void))k_replacement, METH_FASTCALL,
     "table.replacement of one hand."},
    {"draw_replacements", (PyCFunction)(void (*)(void))k_draw_replacements, METH_FASTCALL,
     "table.draw_replacements of one hand."},
    {"winners", (PyCFunction)(void (*)(void))k_winners, METH_FASTCALL,
     "the kinds whose draw completes a hand (waits.winning_tiles)."},
    {"plain", (PyCFunction)(void (*)(void))k_plain, METH_FASTCALL,
     "plain(text, tiles) -> the 34 counts of plain mpsz text of that many tiles, or None."},
    {"readings_init", k_readings_init, METH_VARARGS,
     "Hand the shipped suit readings over (once)."},
    {"suit_entry", (PyCFunction)(void (*)(void))k_suit_entry, METH_FASTCALL,
     "suit_entry(counts, suit) -> (readings, holds_pair, flags) from the shipped suit readings."},
    {"reading_init", k_reading_init, METH_VARARGS,
     "reading_init(Decomposition, three forms, pairs, singles): how to build a reading."},
    {"common", (PyCFunction)(void (*)(void))k_common, METH_FASTCALL,
     "common(counts, tables, melds, fill, allowed) -> lookup.counts_readings, or None."},
    {"hand_readings", (PyCFunction)(void (*)(void))k_hand_readings, METH_FASTCALL,
     "hand_readings(counts, red, melds, tables, fill, allowed) -> (Hand, readings or None)."},
    {"text_readings", (PyCFunction)(void (*)(void))k_text_readings, METH_FASTCALL,
     "text_readings(text, tables, melds, fill, allowed) -> decompose(text), or None."},
    {"hand_init", k_hand_init, METH_O, "hand_init(Hand): the type hand_* build."},
    {"hand_counts", k_hand_counts, METH_O,
     "hand_counts(counts) -> 34 counts 0..4 of at most 14 tiles as a tuple, or None."},
    {"hand_ids", k_hand_ids, METH_O,
     "hand_ids(ids) -> (counts, red) of at most 14 distinct ids 0..135, or None."},
    {"hand_text", (PyCFunction)(void (*)(void))k_hand_text, METH_FASTCALL,
     "hand_text(text, most) -> the Hand of plain mpsz of at most `most` tiles, or None."},
    {"win_init", (PyCFunction)(void (*)(void))k_win_init, METH_FASTCALL,
     "win_init(Win, fields, names, winds): what win_fill needs."},
    {"win_fill", (PyCFunction)(void (*)(void))k_win_fill, METH_FASTCALL,
     "win_fill(win, 20 fields) -> whether the situation is the usual one (fields stored)."},
    {"facts_init", (PyCFunction)(void (*)(void))k_facts_init, METH_FASTCALL,
     "facts_init(ReadingFacts, fields, block kinds, meld kinds, STANDARD, no_sets)."},
    {"reading_facts", (PyCFunction)k_reading_facts, METH_O,
     "reading_facts(decomposition) -> ReadingFacts, as scoring_direct._reading_facts."},
    {"hand_facts_init", (PyCFunction)(void (*)(void))k_hand_facts_init, METH_FASTCALL,
     "hand_facts_init(HandFacts, fields, meld kinds, wind tiles, flag names)."},
    {"hand_facts", (PyCFunction)(void (*)(void))k_hand_facts, METH_FASTCALL,
     "hand_facts(hand, win, won) -> HandFacts, as scoring_direct._hand_facts."},
    {"forget_suits", (PyCFunction)k_forget_suits, METH_NOARGS,
     "forget_suits(): drop the suit entries remembered from lookup's tables."},
    {"slots_init", (PyCFunction)(void (*)(void))k_slots_init, METH_FASTCALL,
     "slots_init(Block, Meld, Decomposition, Hand, Win): the slots the facts read."},
    {"builder_init", (PyCFunction)(void (*)(void))k_builder_init, METH_FASTCALL,
     "builder_init(type, fields) -> the id build() takes for the type."},
    {"build", (PyCFunction)(void (*)(void))k_build, METH_FASTCALL,
     "build(id, value, ...) -> a new instance of the id's type, its fields set in order."},
    {"hand_text_melds", (PyCFunction)(void (*)(void))k_hand_text_melds, METH_FASTCALL,
     "hand_text_melds(text, table, most, most_red) -> the Hand of mpsz with melds, or None."},
    {"batch", (PyCFunction)(void (*)(void))k_batch, METH_FASTCALL,
     "shanten of every row of an (N, 34) uint8 buffer; -1 or the first bad row."},
    {"shanten_capsule", (PyCFunction)(void (*)(void))k_shanten_capsule, METH_FASTCALL,
     "shanten_capsule(standard, seven_pairs, orphans, three_player, quads) -> a capsule: "
     "the shanten of a row and of its neighbours, for C code."},
    {NULL, NULL, 0, NULL},
};

/* ---------------------------------------------------------------- the module (PEP 489) */

static int kernel_traverse(PyObject *module, visitproc visit, void *arg) {
    State *st = state_of(module);
    if (st == NULL) return 0;
    Py_VISIT(st->hand_type);
    for (int n = 0; n <= 4; n++) Py_VISIT(st->small[n]);
    Py_VISIT(st->win_type);
    Py_VISIT(st->win_names);
    Py_VISIT(st->win_winds);
    for (int i = 0; i < WIN_FIELDS; i++) Py_VISIT(st->win_fields[i]);
    Py_VISIT(st->facts_type);
    Py_VISIT(st->facts_standard);
    Py_VISIT(st->no_sets);
    for (int i = 0; i < FACT_FIELDS; i++) Py_VISIT(st->facts_fields[i]);
    for (int i = 0; i < 3; i++) Py_VISIT(st->block_kinds[i]);
    for (int i = 0; i < 3; i++) Py_VISIT(st->meld_kinds[i]);
    Py_VISIT(st->hand_facts_type);
    Py_VISIT(st->wind_tiles);
    for (int i = 0; st->kinds_sets && i < KINDS_SETS; i++) Py_VISIT(st->kinds_sets[i].set);
    for (int i = 0; i < KINDS * 4; i++) Py_VISIT(st->set_rows[i]);
    for (int i = 0; i < 3; i++) Py_VISIT(st->reading_fields[i]);
    for (int i = 0; i < 3; i++) Py_VISIT(st->hand_fields[i]);
    Py_VISIT(st->facts_win);
    Py_VISIT(st->facts_seat);
    Py_VISIT(st->facts_round);
    Py_VISIT(st->facts_flags);
    for (int i = 0; i < HAND_FACT_FIELDS; i++) Py_VISIT(st->hand_facts_fields[i]);
    for (int i = 0; i < 4; i++) Py_VISIT(st->all_meld_kinds[i]);
    for (int i = 0; i < SLOTS; i++) Py_VISIT(st->slots[i]);
    for (int i = 0; i < st->builders; i++) {
        Py_VISIT(st->builder_types[i]);
        Py_VISIT(st->builder_fields[i]);
    }
    for (int i = 0; st->memo && i < MEMO; i++) {
        Py_VISIT(st->memo[i].entry);
        Py_VISIT(st->memo[i].table);
    }
    Py_VISIT(st->reading_type);
    Py_VISIT(st->form_standard);
    Py_VISIT(st->form_chiitoitsu);
    Py_VISIT(st->form_kokushi);
    Py_VISIT(st->pair_blocks);
    Py_VISIT(st->single_blocks);
    for (int s = 0; s < 4; s++) Py_VISIT(st->suit_blocks[s]);
    return 0;
}

static int kernel_clear(PyObject *module) {
    State *st = state_of(module);
    if (st == NULL) return 0;
    Py_CLEAR(st->hand_type);
    for (int n = 0; n <= 4; n++) Py_CLEAR(st->small[n]);
    Py_CLEAR(st->win_type);
    Py_CLEAR(st->win_names);
    Py_CLEAR(st->win_winds);
    for (int i = 0; i < WIN_FIELDS; i++) Py_CLEAR(st->win_fields[i]);
    Py_CLEAR(st->facts_type);
    Py_CLEAR(st->facts_standard);
    Py_CLEAR(st->no_sets);
    for (int i = 0; i < FACT_FIELDS; i++) Py_CLEAR(st->facts_fields[i]);
    for (int i = 0; i < 3; i++) Py_CLEAR(st->block_kinds[i]);
    for (int i = 0; i < 3; i++) Py_CLEAR(st->meld_kinds[i]);
    Py_CLEAR(st->hand_facts_type);
    Py_CLEAR(st->wind_tiles);
    for (int i = 0; st->kinds_sets && i < KINDS_SETS; i++) Py_CLEAR(st->kinds_sets[i].set);
    for (int i = 0; i < KINDS * 4; i++) Py_CLEAR(st->set_rows[i]);
    for (int i = 0; i < 3; i++) Py_CLEAR(st->reading_fields[i]);
    for (int i = 0; i < 3; i++) Py_CLEAR(st->hand_fields[i]);
    Py_CLEAR(st->facts_win);
    Py_CLEAR(st->facts_seat);
    Py_CLEAR(st->facts_round);
    Py_CLEAR(st->facts_flags);
    for (int i = 0; i < HAND_FACT_FIELDS; i++) Py_CLEAR(st->hand_facts_fields[i]);
    for (int i = 0; i < 4; i++) Py_CLEAR(st->all_meld_kinds[i]);
    for (int i = 0; i < SLOTS; i++) Py_CLEAR(st->slots[i]);
    for (int i = 0; i < FLAG_FIELDS; i++) Py_CLEAR(st->flag_names[i]);
    for (int i = 0; i < st->builders; i++) {
        Py_CLEAR(st->builder_types[i]);
        Py_CLEAR(st->builder_fields[i]);
    }
    st->builders = 0;
    for (int i = 0; st->memo && i < MEMO; i++) {
        Py_CLEAR(st->memo[i].entry);
        Py_CLEAR(st->memo[i].table);
    }
    Py_CLEAR(st->str_kind);
    Py_CLEAR(st->str_tile);
    Py_CLEAR(st->str_seat_wind);
    Py_CLEAR(st->str_round_wind);
    Py_CLEAR(st->reading_type);
    Py_CLEAR(st->form_standard);
    Py_CLEAR(st->form_chiitoitsu);
    Py_CLEAR(st->form_kokushi);
    Py_CLEAR(st->pair_blocks);
    Py_CLEAR(st->single_blocks);
    for (int s = 0; s < 4; s++) Py_CLEAR(st->suit_blocks[s]);
    Py_CLEAR(st->str_counts);
    Py_CLEAR(st->str_melds);
    Py_CLEAR(st->str_standard);
    Py_CLEAR(st->str_blocks);
    Py_CLEAR(st->str_form);
    Py_CLEAR(st->str_red);
    /* nothing may be looked up once the objects above are gone */
    st->ready = 0;
    st->readings_ready = 0;
    return 0;
}

static void kernel_free(void *module) {
    State *st = state_of((PyObject *)module);
    if (st == NULL) return;
    kernel_clear((PyObject *)module);
    PyMem_Free(st->number_ids);
    PyMem_Free(st->honor_ids);
    PyMem_Free(st->pair_ids);
    PyMem_Free(st->triple_ids);
    PyMem_Free(st->final_values);
    st->number_ids = st->honor_ids = st->pair_ids = st->triple_ids = st->final_values = NULL;
    for (int k = 0; k < 2; k++) free_space(&st->spaces[k]);
    PyMem_Free(st->memo);
    st->memo = NULL;
    PyMem_Free(st->kinds_sets);
    st->kinds_sets = NULL;
}

/* Py_mod_exec: the state starts zeroed (no tables yet); only the names are made here */
static int kernel_exec(PyObject *module) {
    State *st = state_of(module);
    st->memo = PyMem_Calloc(MEMO, sizeof(Memo));
    st->kinds_sets = PyMem_Calloc(KINDS_SETS, sizeof(KindsSet));
    if (st->memo == NULL || st->kinds_sets == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    st->str_counts = PyUnicode_InternFromString("counts");
    st->str_melds = PyUnicode_InternFromString("melds");
    st->str_standard = PyUnicode_InternFromString("standard");
    st->str_blocks = PyUnicode_InternFromString("blocks");
    st->str_form = PyUnicode_InternFromString("form");
    st->str_red = PyUnicode_InternFromString("red");
    st->str_kind = PyUnicode_InternFromString("kind");
    st->str_tile = PyUnicode_InternFromString("tile");
    st->str_seat_wind = PyUnicode_InternFromString("seat_wind");
    st->str_round_wind = PyUnicode_InternFromString("round_wind");
    if (!st->str_counts || !st->str_melds || !st->str_standard || !st->str_blocks ||
        !st->str_form || !st->str_red || !st->str_kind || !st->str_tile ||
        !st->str_seat_wind || !st->str_round_wind)
        return -1; /* the import fails; kernel_free releases what was made */
    for (int n = 0; n <= 4; n++) {
        st->small[n] = PyLong_FromLong(n);
        if (st->small[n] == NULL) return -1;
    }
    /* the stamp of this file's build (setup.py): kernel.py refuses a stale build by it */
    PyObject *stamp = PyLong_FromUnsignedLong(MJASP_SOURCE_HASH);
    int failed = PyModule_AddObjectRef(module, "SOURCE_HASH", stamp) < 0; /* NULL: fails */
    Py_XDECREF(stamp);
    return failed ? -1 : 0;
}

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, kernel_exec},
#if PY_VERSION_HEX >= 0x030C0000
    /* all state is per module object: safe in subinterpreters with their own GIL */
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#endif
    {0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_kernel",
    .m_doc = "The compiled shanten kernel (see mjasp/solvers/kernel.py).",
    .m_size = sizeof(State),
    .m_methods = methods,
    .m_slots = slots,
    .m_traverse = kernel_traverse,
    .m_clear = kernel_clear,
    .m_free = kernel_free,
};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModuleDef_Init(&module); }
