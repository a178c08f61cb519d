"""What the heuristic players of the line games share (Matador's, Domino Whist's and Domino
Pool's, each in its game's folder): the moves that need no thought, the reading of the table
(:mod:`.reading`) and the choice of the best-valued play.

A heuristic subclasses :class:`LineHeuristic` and decides the rest (:meth:`LineHeuristic.decide`).
It plays every line game (:meth:`LineHeuristic.reads`): its own game best, any other with the same
valuation; a game not played on a line it plays by its heaviest tile.

>>> from boneyard.games import get_game
>>> from boneyard.core.protocol import HandStart
>>> from boneyard.core.tiles import parse_tile as T
>>> import random
>>> class Lightest(LineHeuristic):
...     name = "lightest"
...     def decide(self, obs, rules, legal, plays):
...         return best_play(plays, lambda a: -rules.hand_value[a.tile])
>>> rules = get_game("block").configure(players=2)
>>> deal = [[T(t) for t in "6-6 6-5 5-5 4-4 3-3 2-2 1-1".split()],
...         [T(t) for t in "6-4 6-3 6-2 5-4 5-3 4-3 0-0".split()]]
>>> stock = [t for t in range(28) if not any(t in h for h in deal)]
>>> state = rules.start_hand(HandStart(deal, stock))  # seat 0 holds 6-6: it must lead it
>>> Lightest().choose(state.observation(0), random.Random(0))
Play('6-6')
>>> state.apply_fast(state.legal_actions()[0])
>>> str(Lightest().choose(state.observation(1), random.Random(0)))  # 6-2 is the lightest six
'6-2 at L'
>>> Lightest().reads(rules), Lightest().reads(get_game("domino-loo").configure(players=3))
(True, False)
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Sequence

from ...core.actions import Action, Play
from ...core.protocol import GameRules, Observation
from .reading import heaviest, line_rules
from .rules import LineRules

__all__ = ["LineHeuristic", "best_play"]


def best_play(plays: Sequence[Play], value: Callable[[Play], float]) -> Play:
    """The play of the greatest ``value``, the first of equals."""
    best = plays[0]
    best_value = float("-inf")
    for a in plays:
        v = value(a)
        if v > best_value:
            best, best_value = a, v
    return best


class LineHeuristic(abc.ABC):
    """A line game's heuristic player (see the module)."""

    name: str

    def reads(self, rules: GameRules) -> bool:
        """Whether these rules are a game this heuristic reads (every line game)."""
        return isinstance(rules, LineRules)

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """The move forced or needing no thought, else :meth:`decide`'s."""
        legal = observation.legal_actions
        plays = [a for a in legal if type(a) is Play]
        if not plays or len(legal) == 1:
            return legal[0]
        rules = line_rules(observation)
        if rules is None:
            return heaviest(legal)  # not a line: nothing here reads it
        if observation.hand.bit_count() == 1:
            return plays[0]  # going out wins the hand: any play of the last tile will do
        return self.decide(observation, rules, legal, plays)

    @abc.abstractmethod
    def decide(
        self, obs: Observation, rules: LineRules, legal: tuple[Action, ...], plays: list[Play]
    ) -> Action:
        """The move in a line game where there is a choice and tiles to keep (``plays``: the
        legal plays among ``legal``)."""
