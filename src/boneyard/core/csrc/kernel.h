/* The compiled core of boneyard: shared types, the rules as data (Spec), the random stream.
 *
 * The engine itself (engine.h: a hand's legal moves, apply, the end of a hand; playouts; the
 * solver) is written once over a mask type and included twice by module.c: with 64-bit hands
 * for the double-six and double-nine sets, with 128-bit hands for double-twelve.
 *
 * Everything here mirrors the pure-Python engine (boneyard.games.line.state, boneyard.games), which stays
 * the reference: tests/kernel/ plays thousands of hands through both and compares them move for
 * move. The rules reach the core as data (boneyard.core.kernel_spec.KernelSpec, built by each game's
 * LineRules.kernel_spec()); see docs/architecture.md.
 */
#ifndef BONEYARD_KERNEL_H
#define BONEYARD_KERNEL_H

#include <stdint.h>
#include <string.h>

typedef unsigned __int128 u128;

#define MAX_PLAYERS 8
#define MAX_SIDES 8
#define MAX_TILES 91
#define MAX_PIP 12
#define MAX_ENDS 40
#define MAX_MOVES 2048
/* Moves a search node keeps (the candidates: claims collapsed). */
#define MAX_CAND 512
#define MAX_CLAIMS 64
#define MAX_COUNT 1024
/* An end where a crosswise matador a-b shows both halves has the code BOTH + 16*a + b. */
#define BOTH 100
#define MAX_CODES (BOTH + 16 * (MAX_PIP + 1))

/* End kinds (boneyard.core.layout). */
enum { K_LONG = 0, K_SHORT = 1, K_MARKED = 2 };

/* End names: codes for the strings of boneyard.core.layout (see kernel.py END_NAMES). */
enum {
    N_L = 0, N_R = 1, N_U = 2, N_D = 3,
    N_SPIN = 4,            /* 4 + 2n: "nU", 5 + 2n: "nD" for the spinner n-n */
    N_TRAIN = 4 + 2 * 13,  /* 30 + s: "Ts" */
    N_MEXICAN = N_TRAIN + MAX_PLAYERS, /* "M" */
    N_LU, N_LD, N_RU, N_RD
};

/* Table families: how tiles are laid and which ends are open to whom. */
enum { T_LINE = 0, T_MATADOR = 1, T_TRAINS = 2, T_CHICKEN = 3 };
enum { DRAW_NONE = 0, DRAW_UNTIL_PLAYABLE = 1, DRAW_ONE_THEN_PASS = 2 };
enum {
    LEAD_HIGHEST_DOUBLE = 0, LEAD_LOWEST_DOUBLE, LEAD_HOLDER_OF, LEAD_DRAW_HIGHEST,
    LEAD_DRAW_DOUBLES_FIRST, LEAD_DRAW_LOWEST, LEAD_RANDOM, LEAD_WHIST_DRAW, LEAD_ENGINE
};
enum { NODOUBLE_HEAVIEST = 0, NODOUBLE_REDEAL, NODOUBLE_DRAW_UNTIL_FOUND };
enum {
    NEXT_ALTERNATE = 0, NEXT_ROTATE_LEFT, NEXT_ROTATE_RIGHT, NEXT_WINNER, NEXT_SAME_AS_FIRST,
    NEXT_NONE
};
enum { SPIN_NONE = 0, SPIN_FIRST_DOUBLE, SPIN_ALL_DOUBLES, SPIN_OPENING_DOUBLE };
enum { PLAYSCORE_NONE = 0, PLAYSCORE_COUNT, PLAYSCORE_HEADERS };
enum { RESULT_LINE = 0, RESULT_DEBIT, RESULT_POOL, RESULT_COSTS };
enum { WINNER_LOWEST_TOTAL = 0, WINNER_LOWEST_PLAYER, WINNER_BLOCKER_VS_NEXT, WINNER_BLOCKER_VS_PREVIOUS };
enum { CAPICUA_NONE = 0, CAPICUA_DOUBLE, CAPICUA_FIXED };
enum { DP_PIPS = 0, DP_FIXED, DP_NONE };
enum { PARTNER_IGNORE = 0, PARTNER_INCLUDE, PARTNER_SUBTRACT };
enum {
    BS_DIFFERENCE_TOTAL = 0, BS_DIFFERENCE_EACH, BS_OPPONENTS, BS_COMBINED, BS_CASCADE, BS_FIXED
};
enum { TIE_NO_SCORE = 0, TIE_SPLIT, TIE_LIGHTEST_TILE, TIE_LAST_TO_PLAY, TIE_FEWEST_DOUBLES };
enum { DEBIT_HIGHEST_SIDE = 0, DEBIT_SIDE_ALL_PIPS, DEBIT_HOLDER_OWN };
enum { MATCH_TARGET = 0, MATCH_LOSS_TARGET, MATCH_ROUNDS_HIGH, MATCH_ROUNDS_LOW };
enum { DOUBLES_LOSE_OFF = 0, DOUBLES_LOSE_ALL_PIPS, DOUBLES_LOSE_NON_DOUBLE_PIPS };

/* Moves. */
enum { MV_PLAY = 0, MV_DRAW = 1, MV_PASS = 2, MV_MUGGINS = 3 };
typedef struct {
    uint8_t kind;
    uint8_t tile;
    int8_t end;    /* the end's index in the layout; -1 for the lead */
    uint8_t pad;
    int16_t open;  /* the exposed pip chosen (Play.open); -1 for None */
    int16_t claim; /* Play.claim, or a muggins call's points; -1 for None */
} Move;

/* The resolved rules of one match, as data. */
typedef struct {
    int table;
    int max_pip, ntiles;
    int players, nsides;
    int side_of[MAX_PLAYERS];
    int side_size[MAX_SIDES];
    int side_seats[MAX_SIDES][MAX_PLAYERS];
    int hand_size, reserve;
    int draw, voluntary_draw;
    int first_lead, lead_holder_of, lead_tile_any, no_double, next_lead, turn_ccw;
    int spinner, short_open, fill_first, turn_after_double;
    u128 end_mask[MAX_CODES];
    int nend_mask;
    u128 matadors;
    int matador_optional, matador_crosswise, match_sum;
    int play_scoring;
    int count_points[MAX_COUNT];
    int double_factor, spinner_until_ends_covered, doubles_crosswise, lead_scores;
    int header_cap;
    int claims, nclaims, claim_values[MAX_CLAIMS], false_claim_penalty;
    int hand_value[MAX_TILES];
    int result;
    int domino_points, domino_fixed, round_unit, round_per_multiple, round_per_opponent;
    int partner_pips, count_stock_pips;
    int blocked_scoring, blocked_fixed, blocked_tie, blocked_doubles_lose;
    int early_block_detection, both_partners_out;
    int target_exact, target_score;
    int whist_debit, target_is_loss;
    int match_end, rounds;
    int start_sides; /* Chicken Foot: the sides of the starting double (4 or 6) */
    /* The Caribbean partnership bonuses (LineRules._read_bonuses). */
    int block_winner, capicua, capicua_fixed, capicua_either, double_blank_bonus;
    int pass_bonus, opening_pass_bonus, opening_pass_bonus_double;
    double utility_sign[MAX_SIDES];
    double pip_weight;
    int scores_shape_future;
    /* Derived once. */
    int can_draw;
    int wide; /* 128-bit hands (double-twelve) */
} Spec;

/* Per-tile tables for every tile up to double-twelve (boneyard.core.tiles). */
static int8_t T_HIGH[MAX_TILES], T_LOW[MAX_TILES], T_PIPS[MAX_TILES], T_DOUBLE[MAX_TILES];

static void tiles_init(void) {
    int t = 0;
    for (int a = 0; a <= MAX_PIP; a++)
        for (int b = 0; b <= a; b++, t++) {
            T_HIGH[t] = (int8_t)a;
            T_LOW[t] = (int8_t)b;
            T_PIPS[t] = (int8_t)(a + b);
            T_DOUBLE[t] = (int8_t)(a == b);
        }
}

static inline int tile_of(int a, int b) {
    if (a < b) { int x = a; a = b; b = x; }
    return a * (a + 1) / 2 + b;
}

/* ---------------------------------------------------------------- the random stream
 * SplitMix64 (Steele, Lea, Flood 2014), as boneyard.core.stream.Stream implements it in Python: the
 * state advances by the golden gamma and each output is the state mixed. */
#define GAMMA 0x9E3779B97F4A7C15ULL

static inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

typedef struct { uint64_t state; } Rng;

static inline uint64_t rng_next(Rng *r) {
    r->state += GAMMA;
    return mix64(r->state);
}

/* random(): 53 random bits as a double in [0, 1). */
static inline double rng_random(Rng *r) {
    return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* A uniform value in [0, n), as Stream._randbelow (boneyard/core/stream.py): with k the bit length
 * of n - 1, the top k bits of one output, drawn again until below n; nothing drawn for n <= 1.
 * Every n a uint64_t holds (n <= 2**64 - 1); rng_below_wide takes any n. */
static inline uint64_t rng_below64(Rng *r, uint64_t n) {
    if (n <= 1) return 0;
    int k = 64 - __builtin_clzll(n - 1);
    for (;;) {
        uint64_t x = rng_next(r) >> (64 - k);
        if (x < n) return x;
    }
}

/* A uniform int in [0, n) (what the core draws: swap partners, seats). */
static inline int rng_below(Rng *r, int n) {
    return n <= 1 ? 0 : (int)rng_below64(r, (uint64_t)n);
}

#define WIDE_LIMBS 64 /* rng_below_wide's largest n: 64 limbs, 4,096 bits */

/* A uniform value in [0, n) for n of any size, as Stream._randbelow: n is `len` 64-bit limbs, the
 * most significant first (1 <= len <= WIDE_LIMBS), and so is out (`len` limbs). With k the bit
 * length of n - 1 and w = ceil(k / 64): w outputs, the first the most significant, as one number
 * of 64 * w bits, its top k bits kept (Stream.getrandbits(k)), drawn again until below n. For
 * n <= 2**64 that is rng_below64's one output a try. Returns -1 for a len out of range. */
static inline int rng_below_wide(Rng *r, const uint64_t *n, int len, uint64_t *out) {
    if (len < 1 || len > WIDE_LIMBS) return -1;
    uint64_t m[WIDE_LIMBS]; /* n - 1 */
    uint64_t borrow = 1;
    for (int i = len - 1; i >= 0; i--) {
        m[i] = n[i] - borrow;
        borrow = borrow && n[i] == 0;
    }
    for (int i = 0; i < len; i++) out[i] = 0;
    if (borrow) return 0; /* n == 0: nothing drawn, as for n == 1 */
    int top = 0;          /* the first nonzero limb of n - 1 */
    while (top < len && m[top] == 0) top++;
    if (top == len) return 0; /* n == 1 */
    int k = (len - top - 1) * 64 + (64 - __builtin_clzll(m[top]));
    int w = (k + 63) / 64, s = 64 * w - k;
    uint64_t buf[WIDE_LIMBS], x[WIDE_LIMBS];
    for (;;) {
        for (int i = 0; i < w; i++) buf[i] = rng_next(r);
        for (int i = w - 1; i >= 0; i--) x[i] = (buf[i] >> s) | (s && i > 0 ? buf[i - 1] << (64 - s) : 0);
        /* x (w limbs) against n (len limbs, len >= w): n's limbs above x's first are not all 0
         * only where n >= 2**(64 * w), which any x is below. */
        int below = 0, decided = 0;
        for (int i = 0; i < len - w && !decided; i++)
            if (n[i]) below = decided = 1;
        for (int i = 0; i < w && !decided; i++) {
            uint64_t a = x[i], b = n[len - w + i];
            if (a != b) { below = a < b; decided = 1; }
        }
        if (below) {
            for (int i = 0; i < w; i++) out[len - w + i] = x[i];
            return 0;
        }
    }
}

/* The seed of substream k of a stream seeded s (boneyard.core.stream.substream). */
static inline uint64_t substream(uint64_t s, uint64_t k) {
    return mix64(s + (k + 1) * GAMMA);
}

#endif
