/* Batched environments: N tables of one game stepped at once, in one call, writing each table's
 * observation, legal-action mask, rewards, done flag and the seat observed into buffers the
 * caller owns (NumPy arrays, read through the buffer protocol: no NumPy headers). The Python face
 * is boneyard.research.vector; included once by module.c, after bind.h.
 *
 *   Batch(spec, tables, agents, learner, reward_points, penalty, codec, obs, mask, rewards,
 *         done, invalid, seat, log_cap)
 *   reset(base)       every table dealt again: table i's episode e from the stream seeded
 *                     substream(substream(base, i), e)
 *   step(actions)     one action id per table (int64), the tables stepped
 *   log(i)            (seed, moves): table i's hand so far, where log_cap > 0 (for tests)
 *
 * A table's steps: the action id of the seat to move is decoded and applied (an id that is not
 * legal ends the episode: `penalty` to that seat, `invalid` set); then the seats played by
 * built-in agents move (agents[seat] >= 0) until a learner's seat is to move or the hand is over;
 * at its end each seat's reward is written and `done` set, and the next step of that table deals
 * its next episode (its action is not read: Gymnasium's next-step autoreset). A deal after which
 * the agents finish the hand before a learner moves is dealt again (the next episode).
 *
 * The games: each family of games gives one VecGame, its step functions over its own table state
 * (vector_line.h: the line games, at both mask widths; vector_trick.h: the trick games). The loop
 * below knows no game.
 */

#define VEC_MAX_ACC 256

/* Where the encoding's fields and ids lie (boneyard.research.env.encoding.Codec). */
typedef struct {
    int obs_size, num_actions, slots, end_slots, pips;
    int off_hand, off_table, off_lead, off_ends, off_hand_sizes, off_stock, off_seat, off_turn;
    int off_leader, off_scores, off_totals, off_played, off_draws, off_passes, off_cannot;
    int id_draw, id_pass, id_muggins;
    double scale, sign;
    float acc[VEC_MAX_ACC]; /* k draws (or passes) as the float32 field sums them: k times 1/tiles */
    float frac[MAX_TILES + 1]; /* k tiles as a fraction of the set: (float)(k / tiles) */
} VecCodec;

typedef struct Batch Batch;

/* Python's random.Random (MT19937, as CPython's _random module steps it): the single
 * environments' agents draw from the generator the Python engine would have given them. */
#define VEC_MT_N 624
typedef struct {
    uint32_t mt[VEC_MT_N];
    int index;
} VecMt;

static uint32_t vec_mt_next(VecMt *m) {
    static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
    uint32_t y;
    if (m->index >= VEC_MT_N) {
        int kk;
        for (kk = 0; kk < VEC_MT_N - 397; kk++) {
            y = (m->mt[kk] & 0x80000000u) | (m->mt[kk + 1] & 0x7fffffffu);
            m->mt[kk] = m->mt[kk + 397] ^ (y >> 1) ^ mag01[y & 1u];
        }
        for (; kk < VEC_MT_N - 1; kk++) {
            y = (m->mt[kk] & 0x80000000u) | (m->mt[kk + 1] & 0x7fffffffu);
            m->mt[kk] = m->mt[kk + (397 - VEC_MT_N)] ^ (y >> 1) ^ mag01[y & 1u];
        }
        y = (m->mt[VEC_MT_N - 1] & 0x80000000u) | (m->mt[0] & 0x7fffffffu);
        m->mt[VEC_MT_N - 1] = m->mt[396] ^ (y >> 1) ^ mag01[y & 1u];
        m->index = 0;
    }
    y = m->mt[m->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
}

/* random.Random.random(): 53 bits from two words. */
static double vec_mt_random(VecMt *m) {
    uint32_t a = vec_mt_next(m) >> 5, b = vec_mt_next(m) >> 6;
    return ((double)a * 67108864.0 + (double)b) * (1.0 / 9007199254740992.0);
}

/* random.Random(seed) for a seed of `len` 32-bit words, the least significant first (CPython's
 * random_seed: init_by_array on the absolute value's words, one word at least). */
static void vec_mt_seed(VecMt *m, const uint32_t *key, int len) {
    uint32_t *mt = m->mt;
    mt[0] = 19650218u;
    for (int i = 1; i < VEC_MT_N; i++) mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    int i = 1, j = 0;
    for (int k = VEC_MT_N > len ? VEC_MT_N : len; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= VEC_MT_N) { mt[0] = mt[VEC_MT_N - 1]; i = 1; }
        if (j >= len) j = 0;
    }
    for (int k = VEC_MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= VEC_MT_N) { mt[0] = mt[VEC_MT_N - 1]; i = 1; }
    }
    mt[0] = 0x80000000u;
    m->index = VEC_MT_N;
}

/* random.Random(seed) for a seed below 2**64. */
static void vec_mt_seed64(VecMt *m, uint64_t seed) {
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    vec_mt_seed(m, key, key[1] ? 2 : 1);
}

/* random.Random.getrandbits(64): the first word the least significant. */
static uint64_t vec_mt_bits64(VecMt *m) {
    uint64_t lo = vec_mt_next(m);
    return lo | (uint64_t)vec_mt_next(m) << 32;
}

/* random.Random._randbelow(n) (n >= 1, below 2**31): getrandbits(n.bit_length()) drawn again
 * until below n. */
static int vec_mt_below(VecMt *m, int n) {
    int k = 32 - __builtin_clz((unsigned)n);
    for (;;) {
        int r = (int)(vec_mt_next(m) >> (32 - k));
        if (r < n) return r;
    }
}

/* random.Random.shuffle(x) of n items. */
static void vec_mt_shuffle(VecMt *m, uint8_t *x, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = vec_mt_below(m, i + 1);
        uint8_t t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
}

/* random.Random.sample(range(n), k) into out (k <= n <= 255): CPython's two ways, a pool where
 * a list of n is smaller than a set of k, else draws again until unseen. */
static void vec_mt_sample(VecMt *m, int n, int k, uint8_t *out) {
    int setsize = 21;
    if (k > 5) {
        int p = 1; /* 4 ** ceil(log(3k, 4)) */
        while (p < 3 * k) p *= 4;
        setsize += p;
    }
    if (n <= setsize) {
        uint8_t pool[256];
        for (int i = 0; i < n; i++) pool[i] = (uint8_t)i;
        for (int i = 0; i < k; i++) {
            int j = vec_mt_below(m, n - i);
            out[i] = pool[j];
            pool[j] = pool[n - i - 1];
        }
        return;
    }
    uint8_t seen[256] = {0};
    for (int i = 0; i < k; i++) {
        int j = vec_mt_below(m, n);
        while (seen[j]) j = vec_mt_below(m, n);
        seen[j] = 1;
        out[i] = (uint8_t)j;
    }
}

/* One family's step functions over its table state (table_bytes each). */
typedef struct {
    size_t table_bytes;
    /* A new hand dealt from the stream (drawn from further by the agents). */
    void (*deal)(const Batch *b, void *table, Rng *rng);
    /* The seat to move, -1 once the hand is over. */
    int (*to_move)(const Batch *b, const void *table);
    /* The seat to move takes the action `id`; -1 (nothing changed) where it is not legal. */
    int (*apply_id)(const Batch *b, void *table, long long id);
    /* A built-in agent (playout.h's AG_*) moves for the seat to move. */
    void (*agent_move)(const Batch *b, void *table, int agent, Rng *rng);
    /* The observation of `seat` and the mask of its legal ids (all 0 unless it is to move); a
     * family may keep in the table what it found (the legal ids, for the next move). */
    void (*encode)(const Batch *b, void *table, int seat, float *obs, int8_t *mask);
    /* Each seat's reward, once the hand is over. */
    void (*outcome)(const Batch *b, const void *table, double *rewards);
    /* The moves recorded (log_cap > 0). */
    int (*log_len)(const Batch *b, const void *table);
    /* agent_move drawing from Python's generator (the single environments). */
    void (*agent_move_mt)(const Batch *b, void *table, int agent, VecMt *mt);
    /* The table set to a Python hand at its start (kernel._state_data); -1 with an exception. */
    int (*load)(const Batch *b, void *table, PyObject *data);
    /* Codec.legal_map: the legal ids in its order and their moves; their number. */
    int (*legal_ids)(const Batch *b, const void *table, int *ids, Move *moves);
    /* The code of a layout's end (kernel.END_NAMES), -1 for none. */
    int (*end_code)(const void *table, int end);
    /* The first hand of Match(rules, rng=random.Random(seed)) dealt from that generator (`mt`,
     * seeded): the single environments' deal. */
    void (*deal_mt)(const Batch *b, void *table, VecMt *mt);
    /* What the Python engine needs to write a finished hand's result (kernel.LineEnd's fields),
     * or None where the family gives none (its result is read from the Python hand). */
    PyObject *(*end)(const Batch *b, const void *table);
} VecGame;

typedef struct {
    Rng rng; /* the episode's stream: the deal, then the agents' choices */
    uint64_t seed, episode;
    int reset_next;
} VecHead;

struct Batch {
    const VecGame *game;
    const void *ctx; /* the family's context (line games: Ctx_64 or Ctx_128) */
    void *owned;     /* a context the batch allocated (the trick games'), freed with it */
    union { Ctx_64 c64; Ctx_128 c128; } ctxs;
    VecCodec codec;
    int n, players, learner; /* learner: the one learner's seat, -1 where every seat learns */
    int agents[MAX_PLAYERS]; /* per seat: a built-in agent, or -1 for a learner's seat */
    int reward_points;
    double penalty;
    uint64_t base;
    VecHead *heads;
    char *states;
    void *log; /* log_cap moves per table (Move.pad: the seat) */
    int log_cap;
    float *obs;
    int8_t *mask;
    double *rewards;
    uint8_t *done, *invalid;
    int32_t *seat;
    VecMt *mt; /* set (the single environments): the agents draw from it, not from the streams */
};

#undef W
#define W 64
#include "vector_line.h"
#undef W
#define W 128
#include "vector_line.h"
#include "vector_trick.h"

static inline void *vec_table(const Batch *b, int i) { return b->states + (size_t)i * b->game->table_bytes; }

static void vec_others(Batch *b, void *st, VecHead *h) {
    int seat;
    while ((seat = b->game->to_move(b, st)) >= 0 && b->agents[seat] >= 0) {
        if (b->mt) b->game->agent_move_mt(b, st, b->agents[seat], b->mt);
        else b->game->agent_move(b, st, b->agents[seat], &h->rng);
    }
}

static void vec_new_episode(Batch *b, int i) {
    VecHead *h = &b->heads[i];
    void *st = vec_table(b, i);
    for (int tries = 0;; tries++) {
        h->seed = substream(substream(b->base, (uint64_t)i), h->episode++);
        h->rng.state = h->seed;
        b->game->deal(b, st, &h->rng);
        vec_others(b, st, h);
        if (b->game->to_move(b, st) >= 0 || tries >= 1000) break;
    }
    h->reset_next = 0;
}

/* The observation written for table i: the learner's seat, else the seat to move (once over,
 * `last`, the seat that moved last). */
static void vec_write(Batch *b, int i, int last) {
    void *st = vec_table(b, i);
    int seat = b->learner;
    if (seat < 0) {
        seat = b->game->to_move(b, st);
        if (seat < 0) seat = last;
    }
    const VecCodec *cd = &b->codec;
    b->game->encode(b, st, seat, b->obs + (size_t)i * cd->obs_size, b->mask + (size_t)i * cd->num_actions);
    b->seat[i] = seat;
}

static void vec_step_one(Batch *b, int i, long long action) {
    VecHead *h = &b->heads[i];
    void *st = vec_table(b, i);
    double *rewards = b->rewards + (size_t)i * b->players;
    for (int p = 0; p < b->players; p++) rewards[p] = 0.0;
    b->done[i] = b->invalid[i] = 0;
    if (h->reset_next) {
        vec_new_episode(b, i);
        vec_write(b, i, 0);
        return;
    }
    int seat = b->game->to_move(b, st);
    if (b->game->apply_id(b, st, action) < 0) {
        rewards[seat] = b->penalty;
        b->done[i] = b->invalid[i] = 1;
        h->reset_next = 1;
        vec_write(b, i, seat);
        return;
    }
    vec_others(b, st, h);
    if (b->game->to_move(b, st) < 0) {
        b->game->outcome(b, st, rewards);
        b->done[i] = 1;
        h->reset_next = 1;
    }
    vec_write(b, i, seat);
}

/* ================================================================ the Python object */

typedef struct {
    PyObject_HEAD
    PyObject *spec; /* a Spec (the line games) or a TrickSpec */
    Batch b;
    Py_buffer views[7];
    int nviews;
} BatchObject;

static int vec_int(PyObject *d, const char *key, int *out) { return get_int(d, key, out); }

#define CODEC_INT(name) if (vec_int(d, #name, &cd->name) < 0) return -1
static int vec_codec(PyObject *d, VecCodec *cd, int tiles) {
    memset(cd, 0, sizeof *cd);
    CODEC_INT(obs_size); CODEC_INT(num_actions); CODEC_INT(slots); CODEC_INT(end_slots); CODEC_INT(pips);
    CODEC_INT(off_hand); CODEC_INT(off_table); CODEC_INT(off_lead); CODEC_INT(off_ends);
    CODEC_INT(off_hand_sizes); CODEC_INT(off_stock); CODEC_INT(off_seat); CODEC_INT(off_turn);
    CODEC_INT(off_leader); CODEC_INT(off_scores); CODEC_INT(off_totals); CODEC_INT(off_played);
    CODEC_INT(off_draws); CODEC_INT(off_passes); CODEC_INT(off_cannot);
    CODEC_INT(id_draw); CODEC_INT(id_pass); CODEC_INT(id_muggins);
    if (get_double(d, "scale", &cd->scale) < 0 || get_double(d, "sign", &cd->sign) < 0) return -1;
    if (cd->obs_size <= 0 || cd->num_actions <= 0 || cd->slots != cd->end_slots + 1 || cd->end_slots > MAX_ENDS) {
        PyErr_SetString(PyExc_ValueError, "codec: sizes out of range");
        return -1;
    }
    /* Codec: vec[draws + r] += 1.0 / size once per draw, a float32 sum (NumPy adds a Python float
     * to a float32 in float32). */
    float step = (float)(1.0 / tiles);
    cd->acc[0] = 0.0f;
    for (int k = 1; k < VEC_MAX_ACC; k++) cd->acc[k] = cd->acc[k - 1] + step;
    for (int k = 0; k <= MAX_TILES; k++) cd->frac[k] = (float)((double)k / tiles);
    return 0;
}

static int vec_view(BatchObject *self, PyObject *o, Py_ssize_t items, Py_ssize_t itemsize, const char *codes,
                    const char *what, void **out) {
    Py_buffer *v = &self->views[self->nviews];
    if (PyObject_GetBuffer(o, v, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    self->nviews++;
    const char *f = v->format ? v->format : "B";
    char code = f[strlen(f) - 1];
    if (v->itemsize != itemsize || v->len != items * itemsize || !strchr(codes, code)) {
        PyErr_Format(PyExc_ValueError, "%s: a C-contiguous buffer of %zd items of %zd bytes (%s) is wanted", what,
                     items, itemsize, codes);
        return -1;
    }
    *out = v->buf;
    return 0;
}

static void Batch_release(BatchObject *self) {
    for (int k = 0; k < self->nviews; k++) PyBuffer_Release(&self->views[k]);
    self->nviews = 0;
    free(self->b.heads);
    free(self->b.states);
    free(self->b.log);
    free(self->b.owned);
    self->b.owned = NULL;
    free(self->b.mt);
    self->b.mt = NULL;
    self->b.heads = NULL;
    self->b.states = NULL;
    self->b.log = NULL;
}

static int Batch_setup(BatchObject *self, PyObject *agent_seq, PyObject *codec, PyObject **bufs) {
    Batch *b = &self->b;
    int trick = PyObject_TypeCheck(self->spec, &TrickSpecType);
    const Spec *sp = trick ? NULL : &((SpecObject *)self->spec)->spec;
    int players = b->players, ntiles = trick ? T_TILES : sp->ntiles;
    if (!PyTuple_Check(agent_seq) || PyTuple_GET_SIZE(agent_seq) != players) {
        PyErr_SetString(PyExc_ValueError, "one agent per seat (-1: a learner's seat)");
        return -1;
    }
    for (int p = 0; p < players; p++) {
        long a = PyLong_AsLong(PyTuple_GET_ITEM(agent_seq, p));
        if (a < -1 || a > AG_ACCOMPANIED) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "not a built-in agent");
            return -1;
        }
        b->agents[p] = (int)a;
    }
    if (b->learner >= players || (b->learner >= 0 && b->agents[b->learner] >= 0)) {
        PyErr_SetString(PyExc_ValueError, "the learner's seat is played by an agent");
        return -1;
    }
    if (vec_codec(codec, &b->codec, ntiles) < 0) return -1;
    Py_ssize_t n = b->n, o = b->codec.obs_size, a = b->codec.num_actions;
    if (vec_view(self, bufs[0], n * o, 4, "f", "obs", (void **)&b->obs) < 0 ||
        vec_view(self, bufs[1], n * a, 1, "bB?", "mask", (void **)&b->mask) < 0 ||
        vec_view(self, bufs[2], n * players, 8, "d", "rewards", (void **)&b->rewards) < 0 ||
        vec_view(self, bufs[3], n, 1, "?bB", "done", (void **)&b->done) < 0 ||
        vec_view(self, bufs[4], n, 1, "?bB", "invalid", (void **)&b->invalid) < 0 ||
        vec_view(self, bufs[5], n, 4, "iI", "seat", (void **)&b->seat) < 0)
        return -1;
    /* The family's step functions, chosen by its spec: the trick games (a TrickSpec), the line
     * games (a Spec of a line family, at its mask width). */
    if (trick) {
        if (vec_trick_setup(b, &((TrickSpecObject *)self->spec)->spec, codec) < 0) return -1;
        b->game = &VEC_TRICK;
    } else if (sp->table < T_LINE || sp->table > T_CHICKEN) {
        PyErr_SetString(PyExc_ValueError, "the core has no batched step functions for this family of games");
        return -1;
    } else if (sp->wide) {
        b->ctxs.c128 = (Ctx_128){sp, &((SpecObject *)self->spec)->mk128};
        b->ctx = &b->ctxs.c128;
        b->game = &VEC_LINE_128;
    } else {
        b->ctxs.c64 = (Ctx_64){sp, &((SpecObject *)self->spec)->mk64};
        b->ctx = &b->ctxs.c64;
        b->game = &VEC_LINE_64;
    }
    b->heads = (VecHead *)calloc((size_t)n, sizeof(VecHead));
    b->states = (char *)calloc((size_t)n, b->game->table_bytes);
    if (b->log_cap > 0) b->log = calloc((size_t)n * (size_t)b->log_cap, sizeof(Move));
    if (!b->heads || !b->states || (b->log_cap > 0 && !b->log)) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int Batch_init(BatchObject *self, PyObject *args, PyObject *kwds) {
    PyObject *spec, *agent_seq, *codec, *bufs[6];
    int n, learner, reward_points, log_cap;
    double penalty;
    if (!PyArg_ParseTuple(args, "OiOipdO!OOOOOOi", &spec, &n, &agent_seq, &learner, &reward_points,
                          &penalty, &PyDict_Type, &codec, &bufs[0], &bufs[1], &bufs[2], &bufs[3], &bufs[4],
                          &bufs[5], &log_cap))
        return -1;
    Batch_release(self);
    int players;
    if (PyObject_TypeCheck(spec, &SpecType)) players = ((SpecObject *)spec)->spec.players;
    else if (PyObject_TypeCheck(spec, &TrickSpecType)) players = ((TrickSpecObject *)spec)->spec.players;
    else {
        PyErr_SetString(PyExc_TypeError, "a batch's rules are a Spec or a TrickSpec");
        return -1;
    }
    if (n < 1) {
        PyErr_SetString(PyExc_ValueError, "a batch has at least one table");
        return -1;
    }
    Py_INCREF(spec);
    Py_XSETREF(self->spec, spec);
    memset(&self->b, 0, sizeof self->b);
    self->b.n = n;
    self->b.players = players;
    self->b.learner = learner;
    self->b.reward_points = reward_points;
    self->b.penalty = penalty;
    self->b.log_cap = log_cap > 0 ? log_cap : 0;
    if (Batch_setup(self, agent_seq, codec, bufs) < 0) {
        Batch_release(self);
        return -1;
    }
    return 0;
}

static void Batch_dealloc(BatchObject *self) {
    Batch_release(self);
    Py_XDECREF(self->spec);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int batch_ready(BatchObject *self) {
    if (!self->b.heads) {
        PyErr_SetString(PyExc_RuntimeError, "the batch is not set up");
        return -1;
    }
    return 0;
}

/* reset(base): every table's first episode of the streams seeded from `base`. */
static PyObject *Batch_reset(BatchObject *self, PyObject *arg) {
    if (batch_ready(self) < 0) return NULL;
    unsigned long long base = PyLong_AsUnsignedLongLongMask(arg);
    if (PyErr_Occurred()) return NULL;
    Batch *b = &self->b;
    b->base = base;
    Py_BEGIN_ALLOW_THREADS
    for (int i = 0; i < b->n; i++) {
        b->heads[i].episode = 0;
        b->done[i] = b->invalid[i] = 0;
        for (int p = 0; p < b->players; p++) b->rewards[(size_t)i * b->players + p] = 0.0;
        vec_new_episode(b, i);
        vec_write(b, i, 0);
    }
    Py_END_ALLOW_THREADS
    Py_RETURN_NONE;
}

/* step(actions): one int64 action id per table. */
static PyObject *Batch_step(BatchObject *self, PyObject *arg) {
    if (batch_ready(self) < 0) return NULL;
    Batch *b = &self->b;
    Py_buffer v;
    if (PyObject_GetBuffer(arg, &v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    const char *f = v.format ? v.format : "B";
    char code = f[strlen(f) - 1];
    if (v.itemsize != 8 || v.len != (Py_ssize_t)b->n * 8 || !strchr("lq", code)) {
        PyBuffer_Release(&v);
        PyErr_Format(PyExc_ValueError, "actions: a C-contiguous int64 buffer of %d items is wanted", b->n);
        return NULL;
    }
    const long long *actions = (const long long *)v.buf;
    Py_BEGIN_ALLOW_THREADS
    for (int i = 0; i < b->n; i++) vec_step_one(b, i, actions[i]);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&v);
    Py_RETURN_NONE;
}

/* log(i) -> (seed, [(seat, kind, tile, end, open, claim)]): table i's hand so far. */
static PyObject *Batch_log(BatchObject *self, PyObject *arg) {
    if (batch_ready(self) < 0) return NULL;
    Batch *b = &self->b;
    long i = PyLong_AsLong(arg);
    if (PyErr_Occurred()) return NULL;
    if (!b->log || i < 0 || i >= b->n) {
        PyErr_SetString(PyExc_ValueError, "no log: a table out of range, or a batch made without log_cap");
        return NULL;
    }
    const void *st = vec_table(b, (int)i);
    int len = b->game->log_len(b, st);
    const Move *log = (const Move *)b->log + (size_t)i * b->log_cap;
    PyObject *moves = PyList_New(len);
    for (int k = 0; k < len && moves; k++) {
        Move m = log[k];
        PyList_SET_ITEM(moves, k, Py_BuildValue("(iiiiii)", m.pad, m.kind, m.tile, m.end, m.open, m.claim));
    }
    if (!moves) return NULL;
    return Py_BuildValue("(KN)", (unsigned long long)b->heads[i].seed, moves);
}

/* ---------------------------------------------------------------- one table at a time
 * The single environments (boneyard.research.env) drive one table by these: a hand dealt by the
 * Python engine is loaded, the learner's (or each seat's) action applied, the agents played, the
 * observation of any seat written to the table's rows of the arrays. */

static int vec_index(BatchObject *self, PyObject *arg, int *out) {
    if (batch_ready(self) < 0) return -1;
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred()) return -1;
    if (i < 0 || i >= self->b.n) {
        PyErr_SetString(PyExc_IndexError, "no such table");
        return -1;
    }
    *out = (int)i;
    return 0;
}

/* load(i, data): table i set to a Python hand at its start (kernel._state_data's tuple; a trick
 * game's: kernel.trick_state_data's dict). */
static PyObject *Batch_load(BatchObject *self, PyObject *args) {
    PyObject *ix, *data;
    int i;
    if (!PyArg_ParseTuple(args, "OO", &ix, &data) || vec_index(self, ix, &i) < 0) return NULL;
    Batch *b = &self->b;
    if (b->game->load(b, vec_table(b, i), data) < 0) return NULL;
    b->heads[i].reset_next = 0;
    b->done[i] = b->invalid[i] = 0;
    for (int p = 0; p < b->players; p++) b->rewards[(size_t)i * b->players + p] = 0.0;
    Py_RETURN_NONE;
}

/* play(i, id, others) -> the seat to move after (-1: the hand is over, its rewards written), or -2
 * where the id is not legal (nothing changed). With `others`, the agents' seats play on. */
static PyObject *Batch_play(BatchObject *self, PyObject *args) {
    PyObject *ix;
    long long id;
    int i, others;
    if (!PyArg_ParseTuple(args, "OLp", &ix, &id, &others) || vec_index(self, ix, &i) < 0) return NULL;
    Batch *b = &self->b;
    void *st = vec_table(b, i);
    if (b->game->to_move(b, st) < 0 || b->game->apply_id(b, st, id) < 0) return PyLong_FromLong(-2);
    if (others) vec_others(b, st, &b->heads[i]);
    int seat = b->game->to_move(b, st);
    if (seat < 0) {
        b->game->outcome(b, st, b->rewards + (size_t)i * b->players);
        b->done[i] = 1;
    }
    return PyLong_FromLong(seat);
}

/* others(i) -> the seat to move once the agents' seats have played (-1: over, rewards written). */
static PyObject *Batch_others(BatchObject *self, PyObject *arg) {
    int i;
    if (vec_index(self, arg, &i) < 0) return NULL;
    Batch *b = &self->b;
    void *st = vec_table(b, i);
    vec_others(b, st, &b->heads[i]);
    int seat = b->game->to_move(b, st);
    if (seat < 0) {
        b->game->outcome(b, st, b->rewards + (size_t)i * b->players);
        b->done[i] = 1;
    }
    return PyLong_FromLong(seat);
}

/* encode(i, seat): the observation and mask of `seat` written to table i's rows. */
static PyObject *Batch_encode(BatchObject *self, PyObject *args) {
    PyObject *ix;
    int i, seat;
    if (!PyArg_ParseTuple(args, "Oi", &ix, &seat) || vec_index(self, ix, &i) < 0) return NULL;
    Batch *b = &self->b;
    if (seat < 0 || seat >= b->players) {
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return NULL;
    }
    const VecCodec *cd = &b->codec;
    b->game->encode(b, vec_table(b, i), seat, b->obs + (size_t)i * cd->obs_size, b->mask + (size_t)i * cd->num_actions);
    b->seat[i] = seat;
    Py_RETURN_NONE;
}

/* legal(i) -> [(id, kind, tile, end code, open, claim)]: Codec.legal_map of the seat to move. */
static PyObject *Batch_legal(BatchObject *self, PyObject *arg) {
    int i;
    if (vec_index(self, arg, &i) < 0) return NULL;
    Batch *b = &self->b;
    const void *st = vec_table(b, i);
    int ids[MAX_MOVES];
    Move moves[MAX_MOVES];
    int n = b->game->legal_ids(b, st, ids, moves);
    PyObject *out = PyList_New(n);
    for (int k = 0; k < n && out; k++) {
        Move m = moves[k];
        int code = m.kind == MV_PLAY ? b->game->end_code(st, m.end) : -1;
        PyObject *row = Py_BuildValue("(iiiiii)", ids[k], m.kind, m.tile, code, m.open, m.claim);
        if (!row) Py_CLEAR(out);
        else PyList_SET_ITEM(out, k, row);
    }
    return out;
}

/* legal_ids(i) -> (id, ...): the legal ids of the seat to move alone, in Codec.legal_map's order
 * (a trick game's legal map is made from them). */
static PyObject *Batch_legal_ids(BatchObject *self, PyObject *arg) {
    int i;
    if (vec_index(self, arg, &i) < 0) return NULL;
    Batch *b = &self->b;
    int ids[MAX_MOVES];
    Move moves[MAX_MOVES];
    int n = b->game->legal_ids(b, vec_table(b, i), ids, moves);
    PyObject *out = PyTuple_New(n);
    for (int k = 0; k < n && out; k++) {
        PyObject *id = PyLong_FromLong(ids[k]);
        if (!id) Py_CLEAR(out);
        else PyTuple_SET_ITEM(out, k, id);
    }
    return out;
}

/* set_mt(words): the agents draw from Python's generator in this state (random.Random.getstate()[1]:
 * 624 words and the index), for every table; set_mt(None): from the tables' streams again. */
static PyObject *Batch_set_mt(BatchObject *self, PyObject *arg) {
    if (batch_ready(self) < 0) return NULL;
    Batch *b = &self->b;
    if (arg == Py_None) {
        free(b->mt);
        b->mt = NULL;
        Py_RETURN_NONE;
    }
    if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != VEC_MT_N + 1) {
        PyErr_SetString(PyExc_ValueError, "random.Random's state: 624 words and an index");
        return NULL;
    }
    VecMt m;
    for (int k = 0; k <= VEC_MT_N; k++) {
        unsigned long w = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(arg, k));
        if (PyErr_Occurred()) return NULL;
        if (k < VEC_MT_N) m.mt[k] = (uint32_t)w;
        else m.index = w > VEC_MT_N ? VEC_MT_N : (int)w;
    }
    if (!b->mt && !(b->mt = (VecMt *)malloc(sizeof(VecMt)))) return PyErr_NoMemory();
    *b->mt = m;
    Py_RETURN_NONE;
}

/* get_mt() -> the generator's state as set_mt takes it (None where none is set). */
static PyObject *Batch_get_mt(BatchObject *self, PyObject *unused) {
    if (batch_ready(self) < 0) return NULL;
    const VecMt *m = self->b.mt;
    if (!m) Py_RETURN_NONE;
    PyObject *out = PyTuple_New(VEC_MT_N + 1);
    for (int k = 0; k <= VEC_MT_N && out; k++) {
        PyObject *w = PyLong_FromUnsignedLong(k < VEC_MT_N ? m->mt[k] : (unsigned long)m->index);
        if (!w) Py_CLEAR(out);
        else PyTuple_SET_ITEM(out, k, w);
    }
    return out;
}

/* deal(i, seed) -> (seed, the seat to move): table i dealt the first hand of Match(rules,
 * rng=random.Random(seed)), in the core; with seed None, the seed is getrandbits(64) of the
 * agents' generator (set_mt, seed_mt), as the Gymnasium environment draws it. */
static PyObject *Batch_deal(BatchObject *self, PyObject *args) {
    PyObject *ix, *arg;
    int i;
    if (!PyArg_ParseTuple(args, "OO", &ix, &arg) || vec_index(self, ix, &i) < 0) return NULL;
    Batch *b = &self->b;
    uint64_t seed;
    if (arg == Py_None) {
        if (!b->mt) {
            PyErr_SetString(PyExc_ValueError, "no generator for the agents: seed_mt() or set_mt() first");
            return NULL;
        }
        seed = vec_mt_bits64(b->mt);
    } else {
        seed = PyLong_AsUnsignedLongLong(arg);
        if (PyErr_Occurred()) return NULL;
    }
    VecMt *mt = (VecMt *)malloc(sizeof(VecMt));
    if (!mt) return PyErr_NoMemory();
    vec_mt_seed64(mt, seed);
    b->game->deal_mt(b, vec_table(b, i), mt);
    free(mt);
    b->heads[i].reset_next = 0;
    b->done[i] = b->invalid[i] = 0;
    for (int p = 0; p < b->players; p++) b->rewards[(size_t)i * b->players + p] = 0.0;
    return Py_BuildValue("(Ki)", (unsigned long long)seed, b->game->to_move(b, vec_table(b, i)));
}

/* seed_mt(seed): the agents draw from random.Random(seed) (a seed below 2**64). */
static PyObject *Batch_seed_mt(BatchObject *self, PyObject *arg) {
    if (batch_ready(self) < 0) return NULL;
    Batch *b = &self->b;
    uint64_t seed = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    if (!b->mt && !(b->mt = (VecMt *)malloc(sizeof(VecMt)))) return PyErr_NoMemory();
    vec_mt_seed64(b->mt, seed);
    Py_RETURN_NONE;
}

/* end(i): what a finished hand's result is written from (VecGame.end), None where the family
 * gives nothing. */
static PyObject *Batch_end(BatchObject *self, PyObject *arg) {
    int i;
    if (vec_index(self, arg, &i) < 0) return NULL;
    Batch *b = &self->b;
    return b->game->end(b, vec_table(b, i));
}

static PyMethodDef Batch_methods[] = {
    {"deal", (PyCFunction)Batch_deal, METH_VARARGS, "deal(i, seed) -> (seed, turn): Match(rules, rng=random.Random(seed))'s first hand."},
    {"seed_mt", (PyCFunction)Batch_seed_mt, METH_O, "seed_mt(seed): the agents draw from random.Random(seed)."},
    {"end", (PyCFunction)Batch_end, METH_O, "end(i): a finished hand's result data (None: none)."},
    {"load", (PyCFunction)Batch_load, METH_VARARGS, "load(i, data): table i set to a Python hand at its start."},
    {"play", (PyCFunction)Batch_play, METH_VARARGS, "play(i, id, others) -> the seat to move, -1 over, -2 illegal."},
    {"others", (PyCFunction)Batch_others, METH_O, "others(i) -> the seat to move once the agents played."},
    {"encode", (PyCFunction)Batch_encode, METH_VARARGS, "encode(i, seat): seat's observation and mask."},
    {"legal", (PyCFunction)Batch_legal, METH_O, "legal(i): [(id, kind, tile, end code, open, claim)]."},
    {"legal_ids", (PyCFunction)Batch_legal_ids, METH_O, "legal_ids(i) -> (id, ...): the legal ids."},
    {"set_mt", (PyCFunction)Batch_set_mt, METH_O, "set_mt(words): agents draw from random.Random's state."},
    {"get_mt", (PyCFunction)Batch_get_mt, METH_NOARGS, "get_mt(): random.Random's state now."},
    {"reset", (PyCFunction)Batch_reset, METH_O, "reset(base): every table dealt its first episode."},
    {"step", (PyCFunction)Batch_step, METH_O, "step(actions): one action id (int64) per table."},
    {"log", (PyCFunction)Batch_log, METH_O, "log(i): (seed, moves) of table i's hand so far."},
    {NULL},
};

static PyTypeObject BatchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "boneyard.core._kernel.Batch",
    .tp_basicsize = sizeof(BatchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Batch_init,
    .tp_dealloc = (destructor)Batch_dealloc,
    .tp_methods = Batch_methods,
    .tp_doc = "N tables of one game stepped at once (boneyard.research.vector).",
};

/* Called by PyInit__kernel. */
static int vector_register(PyObject *m) {
    if (PyType_Ready(&BatchType) < 0) return -1;
    Py_INCREF(&BatchType);
    if (PyModule_AddObject(m, "Batch", (PyObject *)&BatchType) < 0) {
        Py_DECREF(&BatchType);
        return -1;
    }
    return 0;
}
