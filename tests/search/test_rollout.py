"""Rollouts: a move valued by playing the world out with the game's own heuristic at every seat
(the expert's valuation where the game's search hints ask for rollouts)."""

from __future__ import annotations

import random

import pytest

import boneyard.players.expert as expert_module
from boneyard.core.actions import Play
from boneyard.core.match import Match
from boneyard.core.protocol import GameState
from boneyard.games import get_game
from boneyard.players.agents import make_agent
from boneyard.players.expert import ExpertAgent
from boneyard.players.search.hints import search_hints
from boneyard.players.search.rollout import rollout_value


def _pool_hand(seed: int) -> GameState:
    return Match(get_game("domino-pool").configure(), seed=seed).hand


def test_going_out_takes_the_whole_pool() -> None:
    # Play hands with the pool heuristic until a seat can lay its last tile.
    policy, rng = make_agent("pool"), random.Random(0)
    for seed in range(20):
        state = _pool_hand(seed)
        while not state.over:
            seat = state.turn
            plays = [a for a in state.legal_tuple() if type(a) is Play]
            if plays and state.hands[seat].bit_count() == 1:
                history = len(state.history)
                # The whole pool (a share of 1) against the three others' 0: 1 - (0+0+0)/3 = 1.
                assert rollout_value(state, plays[0], seat, rng) == 1.0
                assert len(state.history) == history  # the world itself is not played on
                return
            state.apply(policy.choose(state.observation(seat), rng))
    pytest.fail("no seat could go out in 20 hands")


def test_the_rules_choose_rollouts_or_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    solved: list[object] = []
    real = expert_module.make_solver

    def counting_solver(*args: object) -> object:
        solved.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(expert_module, "make_solver", counting_solver)
    agent = ExpertAgent(budget=None, worlds=3, nodes=2_000)
    pool = _pool_hand(1)
    assert search_hints(pool.rules).rollouts
    values = agent.world_values(pool.observation(pool.turn), random.Random(2))
    assert not solved
    # Each move's value in each world is one played-out hand: 1 for the pool, -1/3 for none
    # (0 - 1/3), 1/2 - 1/6 = 1/3 for half of it, 1/3 - 2/9 = 1/9 for a third.
    assert all(len(v) == 3 for v in values.values())
    outcomes = {1.0, -1 / 3, 1 / 3, 1 / 9}
    assert all(min(abs(x - o) for o in outcomes) < 1e-12 for v in values.values() for x in v)
    block = Match(get_game("block").configure(players=2), seed=1).hand
    assert not search_hints(block.rules).rollouts
    agent.world_values(block.observation(block.turn), random.Random(2))
    assert solved
