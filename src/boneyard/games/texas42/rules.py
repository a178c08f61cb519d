"""Texas 42 (RULES-texas42-fiveup.md §2): the partnership trick game with bidding that Texas plays.

Four players, partners opposite (seats 0 and 2 against 1 and 3); the double-six set, seven tiles
each, no boneyard. The **shaker** (dealer) shakes; the shake passes to the left.

**The bidding.** One round, from the shaker's left (``first_bidder``), the shaker last: each
player bids once or passes, a bid beating the one before it. From ``min_bid`` (30) to 41 a bid is
points; 42 is one mark; above it only marks: the first mark bid may be up to ``max_opening_marks``
(84 = two marks), every later one exactly ``mark_raise`` more (126, 168, ...). A mark bid needs
every trick. If the first three pass, the shaker must bid (``all_pass=forced``), or all four pass
and the next shaker shakes again with nobody scoring (``reshake``). A player holding enough
doubles may bid a **plunge** or a **splash** (``contracts``): his partner names trumps and leads,
and every trick is needed.

**The contract.** The winner names trumps: a number (every tile bearing it is a trump only,
ranked double high, then by its other end), **doubles** (the seven doubles are trumps, 6-6 high),
or **follow-me** (no trumps; ``follow_me_doubles``); where the rule set allows and the bid is high
enough, **nello** (his partner sits out, he must take no trick; ``nello_doubles``) or **sevens**
(each plays the tile nearest seven pips). He leads any tile (``first_lead_trump``).

**The play.** A trump leads trumps; a double leads its number (or the doubles' own suit); any other
tile its higher end (``led_suit``). Follow suit if you can, else play anything. The highest trump
wins, else the highest tile of the suit led; the winner leads next. **The count**: 5-5 and 6-4
are 10, 5-0, 4-1 and 3-2 are 5, and every trick 1: 42 a hand.

**Scoring.** In ``marks``, a made bid of 30 to 42 scores its side 1 mark and a bid of k marks k;
a set bid scores the marks to the opponents; 7 marks win (``target``). In ``points``, a made bid
scores each side the points it took, a set one the opponents their points and the bid; 250 win.
The hand stops as soon as the bid is made or set (unless ``play_out``).

>>> from boneyard.games import get_game
>>> rules = get_game("42").configure()
>>> [rules.count_of(parse_tile(name)) for name in ("6-4", "3-2", "6-6")]
[10, 5, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import Action, Move, Play, parse_tile, play
from ...core.capabilities import OwnPlayers
from ...core.game import Game, RuleSet
from ...core.i18n import NP_, _
from ...core.kernel_spec import TrickKernelSpec
from ...core.options import OptionError
from ...core.protocol import (
    TARGET_SCORE,
    GamePlayer,
    GameRules,
    GameState,
    HandResult,
    HandStart,
    Position,
)
from ...core.tiles import BIT, DOUBLE, DOUBLE_SIX, HIGH, LOW, NAMES, PIPS, tiles_of
from ..tricks import Trick, TrickGame, TrickRules, texas, trick_winner
from ..tricks.actions import Bid, Declare
from .options import (
    ALL_PASS,
    CAP_MARKS,
    CONTRACTS_SPEC,
    FIRST_BIDDER,
    FIRST_LEAD_TRUMP,
    FOLLOW_ME_DOUBLES,
    LED_SUIT,
    MARK_RAISE,
    MAX_OPENING_MARKS,
    MIN_BID,
    NELLO_DOUBLES,
    NELLO_MIN_MARKS,
    PLAY_OUT,
    PLUNGE_MARKS,
    PLUNGE_MIN_DOUBLES,
    PLUNGE_NEEDS_66,
    POINTS_MARK_BID,
    SCORING,
    SEVENS_MIN_MARKS,
    SPLASH_MARKS,
    SPLASH_MIN_DOUBLES,
    TEXAS_OPTIONS,
    Contract,
)
from .table import DOUBLES_SUIT, NO_TRUMP, FortyTwoTable

if TYPE_CHECKING:
    from ...core.options import Options
    from .presenter import FortyTwoPresenter

__all__ = ["COUNT", "FortyTwoGame", "FortyTwoRules"]

PLAYERS = 4
TRICKS = 7
HAND = 7
MARK = 42
MARKS_TARGET = 7
"""What a mark is worth as a bid (and, scoring points, by default)."""

COUNT: dict[str, int] = {"5-5": 10, "6-4": 10, "5-0": 5, "4-1": 5, "3-2": 5}
"""The count tiles and what they are worth; every trick is worth 1 more."""
_COUNT_OF: tuple[int, ...] = tuple(COUNT.get(NAMES[t], 0) for t in range(DOUBLE_SIX.size))

_IN_TRICK: dict[int, tuple[int, ...]] = {
    out: tuple(s for s in range(PLAYERS) if s != out) for out in range(-1, PLAYERS)
}
"""The seats that play to each trick, by the seat sitting out (-1: none)."""

# The sentences of the engine (why a hand ended), told whole in another language.
ENGINE_SENTENCES = (
    NP_("engine", "{side} made the bid of {bid}, taking {taken} of 42"),
    NP_("engine", "{side} were set on the bid of {bid}, taking {taken} of 42"),
    NP_("engine", "{side} made the bid of {bid}, taking {taken} tricks"),
    NP_("engine", "{side} were set on the bid of {bid}, taking {taken} tricks"),
    NP_("engine", "all four passed: the next shaker shakes again"),
    NP_("engine", "{seat} must follow suit ({suit}) (legal: {options})"),
    # Why a move is refused (Moon's bidding too).
    NP_("engine", "{seat} must bid or pass (legal: {options})"),
    NP_("engine", "a bid must beat {n} (legal: {options})"),
    NP_("engine", "say which suit {tile} leads (legal: {options})"),
    NP_("engine", "the first lead must be a trump (legal: {options})"),
    NP_(
        "engine",
        "{seat} must bid: the first three passed, so the shaker bids at least {n} "
        "(all_pass=forced)",
    ),
    NP_("engine", "{action} cannot be declared here (legal: {options})"),
    NP_("engine", "{seat} must first name trumps or the contract (legal: {options})"),
    NP_("engine", "in sevens {seat} must play the tile nearest seven pips (legal: {options})"),
    NP_("engine", "no {contract} is played under these rules (legal: {options})"),
    NP_("engine", "{seat} cannot bid a {contract}: it needs more doubles (legal: {options})"),
    NP_("engine", "a {contract} is bid at {n} now (legal: {options})"),
    NP_("engine", "the lowest bid is {n} (legal: {options})"),
    NP_("engine", "above 42 only marks are bid: 84, 126, ... (legal: {options})"),
    NP_(
        "engine",
        "the first mark bid is at {n} marks at most, then each raises one mark at a time "
        "(legal: {options})",
    ),
    # The suits a refusal names.
    NP_("engine", "blanks"),
    NP_("engine", "aces"),
    NP_("engine", "deuces"),
    NP_("engine", "treys"),
    NP_("engine", "fours"),
    NP_("engine", "fives"),
    NP_("engine", "sixes"),
    NP_("engine", "doubles"),
)

SUIT_WORDS = ("blanks", "aces", "deuces", "treys", "fours", "fives", "sixes", "doubles")
"""The suits by number as 42 players name them (and the doubles' suit)."""


class FortyTwoRules(TrickRules[FortyTwoTable], OwnPlayers):
    """The resolved rules of a Texas 42 match (see the module)."""

    hidden_moves = False  # every move is public
    action_kinds = (Bid, Declare)
    shows_hands_at_end = True

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        if players != PLAYERS:
            raise OptionError(
                _("{game} is for {low} players, not {n}").format(game="texas-42", low=4, n=players)
            )
        o = options
        self.tiles = DOUBLE_SIX
        self.sides = ((0, 2), (1, 3))
        self.side_of = (0, 1, 0, 1)
        self.hand_size = HAND
        self.all_pass = ALL_PASS.text(o)
        self.min_bid = MIN_BID.number(o)
        self.max_opening_marks = MAX_OPENING_MARKS.number(o)
        self.mark_raise = MARK_RAISE.number(o)
        first_bidder = FIRST_BIDDER.text(o)
        self.first_bidder_tile = -1
        if first_bidder.startswith("holder_of:"):
            held = parse_tile(first_bidder.split(":", 1)[1])
            if held >= self.tiles.size:
                raise OptionError(
                    _("{option}: no such tile in the set").format(
                        option=f"first_bidder={first_bidder}"
                    )
                )
            self.first_bidder_tile = held
        self.contracts = CONTRACTS_SPEC.members(o, Contract)
        if not self.contracts & {"suit", "doubles", "follow_me"}:
            raise OptionError(
                _(
                    "contracts must include at least one of suit, doubles and follow_me: a plunge, "
                    "a splash and most bids need trumps named"
                )
            )
        self.follow_me_doubles = FOLLOW_ME_DOUBLES.text(o)
        self.nello_doubles = NELLO_DOUBLES.text(o)
        self.nello_min_marks = NELLO_MIN_MARKS.number(o)
        self.plunge_marks = PLUNGE_MARKS.number(o)
        self.plunge_min_doubles = PLUNGE_MIN_DOUBLES.number(o)
        self.plunge_needs_66 = PLUNGE_NEEDS_66.flag(o)
        self.splash_marks = SPLASH_MARKS.number(o)
        self.splash_min_doubles = SPLASH_MIN_DOUBLES.number(o)
        self.sevens_min_marks = SEVENS_MIN_MARKS.number(o)
        self.scoring = SCORING.text(o)
        self.target_score = TARGET_SCORE.for_players(o, players)
        # Scoring switched to points with the marks' target left as it was is a slip (7 points
        # end a match in its first hand); any other target is the person's choice.
        if self.scoring == "points" and self.target_score == MARKS_TARGET:
            raise OptionError(
                _(
                    "scoring=points with target_score={target}: a hand gives 42 points, so "
                    "give a target in points (-o target_score=250, or the points rule set)"
                ).format(target=self.target_score)
            )
        self.points_mark_bid = POINTS_MARK_BID.text(o)
        self.cap_marks = CAP_MARKS.flag(o)
        self.play_out = PLAY_OUT.flag(o)
        self.first_lead_trump = FIRST_LEAD_TRUMP.flag(o)
        self.leader_calls = LED_SUIT.text(o) == "leader_calls"
        if self.min_bid > MARK:
            raise OptionError(
                _("{option}: a bid is at most 42 points, then marks").format(
                    option=f"min_bid={self.min_bid}"
                )
            )
        self._phase_actions: tuple[Action, ...] | None = None
        self._phase_index: dict[Action, int] | None = None

    # ----------------------------------------------------------------- description
    def seat_name(self, seat: int) -> str:
        return f"seat {seat}"

    def count_of(self, t: int) -> int:
        """What tile ``t`` counts: 10, 5 or 0."""
        return _COUNT_OF[t]

    def trick_points(self, trick: Trick) -> int:
        """What a trick is worth: 1 and its count."""
        return 1 + sum(_COUNT_OF[t] for _, t in trick)

    def partner(self, seat: int) -> int:
        return (seat + 2) % PLAYERS

    # ----------------------------------------------------------------- suits and ranks
    # The suits, the trumps and the ranks are the Texas suits (games/tricks/texas.py), with the
    # contract's rule for the doubles.
    def is_trump(self, t: int, trump: int) -> bool:
        """Whether ``t`` is a trump (:func:`~boneyard.games.tricks.texas.is_trump`)."""
        return texas.is_trump(t, trump)

    def doubles_apart(self, table: FortyTwoTable) -> bool:
        """Whether the doubles form a suit of their own (trumps, or by the contract's rule)."""
        return texas.doubles_apart(table.trump, table.doubles)

    def suit_led(self, t: int, table: FortyTwoTable, called: int | None = None) -> int:
        """The suit tile ``t`` leads on ``table``, or the end its leader ``called``
        (:func:`~boneyard.games.tricks.texas.suit_led`)."""
        return texas.suit_led(t, table.trump, table.doubles, called)

    def follows(self, t: int, suit: int, table: FortyTwoTable) -> bool:
        """Whether ``t`` follows ``suit`` on ``table``
        (:func:`~boneyard.games.tricks.texas.follows`)."""
        return texas.follows(t, suit, table.trump, table.doubles)

    def rank(self, t: int, suit: int, table: FortyTwoTable) -> int:
        """``t``'s rank within ``suit`` (:func:`~boneyard.games.tricks.texas.rank`)."""
        return texas.rank(t, suit, table.doubles)

    @staticmethod
    def sevens_distance(t: int) -> int:
        """How far ``t``'s pips are from seven (sevens)."""
        return abs(PIPS[t] - 7)

    def strength(self, t: int, table: FortyTwoTable) -> tuple[int, int]:
        """``t``'s strength in the trick on ``table`` (led, its suit known)."""
        return texas.strength(t, table.suit, table.trump, table.doubles)

    def trick_winner(self, trick: Trick, table: FortyTwoTable) -> int:
        """The seat that takes ``trick`` (led on ``table``): the highest trump, else the highest
        tile of the suit led; in sevens the tile nearest seven, the first played of equals."""
        if table.contract == "sevens":
            best = min(range(len(trick)), key=lambda i: (self.sevens_distance(trick[i][1]), i))
            return trick[best][0]
        return trick_winner(trick, lambda t: self.strength(t, table))

    # ----------------------------------------------------------------- bidding
    def doubles_held(self, hand: int) -> int:
        return (hand & self.tiles.doubles_mask).bit_count()

    def special_bid_allowed(self, contract: str, hand: int) -> bool:
        """Whether a hand may bid a plunge or a splash: the contract is played and the hand
        holds the doubles it needs."""
        if contract not in self.contracts:
            return False
        if contract == "plunge":
            if self.plunge_needs_66 and not hand & BIT[27]:
                return False
            return self.doubles_held(hand) >= self.plunge_min_doubles
        return self.doubles_held(hand) >= self.splash_min_doubles

    def bids_over(self, high: Bid | None, hand: int) -> list[Bid]:
        """Every bid a seat holding ``hand`` may make over ``high``."""
        out: list[Bid] = []
        top = high.points if high is not None else 0
        for points in range(max(self.min_bid, top + 1), MARK):
            out.append(Bid(points))
        high_marks = top // MARK
        if high_marks == 0:
            marks = range(1, self.max_opening_marks + 1)
        else:
            marks = range(high_marks + self.mark_raise, high_marks + self.mark_raise + 1)
        out.extend(Bid(MARK * m) for m in marks)
        for contract, value in (("splash", self.splash_marks), ("plunge", self.plunge_marks)):
            if self.special_bid_allowed(contract, hand):
                out.append(Bid(MARK * max(value, high_marks + self.mark_raise), contract))
        return out

    def bidding_order(self, shaker: int, hands: Sequence[int]) -> tuple[int, ...]:
        """The seats in the order they bid: from the shaker's left (or the holder of the
        ``first_bidder`` tile), once round."""
        first = (shaker + 1) % PLAYERS
        if self.first_bidder_tile >= 0:
            first = next(s for s in range(PLAYERS) if hands[s] & BIT[self.first_bidder_tile])
        return tuple((first + k) % PLAYERS for k in range(PLAYERS))

    # ----------------------------------------------------------------- declaring
    def declarations(self, table: FortyTwoTable) -> list[Declare]:
        """What the declarer may name after this bidding."""
        high = table.high
        assert high is not None
        out: list[Declare] = []
        if "suit" in self.contracts:
            out.extend(Declare("suit", n) for n in range(7))
        if "doubles" in self.contracts:
            out.append(Declare("doubles"))
        if "follow_me" in self.contracts:
            out.append(Declare("follow_me"))
        if high.contract is not None:  # a plunge or a splash: the partner names trumps
            return out
        marks = high.points // MARK
        if "nello" in self.contracts and marks >= self.nello_min_marks:
            if self.nello_doubles == "bidder_choice":
                out.extend(Declare("nello", doubles=d) for d in ("high", "own_suit", "low"))
            else:
                out.append(Declare("nello"))
        if "sevens" in self.contracts and marks >= self.sevens_min_marks:
            out.append(Declare("sevens"))
        return out

    def contract_table(self, table: FortyTwoTable, declaration: Declare) -> FortyTwoTable:
        """The table once ``declaration`` is named: the trumps, how the doubles rank, who sits
        out."""
        contract = declaration.contract
        trump, doubles, out = NO_TRUMP, "high", -1
        if contract == "suit":
            assert declaration.trump is not None
            trump = declaration.trump
        elif contract == "doubles":
            trump = DOUBLES_SUIT
        elif contract == "follow_me":
            doubles = self.follow_me_doubles
        elif contract == "nello":
            doubles = declaration.doubles or self.nello_doubles
            out = self.partner(table.bidder)
        return table.but(declaration=declaration, trump=trump, doubles=doubles, out=out)

    def opening_leader(self, table: FortyTwoTable) -> int:
        """Who leads the first trick: the declarer (the bidder, or his partner after a plunge
        or a splash)."""
        return table.declarer

    def all_tricks(self, table: FortyTwoTable) -> bool:
        """Whether the bidders need every trick (a mark bid, a plunge, a splash, sevens)."""
        high = table.high
        assert high is not None
        return high.points >= MARK or table.contract == "sevens"

    # ----------------------------------------------------------------- the play
    def plays(self, table: FortyTwoTable, hand: int, first_trick: bool) -> list[Action]:
        """The tiles a seat holding ``hand`` may play to the trick."""
        if table.contract == "sevens":
            best = min(self.sevens_distance(t) for t in tiles_of(hand))
            return [play(t) for t in tiles_of(hand) if self.sevens_distance(t) == best]
        if not table.trick:
            allowed = hand
            if first_trick and self.first_lead_trump:
                trumps = [t for t in tiles_of(hand) if self.is_trump(t, table.trump)]
                if trumps:
                    allowed = sum(BIT[t] for t in trumps)
            out: list[Action] = []
            for t in tiles_of(allowed):
                if self.leader_calls and not DOUBLE[t] and not self.is_trump(t, table.trump):
                    out.append(play(t, None, HIGH[t]))
                    out.append(play(t, None, LOW[t]))
                else:
                    out.append(play(t))
            return out
        follow = [t for t in tiles_of(hand) if self.follows(t, table.suit, table)]
        return [play(t) for t in (follow or tiles_of(hand))]

    def decision(self, table: FortyTwoTable) -> str:
        """``made``, ``set`` or ``""`` (not yet) after the tricks on ``table``."""
        high = table.high
        assert high is not None
        bidders = self.side_of[table.bidder]
        if table.contract == "nello":
            if any(winner == table.bidder for winner, _ in table.tricks):
                return "set"
            return "made" if len(table.tricks) == TRICKS else ""
        if self.all_tricks(table):
            if any(self.side_of[w] != bidders for w, _ in table.tricks):
                return "set"
            return "made" if len(table.tricks) == TRICKS else ""
        if table.taken[bidders] >= high.points:
            return "made"
        if table.taken[1 - bidders] > MARK - high.points:
            return "set"
        return ""

    # ----------------------------------------------------------------- the public table
    def table_after(self, table: FortyTwoTable, seat: int, action: Action) -> FortyTwoTable:
        """The table after ``seat``'s ``action`` on ``table``: every move of 42 is public, so
        this one rule moves both a hand's table and any replay of its public history on."""
        if table.bidding:
            bid = action if isinstance(action, Bid) else None
            table = table.but(bids=(*table.bids, (seat, bid)))
            if bid is not None:
                table = table.but(high=bid, bidder=seat)
            if len(table.bids) == PLAYERS and table.high is not None:
                declarer = table.bidder
                if table.high.contract is not None:  # a plunge or a splash
                    declarer = self.partner(table.bidder)
                table = table.but(declarer=declarer)
            return table
        if table.declaration is None:
            assert isinstance(action, Declare)
            table = self.contract_table(table, action)
            return table.but(leader=self.opening_leader(table))
        assert isinstance(action, Play)
        return self.play_table(table, seat, action)

    # ----------------------------------------------------------------- the play of a trick
    def seats_in(self, table: FortyTwoTable) -> tuple[int, ...]:
        """The four seats in turn, but the one sitting out (nello's partner)."""
        return _IN_TRICK[table.out]

    def lead_suit(self, table: FortyTwoTable, action: Play) -> int:
        return self.suit_led(action.tile, table, action.open)

    def winner_of(self, table: FortyTwoTable) -> int:
        return self.trick_winner(table.trick, table)

    def took(self, table: FortyTwoTable, winner: int) -> FortyTwoTable:
        """The trick taken: its points to the winner's side, and the bid made or set once the
        tricks decide it."""
        taken = list(table.taken)
        taken[self.side_of[winner]] += self.trick_points(table.trick)
        table = table.taken_by(winner, taken=(taken[0], taken[1]))
        if not table.decided:
            decided = self.decision(table)
            if not decided and len(table.tricks) == TRICKS:
                decided = "set"  # seven tricks and still open cannot happen; be safe
            if decided:
                table = table.but(decided=decided)
        return table

    def public_table_after(self, table: object, move: Move) -> FortyTwoTable:
        """The table after the public ``move``; before a hand's first move (``None``) the
        table of a hand whose first bidder made it (the shaker on his right, where the first
        bidder sits left of the shaker; unknown, -1, where a tile's holder bids first)."""
        if table is None:
            shaker = (move.seat - 1) % PLAYERS if self.first_bidder_tile < 0 else -1
            table = FortyTwoTable.start(shaker)
        assert isinstance(table, FortyTwoTable)
        return self.table_after(table, move.seat, move.action)

    def lacking(self, table: FortyTwoTable, t: int) -> int:
        """The tiles a seat that played ``t`` on ``table`` showed it did not hold: a seat that
        did not follow the suit led held none of it, one that led a first trick with no trump
        where trumps had to lead held no trump, and in sevens one whose tile was not the nearest
        seven held none nearer."""
        every = range(self.tiles.size)
        if table.contract == "sevens":
            near = self.sevens_distance(t)
            return sum(BIT[u] for u in every if self.sevens_distance(u) < near)
        if not table.trick:
            if self.first_lead_trump and not table.tricks and not self.is_trump(t, table.trump):
                return sum(BIT[u] for u in every if self.is_trump(u, table.trump))
            return 0
        if self.follows(t, table.suit, table):
            return 0
        return sum(BIT[u] for u in every if self.follows(u, table.suit, table))

    # ----------------------------------------------------------------- the end of a hand
    def bid_value(self, bid: Bid) -> int:
        """Scoring points, what a bid is worth: its points, or a mark bid's 42 a mark (or 42
        whatever its marks, ``points_mark_bid=points_taken``)."""
        if bid.points < MARK:
            return bid.points
        return MARK * bid.marks if self.points_mark_bid == "42_per_mark" else MARK

    def hand_result(self, state: GameState, table: FortyTwoTable) -> HandResult:
        """Score a finished hand (see the module)."""
        pips = tuple(self.hand_pips(h) for h in state.hands)
        high = table.high
        if high is None:
            reason = "all four passed: the next shaker shakes again"
            return HandResult("reshake", None, (0, 0), (0, 0), pips, None, reason)
        bidders = self.side_of[table.bidder]
        others = 1 - bidders
        made = table.decided == "made"
        points = [0, 0]
        if self.scoring == "marks":
            side = bidders if made else others
            marks = high.marks
            if self.cap_marks:
                before = state.base_totals[side] if state.base_totals else 0
                marks = max(0, min(marks, int(self.target_score - before)))
            points[side] = marks
        elif made:
            if high.points < MARK and table.contract not in ("nello", "sevens"):
                points = list(table.taken)
            else:
                points[bidders] = self.bid_value(high)
        else:
            points[others] = table.taken[others] + self.bid_value(high)
        what = f"{high.contract} {high.points}" if high.contract else str(high.points)
        if table.contract in ("nello", "sevens"):
            what += f" ({table.contract})"
        verb = "made" if made else "were set on"
        taken = f"taking {table.taken[bidders]} of 42"
        if table.contract == "nello":
            taken = f"taking {len([w for w, _ in table.tricks if w == table.bidder])} tricks"
        reason = f"{self.side_name(bidders)} {verb} the bid of {what}, {taken}"
        end = tuple(points[i] - state.scores[i] for i in range(2))
        return HandResult(
            "made" if made else "set",
            bidders if made else others,
            (points[0], points[1]),
            end,
            pips,
            None,
            reason,
        )

    # ----------------------------------------------------------------- a hand
    # The deal (TrickRules.deal): seven tiles each, no boneyard.
    def lead_from_deal(self) -> bool:
        return False

    def start_hand(self, start: HandStart) -> GameState:
        from .state import FortyTwoState

        return FortyTwoState.from_start(self, start)

    def state_from_position(self, position: Position) -> GameState:
        from .state import FortyTwoState

        return FortyTwoState.from_position(self, position)

    # ----------------------------------------------------------------- what players need
    def level_player(self, level: str, budget: float | None) -> GamePlayer | None:
        """The line search does not play tricks: each level (and the hints and reviews,
        ``analysis``) is Texas 42's own ``texas-expert`` (:mod:`.players`) with the level's
        time and worlds; the two weak levels sample a handful of deals, so they err. Without a
        budget (the analysis) a fixed number of deals, so a hint is the same every time."""
        from .players import TexasExpert

        if budget is None:
            return TexasExpert(budget=None, worlds=16)
        worlds = {"beginner": 2, "casual": 6}.get(level, 64)
        return TexasExpert(budget=min(budget, 0.6), worlds=worlds)

    def phase_actions(self) -> tuple[Action, ...]:
        """Every bid and declaration these rules can offer, in a fixed order: a research action
        space gives each an id."""
        if self._phase_actions is None:
            out: list[Action] = [Bid(p) for p in range(self.min_bid, MARK)]
            most = self.max_opening_marks + self.mark_raise * (PLAYERS - 1)
            specials = [("splash", self.splash_marks), ("plunge", self.plunge_marks)]
            for _, value in specials:
                most = max(most, value + self.mark_raise * (PLAYERS - 1))
            out.extend(Bid(MARK * m) for m in range(1, most + 1))
            for contract, _ in specials:
                if contract in self.contracts:
                    out.extend(Bid(MARK * m, contract) for m in range(1, most + 1))
            out.extend(Declare("suit", n) for n in range(7))
            out += [Declare("doubles"), Declare("follow_me"), Declare("nello")]
            out += [Declare("nello", doubles=d) for d in ("high", "own_suit", "low")]
            out.append(Declare("sevens"))
            self._phase_actions = tuple(out)
        return self._phase_actions

    def phase_index(self, action: Action | None) -> int:
        """The index of a bid or declaration among :meth:`phase_actions` (-1 for ``None``)."""
        if action is None:
            return -1
        if self._phase_index is None:
            self._phase_index = {a: i for i, a in enumerate(self.phase_actions())}
        return self._phase_index[action]

    def kernel_spec(self) -> TrickKernelSpec:
        """These rules as the compiled core reads them (:mod:`boneyard.core.kernel`): it plays
        every rule set and option of the game."""
        phase: list[tuple[str, int, str, int, str]] = []
        for a in self.phase_actions():
            if isinstance(a, Bid):
                phase.append(("bid", a.points, a.contract or "", -1, ""))
            else:
                assert isinstance(a, Declare)
                trump = -1 if a.trump is None else a.trump
                phase.append(("declare", 0, a.contract, trump, a.doubles or ""))
        return TrickKernelSpec(
            family="texas",
            players=PLAYERS,
            side_of=self.side_of,
            hand_size=HAND,
            tricks=TRICKS,
            target_score=int(self.target_score),
            phase=tuple(phase),
            all_pass=self.all_pass,
            min_bid=self.min_bid,
            max_opening_marks=self.max_opening_marks,
            mark_raise=self.mark_raise,
            first_bidder_tile=self.first_bidder_tile,
            contracts=tuple(sorted(self.contracts)),
            follow_me_doubles=self.follow_me_doubles,
            nello_doubles=self.nello_doubles,
            nello_min_marks=self.nello_min_marks,
            plunge_marks=self.plunge_marks,
            plunge_min_doubles=self.plunge_min_doubles,
            plunge_needs_66=self.plunge_needs_66,
            splash_marks=self.splash_marks,
            splash_min_doubles=self.splash_min_doubles,
            sevens_min_marks=self.sevens_min_marks,
            scoring=self.scoring,
            points_mark_bid=self.points_mark_bid,
            cap_marks=self.cap_marks,
            play_out=self.play_out,
            first_lead_trump=self.first_lead_trump,
            leader_calls=self.leader_calls,
        )

    def utilities(self, points: Sequence[float]) -> tuple[float, ...]:
        return tuple(points)

    def action_text(self, action: Action) -> str:
        """An action as 42 players say it: ``bid 30``, ``bid 84 (2 marks)``, ``sixes``."""
        if isinstance(action, Bid):
            if action.contract:
                return f"bid {action.contract} ({action.points}, {action.marks} marks)"
            if action.points >= MARK:
                marks = action.marks
                return f"bid {action.points} ({marks} mark{'s' if marks > 1 else ''})"
            return f"bid {action.points}"
        if isinstance(action, Declare):
            if action.contract == "suit":
                assert action.trump is not None
                return f"{SUIT_WORDS[action.trump]} are trumps"
            if action.contract == "doubles":
                return "doubles are trumps"
            if action.contract == "follow_me":
                return "follow-me (no trumps)"
            if action.contract == "nello" and action.doubles:
                return f"nello, doubles {action.doubles.replace('_', ' ')}"
            return action.contract
        if isinstance(action, Play) and action.open is not None:
            return f"{NAMES[action.tile]} calling {SUIT_WORDS[action.open]}"
        return str(action)


class FortyTwoGame(TrickGame):
    id: ClassVar[str] = "texas-42"
    order: ClassVar[int] = 150

    def agents(self) -> dict[str, Callable[[], Any]]:
        """Texas 42's own players: ``texas`` (the strategy notes) and ``texas-expert``."""
        from .players import TexasAgent, TexasExpert

        return {"texas": TexasAgent, "texas-expert": TexasExpert}

    aliases: ClassVar[tuple[str, ...]] = ("42",)
    title: ClassVar[str] = "Texas 42"
    summary: ClassVar[str] = (
        "The Texas partnership game: bid for the right to name trumps, take tricks and the count "
        "(5-5 and 6-4 ten, 5-0, 4-1 and 3-2 five, a trick one: 42 a hand); make your bid or be "
        "set. Marks to 7, or points to 250."
    )
    option_specs = TEXAS_OPTIONS
    defaults: ClassVar[dict[str, Any]] = {
        "all_pass": "forced",
        "min_bid": 30,
        "max_opening_marks": 2,
        "mark_raise": 1,
        "first_bidder": "left_of_dealer",
        "contracts": "suit,doubles,follow_me",
        "follow_me_doubles": "high",
        "nello_doubles": "own_suit",
        "nello_min_marks": 1,
        "plunge_marks": 4,
        "plunge_min_doubles": 4,
        "plunge_needs_66": False,
        "splash_marks": 2,
        "splash_min_doubles": 3,
        "sevens_min_marks": 1,
        "scoring": "marks",
        "target_score": 7,
        "points_mark_bid": "42_per_mark",
        "cap_marks": False,
        "play_out": False,
        "first_lead_trump": False,
        "led_suit": "high_end",
    }
    default_rules = "austin42"
    min_players = 4
    max_players = 4
    default_players = 4
    rules_class = FortyTwoRules

    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "austin42": RuleSet(
            "austin42",
            "Straight tournament 42 (Austin 42): one round of bidding from the shaker's left, "
            "30 to 41 points, 42 a mark, then marks (at most 2 to open, then one more); if the "
            "first three pass the shaker must bid; trumps a number, doubles or follow-me "
            "(doubles high); follow suit; 5-5 and 6-4 count 10, 5-0, 4-1 and 3-2 five, a trick "
            "one; the hand stops once the bid is made or set; 7 marks win.",
            {},
            "Austin 42 tournament rules (austin42.org); texas42.net; pagat Forty-two",
        ),
        "hearne": RuleSet(
            "hearne",
            "As austin42, but nobody is forced to bid: if all four pass the next shaker shakes "
            "again and nobody scores (Hearne's 'Sticks & Stones' tournament).",
            {"all_pass": "reshake"},
            "Hearne 'Sticks & Stones' tournament rules (hearnechamber.org)",
        ),
        "harper": RuleSet(
            "harper",
            "As austin42, with nello: the winner of a mark bid may play to take no trick, his "
            "partner sitting out, the doubles a suit of their own (Harper's tournament).",
            {"contracts": "suit,doubles,follow_me,nello", "nello_doubles": "own_suit"},
            "Harper Community Park 42 tournament rules (harpercommunitypark.org)",
        ),
        "wikipedia": RuleSet(
            "wikipedia",
            "The house game with every special contract: nello (doubles their own suit), "
            "sevens, splash (3 doubles, 2 marks) and plunge (4 doubles, 4 marks), the partner "
            "naming trumps after a splash or a plunge.",
            {
                "contracts": "suit,doubles,follow_me,nello,splash,plunge,sevens",
                "nello_doubles": "own_suit",
            },
            "Wikipedia '42 (dominoes)'; domino-play.com; jasonyandell/mk5-main for the splash",
        ),
        "kelley": RuleSet(
            "kelley",
            "Jennifer Kelley's contracts: nello (doubles high in their suits), plunge (4 "
            "doubles, 4 marks) and sevens (at least one mark).",
            {
                "contracts": "suit,doubles,follow_me,nello,plunge,sevens",
                "nello_doubles": "high",
                "plunge_marks": 4,
                "sevens_min_marks": 1,
            },
            "Jennifer Kelley, Great Book of Domino Games (1999), at dominorules.com",
        ),
        "points": RuleSet(
            "points",
            "As austin42 scored in points (texas42.net): a made bid scores each side what it "
            "took, a set one scores the opponents their points and the bid; every hand is "
            "played out; 250 wins.",
            {"scoring": "points", "target_score": 250, "play_out": True},
            "texas42.net '42 scoring'; Wikipedia '42 (dominoes)'",
        ),
    }

    def presenter_for(self, rules: GameRules) -> FortyTwoPresenter:
        from .presenter import FortyTwoPresenter  # it reads these rules: imported when first told

        assert isinstance(rules, FortyTwoRules)
        return FortyTwoPresenter(rules)


def suit_words(suit: int) -> str:
    """A suit as 42 players name it: ``sixes``, ``doubles``."""
    return SUIT_WORDS[suit]
