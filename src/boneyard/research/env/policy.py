"""Policies learned in the research interfaces, as boneyard agents.

A *policy* is a function from the research encoding (:mod:`boneyard.research.env.encoding`) to an
action id: ``policy(observation_vector, action_mask)`` or, to draw from boneyard's seeded
generator, ``policy(observation_vector, action_mask, rng)``. :class:`PolicyAgent` turns it into an
:class:`~boneyard.players.agents.Agent`, so a policy trained in the Gymnasium, PettingZoo or
OpenSpiel environment plays ``boneyard play``, ``simulate``, ``tournament`` and the server's tables.

A policy is saved with the encoding it learned (:func:`save_policy`: the arrays, the game, the
sizes and :data:`~boneyard.research.env.encoding.ENCODING_VERSION`), and :func:`load_policy`
refuses a file of another encoding version. :func:`linear` is a ready plug-in for the commonest
saved policy, a linear scorer of the legal ids (``weights`` of shape (actions, observation),
``bias``)::

    boneyard tournament block --agents 'boneyard.research.env.policy:linear(path=block.npz),greedy'

>>> import numpy as np
>>> from boneyard.core.match import Match
>>> from boneyard.research.env import make_rules
>>> agent = PolicyAgent(lambda vec, mask: int(np.flatnonzero(mask)[0]), name="first")
>>> state = Match(make_rules("block", players=2), seed=1).hand
>>> agent.choose(state.observation(state.turn), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ... import __version__
from ...core.actions import Action
from ...core.protocol import GameRules, Observation
from . import make_rules
from .encoding import ENCODING_VERSION, Codec, Mask, Vector

__all__ = [
    "LinearPolicy",
    "Policy",
    "PolicyAgent",
    "PolicyError",
    "SavedPolicy",
    "linear",
    "load_policy",
    "save_policy",
]

Policy = Callable[..., Any]
"""``policy(observation_vector, action_mask[, rng]) -> action id``."""

_META = "__boneyard__"


class PolicyError(ValueError):
    """A policy that cannot play: a file of another encoding, a game it was not trained for, an
    id that is not legal."""


class PolicyAgent:
    """An agent that asks ``policy`` for an action id at every choice (a forced move is made
    without asking). ``game``/``observation_size``/``num_actions``, when given, are checked against
    the position's encoding: a policy trained for one game or table size is not played at
    another. An id that is not legal is a :class:`PolicyError` naming the legal ones."""

    def __init__(
        self,
        policy: Policy,
        name: str = "policy",
        *,
        game: str | None = None,
        observation_size: int | None = None,
        num_actions: int | None = None,
    ) -> None:
        self.policy = policy
        self.name = name
        self.game = game
        self.sizes = (observation_size, num_actions)
        try:
            params = inspect.signature(policy).parameters.values()
            positional = [
                p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            ]
            self.takes_rng = len(positional) >= 3 or any(p.kind == p.VAR_POSITIONAL for p in params)
        except (TypeError, ValueError):
            self.takes_rng = False
        self._codec: Codec | None = None

    def codec(self, rules: GameRules) -> Codec:
        """The encoding of ``rules`` (made once per rule set played), checked against the
        policy's."""
        codec = self._codec
        if codec is None or codec.rules is not rules:
            codec = Codec(rules)
            # Which game the rules are, against the one the policy learned (no game singled out).
            playing = rules.game.id
            if self.game not in (None, playing):
                raise PolicyError(
                    f"policy {self.name!r} was trained for {self.game}, not {playing}"
                )
            found = (codec.observation_size, codec.num_actions)
            for want, got, what in zip(self.sizes, found, ("observation", "action"), strict=True):
                if want is not None and want != got:
                    raise PolicyError(
                        f"policy {self.name!r} has a {what} size of {want}, but "
                        f"{rules.describe()} has {got}"
                    )
            self._codec = codec
        return codec

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        codec = self.codec(observation.rules)
        legal = codec.legal_map(observation)
        if len(legal) == 1:
            return next(iter(legal.values()))
        vector = codec.observation_vector(observation)
        mask = codec.action_mask(observation, legal)
        chosen = self.policy(vector, mask, rng) if self.takes_rng else self.policy(vector, mask)
        action = legal.get(int(chosen))
        if action is None:
            raise PolicyError(
                f"policy {self.name!r} chose {int(chosen)} ({codec.action_name(int(chosen))}), "
                f"which is not legal: legal are {sorted(legal)}"
            )
        return action


class SavedPolicy:
    """A saved policy's arrays and what it was trained for (``meta``: ``encoding``, ``game``,
    ``rules``, ``players``, ``options``, ``observation_size``, ``num_actions``, ``boneyard``,
    and anything the trainer added)."""

    def __init__(self, arrays: dict[str, npt.NDArray[Any]], meta: dict[str, Any]) -> None:
        self.arrays = arrays
        self.meta = meta

    def rules(self) -> GameRules:
        """The rule set the policy was trained on."""
        return make_rules(
            self.meta["game"],
            self.meta["rules"],
            players=self.meta["players"],
            **self.meta.get("options", {}),
        )


def save_policy(
    path: str | Path,
    rules: GameRules,
    arrays: Mapping[str, npt.ArrayLike],
    **meta: Any,
) -> Path:
    """Save a policy's ``arrays`` (a NumPy ``.npz`` file) with the encoding it learned: the
    encoding version, the game, rule set, players and options of ``rules``, the sizes, boneyard's
    version, and ``meta`` (any JSON values: how it was trained)."""
    codec = Codec(rules)
    record = {
        "encoding": ENCODING_VERSION,
        "game": rules.game.id,
        "rules": rules.rule_set,
        "players": rules.players,
        "options": rules.options.to_json(),
        "observation_size": codec.observation_size,
        "num_actions": codec.num_actions,
        "boneyard": __version__,
        **meta,
    }
    if _META in arrays:
        raise PolicyError(f"{_META} is the name of the policy's own record")
    out = Path(path)
    payload: dict[str, Any] = {k: np.asarray(v) for k, v in arrays.items()}
    payload[_META] = np.frombuffer(json.dumps(record).encode(), np.uint8)
    with out.open("wb") as f:
        np.savez_compressed(f, **payload)
    return out


def load_policy(path: str | Path) -> SavedPolicy:
    """A policy saved by :func:`save_policy`; :class:`PolicyError` for a file that is not one, or
    one of another encoding version."""
    try:
        with np.load(Path(path), allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except (OSError, ValueError) as e:
        raise PolicyError(f"{path}: not a saved policy ({e})") from None
    raw = arrays.pop(_META, None)
    if raw is None:
        raise PolicyError(f"{path}: not a saved policy (no {_META} record)")
    meta: dict[str, Any] = json.loads(raw.tobytes().decode())
    version = meta.get("encoding")
    if version != ENCODING_VERSION:
        raise PolicyError(
            f"{path} was saved with encoding version {version}; this boneyard reads version "
            f"{ENCODING_VERSION}: train it again"
        )
    return SavedPolicy(arrays, meta)


class LinearPolicy:
    """Scores every id as ``weights @ observation + bias`` and plays the best legal one
    (``temperature > 0``: draws from the softmax of the scores over the legal ids)."""

    def __init__(self, weights: npt.NDArray[Any], bias: npt.NDArray[Any], temperature: float):
        self.weights = np.asarray(weights, np.float32)
        self.bias = np.asarray(bias, np.float32)
        self.temperature = float(temperature)

    def __call__(self, vector: Vector, mask: Mask, rng: random.Random) -> int:
        scores = self.weights @ vector + self.bias
        legal = np.flatnonzero(mask)
        values = scores[legal]
        if self.temperature <= 0:
            return int(legal[int(np.argmax(values))])
        p = np.exp((values - values.max()) / self.temperature)
        p /= p.sum()
        x = rng.random()
        return int(legal[min(int(np.searchsorted(np.cumsum(p), x)), len(legal) - 1)])


def linear(path: str, temperature: float = 0.0, name: str | None = None) -> PolicyAgent:
    """The plug-in factory of a saved linear policy (arrays ``weights`` and ``bias``):
    ``boneyard.research.env.policy:linear(path=block.npz)``; its agent is named after the file."""
    saved = load_policy(path)
    for key in ("weights", "bias"):
        if key not in saved.arrays:
            raise PolicyError(f"{path}: a linear policy has {key!r}")
    meta = saved.meta
    return PolicyAgent(
        LinearPolicy(saved.arrays["weights"], saved.arrays["bias"], temperature),
        name or Path(path).stem,
        game=meta["game"],
        observation_size=meta["observation_size"],
        num_actions=meta["num_actions"],
    )
