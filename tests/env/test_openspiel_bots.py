"""OpenSpiel bots as boneyard agents in every game: the state a bot is given is drawn from the
seat's observation (its own tiles, the public history and the counts as the seat sees them),
never the true state."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

from boneyard.core.match import Match
from boneyard.games import GAMES
from boneyard.research.env import make_rules
from boneyard.research.env.openspiel_bots import OpenSpielAgent, ismcts


class RecordingRandomBot:
    """A uniform random OpenSpiel bot that keeps every state it is stepped on."""

    def __init__(self, rng: random.Random, seen: list[Any]) -> None:
        self.rng = rng
        self.seen = seen

    def step(self, state: Any) -> int:
        self.seen.append(state)
        actions = state.legal_actions()
        return int(actions[self.rng.randrange(len(actions))])


@pytest.mark.parametrize("game", list(GAMES))
def test_a_random_bot_plays_a_hand_of_every_game_on_states_drawn_from_the_observation(
    game: str,
) -> None:
    seen: list[Any] = []
    agent = OpenSpielAgent(lambda g, player, rng: RecordingRandomBot(rng, seen), "recorder")
    rules = make_rules(game)
    rng = random.Random(7)
    truth = Match(rules, seed=7).hand
    decisions = differed = 0
    while not truth.over:
        obs = truth.observation(truth.turn)
        before = len(seen)
        action = agent.choose(obs, rng)
        assert action in obs.legal_actions
        if len(seen) > before:
            decisions += 1
            drawn = seen[-1]
            assert drawn.hand is not truth
            view = drawn.hand.observation(obs.seat)
            # The seat's own tiles, the public history and every count it sees are as observed.
            assert view.hand == obs.hand == truth.hands[obs.seat]
            assert [str(m) for m in view.history] == [str(m) for m in obs.history]
            assert view.hand_sizes == obs.hand_sizes
            assert view.stock_size == obs.stock_size
            assert view.discarded == obs.discarded
            assert set(view.legal_actions) == set(obs.legal_actions)
            # What the seat cannot see is drawn, not copied from the truth.
            others = [s for s in range(rules.players) if s != obs.seat]
            if any(drawn.hand.hands[s] != truth.hands[s] for s in others):
                differed += 1
        truth.apply(action)
    assert decisions >= 2
    # Where more than one hidden deal fits, the drawn one is seldom the true one.
    assert differed >= decisions // 2


@pytest.mark.parametrize("game", ["draw", "domino-loo"])
def test_ismcts_plays_a_hand_of_the_draw_games_and_loo(game: str) -> None:
    agent = ismcts(simulations=4)
    rules = make_rules(game)
    rng = random.Random(3)
    state = Match(rules, seed=3).hand
    moves = 0
    while not state.over:
        obs = state.observation(state.turn)
        state.apply(agent.choose(obs, rng))
        moves += 1
    assert moves >= 2 and state.result is not None
