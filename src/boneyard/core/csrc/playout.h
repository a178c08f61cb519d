/* Whole playouts in the core: the built-in agents (random, greedy, counting, accompanied) and the
 * simulator's units (boneyard.research.sim: a hand, or a match, dealt and played from one stream).
 * Included by module.c once per mask width after engine.h. */

#ifndef ONCE_AGENTS
#define ONCE_AGENTS
enum { AG_RANDOM = 0, AG_GREEDY, AG_COUNTING, AG_ACCOMPANIED };

#endif

/* The agents of boneyard.players.agents, by index into the legal moves. */
static int F(choose)(const F(Ctx) *c, const F(State) *s, const Move *legal, int n, int agent, Rng *rng) {
    if (agent == AG_RANDOM) return n > 1 ? (int)(rng_random(rng) * n) : 0;
    const Spec *sp = c->sp;
    if (sp->claims)
        for (int k = 0; k < n; k++) if (legal[k].kind == MV_MUGGINS) return k;
    int best = 0, best_key = -1;
    MASK hand = s->hands[s->turn];
    for (int k = 0; k < n; k++) {
        Move a = legal[k];
        if (a.kind != MV_PLAY || a.claim >= 0) continue;
        int t = a.tile, key = T_PIPS[t] * 16 + T_HIGH[t];
        if (agent == AG_COUNTING) key += F(points_of_play)(c, s, a) * 4096;
        else if (agent == AG_ACCOMPANIED) {
            MASK others = hand & ~BITM(t);
            key += F(popc)(others & (c->mk->suit[T_HIGH[t]] | c->mk->suit[T_LOW[t]])) * 4096;
        }
        if (key > best_key) { best_key = key; best = k; }
    }
    /* _claimed: the play with its correct claim, where scores are claimed. */
    Move b = legal[best];
    if (sp->claims && b.kind == MV_PLAY) {
        int points = F(points_of_play)(c, s, b);
        if (points)
            for (int k = 0; k < n; k++) {
                Move a = legal[k];
                if (a.kind == MV_PLAY && a.tile == b.tile && a.end == b.end && a.open == b.open && a.claim == points)
                    return k;
            }
    }
    return best;
}

/* The random agent's move on a line game's plain turn, without writing the legal moves out: they
 * are counted per end and the one drawn is found in place (the same move as legal()[k], by the
 * same order: ends in turn, tiles from the lowest; a voluntary draw last). Returns 0 where the
 * turn is not a plain one (the lead, a bonus play, claims, ends filled first, other tables). */
static int F(random_plain)(const F(Ctx) *c, const F(State) *s, Rng *rng, Move *out) {
    const Spec *sp = c->sp;
    if (sp->table != T_LINE || sp->claims || sp->fill_first || !s->has_layout || s->bonus_double >= 0)
        return 0;
    MASK hand = s->hands[s->turn];
    MASK fit[MAX_ENDS];
    int counts[MAX_ENDS], n = 0, ends = s->nends;
    for (int i = 0; i < ends; i++) {
        int p = s->pips[i];
        fit[i] = p < 0 ? 0 : hand & c->mk->end_mask[p];
        counts[i] = F(popc)(fit[i]);
        n += counts[i];
    }
    int draw = 0;
    if (sp->draw != DRAW_NONE) {
        int can_draw = s->stock_pos + sp->reserve < s->hd->nstock;
        if (sp->draw == DRAW_ONE_THEN_PASS && s->drew) can_draw = 0;
        draw = can_draw && (sp->voluntary_draw || !n);
    }
    int total = n + draw;
    if (!total) {
        *out = mv(MV_PASS, 0, -1, -1, -1);
        return 1;
    }
    int k = total > 1 ? (int)(rng_random(rng) * total) : 0;
    if (k >= n) {
        *out = mv(MV_DRAW, 0, -1, -1, -1);
        return 1;
    }
    for (int i = 0;; i++) {
        if (k < counts[i]) {
            MASK m = fit[i];
            while (k--) m &= m - 1;
            *out = mv(MV_PLAY, F(ctz)(m), i, -1, -1);
            return 1;
        }
        k -= counts[i];
    }
}

/* Play the hand in s to its end: forced moves taken, the others chosen by the seat's agent. */
static void F(play_out)(const F(Ctx) *c, F(State) *s, const int *agents, Rng *rng) {
    Move legal[MAX_MOVES];
    while (!s->over) {
        if (agents[s->turn] == AG_RANDOM) {
            Move m;
            if (F(random_plain)(c, s, rng, &m)) {
                F(apply)(c, s, m);
                continue;
            }
        }
        int n = F(legal)(c, s, legal);
        int k = n == 1 ? 0 : F(choose)(c, s, legal, n, agents[s->turn], rng);
        F(apply)(c, s, legal[k]);
    }
}

/* One hand of a match: the deal from the stream (redealt where the rules say), the leader from
 * the match's rotation, the deal or a draw (Match._deal_hand). `prev_leader` < 0 for the first
 * hand. */
static void F(deal_hand)(const F(Ctx) *c, F(State) *s, F(HandData) *hd, Rng *rng, int index, int prev_leader,
                         int prev_out, const double *totals) {
    const Spec *sp = c->sp;
    int leader = prev_leader >= 0 ? next_leader(sp, prev_leader, prev_out) : -1;
    int by_deal = leader < 0 && lead_from_deal(sp);
    MASK hands[MAX_PLAYERS];
    for (int tries = 0; tries < 1000; tries++) {
        F(deal)(sp, rng, hands, hd);
        if (!(by_deal && F(needs_redeal)(c, hands))) break;
    }
    if (leader < 0 && !by_deal) leader = F(draw_for_lead)(sp, rng);
    for (int i = 0; i < sp->nsides; i++) hd->base_totals[i] = totals[i];
    int context = -1;
    if (sp->first_lead == LEAD_ENGINE) {
        int k = index < sp->rounds - 1 ? index : sp->rounds - 1;
        context = tile_of(sp->max_pip - k, sp->max_pip - k);
    }
    memcpy(s->hands, hands, sizeof hands);
    F(start)(c, s, hd, leader, by_deal, context);
}

#ifndef ONCE_LINES
#define ONCE_LINES
/* ---------------------------------------------------------------- results lines */

typedef struct {
    char *data;
    size_t len, cap;
    int failed;
} Buf;

static void buf_put(Buf *b, const char *text, size_t n) {
    if (b->failed) return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n) cap *= 2;
        char *data = (char *)realloc(b->data, cap);
        if (!data) { b->failed = 1; return; }
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, text, n);
    b->len += n;
}
static void buf_str(Buf *b, const char *text) { buf_put(b, text, strlen(text)); }
static void buf_int(Buf *b, long long x) {
    char tmp[32];
    int n = snprintf(tmp, sizeof tmp, "%lld", x);
    buf_put(b, tmp, (size_t)n);
}
static void buf_uint(Buf *b, unsigned long long x) {
    char tmp[32];
    int n = snprintf(tmp, sizeof tmp, "%llu", x);
    buf_put(b, tmp, (size_t)n);
}
/* A number as the results file writes it: whole numbers as ints, others as Python's repr. */
static void buf_number(Buf *b, double x);

/* What the unit's tally needs of each hand. */
typedef struct {
    double points[MAX_SIDES];
    int winner, leader, ended, moves;
} HandLine;

static void buf_hand_line(Buf *b, const Spec *sp, long long unit, int hand, int of, uint64_t seed,
                          const char *agents_json, const HandLine *h) {
    buf_str(b, "{\"unit\":");
    buf_int(b, unit);
    buf_str(b, ",\"hand\":");
    buf_int(b, hand);
    buf_str(b, ",\"of\":");
    buf_int(b, of);
    buf_str(b, ",\"seed\":");
    buf_uint(b, seed);
    buf_str(b, ",\"agents\":");
    buf_str(b, agents_json);
    buf_str(b, ",\"points\":[");
    for (int i = 0; i < sp->nsides; i++) {
        if (i) buf_str(b, ",");
        buf_number(b, h->points[i]);
    }
    buf_str(b, "],\"winner\":");
    if (h->winner < 0) buf_str(b, "null");
    else buf_int(b, h->winner);
    buf_str(b, ",\"leader\":");
    buf_int(b, h->leader);
    buf_str(b, h->ended == 1 ? ",\"ended\":\"domino\",\"blocked\":false" : ",\"ended\":\"blocked\",\"blocked\":true");
    buf_str(b, ",\"moves\":");
    buf_int(b, h->moves);
}

/* ---------------------------------------------------------------- the tally */
#endif


#ifndef ONCE_TALLY
#define ONCE_TALLY
/* A simulation's totals over units (_SimTally): points as exact fixed-point numbers, 2^-64 the
 * unit (every share of a pool, and every sum of them, is a multiple of it). */
typedef struct {
    long long units, hands, ties;
    long long wins[MAX_SIDES];
    __int128 points[MAX_SIDES];
} Tally;

static inline __int128 fixed_of(double x) {
    long long whole = (long long)x;
    if ((double)whole == x) return (__int128)whole * ((__int128)1 << 64);
    return (__int128)(x * 18446744073709551616.0);
}

/* Match.totals' end: whether the match is over after `played` hands, and its winner (-1). */
static int match_over(const Spec *sp, const double *totals, const long long *exact, int played, int target_side,
                      int *winner) {
    int nsides = sp->nsides;
    *winner = -1;
    if (sp->target_exact) {
        *winner = target_side;
        return target_side >= 0;
    }
    switch (sp->match_end) {
    case MATCH_LOSS_TARGET: {
        int lost = 0;
        for (int i = 0; i < nsides; i++) if (totals[i] >= sp->target_score) lost = 1;
        if (!lost) return 0;
        double low = totals[0];
        for (int i = 1; i < nsides; i++) if (totals[i] < low) low = totals[i];
        int count = 0, who = -1;
        for (int i = 0; i < nsides; i++) if (totals[i] == low) { count++; if (who < 0) who = i; }
        if (count == 1 && totals[who] < sp->target_score) *winner = who;
        return *winner >= 0;
    }
    case MATCH_ROUNDS_HIGH: {
        if (played < sp->rounds) return 0;
        long long best = exact[0];
        for (int i = 1; i < nsides; i++) if (exact[i] > best) best = exact[i];
        int count = 0, who = -1;
        for (int i = 0; i < nsides; i++) if (exact[i] == best) { count++; if (who < 0) who = i; }
        *winner = count == 1 ? who : -1;
        return 1;
    }
    case MATCH_ROUNDS_LOW: {
        if (played < sp->rounds) return 0;
        double low = totals[0];
        for (int i = 1; i < nsides; i++) if (totals[i] < low) low = totals[i];
        int count = 0, who = -1;
        for (int i = 0; i < nsides; i++) if (totals[i] == low) { count++; if (who < 0) who = i; }
        *winner = count == 1 ? who : -1;
        return 1;
    }
    default: {
        int reached = 0;
        double best = 0;
        for (int i = 0; i < nsides; i++)
            if (totals[i] >= sp->target_score && (!reached++ || totals[i] > best)) best = totals[i];
        if (!reached) return 0;
        int count = 0, who = -1;
        for (int i = 0; i < nsides; i++)
            if (totals[i] >= sp->target_score && totals[i] == best) { count++; if (who < 0) who = i; }
        if (count == 1) *winner = who;
        return count == 1;
    }
    }
}

#define POOL_DENOMINATOR 840 /* every share of a pool of up to 8 players is a multiple of 1/840 */
#endif

/* Play units [first, stop) of a simulation seeded `base` (a unit's stream is substream(base,
 * unit)); append their results lines to `text` (when given) and add them to `tally`. Returns
 * -1 - unit for a match still going after max_match_hands hands. */
static long long F(run_units)(const F(Ctx) *c, const int *agents, uint64_t base, long long first, long long stop,
                              int whole_match, int max_match_hands, Buf *text, const char *agents_json,
                              Tally *tally) {
    const Spec *sp = c->sp;
    F(State) s;
    F(HandData) hd;
    HandLine lines_static[16];
    HandLine *lines = lines_static;
    int lines_cap = 16;
    for (long long unit = first; unit < stop; unit++) {
        uint64_t seed = substream(base, (uint64_t)unit);
        Rng rng = {seed};
        double totals[MAX_SIDES] = {0};
        long long exact[MAX_SIDES] = {0};
        int nlines = 0, prev_leader = -1, prev_out = -1, winner = -1;
        for (;;) {
            F(deal_hand)(c, &s, &hd, &rng, nlines, prev_leader, prev_out, totals);
            F(play_out)(c, &s, agents, &rng);
            if (nlines == lines_cap) {
                HandLine *grown = (HandLine *)malloc(sizeof(HandLine) * lines_cap * 2);
                if (!grown) { if (lines != lines_static) free(lines); return -2 - unit; }
                memcpy(grown, lines, sizeof(HandLine) * lines_cap);
                if (lines != lines_static) free(lines);
                lines = grown;
                lines_cap *= 2;
            }
            HandLine *h = &lines[nlines++];
            for (int i = 0; i < sp->nsides; i++) h->points[i] = s.points[i];
            h->winner = s.winner;
            h->leader = s.leader;
            h->ended = s.ended;
            h->moves = s.moves;
            if (!whole_match) break;
            for (int i = 0; i < sp->nsides; i++) {
                totals[i] += s.points[i];
                exact[i] += (long long)llround(s.points[i] * POOL_DENOMINATOR);
            }
            if (match_over(sp, totals, exact, nlines, s.target_side, &winner)) break;
            if (nlines >= max_match_hands) {
                if (lines != lines_static) free(lines);
                return -1 - unit;
            }
            prev_leader = s.leader;
            prev_out = s.ended == 1 ? s.out_seat : -1;
        }
        tally->units++;
        tally->hands += nlines;
        const double *points = whole_match ? totals : lines[0].points;
        int won = whole_match ? winner : lines[0].winner;
        for (int i = 0; i < sp->nsides; i++) tally->points[i] += fixed_of(points[i]);
        if (won < 0) tally->ties++;
        else tally->wins[won]++;
        if (text) {
            for (int k = 0; k < nlines; k++) {
                buf_hand_line(text, sp, unit, k, nlines, seed, agents_json, &lines[k]);
                if (whole_match && k == nlines - 1) {
                    buf_str(text, ",\"match\":{\"winner\":");
                    if (winner < 0) buf_str(text, "null");
                    else buf_int(text, winner);
                    buf_str(text, ",\"totals\":[");
                    for (int i = 0; i < sp->nsides; i++) {
                        if (i) buf_str(text, ",");
                        buf_number(text, totals[i]);
                    }
                    buf_str(text, "]}");
                }
                buf_str(text, "}\n");
            }
        }
    }
    if (lines != lines_static) free(lines);
    return 0;
}
