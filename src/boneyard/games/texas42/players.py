"""The ``texas`` agent: Texas 42 from the strategy notes of RULES-texas42-fiveup.md §6.

- **Bidding** from sure tricks: for each trump it could name, its trumps (the double, "boss",
  counts most), the doubles of the other suits (each likely a trick once trumps are pulled) and
  its long trumps; the best of them is valued in points (30 with a helping hand, up to 42 with
  every trick nearly sure, 84 with a lay-down). It raises its partner's 30 or 31 by one point
  when it can help, never out-bids its partner otherwise, and bids the minimum when forced.
- **Naming trumps**: the suit of that best valuation (the doubles when it holds four or more);
  it never names nello or sevens.
- **Declarer's side**: pull trumps early (lead the highest trump while the opponents may hold
  one), then lead doubles, then a low off tile rather than a count.
- **Following**: throw count onto a trick the side is sure to win (the partner's boss trump or
  double, or the partner winning when it plays last); take a trick the opponents are winning with
  the cheapest tile that wins it, most of all one that carries count; otherwise shed the lowest
  tile that is not a count.
- **Nello**: the bidder plays the highest tile that loses; a defender the lowest tile it may.

It reads only its observation: its tiles and the public table (the bidding, the tricks).
"""

from __future__ import annotations

import hashlib
import random
import statistics
import time
from typing import Any

from ...core import kernel
from ...core.actions import PASS, Action, Play
from ...core.protocol import Observation
from ...core.tiles import BIT, DOUBLE, HIGH, LOW, PIPS, tiles_of
from ..tricks.actions import Bid, Declare
from .options import PLAY_OUT
from .rules import MARK, MARKS_TARGET, FortyTwoRules
from .table import DOUBLES_SUIT, NO_TRUMP, FortyTwoTable

__all__ = ["TexasAgent", "TexasExpert", "fits_bidding", "hand_value", "position_seed"]


def _trumps(hand: int, suit: int) -> list[int]:
    if suit == DOUBLES_SUIT:
        return [t for t in tiles_of(hand) if DOUBLE[t]]
    return [t for t in tiles_of(hand) if HIGH[t] == suit or LOW[t] == suit]


def hand_value(hand: int, suit: int) -> float:
    """The points a hand may expect to take with ``suit`` trumps (a number, or
    :data:`DOUBLES_SUIT`): a rough count of its sure tricks and what they carry.

    >>> from boneyard.core.tiles import mask_of, parse_tile as T
    >>> strong = mask_of(T(t) for t in "6-6 6-5 6-4 6-3 6-2 5-5 4-4".split())
    >>> weak = mask_of(T(t) for t in "6-1 5-3 4-2 3-0 2-1 1-0 5-2".split())
    >>> hand_value(strong, 6) > 40 > 30 > hand_value(weak, 6)
    True
    """
    trumps = _trumps(hand, suit)
    k = len(trumps)
    if suit == DOUBLES_SUIT:
        top = sum(1 for t in trumps if HIGH[t] >= 7 - k)  # the highest doubles held in a row
        tricks = top + 0.5 * (k - top)
    else:
        boss = any(DOUBLE[t] for t in trumps)
        tricks = k - (0 if boss else 1.2) if k else 0.0
        tricks += 0.9 * sum(1 for t in tiles_of(hand) if DOUBLE[t] and t not in trumps)
    tricks = max(0.0, min(7.0, tricks))
    # Each trick is 1 and, on average, some count; the count held is ours when it wins.
    return 6.0 * tricks


class TexasAgent:
    """Texas 42 by the strategy notes (see the module)."""

    name = "texas"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        rules = observation.rules
        assert isinstance(rules, FortyTwoRules)
        table = observation.table
        assert isinstance(table, FortyTwoTable)
        if isinstance(legal[0], Bid) or PASS in legal:
            return self.bid(observation, rules, table)
        if isinstance(legal[0], Declare):
            return self.declare(observation, legal)
        return self.play(observation, rules, table)

    # ----------------------------------------------------------------- bidding
    def best_trump(self, hand: int) -> tuple[float, int]:
        suits = [*range(7), DOUBLES_SUIT]
        return max((hand_value(hand, s), s) for s in suits)

    def bid(self, obs: Observation, rules: FortyTwoRules, table: FortyTwoTable) -> Action:
        legal = obs.legal_actions
        bids = [a for a in legal if isinstance(a, Bid) and not a.contract]
        value, _ = self.best_trump(obs.hand)
        partner = (obs.seat + 2) % 4
        high = table.high
        partner_high = high is not None and table.bidder == partner
        wanted = 0
        if value >= 41:
            wanted = MARK * (2 if value >= 44 else 1)
        elif value >= 29:
            wanted = min(41, int(value) + 1)
        if partner_high:
            assert high is not None
            # A low bid by the partner asks for help: raise it by one when we can help.
            if high.points <= 31 and value >= 24:
                wanted = max(wanted, high.points + 1)
            elif wanted < high.points + 4:
                wanted = 0  # never out-bid the partner for little
        choices = [b for b in bids if b.points <= wanted]
        if choices:
            return min(choices, key=lambda b: b.points)
        if PASS in legal:
            return PASS
        return min(bids, key=lambda b: b.points)  # forced: the minimum

    def declare(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        _, suit = self.best_trump(obs.hand)
        wanted = Declare("doubles") if suit == DOUBLES_SUIT else Declare("suit", suit)
        if wanted in legal:
            return wanted
        plain = [a for a in legal if isinstance(a, Declare) and a.contract in ("suit", "doubles")]
        return plain[0] if plain else legal[0]

    # ----------------------------------------------------------------- the play
    def play(self, obs: Observation, rules: FortyTwoRules, table: FortyTwoTable) -> Action:
        plays = [a for a in obs.legal_actions if isinstance(a, Play)]
        if len(plays) == 1:
            return plays[0]
        seat = obs.seat
        count = rules.count_of
        if table.contract == "nello":
            return self.play_nello(obs, rules, table, plays)
        if not table.trick:
            return self.lead(obs, rules, table, plays)
        ours = rules.side_of[seat]
        winning = rules.trick_winner(table.trick, table)
        playing = 4 - (1 if table.out >= 0 else 0)
        last = len(table.trick) == playing - 1
        if rules.side_of[winning] == ours:
            sure = last or self.boss(rules, table, dict(table.trick)[winning], obs)
            if sure:  # throw count onto a trick the side will take
                return max(plays, key=lambda a: (count(a.tile), -PIPS[a.tile]))
            return min(plays, key=lambda a: (count(a.tile), PIPS[a.tile]))
        winners = [
            a for a in plays if rules.trick_winner((*table.trick, (seat, a.tile)), table) == seat
        ]
        if winners:
            at_stake = sum(count(t) for _, t in table.trick)
            if at_stake or last or (table.high is not None and rules.side_of[table.bidder] != ours):
                return min(winners, key=lambda a: (-count(a.tile), PIPS[a.tile]))
        return min(plays, key=lambda a: (count(a.tile), PIPS[a.tile]))

    def boss(self, rules: FortyTwoRules, table: FortyTwoTable, t: int, obs: Observation) -> bool:
        """Whether ``t`` (on the trick) cannot be beaten: a trump no higher trump is out for, or
        a double of the suit led with no trumps out."""
        played = 0
        for _, trick in table.tricks:
            for _, u in trick:
                played |= BIT[u]
        for _, u in table.trick:
            played |= BIT[u]
        unseen = [u for u in range(28) if not (played | obs.hand) & BIT[u]]
        return all(rules.trick_winner((*table.trick, (-1, u)), table) != -1 for u in unseen)

    def lead(
        self, obs: Observation, rules: FortyTwoRules, table: FortyTwoTable, plays: list[Play]
    ) -> Play:
        count = rules.count_of
        ours = rules.side_of[obs.seat]
        trump = table.trump
        trumps = [a for a in plays if rules.is_trump(a.tile, trump)]
        bidders = table.bidder >= 0 and rules.side_of[table.bidder] == ours
        if bidders and trumps and self.trumps_out(obs, rules, table):
            return max(trumps, key=lambda a: rules.rank(a.tile, trump, table))
        doubles = [a for a in plays if DOUBLE[a.tile] and not rules.is_trump(a.tile, trump)]
        if doubles:
            return max(doubles, key=lambda a: (count(a.tile), HIGH[a.tile]))
        return min(plays, key=lambda a: (count(a.tile), PIPS[a.tile]))

    def trumps_out(self, obs: Observation, rules: FortyTwoRules, table: FortyTwoTable) -> bool:
        """Whether a trump may still be in another hand."""
        seen = obs.hand
        for _, trick in table.tricks:
            for _, u in trick:
                seen |= BIT[u]
        return any(rules.is_trump(u, table.trump) and not seen & BIT[u] for u in range(28))

    def play_nello(
        self, obs: Observation, rules: FortyTwoRules, table: FortyTwoTable, plays: list[Play]
    ) -> Play:
        seat = obs.seat
        if seat == table.bidder:
            if not table.trick:
                return min(plays, key=lambda a: PIPS[a.tile])
            losing = [
                a
                for a in plays
                if rules.trick_winner((*table.trick, (seat, a.tile)), table) != seat
            ]
            if losing:
                return max(losing, key=lambda a: PIPS[a.tile])
        return min(plays, key=lambda a: PIPS[a.tile])


# --------------------------------------------------------------------------- the expert
def lacks(rules: FortyTwoRules, table: FortyTwoTable) -> list[int]:
    """Per seat, the tiles it cannot hold, read from the tricks: a seat that did not follow
    suit holds none of that suit (nothing is drawn in 42, so it holds none now); in sevens a seat
    holds no tile nearer seven than the one it played."""
    void = [0] * 4
    tricks = [trick for _, trick in table.tricks]
    if table.trick:
        tricks.append(table.trick)
    for trick in tricks:
        lead = trick[0][1]
        suit = rules.suit_led(lead, table) if table.contract != "sevens" else -1
        for seat, t in trick[1:] if table.contract != "sevens" else trick:
            if table.contract == "sevens":
                d = rules.sevens_distance(t)
                void[seat] |= sum(BIT[u] for u in range(28) if rules.sevens_distance(u) < d)
            elif not rules.follows(t, suit, table):
                void[seat] |= sum(BIT[u] for u in range(28) if rules.follows(u, suit, table))
    return void


def sample_world(
    hand: int,
    seat: int,
    sizes: tuple[int, ...],
    table: FortyTwoTable,
    rng: random.Random,
    void: list[int] | None = None,
) -> list[int]:
    """Every seat's tiles: ``seat`` holds ``hand``, the others tiles drawn at random among those
    ``seat`` has not seen, each as many as ``sizes`` says, none a seat is known to lack (``void``;
    given up on after a few tries)."""
    seen = hand
    for _, trick in table.tricks:
        for _, t in trick:
            seen |= BIT[t]
    for _, t in table.trick:
        seen |= BIT[t]
    unseen = [t for t in range(28) if not seen & BIT[t]]
    void = void if void is not None else [0] * 4
    for attempt in range(40):
        strict = attempt < 30
        rng.shuffle(unseen)
        room = [0 if s == seat else sizes[s] for s in range(4)]
        hands = [0] * 4
        hands[seat] = hand

        def choices(t: int, room: list[int] = room, strict: bool = strict) -> list[int]:
            return [s for s in range(4) if room[s] and not (strict and void[s] & BIT[t])]

        for t in sorted(unseen, key=lambda t: len(choices(t))):
            seats = choices(t)
            if not seats:
                break
            s = rng.choice(seats)
            hands[s] |= BIT[t]
            room[s] -= 1
        else:
            return hands
    raise AssertionError("no deal fits")  # pragma: no cover - the last tries ignore the voids


GRID_STEP = 3
"""The point bids the expert values: every third from the lowest it may bid, to 41; a bid between
two is valued as the next one up (a side that takes 36 takes 34)."""

FIT_TRIES = 40
"""How many deals the expert draws at most for one that fits the bidding (:func:`fits_bidding`);
after that it keeps the last."""

MAX_NODES = 1_500_000
"""The most positions one exact solve may visit (the slowest Texas 42 hands visit about 300,000;
a solve cut short counts the bid as not made)."""

HOPELESS = 20
"""Below this valuation by the ``texas`` agent (:func:`hand_value`: three sure tricks) the expert
passes without solving, when it may (a hand the solver would have bid scarcely ever)."""

BID_MARGIN = 0.3
"""How many marks more than a pass a bid must be worth, by the solved deals, for the expert to make
it where it may pass: a deal solved with every hand seen flatters the declarer, who in play does not
see the others' tiles (a bid made in 65% of the solved deals, not 50%)."""

MARK_HAND = 36
"""The least valuation by the ``texas`` agent (:func:`hand_value`: six sure tricks) for which the
expert bids marks or more than the lowest point bid over its partner's bid: a mark needs every
trick, and the solved deals, every hand seen, find a way to take them all far more often than a
declarer who does not see the others' tiles (a weak hand over a partner's 30 made every trick in
every one of four solved deals)."""

PARTNER_MARGIN = 0.2
"""How many marks more than the partner's standing bid brings the side, by the same deals, a bid
of the expert's own must bring before it out-bids its partner (who knows its own hand)."""


def position_seed(observation: Observation) -> int:
    """A seed from the position as ``observation``'s seat sees it (the rules, the seat, its tiles,
    the public history, the scores): the expert's deals for a move, so the same position gives the
    same move on a busy machine or a quiet one (as :func:`boneyard.players.analysis.position_seed`,
    which a game may not import)."""
    rules = observation.rules
    parts = [
        rules.game.id,
        rules.rule_set,
        repr(sorted((name, repr(v)) for name, v in rules.options.items())),
        str(observation.seat),
        str(observation.hand),
        str(observation.turn),
        repr(observation.totals),
        *(f"{m.seat}:{m.action}" for m in observation.history),
    ]
    digest = hashlib.blake2b("\n".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


_SUITS = (*range(7), DOUBLES_SUIT)


def best_value(hand: int) -> float:
    """The ``texas`` agent's valuation of ``hand`` with its best trumps (:func:`hand_value`)."""
    return max(hand_value(hand, s) for s in _SUITS)


def fits_bidding(hands: list[int], table: FortyTwoTable, seat: int) -> bool:
    """Whether a deal (every seat's tiles at the start of the hand) fits the bidding as the
    ``texas`` agent's valuation reads it, leniently (the other seats may bid by another rule): a
    seat that passed before anybody bid holds no hand the ``texas`` agent values at 33 or more,
    one that passed over a bid none it values at 41 or more (it would have bid a mark), one that
    bid of its own free will (not forced) at least 18."""
    high: Bid | None = None
    for k, (s, bid) in enumerate(table.bids):
        if s != seat:
            v = best_value(hands[s])
            if bid is None:
                if v >= (33 if high is None else 41):
                    return False
            elif not (k == 3 and high is None) and v < 18:
                return False
        if bid is not None:
            high = bid
    return True


class TexasExpert:
    """Texas 42 by sampled deals and the exact solver (issue 34).

    Every choice is valued over deals of the hidden tiles that fit what has been seen: who could
    not follow suit (:func:`lacks`) and the bidding (:func:`fits_bidding`), drawn from a seed
    derived from the position (:func:`position_seed`) when it chooses, so the same position gives
    the same move whatever the machine's load. Each deal is solved exactly, every hand seen, by
    the compiled solver (:class:`~boneyard.core.kernel.CompiledSolver`; in pure Python, without
    the compiled core, the deals are played out by the ``texas`` agent instead).

    * **Bidding**: for each of the ``trumps`` most promising declarations (by the ``texas``
      agent's :func:`hand_value`; nello and sevens too where the rules allow them and a mark bid
      is open), whether this seat, bidding and declaring them, makes the lowest bid it may; for the
      best of them the highest level it makes (every third point, then every trick); a bid is worth
      its marks in a deal where it is made and less them where it is set. A pass is worth nothing
      before any bid, else what the standing bid brings the side in the same deals (its bidder
      naming the ``texas`` agent's trumps). It bids the most valuable call if it is worth
      :data:`BID_MARGIN` more than the pass (and :data:`PARTNER_MARGIN` more again over its
      partner); between point bids worth about the same (within ``slack`` marks) the highest
      while an opponent is still to bid, else the lowest. A hand the ``texas`` agent values
      below :data:`HOPELESS` passes unsolved, where it may; one below :data:`MARK_HAND` bids no
      marks (nor more than one over its partner) unless forced to.
    * **Declaring**: the ``declarations`` most promising plain declarations (by the ``texas``
      agent's valuation, which breaks ties) and every special one the rules allow, solved in each
      deal (the hints value every declaration).
    * **Playing**: every legal tile, solved in each deal (ties to the ``texas`` agent's choice).

    Counts, not time: ``worlds`` deals for a play or a declaration, ``bid_worlds`` for a bid.
    ``budget`` is only a cap (seconds): no deal is started once it has passed (the first always
    is)."""

    name = "texas-expert"

    def __init__(
        self,
        budget: float | None = None,
        worlds: int = 12,
        bid_worlds: int | None = None,
        *,
        trumps: int = 2,
        declarations: int = 3,
        slack: float = 0.15,
        exact_tricks: int = 2,
    ) -> None:
        self.budget = budget
        self.worlds = worlds
        self.bid_worlds = bid_worlds if bid_worlds is not None else worlds
        self.trumps = trumps
        self.declarations = declarations
        self.slack = slack
        self.exact_tricks = exact_tricks
        self.policy = TexasAgent()
        self._sim: dict[int, FortyTwoRules] = {}
        self.last_worlds = 0

    # ----------------------------------------------------------------- choosing
    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        rules = observation.rules
        assert isinstance(rules, FortyTwoRules)
        table = observation.table
        assert isinstance(table, FortyTwoTable)
        rng = random.Random(position_seed(observation))
        if table.bidding:
            if PASS in legal and best_value(observation.hand) < HOPELESS:
                return PASS
            if kernel.supports(rules):
                samples = self.bid_values(observation, rules, table, rng, full=False)
                values = {a: sum(v) / len(v) for a, v in samples.items() if v}
            else:
                values = self.values(observation, rng)
            return self.pick_bid(observation, rules, table, values)
        if isinstance(legal[0], Declare) and kernel.supports(rules):
            hand = observation.hand
            ranked = sorted(legal, key=lambda d: -_declare_value(hand, d))
            only = [d for d in ranked[: self.declarations] if _declare_value(hand, d) > -1]
            only += [d for d in ranked if _declare_value(hand, d) <= -1]  # nello, sevens
            samples = self.declare_values(observation, rules, table, rng, only)
            values = {a: sum(v) / len(v) for a, v in samples.items()}
        else:
            values = self.values(observation, rng)
        best = max(values.values())
        top = [a for a in legal if values.get(a, -1e9) >= best - 1e-9]
        if len(top) == 1:
            return top[0]
        if isinstance(legal[0], Declare):
            hand = observation.hand
            return max(top, key=lambda d: _declare_value(hand, d))
        preferred = self.policy.choose(observation, rng)
        return preferred if preferred in top else top[0]

    def pick_bid(
        self,
        obs: Observation,
        rules: FortyTwoRules,
        table: FortyTwoTable,
        values: dict[Action, float],
    ) -> Action:
        """The call to make from the calls' values (see the class)."""
        legal = obs.legal_actions
        seat = obs.seat
        side = rules.side_of[seat]
        calls = [a for a in legal if a in values]
        best = max(values[a] for a in calls)
        partner_holds = table.high is not None and rules.side_of[table.bidder] == side
        floor = -1e9
        if PASS in values:
            floor = values[PASS] + BID_MARGIN + (PARTNER_MARGIN if partner_holds else 0.0)
            if best <= floor:
                return PASS
        bids = [a for a in calls if isinstance(a, Bid)]
        if best_value(obs.hand) < MARK_HAND:
            lowest = min((a.points for a in bids if a.points < MARK), default=None)
            if lowest is not None and partner_holds:
                bids = [a for a in bids if a.points == lowest]
            elif lowest is not None:
                bids = [a for a in bids if a.points < MARK]
            if PASS in values and max(values[a] for a in bids) <= floor:
                return PASS
        top = max(values[a] for a in bids)
        to_bid = {s for s in range(4) if s != seat} - {s for s, _ in table.bids}
        opponents_after = any(rules.side_of[s] != side for s in to_bid)
        near = [a for a in bids if values[a] >= top - 1e-9]
        if opponents_after:
            points = [a for a in bids if a.points < MARK and not a.contract]
            least = max(top - self.slack, floor, 0.0)
            near += [a for a in points if values[a] >= least]
            return max(near, key=lambda a: (a.points < MARK, a.points, -a.marks))
        return min(near, key=lambda a: a.points)

    def values(self, observation: Observation, rng: random.Random) -> dict[Action, float]:
        """Each legal move's value to this seat's side: its mean over the sampled deals (marks, or
        points scoring points)."""
        samples = self.world_values(observation, rng)
        return {a: sum(v) / len(v) for a, v in samples.items() if v}

    def world_values(
        self, observation: Observation, rng: random.Random
    ) -> dict[Action, list[float]]:
        """Each legal move's value in each sampled deal, the same deals for every move, in the
        order they were drawn (what :meth:`values` averages; the analysis reads the spread)."""
        rules = observation.rules
        assert isinstance(rules, FortyTwoRules)
        table = observation.table
        assert isinstance(table, FortyTwoTable)
        legal = observation.legal_actions
        if len(legal) == 1:
            return {legal[0]: [0.0]}
        compiled = kernel.supports(rules)
        if table.bidding:
            if not compiled:
                return self._rollout_bid_values(observation, rules, table, rng)
            return self.bid_values(observation, rules, table, rng)
        if isinstance(legal[0], Declare) and compiled:
            return self.declare_values(observation, rules, table, rng)
        if compiled:
            return self.play_values(observation, rules, table, rng)
        return self.search(observation, rules, table, rng)

    # ----------------------------------------------------------------- deals
    def _more(self, done: int, most: int, start: float) -> bool:
        """Whether to sample another deal: fewer than ``most`` so far and, with a budget (a cap),
        the first or one started before the cap."""
        if done >= most:
            return False
        if self.budget is None or done == 0:
            return True
        return time.monotonic() - start < self.budget

    def _deal(
        self,
        obs: Observation,
        table: FortyTwoTable,
        rng: random.Random,
        void: list[int] | None = None,
    ) -> list[int]:
        """A deal of the hidden tiles (every seat's tiles now) that fits the voids and, as far as
        :data:`FIT_TRIES` draws find one, the bidding."""
        played = [0] * 4
        for _, trick in (*table.tricks, (0, table.trick)):
            for s, t in trick:
                played[s] |= BIT[t]
        hands = sample_world(obs.hand, obs.seat, obs.hand_sizes, table, rng, void)
        if not table.bids:
            return hands
        for _ in range(FIT_TRIES):
            if fits_bidding([h | p for h, p in zip(hands, played, strict=True)], table, obs.seat):
                break
            hands = sample_world(obs.hand, obs.seat, obs.hand_sizes, table, rng, void)
        return hands

    def _sim_rules(self, rules: FortyTwoRules) -> FortyTwoRules:
        """The same rules scored in marks, each hand stopped once its bid is made or set: what
        a bid and a declaration are valued on (made or set, whatever the scoring)."""
        key = id(rules)
        sim = self._sim.get(key)
        if sim is None:
            if rules.scoring == "marks" and not rules.play_out and not rules.cap_marks:
                sim = rules
            else:
                options = {
                    **rules.options.to_json(),
                    "scoring": "marks",
                    "target_score": MARKS_TARGET,
                    "play_out": False,
                    "cap_marks": False,
                }
                configured = rules.game.configure(rules.rule_set, options, 4)
                assert isinstance(configured, FortyTwoRules)
                sim = configured
            self._sim[key] = sim
        return sim

    # ----------------------------------------------------------------- bidding
    def _made(
        self,
        sim: FortyTwoRules,
        solvers: dict[int, kernel.CompiledSolver],
        hands: list[int],
        bidder: int,
        bid: Bid,
        declaration: Declare,
    ) -> bool:
        """Whether ``bidder``, alone bidding ``bid`` and naming ``declaration`` in the deal
        ``hands``, makes it, both sides playing their best with every hand seen."""
        from ...core.protocol import HandStart

        state = sim.start_hand(
            HandStart([list(tiles_of(h)) for h in hands], [], (bidder - 1) % 4, trusted=True)
        )
        while state.phase.name == "bid":
            state.apply_fast(bid if state.turn == bidder else PASS)
        if declaration not in state.legal_tuple():
            return False
        state.apply_fast(declaration)
        side = sim.side_of[bidder]
        solver = solvers.get(side)
        if solver is None:
            solver = solvers[side] = kernel.CompiledSolver(sim, side)
        return solver.solve(state).value > 0

    def bid_values(
        self,
        obs: Observation,
        rules: FortyTwoRules,
        table: FortyTwoTable,
        rng: random.Random,
        *,
        full: bool = True,
    ) -> dict[Action, list[float]]:
        """Each call's marks in each sampled deal (see the class): a bid its marks where the
        declaration that makes it in the most deals makes it, less them where not; a pass
        nothing, or what the standing bid brings this side; a plunge or a splash as if set
        (not valued). Without ``full`` (the expert's own choice) the higher levels are solved
        only where they may be chosen: the lowest bid worth :data:`BID_MARGIN` more than the pass
        with an opponent still to bid, or made in nine deals of ten; elsewhere a higher bid
        counts as set."""
        start = time.monotonic()
        legal = obs.legal_actions
        seat = obs.seat
        hand = obs.hand
        sim = self._sim_rules(rules)
        solvers: dict[int, kernel.CompiledSolver] = {}
        plain = [Declare("suit", n) for n in range(7)]
        plain += [Declare("doubles"), Declare("follow_me")]
        plain = [d for d in plain if d.contract in rules.contracts]
        ranked = sorted(plain, key=lambda d: -_declare_value(hand, d))[: self.trumps]
        bids = [a for a in legal if isinstance(a, Bid) and not a.contract]
        point_bids = sorted({a.points for a in bids if a.points < MARK})
        mark_bids = [a for a in bids if a.points >= MARK]
        levels = list(range(point_bids[0], MARK, GRID_STEP)) if point_bids else []
        if mark_bids:
            levels.append(MARK)
        specials: list[Declare] = []
        if mark_bids:
            lowest = min(mark_bids, key=lambda a: a.points)
            marks = lowest.marks
            if "nello" in rules.contracts and marks >= rules.nello_min_marks:
                specials += [Declare("nello", doubles=d) for d in _nello_doubles(rules)]
            if "sevens" in rules.contracts and marks >= rules.sevens_min_marks:
                specials.append(Declare("sevens"))
        holder = table.bidder if table.high is not None and PASS in legal else None
        deals: list[list[int]] = []
        first: dict[Declare, list[bool]] = {d: [] for d in ranked}  # made at the lowest level
        special: dict[Declare, list[bool]] = {d: [] for d in specials}
        standing: list[float] = []
        n = 0
        while self._more(n, self.bid_worlds, start):
            hands = self._deal(obs, table, rng)
            deals.append(hands)
            if levels:
                for d in ranked:
                    first[d].append(self._made(sim, solvers, hands, seat, Bid(levels[0]), d))
            for d in specials:
                special[d].append(self._made(sim, solvers, hands, seat, mark_bids[0], d))
            if holder is not None and table.high is not None:
                standing.append(self._standing(sim, solvers, hands, holder, table.high, seat))
            n += 1
        self.last_worlds = n
        # The best declaration at the lowest level, then the highest level it makes in each deal.
        top = [-1] * n
        if levels and ranked:
            best = max(ranked, key=lambda d: sum(first[d]))  # (ties: the texas valuation's order)
            made = sum(first[best])
            higher = full or made >= 0.9 * n
            if not higher and n:
                side = rules.side_of[seat]
                to_bid = {s for s in range(4) if s != seat} - {s for s, _ in table.bids}
                passing = statistics.fmean(standing) if standing else 0.0
                worth = (2 * made - n) / n >= passing + BID_MARGIN
                higher = worth and any(rules.side_of[s] != side for s in to_bid)
            for w in range(n):
                if not first[best][w]:
                    continue
                if not higher:
                    top[w] = 0
                    continue
                lo, hi = 0, len(levels)
                while hi - lo > 1:
                    mid = (lo + hi) // 2
                    bid = Bid(levels[mid])
                    if self._made(sim, solvers, deals[w], seat, bid, best):
                        lo = mid
                    else:
                        hi = mid
                top[w] = lo
        every: list[bool] = [
            bool(levels) and levels[-1] == MARK and t == len(levels) - 1 for t in top
        ]
        for d in specials:
            if sum(special[d]) > sum(every):
                every = special[d]
        out: dict[Action, list[float]] = {}
        if PASS in legal:
            out[PASS] = standing if standing else [0.0] * n
        for a in legal:
            if not isinstance(a, Bid):
                continue
            if a.contract:  # a plunge or a splash: not valued
                out[a] = [-float(a.marks)] * n
            elif a.points >= MARK:
                out[a] = [float(a.marks if made else -a.marks) for made in every]
            else:
                k = next(i for i, level in enumerate(levels) if level >= a.points)
                out[a] = [float(a.marks if t >= k else -a.marks) for t in top]
        return out

    def _standing(
        self,
        sim: FortyTwoRules,
        solvers: dict[int, kernel.CompiledSolver],
        hands: list[int],
        holder: int,
        high: Bid,
        seat: int,
    ) -> float:
        """What the standing bid ``high`` of ``holder`` brings ``seat``'s side in the deal
        ``hands``, nobody bidding after: its marks if the holder's side makes it (or ``seat``'s
        side sets it), less them if not; the holder names the ``texas`` agent's trumps, a plunge
        or a splash is played as a plain bid of its marks."""
        _, suit = self.policy.best_trump(hands[holder])
        declaration = Declare("doubles") if suit == DOUBLES_SUIT else Declare("suit", suit)
        bid = Bid(high.points if not high.contract else MARK * high.marks)
        made = self._made(sim, solvers, hands, holder, bid, declaration)
        ours = sim.side_of[holder] == sim.side_of[seat]
        return float(high.marks if made == ours else -high.marks)

    # ----------------------------------------------------------------- declaring
    def declare_values(
        self,
        obs: Observation,
        rules: FortyTwoRules,
        table: FortyTwoTable,
        rng: random.Random,
        only: list[Action] | None = None,
    ) -> dict[Action, list[float]]:
        """Each declaration's marks in each sampled deal (or those in ``only``): the hand solved
        exactly after it."""
        from ...core.protocol import Position

        start = time.monotonic()
        legal = obs.legal_actions if only is None else only
        sim = self._sim_rules(rules)
        side = rules.side_of[obs.seat]
        solver = kernel.CompiledSolver(sim, side)
        samples: dict[Action, list[float]] = {a: [] for a in legal}
        n = 0
        while self._more(n, self.worlds, start):
            hands = self._deal(obs, table, rng)
            view: Any = obs
            base: Any = sim.state_from_position(Position(view, hands, ()))
            for a in legal:
                state = base.copy(history=False)
                state.apply_fast(a)
                samples[a].append(solver.solve(state).value)
            n += 1
        self.last_worlds = n
        return samples

    # ----------------------------------------------------------------- the play
    def play_values(
        self, obs: Observation, rules: FortyTwoRules, table: FortyTwoTable, rng: random.Random
    ) -> dict[Action, list[float]]:
        """Each legal tile's value in each sampled deal, solved exactly to the end of the hand
        (the hand's marks, or points where every hand is played out: there each solve stops at
        :data:`MAX_NODES` positions)."""
        start = time.monotonic()
        legal = obs.legal_actions
        side = rules.side_of[obs.seat]
        solver = kernel.CompiledSolver(rules, side)
        void = lacks(rules, table)
        samples: dict[Action, list[float]] = {a: [] for a in legal}
        exact = not rules.play_out
        n = 0
        while self._more(n, self.worlds, start):
            hands = self._deal(obs, table, rng, void)
            base = self._state(obs, hands)
            got: dict[Action, float] = dict(solver.action_values(base)) if exact else {}
            for a in legal:
                v = got.get(a)
                if v is None:
                    v = solver.action_value(base, a, max_nodes=MAX_NODES)
                samples[a].append(v)
            n += 1
        self.last_worlds = n
        return samples

    # ----------------------------------------------------------------- without the compiled core
    def _state(self, observation: Observation, hands: list[int]) -> Any:
        from ...core.protocol import Position

        view: Any = observation
        rules: Any = observation.rules
        return rules.state_from_position(Position(view, hands, ()))

    def _rollout(self, state: object, side: int, rng: random.Random) -> float:
        from .state import FortyTwoState

        assert isinstance(state, FortyTwoState)
        rules = state.rules
        while not state.over:
            if len(state.table.tricks) >= 7 - self.exact_tricks and state.phase.name == "play":
                return solve(state, side)
            view: Any = state.observation(state.turn)
            state.apply_fast(self.policy.choose(view, rng))
        return value(state, side, rules)

    def search(
        self, obs: Observation, rules: FortyTwoRules, table: FortyTwoTable, rng: random.Random
    ) -> dict[Action, list[float]]:
        """Without the compiled core: each move played out by the ``texas`` agent in each deal,
        the last ``exact_tricks`` tricks solved exactly (in Python)."""
        start = time.monotonic()
        legal = list(obs.legal_actions)
        side = rules.side_of[obs.seat]
        samples: dict[Action, list[float]] = {a: [] for a in legal}
        void = lacks(rules, table)
        n = 0
        while self._more(n, self.worlds, start):
            hands = self._deal(obs, table, rng, void)
            base = self._state(obs, hands)
            for action in legal:
                state = base.copy(history=False)
                state.apply_fast(action)
                samples[action].append(self._rollout(state, side, rng))
            n += 1
        self.last_worlds = n
        return samples

    def _played_out(
        self,
        sim: FortyTwoRules,
        hands: list[int],
        bidder: int,
        declaration: Declare | None,
        rng: random.Random,
    ) -> int:
        """The points ``bidder``'s side takes in the deal ``hands`` when it alone bids and
        names ``declaration`` (``None``: the ``texas`` agent's choice), every seat then played
        by the ``texas`` agent (every trick played)."""
        from ...core.protocol import HandStart

        state = sim.start_hand(
            HandStart([list(tiles_of(h)) for h in hands], [], (bidder - 1) % 4, trusted=True)
        )
        while state.phase.name == "bid":
            state.apply_fast(Bid(sim.min_bid) if state.turn == bidder else PASS)
        view: Any = state.observation(state.turn)
        state.apply_fast(declaration or self.policy.declare(view, view.legal_actions))
        while not state.over:
            view = state.observation(state.turn)
            state.apply_fast(self.policy.choose(view, rng))
        taken: int = state.table.taken[sim.side_of[bidder]]  # type: ignore[attr-defined]
        return taken

    def _rollout_bid_values(
        self, obs: Observation, rules: FortyTwoRules, table: FortyTwoTable, rng: random.Random
    ) -> dict[Action, list[float]]:
        """Without the compiled core: each bid's marks in each deal, the hand played out by the
        ``texas`` agent with each of the three most promising trumps (the one that makes the bid
        in most deals counted); a pass over a standing bid what that bid brings (played out the
        same way), else nothing."""
        start = time.monotonic()
        legal = obs.legal_actions
        options = {**rules.options.to_json(), PLAY_OUT.name: True}
        sim = rules.game.configure(rules.rule_set, options, 4)
        assert isinstance(sim, FortyTwoRules)
        plain = [Declare("suit", n) for n in range(7)] + [Declare("doubles")]
        plain = [d for d in plain if d.contract in rules.contracts]
        ranked = sorted(plain, key=lambda d: -_declare_value(obs.hand, d))[:3]
        taken: dict[Declare, list[int]] = {d: [] for d in ranked}
        holder = table.bidder if table.high is not None and PASS in legal else None
        standing: list[int] = []
        n = 0
        while self._more(n, min(self.bid_worlds, 24), start):
            hands = self._deal(obs, table, rng)
            if holder is not None:
                standing.append(self._played_out(sim, hands, holder, None, rng))
            for d in ranked:
                taken[d].append(self._played_out(sim, hands, obs.seat, d, rng))
            n += 1
        self.last_worlds = n
        out: dict[Action, list[float]] = {a: [0.0] * n for a in legal if a == PASS}
        if standing and table.high is not None and holder is not None:
            high = table.high
            need = high.points if high.points < MARK else MARK
            ours = 1.0 if rules.side_of[holder] == rules.side_of[obs.seat] else -1.0
            out[PASS] = [ours * (high.marks if x >= need else -high.marks) for x in standing]
        for a in legal:
            if not isinstance(a, Bid):
                continue
            if a.contract:
                out[a] = [-float(a.marks)] * n
                continue
            need = a.points if a.points < MARK else MARK
            best = max(taken.values(), key=lambda points: sum(1 for x in points if x >= need))
            out[a] = [float(a.marks if x >= need else -a.marks) for x in best]
        return out


def _nello_doubles(rules: FortyTwoRules) -> tuple[str | None, ...]:
    """The ways of declaring nello the rules offer (the bidder's choice of the doubles, or one)."""
    if rules.nello_doubles == "bidder_choice":
        return ("high", "own_suit", "low")
    return (None,)


def _declare_value(hand: int, declaration: Action) -> float:
    """The ``texas`` agent's valuation of ``hand`` under a plain declaration (trumps, doubles, or
    follow-me counted as no trump), else nothing: what orders the expert's declarations."""
    if not isinstance(declaration, Declare):
        return 0.0
    if declaration.contract == "suit":
        assert declaration.trump is not None
        return hand_value(hand, declaration.trump)
    if declaration.contract == "doubles":
        return hand_value(hand, DOUBLES_SUIT)
    if declaration.contract == "follow_me":
        return hand_value(hand, NO_TRUMP) - 1
    return -1.0


def value(state: object, side: int, rules: FortyTwoRules) -> float:
    """A finished hand's worth to ``side``: its sheet points less the others' (marks, or points),
    and a hundredth of the points taken to tell equal outcomes apart."""
    from .state import FortyTwoState

    assert isinstance(state, FortyTwoState) and state.result is not None
    points = state.result.points
    taken = state.table.taken
    return points[side] - points[1 - side] + 0.01 * (taken[side] - taken[1 - side])


def solve(state: object, side: int) -> float:
    """The exact value of a position to ``side`` with every hand seen (alpha-beta, the tricks
    left): :func:`value` at the end. In the compiled core where it is built
    (:class:`~boneyard.core.kernel.CompiledSolver`, ``count_taken``: the same value), else in
    Python."""
    from .state import FortyTwoState

    assert isinstance(state, FortyTwoState)
    rules = state.rules
    if kernel.supports(rules):
        return kernel.CompiledSolver(rules, side, count_taken=True).solve(state).value

    def search(node: FortyTwoState, alpha: float, beta: float) -> float:
        if node.over:
            return value(node, side, rules)
        maximizing = rules.side_of[node.turn] == side
        best = -1e9 if maximizing else 1e9
        for action in node.legal_tuple():
            child = node.copy(history=False)
            child.apply_fast(action)
            v = search(child, alpha, beta)
            if maximizing:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    return search(state, -1e9, 1e9)
