"""Agents: programs that choose an action from an observation.

Every agent follows the :class:`Agent` protocol: it is given one seat's
:class:`~boneyard.state.Observation` (never the state) and a seeded random generator, and returns
one of the observation's legal actions.

>>> make_agent("greedy").name
'greedy'
>>> sorted(AGENTS)
['greedy', 'random']
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ..actions import Action, Play
from ..options import OptionError
from ..state import Observation
from ..tiles import HIGH, PIPS

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]


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


class GreedyAgent:
    """Plays its heaviest legal tile (the higher half breaks ties); draws or passes only when it
    must."""

    name = "greedy"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        best: Action = legal[0]
        best_key = (-1, -1)
        for a in legal:
            if type(a) is Play:
                key = (PIPS[a.tile], HIGH[a.tile])
                if key > best_key:
                    best, best_key = a, key
        return best


AGENTS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def make_agent(name: str) -> Agent:
    """A new agent by name; :class:`OptionError` listing the known agents otherwise."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise OptionError(f"unknown agent {name!r}: choose from {', '.join(AGENTS)}") from None
    return factory()
