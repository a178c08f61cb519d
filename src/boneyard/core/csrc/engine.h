/* One hand of a line game: legal moves, apply, the end of a hand. Included by module.c once per
 * mask width W (64 or 128): every name below is suffixed with _W.
 *
 * Each function mirrors the pure-Python code named in its comment; the order of the legal moves is
 * the Python engine's, move for move (a random agent picks by index, so the two engines play the
 * same hands from the same stream).
 */

#define CAT_(a, b) a##_##b
#define CAT(a, b) CAT_(a, b)
#define F(name) CAT(name, W)
#define MASK CAT(mask, W)

#if W == 64
typedef uint64_t MASK;
static inline int F(popc)(MASK m) { return __builtin_popcountll(m); }
static inline int F(ctz)(MASK m) { return __builtin_ctzll(m); }
#else
typedef u128 MASK;
static inline int F(popc)(MASK m) {
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}
static inline int F(ctz)(MASK m) {
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}
#endif
#define BITM(t) ((MASK)1 << (t))

/* The per-hand constants every copy of a state shares. */
typedef struct {
    uint8_t stock[MAX_TILES];
    int nstock;
    double base_totals[MAX_SIDES];
} F(HandData);

/* boneyard.games.line.state.LineState, with its layout (boneyard.core.layout.Layout) inline. */
typedef struct {
    MASK hands[MAX_PLAYERS];
    MASK spinners, placed;
    const F(HandData) *hd;
    int16_t pips[MAX_ENDS];
    int8_t tips[MAX_ENDS], kinds[MAX_ENDS], names[MAX_ENDS];
    int8_t nends, has_layout, first_spinner, lead_tile;
    int8_t turn, leader, required_lead, bonus_double;
    int8_t finding_lead, drew, over, ended; /* ended: 1 domino, 2 blocked */
    int8_t out_seat, winner, target_side, unclaimed_by;
    int8_t context;
    int8_t last_seat, passes, out_flags; /* the last seat to lay a tile, passes since; a capicúa (1), the double-blank (2) gone out with */
    uint8_t stock_pos;
    int16_t unclaimed;
    int32_t moves;
    int32_t scores[MAX_SIDES];
    int32_t last_play[MAX_SIDES]; /* the move number (from 1) of each side's last play */
    double points[MAX_SIDES];     /* the result: per side, in-play scores and the end's */
} F(State);

/* Masks per pip and per end code, at this width. */
typedef struct {
    MASK end_mask[MAX_CODES];
    MASK suit[MAX_PIP + 1];
    MASK doubles, all, matadors;
} F(Masks);

static void F(masks_init)(const Spec *sp, F(Masks) *mk) {
    memset(mk, 0, sizeof *mk);
    for (int c = 0; c < sp->nend_mask && c < MAX_CODES; c++) mk->end_mask[c] = (MASK)sp->end_mask[c];
    for (int t = 0; t < sp->ntiles; t++) {
        mk->all |= BITM(t);
        if (T_DOUBLE[t]) mk->doubles |= BITM(t);
        mk->suit[T_HIGH[t]] |= BITM(t);
        mk->suit[T_LOW[t]] |= BITM(t);
    }
    mk->matadors = (MASK)sp->matadors;
}

typedef struct {
    const Spec *sp;
    const F(Masks) *mk;
} F(Ctx);

#ifndef ONCE_MV
#define ONCE_MV
static inline Move mv(int kind, int tile, int end, int open, int claim) {
    Move m;
    m.kind = (uint8_t)kind;
    m.tile = (uint8_t)tile;
    m.end = (int8_t)end;
    m.pad = 0;
    m.open = (int16_t)open;
    m.claim = (int16_t)claim;
    return m;
}

#endif

static inline int F(hand_pips)(const Spec *sp, MASK h) {
    int total = 0;
    while (h) {
        total += sp->hand_value[F(ctz)(h)];
        h &= h - 1;
    }
    return total;
}

/* ---------------------------------------------------------------- the layout */

/* LineRules.is_spinner, for a double laid on a table that has a layout. */
static inline int F(is_spinner_later)(const Spec *sp, const F(State) *s, int t) {
    if (!T_DOUBLE[t]) return 0;
    switch (sp->spinner) {
    case SPIN_ALL_DOUBLES: return 1;
    case SPIN_FIRST_DOUBLE: return s->spinners == 0;
    default: return 0;
    }
}

/* LineRules.lead_layout (and the trains' and Chicken Foot's). */
static void F(lead_layout)(const Spec *sp, F(State) *s, int t, int open) {
    s->has_layout = 1;
    s->placed = BITM(t);
    s->lead_tile = (int8_t)t;
    s->spinners = 0;
    s->first_spinner = -1;
    int n = T_HIGH[t];
    if (sp->table == T_TRAINS) {
        int k = sp->players + 1;
        for (int i = 0; i < k; i++) {
            s->pips[i] = (int16_t)n;
            s->tips[i] = (int8_t)t;
            s->kinds[i] = K_LONG;
            s->names[i] = (int8_t)(i < sp->players ? N_TRAIN + i : N_MEXICAN);
        }
        s->nends = (int8_t)k;
        return;
    }
    if (sp->table == T_CHICKEN) {
        static const int8_t four[4] = {N_L, N_R, N_U, N_D};
        static const int8_t six[6] = {N_L, N_LU, N_LD, N_R, N_RU, N_RD};
        int k = sp->start_sides;
        for (int i = 0; i < k; i++) {
            s->pips[i] = (int16_t)n;
            s->tips[i] = (int8_t)t;
            s->kinds[i] = K_LONG;
            s->names[i] = k == 4 ? four[i] : six[i];
        }
        s->nends = (int8_t)k;
        s->spinners = BITM(t);
        s->first_spinner = (int8_t)t;
        return;
    }
    int h = T_HIGH[t], lo = T_LOW[t];
    int left = (open < 0 || T_DOUBLE[t]) ? h : (open == h ? lo : h);
    int right = left == h ? lo : h;
    int spinner = T_DOUBLE[t] && (sp->spinner == SPIN_ALL_DOUBLES || sp->spinner == SPIN_FIRST_DOUBLE ||
                                  sp->spinner == SPIN_OPENING_DOUBLE);
    s->pips[0] = (int16_t)left;
    s->pips[1] = (int16_t)right;
    s->tips[0] = s->tips[1] = (int8_t)t;
    s->kinds[0] = s->kinds[1] = K_LONG;
    s->names[0] = N_L;
    s->names[1] = N_R;
    s->nends = 2;
    if (spinner) {
        int sh = sp->short_open ? h : -1;
        s->pips[2] = s->pips[3] = (int16_t)sh;
        s->tips[2] = s->tips[3] = (int8_t)t;
        s->kinds[2] = s->kinds[3] = K_SHORT;
        s->names[2] = N_U;
        s->names[3] = N_D;
        s->nends = 4;
        s->spinners = BITM(t);
        s->first_spinner = (int8_t)t;
    }
}

/* Layout.attach: lay t at end i leaving `exposed` showing. */
static void F(attach)(const Spec *sp, F(State) *s, int i, int t, int exposed, int spinner) {
    int old_tip = s->tips[i];
    s->pips[i] = (int16_t)exposed;
    s->tips[i] = (int8_t)t;
    s->kinds[i] = K_LONG;
    if (s->spinners && (s->spinners & BITM(old_tip))) {
        /* Covering a long side of a spinner opens its waiting short sides once none is free. */
        int free_long = 0;
        for (int j = 0; j < s->nends; j++)
            if (s->tips[j] == old_tip && s->kinds[j] == K_LONG) { free_long = 1; break; }
        if (!free_long) {
            int n = T_HIGH[old_tip];
            for (int j = 0; j < s->nends; j++)
                if (s->tips[j] == old_tip && s->kinds[j] == K_SHORT && s->pips[j] < 0)
                    s->pips[j] = (int16_t)n;
        }
    }
    if (spinner) {
        int n = T_HIGH[t];
        int k = s->nends;
        int first = s->spinners == 0;
        int sh = sp->short_open ? n : -1;
        s->pips[k] = s->pips[k + 1] = (int16_t)sh;
        s->tips[k] = s->tips[k + 1] = (int8_t)t;
        s->kinds[k] = s->kinds[k + 1] = K_SHORT;
        s->names[k] = (int8_t)(first ? N_U : N_SPIN + 2 * n);
        s->names[k + 1] = (int8_t)(first ? N_D : N_SPIN + 2 * n + 1);
        s->nends = (int8_t)(k + 2);
        if (first) s->first_spinner = (int8_t)t;
        s->spinners |= BITM(t);
    }
    s->placed |= BITM(t);
}

/* MatadorRules._touching: the pips t may leave exposed joining an end showing p. Returns how
 * many (at most 4), written to out. */
static int F(touching)(const Spec *sp, int t, int p, int *out) {
    int halves[2], nh = 0, n = 0;
    if (p < BOTH) halves[nh++] = p;
    else { halves[nh++] = (p - BOTH) / 16; halves[nh++] = (p - BOTH) % 16; }
    for (int k = 0; k < nh; k++) {
        int h = halves[k];
        int pairs[2][2] = {{T_HIGH[t], T_LOW[t]}, {T_LOW[t], T_HIGH[t]}};
        for (int q = 0; q < 2; q++) {
            int touch = pairs[q][0], other = pairs[q][1];
            int joins = sp->match_sum < 0 ? touch == h : touch + h == sp->match_sum;
            if (!joins) continue;
            int seen = 0;
            for (int j = 0; j < n; j++) if (out[j] == other) seen = 1;
            if (!seen) out[n++] = other;
        }
    }
    return n;
}

/* LineRules.lay (and the matador, train and Chicken Foot versions). */
static inline __attribute__((always_inline)) void F(lay)(const F(Ctx) *c, F(State) *s, int i, int t, int open) {
    const Spec *sp = c->sp;
    int p = s->pips[i];
    switch (sp->table) {
    case T_MATADOR: {
        int exposed;
        if (open >= 0) exposed = open;
        else if (c->mk->matadors & BITM(t))
            exposed = (sp->matador_crosswise && !T_DOUBLE[t]) ? BOTH + 16 * T_HIGH[t] + T_LOW[t] : T_HIGH[t];
        else {
            int shown[4];
            F(touching)(sp, t, p, shown);
            exposed = shown[0];
        }
        F(attach)(sp, s, i, t, exposed, 0);
        return;
    }
    case T_TRAINS: {
        int exposed = T_HIGH[t] == p ? T_LOW[t] : T_HIGH[t];
        s->pips[i] = (int16_t)exposed;
        s->tips[i] = (int8_t)t;
        s->placed |= BITM(t);
        return;
    }
    case T_CHICKEN: {
        int exposed = T_HIGH[t] == p ? T_LOW[t] : T_HIGH[t];
        s->pips[i] = (int16_t)exposed;
        s->tips[i] = (int8_t)t;
        if (T_DOUBLE[t]) {
            int n = T_HIGH[t], k = s->nends;
            s->names[k] = (int8_t)(N_SPIN + 2 * n);
            s->names[k + 1] = (int8_t)(N_SPIN + 2 * n + 1);
            s->pips[k] = s->pips[k + 1] = (int16_t)n;
            s->tips[k] = s->tips[k + 1] = (int8_t)t;
            s->kinds[k] = s->kinds[k + 1] = K_LONG;
            s->nends = (int8_t)(k + 2);
            s->spinners |= BITM(t);
        }
        s->placed |= BITM(t);
        s->first_spinner = (int8_t)t;
        return;
    }
    default: {
        int exposed = T_LOW[t];
        if (T_HIGH[t] != p) exposed = T_HIGH[t];
        if (sp->spinner == SPIN_NONE && !s->spinners) {
            s->pips[i] = (int16_t)exposed;
            s->tips[i] = (int8_t)t;
            s->placed |= BITM(t);
            return;
        }
        F(attach)(sp, s, i, t, exposed, F(is_spinner_later)(sp, s, t));
    }
    }
}

/* The ends that may be played on now (LineRules.allowed_ends and its overrides); -1 in *all when
 * every end may be. Writes the indexes to out. */
static int F(allowed_ends)(const F(Ctx) *c, const F(State) *s, int *out) {
    const Spec *sp = c->sp;
    int n = 0;
    if (sp->table == T_CHICKEN) {
        for (int i = 0; i < s->nends; i++) if (T_DOUBLE[s->tips[i]]) out[n++] = i;
    } else if (sp->table == T_TRAINS) {
        for (int i = 0; i < s->nends; i++) {
            int t = s->tips[i];
            if (t != s->lead_tile && T_DOUBLE[t]) { out[n++] = i; break; }
        }
    } else if (sp->fill_first && s->first_spinner >= 0) {
        for (int i = 0; i < s->nends; i++)
            if (s->tips[i] == s->first_spinner && s->pips[i] >= 0) out[n++] = i;
    }
    if (n) return n;
    for (int i = 0; i < s->nends; i++) out[i] = i;
    return s->nends;
}

/* The tiles that fit an open end now (LineRules.playable_mask). */
static inline __attribute__((always_inline)) MASK F(playable_mask)(const F(Ctx) *c, const F(State) *s) {
    MASK m = 0;
    const Spec *sp = c->sp;
    if (sp->fill_first || sp->table == T_CHICKEN || sp->table == T_TRAINS) {
        int ends[MAX_ENDS];
        int n = F(allowed_ends)(c, s, ends);
        for (int k = 0; k < n; k++) {
            int p = s->pips[ends[k]];
            if (p >= 0) m |= c->mk->end_mask[p];
        }
        return m;
    }
    for (int i = 0; i < s->nends; i++) {
        int p = s->pips[i];
        if (p >= 0) m |= c->mk->end_mask[p];
    }
    return m;
}

/* LineRules.is_blocked (and the trains'). */
static inline __attribute__((always_inline)) int F(is_blocked)(const F(Ctx) *c, const F(State) *s) {
    const Spec *sp = c->sp;
    if (!s->has_layout) return 0;
    int players = sp->players;
    if (sp->table == T_TRAINS) {
        if (s->stock_pos < s->hd->nstock) return 0;
        MASK playable = F(playable_mask)(c, s);
        for (int p = 0; p < players; p++) if (s->hands[p] & playable) return 0;
        return 1;
    }
    MASK playable = F(playable_mask)(c, s);
    int drawable = sp->can_draw ? s->hd->nstock - s->stock_pos - sp->reserve : 0;
    if (sp->early_block_detection) {
        MASK pool = 0;
        for (int p = 0; p < players; p++) pool |= s->hands[p];
        int stop = s->stock_pos + (drawable > 0 ? drawable : 0);
        for (int k = s->stock_pos; k < stop; k++) pool |= BITM(s->hd->stock[k]);
        return !(pool & playable);
    }
    if (drawable > 0) return 0;
    for (int p = 0; p < players; p++) if (s->hands[p] & playable) return 0;
    return 1;
}

/* ---------------------------------------------------------------- legal moves */

static int F(lead_plays)(const F(State) *s, MASK hand, Move *out, int n) {
    if (s->required_lead >= 0) hand = BITM(s->required_lead);
    while (hand) {
        int t = F(ctz)(hand);
        hand &= hand - 1;
        if (T_DOUBLE[t]) out[n++] = mv(MV_PLAY, t, -1, -1, -1);
        else {
            out[n++] = mv(MV_PLAY, t, -1, T_LOW[t], -1);
            out[n++] = mv(MV_PLAY, t, -1, T_HIGH[t], -1);
        }
    }
    return n;
}

static inline int F(plays_at)(const F(Ctx) *c, const F(State) *s, MASK hand, int i, Move *out, int n) {
    int p = s->pips[i];
    if (p < 0) return n;
    MASK m = hand & c->mk->end_mask[p];
    while (m) {
        out[n++] = mv(MV_PLAY, F(ctz)(m), i, -1, -1);
        m &= m - 1;
    }
    return n;
}

/* LineRules.plays_for: every play of `hand` on the ends allowed now. */
static int F(plays_for)(const F(Ctx) *c, const F(State) *s, MASK hand, Move *out, int n) {
    if (c->sp->fill_first || c->sp->table == T_CHICKEN) {
        int ends[MAX_ENDS];
        int k = F(allowed_ends)(c, s, ends);
        for (int j = 0; j < k; j++) n = F(plays_at)(c, s, hand, ends[j], out, n);
        return n;
    }
    for (int i = 0; i < s->nends; i++) n = F(plays_at)(c, s, hand, i, out, n);
    return n;
}

/* LineRules.bonus_plays: plays matching the double just laid, at its ends. */
static int F(bonus_plays)(const F(Ctx) *c, const F(State) *s, MASK hand, int dbl, Move *out, int n) {
    Move tmp[MAX_CAND];
    int k = F(plays_for)(c, s, hand & c->mk->suit[T_HIGH[dbl]], tmp, 0);
    for (int j = 0; j < k; j++)
        if (s->tips[tmp[j].end] == dbl) out[n++] = tmp[j];
    return n;
}

/* LineRules.legal_actions of the line game (block, draw, the counting games, Bergen, Sebastopol,
 * Whist, Pool; Chicken Foot's plays on the waiting ends). */
static int F(legal_line)(const F(Ctx) *c, const F(State) *s, Move *out) {
    const Spec *sp = c->sp;
    MASK hand = s->hands[s->turn];
    int n = 0;
    if (!s->has_layout) {
        if (s->finding_lead) { out[0] = mv(MV_DRAW, 0, -1, -1, -1); return 1; }
        return F(lead_plays)(s, hand, out, 0);
    }
    if (s->bonus_double >= 0) {
        n = F(bonus_plays)(c, s, hand, s->bonus_double, out, 0);
        out[n++] = mv(MV_PASS, 0, -1, -1, -1);
        return n;
    }
    n = F(plays_for)(c, s, hand, out, 0);
    if (sp->draw == DRAW_NONE) {
        if (!n) out[n++] = mv(MV_PASS, 0, -1, -1, -1);
        return n;
    }
    int can_draw = s->stock_pos + sp->reserve < s->hd->nstock;
    if (sp->draw == DRAW_ONE_THEN_PASS && s->drew) can_draw = 0;
    if (n) {
        if (can_draw && sp->voluntary_draw) out[n++] = mv(MV_DRAW, 0, -1, -1, -1);
        return n;
    }
    out[0] = can_draw ? mv(MV_DRAW, 0, -1, -1, -1) : mv(MV_PASS, 0, -1, -1, -1);
    return 1;
}

/* MatadorRules.legal_actions. */
static int F(legal_matador)(const F(Ctx) *c, const F(State) *s, Move *out) {
    const Spec *sp = c->sp;
    if (!s->has_layout || s->finding_lead) return F(legal_line)(c, s, out);
    MASK hand = s->hands[s->turn];
    MASK wild = c->mk->matadors;
    int n = 0, only_matadors = 1;
    for (int i = 0; i < s->nends; i++) {
        int p = s->pips[i];
        if (p < 0) continue;
        MASK m = hand & c->mk->end_mask[p];
        while (m) {
            int t = F(ctz)(m);
            m &= m - 1;
            if (wild & BITM(t)) {
                if (sp->matador_crosswise || T_DOUBLE[t]) out[n++] = mv(MV_PLAY, t, i, -1, -1);
                else {
                    out[n++] = mv(MV_PLAY, t, i, T_HIGH[t], -1);
                    out[n++] = mv(MV_PLAY, t, i, T_LOW[t], -1);
                }
            } else {
                only_matadors = 0;
                int shown[4];
                int k = F(touching)(sp, t, p, shown);
                if (k == 1) out[n++] = mv(MV_PLAY, t, i, -1, -1);
                else for (int j = 0; j < k; j++) out[n++] = mv(MV_PLAY, t, i, shown[j], -1);
            }
        }
    }
    int can_draw = sp->can_draw && s->stock_pos + sp->reserve < s->hd->nstock;
    if (sp->draw == DRAW_ONE_THEN_PASS && s->drew) can_draw = 0;
    if (!n) {
        out[0] = can_draw ? mv(MV_DRAW, 0, -1, -1, -1) : mv(MV_PASS, 0, -1, -1, -1);
        return 1;
    }
    if (can_draw && (sp->voluntary_draw || (sp->matador_optional && only_matadors)))
        out[n++] = mv(MV_DRAW, 0, -1, -1, -1);
    return n;
}

/* MexicanTrainRules.legal_actions: an uncovered double's end alone, else the seat's own train,
 * the Mexican train and every marked train. */
static int F(legal_trains)(const F(Ctx) *c, const F(State) *s, Move *out) {
    if (!s->has_layout || s->finding_lead) return F(legal_line)(c, s, out);
    int seat = s->turn;
    MASK hand = s->hands[seat];
    int n = 0, dbl = -1;
    for (int i = 0; i < s->nends; i++) {
        int t = s->tips[i];
        if (t != s->lead_tile && T_DOUBLE[t]) { dbl = i; break; }
    }
    if (dbl >= 0) n = F(plays_at)(c, s, hand, dbl, out, 0);
    else
        for (int i = 0; i < s->nends; i++)
            if (i == seat || s->kinds[i] == K_MARKED || i == s->nends - 1)
                n = F(plays_at)(c, s, hand, i, out, n);
    if (n) return n;
    if (!s->drew && s->stock_pos < s->hd->nstock) out[0] = mv(MV_DRAW, 0, -1, -1, -1);
    else out[0] = mv(MV_PASS, 0, -1, -1, -1);
    return 1;
}

/* Every legal move of the seat to move, in the Python engine's order (LineState.legal_actions). */
static int F(legal)(const F(Ctx) *c, const F(State) *s, Move *out) {
    if (s->over) return 0;
    const Spec *sp = c->sp;
    if (!sp->claims) {
        switch (sp->table) {
        case T_MATADOR: return F(legal_matador)(c, s, out);
        case T_TRAINS: return F(legal_trains)(c, s, out);
        default: return F(legal_line)(c, s, out);
        }
    }
    /* CountingRules.legal_actions with claims: a muggins call first, then every play followed
     * by the same play claiming each value a play can score. */
    Move base[MAX_CAND];
    int k = F(legal_line)(c, s, base), n = 0;
    if (s->unclaimed && sp->side_of[s->turn] != sp->side_of[s->unclaimed_by])
        out[n++] = mv(MV_MUGGINS, 0, -1, -1, s->unclaimed);
    for (int j = 0; j < k; j++) {
        out[n++] = base[j];
        if (base[j].kind == MV_PLAY)
            for (int v = 0; v < sp->nclaims && n < MAX_MOVES; v++) {
                Move m = base[j];
                m.claim = (int16_t)sp->claim_values[v];
                out[n++] = m;
            }
    }
    return n;
}

/* ---------------------------------------------------------------- scoring during play */

/* CountingRules.count: the sum of the open ends. */
static int F(count)(const Spec *sp, const F(State) *s) {
    MASK counted = 0;
    int total = 0, factor = sp->double_factor;
    for (int i = 0; i < s->nends; i++) {
        int p = s->pips[i];
        if (p < 0) continue;
        int t = s->tips[i];
        if (s->spinners & BITM(t)) {
            if (counted & BITM(t)) continue;
            int any_side = 0, free_long = 0;
            for (int j = 0; j < s->nends; j++)
                if (s->tips[j] == t && s->pips[j] >= 0) {
                    any_side = 1;
                    if (s->kinds[j] == K_LONG) free_long = 1;
                }
            if (free_long || (any_side && sp->spinner_until_ends_covered)) {
                counted |= BITM(t);
                total += T_HIGH[t] * factor;
            }
            continue;
        }
        if (T_DOUBLE[t] && sp->doubles_crosswise) {
            if (counted & BITM(t)) continue;
            counted |= BITM(t);
            total += p * factor;
            continue;
        }
        total += p;
    }
    return total;
}

/* BergenRules.header: 2 when both ends of the line show the same number, 3 with a double. */
static int F(header)(const F(State) *s) {
    if (s->nends != 2) return 0;
    int a = s->pips[0], b = s->pips[1];
    if (a != b || a < 0) return 0;
    int left = s->tips[0], right = s->tips[1];
    if (left == right) return 2;
    return (T_DOUBLE[left] || T_DOUBLE[right]) ? 3 : 2;
}

static inline int F(count_points)(const Spec *sp, int count) {
    return count < MAX_COUNT ? sp->count_points[count] : 0;
}

/* What a play scores at once, on the layout it has made (LineRules.score_play); `lead` for the
 * first tile of the hand. */
static int F(score_play)(const Spec *sp, const F(State) *s, int seat, int lead) {
    if (sp->play_scoring == PLAYSCORE_COUNT) {
        if (lead && !sp->lead_scores) return 0;
        return F(count_points)(sp, F(count)(sp, s));
    }
    int points = F(header)(s);
    if (points && sp->header_cap) {
        int side = sp->side_of[seat];
        double need = sp->target_score - (s->hd->base_totals[side] + s->scores[side]);
        if (need <= 2) points = points < 1 ? points : 1;
        else if (need <= 3) points = points < 2 ? points : 2;
    }
    return points;
}

/* What a play would score (points_of_play, before any cap): public facts only, for agents. */
static int F(points_of_play)(const F(Ctx) *c, const F(State) *s, Move m) {
    const Spec *sp = c->sp;
    if (sp->play_scoring == PLAYSCORE_NONE || m.kind != MV_PLAY) return 0;
    F(State) after;
    memcpy(&after, s, sizeof after);
    int lead = !s->has_layout || m.end < 0;
    if (lead) F(lead_layout)(sp, &after, m.tile, m.open);
    else F(lay)(c, &after, m.end, m.tile, m.open);
    if (sp->play_scoring == PLAYSCORE_COUNT) {
        if (lead && !sp->lead_scores) return 0;
        return F(count_points)(sp, F(count)(sp, &after));
    }
    return F(header)(&after);
}

/* ---------------------------------------------------------------- the end of a hand */

#ifndef ONCE_FLOORDIV
#define ONCE_FLOORDIV
static inline int floordiv(int a, int b) {
    int q = a / b;
    if ((a % b) && ((a < 0) != (b < 0))) q--;
    return q;
}

#endif

/* LineRules._round (and CountingRules._round, which divides by the unit in per-multiple scoring;
 * the base rounding of a negative number calls the game's own rounding, as Python does). */
static int F(round_points)(const Spec *sp, int points);
static int F(base_round)(const Spec *sp, int points) {
    int unit = sp->round_unit;
    if (!unit) return points;
    if (points >= 0) return unit * floordiv(points + unit / 2, unit);
    return -F(round_points)(sp, -points);
}
static int F(round_points)(const Spec *sp, int points) {
    int r = F(base_round)(sp, points);
    if (sp->round_per_multiple && sp->round_unit) return floordiv(r, sp->round_unit);
    return r;
}

static int F(rounded_sum)(const Spec *sp, const int *terms, int n) {
    int total = 0;
    if (sp->round_per_opponent) {
        for (int k = 0; k < n; k++) total += F(round_points)(sp, terms[k]);
        return total;
    }
    for (int k = 0; k < n; k++) total += terms[k];
    return F(round_points)(sp, total);
}

#ifndef ONCE_IMAX
#define ONCE_IMAX
static inline int imax(int a, int b) { return a > b ? a : b; }

#endif

/* LineRules._blocked_score. `co` marks the co-winners (a split). */
static int F(blocked_score)(const Spec *sp, int winner, const int *side_pips, const int *co,
                            int stock_pips) {
    if (sp->blocked_scoring == BS_FIXED) return sp->blocked_fixed;
    int own = side_pips[winner], nsides = sp->nsides;
    int others[MAX_SIDES], no = 0, terms[MAX_SIDES + 2], nt = 0;
    for (int i = 0; i < nsides; i++)
        if (i != winner && !co[i]) others[no++] = side_pips[i];
    switch (sp->blocked_scoring) {
    case BS_COMBINED:
        for (int i = 0; i < nsides; i++) terms[nt++] = side_pips[i];
        break;
    case BS_OPPONENTS:
        for (int k = 0; k < no; k++) terms[nt++] = others[k];
        break;
    case BS_DIFFERENCE_EACH:
        for (int k = 0; k < no; k++) terms[nt++] = others[k] - own;
        break;
    default:
        if (sp->round_per_opponent)
            return imax(0, F(rounded_sum)(sp, others, no) - F(round_points)(sp, own) +
                               F(round_points)(sp, stock_pips));
        {
            int sum = 0;
            for (int k = 0; k < no; k++) sum += others[k];
            terms[nt++] = sum - own;
        }
    }
    if (stock_pips) terms[nt++] = stock_pips;
    return imax(0, F(rounded_sum)(sp, terms, nt));
}

static int F(holds_double)(const F(Ctx) *c, const F(State) *s, int side) {
    const Spec *sp = c->sp;
    for (int k = 0; k < sp->side_size[side]; k++)
        if (s->hands[sp->side_seats[side][k]] & c->mk->doubles) return 1;
    return 0;
}

/* LineRules._break_tie: the side that wins a tie for the fewest pips, or -1. */
static int F(break_tie)(const F(Ctx) *c, const F(State) *s, const int *tied, int nt) {
    const Spec *sp = c->sp;
    int keys[MAX_SIDES];
    switch (sp->blocked_tie) {
    case TIE_LIGHTEST_TILE:
        for (int k = 0; k < nt; k++) {
            int best = -1;
            for (int q = 0; q < sp->side_size[tied[k]]; q++) {
                MASK h = s->hands[sp->side_seats[tied[k]][q]];
                while (h) {
                    int t = F(ctz)(h);
                    h &= h - 1;
                    int key = T_PIPS[t] * 16 + T_HIGH[t];
                    if (best < 0 || key < best) best = key;
                }
            }
            keys[k] = best < 0 ? 0 : best;
        }
        break;
    case TIE_LAST_TO_PLAY: {
        int best = -1, at = 0;
        for (int k = 0; k < nt; k++)
            if (s->last_play[tied[k]] > at) { at = s->last_play[tied[k]]; best = tied[k]; }
        return best;
    }
    case TIE_FEWEST_DOUBLES:
        for (int k = 0; k < nt; k++) {
            int n = 0;
            for (int q = 0; q < sp->side_size[tied[k]]; q++)
                n += F(popc)(s->hands[sp->side_seats[tied[k]][q]] & c->mk->doubles);
            keys[k] = n;
        }
        break;
    default:
        return -1;
    }
    int best = keys[0], count = 0, who = -1;
    for (int k = 1; k < nt; k++) if (keys[k] < best) best = keys[k];
    for (int k = 0; k < nt; k++) if (keys[k] == best) { count++; if (who < 0) who = tied[k]; }
    return count == 1 ? who : -1;
}

/* LineRules._lowest with blocked_winner other than lowest_total: the sides tied for the win. */
static int F(winner_tied)(const F(Ctx) *c, const F(State) *s, const int *seat_pips, int *tied) {
    const Spec *sp = c->sp;
    int seats[MAX_PLAYERS], ns = 0, nt = 0, low = -1, in[MAX_SIDES] = {0};
    if (sp->block_winner == WINNER_LOWEST_PLAYER) for (int p = 0; p < sp->players; p++) seats[ns++] = p;
    else {
        int step = sp->block_winner == WINNER_BLOCKER_VS_NEXT ? 1 : sp->players - 1;
        seats[ns++] = s->last_seat;
        seats[ns++] = (s->last_seat + step) % sp->players;
    }
    for (int k = 0; k < ns; k++) if (low < 0 || seat_pips[seats[k]] < low) low = seat_pips[seats[k]];
    for (int k = 0; k < ns; k++) if (seat_pips[seats[k]] == low) in[sp->side_of[seats[k]]] = 1;
    for (int i = 0; i < sp->nsides; i++) if (in[i]) tied[nt++] = i;
    return nt;
}

/* LineRules._out_bonuses: going out's score with a capicúa's and the double-blank's bonuses. */
static int F(out_bonuses)(const Spec *sp, const F(State) *s, int score) {
    if ((s->out_flags & 1) && sp->capicua) score += sp->capicua == CAPICUA_DOUBLE ? score : sp->capicua_fixed;
    if (s->out_flags & 2) score += sp->double_blank_bonus;
    return score;
}

/* LineRules.hand_result and the games' own: the end-of-hand points per side (`ep`), the winner. */
static int F(end_points)(const F(Ctx) *c, const F(State) *s, int ended, int out_seat, double *ep) {
    const Spec *sp = c->sp;
    int players = sp->players, nsides = sp->nsides;
    int seat_pips[MAX_PLAYERS], side_pips[MAX_SIDES];
    for (int i = 0; i < nsides; i++) { ep[i] = 0; side_pips[i] = 0; }
    for (int p = 0; p < players; p++) {
        seat_pips[p] = F(hand_pips)(sp, s->hands[p]);
        side_pips[sp->side_of[p]] += seat_pips[p];
    }
    if (sp->result == RESULT_DEBIT) {
        int side = -1, amount = 0;
        if (sp->whist_debit == DEBIT_HIGHEST_SIDE) {
            if (side_pips[0] != side_pips[1]) {
                side = side_pips[0] > side_pips[1] ? 0 : 1;
                amount = side_pips[side];
            }
        } else {
            int most = seat_pips[0], holders = 0, hside = -1, mixed = 0, total = 0;
            for (int p = 0; p < players; p++) { if (seat_pips[p] > most) most = seat_pips[p]; total += seat_pips[p]; }
            for (int p = 0; p < players; p++)
                if (seat_pips[p] == most) {
                    holders++;
                    if (hside < 0) hside = sp->side_of[p];
                    else if (hside != sp->side_of[p]) mixed = 1;
                }
            if (!mixed) {
                side = hside;
                amount = sp->whist_debit == DEBIT_SIDE_ALL_PIPS ? total : most * holders;
            }
        }
        if (side < 0) return -1;
        ep[sp->target_is_loss ? side : 1 - side] = amount;
        return 1 - side;
    }
    if (sp->result == RESULT_POOL) {
        int winners[MAX_PLAYERS], nw = 0;
        if (ended == 1) winners[nw++] = out_seat;
        else {
            int low = seat_pips[0];
            for (int p = 1; p < players; p++) if (seat_pips[p] < low) low = seat_pips[p];
            for (int p = 0; p < players; p++) if (seat_pips[p] == low) winners[nw++] = p;
        }
        double share = nw == 1 ? 1.0 : 1.0 / nw;
        for (int k = 0; k < nw; k++) ep[winners[k]] = share;
        return nw == 1 ? winners[0] : -1;
    }
    if (sp->result == RESULT_COSTS) {
        for (int p = 0; p < players; p++) ep[p] = seat_pips[p];
        if (ended == 1) return out_seat;
        int low = seat_pips[0], count = 0, who = -1;
        for (int p = 1; p < players; p++) if (seat_pips[p] < low) low = seat_pips[p];
        for (int p = 0; p < players; p++) if (seat_pips[p] == low) { count++; if (who < 0) who = p; }
        return count == 1 ? who : -1;
    }
    int stock_pips = 0;
    if (sp->count_stock_pips)
        for (int k = s->stock_pos; k < s->hd->nstock; k++) stock_pips += T_PIPS[s->hd->stock[k]];
    if (ended == 1) {
        int winner = sp->side_of[out_seat];
        int terms[MAX_PLAYERS + 2], nt = 0, score;
        for (int p = 0; p < players; p++) if (sp->side_of[p] != winner) terms[nt++] = seat_pips[p];
        int partner = side_pips[winner];
        if (sp->partner_pips == PARTNER_INCLUDE && partner) terms[nt++] = partner;
        if (stock_pips) terms[nt++] = stock_pips;
        if (sp->domino_points == DP_FIXED) score = sp->domino_fixed;
        else if (sp->domino_points == DP_NONE) score = 0;
        else score = F(rounded_sum)(sp, terms, nt);
        if (sp->partner_pips == PARTNER_SUBTRACT) score = imax(0, score - partner);
        ep[winner] = F(out_bonuses)(sp, s, score);
        return winner;
    }
    /* LineRules._blocked (with Bergen's doubles that lose: BergenRules._lowest). */
    int tied[MAX_SIDES], nt = 0;
    {
        int keys[MAX_SIDES], best = 0;
        for (int i = 0; i < nsides; i++) {
            keys[i] = side_pips[i];
            if (sp->blocked_doubles_lose) {
                /* Bergen: a side holding a double loses to any side without one; among sides
                 * alike the fewest pips win (non_double_pips: on the tiles that are not doubles). */
                if (sp->blocked_doubles_lose == DOUBLES_LOSE_NON_DOUBLE_PIPS) {
                    keys[i] = 0;
                    for (int k = 0; k < sp->side_size[i]; k++)
                        keys[i] += F(hand_pips)(sp, s->hands[sp->side_seats[i][k]] & ~c->mk->doubles);
                }
                if (F(holds_double)(c, s, i)) keys[i] += 1 << 20;
            }
            if (i == 0 || keys[i] < best) best = keys[i];
        }
        for (int i = 0; i < nsides; i++) if (keys[i] == best) tied[nt++] = i;
    }
    if (sp->block_winner) nt = F(winner_tied)(c, s, seat_pips, tied);
    int none[MAX_SIDES] = {0};
    if (sp->blocked_scoring == BS_CASCADE) {
        for (int i = 0; i < nsides; i++) {
            int terms[MAX_SIDES], n = 0;
            for (int j = 0; j < nsides; j++)
                if (side_pips[j] > side_pips[i]) terms[n++] = side_pips[j] - side_pips[i];
            ep[i] = F(rounded_sum)(sp, terms, n);
        }
        int winner = nt == 1 ? tied[0] : F(break_tie)(c, s, tied, nt);
        if (stock_pips && winner >= 0) ep[winner] += stock_pips;
        return winner;
    }
    if (nt == 1) {
        ep[tied[0]] = F(blocked_score)(sp, tied[0], side_pips, none, stock_pips);
        return tied[0];
    }
    if (sp->blocked_tie == TIE_SPLIT) {
        int co[MAX_SIDES] = {0};
        for (int k = 0; k < nt; k++) co[tied[k]] = 1;
        int share = floordiv(F(blocked_score)(sp, tied[0], side_pips, co, stock_pips), nt);
        for (int k = 0; k < nt; k++) ep[tied[k]] = share;
        return -1;
    }
    int winner = F(break_tie)(c, s, tied, nt);
    if (winner >= 0) ep[winner] = F(blocked_score)(sp, winner, side_pips, none, stock_pips);
    return winner;
}

/* ---------------------------------------------------------------- applying a move */

/* LineState._add_points: with an exact target, a score that would pass it is ignored. */
static int F(add_points)(const Spec *sp, F(State) *s, int side, int points) {
    if (sp->target_exact) {
        double total = s->hd->base_totals[side] + s->scores[side] + points;
        if (total > sp->target_score) return 0;
        if (total == sp->target_score && s->target_side < 0) s->target_side = (int8_t)side;
    }
    s->scores[side] += points;
    return points;
}

/* LineState._finish. */
static void F(finish)(const F(Ctx) *c, F(State) *s, int ended, int out_seat, int last_points) {
    const Spec *sp = c->sp;
    double ep[MAX_SIDES];
    s->over = 1;
    s->ended = (int8_t)ended;
    s->out_seat = (int8_t)out_seat;
    s->winner = (int8_t)F(end_points)(c, s, ended, out_seat, ep);
    int out_side = out_seat >= 0 ? sp->side_of[out_seat] : -1;
    if (sp->target_exact) {
        for (int i = 0; i < sp->nsides; i++) {
            double moment = ep[i] + (i == out_side ? last_points : 0);
            if (moment != 0 && s->hd->base_totals[i] + s->scores[i] + moment > sp->target_score) {
                ep[i] = 0;
                if (i == out_side) last_points = 0;
            }
        }
    }
    if (out_seat >= 0 && last_points) F(add_points)(sp, s, out_side, last_points);
    if (sp->target_exact)
        for (int i = 0; i < sp->nsides; i++) {
            double total = s->hd->base_totals[i] + s->scores[i] + ep[i];
            if (ep[i] != 0 && total == sp->target_score && s->target_side < 0) s->target_side = (int8_t)i;
        }
    for (int i = 0; i < sp->nsides; i++) s->points[i] = s->scores[i] + ep[i];
}

static inline __attribute__((always_inline)) int F(next_seat)(const Spec *sp, const F(State) *s, int seat) {
    int n = sp->players, turn = (seat + 1) % n;
    while (!s->hands[turn] && turn != seat) turn = (turn + 1) % n;
    return turn;
}

/* LineRules.keeps_turn: the player who laid `dbl` plays again (a bonus play open to him; in Mexican
 * Train, to cover it). */
static int F(keeps_turn)(const F(Ctx) *c, const F(State) *s, MASK hand, int dbl) {
    if (c->sp->table == T_TRAINS) return dbl != s->lead_tile;
    Move tmp[MAX_CAND];
    return F(bonus_plays)(c, s, hand, dbl, tmp, 0) > 0;
}

/* LineRules.is_capicua: a last tile, not a double, that fits every open end (two at least). */
static int F(is_capicua)(const F(Ctx) *c, const F(State) *s, int t) {
    if (!s->has_layout || T_DOUBLE[t]) return 0;
    int n = 0, first = -1, differ = 0;
    for (int i = 0; i < s->nends; i++) {
        int p = s->pips[i];
        if (p < 0) continue;
        if (!(c->mk->end_mask[p] & BITM(t))) return 0;
        if (first < 0) first = p;
        else if (p != first) differ = 1;
        n++;
    }
    return n >= 2 && (c->sp->capicua_either || differ);
}

/* LineRules.pass_awards, scored (LineState._pass_awards). */
static void F(pass_awards)(const Spec *sp, F(State) *s) {
    int side = sp->side_of[s->last_seat];
    if (s->passes == 1 && F(popc)(s->placed) == 1) {
        int bonus = T_DOUBLE[s->lead_tile] ? sp->opening_pass_bonus_double : sp->opening_pass_bonus;
        if (bonus) F(add_points)(sp, s, side, bonus);
    }
    if (sp->pass_bonus && s->passes == sp->players - 1) F(add_points)(sp, s, side, sp->pass_bonus);
}

/* LineState._play. */
static inline __attribute__((always_inline)) void F(play)(const F(Ctx) *c, F(State) *s, int seat, Move m) {
    const Spec *sp = c->sp;
    int t = m.tile, side = sp->side_of[seat];
    int lead = !s->has_layout;
    if (s->hands[seat] == BITM(t))
        s->out_flags = (int8_t)((sp->capicua && F(is_capicua)(c, s, t) ? 1 : 0) | (t == 0 && sp->double_blank_bonus ? 2 : 0));
    s->hands[seat] ^= BITM(t);
    s->last_seat = (int8_t)seat;
    s->passes = 0;
    if (lead) F(lead_layout)(sp, s, t, m.open);
    else {
        F(lay)(c, s, m.end, t, m.open);
        /* MexicanTrainRules.table_after: his own play on his marked train takes the marker off. */
        if (sp->table == T_TRAINS && m.end == seat && s->kinds[seat] == K_MARKED) s->kinds[seat] = K_LONG;
    }
    int points = sp->play_scoring ? F(score_play)(sp, s, seat, lead || m.end < 0) : 0;
    int out = !s->hands[seat];
    if (sp->claims) {
        /* LineState._settle_claim. */
        if (m.claim < 0) {
            if (points) { s->unclaimed = (int16_t)points; s->unclaimed_by = (int8_t)seat; }
            points = 0;
        } else if (m.claim != points) {
            if (sp->false_claim_penalty && m.claim > 0) {
                int victim = (seat + 1) % sp->players;
                while (sp->side_of[victim] == side) victim = (victim + 1) % sp->players;
                F(add_points)(sp, s, sp->side_of[victim], m.claim);
            }
            points = 0;
        }
    }
    if (points && !out) points = F(add_points)(sp, s, side, points);
    s->last_play[side] = s->moves;
    int was_bonus = s->bonus_double >= 0;
    s->bonus_double = -1;
    s->drew = 0;
    if (out) {
        int partner_holds = 0;
        if (sp->both_partners_out)
            for (int k = 0; k < sp->side_size[side]; k++)
                if (s->hands[sp->side_seats[side][k]]) partner_holds = 1;
        if (partner_holds) {
            if (points) F(add_points)(sp, s, side, points);
        } else {
            F(finish)(c, s, 1, seat, points);
            return;
        }
    }
    if (sp->turn_after_double && T_DOUBLE[t] && !was_bonus && F(keeps_turn)(c, s, s->hands[seat], t)) {
        s->bonus_double = (int8_t)t;
        if (F(is_blocked)(c, s)) F(finish)(c, s, 2, -1, 0);
        return;
    }
    if (F(is_blocked)(c, s)) { F(finish)(c, s, 2, -1, 0); return; }
    int turn = seat + 1 == sp->players ? 0 : seat + 1;
    if (!s->hands[turn]) turn = F(next_seat)(sp, s, seat);
    s->turn = (int8_t)turn;
}

/* Whether drawing t finds the lead (LineRules.finds_lead). */
static inline int F(finds_lead)(const Spec *sp, const F(State) *s, int t) {
    if (sp->first_lead == LEAD_ENGINE) return t == s->context;
    return T_DOUBLE[t];
}

/* LineState.apply for a legal move. */
static inline __attribute__((always_inline)) void F(apply)(const F(Ctx) *c, F(State) *s, Move m) {
    const Spec *sp = c->sp;
    int seat = s->turn;
    s->moves++;
    if (s->unclaimed && m.kind != MV_MUGGINS) s->unclaimed = 0;
    switch (m.kind) {
    case MV_PLAY:
        F(play)(c, s, seat, m);
        return;
    case MV_DRAW: {
        int t = s->hd->stock[s->stock_pos++];
        s->hands[seat] |= BITM(t);
        if (s->finding_lead) {
            if (F(finds_lead)(sp, s, t)) {
                s->finding_lead = 0;
                s->leader = (int8_t)seat;
                s->required_lead = (int8_t)(sp->lead_tile_any ? -1 : t);
                s->turn = (int8_t)seat;
            } else s->turn = (int8_t)((seat + 1) % sp->players);
            return;
        }
        s->drew = 1;
        if (F(is_blocked)(c, s)) F(finish)(c, s, 2, -1, 0);
        return;
    }
    case MV_MUGGINS:
        F(add_points)(sp, s, sp->side_of[seat], m.claim);
        s->unclaimed = 0;
        return;
    default:
        /* A pass puts the player's marker on his own train (Mexican Train). */
        if (sp->table == T_TRAINS && s->has_layout && seat < s->nends - 1) s->kinds[seat] = K_MARKED;
        s->bonus_double = -1;
        s->drew = 0;
        if (seat != s->last_seat && s->last_seat >= 0) {
            s->passes++;
            if (sp->pass_bonus || sp->opening_pass_bonus || sp->opening_pass_bonus_double) F(pass_awards)(sp, s);
        }
        s->turn = (int8_t)F(next_seat)(sp, s, seat);
    }
}

/* ---------------------------------------------------------------- the start of a hand */

/* LineRules.leader_from_deal: (leader, tile he must lead or -1); leader -1 where the lead is drawn
 * for (nobody holds the double looked for). */
static int F(leader_from_deal)(const F(Ctx) *c, const MASK *hands, int context, int *required) {
    const Spec *sp = c->sp;
    int rule = sp->first_lead;
    *required = -1;
    if (rule == LEAD_ENGINE) {
        for (int p = 0; p < sp->players; p++)
            if (hands[p] & BITM(context)) { *required = context; return p; }
        return -1;
    }
    if (rule == LEAD_HOLDER_OF) {
        int wanted = sp->lead_holder_of;
        for (int p = 0; p < sp->players; p++)
            if (hands[p] & BITM(wanted)) {
                *required = sp->lead_tile_any ? -1 : wanted;
                return p;
            }
        rule = LEAD_HIGHEST_DOUBLE;
    }
    int best_seat = -1, best_tile = -1;
    for (int p = 0; p < sp->players; p++) {
        MASK d = hands[p] & c->mk->doubles;
        while (d) {
            int t = F(ctz)(d);
            d &= d - 1;
            int better = best_seat < 0 || (rule == LEAD_HIGHEST_DOUBLE ? T_HIGH[t] > T_HIGH[best_tile]
                                                                      : T_HIGH[t] < T_HIGH[best_tile]);
            if (better) { best_seat = p; best_tile = t; }
        }
    }
    if (best_seat < 0) {
        if (sp->no_double == NODOUBLE_DRAW_UNTIL_FOUND) return -1;
        int best_key = -1;
        for (int p = 0; p < sp->players; p++) {
            MASK h = hands[p];
            while (h) {
                int t = F(ctz)(h);
                h &= h - 1;
                int key = T_PIPS[t] * 16 + T_HIGH[t];
                if (key > best_key) { best_key = key; best_seat = p; best_tile = t; }
            }
        }
    }
    *required = sp->lead_tile_any ? -1 : best_tile;
    return best_seat;
}

#ifndef ONCE_LEAD_FROM_DEAL
#define ONCE_LEAD_FROM_DEAL
static inline int lead_from_deal(const Spec *sp) {
    int r = sp->first_lead;
    return r == LEAD_HIGHEST_DOUBLE || r == LEAD_LOWEST_DOUBLE || r == LEAD_HOLDER_OF || r == LEAD_ENGINE;
}

#endif

/* LineState.from_deal (the deal already in s->hands and hd->stock): sets the leader, the turn
 * and the lead. `leader` is the match's (-1 where the deal decides). */
static void F(start)(const F(Ctx) *c, F(State) *s, const F(HandData) *hd, int leader, int by_deal,
                     int context) {
    const Spec *sp = c->sp;
    MASK hands[MAX_PLAYERS];
    memcpy(hands, s->hands, sizeof hands);
    memset(s, 0, sizeof *s);
    memcpy(s->hands, hands, sizeof hands);
    s->hd = hd;
    s->first_spinner = s->lead_tile = -1;
    s->required_lead = s->bonus_double = -1;
    s->out_seat = s->winner = s->target_side = s->unclaimed_by = -1;
    s->last_seat = -1;
    s->context = (int8_t)context;
    if (by_deal && lead_from_deal(sp)) {
        int required;
        int seat = F(leader_from_deal)(c, hands, context, &required);
        if (seat < 0) {
            s->leader = 0;
            s->finding_lead = 1;
            s->turn = 0;
            return;
        }
        s->leader = (int8_t)seat;
        s->required_lead = (int8_t)required;
    } else s->leader = (int8_t)leader;
    s->turn = s->leader;
}

/* LineRules.needs_redeal. */
static int F(needs_redeal)(const F(Ctx) *c, const MASK *hands) {
    const Spec *sp = c->sp;
    if (!((sp->first_lead == LEAD_HIGHEST_DOUBLE || sp->first_lead == LEAD_LOWEST_DOUBLE) &&
          sp->no_double == NODOUBLE_REDEAL))
        return 0;
    for (int p = 0; p < sp->players; p++) if (hands[p] & c->mk->doubles) return 0;
    return 1;
}

/* The set shuffled (`tiles`, ntiles of them) dealt: hand_size to each seat in turn, the rest the
 * stock in draw order. */
static void F(deal_tiles)(const Spec *sp, const uint8_t *tiles, MASK *hands, F(HandData) *hd) {
    int n = sp->ntiles, h = sp->hand_size, k = 0;
    for (int p = 0; p < sp->players; p++) {
        MASK m = 0;
        for (int q = 0; q < h; q++) m |= BITM(tiles[k++]);
        hands[p] = m;
    }
    hd->nstock = n - k;
    for (int q = 0; k < n; q++, k++) hd->stock[q] = tiles[k];
}

/* LineRules.deal: shuffle the set (Stream.shuffle) and deal hand_size to each seat in turn. */
static void F(deal)(const Spec *sp, Rng *rng, MASK *hands, F(HandData) *hd) {
    uint8_t tiles[MAX_TILES];
    int n = sp->ntiles;
    for (int i = 0; i < n; i++) tiles[i] = (uint8_t)i;
    for (int i = n - 1; i > 0; i--) {
        int j = rng_below(rng, i + 1);
        uint8_t x = tiles[i];
        tiles[i] = tiles[j];
        tiles[j] = x;
    }
    F(deal_tiles)(sp, tiles, hands, hd);
}

/* The leader the tiles drawn for the lead (`pool`'s first k, in seat order) give; -1 where the
 * rules draw a seat at random instead (Stream.randrange(players)). */
static int F(lead_of_draw)(const Spec *sp, const uint8_t *pool, int k) {
    int best = 0;
    switch (sp->first_lead) {
    case LEAD_DRAW_HIGHEST:
        for (int i = 1; i < k; i++) {
            int a = pool[i], b = pool[best];
            if (T_PIPS[a] * 16 + T_HIGH[a] > T_PIPS[b] * 16 + T_HIGH[b]) best = i;
        }
        return best;
    case LEAD_DRAW_DOUBLES_FIRST:
        for (int i = 1; i < k; i++) {
            int a = pool[i], b = pool[best];
            if (T_DOUBLE[a] * 4096 + T_PIPS[a] * 16 + T_HIGH[a] > T_DOUBLE[b] * 4096 + T_PIPS[b] * 16 + T_HIGH[b])
                best = i;
        }
        return best;
    case LEAD_DRAW_LOWEST:
        for (int i = 1; i < k; i++) {
            int a = pool[i], b = pool[best];
            if (T_PIPS[a] * 16 + T_HIGH[a] < T_PIPS[b] * 16 + T_HIGH[b]) best = i;
        }
        return best;
    default:
        return -1;
    }
}

/* LineRules.draw_for_lead (and WhistRules'): each seat draws a tile (Stream.sample); the leader. */
static int F(draw_for_lead)(const Spec *sp, Rng *rng) {
    uint8_t pool[MAX_TILES];
    int n = sp->ntiles, k = sp->first_lead == LEAD_WHIST_DRAW ? 4 : sp->players;
    for (int i = 0; i < n; i++) pool[i] = (uint8_t)i;
    for (int i = 0; i < k; i++) {
        int j = i + rng_below(rng, n - i);
        uint8_t x = pool[i];
        pool[i] = pool[j];
        pool[j] = x;
    }
    int best = F(lead_of_draw)(sp, pool, k);
    return best >= 0 ? best : rng_below(rng, sp->players);
}

#ifndef ONCE_NEXT_LEADER
#define ONCE_NEXT_LEADER
/* LineRules.next_leader: the next hand's leader, or -1 where the deal (or a new draw) decides. */
static int next_leader(const Spec *sp, int previous, int out_seat) {
    int n = sp->players, step = sp->turn_ccw ? -1 : 1;
    switch (sp->next_lead) {
    case NEXT_ALTERNATE: return (previous + 1) % n;
    case NEXT_ROTATE_LEFT: return ((previous + step) % n + n) % n;
    case NEXT_ROTATE_RIGHT: return ((previous - step) % n + n) % n;
    case NEXT_WINNER: return out_seat;
    default: return -1;
    }
}

#endif
