"""The ``pool`` agent: Domino Pool (RULES.md §2.8), where only the first out (or the lightest hand
of a blocked one) takes the pool.

It leads the heaviest tile of its longest suit (so it can follow on its own ends), and otherwise
values each play by the pips it sheds (a blocked hand goes to the fewest pips), by the chance that
the next player cannot answer the new ends (he passes, which gains a turn on everyone), counted
more when he is the player closest to going out, and by the ends it can still play on itself.
"""

from __future__ import annotations

from ...core.actions import Action, Play
from ...core.layout import Layout
from ...core.protocol import Observation
from ...core.tiles import BIT, HIGH, LOW, PIPS, tiles_of
from ..line.heuristic import LineHeuristic, best_play
from ..line.reading import Reading, own_fits, suit_counts
from ..line.rules import LineRules

__all__ = ["PoolAgent"]

W_PIPS = 1.0  # per pip shed
W_STUCK = 12.0  # the next player cannot answer the new ends
W_FOLLOW = 4.0  # per end the agent can still play on
THREAT_FACTOR = 1.5  # pressure on the player closest to going out counts this much more


class PoolAgent(LineHeuristic):
    """The Domino Pool heuristic (see the module docstring)."""

    name = "pool"

    def decide(
        self, obs: Observation, rules: LineRules, legal: tuple[Action, ...], plays: list[Play]
    ) -> Action:
        if obs.layout is None:
            counts = suit_counts(obs.hand, obs.rules.tiles.max_pip)
            leads = {a.tile for a in plays}
            best_tile = max(
                (t for t in tiles_of(obs.hand) if t in leads),
                key=lambda t: (max(counts[HIGH[t]], counts[LOW[t]]), PIPS[t], HIGH[t]),
            )
            return next(a for a in plays if a.tile == best_tile)
        reading = Reading(obs, rules)
        opponents = reading.opponents()
        fewest = min((obs.hand_sizes[s] for s in opponents), default=0)
        return best_play(plays, lambda a: self.value(obs, reading, a, fewest))

    def value(self, obs: Observation, reading: Reading, action: Play, fewest: int) -> float:
        rules = reading.rules
        t = action.tile
        layout = obs.layout
        assert layout is not None
        after: Layout = rules.lay(layout, action)
        rest = obs.hand & ~BIT[t]
        value = W_PIPS * rules.hand_value[t]
        nxt = reading.next_seat
        if nxt != obs.seat:
            factor = THREAT_FACTOR if obs.hand_sizes[nxt] == fewest else 1.0
            value += W_STUCK * factor * (1.0 - reading.chance_fits(nxt, after))
        value += W_FOLLOW * min(own_fits(rules, rest, after), 2)
        return value
