/* The trick games' Python objects (boneyard.core._kernel): included by module.c after the line
 * games' objects. Their typed face is boneyard/core/kernel.py.
 *
 *   TrickSpec(fields)               the rules as data (kernel.py builds the dict from a TrickKernelSpec)
 *   TrickHand(spec, state)          one hand: legal(), apply(id), undo(), copy(), view(), choose(...)
 *   TrickSolver(spec, side, ...)    solve(hand, max_nodes, deadline), action_value(...), action_values(hand)
 *   trick_run_units(...)            a simulation's units: results lines and their tally
 *   trick_play_hand(...)            one hand dealt and played by built-in agents
 *
 * A state travels as a dict of the names of boneyard.core.kernel_spec.TrickKernelState. */

typedef struct {
    PyObject_HEAD
    TSpec spec;
    double utility_sign[T_PLAYERS];
} TrickSpecObject;

#define TINT_FIELD(name) if (get_int(d, #name, &sp->name) < 0) return -1
#define TINT_AS(key, name) if (get_int(d, key, &sp->name) < 0) return -1

static int tspec_parse(TrickSpecObject *self, PyObject *d) {
    TSpec *sp = &self->spec;
    memset(sp, 0, sizeof *sp);
    TINT_FIELD(family); TINT_FIELD(players); TINT_FIELD(hand_size); TINT_FIELD(tricks);
    TINT_FIELD(id_pass); TINT_AS("discard", id_discard); TINT_AS("drop", id_drop); TINT_AS("stand", id_stand);
    TINT_AS("miss", id_miss); TINT_FIELD(phase_offset);
    TINT_AS("all_pass", forced); TINT_FIELD(min_bid); TINT_FIELD(max_opening_marks); TINT_FIELD(mark_raise);
    TINT_FIELD(first_bidder_tile); TINT_FIELD(contracts); TINT_FIELD(follow_me_doubles); TINT_FIELD(nello_doubles);
    TINT_FIELD(nello_min_marks); TINT_FIELD(plunge_marks); TINT_FIELD(plunge_min_doubles); TINT_FIELD(plunge_needs_66);
    TINT_FIELD(splash_marks); TINT_FIELD(splash_min_doubles); TINT_FIELD(sevens_min_marks);
    TINT_AS("scoring", scoring_points); TINT_AS("points_mark_bid", points_taken); TINT_FIELD(cap_marks); TINT_FIELD(play_out);
    TINT_FIELD(first_lead_trump); TINT_FIELD(leader_calls);
    TINT_FIELD(pool); TINT_FIELD(penalty); TINT_FIELD(miss_allowed); TINT_FIELD(miss_size); TINT_FIELD(either_end);
    TINT_FIELD(must_trump); TINT_FIELD(must_head);
    TINT_FIELD(match_end); TINT_FIELD(target_score); TINT_FIELD(rounds);
    if (sp->players < 2 || sp->players > T_PLAYERS || sp->players * sp->hand_size > T_TILES ||
        (sp->family != TF_TEXAS && sp->family != TF_LOO) || sp->tricks < 1 || sp->tricks > 7) {
        PyErr_SetString(PyExc_ValueError, "trick spec: the family, players or hands are out of range");
        return -1;
    }
    if (sp->family == TF_LOO && (sp->miss_size < sp->tricks || sp->miss_size - sp->tricks > 4)) {
        PyErr_SetString(PyExc_ValueError, "trick spec: the miss is out of range");
        return -1;
    }
    PyObject *side_of = get_list(d, "side_of", T_PLAYERS);
    if (!side_of) return -1;
    if (PyList_GET_SIZE(side_of) != sp->players) {
        PyErr_SetString(PyExc_ValueError, "trick spec: side_of has one side per seat");
        return -1;
    }
    sp->nsides = 0;
    for (int p = 0; p < sp->players; p++) {
        long side = PyLong_AsLong(PyList_GET_ITEM(side_of, p));
        if (side < 0 || side >= T_PLAYERS) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "trick spec: a side out of range");
            return -1;
        }
        sp->side_of[p] = (int)side;
        if (side + 1 > sp->nsides) sp->nsides = (int)side + 1;
    }
    if (sp->family == TF_TEXAS && (sp->players != 4 || sp->nsides != 2)) {
        PyErr_SetString(PyExc_ValueError, "trick spec: the Texas family is four seats in two sides");
        return -1;
    }
    PyObject *phase = get_list(d, "phase", T_MAX_PHASE);
    if (!phase) return -1;
    sp->nphase = (int)PyList_GET_SIZE(phase);
    for (int i = 0; i < sp->nphase; i++) {
        int kind, points, contract, trump, doubles;
        if (!PyArg_ParseTuple(PyList_GET_ITEM(phase, i), "iiiii", &kind, &points, &contract, &trump, &doubles))
            return -1;
        sp->ph[i].kind = (int8_t)kind;
        sp->ph[i].points = (int16_t)points;
        sp->ph[i].contract = (int8_t)contract;
        sp->ph[i].trump = (int8_t)trump;
        sp->ph[i].doubles = (int8_t)doubles;
    }
    if (tspec_derive(sp) < 0) {
        PyErr_SetString(PyExc_ValueError, "trick spec: a phase action the core cannot read");
        return -1;
    }
    if (sp->family == TF_TEXAS) {
        /* Every bid and declaration the bidding can offer must have its id. */
        int most = sp->max_opening_marks + 3 * sp->mark_raise;
        int special = (sp->splash_marks > sp->plunge_marks ? sp->splash_marks : sp->plunge_marks) + 3 * sp->mark_raise;
        if (special > most) most = special;
        int ok = most < T_MAX_MARKS && sp->min_bid >= 1 && sp->min_bid <= MARK;
        for (int p = sp->min_bid; ok && p < MARK; p++) ok = sp->bid_points[p] >= 0;
        for (int m = 1; ok && m <= most; m++) {
            ok = sp->bid_marks[m][BC_NONE] >= 0;
            if (ok && (sp->contracts & CT_SPLASH)) ok = sp->bid_marks[m][BC_SPLASH] >= 0;
            if (ok && (sp->contracts & CT_PLUNGE)) ok = sp->bid_marks[m][BC_PLUNGE] >= 0;
        }
        for (int k = 0; ok && k < 7; k++) ok = sp->decl_suit[k] >= 0;
        ok = ok && sp->decl_doubles >= 0 && sp->decl_follow >= 0 && sp->decl_nello >= 0 && sp->decl_sevens >= 0;
        for (int k = 0; ok && k < 3; k++) ok = sp->decl_nello_d[k] >= 0;
        if (!ok) {
            PyErr_SetString(PyExc_ValueError, "trick spec: a bid or declaration has no action id");
            return -1;
        }
    }
    tspec_tables(sp);
    PyObject *signs = get_list(d, "utility_sign", T_PLAYERS);
    if (!signs) return -1;
    if (PyList_GET_SIZE(signs) != sp->nsides) {
        PyErr_SetString(PyExc_ValueError, "trick spec: utility_sign has one sign per side");
        return -1;
    }
    for (int i = 0; i < sp->nsides; i++) self->utility_sign[i] = PyFloat_AsDouble(PyList_GET_ITEM(signs, i));
    return PyErr_Occurred() ? -1 : 0;
}

static int TrickSpec_init(TrickSpecObject *self, PyObject *args, PyObject *kwds) {
    PyObject *d;
    if (!PyArg_ParseTuple(args, "O!", &PyDict_Type, &d)) return -1;
    return tspec_parse(self, d);
}

static PyTypeObject TrickSpecType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "boneyard.core._kernel.TrickSpec",
    .tp_basicsize = sizeof(TrickSpecObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)TrickSpec_init,
    .tp_doc = "The rules of a trick game as data (see boneyard.core.kernel).",
};

/* ---------------------------------------------------------------- states */

static int get_seq_ints(PyObject *d, const char *key, int *out, int max, int *count) {
    PyObject *v = PyDict_GetItemString(d, key);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "trick state: no field %s", key);
        return -1;
    }
    PyObject *seq = PySequence_Fast(v, "a trick state's field is a sequence");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > max) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "trick state: %s is too long", key);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) out[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
    Py_DECREF(seq);
    *count = (int)n;
    return PyErr_Occurred() ? -1 : 0;
}

static int get_seq_doubles(PyObject *d, const char *key, double *out, int max) {
    PyObject *v = PyDict_GetItemString(d, key);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "trick state: no field %s", key);
        return -1;
    }
    PyObject *seq = PySequence_Fast(v, "a trick state's field is a sequence");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n && i < max; i++) out[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
    Py_DECREF(seq);
    return PyErr_Occurred() ? -1 : 0;
}

#define TS_INT(name) do { int x_; if (get_int(d, #name, &x_) < 0) return -1; s->name = x_; } while (0)

/* A state from the dict kernel.py builds of a TrickKernelState. */
static int tstate_from(const TSpec *sp, PyObject *d, TState *s) {
    memset(s, 0, sizeof *s);
    int buf[2 * T_TILES], n, i;
    if (get_seq_ints(d, "hands", buf, T_PLAYERS, &n) < 0) return -1;
    if (n != sp->players) {
        PyErr_SetString(PyExc_ValueError, "trick state: one hand per seat");
        return -1;
    }
    for (i = 0; i < n; i++) s->hands[i] = (uint32_t)buf[i];
    if (get_seq_ints(d, "discards", buf, T_PLAYERS, &n) < 0) return -1;
    for (i = 0; i < n; i++) s->discards[i] = (uint32_t)buf[i];
    if (get_seq_ints(d, "scores", buf, T_PLAYERS, &n) < 0) return -1;
    for (i = 0; i < n; i++) s->scores[i] = buf[i];
    if (get_seq_doubles(d, "base_totals", s->base_totals, T_PLAYERS) < 0) return -1;
    TS_INT(turn); TS_INT(leader); TS_INT(phase); TS_INT(over); TS_INT(suit); TS_INT(trick_leader); TS_INT(trump);
    TS_INT(moves); TS_INT(bidder); TS_INT(declarer); TS_INT(declaration); TS_INT(doubles); TS_INT(out);
    TS_INT(decided); TS_INT(high); TS_INT(owed); TS_INT(first); TS_INT(value); TS_INT(ante); TS_INT(stock_pos);
    if (get_seq_ints(d, "trick", buf, 2 * T_PLAYERS, &n) < 0) return -1;
    s->ntrick = (int8_t)(n / 2);
    for (i = 0; i < s->ntrick; i++) {
        s->trick_seat[i] = (int8_t)buf[2 * i];
        s->trick_tile[i] = (int8_t)buf[2 * i + 1];
    }
    if (get_seq_ints(d, "won", buf, T_PLAYERS, &n) < 0) return -1;
    s->ntricks = 0;
    for (i = 0; i < n; i++) {
        s->won[i] = (int8_t)buf[i];
        s->ntricks += s->won[i];
    }
    if (get_seq_ints(d, "order", buf, T_PLAYERS, &n) < 0) return -1;
    for (i = 0; i < n; i++) s->order[i] = (int8_t)buf[i];
    if (get_seq_ints(d, "bids", buf, T_PLAYERS, &n) < 0) return -1;
    s->nbids = (int8_t)n;
    for (i = 0; i < T_PLAYERS; i++) s->bids[i] = (int16_t)(i < n ? buf[i] : -1);
    if (get_seq_ints(d, "taken", buf, 2, &n) < 0) return -1;
    for (i = 0; i < n; i++) s->taken[i] = (int16_t)buf[i];
    if (get_seq_ints(d, "status", buf, T_PLAYERS, &n) < 0) return -1;
    for (i = 0; i < n; i++) s->status[i] = (int8_t)buf[i];
    if (get_seq_ints(d, "stock", buf, T_TILES, &n) < 0) return -1;
    s->nstock = (int8_t)n;
    for (i = 0; i < n; i++) s->stock[i] = (uint8_t)buf[i];
    s->turnup = n ? (int8_t)s->stock[0] : -1;
    s->winner = -1;
    if (s->phase < TP_BID || s->phase > TP_OVER || (!s->over && (s->turn < 0 || s->turn >= sp->players)) ||
        s->stock_pos > s->nstock || s->high >= sp->nphase || s->declaration >= sp->nphase || s->doubles < 0 ||
        s->doubles > 2 || s->trump < -1 || s->trump > 7 || s->suit < -1 || s->suit > 7 ||
        (sp->family == TF_LOO && (s->trump < 0 || s->trump > 6 || s->suit > 6))) {
        PyErr_SetString(PyExc_ValueError, "trick state: a field is out of range");
        return -1;
    }
    return 0;
}

static PyObject *int_tuple(const int *values, int n) {
    PyObject *t = PyTuple_New(n);
    for (int i = 0; i < n && t; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(values[i]));
    return t;
}

/* The state as the dict of TrickKernelState's names (and the result: points, ended, winner). */
static PyObject *tstate_view(const TSpec *sp, const TState *s) {
    int buf[2 * T_TILES], i;
    int np = sp->players, ns = sp->nsides;
    for (i = 0; i < np; i++) buf[i] = (int)s->hands[i];
    PyObject *hands = int_tuple(buf, np);
    for (i = 0; i < np; i++) buf[i] = (int)s->discards[i];
    PyObject *discards = int_tuple(buf, np);
    for (i = 0; i < ns; i++) buf[i] = s->scores[i];
    PyObject *scores = int_tuple(buf, ns);
    PyObject *totals = PyTuple_New(ns), *points = PyTuple_New(ns);
    for (i = 0; i < ns && totals && points; i++) {
        PyTuple_SET_ITEM(totals, i, PyFloat_FromDouble(s->base_totals[i]));
        PyTuple_SET_ITEM(points, i, PyFloat_FromDouble(s->points[i]));
    }
    for (i = 0; i < s->ntrick; i++) {
        buf[2 * i] = s->trick_seat[i];
        buf[2 * i + 1] = s->trick_tile[i];
    }
    PyObject *trick = int_tuple(buf, 2 * s->ntrick);
    for (i = 0; i < np; i++) buf[i] = s->won[i];
    PyObject *won = int_tuple(buf, np);
    int texas = sp->family == TF_TEXAS;
    for (i = 0; i < T_PLAYERS; i++) buf[i] = s->order[i];
    PyObject *order = int_tuple(buf, texas ? T_PLAYERS : 0);
    for (i = 0; i < s->nbids; i++) buf[i] = s->bids[i];
    PyObject *bids = int_tuple(buf, s->nbids);
    buf[0] = s->taken[0];
    buf[1] = s->taken[1];
    PyObject *taken = int_tuple(buf, texas ? 2 : 0);
    for (i = 0; i < np; i++) buf[i] = s->status[i];
    PyObject *status = int_tuple(buf, texas ? 0 : np);
    for (i = 0; i < s->nstock; i++) buf[i] = s->stock[i];
    PyObject *stock = int_tuple(buf, s->nstock);
    return Py_BuildValue(
        "{" "sNsNsNsN" "sisisisisisisisisisisisisisisisisi" "sNsNsNsNsNsN" "sisisisisisi" "sNsN" "sisi" "}", "hands", hands, "discards",
        discards, "scores", scores, "base_totals", totals, "turn", s->turn, "leader", s->leader, "phase", s->phase,
        "over", s->over, "suit", s->suit, "trick_leader", s->trick_leader, "trump", s->trump, "moves", s->moves,
        "bidder", s->bidder, "declarer", s->declarer, "declaration", s->declaration, "doubles", s->doubles, "out",
        s->out, "decided", s->decided, "high", s->high, "owed", s->owed, "first", s->first, "trick", trick, "won",
        won, "order", order, "bids", bids, "taken", taken, "status", status, "value", s->value, "ante", s->ante,
        "stock_pos", s->stock_pos, "winner", s->winner, "ended", s->ended, "ntricks", s->ntricks, "stock", stock,
        "points", points, "nstock", s->nstock, "turnup", s->turnup);
}

static PyObject *ids_to(const int16_t *ids, int n) {
    PyObject *out = PyList_New(n);
    for (int k = 0; k < n && out; k++) PyList_SET_ITEM(out, k, PyLong_FromLong(ids[k]));
    return out;
}

/* ---------------------------------------------------------------- TrickHand */

typedef struct {
    PyObject_HEAD
    TrickSpecObject *spec;
    TState st;
    TState *stack; /* states before each apply, for undo */
    int depth, cap;
} TrickHandObject;

static PyTypeObject TrickHandType;

static int TrickHand_init(TrickHandObject *self, PyObject *args, PyObject *kwds) {
    TrickSpecObject *spec;
    PyObject *data;
    if (!PyArg_ParseTuple(args, "O!O!", &TrickSpecType, &spec, &PyDict_Type, &data)) return -1;
    Py_INCREF(spec);
    Py_XSETREF(self->spec, spec);
    self->depth = 0;
    return tstate_from(&spec->spec, data, &self->st);
}

static void TrickHand_dealloc(TrickHandObject *self) {
    Py_XDECREF(self->spec);
    free(self->stack);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *TrickHand_legal(TrickHandObject *self, PyObject *unused) {
    int16_t ids[T_MAX_MOVES];
    int n = t_legal(&self->spec->spec, &self->st, ids);
    if (n > T_MAX_MOVES) {
        PyErr_SetString(PyExc_OverflowError, "more legal actions than the core holds");
        return NULL;
    }
    return ids_to(ids, n);
}

static PyObject *TrickHand_apply(TrickHandObject *self, PyObject *arg) {
    long id = PyLong_AsLong(arg);
    if (id == -1 && PyErr_Occurred()) return NULL;
    if (!t_is_legal(&self->spec->spec, &self->st, (int)id)) {
        PyErr_SetString(PyExc_ValueError, "not a legal action of this hand now");
        return NULL;
    }
    if (self->depth == self->cap) {
        int cap = self->cap ? self->cap * 2 : 64;
        TState *stack = (TState *)realloc(self->stack, sizeof(TState) * cap);
        if (!stack) return PyErr_NoMemory();
        self->stack = stack;
        self->cap = cap;
    }
    self->stack[self->depth++] = self->st;
    t_step(&self->spec->spec, &self->st, (int)id);
    Py_RETURN_NONE;
}

static PyObject *TrickHand_undo(TrickHandObject *self, PyObject *unused) {
    if (!self->depth) {
        PyErr_SetString(PyExc_ValueError, "nothing to undo");
        return NULL;
    }
    self->st = self->stack[--self->depth];
    Py_RETURN_NONE;
}

static PyObject *TrickHand_copy(TrickHandObject *self, PyObject *unused) {
    TrickHandObject *c = (TrickHandObject *)TrickHandType.tp_alloc(&TrickHandType, 0);
    if (!c) return NULL;
    Py_INCREF(self->spec);
    c->spec = self->spec;
    c->st = self->st;
    return (PyObject *)c;
}

static PyObject *TrickHand_view(TrickHandObject *self, PyObject *unused) {
    return tstate_view(&self->spec->spec, &self->st);
}

/* choose(agent, stream state) -> (index into legal(), the stream's state after). */
static PyObject *TrickHand_choose(TrickHandObject *self, PyObject *args) {
    int agent;
    unsigned long long state;
    if (!PyArg_ParseTuple(args, "iK", &agent, &state)) return NULL;
    int16_t ids[T_MAX_MOVES];
    int n = t_legal(&self->spec->spec, &self->st, ids);
    if (!n) {
        PyErr_SetString(PyExc_ValueError, "the hand is over");
        return NULL;
    }
    Rng rng = {state};
    int k = t_choose(&self->spec->spec, &self->st, ids, n, agent, &rng);
    return Py_BuildValue("(iK)", k, (unsigned long long)rng.state);
}

static PyMethodDef TrickHand_methods[] = {
    {"legal", (PyCFunction)TrickHand_legal, METH_NOARGS, "The legal action ids, in the engine's order."},
    {"apply", (PyCFunction)TrickHand_apply, METH_O, "Take a legal action id."},
    {"undo", (PyCFunction)TrickHand_undo, METH_NOARGS, "Take back the last action applied."},
    {"copy", (PyCFunction)TrickHand_copy, METH_NOARGS, "An independent copy (without the undo history)."},
    {"view", (PyCFunction)TrickHand_view, METH_NOARGS, "The state as a dict."},
    {"choose", (PyCFunction)TrickHand_choose, METH_VARARGS, "A built-in agent's choice."},
    {NULL},
};

static PyTypeObject TrickHandType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "boneyard.core._kernel.TrickHand",
    .tp_basicsize = sizeof(TrickHandObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)TrickHand_init,
    .tp_dealloc = (destructor)TrickHand_dealloc,
    .tp_methods = TrickHand_methods,
    .tp_doc = "One hand of a trick game in the compiled core.",
};

/* ---------------------------------------------------------------- TrickSolver */

typedef struct {
    PyObject_HEAD
    TrickSpecObject *spec;
    TSolver *solver;
} TrickSolverObject;

static int TrickSolver_init(TrickSolverObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"spec", "side", "use_table", "ordering", "count_taken", "max_slots", NULL};
    TrickSpecObject *spec;
    int side, use_table = 1, ordering = 1, count_taken = 0;
    unsigned long long max_slots = 1ULL << 21;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!i|pppK", kwlist, &TrickSpecType, &spec, &side, &use_table,
                                     &ordering, &count_taken, &max_slots))
        return -1;
    if (side < 0 || side >= spec->spec.nsides) {
        PyErr_Format(PyExc_ValueError, "no side %d: the sides are 0 to %d", side, spec->spec.nsides - 1);
        return -1;
    }
    if (count_taken && spec->spec.family != TF_TEXAS) {
        PyErr_SetString(PyExc_ValueError, "count_taken values the points taken of the Texas family");
        return -1;
    }
    Py_INCREF(spec);
    Py_XSETREF(self->spec, spec);
    TSolver *sv = (TSolver *)malloc(sizeof(TSolver));
    if (!sv || tsolver_init(sv, &spec->spec, side, spec->utility_sign, max_slots) < 0) {
        free(sv);
        PyErr_NoMemory();
        return -1;
    }
    sv->use_table = use_table;
    sv->ordering = ordering;
    sv->count_taken = count_taken;
    if (self->solver) { tsolver_free(self->solver); free(self->solver); }
    self->solver = sv;
    return 0;
}

static void TrickSolver_dealloc(TrickSolverObject *self) {
    if (self->solver) {
        tsolver_free(self->solver);
        free(self->solver);
    }
    Py_XDECREF(self->spec);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static TrickHandObject *tsolver_hand(TrickSolverObject *self, PyObject *hand) {
    if (!PyObject_TypeCheck(hand, &TrickHandType) || ((TrickHandObject *)hand)->spec != self->spec) {
        PyErr_SetString(PyExc_TypeError, "a hand of this solver's rules");
        return NULL;
    }
    return (TrickHandObject *)hand;
}

/* solve(hand, max_nodes=-1, deadline=-1.0) -> (value, id or None, nodes, complete) */
static PyObject *TrickSolver_solve(TrickSolverObject *self, PyObject *args) {
    PyObject *hand;
    long long max_nodes = -1;
    double deadline = -1;
    if (!PyArg_ParseTuple(args, "O|Ld", &hand, &max_nodes, &deadline)) return NULL;
    TrickHandObject *h = tsolver_hand(self, hand);
    if (!h) return NULL;
    if (h->st.over) return Py_BuildValue("(dOiO)", 0.0, Py_None, 0, Py_True);
    double value = 0;
    int best = -1, complete;
    Py_BEGIN_ALLOW_THREADS
    complete = t_solve(self->solver, &h->st, max_nodes, deadline, &value, &best);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(diLO)", value, best, self->solver->nodes, complete ? Py_True : Py_False);
}

/* action_value(hand, id, max_nodes=-1, deadline=-1.0) -> value */
static PyObject *TrickSolver_action_value(TrickSolverObject *self, PyObject *args) {
    PyObject *hand;
    int id;
    long long max_nodes = -1;
    double deadline = -1;
    if (!PyArg_ParseTuple(args, "Oi|Ld", &hand, &id, &max_nodes, &deadline)) return NULL;
    TrickHandObject *h = tsolver_hand(self, hand);
    if (!h) return NULL;
    if (!t_is_legal(&self->spec->spec, &h->st, id)) {
        PyErr_SetString(PyExc_ValueError, "not a legal action of this hand now");
        return NULL;
    }
    double v = t_action_value(self->solver, &h->st, id, max_nodes, deadline, 0);
    return PyFloat_FromDouble(v);
}

/* action_values(hand) -> [(id, exact value)], in the engine's order */
static PyObject *TrickSolver_action_values(TrickSolverObject *self, PyObject *hand) {
    TrickHandObject *h = tsolver_hand(self, hand);
    if (!h) return NULL;
    int16_t ids[T_MAX_MOVES];
    int n = h->st.over ? 0 : t_legal(&self->spec->spec, &h->st, ids);
    if (n > T_MAX_MOVES) n = T_MAX_MOVES;
    double values[T_MAX_MOVES];
    if (n) t_start_root(self->solver, &h->st, -1, -1);
    for (int k = 0; k < n; k++) values[k] = t_action_value(self->solver, &h->st, ids[k], -1, -1, 1);
    PyObject *out = PyList_New(n);
    for (int k = 0; k < n && out; k++) PyList_SET_ITEM(out, k, Py_BuildValue("(id)", ids[k], values[k]));
    return out;
}

static PyObject *TrickSolver_clear(TrickSolverObject *self, PyObject *unused) {
    tsolver_clear(self->solver);
    Py_RETURN_NONE;
}

static PyObject *TrickSolver_get_nodes(TrickSolverObject *self, void *closure) {
    return PyLong_FromLongLong(self->solver->nodes);
}

static PyMethodDef TrickSolver_methods[] = {
    {"solve", (PyCFunction)TrickSolver_solve, METH_VARARGS, "solve(hand, max_nodes=-1, deadline=-1.0)"},
    {"action_value", (PyCFunction)TrickSolver_action_value, METH_VARARGS,
     "action_value(hand, id, max_nodes=-1, deadline=-1.0)"},
    {"action_values", (PyCFunction)TrickSolver_action_values, METH_O, "Every legal action's exact value."},
    {"clear", (PyCFunction)TrickSolver_clear, METH_NOARGS, "Forget the table."},
    {NULL},
};

static PyGetSetDef TrickSolver_getset[] = {
    {"nodes", (getter)TrickSolver_get_nodes, NULL, "Positions visited by the last search.", NULL},
    {NULL},
};

static PyTypeObject TrickSolverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "boneyard.core._kernel.TrickSolver",
    .tp_basicsize = sizeof(TrickSolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)TrickSolver_init,
    .tp_dealloc = (destructor)TrickSolver_dealloc,
    .tp_methods = TrickSolver_methods,
    .tp_getset = TrickSolver_getset,
    .tp_doc = "The exact solver of a trick game for one side.",
};

/* ---------------------------------------------------------------- playouts */

static int tagents_from(const TSpec *sp, PyObject *seq, int *agents) {
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

/* trick_run_units(spec, agents, base, first, stop, whole_match, agents_json or None,
 * max_match_hands) -> as run_units. */
static PyObject *trick_run_units(PyObject *module, PyObject *args) {
    TrickSpecObject *spec;
    PyObject *agent_seq, *agents_json;
    unsigned long long base;
    long long first, stop;
    int whole_match, max_match_hands;
    if (!PyArg_ParseTuple(args, "O!OKLLpOi", &TrickSpecType, &spec, &agent_seq, &base, &first, &stop,
                          &whole_match, &agents_json, &max_match_hands))
        return NULL;
    const TSpec *sp = &spec->spec;
    int agents[T_PLAYERS];
    if (tagents_from(sp, agent_seq, agents) < 0) return NULL;
    const char *json = NULL;
    if (agents_json != Py_None) {
        json = PyUnicode_AsUTF8(agents_json);
        if (!json) return NULL;
    }
    Buf text = {0};
    Tally tally;
    memset(&tally, 0, sizeof tally);
    long long rc;
    Py_BEGIN_ALLOW_THREADS
    rc = t_run_units(sp, agents, base, first, stop, whole_match, max_match_hands, json ? &text : NULL, json, &tally);
    Py_END_ALLOW_THREADS
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

/* trick_play_hand(spec, agents, deal_seed, agent_seed) -> (points, winner, leader, ended, moves). */
static PyObject *trick_play_hand(PyObject *module, PyObject *args) {
    TrickSpecObject *spec;
    PyObject *agent_seq;
    unsigned long long deal_seed, agent_seed;
    if (!PyArg_ParseTuple(args, "O!OKK", &TrickSpecType, &spec, &agent_seq, &deal_seed, &agent_seed)) return NULL;
    const TSpec *sp = &spec->spec;
    int agents[T_PLAYERS];
    if (tagents_from(sp, agent_seq, agents) < 0) return NULL;
    Rng deal_rng = {deal_seed}, agent_rng = {agent_seed};
    double zero[T_PLAYERS] = {0};
    TState s;
    t_deal_hand(sp, &s, NULL, &deal_rng, zero);
    t_play_out(sp, &s, agents, &agent_rng);
    PyObject *pts = PyTuple_New(sp->nsides);
    if (!pts) return NULL;
    for (int i = 0; i < sp->nsides; i++) PyTuple_SET_ITEM(pts, i, PyFloat_FromDouble(s.points[i]));
    return Py_BuildValue("(Niisi)", pts, (int)s.winner, (int)s.leader, T_ENDED[(int)s.ended], (int)s.moves);
}
