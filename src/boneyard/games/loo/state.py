"""A Domino Loo hand in progress: each seat's decision (:attr:`Phase.DECIDE`: stand, take the miss,
drop out), the discards a miss owes (:data:`DISCARD`), the five tricks (:attr:`Phase.PLAY`).

>>> from boneyard.games import get_game
>>> from boneyard.core.protocol import HandStart
>>> import random
>>> rules = get_game("domino-loo").configure(players=3)
>>> hands, stock = rules.deal(random.Random(1))
>>> state = rules.start_hand(HandStart(hands, stock, leader=1, lead_by_deal=False))
>>> state.phase, state.turn, [str(a) for a in state.legal_actions()]
(Phase('decide'), 1, ['stand', 'miss', 'drop'])
>>> state.apply(state.legal_actions()[0]).turn
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.actions import Action, Play, play
from ...core.i18n import NP_, _
from ...core.kernel_spec import TrickKernelState
from ...core.protocol import HandResult, HandStart, Phase, Position, Score
from ...core.tiles import BIT, NAMES, mask_of, tiles_of
from ..tricks import Trick, TrickState
from ..tricks.actions import Discard
from .actions import DROP, MISS, STAND, Drop, TakeMiss
from .table import DROPPED, TRICKS, UNDECIDED, LooTable

if TYPE_CHECKING:
    from .rules import LooRules

__all__ = ["DISCARD", "LooState"]

DISCARD = Phase("discard")

# The sentences of the engine (why a move is refused, why a hand ended), told whole in another
# language.
ENGINE_SENTENCES = (
    NP_("engine", "{seat} does not hold {tile} (legal: {options})"),
    NP_("engine", "{seat} must discard {n} more (legal: {options})"),
    NP_("engine", "the miss is not played under these rules (loo_miss=false)"),
    NP_("engine", "{seat} cannot take the miss: it needs {n} tiles and the stock holds {n2}"),
    NP_("engine", "with two players nobody drops out"),
    NP_("engine", "{seat} must first stand, take the miss or drop out (legal: {options})"),
    NP_("engine", "{seat} must play a tile that beats the trick if it can (legal: {options})"),
    NP_("engine", "trumps"),
    NP_("engine", "{n}s"),
    NP_("engine", "everyone else dropped out: {seat} takes the hand"),
    NP_("engine", "tricks: {tricks}"),
    NP_("engine", "looed: {who}"),
)
"""A seat that took the miss throws out the tiles it does not keep, face down."""


class LooState(TrickState[LooTable]):
    """One hand of Domino Loo (the complete state: the hands, the stock, the tiles thrown out)."""

    __slots__ = ()

    rules: LooRules

    # ----------------------------------------------------------------- building
    @classmethod
    def from_start(cls, rules: LooRules, start: HandStart) -> LooState:
        """The hand ``start`` describes: the stock's first tile turned up for trumps, the seat
        left of the dealer (``start.leader``) deciding first."""
        n = rules.players
        if len(start.hands) != n:
            raise ValueError(
                _("the deal has {k} hands for {n} players").format(k=len(start.hands), n=n)
            )
        if not start.trusted:
            rules.tiles.check_deal(start.hands, start.stock)
            for seat, h in enumerate(start.hands):
                if len(h) != rules.hand_size:
                    raise ValueError(
                        _("seat {seat} must be dealt {k} tiles").format(
                            seat=seat, k=rules.hand_size
                        )
                    )
        if start.leader is None:
            raise ValueError(
                _("these rules decide the lead outside the deal: a leader is required")
            )
        if not 0 <= start.leader < n:
            raise ValueError(_("no seat {seat}").format(seat=start.leader))
        if not start.stock:
            raise ValueError(_("the stock is empty: no tile to turn up for trumps"))
        value, ante = start.context if start.context is not None else (1, rules.pool)
        state = cls._new(
            rules,
            [mask_of(h) for h in start.hands],
            LooTable.start(start.stock[0], n, value, ante, start.leader),
            Phase.DECIDE,
            leader=start.leader,
            totals=tuple(start.totals) if start.totals is not None else (0,) * n,
            context=start.context,
            stock=start.stock,
        )
        state.stock_pos = 1  # the turn-up
        return state

    @classmethod
    def from_position(cls, rules: LooRules, position: Position) -> LooState:
        """The hand at ``position``: its view's table, turn, scores and public history, with its
        hands, its stock (the tiles left to draw) and the tiles thrown out. Its ``deal`` is the
        hands now (the true deal is not known): what search worlds and resampling play on."""
        view = position.view
        table = view.table
        if not isinstance(table, LooTable):
            raise ValueError("a Domino Loo position needs a Domino Loo table")
        return cls._at_position(rules, position, table)

    # ----------------------------------------------------------------- the table
    @property
    def dealer(self) -> int:
        """The seat that dealt: right of the first to decide."""
        return (self.leader - 1) % self.rules.players

    # ----------------------------------------------------------------- queries
    def _legal_actions(self) -> list[Action]:
        rules = self.rules
        table = self._table
        hand = self.hands[self.turn]
        if table.owed:
            return [Discard(t) for t in tiles_of(hand)]
        if not table.playing:
            out: list[Action] = [STAND]
            if rules.miss_allowed and self.stock_size() >= rules.miss_size:
                out.append(MISS)
            if rules.players >= 3:
                out.append(DROP)
            return out
        allowed = hand
        for tier in rules.tiers(table):
            if hand & tier:
                allowed = hand & tier
                break
        return [play(t) for t in tiles_of(allowed)]

    def normalize(self, action: Action) -> Action:
        """A tile played to a trick takes no end and no orientation: ``6-4`` written with an
        orientation is still ``6-4``; anything with an end is left as it is (illegal)."""
        if isinstance(action, Play) and action.end is None and action.claim is None:
            return play(action.tile)
        return action

    def why_illegal(self, action: Action) -> str:
        """A sentence saying why ``action`` (normalised) is not legal now."""
        if self.over:
            return "the hand is over"
        action = self.normalize(action)
        rules = self.rules
        table = self._table
        seat = self.turn
        options = ", ".join(str(a) for a in self.legal_tuple())
        if table.owed:
            if isinstance(action, Discard) and action.tile is not None:
                return f"seat {seat} does not hold {NAMES[action.tile]} (legal: {options})"
            return f"seat {seat} must discard {table.owed} more (legal: {options})"
        if not table.playing:
            if isinstance(action, TakeMiss):
                if not rules.miss_allowed:
                    return "the miss is not played under these rules (loo_miss=false)"
                return (
                    f"seat {seat} cannot take the miss: it needs {rules.miss_size} tiles and the "
                    f"stock holds {self.stock_size()}"
                )
            if isinstance(action, Drop):
                return "with two players nobody drops out"
            return f"seat {seat} must first stand, take the miss or drop out (legal: {options})"
        why = self._why_not_played(action, options)
        if why is not None:
            return why
        assert isinstance(action, Play)
        trump = table.trump
        suit = table.suit
        what = "trumps" if suit == trump else f"{suit}s"
        hand = self.hands[seat]
        if any(rules.follows(u, suit, trump) for u in tiles_of(hand)) and not rules.follows(
            action.tile, suit, trump
        ):
            return f"seat {seat} must follow suit ({what}) (legal: {options})"
        return f"seat {seat} must play a tile that beats the trick if it can (legal: {options})"

    # ----------------------------------------------------------------- acting
    def _trick_points(self, trick: Trick, table: LooTable) -> int:
        """A trick scores its value for its winner as it is taken."""
        return int(table.value)

    def _tricks_done(self, table: LooTable) -> bool:
        return sum(table.won) == TRICKS

    def _end_of_play(self) -> None:
        self._finish("tricks")

    def _before_play(
        self, seat: int, action: Action, table: LooTable, scores: list[Score], tell: bool
    ) -> None:
        """A decision taken (stand, the miss, drop out) or a discard owed after the miss."""
        rules = self.rules
        kind = type(action)
        if kind is Discard:
            assert isinstance(action, Discard) and action.tile is not None
            self.hands[seat] ^= BIT[action.tile]
            self._throw_out(seat, BIT[action.tile])
            if table.owed:
                return
        elif kind is TakeMiss:
            self._throw_out(seat, self.hands[seat])
            end = self.stock_pos + rules.miss_size
            self.hands[seat] = mask_of(self.stock[self.stock_pos : end])
            self.stock_pos = end
            self.phase = DISCARD  # the same seat discards next
            return
        elif kind is Drop:
            self._throw_out(seat, self.hands[seat])
            self.hands[seat] = 0
        # A decision taken: the next to decide, the play, or an uncontested hand.
        n = rules.players
        status = table.status
        if sum(1 for s in status if s != DROPPED) == 1:
            winner = next(s for s in range(n) if status[s] != DROPPED)
            self._score(winner, int(TRICKS * table.value), scores, tell)
            self._finish("uncontested")
        elif table.playing:
            self.turn = table.leader
            self.phase = Phase.PLAY
        else:
            self.turn = next(
                (seat + k) % n for k in range(1, n + 1) if status[(seat + k) % n] == UNDECIDED
            )
            self.phase = Phase.DECIDE

    def _throw_out(self, seat: int, mask: int) -> None:
        discards = list(self.discards)
        discards[seat] |= mask
        self.discards = tuple(discards)

    def _finish(self, ended: str) -> None:
        result = self.rules.hand_result(self, ended)
        points = tuple(s + e for s, e in zip(self.scores, result.end_points, strict=True))
        self._end(
            HandResult(
                result.ended,
                result.winner,
                points,
                result.end_points,
                result.pips,
                None,
                result.reason,
            )
        )

    def kernel_state(self) -> TrickKernelState:
        """This hand as the compiled core reads it (:mod:`boneyard.core.kernel`)."""
        table = self._table
        return TrickKernelState(
            hands=tuple(self.hands),
            scores=tuple(self.scores),
            base_totals=tuple(float(t) for t in self.base_totals),
            turn=self.turn,
            leader=self.leader,
            phase=self.phase.name,
            over=self.over,
            moves=len(self.history),
            trick=tuple(x for play in table.trick for x in play),
            suit=table.suit,
            trick_leader=table.leader,
            trump=table.trump,
            won=table.won,
            discards=tuple(self.discards),
            status=table.status,
            owed=table.owed,
            first=table.first,
            value=int(table.value),
            ante=table.ante,
            stock=tuple(self.stock),
            stock_pos=self.stock_pos,
        )

    # ----------------------------------------------------------------- search
    def search_key(self) -> tuple[object, ...]:
        return (*self.hands, self.turn, self.stock_pos, self._table.search_key())

    def public_key(self) -> tuple[object, ...]:
        return (self.over, self.turn, self.stock_pos, self._table.search_key())

    def stock_next(self, tiles: Sequence[int]) -> None:
        pos = self.stock_pos
        rest = [t for t in self.stock[pos:] if t not in tiles]
        self.stock = (*self.stock[:pos], *tiles, *rest)

    def __repr__(self) -> str:
        hands = self._hands_text()
        return f"<LooState {self.phase} turn={self.turn} table={self._table!r} hands={hands}>"
