/* The trick games' step functions for the batched environments (vector.h): one table's hand of
 * Texas 42 or Domino Loo (tricks.h's TState) with what the research encoding reads of its public
 * history, and the encoding itself. Included by vector.h after tricks.h and the Batch type.
 *
 * The observation written is boneyard.research.env.encoding.Codec.observation_vector's, value for
 * value (float32, the same roundings), with its fields of a bidding ("phase_moves": Texas 42) and
 * of the tricks ("trump", "trick", "trick_leader", "won", "status", "owed", "discarded": Domino
 * Loo, whose rules read their tricks); a move is its research action id already (tricks.h). The
 * reading of the public history ("played", "passes", "cannot_hold") is kept as the moves are
 * made, as boneyard.players.search.inference.recent_voids reads it from the whole history: each
 * tile played to a trick shows what its seat lacked then (the rules' `lacking`), and nothing is
 * taken during the play.
 */

#define VEC_MOVE_ID 255 /* a logged move (Batch.log) whose `claim` is its action id */

/* Where the encoding's trick and bidding fields lie (-1: a field the game does not have), and
 * the rules. */
typedef struct {
    const TSpec *sp;
    int off_phase_moves, nphase;
    int off_trump, off_trick, off_trick_leader, off_won, off_status, off_owed, off_discarded;
} VecTrickCtx;

/* One table of a trick game. */
typedef struct {
    TState s;
    uint32_t played[T_PLAYERS]; /* the tiles each seat has played to the tricks */
    uint32_t voids[T_PLAYERS];  /* what each seat's plays showed it lacked */
    int nlog;                   /* moves recorded (Batch.log) */
} VecTrick;

static inline const VecTrickCtx *vec_tctx(const Batch *b) { return (const VecTrickCtx *)b->ctx; }

/* The rules' `lacking`: the tiles a seat that plays tile t on s (before the play) shows it does
 * not hold. Texas (FortyTwoRules.lacking): in sevens the tiles nearer seven; a lead of the first
 * trick that is not a trump where trumps must lead, the trumps; a tile not following the suit
 * led, the suit. Loo (LooRules.lacking): the tiers it was bound to play from, passed over. */
static uint32_t vec_lacking(const TSpec *sp, const TState *s, int t) {
    uint32_t mask = 0;
    if (sp->family == TF_TEXAS) {
        if (tx_contract(sp, s) == DC_SEVENS) {
            int near = sevens_distance(t);
            for (int u = 0; u < T_TILES; u++) if (sevens_distance(u) < near) mask |= TBIT(u);
            return mask;
        }
        if (!s->ntrick) {
            if (sp->first_lead_trump && !s->ntricks && !tx_is_trump(t, s->trump))
                for (int u = 0; u < T_TILES; u++) if (tx_is_trump(u, s->trump)) mask |= TBIT(u);
            return mask;
        }
        uint32_t follow = sp->tx_follow[s->trump + 1][(int)s->doubles][(int)s->suit];
        return follow & TBIT(t) ? 0 : follow;
    }
    uint32_t tiers[4];
    int k = lo_tiers(sp, s, ALL_TILES, tiers);
    for (int i = 0; i < k; i++) {
        if (tiers[i] & TBIT(t)) break;
        mask |= tiers[i];
    }
    return mask;
}

/* A legal action taken, the reading of the public history kept up to date. */
static void vec_trick_apply(const Batch *b, VecTrick *t, int id) {
    const TSpec *sp = vec_tctx(b)->sp;
    TState *s = &t->s;
    int seat = s->turn;
    if (b->log && t->nlog < b->log_cap) {
        Move *log = (Move *)b->log + (size_t)(t - (VecTrick *)b->states) * b->log_cap;
        Move m = {VEC_MOVE_ID, 0, 0, (uint8_t)seat, 0, (int16_t)id};
        log[t->nlog++] = m;
    }
    if (id < 2 * T_TILES && s->phase == TP_PLAY) {
        int tile = id >> 1;
        t->voids[seat] |= vec_lacking(sp, s, tile);
        t->played[seat] |= TBIT(tile);
    }
    t_step(sp, s, id);
}

/* A new hand dealt from the stream (the first hand of a match: Match(rules, rng=Stream(seed))). */
static void vec_trick_deal(const Batch *b, void *table, Rng *rng) {
    VecTrick *t = (VecTrick *)table;
    double zero[T_PLAYERS] = {0};
    memset(t, 0, sizeof *t);
    t_deal_hand(vec_tctx(b)->sp, &t->s, NULL, rng, zero);
}

static int vec_trick_to_move(const Batch *b, const void *table) {
    const VecTrick *t = (const VecTrick *)table;
    return t->s.over ? -1 : t->s.turn;
}

static int vec_trick_apply_id(const Batch *b, void *table, long long id) {
    VecTrick *t = (VecTrick *)table;
    if (id < 0 || id >= b->codec.num_actions || !t_is_legal(vec_tctx(b)->sp, &t->s, (int)id)) return -1;
    vec_trick_apply(b, t, (int)id);
    return 0;
}

/* A built-in agent's move (as t_play_out makes it). */
static void vec_trick_agent_move(const Batch *b, void *table, int agent, Rng *rng) {
    VecTrick *t = (VecTrick *)table;
    const TSpec *sp = vec_tctx(b)->sp;
    int16_t ids[T_MAX_MOVES];
    int n = t_legal(sp, &t->s, ids);
    int k = n == 1 ? 0 : t_choose(sp, &t->s, ids, n, agent, rng);
    vec_trick_apply(b, t, ids[k]);
}

static inline void vec_trick_tiles(float *out, uint32_t m) {
    for (; m; m &= m - 1) out[t_ctz(m)] = 1.0f;
}

/* Codec.observation_vector of `me`'s view, and Codec.action_mask (all 0 unless `me` is to move). */
static void vec_trick_encode(const Batch *b, void *table, int me, float *vec, int8_t *mask) {
    const VecTrick *t = (const VecTrick *)table;
    const VecTrickCtx *c = vec_tctx(b);
    const TSpec *sp = c->sp;
    const VecCodec *cd = &b->codec;
    const TState *s = &t->s;
    int n = sp->players, k = sp->nsides;
    double tiles = (double)T_TILES;
    memset(vec, 0, sizeof(float) * (size_t)cd->obs_size);
    memset(mask, 0, (size_t)cd->num_actions);
    uint32_t hand = s->hands[me];
    vec_trick_tiles(vec + cd->off_hand, hand);
    /* The tiles face up: Loo's table (its turn-up and the tiles played); Texas 42's rules read
     * no tricks, so its table shows none. */
    int loo = sp->family == TF_LOO;
    uint32_t placed = 0;
    if (loo) {
        for (int p = 0; p < n; p++) placed |= t->played[p];
        if (s->turnup >= 0) placed |= TBIT(s->turnup);
        vec_trick_tiles(vec + cd->off_table, placed);
    }
    for (int p = 0; p < n; p++) {
        int r = (p - me + n) % n;
        vec[cd->off_hand_sizes + r] = (float)((double)t_popc(s->hands[p]) / tiles);
        vec_trick_tiles(vec + cd->off_played + r * T_TILES, t->played[p]);
    }
    int stock = s->nstock - s->stock_pos;
    vec[cd->off_stock] = (float)((double)stock / tiles);
    vec[cd->off_stock + 1] = (float)((double)(stock > 0 ? stock : 0) / tiles);
    vec[cd->off_seat + me] = 1.0f;
    if (!s->over) vec[cd->off_turn + (s->turn - me + n) % n] = 1.0f;
    vec[cd->off_leader + (s->leader - me + n) % n] = 1.0f;
    int mine = sp->side_of[me];
    for (int i = 0; i < k; i++) {
        int r = (i - mine + k) % k;
        vec[cd->off_scores + r] = (float)((double)s->scores[i] / cd->scale);
        vec[cd->off_totals + r] = (float)(s->base_totals[i] / cd->scale);
    }
    /* The bidding: a pass is a pass; a bid or a declaration its column of the phase. */
    if (sp->family == TF_TEXAS) {
        for (int i = 0; i < s->nbids; i++) {
            int r = (s->order[i] - me + n) % n;
            if (s->bids[i] < 0) vec[cd->off_passes + r] = cd->acc[1];
            else if (c->off_phase_moves >= 0) vec[c->off_phase_moves + r * c->nphase + s->bids[i]] = 1.0f;
        }
        if (s->declaration >= 0 && c->off_phase_moves >= 0)
            vec[c->off_phase_moves + ((s->declarer - me + n) % n) * c->nphase + s->declaration] = 1.0f;
    }
    uint32_t discarded = s->discards[me];
    if (c->off_trump >= 0) {
        if (s->trump >= 0 && s->trump < cd->pips) vec[c->off_trump + s->trump] = 1.0f;
        for (int i = 0; i < s->ntrick; i++)
            vec[c->off_trick + ((s->trick_seat[i] - me + n) % n) * T_TILES + s->trick_tile[i]] = 1.0f;
        if (s->trick_leader >= 0) vec[c->off_trick_leader + (s->trick_leader - me + n) % n] = 1.0f;
        double size = sp->hand_size > 1 ? sp->hand_size : 1;
        for (int p = 0; p < n; p++) {
            int r = (p - me + n) % n;
            vec[c->off_won + r] = (float)((double)s->won[p] / size);
            int status = s->status[p] < 3 ? s->status[p] : 3;
            vec[c->off_status + r * 4 + status] = 1.0f;
        }
        vec[c->off_owed] = (float)((double)s->owed / tiles);
        vec_trick_tiles(vec + c->off_discarded, discarded);
    }
    /* cannot_hold: the voids, on the tiles this seat cannot see. */
    uint32_t unseen = ALL_TILES & ~hand & ~discarded & ~placed;
    for (int p = 0; p < n; p++)
        if (p != me) vec_trick_tiles(vec + cd->off_cannot + ((p - me + n) % n) * T_TILES, t->voids[p] & unseen);
    if (s->over || s->turn != me) return;
    int16_t ids[T_MAX_MOVES];
    int nl = t_legal(sp, s, ids);
    for (int j = 0; j < nl && j < T_MAX_MOVES; j++)
        if (ids[j] >= 0 && ids[j] < cd->num_actions) mask[ids[j]] = 1;
}

/* Each seat's reward once the hand is over (Codec.rewards). */
static void vec_trick_outcome(const Batch *b, const void *table, double *out) {
    const VecTrick *t = (const VecTrick *)table;
    const TSpec *sp = vec_tctx(b)->sp;
    int k = sp->nsides;
    double per_side[T_PLAYERS];
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

static int vec_trick_log_len(const Batch *b, const void *table) { return ((const VecTrick *)table)->nlog; }

/* The single environments' functions (boneyard.research.env.core.CoreTable; checked move for move
 * against the Python environments by tests/env/test_core_envs.py). An agent's move drawing from
 * Python's generator, as vector_line.h's: the random agent draws random() once where more than
 * one move is legal; the others draw nothing. */
static void vec_trick_agent_move_mt(const Batch *b, void *table, int agent, VecMt *mt) {
    VecTrick *t = (VecTrick *)table;
    const TSpec *sp = vec_tctx(b)->sp;
    int16_t ids[T_MAX_MOVES];
    Rng unused = {0};
    int n = t_legal(sp, &t->s, ids), k = 0;
    if (n > 1) k = agent == AG_RANDOM ? (int)(vec_mt_random(mt) * n) : t_choose(sp, &t->s, ids, n, agent, &unused);
    vec_trick_apply(b, t, ids[k]);
}

/* The table set to a hand at its start (kernel.trick_state_data's dict). */
static int vec_trick_load(const Batch *b, void *table, PyObject *data) {
    VecTrick *t = (VecTrick *)table;
    memset(t, 0, sizeof *t);
    if (!PyDict_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "a trick game's hand is loaded from its state's dict");
        return -1;
    }
    return tstate_from(vec_tctx(b)->sp, data, &t->s);
}

/* The legal ids, each logged as a move by its id (VEC_MOVE_ID). */
static int vec_trick_legal_ids(const Batch *b, const void *table, int *ids, Move *moves) {
    int16_t legal[T_MAX_MOVES];
    int n = t_legal(vec_tctx(b)->sp, &((const VecTrick *)table)->s, legal);
    if (n > T_MAX_MOVES) n = T_MAX_MOVES;
    for (int k = 0; k < n; k++) {
        ids[k] = legal[k];
        moves[k] = (Move){VEC_MOVE_ID, 0, 0, 0, 0, legal[k]};
    }
    return n;
}

static int vec_trick_end_code(const void *table, int end) { return -1; } /* no ends */

/* The first hand of Match(rules, rng=random.Random(seed)) (`mt` seeded): the set shuffled by
 * random.Random.shuffle and dealt, the first shaker or decider randrange(players). */
static void vec_trick_deal_mt(const Batch *b, void *table, VecMt *mt) {
    VecTrick *t = (VecTrick *)table;
    const TSpec *sp = vec_tctx(b)->sp;
    double zero[T_PLAYERS] = {0};
    uint8_t tiles[T_TILES];
    memset(t, 0, sizeof *t);
    int value = 1, ante = 0;
    if (sp->family == TF_LOO) lo_context(sp, NULL, &value, &ante);
    for (int i = 0; i < T_TILES; i++) tiles[i] = (uint8_t)i;
    vec_mt_shuffle(mt, tiles, T_TILES);
    t_deal_tiles(sp, &t->s, tiles);
    t_start(sp, &t->s, vec_mt_below(mt, sp->players), zero, value, ante);
}

/* A finished hand, as boneyard.research.env.core.trick_result reads it (the rules' hand_result):
 * (ended: T_ENDED's index; the winner or -1; each seat's tiles left (masks); each side's scores,
 * totals before the hand and points; Texas: the high bid and the declaration (phase indexes, -1
 * none), the bidder, decided (0, 1 made, 2 set), each side's points taken; each seat's tricks
 * won; Loo: each seat's status, the ante, the first to decide). None while the hand goes on. */
static PyObject *vec_trick_end(const Batch *b, const void *table) {
    const TState *s = &((const VecTrick *)table)->s;
    const TSpec *sp = vec_tctx(b)->sp;
    if (!s->over) Py_RETURN_NONE;
    int n = sp->players, k = sp->nsides;
    PyObject *hands = PyTuple_New(n), *won = PyTuple_New(n), *status = PyTuple_New(n);
    PyObject *scores = PyTuple_New(k), *totals = PyTuple_New(k), *points = PyTuple_New(k);
    if (!hands || !won || !status || !scores || !totals || !points) goto fail;
    for (int p = 0; p < n; p++) {
        PyObject *h = PyLong_FromUnsignedLong(s->hands[p]), *w = PyLong_FromLong(s->won[p]);
        PyObject *st = PyLong_FromLong(s->status[p]);
        PyTuple_SET_ITEM(hands, p, h);
        PyTuple_SET_ITEM(won, p, w);
        PyTuple_SET_ITEM(status, p, st);
        if (!h || !w || !st) goto fail;
    }
    for (int i = 0; i < k; i++) {
        PyObject *sc = PyLong_FromLong(s->scores[i]), *tt = PyFloat_FromDouble(s->base_totals[i]);
        PyObject *pt = PyFloat_FromDouble(s->points[i]);
        PyTuple_SET_ITEM(scores, i, sc);
        PyTuple_SET_ITEM(totals, i, tt);
        PyTuple_SET_ITEM(points, i, pt);
        if (!sc || !tt || !pt) goto fail;
    }
    return Py_BuildValue("(iiNNNNiiii(ii)NNii)", s->ended, s->winner, hands, scores, totals, points, s->high,
                         s->declaration, s->bidder, s->decided, s->taken[0], s->taken[1], won, status, s->ante,
                         s->leader);
fail:
    Py_XDECREF(hands);
    Py_XDECREF(won);
    Py_XDECREF(status);
    Py_XDECREF(scores);
    Py_XDECREF(totals);
    Py_XDECREF(points);
    return NULL;
}

static const VecGame VEC_TRICK = {
    sizeof(VecTrick), vec_trick_deal, vec_trick_to_move, vec_trick_apply_id, vec_trick_agent_move,
    vec_trick_encode, vec_trick_outcome, vec_trick_log_len, vec_trick_agent_move_mt, vec_trick_load,
    vec_trick_legal_ids, vec_trick_end_code, vec_trick_deal_mt, vec_trick_end,
};

/* The trick context of a batch of `sp`'s tables: the fields' offsets read from the codec's
 * layout (codec_layout); b->ctx points to it, b->owned frees it. */
static int vec_trick_setup(Batch *b, const TSpec *sp, PyObject *d) {
    VecTrickCtx *c = (VecTrickCtx *)calloc(1, sizeof *c);
    if (!c) {
        PyErr_NoMemory();
        return -1;
    }
    b->owned = c;
    c->sp = sp;
    if (get_int(d, "off_phase_moves", &c->off_phase_moves) < 0 || get_int(d, "nphase", &c->nphase) < 0 ||
        get_int(d, "off_trump", &c->off_trump) < 0 || get_int(d, "off_trick", &c->off_trick) < 0 ||
        get_int(d, "off_trick_leader", &c->off_trick_leader) < 0 || get_int(d, "off_won", &c->off_won) < 0 ||
        get_int(d, "off_status", &c->off_status) < 0 || get_int(d, "off_owed", &c->off_owed) < 0 ||
        get_int(d, "off_discarded", &c->off_discarded) < 0)
        return -1;
    if (b->codec.num_actions > 32767 || b->codec.pips != 7 || (c->off_phase_moves >= 0 && c->nphase != sp->nphase)) {
        PyErr_SetString(PyExc_ValueError, "codec: the trick game's layout does not fit its rules");
        return -1;
    }
    b->ctx = c;
    return 0;
}
