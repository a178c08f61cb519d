"""The ``learned`` player: a policy-and-value network trained by self-play, played with NumPy alone.

The network (trained by ``examples/train_learned.py``, docs/research.md "A learned player") reads
the research encoding, :class:`~boneyard.research.env.encoding.Codec`'s observation vector, the one
the environments give, clipped to ``[-clip, clip]``; two hidden layers of tanh units; a policy head
scoring every action id, of which only the legal ones (the action mask) count; and a value head,
which playing does not need. The agent plays the legal action of the highest score, or, at a
``temperature`` above 0, draws one from the softmax of the legal scores divided by it, with the
seeded generator boneyard gives every agent (so a seeded game is replayed exactly)::

    boneyard tournament block --agents learned,greedy
    boneyard tournament block --agents 'boneyard.research.learned:LearnedAgent(temperature=0.5)'

Its weights are package data: one ``.npz`` file per game and table size it was trained for, in
``weights/``, named ``<game id>-<players>.npz`` and saved by
:func:`~boneyard.research.env.policy.save_policy` (the arrays with the encoding version, the rule
set and the sizes they were trained with). It refuses any other game or table size with a
:class:`LearnedError` naming the ones it plays. Building the vector needs no compiled core: it
plays in pure Python too.

>>> import random
>>> from boneyard.core.match import Match
>>> from boneyard.research.env import make_rules
>>> state = Match(make_rules("block", players=2), seed=3).hand
>>> LearnedAgent().choose(state.observation(state.turn), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import functools
import random
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.actions import Action
from ...core.protocol import GameRules, Observation
from ..env.encoding import Mask, Vector
from ..env.policy import PolicyAgent, PolicyError, SavedPolicy, load_policy

__all__ = ["LearnedAgent", "LearnedError", "Network", "trained_for"]

Array = npt.NDArray[np.float32]


class LearnedError(PolicyError):
    """A game or table size the learned player has no weights for, or weights it cannot read."""


def _weights_folder() -> Any:
    return resources.files(__package__) / "weights"


def trained_for() -> dict[tuple[str, int], str]:
    """The games the learned player plays: ``(game id, players)`` to the weights file's name."""
    out: dict[tuple[str, int], str] = {}
    for entry in _weights_folder().iterdir():
        stem, dot, ext = entry.name.rpartition(".")
        game, dash, players = stem.rpartition("-")
        if dot and ext == "npz" and dash and players.isdigit():
            out[(game, int(players))] = entry.name
    return dict(sorted(out.items()))


@functools.cache
def _saved(name: str) -> SavedPolicy:
    """A weights file, read once per process (every agent made after shares its arrays)."""
    with resources.as_file(_weights_folder() / name) as path:
        return load_policy(path)


class Network:
    """The NumPy forward pass of the trained network: ``layers`` (weights of shape (in, out),
    bias) with tanh between them, then the policy head ``(wp, bp)``.

    >>> net = Network([(np.eye(2, dtype=np.float32), np.zeros(2, np.float32))],
    ...               (np.array([[1, 0], [0, 2]], np.float32), np.zeros(2, np.float32)), clip=5.0)
    >>> [round(float(s), 4) for s in net.scores(np.array([0.0, 1.0], np.float32))]
    [0.0, 1.5232]
    """

    def __init__(
        self,
        layers: list[tuple[Array, Array]],
        head: tuple[Array, Array],
        clip: float,
        temperature: float = 0.0,
    ) -> None:
        self.layers = layers
        self.head = head
        self.clip = float(clip)
        self.temperature = float(temperature)

    @classmethod
    def from_arrays(
        cls, arrays: dict[str, npt.NDArray[Any]], clip: float, temperature: float = 0.0
    ) -> Network:
        """The network of a saved file's arrays: ``w1, b1, w2, b2...`` and ``wp, bp``."""
        layers = []
        k = 1
        while f"w{k}" in arrays:
            layers.append(
                (np.asarray(arrays[f"w{k}"], np.float32), np.asarray(arrays[f"b{k}"], np.float32))
            )
            k += 1
        head = (np.asarray(arrays["wp"], np.float32), np.asarray(arrays["bp"], np.float32))
        return cls(layers, head, clip, temperature)

    def scores(self, vector: Vector) -> Array:
        """Every action id's score (the policy's logits) for one observation vector."""
        h = np.clip(np.asarray(vector, np.float32), -self.clip, self.clip)
        for w, b in self.layers:
            h = np.tanh(h @ w + b)
        w, b = self.head
        out: Array = h @ w + b
        return out

    def __call__(self, vector: Vector, mask: Mask, rng: random.Random) -> int:
        """The id to play: the best legal score, or a draw at the temperature."""
        legal = np.flatnonzero(mask)
        values = self.scores(vector)[legal].astype(np.float64)
        if self.temperature <= 0:
            return int(legal[int(np.argmax(values))])
        p = np.exp((values - values.max()) / self.temperature)
        cdf = np.cumsum(p / p.sum())
        return int(legal[min(int(np.searchsorted(cdf, rng.random())), len(legal) - 1)])


class LearnedAgent:
    """The agent ``learned``: the trained network of the observation's game and table size
    (loaded once, at its first move there). ``temperature`` 0 (the default) plays the most
    probable legal action; above 0 it samples."""

    name = "learned"

    def __init__(self, temperature: float = 0.0) -> None:
        if temperature < 0:
            raise ValueError(f"temperature: {temperature} is below 0")
        self.temperature = float(temperature)
        self._agents: dict[tuple[str, int], PolicyAgent] = {}

    def _agent(self, rules: GameRules) -> PolicyAgent:
        key = (rules.game.id, rules.players)
        agent = self._agents.get(key)
        if agent is None:
            files = trained_for()
            if key not in files:
                plays = ", ".join(f"{g} ({n} players)" for g, n in files)
                raise LearnedError(
                    f"the learned player has no weights for {key[0]} with {key[1]} players: it "
                    f"plays {plays}"
                )
            saved = _saved(files[key])
            meta = saved.meta
            network = Network.from_arrays(saved.arrays, meta["clip"], self.temperature)
            agent = PolicyAgent(
                network,
                self.name,
                game=meta["game"],
                observation_size=meta["observation_size"],
                num_actions=meta["num_actions"],
            )
            self._agents[key] = agent
        return agent

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        return self._agent(observation.rules).choose(observation, rng)
