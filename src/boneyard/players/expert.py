"""The ``expert`` agent: sample the hidden tiles, solve each sample, play what does best on average.

For each move it draws worlds consistent with everything its observation shows
(:func:`~boneyard.players.search.inference.determinize`: uniform over the hidden deals under which
every public move was legal), values every candidate move in each world with the perfect-information
solver (:mod:`boneyard.players.search.solver`: exact where the world is small, iterative deepening
to a node limit where it is not), or, where the rules ask for it
(:attr:`~boneyard.core.capabilities.SearchHints.rollouts`: free-for-all games that one player
wins), by playing the world out with the game's own heuristic at every seat
(:mod:`boneyard.players.search.rollout`), and plays the move with the best average value. It sees
only its observation.

The difficulty levels for people (``beginner``, ``casual``, ``strong`` and ``expert``,
:data:`LEVELS`) differ only in their counts (worlds, nodes, playouts, candidate worlds) and in
softmax noise on the averaged values (``noise``, in points), never in what they may see. A level's
move is settled by its counts, its worlds drawn from a seed derived from the position
(:func:`~boneyard.players.search.position.position_seed`), so the same position at the same level
gives the same move on a quiet or a busy machine; time is only a safety cap that the counts do
not reach. An agent made with a ``budget`` and no count of work spends the budget instead (the
expert before issue 34, kept for the benchmarks' comparisons at equal time).

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
from typing import NamedTuple

from ..core import kernel
from ..core.actions import Action
from ..core.capabilities import OwnPlayers
from ..core.protocol import GamePlayer, GameRules, Observation
from .search.hints import search_hints
from .search.inference import Inference, world_state
from .search.model import PlayLikelihood, PlayModel, weighted_worlds
from .search.position import position_seed
from .search.rollout import rollout_value
from .search.solver import candidate_actions, make_solver

__all__ = ["DEFAULT_MODEL", "LEVELS", "ExpertAgent", "Level", "make_level"]

# The default assumption about how the other players choose (see boneyard.players.search.model).
DEFAULT_MODEL = PlayModel()


# The levels' counts (see docs/ai.md, "The levels"): what settles a move. Measured on the 2-core
# reference machine; "cap" is a safety in seconds that the default levels do not reach there,
# busy or not, so the same position at the same level gives the same move.
class Level(NamedTuple):
    """A difficulty level of the search player: its counts, its noise and its safety cap.

    ``worlds``: worlds solved at most; ``nodes``: nodes a move's value in one world at most;
    ``work``: solver nodes a move in all (worlds stop being added once it is passed; the first
    is always solved); ``playouts``: the same where the game values moves by rollouts (moves
    played); ``candidates``: the uniform worlds the play model's draw picks from; ``noise``:
    softmax noise on the averaged values, in points; ``pure``: ``(worlds, nodes, work)`` where
    the pure-Python solver runs (about a fiftieth of the compiled one's speed); ``cpu_cap``:
    seconds of processor time after which no other world is started, and ``cap``: seconds on
    the clock by which every part of the move stops, two safeties only, far above what the
    counts take (a busy machine stretches the clock, never the processor time)."""

    worlds: int
    nodes: int
    work: int
    playouts: int
    candidates: int
    noise: float
    pure: tuple[int, int, int]
    cpu_cap: float
    cap: float


LEVELS: dict[str, Level] = {
    "beginner": Level(4, 300, 50_000, 1_000, 200, 6.0, (4, 300, 3_000), 1.0, 10.0),
    "casual": Level(8, 1_000, 200_000, 2_000, 500, 2.5, (8, 1_000, 8_000), 1.0, 10.0),
    "strong": Level(320, 16_000, 400_000, 4_000, 2_500, 0.0, (32, 4_000, 12_000), 3.0, 60.0),
    "expert": Level(2_000, 20_000, 1_500_000, 15_000, 8_000, 0.0, (200, 8_000, 40_000), 5.0, 60.0),
}


class ExpertAgent:
    """Determinization with the exact solver (see the module docstring).

    ``model`` is the assumed way other players choose their plays
    (:class:`~boneyard.players.search.model.PlayModel`; ``None`` samples worlds uniformly): worlds
    are drawn from ``candidates`` uniform ones (by default as many as a tenth of the budget can
    sample) in proportion to how likely the other seats' plays were in each. ``worlds`` and
    ``nodes`` are the caps with the compiled solver (:mod:`boneyard.core.kernel`); ``work`` caps
    the solver's nodes a move in all, ``playouts`` the moves played where the game values moves
    by rollouts (``None``: no such count); ``pure_limits``, ``(worlds, nodes)`` or ``(worlds,
    nodes, work)``, replaces them where the pure-Python solver runs (``None``: the same).
    ``budget`` is seconds a move: a budget spent to the end where no count binds first, a
    safety cap where the counts do (the levels); ``cpu_cap``, seconds of this thread's processor
    time after which no other world is started, is the levels' other safety, which a busy
    machine does not bring nearer. ``seeded``: each move's worlds are drawn from
    a seed derived from the position (:func:`~boneyard.players.search.position.position_seed`),
    not from the generator passed in, so the same position gives the same move.
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
        pure_limits: tuple[int, int] | tuple[int, int, int] | None = None,
        work: int | None = None,
        playouts: int | None = None,
        seeded: bool = False,
        cpu_cap: float | None = None,
    ) -> None:
        self.name = name
        self.budget = budget
        self.worlds = worlds
        self.nodes = nodes
        self.noise = noise
        self.model = model
        self.pure_limits = pure_limits
        self.work = work
        self.playouts = playouts
        self.seeded = seeded
        self.cpu_cap = cpu_cap
        # Uniform candidates for the weighted draw: about a tenth of the budget (10 µs each);
        # without a budget, 25 for each world solved.
        if candidates is None:
            wanted = budget * 10_000 if budget is not None else 25 * worlds
            candidates = int(min(8_000, max(200, wanted)))
        self.candidates = candidates
        # How many worlds the last call of values() averaged over, and the work it did (solver
        # nodes, or moves played in rollouts): benchmarks report them.
        self.last_worlds = 0
        self.last_work = 0
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
        (``GameRules.distinct_actions``). Worlds are solved until ``worlds`` of them, or until
        the ``work`` (``playouts``) is passed: counts, so where the ``budget`` (then a cap) is
        not reached the values depend only on the observation and ``rng``; with ``budget``
        ``None`` there is no clock at all (the analysis). Where the line search does not play
        the game, its own player at this level values the moves (``level_player``)."""
        own = self._own_player(observation.rules)
        if own is not None:
            return own.world_values(observation, rng)
        start = time.monotonic()
        cpu = time.thread_time()
        budget = self.budget
        deadline = start + budget if budget is not None else None
        rules = observation.rules
        max_worlds, nodes, work_limit = self.worlds, self.nodes, self.work
        if self.pure_limits is not None and not kernel.supports(rules):
            max_worlds, nodes = self.pure_limits[:2]
            if len(self.pure_limits) == 3:
                work_limit = self.pure_limits[2]
        rollouts = search_hints(rules).rollouts
        if rollouts:
            work_limit = self.playouts
        # The time, shared out (see docs/ai.md, "Keeping to the budget"), where it is a budget
        # (no count of work): the exact count of the hidden deals until half the budget (then
        # its approximation), the pool of uniform worlds until a tenth (at least 20 worlds),
        # the worlds solved until the deadline. Where counts settle the move (the levels) every
        # part has the whole cap, which they are not to reach.
        counted_work = work_limit is not None
        inference = Inference.from_observation(
            observation, deadline if counted_work or budget is None else start + budget / 2
        )
        draw = self._world_source(
            observation,
            inference,
            rng,
            deadline if counted_work or budget is None else start + budget / 10,
        )
        legal = set(observation.legal_actions)
        samples: dict[Action, list[float]] = {}
        solved: dict[tuple[tuple[int, ...], tuple[int, ...]], dict[Action, float]] = {}
        counted = 0
        work = [0]  # solver nodes, or moves played in rollouts, over the worlds solved
        solving = 0.0  # the time spent solving worlds, for the time one more would take
        while counted < max_worlds:
            # The counts settle the move: no other world once the work is done.
            if counted and work_limit is not None and work[0] >= work_limit:
                break
            # The processor-time cap (a safety the levels' counts do not reach: a busy machine
            # does not move it, only work beyond the counts' measure would).
            if counted and self.cpu_cap is not None and time.thread_time() - cpu > self.cpu_cap:
                break
            now = time.monotonic()
            # After the first world, start another only if it should end by the deadline.
            if deadline is not None and counted and now + solving / len(solved) > deadline:
                break
            world = draw()
            values = solved.get(world)
            if values is None:
                # The first world is valued by the deadline even where one world is more than
                # the budget can solve (many moves, long hands): each move gets an equal share
                # of the time left. A later world that the deadline cuts short (its last moves
                # valued shallower than its first) is not counted: the move is over.
                first = not solved
                values = _value_world(
                    observation, inference, world, legal, nodes, rollouts, deadline, first, work
                )
                if not first and deadline is not None and time.monotonic() >= deadline:
                    break
                solved[world] = values
                solving += time.monotonic() - now
            for action, value in values.items():
                samples.setdefault(action, []).append(value)
            counted += 1
        self.last_worlds = counted
        self.last_work = work[0]
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
        if self.seeded:
            rng = random.Random(position_seed(observation))
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


def _value_world(
    observation: Observation,
    inference: Inference,
    world: tuple[tuple[int, ...], tuple[int, ...]],
    legal: set[Action],
    nodes: int,
    rollouts: bool,
    deadline: float | None,
    first: bool,
    work: list[int],
) -> dict[Action, float]:
    """Each distinct candidate move's value in one ``world`` for the observer's side: solved to
    ``nodes`` nodes a move, or (``rollouts``) played out once per move by the game's heuristic;
    the solver's nodes or the rollouts' moves are added to ``work[0]``."""
    rules = observation.rules
    side = rules.side_of[observation.seat]
    state = world_state(observation, inference, *world)
    actions = rules.distinct_actions(
        [a for a in candidate_actions(state) if a in legal], observation.table
    )
    values: dict[Action, float] = {}
    if rollouts:
        # Each world played out once per move, its seats by the game's heuristic, whose choices
        # are the same for the same world.
        play_rng = random.Random(hash(world))
        for i, action in enumerate(actions):
            values[action] = rollout_value(
                state,
                action,
                side,
                play_rng,
                deadline=_share(deadline, first, actions, i),
                work=work,
            )
        return values
    solver = make_solver(rules, side)
    for i, action in enumerate(actions):
        if deadline is None:
            values[action] = solver.action_value(state, action, max_nodes=nodes)
        else:
            values[action] = solver.action_value(
                state, action, max_nodes=nodes, deadline=_share(deadline, first, actions, i)
            )
        work[0] += solver.nodes
    return values


def _share(deadline: float | None, first: bool, actions: list[Action], i: int) -> float | None:
    """The time by which move ``i`` of a world's ``actions`` is to be valued: in the first world
    an equal share of the time left to each move not yet valued, in later worlds the deadline."""
    if deadline is None or not first:
        return deadline
    at = time.monotonic()
    return at + max(0.0, deadline - at) / (len(actions) - i)


def make_level(level: str, *, cap: float | None = None) -> ExpertAgent:
    """The search agent at a difficulty level: ``beginner``, ``casual``, ``strong``, ``expert``:
    its counts (:data:`LEVELS`), its worlds seeded from the position, its time only a cap
    (``cap`` seconds replaces the level's: the tests keep them short)."""
    lv = LEVELS[level]
    return ExpertAgent(
        level,
        lv.cap if cap is None else cap,
        lv.worlds,
        lv.nodes,
        lv.noise,
        candidates=lv.candidates,
        pure_limits=lv.pure,
        work=lv.work,
        playouts=lv.playouts,
        seeded=True,
        cpu_cap=lv.cpu_cap,
    )
