"""One hand of a line game in progress: the state machine most games share.

A :class:`LineState` (also known as ``LineState``) is the line games' :class:`~boneyard.core.
protocol.GameState`: it holds the hands as bitmasks, the stock in draw order, the layout, whose
turn it is, the scores made during play and the history. It answers
:meth:`~LineState.legal_actions`, takes an action with :meth:`~LineState.apply` (saying what
happened; an illegal one raises :class:`IllegalAction` and changes nothing) or
:meth:`~LineState.apply_fast` (for search), copies itself cheaply with :meth:`~LineState.copy`,
and gives each seat only what that seat may see with :meth:`~LineState.observation`. A hand is
started by its rules (:meth:`~boneyard.games.line.rules.LineRules.start_hand`), the one place
that is done; :meth:`~LineState.restart` and :meth:`~LineState.replay_to` come back to it.

>>> from boneyard.games import get_game
>>> from boneyard.core.protocol import HandStart
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("block").configure(players=2)
>>> deal = [[T(t) for t in "6-6 6-5 5-5 4-4 3-3 2-2 1-1".split()],
...         [T(t) for t in "6-4 6-3 6-2 5-4 5-3 4-3 0-0".split()]]
>>> stock = [t for t in range(28) if not any(t in h for h in deal)]
>>> state = rules.start_hand(HandStart(deal, stock))
>>> state.turn, [str(a) for a in state.legal_actions()]
(0, ['6-6'])
>>> outcome = state.apply(state.legal_actions()[0])
>>> outcome.turn, outcome.scores, outcome.result
(1, (), None)
>>> [str(a) for a in state.legal_actions()]
['6-2 at L', '6-3 at L', '6-4 at L', '6-2 at R', '6-3 at R', '6-4 at R']
>>> state.apply(Play(T("0-0"), "L"))
Traceback (most recent call last):
...
boneyard.core.protocol.IllegalAction: seat 1 cannot play 0-0 at L: the end shows 6
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.actions import DRAW, PASS, Action, Draw, Move, Muggins, Pass, Play, play
from ...core.history import public_tables
from ...core.i18n import _
from ...core.layout import Layout
from ...core.protocol import (
    ACQUIRED,
    LACKS,
    PLAYED,
    Event,
    GameState,
    HandStart,
    HiddenFacts,
    IllegalAction,
    Observation,
    Outcome,
    Phase,
    Position,
    Score,
)
from ...core.tiles import BIT, DOUBLE, HIGH, LOW, NAMES, mask_of
from .options import DrawPolicy, LeadTile

if TYPE_CHECKING:
    from ...core.protocol import HandResult
    from .rules import LineRules

__all__ = ["IllegalAction", "LineState", "Observation"]

_PLAY = Phase.PLAY
_FIND_LEAD = Phase.FIND_LEAD
_OVER = Phase.OVER


class LineState(GameState):
    """The complete (hidden-information) state of one hand of a line game."""

    __slots__ = (
        "_award",
        "_legal",
        "_lost",
        "base_totals",
        "bonus_double",
        "capicua",
        "context",
        "deal",
        "discards",
        "drew",
        "finding_lead",
        "hands",
        "history",
        "last_player",
        "layout",
        "lead_by_deal",
        "leader",
        "over",
        "passes",
        "penalties",
        "phase",
        "public",
        "required_lead",
        "result",
        "rules",
        "scores",
        "stock",
        "stock_pos",
        "target_side",
        "turn",
        "unclaimed",
        "unclaimed_by",
    )

    rules: LineRules
    hands: list[int]
    deal: tuple[int, ...]
    stock: tuple[int, ...]
    stock_pos: int
    layout: Layout | None
    turn: int
    leader: int
    lead_by_deal: bool
    required_lead: int
    finding_lead: bool
    bonus_double: int
    context: Any
    discards: tuple[int, ...]
    drew: bool
    scores: list[int]
    base_totals: tuple[float, ...]
    target_side: int
    unclaimed: int
    unclaimed_by: int
    penalties: list[tuple[int, int, int]]
    history: list[Move]
    public: list[Move]
    over: bool
    result: HandResult | None
    phase: Phase
    _legal: tuple[Action, ...] | None
    _lost: int  # points an exact target refused during the last apply()
    # The pass bonuses and the blocked hand settled by who blocked it: the seat that laid the
    # last tile, the passes (by the other seats) since, and whether a player's last tile was a
    # capicúa; what the last pass earned, ``(points, reason)`` per award.
    last_player: int
    passes: int
    capicua: bool
    _award: list[tuple[int, str]]

    @classmethod
    def from_deal(
        cls,
        rules: LineRules,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int],
        leader: int | None = None,
        lead_by_deal: bool = True,
        *,
        trusted: bool = False,
        totals: Sequence[float] | None = None,
        context: Any = None,
    ) -> LineState:
        """Start a hand from a deal (tile indexes per seat) and the stock in draw order.

        ``leader`` is required where the rules decide the lead by something outside the deal
        (a draw for the lead, a rotation); where the deal decides it, it is derived, and a
        ``leader`` given must agree. ``lead_by_deal`` is false for a hand whose leader comes
        from the match (a rotation), not the deal. ``trusted`` skips checking the deal's
        tiles (for deals the engine made itself). ``totals`` are the match totals before this
        hand (an exact target needs them). ``context`` is what the hand knows from its place in
        the match (:meth:`LineRules.hand_context`: the engine double of a round).
        """
        n = rules.players
        if len(hands) != n:
            raise ValueError(_("the deal has {k} hands for {n} players").format(k=len(hands), n=n))
        if not trusted:
            rules.tiles.check_deal(hands, stock)
        masks = [mask_of(h) for h in hands]
        if lead_by_deal and rules.needs_redeal(masks):
            raise ValueError(_("no double was dealt: these rules throw the deal in and deal again"))
        self = cls.__new__(cls)
        self.rules = rules
        self.hands = masks
        self.deal = tuple(masks)
        self.stock = tuple(stock)
        self.stock_pos = 0
        self.layout = None
        self.lead_by_deal = lead_by_deal and rules.lead_from_deal()
        self.required_lead = -1
        self.finding_lead = False
        self.bonus_double = -1
        self.context = context
        self.discards = (0,) * n
        self.drew = False
        self.scores = [0] * len(rules.sides)
        self.base_totals = tuple(totals) if totals is not None else (0,) * len(rules.sides)
        self.target_side = -1
        self.unclaimed = 0
        self.unclaimed_by = -1
        self.penalties = []
        self.history = []
        # Without draws nothing in the history is hidden: the public history is the same list.
        self.public = self.history if not rules.hidden_moves else []
        self.over = False
        self.result = None
        self.phase = _PLAY
        self._legal = None
        self._lost = 0
        self.last_player = -1
        self.passes = 0
        self.capicua = False
        self._award = []
        if lead_by_deal and rules.lead_from_deal():
            derived = rules.leader_from_deal(masks, context)
            if derived is None:
                # Nobody holds a double (the engine) and the rules say to draw in turn, from seat
                # 0, until one appears: whoever draws it leads.
                first = next((k for k, t in enumerate(stock) if rules.finds_lead(t, context)), None)
                if first is None:
                    raise ValueError(_("no double in the deal or the stock: no one can lead"))
                seat = first % n
                if leader is not None and leader != seat:
                    raise _leader_disagrees(leader, seat, draws=True)
                # Who draws it is hidden in the stock: until then seat 0 is the leader of record.
                self.leader = 0
                self.finding_lead = True
                self.phase = _FIND_LEAD
                self.turn = 0
                return self
            seat, required = derived
            if leader is not None and leader != seat:
                raise _leader_disagrees(leader, seat, draws=False)
            self.leader = seat
            self.required_lead = required
        elif leader is None:
            raise ValueError(
                _("these rules decide the lead outside the deal: a leader is required")
            )
        elif not 0 <= leader < n:
            raise ValueError(_("no seat {seat}").format(seat=leader))
        else:
            self.leader = leader
        self.turn = self.leader
        return self

    @classmethod
    def from_position(cls, rules: LineRules, position: Position) -> LineState:
        """A state at the position ``position`` describes: its view's table, turn, scores,
        totals, context and public history, with its hands and stock (``stock_pos`` 0). The
        pending flags (a double's bonus play, a draw this turn, the lead being drawn for, an
        unclaimed count, a tile that must lead) are read from the public facts as any seat could.
        Its ``deal`` is the current hands (the true deal is not known): what search worlds and
        determinization play on."""
        view = position.view
        _, finding, bonus, drew = read_public(rules, view)
        st = cls.__new__(cls)
        st.rules = rules
        st.hands = list(position.hands)
        st.deal = tuple(position.hands)
        st.stock = tuple(position.stock)
        st.stock_pos = 0
        st.discards = tuple(
            position.out_of_play if s == view.seat else 0 for s in range(rules.players)
        )
        table = view.table
        st.layout = table if isinstance(table, Layout) else None
        st.turn = view.turn
        st.leader = view.leader
        st.lead_by_deal = False
        st.finding_lead = finding
        st.required_lead = -1
        if view.layout is None and not finding and view.legal_actions:
            led = {a.tile for a in view.legal_actions if isinstance(a, Play)}
            if len(led) == 1 and view.hand.bit_count() > 1:
                st.required_lead = led.pop()
        st.bonus_double = bonus
        st.context = view.context
        st.drew = drew
        st.scores = list(view.scores)
        st.base_totals = view.totals
        st.target_side = -1
        if rules.target_exact:
            for side, score in enumerate(view.scores):
                if view.totals[side] + score == rules.target_score:
                    st.target_side = side
                    break
        st.unclaimed = 0
        st.unclaimed_by = -1
        history = list(view.history)
        if rules.claims and history:
            last = history[-1]
            action = last.action
            if isinstance(action, Play) and action.claim is None and view.layout is not None:
                st.unclaimed = rules.score_play(st, last.seat, action)
                st.unclaimed_by = last.seat if st.unclaimed else -1
        st.penalties = []
        st.history = history
        st.public = history if not rules.hidden_moves else list(history)
        st.over = view.over
        st.result = None
        st.phase = _OVER if view.over else _FIND_LEAD if finding else _PLAY
        st._legal = None
        st._lost = 0
        st.last_player, st.passes = _since_last_play(history)
        st.capicua = False
        st._award = []
        return st

    # ----------------------------------------------------------------- the start again
    @property
    def start(self) -> HandStart:
        """What this hand started from: its deal, stock, lead (a deal's double, an engine drawn
        for, a rotation), match context (the engine double of a round, a pool's stake) and
        totals. :meth:`restart` rebuilds the hand from it, exactly as the hand first found its
        lead."""
        return HandStart(
            [_tiles(m) for m in self.deal],
            self.stock,
            None if self.lead_by_deal else self.leader,
            lead_by_deal=self.lead_by_deal,
            totals=self.base_totals,
            context=self.context,
            trusted=True,
        )

    def restart(self) -> LineState:
        """This hand again at its first move (see :meth:`GameState.restart`)."""
        return LineState.from_deal(
            self.rules,
            [_tiles(m) for m in self.deal],
            self.stock,
            None if self.lead_by_deal else self.leader,
            lead_by_deal=self.lead_by_deal,
            trusted=True,
            totals=self.base_totals,
            context=self.context,
        )

    def replay_to(self, moves: int) -> LineState:
        """A new state of this hand after its first ``moves`` moves (0: its start)."""
        if not 0 <= moves <= len(self.history):
            raise ValueError(f"the hand has {len(self.history)} moves, not {moves}")
        state = self.restart()
        for move in self.history[:moves]:
            state.apply_fast(move.action, seat=move.seat)
        return state

    def deal_voids(self) -> list[int]:
        """Per seat, the tiles it cannot have been dealt, given how the lead went: those that,
        dealt to it instead of to their holder, would have given the lead (or the tile to lead)
        to someone else, or decided by the deal a lead that was drawn for. Nothing where the deal
        does not decide the lead. What a reader of the public moves can infer from the lead."""
        rules = self.rules
        n = rules.players
        if not self.lead_by_deal:
            return [0] * n
        masks = list(self.deal)
        real = rules.leader_from_deal(masks, self.context)
        out = []
        for s in range(n):
            void = 0
            for x in _tiles(rules.tiles.all_mask & ~masks[s]):
                trial = [m & ~BIT[x] for m in masks]
                trial[s] |= BIT[x]
                if rules.leader_from_deal(trial, self.context) != real:
                    void |= BIT[x]
            out.append(void)
        return out

    # ----------------------------------------------------------------- copying
    def copy(self, history: bool = True) -> LineState:
        """A copy sharing every immutable part (layout, stock, deal, rules). With
        ``history=False`` the copy starts an empty history (and no penalties): what a search
        needs, since the engine reads the history only for the move it has just appended and for
        the ``last_to_play`` tie-break."""
        c = LineState.__new__(LineState)
        self._copy_fields(c, history)
        c.layout = self.layout
        c.lead_by_deal = self.lead_by_deal
        c.required_lead = self.required_lead
        c.finding_lead = self.finding_lead
        c.bonus_double = self.bonus_double
        c.drew = self.drew
        c.target_side = self.target_side
        c.unclaimed = self.unclaimed
        c.unclaimed_by = self.unclaimed_by
        c.penalties = self.penalties[:] if history else []
        c._legal = self._legal
        c._lost = 0
        c.last_player = self.last_player
        c.passes = self.passes
        c.capicua = self.capicua
        c._award = []
        return c

    def kernel_state(self) -> LineState:
        """This hand as the compiled core reads it: the state itself (it has every field the
        core's :class:`~boneyard.core.kernel.KernelState` names)."""
        return self

    def hidden_changed(self) -> None:
        self._legal = None

    def search_key(self) -> tuple[object, ...]:
        """What decides the rest of the hand (see :meth:`GameState.search_key`): the hands, the
        seat to move, the stock position, the open ends (a plain two-ended line up to mirror
        image), and the pending flags (a double's bonus play, a draw this turn, an unclaimed
        count, the lead being drawn for, a tile that must lead)."""
        lay = self.layout
        lk: object
        if lay is None:
            lk = None
        elif len(lay.names) == 2:
            # A plain line: the same position up to mirror image.
            a = (lay.pips[0], lay.tips[0])
            b = (lay.pips[1], lay.tips[1])
            lk = (a, b) if a <= b else (b, a)
        else:
            lk = lay.search_key()
        return (
            *self.hands,
            self.turn,
            self.stock_pos,
            lk,
            self.bonus_double,
            self.drew,
            self.unclaimed,
            self.unclaimed_by,
            self.finding_lead,
            self.required_lead,
            *((self.passes,) if self.rules.pass_bonuses else ()),
        )

    def stock_next(self, tiles: Sequence[int]) -> None:
        """Make ``tiles`` the next ones drawn (see :meth:`GameState.stock_next`)."""
        pos = self.stock_pos
        rest = [t for t in self.stock[pos:] if t not in tiles]
        self.stock = (*self.stock[:pos], *tiles, *rest)

    def public_key(self) -> tuple[object, ...]:
        """The public part of the position (see :meth:`GameState.public_key`): the table, the
        stock position, the seat to move, the pending flags, and whether the hand is over."""
        return (self.over, *self.search_key()[len(self.hands) :])

    @property
    def table(self) -> Layout | None:
        """The public table: the layout (``None`` before the lead)."""
        return self.layout

    # ----------------------------------------------------------------- queries
    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take now (empty once the hand is over)."""
        legal = self._legal
        if legal is None:
            legal = () if self.over else tuple(self.rules.legal_actions(self))
            self._legal = legal
        return list(legal)

    def legal_tuple(self) -> tuple[Action, ...]:
        """The legal actions as the engine's own cached tuple (no copy): for hot loops."""
        legal = self._legal
        if legal is None:
            legal = () if self.over else tuple(self.rules.legal_actions(self))
            self._legal = legal
        return legal

    def drawable(self) -> int:
        """How many stock tiles may still be drawn."""
        return max(0, len(self.stock) - self.stock_pos - self.rules.reserve)

    def stock_size(self) -> int:
        return len(self.stock) - self.stock_pos

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self.hands)

    # ----------------------------------------------------------------- acting
    def apply(self, action: Action, seat: int | None = None) -> Outcome:
        """Take ``action`` for the seat to move and say what happened (see
        :meth:`GameState.apply`). Raises :class:`IllegalAction` (changing nothing) if the rules
        do not allow it, or if ``seat`` is given and is not to move."""
        scores = tuple(self.scores)
        penalties = len(self.penalties)
        reached = self.target_side
        finding = self.finding_lead
        self._lost = 0
        self.apply_fast(action, seat)
        return self._outcome(scores, penalties, reached, finding)

    def _outcome(
        self, scores: tuple[int, ...], penalties: int, reached: int, finding: bool
    ) -> Outcome:
        """The :class:`Outcome` of the move just applied, from what it changed."""
        rules = self.rules
        index = len(self.history) - 1
        move = self.history[index]
        public = self.public[-1]
        action = move.action
        kind = type(action)
        said: list[Score] = []
        events: list[Event] = []
        side = rules.side_of[move.seat]
        if kind is Muggins:
            said.append(Score(side, move.points, "muggins", move.seat, self._lost))
        elif kind is Play:
            if move.points or self._lost:
                said.append(Score(side, move.points, rules.play_reason, move.seat, self._lost))
            elif self.unclaimed and self.unclaimed_by == move.seat:
                events.append(Event("unclaimed", move.seat, side))
            if not self.over and not self.hands[move.seat]:
                events.append(Event("out", move.seat, side))
        for at, victim, points in self.penalties[penalties:]:
            if at == index:
                said.append(Score(victim, points, "penalty", move.seat))
        if kind is Pass and self._award:
            earner = rules.side_of[self.last_player]
            said += [Score(earner, points, why, move.seat) for points, why in self._award]
        if finding and not self.finding_lead and kind is Draw:
            events.append(Event("lead_found", move.seat))
        if reached < 0 <= self.target_side:
            events.append(Event("target", side=self.target_side))
        return Outcome(
            index,
            move,
            public,
            tuple(said),
            tuple(events),
            -1 if self.over else self.turn,
            self.phase,
            self.result if self.over else None,
        )

    def apply_fast(self, action: Action, seat: int | None = None) -> None:
        """:meth:`apply` without building the outcome: what search and simulation use."""
        if seat is not None and seat != self.turn:
            raise IllegalAction(
                "the hand is over"
                if self.over
                else f"seat {seat} is not to move (seat {self.turn} is)"
            )
        legal = self._legal
        if legal is None:
            legal = () if self.over else tuple(self.rules.legal_actions(self))
            self._legal = legal
        if action not in legal:
            action = self.normalize(action)
            if action not in legal:
                raise IllegalAction(self.why_illegal(action))
        self._legal = None
        seat = self.turn
        if self.unclaimed and type(action) is not Muggins:
            self.unclaimed = 0  # the chance to call muggins passes with the next action
        if type(action) is Play:
            self._play(seat, action)
        elif type(action) is Draw:
            self._draw(seat)
        elif type(action) is Muggins:
            self._muggins(seat, action)
        else:
            self._pass(seat)

    def normalize(self, action: Action) -> Action:
        """The canonical form of a play written loosely (a lead without orientation, a redundant
        ``open``): the one normalisation :meth:`apply`, :meth:`is_legal` and
        :meth:`why_illegal` share."""
        if not isinstance(action, Play):
            return action
        t, end, claim = action.tile, action.end, action.claim
        if claim is not None and not self.rules.claims:
            return action  # illegal: this game has no claims
        if end is None:
            if action.open is not None and action.open not in (HIGH[t], LOW[t]):
                return action  # illegal: the lead cannot show a pip it does not have
            right = None if DOUBLE[t] else (LOW[t] if action.open is None else action.open)
        else:
            right = action.open
            if right is not None and self.layout is not None:
                right = self.rules.canonical_open(self.layout, t, end, right)
        return play(t, end, right) if claim is None else Play(t, end, right, claim)

    def _play(self, seat: int, action: Play) -> None:
        rules = self.rules
        t = action.tile
        hands = self.hands
        layout = self.layout
        if hands[seat] == BIT[t] and rules.capicua_scored:
            self.capicua = rules.is_capicua(layout, t)
        hands[seat] ^= BIT[t]
        self.last_player = seat
        self.passes = 0
        self.layout = (
            rules.lead_layout(t, action.open) if layout is None else rules.lay(layout, action)
        )
        if rules.table_hooks:
            self.layout = rules.table_after(self.layout, seat, action)
        points = rules.score_play(self, seat, action) if rules.scores_in_play else 0
        out = not hands[seat]
        if rules.claims:
            points = self._settle_claim(seat, action, points)
        if points and not out:
            points = self._add_points(rules.side_of[seat], points)
        move = _new_move(Move, (seat, action, None, points))
        self.history.append(move)
        if self.public is not self.history:
            self.public.append(move)
        was_bonus = self.bonus_double >= 0
        self.bonus_double = -1
        self.drew = False
        if out:
            if rules.both_partners_out and any(hands[p] for p in rules.sides[rules.side_of[seat]]):
                # Partnership play goes on until both partners are out.
                if points:
                    self._set_last_points(self._add_points(rules.side_of[seat], points))
            else:
                self._finish("domino", seat, points)
                return
        if (
            rules.turn_after_double
            and DOUBLE[t]
            and (not was_bonus or rules.bonus_repeats)
            and rules.keeps_turn(hands[seat], self.layout, t)
        ):
            self.bonus_double = t
            if rules.is_blocked(self):
                self._finish("blocked", None)
            return
        if rules.is_blocked(self):
            self._finish("blocked", None)
            return
        turn = (seat + 1) % rules.players
        if not hands[turn]:
            turn = self._next_seat(seat)
        self.turn = turn

    def _next_seat(self, seat: int) -> int:
        """The next seat in play order that still holds tiles."""
        n = self.rules.players
        turn = (seat + 1) % n
        while not self.hands[turn] and turn != seat:
            turn = (turn + 1) % n
        return turn

    def _add_points(self, side: int, points: int) -> int:
        """Score ``points`` for ``side`` during play; returns what was scored. With an exact
        target, a score that would pass it is ignored."""
        rules = self.rules
        if rules.target_exact:
            total = self.base_totals[side] + self.scores[side] + points
            if total > rules.target_score:
                self._lost = points  # refused: what apply() tells as forfeited
                return 0
            if total == rules.target_score and self.target_side < 0:
                self.target_side = side
        self.scores[side] += points
        return points

    def _set_last_points(self, points: int) -> None:
        last = self.history[-1]
        move = _new_move(Move, (last.seat, last.action, last.drawn, points))
        self.history[-1] = move
        self.public[-1] = move

    def _settle_claim(self, seat: int, action: Play, points: int) -> int:
        """Where scores must be claimed: the points the play earns its side (a correct claim),
        a penalty to the next side for a wrong claim, or an unclaimed count left for muggins."""
        rules = self.rules
        claim = action.claim
        if claim is None:
            if points:
                self.unclaimed = points
                self.unclaimed_by = seat
            return 0
        if claim == points:
            return points
        if rules.false_claim_penalty and claim > 0:
            victim = (seat + 1) % rules.players
            while rules.side_of[victim] == rules.side_of[seat]:
                victim = (victim + 1) % rules.players
            scored = self._add_points(rules.side_of[victim], claim)
            if scored:
                self.penalties.append((len(self.history), rules.side_of[victim], scored))
        return 0

    def _muggins(self, seat: int, action: Muggins) -> None:
        points = self._add_points(self.rules.side_of[seat], action.points)
        self.unclaimed = 0
        move = _new_move(Move, (seat, action, None, points))
        self.history.append(move)
        if self.public is not self.history:
            self.public.append(move)

    def _draw(self, seat: int) -> None:
        t = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.hands[seat] |= BIT[t]
        self.history.append(Move(seat, DRAW, t))
        self.public.append(Move(seat, DRAW, None))
        if self.finding_lead:
            if self.rules.finds_lead(t, self.context):
                self.finding_lead = False
                self.phase = _PLAY
                self.leader = seat
                self.required_lead = (
                    t if self.rules.lead_tile_rule is LeadTile.THE_DECIDING_DOUBLE else -1
                )
                self.turn = seat
            else:
                self.turn = (seat + 1) % self.rules.players
            return
        self.drew = True
        if self.rules.is_blocked(self):
            self._finish("blocked", None)

    def _pass(self, seat: int) -> None:
        if self.rules.table_hooks and self.layout is not None:
            self.layout = self.rules.table_after(self.layout, seat, PASS)
        move = _new_move(Move, (seat, PASS, None, 0))
        self.history.append(move)
        if self.public is not self.history:
            self.public.append(move)
        self.bonus_double = -1
        if self._award:
            self._award = []
        if seat != self.last_player >= 0:
            self.passes += 1
            if self.rules.pass_bonuses:
                self._pass_awards()
        self._advance(seat)

    def _pass_awards(self) -> None:
        """Score what the pass just made earns the last player's side (the pass bonuses)."""
        side = self.rules.side_of[self.last_player]
        awards = []
        for points, why in self.rules.pass_awards(self):
            scored = self._add_points(side, points)
            if scored:
                awards.append((scored, why))
        self._award = awards

    def _advance(self, seat: int) -> None:
        self.drew = False
        self.turn = self._next_seat(seat)

    def _finish(self, ended: str, out_seat: int | None, last_points: int = 0) -> None:
        """End the hand. ``last_points`` is what the going-out play made: it is scored at the same
        moment as the end-of-hand points (with an exact target they stand or fall together)."""
        rules = self.rules
        self.over = True
        self.phase = _OVER
        result = rules.hand_result(self, ended, out_seat)
        end_points = list(result.end_points)
        if rules.target_exact:
            for side, pts in enumerate(end_points):
                moment = pts + (
                    last_points if out_seat is not None and side == rules.side_of[out_seat] else 0
                )
                if (
                    moment
                    and self.base_totals[side] + self.scores[side] + moment > rules.target_score
                ):
                    end_points[side] = 0
                    if out_seat is not None and side == rules.side_of[out_seat] and last_points:
                        self._lost = last_points
                        last_points = 0
        if out_seat is not None and (last_points or self.history[-1].points):
            if last_points:
                last_points = self._add_points(rules.side_of[out_seat], last_points)
            self._set_last_points(last_points)
        if rules.target_exact:
            for side, pts in enumerate(end_points):
                total = self.base_totals[side] + self.scores[side] + pts
                if pts and total == rules.target_score and self.target_side < 0:
                    self.target_side = side
        points = tuple(s + e for s, e in zip(self.scores, end_points, strict=True))
        self.result = replace(
            result,
            points=points,
            end_points=tuple(end_points),
            target_side=self.target_side if self.target_side >= 0 else None,
        )
        self._legal = ()

    # ----------------------------------------------------------------- explaining
    def why_illegal(self, action: Action) -> str:
        """A sentence saying why ``action`` (as :meth:`normalize` writes it) is not legal now."""
        if self.over:
            return "the hand is over"
        action = self.normalize(action)
        seat = self.turn
        legal = self.rules.legal_actions(self)
        # Claim variants are listed once, not once per claimable value.
        options = ", ".join(str(a) for a in legal if not (isinstance(a, Play) and a.claim))
        if any(isinstance(a, Play) and a.claim for a in legal):
            options += "; a play may claim its points"
        if isinstance(action, Play):
            t = action.tile
            if not 0 <= t < self.rules.tiles.size:
                return f"tile {NAMES[t] if 0 <= t < len(NAMES) else t} is not in this set"
            if action.claim is not None and not self.rules.claims:
                return f"{self.rules.game.id} has no claims under these rules: scoring is automatic"
            if not self.hands[seat] & BIT[t]:
                return f"seat {seat} does not hold {NAMES[t]}"
            if self.finding_lead:
                return f"seat {seat} must draw until a double appears"
            if self.layout is None:
                if action.end is not None:
                    return f"the first tile is a lead: it takes no end (legal: {options})"
                if self.required_lead >= 0 and t != self.required_lead:
                    return f"seat {seat} must lead {NAMES[self.required_lead]}"
                if action.open is not None and action.open not in (HIGH[t], LOW[t]):
                    return (
                        f"open {action.open} contradicts the lead: {NAMES[t]} has no {action.open}"
                    )
                return f"seat {seat} cannot lead {action} (legal: {options})"
            layout = self.layout
            if action.end is None:
                return f"seat {seat} must name an end for {NAMES[t]} (legal: {options})"
            if action.end not in layout.names:
                return f"there is no end {action.end} (ends: {', '.join(layout.names)})"
            i = layout.names.index(action.end)
            pip = layout.pips[i]
            if pip < 0:
                return f"end {action.end} is not open yet"
            same = [a for a in legal if isinstance(a, Play) and a.tile == t and a.end == action.end]
            if action.open is not None and same:
                # What the rules let this tile leave showing there.
                shown = sorted(
                    {self.rules.end_label(self.rules.lay(layout, a).pips[i]) for a in same}
                )
                return (
                    f"open {action.open} contradicts the rules: {NAMES[t]} at {action.end} "
                    f"can leave {' or '.join(shown)} showing"
                )
            closed = self.rules.end_closed(layout, seat, i)
            if closed:
                return f"seat {seat} cannot play {NAMES[t]} at {action.end}: {closed}"
            if self.bonus_double >= 0:
                return f"seat {seat} {self.rules.bonus_rule(self.bonus_double)} (legal: {options})"
            if i not in self.rules.allowed_ends(layout):
                return f"end {action.end} cannot be played on until the spinner is complete"
            if not self.rules.end_mask[pip] & BIT[t]:
                shows = self.rules.end_label(pip)
                return f"seat {seat} cannot play {NAMES[t]} at {action.end}: the end shows {shows}"
            if action.open is None and any(
                isinstance(a, Play) and a.tile == t and a.end == action.end and a.open is not None
                for a in legal
            ):
                return (
                    f"seat {seat} must say which pip {NAMES[t]} leaves exposed at {action.end} "
                    "(open)"
                )
            return f"seat {seat} cannot play {action} (legal: {options})"
        if isinstance(action, Draw):
            if not self.rules.can_draw and not self.finding_lead:
                return "there is no drawing in this game"
            if self.drawable() == 0:
                return f"seat {seat} cannot draw: the stock is down to its reserve"
            if self.drew and self.rules.draw_policy is DrawPolicy.ONE_THEN_PASS:
                return f"seat {seat} has drawn already this turn"
            return f"seat {seat} cannot draw while able to play (legal: {options})"
        if isinstance(action, Pass):
            return f"seat {seat} cannot pass while able to act (legal: {options})"
        return f"{action} is not an action of this game (legal: {options})"

    # ----------------------------------------------------------------- views
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: its own tiles, the table, the others' tile counts, the stock
        size, the public history (draws without their tiles) and the scores."""
        legal: tuple[Action, ...] = ()
        if seat == self.turn and not self.over:
            cached = self._legal
            if cached is None:
                cached = self._legal = tuple(self.rules.legal_actions(self))
            legal = cached
        return Observation(self, seat, self.layout, legal)

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(NAMES[t] for t in _tiles(h)) for h in self.hands)
        return (
            f"<LineState {self.rules.game.id} turn={self.turn} layout={self.layout} hands={hands}>"
        )


_new_move = tuple.__new__


class PublicReading(NamedTuple):
    """What a line game's public history shows (:func:`read_public`): the facts about the hidden
    tiles, and the flags a copy of the position must carry over (the lead being drawn for, the
    double whose bonus play is pending or -1, a draw this turn)."""

    facts: HiddenFacts
    finding_lead: bool
    bonus_double: int
    drew: bool


def read_public(rules: LineRules, view: Observation) -> PublicReading:
    """Read ``view``'s public history move by move (the table followed by the one replayer,
    :func:`~boneyard.core.history.public_tables`): each seat's acquisitions, the tiles it showed
    it lacked, its plays.

    A pass, or a forced draw, when the ends showed certain pips proves the seat held nothing
    playable there (``playable_mask_for`` the table then) at that moment. No void is read from
    a draw where drawing is voluntary (the observer cannot tell a forced draw from a chosen
    one), from the pass that declines a double's bonus play, or for the wild tiles a seat may
    keep rather than lay (``draw_keeps_wild``). While the lead is found by drawing, nobody was
    dealt a tile that finds it and every draw but the last drew none. A double's bonus play
    offered means its seat holds a tile for it until it plays again, and a double laid with no
    bonus play after it (``double_bonus_play``) that it held none matching the double; a hand
    not over means some seat can still play (or draw)."""
    n = rules.players
    history = view.history
    timelines: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    doubles = rules.lead_finder_mask(view.context)
    wild = rules.wild_tiles if rules.draw_keeps_wild else 0
    layout: Layout | None = None
    finding = False
    bonus = -1  # the double whose bonus play is pending
    must_hold: tuple[int, int] | None = None  # (seat, tiles): it holds one of them
    drew = False
    nxt_actor = _next_actors(view)
    tables = public_tables(rules, history)
    for i, move in enumerate(history):
        action = move.action
        s = move.seat
        kind = type(action)
        after = tables[i + 1]
        assert after is None or isinstance(after, Layout)
        if kind is Play:
            assert isinstance(action, Play) and after is not None
            t = action.tile
            timelines[s].append((PLAYED, t))
            layout = after
            finding = False
            was_bonus = bonus >= 0
            bonus = -1
            if must_hold and must_hold[0] == s:
                must_hold = None
            if (
                rules.double_bonus_play
                and DOUBLE[t]
                and (not was_bonus or rules.bonus_repeats)
                and nxt_actor[i] >= 0
            ):
                fits = _bonus_fits(rules, layout, t)
                if nxt_actor[i] == s:
                    # The bonus was offered: the seat held a tile matching the double there,
                    # and holds it until it plays again.
                    bonus = t
                    must_hold = (s, fits)
                else:
                    # It was not: the seat held no tile matching the double there.
                    timelines[s].append((LACKS, fits))
            drew = False
        elif kind is Draw:
            if layout is None:
                # Drawing for the lead: nobody was dealt a double, and each draw but the one
                # that finds a double (the drawer then leads: moves next) drew none.
                if not finding:
                    finding = True
                    for tl in timelines:
                        tl.append((LACKS, doubles))
                timelines[s].append((ACQUIRED, 1))
                if nxt_actor[i] != s:
                    timelines[s].append((LACKS, doubles))
                else:
                    finding = False
                continue
            if not rules.voluntary_draw:
                timelines[s].append((LACKS, rules.playable_mask_for(layout, s) & ~wild))
            timelines[s].append((ACQUIRED, 1))
            drew = True
            bonus = -1
        elif kind is Pass:
            if layout is not None and bonus < 0:
                timelines[s].append((LACKS, rules.playable_mask_for(layout, s)))
            layout = after  # a pass may mark the table (a train open to all)
            bonus = -1
            drew = False
    if (
        layout is None
        and not finding
        and view.legal_actions
        and all(type(a) is Draw for a in view.legal_actions)
    ):
        # This seat must draw for the lead before anyone has: nobody was dealt a double.
        finding = True
        for tl in timelines:
            tl.append((LACKS, doubles))
    facts = _facts(rules, view, timelines, layout, must_hold)
    drew = drew and bool(history) and history[-1].seat == view.turn
    return PublicReading(facts, finding, bonus, drew)


def _next_actors(view: Observation) -> list[int]:
    """Who acted after each move of ``view``'s history (calls of muggins apart): the next actor,
    or the seat to move (-1 once the hand is over)."""
    history = view.history
    actors = [m.seat for m in history if type(m.action) is not Muggins]
    nxt_actor = [-1] * len(history)
    following = view.turn if not view.over else -1
    k = len(actors)
    for i in range(len(history) - 1, -1, -1):
        nxt_actor[i] = following
        if type(history[i].action) is not Muggins:
            k -= 1
            following = actors[k]
    return nxt_actor


def _bonus_fits(rules: LineRules, layout: Layout, double: int) -> int:
    """The tiles that would make a bonus play after ``double``, just laid on ``layout`` (any
    playable tile: a game may let the bonus go elsewhere than on the double)."""
    fits = 0
    for u in _tiles(rules.playable_mask(layout)):
        if rules.bonus_plays(BIT[u], layout, double):
            fits |= BIT[u]
    return fits


def _facts(
    rules: LineRules,
    view: Observation,
    timelines: list[list[tuple[int, int]]],
    layout: Layout | None,
    must_hold: tuple[int, int] | None,
) -> HiddenFacts:
    """The hidden facts once the moves are read: each seat's deal put first in its timeline,
    and what a hand not over proves."""
    # The hand is not over: the last block check (after the last play or draw) found a seat
    # able to play, or a tile to draw. Only passes came since, so the hands are the same.
    alive = 0
    if (
        layout is not None
        and not view.over
        and (rules.early_block_detection or view.drawable == 0 or not rules.can_draw)
    ):
        alive = rules.playable_mask(layout)
        if view.hand & alive:
            alive = 0
    # The deal: whatever the seat holds or played beyond what it drew.
    for s, tl in enumerate(timelines):
        played = sum(1 for kind, _ in tl if kind == PLAYED)
        drawn = sum(1 for kind, _ in tl if kind == ACQUIRED)
        tl.insert(0, (ACQUIRED, view.hand_sizes[s] + played - drawn))
    placed = layout.placed if layout is not None else 0
    return HiddenFacts(
        tuple(tuple(tl) for tl in timelines),
        rules.tiles.all_mask & ~view.hand & ~placed,
        alive,
        rules.early_block_detection,
        must_hold if must_hold is not None and must_hold[0] != view.seat else None,
    )


def _since_last_play(history: Sequence[Move]) -> tuple[int, int]:
    """The seat that laid the last tile in ``history`` (-1: none yet) and the passes by the other
    seats since."""
    passers: list[int] = []
    for move in reversed(history):
        if type(move.action) is Play:
            return move.seat, sum(1 for s in passers if s != move.seat)
        if type(move.action) is Pass:
            passers.append(move.seat)
    return -1, 0


def _tiles(mask: int) -> list[int]:
    out = []
    while mask:
        low_bit = mask & -mask
        out.append(low_bit.bit_length() - 1)
        mask ^= low_bit
    return out


def _leader_disagrees(leader: int, seat: int, *, draws: bool) -> ValueError:
    """A record's leader that the deal contradicts: ``seat`` leads (``draws``: draws the first
    double) under these rules."""
    message = (
        _("leader {leader} disagrees with the deal: seat {seat} draws the first double")
        if draws
        else _("leader {leader} disagrees with the deal: seat {seat} leads under these rules")
    )
    return ValueError(message.format(leader=leader, seat=seat))
