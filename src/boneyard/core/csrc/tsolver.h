/* The exact solver for the trick games: alpha-beta on points with a transposition table, as
 * boneyard.players.search.solver (whose docstring says what a value is), over tricks.h's hands.
 * Included by module.c after tricks.h and solver.h (it shares EXACT_DEPTH, CLOCK_EVERY and
 * monotonic_now).
 *
 * The search is the Python solver's step for step: fail-soft alpha-beta from the searching
 * side's view, the table's bounds stored relative to the points already made with two sides,
 * iterative deepening over plies with a choice where a node or time limit is given, the moves
 * ordered as candidate_actions sorted by _ordered (plays before other actions, heavier tiles
 * first, the table's best move first). It solves from any position (the bidding included; a
 * Texas 42 hand after the bidding, trump and contract known, in milliseconds).
 *
 * With count_taken (the Texas expert's valuation, boneyard.games.texas42.players.value), a
 * finished hand is worth its sheet points less the others' plus a hundredth of the points taken
 * less the others': an absolute value, with no offset from the root. */
#ifndef BONEYARD_TSOLVER_H
#define BONEYARD_TSOLVER_H
#ifndef INNER_ORDER
#define INNER_ORDER 1
#endif

typedef struct {
    uint64_t key;
    double lo, hi;
    int32_t depth;
    int16_t best;
} TEntry;

typedef struct {
    const TSpec *sp;
    int side, two, other, count_taken;
    int mine[T_PLAYERS];
    double sign[T_PLAYERS];
    int keep_scores, use_table, ordering;
    TEntry *table;
    uint64_t mask, used, max_slots;
    int32_t root_scores[T_PLAYERS];
    int have_root;
    double root_diff;
    long long nodes, max_nodes;
    double deadline;
    long long horizon;
    int abort;
} TSolver;

static int tsolver_init(TSolver *sv, const TSpec *sp, int side, const double *signs, uint64_t max_slots) {
    memset(sv, 0, sizeof *sv);
    sv->sp = sp;
    sv->side = side;
    sv->two = sp->nsides == 2;
    sv->other = sv->two ? 1 - side : -1;
    for (int p = 0; p < sp->players; p++) sv->mine[p] = sp->side_of[p] == side;
    for (int i = 0; i < sp->nsides; i++) sv->sign[i] = signs[i];
    sv->keep_scores = !sv->two;
    sv->use_table = sv->ordering = 1;
    sv->max_slots = max_slots;
    uint64_t slots = 1 << 12;
    sv->table = (TEntry *)calloc(slots, sizeof(TEntry));
    if (!sv->table) return -1;
    sv->mask = slots - 1;
    sv->max_nodes = -1;
    sv->deadline = -1;
    return 0;
}

static void tsolver_free(TSolver *sv) {
    free(sv->table);
    sv->table = NULL;
}

static void tsolver_clear(TSolver *sv) {
    memset(sv->table, 0, (sv->mask + 1) * sizeof(TEntry));
    sv->used = 0;
    sv->have_root = 0;
}

/* Solver._key: what decides the rest of the hand (TrickState.search_key), and the scores where
 * the value depends on them (more than two sides). */
static uint64_t t_key(const TSolver *sv, const TState *s) {
    const TSpec *sp = sv->sp;
    uint64_t h = 0x243F6A8885A308D3ULL;
    for (int p = 0; p < sp->players; p++) h += mix64((uint64_t)s->hands[p] ^ ((uint64_t)(p + 1) << 40));
    uint64_t a = (uint64_t)(uint8_t)s->turn | (uint64_t)(uint8_t)s->phase << 8 | (uint64_t)(uint8_t)s->ntrick << 16 |
                 (uint64_t)(uint8_t)s->suit << 24 | (uint64_t)(uint8_t)s->trick_leader << 32 |
                 (uint64_t)(uint8_t)s->ntricks << 40 | (uint64_t)(uint8_t)s->decided << 48 |
                 (uint64_t)(uint8_t)s->owed << 56;
    h ^= mix64(a + 0x13198A2E03707344ULL);
    uint64_t trick = 0;
    for (int i = 0; i < s->ntrick; i++) trick = trick * 131 + (uint64_t)(s->trick_seat[i] * 32 + s->trick_tile[i] + 1);
    h += mix64(trick ^ 0xA4093822299F31D0ULL);
    uint64_t b = (uint64_t)(uint16_t)s->taken[0] | (uint64_t)(uint16_t)s->taken[1] << 16 |
                 (uint64_t)(uint16_t)s->high << 32 | (uint64_t)(uint16_t)s->declaration << 48;
    h += mix64(b + 0x082EFA98EC4E6C89ULL);
    uint64_t c = (uint64_t)(uint8_t)s->nbids | (uint64_t)(uint8_t)s->bidder << 8 | (uint64_t)(uint8_t)s->stock_pos << 16;
    for (int p = 0; p < T_PLAYERS; p++)
        c = c * 1000003 + (uint64_t)((uint16_t)s->bids[p] * 64 + s->won[p] * 4 + s->status[p]);
    h += mix64(c + 0x452821E638D01377ULL);
    if (sv->keep_scores)
        for (int i = 0; i < sp->nsides; i++)
            h += mix64((uint64_t)(uint32_t)s->scores[i] + (uint64_t)(i + 1) * 0xC0AC29B7C97C50DDULL);
    return h ? h : 1;
}

static TEntry *t_lookup(TSolver *sv, uint64_t key) {
    uint64_t i = key & sv->mask;
    for (int probe = 0; probe < 4; probe++) {
        TEntry *e = &sv->table[(i + probe) & sv->mask];
        if (e->key == key) return e;
        if (!e->key) return NULL;
    }
    return NULL;
}

static void t_grow(TSolver *sv) {
    uint64_t slots = (sv->mask + 1) * 2;
    TEntry *table = (TEntry *)calloc(slots, sizeof(TEntry));
    if (!table) return;
    TEntry *old = sv->table;
    uint64_t old_slots = sv->mask + 1;
    sv->table = table;
    sv->mask = slots - 1;
    sv->used = 0;
    for (uint64_t k = 0; k < old_slots; k++) {
        if (!old[k].key) continue;
        uint64_t i = old[k].key & sv->mask;
        for (int probe = 0; probe < 4; probe++) {
            TEntry *e = &table[(i + probe) & sv->mask];
            if (!e->key) { *e = old[k]; sv->used++; break; }
        }
    }
    free(old);
}

static void t_put(TSolver *sv, uint64_t key, double lo, double hi, int best, int depth) {
    if (sv->used * 2 > sv->mask + 1 && sv->mask + 1 < sv->max_slots) t_grow(sv);
    uint64_t i = key & sv->mask;
    TEntry *slot = NULL;
    for (int probe = 0; probe < 4; probe++) {
        TEntry *e = &sv->table[(i + probe) & sv->mask];
        if (e->key == key) { slot = e; break; }
        if (!e->key) { slot = e; sv->used++; break; }
    }
    if (!slot) slot = &sv->table[i];
    slot->key = key;
    slot->lo = lo;
    slot->hi = hi;
    slot->best = (int16_t)best;
    slot->depth = depth;
}

/* ---------------------------------------------------------------- values */

static inline double t_offset(const TSolver *sv, const TState *s) {
    if (!sv->two || sv->count_taken) return 0.0;
    return sv->sign[sv->side] * s->scores[sv->side] - sv->sign[sv->other] * s->scores[sv->other] - sv->root_diff;
}

static double t_terminal(const TSolver *sv, const TState *s) {
    const TSpec *sp = sv->sp;
    if (sv->count_taken) {
        int me = sv->side, other = 1 - me;
        return (double)(int)(s->points[me] - s->points[other]) + 0.01 * (double)(s->taken[me] - s->taken[other]);
    }
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

/* Solver._estimate with no pip weight (the trick games give none): the points gained since the
 * root. */
static double t_estimate(const TSolver *sv, const TState *s) {
    const TSpec *sp = sv->sp;
    if (sv->two) return t_offset(sv, s);
    double best = -HUGE_VAL, mine = 0;
    for (int i = 0; i < sp->nsides; i++) {
        double g = sv->sign[i] * (s->scores[i] - sv->root_scores[i]);
        if (i == sv->side) mine = g;
        else if (g > best) best = g;
    }
    return mine - best;
}

/* Solver._ordered: the legal ids, plays first, heavier tiles (then the higher half) first, in
 * the engine's order among equals; the table's best move first. */
/* Below the root the order only makes the search faster (the root's value and first best move
 * do not depend on it): a tile that takes the trick first, the strongest first; with the trick
 * the side's already, the most count; else the cheapest tile. */
static int t_inner_key(const TSolver *sv, const TState *s, int id) {
    const TSpec *sp = sv->sp;
    if (id >= 2 * T_TILES) return 1000;
    int t = id >> 1;
    int strength, best = -1, winner = -1;
    if (sp->family == TF_TEXAS) {
        if (tx_contract(sp, s) == DC_SEVENS) return 0;
        int suit = s->ntrick ? s->suit : tx_suit_led(t, s->trump, s->doubles, -1);
        const int16_t *str = sp->tx_str[s->trump + 1][(int)s->doubles][suit];
        strength = str[t];
        for (int i = 0; i < s->ntrick; i++)
            if (str[(int)s->trick_tile[i]] > best) { best = str[(int)s->trick_tile[i]]; winner = s->trick_seat[i]; }
    } else {
        int suit = s->ntrick ? lo_suit_led(s->trick_tile[0], s->trump) : lo_suit_led(t, s->trump);
        const int16_t *str = sp->lo_str[(int)s->trump][suit];
        strength = str[t];
        for (int i = 0; i < s->ntrick; i++)
            if (str[(int)s->trick_tile[i]] > best) { best = str[(int)s->trick_tile[i]]; winner = s->trick_seat[i]; }
    }
    int count = T_COUNT[t];
    if (!s->ntrick) return -(strength * 16 + count);
    if (strength > best) return -10000 - strength * 16 - count;
    if (sp->side_of[winner] == sp->side_of[(int)s->turn]) return -count * 64 + T_PIPS[t];
    return count * 64 + T_PIPS[t];
}

static int t_ordered(const TSolver *sv, const TState *s, int hint, int16_t *out, int inner) {
    int n = t_legal(sv->sp, s, out);
    if (n > T_MAX_MOVES) n = T_MAX_MOVES;
    if (n > 1 && sv->ordering) {
        int key[T_MAX_MOVES];
        for (int k = 0; k < n; k++) {
            int id = out[k];
            key[k] = inner ? t_inner_key(sv, s, id) : id < 2 * T_TILES ? -(T_PIPS[id >> 1] * 16 + T_HIGH[id >> 1]) : 1000;
        }
        for (int i = 1; i < n; i++) { /* a stable insertion sort */
            int16_t m = out[i];
            int kk = key[i], j = i - 1;
            while (j >= 0 && key[j] > kk) {
                out[j + 1] = out[j];
                key[j + 1] = key[j];
                j--;
            }
            out[j + 1] = m;
            key[j + 1] = kk;
        }
    }
    if (hint >= 0 && n > 1 && out[0] != hint) {
        for (int k = 1; k < n; k++)
            if (out[k] == hint) {
                for (int j = k; j > 0; j--) out[j] = out[j - 1];
                out[0] = (int16_t)hint;
                break;
            }
    }
    return n;
}

static void t_store(TSolver *sv, uint64_t key, const TState *s, double value, double alpha, double beta, int best,
                    int depth) {
    if (!sv->use_table) return;
    double offset = t_offset(sv, s);
    double lo = value > alpha ? value - offset : -HUGE_VAL;
    double hi = value < beta ? value - offset : HUGE_VAL;
    t_put(sv, key, lo, hi, best, depth);
}

static double t_search(TSolver *sv, const TState *s, int depth, double alpha, double beta) {
    sv->nodes++;
    if (sv->max_nodes >= 0 && sv->nodes > sv->max_nodes) { sv->abort = 1; return 0; }
    if (sv->deadline >= 0 && sv->nodes % CLOCK_EVERY == 1 && monotonic_now() >= sv->deadline) {
        sv->abort = 1;
        return 0;
    }
    if (s->over) return t_terminal(sv, s);
    uint64_t key = 0;
    int hint = -1;
    if (sv->use_table) {
        key = t_key(sv, s);
        TEntry *e = t_lookup(sv, key);
        if (e) {
            hint = e->best;
            if (e->depth >= depth) {
                double offset = t_offset(sv, s);
                double lo = e->lo + offset, hi = e->hi + offset;
                if (e->depth < EXACT_DEPTH) sv->horizon++;
                if (lo >= beta || lo == hi) return lo;
                if (hi <= alpha) return hi;
                if (lo > alpha) alpha = lo;
                if (hi < beta) beta = hi;
            }
        }
    }
    int16_t moves[T_MAX_MOVES];
    int n = t_ordered(sv, s, hint, moves, INNER_ORDER);
    int entered = depth;
    if (n > 1) {
        if (depth <= 0) {
            sv->horizon++;
            return t_estimate(sv, s);
        }
        depth--;
    }
    long long horizon_before = sv->horizon;
    double alpha0 = alpha, beta0 = beta;
    int maximizing = sv->mine[(int)s->turn];
    int best = moves[0];
    double value = maximizing ? -HUGE_VAL : HUGE_VAL;
    for (int k = 0; k < n; k++) {
        TState child = *s;
        t_step(sv->sp, &child, moves[k]);
        double v = t_search(sv, &child, depth, alpha, beta);
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
    if (sv->use_table) t_store(sv, key, s, value, alpha0, beta0, best, sv->horizon == horizon_before ? EXACT_DEPTH : entered);
    return value;
}

/* Solver._start. */
static void t_start_root(TSolver *sv, const TState *s, long long max_nodes, double deadline) {
    const TSpec *sp = sv->sp;
    sv->nodes = 0;
    sv->abort = 0;
    sv->max_nodes = max_nodes;
    sv->deadline = deadline;
    int same = sv->have_root;
    for (int i = 0; i < sp->nsides && same; i++) same = sv->root_scores[i] == s->scores[i];
    if (!same) {
        if (!sv->two) tsolver_clear(sv);
        for (int i = 0; i < sp->nsides; i++) sv->root_scores[i] = s->scores[i];
        sv->have_root = 1;
        if (sv->two)
            sv->root_diff = sv->sign[sv->side] * s->scores[sv->side] - sv->sign[sv->other] * s->scores[sv->other];
    }
}

/* Solver._root: the value and the first best move with a full window. */
static double t_root(TSolver *sv, const TState *s, int depth, int *best_out) {
    int hint = -1;
    uint64_t key = sv->use_table ? t_key(sv, s) : 0;
    if (sv->use_table) {
        TEntry *e = t_lookup(sv, key);
        if (e) hint = e->best;
    }
    int16_t moves[T_MAX_MOVES];
    int n = t_ordered(sv, s, hint, moves, 0);
    int maximizing = sv->mine[(int)s->turn];
    double best_value = maximizing ? -HUGE_VAL : HUGE_VAL, alpha = -HUGE_VAL, beta = HUGE_VAL;
    int best = moves[0];
    long long horizon_before = sv->horizon;
    for (int k = 0; k < n; k++) {
        TState child = *s;
        t_step(sv->sp, &child, moves[k]);
        double v = t_search(sv, &child, n > 1 ? depth - 1 : depth, alpha, beta);
        if (sv->abort) return 0;
        if (maximizing) {
            if (v > best_value) {
                best_value = v;
                best = moves[k];
                if (v > alpha) alpha = v;
            }
        } else if (v < best_value) {
            best_value = v;
            best = moves[k];
            if (v < beta) beta = v;
        }
    }
    if (sv->use_table)
        t_put(sv, key, best_value - t_offset(sv, s), best_value - t_offset(sv, s), best,
              sv->horizon == horizon_before ? EXACT_DEPTH : depth);
    *best_out = best;
    return best_value;
}

/* Solver.solve: 1 if the value is exact (complete). */
static int t_solve(TSolver *sv, const TState *s, long long max_nodes, double deadline, double *value, int *best) {
    t_start_root(sv, s, max_nodes, deadline);
    if (max_nodes < 0 && deadline < 0) {
        *value = t_root(sv, s, EXACT_DEPTH, best);
        return 1;
    }
    int found = 0;
    for (int depth = 1;; depth++) {
        sv->horizon = 0;
        int b;
        double v = t_root(sv, s, depth, &b);
        if (sv->abort) break;
        found = 1;
        *value = v;
        *best = b;
        if (!sv->horizon) return 1;
    }
    if (!found) {
        int16_t moves[T_MAX_MOVES];
        t_ordered(sv, s, -1, moves, 0);
        *value = t_estimate(sv, s);
        *best = moves[0];
    }
    return 0;
}

/* Solver.action_value (started: the root already set up by the caller). */
static double t_action_value(TSolver *sv, const TState *s, int id, long long max_nodes, double deadline, int started) {
    if (!started) t_start_root(sv, s, max_nodes, deadline);
    TState child = *s;
    t_step(sv->sp, &child, id);
    if (max_nodes < 0 && deadline < 0) return t_search(sv, &child, EXACT_DEPTH, -HUGE_VAL, HUGE_VAL);
    int found = 0;
    double value = 0;
    for (int depth = 1;; depth++) {
        sv->horizon = 0;
        double v = t_search(sv, &child, depth, -HUGE_VAL, HUGE_VAL);
        if (sv->abort) break;
        found = 1;
        value = v;
        if (!sv->horizon) return value;
    }
    return found ? value : t_estimate(sv, &child);
}

#endif
