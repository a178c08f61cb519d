/* The trick games in the core: the Texas trick family (bidding, trumps, follow-me, nello, sevens,
 * splash, plunge: Texas 42) and the Loo family (stand, take the miss, drop out: Domino Loo), on
 * the double-six set. Included by module.c once, after the line engine (it shares kernel.h's
 * tiles, the random stream, the results lines and the tally of playout.h).
 *
 * Everything here mirrors the pure-Python engine (boneyard.games.tricks and the games built on
 * it), which stays the reference: tests/kernel/test_tricks.py plays hands of every rule set
 * through both and compares them move for move. The rules reach the core as data
 * (boneyard.core.kernel_spec.TrickKernelSpec, built by each game's rules).
 *
 * The layout is the one a batch of tables needs: a hand is one plain struct (TState, no pointer
 * in it: copied with memcpy), the rules another (TSpec); t_legal(spec, state, ids) writes the
 * legal actions and t_step(spec, state, id) takes one. A move IS its research action id
 * (boneyard.research.env.encoding, version 2: a tile t played is 2t, or 2t + 1 where a Texas lead
 * calls its low end; then draw, pass, muggins, the game's own kinds (Loo: a discard per tile,
 * drop, stand, miss) and the phase actions (Texas: every bid and declaration, in the order the
 * rules list them)); the spec carries each id, computed in Python from the rules.
 */
#ifndef BONEYARD_TRICKS_H
#define BONEYARD_TRICKS_H

#define T_PLAYERS 4
#define T_TILES 28
#define T_MAX_PHASE 256
#define T_MAX_MARKS 64
#define T_MAX_MOVES 64

enum { TF_TEXAS = 0, TF_LOO = 1 };
/* Phases. */
enum { TP_BID = 0, TP_DECLARE, TP_DECIDE, TP_DISCARD, TP_PLAY, TP_OVER };
/* How a hand ended (the results' "ended"). */
enum { TE_NONE = 0, TE_MADE, TE_SET, TE_RESHAKE, TE_TRICKS, TE_UNCONTESTED };
/* Phase actions: a bid (contract: none, splash, plunge) or a declaration (suit, doubles,
 * follow-me, nello, sevens); doubles: -1 none, high, own suit, low. */
enum { PA_BID = 0, PA_DECLARE = 1 };
enum { BC_NONE = 0, BC_SPLASH, BC_PLUNGE };
enum { DC_SUIT = 0, DC_DOUBLES, DC_FOLLOW_ME, DC_NELLO, DC_SEVENS };
enum { DB_HIGH = 0, DB_OWN_SUIT, DB_LOW, DB_BIDDER_CHOICE };
/* The contracts a Texas bidder may play (a set of bits). */
enum { CT_SUIT = 1, CT_DOUBLES = 2, CT_FOLLOW_ME = 4, CT_NELLO = 8, CT_SPLASH = 16, CT_PLUNGE = 32, CT_SEVENS = 64 };
/* Loo's decisions. */
enum { LS_UNDECIDED = 0, LS_STOOD, LS_MISSED, LS_DROPPED };
/* The end of a match. */
enum { TM_TARGET = 0, TM_ROUNDS_HIGH = 1 };

#define NO_TRUMP (-1)
#define DOUBLES_SUIT 7
#define MARK 42
#define STAKE 5

typedef struct {
    int8_t kind, contract, trump, doubles;
    int16_t points;
} PhaseAction;

/* The resolved rules of a trick game as data (TrickKernelSpec). */
typedef struct {
    int family;
    int players, nsides, side_of[T_PLAYERS], hand_size, tricks;
    /* Action ids. */
    int id_pass, id_discard, id_drop, id_stand, id_miss, phase_offset, nphase;
    PhaseAction ph[T_MAX_PHASE];
    /* Derived from ph: the phase index of each bid and declaration (-1: not listed). */
    int16_t bid_points[MARK];
    int16_t bid_marks[T_MAX_MARKS][3];
    int16_t decl_suit[7], decl_doubles, decl_follow, decl_nello, decl_nello_d[3], decl_sevens;
    /* Texas. */
    int forced, min_bid, max_opening_marks, mark_raise, first_bidder_tile, contracts;
    int follow_me_doubles, nello_doubles, nello_min_marks, plunge_marks, plunge_min_doubles;
    int plunge_needs_66, splash_marks, splash_min_doubles, sevens_min_marks;
    int scoring_points, points_taken, cap_marks, play_out, first_lead_trump, leader_calls;
    /* Loo. */
    int pool, penalty, miss_allowed, miss_size, either_end, must_trump, must_head;
    /* The match. */
    int match_end, target_score, rounds;
    /* Derived once (tspec_tables): by trump + 1 (-1 no trump to 7 the doubles), how the doubles
     * rank and the suit led, the tiles that follow and each tile's strength (Texas); by trump
     * and suit, the tiles that follow and each tile's strength (Loo). */
    uint32_t tx_follow[9][3][8];
    int16_t tx_str[9][3][8][T_TILES];
    uint32_t lo_follow[7][7], lo_trumps[7];
    int16_t lo_str[7][7][T_TILES];
} TSpec;

/* One hand of a trick game: a plain struct (TrickState with its table inline). */
typedef struct {
    uint32_t hands[T_PLAYERS];
    uint32_t discards[T_PLAYERS];
    int32_t scores[T_PLAYERS];
    double base_totals[T_PLAYERS];
    double points[T_PLAYERS]; /* the result per side, once over */
    int32_t moves;
    int8_t phase, turn, leader; /* leader: the shaker (Texas), the first to decide (Loo) */
    int8_t over, ended, winner;
    /* The trick in play, the tricks taken. */
    int8_t trick_seat[T_PLAYERS], trick_tile[T_PLAYERS], ntrick, suit, trick_leader;
    int8_t ntricks, won[T_PLAYERS], trump;
    /* Texas: the bidding order, the bids (phase index, -1 a pass), the contract. */
    int8_t order[T_PLAYERS], nbids, bidder, declarer, doubles, out, decided; /* decided: 0, 1 made, 2 set */
    int16_t bids[T_PLAYERS], high, declaration;
    int16_t taken[2];
    /* Loo: the decisions, the discards owed, the stock. */
    int8_t status[T_PLAYERS], owed, first, value, ante, turnup, stock_pos, nstock;
    uint8_t stock[T_TILES];
} TState;

/* ---------------------------------------------------------------- tiles */

static const int8_t T_COUNT[T_TILES] = {
    /* 0-0 */ 0, /* 1-0 */ 0, /* 1-1 */ 0, /* 2-0 */ 0, /* 2-1 */ 0, /* 2-2 */ 0, /* 3-0 */ 0,
    /* 3-1 */ 0, /* 3-2 */ 5, /* 3-3 */ 0, /* 4-0 */ 0, /* 4-1 */ 5, /* 4-2 */ 0, /* 4-3 */ 0,
    /* 4-4 */ 0, /* 5-0 */ 5, /* 5-1 */ 0, /* 5-2 */ 0, /* 5-3 */ 0, /* 5-4 */ 0, /* 5-5 */ 10,
    /* 6-0 */ 0, /* 6-1 */ 0, /* 6-2 */ 0, /* 6-3 */ 0, /* 6-4 */ 10, /* 6-5 */ 0, /* 6-6 */ 0,
};
#define TBIT(t) ((uint32_t)1 << (t))
#define ALL_TILES (TBIT(T_TILES) - 1)
#define TILE_66 27

static inline int t_popc(uint32_t m) { return __builtin_popcount(m); }
static inline int t_ctz(uint32_t m) { return __builtin_ctz(m); }
static inline int t_abs(int x) { return x < 0 ? -x : x; }
static inline int sevens_distance(int t) { return t_abs(T_PIPS[t] - 7); }

/* The doubles, and the tiles bearing each number (filled once by t_tiles_init). */
static uint32_t T_DOUBLES, T_SUIT[7];

static void t_tiles_init(void) {
    T_DOUBLES = 0;
    for (int n = 0; n < 7; n++) T_SUIT[n] = 0;
    for (int t = 0; t < T_TILES; t++) {
        if (T_DOUBLE[t]) T_DOUBLES |= TBIT(t);
        T_SUIT[(int)T_HIGH[t]] |= TBIT(t);
        T_SUIT[(int)T_LOW[t]] |= TBIT(t);
    }
}

/* ---------------------------------------------------------------- the spec */

/* The phase indexes of each bid and declaration, from the list (TSpec.ph). */
static int tspec_derive(TSpec *sp) {
    for (int p = 0; p < MARK; p++) sp->bid_points[p] = -1;
    for (int m = 0; m < T_MAX_MARKS; m++) sp->bid_marks[m][0] = sp->bid_marks[m][1] = sp->bid_marks[m][2] = -1;
    for (int n = 0; n < 7; n++) sp->decl_suit[n] = -1;
    sp->decl_doubles = sp->decl_follow = sp->decl_nello = sp->decl_sevens = -1;
    sp->decl_nello_d[0] = sp->decl_nello_d[1] = sp->decl_nello_d[2] = -1;
    for (int i = 0; i < sp->nphase; i++) {
        PhaseAction a = sp->ph[i];
        if (a.kind == PA_BID) {
            if (a.points < MARK && a.contract == BC_NONE) {
                if (a.points >= 0) sp->bid_points[a.points] = (int16_t)i;
            } else if (a.points % MARK == 0 && a.points / MARK < T_MAX_MARKS && a.contract >= 0 && a.contract <= 2)
                sp->bid_marks[a.points / MARK][a.contract] = (int16_t)i;
            else return -1;
        } else {
            switch (a.contract) {
            case DC_SUIT: if (a.trump < 0 || a.trump > 6) return -1; sp->decl_suit[a.trump] = (int16_t)i; break;
            case DC_DOUBLES: sp->decl_doubles = (int16_t)i; break;
            case DC_FOLLOW_ME: sp->decl_follow = (int16_t)i; break;
            case DC_NELLO:
                if (a.doubles < 0) sp->decl_nello = (int16_t)i;
                else if (a.doubles <= 2) sp->decl_nello_d[a.doubles] = (int16_t)i;
                break;
            case DC_SEVENS: sp->decl_sevens = (int16_t)i; break;
            default: return -1;
            }
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- the Texas suits
 * boneyard.games.tricks.texas: a tile bearing the trump number is a trump only; the doubles are
 * a suit of their own where they are trumps or the contract says so. */

static inline int tx_is_trump(int t, int trump) {
    if (trump == NO_TRUMP) return 0;
    if (trump == DOUBLES_SUIT) return T_DOUBLE[t];
    return T_HIGH[t] == trump || T_LOW[t] == trump;
}

static inline int tx_apart(int trump, int doubles) { return trump == DOUBLES_SUIT || doubles == DB_OWN_SUIT; }

static inline int tx_suit_led(int t, int trump, int doubles, int called) {
    if (tx_is_trump(t, trump)) return trump;
    if (T_DOUBLE[t]) return tx_apart(trump, doubles) ? DOUBLES_SUIT : T_HIGH[t];
    if (called >= 0) return called;
    return T_HIGH[t];
}

static inline int tx_follows(int t, int suit, int trump, int doubles) {
    if (suit == trump && trump != NO_TRUMP) return tx_is_trump(t, trump);
    if (tx_is_trump(t, trump)) return 0;
    if (suit == DOUBLES_SUIT) return T_DOUBLE[t];
    if (T_DOUBLE[t] && tx_apart(trump, doubles)) return 0;
    return T_HIGH[t] == suit || T_LOW[t] == suit;
}

static inline int tx_rank(int t, int suit, int doubles) {
    if (suit == DOUBLES_SUIT) return T_HIGH[t];
    if (T_DOUBLE[t]) return doubles == DB_LOW ? -1 : 7;
    return T_HIGH[t] == suit ? T_LOW[t] : T_HIGH[t];
}

/* texas.strength as one number: (2, rank) > (1, rank) > (0, -99). */
static inline int tx_strength(int t, int suit, int trump, int doubles) {
    if (tx_is_trump(t, trump)) return 200 + tx_rank(t, trump, doubles);
    if (tx_follows(t, suit, trump, doubles)) return 100 + tx_rank(t, suit, doubles);
    return 0;
}

/* The contract named (DC_*), or -1 before one is. */
static inline int tx_contract(const TSpec *sp, const TState *s) {
    return s->declaration >= 0 ? sp->ph[s->declaration].contract : -1;
}

/* FortyTwoRules.trick_winner over a trick of n tiles (the first n of s's trick). */
static int tx_winner(const TSpec *sp, const TState *s, const int8_t *seats, const int8_t *tiles, int n) {
    if (tx_contract(sp, s) == DC_SEVENS) {
        int best = 0;
        for (int i = 1; i < n; i++)
            if (sevens_distance(tiles[i]) < sevens_distance(tiles[best])) best = i;
        return seats[best];
    }
    const int16_t *str = sp->tx_str[s->trump + 1][(int)s->doubles][(int)s->suit];
    int best = 0, key = str[(int)tiles[0]];
    for (int i = 1; i < n; i++) {
        int k = str[(int)tiles[i]];
        if (k > key) { key = k; best = i; }
    }
    return seats[best];
}

/* ---------------------------------------------------------------- Loo's suits
 * LooRules: a tile bearing the trump number is a trump; any other follows the suit of its higher
 * number (or, either_end, any number it shows); within a suit the double highest. */

static inline int lo_is_trump(int t, int trump) { return T_HIGH[t] == trump || T_LOW[t] == trump; }

static inline int lo_suit_led(int t, int trump) { return lo_is_trump(t, trump) ? trump : T_HIGH[t]; }

static inline int lo_follows(const TSpec *sp, int t, int suit, int trump) {
    if (suit == trump) return lo_is_trump(t, trump);
    if (lo_is_trump(t, trump)) return 0;
    return T_HIGH[t] == suit || (sp->either_end && T_LOW[t] == suit);
}

static inline int lo_rank(int t, int suit) {
    if (T_DOUBLE[t]) return 100;
    return T_HIGH[t] == suit ? T_LOW[t] : T_HIGH[t];
}

static inline int lo_strength(const TSpec *sp, int t, int suit, int trump) {
    if (lo_is_trump(t, trump)) return 2000 + lo_rank(t, trump);
    if (lo_follows(sp, t, suit, trump)) return 1000 + lo_rank(t, suit);
    return 0;
}

static int lo_winner(const TSpec *sp, const TState *s) {
    const int16_t *str = sp->lo_str[(int)s->trump][lo_suit_led(s->trick_tile[0], s->trump)];
    int best = 0, key = str[(int)s->trick_tile[0]];
    for (int i = 1; i < s->ntrick; i++) {
        int k = str[(int)s->trick_tile[i]];
        if (k > key) { key = k; best = i; }
    }
    return s->trick_seat[best];
}

/* LooRules.tiers: the masks a player must choose from, most binding first (n written), within
 * `within` (the hand: only what it meets of each tier is read). */
static int lo_tiers(const TSpec *sp, const TState *s, uint32_t within, uint32_t *out) {
    if (!s->ntrick) return 0;
    int trump = s->trump, suit = lo_suit_led(s->trick_tile[0], trump);
    const int16_t *str = sp->lo_str[trump][suit];
    int best = -1;
    for (int i = 0; i < s->ntrick; i++) {
        int k = str[(int)s->trick_tile[i]];
        if (k > best) best = k;
    }
    uint32_t follow = sp->lo_follow[trump][suit] & within, trumps = sp->lo_trumps[trump] & within, beats = 0;
    for (uint32_t m = within; m; m &= m - 1)
        if (str[t_ctz(m)] > best) beats |= TBIT(t_ctz(m));
    uint32_t tiers[4];
    int n = 0;
    if (sp->must_head) tiers[n++] = follow & beats;
    tiers[n++] = follow;
    if (sp->must_trump && suit != trump) {
        if (sp->must_head) tiers[n++] = trumps & beats;
        tiers[n++] = trumps;
    }
    int k = 0;
    for (int i = 0; i < n; i++) if (tiers[i]) out[k++] = tiers[i];
    return k;
}

/* The tables of TSpec (tspec_tables). */
static void tspec_tables(TSpec *sp) {
    for (int tr = -1; tr <= 7; tr++)
        for (int d = 0; d < 3; d++)
            for (int suit = 0; suit < 8; suit++) {
                uint32_t m = 0;
                for (int t = 0; t < T_TILES; t++) {
                    if (tx_follows(t, suit, tr, d)) m |= TBIT(t);
                    sp->tx_str[tr + 1][d][suit][t] = (int16_t)tx_strength(t, suit, tr, d);
                }
                sp->tx_follow[tr + 1][d][suit] = m;
            }
    for (int tr = 0; tr < 7; tr++) {
        sp->lo_trumps[tr] = 0;
        for (int t = 0; t < T_TILES; t++) if (lo_is_trump(t, tr)) sp->lo_trumps[tr] |= TBIT(t);
        for (int suit = 0; suit < 7; suit++) {
            uint32_t m = 0;
            for (int t = 0; t < T_TILES; t++) {
                if (lo_follows(sp, t, suit, tr)) m |= TBIT(t);
                sp->lo_str[tr][suit][t] = (int16_t)lo_strength(sp, t, suit, tr);
            }
            sp->lo_follow[tr][suit] = m;
        }
    }
}

/* ---------------------------------------------------------------- the seats in a trick */

static inline int t_in_trick(const TSpec *sp, const TState *s, int seat) {
    if (sp->family == TF_TEXAS) return seat != s->out;
    return s->status[seat] == LS_STOOD || s->status[seat] == LS_MISSED;
}

static inline int t_trick_size(const TSpec *sp, const TState *s) {
    int n = 0;
    for (int p = 0; p < sp->players; p++) n += t_in_trick(sp, s, p);
    return n;
}

/* TrickRules.next_to_play: the next seat in the trick after `seat`. */
static inline int t_next_in_trick(const TSpec *sp, const TState *s, int seat) {
    for (int k = 1; k <= sp->players; k++) {
        int p = (seat + k) % sp->players;
        if (t_in_trick(sp, s, p)) return p;
    }
    return seat;
}

/* ---------------------------------------------------------------- Texas 42: legal actions */

static int tx_doubles_held(uint32_t hand) { return t_popc(hand & T_DOUBLES); }

static int tx_special_allowed(const TSpec *sp, int contract, uint32_t hand) {
    if (contract == BC_PLUNGE) {
        if (!(sp->contracts & CT_PLUNGE)) return 0;
        if (sp->plunge_needs_66 && !(hand & TBIT(TILE_66))) return 0;
        return tx_doubles_held(hand) >= sp->plunge_min_doubles;
    }
    if (!(sp->contracts & CT_SPLASH)) return 0;
    return tx_doubles_held(hand) >= sp->splash_min_doubles;
}

static inline int t_push(int16_t *out, int n, int id) {
    if (n < T_MAX_MOVES) out[n] = (int16_t)id;
    return n + 1;
}

/* FortyTwoRules.bids_over, as action ids. */
static int tx_bids(const TSpec *sp, const TState *s, uint32_t hand, int16_t *out, int n) {
    int top = s->high >= 0 ? sp->ph[s->high].points : 0;
    for (int p = sp->min_bid > top + 1 ? sp->min_bid : top + 1; p < MARK; p++)
        n = t_push(out, n, sp->phase_offset + sp->bid_points[p]);
    int high_marks = top / MARK, lo, hi;
    if (high_marks == 0) { lo = 1; hi = sp->max_opening_marks; }
    else lo = hi = high_marks + sp->mark_raise;
    for (int m = lo; m <= hi && m < T_MAX_MARKS; m++) n = t_push(out, n, sp->phase_offset + sp->bid_marks[m][BC_NONE]);
    static const int specials[2] = {BC_SPLASH, BC_PLUNGE};
    for (int k = 0; k < 2; k++) {
        int c = specials[k];
        if (!tx_special_allowed(sp, c, hand)) continue;
        int value = c == BC_SPLASH ? sp->splash_marks : sp->plunge_marks;
        int m = value > high_marks + sp->mark_raise ? value : high_marks + sp->mark_raise;
        if (m < T_MAX_MARKS) n = t_push(out, n, sp->phase_offset + sp->bid_marks[m][c]);
    }
    return n;
}

/* FortyTwoRules.declarations, as action ids. */
static int tx_declarations(const TSpec *sp, const TState *s, int16_t *out) {
    int n = 0, off = sp->phase_offset;
    if (sp->contracts & CT_SUIT)
        for (int k = 0; k < 7; k++) n = t_push(out, n, off + sp->decl_suit[k]);
    if (sp->contracts & CT_DOUBLES) n = t_push(out, n, off + sp->decl_doubles);
    if (sp->contracts & CT_FOLLOW_ME) n = t_push(out, n, off + sp->decl_follow);
    PhaseAction high = sp->ph[s->high];
    if (high.contract != BC_NONE) return n;
    int marks = high.points / MARK;
    if ((sp->contracts & CT_NELLO) && marks >= sp->nello_min_marks) {
        if (sp->nello_doubles == DB_BIDDER_CHOICE)
            for (int d = 0; d < 3; d++) n = t_push(out, n, off + sp->decl_nello_d[d]);
        else n = t_push(out, n, off + sp->decl_nello);
    }
    if ((sp->contracts & CT_SEVENS) && marks >= sp->sevens_min_marks) n = t_push(out, n, off + sp->decl_sevens);
    return n;
}

/* FortyTwoRules.plays, as action ids (a lead that calls its low end: 2t + 1). */
static int tx_plays(const TSpec *sp, const TState *s, uint32_t hand, int16_t *out) {
    int n = 0;
    if (tx_contract(sp, s) == DC_SEVENS) {
        int best = 99;
        for (uint32_t m = hand; m; m &= m - 1) {
            int d = sevens_distance(t_ctz(m));
            if (d < best) best = d;
        }
        for (uint32_t m = hand; m; m &= m - 1) {
            int t = t_ctz(m);
            if (sevens_distance(t) == best) n = t_push(out, n, 2 * t);
        }
        return n;
    }
    if (!s->ntrick) {
        uint32_t allowed = hand;
        if (!s->ntricks && sp->first_lead_trump) {
            uint32_t trumps = 0;
            for (uint32_t m = hand; m; m &= m - 1)
                if (tx_is_trump(t_ctz(m), s->trump)) trumps |= TBIT(t_ctz(m));
            if (trumps) allowed = trumps;
        }
        for (uint32_t m = allowed; m; m &= m - 1) {
            int t = t_ctz(m);
            n = t_push(out, n, 2 * t);
            if (sp->leader_calls && !T_DOUBLE[t] && !tx_is_trump(t, s->trump)) n = t_push(out, n, 2 * t + 1);
        }
        return n;
    }
    uint32_t follow = hand & sp->tx_follow[s->trump + 1][(int)s->doubles][(int)s->suit];
    for (uint32_t m = follow ? follow : hand; m; m &= m - 1) n = t_push(out, n, 2 * t_ctz(m));
    return n;
}

static int tx_legal(const TSpec *sp, const TState *s, int16_t *out) {
    uint32_t hand = s->hands[s->turn];
    if (s->phase == TP_BID) {
        int n = 0;
        int forced = s->nbids == T_PLAYERS - 1 && s->high < 0 && sp->forced;
        if (!forced) n = t_push(out, n, sp->id_pass);
        return tx_bids(sp, s, hand, out, n);
    }
    if (s->phase == TP_DECLARE) return tx_declarations(sp, s, out);
    return tx_plays(sp, s, hand, out);
}

/* ---------------------------------------------------------------- Domino Loo: legal actions */

static int lo_legal(const TSpec *sp, const TState *s, int16_t *out) {
    uint32_t hand = s->hands[s->turn];
    int n = 0;
    if (s->owed) {
        for (uint32_t m = hand; m; m &= m - 1) n = t_push(out, n, sp->id_discard + t_ctz(m));
        return n;
    }
    if (s->phase == TP_DECIDE) {
        n = t_push(out, n, sp->id_stand);
        if (sp->miss_allowed && s->nstock - s->stock_pos >= sp->miss_size) n = t_push(out, n, sp->id_miss);
        if (sp->players >= 3) n = t_push(out, n, sp->id_drop);
        return n;
    }
    uint32_t tiers[4], allowed = hand;
    int k = lo_tiers(sp, s, hand, tiers);
    for (int i = 0; i < k; i++)
        if (hand & tiers[i]) { allowed = hand & tiers[i]; break; }
    for (uint32_t m = allowed; m; m &= m - 1) n = t_push(out, n, 2 * t_ctz(m));
    return n;
}

/* The legal action ids of the seat to move, in the Python engine's order (0 once over). */
static int t_legal(const TSpec *sp, const TState *s, int16_t *out) {
    if (s->over) return 0;
    return sp->family == TF_TEXAS ? tx_legal(sp, s, out) : lo_legal(sp, s, out);
}

/* ---------------------------------------------------------------- the end of a hand */

/* FortyTwoRules.hand_result. */
static void tx_finish(const TSpec *sp, TState *s) {
    s->over = 1;
    s->phase = TP_OVER;
    s->turn = -1;
    s->points[0] = s->points[1] = 0;
    if (s->high < 0) {
        s->ended = TE_RESHAKE;
        s->winner = -1;
        return;
    }
    PhaseAction high = sp->ph[s->high];
    int bidders = sp->side_of[s->bidder], others = 1 - bidders;
    int made = s->decided == 1;
    int contract = tx_contract(sp, s);
    int marks = high.points / MARK > 1 ? high.points / MARK : 1;
    int bid_value = high.points < MARK ? high.points : (sp->points_taken ? MARK : MARK * marks);
    int points[2] = {0, 0};
    if (!sp->scoring_points) {
        int side = made ? bidders : others;
        if (sp->cap_marks) {
            int room = (int)(sp->target_score - s->base_totals[side]);
            marks = marks < room ? marks : room;
            if (marks < 0) marks = 0;
        }
        points[side] = marks;
    } else if (made) {
        if (high.points < MARK && contract != DC_NELLO && contract != DC_SEVENS) {
            points[0] = s->taken[0];
            points[1] = s->taken[1];
        } else points[bidders] = bid_value;
    } else points[others] = s->taken[others] + bid_value;
    s->points[0] = points[0];
    s->points[1] = points[1];
    s->ended = made ? TE_MADE : TE_SET;
    s->winner = (int8_t)(made ? bidders : others);
}

/* FortyTwoRules.decision: 1 made, 2 set, 0 not yet. */
static int tx_decision(const TSpec *sp, const TState *s) {
    PhaseAction high = sp->ph[s->high];
    int bidders = sp->side_of[s->bidder];
    int contract = tx_contract(sp, s);
    if (contract == DC_NELLO) {
        if (s->won[s->bidder]) return 2;
        return s->ntricks == sp->tricks ? 1 : 0;
    }
    if (high.points >= MARK || contract == DC_SEVENS) {
        for (int p = 0; p < sp->players; p++)
            if (sp->side_of[p] != bidders && s->won[p]) return 2;
        return s->ntricks == sp->tricks ? 1 : 0;
    }
    if (s->taken[bidders] >= high.points) return 1;
    if (s->taken[1 - bidders] > MARK - high.points) return 2;
    return 0;
}

/* LooRules.hand_result, the hand's end (ended: TE_TRICKS or TE_UNCONTESTED). */
static void lo_finish(const TSpec *sp, TState *s, int ended) {
    int n = sp->players;
    int end[T_PLAYERS] = {0};
    if (sp->pool && s->ante) end[(s->leader - 1 + n) % n] -= STAKE;
    for (int p = 0; p < n; p++)
        if ((s->status[p] == LS_STOOD || s->status[p] == LS_MISSED) && !s->won[p]) end[p] -= sp->pool ? STAKE : sp->penalty;
    int most = 0, count = 0, who = -1;
    for (int p = 0; p < n; p++) if (s->won[p] > most) most = s->won[p];
    for (int p = 0; p < n; p++)
        if (s->won[p] == most) { if (!count++) who = p; }
    for (int p = 0; p < n; p++) s->points[p] = s->scores[p] + end[p];
    s->winner = (int8_t)(count == 1 ? who : -1);
    s->ended = (int8_t)ended;
    s->over = 1;
    s->phase = TP_OVER;
}

/* ---------------------------------------------------------------- a tile played */

/* TrickState._play with the table's transition (TrickRules.play_table): `seat` plays tile t
 * (`called`: the end a Texas lead calls, -1 none). */
static void t_play(const TSpec *sp, TState *s, int seat, int t, int called) {
    s->hands[seat] &= ~TBIT(t);
    if (!s->ntrick) {
        s->suit = (int8_t)(sp->family == TF_TEXAS ? tx_suit_led(t, s->trump, s->doubles, called)
                                                  : lo_suit_led(t, s->trump));
        s->trick_leader = (int8_t)seat;
    }
    s->trick_seat[s->ntrick] = (int8_t)seat;
    s->trick_tile[s->ntrick] = (int8_t)t;
    s->ntrick++;
    if (s->ntrick < t_trick_size(sp, s)) {
        s->turn = (int8_t)t_next_in_trick(sp, s, seat);
        return;
    }
    int winner;
    if (sp->family == TF_TEXAS) {
        winner = tx_winner(sp, s, s->trick_seat, s->trick_tile, s->ntrick);
        int points = 1;
        for (int i = 0; i < s->ntrick; i++) points += T_COUNT[(int)s->trick_tile[i]];
        s->taken[sp->side_of[winner]] += (int16_t)points;
        s->won[winner]++;
        s->ntricks++;
        s->ntrick = 0;
        s->suit = -1;
        s->trick_leader = (int8_t)winner;
        if (!s->decided) {
            s->decided = (int8_t)tx_decision(sp, s);
            if (!s->decided && s->ntricks == sp->tricks) s->decided = 2;
        }
        if (sp->scoring_points) s->scores[sp->side_of[winner]] += points;
        if (s->ntricks == sp->tricks || (s->decided && !sp->play_out)) tx_finish(sp, s);
        else s->turn = (int8_t)winner;
        return;
    }
    winner = lo_winner(sp, s);
    s->won[winner]++;
    s->ntricks++;
    s->ntrick = 0;
    s->suit = -1;
    s->trick_leader = (int8_t)winner;
    s->scores[winner] += s->value;
    int total = 0;
    for (int p = 0; p < sp->players; p++) total += s->won[p];
    if (total == sp->tricks) lo_finish(sp, s, TE_TRICKS);
    else s->turn = (int8_t)winner;
}

/* ---------------------------------------------------------------- Texas 42: a step */

static void tx_step(const TSpec *sp, TState *s, int id) {
    int seat = s->turn;
    if (s->phase == TP_BID) {
        int idx = id == sp->id_pass ? -1 : id - sp->phase_offset;
        s->bids[s->nbids++] = (int16_t)idx;
        if (idx >= 0) {
            s->high = (int16_t)idx;
            s->bidder = (int8_t)seat;
        }
        if (s->nbids < T_PLAYERS) s->turn = s->order[s->nbids];
        else if (s->high < 0) tx_finish(sp, s);
        else {
            s->declarer = sp->ph[s->high].contract != BC_NONE ? (int8_t)((s->bidder + 2) % 4) : s->bidder;
            s->phase = TP_DECLARE;
            s->turn = s->declarer;
        }
        return;
    }
    if (s->phase == TP_DECLARE) {
        int idx = id - sp->phase_offset;
        PhaseAction d = sp->ph[idx];
        s->declaration = (int16_t)idx;
        s->trump = NO_TRUMP;
        s->doubles = DB_HIGH;
        s->out = -1;
        switch (d.contract) {
        case DC_SUIT: s->trump = d.trump; break;
        case DC_DOUBLES: s->trump = DOUBLES_SUIT; break;
        case DC_FOLLOW_ME: s->doubles = (int8_t)sp->follow_me_doubles; break;
        case DC_NELLO:
            s->doubles = (int8_t)(d.doubles >= 0 ? d.doubles : sp->nello_doubles);
            s->out = (int8_t)((s->bidder + 2) % 4);
            break;
        default: break;
        }
        s->trick_leader = s->declarer;
        s->phase = TP_PLAY;
        s->turn = s->declarer;
        return;
    }
    int t = id >> 1;
    int called = -1;
    if (id & 1) called = T_LOW[t];
    t_play(sp, s, seat, t, called);
}

/* ---------------------------------------------------------------- Domino Loo: a step */

/* A decision taken (or the last discard owed): an uncontested hand, the play, or the next to
 * decide (LooRules.table_after and LooState._before_play). */
static void lo_decided(const TSpec *sp, TState *s, int seat) {
    int n = sp->players, alive = 0, last = -1, undecided = 0;
    for (int p = 0; p < n; p++) {
        if (s->status[p] != LS_DROPPED) { alive++; last = p; }
        if (s->status[p] == LS_UNDECIDED) undecided = 1;
    }
    if (alive == 1) {
        s->won[last] = (int8_t)sp->tricks;
        s->scores[last] += sp->tricks * s->value;
        lo_finish(sp, s, TE_UNCONTESTED);
        return;
    }
    if (!undecided) {
        for (int k = 0; k < n; k++) {
            int p = (s->first + k) % n;
            if (s->status[p] != LS_DROPPED) { s->trick_leader = (int8_t)p; break; }
        }
        s->turn = s->trick_leader;
        s->phase = TP_PLAY;
        return;
    }
    for (int k = 1; k <= n; k++) {
        int p = (seat + k) % n;
        if (s->status[p] == LS_UNDECIDED) { s->turn = (int8_t)p; break; }
    }
    s->phase = TP_DECIDE;
}

static void lo_step(const TSpec *sp, TState *s, int id) {
    int seat = s->turn;
    if (id < 2 * T_TILES) {
        t_play(sp, s, seat, id >> 1, -1);
        return;
    }
    if (id >= sp->id_discard && id < sp->id_discard + T_TILES) {
        int t = id - sp->id_discard;
        s->hands[seat] &= ~TBIT(t);
        s->discards[seat] |= TBIT(t);
        if (--s->owed) return;
        lo_decided(sp, s, seat);
        return;
    }
    if (id == sp->id_miss) {
        s->status[seat] = LS_MISSED;
        s->owed = (int8_t)(sp->miss_size - sp->tricks);
        s->discards[seat] |= s->hands[seat];
        uint32_t h = 0;
        for (int k = 0; k < sp->miss_size; k++) h |= TBIT(s->stock[s->stock_pos + k]);
        s->hands[seat] = h;
        s->stock_pos += (int8_t)sp->miss_size;
        s->phase = TP_DISCARD;
        return;
    }
    if (id == sp->id_drop) {
        s->status[seat] = LS_DROPPED;
        s->discards[seat] |= s->hands[seat];
        s->hands[seat] = 0;
    } else s->status[seat] = LS_STOOD;
    lo_decided(sp, s, seat);
}

/* Take the legal action `id` (t_legal's) for the seat to move. */
static void t_step(const TSpec *sp, TState *s, int id) {
    s->moves++;
    if (sp->family == TF_TEXAS) tx_step(sp, s, id);
    else lo_step(sp, s, id);
}

/* Whether `id` is legal now. */
static int t_is_legal(const TSpec *sp, const TState *s, int id) {
    int16_t ids[T_MAX_MOVES];
    int n = t_legal(sp, s, ids);
    for (int k = 0; k < n && k < T_MAX_MOVES; k++) if (ids[k] == id) return 1;
    return 0;
}

/* ---------------------------------------------------------------- the start of a hand */

/* FortyTwoState.from_start and LooState.from_start: s->hands (and, for Loo, the stock) already
 * dealt; `leader` the shaker or the first to decide; `value` and `ante` Loo's context. */
static void t_start(const TSpec *sp, TState *s, int leader, const double *totals, int value, int ante) {
    s->phase = sp->family == TF_TEXAS ? TP_BID : TP_DECIDE;
    s->leader = s->turn = (int8_t)leader;
    s->over = s->ended = 0;
    s->winner = -1;
    s->moves = 0;
    s->ntrick = s->ntricks = 0;
    s->suit = s->trick_leader = -1;
    s->trump = NO_TRUMP;
    for (int p = 0; p < T_PLAYERS; p++) {
        s->won[p] = 0;
        s->scores[p] = 0;
        s->discards[p] = 0;
        s->status[p] = LS_UNDECIDED;
        s->points[p] = 0;
        s->base_totals[p] = p < sp->nsides ? totals[p] : 0;
        s->bids[p] = -1;
    }
    s->nbids = 0;
    s->high = s->declaration = -1;
    s->bidder = s->declarer = s->out = -1;
    s->doubles = DB_HIGH;
    s->decided = 0;
    s->taken[0] = s->taken[1] = 0;
    s->owed = 0;
    s->first = (int8_t)leader;
    s->value = (int8_t)value;
    s->ante = (int8_t)ante;
    s->turnup = -1;
    if (sp->family == TF_TEXAS) {
        int first = (leader + 1) % T_PLAYERS;
        if (sp->first_bidder_tile >= 0)
            for (int p = 0; p < T_PLAYERS; p++)
                if (s->hands[p] & TBIT(sp->first_bidder_tile)) { first = p; break; }
        for (int k = 0; k < T_PLAYERS; k++) s->order[k] = (int8_t)((first + k) % T_PLAYERS);
        s->turn = s->order[0];
        s->nstock = s->stock_pos = 0;
        return;
    }
    s->turnup = (int8_t)s->stock[0];
    s->trump = T_HIGH[s->stock[0]];
    s->stock_pos = 1;
}

/* The set shuffled (`tiles`) dealt: hand_size each, the rest the stock in order. */
static void t_deal_tiles(const TSpec *sp, TState *s, const uint8_t *tiles) {
    int k = 0;
    for (int p = 0; p < T_PLAYERS; p++) {
        uint32_t m = 0;
        if (p < sp->players)
            for (int q = 0; q < sp->hand_size; q++) m |= TBIT(tiles[k++]);
        s->hands[p] = m;
    }
    s->nstock = (int8_t)(T_TILES - k);
    for (int q = 0; k < T_TILES; q++, k++) s->stock[q] = tiles[k];
}

/* TrickRules.deal: the set shuffled (Stream.shuffle), hand_size each, the rest the stock. */
static void t_deal(const TSpec *sp, TState *s, Rng *rng) {
    uint8_t tiles[T_TILES];
    for (int i = 0; i < T_TILES; i++) tiles[i] = (uint8_t)i;
    for (int i = T_TILES - 1; i > 0; i--) {
        int j = rng_below(rng, i + 1);
        uint8_t x = tiles[i];
        tiles[i] = tiles[j];
        tiles[j] = x;
    }
    t_deal_tiles(sp, s, tiles);
}

/* LooRules.hand_context: (trick value, whether the dealer stakes) after the hand `prev` (NULL
 * for a match's first). */
static void lo_context(const TSpec *sp, const TState *prev, int *value, int *ante) {
    if (!sp->pool) { *value = 1; *ante = 0; return; }
    int looed = 0;
    if (prev)
        for (int p = 0; p < sp->players; p++)
            if ((prev->status[p] == LS_STOOD || prev->status[p] == LS_MISSED) && !prev->won[p]) looed++;
    if (looed) { *value = looed; *ante = 0; }
    else { *value = 1; *ante = 1; }
}

/* One hand of a match dealt from the stream (Match._deal_hand): the deal, then the first
 * shaker or decider drawn (rules.draw_for_lead) for a match's first hand, else the seat left of
 * the last. */
static void t_deal_hand(const TSpec *sp, TState *s, const TState *prev, Rng *rng, const double *totals) {
    int value = 1, ante = 0;
    if (sp->family == TF_LOO) lo_context(sp, prev, &value, &ante);
    t_deal(sp, s, rng);
    int leader = prev ? (prev->leader + 1) % sp->players : rng_below(rng, sp->players);
    t_start(sp, s, leader, totals, value, ante);
}

/* ---------------------------------------------------------------- the agents */

/* The built-in agents (boneyard.players.agents), by index into the legal ids: random draws one;
 * greedy and counting (nothing scores at once in a trick game) the first play of the heaviest
 * tile, else the first action; accompanied the tile whose numbers the hand holds most of. */
static int t_choose(const TSpec *sp, const TState *s, const int16_t *ids, int n, int agent, Rng *rng) {
    if (agent == AG_RANDOM) return n > 1 ? (int)(rng_random(rng) * n) : 0;
    int best = 0, best_key = -1;
    uint32_t hand = s->hands[s->turn];
    for (int k = 0; k < n; k++) {
        int id = ids[k];
        if (id >= 2 * T_TILES) continue;
        int t = id >> 1, key = T_PIPS[t] * 16 + T_HIGH[t];
        if (agent == AG_ACCOMPANIED) {
            uint32_t others = hand & ~TBIT(t);
            key += t_popc(others & (T_SUIT[(int)T_HIGH[t]] | T_SUIT[(int)T_LOW[t]])) * 4096;
        }
        if (key > best_key) { best_key = key; best = k; }
    }
    return best;
}

/* Play the hand in s to its end: a forced action taken, the others chosen by the seat's agent. */
static void t_play_out(const TSpec *sp, TState *s, const int *agents, Rng *rng) {
    int16_t ids[T_MAX_MOVES];
    while (!s->over) {
        int n = t_legal(sp, s, ids);
        int k = n == 1 ? 0 : t_choose(sp, s, ids, n, agents[s->turn], rng);
        t_step(sp, s, ids[k]);
    }
}

/* ---------------------------------------------------------------- whole units */

static const char *const T_ENDED[] = {"", "made", "set", "reshake", "tricks", "uncontested"};

/* GameRules.match_end for the trick games: a target (the highest at or past it, alone), or
 * Loo's pool (the most after the rounds, alone). */
static int t_match_over(const TSpec *sp, const double *totals, int played, int *winner) {
    int nsides = sp->nsides;
    *winner = -1;
    if (sp->match_end == TM_ROUNDS_HIGH) {
        if (played < sp->rounds) return 0;
        double best = totals[0];
        for (int i = 1; i < nsides; i++) if (totals[i] > best) best = totals[i];
        int count = 0, who = -1;
        for (int i = 0; i < nsides; i++) if (totals[i] == best) { if (!count++) who = i; }
        *winner = count == 1 ? who : -1;
        return 1;
    }
    int reached = 0;
    double best = 0;
    for (int i = 0; i < nsides; i++)
        if (totals[i] >= sp->target_score && (!reached++ || totals[i] > best)) best = totals[i];
    if (!reached) return 0;
    int count = 0, who = -1;
    for (int i = 0; i < nsides; i++)
        if (totals[i] >= sp->target_score && totals[i] == best) { if (!count++) who = i; }
    if (count == 1) *winner = who;
    return count == 1;
}

typedef struct {
    double points[T_PLAYERS];
    int winner, leader, ended, moves;
} THandLine;

static void t_buf_line(Buf *b, const TSpec *sp, long long unit, int hand, int of, uint64_t seed,
                       const char *agents_json, const THandLine *h) {
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
    buf_str(b, ",\"ended\":\"");
    buf_str(b, T_ENDED[h->ended]);
    buf_str(b, "\",\"blocked\":false,\"moves\":");
    buf_int(b, h->moves);
}

/* Play units [first, stop) of a simulation seeded `base`, as run_units in playout.h. Returns -1 -
 * unit for a match still going after max_match_hands hands, -2 - unit when out of memory. */
static long long t_run_units(const TSpec *sp, const int *agents, uint64_t base, long long first, long long stop,
                             int whole_match, int max_match_hands, Buf *text, const char *agents_json,
                             Tally *tally) {
    TState s, prev;
    THandLine lines_static[16];
    THandLine *lines = lines_static;
    int lines_cap = 16;
    for (long long unit = first; unit < stop; unit++) {
        uint64_t seed = substream(base, (uint64_t)unit);
        Rng rng = {seed};
        double totals[T_PLAYERS] = {0};
        int nlines = 0, winner = -1;
        for (;;) {
            t_deal_hand(sp, &s, nlines ? &prev : NULL, &rng, totals);
            t_play_out(sp, &s, agents, &rng);
            if (nlines == lines_cap) {
                THandLine *grown = (THandLine *)malloc(sizeof(THandLine) * lines_cap * 2);
                if (!grown) { if (lines != lines_static) free(lines); return -2 - unit; }
                memcpy(grown, lines, sizeof(THandLine) * lines_cap);
                if (lines != lines_static) free(lines);
                lines = grown;
                lines_cap *= 2;
            }
            THandLine *h = &lines[nlines++];
            for (int i = 0; i < sp->nsides; i++) h->points[i] = s.points[i];
            h->winner = s.winner;
            h->leader = s.leader;
            h->ended = s.ended;
            h->moves = s.moves;
            if (!whole_match) break;
            for (int i = 0; i < sp->nsides; i++) totals[i] += s.points[i];
            if (t_match_over(sp, totals, nlines, &winner)) break;
            if (nlines >= max_match_hands) {
                if (lines != lines_static) free(lines);
                return -1 - unit;
            }
            prev = s;
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
                t_buf_line(text, sp, unit, k, nlines, seed, agents_json, &lines[k]);
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

#endif
