"""Counts of hidden deals past 2**64 (issue 28): ``boneyard tournament mexican-train --agents
expert,greedy --deals 3 --workers 1 --seed 0`` (and seeds 1 and 2) ended with ``agent 'expert'
failed in unit 1: ValueError: negative shift count``. The inference counts the hidden deals
consistent with the public history exactly and draws below that count with the agent's
generator; a tournament's generator is a :class:`~boneyard.core.stream.Stream`, whose draw below
``n`` assumed ``n <= 2**64``. In the double-nine and double-twelve games the counts pass 2**64
(2**200 and more in Mexican Train), and mid-hand, after passes and draws, the sampler draws below
them. These positions are the tournament's failure, without its minutes."""

from __future__ import annotations

import math

import pytest

from boneyard.core.stream import Stream
from boneyard.players.expert import ExpertAgent
from boneyard.players.search.inference import Inference

from .positions import Config, Position, positions
from .test_inference import check_world


class Recording(Stream):
    """A :class:`Stream` that remembers the largest ``n`` it drew below."""

    def __init__(self, seed: int) -> None:
        self.largest = 0
        super().__init__(seed)

    def _randbelow(self, n: int) -> int:
        self.largest = max(self.largest, n)
        return super()._randbelow(n)


BIG_GAMES = [Config("mexican-train", "standard", 4), Config("chicken-foot", "standard", 4)]


def _big(config: Config) -> list[Position]:
    found = []
    for position in positions(config):
        rng = Recording(position.moves)
        inference = Inference.from_observation(position.observation)
        for _ in range(30):
            check_world(inference, position.observation, *inference.sample(rng))
        if rng.largest >= 2**64:
            found.append(position)
    return found


@pytest.mark.parametrize("config", BIG_GAMES, ids=lambda c: c.id)
def test_worlds_are_drawn_below_counts_past_2_64(config: Config) -> None:
    found = _big(config)
    assert found, "no position drew below a count past 2**64: the test lost its point"
    for position in found:
        obs = position.observation
        inference = Inference.from_observation(obs)
        assert inference.exact and inference.deal_count >= 2**64
        # The search player draws its worlds from a Stream as a tournament's agents do.
        agent = ExpertAgent("expert", budget=None, worlds=6, nodes=300)
        assert agent.choose(obs, Stream(position.moves)) in obs.legal_actions
        # What each seat may hold: exact chances from the same counts, none lost to a float.
        chances = inference.marginals()
        assert chances is not None
        holders = inference.holders()
        for k, seat in enumerate(holders):
            held = sum(row[k] for row in chances.values())
            size = (
                obs.hand_sizes[seat]
                if seat >= 0
                else inference.unseen.bit_count()
                - sum(obs.hand_sizes[s] for s in holders if s >= 0)
            )
            assert math.isclose(held, size, abs_tol=1e-6), (seat, held, size)
