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

#ifndef VEC_CACHE
/* Legal ids a table keeps between its encoding and its next move (more: not kept). */
#define VEC_CACHE 24
#endif

/* One table of a line game. */
typedef struct {
    F(State) s;
    MASK played[MAX_PLAYERS]; /* the tiles each seat has played */
    MASK voids[MAX_PLAYERS];  /* recent_voids: what each seat showed it lacks since it last drew */
    uint8_t draws[MAX_PLAYERS], passes[MAX_PLAYERS];
    int lead_draws; /* draws made while the lead was drawn for */
    int nlog;       /* moves recorded (Batch.record) */
    /* The seat to move's legal ids (Codec.legal_map's order) and the move each stands for, as
     * the encoding found them; valid until the next move (cache_ok: 0 after a move, a deal, a
     * load, or where there were more than VEC_CACHE). The next move's id is looked up here
     * instead of generating the legal moves again. */
    int8_t cache_ok, ncache;
    int16_t cache_ids[VEC_CACHE];
    Move cache_moves[VEC_CACHE];
    F(HandData) hd;
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
    t->cache_ok = 0;
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
    if (t->cache_ok) {
        /* The ids the encoding found (the same choice as vec_decode's: Codec.legal_map's). */
        int k = 0, n = t->ncache;
        while (k < n && t->cache_ids[k] != id) k++;
        if (k == n) return -1;
        m = t->cache_moves[k];
    } else if (!F(vec_decode)(b, &t->s, id, &m))
        return -1;
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
    if (!PyTuple_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "a line game's hand is loaded from its state's tuple");
        return -1;
    }
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

static inline void F(vec_tiles)(float *restrict out, MASK m) {
    while (m) {
        out[F(ctz)(m)] = 1.0f;
        m &= m - 1;
    }
}

/* The seat `p` relative to `me` among n seats ((p - me) % n, without a division). */
static inline int F(vec_rel)(int p, int me, int n) {
    int r = p - me;
    return r < 0 ? r + n : r;
}

/* The mask and the legal ids of the seat to move where its moves are plain plays on the ends of a
 * line (no claim, no end to fill first, no bonus play, the lead made: LineRules.legal_actions'
 * common case, written straight from the hand and the ends, in its order: end by end, tiles low
 * to high), then a draw or a pass as legal_line adds them; 0 (nothing written) otherwise. */
static int F(vec_plain_undo)(const F(VecLine) *t, int8_t *mask, int len) {
    for (int q = 0; q < len; q++) mask[t->cache_ids[q]] = 0;
    return 0;
}

static inline int F(vec_plain_ids)(const Batch *b, F(VecLine) *t, int8_t *restrict mask) {
    const F(Ctx) *c = F(vec_ctx)(b);
    const Spec *sp = c->sp;
    const F(State) *s = &t->s;
    const VecCodec *cd = &b->codec;
    if (sp->table != T_LINE || sp->claims || sp->fill_first || !s->has_layout || s->finding_lead ||
        s->bonus_double >= 0 || s->nends > cd->end_slots || s->nends > VEC_CACHE)
        return 0;
    MASK hand = s->hands[s->turn];
    int len = 0;
    for (int i = 0; i < s->nends; i++) {
        int p = s->pips[i];
        if (p < 0) continue;
        MASK m = hand & c->mk->end_mask[p];
        while (m) {
            int tile = F(ctz)(m);
            m &= m - 1;
            if (len == VEC_CACHE) return F(vec_plain_undo)(t, mask, len);
            int id = (tile * cd->slots + i + 1) * 2;
            mask[id] = 1;
            t->cache_ids[len] = (int16_t)id;
            t->cache_moves[len++] = mv(MV_PLAY, tile, i, -1, -1);
        }
    }
    Move extra;
    int more = 0;
    if (sp->draw == DRAW_NONE) {
        if (!len) { extra = mv(MV_PASS, 0, -1, -1, -1); more = 1; }
    } else {
        int can_draw = s->stock_pos + sp->reserve < s->hd->nstock;
        if (sp->draw == DRAW_ONE_THEN_PASS && s->drew) can_draw = 0;
        if (len) {
            if (can_draw && sp->voluntary_draw) { extra = mv(MV_DRAW, 0, -1, -1, -1); more = 1; }
        } else {
            extra = can_draw ? mv(MV_DRAW, 0, -1, -1, -1) : mv(MV_PASS, 0, -1, -1, -1);
            more = 1;
        }
    }
    if (more) {
        if (len == VEC_CACHE) return F(vec_plain_undo)(t, mask, len);
        int id = F(vec_id)(cd, extra);
        mask[id] = 1;
        t->cache_ids[len] = (int16_t)id;
        t->cache_moves[len++] = extra;
    }
    t->ncache = (int8_t)len;
    t->cache_ok = 1;
    return 1;
}

/* Codec.observation_vector of `me`'s view, and Codec.action_mask (all 0 unless `me` is to move).
 * Where `me` is to move, its legal ids and their moves are kept in the table for its next move
 * (Codec.legal_map's choice among moves sharing an id: a play claiming exactly what it scores,
 * else the first). */
static void F(vec_encode)(const Batch *b, void *table, int me, float *restrict vec, int8_t *restrict mask) {
    F(VecLine) *t = (F(VecLine) *)table; /* only the legal ids' cache is written */
    const F(Ctx) *c = F(vec_ctx)(b);
    const VecCodec *cd = &b->codec;
    const Spec *sp = c->sp;
    const F(State) *s = &t->s;
    int n = sp->players, k = sp->nsides, size = sp->ntiles;
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
        int r = F(vec_rel)(p, me, n);
        vec[cd->off_hand_sizes + r] = cd->frac[F(popc)(s->hands[p])];
        F(vec_tiles)(vec + cd->off_played + r * size, t->played[p]);
        vec[cd->off_draws + r] = cd->acc[t->draws[p]];
        vec[cd->off_passes + r] = cd->acc[t->passes[p]];
    }
    int stock = s->hd->nstock - s->stock_pos, drawable = stock - sp->reserve;
    vec[cd->off_stock] = cd->frac[stock];
    vec[cd->off_stock + 1] = cd->frac[drawable > 0 ? drawable : 0];
    vec[cd->off_seat + me] = 1.0f;
    if (!s->over) vec[cd->off_turn + F(vec_rel)(s->turn, me, n)] = 1.0f;
    vec[cd->off_leader + F(vec_rel)(s->leader, me, n)] = 1.0f;
    int mine = sp->side_of[me];
    for (int i = 0; i < k; i++) {
        /* (0 / a positive scale is the 0.0 already there) */
        int r = F(vec_rel)(i, mine, k);
        if (s->scores[i] || cd->scale <= 0) vec[cd->off_scores + r] = (float)((double)s->scores[i] / cd->scale);
        if (s->hd->base_totals[i] != 0 || cd->scale <= 0)
            vec[cd->off_totals + r] = (float)(s->hd->base_totals[i] / cd->scale);
    }
    /* cannot_hold: recent_voids, on the tiles this seat cannot see. */
    MASK unseen = c->mk->all & ~hand & (s->has_layout ? ~s->placed : ~(MASK)0);
    int to_move = !s->over && s->turn == me;
    /* This seat must draw for the lead before anyone has: nobody was dealt a tile finding it. */
    MASK before_lead = to_move && !s->has_layout && s->finding_lead && !t->lead_draws ? F(vec_finder)(c, s) : 0;
    for (int p = 0; p < n; p++)
        if (p != me) F(vec_tiles)(vec + cd->off_cannot + F(vec_rel)(p, me, n) * size, (t->voids[p] | before_lead) & unseen);
    if (!to_move) return;
    if (F(vec_plain_ids)(b, t, mask)) return;
    /* The mask, and the legal ids with their moves (vec_legal_ids' list, the mask telling which
     * ids are already listed). */
    Move legal[MAX_MOVES];
    int nl = F(legal)(c, s, legal), len = 0;
    for (int j = 0; j < nl; j++) {
        Move m = legal[j];
        int id = F(vec_id)(cd, m);
        if (id < 0 || id >= cd->num_actions) continue;
        if (m.kind == MV_PLAY && m.claim >= 0) {
            Move base = m;
            base.claim = -1;
            if (m.claim != F(points_of_play)(c, s, base)) continue;
            if (mask[id]) {
                for (int q = 0; q < len && q < VEC_CACHE; q++)
                    if (t->cache_ids[q] == id) { t->cache_moves[q] = m; break; }
                continue;
            }
        } else if (mask[id])
            continue;
        mask[id] = 1;
        if (len < VEC_CACHE) {
            t->cache_ids[len] = (int16_t)id;
            t->cache_moves[len] = m;
        }
        len++;
    }
    t->ncache = (int8_t)(len < VEC_CACHE ? len : VEC_CACHE);
    t->cache_ok = len <= VEC_CACHE;
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

/* The first hand of Match(rules, rng=random.Random(seed)) (Match._deal_hand with `mt` seeded):
 * the set shuffled by random.Random.shuffle and dealt, again where the rules redeal; the leader
 * from the deal, or drawn for (LineRules.draw_for_lead: random.Random.sample, then randrange
 * where the draw does not decide). */
static void F(vec_deal_mt)(const Batch *b, void *table, VecMt *mt) {
    F(VecLine) *t = (F(VecLine) *)table;
    const F(Ctx) *c = F(vec_ctx)(b);
    const Spec *sp = c->sp;
    memset(t, 0, sizeof *t);
    int by_deal = lead_from_deal(sp), n = sp->ntiles;
    MASK hands[MAX_PLAYERS];
    uint8_t tiles[MAX_TILES];
    for (int tries = 0; tries < 1000; tries++) {
        for (int i = 0; i < n; i++) tiles[i] = (uint8_t)i;
        vec_mt_shuffle(mt, tiles, n);
        F(deal_tiles)(sp, tiles, hands, &t->hd);
        if (!(by_deal && F(needs_redeal)(c, hands))) break;
    }
    int leader = -1;
    if (!by_deal) {
        uint8_t drawn[MAX_PLAYERS > 4 ? MAX_PLAYERS : 4];
        int k = sp->first_lead == LEAD_WHIST_DRAW ? 4 : sp->players;
        vec_mt_sample(mt, n, k, drawn);
        leader = F(lead_of_draw)(sp, drawn, k);
        if (leader < 0) leader = vec_mt_below(mt, sp->players);
    }
    int context = sp->first_lead == LEAD_ENGINE ? tile_of(sp->max_pip, sp->max_pip) : -1;
    memcpy(t->s.hands, hands, sizeof hands);
    F(start)(c, &t->s, &t->hd, leader, by_deal, context);
}

/* A finished hand, as boneyard.research.env.core.line_result reads it: (ended: 1 domino, 2
 * blocked; the seat gone out or -1; each seat's tiles left (masks); the stock; its position;
 * each side's scores and points; the side on the exact target or -1; the last seat to lay a
 * tile; whether it went out with a capicua). */
static PyObject *F(vec_finished)(const Batch *b, const void *table) {
    const F(VecLine) *t = (const F(VecLine) *)table;
    const F(State) *s = &t->s;
    const Spec *sp = F(vec_ctx)(b)->sp;
    if (!s->over) Py_RETURN_NONE;
    PyObject *hands = PyList_New(sp->players), *stock = PyList_New(t->hd.nstock);
    PyObject *scores = PyList_New(sp->nsides), *points = PyList_New(sp->nsides);
    if (!hands || !stock || !scores || !points) goto fail;
    for (int p = 0; p < sp->players; p++) {
        PyObject *m = F(mask_to)(s->hands[p]);
        if (!m) goto fail;
        PyList_SET_ITEM(hands, p, m);
    }
    for (int k = 0; k < t->hd.nstock; k++) PyList_SET_ITEM(stock, k, PyLong_FromLong(t->hd.stock[k]));
    for (int i = 0; i < sp->nsides; i++) {
        PyList_SET_ITEM(scores, i, PyLong_FromLong(s->scores[i]));
        PyList_SET_ITEM(points, i, PyFloat_FromDouble(s->points[i]));
    }
    return Py_BuildValue("(iiNNiNNiii)", s->ended, s->out_seat, hands, stock, s->stock_pos, scores, points,
                         s->target_side, s->last_seat, s->out_flags & 1);
fail:
    Py_XDECREF(hands);
    Py_XDECREF(stock);
    Py_XDECREF(scores);
    Py_XDECREF(points);
    return NULL;
}

static const VecGame F(VEC_LINE) = {
    sizeof(F(VecLine)), F(vec_deal), F(vec_to_move), F(vec_apply_id), F(vec_agent_move), F(vec_encode),
    F(vec_outcome), F(vec_log_len), F(vec_agent_move_mt), F(vec_load), F(vec_legal_ids), F(vec_end_code),
    F(vec_deal_mt), F(vec_finished),
};
