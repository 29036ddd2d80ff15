/* The compiled scorer: the best candidate of a checked-or-not winning hand, in one call.
 *
 * Optional, like _kernel.c: setup.py builds it when a compiler is there; without it (or
 * with MJASP_PURE_PYTHON=1) mjasp.score runs lean_best, the same steps in Python
 * (mjasp/solvers/scoring_best.py). The reference is the direct engine
 * (mjasp/solvers/scoring_direct.py: every candidate as a full Score): tests score the
 * same hands through all three and compare whole Score values.
 *
 * best(hand, win, readings, ctx) evaluates every reading x every block the winning tile
 * completes exactly as scoring_direct.candidates and scorecard.make_score do -- the same
 * yaku rows (one C test per row, Tenhou id order), the same upgrades, fu parts, limits,
 * points and ranking (points, real yakuman, han, fu; the first of equals) -- and returns
 * the best one's fields for Python to build the Score from. It returns None whenever the
 * situation needs a check it does not make or a rule it does not know (an impossible
 * win, a liable player, north tiles set aside or robbed, a tile text it does not read):
 * the Python path then answers, with its specific error where there is one. ``ctx`` is
 * the per-Rules tuple built by scoring_best.context (the rules' han table, options, and
 * the Python objects the result is made of: no object is built here but the result's
 * tuples).
 *
 * No allocation per candidate; the only objects built are the returned tuples.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define KINDS 34
#define NYAKU 52    /* ordinary yaku and yakuman: Tenhou ids 0..51 */
#define NDORA 33    /* dora item tables hold counts 0..32 */
#define NREASON 17  /* scorecard.FU_REASONS */
#define MAXBLOCKS 16

/* ctx tuple slots */
enum {
    C_PARAMS, C_CAP, C_HONBA, C_CLOSED_ITEMS, C_OPEN_ITEMS, C_DORA, C_URA, C_AKA, C_REASONS,
    C_WAITS, C_PAIRS, C_SINGLES, C_LIMITS, C_NO_YAKU, C_STANDARD, C_CHIITOITSU, C_KOKUSHI,
    C_SIZE
};
/* params bytes: han closed [0, 52), han open [52, 104), then the options */
enum { P_CLOSED = 0, P_OPEN = 52, P_STACKING = 104, P_KAZOE, P_KIRIAGE, P_DOUBLE_WIND,
       P_RED, P_SIZE = P_RED + 3 };
/* wait codes: the order of the ctx waits tuple */
enum { RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI, KOKUSHI, KOKUSHI_13 };
/* BlockKind and MeldKind values (mjasp/blocks.py) */
enum { B_SEQUENCE, B_TRIPLET, B_QUAD, B_PAIR, B_SINGLE };
enum { M_CHI, M_PON, M_KAN, M_ANKAN };
enum { F_STANDARD, F_CHIITOITSU, F_KOKUSHI };
/* FU_REASONS indices */
enum { R_BASE, R_CHIITOITSU, R_MENZEN_RON, R_TSUMO, R_OPEN_PINFU, R_KANCHAN, R_PENCHAN,
       R_TANKI, R_PAIR, R_SETS };

static PyObject *s_counts, *s_red, *s_melds, *s_kind, *s_tile, *s_blocks, *s_form,
    *s_tsumo, *s_seat, *s_round, *s_dora, *s_ura, *s_riichi, *s_ippatsu, *s_rinshan,
    *s_chankan, *s_haitei, *s_houtei, *s_tenhou, *s_chiihou, *s_honba, *s_sticks,
    *s_renhou, *s_north, *s_liable, *s_robbed;

#define BIT(k) ((uint64_t)1 << (k))
static const uint64_t TERMINALS = BIT(0) | BIT(8) | BIT(9) | BIT(17) | BIT(18) | BIT(26);
#define HONOR_MASK (((uint64_t)0x7f) << 27)
#define WIND_MASK (((uint64_t)0xf) << 27)
#define DRAGON_MASK (((uint64_t)0x7) << 31)
static const uint64_t GREEN = BIT(19) | BIT(20) | BIT(21) | BIT(23) | BIT(25) | BIT(32);
static const int NINE_GATES[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
/* upgrades (scoring_direct.REPLACES): the first drops the second */
static const int REPLACES[8][2] = {{21, 1}, {32, 9}, {33, 23}, {35, 34}, {41, 40}, {46, 45},
                                   {48, 47}, {49, 50}};

typedef struct {
    int tile, tsumo, riichi, dealer, seat, round;
    int closed, melds_closed, quads, suits, honors;
    uint64_t kinds;
    int total[KINDS];
    const uint8_t *han;  /* the han of each yaku for this hand (closed or open) */
    int double_wind_fu;
    uint64_t hand_mask;  /* hand-level rows that hold */
    int dora;            /* dora + ura + red fives */
    int ndora, nura, naka;
} HandFacts;

typedef struct {
    int form;
    int nseq, seq[8];
    int nsets, set_tile[4], set_quad[4], set_conc[4];
    int pair;            /* -1: none (and every form but the standard one) */
    uint64_t set_mask;   /* kinds of the triplets and quads */
    int peikou, concealed;
    int nblocks, bkind[MAXBLOCKS], btile[MAXBLOCKS];
} ReadingFacts;

typedef struct {
    long long points;
    int yakuman, han, fu, multiple, limit;
    uint64_t mask;       /* yaku listed (after upgrades; only the kept yakuman) */
    int fu_parts[NREASON];
    int reading, block, wait;
    long long ron, from_dealer, each, total;
} Candidate;

/* ------------------------------------------------------------- reading Python values */

static int get_long(PyObject *obj, PyObject *name, long *out) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    *out = PyLong_AsLong(v);
    Py_DECREF(v);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int get_bool(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    int truth = PyObject_IsTrue(v);
    Py_DECREF(v);
    return truth;
}

/* The kind of a two-character mpsz tile ("5m", "0p", "7z"), its redness in *red; -1 for
 * any other text (the Python path reads it). */
static int tile_of(PyObject *text, int *red) {
    if (!PyUnicode_Check(text) || PyUnicode_GET_LENGTH(text) != 2) return -1;
    Py_UCS4 d = PyUnicode_READ_CHAR(text, 0), s = PyUnicode_READ_CHAR(text, 1);
    if (d < '0' || d > '9') return -1;
    int n = (int)(d - '0');
    *red = n == 0;
    if (s == 'z') return (n >= 1 && n <= 7) ? 26 + n : -1;
    int suit = s == 'm' ? 0 : s == 'p' ? 1 : s == 's' ? 2 : -1;
    if (suit < 0) return -1;
    return 9 * suit + (n == 0 ? 4 : n - 1);
}

static int wind_of(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -2;
    int found = -1;
    if (PyUnicode_Check(v) && PyUnicode_GET_LENGTH(v) == 1) {
        Py_UCS4 c = PyUnicode_READ_CHAR(v, 0);
        found = c == 'E' ? 0 : c == 'S' ? 1 : c == 'W' ? 2 : c == 'N' ? 3 : -1;
    }
    Py_DECREF(v);
    return found;
}

/* ------------------------------------------------------------------------ points */

/* mjasp.points.value: base points and limit index (0 none, 1 mangan .. 5 yakuman) */
static long long base_points(int han, int fu, long long yakuman, const uint8_t *params,
                             long long cap, int *limit) {
    if (yakuman) {
        *limit = 5;
        return 8000 * (cap && yakuman > cap ? cap : yakuman);
    }
    if (han >= 13) {
        int kazoe = params[P_KAZOE];
        if (kazoe == 0) { *limit = 5; return 8000; }
        if (kazoe == 1) { *limit = 4; return 6000; }
        long long n = han / 13;
        *limit = 5;
        return 8000 * (cap && n > cap ? cap : n);
    }
    if (han >= 11) { *limit = 4; return 6000; }
    if (han >= 8) { *limit = 3; return 4000; }
    if (han >= 6) { *limit = 2; return 3000; }
    long long base = (long long)fu << (han + 2);
    if (han >= 5 || base > 2000 || (params[P_KIRIAGE] && base == 1920 && han >= 3)) {
        *limit = 1;
        return 2000;
    }
    *limit = 0;
    return base;
}

static inline long long up100(long long x) { return (x + 99) / 100 * 100; }

/* mjasp.points.settle with four players and no liable player: the gain, and the shares */
static long long settle(Candidate *c, long long base, int dealer, int tsumo) {
    c->ron = c->from_dealer = c->each = 0;
    if (!tsumo) {
        c->ron = up100(base * (dealer ? 6 : 4));
        return c->ron;
    }
    if (dealer) {
        c->each = up100(2 * base);
        return 3 * c->each;
    }
    c->from_dealer = up100(2 * base);
    c->each = up100(base);
    return c->from_dealer + 2 * c->each;
}

/* ------------------------------------------------------------------ yaku and fu */

static int terminal_or_honor(int tile) { return tile >= 27 || (TERMINALS & BIT(tile)); }

static int all_terminal_blocks(const ReadingFacts *r) {
    if (r->pair < 0 || !terminal_or_honor(r->pair)) return 0;
    for (int i = 0; i < r->nseq; i++)
        if (r->seq[i] % 9 != 0 && r->seq[i] % 9 != 6) return 0;
    for (int i = 0; i < r->nsets; i++)
        if (!terminal_or_honor(r->set_tile[i])) return 0;
    return 1;
}

static int has_seq(const ReadingFacts *r, int tile) {
    for (int i = 0; i < r->nseq; i++)
        if (r->seq[i] == tile) return 1;
    return 0;
}

static int popcount(uint64_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

/* reading-level rows (only the standard form's, plus chiitoitsu and kokushi) */
static uint64_t reading_mask(const HandFacts *h, const ReadingFacts *r) {
    uint64_t m = 0;
    if (r->form == F_CHIITOITSU) return BIT(22);
    if (r->form == F_KOKUSHI) return BIT(47);
    uint64_t s = r->set_mask;
    if (r->peikou == 1) m |= BIT(9);
    if (r->peikou == 2) m |= BIT(32);
    if (s & BIT(h->seat)) m |= BIT(10 + h->seat - 27);
    if (s & BIT(h->round)) m |= BIT(14 + h->round - 27);
    if (s & BIT(31)) m |= BIT(18);
    if (s & BIT(32)) m |= BIT(19);
    if (s & BIT(33)) m |= BIT(20);
    if (r->nseq && (h->kinds & TERMINALS) && all_terminal_blocks(r))
        m |= h->honors ? BIT(23) : BIT(33);  /* chanta / junchan */
    if (r->nseq >= 3) {
        if ((has_seq(r, 0) && has_seq(r, 3) && has_seq(r, 6))
            || (has_seq(r, 9) && has_seq(r, 12) && has_seq(r, 15))
            || (has_seq(r, 18) && has_seq(r, 21) && has_seq(r, 24)))
            m |= BIT(24);
        for (int i = 0; i < r->nseq; i++) {
            int n = r->seq[i];
            if (n < 9 && has_seq(r, n + 9) && has_seq(r, n + 18)) { m |= BIT(25); break; }
        }
    }
    if (popcount(s) >= 3)
        for (int n = 0; n < 9; n++)
            if ((s & BIT(n)) && (s & BIT(n + 9)) && (s & BIT(n + 18))) { m |= BIT(26); break; }
    if (r->nsets == 4) m |= BIT(28);
    int dragons = popcount(s & DRAGON_MASK), winds = popcount(s & WIND_MASK);
    if (dragons == 2 && r->pair >= 31) m |= BIT(30);
    if (dragons == 3) m |= BIT(39);
    if (winds == 4) m |= BIT(49);
    if (winds == 3 && r->pair >= 27 && r->pair <= 30) m |= BIT(50);
    return m;
}

static uint64_t hand_rows(const HandFacts *h, PyObject *win, int *err) {
    uint64_t m = 0;
    int flags[7];
    PyObject *names[7] = {s_ippatsu, s_chankan, s_rinshan, s_haitei, s_houtei, s_tenhou,
                          s_chiihou};
    for (int i = 0; i < 7; i++) {
        flags[i] = get_bool(win, names[i]);
        if (flags[i] < 0) { *err = 1; return 0; }
    }
    if (h->tsumo) m |= BIT(0);
    if (h->riichi == 1) m |= BIT(1);
    if (flags[0]) m |= BIT(2);
    if (flags[1]) m |= BIT(3);
    if (flags[2]) m |= BIT(4);
    if (flags[3]) m |= BIT(5);
    if (flags[4]) m |= BIT(6);
    if (!(h->kinds & (TERMINALS | HONOR_MASK))) m |= BIT(8);
    if (h->riichi == 2) m |= BIT(21);
    if (h->quads == 3) m |= BIT(27);
    if (!(h->kinds & ~(TERMINALS | HONOR_MASK))) m |= BIT(31);
    if (h->suits == 1) m |= h->honors ? BIT(34) : BIT(35);
    if (flags[5]) m |= BIT(37);
    if (flags[6]) m |= BIT(38);
    if (!(h->kinds & ~HONOR_MASK)) m |= BIT(42);
    if (!(h->kinds & ~GREEN)) m |= BIT(43);
    if (!(h->kinds & ~TERMINALS)) m |= BIT(44);
    if (h->melds_closed && h->suits == 1 && !h->honors) {
        int base = 0;
        while (!(h->kinds & BIT(base))) base++;
        base = base / 9 * 9;
        int chuuren = 1;
        for (int i = 0; i < 9; i++)
            if (h->total[base + i] < NINE_GATES[i]) chuuren = 0;
        if (chuuren) {
            m |= BIT(45);
            int b = h->tile / 9 * 9, junsei = 1;
            for (int i = 0; i < 9; i++)
                if (h->total[b + i] - (b + i == h->tile) != NINE_GATES[i]) junsei = 0;
            if (junsei) m |= BIT(46);
        }
    }
    if (h->quads == 4) m |= BIT(51);
    return m;
}

static int pair_value(const HandFacts *h, int tile) {
    return 2 * ((tile >= 31) + (tile == h->seat) + (tile == h->round));
}

/* one candidate: the yaku, fu, han and points of reading r with the winning tile in
 * block b (b < 0: the special forms' one placement) */
static void evaluate(const HandFacts *h, const ReadingFacts *r, int b, int wait,
                     const uint8_t *params, long long cap, Candidate *c) {
    const uint8_t *han = h->han;
    int opened = b >= 0 && r->bkind[b] == B_TRIPLET && !h->tsumo;
    int concealed = r->form == F_STANDARD ? r->concealed - opened : 0;
    int pinfu = r->form == F_STANDARD && h->melds_closed && r->nseq == 4 && r->pair >= 0
        && !pair_value(h, r->pair) && wait == RYANMEN;
    uint64_t m = h->hand_mask | reading_mask(h, r);
    if (pinfu) m |= BIT(7);
    if (concealed == 3) m |= BIT(29);
    if (concealed == 4) m |= BIT(40) | (wait == TANKI ? BIT(41) : 0);
    if (wait == KOKUSHI_13) m |= BIT(48);
    for (int i = 0; i < NYAKU; i++)  /* rows without han under these rules are no rows */
        if ((m & BIT(i)) && !han[i]) m &= ~BIT(i);
    for (int i = 0; i < 8; i++)
        if (m & BIT(REPLACES[i][0])) m &= ~BIT(REPLACES[i][1]);
    memset(c->fu_parts, 0, sizeof c->fu_parts);
    c->wait = wait;
    c->block = b;
    int yakuman = 0, count = 0, top = -1;
    for (int i = 36; i < NYAKU; i++)
        if ((m & BIT(i)) && han[i] >= 13) {
            yakuman += han[i];
            count++;
            if (top < 0 || han[i] > han[top]) top = i;  /* the largest, first of equals */
        }
    if (yakuman) {
        uint64_t kept = m & (~(uint64_t)0 << 36);
        for (int i = 36; i < NYAKU; i++)
            if (han[i] < 13) kept &= ~BIT(i);
        if (!params[P_STACKING] && count > 1) {
            kept = BIT(top);
            yakuman = han[top];
        }
        long long base = base_points(0, 0, yakuman / 13, params, cap, &c->limit);
        c->multiple = (int)(base / 8000);
        c->han = 13 * c->multiple;
        c->fu = 0;
        c->yakuman = 1;
        c->mask = kept;
        c->points = settle(c, base, h->dealer, h->tsumo);
        return;
    }
    c->yakuman = c->multiple = 0;
    c->mask = m;
    if (!m) {  /* dora alone is no yaku */
        c->han = c->fu = c->limit = 0;
        c->points = c->ron = c->from_dealer = c->each = 0;
        return;
    }
    int total = h->dora;
    for (int i = 0; i < NYAKU; i++)
        if (m & BIT(i)) total += han[i];
    c->han = total;
    int *fu = c->fu_parts, raw;
    if (r->form == F_CHIITOITSU) {
        fu[R_CHIITOITSU] = raw = 25;
        c->fu = 25;
    } else {
        int parts = 1;
        fu[R_BASE] = 20;
        if (h->closed && !h->tsumo) { fu[R_MENZEN_RON] = 10; parts++; }
        if (h->tsumo && !pinfu) { fu[R_TSUMO] = 2; parts++; }
        if (wait == KANCHAN) { fu[R_KANCHAN] = 2; parts++; }
        if (wait == PENCHAN) { fu[R_PENCHAN] = 2; parts++; }
        if (wait == TANKI) { fu[R_TANKI] = 2; parts++; }
        if (r->pair >= 0 && pair_value(h, r->pair)) {
            int v = pair_value(h, r->pair);
            fu[R_PAIR] = v < h->double_wind_fu ? v : h->double_wind_fu;
            parts++;
        }
        int by_ron = opened ? r->btile[b] : -1;
        for (int i = 0; i < r->nsets; i++) {
            int tile = r->set_tile[i], quad = r->set_quad[i];
            int closed = r->set_conc[i] && tile != by_ron, edge = terminal_or_honor(tile);
            fu[R_SETS + 4 * quad + 2 * closed + edge] += 2 << (2 * quad + closed + edge);
            parts++;
        }
        if (!h->closed && parts == 1) fu[R_OPEN_PINFU] = 10;
        raw = 0;
        for (int i = 0; i < NREASON; i++) raw += fu[i];
        c->fu = (raw + 9) / 10 * 10;
    }
    long long base = base_points(c->han, c->fu, 0, params, cap, &c->limit);
    c->points = settle(c, base, h->dealer, h->tsumo);
}

static int better(const Candidate *a, const Candidate *b) {
    if (a->points != b->points) return a->points > b->points;
    if ((a->yakuman > 0) != (b->yakuman > 0)) return a->yakuman > 0;
    if (a->han != b->han) return a->han > b->han;
    return a->fu > b->fu;
}

/* -------------------------------------------------------------------------- facts */

/* The hand, the win and the checks of mjasp.score._checked_readings that need no
 * reading; 1 when they pass, 0 when the Python path must answer, -1 on an exception. */
static int hand_facts(PyObject *hand, PyObject *win, const uint8_t *params, HandFacts *h,
                      int *meld_kind, int *meld_tile, int *nmelds) {
    PyObject *counts = NULL, *red = NULL, *melds = NULL, *v = NULL;
    int ok = -1;
    long value;
    memset(h, 0, sizeof *h);
    counts = PyObject_GetAttr(hand, s_counts);
    red = counts ? PyObject_GetAttr(hand, s_red) : NULL;
    melds = red ? PyObject_GetAttr(hand, s_melds) : NULL;
    if (!melds) goto done;
    if (!PyTuple_Check(counts) || PyTuple_GET_SIZE(counts) != KINDS || !PyTuple_Check(red)
        || PyTuple_GET_SIZE(red) != 3 || !PyTuple_Check(melds) || PyTuple_GET_SIZE(melds) > 4) {
        ok = 0;
        goto done;
    }
    int tiles = 0, reds[3], aka = 0;
    for (int k = 0; k < KINDS; k++) {
        long n = PyLong_AsLong(PyTuple_GET_ITEM(counts, k));
        if (n == -1 && PyErr_Occurred()) goto done;
        h->total[k] = (int)n;
        tiles += (int)n;
    }
    for (int s = 0; s < 3; s++) {
        long n = PyLong_AsLong(PyTuple_GET_ITEM(red, s));
        if (n == -1 && PyErr_Occurred()) goto done;
        reds[s] = (int)n;
        aka += (int)n;
    }
    int concealed_tile_count = tiles;
    *nmelds = (int)PyTuple_GET_SIZE(melds);
    h->melds_closed = *nmelds == 0;
    h->closed = 1;  /* no open meld (a closed kan keeps it closed) */
    int kan = 0;
    for (int i = 0; i < *nmelds; i++) {
        PyObject *meld = PyTuple_GET_ITEM(melds, i);
        long kind, tile, mred;
        if (get_long(meld, s_kind, &kind) || get_long(meld, s_tile, &tile)
            || get_long(meld, s_red, &mred))
            goto done;
        meld_kind[i] = (int)kind;
        meld_tile[i] = (int)tile;
        if (kind == M_CHI) {
            if (tile % 9 > 6 || tile >= 27) { ok = 0; goto done; }
            h->total[tile]++, h->total[tile + 1]++, h->total[tile + 2]++;
            h->closed = 0;
        } else {
            h->total[tile] += kind == M_PON ? 3 : 4;
            if (kind == M_PON || kind == M_KAN) h->closed = 0;
            if (kind >= M_KAN) { h->quads++; kan = 1; }
        }
        if (mred) {
            if (tile >= 27) { ok = 0; goto done; }
            reds[tile / 9] += (int)mred;
            aka += (int)mred;
        }
    }
    /* the checks of check_win that need no reading */
    if (concealed_tile_count + 3 * *nmelds != 14) { ok = 0; goto done; }
    for (int s = 0; s < 3; s++)
        if (reds[s] > params[P_RED + s]) { ok = 0; goto done; }
    v = PyObject_GetAttr(win, s_tile);
    if (!v) goto done;
    int win_red;
    h->tile = tile_of(v, &win_red);
    Py_CLEAR(v);
    if (h->tile < 0 || !PyLong_AsLong(PyTuple_GET_ITEM(counts, h->tile))) { ok = 0; goto done; }
    if (h->tile < 27 && h->tile % 9 == 4) {
        /* a red winning five needs a red five in hand, a plain one a plain five */
        long red_held = PyLong_AsLong(PyTuple_GET_ITEM(red, h->tile / 9));
        long held = PyLong_AsLong(PyTuple_GET_ITEM(counts, h->tile));
        if (win_red ? !red_held : red_held == held) { ok = 0; goto done; }
    }
    for (int k = 0; k < KINDS; k++)
        if (h->total[k]) h->kinds |= BIT(k);
    if ((h->tsumo = get_bool(win, s_tsumo)) < 0) goto done;
    if (get_long(win, s_riichi, &value)) goto done;
    h->riichi = (int)value;
    if ((h->seat = wind_of(win, s_seat)) < -1 || (h->round = wind_of(win, s_round)) < -1)
        goto done;
    if (h->seat < 0 || h->round < 0) { ok = 0; goto done; }
    h->dealer = h->seat == 0;
    h->seat += 27;
    h->round += 27;
    if (h->riichi && !h->closed) { ok = 0; goto done; }
    int flag;
    /* liability, north tiles set aside or robbed: the Python path */
    PyObject *refuse[] = {s_liable, s_north, s_robbed};
    for (int i = 0; i < 3; i++) {
        v = PyObject_GetAttr(win, refuse[i]);
        if (!v) goto done;
        int set = i == 0 ? v != Py_None : PyObject_IsTrue(v);
        Py_CLEAR(v);
        if (set) { ok = 0; goto done; }
    }
    if (*nmelds) {
        PyObject *no_melds[] = {s_tenhou, s_chiihou, s_renhou};
        for (int i = 0; i < 3; i++) {
            if ((flag = get_bool(win, no_melds[i])) < 0) goto done;
            if (flag) { ok = 0; goto done; }
        }
    }
    if ((flag = get_bool(win, s_rinshan)) < 0) goto done;
    if (flag && !kan) { ok = 0; goto done; }
    if ((flag = get_bool(win, s_chankan)) < 0) goto done;
    if (flag && h->total[h->tile] > 1) { ok = 0; goto done; }
    /* indicators: no fifth copy, no more red fives than the set, and the dora they show */
    int shown[KINDS] = {0}, shown_red[3] = {0}, shown_plain[3] = {0};
    PyObject *lists[2] = {s_dora, s_ura};
    const uint8_t *dora_of = params + P_SIZE;
    int found[2] = {0, 0};
    for (int l = 0; l < 2; l++) {
        v = PyObject_GetAttr(win, lists[l]);
        if (!v) goto done;
        if (!PyTuple_Check(v)) { ok = 0; goto done; }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(v); i++) {
            int is_red, kind = tile_of(PyTuple_GET_ITEM(v, i), &is_red);
            if (kind < 0) { ok = 0; goto done; }
            shown[kind]++;
            if (is_red) shown_red[kind / 9]++;
            else if (kind < 27 && kind % 9 == 4) shown_plain[kind / 9]++;
            found[l] += h->total[dora_of[kind]];
        }
        Py_CLEAR(v);
    }
    for (int k = 0; k < KINDS; k++)
        if (shown[k] + h->total[k] > 4) { ok = 0; goto done; }
    for (int s = 0; s < 3; s++) {
        /* the fives of a suit fit the set: rules.red_fives red, the rest of four plain */
        int allowed = params[P_RED + s];
        if (shown_red[s] + reds[s] > allowed) { ok = 0; goto done; }
        if (h->total[9 * s + 4] - reds[s] + shown_plain[s] > 4 - allowed) { ok = 0; goto done; }
    }
    h->ndora = found[0];
    h->nura = h->riichi ? found[1] : 0;
    h->naka = aka;
    if (h->ndora >= NDORA || h->nura >= NDORA || h->naka >= NDORA) { ok = 0; goto done; }
    h->dora = h->ndora + h->nura + h->naka;
    int suits = 0;
    for (int s = 0; s < 3; s++)
        if (h->kinds & ((uint64_t)0x1ff << (9 * s))) suits++;
    h->suits = suits;
    h->honors = (h->kinds & HONOR_MASK) != 0;
    h->han = params + (h->closed ? P_CLOSED : P_OPEN);
    h->double_wind_fu = params[P_DOUBLE_WIND];
    ok = 1;
done:
    Py_XDECREF(counts);
    Py_XDECREF(red);
    Py_XDECREF(melds);
    Py_XDECREF(v);
    return ok;
}

/* 1 ok, 0 refuse (a block the engine does not expect), -1 exception */
static int reading_facts(PyObject *decomposition, PyObject *ctx, const int *meld_kind,
                         const int *meld_tile, int nmelds, ReadingFacts *r) {
    PyObject *blocks = PyObject_GetAttr(decomposition, s_blocks);
    if (!blocks) return -1;
    PyObject *form = PyObject_GetAttr(decomposition, s_form);
    if (!form) { Py_DECREF(blocks); return -1; }
    int ok = 0;
    r->form = form == PyTuple_GET_ITEM(ctx, C_STANDARD) ? F_STANDARD
        : form == PyTuple_GET_ITEM(ctx, C_CHIITOITSU) ? F_CHIITOITSU
        : form == PyTuple_GET_ITEM(ctx, C_KOKUSHI) ? F_KOKUSHI : -1;
    Py_DECREF(form);
    r->nseq = r->nsets = r->peikou = r->concealed = 0;
    r->pair = -1;
    r->set_mask = 0;
    if (r->form < 0 || !PyTuple_Check(blocks) || PyTuple_GET_SIZE(blocks) > MAXBLOCKS) goto done;
    r->nblocks = (int)PyTuple_GET_SIZE(blocks);
    for (int i = 0; i < r->nblocks; i++) {
        long kind, tile;
        PyObject *block = PyTuple_GET_ITEM(blocks, i);
        if (get_long(block, s_kind, &kind) || get_long(block, s_tile, &tile)) {
            ok = -1;
            goto done;
        }
        if (tile < 0 || tile >= KINDS) goto done;
        r->bkind[i] = (int)kind;
        r->btile[i] = (int)tile;
        if (r->form != F_STANDARD) {
            if (r->form == F_KOKUSHI && kind == B_PAIR) r->pair = (int)tile;
            continue;
        }
        if (kind == B_SEQUENCE) {
            if (r->nseq >= 4) goto done;
            r->seq[r->nseq++] = (int)tile;
        } else if (kind == B_TRIPLET) {
            if (r->nsets >= 4) goto done;
            r->set_tile[r->nsets] = (int)tile, r->set_quad[r->nsets] = 0;
            r->set_conc[r->nsets++] = 1;
            r->concealed++;
        } else if (kind == B_PAIR) {
            r->pair = (int)tile;
        } else {
            goto done;  /* a concealed quad or single in a standard reading: not ours */
        }
    }
    if (r->form == F_STANDARD) {
        for (int i = 0; i < nmelds; i++) {
            if (meld_kind[i] == M_CHI) {
                if (r->nseq >= 4) goto done;
                r->seq[r->nseq++] = meld_tile[i];
            } else {
                if (r->nsets >= 4) goto done;
                r->set_tile[r->nsets] = meld_tile[i];
                r->set_quad[r->nsets] = meld_kind[i] >= M_KAN;
                r->set_conc[r->nsets++] = meld_kind[i] == M_ANKAN;
                r->concealed += meld_kind[i] == M_ANKAN;
            }
        }
        for (int i = 0; i < r->nsets; i++) r->set_mask |= BIT(r->set_tile[i]);
        for (int i = 0; i < r->nseq; i++) {  /* pairs of identical sequences */
            int same = 0, first = 1;
            for (int j = 0; j < r->nseq; j++) {
                if (r->seq[j] == r->seq[i]) same++;
                if (j < i && r->seq[j] == r->seq[i]) first = 0;
            }
            if (first) r->peikou += same / 2;
        }
    }
    /* a kokushi reading keeps its pair in r->pair only to tell the 13-sided wait */
    ok = 1;
done:
    Py_DECREF(blocks);
    return ok;
}

static int shape(int kind, int block, int tile) {
    if (kind == B_TRIPLET) return SHANPON;
    if (kind == B_PAIR) return TANKI;
    if (tile == block + 1) return KANCHAN;
    if ((tile == block + 2 && block % 9 == 0) || (tile == block && block % 9 == 6)) return PENCHAN;
    return RYANMEN;
}

/* ------------------------------------------------------------------------ entry */

static PyObject *item(PyObject *table, int n) {
    PyObject *found = PyTuple_GET_ITEM(table, n);
    Py_INCREF(found);
    return found;
}

static PyObject *result(const HandFacts *h, const Candidate *c, PyObject *readings,
                        PyObject *ctx, long long honba_points, long honba, long sticks) {
    PyObject *closed = PyTuple_GET_ITEM(ctx, h->closed ? C_CLOSED_ITEMS : C_OPEN_ITEMS);
    int n = 0, normal = !c->yakuman && c->mask;
    int listed[NYAKU + 3][2];  /* (table, index): 0 yaku, 1 dora, 2 ura, 3 aka */
    for (int i = 0; i < NYAKU; i++)
        if (c->mask & BIT(i)) listed[n][0] = 0, listed[n++][1] = i;
    if (normal) {
        if (h->ndora) listed[n][0] = 1, listed[n++][1] = h->ndora;
        if (h->riichi) listed[n][0] = 2, listed[n++][1] = h->nura;  /* 0 han listed too */
        if (h->naka) listed[n][0] = 3, listed[n++][1] = h->naka;
    }
    PyObject *yaku = PyTuple_New(n);
    if (!yaku) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *table = listed[i][0] == 0 ? closed
            : PyTuple_GET_ITEM(ctx, C_DORA + listed[i][0] - 1);
        PyTuple_SET_ITEM(yaku, i, item(table, listed[i][1]));
    }
    int parts = 0;
    if (normal)
        for (int i = 0; i < NREASON; i++) parts += c->fu_parts[i] > 0;
    PyObject *details = PyTuple_New(parts);
    if (!details) { Py_DECREF(yaku); return NULL; }
    for (int i = 0, j = 0; normal && i < NREASON; i++) {
        if (!c->fu_parts[i]) continue;
        PyObject *pair = Py_BuildValue("(Oi)", PyTuple_GET_ITEM(PyTuple_GET_ITEM(ctx, C_REASONS),
                                                                i), c->fu_parts[i]);
        if (!pair) { Py_DECREF(yaku); Py_DECREF(details); return NULL; }
        PyTuple_SET_ITEM(details, j++, pair);
    }
    PyObject *decomposition = PyTuple_GET_ITEM(readings, c->reading), *block;
    if (c->block >= 0) {
        PyObject *blocks = PyObject_GetAttr(decomposition, s_blocks);
        if (!blocks) { Py_DECREF(yaku); Py_DECREF(details); return NULL; }
        block = PyTuple_GET_ITEM(blocks, c->block);
        Py_INCREF(block);
        Py_DECREF(blocks);
    } else {
        block = item(PyTuple_GET_ITEM(ctx, c->wait == TANKI ? C_PAIRS : C_SINGLES), h->tile);
    }
    long long extra = honba_points * honba, ron = 0, from_dealer = 0, each = 0, total = 0;
    if (c->points) {
        if (h->tsumo) {
            from_dealer = c->from_dealer + (h->dealer ? 0 : extra / 3);
            each = c->each + extra / 3;
        } else {
            ron = c->ron + extra;
        }
        total = c->points + extra + 1000LL * sticks;
    }
    PyObject *limit = PyTuple_GET_ITEM(PyTuple_GET_ITEM(ctx, C_LIMITS), c->limit);
    PyObject *reason = c->points ? Py_None : PyTuple_GET_ITEM(ctx, C_NO_YAKU);
    return Py_BuildValue("(iiLiONNLLLLLONOO)", c->han, c->fu, c->points, c->multiple, limit,
                         yaku, details, ron, from_dealer, each,
                         c->points ? 1000LL * sticks : 0LL, total, decomposition, block,
                         PyTuple_GET_ITEM(PyTuple_GET_ITEM(ctx, C_WAITS), c->wait), reason);
}

static PyObject *best(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "best(hand, win, readings, ctx)");
        return NULL;
    }
    PyObject *hand = args[0], *win = args[1], *readings = args[2], *ctx = args[3];
    if (!PyTuple_Check(readings) || !PyTuple_Check(ctx) || PyTuple_GET_SIZE(ctx) != C_SIZE
        || !PyBytes_Check(PyTuple_GET_ITEM(ctx, C_PARAMS))
        || PyBytes_GET_SIZE(PyTuple_GET_ITEM(ctx, C_PARAMS)) != P_SIZE + KINDS) {
        PyErr_SetString(PyExc_TypeError, "best: readings and ctx are tuples (see scoring_best)");
        return NULL;
    }
    const uint8_t *params = (const uint8_t *)PyBytes_AS_STRING(PyTuple_GET_ITEM(ctx, C_PARAMS));
    long long cap = PyLong_AsLongLong(PyTuple_GET_ITEM(ctx, C_CAP));
    long long honba_points = PyLong_AsLongLong(PyTuple_GET_ITEM(ctx, C_HONBA));
    if (PyErr_Occurred()) return NULL;
    HandFacts h;
    int meld_kind[4], meld_tile[4], nmelds = 0;
    int ok = hand_facts(hand, win, params, &h, meld_kind, meld_tile, &nmelds);
    if (ok < 0) return NULL;
    if (!ok || !PyTuple_GET_SIZE(readings)) Py_RETURN_NONE;
    int err = 0;
    h.hand_mask = hand_rows(&h, win, &err);
    if (err) return NULL;
    long honba, sticks;
    if (get_long(win, s_honba, &honba) || get_long(win, s_sticks, &sticks)) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return NULL;
        PyErr_Clear();  /* counts beyond a C long: Python's integers settle them */
        Py_RETURN_NONE;
    }
    if (honba > 1000000 || sticks > 1000000) Py_RETURN_NONE;  /* no overflow below */
    Candidate top, c;
    int have = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(readings); i++) {
        ReadingFacts r;
        ok = reading_facts(PyTuple_GET_ITEM(readings, i), ctx, meld_kind, meld_tile, nmelds, &r);
        if (ok < 0) return NULL;
        if (!ok) Py_RETURN_NONE;
        c.reading = (int)i;
        if (r.form == F_KOKUSHI) {
            evaluate(&h, &r, -1, r.pair == h.tile ? KOKUSHI_13 : KOKUSHI, params, cap, &c);
            if (!have || better(&c, &top)) top = c, have = 1;
            continue;
        }
        if (r.form == F_CHIITOITSU) {
            evaluate(&h, &r, -1, TANKI, params, cap, &c);
            if (!have || better(&c, &top)) top = c, have = 1;
            continue;
        }
        int previous = -1;
        for (int b = 0; b < r.nblocks; b++) {
            int kind = r.bkind[b], tile = r.btile[b];
            if (!(kind == B_SEQUENCE ? tile <= h.tile && h.tile <= tile + 2 : tile == h.tile))
                continue;
            if (previous >= 0 && r.bkind[previous] == kind && r.btile[previous] == tile)
                continue;
            previous = b;
            evaluate(&h, &r, b, shape(kind, tile, h.tile), params, cap, &c);
            if (!have || better(&c, &top)) top = c, have = 1;
        }
    }
    if (!have) Py_RETURN_NONE;
    return result(&h, &top, readings, ctx, honba_points, honba, sticks);
}

static PyMethodDef methods[] = {
    {"best", (PyCFunction)(void (*)(void))best, METH_FASTCALL,
     "best(hand, win, readings, ctx): the best candidate's fields, or None (see "
     "mjasp/solvers/scoring_best.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_score",
    "The compiled scorer (see mjasp/solvers/scoring_best.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__score(void) {
    struct { PyObject **slot; const char *name; } names[] = {
        {&s_counts, "counts"}, {&s_red, "red"}, {&s_melds, "melds"}, {&s_kind, "kind"},
        {&s_tile, "tile"}, {&s_blocks, "blocks"}, {&s_form, "form"}, {&s_tsumo, "tsumo"},
        {&s_seat, "seat_wind"}, {&s_round, "round_wind"}, {&s_dora, "dora_indicators"},
        {&s_ura, "ura_indicators"}, {&s_riichi, "riichi"}, {&s_ippatsu, "ippatsu"},
        {&s_rinshan, "rinshan"}, {&s_chankan, "chankan"}, {&s_haitei, "haitei"},
        {&s_houtei, "houtei"}, {&s_tenhou, "tenhou"}, {&s_chiihou, "chiihou"},
        {&s_honba, "honba"}, {&s_sticks, "riichi_sticks"}, {&s_renhou, "renhou"},
        {&s_north, "north_dora"}, {&s_liable, "liable"}, {&s_robbed, "robbed_north"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        *names[i].slot = PyUnicode_InternFromString(names[i].name);
        if (!*names[i].slot) return NULL;
    }
    return PyModule_Create(&module);
}
