"""The ``expert`` agent: sample the hidden tiles, solve each sample, play what does best on average.

For each move it draws worlds consistent with everything its observation shows
(:func:`~boneyard.search.inference.determinize`: uniform over the hidden deals under which every
public move was legal), values every candidate move in each world with the perfect-information
solver (:mod:`boneyard.search.solver`: exact where the world is small, iterative deepening to a
node limit where it is not), and plays the move with the best average value. It sees only its
observation. Its time per move is bounded by ``budget`` (seconds).

The difficulty levels for people differ only in budget and in softmax noise on the averaged
values (``noise``, in points), never in what they may see: ``beginner``, ``casual``, ``strong`` and
``expert``.

>>> import random
>>> from boneyard.games import get_game
>>> from boneyard.match import Match
>>> match = Match(get_game("block").configure(players=2), seed=3)
>>> state = match.hand
>>> action = make_level("strong").choose(state.observation(state.turn), random.Random(0))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time

from ..actions import Action
from ..search.inference import Inference, determinize
from ..search.solver import Solver, candidate_actions
from ..state import Observation

__all__ = ["LEVELS", "ExpertAgent", "make_level"]

# name: (seconds per move, worlds at most, nodes per move value, softmax noise in points)
LEVELS: dict[str, tuple[float, int, int, float]] = {
    "beginner": (0.02, 4, 300, 6.0),
    "casual": (0.05, 8, 1_000, 2.5),
    "strong": (0.25, 32, 4_000, 0.0),
    "expert": (0.8, 96, 8_000, 0.0),
}


class ExpertAgent:
    """Determinization with the exact solver (see the module docstring)."""

    def __init__(
        self,
        name: str = "expert",
        budget: float = 0.8,
        worlds: int = 96,
        nodes: int = 8_000,
        noise: float = 0.0,
    ) -> None:
        self.name = name
        self.budget = budget
        self.worlds = worlds
        self.nodes = nodes
        self.noise = noise

    def values(self, observation: Observation, rng: random.Random) -> dict[Action, float]:
        """Each candidate move's average value over the sampled worlds (points for this seat's
        side minus the others', from now to the end of the hand). The analysis API ranks moves
        with it."""
        start = time.monotonic()
        deadline = start + self.budget
        rules = observation.rules
        side = rules.side_of[observation.seat]
        inference = Inference.from_observation(observation)
        legal = set(observation.legal_actions)
        totals: dict[Action, float] = {}
        counted = 0
        while counted < self.worlds and (counted == 0 or time.monotonic() < deadline):
            state = determinize(observation, rng, inference)
            solver = Solver(rules, side)
            moves = [a for a in candidate_actions(state) if a in legal]
            for action in moves:
                value = solver.action_value(
                    state, action, max_nodes=self.nodes, deadline=deadline + self.budget
                )
                totals[action] = totals.get(action, 0.0) + value
            counted += 1
        return {a: v / counted for a, v in totals.items()}

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        values = self.values(observation, rng)
        if not values:
            return legal[0]
        moves = list(values)
        if self.noise > 0:
            top = max(values.values())
            weights = [math.exp((values[a] - top) / self.noise) for a in moves]
            return rng.choices(moves, weights=weights)[0]
        best = max(values.values())
        return next(a for a in moves if values[a] == best)


def make_level(level: str) -> ExpertAgent:
    """The search agent at a difficulty level: ``beginner``, ``casual``, ``strong``, ``expert``."""
    budget, worlds, nodes, noise = LEVELS[level]
    return ExpertAgent(level, budget, worlds, nodes, noise)
