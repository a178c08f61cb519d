"""The ``expert`` agent: sample the hidden tiles, solve each sample, play what does best on average.

For each move it draws worlds consistent with everything its observation shows
(:func:`~boneyard.players.search.inference.determinize`: uniform over the hidden deals under which
every public move was legal), values every candidate move in each world with the perfect-information
solver (:mod:`boneyard.players.search.solver`: exact where the world is small, iterative deepening
to a node limit where it is not), or, where the rules ask for it
(:attr:`~boneyard.core.capabilities.SearchHints.rollouts`: free-for-all games that one player
wins), by playing the world out with the game's own heuristic at every seat
(:mod:`boneyard.players.search.rollout`), and plays the move with the best average value. It sees
only its observation. Its time per move is bounded by ``budget`` (seconds).

The difficulty levels for people differ only in budget and in softmax noise on the averaged
values (``noise``, in points), never in what they may see: ``beginner``, ``casual``, ``strong`` and
``expert``.

>>> import random
>>> from boneyard.games import get_game
>>> from boneyard.core.match import Match
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
from bisect import bisect_right
from collections.abc import Callable

from ..core import kernel
from ..core.actions import Action
from ..core.capabilities import OwnPlayers
from ..core.protocol import GamePlayer, GameRules, Observation
from .search.hints import search_hints
from .search.inference import Inference, world_state
from .search.model import PlayLikelihood, PlayModel, weighted_worlds
from .search.rollout import rollout_value
from .search.solver import candidate_actions, make_solver

__all__ = ["DEFAULT_MODEL", "LEVELS", "ExpertAgent", "make_level"]

# The default assumption about how the other players choose (see boneyard.players.search.model).
DEFAULT_MODEL = PlayModel()

# name: (seconds per move, worlds at most, nodes per move value, softmax noise in points), the caps
# with the compiled solver; PURE_LIMITS: (worlds, nodes) where the pure-Python solver runs, about a
# fiftieth of the speed. The two weak levels keep theirs: their noise makes them what they are.
LEVELS: dict[str, tuple[float, int, int, float]] = {
    "beginner": (0.02, 4, 300, 6.0),
    "casual": (0.05, 8, 1_000, 2.5),
    "strong": (0.25, 320, 16_000, 0.0),
    "expert": (0.8, 2_000, 20_000, 0.0),
}
PURE_LIMITS: dict[str, tuple[int, int]] = {
    "beginner": (4, 300),
    "casual": (8, 1_000),
    "strong": (32, 4_000),
    "expert": (200, 8_000),
}


class ExpertAgent:
    """Determinization with the exact solver (see the module docstring).

    ``model`` is the assumed way other players choose their plays
    (:class:`~boneyard.players.search.model.PlayModel`; ``None`` samples worlds uniformly): worlds
    are drawn from ``candidates`` uniform ones (by default as many as a tenth of the budget can
    sample) in proportion to how likely the other seats' plays were in each. ``worlds`` and
    ``nodes`` are the caps with the compiled solver (:mod:`boneyard.core.kernel`); ``pure_limits``,
    ``(worlds, nodes)``, replaces them where the pure-Python solver runs (``None``: the same).
    """

    def __init__(
        self,
        name: str = "expert",
        budget: float | None = 0.8,
        worlds: int = 2_000,
        nodes: int = 20_000,
        noise: float = 0.0,
        *,
        model: PlayModel | None = DEFAULT_MODEL,
        candidates: int | None = None,
        pure_limits: tuple[int, int] | None = None,
    ) -> None:
        self.name = name
        self.budget = budget
        self.worlds = worlds
        self.nodes = nodes
        self.noise = noise
        self.model = model
        self.pure_limits = pure_limits
        # Uniform candidates for the weighted draw: about a tenth of the budget (10 µs each);
        # without a budget, 25 for each world solved.
        if candidates is None:
            wanted = budget * 10_000 if budget is not None else 25 * worlds
            candidates = int(min(8_000, max(200, wanted)))
        self.candidates = candidates
        # How many worlds the last call of values() averaged over (benchmarks report it).
        self.last_worlds = 0
        self._own: tuple[GameRules, GamePlayer | None] | None = None

    def values(self, observation: Observation, rng: random.Random) -> dict[Action, float]:
        """Each candidate move's average value over the sampled worlds (points for this seat's
        side minus the others', from now to the end of the hand)."""
        samples = self.world_values(observation, rng)
        return {a: sum(v) / len(v) for a, v in samples.items()}

    def world_values(
        self, observation: Observation, rng: random.Random
    ) -> dict[Action, list[float]]:
        """Each candidate move's value in each sampled world, the same worlds for every move
        (common random numbers): the lists are in the order the worlds were drawn, a world drawn
        twice counted twice. A lead whose orientation changes nothing is valued once
        (``GameRules.distinct_actions``). With ``budget`` ``None`` exactly ``worlds`` worlds are
        solved to ``nodes`` nodes a move, so the values depend only on the observation and
        ``rng``, never on the clock; the analysis uses that. Where the line search does not
        play the game, its own player at this level values the moves (``level_player``)."""
        own = self._own_player(observation.rules)
        if own is not None:
            return own.world_values(observation, rng)
        start = time.monotonic()
        budget = self.budget
        deadline = start + budget if budget is not None else None
        rules = observation.rules
        side = rules.side_of[observation.seat]
        max_worlds, nodes = self.worlds, self.nodes
        if self.pure_limits is not None and not kernel.supports(rules):
            max_worlds, nodes = self.pure_limits
        # The time, shared out (see docs/ai.md, "Keeping to the budget"): the exact count of the
        # hidden deals until half the budget (then its approximation), the pool of uniform
        # worlds until a tenth (at least 20 worlds), the worlds solved until the deadline.
        inference = Inference.from_observation(
            observation, start + budget / 2 if budget is not None else None
        )
        draw = self._world_source(
            observation, inference, rng, start + budget / 10 if budget is not None else None
        )
        legal = set(observation.legal_actions)
        samples: dict[Action, list[float]] = {}
        solved: dict[tuple[tuple[int, ...], tuple[int, ...]], dict[Action, float]] = {}
        counted = 0
        solving = 0.0  # the time spent solving worlds, for the time one more would take
        while counted < max_worlds:
            now = time.monotonic()
            # After the first world, start another only if it should end by the deadline.
            if deadline is not None and counted and now + solving / len(solved) > deadline:
                break
            world = draw()
            values = solved.get(world)
            if values is None:
                state = world_state(observation, inference, *world)
                actions = rules.distinct_actions(
                    [a for a in candidate_actions(state) if a in legal], observation.table
                )
                # The first world is valued by the deadline even where one world is more than
                # the budget can solve (many moves, long hands): each move gets an equal share
                # of the time left. A later world that the deadline cuts short (its last moves
                # valued shallower than its first) is not counted: the move is over.
                first = not solved
                values = {}
                if search_hints(rules).rollouts:
                    # Each world played out once per move, its seats by the game's heuristic,
                    # whose choices are the same for the same world.
                    play_rng = random.Random(hash(world))
                    for i, action in enumerate(actions):
                        values[action] = rollout_value(
                            state,
                            action,
                            side,
                            play_rng,
                            deadline=_share(deadline, first, actions, i),
                        )
                elif deadline is None:
                    solver = make_solver(rules, side)
                    for action in actions:
                        values[action] = solver.action_value(state, action, max_nodes=nodes)
                else:
                    solver = make_solver(rules, side)
                    for i, action in enumerate(actions):
                        values[action] = solver.action_value(
                            state,
                            action,
                            max_nodes=nodes,
                            deadline=_share(deadline, first, actions, i),
                        )
                if not first and deadline is not None and time.monotonic() >= deadline:
                    break
                solved[world] = values
                solving += time.monotonic() - now
            for action, value in values.items():
                samples.setdefault(action, []).append(value)
            counted += 1
        self.last_worlds = counted
        return samples

    def _own_player(self, rules: GameRules) -> GamePlayer | None:
        """The game's own player at this level where the line search does not play the game
        (:class:`~boneyard.core.capabilities.OwnPlayers`), made once per rules."""
        if self._own is None or self._own[0] is not rules:
            own = (
                rules.level_player(self.name, self.budget)
                if isinstance(rules, OwnPlayers)
                else None
            )
            self._own = (rules, own)
        return self._own[1]

    def _world_source(
        self,
        observation: Observation,
        inference: Inference,
        rng: random.Random,
        deadline: float | None = None,
    ) -> Callable[[], tuple[tuple[int, ...], tuple[int, ...]]]:
        """Where the worlds come from: uniform samples, or draws by weight from a pool of
        uniform candidates when the other seats' plays say something."""
        if self.model is not None:
            likelihood = PlayLikelihood.from_observation(observation, self.model)
            if likelihood.decisions:
                pool, cum = weighted_worlds(inference, likelihood, rng, self.candidates, deadline)
                top = cum[-1]
                return lambda: pool[bisect_right(cum, rng.random() * top)]
        return lambda: inference.sample(rng)

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        own = self._own_player(observation.rules)
        if own is not None:
            return own.choose(observation, rng)
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


def _share(deadline: float | None, first: bool, actions: list[Action], i: int) -> float | None:
    """The time by which move ``i`` of a world's ``actions`` is to be valued: in the first world
    an equal share of the time left to each move not yet valued, in later worlds the deadline."""
    if deadline is None or not first:
        return deadline
    at = time.monotonic()
    return at + max(0.0, deadline - at) / (len(actions) - i)


def make_level(level: str) -> ExpertAgent:
    """The search agent at a difficulty level: ``beginner``, ``casual``, ``strong``, ``expert``."""
    budget, worlds, nodes, noise = LEVELS[level]
    return ExpertAgent(level, budget, worlds, nodes, noise, pure_limits=PURE_LIMITS[level])
