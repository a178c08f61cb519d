/* boneyard.core._kernel: the compiled core's Python objects. The typed Python face is
 * boneyard/core/kernel.py; this module is its private half.
 *
 *   Spec(fields)                   the rules as data (kernel.py builds the dict from a KernelSpec)
 *   Hand(spec, state)              one hand: legal(), apply(move), undo(), copy(), view(),
 *                                  points_of_play(move), choose(agent, stream_state)
 *   Solver(spec, side)             solve(hand, max_nodes, deadline), action_value(...),
 *                                  action_values(hand), clear()
 *   run_units(...)                 a simulation's units: results lines and their tally
 *   play_hand(...)                 one hand dealt and played by built-in agents
 *   stream(seed, n)                the random stream's first n outputs (for tests)
 *   TrickSpec, TrickHand, TrickSolver, trick_run_units, trick_play_hand: the same for the trick
 *                                  games (tbind.h), a move being its research action id
 *
 * A move is a tuple (kind, tile, end, open, claim), -1 for "none" (see kernel.h).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "kernel.h"

#define W 64
#include "engine.h"
#include "solver.h"
#include "playout.h"
#include "bind.h"
#undef MASK
#undef F
#undef W

#define W 128
#include "engine.h"
#include "solver.h"
#include "playout.h"
#include "bind.h"

/* The trick games (one width: the double-six set in 32-bit hands). */
#include "tricks.h"
#include "tsolver.h"

static void buf_number(Buf *b, double x) {
    if (x == floor(x) && fabs(x) < 9e15) {
        buf_int(b, (long long)x);
        return;
    }
    char *text = PyOS_double_to_string(x, 'r', 0, 0, NULL);
    if (!text) { b->failed = 1; return; }
    buf_str(b, text);
    PyMem_Free(text);
}

/* ================================================================ Spec */

typedef struct {
    PyObject_HEAD
    Spec spec;
    Masks_64 mk64;
    Masks_128 mk128;
} SpecObject;

static int get_int(PyObject *d, const char *key, int *out) {
    PyObject *v = PyDict_GetItemString(d, key);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "kernel spec: no field %s", key);
        return -1;
    }
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    *out = (int)x;
    return 0;
}

static int get_double(PyObject *d, const char *key, double *out) {
    PyObject *v = PyDict_GetItemString(d, key);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "kernel spec: no field %s", key);
        return -1;
    }
    *out = PyFloat_AsDouble(v);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *get_list(PyObject *d, const char *key, Py_ssize_t max) {
    PyObject *v = PyDict_GetItemString(d, key);
    if (!v || !PyList_Check(v) || PyList_GET_SIZE(v) > max) {
        PyErr_Format(PyExc_ValueError, "kernel spec: %s is not a list of at most %zd", key, max);
        return NULL;
    }
    return v;
}

static int get_mask(PyObject *pair, u128 *out) {
    if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
        PyErr_SetString(PyExc_TypeError, "a mask is a (low, high) pair");
        return -1;
    }
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(PyTuple_GET_ITEM(pair, 0));
    unsigned long long hi = PyLong_AsUnsignedLongLongMask(PyTuple_GET_ITEM(pair, 1));
    if (PyErr_Occurred()) return -1;
    *out = ((u128)hi << 64) | lo;
    return 0;
}

#define INT_FIELD(name) if (get_int(d, #name, &sp->name) < 0) return -1
static int spec_parse(Spec *sp, PyObject *d) {
    memset(sp, 0, sizeof *sp);
    INT_FIELD(table); INT_FIELD(max_pip); INT_FIELD(players); INT_FIELD(hand_size); INT_FIELD(reserve);
    INT_FIELD(draw); INT_FIELD(voluntary_draw); INT_FIELD(first_lead); INT_FIELD(lead_holder_of);
    INT_FIELD(lead_tile_any); INT_FIELD(no_double); INT_FIELD(next_lead); INT_FIELD(turn_ccw);
    INT_FIELD(spinner); INT_FIELD(short_open); INT_FIELD(fill_first); INT_FIELD(turn_after_double);
    INT_FIELD(matador_optional); INT_FIELD(matador_crosswise); INT_FIELD(match_sum);
    INT_FIELD(play_scoring); INT_FIELD(double_factor); INT_FIELD(spinner_until_ends_covered);
    INT_FIELD(doubles_crosswise); INT_FIELD(lead_scores); INT_FIELD(header_cap); INT_FIELD(claims);
    INT_FIELD(false_claim_penalty); INT_FIELD(result); INT_FIELD(domino_points); INT_FIELD(domino_fixed);
    INT_FIELD(round_unit); INT_FIELD(round_per_multiple); INT_FIELD(round_per_opponent);
    INT_FIELD(partner_pips); INT_FIELD(count_stock_pips); INT_FIELD(blocked_scoring); INT_FIELD(blocked_fixed);
    INT_FIELD(blocked_tie); INT_FIELD(blocked_doubles_lose); INT_FIELD(early_block_detection);
    INT_FIELD(both_partners_out); INT_FIELD(target_exact); INT_FIELD(target_score); INT_FIELD(whist_debit);
    INT_FIELD(target_is_loss); INT_FIELD(match_end); INT_FIELD(rounds); INT_FIELD(start_sides);
    INT_FIELD(scores_shape_future);
    INT_FIELD(block_winner); INT_FIELD(capicua); INT_FIELD(capicua_fixed); INT_FIELD(capicua_either);
    INT_FIELD(double_blank_bonus); INT_FIELD(pass_bonus); INT_FIELD(opening_pass_bonus);
    INT_FIELD(opening_pass_bonus_double);
    if (get_double(d, "pip_weight", &sp->pip_weight) < 0) return -1;
    if (sp->max_pip < 1 || sp->max_pip > MAX_PIP || sp->players < 2 || sp->players > MAX_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: the set or the players are out of range");
        return -1;
    }
    sp->ntiles = (sp->max_pip + 1) * (sp->max_pip + 2) / 2;
    sp->wide = sp->ntiles > 64;
    sp->can_draw = sp->draw != DRAW_NONE;
    PyObject *side_of = get_list(d, "side_of", MAX_PLAYERS);
    if (!side_of) return -1;
    if (PyList_GET_SIZE(side_of) != sp->players) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: side_of has one side per seat");
        return -1;
    }
    sp->nsides = 0;
    for (int p = 0; p < sp->players; p++) {
        long side = PyLong_AsLong(PyList_GET_ITEM(side_of, p));
        if (side < 0 || side >= MAX_SIDES) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kernel spec: a side out of range");
            return -1;
        }
        sp->side_of[p] = (int)side;
        sp->side_seats[side][sp->side_size[side]++] = p;
        if (side + 1 > sp->nsides) sp->nsides = (int)side + 1;
    }
    PyObject *masks = get_list(d, "end_mask", MAX_CODES);
    if (!masks) return -1;
    sp->nend_mask = (int)PyList_GET_SIZE(masks);
    for (int c = 0; c < sp->nend_mask; c++)
        if (get_mask(PyList_GET_ITEM(masks, c), &sp->end_mask[c]) < 0) return -1;
    PyObject *matadors = PyDict_GetItemString(d, "matadors");
    if (!matadors || get_mask(matadors, &sp->matadors) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "kernel spec: no field matadors");
        return -1;
    }
    PyObject *points = get_list(d, "count_points", MAX_COUNT);
    if (!points) return -1;
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(points); k++)
        sp->count_points[k] = (int)PyLong_AsLong(PyList_GET_ITEM(points, k));
    PyObject *claims = get_list(d, "claim_values", MAX_CLAIMS);
    if (!claims) return -1;
    sp->nclaims = (int)PyList_GET_SIZE(claims);
    for (int k = 0; k < sp->nclaims; k++) sp->claim_values[k] = (int)PyLong_AsLong(PyList_GET_ITEM(claims, k));
    PyObject *values = get_list(d, "hand_value", MAX_TILES);
    if (!values) return -1;
    if (PyList_GET_SIZE(values) != sp->ntiles) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: hand_value has one value per tile");
        return -1;
    }
    for (int t = 0; t < sp->ntiles; t++) sp->hand_value[t] = (int)PyLong_AsLong(PyList_GET_ITEM(values, t));
    PyObject *signs = get_list(d, "utility_sign", MAX_SIDES);
    if (!signs) return -1;
    if (PyList_GET_SIZE(signs) != sp->nsides) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: utility_sign has one sign per side");
        return -1;
    }
    for (int i = 0; i < sp->nsides; i++) sp->utility_sign[i] = PyFloat_AsDouble(PyList_GET_ITEM(signs, i));
    if (PyErr_Occurred()) return -1;
    if (sp->players * sp->hand_size > sp->ntiles) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: more tiles dealt than the set holds");
        return -1;
    }
    return 0;
}

static int Spec_init(SpecObject *self, PyObject *args, PyObject *kwds) {
    PyObject *d;
    if (!PyArg_ParseTuple(args, "O!", &PyDict_Type, &d)) return -1;
    if (spec_parse(&self->spec, d) < 0) return -1;
    masks_init_64(&self->spec, &self->mk64);
    masks_init_128(&self->spec, &self->mk128);
    return 0;
}

static PyObject *Spec_get_wide(SpecObject *self, void *closure) { return PyBool_FromLong(self->spec.wide); }

static PyGetSetDef Spec_getset[] = {
    {"wide", (getter)Spec_get_wide, NULL, "Whether hands need 128-bit masks (double-twelve).", NULL},
    {NULL},
};

static PyTypeObject SpecType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "boneyard.core._kernel.Spec",
    .tp_basicsize = sizeof(SpecObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Spec_init,
    .tp_getset = Spec_getset,
    .tp_doc = "The rules of a match as data (see boneyard.core.kernel).",
};

/* ================================================================ moves */

static PyObject *move_to(Move m) {
    return Py_BuildValue("(iiiii)", m.kind, m.tile, m.end, m.open, m.claim);
}

static int move_from(PyObject *o, Move *m) {
    int kind, tile, end, open, claim;
    if (!PyArg_ParseTuple(o, "iiiii", &kind, &tile, &end, &open, &claim)) return -1;
    *m = mv(kind, tile, end, open, claim);
    return 0;
}

static PyObject *moves_to(const Move *moves, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int k = 0; k < n; k++) {
        PyObject *t = move_to(moves[k]);
        if (!t) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, k, t);
    }
    return out;
}

/* ================================================================ Hand */

typedef struct {
    PyObject_HEAD
    SpecObject *spec;
    union { State_64 s64; State_128 s128; } st;
    union { HandData_64 h64; HandData_128 h128; } hd;
    void *stack; /* states before each apply, for undo */
    int depth, cap;
} HandObject;

static PyTypeObject HandType;

static size_t state_size(const Spec *sp) { return sp->wide ? sizeof(State_128) : sizeof(State_64); }

static void hand_repoint(HandObject *h) {
    if (h->spec->spec.wide) h->st.s128.hd = &h->hd.h128;
    else h->st.s64.hd = &h->hd.h64;
}

static int Hand_init(HandObject *self, PyObject *args, PyObject *kwds) {
    SpecObject *spec;
    PyObject *data;
    if (!PyArg_ParseTuple(args, "O!O!", &SpecType, &spec, &PyTuple_Type, &data)) return -1;
    Py_INCREF(spec);
    Py_XSETREF(self->spec, spec);
    const Spec *sp = &spec->spec;
    int rc = sp->wide ? state_from_128(sp, data, &self->st.s128, &self->hd.h128)
                      : state_from_64(sp, data, &self->st.s64, &self->hd.h64);
    if (rc < 0) return -1;
    hand_repoint(self);
    self->depth = 0;
    return 0;
}

static void Hand_dealloc(HandObject *self) {
    Py_XDECREF(self->spec);
    free(self->stack);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int hand_legal(HandObject *self, Move *out) {
    const Spec *sp = &self->spec->spec;
    if (sp->wide) {
        Ctx_128 c = {sp, &self->spec->mk128};
        return legal_128(&c, &self->st.s128, out);
    }
    Ctx_64 c = {sp, &self->spec->mk64};
    return legal_64(&c, &self->st.s64, out);
}

static PyObject *Hand_legal(HandObject *self, PyObject *unused) {
    Move moves[MAX_MOVES];
    int n = hand_legal(self, moves);
    return moves_to(moves, n);
}

static PyObject *Hand_apply(HandObject *self, PyObject *arg) {
    Move m, moves[MAX_MOVES];
    if (move_from(arg, &m) < 0) return NULL;
    int n = hand_legal(self, moves), found = 0;
    for (int k = 0; k < n && !found; k++) found = same_move(moves[k], m);
    if (!found) {
        PyErr_SetString(PyExc_ValueError, "not a legal move of this hand now");
        return NULL;
    }
    const Spec *sp = &self->spec->spec;
    size_t size = state_size(sp);
    if (self->depth == self->cap) {
        int cap = self->cap ? self->cap * 2 : 64;
        void *stack = realloc(self->stack, size * cap);
        if (!stack) return PyErr_NoMemory();
        self->stack = stack;
        self->cap = cap;
    }
    memcpy((char *)self->stack + size * self->depth++, &self->st, size);
    if (sp->wide) {
        Ctx_128 c = {sp, &self->spec->mk128};
        apply_128(&c, &self->st.s128, m);
    } else {
        Ctx_64 c = {sp, &self->spec->mk64};
        apply_64(&c, &self->st.s64, m);
    }
    Py_RETURN_NONE;
}

static PyObject *Hand_undo(HandObject *self, PyObject *unused) {
    if (!self->depth) {
        PyErr_SetString(PyExc_ValueError, "nothing to undo");
        return NULL;
    }
    size_t size = state_size(&self->spec->spec);
    memcpy(&self->st, (char *)self->stack + size * --self->depth, size);
    Py_RETURN_NONE;
}

static PyObject *Hand_copy(HandObject *self, PyObject *unused) {
    HandObject *c = (HandObject *)HandType.tp_alloc(&HandType, 0);
    if (!c) return NULL;
    Py_INCREF(self->spec);
    c->spec = self->spec;
    c->st = self->st;
    c->hd = self->hd;
    hand_repoint(c);
    return (PyObject *)c;
}

static PyObject *Hand_view(HandObject *self, PyObject *unused) {
    const Spec *sp = &self->spec->spec;
    return sp->wide ? state_view_128(sp, &self->st.s128) : state_view_64(sp, &self->st.s64);
}

static PyObject *Hand_points_of_play(HandObject *self, PyObject *arg) {
    Move m;
    if (move_from(arg, &m) < 0) return NULL;
    const Spec *sp = &self->spec->spec;
    if (sp->wide) {
        Ctx_128 c = {sp, &self->spec->mk128};
        return PyLong_FromLong(points_of_play_128(&c, &self->st.s128, m));
    }
    Ctx_64 c = {sp, &self->spec->mk64};
    return PyLong_FromLong(points_of_play_64(&c, &self->st.s64, m));
}

/* choose(agent, stream state) -> (index into legal(), the stream's state after). */
static PyObject *Hand_choose(HandObject *self, PyObject *args) {
    int agent;
    unsigned long long state;
    if (!PyArg_ParseTuple(args, "iK", &agent, &state)) return NULL;
    Move moves[MAX_MOVES];
    int n = hand_legal(self, moves);
    if (!n) {
        PyErr_SetString(PyExc_ValueError, "the hand is over");
        return NULL;
    }
    Rng rng = {state};
    const Spec *sp = &self->spec->spec;
    int k;
    if (sp->wide) {
        Ctx_128 c = {sp, &self->spec->mk128};
        k = choose_128(&c, &self->st.s128, moves, n, agent, &rng);
    } else {
        Ctx_64 c = {sp, &self->spec->mk64};
        k = choose_64(&c, &self->st.s64, moves, n, agent, &rng);
    }
    return Py_BuildValue("(iK)", k, (unsigned long long)rng.state);
}

static PyMethodDef Hand_methods[] = {
    {"legal", (PyCFunction)Hand_legal, METH_NOARGS, "The legal moves, in the engine's order."},
    {"apply", (PyCFunction)Hand_apply, METH_O, "Take a legal move."},
    {"undo", (PyCFunction)Hand_undo, METH_NOARGS, "Take back the last move applied."},
    {"copy", (PyCFunction)Hand_copy, METH_NOARGS, "An independent copy (without the undo history)."},
    {"view", (PyCFunction)Hand_view, METH_NOARGS, "The state as a dict."},
    {"points_of_play", (PyCFunction)Hand_points_of_play, METH_O, "What a play would score now."},
    {"choose", (PyCFunction)Hand_choose, METH_VARARGS, "A built-in agent's choice."},
    {NULL},
};

static PyTypeObject HandType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "boneyard.core._kernel.Hand",
    .tp_basicsize = sizeof(HandObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Hand_init,
    .tp_dealloc = (destructor)Hand_dealloc,
    .tp_methods = Hand_methods,
    .tp_doc = "One hand in the compiled core.",
};

/* ================================================================ Solver */

typedef struct {
    PyObject_HEAD
    SpecObject *spec;
    void *solver; /* Solver_64 or Solver_128 */
} SolverObject;

static int Solver_init(SolverObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"spec", "side", "use_table", "ordering", "max_slots", NULL};
    SpecObject *spec;
    int side, use_table = 1, ordering = 1;
    unsigned long long max_slots = 1ULL << 21;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!i|ppK", kwlist, &SpecType, &spec, &side, &use_table, &ordering,
                                     &max_slots))
        return -1;
    if (side < 0 || side >= spec->spec.nsides) {
        PyErr_Format(PyExc_ValueError, "no side %d: the sides are 0 to %d", side, spec->spec.nsides - 1);
        return -1;
    }
    Py_INCREF(spec);
    Py_XSETREF(self->spec, spec);
    const Spec *sp = &spec->spec;
    if (sp->wide) {
        Solver_128 *sv = (Solver_128 *)malloc(sizeof(Solver_128));
        if (!sv || solver_init_128(sv, sp, &spec->mk128, side, max_slots) < 0) { free(sv); PyErr_NoMemory(); return -1; }
        sv->use_table = use_table;
        sv->ordering = ordering;
        self->solver = sv;
    } else {
        Solver_64 *sv = (Solver_64 *)malloc(sizeof(Solver_64));
        if (!sv || solver_init_64(sv, sp, &spec->mk64, side, max_slots) < 0) { free(sv); PyErr_NoMemory(); return -1; }
        sv->use_table = use_table;
        sv->ordering = ordering;
        self->solver = sv;
    }
    return 0;
}

static void Solver_dealloc(SolverObject *self) {
    if (self->solver) {
        if (self->spec->spec.wide) solver_free_128((Solver_128 *)self->solver);
        else solver_free_64((Solver_64 *)self->solver);
        free(self->solver);
    }
    Py_XDECREF(self->spec);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int solver_hand(SolverObject *self, PyObject *hand) {
    if (!PyObject_TypeCheck(hand, &HandType) || ((HandObject *)hand)->spec != self->spec) {
        PyErr_SetString(PyExc_TypeError, "a hand of this solver's rules");
        return -1;
    }
    return 0;
}

static PyObject *overflow_error(void) {
    PyErr_SetString(PyExc_OverflowError, "a position has more moves than the compiled solver holds");
    return NULL;
}

/* solve(hand, max_nodes=-1, deadline=-1.0) -> (value, move, nodes, complete) */
static PyObject *Solver_solve(SolverObject *self, PyObject *args) {
    PyObject *hand;
    long long max_nodes = -1;
    double deadline = -1;
    if (!PyArg_ParseTuple(args, "O|Ld", &hand, &max_nodes, &deadline)) return NULL;
    if (solver_hand(self, hand) < 0) return NULL;
    HandObject *h = (HandObject *)hand;
    double value;
    Move best;
    int complete;
    long long nodes;
    int overflow;
    if (self->spec->spec.wide) {
        Solver_128 *sv = (Solver_128 *)self->solver;
        if (h->st.s128.over) return Py_BuildValue("(dOiO)", 0.0, Py_None, 0, Py_True);
        sv->overflow = 0;
        complete = solve_128(sv, &h->st.s128, max_nodes, deadline, &value, &best);
        nodes = sv->nodes;
        overflow = sv->overflow;
    } else {
        Solver_64 *sv = (Solver_64 *)self->solver;
        if (h->st.s64.over) return Py_BuildValue("(dOiO)", 0.0, Py_None, 0, Py_True);
        sv->overflow = 0;
        complete = solve_64(sv, &h->st.s64, max_nodes, deadline, &value, &best);
        nodes = sv->nodes;
        overflow = sv->overflow;
    }
    if (overflow) return overflow_error();
    return Py_BuildValue("(dNLO)", value, move_to(best), nodes, complete ? Py_True : Py_False);
}

/* action_value(hand, move, max_nodes=-1, deadline=-1.0) -> value */
static PyObject *Solver_action_value(SolverObject *self, PyObject *args) {
    PyObject *hand, *move;
    long long max_nodes = -1;
    double deadline = -1;
    if (!PyArg_ParseTuple(args, "OO|Ld", &hand, &move, &max_nodes, &deadline)) return NULL;
    if (solver_hand(self, hand) < 0) return NULL;
    Move m, moves[MAX_MOVES];
    if (move_from(move, &m) < 0) return NULL;
    HandObject *h = (HandObject *)hand;
    int n = hand_legal(h, moves), found = 0;
    for (int k = 0; k < n && !found; k++) found = same_move(moves[k], m);
    if (!found) {
        PyErr_SetString(PyExc_ValueError, "not a legal move of this hand now");
        return NULL;
    }
    double v;
    int overflow;
    if (self->spec->spec.wide) {
        Solver_128 *sv = (Solver_128 *)self->solver;
        sv->overflow = 0;
        v = action_value_128(sv, &h->st.s128, m, max_nodes, deadline, 0);
        overflow = sv->overflow;
    } else {
        Solver_64 *sv = (Solver_64 *)self->solver;
        sv->overflow = 0;
        v = action_value_64(sv, &h->st.s64, m, max_nodes, deadline, 0);
        overflow = sv->overflow;
    }
    if (overflow) return overflow_error();
    return PyFloat_FromDouble(v);
}

/* action_values(hand) -> [(move, exact value)], the candidates in the engine's order */
static PyObject *Solver_action_values(SolverObject *self, PyObject *hand) {
    if (solver_hand(self, hand) < 0) return NULL;
    HandObject *h = (HandObject *)hand;
    Move moves[MAX_CAND];
    double values[MAX_CAND];
    int n, overflow;
    if (self->spec->spec.wide) {
        Solver_128 *sv = (Solver_128 *)self->solver;
        sv->overflow = 0;
        n = h->st.s128.over ? 0 : candidates_128(sv, &h->st.s128, moves);
        start_root_128(sv, &h->st.s128, -1, -1);
        for (int k = 0; k < n; k++) values[k] = action_value_128(sv, &h->st.s128, moves[k], -1, -1, 1);
        overflow = sv->overflow;
    } else {
        Solver_64 *sv = (Solver_64 *)self->solver;
        sv->overflow = 0;
        n = h->st.s64.over ? 0 : candidates_64(sv, &h->st.s64, moves);
        start_root_64(sv, &h->st.s64, -1, -1);
        for (int k = 0; k < n; k++) values[k] = action_value_64(sv, &h->st.s64, moves[k], -1, -1, 1);
        overflow = sv->overflow;
    }
    if (overflow) return overflow_error();
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int k = 0; k < n; k++) PyList_SET_ITEM(out, k, Py_BuildValue("(Nd)", move_to(moves[k]), values[k]));
    return out;
}

static PyObject *Solver_clear(SolverObject *self, PyObject *unused) {
    if (self->spec->spec.wide) {
        Solver_128 *sv = (Solver_128 *)self->solver;
        solver_clear_128(sv);
        sv->have_root = 0;
    } else {
        Solver_64 *sv = (Solver_64 *)self->solver;
        solver_clear_64(sv);
        sv->have_root = 0;
    }
    Py_RETURN_NONE;
}

static PyObject *Solver_get_nodes(SolverObject *self, void *closure) {
    long long n = self->spec->spec.wide ? ((Solver_128 *)self->solver)->nodes : ((Solver_64 *)self->solver)->nodes;
    return PyLong_FromLongLong(n);
}

static PyMethodDef Solver_methods[] = {
    {"solve", (PyCFunction)Solver_solve, METH_VARARGS, "solve(hand, max_nodes=-1, deadline=-1.0)"},
    {"action_value", (PyCFunction)Solver_action_value, METH_VARARGS,
     "action_value(hand, move, max_nodes=-1, deadline=-1.0)"},
    {"action_values", (PyCFunction)Solver_action_values, METH_O, "Every candidate's exact value."},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "Forget the table."},
    {NULL},
};

static PyGetSetDef Solver_getset[] = {
    {"nodes", (getter)Solver_get_nodes, NULL, "Positions visited by the last search.", NULL},
    {NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "boneyard.core._kernel.Solver",
    .tp_basicsize = sizeof(SolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
    .tp_doc = "The exact solver for one side of one set of rules.",
};

/* ================================================================ playouts */

static int agents_from(const Spec *sp, PyObject *seq, int *agents) {
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) != sp->players) {
        PyErr_SetString(PyExc_ValueError, "one agent per seat");
        return -1;
    }
    for (int p = 0; p < sp->players; p++) {
        long a = PyLong_AsLong(PyTuple_GET_ITEM(seq, p));
        if (a < AG_RANDOM || a > AG_ACCOMPANIED) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "not a built-in agent");
            return -1;
        }
        agents[p] = (int)a;
    }
    return 0;
}

static PyObject *fixed_to_fraction_pair(__int128 x) {
    /* (numerator, 2**64) as Python ints: the numerator as high and low halves joined. */
    int negative = x < 0;
    unsigned __int128 u = negative ? (unsigned __int128)(-x) : (unsigned __int128)x;
    PyObject *hi = PyLong_FromUnsignedLongLong((unsigned long long)(u >> 64));
    PyObject *lo = PyLong_FromUnsignedLongLong((unsigned long long)u);
    PyObject *shift = PyLong_FromLong(64), *up = NULL, *out = NULL;
    if (hi && lo && shift) up = PyNumber_Lshift(hi, shift);
    if (up) out = PyNumber_Or(up, lo);
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(shift);
    Py_XDECREF(up);
    if (out && negative) {
        PyObject *neg = PyNumber_Negative(out);
        Py_DECREF(out);
        out = neg;
    }
    return out;
}

/* run_units(spec, agents, base, first, stop, whole_match, agents_json or None, max_match_hands)
 *   -> (results text or None, (units, hands, ties, wins, points numerators over 2**64)) */
static PyObject *run_units(PyObject *module, PyObject *args) {
    SpecObject *spec;
    PyObject *agent_seq, *agents_json;
    unsigned long long base;
    long long first, stop;
    int whole_match, max_match_hands;
    if (!PyArg_ParseTuple(args, "O!OKLLpOi", &SpecType, &spec, &agent_seq, &base, &first, &stop, &whole_match,
                          &agents_json, &max_match_hands))
        return NULL;
    const Spec *sp = &spec->spec;
    int agents[MAX_PLAYERS];
    if (agents_from(sp, agent_seq, agents) < 0) return NULL;
    const char *json = NULL;
    if (agents_json != Py_None) {
        json = PyUnicode_AsUTF8(agents_json);
        if (!json) return NULL;
    }
    Buf text = {0};
    Tally tally;
    memset(&tally, 0, sizeof tally);
    long long rc;
    if (sp->wide) {
        Ctx_128 c = {sp, &spec->mk128};
        rc = run_units_128(&c, agents, base, first, stop, whole_match, max_match_hands, json ? &text : NULL, json,
                           &tally);
    } else {
        Ctx_64 c = {sp, &spec->mk64};
        rc = run_units_64(&c, agents, base, first, stop, whole_match, max_match_hands, json ? &text : NULL, json,
                          &tally);
    }
    if (rc < 0 || text.failed) {
        free(text.data);
        if (text.failed || rc <= -2) return PyErr_NoMemory();
        return Py_BuildValue("(sL)", "endless", -1 - rc);
    }
    PyObject *text_obj;
    if (json) text_obj = PyBytes_FromStringAndSize(text.data ? text.data : "", (Py_ssize_t)text.len);
    else {
        text_obj = Py_None;
        Py_INCREF(text_obj);
    }
    free(text.data);
    if (!text_obj) return NULL;
    PyObject *wins = PyList_New(sp->nsides), *points = PyList_New(sp->nsides);
    for (int i = 0; i < sp->nsides && wins && points; i++) {
        PyList_SET_ITEM(wins, i, PyLong_FromLongLong(tally.wins[i]));
        PyList_SET_ITEM(points, i, fixed_to_fraction_pair(tally.points[i]));
    }
    return Py_BuildValue("(N(LLLNN))", text_obj, tally.units, tally.hands, tally.ties, wins, points);
}

/* play_hand(spec, agents, deal_seed, agent_seed) -> (points, winner, leader, ended, moves): the
 * first hand of a match dealt from one stream, played with another (a tournament's rotation). */
static PyObject *play_hand(PyObject *module, PyObject *args) {
    SpecObject *spec;
    PyObject *agent_seq;
    unsigned long long deal_seed, agent_seed;
    if (!PyArg_ParseTuple(args, "O!OKK", &SpecType, &spec, &agent_seq, &deal_seed, &agent_seed)) return NULL;
    const Spec *sp = &spec->spec;
    int agents[MAX_PLAYERS];
    if (agents_from(sp, agent_seq, agents) < 0) return NULL;
    Rng deal_rng = {deal_seed}, agent_rng = {agent_seed};
    double zero[MAX_SIDES] = {0};
    double points[MAX_SIDES];
    int winner, leader, ended, moves;
    if (sp->wide) {
        Ctx_128 c = {sp, &spec->mk128};
        State_128 s;
        HandData_128 hd;
        deal_hand_128(&c, &s, &hd, &deal_rng, 0, -1, -1, zero);
        play_out_128(&c, &s, agents, &agent_rng);
        memcpy(points, s.points, sizeof points);
        winner = s.winner; leader = s.leader; ended = s.ended; moves = s.moves;
    } else {
        Ctx_64 c = {sp, &spec->mk64};
        State_64 s;
        HandData_64 hd;
        deal_hand_64(&c, &s, &hd, &deal_rng, 0, -1, -1, zero);
        play_out_64(&c, &s, agents, &agent_rng);
        memcpy(points, s.points, sizeof points);
        winner = s.winner; leader = s.leader; ended = s.ended; moves = s.moves;
    }
    PyObject *pts = PyTuple_New(sp->nsides);
    if (!pts) return NULL;
    for (int i = 0; i < sp->nsides; i++) PyTuple_SET_ITEM(pts, i, PyFloat_FromDouble(points[i]));
    return Py_BuildValue("(Niiii)", pts, winner, leader, ended, moves);
}

#include "tbind.h"

/* stream(seed, n) -> the first n 64-bit outputs of the stream seeded `seed`. */
static PyObject *stream(PyObject *module, PyObject *args) {
    unsigned long long seed;
    int n;
    if (!PyArg_ParseTuple(args, "Ki", &seed, &n)) return NULL;
    Rng r = {seed};
    PyObject *out = PyList_New(n < 0 ? 0 : n);
    for (int k = 0; k < n && out; k++) PyList_SET_ITEM(out, k, PyLong_FromUnsignedLongLong(rng_next(&r)));
    return out;
}

/* below(seed, n, count) -> (draws, state): `count` values below n drawn one after the other from
 * the stream seeded `seed` by rng_below_wide (n and each draw as tuples of 64-bit limbs, the most
 * significant first), and the stream's state after them: what Stream.randrange(n) draws. */
static PyObject *below(PyObject *module, PyObject *args) {
    unsigned long long seed;
    PyObject *limbs;
    int count;
    if (!PyArg_ParseTuple(args, "KO!i", &seed, &PyTuple_Type, &limbs, &count)) return NULL;
    Py_ssize_t len = PyTuple_GET_SIZE(limbs);
    if (len < 1 || len > WIDE_LIMBS) {
        PyErr_Format(PyExc_ValueError, "n must have 1 to %d limbs", WIDE_LIMBS);
        return NULL;
    }
    uint64_t n[WIDE_LIMBS], x[WIDE_LIMBS];
    for (Py_ssize_t i = 0; i < len; i++) {
        n[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(limbs, i));
        if (PyErr_Occurred()) return NULL;
    }
    Rng r = {seed};
    PyObject *out = PyList_New(count < 0 ? 0 : count);
    if (!out) return NULL;
    for (int k = 0; k < count; k++) {
        rng_below_wide(&r, n, (int)len, x);
        PyObject *draw = PyTuple_New(len);
        if (!draw) { Py_DECREF(out); return NULL; }
        for (Py_ssize_t i = 0; i < len; i++) PyTuple_SET_ITEM(draw, i, PyLong_FromUnsignedLongLong(x[i]));
        PyList_SET_ITEM(out, k, draw);
    }
    return Py_BuildValue("(NK)", out, (unsigned long long)r.state);
}

/* below64(seed, n, count) -> (draws, state): as below, by rng_below64 (n < 2**64). */
static PyObject *below64(PyObject *module, PyObject *args) {
    unsigned long long seed, n;
    int count;
    if (!PyArg_ParseTuple(args, "KKi", &seed, &n, &count)) return NULL;
    Rng r = {seed};
    PyObject *out = PyList_New(count < 0 ? 0 : count);
    for (int k = 0; k < count && out; k++) PyList_SET_ITEM(out, k, PyLong_FromUnsignedLongLong(rng_below64(&r, n)));
    if (!out) return NULL;
    return Py_BuildValue("(NK)", out, (unsigned long long)r.state);
}

/* substream(seed, k) -> the seed of substream k. */
static PyObject *py_substream(PyObject *module, PyObject *args) {
    unsigned long long seed, k;
    if (!PyArg_ParseTuple(args, "KK", &seed, &k)) return NULL;
    return PyLong_FromUnsignedLongLong(substream(seed, k));
}

/* The batched environments (boneyard.research.vector): the type Batch. */
#include "vector.h"

static PyMethodDef module_methods[] = {
    {"run_units", run_units, METH_VARARGS, "A simulation's units: results lines and tally."},
    {"play_hand", play_hand, METH_VARARGS, "One hand dealt and played by built-in agents."},
    {"trick_run_units", trick_run_units, METH_VARARGS, "A trick game simulation's units: results lines and tally."},
    {"trick_play_hand", trick_play_hand, METH_VARARGS, "One trick game hand dealt and played by built-in agents."},
    {"stream", stream, METH_VARARGS, "The random stream's first outputs."},
    {"below", below, METH_VARARGS, "Values below n of any size (limbs), as Stream.randrange draws them."},
    {"below64", below64, METH_VARARGS, "Values below n < 2**64, as Stream.randrange draws them."},
    {"substream", py_substream, METH_VARARGS, "The seed of a substream."},
    {NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "boneyard.core._kernel", "The compiled core of boneyard (see boneyard.core.kernel).", -1,
    module_methods,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    tiles_init();
    t_tiles_init();
    if (PyType_Ready(&SpecType) < 0 || PyType_Ready(&HandType) < 0 || PyType_Ready(&SolverType) < 0 ||
        PyType_Ready(&TrickSpecType) < 0 || PyType_Ready(&TrickHandType) < 0 || PyType_Ready(&TrickSolverType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (!m) return NULL;
    Py_INCREF(&SpecType);
    Py_INCREF(&HandType);
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Spec", (PyObject *)&SpecType) < 0 ||
        PyModule_AddObject(m, "Hand", (PyObject *)&HandType) < 0 ||
        PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&TrickSpecType);
    Py_INCREF(&TrickHandType);
    Py_INCREF(&TrickSolverType);
    if (PyModule_AddObject(m, "TrickSpec", (PyObject *)&TrickSpecType) < 0 ||
        PyModule_AddObject(m, "TrickHand", (PyObject *)&TrickHandType) < 0 ||
        PyModule_AddObject(m, "TrickSolver", (PyObject *)&TrickSolverType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    if (vector_register(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
