"""The batched environments (boneyard.research.vector) against the Python encoder: a twin check.

Every rule set the core plays (the registry's games and the variants of test_differential; the
trick games' rule sets and the variants of test_tricks) is stepped in a batch while a Python hand
per table follows it move for move, rebuilt from the table's seed (``Match(rules,
rng=Stream(seed))``) and the moves the core logs (a trick game's by their action ids); after every
step each table's observation and mask must be those ``Codec.observation_vector`` and
``Codec.action_mask`` write for the same seat (bit for bit), its rewards those of
``Codec.rewards`` once the hand is over, zero before. Both faces: self-play (the test chooses
every seat's action, now and then one that is not legal) and one learner against the core's
agents. ``BONEYARD_VECTOR_HANDS`` sets the hands per rule set and face (default: a few, for CI).
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from boneyard.core import kernel
from boneyard.core.match import Match
from boneyard.core.stream import Stream
from boneyard.games import GAMES
from boneyard.research.env.encoding import Codec
from boneyard.research.vector import (
    BatchUnavailable,
    BoneyardVectorEnv,
    CoreBatch,
    SelfPlayBatch,
)

from .conftest import require_kernel
from .test_differential import RULES as LINE_RULES
from .test_tricks import RULES as TRICK_RULES

HANDS = int(os.environ.get("BONEYARD_VECTOR_HANDS", "8"))
TABLES = 6
RULES = {**LINE_RULES, **TRICK_RULES}
# A move the core logs by its action id (vector_trick.h: the trick games), in ``claim``.
MOVE_ID = 255


class Mirror:
    """A Python hand following one table of the batch."""

    def __init__(self, codec: Codec, seed: int) -> None:
        self.seed = seed
        self.codec = codec
        self.state = Match(codec.rules, rng=Stream(seed)).hand
        self.applied = 0

    def follow(self, moves: list[tuple[int, int, int, int, int, int]]) -> None:
        state = self.state
        for seat, *move in moves[self.applied :]:
            assert seat == state.turn
            if move[0] == MOVE_ID:
                state.apply(self.codec.decode(state.observation(seat), move[4]))
                continue
            names = () if state.layout is None else state.layout.names
            state.apply(kernel.action_of(tuple(move), names))  # type: ignore[arg-type]
        self.applied = len(moves)


def check_table(batch: CoreBatch, mirrors: dict[int, Mirror], i: int, label: str) -> bool:
    """Table ``i`` of ``batch`` against its Python twin; whether its hand ended this step."""
    codec = batch.codec
    seed, moves = batch.log(i)
    mirror = mirrors.get(i)
    if mirror is None or mirror.seed != seed:
        mirror = mirrors[i] = Mirror(codec, seed)
    mirror.follow(moves)
    state = mirror.state
    seat = int(batch.seats[i])
    view = state.observation(seat)
    where = (label, i, seed, len(moves))
    expected = codec.observation_vector(view)
    got = batch.observations[i]
    bad = np.flatnonzero(expected.view(np.uint32) != got.view(np.uint32))
    assert bad.size == 0, (where, [(f, expected[f], got[f]) for f in bad[:5]])
    assert np.array_equal(codec.action_mask(view), batch.action_masks[i]), where
    rewards = list(batch.rewards[i])
    if batch.invalid[i]:
        assert batch.dones[i] and not state.over, where
        return True
    assert bool(batch.dones[i]) == state.over, where
    if state.over:
        assert state.result is not None
        assert rewards == list(codec.rewards(state.result, batch.reward)), where
        return True
    assert rewards == [0.0] * batch.players, where
    return False


def run_twin(label: str, agents: list[str | None], reward: str, hands: int, invalid: float) -> None:
    rules = RULES[label]
    batch = CoreBatch(rules, TABLES, agents, reward=reward, invalid_penalty=-7.0, record=True)
    rng = np.random.default_rng(abs(hash(label)) % 2**32)
    batch.reset(int(rng.integers(2**63)))
    mirrors: dict[int, Mirror] = {}
    ended = 0
    for step in range(hands * 400):
        for i in range(TABLES):
            ended += check_table(batch, mirrors, i, f"{label} step {step}")
        if ended >= hands:
            return
        masks = batch.action_masks
        choice = (masks * rng.random(masks.shape)).argmax(1)
        wrong = rng.random(TABLES) < invalid
        choice[wrong] = [int(np.flatnonzero(m == 0)[0]) for m in masks[wrong]]
        batch.step(choice)
        for i in np.flatnonzero(batch.invalid):
            assert batch.rewards[i][mirrors[i].state.turn] == -7.0
    raise AssertionError(f"{label}: fewer than {hands} hands ended")


@require_kernel()
@pytest.mark.parametrize("label", list(RULES))
def test_self_play_batch_twin_of_the_python_encoder(label: str) -> None:
    run_twin(label, [None] * RULES[label].players, "points", HANDS, 0.02)


@require_kernel()
@pytest.mark.parametrize("label", [*list(LINE_RULES)[::3], *TRICK_RULES])
def test_learner_batch_twin_of_the_python_encoder(label: str) -> None:
    players = RULES[label].players
    agents: list[str | None] = [None, *(("random", "greedy")[s % 2] for s in range(1, players))]
    run_twin(label, agents, "win", max(2, HANDS // 2), 0.0)


@require_kernel()
def test_a_tables_hands_do_not_depend_on_the_batchs_size() -> None:
    small = SelfPlayBatch("draw", num_envs=3)
    large = SelfPlayBatch("draw", num_envs=40)
    obs_small = small.reset(seed=5)[0]["observation"].copy()
    obs_large = large.reset(seed=5)[0]["observation"]
    assert np.array_equal(obs_small, obs_large[:3])
    assert not np.array_equal(obs_large[3], obs_large[4])


@require_kernel()
def test_the_gymnasium_vector_face() -> None:
    env = BoneyardVectorEnv("block", num_envs=5, opponents="random", players=2)
    obs, info = env.reset(seed=3)
    assert obs["observation"].shape == (5, env.codec.observation_size)
    assert env.single_action_space.n == env.codec.num_actions
    done_once = np.zeros(5, np.bool_)
    for _ in range(60):
        actions = obs["action_mask"].argmax(1)
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert set(rewards[terminated]) <= {-1.0, 0.0, 1.0}
        assert not rewards[~terminated].any() and not truncated.any()
        done_once |= terminated
    assert done_once.all() and not info["invalid"].any()


@require_kernel()
def test_every_game_the_core_plays_is_batched_the_others_refused() -> None:
    batched = []
    for game in GAMES.values():
        rules = game.configure()
        if not kernel.supports(rules):
            with pytest.raises(BatchUnavailable, match="does not play"):
                SelfPlayBatch(game.id, num_envs=2)
            continue
        batch = SelfPlayBatch(game.id, num_envs=2)
        batch.reset(seed=1)
        batched.append(batch.codec)
    # The trick games (tricks to read, or a bidding) among them.
    assert any(c.tricks for c in batched) and any(c.phase_actions for c in batched)


def test_without_the_core_the_batch_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BONEYARD_PURE", "1")
    with pytest.raises(BatchUnavailable, match="compiled core, which is not available"):
        SelfPlayBatch("block", num_envs=2)
