/* The exact solver: alpha-beta on points with a transposition table, as boneyard.players.search.solver
 * (whose docstring says what a value is). Included by module.c once per mask width after
 * engine.h. The search is the Python solver's, step for step (fail-soft alpha-beta, the table's
 * bounds stored relative to the points already made with two sides, iterative deepening over
 * plies with a choice, the horizon estimate); what differs is only speed: positions are keyed by
 * a 64-bit Zobrist-style hash (a line's ends hashed as a multiset, so mirror images and arms
 * laid in another order share an entry; a train's end stays its owner's), and the table has a
 * fixed number of slots, replaced when full (the Python table never forgets; a lost entry is only
 * searched again). */

#ifndef ONCE_SOLVER_HEAD
#define ONCE_SOLVER_HEAD
#include <math.h>
#include <stdlib.h>
#include <time.h>

#define EXACT_DEPTH (1 << 30)
#define CLOCK_EVERY 512

#endif

typedef struct {
    uint64_t key;
    double lo, hi;
    int32_t depth;
    Move best;
} F(Entry);

typedef struct {
    F(Ctx) ctx;
    int side, two, other;
    int mine[MAX_PLAYERS];
    double sign[MAX_SIDES];
    int keep_scores, scoring;
    double pip_weight;
    int use_table, ordering;
    F(Entry) *table;
    uint64_t mask; /* slots - 1 */
    uint64_t used, max_slots;
    int32_t root_scores[MAX_SIDES];
    int have_root;
    double root_diff;
    long long nodes, max_nodes; /* max_nodes < 0: none */
    double deadline;           /* < 0: none */
    long long horizon;
    int abort;
    int overflow; /* a position had more candidates than MAX_CAND */
    Move scratch[MAX_MOVES];
} F(Solver);

#ifndef ONCE_MONOTONIC
#define ONCE_MONOTONIC
static inline double monotonic_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

#endif

static int F(solver_init)(F(Solver) *sv, const Spec *sp, const F(Masks) *mk, int side, uint64_t max_slots) {
    memset(sv, 0, sizeof *sv);
    sv->ctx.sp = sp;
    sv->ctx.mk = mk;
    sv->side = side;
    sv->two = sp->nsides == 2;
    sv->other = sv->two ? 1 - side : -1;
    for (int p = 0; p < sp->players; p++) sv->mine[p] = sp->side_of[p] == side;
    for (int i = 0; i < sp->nsides; i++) sv->sign[i] = sp->utility_sign[i];
    sv->keep_scores = sp->scores_shape_future || !sv->two;
    sv->scoring = sp->play_scoring != PLAYSCORE_NONE;
    sv->pip_weight = sp->pip_weight;
    sv->use_table = 1;
    sv->ordering = 1;
    sv->max_slots = max_slots;
    uint64_t slots = 1 << 12;
    sv->table = (F(Entry) *)calloc(slots, sizeof(F(Entry)));
    if (!sv->table) return -1;
    sv->mask = slots - 1;
    sv->max_nodes = -1;
    sv->deadline = -1;
    return 0;
}

static void F(solver_free)(F(Solver) *sv) {
    free(sv->table);
    sv->table = NULL;
}

static void F(solver_clear)(F(Solver) *sv) {
    memset(sv->table, 0, (sv->mask + 1) * sizeof(F(Entry)));
    sv->used = 0;
}

/* ---------------------------------------------------------------- the table */

static inline uint64_t F(mix_mask)(MASK m, uint64_t salt) {
#if W == 64
    return mix64(m ^ salt);
#else
    return mix64((uint64_t)m ^ salt) + mix64((uint64_t)(m >> 64) ^ (salt * 3 + 1));
#endif
}

/* Solver._key: what decides the future of a position. */
static uint64_t F(key)(const F(Solver) *sv, const F(State) *s) {
    const Spec *sp = sv->ctx.sp;
    uint64_t h = 0x243F6A8885A308D3ULL;
    for (int p = 0; p < sp->players; p++) h += F(mix_mask)(s->hands[p], (uint64_t)(p + 1) * 0x9E3779B97F4A7C15ULL);
    uint64_t misc = (uint64_t)s->turn | (uint64_t)s->stock_pos << 4 | (uint64_t)(s->bonus_double + 1) << 12 |
                    (uint64_t)s->drew << 20 | (uint64_t)(s->unclaimed & 0x3FF) << 21 |
                    (uint64_t)(s->unclaimed_by + 1) << 31 | (uint64_t)s->finding_lead << 35 |
                    (uint64_t)(s->required_lead + 1) << 36 | (uint64_t)s->has_layout << 44;
    h ^= mix64(misc + 0x13198A2E03707344ULL);
    if (sp->pass_bonus || sp->opening_pass_bonus || sp->opening_pass_bonus_double)
        h += mix64((uint64_t)s->passes + 0x3707344A4093822FULL);
    if (s->has_layout) {
        int positional = sp->table == T_TRAINS;
        uint64_t ends = 0;
        for (int i = 0; i < s->nends; i++) {
            uint64_t e = (uint64_t)(uint16_t)s->pips[i] | (uint64_t)(uint8_t)s->tips[i] << 16 |
                         (uint64_t)s->kinds[i] << 24 | (positional ? (uint64_t)(i + 1) << 32 : 0);
            ends += mix64(e + 0xA4093822299F31D0ULL);
        }
        h += mix64(ends ^ (uint64_t)s->nends);
        h += F(mix_mask)(s->spinners, 0x082EFA98EC4E6C89ULL);
        if (sp->table != T_CHICKEN) h += mix64((uint64_t)(s->first_spinner + 1) + 0x452821E638D01377ULL);
        if (sp->table == T_TRAINS) h += mix64((uint64_t)(s->lead_tile + 1) + 0xBE5466CF34E90C6CULL);
    }
    if (sv->keep_scores)
        for (int i = 0; i < sp->nsides; i++)
            h += mix64((uint64_t)(uint32_t)s->scores[i] + (uint64_t)(i + 1) * 0xC0AC29B7C97C50DDULL);
    return h ? h : 1;
}

static F(Entry) *F(lookup)(F(Solver) *sv, uint64_t key) {
    uint64_t i = key & sv->mask;
    for (int probe = 0; probe < 4; probe++) {
        F(Entry) *e = &sv->table[(i + probe) & sv->mask];
        if (e->key == key) return e;
        if (!e->key) return NULL;
    }
    return NULL;
}

static void F(grow)(F(Solver) *sv) {
    uint64_t slots = (sv->mask + 1) * 2;
    F(Entry) *table = (F(Entry) *)calloc(slots, sizeof(F(Entry)));
    if (!table) return; /* keep the smaller table */
    F(Entry) *old = sv->table;
    uint64_t old_slots = sv->mask + 1;
    sv->table = table;
    sv->mask = slots - 1;
    sv->used = 0;
    for (uint64_t k = 0; k < old_slots; k++) {
        if (!old[k].key) continue;
        uint64_t i = old[k].key & sv->mask;
        for (int probe = 0; probe < 4; probe++) {
            F(Entry) *e = &table[(i + probe) & sv->mask];
            if (!e->key) { *e = old[k]; sv->used++; break; }
        }
    }
    free(old);
}

static void F(put)(F(Solver) *sv, uint64_t key, double lo, double hi, Move best, int depth) {
    if (sv->used * 2 > sv->mask + 1 && sv->mask + 1 < sv->max_slots) F(grow)(sv);
    uint64_t i = key & sv->mask;
    F(Entry) *slot = NULL;
    for (int probe = 0; probe < 4; probe++) {
        F(Entry) *e = &sv->table[(i + probe) & sv->mask];
        if (e->key == key) { slot = e; break; }
        if (!e->key) { slot = e; sv->used++; break; }
    }
    if (!slot) slot = &sv->table[i]; /* full: replace */
    slot->key = key;
    slot->lo = lo;
    slot->hi = hi;
    slot->best = best;
    slot->depth = depth;
}

/* ---------------------------------------------------------------- values */

static inline double F(offset)(const F(Solver) *sv, const F(State) *s) {
    if (!sv->two) return 0.0;
    return sv->sign[sv->side] * s->scores[sv->side] - sv->sign[sv->other] * s->scores[sv->other] - sv->root_diff;
}

static double F(terminal)(const F(Solver) *sv, const F(State) *s) {
    const Spec *sp = sv->ctx.sp;
    if (sv->two) {
        int me = sv->side, other = sv->other;
        return sv->sign[me] * s->points[me] - sv->sign[other] * s->points[other] - sv->root_diff;
    }
    double best = -HUGE_VAL, mine = 0;
    for (int i = 0; i < sp->nsides; i++) {
        double g = sv->sign[i] * (s->points[i] - sv->root_scores[i]);
        if (i == sv->side) mine = g;
        else if (g > best) best = g;
    }
    return mine - best;
}

static double F(estimate)(const F(Solver) *sv, const F(State) *s) {
    const Spec *sp = sv->ctx.sp;
    int pips[MAX_SIDES] = {0};
    for (int p = 0; p < sp->players; p++) pips[sp->side_of[p]] += F(hand_pips)(sp, s->hands[p]);
    double w = sv->pip_weight;
    if (sv->two) return F(offset)(sv, s) + w * (pips[sv->other] - pips[sv->side]);
    double best = -HUGE_VAL, mine = 0;
    int low = 1 << 30;
    for (int i = 0; i < sp->nsides; i++) {
        double g = sv->sign[i] * (s->scores[i] - sv->root_scores[i]);
        if (i == sv->side) mine = g;
        else {
            if (g > best) best = g;
            if (pips[i] < low) low = pips[i];
        }
    }
    return mine - best + w * (low - pips[sv->side]);
}

/* ---------------------------------------------------------------- moves */

#ifndef ONCE_SAME_MOVE
#define ONCE_SAME_MOVE
static inline int same_move(Move a, Move b) {
    return a.kind == b.kind && a.tile == b.tile && a.end == b.end && a.open == b.open && a.claim == b.claim;
}

#endif

/* candidate_actions: the legal moves, except that where scores are claimed a play carries only
 * its correct claim and an open muggins call is always made. */
static int F(candidates)(F(Solver) *sv, const F(State) *s, Move *out) {
    const F(Ctx) *c = &sv->ctx;
    Move *all = sv->scratch;
    int n = F(legal)(c, s, all);
    if (!c->sp->claims) {
        if (n > MAX_CAND) { sv->overflow = 1; n = MAX_CAND; }
        memcpy(out, all, n * sizeof(Move));
        return n;
    }
    for (int k = 0; k < n; k++)
        if (all[k].kind == MV_MUGGINS) { out[0] = all[k]; return 1; }
    int m = 0;
    for (int k = 0; k < n && m < MAX_CAND; k++) {
        Move a = all[k];
        if (a.kind == MV_PLAY) {
            if (a.claim >= 0) continue;
            int points = F(points_of_play)(c, s, a);
            if (points) a.claim = (int16_t)points;
        }
        out[m++] = a;
    }
    return m;
}

/* Solver._ordered: the table's move first, then plays that score most now, then heavier tiles;
 * drawing, passing and calls last (a stable sort, as Python's). */
static int F(ordered)(F(Solver) *sv, const F(State) *s, const Move *hint, Move *out) {
    const F(Ctx) *c = &sv->ctx;
    int n = F(candidates)(sv, s, out);
    if (n > 1 && sv->ordering) {
        int keys[MAX_CAND];
        for (int k = 0; k < n; k++) {
            Move a = out[k];
            if (a.kind != MV_PLAY) { keys[k] = 1 << 30; continue; }
            int t = a.tile, primary;
            if (!sv->scoring) primary = -T_PIPS[t];
            else {
                int points = a.claim >= 0 ? a.claim : F(points_of_play)(c, s, a);
                primary = -points * 4 - T_PIPS[t];
            }
            keys[k] = (primary + 100000) * 64 + (32 - T_HIGH[t]);
        }
        for (int k = 1; k < n; k++) {
            Move a = out[k];
            int key = keys[k], j = k - 1;
            while (j >= 0 && keys[j] > key) { out[j + 1] = out[j]; keys[j + 1] = keys[j]; j--; }
            out[j + 1] = a;
            keys[j + 1] = key;
        }
    }
    if (hint && n > 1 && !same_move(out[0], *hint)) {
        for (int k = 1; k < n; k++)
            if (same_move(out[k], *hint)) {
                Move h = out[k];
                memmove(out + 1, out, k * sizeof(Move));
                out[0] = h;
                break;
            }
    }
    return n;
}

/* ---------------------------------------------------------------- the search */

static void F(store)(F(Solver) *sv, const F(State) *s, double value, double alpha, double beta, Move best,
                     int depth, uint64_t key) {
    if (!sv->use_table) return;
    double offset = F(offset)(sv, s);
    double lo = value > alpha ? value - offset : -HUGE_VAL;
    double hi = value < beta ? value - offset : HUGE_VAL;
    F(put)(sv, key, lo, hi, best, depth);
}

static double F(search)(F(Solver) *sv, const F(State) *s, int depth, double alpha, double beta) {
    sv->nodes++;
    if (sv->max_nodes >= 0 && sv->nodes > sv->max_nodes) { sv->abort = 1; return 0; }
    if (sv->deadline >= 0 && sv->nodes % CLOCK_EVERY == 1 && monotonic_now() >= sv->deadline) {
        sv->abort = 1;
        return 0;
    }
    if (s->over) return F(terminal)(sv, s);
    uint64_t key = 0;
    Move hint_move;
    const Move *hint = NULL;
    if (sv->use_table) {
        key = F(key)(sv, s);
        F(Entry) *e = F(lookup)(sv, key);
        if (e) {
            hint_move = e->best;
            hint = &hint_move;
            if (e->depth >= depth) {
                double offset = F(offset)(sv, s);
                double lo = e->lo + offset, hi = e->hi + offset;
                if (e->depth < EXACT_DEPTH) sv->horizon++;
                if (lo >= beta || lo == hi) return lo;
                if (hi <= alpha) return hi;
                if (lo > alpha) alpha = lo;
                if (hi < beta) beta = hi;
            }
        }
    }
    Move moves[MAX_CAND];
    int n = F(ordered)(sv, s, hint, moves);
    int entered = depth;
    if (n > 1) {
        if (depth <= 0) {
            sv->horizon++;
            return F(estimate)(sv, s);
        }
        depth--;
    }
    long long horizon_before = sv->horizon;
    double alpha0 = alpha, beta0 = beta;
    int maximizing = sv->mine[s->turn];
    Move best = moves[0];
    double value = maximizing ? -HUGE_VAL : HUGE_VAL;
    F(State) child;
    for (int k = 0; k < n; k++) {
        memcpy(&child, s, sizeof child);
        F(apply)(&sv->ctx, &child, moves[k]);
        double v = F(search)(sv, &child, depth, alpha, beta);
        if (sv->abort) return 0;
        if (maximizing) {
            if (v > value) {
                value = v;
                best = moves[k];
                if (v > alpha) {
                    alpha = v;
                    if (alpha >= beta) break;
                }
            }
        } else if (v < value) {
            value = v;
            best = moves[k];
            if (v < beta) {
                beta = v;
                if (alpha >= beta) break;
            }
        }
    }
    if (sv->use_table) {
        int stored = sv->horizon == horizon_before ? EXACT_DEPTH : entered;
        F(store)(sv, s, value, alpha0, beta0, best, stored, key);
    }
    return value;
}

/* Solver._start: a new root (the node count, the limits; the root's scores). */
static void F(start_root)(F(Solver) *sv, const F(State) *s, long long max_nodes, double deadline) {
    const Spec *sp = sv->ctx.sp;
    sv->nodes = 0;
    sv->max_nodes = max_nodes;
    sv->deadline = deadline;
    sv->abort = 0;
    int same = sv->have_root;
    for (int i = 0; i < sp->nsides && same; i++) if (s->scores[i] != sv->root_scores[i]) same = 0;
    if (!same) {
        if (!sv->two) F(solver_clear)(sv); /* paranoid values count from the root's scores */
        for (int i = 0; i < sp->nsides; i++) sv->root_scores[i] = s->scores[i];
        sv->have_root = 1;
        if (sv->two)
            sv->root_diff = sv->sign[sv->side] * s->scores[sv->side] - sv->sign[sv->other] * s->scores[sv->other];
    }
}

/* Solver._root: the root searched with a full window; the value and the first best move. */
static double F(root)(F(Solver) *sv, const F(State) *s, int depth, Move *best_out) {
    Move hint_move;
    const Move *hint = NULL;
    uint64_t key = sv->use_table ? F(key)(sv, s) : 0;
    if (sv->use_table) {
        F(Entry) *e = F(lookup)(sv, key);
        if (e) { hint_move = e->best; hint = &hint_move; }
    }
    Move moves[MAX_CAND];
    int n = F(ordered)(sv, s, hint, moves);
    int maximizing = sv->mine[s->turn];
    double best_value = maximizing ? -HUGE_VAL : HUGE_VAL, alpha = -HUGE_VAL, beta = HUGE_VAL;
    Move best = moves[0];
    long long horizon_before = sv->horizon;
    F(State) child;
    for (int k = 0; k < n; k++) {
        memcpy(&child, s, sizeof child);
        F(apply)(&sv->ctx, &child, moves[k]);
        double v = F(search)(sv, &child, n > 1 ? depth - 1 : depth, alpha, beta);
        if (sv->abort) return 0;
        if (maximizing) {
            if (v > best_value) { best_value = v; best = moves[k]; if (v > alpha) alpha = v; }
        } else if (v < best_value) { best_value = v; best = moves[k]; if (v < beta) beta = v; }
    }
    int exact = sv->horizon == horizon_before;
    if (sv->use_table) F(store)(sv, s, best_value, -HUGE_VAL, HUGE_VAL, best, exact ? EXACT_DEPTH : depth, key);
    *best_out = best;
    return best_value;
}

/* Solver.solve. Returns whether the value is exact. */
static int F(solve)(F(Solver) *sv, const F(State) *s, long long max_nodes, double deadline, double *value,
                    Move *best) {
    F(start_root)(sv, s, max_nodes, deadline);
    if (max_nodes < 0 && deadline < 0) {
        *value = F(root)(sv, s, EXACT_DEPTH, best);
        return 1;
    }
    int found = 0;
    double found_value = 0;
    Move found_move;
    for (int depth = 1;; depth++) {
        sv->horizon = 0;
        Move m;
        double v = F(root)(sv, s, depth, &m);
        if (sv->abort) break;
        found = 1;
        found_value = v;
        found_move = m;
        if (!sv->horizon) {
            *value = v;
            *best = m;
            return 1;
        }
    }
    if (!found) {
        Move moves[MAX_CAND];
        F(ordered)(sv, s, NULL, moves);
        found_value = F(estimate)(sv, s);
        found_move = moves[0];
    }
    *value = found_value;
    *best = found_move;
    return 0;
}

/* Solver.action_value: the value of taking `move` (exact without limits; else the deepest
 * iteration that finished, or the horizon estimate). `started`: the root is already set. */
static double F(action_value)(F(Solver) *sv, const F(State) *s, Move move, long long max_nodes, double deadline,
                              int started) {
    if (!started) F(start_root)(sv, s, max_nodes, deadline);
    F(State) child;
    memcpy(&child, s, sizeof child);
    F(apply)(&sv->ctx, &child, move);
    if (max_nodes < 0 && deadline < 0) return F(search)(sv, &child, EXACT_DEPTH, -HUGE_VAL, HUGE_VAL);
    int have = 0;
    double value = 0;
    for (int depth = 1;; depth++) {
        sv->horizon = 0;
        double v = F(search)(sv, &child, depth, -HUGE_VAL, HUGE_VAL);
        if (sv->abort) break;
        have = 1;
        value = v;
        if (!sv->horizon) return v;
    }
    sv->abort = 0;
    return have ? value : F(estimate)(sv, &child);
}
