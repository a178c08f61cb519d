"""A Moon hand in progress: the bidding (:attr:`Phase.BID`), trumps named
(:attr:`Phase.DECLARE`), the widow taken and a tile discarded face down (:data:`DISCARD`), the
seven tricks (:attr:`Phase.PLAY`).

>>> from boneyard.games import get_game
>>> from boneyard.core.protocol import HandStart
>>> import random
>>> rules = get_game("moon").configure()
>>> hands, stock = rules.deal(random.Random(1))
>>> [len(h) for h in hands], len(stock)
([7, 7, 7], 1)
>>> state = rules.start_hand(HandStart(hands, stock, leader=0))
>>> state.phase, state.turn, [str(a) for a in state.legal_actions()]
(Phase('bid'), 1, ['pass', 'bid 4', 'bid 5', 'bid 6', 'bid 7', 'bid moon (21)'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.actions import PASS, Action, Move, Play
from ...core.i18n import _
from ...core.protocol import HandStart, IllegalAction, Phase, Position, Score
from ...core.tiles import BIT, NAMES, mask_of, tiles_of
from ..tricks import Trick, TrickState
from ..tricks.actions import HIDDEN_DISCARD, Bid, Declare, Discard
from .table import PLAYERS, TRICKS, MoonTable

if TYPE_CHECKING:
    from .rules import MoonRules

__all__ = ["DISCARD", "MoonState"]

DISCARD = Phase("discard")
"""The high bidder, the widow in his hand, throws out one tile face down."""


class MoonState(TrickState[MoonTable]):
    """One hand of Moon (the complete state: the hands, the widow, the tile discarded)."""

    __slots__ = ("_order",)

    rules: MoonRules
    _order: tuple[int, ...]

    calls_suit = True  # a lead may call the end it leads (moon_led_suit=leader_calls)

    # ----------------------------------------------------------------- building
    @classmethod
    def from_start(cls, rules: MoonRules, start: HandStart) -> MoonState:
        """The hand ``start`` describes: seven tiles each, the widow the stock's one tile (none
        without it), ``start.leader`` the dealer (the seat on his left bids first)."""
        if len(start.hands) != PLAYERS:
            raise ValueError(_("moon deals to 3 seats, not {k}").format(k=len(start.hands)))
        if not start.trusted:
            rules.tiles.check_deal(start.hands, start.stock)
            for seat, h in enumerate(start.hands):
                if len(h) != TRICKS:
                    raise ValueError(
                        _("seat {seat} must be dealt {k} tiles").format(seat=seat, k=TRICKS)
                    )
        dealer = start.leader if start.leader is not None else 0
        if not 0 <= dealer < PLAYERS:
            raise ValueError(_("no seat {seat} to deal").format(seat=dealer))
        state = cls._new(
            rules,
            [mask_of(h) for h in start.hands],
            MoonTable.start(dealer),
            Phase.BID,
            leader=dealer,
            totals=tuple(start.totals) if start.totals is not None else (0.0,) * PLAYERS,
            context=start.context,
            stock=start.stock,
        )
        state._order = rules.bidding_order(dealer)
        state.turn = state._order[0]
        return state

    @classmethod
    def from_position(cls, rules: MoonRules, position: Position) -> MoonState:
        """The hand at ``position``: its view's table, turn, scores and public history, with
        its hands, its stock (the widow, until the bidder takes it) and the tiles thrown out.
        Its ``deal`` is the hands now (the true deal is not known): what search worlds play
        on."""
        view = position.view
        table = view.table
        if not isinstance(table, MoonTable):
            raise ValueError("a Moon position needs a Moon table")
        state = cls._at_position(rules, position, table)
        state._order = rules.bidding_order(table.dealer)
        return state

    # ----------------------------------------------------------------- the table
    @property
    def dealer(self) -> int:
        return self._table.dealer

    # ----------------------------------------------------------------- queries
    def _legal_actions(self) -> list[Action]:
        rules = self.rules
        table = self._table
        hand = self.hands[self.turn]
        if self.phase == Phase.BID:
            bids: list[Action] = list(rules.bids_over(table.high))
            last = len(table.bids) == PLAYERS - 1
            if last and table.high is None and rules.dealer_bids:
                return bids
            return [PASS, *bids]
        if self.phase == Phase.DECLARE:
            return list(rules.declarations())
        if self.phase == DISCARD:
            return [Discard(t) for t in tiles_of(hand)]
        return rules.plays(table, hand)

    def normalize(self, action: Action) -> Action:
        """A tile played to a trick takes no end; a play written with an ``open`` it does not
        call (a lead laid as written) is the tile alone."""
        loose = type(action) is Play and action.end is None and action.open is not None
        if loose and action not in self.legal_tuple():
            assert isinstance(action, Play)
            if Play(action.tile) in self.legal_tuple():
                return Play(action.tile)
        return action

    def why_illegal(self, action: Action) -> str:
        if self.over:
            return "the hand is over"
        if self.is_legal(action):
            return ""
        rules = self.rules
        table = self._table
        seat = self.turn
        legal = self.legal_tuple()
        options = ", ".join(rules.action_text(a) for a in legal)
        if self.phase == Phase.BID:
            if action == PASS:
                return "the first two passed, so the dealer must bid (moon_all_pass=dealer)"
            if isinstance(action, Bid):
                if action.contract == "moon" and not rules.shoot_any:
                    return (
                        f"the moon is bid only over a 7 (moon_shoot=over_seven; legal: {options})"
                    )
                if table.high is not None and action.points <= table.high.points:
                    return f"a bid must beat {table.high.points} (legal: {options})"
                return f"a bid is 4 to 7 tricks, or the moon (legal: {options})"
            return f"seat {seat} must bid or pass (legal: {options})"
        if self.phase == Phase.DECLARE:
            return f"seat {seat} must name trumps (legal: {options})"
        if self.phase == DISCARD:
            if isinstance(action, Discard) and action.tile is not None:
                return f"seat {seat} does not hold {NAMES[action.tile]} (legal: {options})"
            return f"seat {seat} must discard a tile, the widow taken (legal: {options})"
        why = self._why_not_played(action, options)
        if why is not None:
            return why
        if not table.trick:
            assert isinstance(action, Play)
            trumps = self.hands[seat] & rules.trump_mask(table.trump)
            if rules.first_lead_trump and not table.tricks and trumps:
                return f"the first lead must be a trump (moon_first_lead=trump; legal: {options})"
            return f"say which suit {NAMES[action.tile]} leads (legal: {options})"
        return f"seat {seat} must follow suit (legal: {options})"

    # ----------------------------------------------------------------- acting
    def _check(self, action: Action, seat: int | None) -> Action:
        if self.over:
            raise IllegalAction("the hand is over")
        return super()._check(action, seat)

    def _public_move(self, move: Move) -> Move:
        """The discard is face down: the others see that one was made, not its tile."""
        return Move(move.seat, HIDDEN_DISCARD) if type(move.action) is Discard else move

    def _before_play(
        self, seat: int, action: Action, table: MoonTable, scores: list[Score], tell: bool
    ) -> None:
        """A bid or a pass (the bidder to name trumps once the bidding is over, or a redeal);
        trumps named (the bidder takes the widow and discards, or leads); the discard made."""
        if self.phase == Phase.BID:
            if table.bidding:
                self.turn = self._order[len(table.bids)]
            elif table.high is None:
                self._finish()
            else:
                self.phase = Phase.DECLARE
                self.turn = table.bidder
            return
        if self.phase == Phase.DECLARE and isinstance(action, Declare):
            if table.owed:
                widow = self.stock[self.stock_pos]
                self.hands[seat] |= BIT[widow]
                self.stock_pos += 1
                self.phase = DISCARD
                return
        elif isinstance(action, Discard):
            assert action.tile is not None
            self.hands[seat] ^= BIT[action.tile]
            discards = list(self.discards)
            discards[seat] |= BIT[action.tile]
            self.discards = tuple(discards)
        self.phase = Phase.PLAY
        self.turn = table.leader

    def _trick_points(self, trick: Trick, table: MoonTable) -> int | None:
        """A trick scores only at the hand's end (the bidder's count on the bid)."""
        return None

    def _tricks_done(self, table: MoonTable) -> bool:
        return len(table.tricks) == TRICKS

    def _end_of_play(self) -> None:
        self._finish()

    def _finish(self) -> None:
        self._end(self.rules.hand_result(self, self._table))
        self.turn = -1

    # ----------------------------------------------------------------- copying and search
    def _copy_own(self, copy: MoonState) -> None:
        copy._order = self._order

    def search_key(self) -> tuple[object, ...]:
        return (*self.hands, self.turn, self.stock_pos, self.phase.name, self._table.search_key())

    def public_key(self) -> tuple[object, ...]:
        return (self.over, self.turn, self.stock_pos, self.phase.name, self._table.search_key())

    def stock_next(self, tiles: Sequence[int]) -> None:
        pos = self.stock_pos
        rest = [t for t in self.stock[pos:] if t not in tiles]
        self.stock = (*self.stock[:pos], *tiles, *rest)

    def __repr__(self) -> str:
        hands = self._hands_text()
        return f"<moon {self.phase} turn={self.turn} hands=[{hands}] table={self._table!r}>"
