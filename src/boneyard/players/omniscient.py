"""The ``omniscient`` reference bot. IT CHEATS: it reads the true state, every hidden tile.

It plays the exact perfect-information solver (:mod:`boneyard.players.search.solver`) on the whole
:class:`~boneyard.core.protocol.GameState`: every hand and the stock in draw order. It exists for
analysis and as the upper bound in benchmarks ("how far is a fair agent from one that sees
everything"), and is never offered as an opponent for people.

It does not follow the fair :class:`~boneyard.players.agents.Agent` pipeline: an observation does
not hold the hidden tiles, so :meth:`OmniscientAgent.choose` raises :class:`NeedsTrueState` unless
the agent was bound to a source of the true state with :meth:`OmniscientAgent.bind`. The usual call
is :meth:`OmniscientAgent.choose_state`. It is deliberately not in the
:data:`~boneyard.players.agents.AGENTS` registry (which has no way to mark an agent as not for
people), so ``make_agent("omniscient")`` fails and no fair pipeline can pick it by name.

>>> import random
>>> from boneyard.games import get_game
>>> from boneyard.players.agents import GreedyAgent
>>> rules = get_game("block").configure(players=2)
>>> state = play_hand_omniscient(rules, [OmniscientAgent(), GreedyAgent()], random.Random(3))
>>> state.over
True
>>> OmniscientAgent().choose(state.observation(0), random.Random(1))
Traceback (most recent call last):
...
boneyard.players.omniscient.NeedsTrueState: the omniscient agent cheats: it needs the true state...
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from ..core.actions import Action
from ..core.kernel import CompiledSolver
from ..core.match import Match
from ..core.protocol import GameRules, GameState, Observation
from .agents import Agent
from .search.solver import Solver, make_solver

__all__ = [
    "NeedsTrueState",
    "OmniscientAgent",
    "choose_action",
    "play_hand_omniscient",
]


class NeedsTrueState(RuntimeError):
    """The omniscient agent was asked to choose from an observation alone."""


class OmniscientAgent:
    """CHEATING reference bot: the exact solver on the true state.

    ``max_nodes`` and ``budget`` (seconds per move) bound each search; without either every move
    is solved exactly (fast for two-player games without a big stock; slow for four players with
    seven tiles each, or big stocks). Among equally good moves it takes the first in the solver's
    order, so it is deterministic.
    """

    name = "omniscient"
    cheating = True  # sees hidden tiles: never a fair opponent

    def __init__(
        self,
        *,
        max_nodes: int | None = None,
        budget: float | None = None,
        state_provider: Callable[[], GameState] | None = None,
    ) -> None:
        self.max_nodes = max_nodes
        self.budget = budget
        self._provider = state_provider
        self._solver: Solver | CompiledSolver | None = None
        self._deal: tuple[int, ...] | None = None
        self.last_complete = True  # whether the last move was solved exactly

    @classmethod
    def bind(
        cls,
        state_provider: Callable[[], GameState],
        *,
        max_nodes: int | None = None,
        budget: float | None = None,
    ) -> OmniscientAgent:
        """An omniscient agent that reads the true state from ``state_provider`` whenever
        :meth:`choose` is called (so it can stand in a loop written for observations)."""
        return cls(max_nodes=max_nodes, budget=budget, state_provider=state_provider)

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """Only for a bound agent: the true state's best action. Unbound, this raises
        :class:`NeedsTrueState`: an observation does not hold the hidden tiles."""
        if self._provider is None:
            raise NeedsTrueState(
                "the omniscient agent cheats: it needs the true state, not an observation; "
                "call choose_state(state, rng) or bind it with OmniscientAgent.bind(provider)"
            )
        state = self._provider()
        if state.turn != observation.seat or state.over != observation.over:
            raise NeedsTrueState(
                f"the bound state is not the observed position (seat {observation.seat} "
                f"observes, seat {state.turn} is to move in the bound state)"
            )
        return self.choose_state(state, rng)

    def choose_state(self, state: GameState, rng: random.Random) -> Action:
        """The best action for the seat to move, solving the true ``state``."""
        legal = state.legal_tuple()
        if not legal:
            raise ValueError("the hand is over: there is nothing to choose")
        if len(legal) == 1:
            return legal[0]
        side = state.rules.side_of[state.turn]
        solver = self._solver
        if (
            solver is None
            or solver.rules is not state.rules
            or solver.side != side
            or self._deal != state.deal
        ):
            # A new hand (or seat): a fresh table. Within a hand the table carries over.
            solver = self._solver = make_solver(state.rules, side)
            self._deal = state.deal
        deadline = time.monotonic() + self.budget if self.budget is not None else None
        result = solver.solve(state, max_nodes=self.max_nodes, deadline=deadline)
        self.last_complete = result.complete
        assert result.best_action is not None
        return result.best_action


def choose_action(agent: Agent | OmniscientAgent, state: GameState, rng: random.Random) -> Action:
    """The action of ``agent`` for the seat to move: the omniscient agent gets the true state,
    every fair agent only that seat's observation. Drop-in for a simulation loop."""
    if isinstance(agent, OmniscientAgent):
        return agent.choose_state(state, rng)
    return agent.choose(state.observation(state.turn), rng)


def play_hand_omniscient(
    rules: GameRules,
    agents: Sequence[Agent | OmniscientAgent],
    rng: random.Random,
    state: GameState | None = None,
) -> GameState:
    """Play one hand to its end, one agent per seat, and return the finished state.

    The hand is ``state`` if given (played on in place), else the first hand of a new
    :class:`~boneyard.core.match.Match` dealt from ``rng``, as
    :func:`boneyard.research.sim.simulate` deals it. Omniscient seats see the state; the others see
    their observations.
    """
    if len(agents) != rules.players:
        raise ValueError(f"{len(agents)} agents for {rules.players} players")
    if state is None:
        state = Match(rules, rng=rng).hand
    while not state.over:
        legal = state.legal_tuple()
        if len(legal) == 1:
            state.apply_fast(legal[0])
            continue
        state.apply_fast(choose_action(agents[state.turn], state, rng))
    return state
