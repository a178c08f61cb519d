"""The ``moon`` agent: Moon by rule of thumb, its bidding its own.

- **Bidding** by sure tricks: for each trump it could name, the trumps it holds (the double,
  "boss", counts a trick; each further trump nearly one, the top trumps in a row surely), and the
  doubles of the other suits (each likely a trick once trumps are pulled). With the widow to come
  it counts half a trick more. It bids the tricks of its best suit, rounded down, if that beats
  the bid standing (4 to 7), shoots the moon only with seven sure tricks, and bids the least it
  may when the dealer must bid.
- **Naming trumps**: the suit of that best count (the doubles where they may be trumps and it
  holds five or more).
- **The discard**: the lowest tile that is neither a trump nor a double, else the lowest.
- **The play**: the bidder pulls trumps (leads its highest trump while others may hold one), then
  leads its doubles, then its lowest tile; a defender leads its doubles, then its lowest. Following,
  it takes the trick with the cheapest tile that beats it when the bidder is winning it (or it is
  the bidder), and otherwise sheds its lowest tile.

It reads only its observation: its tiles and the public table.

>>> from boneyard.core.tiles import mask_of, parse_tile as T
>>> strong = mask_of(T(t) for t in "6-6 6-5 6-4 6-3 5-5 4-4 2-1".split())
>>> suit_tricks(strong, 6) >= 5 > suit_tricks(strong, 1)
True
"""

from __future__ import annotations

import random

from ...core.actions import PASS, Action, Play
from ...core.protocol import GameState, Observation, Position
from ...core.tiles import DOUBLE, HIGH, LOW, PIPS, tiles_of
from ..tricks.actions import Bid, Declare, Discard
from .rules import MoonRules
from .table import DOUBLES_SUIT, MOON, NO_TRUMP, TRICKS, MoonTable

__all__ = ["MoonAgent", "MoonExpert", "best_trumps", "suit_tricks"]


def _trumps(hand: int, suit: int) -> list[int]:
    if suit == DOUBLES_SUIT:
        return sorted((t for t in tiles_of(hand) if DOUBLE[t]), key=lambda t: -HIGH[t])
    tiles = [t for t in tiles_of(hand) if HIGH[t] == suit or LOW[t] == suit]
    return sorted(tiles, key=lambda t: -(7 if DOUBLE[t] else HIGH[t] + LOW[t] - suit))


def suit_tricks(hand: int, suit: int) -> float:
    """The tricks a hand may expect with ``suit`` trumps (a number, or :data:`DOUBLES_SUIT`):
    its trumps (the top ones in a row sure, the rest nearly) and its other doubles."""
    trumps = _trumps(hand, suit)
    k = len(trumps)
    if suit == DOUBLES_SUIT:
        ranks = [HIGH[t] for t in trumps]
        top = next((i for i, r in enumerate(ranks) if r != 6 - i), len(ranks))
        return min(7.0, top + 0.6 * (k - top))
    # The trump suit ranks: the double, then the other ends 6 down to 1 (the suit's own skipped).
    order = [suit] + [p for p in range(6, 0, -1) if p != suit]
    held = {LOW[t] + HIGH[t] - suit if not DOUBLE[t] else suit for t in trumps}
    top = 0
    for p in order:
        if p not in held:
            break
        top += 1
    tricks = top + 0.7 * (k - top)
    tricks += 0.8 * sum(1 for t in tiles_of(hand) if DOUBLE[t] and t not in trumps)
    return min(7.0, tricks)


def best_trumps(hand: int, rules: MoonRules) -> tuple[int, float]:
    """The trump suit a hand counts most tricks with, and those tricks."""
    suits = [d.trump for d in rules.declarations() if d.contract == "suit"]
    best = max((suit_tricks(hand, s), s) for s in suits if s is not None)
    if rules.doubles_trump:
        doubles = suit_tricks(hand, DOUBLES_SUIT)
        if doubles > best[0]:
            best = (doubles, DOUBLES_SUIT)
    return best[1], best[0]


class MoonAgent:
    """Moon by rule of thumb (see the module)."""

    name = "moon"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        rules = observation.rules
        assert isinstance(rules, MoonRules)
        table = observation.table
        assert isinstance(table, MoonTable)
        hand = observation.hand
        first = legal[0]
        if first == PASS or isinstance(first, Bid):
            return self.bid(hand, rules, legal)
        if isinstance(first, Declare):
            return self.declare(hand, rules, legal)
        if isinstance(first, Discard):
            return self.discard(hand, rules, table, legal)
        return self.play(observation, rules, table, legal)

    # ----------------------------------------------------------------- before the play
    def bid(self, hand: int, rules: MoonRules, legal: tuple[Action, ...]) -> Action:
        """The tricks of its best trumps, if they beat the bid standing (see the module)."""
        _, tricks = best_trumps(hand, rules)
        if rules.widow:
            tricks += 0.5
        bids = [a for a in legal if isinstance(a, Bid)]
        if tricks >= TRICKS and any(b.points == MOON for b in bids):
            return next(b for b in bids if b.points == MOON)
        fitting = [b for b in bids if b.points < MOON and b.points <= int(tricks)]
        if fitting:
            return max(fitting, key=lambda b: b.points)
        if PASS in legal:
            return PASS
        return min(bids, key=lambda b: b.points)  # the dealer must bid: the least

    def declare(self, hand: int, rules: MoonRules, legal: tuple[Action, ...]) -> Action:
        suit, _tricks = best_trumps(hand, rules)
        for action in legal:
            if isinstance(action, Declare):
                if suit == DOUBLES_SUIT and action.contract == "doubles":
                    return action
                if action.contract == "suit" and action.trump == suit:
                    return action
        return legal[0]

    def discard(
        self, hand: int, rules: MoonRules, table: MoonTable, legal: tuple[Action, ...]
    ) -> Action:
        """The lowest tile that is neither a trump nor a double, else the lowest."""
        trump = table.trump
        plain = [
            a
            for a in legal
            if isinstance(a, Discard)
            and a.tile is not None
            and not DOUBLE[a.tile]
            and not rules.is_trump(a.tile, trump)
        ]
        pool = plain or [a for a in legal if isinstance(a, Discard)]
        return min(pool, key=lambda a: PIPS[a.tile] if a.tile is not None else 0)

    # ----------------------------------------------------------------- the play
    def play(
        self,
        observation: Observation,
        rules: MoonRules,
        table: MoonTable,
        legal: tuple[Action, ...],
    ) -> Action:
        tiles = [a.tile for a in legal if isinstance(a, Play)]
        trump = table.trump
        me = observation.seat
        if not table.trick:
            return play_of(legal, self.lead(tiles, rules, table, me, observation))
        suit = table.suit

        def strength(t: int) -> tuple[int, int]:
            return rules.strength(t, suit, trump)

        best_seat, best = table.trick[0][0], strength(table.trick[0][1])
        for seat, t in table.trick[1:]:
            if strength(t) > best:
                best_seat, best = seat, strength(t)
        bidder_winning = best_seat == table.bidder
        if me == table.bidder or bidder_winning:
            beaters = [t for t in tiles if strength(t) > best]
            if beaters:
                return play_of(legal, min(beaters, key=lambda t: (strength(t), PIPS[t])))
        return play_of(legal, min(tiles, key=lambda t: (strength(t), PIPS[t])))

    def lead(
        self,
        tiles: list[int],
        rules: MoonRules,
        table: MoonTable,
        me: int,
        observation: Observation,
    ) -> int:
        trump = table.trump
        seen = observation.hand | table.face_up
        trumps = [t for t in tiles if rules.is_trump(t, trump)]
        if me == table.bidder and trumps and trump != NO_TRUMP:
            out = rules.trump_mask(trump) & ~seen
            if out:
                return max(trumps, key=lambda t: rules.rank(t, trump))
        doubles = [t for t in tiles if DOUBLE[t] and not rules.is_trump(t, trump)]
        if doubles:
            return max(doubles, key=lambda t: HIGH[t])
        plain = [t for t in tiles if not rules.is_trump(t, trump)] or tiles
        return min(plain, key=lambda t: PIPS[t])


def play_of(legal: tuple[Action, ...], tile: int) -> Action:
    """The legal play of ``tile``."""
    return next(a for a in legal if isinstance(a, Play) and a.tile == tile)


class MoonExpert:
    """Moon by sampling: each legal move is valued over deals of the tiles this seat cannot see
    (the others' hands, the widow, the tile discarded) that keep what the tricks showed (a seat
    that did not follow holds none of the suit), each played out by the ``moon`` agent at every
    seat; the move of the best average points to this seat is chosen. ``worlds`` deals are
    played, so the values depend only on the observation and the generator; ``budget`` is a
    time per move (seconds) that stops sooner if it comes first: a safety cap that the count
    does not reach (32 deals are about 0.2 s of one core; ``None``: no clock, the hints and
    reviews)."""

    name = "moon-expert"

    def __init__(self, budget: float | None = 10.0, worlds: int = 32) -> None:
        self.budget = budget
        self.worlds = worlds
        self.policy = MoonAgent()

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        samples = self.world_values(observation, rng)
        return max(legal, key=lambda a: sum(samples[a]) / len(samples[a]))

    def world_values(
        self, observation: Observation, rng: random.Random
    ) -> dict[Action, list[float]]:
        """Each legal move's points to this seat in each sampled deal, the same deals for every
        move, in the order they were drawn."""
        import time

        legal = observation.legal_actions
        values: dict[Action, list[float]] = {a: [] for a in legal}
        if len(legal) == 1:
            values[legal[0]].append(0.0)
            return values
        start = time.monotonic()
        done = 0
        while done < self.worlds:
            if self.budget is not None and done:
                spent = time.monotonic() - start
                if spent + spent / done > self.budget:
                    break
            world = self._world(observation, rng)
            for action in legal:
                state = world.copy(history=False)
                state.apply_fast(action)
                values[action].append(self._rollout(state, observation.seat, rng))
            done += 1
        return values

    def _world(self, observation: Observation, rng: random.Random) -> GameState:
        """A deal of the unseen tiles: each other seat its number of tiles, none it showed it
        lacks (where such a deal is found), the widow while it lies, the rest out of play."""
        rules = observation.rules
        assert isinstance(rules, MoonRules)
        table = observation.table
        assert isinstance(table, MoonTable)
        me = observation.seat
        unseen = rules.tiles.all_mask & ~observation.hand & ~table.face_up
        unseen &= ~observation.discarded
        voids = rules.public_voids(observation.history, None)
        others = [s for s in range(len(observation.hand_sizes)) if s != me]
        for attempt in range(20):
            pool = list(tiles_of(unseen))
            rng.shuffle(pool)
            hands = [0] * len(observation.hand_sizes)
            hands[me] = observation.hand
            ok = True
            for s in sorted(others, key=lambda s: -voids[s].bit_count()):
                lacks = voids[s] if attempt < 19 else 0
                mine = [t for t in pool if not lacks & (1 << t)][: observation.hand_sizes[s]]
                if len(mine) < observation.hand_sizes[s]:
                    ok = False
                    break
                for t in mine:
                    hands[s] |= 1 << t
                    pool.remove(t)
            if ok:
                break
        size = observation.stock_size
        out = 0
        for t in pool[size:]:
            out |= 1 << t
        return rules.state_from_position(Position(observation, hands, pool[:size], out))

    def _rollout(self, state: GameState, seat: int, rng: random.Random) -> float:
        while not state.over:
            state.apply_fast(self.policy.choose(state.observation(state.turn), rng))
        result = state.result
        return float(result.points[seat]) if result is not None else 0.0
