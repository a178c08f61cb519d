"""A PettingZoo AEC environment for every boneyard game and rule set.

>>> from boneyard.research.env.pettingzoo import env
>>> e = env("partnership", rules="latin")
>>> e.reset(seed=1)
>>> e.possible_agents
['seat_0', 'seat_1', 'seat_2', 'seat_3']
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), int(obs["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)

An episode is **one hand**, dealt as the first hand of a match
(:class:`~boneyard.core.match.Match`), so the deal, the lead and everything else follow the rules
chosen; with ``episode="match"``, a **whole match**: when a hand ends the next is dealt, as the
match's rotation of the lead says, until the match is over. The agents are ``seat_0`` ...
``seat_{n-1}``; the one to move is :attr:`agent_selection` (the engine's turn: a seat may act twice
in a row, after a draw or a double's bonus play). Every seat has the same spaces:

* action: ``Discrete(codec.num_actions)``, the fixed action space of
  :class:`boneyard.research.env.encoding.Codec`;
* observation: ``Dict(observation=Box(codec.observation_size), action_mask=Box(0, 1,
  (num_actions,), int8))``; the mask is all 0 for a seat not to move.

Rewards come once, when the hand ends, to every seat (a partnership's two seats get their side's
reward): ``reward="win"`` (default) +1 to the winning side, ``-1/(sides-1)`` to the others, 0 to
all when nobody wins; ``reward="points"``, the side's points minus the other sides' mean. In a
match episode, ``points`` rewards come at the end of every hand (their sum is the match's
difference of points) and ``win`` rewards once, for the match's winner; ``infos`` hold each
finished hand's result under ``"hand"`` while the match goes on.

:func:`env` wraps the environment as PettingZoo's classic environments are: the order of
``reset``, ``step`` and ``observe`` is enforced, an action out of the space is an error, and **an
illegal action ends the hand**: every seat is terminated, the seat that made it gets
``illegal_reward`` (-1 by default) and the others 0; the engine is never given the action, so the
hand is as it was. That is the wrapper's rule, not the game's: :func:`raw_env`, the environment
itself, refuses an illegal action with :class:`ValueError` (an
:class:`~boneyard.core.protocol.IllegalAction` carrying what is legal) and changes nothing.

**Where it runs**: on the compiled core wherever the core plays the game and rule set (one table
of :mod:`boneyard.research.env.core`: the hand dealt in the core as the Python engine deals it from
the same seed, a match's later hands by the Python engine; then decoded, applied and encoded in C,
bit for bit the Python engine's observations), on the Python engine elsewhere (trick-taking games
the core lacks, ``BONEYARD_PURE=1``). ``core=False`` keeps the Python engine, ``core=True`` requires
the core. A finished hand's infos (a line game's or a trick game's) are written from the core's end
of the hand; :attr:`BoneyardAEC.state`, ``match`` and ``render`` make the Python hand from its seed
and replay the core's moves on it when they are read.

:func:`parallel_env` is the same game under PettingZoo's parallel API
(:class:`BoneyardParallel`): a turn-based game there is a parallel game where only the seat to move
acts. Every live agent gets its observation each step (the mask all 0 for a seat not to move, so
its only legal choice is to wait) and ``infos[agent]["to_move"]`` says who moves; ``step`` takes
the action of the seat to move from the dict and ignores the others' (they may be left out or be
``None``). An illegal action ends the hand as in :func:`env`: ``illegal_reward`` to its seat, 0 to
the others, every agent terminated. Once the hand (or, with ``episode="match"``, the match) is over
every agent is terminated and ``agents`` is empty.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ...core.match import Match
from ...core.protocol import GameState, HandResult, IllegalAction
from . import make_rules
from .core import CoreBacked, CoreTable, core_refusal
from .encoding import EPISODES, REWARDS, Codec
from .render import render_text

__all__ = ["BoneyardAEC", "BoneyardParallel", "env", "parallel_env", "raw_env"]


class BoneyardAEC(CoreBacked, AECEnv):  # type: ignore[misc]
    """One hand of a boneyard game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "render_modes": ["human", "ansi"],
        "render_fps": 4,
        "name": "boneyard_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        rules: str | None = None,
        *,
        reward: str = "win",
        episode: str = "hand",
        render_mode: str | None = None,
        core: bool | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}: choose from {', '.join(REWARDS)}")
        if episode not in EPISODES:
            raise ValueError(f"unknown episode {episode!r}: choose from {', '.join(EPISODES)}")
        self.episode = episode
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}: choose from human, ansi")
        self.game_rules = make_rules(game, rules, **options)
        self.codec = codec = Codec(self.game_rules)
        self.reward_mode = reward
        self.render_mode = render_mode
        n = self.game_rules.players
        self.possible_agents = [f"seat_{s}" for s in range(n)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(codec.low, codec.high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (codec.num_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(codec.num_actions) for a in self.possible_agents}
        self._seeder = random.Random()
        self._state: GameState | None = None
        self._match = None
        why = core_refusal(self.game_rules, codec)
        if core and why:
            raise ValueError(why)
        self.table: CoreTable | None = None
        """The core's table where the environment steps on the core (``None``: the Python
        engine)."""
        if core is not False and not why:
            self.table = CoreTable(self.game_rules, codec, [None] * n, reward)

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ the episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand; ``seed`` makes this and every later hand reproducible."""
        if seed is not None:
            self._seeder = random.Random(seed)
        deal = self._seeder.getrandbits(64)
        if self.table is not None and self.episode == "hand":
            # Dealt in the core, as Match(rules, rng=random.Random(deal)) deals it.
            self._deal_in_core(deal)
            turn = self.table.turn
        else:
            match = Match(self.game_rules, rng=random.Random(deal))
            self.match = match
            self.state = match.hand
            turn = match.hand.turn
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[turn]

    def observe(self, agent: str) -> dict[str, Any]:
        """``{"observation": vector, "action_mask": mask}`` of ``agent``'s seat, from that
        seat's :class:`~boneyard.games.line.state.Observation` only."""
        assert self._has_hand(), "reset() first"
        table = self.table
        if table is not None:
            table.encode(self.agent_name_mapping[agent])
            return {
                "observation": table.observation.copy(),
                "action_mask": table.action_mask.copy(),
            }
        assert self._state is not None
        obs = self._state.observation(self.agent_name_mapping[agent])
        return {
            "observation": self.codec.observation_vector(obs),
            "action_mask": self.codec.action_mask(obs),
        }

    def _apply(self, seat: int, action: int) -> tuple[bool, int]:
        """The action of ``seat`` (the one to move) applied, on the core or the Python engine:
        whether the hand is over and the seat to move after."""
        table = self.table
        if table is not None and table.play(action, others=False):
            return table.over, table.turn
        state = self.state
        assert state is not None
        obs = state.observation(seat)
        try:
            engine_action = self.codec.decode(obs, action)
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        if table is not None:
            raise IllegalAction(f"action {action} is not legal now")
        state.apply_fast(engine_action, seat)
        return state.over, state.turn

    def step(self, action: int | None) -> None:
        assert self._has_hand(), "reset() first"
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: an action id is required, not None")
        over, turn = self._apply(self.agent_name_mapping[agent], int(action))
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        if not over:
            self.agent_selection = self.possible_agents[turn]
            if self.render_mode == "human":
                self.render()
            return
        if self.episode == "match" and self._next_hand():
            self.agent_selection = self.possible_agents[self._turn()]
        else:
            result = self._result()
            rewards = self.codec.rewards(result, self.reward_mode)
            if self.episode == "match" and self.reward_mode == "win":
                rewards = self.codec.win_rewards(self.match.winner)
            info = _result_info(result)
            for a in self.agents:
                self.rewards[a] = rewards[self.agent_name_mapping[a]]
                self.terminations[a] = True
                self.infos[a] = info.copy()
                if self.episode == "match":
                    self.infos[a]["match"] = {
                        "winner": self.match.winner,
                        "totals": tuple(float(t) for t in self.match.totals),
                        "hands": len(self.match.hands),
                    }
            self._accumulate_rewards()
            # The dead agents step out in seat order, from the one who ended the hand.
            self.agent_selection = agent
        if self.render_mode == "human":
            self.render()

    def _result(self) -> HandResult:
        """The finished hand's result (on the core, from its end of the hand)."""
        if self.table is not None:
            return self.table.result()
        state = self._state
        assert state is not None and state.result is not None
        return state.result

    def _turn(self) -> int:
        if self.table is not None:
            return self.table.turn
        assert self._state is not None
        return self._state.turn

    def _next_hand(self) -> bool:
        """In a match episode, the finished hand scored (its ``points`` rewards given) and the
        next dealt; false once the match is over."""
        state = self.state
        assert state is not None and state.result is not None
        following = self.match.next_hand()
        if following is None:
            return False
        if self.reward_mode == "points":
            rewards = self.codec.rewards(state.result, "points")
            for a in self.agents:
                self.rewards[a] = rewards[self.agent_name_mapping[a]]
            self._accumulate_rewards()
        for a in self.agents:
            self.infos[a] = {"hand": _result_info(state.result)}
        self.state = following
        return True

    # ------------------------------------------------------------------ drawing
    def render(self) -> str | None:
        """The whole position in text (every hand shown): printed with ``render_mode="human"``,
        returned with ``"ansi"``."""
        return render_text(self.state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def _result_info(result: HandResult) -> dict[str, Any]:
    """What ``infos`` hold once the hand is over: how it ended, the winning side, the points per
    side and the reason in words."""
    return {
        "ended": result.ended,
        "winner": result.winner,
        "points": tuple(float(p) for p in result.points),
        "reason": result.reason,
    }


def raw_env(game: str, rules: str | None = None, **options: Any) -> BoneyardAEC:
    """The environment without wrappers: an illegal action raises and changes nothing."""
    return BoneyardAEC(game, rules, **options)


def env(
    game: str, rules: str | None = None, *, illegal_reward: float = -1.0, **options: Any
) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` under rule set ``rules`` (the game's default if
    ``None``), wrapped as PettingZoo's classic environments are (see the module docstring): an
    illegal action ends the hand with ``illegal_reward`` for the seat that made it. ``options``:
    ``players``, any option of the game (``target_score=150``), ``reward`` (``"win"`` or
    ``"points"``) and ``render_mode`` (``"human"`` or ``"ansi"``). The environment itself is
    ``.unwrapped``."""
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(
        raw_env(game, rules, **options), illegal_reward=illegal_reward
    )
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class BoneyardParallel(ParallelEnv):  # type: ignore[misc]
    """A boneyard game under PettingZoo's parallel API, the seat to move acting alone (see the
    module docstring); it steps the AEC environment :attr:`aec` (on the core where it plays)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "render_modes": ["human", "ansi"],
        "render_fps": 4,
        "name": "boneyard_parallel_v0",
    }

    def __init__(
        self, game: str, rules: str | None = None, *, illegal_reward: float = -1.0, **options: Any
    ) -> None:
        self.aec = aec = BoneyardAEC(game, rules, **options)
        self.codec = aec.codec
        self.render_mode = aec.render_mode
        self.illegal_reward = float(illegal_reward)
        self.possible_agents = aec.possible_agents[:]
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Deal a new hand; ``seed`` makes this and every later hand reproducible (the AEC
        environment's hands)."""
        self.aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def _observations(self) -> dict[str, Any]:
        return {a: self.aec.observe(a) for a in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        mover = self.aec.agent_selection
        return {a: {**self.aec.infos[a], "to_move": a == mover} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """The seat to move's action from ``actions`` (the others' ignored)."""
        if not self.agents:
            raise RuntimeError("the episode is over: call reset()")
        aec = self.aec
        mover = aec.agent_selection
        action = actions.get(mover)
        if action is None:
            raise ValueError(f"{mover} is to move: its action id is required")
        mask = aec.observe(mover)["action_mask"]
        agents = self.agents
        if not 0 <= int(action) < len(mask) or not mask[int(action)]:
            rewards = {a: self.illegal_reward if a == mover else 0.0 for a in agents}
            done = dict.fromkeys(agents, True)
            observations = self._observations()
            infos = {a: {"illegal_action": a == mover, "to_move": False} for a in agents}
            self.agents = []
            return observations, rewards, done, dict.fromkeys(agents, False), infos
        aec.step(int(action))
        rewards = {a: float(aec.rewards[a]) for a in agents}
        terminations = {a: bool(aec.terminations[a]) for a in agents}
        truncations = {a: bool(aec.truncations[a]) for a in agents}
        observations = self._observations()
        infos = self._infos()
        if all(terminations.values()):
            for a in infos:
                infos[a]["to_move"] = False
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The whole position in text, as :meth:`BoneyardAEC.render`."""
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""

    @property
    def state_of_hand(self) -> GameState | None:
        """The hand (the Python engine's, caught up with the core's moves when read)."""
        return self.aec.state


def parallel_env(
    game: str, rules: str | None = None, *, illegal_reward: float = -1.0, **options: Any
) -> BoneyardParallel:
    """A PettingZoo parallel environment of ``game`` (see the module docstring): the options of
    :func:`env`; the seat to move acts alone, an illegal action ends the hand with
    ``illegal_reward`` for its seat."""
    return BoneyardParallel(game, rules, illegal_reward=illegal_reward, **options)
