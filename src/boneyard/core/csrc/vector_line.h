/* The line games' step functions for the batched environments (vector.h): one table's hand with
 * what the research encoding reads of its public history, and the encoding itself. Included by
 * vector.h once per mask width W, after engine.h and playout.h: every name is suffixed with _W.
 *
 * The observation written is boneyard.research.env.encoding.Codec.observation_vector's, value for
 * value (float32, the same roundings); the action ids are Codec.action_id's. The public history's
 * reading (the fields "played", "draws", "passes", "cannot_hold") is kept as the moves are made,
 * as boneyard.games.line.state.read_public and boneyard.players.search.inference.recent_voids read
 * it from the whole history.
 */

/* One table of a line game. */
typedef struct {
    F(State) s;
    F(HandData) hd;
    MASK played[MAX_PLAYERS]; /* the tiles each seat has played */
    MASK voids[MAX_PLAYERS];  /* recent_voids: what each seat showed it lacks since it last drew */
    uint8_t draws[MAX_PLAYERS], passes[MAX_PLAYERS];
    int lead_draws; /* draws made while the lead was drawn for */
    int nlog;       /* moves recorded (Batch.record) */
} F(VecLine);

static inline const F(Ctx) *F(vec_ctx)(const Batch *b) { return (const F(Ctx) *)b->ctx; }

/* The tiles that find the lead by drawing (LineRules.lead_finder_mask). */
static inline MASK F(vec_finder)(const F(Ctx) *c, const F(State) *s) {
    if (c->sp->first_lead == LEAD_ENGINE) return s->context >= 0 ? BITM(s->context) : 0;
    return c->mk->doubles;
}

/* LineRules.playable_mask_for: what `seat` could play now if it held it (Mexican Train: the ends
 * open to it; elsewhere every playable tile). */
static MASK F(vec_playable_for)(const F(Ctx) *c, const F(State) *s, int seat) {
    if (c->sp->table != T_TRAINS) return F(playable_mask)(c, s);
    MASK m = 0;
    int dbl = -1;
    for (int i = 0; i < s->nends; i++) {
        int t = s->tips[i];
        if (t != s->lead_tile && T_DOUBLE[t]) { dbl = i; break; }
    }
    for (int i = 0; i < s->nends; i++) {
        int open = dbl >= 0 ? i == dbl : (i == seat || s->kinds[i] == K_MARKED || i == s->nends - 1);
        if (open && s->pips[i] >= 0) m |= c->mk->end_mask[s->pips[i]];
    }
    return m;
}

/* state._bonus_fits: the tiles that would make a bonus play after the double `dbl` just laid. */
static MASK F(vec_bonus_fits)(const F(Ctx) *c, const F(State) *s, int dbl) {
    MASK fits = 0, m = F(playable_mask)(c, s);
    Move tmp[MAX_CAND];
    while (m) {
        int u = F(ctz)(m);
        m &= m - 1;
        if (F(bonus_plays)(c, s, BITM(u), dbl, tmp, 0) > 0) fits |= BITM(u);
    }
    return fits;
}

/* A move applied, with the reading of the public history kept up to date. */
static void F(vec_apply)(const Batch *b, F(VecLine) *t, Move m) {
    const F(Ctx) *c = F(vec_ctx)(b);
    F(State) *s = &t->s;
    /* double_bonus_play (Mexican Train's turn after a double is its covering rule, not a bonus
     * play: its public reading has no bonus). */
    int bonus_rule = c->sp->turn_after_double && c->sp->table != T_TRAINS;
    int seat = s->turn, had_layout = s->has_layout, was_bonus = bonus_rule && s->bonus_double >= 0;
    if (b->log && t->nlog < b->log_cap) {
        Move *log = (Move *)b->log + (size_t)(t - (F(VecLine) *)b->states) * b->log_cap;
        log[t->nlog] = m;
        log[t->nlog++].pad = (uint8_t)seat;
    }
    switch (m.kind) {
    case MV_PLAY:
        t->played[seat] |= BITM(m.tile);
        F(apply)(c, s, m);
        /* A double laid with no bonus play after it: its seat held nothing matching it there. */
        if (bonus_rule && T_DOUBLE[m.tile] && !was_bonus && !s->over && s->bonus_double < 0)
            t->voids[seat] |= F(vec_bonus_fits)(c, s, m.tile);
        return;
    case MV_DRAW:
        if (t->draws[seat] < 255) t->draws[seat]++;
        if (!had_layout) {
            /* Drawing for the lead: nobody was dealt a tile that finds it, and each draw but the
             * one that finds it drew none. */
            MASK finder = F(vec_finder)(c, s);
            if (!t->lead_draws++)
                for (int p = 0; p < c->sp->players; p++) t->voids[p] |= finder;
            t->voids[seat] = 0;
            F(apply)(c, s, m);
            if (s->finding_lead) t->voids[seat] |= finder;
            return;
        }
        t->voids[seat] = 0; /* a tile taken since may be any */
        F(apply)(c, s, m);
        return;
    case MV_PASS:
        if (t->passes[seat] < 255) t->passes[seat]++;
        if (had_layout && !was_bonus) t->voids[seat] |= F(vec_playable_for)(c, s, seat);
        F(apply)(c, s, m);
        return;
    default:
        F(apply)(c, s, m);
    }
}

/* A new hand dealt from the stream (the first hand of a match: Match(rules, rng=Stream(seed))). */
static void F(vec_deal)(const Batch *b, void *table, Rng *rng) {
    F(VecLine) *t = (F(VecLine) *)table;
    double zero[MAX_SIDES] = {0};
    memset(t, 0, sizeof *t);
    F(deal_hand)(F(vec_ctx)(b), &t->s, &t->hd, rng, 0, -1, -1, zero);
}

static int F(vec_to_move)(const Batch *b, const void *table) {
    const F(VecLine) *t = (const F(VecLine) *)table;
    return t->s.over ? -1 : t->s.turn;
}

/* Codec.action_id of a move on the state before it. */
static inline int F(vec_id)(const VecCodec *cd, Move m) {
    switch (m.kind) {
    case MV_PLAY: {
        int slot = m.end < 0 ? 0 : m.end + 1;
        if (slot > cd->end_slots) return -1;
        int variant = m.open >= 0 && m.open == T_LOW[m.tile] && !T_DOUBLE[m.tile];
        return (m.tile * cd->slots + slot) * 2 + variant;
    }
    case MV_DRAW: return cd->id_draw;
    case MV_PASS: return cd->id_pass;
    default: return cd->id_muggins;
    }
}

/* The move an action id stands for (Codec.legal_map: where scores are claimed, the play claiming
 * exactly what it scores, else the play without a claim); 0 where the id is not legal. */
static int F(vec_decode)(const Batch *b, const F(State) *s, long long id, Move *out) {
    const F(Ctx) *c = F(vec_ctx)(b);
    Move legal[MAX_MOVES];
    int n = F(legal)(c, s, legal), found = 0;
    for (int k = 0; k < n; k++) {
        Move m = legal[k];
        if (F(vec_id)(&b->codec, m) != id) continue;
        if (m.kind == MV_PLAY && m.claim >= 0) {
            Move base = m;
            base.claim = -1;
            if (m.claim == F(points_of_play)(c, s, base)) { *out = m; found = 2; }
            continue;
        }
        if (!found) { *out = m; found = 1; }
    }
    return found;
}

static int F(vec_apply_id)(const Batch *b, void *table, long long id) {
    F(VecLine) *t = (F(VecLine) *)table;
    Move m;
    if (!F(vec_decode)(b, &t->s, id, &m)) return -1;
    F(vec_apply)(b, t, m);
    return 0;
}

/* A built-in agent's move (as play_out makes it). */
static void F(vec_agent_move)(const Batch *b, void *table, int agent, Rng *rng) {
    F(VecLine) *t = (F(VecLine) *)table;
    const F(Ctx) *c = F(vec_ctx)(b);
    Move m;
    if (agent == AG_RANDOM && F(random_plain)(c, &t->s, rng, &m)) {
        F(vec_apply)(b, t, m);
        return;
    }
    Move legal[MAX_MOVES];
    int n = F(legal)(c, &t->s, legal);
    int k = n == 1 ? 0 : F(choose)(c, &t->s, legal, n, agent, rng);
    F(vec_apply)(b, t, legal[k]);
}

/* A built-in agent's move drawing from Python's random.Random (the single environments: what
 * boneyard.players.agents does with the generator they are given: the random agent draws
 * random() once where more than one move is legal; the others draw nothing). */
static void F(vec_agent_move_mt)(const Batch *b, void *table, int agent, VecMt *mt) {
    F(VecLine) *t = (F(VecLine) *)table;
    const F(Ctx) *c = F(vec_ctx)(b);
    Move legal[MAX_MOVES];
    Rng unused = {0};
    int n = F(legal)(c, &t->s, legal), k = 0;
    if (n > 1) k = agent == AG_RANDOM ? (int)(vec_mt_random(mt) * n) : F(choose)(c, &t->s, legal, n, agent, &unused);
    F(vec_apply)(b, t, legal[k]);
}

/* The table set to a hand of the Python engine at its start (no move made: the public history's
 * reading is empty), from the data of boneyard.core.kernel._state_data. */
static int F(vec_load)(const Batch *b, void *table, PyObject *data) {
    F(VecLine) *t = (F(VecLine) *)table;
    memset(t, 0, sizeof *t);
    if (F(state_from)(F(vec_ctx)(b)->sp, data, &t->s, &t->hd) < 0) return -1;
    t->s.hd = &t->hd;
    return 0;
}

/* Codec.legal_map's ids in its order, each with the move it stands for (where scores are claimed,
 * the play claiming exactly what it scores); their number. */
static int F(vec_legal_ids)(const Batch *b, const void *table, int *ids, Move *out) {
    const F(VecLine) *t = (const F(VecLine) *)table;
    const F(Ctx) *c = F(vec_ctx)(b);
    const F(State) *s = &t->s;
    if (s->over) return 0;
    Move legal[MAX_MOVES];
    int n = F(legal)(c, s, legal), len = 0;
    for (int k = 0; k < n; k++) {
        Move m = legal[k];
        int id = F(vec_id)(&b->codec, m), at = -1;
        if (id < 0 || id >= b->codec.num_actions) continue;
        for (int j = 0; j < len; j++)
            if (ids[j] == id) { at = j; break; }
        if (m.kind == MV_PLAY && m.claim >= 0) {
            Move base = m;
            base.claim = -1;
            if (m.claim != F(points_of_play)(c, s, base)) continue;
            if (at < 0) at = len++;
            ids[at] = id;
            out[at] = m;
            continue;
        }
        if (at < 0) {
            ids[len] = id;
            out[len++] = m;
        }
    }
    return len;
}

/* The code of end `end` of the layout (boneyard.core.kernel.END_NAMES), -1 for none. */
static int F(vec_end_code)(const void *table, int end) {
    const F(State) *s = &((const F(VecLine) *)table)->s;
    return end >= 0 && end < s->nends ? s->names[end] : -1;
}

/* Codec._ends for one end. */
static inline void F(vec_end)(const VecCodec *cd, float *row, int pip, int kind, int tip) {
    int pips = cd->pips;
    row[0] = 1.0f;
    if (pip < 0) row[1 + pips] = 1.0f;
    else if (pip < pips) row[1 + pip] = 1.0f;
    else if (pip >= BOTH) {
        /* A matador laid crosswise shows both halves. */
        int a = (pip - BOTH) / 16, h = (pip - BOTH) % 16;
        if (a < pips) row[1 + a] = 1.0f;
        if (h < pips) row[1 + h] = 1.0f;
    }
    if (kind == K_SHORT) row[2 + pips] = 1.0f;
    else if (kind != K_LONG) row[3 + pips] = 1.0f;
    if (T_DOUBLE[tip]) row[4 + pips] = 1.0f;
}

static inline void F(vec_tiles)(float *out, MASK m) {
    while (m) {
        out[F(ctz)(m)] = 1.0f;
        m &= m - 1;
    }
}

/* Codec.observation_vector of `me`'s view, and Codec.action_mask (all 0 unless `me` is to move). */
static void F(vec_encode)(const Batch *b, const void *table, int me, float *vec, int8_t *mask) {
    const F(VecLine) *t = (const F(VecLine) *)table;
    const F(Ctx) *c = F(vec_ctx)(b);
    const VecCodec *cd = &b->codec;
    const Spec *sp = c->sp;
    const F(State) *s = &t->s;
    int n = sp->players, k = sp->nsides, size = sp->ntiles;
    double tiles = (double)size;
    memset(vec, 0, sizeof(float) * (size_t)cd->obs_size);
    memset(mask, 0, (size_t)cd->num_actions);
    MASK hand = s->hands[me];
    F(vec_tiles)(vec + cd->off_hand, hand);
    if (!s->has_layout) vec[cd->off_lead] = 1.0f;
    else {
        F(vec_tiles)(vec + cd->off_table, s->placed);
        int width = cd->pips + 5;
        for (int i = 0; i < s->nends && i < cd->end_slots; i++)
            F(vec_end)(cd, vec + cd->off_ends + i * width, s->pips[i], s->kinds[i], s->tips[i]);
    }
    for (int p = 0; p < n; p++) {
        int r = (p - me + n) % n;
        vec[cd->off_hand_sizes + r] = (float)((double)F(popc)(s->hands[p]) / tiles);
        F(vec_tiles)(vec + cd->off_played + r * size, t->played[p]);
        vec[cd->off_draws + r] = cd->acc[t->draws[p]];
        vec[cd->off_passes + r] = cd->acc[t->passes[p]];
    }
    int stock = s->hd->nstock - s->stock_pos, drawable = stock - sp->reserve;
    vec[cd->off_stock] = (float)((double)stock / tiles);
    vec[cd->off_stock + 1] = (float)((double)(drawable > 0 ? drawable : 0) / tiles);
    vec[cd->off_seat + me] = 1.0f;
    if (!s->over) vec[cd->off_turn + (s->turn - me + n) % n] = 1.0f;
    vec[cd->off_leader + (s->leader - me + n) % n] = 1.0f;
    int mine = sp->side_of[me];
    for (int i = 0; i < k; i++) {
        int r = (i - mine + k) % k;
        vec[cd->off_scores + r] = (float)((double)s->scores[i] / cd->scale);
        vec[cd->off_totals + r] = (float)(s->hd->base_totals[i] / cd->scale);
    }
    /* cannot_hold: recent_voids, on the tiles this seat cannot see. */
    MASK unseen = c->mk->all & ~hand & (s->has_layout ? ~s->placed : ~(MASK)0);
    int to_move = !s->over && s->turn == me;
    /* This seat must draw for the lead before anyone has: nobody was dealt a tile finding it. */
    MASK before_lead = to_move && !s->has_layout && s->finding_lead && !t->lead_draws ? F(vec_finder)(c, s) : 0;
    for (int p = 0; p < n; p++)
        if (p != me) F(vec_tiles)(vec + cd->off_cannot + ((p - me + n) % n) * size, (t->voids[p] | before_lead) & unseen);
    if (!to_move) return;
    Move legal[MAX_MOVES];
    int nl = F(legal)(c, s, legal);
    for (int j = 0; j < nl; j++) {
        int id = F(vec_id)(cd, legal[j]);
        if (id >= 0 && id < cd->num_actions) mask[id] = 1;
    }
}

/* Each seat's reward once the hand is over (Codec.rewards). */
static void F(vec_outcome)(const Batch *b, const void *table, double *out) {
    const F(VecLine) *t = (const F(VecLine) *)table;
    const Spec *sp = F(vec_ctx)(b)->sp;
    int k = sp->nsides;
    double per_side[MAX_SIDES];
    if (b->reward_points) {
        double total = 0.0;
        for (int i = 0; i < k; i++) total += t->s.points[i];
        for (int i = 0; i < k; i++) {
            double p = t->s.points[i];
            per_side[i] = b->codec.sign * (p - (total - p) / (k - 1));
        }
    } else
        for (int i = 0; i < k; i++)
            per_side[i] = t->s.winner < 0 ? 0.0 : (i == t->s.winner ? 1.0 : -1.0 / (k - 1));
    for (int p = 0; p < sp->players; p++) out[p] = per_side[sp->side_of[p]];
}

static int F(vec_log_len)(const Batch *b, const void *table) {
    return ((const F(VecLine) *)table)->nlog;
}

static const VecGame F(VEC_LINE) = {
    sizeof(F(VecLine)), F(vec_deal), F(vec_to_move), F(vec_apply_id), F(vec_agent_move), F(vec_encode),
    F(vec_outcome), F(vec_log_len), F(vec_agent_move_mt), F(vec_load), F(vec_legal_ids), F(vec_end_code),
};
