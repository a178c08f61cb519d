"""Domino Loo (RULES.md §2.11, §7): the card game Loo played with dominoes, a trick-taking game.

The sources are incomplete (RULES.md §7); what follows is the fullest modern description (pagat's,
revised from "Berkeley", *Dominoes and Solitaire*, 1899), completed from Hoyle (customgraph art=7)
and two modern sites (gamerules.com, domino-play.com), with every uncertain choice an option. The
docs page (docs/games/domino-loo.md) gives the sources of each.

**The deal.** Two to four players, 5 tiles each; the dealer turns up the next tile of the stock:
its higher number is **trumps** (a double turned up makes its number trumps). The deal and the
first decision pass to the left after each hand.

**Before the play**, starting left of the dealer, each player in turn **stands** (plays the tiles
dealt), **takes the miss** (``loo_miss``: throws his hand out face down and takes a new one from
the stock: six tiles, keeping five, with two or three players; all seven left, keeping five, with
four; while the stock holds enough) or, with three or four players, **drops out** of the hand
(throws his tiles out: he can win nothing and lose nothing). A player who takes the miss must play.
If all but one drop, that one takes the hand uncontested.

**The play.** Five tricks. The player left of the dealer (or the next one still in) leads any tile;
each player still in plays one tile in turn. A tile bearing the trump number is a **trump**;
any other tile belongs to the suit of its higher number (``loo_suits=higher_end``, Hoyle), or
follows any suit it shows (``either_end``). A player must **follow suit** if he can; if he cannot,
he must **trump** if he can (``loo_must_trump``); and he must **head** the trick, play a tile that
beats the best so far, when one of the tiles he is obliged to choose from does (``loo_must_head``).
Within a suit the double ranks highest, then the others by their other number. The highest trump
wins the trick, or with none the highest tile of the suit led; the winner leads the next.

**Scoring.** A pool (``loo_scoring=pool``): the dealer stakes 5 counters when the pool is empty;
each trick takes a fifth of the pool; a player who stood or took the miss and took no trick is
**looed** and pays 5 counters into the next pool, which then needs no stake. A match is ``rounds``
deals; the most counters won wins. Or points (``points``): 1 per trick, ``loo_penalty`` off for
being looed, first to ``target_score`` (15).

>>> from boneyard.games import get_game
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("domino-loo").configure(players=3)
>>> rules.trick_winner([(0, T("6-4")), (1, T("6-6")), (2, T("5-3"))], trump=3)  # 5-3 trumps
2
>>> rules.trick_winner([(0, T("6-4")), (1, T("6-6")), (2, T("5-2"))], trump=3)
1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import Action, Move, Play
from ...core.capabilities import PublicTricks, TrickReading
from ...core.game import RuleSet
from ...core.kernel_spec import TrickKernelSpec
from ...core.options import pick
from ...core.past import Past
from ...core.protocol import (
    TARGET_SCORE,
    GameRules,
    GameState,
    HandResult,
    HandStart,
    Observation,
    Position,
)
from ...core.tiles import BIT, DOUBLE, HIGH, LOW, tile_set, tiles_of
from ..line.options import LINE_SPECS, ROUNDS
from ..tricks import Trick, TrickGame, TrickRules, follow_mask, trick_winner
from ..tricks.actions import Discard
from .actions import Drop, Stand, TakeMiss
from .options import (
    LOO_MISS,
    LOO_MUST_HEAD,
    LOO_MUST_TRUMP,
    LOO_PENALTY,
    LOO_SCORING,
    LOO_SPECS,
    LOO_SUITS,
)
from .state import LooState
from .table import DROPPED, MISSED, STOOD, TRICKS, UNDECIDED, LooTable

if TYPE_CHECKING:
    from ...core.game import Game
    from ...core.options import Options
    from .presenter import LooPresenter

__all__ = ["DominoLooGame", "LooRules"]

STAKE = 5  # the dealer's stake, and what a looed player pays into the next pool

LOO_OPTIONS: tuple[str, ...] = (
    "loo_scoring",
    "loo_penalty",
    "target_score",
    "rounds",
    "loo_miss",
    "loo_suits",
    "loo_must_trump",
    "loo_must_head",
)

LOO_DEFAULTS: dict[str, Any] = {
    "loo_scoring": "pool",
    "loo_penalty": 5,
    "target_score": 15,
    "rounds": 10,
    "loo_miss": True,
    "loo_suits": "higher_end",
    "loo_must_trump": True,
    "loo_must_head": True,
}


class LooRules(TrickRules[LooTable], TrickReading):
    """Five tricks with trumps turned up, the miss, dropping out, looing."""

    hidden_moves = True  # the miss and the discards
    action_kinds = (Discard, Drop, Stand, TakeMiss)  # the order of their research ids
    shows_hands_at_end = False  # the discards stay face down
    lacks_after_each_play = False  # what a seat lacks, said once after its plays

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        o = options
        self.tiles = tile_set("double-six")
        self.sides = tuple((s,) for s in range(players))
        self.side_of = tuple(range(players))
        self.hand_size = TRICKS
        self.pool = LOO_SCORING.text(o) == "pool"
        self.penalty = LOO_PENALTY.number(o)
        self.rounds = max(1, ROUNDS.number(o))
        self.target_score = TARGET_SCORE.for_players(o, players)
        self.miss_allowed = LOO_MISS.flag(o)
        self.either_end = LOO_SUITS.text(o) == "either_end"
        self.must_trump = LOO_MUST_TRUMP.flag(o)
        self.must_head = LOO_MUST_HEAD.flag(o)
        # The miss: six tiles keeping five with two or three players, all seven left keeping
        # five with four.
        self.miss_size = 6 if players <= 3 else 7

    def kernel_spec(self) -> TrickKernelSpec:
        """These rules as the compiled core reads them (:mod:`boneyard.core.kernel`): it plays
        every option of the game."""
        return TrickKernelSpec(
            family="loo",
            players=self.players,
            side_of=self.side_of,
            hand_size=TRICKS,
            tricks=TRICKS,
            target_score=int(self.target_score),
            match_end="rounds_high" if self.pool else "target",
            rounds=self.rounds,
            stand=Stand,
            miss=TakeMiss,
            drop=Drop,
            discard=Discard,
            pool=self.pool,
            penalty=self.penalty,
            miss_allowed=self.miss_allowed,
            miss_size=self.miss_size,
            either_end=self.either_end,
            must_trump=self.must_trump,
            must_head=self.must_head,
        )

    def read_tricks(self, table: object) -> PublicTricks | None:
        """The public tricks of a Domino Loo table, its decisions and owed discards with them."""
        if not isinstance(table, LooTable):
            return None
        return PublicTricks(
            trump=table.trump,
            trick=table.trick,
            leader=table.leader,
            won=table.won,
            placed=table.placed,
            status=table.status,
            owed=table.owed,
        )

    # ----------------------------------------------------------------- suits and ranks
    def is_trump(self, t: int, trump: int) -> bool:
        return HIGH[t] == trump or LOW[t] == trump

    def suit_led(self, t: int, trump: int) -> int:
        """The suit a tile leads: trumps if it bears the trump number, else its higher number."""
        return trump if self.is_trump(t, trump) else HIGH[t]

    def follows(self, t: int, suit: int, trump: int) -> bool:
        """Whether ``t`` follows ``suit``: a trump follows trumps; any other tile follows the
        suit of its higher number (``either_end``: any number it shows)."""
        if suit == trump:
            return self.is_trump(t, trump)
        if self.is_trump(t, trump):
            return False
        return HIGH[t] == suit or (self.either_end and LOW[t] == suit)

    def rank(self, t: int, suit: int) -> int:
        """A tile's rank in ``suit``: the double highest, then by its other number."""
        if DOUBLE[t]:
            return 100
        return LOW[t] if HIGH[t] == suit else HIGH[t]

    def strength(self, t: int, suit: int, trump: int) -> tuple[int, int]:
        """A tile's strength in a trick led in ``suit``: a trump above the suit led, above a tile
        that does neither."""
        if self.is_trump(t, trump):
            return (2, self.rank(t, trump))
        if self.follows(t, suit, trump):
            return (1, self.rank(t, suit))
        return (0, 0)

    def trick_winner(self, trick: Trick, trump: int) -> int:
        """The seat that wins a trick of ``(seat, tile)``: the highest trump, or the highest tile
        of the suit led."""
        suit = self.suit_led(trick[0][1], trump)
        return trick_winner(trick, lambda t: self.strength(t, suit, trump))

    def tiers(self, table: LooTable) -> list[int]:
        """The masks of tiles a player must choose from, most binding first: he plays from the
        first his hand meets (see the module docstring). Empty before a lead (any tile)."""
        if not table.trick:
            return []
        trump = table.trump
        suit = self.suit_led(table.trick[0][1], trump)
        every = range(self.tiles.size)
        best = max(self.strength(t, suit, trump) for _, t in table.trick)
        follow = follow_mask(every, lambda t: self.follows(t, suit, trump))
        trumps = follow_mask(every, lambda t: self.is_trump(t, trump))
        beats = follow_mask(every, lambda t: self.strength(t, suit, trump) > best)
        out = []
        if self.must_head:
            out.append(follow & beats)
        out.append(follow)
        if self.must_trump and suit != trump:
            if self.must_head:
                out.append(trumps & beats)
            out.append(trumps)
        return [m for m in out if m]

    # ----------------------------------------------------------------- the play of a trick
    def seats_in(self, table: LooTable) -> list[int]:
        """The seats playing the hand (they stood or took the miss)."""
        return table.in_hand()

    def lead_suit(self, table: LooTable, action: Play) -> int:
        return self.suit_led(action.tile, table.trump)

    def winner_of(self, table: LooTable) -> int:
        return self.trick_winner(table.trick, table.trump)

    # ----------------------------------------------------------------- the hand
    # The deal (TrickRules.deal): five tiles each; the stock's first tile is the turn-up.
    def start_hand(self, start: HandStart) -> LooState:
        """The hand ``start`` describes: the stock's first tile turned up for trumps, the seat
        left of the dealer (the match's leader) deciding first."""
        return LooState.from_start(self, start)

    def state_from_position(self, position: Position) -> LooState:
        """A state at the position described (see :meth:`LooState.from_position`)."""
        return LooState.from_position(self, position)

    def draw_for_lead(self, rng: random.Random) -> tuple[int, list[int]]:
        """The first dealer by lot: the seat on his left decides and leads first."""
        return rng.randrange(self.players), []

    def hand_context(self, index: int, previous: GameState | None) -> Any:
        """``(trick value, whether the dealer stakes)``: in a pool, each looed player of the last
        hand paid 5 into this one (the dealer stakes 5 when nobody did)."""
        if not self.pool:
            return (1, False)
        looed = 0
        if previous is not None and isinstance(previous.table, LooTable):
            table = previous.table
            looed = sum(1 for s in table.in_hand() if table.won[s] == 0)
        return (looed, False) if looed else (1, True)

    # ----------------------------------------------------------------- the end
    def hand_result(self, state: LooState, ended: str) -> HandResult:
        """The end of the hand: the dealer's stake, and what each looed player pays (or loses);
        the tricks already scored as they were taken."""
        table = state.table
        n = self.players
        end = [0] * n
        if self.pool and table.ante:
            end[state.dealer] -= STAKE
        looed = [s for s in table.in_hand() if table.won[s] == 0]
        for s in looed:
            end[s] -= STAKE if self.pool else self.penalty
        most = max(table.won)
        top = [s for s in range(n) if table.won[s] == most]
        winner = top[0] if len(top) == 1 else None
        if ended == "uncontested":
            reason = f"everyone else dropped out: seat {winner} takes the hand"
        else:
            tricks = ", ".join(f"seat {s} {table.won[s]}" for s in table.in_hand())
            reason = f"tricks: {tricks}"
            if looed:
                reason += "; looed: " + ", ".join(f"seat {s}" for s in looed)
        pips = tuple(self.hand_pips(h) for h in state.hands)
        return HandResult(ended, winner, tuple(end), tuple(end), pips, None, reason)

    def match_end(
        self, totals: Sequence[float], hands_played: int, last: HandResult | None = None
    ) -> tuple[bool, int | None]:
        if not self.pool:
            return super().match_end(totals, hands_played, last)
        if hands_played < self.rounds:
            return False, None
        best = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == best]
        return True, leaders[0] if len(leaders) == 1 else None

    def match_winner(self, totals: Sequence[float]) -> int | None:
        if not self.pool:
            return super().match_winner(totals)
        best = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == best]
        return leaders[0] if len(leaders) == 1 else None

    # ----------------------------------------------------------------- what others know
    def past_for(
        self,
        view: Observation,
        hands: Sequence[int],
        stock: Sequence[int],
        rng: random.Random,
    ) -> Past | None:
        """A past leading to the world ``hands``/``stock``
        (:class:`~boneyard.core.past.PastReader`): a seat that stood (or has not decided) was
        dealt what it holds and played; one that dropped was dealt tiles now out of play; one
        that took the miss was dealt tiles out of play and took what it holds, played and
        discarded (its discards drawn from the tiles out of play). The view's own ``discarded``
        holds the seat's thrown-in deal and its discards without telling them apart (its
        discards are face down even to itself): the split is
        drawn. The turn-up is the public one."""
        me = view.seat
        size = self.hand_size
        table = view.table
        if not isinstance(table, LooTable):
            return None
        history = list(view.history)
        mine = list(tiles_of(view.discarded))
        dead = [t for t in stock[view.stock_size :] if not view.discarded & BIT[t]]
        rng.shuffle(dead)
        rng.shuffle(mine)
        final = [view.hand if s == me else hands[s] for s in range(self.players)]
        discards = [0] * self.players
        for move in history:
            if type(move.action) is Play:
                final[move.seat] |= BIT[move.action.tile]
            elif type(move.action) is Discard:
                discards[move.seat] += 1
        dealt: list[list[int]] = []
        taken: list[list[int]] = [[] for _ in range(self.players)]
        thrown: list[list[int]] = [[] for _ in range(self.players)]
        decided = {m.seat: type(m.action) for m in history if type(m.action) in (TakeMiss, Drop)}
        for s in range(self.players):
            out = mine if s == me else dead
            kind = decided.get(s)
            if kind is None:
                dealt.append(list(tiles_of(final[s])))
                continue
            if len(out) < size + (discards[s] if kind is TakeMiss else 0):
                return None
            dealt.append([out.pop() for _ in range(size)])
            if kind is TakeMiss:
                thrown[s] = [out.pop() for _ in range(discards[s])]
                # Taken last to first: the discards' tiles, then what the seat holds and played.
                taken[s] = [*tiles_of(final[s]), *thrown[s]][::-1]
        if dead or mine or any(len(d) != size for d in dealt):
            return None
        filled: list[Move] = []
        for move in history:
            if type(move.action) is Discard:
                if not thrown[move.seat]:
                    return None
                move = move._replace(action=Discard(thrown[move.seat].pop()))
            filled.append(move)
        return Past(
            dealt=tuple(tuple(d) for d in dealt),
            turned=(table.turnup,),
            history=tuple(filled),
            taken=tuple(tuple(t) for t in taken),
        )

    def public_table_after(self, table: object, move: Move) -> LooTable | None:
        """The table after the public ``move``: every move of Loo is public but the tile a
        discard throws out, which the table does not show. ``None`` stays ``None`` (a history
        read without its start: the turn-up is not in the history)."""
        if not isinstance(table, LooTable):
            return None
        return self.table_after(table, move.seat, move.action)

    def table_after(self, table: LooTable, seat: int, action: Action) -> LooTable:
        """The table after ``seat``'s legal ``action`` (a discard's tile unread: the table does
        not show it): a decision recorded, and once every seat has decided the first to lead (or,
        all but one out, that one's five tricks); a tile played to the trick, and the trick taken
        once every seat in has played to it. What the state and the public replayer both follow."""
        kind = type(action)
        if kind is Play:
            assert isinstance(action, Play)
            return self.play_table(table, seat, action)
        status = list(table.status)
        if kind is Discard:
            table = table.but(owed=table.owed - 1)
            if table.owed:
                return table
        elif kind is TakeMiss:
            status[seat] = MISSED
            return table.but(status=tuple(status), owed=self.miss_size - TRICKS)
        else:
            status[seat] = DROPPED if kind is Drop else STOOD
            table = table.but(status=tuple(status))
        n = self.players
        alive = [s for s in range(n) if status[s] != DROPPED]
        if len(alive) == 1:
            won = [0] * n
            won[alive[0]] = TRICKS
            return table.but(won=tuple(won))
        if UNDECIDED in status:
            return table
        first = table.first
        return table.but(leader=next((first + k) % n for k in range(n) if (first + k) % n in alive))

    def opening_table(self, table: LooTable) -> LooTable:
        """The hand's first table (the turn-up is not in its history)."""
        return table.opening()

    def lacking(self, table: LooTable, tile: int) -> int:
        """The tiers a player bound to play from them (see :meth:`tiers`) passed over to play
        ``tile``: he held none of them then, and, nothing being drawn during the play, holds
        none now."""
        mask = 0
        for tier in self.tiers(table):
            if tier & BIT[tile]:
                break
            mask |= tier
        return mask

    def end_names(self) -> str:
        return self.game.end_names


class DominoLooGame(TrickGame):
    id: ClassVar[str] = "domino-loo"
    order: ClassVar[int] = 140
    title: ClassVar[str] = "Domino Loo"
    summary: ClassVar[str] = (
        "Loo with dominoes: five tiles each, trumps turned up, five tricks; stand, take the miss "
        "or drop out; follow suit, trump, head the trick; a player in who takes no trick is "
        "looed. For a pool, or points to 15."
    )
    option_specs = pick(LOO_OPTIONS, LINE_SPECS, LOO_SPECS)
    defaults = LOO_DEFAULTS
    default_rules = "berkeley"
    min_players = 2
    max_players = 4
    default_players = 4
    rules_class = LooRules

    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "berkeley": RuleSet(
            "berkeley",
            "pagat's Domino Loo, revised from 'Berkeley' (1899): 5 tiles each, the turn-up's "
            "higher number trumps; in turn stand, take the miss (a new hand from the stock) or, "
            "with three or four, drop out; five tricks, a tile's suit its higher number, follow "
            "suit, else trump, and head the trick if you can; the dealer stakes 5 in the pool, "
            "each trick takes a fifth, a player in with no trick is looed and pays 5 into the "
            "next pool; a match of 10 deals.",
            {},
            "pagat Domino Loo (copy at gamesitereviews.biz); Hoyle (customgraph.com art=7); "
            "gamerules.com and domino-play.com for the miss and the points game (RULES.md §2.11)",
        ),
    }

    def presenter_for(self, rules: GameRules) -> LooPresenter:
        from .presenter import LooPresenter  # it reads these rules: imported when first told

        assert isinstance(rules, LooRules)
        return LooPresenter(rules)
