"""Every game and rule set of the registry, at every phase of a hand: the search player at each
level's own limits (worlds, nodes) with a short time, and the hints' analysis, each choose a
legal move without an error (issue 28 closes the class of the Mexican Train crash this way:
a fault that only some game, phase or size of count reaches). The positions are
:mod:`tests.search.positions`' (a game added to the registry is covered with nothing to add
here), the double-nine and double-twelve games' positions with the most consistent deals among
them. The generator is a :class:`~boneyard.core.stream.Stream`, as in tournaments."""

from __future__ import annotations

import pytest

from boneyard.core.stream import Stream
from boneyard.players.analysis import analyze
from boneyard.players.expert import LEVELS, make_level

from .positions import Config, configs, positions

# The time each level is given here: the levels' real counts, a short time as their cap.
SHORT = 0.01


# Each configuration's hand played twice, by two cheap agents: random play reaches odd phases
# (a Domino Loo miss and its discards, the bidding's odd calls), greedy play long hands.
PLAYERS = [("random", 0), ("greedy", 1)]


@pytest.mark.parametrize("agent, seed", PLAYERS, ids=[a for a, _ in PLAYERS])
@pytest.mark.parametrize("config", configs(), ids=lambda c: c.id)
def test_the_expert_and_the_hints_move_at_every_phase(
    config: Config, agent: str, seed: int
) -> None:
    found = positions(config, seed, agent)
    assert found
    for position in found:
        obs = position.observation
        legal = obs.legal_actions
        for level in LEVELS:
            agent = make_level(level, cap=SHORT)
            action = agent.choose(obs, Stream(position.moves))
            assert action in legal, (position.label, level, action)
        ranked = analyze(obs)
        assert ranked, position.label
        assert all(m.action in legal for m in ranked), position.label
