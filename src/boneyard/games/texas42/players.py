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

import random
from typing import Any

from ...core import kernel
from ...core.actions import PASS, Action, Play
from ...core.protocol import Observation
from ...core.tiles import BIT, DOUBLE, HIGH, LOW, PIPS, tiles_of
from ..tricks.actions import Bid, Declare
from .options import PLAY_OUT
from .rules import MARK, FortyTwoRules
from .table import DOUBLES_SUIT, FortyTwoTable

__all__ = ["TexasAgent", "hand_value"]


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


class TexasExpert:
    """Texas 42 by sampling and search: each choice is valued over deals of the hidden tiles
    consistent with the tricks so far (who could not follow), each played out by the ``texas``
    agent at every seat, the last ``exact_tricks`` tricks solved exactly; bids are valued the
    same way, as the chance of taking the points with the best trumps. ``budget`` bounds the
    time per move (seconds); with ``None`` exactly ``worlds`` deals are played (and at most 24
    for a bid), so the values depend only on the observation and the generator (the analysis's
    hints and reviews)."""

    name = "texas-expert"

    def __init__(self, budget: float | None = 0.6, worlds: int = 64, exact_tricks: int = 2) -> None:
        self.budget = budget
        self.worlds = worlds
        self.exact_tricks = exact_tricks
        self.policy = TexasAgent()
        self._sim: dict[int, FortyTwoRules] = {}

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        table = observation.table
        partner = (observation.seat + 2) % 4
        if (
            isinstance(table, FortyTwoTable)
            and table.bidding
            and table.high is not None
            and table.bidder == partner
            and PASS in legal
        ):
            # Over the partner's bid it follows its rule (raise a helped 30 or 31, else pass):
            # what the measured expert does; the hint values these calls by sampling.
            rules = observation.rules
            assert isinstance(rules, FortyTwoRules)
            return self.policy.bid(observation, rules, table)
        values = self.values(observation, rng, pass_played_out=False)
        return max(legal, key=lambda a: values.get(a, -1e9))

    def values(
        self, observation: Observation, rng: random.Random, *, pass_played_out: bool = True
    ) -> dict[Action, float]:
        """Each legal move's value to this seat's side: a bid's expected marks (won less
        lost), a declaration's or a play's average worth over the sampled deals (the marks or
        points of the hand, and a hundredth of the points taken); ``pass_played_out`` as in
        :meth:`bid_values`."""
        samples = self.world_values(observation, rng, pass_played_out=pass_played_out)
        return {a: sum(v) / len(v) for a, v in samples.items()}

    def world_values(
        self, observation: Observation, rng: random.Random, *, pass_played_out: bool = True
    ) -> dict[Action, list[float]]:
        """Each legal move's value in each sampled deal, the same deals for every move, in the
        order they were drawn (what :meth:`values` averages; the analysis reads the spread).
        In the bidding a pass is valued by playing out the bid that stands, unless
        ``pass_played_out`` is false (see :meth:`bid_values`)."""
        rules = observation.rules
        assert isinstance(rules, FortyTwoRules)
        table = observation.table
        assert isinstance(table, FortyTwoTable)
        if len(observation.legal_actions) == 1:
            return {observation.legal_actions[0]: [0.0]}
        if table.bidding:
            return self.bid_values(observation, rules, table, rng, pass_played_out=pass_played_out)
        return self.search(observation, rules, table, rng)

    # ----------------------------------------------------------------- worlds
    def _state(self, observation: Observation, hands: list[int]) -> object:
        from ...core.protocol import Position

        # The line games' observation type is the protocol's once they implement it.
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

    def _more(self, done: int, most: int, start: float) -> bool:
        """Whether to sample another deal: fewer than ``most`` so far and, with a budget, the
        first, or one that should end within the budget at the average time a deal has taken
        so far (the budget is a promise); without a budget, exactly ``most``."""
        import time

        if done >= most:
            return False
        if self.budget is None or done == 0:
            return True
        spent = time.monotonic() - start
        return spent + spent / done <= self.budget

    def search(
        self, obs: Observation, rules: FortyTwoRules, table: FortyTwoTable, rng: random.Random
    ) -> dict[Action, list[float]]:
        import time

        legal = list(obs.legal_actions)
        side = rules.side_of[obs.seat]
        samples: dict[Action, list[float]] = {a: [] for a in legal}
        void = lacks(rules, table)
        start = time.monotonic()
        counted = 0
        while self._more(counted, self.worlds, start):
            hands = sample_world(obs.hand, obs.seat, obs.hand_sizes, table, rng, void)
            base = self._state(obs, hands)
            for action in legal:
                state = base.copy(history=False)  # type: ignore[attr-defined]
                state.apply_fast(action)
                samples[action].append(self._rollout(state, side, rng))
            counted += 1
        return samples

    # ----------------------------------------------------------------- bidding
    def _sim_rules(self, rules: FortyTwoRules) -> FortyTwoRules:
        """The same rules with every hand played out (what a bid is valued on)."""
        key = id(rules)
        sim = self._sim.get(key)
        if sim is None:
            options = {**rules.options.to_json(), PLAY_OUT.name: True}
            configured = rules.game.configure(rules.rule_set, options, 4)
            assert isinstance(configured, FortyTwoRules)
            sim = self._sim[key] = configured
        return sim

    def _played_out(
        self,
        sim: FortyTwoRules,
        first: int,
        hands: list[int],
        bidder: int,
        declaration: Declare | None,
        rng: random.Random,
    ) -> int:
        """The points ``bidder``'s side takes in the deal ``hands`` (``first`` bids first)
        when ``bidder`` alone bids and names ``declaration`` (``None``: the ``texas`` agent's
        choice), every seat then played by the ``texas`` agent."""
        from ...core.protocol import HandStart

        state = sim.start_hand(
            HandStart([list(tiles_of(h)) for h in hands], [], (first - 1) % 4, trusted=True)
        )
        for _ in range(4):
            state.apply_fast(Bid(sim.min_bid) if state.turn == bidder else PASS)
        view: Any = state.observation(state.turn)
        state.apply_fast(declaration or self.policy.declare(view, view.legal_actions))
        while not state.over:
            view = state.observation(state.turn)
            state.apply_fast(self.policy.choose(view, rng))
        taken: int = state.table.taken[sim.side_of[bidder]]  # type: ignore[attr-defined]
        return taken

    def bid_values(
        self,
        obs: Observation,
        rules: FortyTwoRules,
        table: FortyTwoTable,
        rng: random.Random,
        *,
        pass_played_out: bool = True,
    ) -> dict[Action, list[float]]:
        """Each bid's marks in each of the sampled deals: for each trump, the points this side
        takes (played out by the ``texas`` agent, this seat declaring and leading); in each deal
        a bid is worth its marks if the best trumps over all the deals make it there, less its
        marks if not. With ``pass_played_out`` a pass over a standing bid is worth what that
        bid brings this side in the same deals (its bidder naming trumps by the ``texas``
        agent's rule: its marks if the partner makes it or the opponents are set, less them
        if not; a plunge or splash played as a plain bid of its marks, and nobody bidding
        after the pass); before any bid, and without ``pass_played_out`` (the expert's own
        bidding, as measured), a pass is worth nothing."""
        import time

        legal = obs.legal_actions
        sim = self._sim_rules(rules)
        trumps = [Declare("suit", n) for n in range(7)] + [Declare("doubles")]
        trumps = [d for d in trumps if (d.contract in rules.contracts)]
        ranked = sorted(
            trumps,
            key=lambda d: -hand_value(obs.hand, d.trump if d.trump is not None else DOUBLES_SUIT),
        )[:3]
        taken: dict[Declare, list[int]] = {d: [] for d in ranked}
        holder = table.bidder if table.high is not None and PASS in legal else None
        standing: list[int] = []  # what the standing bid's side takes in each deal
        start = time.monotonic()
        n = 0
        while self._more(n, 24, start):
            empty = FortyTwoTable.start(table.shaker)
            hands = sample_world(obs.hand, obs.seat, (7, 7, 7, 7), empty, rng)
            if pass_played_out and holder is not None:
                standing.append(self._played_out(sim, obs.seat, hands, holder, None, rng))
            for declaration in ranked:
                taken[declaration].append(
                    self._played_out(sim, obs.seat, hands, obs.seat, declaration, rng)
                )
            n += 1
        # A plain bid is worth its marks made less its marks set, with the best of the trumps
        # tried; a pass nothing, or the standing bid played out; a plunge or a splash (not
        # sampled) as if set.
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
