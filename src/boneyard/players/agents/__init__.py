"""Agents: programs that choose an action from an observation.

Every agent follows the :class:`Agent` protocol: it is given one seat's
:class:`~boneyard.core.protocol.Observation` (never the state) and a seeded random generator, and
returns one of the observation's legal actions.

The agents: ``random`` (any legal action), ``greedy`` (the heaviest tile), ``counting`` (the most
points now, in the counting games), ``accompanied`` (the tile whose numbers you hold most of), and
the games' own players, which each game lists (:meth:`~boneyard.core.game.Game.agents`): the
strategy agents of RULES.md §6, ``matador`` (:mod:`boneyard.games.matador.players`), ``whist``
(:mod:`boneyard.games.whist.players`, the lead signal) and ``pool``
(:mod:`boneyard.games.pool.players`), and the trick games' own (``texas``, ``moon``...). Every agent
plays every game legally.

>>> make_agent("greedy").name
'greedy'
>>> [a for a in sorted(AGENTS) if a in ("random", "greedy", "beginner", "expert", "matador")]
['beginner', 'expert', 'greedy', 'matador', 'random']
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ...core.actions import Action, Muggins, Play
from ...core.game import Game
from ...core.protocol import GameRules, Observation
from ...core.tiles import HIGH, LOW, PIPS
from ...games import GAMES

__all__ = [
    "AGENTS",
    "AccompaniedAgent",
    "Agent",
    "CountingAgent",
    "FamilyAgent",
    "GameAgent",
    "GreedyAgent",
    "RandomAgent",
    "make_agent",
    "play_points",
    "resolve_agent",
]


@runtime_checkable
class Agent(Protocol):
    """An observation in, an action out; randomness only from the generator passed in."""

    name: str

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """Return one of ``observation.legal_actions``."""
        ...


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        n = len(legal)
        return legal[int(rng.random() * n)] if n > 1 else legal[0]


def play_points(observation: Observation, action: Play) -> int:
    """What ``action`` would score at once in a counting game (0 elsewhere), from public facts."""
    return observation.rules.play_points(observation.table, action)


def _claimed(observation: Observation, action: Action) -> Action:
    """Where scores must be claimed: ``action`` with the correct claim (a computer player never
    misses its points nor claims wrongly)."""
    if type(action) is not Play or not observation.rules.claims:
        return action
    points = play_points(observation, action)
    wanted = Play(action.tile, action.end, action.open, points if points else None)
    return wanted if wanted in observation.legal_actions else action


def _muggins(observation: Observation) -> Action | None:
    """A muggins call when one is open (the previous player left a count unclaimed)."""
    for a in observation.legal_actions:
        if type(a) is Muggins:
            return a
    return None


class GreedyAgent:
    """Plays its heaviest legal tile (the higher half breaks ties); draws or passes only when it
    must. Where scores are claimed it claims correctly and calls muggins."""

    name = "greedy"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        call = _muggins(observation) if observation.rules.claims else None
        if call is not None:
            return call
        best: Action = legal[0]
        best_key = (-1, -1)
        for a in legal:
            if type(a) is Play and a.claim is None:
                key = (PIPS[a.tile], HIGH[a.tile])
                if key > best_key:
                    best, best_key = a, key
        return _claimed(observation, best)


class CountingAgent:
    """For the counting games: plays what scores most now, then its heaviest tile; claims correctly
    and calls muggins on a missed count. Elsewhere it plays like ``greedy``."""

    name = "counting"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        call = _muggins(observation) if observation.rules.claims else None
        if call is not None:
            return call
        best: Action = legal[0]
        best_key = (-1, -1, -1)
        for a in legal:
            if type(a) is Play and a.claim is None:
                key = (play_points(observation, a), PIPS[a.tile], HIGH[a.tile])
                if key > best_key:
                    best, best_key = a, key
        return _claimed(observation, best)


class AccompaniedAgent:
    """The "most-accompanied tile" heuristic: play the tile whose numbers you hold most of (the
    other tiles of your hand sharing a number with it), so that you keep tiles for the ends you
    make; the heavier tile breaks ties. Claims correctly and calls muggins where scores are
    claimed."""

    name = "accompanied"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        call = _muggins(observation) if observation.rules.claims else None
        if call is not None:
            return call
        hand = observation.hand
        suits = observation.rules.tiles.suit_mask
        best: Action = legal[0]
        best_key = (-1, -1, -1)
        for a in legal:
            if type(a) is Play and a.claim is None:
                t = a.tile
                others = hand & ~(1 << t)
                company = (others & (suits[HIGH[t]] | suits[LOW[t]])).bit_count()
                key = (company, PIPS[t], HIGH[t])
                if key > best_key:
                    best, best_key = a, key
        return _claimed(observation, best)


AGENTS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "counting": CountingAgent,
    "accompanied": AccompaniedAgent,
}


@runtime_checkable
class FamilyAgent(Agent, Protocol):
    """A game's own player that reads other games too (a line game's heuristic reads every line
    game): ``reads(rules)`` says which."""

    def reads(self, rules: GameRules) -> bool:
        """Whether this agent plays the game of ``rules`` by its own reading."""
        ...


class GameAgent:
    """A game's own player (:meth:`~boneyard.core.game.Game.agents`): it plays its game and those
    it reads (a :class:`FamilyAgent`), and any other like ``greedy``."""

    def __init__(self, game: Game, agent: Agent) -> None:
        self.game = game
        self.agent = agent
        self.name = agent.name
        self._reads = agent.reads if isinstance(agent, FamilyAgent) else None

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        # The game's class, not the instance: rules sent to a worker process (the server's
        # computer players, parallel runs) arrive with a copy of their game.
        rules = observation.rules
        if type(rules.game) is not type(self.game) and not (
            self._reads is not None and self._reads(rules)
        ):
            return GreedyAgent().choose(observation, rng)
        return self.agent.choose(observation, rng)


def _own_agent(game: Game, make: Callable[[], Agent]) -> Callable[[], Agent]:
    return lambda: GameAgent(game, make())


for _game in GAMES.values():
    for _agent_name, _make in _game.agents().items():
        AGENTS[_agent_name] = _own_agent(_game, _make)


def _level(level: str) -> Callable[[], Agent]:
    def make() -> Agent:
        from ..expert import make_level  # the search stack loads only when a search agent is made

        return make_level(level)

    return make


# The search agent (determinization + the exact solver) at four difficulty levels for people; the
# levels differ in their counts (worlds, nodes) and noise, never in what they may see.
for _name in ("beginner", "casual", "strong", "expert"):
    AGENTS[_name] = _level(_name)


def make_agent(name: str) -> Agent:
    """A new agent by name: a built-in agent, an installed plug-in (entry point group
    ``boneyard.agents``) or an import path with arguments (``mypkg.agents:load(path=p.npz)``; see
    :mod:`boneyard.players.agents.plugins`). An unknown name, or a plug-in that fails, is an
    :class:`~boneyard.players.agents.plugins.AgentError` (an :class:`OptionError`) of one line."""
    factory = AGENTS.get(name)
    if factory is not None:
        return factory()
    from .plugins import load

    return load(name)


def resolve_agent(name: str) -> str:
    """An agent name checked (the agent starts) and written as it travels to worker processes and
    Ray workers: a plug-in's arguments naming files made absolute
    (:func:`boneyard.players.agents.plugins.resolve`); an :class:`OptionError` of one line
    otherwise."""
    name = name.strip()
    if name in AGENTS:
        return name
    from .plugins import resolve

    return resolve(name)
