"""Batched environments: N tables of one game stepped at once in the compiled core.

One call steps every table: the core decodes each table's action id, plays the seats its
built-in agents hold, deals a table's next hand when one ends, and writes each table's
observation, legal-action mask, rewards, done flag and observed seat into preallocated NumPy
arrays, with no Python object per table. The observation vector and the action ids are exactly
those of the single environments (:class:`boneyard.research.env.encoding.Codec`, encoding version
:data:`~boneyard.research.env.encoding.ENCODING_VERSION`); ``tests/kernel/test_vector.py`` checks
them move for move against the Python encoder (a twin check of the two implementations).

Two faces over one :class:`CoreBatch`:

* :class:`BoneyardVectorEnv`, Gymnasium's vector API (``gymnasium.vector.VectorEnv``): one learner
  seat per table, the other seats played by agents the core plays (``random``, ``greedy``,
  ``counting``, ``accompanied``); the rewards and ``terminated`` of
  :class:`~boneyard.research.env.gymnasium.BoneyardEnv` (``episode="hand"``);
* :class:`SelfPlayBatch`, a multi-agent batch where every seat is the learner's: each table's
  observation is its seat to move's, ``rewards`` one column per seat, as the PettingZoo
  environment gives them.

**Autoreset** (Gymnasium's ``NEXT_STEP``): the step that ends a table's hand returns its last
observation, its rewards and ``done``; the table's next step deals its next hand (its action is not
read) and returns that hand's first observation, with zero rewards.

**Seeds**: table ``i``'s episode ``e`` (its hands counted from 0 since the last ``reset``) is dealt
and played from the stream seeded ``substream(substream(seed, i), e)``
(:mod:`boneyard.core.stream`): the deal is the first hand of ``Match(rules,
rng=Stream(that seed))`` and the agents draw from the same stream after it. A table's hands depend
on the seed and its index only, not on the batch's size.

**An action that is not legal** ends the table's episode: the seat that made it gets
``invalid_penalty`` (the others 0), ``info["invalid"]`` marks the table, and the hand is dealt
again at its next step.

**Where the core does not play**: the batch runs only in the compiled core. Without it
(``BONEYARD_PURE=1``, or no C compiler at install) it raises :class:`BatchUnavailable`, saying so:
use the single environments (:mod:`boneyard.research.env`) there. A game the core does not play
is refused the same way, with the reason. The trick games the core plays (their spec's family:
bidding, trumps and tricks, their own kinds of action) are batched like the line games, their
observations with the fields of a bidding and of the tricks; a trick game's logged move
(:meth:`CoreBatch.log`) is ``(seat, 255, 0, 0, 0, action id)``.

>>> env = BoneyardVectorEnv("block", num_envs=8, opponents="random")  # doctest: +SKIP
>>> obs, info = env.reset(seed=0)  # doctest: +SKIP
>>> obs["observation"].shape == (8, env.codec.observation_size)  # doctest: +SKIP
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from ..core import kernel
from ..core.kernel_spec import TrickKernelSpec
from ..core.protocol import GameRules
from .env import make_rules
from .env.core import codec_layout
from .env.encoding import REWARDS, Codec

__all__ = [
    "AGENTS",
    "BatchUnavailable",
    "BoneyardVectorEnv",
    "CoreBatch",
    "SelfPlayBatch",
    "codec_layout",
]

AGENTS = tuple(kernel.AGENTS)
"""The agents the core plays for the seats that are not the learner's."""


class BatchUnavailable(ValueError):
    """The batch cannot run: the compiled core is not available, or it has no batched step
    functions for the game (the message says which, and why)."""


def _refusal(rules: GameRules, codec: Codec) -> str:
    """Why the core cannot step ``rules`` in batches, or ``""``."""
    where = rules.describe()
    if not kernel.available():
        return (
            f"the batched environments run in the compiled core, which is not available here "
            f"(BONEYARD_PURE=1, or it was not built): use the single environments of "
            f"boneyard.research.env for {where}"
        )
    if not kernel.supports(rules):
        return f"the compiled core does not play {where}"
    # The trick games (the spec's family) number their own kinds of action in the core.
    trick = isinstance(rules.kernel_spec(), TrickKernelSpec)
    if not trick and {"draw", "pass", "muggins"} != {k.name for k in codec.kinds}:
        return f"{where} has kinds of action the core's batch does not number"
    return ""


class CoreBatch:
    """``num_envs`` tables of one rule set in the core, and the arrays it writes.

    ``agents``: per seat, the name of a built-in agent (:data:`AGENTS`) or ``None`` for a
    learner's seat. Arrays (overwritten by every :meth:`reset` and :meth:`step`):
    ``observations`` (tables, observation_size) float32, ``action_masks`` (tables, num_actions)
    int8, ``rewards`` (tables, players) float64, ``dones`` and ``invalid`` (tables,) bool,
    ``seats`` (tables,) int32, the seat each observation is of. ``record``: keep each table's
    moves for :meth:`log` (for tests)."""

    def __init__(
        self,
        rules: GameRules,
        num_envs: int,
        agents: Sequence[str | None],
        *,
        reward: str = "win",
        invalid_penalty: float = -1.0,
        record: bool = False,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}: choose from {', '.join(REWARDS)}")
        if num_envs < 1:
            raise ValueError("a batch has at least one table")
        self.rules = rules
        self.reward = reward
        self.codec = codec = Codec(rules)
        why = _refusal(rules, codec)
        if why:
            raise BatchUnavailable(why)
        n = rules.players
        if len(agents) != n:
            raise ValueError(f"agents: {len(agents)} given for {n} seats")
        unknown = [a for a in agents if a is not None and a not in kernel.AGENTS]
        if unknown:
            raise ValueError(
                f"the core plays the agents {', '.join(AGENTS)}, not {', '.join(map(str, unknown))}"
            )
        learners = [s for s, a in enumerate(agents) if a is None]
        if not learners:
            raise ValueError("no learner's seat: give None for the seats the learner plays")
        self.num_envs = num_envs
        self.players = n
        self.observations = np.zeros((num_envs, codec.observation_size), np.float32)
        self.action_masks = np.zeros((num_envs, codec.num_actions), np.int8)
        self.rewards = np.zeros((num_envs, n), np.float64)
        self.dones = np.zeros(num_envs, np.bool_)
        self.invalid = np.zeros(num_envs, np.bool_)
        self.seats = np.zeros(num_envs, np.int32)
        self._batch = kernel.compiled_batch(
            rules,
            num_envs,
            tuple(-1 if a is None else kernel.AGENTS[a] for a in agents),
            learners[0] if len(learners) == 1 else -1,
            reward == "points",
            float(invalid_penalty),
            codec_layout(codec),
            self.observations,
            self.action_masks,
            self.rewards,
            self.dones,
            self.invalid,
            self.seats,
            codec.max_moves if record else 0,
        )

    def reset(self, seed: int | None = None) -> None:
        """Deal every table its first hand from ``seed`` (any 64-bit number; ``None``: one drawn
        from the system's entropy)."""
        if seed is None:
            seed = random.SystemRandom().getrandbits(64)
        self._batch.reset(int(seed) & ((1 << 64) - 1))

    def step(self, actions: npt.ArrayLike) -> None:
        """One action id per table (that of the seat to move)."""
        ids = np.ascontiguousarray(actions, dtype=np.int64)
        if ids.shape != (self.num_envs,):
            raise ValueError(
                f"actions: one id per table, shape ({self.num_envs},), not {ids.shape}"
            )
        self._batch.step(ids)

    def log(self, table: int) -> tuple[int, list[tuple[int, int, int, int, int, int]]]:
        """Table ``table``'s hand so far (a batch made with ``record``): the seed of its stream
        and its moves, ``(seat, kind, tile, end, open, claim)`` as the core writes them (a trick
        game's: ``(seat, 255, 0, 0, 0, action id)``)."""
        seed, moves = self._batch.log(table)
        return int(seed), list(moves)


def _spaces(codec: Codec) -> tuple[spaces.Dict, spaces.Discrete]:
    observation = spaces.Dict(
        {
            "observation": spaces.Box(codec.low, codec.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (codec.num_actions,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(codec.num_actions)


class BoneyardVectorEnv(gymnasium.vector.VectorEnv[dict[str, Any], Any, Any]):
    """``num_envs`` tables of ``game``, one learner seat each (see the module docstring): the
    vector face of :class:`~boneyard.research.env.gymnasium.BoneyardEnv`.

    ``opponents``: one built-in agent's name for every other seat, or one per seat (the
    learner's entry ignored). Observations: ``{"observation": (num_envs, size) float32,
    "action_mask": (num_envs, num_actions) int8}``; rewards ``(num_envs,)`` float64, the
    learner's; ``info["invalid"]``: the tables whose action was not legal. ``copy=False`` returns
    the batch's own arrays, overwritten by the next step (faster)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        rules: str | None = None,
        *,
        num_envs: int = 64,
        opponents: str | Sequence[str] = "greedy",
        seat: int = 0,
        reward: str = "win",
        invalid_penalty: float = -1.0,
        copy: bool = True,
        **options: Any,
    ) -> None:
        self.game_rules = game_rules = make_rules(game, rules, **options)
        n = game_rules.players
        if not 0 <= seat < n:
            raise ValueError(f"no seat {seat}: seats run from 0 to {n - 1}")
        names = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(names) != n:
            raise ValueError(f"opponents: {len(names)} given for {n} seats")
        agents: list[str | None] = [None if s == seat else a for s, a in enumerate(names)]
        worst = -1.0 if reward == "win" else float(invalid_penalty)
        self.batch = CoreBatch(game_rules, num_envs, agents, reward=reward, invalid_penalty=worst)
        self.codec = self.batch.codec
        self.seat = seat
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space, self.single_action_space = _spaces(self.codec)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def _obs(self) -> dict[str, Any]:
        b = self.batch
        if self.copy:
            return {"observation": b.observations.copy(), "action_mask": b.action_masks.copy()}
        return {"observation": b.observations, "action_mask": b.action_masks}

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal every table; ``seed`` (an int: every table's stream comes from it) makes the
        batch reproducible."""
        if isinstance(seed, list):
            seed = seed[0]
        self.batch.reset(seed)
        return self._obs(), {}

    def step(self, actions: npt.ArrayLike) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        b = self.batch
        b.step(actions)
        rewards = b.rewards[:, self.seat].copy()
        terminated = b.dones.copy()
        truncated = np.zeros(self.num_envs, np.bool_)
        return self._obs(), rewards, terminated, truncated, {"invalid": b.invalid.copy()}

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release (the arrays go with the object)."""


class SelfPlayBatch:
    """``num_envs`` tables of ``game`` where the learner plays every seat (see the module
    docstring).

    :meth:`reset` and :meth:`step` return ``(obs, rewards, dones, info)`` arrays: ``obs`` holds
    ``observation``, ``action_mask`` and ``seat`` (the seat to move, whose observation it is; once
    a hand is over, the seat that ended it), ``rewards`` ``(num_envs, players)`` (a side's reward
    to each of its seats, at the hand's end), ``dones`` ``(num_envs,)``; ``info["invalid"]``. The
    arrays are the batch's own, overwritten by the next step, unless ``copy``."""

    def __init__(
        self,
        game: str,
        rules: str | None = None,
        *,
        num_envs: int = 64,
        reward: str = "win",
        illegal_reward: float = -1.0,
        copy: bool = False,
        record: bool = False,
        **options: Any,
    ) -> None:
        self.game_rules = game_rules = make_rules(game, rules, **options)
        n = game_rules.players
        self.batch = CoreBatch(
            game_rules,
            num_envs,
            [None] * n,
            reward=reward,
            invalid_penalty=illegal_reward,
            record=record,
        )
        self.codec = self.batch.codec
        self.num_envs = num_envs
        self.players = n
        self.copy = copy
        self.single_observation_space, self.single_action_space = _spaces(self.codec)

    def _out(self) -> tuple[dict[str, Any], Any, Any, dict[str, Any]]:
        b = self.batch
        arrays: list[npt.NDArray[Any]] = [
            b.observations,
            b.action_masks,
            b.seats,
            b.rewards,
            b.dones,
            b.invalid,
        ]
        if self.copy:
            arrays = [a.copy() for a in arrays]
        obs, mask, seat, rewards, dones, invalid = arrays
        return (
            {"observation": obs, "action_mask": mask, "seat": seat},
            rewards,
            dones,
            {"invalid": invalid},
        )

    def reset(self, seed: int | None = None) -> tuple[dict[str, Any], Any, Any, dict[str, Any]]:
        """Deal every table its first hand (see the module docstring for the streams)."""
        self.batch.reset(seed)
        return self._out()

    def step(self, actions: npt.ArrayLike) -> tuple[dict[str, Any], Any, Any, dict[str, Any]]:
        """One action id per table, for its seat to move."""
        self.batch.step(actions)
        return self._out()
