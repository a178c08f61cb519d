/* The Python objects' work at one mask width: included by module.c once per width, after
 * engine.h, solver.h and playout.h. */

static int F(mask_from)(PyObject *pair, MASK *out) {
    /* A mask arrives as (low 64 bits, high bits). */
    if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
        PyErr_SetString(PyExc_TypeError, "a mask is a (low, high) pair");
        return -1;
    }
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(PyTuple_GET_ITEM(pair, 0));
    unsigned long long hi = PyLong_AsUnsignedLongLongMask(PyTuple_GET_ITEM(pair, 1));
    if (PyErr_Occurred()) return -1;
#if W == 64
    if (hi) {
        PyErr_SetString(PyExc_ValueError, "a tile beyond 63 in a 64-bit hand");
        return -1;
    }
    *out = lo;
#else
    *out = ((MASK)hi << 64) | lo;
#endif
    return 0;
}

static PyObject *F(mask_to)(MASK m) {
#if W == 64
    return PyLong_FromUnsignedLongLong(m);
#else
    PyObject *hi = PyLong_FromUnsignedLongLong((unsigned long long)(m >> 64));
    PyObject *lo = PyLong_FromUnsignedLongLong((unsigned long long)m);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *out = NULL;
    if (hi && lo && shift) {
        PyObject *up = PyNumber_Lshift(hi, shift);
        if (up) {
            out = PyNumber_Or(up, lo);
            Py_DECREF(up);
        }
    }
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(shift);
    return out;
#endif
}

/* A state from the tuple kernel.py builds of a LineState (see kernel._state_data). */
static int F(state_from)(const Spec *sp, PyObject *data, F(State) *s, F(HandData) *hd) {
    memset(s, 0, sizeof *s);
    memset(hd, 0, sizeof *hd);
    PyObject *hands, *stock, *totals, *layout, *scores, *last_play;
    int stock_pos, turn, leader, required_lead, finding_lead, bonus_double, drew, target_side;
    int unclaimed, unclaimed_by, context, moves, over;
    int last_seat = -1, passes = 0; /* the pass bonuses' and the blocked hand's (optional) */
    if (!PyArg_ParseTuple(data, "OOiOOiiiiiiOiiiiiOi|ii", &hands, &stock, &stock_pos, &totals, &layout, &turn,
                          &leader, &required_lead, &finding_lead, &bonus_double, &drew, &scores, &target_side,
                          &unclaimed, &unclaimed_by, &context, &moves, &last_play, &over, &last_seat, &passes))
        return -1;
    s->last_seat = (int8_t)last_seat;
    s->passes = (int8_t)passes;
    if (!PyList_Check(hands) || PyList_GET_SIZE(hands) != sp->players || !PyList_Check(stock) ||
        !PyList_Check(totals) || PyList_GET_SIZE(totals) != sp->nsides || !PyList_Check(scores) ||
        PyList_GET_SIZE(scores) != sp->nsides || !PyList_Check(last_play) ||
        PyList_GET_SIZE(last_play) != sp->nsides) {
        PyErr_SetString(PyExc_ValueError, "a state's lists do not fit the rules");
        return -1;
    }
    for (int p = 0; p < sp->players; p++)
        if (F(mask_from)(PyList_GET_ITEM(hands, p), &s->hands[p]) < 0) return -1;
    Py_ssize_t nstock = PyList_GET_SIZE(stock);
    if (nstock > MAX_TILES) {
        PyErr_SetString(PyExc_ValueError, "too many tiles in the stock");
        return -1;
    }
    hd->nstock = (int)nstock;
    for (Py_ssize_t k = 0; k < nstock; k++) {
        long t = PyLong_AsLong(PyList_GET_ITEM(stock, k));
        if (t < 0 || t >= sp->ntiles) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a stock tile out of the set");
            return -1;
        }
        hd->stock[k] = (uint8_t)t;
    }
    for (int i = 0; i < sp->nsides; i++) {
        hd->base_totals[i] = PyFloat_AsDouble(PyList_GET_ITEM(totals, i));
        s->scores[i] = (int32_t)PyLong_AsLong(PyList_GET_ITEM(scores, i));
        s->last_play[i] = (int32_t)PyLong_AsLong(PyList_GET_ITEM(last_play, i));
    }
    if (PyErr_Occurred()) return -1;
    s->first_spinner = s->lead_tile = -1;
    if (layout != Py_None) {
        PyObject *names, *pips, *tips, *kinds, *spinners, *placed;
        int lead_tile, first_spinner;
        if (!PyArg_ParseTuple(layout, "OOOOOOii", &names, &pips, &tips, &kinds, &spinners, &placed, &lead_tile,
                              &first_spinner))
            return -1;
        Py_ssize_t n = PyList_Check(names) ? PyList_GET_SIZE(names) : -1;
        if (n < 0 || n > MAX_ENDS - 2 || !PyList_Check(pips) || PyList_GET_SIZE(pips) != n || !PyList_Check(tips) ||
            PyList_GET_SIZE(tips) != n || !PyList_Check(kinds) || PyList_GET_SIZE(kinds) != n) {
            PyErr_SetString(PyExc_ValueError, "a layout's ends do not fit");
            return -1;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            s->names[i] = (int8_t)PyLong_AsLong(PyList_GET_ITEM(names, i));
            s->pips[i] = (int16_t)PyLong_AsLong(PyList_GET_ITEM(pips, i));
            s->tips[i] = (int8_t)PyLong_AsLong(PyList_GET_ITEM(tips, i));
            s->kinds[i] = (int8_t)PyLong_AsLong(PyList_GET_ITEM(kinds, i));
        }
        if (PyErr_Occurred()) return -1;
        if (F(mask_from)(spinners, &s->spinners) < 0 || F(mask_from)(placed, &s->placed) < 0) return -1;
        s->nends = (int8_t)n;
        s->has_layout = 1;
        s->lead_tile = (int8_t)lead_tile;
        s->first_spinner = (int8_t)first_spinner;
    }
    s->hd = hd;
    s->stock_pos = (uint8_t)stock_pos;
    s->turn = (int8_t)turn;
    s->leader = (int8_t)leader;
    s->required_lead = (int8_t)required_lead;
    s->finding_lead = (int8_t)finding_lead;
    s->bonus_double = (int8_t)bonus_double;
    s->drew = (int8_t)drew;
    s->target_side = (int8_t)target_side;
    s->unclaimed = (int16_t)unclaimed;
    s->unclaimed_by = (int8_t)unclaimed_by;
    s->context = (int8_t)context;
    s->moves = moves;
    s->over = (int8_t)over;
    s->out_seat = s->winner = -1;
    if (stock_pos < 0 || stock_pos > nstock || turn < 0 || turn >= sp->players) {
        PyErr_SetString(PyExc_ValueError, "a state's stock position or turn is out of range");
        return -1;
    }
    return 0;
}

static PyObject *F(state_view)(const Spec *sp, const F(State) *s) {
    PyObject *hands = PyList_New(sp->players);
    if (!hands) return NULL;
    for (int p = 0; p < sp->players; p++) {
        PyObject *m = F(mask_to)(s->hands[p]);
        if (!m) { Py_DECREF(hands); return NULL; }
        PyList_SET_ITEM(hands, p, m);
    }
    PyObject *layout;
    if (s->has_layout) {
        PyObject *names = PyList_New(s->nends), *pips = PyList_New(s->nends), *tips = PyList_New(s->nends),
                 *kinds = PyList_New(s->nends);
        for (int i = 0; i < s->nends && names && pips && tips && kinds; i++) {
            PyList_SET_ITEM(names, i, PyLong_FromLong(s->names[i]));
            PyList_SET_ITEM(pips, i, PyLong_FromLong(s->pips[i]));
            PyList_SET_ITEM(tips, i, PyLong_FromLong(s->tips[i]));
            PyList_SET_ITEM(kinds, i, PyLong_FromLong(s->kinds[i]));
        }
        layout = Py_BuildValue("(NNNNNNii)", names, pips, tips, kinds, F(mask_to)(s->spinners),
                               F(mask_to)(s->placed), s->lead_tile, s->first_spinner);
    } else {
        layout = Py_None;
        Py_INCREF(layout);
    }
    PyObject *scores = PyList_New(sp->nsides), *points = PyList_New(sp->nsides);
    for (int i = 0; i < sp->nsides && scores && points; i++) {
        PyList_SET_ITEM(scores, i, PyLong_FromLong(s->scores[i]));
        PyList_SET_ITEM(points, i, PyFloat_FromDouble(s->points[i]));
    }
    return Py_BuildValue("{sNsNsisisisisisisisisisisisisisisisisisNsN}", "hands", hands, "layout", layout, "stock_pos", s->stock_pos, "turn", s->turn, "leader", s->leader, "required_lead", s->required_lead, "finding_lead", s->finding_lead, "bonus_double", s->bonus_double, "drew", s->drew, "over", s->over, "ended", s->ended, "winner", s->winner, "out_seat", s->out_seat, "target_side", s->target_side, "unclaimed", s->unclaimed, "unclaimed_by", s->unclaimed_by, "moves", s->moves, "context", s->context, "nends", s->nends, "scores", scores, "points", points);
}
