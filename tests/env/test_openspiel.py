"""Every boneyard game as an OpenSpiel Python game: OpenSpiel's random simulation test, chance
nodes, tensors, resampling from an information state and OpenSpiel's IS-MCTS bot."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from boneyard.core.actions import DRAW
from boneyard.core.options import OptionError
from boneyard.core.tiles import DOUBLE
from boneyard.games import GAMES
from boneyard.research.env import openspiel as bos
from boneyard.research.env.encoding import Codec

EVERY_RULE_SET = [(g.id, rs) for g in GAMES.values() for rs in g.rule_sets]

# Rules that take the unusual paths: drawing for the lead, a double's bonus play, a blocked hand
# seen early with a reserve, the deal conditioned on a double.
VARIANTS = [
    ("draw", {"options": "no_double=draw_until_found;first_lead=lowest_double;hand_size=3"}),
    ("block", {"options": "double_bonus_play=true;draw_policy=until_playable"}),
    ("draw", {"rules": "pagat", "options": "early_block_detection=true"}),
    ("block", {"rules": "garden-games"}),
    ("draw", {"players": 4}),
]


def load(game: str, params: dict | None = None) -> pyspiel.Game:
    return pyspiel.load_game(bos.game_name(game), params or {})


def sample_chance(state: pyspiel.State, rng: random.Random) -> int:
    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
    return rng.choices(outcomes, weights=probabilities)[0]


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert set(bos.game_names()) <= names
    assert bos.game_name("mexican-train") == "python_boneyard_mexican_train"
    assert bos.register_games() == bos.game_names()  # registering again is harmless


@pytest.mark.parametrize("game", list(GAMES))
def test_random_sim_test(game: str) -> None:
    pyspiel.random_sim_test(load(game), num_sims=5, serialize=False, verbose=False)


@pytest.mark.parametrize(("game", "rule_set"), EVERY_RULE_SET)
def test_random_sim_test_every_rule_set(game: str, rule_set: str) -> None:
    pyspiel.random_sim_test(
        load(game, {"rules": rule_set}), num_sims=2, serialize=False, verbose=False
    )


@pytest.mark.parametrize(("game", "params"), VARIANTS)
def test_random_sim_test_variants(game: str, params: dict) -> None:
    pyspiel.random_sim_test(load(game, params), num_sims=4, serialize=False, verbose=False)


def test_game_parameters_and_sizes() -> None:
    game = load("draw", {"players": 3, "options": "target_score=150"})
    assert game.num_players() == 3
    codec = Codec(game.rules)
    assert game.rules.target_score == 150
    assert game.num_distinct_actions() == codec.num_actions
    assert game.max_chance_outcomes() == 28
    assert game.max_game_length() == 28 + 1 + codec.max_moves
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.observation_tensor_size() == codec.observation_size
    width = codec.move_width()
    assert game.information_state_tensor_size() == codec.observation_size + codec.max_moves * width
    assert load("partnership").num_players() == 4
    with pytest.raises(OptionError, match="unknown option"):
        load("block", {"options": "colour=red"})
    with pytest.raises(ValueError, match="bad option"):
        load("block", {"options": "target_score"})


def test_the_deal_is_one_chance_node_per_tile() -> None:
    game = load("block")
    state = game.new_initial_state()
    for k in range(14):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 28 - k
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[0][0])
    assert not state.is_chance_node()
    hand = state.hand
    assert [h.bit_count() for h in hand.hands] == [7, 7] and len(hand.stock) == 14


def test_a_draw_is_a_chance_node_over_the_stock() -> None:
    game = load("draw")  # two players, 7 each, 2 tiles left in the stock at the end
    rng = random.Random(0)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            hand = state.hand
            draw = game.codec.action_id(DRAW, hand.layout)
            if draw in legal:
                left = hand.stock_size() - game.rules.reserve
                state.apply_action(draw)
                assert state.is_chance_node()
                outcomes = state.chance_outcomes()
                assert len(outcomes) == left
                assert all(p == pytest.approx(1 / left) for _, p in outcomes)
                tile = outcomes[-1][0]
                before = state.hand.hands[state.hand.turn]
                state.apply_action(tile)
                assert state.hand.hands[hand.turn] == before | 1 << tile
                return
            state.apply_action(rng.choice(legal))
    pytest.fail("nobody drew in 20 hands")


def test_a_deal_without_a_double_is_impossible_where_it_would_be_thrown_in() -> None:
    game = load("block", {"rules": "garden-games"})  # 5 tiles each, redeal without a double
    state = game.new_initial_state()
    others = [t for t in range(28) if not DOUBLE[t]]
    for t in others[:9]:
        state.apply_action(t)
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert all(outcomes[t] == 0 for t in outcomes if not DOUBLE[t])
    assert all(outcomes[t] == pytest.approx(1 / 7) for t in outcomes if DOUBLE[t])
    # Once a double is dealt, uniform again.
    state = game.new_initial_state()
    state.apply_action(0)  # 0-0
    assert len({p for _, p in state.chance_outcomes()}) == 1


@pytest.mark.parametrize("game", ["partnership", "domino-whist"])
def test_partners_share_the_returns(game: str) -> None:
    g = load(game)
    rng = random.Random(2)
    for _ in range(5):
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        r = state.returns()
        assert r[0] == r[2] and r[1] == r[3] and sum(r) == 0


def test_observers() -> None:
    game = load("draw")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node() or len(state.hand.history) < 6:
        state.apply_action(
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
    codec = game.codec
    player = state.current_player()
    obs = np.array(state.observation_tensor(player))
    assert np.array_equal(
        obs, codec.observation_vector(state.hand.observation(player)).astype(np.float64)
    )
    info = np.array(state.information_state_tensor(player))
    width = codec.move_width()
    history = info[codec.observation_size :].reshape(codec.max_moves, width)
    assert history[:, 0].sum() == len(state.hand.history)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    public.set_from(state, player)
    hand = next(f for f in codec.fields if f.name == "hand")
    assert not public.tensor[hand.offset : hand.offset + hand.size].any()
    assert obs[hand.offset : hand.offset + hand.size].any()
    assert "hand[" in state.observation_string(player)
    assert "dealt[" in state.information_state_string(player)


@pytest.mark.parametrize(
    ("game", "params"),
    [*[(g, {}) for g in ("block", "draw", "partnership", "muggins", "matador")], *VARIANTS[:3]],
)
def test_resample_keeps_the_information_state(game: str, params: dict) -> None:
    g = load(game, params)
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = differed = 0
    for _ in range(2):
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            player = state.current_player()
            for _ in range(2):
                other = state.resample_from_infostate(player, sampler)
                assert other.information_state_string(player) == (
                    state.information_state_string(player)
                )
                assert other.legal_actions() == state.legal_actions()
                assert other.information_state_tensor(player) == (
                    state.information_state_tensor(player)
                )
                assert len(other.history()) == len(state.history())
                assert other.hand.hands[player] == state.hand.hands[player]
                differed += other.hand.hands != state.hand.hands
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 10 and differed > checked // 2


@pytest.mark.parametrize("game", list(GAMES))
def test_resample_every_game(game: str) -> None:
    g = load(game)
    rng = random.Random(6)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = g.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        player = state.current_player()
        if decisions % 3 == 0:
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_tensor(player) == state.observation_tensor(player)
            assert other.legal_actions() == state.legal_actions()
        decisions += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert decisions > 3


def test_resample_when_the_lead_is_drawn_for() -> None:
    """Nobody is dealt a double: the players draw until one appears, and a resampled past must
    deal no double either, and draw none but the last."""
    game = load("draw", VARIANTS[0][1])
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(4)
    for _ in range(3):
        state = game.new_initial_state()
        for t in [t for t in range(28) if not DOUBLE[t]][rng.randrange(10) :][:6]:
            state.apply_action(t)
        while state.is_chance_node():  # the reserve
            state.apply_action(sample_chance(state, rng))
        assert state.hand.finding_lead
        finding = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            player = state.current_player()
            finding += state.hand.finding_lead
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == state.information_state_string(player)
            dealt = [t for d in other._core.dealt for t in d]
            assert not any(DOUBLE[t] for t in dealt)
            state.apply_action(rng.choice(state.legal_actions()))
        assert finding > 0


def test_resample_while_dealing() -> None:
    game = load("block")
    state = game.new_initial_state()
    for t in (27, 3, 5, 8, 11, 14, 17, 20, 1):
        state.apply_action(t)
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(0) == state.information_state_string(0)
    assert sorted(other._core.dealt[0]) == sorted(state._core.dealt[0])


def test_ismcts_plays_a_hand_to_the_end() -> None:
    for game, players in (("block", 2), ("partnership", 4)):
        g = load(game)
        rs = np.random.RandomState(0)
        bots = [
            ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, rs), 2.0, 25, random_state=rs)
            for _ in range(players)
        ]
        state = g.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(outcomes, p=probabilities)))
            else:
                action = bots[state.current_player()].step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
                moves += 1
        assert moves >= 4 and sum(state.returns()) == 0
