"""The ``whist`` agent: Domino Whist with the lead signal of RULES.md §2.6 and §6.

- **Sending the signal**: leading, it lays the double of its strongest suit (the number it holds
  most of; among equally long suits, one whose double it holds) to announce strength there; with
  no such double, the double of a suit it holds at least three of, else the heaviest tile of its
  longest suit.
- **Reading the signal**: a double led by its partner means "I hold many of this number": the
  agent keeps ends showing that number (it avoids covering them and likes to make new ones). A
  double led by an opponent means the same about him, so the agent tries to close that number.
- Otherwise it plays the block game for its side: debits count pips, so it sheds heavy tiles; it
  likes ends the next player (an opponent) has shown he cannot answer, dislikes ends its partner
  has passed on, and keeps ends it can play on itself.

Outside partnership games it plays the same way without a partner (a sound block-game agent).
"""

from __future__ import annotations

from ...core.actions import Action, Play
from ...core.protocol import Observation
from ...core.tiles import BIT, DOUBLE, HIGH, LOW, PIPS, tile, tiles_of
from ..line.heuristic import LineHeuristic, best_play
from ..line.reading import Reading, own_fits, suit_counts
from ..line.rules import LineRules

__all__ = ["WhistAgent", "signal_lead", "signals"]

SIGNAL_LEAD = 1  # lead the double of the strongest suit
W_PIPS = 1.0  # per pip shed
W_STUCK = 8.0  # the next opponent cannot answer the new ends
W_PARTNER = 4.0  # the partner can answer them
W_FOLLOW = 2.0  # per end the agent can still play on
W_SIGNAL = 3.0  # per end showing the partner's suit (and minus per end showing an opponent's)


def signal_lead(hand: int, max_pip: int) -> int:
    """The tile to lead to announce the strongest suit of ``hand`` (see the module docstring).

    >>> from boneyard.core.tiles import mask_of, parse_tile as T, NAMES
    >>> NAMES[signal_lead(mask_of(T(t) for t in "6-6 6-4 6-2 5-5 3-1 2-0 1-0".split()), 6)]
    '6-6'
    >>> NAMES[signal_lead(mask_of(T(t) for t in "6-6 4-4 4-3 4-2 4-0 2-1 1-0".split()), 6)]
    '4-4'
    """
    counts = suit_counts(hand, max_pip)
    longest = max(counts)
    doubles = [p for p in range(max_pip + 1) if hand & BIT[tile(p, p)]]
    long_doubles = [p for p in doubles if counts[p] == longest]
    if long_doubles:
        return tile(max(long_doubles), max(long_doubles))
    strong = [p for p in doubles if counts[p] >= 3]
    if strong:
        best = max(strong, key=lambda p: (counts[p], p))
        return tile(best, best)
    suits = [p for p in range(max_pip + 1) if counts[p] == longest]
    candidates = [t for t in tiles_of(hand) if HIGH[t] in suits or LOW[t] in suits]
    return max(candidates, key=lambda t: (PIPS[t], HIGH[t]))


def signals(reading: Reading) -> tuple[int | None, int | None]:
    """``(partner's suit, opponents' suit)``: the number announced by a double led this hand by
    the partner or by an opponent (``None`` where no double was led by them)."""
    lead = reading.first_lead
    if lead is None:
        return None, None
    seat, t = lead
    if not DOUBLE[t] or seat == reading.seat:
        return None, None
    rules = reading.rules
    if rules.side_of[seat] == rules.side_of[reading.seat]:
        return HIGH[t], None
    return None, HIGH[t]


class WhistAgent(LineHeuristic):
    """The Domino Whist heuristic (see the module docstring)."""

    name = "whist"

    def decide(
        self, obs: Observation, rules: LineRules, legal: tuple[Action, ...], plays: list[Play]
    ) -> Action:
        if obs.layout is None and SIGNAL_LEAD:
            wanted = signal_lead(obs.hand, obs.rules.tiles.max_pip)
            for a in plays:
                if a.tile == wanted:
                    return a
        reading = Reading(obs, rules)
        ours, theirs = signals(reading)
        return best_play(plays, lambda a: self.value(obs, reading, a, ours, theirs))

    def value(
        self,
        obs: Observation,
        reading: Reading,
        action: Play,
        ours: int | None,
        theirs: int | None,
    ) -> float:
        rules = reading.rules
        t = action.tile
        after, rest = reading.left_by(action)  # the table and the hand the play leaves
        value = W_PIPS * rules.hand_value[t]
        nxt = reading.next_seat
        if rules.side_of[nxt] != rules.side_of[obs.seat]:
            value += W_STUCK * (1.0 - reading.chance_fits(nxt, after))
        for partner in reading.partners():
            if obs.hand_sizes[partner]:
                value += W_PARTNER * reading.chance_fits(partner, after)
        value += W_FOLLOW * min(own_fits(rules, rest, after), 2)
        if ours is not None:
            value += W_SIGNAL * sum(1 for p in after.pips if p == ours)
        if theirs is not None:
            value -= W_SIGNAL * sum(1 for p in after.pips if p == theirs)
        return value
