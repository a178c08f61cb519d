"""The PettingZoo AEC environment: PettingZoo's own API and seed tests for every game, rewards,
partnerships, illegal actions, rendering."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo import AECEnv
from pettingzoo.test import api_test, seed_test

from boneyard.core.options import OptionError
from boneyard.games import GAMES
from boneyard.games.line.state import IllegalAction
from boneyard.research.env.pettingzoo import BoneyardAEC, env, raw_env


def play_out(e: AECEnv, seed: int) -> dict[str, float]:
    """Play one hand with random legal actions; every agent's total reward."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(10_000):
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not e.agents
    return totals


@pytest.mark.parametrize("game", list(GAMES))
def test_api_and_seed(game: str) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about every Dict observation (its own classic games do the same).
        warnings.simplefilter("ignore")
        api_test(env(game), num_cycles=200)
        seed_test(lambda: env(game), num_cycles=200)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_hand_ends_with_zero_sum_rewards(game: str) -> None:
    e = env(game)
    totals = play_out(e, seed=7)
    assert sum(totals.values()) == pytest.approx(0.0)
    state = e.unwrapped.state
    assert any(totals.values()) or (state is not None and state.result.winner is None)


def test_partners_share_their_sides_reward() -> None:
    e = env("partnership", rules="latin", reward="points")
    assert e.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]
    for seed in range(5):
        totals = play_out(e, seed)
        assert totals["seat_0"] == totals["seat_2"]
        assert totals["seat_1"] == totals["seat_3"]
        assert totals["seat_0"] == -totals["seat_1"]
        points = e.unwrapped.state.result.points
        assert totals["seat_0"] == points[0] - points[1]


def test_options_players_and_rule_sets() -> None:
    e = env("muggins", players=3, target_score=150)
    assert len(e.possible_agents) == 3 and e.game_rules.target_score == 150
    assert env("all-fives").game_rules.id == "muggins"  # aliases, as the command line
    assert env("partnership", rules="latin").game_rules.rule_set == "latin"
    with pytest.raises(OptionError, match="unknown option"):
        env("block", colour="red")
    with pytest.raises(OptionError, match="unknown rule set"):
        env("block", rules="nonsense")
    with pytest.raises(ValueError, match="unknown reward"):
        env("block", reward="money")


def test_the_mask_is_in_the_observation_and_only_for_the_seat_to_move() -> None:
    e = env("draw", players=3)
    e.reset(seed=2)
    mover = e.agent_selection
    for agent in e.agents:
        obs = e.observe(agent)
        assert set(obs) == {"observation", "action_mask"}
        assert obs["action_mask"].any() == (agent == mover)
        assert e.observation_space(agent).contains(obs)


def test_the_raw_environment_refuses_an_illegal_action_and_changes_nothing() -> None:
    e = raw_env("block")
    e.reset(seed=0)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.state.copy()
    with pytest.raises(IllegalAction, match="not legal now"):
        e.step(illegal)
    assert e.state.history == before.history and e.state.hands == before.hands
    with pytest.raises(ValueError, match="required"):
        e.step(None)
    assert isinstance(e, BoneyardAEC)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(raw_env("draw"), num_cycles=50)


def test_the_wrapped_environment_ends_the_hand_on_an_illegal_action() -> None:
    # As PettingZoo's classic games: the seat that tried it gets the penalty, the others 0, every
    # seat is done; the engine never saw the action.
    e = env("partnership", rules="latin", illegal_reward=-3.0)
    e.reset(seed=0)
    mover = e.agent_selection
    obs = e.observe(mover)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.unwrapped.state.copy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's own "illegal move made" warning
        e.step(illegal)
    assert e.unwrapped.state.history == before.history
    assert e.unwrapped.state.hands == before.hands and not e.unwrapped.state.over
    assert all(e.terminations.values())
    assert e.rewards == {a: -3.0 if a == mover else 0.0 for a in e.possible_agents}
    rewards = {}
    for agent in e.agent_iter(10):
        rewards[agent] = e.last()[1]
        e.step(None)
    assert rewards == e.rewards | rewards and not e.agents
    # Order enforced: no step before a reset.
    fresh = env("block")
    with pytest.raises(Exception, match="reset"):
        fresh.step(0)


def test_the_same_seed_deals_the_same_hand() -> None:
    a, b = env("draw"), env("draw")
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.unwrapped.state.hands == b.unwrapped.state.hands
    a.reset(seed=12)
    assert a.unwrapped.state.hands != b.unwrapped.state.hands


def test_render_draws_the_position() -> None:
    e = env("muggins", render_mode="ansi")
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    text = e.render()
    assert "Seat 0:" in text and "Open ends:" in text and "Last move:" in text
    assert raw_env("block").render() is None  # nothing dealt (the wrapped one: reset first)
    e.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_render_every_game(game: str) -> None:
    e = env(game, render_mode="ansi")
    e.reset(seed=3)
    rng = random.Random(3)
    texts = []
    for _agent in e.agent_iter(10_000):
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        texts.append(e.render())
    assert all(f"Seat {s}:" in texts[0] for s in range(len(e.possible_agents)))
    assert all("Last move: Seat " in text for text in texts)
    assert "The hand is over." in texts[-1] and "Hand 1 is over" in texts[-1]


def test_a_whole_match_as_one_episode() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("block", episode="match"), num_cycles=300)
    for reward in ("points", "win"):
        e = env("partnership", rules="latin", episode="match", reward=reward)
        e.reset(seed=4)
        rng = random.Random(4)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        hands_seen = set()
        for agent in e.agent_iter(100_000):
            obs, r, terminated, truncated, info = e.last()
            totals[agent] += r
            if "hand" in info:
                hands_seen.add(len(e.unwrapped.match.hands))
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        match = e.unwrapped.match
        assert match.over and len(match.hands) > 1 and hands_seen
        us, them = match.totals
        if reward == "points":
            assert totals["seat_0"] == totals["seat_2"] == us - them == -totals["seat_1"]
        else:
            assert totals["seat_0"] == totals["seat_2"] == (1.0 if match.winner == 0 else -1.0)
            assert totals["seat_1"] == -totals["seat_0"]
