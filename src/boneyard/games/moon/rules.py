"""Moon: the three-handed Texas trick game (docs/games/moon.md quotes the sources).

Three players, each for himself; the double-six set without the blanks but the double-blank:
22 tiles, 7 each and one face down, the **widow** (``moon_tiles=no_blanks``: 21 tiles, no widow).

**The bidding.** One round, from the dealer's left, the dealer last: each passes or bids the tricks
he undertakes to take, 4 to 7, each bid above the last; or bids 21, **shooting the moon**: every
trick, for 21 (``moon_shoot``: at any turn, or only over a 7); nothing is bid after it. If all pass
the tiles are drawn again (``moon_all_pass=redeal``) or the dealer may not pass (``dealer``).

**The contract.** The high bidder names trumps: a number (every tile bearing it a trump only,
ranked double high, then by its other end) or no trumps (follow-me), or the doubles where
``moon_doubles_trump`` allows. He then takes the widow into his hand and discards one of his eight
tiles face down (the widow itself, if he likes), and leads (``moon_first_lead``: any tile, or a
trump if he holds one).

**The play.** As in Texas 42: a trump leads trumps, a double its number, any other tile its higher
end; follow suit if you can, else play anything; the highest trump wins, else the highest tile of
the suit led; the winner leads the next. Seven tricks.

**Scoring.** A trick is a point. Each player who did not bid scores his tricks. The bidder, if he
took what he bid, scores his tricks (the moon: 21); if not he is **set**: he loses the bid (the
moon: 21) (``moon_set=lose_bid``), or scores nothing while each other player scores his tricks and
the bid (``opponents_score_bid``). The first to 21 (``target_score``) wins; a bidder who makes his
bid and reaches it wins before the others ("bidder goes out").

>>> from boneyard.games import get_game
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("moon").configure()
>>> table = MoonTable.start(dealer=0).but(trump=5, suit=6, trick=((1, T("6-4")),))
>>> rules.trick_winner(((1, T("6-4")), (2, T("6-6")), (0, T("5-1"))), table)  # 5-1 trumps
0
>>> rules.trick_winner(((1, T("6-4")), (2, T("6-6")), (0, T("4-1"))), table)  # the double
2
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import Action, Move, Play, play
from ...core.capabilities import OwnPlayers, PublicTricks, TrickReading
from ...core.game import Game, RuleSet
from ...core.i18n import NP_, _
from ...core.options import OptionError, pick
from ...core.past import Past
from ...core.protocol import (
    TARGET_SCORE,
    GamePlayer,
    GameState,
    HandResult,
    HandStart,
    Position,
)
from ...core.tiles import BIT, DOUBLE, HIGH, LOW, NAMES, tiles_of
from ..tricks import Trick, TrickGame, TrickRules, follow_mask, texas, trick_winner
from ..tricks.actions import Bid, Declare, Discard
from .options import (
    MOON_ALL_PASS,
    MOON_DOUBLES_TRUMP,
    MOON_FIRST_LEAD,
    MOON_LED_SUIT,
    MOON_SET,
    MOON_SHOOT,
    MOON_SPECS,
    MOON_TILES,
)
from .table import (
    DOUBLES_SUIT,
    MOON,
    MOON_TILESET,
    NO_BLANKS,
    NO_TRUMP,
    PLAYERS,
    TRICKS,
    MoonTable,
)

if TYPE_CHECKING:
    from ...core.options import Options
    from ...core.protocol import GameRules, Observation
    from .presenter import MoonPresenter
    from .state import MoonState

__all__ = ["MIN_BID", "SHOOT", "MoonGame", "MoonRules", "suit_words"]

MIN_BID = 4
"""The lowest bid: four of the seven tricks."""
SHOOT = Bid(MOON, "moon")
"""Shooting the moon: every trick, for 21 (``{"bid": 21, "contract": "moon"}`` in a record)."""

# The sentences of the engine (why a hand ended), told whole in another language.
ENGINE_SENTENCES = (
    NP_("engine", "{seat} made the bid of {bid}, taking {taken} of 7 tricks"),
    NP_("engine", "{seat} was set on the bid of {bid}, taking {taken} of 7 tricks"),
    NP_("engine", "all three passed: the tiles are drawn again"),
    # Why a move is refused.
    NP_("engine", "the first two passed, so the dealer must bid (moon_all_pass=dealer)"),
    NP_("engine", "the moon is bid only over a 7 (moon_shoot=over_seven; legal: {options})"),
    NP_("engine", "a bid is 4 to 7 tricks, or the moon (legal: {options})"),
    NP_("engine", "{seat} must name trumps (legal: {options})"),
    NP_("engine", "{seat} must discard a tile, the widow taken (legal: {options})"),
    NP_("engine", "the first lead must be a trump (moon_first_lead=trump; legal: {options})"),
    NP_("engine", "{seat} must follow suit (legal: {options})"),
)

SUIT_WORDS = ("blanks", "aces", "deuces", "treys", "fours", "fives", "sixes", "doubles")
"""The suits by number as Texas players name them (and the doubles' suit)."""


def suit_words(suit: int) -> str:
    """A suit in words: ``sixes``, ``doubles``."""
    return SUIT_WORDS[suit]


class MoonRules(TrickRules[MoonTable], OwnPlayers, TrickReading):
    """The resolved rules of a Moon match (see the module). Its own players take the search
    levels (:class:`~boneyard.core.capabilities.OwnPlayers`); its tricks are read by the research
    encoding (:class:`~boneyard.core.capabilities.TrickReading`); it rebuilds a hand's past with
    the widow and the discard face down (:meth:`past_for`,
    :class:`~boneyard.core.past.PastReader`)."""

    hidden_moves = True  # the bidder's discard is face down
    action_kinds = (Bid, Declare, Discard)  # the discard's research ids per tile, then the phase's
    shows_hands_at_end = False  # the discard stays face down

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        if players != PLAYERS:
            raise OptionError(
                _("{game} is for {low} players, not {n}").format(game="moon", low=3, n=players)
            )
        o = options
        self.widow = MOON_TILES.text(o) == "double_blank"
        self.tiles = MOON_TILESET if self.widow else NO_BLANKS
        self.sides = tuple((s,) for s in range(PLAYERS))
        self.side_of = tuple(range(PLAYERS))
        self.hand_size = TRICKS
        self.dealer_bids = MOON_ALL_PASS.text(o) == "dealer"
        self.shoot_any = MOON_SHOOT.text(o) == "any"
        self.set_loses_bid = MOON_SET.text(o) == "lose_bid"
        self.doubles_trump = MOON_DOUBLES_TRUMP.flag(o)
        self.first_lead_trump = MOON_FIRST_LEAD.text(o) == "trump"
        self.leader_calls = MOON_LED_SUIT.text(o) == "leader_calls"
        self.target_score = TARGET_SCORE.for_players(o, players)

    def read_tricks(self, table: object) -> PublicTricks | None:
        """The public tricks of a Moon table, the discard the bidder owes with them (the trump
        is outside the pips where the doubles are trumps or there are none)."""
        if not isinstance(table, MoonTable):
            return None
        return PublicTricks(
            trump=table.trump,
            trick=table.trick,
            leader=table.leader,
            won=table.won,
            placed=table.placed,
            owed=table.owed,
        )

    # The Texas suits (games/tricks/texas.py), the doubles always high in their suit.
    def is_trump(self, t: int, trump: int) -> bool:
        """Whether ``t`` is a trump (:func:`~boneyard.games.tricks.texas.is_trump`)."""
        return texas.is_trump(t, trump)

    def suit_led(self, t: int, trump: int) -> int:
        """The suit ``t`` leads: trumps if it is one, else its higher end (a double its
        number)."""
        return texas.suit_led(t, trump)

    def follows(self, t: int, suit: int, trump: int) -> bool:
        """Whether ``t`` follows ``suit`` (:func:`~boneyard.games.tricks.texas.follows`)."""
        return texas.follows(t, suit, trump)

    def rank(self, t: int, suit: int) -> int:
        """``t``'s rank in ``suit`` (:func:`~boneyard.games.tricks.texas.rank`)."""
        return texas.rank(t, suit)

    def strength(self, t: int, suit: int, trump: int) -> tuple[int, int]:
        """``t``'s strength in a trick led in ``suit``
        (:func:`~boneyard.games.tricks.texas.strength`)."""
        return texas.strength(t, suit, trump)

    def trick_winner(self, trick: Trick, table: MoonTable) -> int:
        """The seat that takes ``trick`` with ``table``'s trumps: the highest trump, else the
        highest tile of the suit led (the table's trick's, else what the first tile leads)."""
        trump = table.trump
        suit = table.suit if table.trick else self.suit_led(trick[0][1], trump)
        return trick_winner(trick, lambda t: self.strength(t, suit, trump))

    # ----------------------------------------------------------------- bidding
    def bids_over(self, high: Bid | None) -> list[Bid]:
        """Every bid a seat may make over ``high``: a number of tricks above it (4 to 7), and
        the moon (at any turn, or over a 7 only)."""
        top = high.points if high is not None else 0
        out = [Bid(k) for k in range(max(MIN_BID, top + 1), TRICKS + 1)]
        if top < MOON and (self.shoot_any or top == TRICKS):
            out.append(SHOOT)
        return out

    def bidding_order(self, dealer: int) -> tuple[int, ...]:
        """The seats in the order they bid: from the dealer's left, the dealer last."""
        return tuple((dealer + k) % PLAYERS for k in range(1, PLAYERS + 1))

    def declarations(self) -> list[Declare]:
        """What the high bidder may name: a number (not the blanks where there are none), the
        doubles where they may be trumps, no trumps."""
        low = 0 if self.widow else 1
        out = [Declare("suit", n) for n in range(low, 7)]
        if self.doubles_trump:
            out.append(Declare("doubles"))
        out.append(Declare("follow_me"))
        return out

    def trump_of(self, declaration: Declare) -> int:
        if declaration.contract == "suit":
            assert declaration.trump is not None
            return declaration.trump
        return DOUBLES_SUIT if declaration.contract == "doubles" else NO_TRUMP

    # ----------------------------------------------------------------- the play
    def plays(self, table: MoonTable, hand: int) -> list[Action]:
        """The tiles a seat holding ``hand`` may play to the trick on ``table``."""
        if not table.trick:
            allowed = hand
            if self.first_lead_trump and not table.tricks:
                trumps = hand & self.trump_mask(table.trump)
                allowed = trumps or hand
            out: list[Action] = []
            for t in tiles_of(allowed):
                if self.leader_calls and not DOUBLE[t] and not self.is_trump(t, table.trump):
                    out += [play(t, None, HIGH[t]), play(t, None, LOW[t])]
                else:
                    out.append(play(t))
            return out
        follow = hand & self.follow_mask(table)
        return [play(t) for t in tiles_of(follow or hand)]

    def trump_mask(self, trump: int) -> int:
        return follow_mask(tiles_of(self.tiles.all_mask), lambda t: self.is_trump(t, trump))

    def follow_mask(self, table: MoonTable) -> int:
        """The tiles that follow the suit of the trick in play."""
        suit, trump = table.suit, table.trump
        return follow_mask(tiles_of(self.tiles.all_mask), lambda t: self.follows(t, suit, trump))

    def seats_in(self, table: MoonTable) -> tuple[int, ...]:
        return (0, 1, 2)

    def lead_suit(self, table: MoonTable, action: Play) -> int:
        """The suit a lead leads: trumps, a double's number, the end its leader called
        (``moon_led_suit=leader_calls``) or its higher end."""
        if action.open is not None and not self.is_trump(action.tile, table.trump):
            return action.open
        return self.suit_led(action.tile, table.trump)

    def winner_of(self, table: MoonTable) -> int:
        return self.trick_winner(table.trick, table)

    def lacking(self, table: MoonTable, t: int) -> int:
        """What a play showed its seat lacked: a seat that did not follow the suit led held none
        of it; a first lead that was no trump, where a trump must lead, no trump."""
        if not table.trick:
            if self.first_lead_trump and not table.tricks and not self.is_trump(t, table.trump):
                return self.trump_mask(table.trump)
            return 0
        if self.follows(t, table.suit, table.trump):
            return 0
        return self.follow_mask(table)

    # ----------------------------------------------------------------- the public table
    def table_after(self, table: MoonTable, seat: int, action: Action) -> MoonTable:
        """The table after ``seat``'s legal ``action``: a bid or a pass recorded; trumps named
        (the bidder then owes a discard where he takes the widow, else leads); the discard made
        (its tile unread: it is face down) and the bidder to lead; a tile played to the trick.
        What the hand and the public replayer both follow."""
        if table.bidding:
            bid = action if isinstance(action, Bid) else None
            table = table.but(bids=(*table.bids, (seat, bid)))
            if bid is not None:
                table = table.but(high=bid, bidder=seat)
            return table
        if table.declaration is None:
            assert isinstance(action, Declare)
            table = table.but(declaration=action, trump=self.trump_of(action))
            if self.widow:
                return table.but(owed=1)
            return table.but(leader=table.bidder)
        if table.owed:
            assert isinstance(action, Discard)
            return table.but(owed=table.owed - 1, leader=table.bidder)
        assert isinstance(action, Play)
        return self.play_table(table, seat, action)

    def public_table_after(self, table: object, move: Move) -> MoonTable:
        """The table after the public ``move``; before a hand's first move (``None``) the table
        of a hand whose first bidder made it (the dealer on his right)."""
        if table is None:
            table = MoonTable.start((move.seat - 1) % PLAYERS)
        assert isinstance(table, MoonTable)
        return self.table_after(table, move.seat, move.action)

    # ----------------------------------------------------------------- the end of a hand
    def made(self, table: MoonTable) -> bool:
        """Whether the bidder took the tricks he bid (every one for the moon)."""
        return table.won[table.bidder] >= table.need

    def hand_result(self, state: GameState, table: MoonTable) -> HandResult:
        """Score a finished hand (see the module)."""
        pips = tuple(self.hand_pips(h) for h in state.hands)
        zero = (0,) * PLAYERS
        high = table.high
        if high is None:
            reason = "all three passed: the tiles are drawn again"
            return HandResult("redeal", None, zero, zero, pips, None, reason)
        bidder = table.bidder
        won = table.won
        value = MOON if table.moon else high.points
        made = self.made(table)
        points = list(won)
        if made:
            points[bidder] = value if table.moon else won[bidder]
        elif self.set_loses_bid:
            points[bidder] = -value
        else:
            points = [0 if s == bidder else won[s] + value for s in range(PLAYERS)]
        what = "the moon (21)" if table.moon else str(high.points)
        verb = "made" if made else "was set on"
        reason = f"seat {bidder} {verb} the bid of {what}, taking {won[bidder]} of 7 tricks"
        end = tuple(points[s] - state.scores[s] for s in range(PLAYERS))
        return HandResult(
            "made" if made else "set",
            bidder if made else None,
            tuple(points),
            end,
            pips,
            None,
            reason,
        )

    def match_end(
        self, totals: Sequence[float], hands_played: int, last: HandResult | None = None
    ) -> tuple[bool, int | None]:
        """The first to ``target_score`` wins; a bidder who made his bid and reached it wins
        before the others ("bidder goes out"); otherwise the highest past it, alone."""
        bidder = last.winner if last is not None and last.ended == "made" else None
        if bidder is not None and totals[bidder] >= self.target_score:
            return True, bidder
        return super().match_end(totals, hands_played, last)

    # ----------------------------------------------------------------- a hand
    def deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Shuffle the set's tiles and draw seven each; the rest (the widow) is the stock."""
        tiles = list(tiles_of(self.tiles.all_mask))
        rng.shuffle(tiles)
        hands = [tiles[i * TRICKS : (i + 1) * TRICKS] for i in range(PLAYERS)]
        return hands, tiles[TRICKS * PLAYERS :]

    def start_hand(self, start: HandStart) -> MoonState:
        from .state import MoonState

        return MoonState.from_start(self, start)

    def state_from_position(self, position: Position) -> MoonState:
        from .state import MoonState

        return MoonState.from_position(self, position)

    # ----------------------------------------------------------------- what others know
    def past_for(
        self,
        view: Observation,
        hands: Sequence[int],
        stock: Sequence[int],
        rng: random.Random,
    ) -> Past | None:
        """A past leading to the world ``hands``/``stock``
        (:class:`~boneyard.core.past.PastReader`): each seat was dealt what it holds and played;
        the bidder, once he has named trumps, took the widow too and, once he has discarded, threw
        out a tile: his own discard (the view's ``discarded``) where the view is his, else the
        tile out of play in the world (``stock`` past ``view.stock_size``). Which of his tiles was
        the widow the others cannot tell, nor can the view say: it is drawn."""
        table = view.table
        if not isinstance(table, MoonTable):
            return None
        me = view.seat
        final = [view.hand if s == me else hands[s] for s in range(self.players)]
        history = list(view.history)
        for move in history:
            if type(move.action) is Play:
                final[move.seat] |= BIT[move.action.tile]
        discarded = [m for m in history if type(m.action) is Discard]
        out = [t for t in stock[view.stock_size :] if not view.discarded & BIT[t]]
        thrown: int | None = None
        if discarded:
            bidder = discarded[0].seat
            mine = list(tiles_of(view.discarded))
            pool = mine if bidder == me else out
            if len(pool) != 1:
                return None
            thrown = pool.pop()
            final[bidder] |= BIT[thrown]
        if out:
            return None
        taken: list[tuple[int, ...]] = [() for _ in range(self.players)]
        dealt = [list(tiles_of(f)) for f in final]
        if self.widow and table.declaration is not None:
            bidder = table.bidder
            widow = rng.choice(dealt[bidder])
            dealt[bidder].remove(widow)
            taken[bidder] = (widow,)
        if any(len(d) != self.hand_size for d in dealt):
            return None
        filled = [
            m._replace(action=Discard(thrown)) if type(m.action) is Discard else m for m in history
        ]
        return Past(
            dealt=tuple(tuple(d) for d in dealt),
            turned=(),
            history=tuple(filled),
            taken=tuple(taken),
        )

    # ----------------------------------------------------------------- what players need
    def level_player(self, level: str, budget: float | None) -> GamePlayer | None:
        """Each level (and the hints and reviews, ``analysis``) is Moon's own ``moon-expert``
        (:mod:`.players`: deals sampled, played out by ``moon``) with the level's count of
        deals; the two weak levels sample a handful, so they err. The count settles the move;
        ``budget`` is only the level's safety cap, which these counts do not reach (``None``,
        the analysis: no clock, 16 deals)."""
        from .players import MoonExpert

        if budget is None:
            return MoonExpert(budget=None, worlds=16)
        worlds = {"beginner": 2, "casual": 6}.get(level, 32)
        return MoonExpert(budget=budget, worlds=worlds)

    def phase_actions(self) -> tuple[Action, ...]:
        """Every bid and declaration these rules can offer, in a fixed order, one research
        action id each: the bids 4 to 7, the moon, trumps 0 to 6, the doubles, no trumps."""
        out: list[Action] = [Bid(k) for k in range(MIN_BID, TRICKS + 1)]
        out.append(SHOOT)
        out.extend(Declare("suit", n) for n in range(7))
        out += [Declare("doubles"), Declare("follow_me")]
        return tuple(out)

    def action_text(self, action: Action) -> str:
        """An action as Moon players say it: ``bid 5``, ``shoot the moon (21)``, ``sixes are
        trumps``, ``follow-me (no trumps)``, ``discard 6-4``."""
        if isinstance(action, Bid):
            if action.contract == "moon":
                return "shoot the moon (21)"
            return f"bid {action.points}"
        if isinstance(action, Declare):
            if action.contract == "suit":
                assert action.trump is not None
                return f"{SUIT_WORDS[action.trump]} are trumps"
            if action.contract == "doubles":
                return "doubles are trumps"
            return "follow-me (no trumps)"
        if isinstance(action, Discard) and action.tile is not None:
            return f"discard {NAMES[action.tile]}"
        if isinstance(action, Play) and action.open is not None:
            return f"{NAMES[action.tile]} calling {SUIT_WORDS[action.open]}"
        return str(action)

    def end_names(self) -> str:
        return self.game.end_names


MOON_OPTIONS: tuple[str, ...] = (
    "target_score",
    "moon_tiles",
    "moon_all_pass",
    "moon_shoot",
    "moon_set",
    "moon_doubles_trump",
    "moon_first_lead",
    "moon_led_suit",
)

_TARGET = (TARGET_SCORE,)


class MoonGame(TrickGame):
    id: ClassVar[str] = "moon"
    aliases: ClassVar[tuple[str, ...]] = ("shoot-the-moon",)
    title: ClassVar[str] = "Moon"
    summary: ClassVar[str] = (
        "The three-handed Texas trick game: 22 tiles (the blanks out but the double-blank), 7 "
        "each and a widow; bid 4 to 7 tricks or shoot the moon (all 7, for 21), name trumps, "
        "take the widow and discard; a trick is a point, a set bidder loses his bid; 21 wins."
    )
    option_specs = pick(MOON_OPTIONS, _TARGET, MOON_SPECS)
    defaults: ClassVar[dict[str, Any]] = {
        "target_score": 21,
        "moon_tiles": "double_blank",
        "moon_all_pass": "redeal",
        "moon_shoot": "any",
        "moon_set": "lose_bid",
        "moon_doubles_trump": False,
        "moon_first_lead": "any",
        "moon_led_suit": "high_end",
    }
    default_rules = "pagat"
    min_players = 3
    max_players = 3
    default_players = 3
    rules_class = MoonRules
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "pagat": RuleSet(
            "pagat",
            "pagat's Moon: 22 tiles, 7 each and the widow; one round of bidding from the "
            "dealer's left, 4 to 7 tricks or 21 to shoot the moon at any turn; all pass: a new "
            "deal; trumps a number or none (no doubles); the bidder takes the widow, discards "
            "one and leads any tile; a trick a point, a set bidder loses the bid; 21 wins.",
            {},
            "pagat.com Moon; Jennifer Kelley, Great Book of Domino Games (1999), at "
            "dominorules.com, for the set",
        ),
        "domino-play": RuleSet(
            "domino-play",
            "As pagat, but the leader of a trick calls which end of his tile is the suit led "
            "(domino-play.com).",
            {"moon_led_suit": "leader_calls"},
            "domino-play.com 'Moon'",
        ),
        "domino-games": RuleSet(
            "domino-games",
            "As pagat, but the moon is bid only over a 7, and the bidder's first lead must be a "
            "trump (domino-games.com).",
            {"moon_shoot": "over_seven", "moon_first_lead": "trump"},
            "domino-games.com 'Moon Domino Rules'",
        ),
        "ehow": RuleSet(
            "ehow",
            "As domino-games, and a set bidder scores nothing while the others score their "
            "tricks and the bid (eHow 'How to Play Moon Dominoes').",
            {
                "moon_shoot": "over_seven",
                "moon_first_lead": "trump",
                "moon_set": "opponents_score_bid",
            },
            "eHow 'How to Play Moon Dominoes'",
        ),
        "fosdick": RuleSet(
            "fosdick",
            "Howard Fosdick's Moon: every blank out, 21 tiles, 7 each and no widow; the doubles "
            "may be named trumps.",
            {"moon_tiles": "no_blanks", "moon_doubles_trump": True},
            "Howard Fosdick, Moon (bestfreenewgames.com)",
        ),
        "house": RuleSet(
            "house",
            "As pagat, but if the first two pass the dealer must bid (Texas 42's forced bid, "
            "played at many tables; no Moon source read says so).",
            {"moon_all_pass": "dealer"},
            "Texas 42's forced bid (Austin 42 rules), carried over",
        ),
    }

    def presenter_for(self, rules: GameRules) -> MoonPresenter:
        from .presenter import MoonPresenter  # it reads these rules: imported when first told

        assert isinstance(rules, MoonRules)
        return MoonPresenter(rules)

    def agents(self) -> dict[str, Callable[[], Any]]:
        """Moon's own players: ``moon`` (bids its sure tricks, plays by rule) and
        ``moon-expert`` (deals sampled, played out by ``moon``)."""
        from .players import MoonAgent, MoonExpert

        return {"moon": MoonAgent, "moon-expert": MoonExpert}
