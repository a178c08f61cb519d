"""The Gymnasium single-agent environment: Gymnasium's env checker for every game, the
registered ids, opponents, invalid actions."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from boneyard.games import GAMES
from boneyard.games.line.state import IllegalAction
from boneyard.players.agents import RandomAgent
from boneyard.research.env.gymnasium import BoneyardEnv, register_envs


def play_out(env: gymnasium.Env, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    obs, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        total += reward
        steps += 1
    return total, steps


@pytest.mark.parametrize("game", list(GAMES))
def test_env_checker(game: str) -> None:
    env = gymnasium.make(f"boneyard/{game}-v0", opponents="random", render_mode="ansi")
    check_env(env.unwrapped)
    total, steps = play_out(env, seed=3)
    assert steps > 0 and -1.0 <= total <= 1.0


def test_every_game_is_registered() -> None:
    ids = register_envs()
    assert ids == [f"boneyard/{g}-v0" for g in GAMES]
    assert all(i in gymnasium.registry for i in ids)


def test_the_learner_moves_only_on_its_turn() -> None:
    env = BoneyardEnv("partnership", rules="latin", opponents="greedy", seat=2)
    obs, info = env.reset(seed=1)
    for _ in range(40):
        assert env.state.turn == 2
        assert info["legal"] and set(info["legal"]) == set(np.flatnonzero(obs["action_mask"]))
        obs, reward, done, _, info = env.step(min(info["legal"]))
        if done:
            # Both partners' side: the learner's reward is its side's.
            winner = env.state.result.winner
            assert reward == (0.0 if winner is None else 1.0 if winner == 0 else -1.0)
            return
    pytest.fail("the hand did not end")


def test_opponents_per_seat_and_the_same_seed() -> None:
    a = BoneyardEnv("draw", players=3, opponents=["random", RandomAgent(), "greedy"], seat=0)
    b = BoneyardEnv("draw", players=3, opponents=["random", RandomAgent(), "greedy"], seat=0)
    assert play_out(a, 5) == play_out(b, 5)
    assert [type(x).__name__ if x else None for x in a.agents] == [
        None,
        "RandomAgent",
        "GreedyAgent",
    ]
    with pytest.raises(ValueError, match="opponents"):
        BoneyardEnv("block", opponents=["random"])
    with pytest.raises(ValueError, match="no seat"):
        BoneyardEnv("block", seat=2)


def test_an_invalid_action_loses_the_hand() -> None:
    env = BoneyardEnv("block", opponents="random")
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, truncated, info = env.step(illegal)
    assert (reward, done, truncated, info["invalid_action"]) == (-1.0, True, False, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(illegal)
    points = BoneyardEnv("block", reward="points", invalid_penalty=-50.0)
    obs, _ = points.reset(seed=0)
    assert points.step(illegal)[1] == -50.0


def test_an_invalid_action_can_raise() -> None:
    env = BoneyardEnv("block", invalid_action="raise")
    obs, _ = env.reset(seed=0)
    history = list(env.state.history)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="not legal now"):
        env.step(illegal)
    assert env.state.history == history
    with pytest.raises(ValueError, match="invalid_action"):
        BoneyardEnv("block", invalid_action="ignore")


def test_render() -> None:
    env = BoneyardEnv("matador", render_mode="ansi")
    env.reset(seed=4)
    assert "Seat 0:" in env.render()
    assert BoneyardEnv("matador").render() is None


def test_a_hand_over_before_the_learners_first_move_is_dealt_again_and_counted() -> None:
    env = BoneyardEnv("block", opponents="random")
    hands = []
    others_play = env._others_play

    def watched() -> None:
        others_play()
        hands.append(env.state)

    env._others_play = watched  # type: ignore[method-assign]
    obs, info = env.reset(seed=0)
    assert info["redealt"] == 0 and len(hands) == 1
    hands.clear()
    # Seed 9: the first hand dealt ends before seat 0 moves (found by trying seeds).
    obs, info = env.reset(seed=9)
    assert info["redealt"] == len(hands) - 1 == 1
    first, dealt_again = hands
    assert first.over and all(move.seat != 0 for move in first.history)
    assert not dealt_again.over and dealt_again.turn == 0 and obs["action_mask"].any()


def test_a_whole_match_as_one_episode() -> None:
    check_env(BoneyardEnv("block", opponents="random", episode="match"))
    results = {}
    for reward in ("points", "win"):
        env = BoneyardEnv("draw", opponents="greedy", episode="match", reward=reward)
        _, info = env.reset(seed=5)
        total, done, rewarded = 0.0, False, 0
        while not done:
            _, r, done, _, info = env.step(min(info["legal"]))
            total += r
            rewarded += r != 0
        match = info["match"]
        results[reward] = (total, rewarded, match)
        assert match["hands"] > 1 and match["winner"] in (0, 1)
        assert max(match["totals"]) >= env.game_rules.target_score
    # Points: a reward at the end of each hand the learner scored or conceded in, summing to the
    # match's difference of totals; win: one reward, at the end, +1 or -1 for the match.
    (points, hands_rewarded, match), (win, once, same) = results["points"], results["win"]
    assert match == same  # the same seed and moves: the same match
    assert points == match["totals"][0] - match["totals"][1]
    assert hands_rewarded > 1 and once == 1
    assert win == (1.0 if match["winner"] == 0 else -1.0)
    with pytest.raises(ValueError, match="unknown episode"):
        BoneyardEnv("block", episode="season")
