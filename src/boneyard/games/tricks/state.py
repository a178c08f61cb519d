"""What the hand of every trick-taking game keeps the same way: the hands, the turn, the table
moved on by the rules' one transition, a tile played to the trick and the trick taken, the
legal actions, the checks of an action, copies and worlds for search.

A trick game's hand subclasses :class:`TrickState` with what is its own: its phases before the
play (:meth:`TrickState._before_play`: a bidding, the decisions to stand or drop out), what a
trick taken scores (:meth:`TrickState._trick_points`) and what ends the play
(:meth:`TrickState._tricks_done`, :meth:`TrickState._end_of_play`).

>>> from boneyard.games import get_game
>>> from boneyard.core.protocol import HandStart
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("domino-loo").configure(players=2)
>>> hands = [[T(t) for t in "6-6 6-5 6-4 6-3 6-2".split()],
...          [T(t) for t in "5-5 5-4 5-3 5-2 5-1".split()]]
>>> stock = [t for t in range(28) if not any(t in h for h in hands)]  # 0-0 turned up: blanks
>>> state = rules.start_hand(HandStart(hands, stock, leader=0, lead_by_deal=False))
>>> for action in ("stand", "stand", "6-6"):
...     _ = state.apply(state.rules.parse_action(action, state.observation(state.turn)))
>>> [str(a) for a in state.legal_actions()]  # seat 1 holds no six: any tile
['5-1', '5-2', '5-3', '5-4', '5-5']
>>> outcome = state.apply(state.legal_actions()[0])
>>> outcome.events[0].kind, outcome.events[0].seat, state.turn, state.hands[1].bit_count()
('trick', 0, 0, 4)
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar

from ...core.actions import Action, Move, Play
from ...core.i18n import NP_
from ...core.protocol import (
    Event,
    GameState,
    HandResult,
    HandStart,
    IllegalAction,
    Outcome,
    Phase,
    Position,
    Score,
)
from ...core.tiles import BIT, NAMES, tiles_of
from .table import Trick, TrickPlay

if TYPE_CHECKING:
    from .rules import TrickRules

__all__ = ["TrickState"]

T = TypeVar("T", bound=TrickPlay)

# The sentences of the engine (why a tile is refused in any trick game), told whole in another
# language.
ENGINE_SENTENCES = (
    NP_("engine", "{action} is not a move of the play (legal: {options})"),
    NP_("engine", "tile {n} is not in this set"),
    NP_("engine", "a tile is played to the trick: it takes no end"),
    NP_("engine", "it is {seat}'s turn, not {seat2}'s"),
)


class TrickState(GameState, Generic[T]):
    """One hand of a trick-taking game, its table a ``T`` (the complete state; see the
    module)."""

    __slots__ = (
        "_legal",
        "_table",
        "base_totals",
        "context",
        "deal",
        "discards",
        "hands",
        "history",
        "leader",
        "over",
        "phase",
        "public",
        "result",
        "rules",
        "scores",
        "stock",
        "stock_pos",
        "turn",
    )

    rules: TrickRules[T]
    _table: T
    _legal: tuple[Action, ...] | None

    calls_suit = False
    """Whether a tile played may carry the suit its seat names (``open``: Texas 42's lead that
    calls the end it leads); elsewhere a tile played with an ``open`` is illegal as written."""

    # ----------------------------------------------------------------- building
    @classmethod
    def _new(
        cls,
        rules: TrickRules[T],
        hands: Sequence[int],
        table: T,
        phase: Phase,
        *,
        leader: int,
        totals: tuple[float, ...],
        context: Any,
        stock: Sequence[int] = (),
    ) -> Self:
        """A hand at its first move: ``hands`` dealt (masks), ``leader`` to move, nothing
        played, the public history the history itself where no move hides anything."""
        state = cls.__new__(cls)
        state.rules = rules
        state.hands = list(hands)
        state.deal = tuple(hands)
        state.stock = tuple(stock)
        state.stock_pos = 0
        state.leader = state.turn = leader
        state.scores = [0] * len(rules.sides)
        state.base_totals = totals
        state.context = context
        state.discards = (0,) * rules.players
        state.history = []
        state.public = [] if rules.hidden_moves else state.history
        state.over = False
        state.result = None
        state.phase = phase
        state._table = table
        state._legal = None
        return state

    @classmethod
    def _at_position(cls, rules: TrickRules[T], position: Position, table: T) -> Self:
        """The hand at ``position`` (on its view's ``table``): the view's turn, scores and public
        history, with the position's hands, its stock and the viewer's tiles thrown out. Its
        ``deal`` is the hands now (the true deal is not known): what search worlds and resampling
        play on."""
        view = position.view
        state = cls._new(
            rules,
            position.hands,
            table,
            view.phase,
            leader=view.leader,
            totals=view.totals,
            context=view.context,
            stock=position.stock,
        )
        state.turn = view.turn
        state.scores = list(view.scores)
        state.discards = tuple(
            position.out_of_play if s == view.seat else 0 for s in range(rules.players)
        )
        state.history = list(view.history)
        state.public = list(view.history)
        state.over = view.over
        return state

    @property
    def start(self) -> HandStart:
        """What this hand started from: its deal, its stock (the turn-up or the widow first),
        its first seat to move, its context (a pool's stake) and the totals."""
        return HandStart(
            [list(tiles_of(m)) for m in self.deal],
            self.stock,
            self.leader,
            lead_by_deal=False,
            totals=self.base_totals,
            context=self.context,
            trusted=True,
        )

    # ----------------------------------------------------------------- the table
    @property
    def table(self) -> T:
        """The public table (a :class:`~boneyard.games.tricks.table.TrickPlay`)."""
        return self._table

    # ----------------------------------------------------------------- queries
    def legal_tuple(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.over else tuple(self._legal_actions())
        return legal

    @abc.abstractmethod
    def _legal_actions(self) -> list[Action]:
        """The legal actions of a hand that is not over."""

    def _why_not_played(self, action: Action, options: str) -> str | None:
        """Why ``action`` is not a tile this seat may play to the trick, where the reason is
        not the game's own (``options``: the legal actions in words); ``None`` if it is a tile
        the seat holds."""
        if not isinstance(action, Play):
            return f"{action} is not a move of the play (legal: {options})"
        t = action.tile
        if not 0 <= t < self.rules.tiles.size:
            return f"tile {t} is not in this set"
        if action.end is not None or (action.open is not None and not self.calls_suit):
            return "a tile is played to the trick: it takes no end"
        if not self.hands[self.turn] & BIT[t]:
            return f"seat {self.turn} does not hold {NAMES[t]}"
        return None

    # ----------------------------------------------------------------- acting
    def _check(self, action: Action, seat: int | None) -> Action:
        """``action`` as the rules take it (normalised where written loosely), or
        :class:`~boneyard.core.protocol.IllegalAction` saying why not."""
        if seat is not None and seat != self.turn:
            raise IllegalAction(
                "the hand is over"
                if self.over
                else f"seat {seat} is not to move (seat {self.turn} is)"
            )
        legal = self.legal_tuple()
        if action not in legal:
            action = self.normalize(action)
            if action not in legal:
                raise IllegalAction(self.why_illegal(action))
        return action

    def apply(self, action: Action, seat: int | None = None) -> Outcome:
        """Take ``action`` for the seat to move and say what happened: a trick taken with an
        :class:`~boneyard.core.protocol.Event` ``"trick"`` (and the points it scores, where it
        scores, reason ``"trick"``); the hand's end carries its result."""
        action = self._check(action, seat)
        index = len(self.history)
        scores, events = self._apply(action, tell=True)
        return Outcome(
            index,
            self.history[index],
            self.public[index],
            tuple(scores),
            tuple(events),
            -1 if self.over else self.turn,
            self.phase,
            self.result,
        )

    def apply_fast(self, action: Action, seat: int | None = None) -> None:
        """:meth:`apply` without building the outcome: what search and simulation use."""
        self._apply(self._check(action, seat), tell=False)

    def _apply(self, action: Action, *, tell: bool) -> tuple[list[Score], list[Event]]:
        seat = self.turn
        move = Move(seat, action)
        self.history.append(move)
        if self.public is not self.history:
            self.public.append(self._public_move(move))
        self._legal = None
        scores: list[Score] = []
        events: list[Event] = []
        before = self._table
        # The table moves on by the public rule every reader of the history follows
        # (TrickRules.table_after); the hand adds the hidden tiles, the turn and the scores.
        self._table = table = self.rules.table_after(before, seat, action)
        if type(action) is Play:
            self._play(seat, action.tile, before, table, scores, events, tell)
        else:
            self._before_play(seat, action, table, scores, tell)
        return scores, events

    def _public_move(self, move: Move) -> Move:
        """``move`` as the other seats see it: its action's public form (a discard without its
        tile, :meth:`~boneyard.core.actions.Action.public`)."""
        public = move.action.public()
        return move if public is move.action else move._replace(action=public)

    @abc.abstractmethod
    def _before_play(
        self, seat: int, action: Action, table: T, scores: list[Score], tell: bool
    ) -> None:
        """The hand moved on by ``seat``'s ``action`` before the play (a bid, a decision),
        ``table`` the table it left."""

    def _play(
        self,
        seat: int,
        tile: int,
        before: T,
        table: T,
        scores: list[Score],
        events: list[Event],
        tell: bool,
    ) -> None:
        """``seat`` has played ``tile`` to the trick (``before`` the table it was played on,
        ``table`` the one it left): the next seat plays, or the trick taken scores and its
        winner leads the next, or the play is over."""
        self.hands[seat] ^= BIT[tile]
        if len(table.tricks) == len(before.tricks):
            self.turn = self.rules.next_to_play(table, seat)
            return
        winner, trick = table.tricks[-1]
        points = self._trick_points(trick, table)
        if points is not None:
            self._score(winner, points, scores, tell)
        if tell:
            side = self.rules.side_of[winner]
            events.append(Event("trick", winner, side, tuple(t for _, t in trick)))
            events += self._trick_events(before, table)
        if self._tricks_done(table):
            self._end_of_play()
        else:
            self.turn = winner

    def _score(self, seat: int, points: int, scores: list[Score], tell: bool) -> None:
        """``points`` to ``seat``'s side for tricks (reason ``"trick"``)."""
        side = self.rules.side_of[seat]
        self.scores[side] += points
        if tell:
            scores.append(Score(side, points, "trick", seat))

    @abc.abstractmethod
    def _trick_points(self, trick: Trick, table: T) -> int | None:
        """What the trick just taken scores at once, or ``None`` where it scores only at the
        hand's end."""

    def _trick_events(self, before: T, table: T) -> list[Event]:
        """What else the trick just taken made happen (a bid made or set); nothing here."""
        return []

    @abc.abstractmethod
    def _tricks_done(self, table: T) -> bool:
        """Whether the play is over once the last trick on ``table`` is taken."""

    @abc.abstractmethod
    def _end_of_play(self) -> None:
        """End the hand once its play is over (see :meth:`_end`)."""

    def _end(self, result: HandResult) -> None:
        """The hand over with ``result``."""
        self.over = True
        self.phase = Phase.OVER
        self.result = result
        self._legal = ()

    # ----------------------------------------------------------------- copying
    def copy(self, history: bool = True) -> Self:
        cls = type(self)
        c = cls.__new__(cls)
        self._copy_fields(c, history)
        c._table = self._table
        c._legal = self._legal
        self._copy_own(c)
        return c

    def _copy_own(self, copy: Self) -> None:
        """Copy what the game's own hand adds (nothing here)."""

    def hidden_changed(self) -> None:
        self._legal = None

    def _hands_text(self) -> str:
        """Every hand's tiles, for a ``repr``."""
        return " | ".join(" ".join(NAMES[t] for t in tiles_of(h)) for h in self.hands)
