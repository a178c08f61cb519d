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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import (
    DROP,
    HIDDEN_DISCARD,
    MISS,
    STAND,
    Action,
    Discard,
    Drop,
    Move,
    Play,
    Stand,
    TakeMiss,
    play,
)
from ...core.game import Game, RuleSet
from ...core.layout import Layout
from ...core.protocol import ACQUIRED, LACKS, PLAYED, HandResult, HiddenFacts
from ...core.tiles import BIT, DOUBLE, HIGH, LOW, NAMES, tiles_of
from ...core.words import plural
from ..line.rules import LineRules
from .table import DROPPED, MISSED, STOOD, UNDECIDED, Tricks

if TYPE_CHECKING:
    from ...core.options import Options
    from ...core.protocol import GameState, Observation
    from ..line.state import LineState
    from .presenter import LooPresenter

__all__ = ["DominoLooGame", "LooRules"]

TRICKS = 5
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


class LooRules(LineRules):
    """Five tricks with trumps turned up, the miss, dropping out, looing."""

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        o = options
        self.hand_size = TRICKS
        self.custom_apply = True
        self.hidden_moves = True  # the miss and the discards
        self.shows_hands_at_end = False  # the discards stay face down
        self.can_draw = False
        self.draw_policy = "none"
        self.first_lead = "random"  # the first dealer by lot; the lead is left of the dealer
        self.lead_tile_rule = "any"
        self.next_lead = "rotate_left"
        self.pip_weight = 0.0
        self.pool = o["loo_scoring"] == "pool"
        penalty = o["loo_penalty"]
        rounds = o["rounds"]
        assert isinstance(penalty, int) and isinstance(rounds, int)
        self.penalty = penalty
        self.rounds = max(1, rounds)
        self.miss_allowed = bool(o["loo_miss"])
        self.either_end = o["loo_suits"] == "either_end"
        self.must_trump = bool(o["loo_must_trump"])
        self.must_head = bool(o["loo_must_head"])
        # The miss: six tiles keeping five with two or three players, all seven left keeping
        # five with four.
        self.miss_size = 6 if players <= 3 else 7

    def make_presenter(self) -> LooPresenter:
        from .presenter import LooPresenter

        return LooPresenter(self)

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

    def _key(self, t: int, suit: int, trump: int) -> tuple[int, int]:
        if self.is_trump(t, trump):
            return (2, self.rank(t, trump))
        if self.follows(t, suit, trump):
            return (1, self.rank(t, suit))
        return (0, 0)

    def trick_winner(self, trick: Sequence[tuple[int, int]], trump: int) -> int:
        """The seat that wins a trick of ``(seat, tile)``: the highest trump, or the highest tile
        of the suit led."""
        suit = self.suit_led(trick[0][1], trump)
        best = max(trick, key=lambda st: self._key(st[1], suit, trump))
        return best[0]

    def tiers(self, table: Tricks) -> list[int]:
        """The masks of tiles a player must choose from, most binding first: he plays from the
        first his hand meets (see the module docstring). Empty before a lead (any tile)."""
        if not table.trick:
            return []
        trump = table.trump
        suit = self.suit_led(table.trick[0][1], trump)
        size = self.tiles.size
        follow = trumps = beats = 0
        best = max(self._key(t, suit, trump) for _, t in table.trick)
        for t in range(size):
            if self.follows(t, suit, trump):
                follow |= BIT[t]
            if self.is_trump(t, trump):
                trumps |= BIT[t]
            if self._key(t, suit, trump) > best:
                beats |= BIT[t]
        out = []
        if self.must_head:
            out.append(follow & beats)
        out.append(follow)
        if self.must_trump and suit != trump:
            if self.must_head:
                out.append(trumps & beats)
            out.append(trumps)
        return [m for m in out if m]

    # ----------------------------------------------------------------- the hand
    def hand_context(self, index: int, previous: GameState | None) -> Any:
        """``(trick value, whether the dealer stakes)``: in a pool, each looed player of the last
        hand paid 5 into this one (the dealer stakes 5 when nobody did)."""
        if not self.pool:
            return (1, False)
        looed = 0
        if previous is not None and isinstance(previous.table, Tricks):
            table = previous.table
            looed = sum(1 for s in table.in_hand() if table.won[s] == 0)
        return (looed, False) if looed else (1, True)

    def start_table(self, state: LineState) -> None:
        value, ante = state.context if state.context is not None else (1, self.pool)
        state.layout = Tricks.start(state.stock[0], self.players, value, ante)
        state.stock_pos = 1  # the turn-up

    def dealer(self, state: LineState) -> int:
        return (state.leader - 1) % self.players

    def legal_actions(self, state: LineState) -> list[Action]:
        table = state.layout
        assert isinstance(table, Tricks)
        hand = state.hands[state.turn]
        if table.owed:
            return [Discard(t) for t in tiles_of(hand)]
        if not table.playing:
            out: list[Action] = [STAND]
            if self.miss_allowed and len(state.stock) - state.stock_pos >= self.miss_size:
                out.append(MISS)
            if self.players >= 3:
                out.append(DROP)
            return out
        allowed = hand
        for tier in self.tiers(table):
            if hand & tier:
                allowed = hand & tier
                break
        return [play(t) for t in tiles_of(allowed)]

    def apply_action(self, state: LineState, seat: int, action: Action) -> None:
        table = state.layout
        assert isinstance(table, Tricks)
        move = Move(seat, action)
        state.history.append(move)
        state.public.append(Move(seat, HIDDEN_DISCARD) if type(action) is Discard else move)
        status = list(table.status)
        if type(action) is Play:
            self._play(state, table, seat, action.tile)
            return
        if type(action) is Discard:
            assert action.tile is not None
            t = action.tile
            state.hands[seat] ^= BIT[t]
            self._discard(state, seat, BIT[t])
            state.layout = table = table.but(owed=table.owed - 1)
            if not table.owed:
                self._decided(state, table, seat)
            return
        if type(action) is Stand:
            status[seat] = STOOD
            state.layout = table = table.but(status=tuple(status))
        elif type(action) is Drop:
            status[seat] = DROPPED
            self._discard(state, seat, state.hands[seat])
            state.hands[seat] = 0
            state.layout = table = table.but(status=tuple(status))
        else:
            assert type(action) is TakeMiss
            status[seat] = MISSED
            self._discard(state, seat, state.hands[seat])
            hand = 0
            for t in state.stock[state.stock_pos : state.stock_pos + self.miss_size]:
                hand |= BIT[t]
            state.hands[seat] = hand
            state.stock_pos += self.miss_size
            state.layout = table.but(status=tuple(status), owed=self.miss_size - TRICKS)
            return  # the same seat discards next
        self._decided(state, table, seat)

    def _discard(self, state: LineState, seat: int, mask: int) -> None:
        d = list(state.discards)
        d[seat] |= mask
        state.discards = tuple(d)

    def _decided(self, state: LineState, table: Tricks, seat: int) -> None:
        """After a seat's decision: the next to decide, or the play, or (all but one out) the
        end of an uncontested hand."""
        n = self.players
        status = table.status
        undecided = [(seat + k) % n for k in range(1, n + 1) if status[(seat + k) % n] == UNDECIDED]
        alive = [s for s in range(n) if status[s] != DROPPED]
        if len(alive) == 1:
            winner = alive[0]
            won = list(table.won)
            won[winner] = TRICKS
            state.scores[winner] += int(TRICKS * table.value)
            state.layout = table.but(won=tuple(won))
            state._finish("uncontested", None)
            return
        if undecided:
            state.turn = undecided[0]
            return
        leader = next(
            (state.leader + k) % n for k in range(n) if status[(state.leader + k) % n] != DROPPED
        )
        state.layout = table.but(leader=leader)
        state.turn = leader

    def _play(self, state: LineState, table: Tricks, seat: int, t: int) -> None:
        state.hands[seat] ^= BIT[t]
        trick = (*table.trick, (seat, t))
        placed = table.placed | BIT[t]
        players = table.in_hand()
        if len(trick) < len(players):
            state.layout = table.but(trick=trick, placed=placed)
            k = players.index(seat)
            state.turn = players[(k + 1) % len(players)]
            return
        winner = self.trick_winner(trick, table.trump)
        won = list(table.won)
        won[winner] += 1
        state.scores[winner] += int(table.value)
        state.layout = table = table.but(
            trick=(), last=trick, last_winner=winner, leader=winner, won=tuple(won), placed=placed
        )
        if sum(won) == TRICKS:
            state._finish("tricks", None)
            return
        state.turn = winner

    def explain_illegal(self, state: LineState, action: Action) -> str:
        if state.over:
            return "the hand is over"
        table = state.layout
        assert isinstance(table, Tricks)
        seat = state.turn
        legal = self.legal_actions(state)
        options = ", ".join(str(a) for a in legal)
        if table.owed:
            if isinstance(action, Discard) and action.tile is not None:
                return f"seat {seat} does not hold {NAMES[action.tile]} (legal: {options})"
            return f"seat {seat} must discard {table.owed} more (legal: {options})"
        if not table.playing:
            if isinstance(action, TakeMiss):
                if not self.miss_allowed:
                    return "the miss is not played under these rules (loo_miss=false)"
                return (
                    f"seat {seat} cannot take the miss: the stock holds "
                    f"{plural(len(state.stock) - state.stock_pos, 'tile')}, the miss needs "
                    f"{self.miss_size}"
                )
            if isinstance(action, Drop):
                return "with two players nobody drops out"
            return f"seat {seat} must first stand, take the miss or drop out (legal: {options})"
        if not isinstance(action, Play):
            return f"{action} is not a move of the play (legal: {options})"
        t = action.tile
        if not 0 <= t < self.tiles.size:
            return f"tile {t} is not in this set"
        if action.end is not None or action.open is not None:
            return "a tile is played to the trick: it takes no end"
        if not state.hands[seat] & BIT[t]:
            return f"seat {seat} does not hold {NAMES[t]}"
        trump = table.trump
        suit = self.suit_led(table.trick[0][1], trump)
        what = "trumps" if suit == trump else f"{suit}s"
        hand = state.hands[seat]
        follow = [u for u in tiles_of(hand) if self.follows(u, suit, trump)]
        if follow and not self.follows(t, suit, trump):
            return f"seat {seat} must follow suit ({what}) (legal: {options})"
        return f"seat {seat} must play a tile that beats the trick if it can (legal: {options})"

    # ----------------------------------------------------------------- the end
    def hand_result(self, state: LineState, ended: str, out_seat: int | None) -> HandResult:
        table = state.layout
        assert isinstance(table, Tricks)
        n = self.players
        end = [0] * n
        dealer = self.dealer(state)
        if self.pool and table.ante:
            end[dealer] -= STAKE
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
    def hidden_facts(self, view: Observation) -> HiddenFacts:
        """Every hidden hand was taken before the play (dealt, or the miss), so each seat's
        tiles avoid the tiers its plays showed it lacked (:meth:`public_voids`); the other
        unseen tiles are in the stock or out of play (thrown out with a miss or a hand dropped:
        the observer knows only its own). The decisions before the play are not read."""
        table = view.table
        assert isinstance(table, Tricks)
        voids = self.public_voids(view.history, table)
        played: list[list[tuple[int, int]]] = [[] for _ in range(self.players)]
        for move in view.history:
            if isinstance(move.action, Play):
                played[move.seat].append((PLAYED, move.action.tile))
        timelines = tuple(
            (
                (ACQUIRED, view.hand_sizes[s] + len(played[s])),
                *played[s],
                *(((LACKS, voids[s]),) if voids[s] and s != view.seat else ()),
            )
            for s in range(self.players)
        )
        unseen = self.tiles.all_mask & ~view.hand & ~table.placed & ~view.discarded
        return HiddenFacts(timelines, unseen)

    def public_voids(self, history: Sequence[Move], layout: Layout) -> list[int]:
        """Per seat, the tiles it cannot hold now, read from the tricks of a public history: a
        player who did not play from a tier he was bound to (see :meth:`tiers`) held none of it
        then, and, nothing being drawn during the play, holds none now."""
        assert isinstance(layout, Tricks)
        trump = layout.trump
        n = self.players
        players = n - sum(1 for m in history if type(m.action) is Drop)
        plays = [m for m in history if type(m.action) is Play]
        voids = [0] * n
        base = Tricks.start(0, n, 1, False).but(trump=trump)
        for i in range(0, len(plays), players):
            trick: tuple[tuple[int, int], ...] = ()
            for move in plays[i : i + players]:
                action = move.action
                assert isinstance(action, Play)
                t = action.tile
                for tier in self.tiers(base.but(trick=trick)):
                    if tier & BIT[t]:
                        break
                    voids[move.seat] |= tier
                trick = (*trick, (move.seat, t))
        return voids

    # Tiles are played to tricks, not joined into a line: readers of a history that follow a
    # line see a table with no open ends.
    def lead_layout(self, t: int, right: int | None) -> Layout:
        return Layout((), (), (), (), BIT[t], 0, t)

    def lay(self, layout: Layout, action: Play) -> Layout:
        return Layout((), (), (), (), layout.placed | BIT[action.tile], 0, layout.lead_tile)


class DominoLooGame(Game):
    id: ClassVar[str] = "domino-loo"
    title: ClassVar[str] = "Domino Loo"
    summary: ClassVar[str] = (
        "Loo with dominoes: five tiles each, trumps turned up, five tricks; stand, take the miss "
        "or drop out; follow suit, trump, head the trick; a player in who takes no trick is "
        "looed. For a pool, or points to 15."
    )
    option_names = LOO_OPTIONS
    defaults = LOO_DEFAULTS
    default_rules = "berkeley"
    min_players = 2
    max_players = 4
    default_players = 4
    rules_class = LooRules
    end_names = "none: tiles are played to tricks, not joined into a line"
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
