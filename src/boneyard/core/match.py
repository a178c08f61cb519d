"""A match: hands played one after another until a side reaches the target.

The match deals (with its own seeded generator), decides each hand's leader by the rules' first-lead
and next-lead rules, keeps the score sheet, and knows when the match is over.

>>> from boneyard.games import get_game
>>> match = Match(get_game("block").configure(players=2), seed=1)
>>> from boneyard.players.agents import RandomAgent
>>> import random
>>> rng = random.Random(1)
>>> while not match.over:
...     while not match.hand.over:
...         match.hand.apply_fast(rng.choice(match.hand.legal_actions()))
...     _ = match.next_hand()
>>> max(match.totals) >= 100, match.winner is not None
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .i18n import _
from .protocol import GameRules, GameState, HandResult, HandStart
from .tiles import mask_of, tiles_of

__all__ = ["Match"]


class Match:
    """A match of hands to the rules' target, with the lead rotation of the rules."""

    rules: GameRules
    rng: random.Random
    hands: list[GameState]
    totals: list[float]
    winner: int | None
    finished: bool
    scored: int
    lead_draw: list[int] | None

    def __init__(
        self,
        rules: GameRules,
        seed: int | None = None,
        *,
        deal: bool = True,
        rng: random.Random | None = None,
    ) -> None:
        """A new match dealt from ``random.Random(seed)``, or from ``rng`` when one is given."""
        self.rules = rules
        self.rng = rng if rng is not None else random.Random(seed)
        self.hands = []
        self.totals: list[float] = [0] * len(rules.sides)
        self.winner = None
        self.finished = False
        self.scored = 0  # how many hands the totals hold
        self.lead_draw = None
        if deal:
            self._deal_hand()

    # ----------------------------------------------------------------- the current hand
    @property
    def hand(self) -> GameState:
        """The hand being played (the last one once the match is over)."""
        return self.hands[-1]

    @property
    def over(self) -> bool:
        """Whether the match has ended: won, or (a match of a fixed number of hands) tied."""
        return self.finished

    def expected_leader(self) -> tuple[int | None, bool]:
        """``(leader, lead_by_deal)`` for the next hand: the leader the rotation gives
        (``None`` where the deal or a draw for the lead decides), and whether the deal
        decides it."""
        rules = self.rules
        if self.hands:
            prev = self.hands[-1]
            leader = rules.next_leader(prev.leader, prev.result)
            if leader is not None:
                return leader, False
        return None, rules.lead_from_deal()

    def start_hand(
        self, hands: Sequence[Sequence[int]], stock: Sequence[int], leader: int | None
    ) -> GameState:
        """Start the next hand from a given deal (used to replay records)."""
        if self.hands and not self.hands[-1].over:
            raise ValueError(_("the previous hand is not finished"))
        if self.over:
            raise ValueError(_("the match is over"))
        expected, by_deal = self.expected_leader()
        if expected is not None:
            if leader is not None and leader != expected:
                raise ValueError(
                    _("leader {leader} disagrees with the rotation: seat {seat} leads").format(
                        leader=leader, seat=expected
                    )
                )
            leader = expected
        state = self.rules.start_hand(
            HandStart(
                hands,
                stock,
                leader,
                lead_by_deal=by_deal,
                totals=self.totals,
                context=self._context(),
            )
        )
        self.hands.append(state)
        return state

    def _context(self) -> object:
        """What the next hand knows from its place in the match (the engine of a round)."""
        return self.rules.hand_context(len(self.hands), self.hands[-1] if self.hands else None)

    def _deal_hand(self) -> GameState:
        rules = self.rules
        rng = self.rng
        expected, by_deal = self.expected_leader()
        for _attempt in range(1000):
            hands, stock = rules.deal(rng)
            if not (by_deal and rules.needs_redeal([mask_of(h) for h in hands])):
                break
        leader = expected
        if leader is None and not by_deal:
            leader, drawn = rules.draw_for_lead(rng)
            if not self.hands:
                self.lead_draw = drawn
        state = rules.start_hand(
            HandStart(
                hands,
                stock,
                leader,
                lead_by_deal=by_deal,
                totals=self.totals,
                context=self._context(),
                trusted=True,
            )
        )
        self.hands.append(state)
        return state

    def next_hand(self) -> GameState | None:
        """Score the finished hand (unless it is scored already: a match replayed from a record)
        and deal the next; ``None`` once the match is over. A match that is over deals nothing
        and scores nothing again."""
        state = self.hand
        if not state.over:
            raise ValueError("the hand is not finished")
        if self.over:
            return None
        if self.scored < len(self.hands):
            self._score(state.result)
        if self.over:
            return None
        return self._deal_hand()

    def _score(self, result: HandResult | None) -> None:
        assert result is not None
        if self.over:
            raise ValueError("the match is over: its last hand is scored already")
        if self.scored == len(self.hands):
            raise ValueError(f"hand {self.scored} is scored already")
        self.scored += 1
        for i, p in enumerate(result.points):
            self.totals[i] += p
        self.finished, self.winner = self.rules.match_end(self.totals, len(self.hands), result)

    def record_hand_end(self) -> None:
        """Score the finished current hand without dealing another (used by replay)."""
        self._score(self.hand.result)

    def score_sheet(self) -> list[tuple[int, tuple[float, ...], tuple[float, ...]]]:
        """``(hand number, points per side, running totals)`` for every finished hand."""
        rows = []
        running: list[float] = [0] * len(self.rules.sides)
        for i, h in enumerate(self.hands, 1):
            if h.result is None:
                break
            running = [a + b for a, b in zip(running, h.result.points, strict=True)]
            rows.append((i, h.result.points, tuple(running)))
        return rows


def deal_tiles(mask: int) -> list[int]:
    return sorted(tiles_of(mask), reverse=True)
