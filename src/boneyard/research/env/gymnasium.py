"""A Gymnasium single-agent environment: one seat of a boneyard game against boneyard's agents.

>>> from boneyard.research.env.gymnasium import BoneyardEnv
>>> env = BoneyardEnv("block", opponents="greedy")
>>> obs, info = env.reset(seed=0)
>>> sorted(obs), int(obs["action_mask"].sum()) == len(info["legal"])
(['action_mask', 'observation'], True)

An episode is **one hand** (the first hand of a :class:`~boneyard.core.match.Match`, dealt from the
seed), or with ``episode="match"`` a **whole match**, its hands dealt one after another until the
match is over (``reward="points"``: each hand's points reward as it ends; ``reward="win"``: the
match's, once, at its end). The learner plays ``seat`` (default 0); every other seat is a boneyard
agent (:func:`boneyard.players.agents.make_agent`: ``"random"``, ``"greedy"``, ``"expert"``...; one
name for all, or a sequence of one name or agent per seat, the learner's entry ignored), a partner
included. The other seats play between the learner's moves, so every observation is one where the
learner is to move, or the end of the hand.

* action: ``Discrete(codec.num_actions)`` (:class:`boneyard.research.env.encoding.Codec`);
* observation: ``Dict(observation=Box, action_mask=Box(0, 1, int8))``; the mask is also in
  ``info["action_mask"]``, with ``info["legal"]``, the legal ids and their engine actions;
* reward: 0 until the hand ends, then the learner's side's reward (``reward="win"``: +1, 0 or
  ``-1/(sides-1)``; ``reward="points"``: the side's points minus the other sides' mean).

**An action that is not legal** (not set in the mask): with ``invalid_action="lose"`` (default)
the hand ends at once (``terminated``), the learner's reward is the worst of its reward mode
(``-1`` for ``win``; for ``points`` ``invalid_penalty``, default ``-1``) and
``info["invalid_action"]`` is true; with ``invalid_action="raise"`` it raises
:class:`~boneyard.core.protocol.IllegalAction` and changes nothing.

**Where it runs**: on the compiled core wherever the core plays the game, the rule set and the
opponents (the built-in agents ``"random"``, ``"greedy"``, ``"counting"``, ``"accompanied"``, given
by name): one table of :mod:`boneyard.research.env.core`, the hand dealt in the core as the Python
engine deals it from the same seed (a match's later hands: by the Python engine, then loaded) and
the agents drawing from the same generator, so every observation, mask, reward, info and seed is
that of the Python engine, which runs everything else (other agents, trick-taking games,
``BONEYARD_PURE=1``). ``core=False`` keeps the Python engine; ``core=True`` requires the core
(:class:`ValueError` saying why not). A finished hand's ``info["result"]`` (a line game's or a trick
game's) is written from the core's end of the hand; :attr:`BoneyardEnv.state` and
:attr:`BoneyardEnv.match` (and ``render``) make the Python hand from its seed and replay the core's
moves on it when read.

Gymnasium ids: ``boneyard/<game>-v0`` for every game of the registry (``gymnasium.make(
"boneyard/block-v0", opponents="random")``), registered when this module is imported.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ...core import kernel
from ...core.match import Match
from ...core.protocol import GameState, IllegalAction
from ...games import GAMES
from ...players.agents import Agent, make_agent
from . import make_rules
from .core import CoreBacked, CoreTable, core_refusal
from .encoding import EPISODES, REWARDS, Codec
from .render import render_text

__all__ = ["INVALID_ACTIONS", "BoneyardEnv", "register_envs"]

INVALID_ACTIONS = ("lose", "raise")


class BoneyardEnv(CoreBacked, gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a hand against boneyard agents (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        rules: str | None = None,
        opponents: str | Agent | Sequence[str | Agent] = "greedy",
        seat: int = 0,
        *,
        reward: str = "win",
        episode: str = "hand",
        invalid_action: str = "lose",
        invalid_penalty: float = -1.0,
        render_mode: str | None = None,
        core: bool | None = None,
        **options: Any,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}: choose from {', '.join(REWARDS)}")
        if episode not in EPISODES:
            raise ValueError(f"unknown episode {episode!r}: choose from {', '.join(EPISODES)}")
        self.episode = episode
        if invalid_action not in INVALID_ACTIONS:
            raise ValueError(
                f"unknown invalid_action {invalid_action!r}: choose from "
                f"{', '.join(INVALID_ACTIONS)}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}: choose from human, ansi")
        self.game_rules = make_rules(game, rules, **options)
        n = self.game_rules.players
        if not 0 <= seat < n:
            raise ValueError(f"no seat {seat}: seats run from 0 to {n - 1}")
        self.seat = seat
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            opponents = [opponents] * n
        if len(opponents) != n:
            raise ValueError(f"opponents: {len(opponents)} given for {n} seats")
        self.agents: list[Agent | None] = [
            None if s == seat else (make_agent(a) if isinstance(a, str) else a)
            for s, a in enumerate(opponents)
        ]
        self.codec = codec = Codec(self.game_rules)
        self.reward_mode = reward
        self.invalid_action = invalid_action
        self.invalid_penalty = float(invalid_penalty)
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(codec.low, codec.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (codec.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(codec.num_actions)
        self._state: GameState | None = None
        self._match = None
        self._rng = random.Random()
        self._pending = 0.0
        """A match episode's reward for hands over before the learner's first move."""
        why = core_refusal(self.game_rules, codec)
        if not why and not all(isinstance(a, str) and a in kernel.AGENTS for a in opponents):
            why = f"the core plays the agents {', '.join(kernel.AGENTS)} (given by name) only"
        if core and why:
            raise ValueError(why)
        self.table: CoreTable | None = None
        """The core's table where the environment steps on the core (``None``: the Python
        engine)."""
        if core is not False and not why:
            names = [None if s == seat else str(a) for s, a in enumerate(opponents)]
            self.table = CoreTable(self.game_rules, codec, names, reward)

    def _over(self) -> bool:
        if self.table is not None:
            return self.table.over
        assert self._state is not None
        return self._state.over

    # ------------------------------------------------------------------ the episode
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        # Every generator of the hand (the deal, the agents) comes from Gymnasium's np_random.
        agents_seed = int(self.np_random.integers(2**63))
        redealt = 0
        self._pending = 0.0
        table = self.table
        if table is not None and self.episode == "hand":
            # The whole reset in the core: the agents' generator seeded, the hand dealt from
            # its getrandbits(64) and played by the agents to the learner's turn, dealt again
            # while they finish it first (the Python path below, draw for draw).
            table.seed_agents(agents_seed)
            while True:
                self._deal_in_core(None)
                self._others_play()
                if not table.over:
                    break
                redealt += 1
            obs, info = self._core_observe()
            info["redealt"] = redealt
            if self.render_mode == "human":
                self.render()
            return obs, info
        self._rng = random.Random(agents_seed)
        if table is not None:
            table.use_rng(self._rng)
        while True:
            match = Match(self.game_rules, rng=random.Random(self._agents_rng().getrandbits(64)))
            self.match = match
            self.state = match.hand
            self._others_play()
            if self.episode == "match":
                # A hand over before the learner moves is the match's: scored, then the next.
                self._pending = self._hands_over()
            if not self._over():
                break
            # A hand the others finish before the learner's first move holds no decision for
            # it: it is dealt again, and counted in info["redealt"].
            redealt += 1
        obs, info = self._observe()
        info["redealt"] = redealt
        if self.render_mode == "human":
            self.render()
        return obs, info

    def _agents_rng(self) -> random.Random:
        """The generator the agents draw from, as they left it."""
        return self._rng if self.table is None else self.table.python_rng()

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self.table is not None:
            return self._core_step(int(action))
        state = self.state
        if state is None or state.over:
            raise RuntimeError("the hand is over: call reset()")
        view = state.observation(self.seat)
        legal = self.codec.legal_map(view)
        chosen = legal.get(int(action))
        if chosen is None:
            if self.invalid_action == "raise":
                try:
                    self.codec.decode(view, int(action))
                except ValueError as error:
                    raise IllegalAction(str(error)) from None
            obs, info = self._observe()
            info["invalid_action"] = True
            worst = -1.0 if self.reward_mode == "win" else self.invalid_penalty
            self.state = None
            return obs, worst, True, False, info
        state.apply_fast(chosen, self.seat)
        self._others_play()
        reward, self._pending = self._pending, 0.0
        if self.episode == "match":
            reward += self._hands_over()
            assert self.state is not None
            state = self.state
        obs, info = self._observe()
        if state.over and self.episode == "hand":
            assert state.result is not None
            reward = self.codec.rewards(state.result, self.reward_mode)[self.seat]
        if self.render_mode == "human":
            self.render()
        return obs, reward, state.over, False, info

    def _core_step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """:meth:`step` on the core's table: the same observations, rewards and infos."""
        table = self.table
        assert table is not None
        if not table.has_hand or table.over:
            raise RuntimeError("the hand is over: call reset()")
        if not table.play(action, others=True):
            if self.invalid_action == "raise":
                state = self.state
                assert state is not None
                try:
                    self.codec.decode(state.observation(self.seat), action)
                except ValueError as error:
                    raise IllegalAction(str(error)) from None
            obs, info = self._observe()
            info["invalid_action"] = True
            worst = -1.0 if self.reward_mode == "win" else self.invalid_penalty
            self.state = None
            return obs, worst, True, False, info
        reward, self._pending = self._pending, 0.0
        if table.over and self.episode == "hand":
            reward = float(table.rewards[self.seat])
        elif self.episode == "match":
            reward += self._hands_over()
        obs, info = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, reward, self._over(), False, info

    def _hands_over(self) -> float:
        """In a match episode: every finished hand scored and the next dealt (and played by the
        others to the learner's turn), until the learner is to move or the match is over; the
        learner's reward for them."""
        reward = 0.0
        if not self._over():
            return reward
        state = self.state
        assert state is not None
        while state.over:
            assert state.result is not None
            if self.reward_mode == "points":
                reward += self.codec.rewards(state.result, "points")[self.seat]
            following = self.match.next_hand()
            if following is None:
                if self.reward_mode == "win":
                    reward = self.codec.win_rewards(self.match.winner)[self.seat]
                break
            self.state = following
            self._others_play()
            state = self.state
            assert state is not None
        return reward

    def _others_play(self) -> None:
        if self.table is not None:
            self.table.others()
            return
        state = self.state
        assert state is not None
        while not state.over and state.turn != self.seat:
            agent = self.agents[state.turn]
            assert agent is not None
            state.apply_fast(agent.choose(state.observation(state.turn), self._rng), state.turn)

    def _observe(self) -> tuple[dict[str, Any], dict[str, Any]]:
        if self.table is not None:
            return self._core_observe()
        state = self.state
        assert state is not None
        view = state.observation(self.seat)
        legal = self.codec.legal_map(view)
        mask = self.codec.action_mask(view, legal)
        obs = {"observation": self.codec.observation_vector(view), "action_mask": mask}
        info: dict[str, Any] = {"action_mask": mask, "legal": legal}
        if state.over and state.result is not None:
            info["result"] = state.result
            if self.episode == "match":
                info["match"] = {
                    "winner": self.match.winner,
                    "totals": tuple(float(t) for t in self.match.totals),
                    "hands": len(self.match.hands),
                }
        return obs, info

    def _core_observe(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """:meth:`_observe` from the core's table (the result read from the Python hand)."""
        table = self.table
        assert table is not None
        table.encode(self.seat)
        mask = table.action_mask.copy()
        obs = {"observation": table.observation.copy(), "action_mask": mask}
        info: dict[str, Any] = {"action_mask": mask, "legal": table.legal()}
        if table.over:
            info["result"] = table.result()
            if self.episode == "match":
                info["match"] = {
                    "winner": self.match.winner,
                    "totals": tuple(float(t) for t in self.match.totals),
                    "hands": len(self.match.hands),
                }
        return obs, info

    # ------------------------------------------------------------------ drawing
    def render(self) -> str | None:
        """The whole position in text (every hand shown): printed with ``render_mode="human"``,
        returned with ``"ansi"``."""
        return render_text(self.state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def register_envs() -> list[str]:
    """Register ``boneyard/<game>-v0`` for every game of the registry with Gymnasium (again
    harmlessly); returns the ids."""
    ids = []
    for game in GAMES:
        env_id = f"boneyard/{game}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="boneyard.research.env.gymnasium:BoneyardEnv",
                kwargs={"game": game},
            )
        ids.append(env_id)
    return ids


register_envs()
