"""A Texas 42 hand in progress: the bidding (:attr:`Phase.BID`), the declaration of trumps or a
contract (:attr:`Phase.DECLARE`), the seven tricks (:attr:`Phase.PLAY`).

>>> from boneyard.games import get_game
>>> from boneyard.core.protocol import HandStart
>>> import random
>>> rules = get_game("texas-42").configure()
>>> hands, stock = rules.deal(random.Random(1))
>>> state = rules.start_hand(HandStart(hands, stock, leader=0))
>>> state.phase, state.turn, len(state.legal_actions())
(Phase('bid'), 1, 15)
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.actions import PASS, Action, Pass, Play
from ...core.i18n import _
from ...core.kernel_spec import TrickKernelState
from ...core.protocol import Event, HandStart, IllegalAction, Phase, Position, Score
from ...core.tiles import NAMES, mask_of, tiles_of
from ..tricks import Trick, TrickState
from ..tricks.actions import Bid, Declare
from .rules import MARK, PLAYERS, TRICKS, FortyTwoRules, suit_words
from .table import FortyTwoTable

__all__ = ["FortyTwoState"]


class FortyTwoState(TrickState[FortyTwoTable]):
    """One hand of Texas 42 (the complete state; every move is public)."""

    __slots__ = ("_order", "_start", "lead_by_deal")

    rules: FortyTwoRules
    lead_by_deal: bool
    _order: tuple[int, ...]
    _start: HandStart

    calls_suit = True  # a lead may call the end it leads (led_suit=leader_calls)

    # ----------------------------------------------------------------- building
    @classmethod
    def from_start(cls, rules: FortyTwoRules, start: HandStart) -> FortyTwoState:
        hands = [mask_of(h) for h in start.hands]
        if len(hands) != PLAYERS:
            raise ValueError(_("texas-42 deals to 4 seats, not {k}").format(k=len(hands)))
        if not start.trusted:
            for seat, h in enumerate(start.hands):
                if len(h) != len(set(h)) or len(h) != TRICKS:
                    raise ValueError(
                        _("seat {seat} must be dealt 7 different tiles").format(seat=seat)
                    )
            everything = [t for h in start.hands for t in h]
            if len(set(everything)) != rules.tiles.size or any(
                not 0 <= t < rules.tiles.size for t in everything
            ):
                raise ValueError(_("a texas-42 deal shares out the 28 tiles of a double-six set"))
            if list(start.stock):
                raise ValueError(_("texas-42 has no boneyard: the stock must be empty"))
        shaker = start.leader if start.leader is not None else 0
        if not 0 <= shaker < PLAYERS:
            raise ValueError(_("no seat {seat} to shake").format(seat=shaker))
        state = cls._new(
            rules,
            hands,  # each seat's tiles dealt, as masks
            FortyTwoTable.start(shaker),
            Phase.BID,
            leader=shaker,
            totals=tuple(start.totals) if start.totals is not None else (0.0, 0.0),
            context=start.context,
        )
        state.lead_by_deal = False
        state._order = rules.bidding_order(shaker, hands)
        state.turn = state._order[0]
        state._start = HandStart(
            [list(h) for h in start.hands],
            (),
            shaker,
            lead_by_deal=False,
            totals=start.totals,
            context=start.context,
            trusted=True,
        )
        return state

    @classmethod
    def from_position(cls, rules: FortyTwoRules, position: Position) -> FortyTwoState:
        """The hand at ``position``: its start rebuilt from the hands now and the tiles played,
        then its public moves replayed (every move of 42 is public)."""
        view = position.view
        hands = [list(tiles_of(h)) for h in position.hands]
        for move in view.history:
            if isinstance(move.action, Play):
                hands[move.seat].append(move.action.tile)
        table = view.table
        assert isinstance(table, FortyTwoTable)
        start = HandStart(hands, (), table.shaker, lead_by_deal=False, totals=view.totals)
        state = cls.from_start(rules, start)
        for move in view.history:
            state.apply_fast(move.action, seat=move.seat)
        return state

    # ----------------------------------------------------------------- the table
    @property
    def start(self) -> HandStart:
        return self._start

    # ----------------------------------------------------------------- queries
    def _legal_actions(self) -> list[Action]:
        rules = self.rules
        table = self._table
        hand = self.hands[self.turn]
        if self.phase == Phase.BID:
            bids: list[Action] = list(rules.bids_over(table.high, hand))
            last = len(table.bids) == PLAYERS - 1
            if last and table.high is None and rules.all_pass == "forced":
                return bids
            return [PASS, *bids]
        if self.phase == Phase.DECLARE:
            return list(rules.declarations(table))
        return rules.plays(table, hand, first_trick=not table.tricks)

    def why_illegal(self, action: Action) -> str:
        if self.over:
            return "the hand is over"
        rules = self.rules
        table = self._table
        seat = self.turn
        if self.is_legal(action):
            return ""
        legal = self.legal_tuple()
        options = ", ".join(rules.action_text(a) for a in legal)
        if self.phase == Phase.BID:
            if isinstance(action, Pass):
                return (
                    f"seat {seat} must bid: the first three passed, so the shaker bids at "
                    f"least {rules.min_bid} (all_pass=forced)"
                )
            if isinstance(action, Bid):
                return self._why_bid_illegal(action, options)
            return f"seat {seat} must bid or pass (legal: {options})"
        if self.phase == Phase.DECLARE:
            if isinstance(action, Declare):
                return f"{rules.action_text(action)} cannot be declared here (legal: {options})"
            return f"seat {seat} must first name trumps or the contract (legal: {options})"
        why = self._why_not_played(action, options)
        if why is not None:
            return why
        assert isinstance(action, Play)
        if table.contract == "sevens":
            return f"in sevens seat {seat} must play the tile nearest seven pips (legal: {options})"
        if not table.trick:
            if rules.first_lead_trump and not table.tricks:
                return f"the first lead must be a trump (legal: {options})"
            return f"say which suit {NAMES[action.tile]} leads (legal: {options})"
        return f"seat {seat} must follow suit ({suit_words(table.suit)}) (legal: {options})"

    def _why_bid_illegal(self, bid: Bid, options: str) -> str:
        rules = self.rules
        high = self._table.high
        seat = self.turn
        if bid.contract:
            if bid.contract not in rules.contracts:
                return f"no {bid.contract} is played under these rules (legal: {options})"
            offered = [a for a in self.legal_tuple() if isinstance(a, Bid) and a.contract]
            if not offered:
                return (
                    f"seat {seat} cannot bid a {bid.contract}: it needs more doubles "
                    f"(legal: {options})"
                )
            return f"a {bid.contract} is bid at {offered[0].points} now (legal: {options})"
        if high is not None and bid.points <= high.points:
            return f"a bid must beat {high.points} (legal: {options})"
        if bid.points < rules.min_bid:
            return f"the lowest bid is {rules.min_bid} (legal: {options})"
        if bid.points > MARK and bid.points % MARK:
            return f"above 42 only marks are bid: 84, 126, ... (legal: {options})"
        return (
            f"the first mark bid is at {rules.max_opening_marks} marks at most, then each "
            f"raises one mark at a time (legal: {options})"
        )

    # ----------------------------------------------------------------- acting
    def normalize(self, action: Action) -> Action:
        """A tile played to a trick takes no end and no orientation: a play written with an
        ``open`` it does not call (a record's lead laid as written) is the tile alone."""
        if type(action) is Play and action.end is None and action.open is not None:
            legal = self.legal_tuple()
            if action not in legal and Play(action.tile) in legal:
                return Play(action.tile)
        return action

    def _check(self, action: Action, seat: int | None) -> Action:
        if self.over:
            raise IllegalAction("the hand is over")
        if seat is not None and seat != self.turn:
            raise IllegalAction(f"it is seat {self.turn}'s turn, not seat {seat}'s")
        return super()._check(action, None)

    def _before_play(
        self, seat: int, action: Action, table: FortyTwoTable, scores: list[Score], tell: bool
    ) -> None:
        """A bid or a pass (the declarer named once the four have bid, or a reshake), or trumps
        or the contract named (the declarer leads)."""
        if self.phase == Phase.BID:
            if len(table.bids) < PLAYERS:
                self.turn = self._order[len(table.bids)]
            elif table.high is None:
                self._finish()
            else:
                self.phase = Phase.DECLARE
                self.turn = table.declarer
            return
        self.phase = Phase.PLAY
        self.turn = table.leader

    def _trick_points(self, trick: Trick, table: FortyTwoTable) -> int | None:
        """Scored in points, what a side takes is on its score at once (a set takes the
        bidders' back at the end); in marks only the hand's end scores."""
        return self.rules.trick_points(trick) if self.rules.scoring == "points" else None

    def _trick_events(self, before: FortyTwoTable, table: FortyTwoTable) -> list[Event]:
        """The bid made or set by the trick just taken."""
        if table.decided and not before.decided:
            return [Event(table.decided, table.bidder, self.rules.side_of[table.bidder])]
        return []

    def _tricks_done(self, table: FortyTwoTable) -> bool:
        return len(table.tricks) == TRICKS or (bool(table.decided) and not self.rules.play_out)

    def _end_of_play(self) -> None:
        self._finish()

    def _finish(self) -> None:
        self._end(self.rules.hand_result(self, self._table))
        self.turn = -1

    def __repr__(self) -> str:
        hands = self._hands_text()
        return f"<texas-42 {self.phase} turn={self.turn} hands=[{hands}] table={self._table!r}>"

    # ----------------------------------------------------------------- copying
    def _copy_own(self, copy: FortyTwoState) -> None:
        copy.lead_by_deal = False
        copy._order = self._order
        copy._start = self._start

    def search_key(self) -> tuple[object, ...]:
        return (tuple(self.hands), self.turn, self.phase.name, self._table.search_key())

    def public_key(self) -> tuple[object, ...]:
        return (self.turn, self.over, self.phase.name, self._table.search_key())

    def stock_next(self, tiles: Sequence[int]) -> None:
        if tiles:
            raise ValueError("texas-42 has no stock")

    def kernel_state(self) -> TrickKernelState:
        """This hand as the compiled core reads it (:mod:`boneyard.core.kernel`)."""
        table = self._table
        index = self.rules.phase_index
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
            won=table.won_by_seat(PLAYERS),
            discards=tuple(self.discards),
            order=self._order,
            bids=tuple(index(bid) for _, bid in table.bids),
            high=index(table.high),
            bidder=table.bidder,
            declarer=table.declarer,
            declaration=index(table.declaration),
            doubles=table.doubles,
            out=table.out,
            decided=table.decided,
            taken=table.taken,
        )

    @property
    def bidders(self) -> int:
        """The side that won the bidding (-1 before a bid)."""
        bidder = self._table.bidder
        return self.rules.side_of[bidder] if bidder >= 0 else -1
