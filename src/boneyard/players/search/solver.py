"""An exact perfect-information solver: alpha-beta on points with a transposition table.

The solver sees a :class:`~boneyard.core.protocol.GameState` whole (every hand and the stock in
draw order), so a draw is just another deterministic move. It is the engine of the ``omniscient``
reference bot (:mod:`boneyard.players.omniscient`) and of determinization, where it solves sampled
worlds.

**Value.** The value of a position for a side is what that side will score in the rest of the hand
minus what its opponents will score, counted from the position searched (the *root*) on: points
made during play (the counting games' ``state.scores``) and the end-of-hand result
(``state.result.points``) together. Points made before the root do not count.

* Two sides (every two-player game, and the partnership games, where a seat plays for its side):
  the difference of the two sides' gains. This is zero-sum, so the search is exact minimax.
* More than two sides (three or more players without partnerships): the *paranoid* reduction.
  The searching side's gain minus the **largest** gain among the others, and every other seat
  plays to minimise that. Every opponent is treated as an enemy (a coalition), which is
  pessimistic but keeps alpha-beta applicable. The maximum (rather than the sum) of the others
  is the margin over the best opponent: what decides who wins a hand.
* The game's value hook (:meth:`~boneyard.core.protocol.GameRules.utilities`) turns a side's
  points into what they are worth to it. Domino Whist with ``target_is_loss`` records *debits*,
  so a side's points count against it (negated), and so do the pips each player adds to his
  score in the games where the lowest total wins (``rules.low_wins``: Mexican Train, Chicken
  Foot). Domino Pool's points are shares of the pool (1 to a sole winner, 1/k to k tied), used
  as they are: a sole win is worth +1 against four players, a loss -1 (paranoid, margin over
  the best other share), a two-way tie 0.

**Moves considered.** Every legal action, except where scores are claimed (muggins
``claim`` mode): there each play is considered only with its correct claim, and an open
muggins call is always made (it only adds points for the caller, and with the paranoid value
no opponent gains by leaving the points on the table). The solver is for playing well, not for
exploring mistakes. :func:`candidate_actions` is that move set.

**Search.** Minimax with fail-soft alpha-beta, with the scalar value always from the searching
side's view (the seat to move maximises if it belongs to that side, minimises otherwise). The
transposition table is keyed by what decides the future, as the game's state says
(:meth:`~boneyard.core.protocol.GameState.search_key`: in a line game the hand masks, the open
ends up to mirror image, the stock position, the seat to move, the pending flags), and the scores
where the future depends on them (an exact target, or more than two sides). With two sides the table
stores values relative to the position (the future difference only), so the same position
reached with different scores on the way shares its entry. Moves are ordered: the table's best
move first, then plays that score most now, then heavier tiles, drawing and passing last.

**Limits.** With ``max_nodes`` or a ``deadline`` the search deepens iteratively: depth counts
plies with a choice (forced moves are free). At the horizon a position is valued by the
scores gained since the root plus a rough estimate, half the pip difference between the
opponents' and the side's hands (for pool, a small fraction of it: shares are worth at most 1).
An iteration that never reached the horizon is exact and ends the search (``complete=True``).
When the budget runs out, the last finished iteration's move and value are returned with
``complete=False``; if not even the first finished, the best-ordered legal move.

>>> from boneyard.games import get_game
>>> from boneyard.core.protocol import HandStart
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("block").configure(players=2, options={"hand_size": 2})
>>> deal = [[T("6-6"), T("1-0")], [T("6-5"), T("2-2")]]
>>> stock = [t for t in range(28) if t not in sum(deal, [])]
>>> state = rules.start_hand(HandStart(deal, stock))
>>> result = solve(state)
>>> str(result.best_action), result.value, result.complete
('6-6', 3.0, True)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ...core.actions import Action, Muggins, Play
from ...core.kernel import CompiledSolver, SolveResult, supports
from ...core.protocol import GameState
from ...core.tiles import HIGH, PIPS
from .hints import search_hints

if TYPE_CHECKING:
    from ...core.protocol import GameRules

__all__ = [
    "SolveResult",
    "Solver",
    "action_values",
    "candidate_actions",
    "make_solver",
    "solve",
]

INF = float("inf")
# The depth of an unlimited search, and of table entries that never met a horizon (exact).
EXACT_DEPTH = 1 << 30
# How often (in nodes) the clock is read: every 64 nodes is a few milliseconds where a node
# costs tens of microseconds (Domino Loo), and the reading costs nothing beside them.
_CLOCK_EVERY = 64


class _Abort(Exception):
    """The node or time budget ran out."""


def candidate_actions(state: GameState) -> list[Action]:
    """The actions the solver considers: the legal ones, except that where scores are claimed
    a play carries only its correct claim, and an open muggins call is always made."""
    legal = state.legal_tuple()
    rules = state.rules
    if not rules.claims:
        return list(legal)
    calls: list[Action] = [a for a in legal if type(a) is Muggins]
    if calls:
        return calls[:1]
    table = state.table
    out: list[Action] = []
    for a in legal:
        if type(a) is Play:
            if a.claim is not None:
                continue
            points = rules.play_points(table, a)
            out.append(Play(a.tile, a.end, a.open, points) if points else a)
        else:
            out.append(a)
    return out


def _fork(s: GameState) -> GameState:
    """A copy for search, without the history (see :meth:`GameState.copy`)."""
    return s.copy(history=False)


def _full_copy(s: GameState) -> GameState:
    return s.copy()


class Solver:
    """Alpha-beta search for one side of one set of rules, with its transposition table.

    A solver may be reused for successive positions of the same side (the omniscient agent does,
    move after move): with two sides the table's values do not depend on the root. With more than
    two sides they do (the paranoid value counts from the root's scores), so the table is cleared
    when the root's scores change. ``use_table`` and ``ordering`` switch the table and the move
    ordering off (for tests: neither may change a value).
    """

    def __init__(
        self, rules: GameRules, side: int, *, use_table: bool = True, ordering: bool = True
    ) -> None:
        if not 0 <= side < len(rules.sides):
            raise ValueError(f"no side {side}: the sides are 0 to {len(rules.sides) - 1}")
        self.rules = rules
        self.side = side
        self.use_table = use_table
        self.ordering = ordering
        self.table: dict[tuple[object, ...], tuple[float, float, Action | None, int]] = {}
        self.nodes = 0
        nsides = len(rules.sides)
        self._two = nsides == 2
        self._other = 1 - side if self._two else -1
        self._side_of = rules.side_of
        self._mine = tuple(rules.side_of[s] == side for s in range(rules.players))
        sign = rules.utilities([1.0] * nsides)
        self._sign = sign  # a point's worth to each side: +1, or -1 for a debit
        hints = search_hints(rules)
        self._keep_scores = hints.scores_shape_future or not self._two
        self._copy = _full_copy if hints.needs_history else _fork
        self._scoring = bool(rules.scores_in_play)
        self._pip_weight = hints.pip_weight
        self._root_scores: tuple[int, ...] = ()
        self._root_diff = 0.0
        self._max_nodes: int | None = None
        self._deadline: float | None = None
        self._horizon = 0

    # ----------------------------------------------------------------- public
    def solve(
        self,
        state: GameState,
        *,
        max_nodes: int | None = None,
        deadline: float | None = None,
    ) -> SolveResult:
        """The value of ``state`` for this solver's side and a best action (see :func:`solve`)."""
        if state.over:
            return SolveResult(0.0, None, 0, True)
        self._start(state, max_nodes, deadline)
        if max_nodes is None and deadline is None:
            value, best = self._root(state, EXACT_DEPTH)
            return SolveResult(value, best, self.nodes, True)
        found: tuple[float, Action] | None = None
        depth = 1
        try:
            while True:
                self._horizon = 0
                value, best = self._root(state, depth)
                found = (value, best)
                if not self._horizon:
                    return SolveResult(value, best, self.nodes, True)
                depth += 1
        except _Abort:
            pass
        if found is None:
            moves = self._ordered(state, None)
            found = (self._estimate(state), moves[0])
        return SolveResult(found[0], found[1], self.nodes, False)

    def action_values(self, state: GameState) -> list[tuple[Action, float]]:
        """Every candidate action (:func:`candidate_actions`) with its exact value, best first
        (ties in the engine's order)."""
        if state.over:
            return []
        self._start(state, None, None)
        out = []
        for a in candidate_actions(state):
            out.append((a, self.action_value(state, a, _started=True)))
        out.sort(key=lambda av: -av[1])
        return out

    def action_value(
        self,
        state: GameState,
        action: Action,
        *,
        max_nodes: int | None = None,
        deadline: float | None = None,
        _started: bool = False,
    ) -> float:
        """The value of taking ``action`` (any legal action) in ``state``: exact without limits;
        with ``max_nodes`` or a ``deadline``, the deepest iteration that finished (or the horizon
        estimate if none did)."""
        if not _started:
            self._start(state, max_nodes, deadline)
        child = self._copy(state)
        child.apply_fast(action)
        if max_nodes is None and deadline is None:
            return self._search(child, EXACT_DEPTH, -INF, INF)
        value: float | None = None
        depth = 1
        try:
            while True:
                self._horizon = 0
                value = self._search(child, depth, -INF, INF)
                if not self._horizon:
                    return value
                depth += 1
        except _Abort:
            pass
        return value if value is not None else self._estimate(child)

    # ----------------------------------------------------------------- internals
    def _start(self, state: GameState, max_nodes: int | None, deadline: float | None) -> None:
        self.nodes = 0
        self._max_nodes = max_nodes
        self._deadline = deadline
        scores = tuple(state.scores)
        if scores != self._root_scores:
            if not self._two:
                self.table.clear()  # paranoid values count from the root's scores
            self._root_scores = scores
            if self._two:
                sign = self._sign
                self._root_diff = (
                    sign[self.side] * scores[self.side] - sign[self._other] * scores[self._other]
                )

    def _root(self, state: GameState, depth: int) -> tuple[float, Action]:
        """Search the root with a full window; the value and the first best move."""
        moves = self._ordered(state, self._hint(state))
        maximizing = self._mine[state.turn]
        best_value = -INF if maximizing else INF
        best = moves[0]
        alpha, beta = -INF, INF
        horizon_before = self._horizon
        for a in moves:
            child = self._copy(state)
            child.apply_fast(a)
            v = self._search(child, depth - 1 if len(moves) > 1 else depth, alpha, beta)
            if maximizing:
                if v > best_value:
                    best_value, best = v, a
                    alpha = max(alpha, v)
            elif v < best_value:
                best_value, best = v, a
                beta = min(beta, v)
        exact = self._horizon == horizon_before
        self._store(state, best_value, -INF, INF, best, EXACT_DEPTH if exact else depth)
        return best_value, best

    def _hint(self, state: GameState) -> Action | None:
        entry = self.table.get(self._key(state)) if self.use_table else None
        return entry[2] if entry is not None else None

    def _key(self, s: GameState) -> tuple[object, ...]:
        key = s.search_key()
        if self._keep_scores:
            key += (*s.scores,)
        return key

    def _offset(self, s: GameState) -> float:
        """The part of a two-sided value already made on the way from the root to ``s``."""
        if not self._two:
            return 0.0
        sign, scores = self._sign, s.scores
        return (
            sign[self.side] * scores[self.side]
            - sign[self._other] * scores[self._other]
            - self._root_diff
        )

    def _terminal(self, s: GameState) -> float:
        result = s.result
        assert result is not None
        points = result.points
        sign = self._sign
        if self._two:
            me, other = self.side, self._other
            return sign[me] * points[me] - sign[other] * points[other] - self._root_diff
        root = self._root_scores
        gains = [sign[i] * (points[i] - root[i]) for i in range(len(points))]
        mine = gains[self.side]
        gains[self.side] = -INF
        return mine - max(gains)

    def _estimate(self, s: GameState) -> float:
        """A rough value at the horizon: points gained since the root plus a pip estimate."""
        rules = self.rules
        pips = [sum(rules.hand_pips(s.hands[p]) for p in side) for side in rules.sides]
        w = self._pip_weight
        if self._two:
            return self._offset(s) + w * (pips[self._other] - pips[self.side])
        sign, root = self._sign, self._root_scores
        gains = [sign[i] * (s.scores[i] - root[i]) for i in range(len(pips))]
        mine, own_pips = gains[self.side], pips[self.side]
        gains[self.side] = -INF
        pips[self.side] = 1 << 30
        return mine - max(gains) + w * (min(pips) - own_pips)

    def _ordered(self, s: GameState, hint: Action | None) -> list[Action]:
        moves = candidate_actions(s)
        if len(moves) > 1 and self.ordering:
            scoring = self._scoring
            play_points = self.rules.play_points
            table = s.table

            def rank(a: Action) -> tuple[int, int, int]:
                if type(a) is not Play:
                    return (1, 0, 0)
                t = a.tile
                if not scoring:
                    return (0, -PIPS[t], -HIGH[t])
                points = a.claim if a.claim is not None else play_points(table, a)
                return (0, -points * 4 - PIPS[t], -HIGH[t])

            moves.sort(key=rank)
        if hint is not None and len(moves) > 1 and moves[0] != hint and hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)
        return moves

    def _store(
        self,
        s: GameState,
        value: float,
        alpha: float,
        beta: float,
        best: Action | None,
        depth: int,
        key: tuple[object, ...] | None = None,
    ) -> None:
        if not self.use_table:
            return
        offset = self._offset(s)
        lo = value - offset if value > alpha else -INF
        hi = value - offset if value < beta else INF
        self.table[key if key is not None else self._key(s)] = (lo, hi, best, depth)

    def _search(self, s: GameState, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self._max_nodes is not None and self.nodes > self._max_nodes:
            raise _Abort
        if (
            self._deadline is not None
            and self.nodes % _CLOCK_EVERY == 1
            and time.monotonic() >= self._deadline
        ):
            raise _Abort
        if s.over:
            return self._terminal(s)
        key: tuple[object, ...] | None = None
        hint: Action | None = None
        if self.use_table:
            key = self._key(s)
            entry = self.table.get(key)
            if entry is not None:
                lo, hi, hint, edepth = entry
                if edepth >= depth:
                    offset = self._offset(s)
                    lo += offset
                    hi += offset
                    if edepth < EXACT_DEPTH:
                        self._horizon += 1  # a value that met a horizon somewhere below
                    if lo >= beta or lo == hi:
                        return lo
                    if hi <= alpha:
                        return hi
                    alpha = max(alpha, lo)
                    beta = min(beta, hi)
        moves = self._ordered(s, hint)
        entered = depth
        if len(moves) > 1:
            if depth <= 0:
                self._horizon += 1
                return self._estimate(s)
            depth -= 1
        horizon_before = self._horizon
        alpha0, beta0 = alpha, beta
        maximizing = self._mine[s.turn]
        best = moves[0]
        copy = self._copy
        if maximizing:
            value = -INF
            for a in moves:
                child = copy(s)
                child.apply_fast(a)
                v = self._search(child, depth, alpha, beta)
                if v > value:
                    value, best = v, a
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            value = INF
            for a in moves:
                child = copy(s)
                child.apply_fast(a)
                v = self._search(child, depth, alpha, beta)
                if v < value:
                    value, best = v, a
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if key is not None:
            stored = EXACT_DEPTH if self._horizon == horizon_before else entered
            self._store(s, value, alpha0, beta0, best, stored, key)
        return value


def alpha_in(value: float, alpha: float) -> float:
    """Placeholder replaced below (kept for type checkers)."""
    return alpha


def beta_in(value: float, beta: float) -> float:
    """Placeholder replaced below (kept for type checkers)."""
    return beta


def solve(
    state: GameState,
    side: int | None = None,
    *,
    max_nodes: int | None = None,
    deadline: float | None = None,
) -> SolveResult:
    """Solve ``state`` for ``side`` (default: the side of the seat to move).

    Without limits the result is exact. ``max_nodes`` bounds the positions visited and
    ``deadline`` is a :func:`time.monotonic` time to stop by; either makes the search deepen
    iteratively and return the best found so far, with ``complete=False`` if it was cut short.
    """
    if side is None:
        side = state.rules.side_of[state.turn]
    return Solver(state.rules, side).solve(state, max_nodes=max_nodes, deadline=deadline)


def action_values(state: GameState, side: int | None = None) -> list[tuple[Action, float]]:
    """Each candidate action (:func:`candidate_actions`) with its exact value for ``side``
    (default: the side to move), best first. The analysis API ranks moves with it."""
    if side is None:
        side = state.rules.side_of[state.turn]
    return Solver(state.rules, side).action_values(state)


def make_solver(rules: GameRules, side: int) -> Solver | CompiledSolver:
    """The exact solver for ``side``: the compiled one
    (:class:`~boneyard.core.kernel.CompiledSolver`) where the core plays these rules, else the
    pure-Python one. Both give the same values."""
    if supports(rules):
        return CompiledSolver(rules, side)
    return Solver(rules, side)
