"""Every boneyard game as an OpenSpiel Python game: OpenSpiel's random simulation test, chance
nodes, tensors, resampling from an information state and OpenSpiel's IS-MCTS bot."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from boneyard.core.actions import DRAW
from boneyard.core.options import OptionError
from boneyard.core.tiles import DOUBLE, NAMES
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


@pytest.mark.parametrize("game", list(GAMES))
def test_ismcts_plays_a_hand_to_the_end(game: str) -> None:
    g = load(game)
    rs = np.random.RandomState(0)
    bots = [
        # Four simulations a move: every path the bot takes through the game (resampling,
        # cloning, rollouts); its strength is not what is tested.
        ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, rs), 2.0, 4, random_state=rs)
        for _ in range(g.num_players())
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
    assert moves >= 2 and abs(sum(state.returns())) < 1e-9


def known_key(state: pyspiel.State, player: int) -> tuple:
    """What ``player`` knows, worked out apart from the information-state string: the tiles dealt
    to it (as a set: the order of the deal tells nothing), each later chance outcome it sees (a
    turn-up, the leader, a tile it takes), the others' as only that they came, its own actions,
    and the others' as the table saw them (the engine's public record)."""
    game = state.get_game()
    replay = game.new_initial_state()
    key: list = [player]
    dealt: set[int] = set()
    for step in state.full_history():
        actor, action = step.player, step.action
        if actor == pyspiel.PlayerId.CHANCE:
            text = replay.action_to_string(actor, action)
            if text.endswith(f"to seat {player}") and text.startswith("deal "):
                dealt.add(action)
                seen = False
            else:
                seen = text.startswith(("turn up", f"seat {player} takes")) or text.endswith(
                    "leads"
                )
            key.append(("chance", action if seen else None))
        elif actor == player:
            key.append(("own", action))
        else:
            before = len(replay.hand.public)
            replay.apply_action(action)
            key.append(("other", actor, tuple(str(m) for m in replay.hand.public[before:])))
            continue
        replay.apply_action(action)
    return (tuple(sorted(dealt)), *key)


@pytest.mark.parametrize("game", list(GAMES))
def test_different_information_states_never_share_a_string(game: str) -> None:
    g = load(game)
    rng = random.Random(11)
    by_string: dict[str, tuple] = {}
    by_key: dict[tuple, str] = {}
    for _ in range(6):
        state = g.new_initial_state()
        while not state.is_terminal():
            for player in range(g.num_players()):
                text = state.information_state_string(player)
                key = known_key(state, player)
                assert by_string.setdefault(text, key) == key, text
                assert by_key.setdefault(key, text) == text
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert len(by_string) > 50


def test_loo_information_state_holds_the_tiles_taken_with_the_miss() -> None:
    g = load("domino-loo")
    rng = random.Random(5)
    found = 0
    for _ in range(40):
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            player = state.current_player()
            legal = state.legal_actions()
            miss = [a for a in legal if state.action_to_string(player, a) == "miss"]
            if not miss:
                state.apply_action(rng.choice(legal))
                continue
            state.apply_action(miss[0])
            while state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            taken = [t for kind, seat, t, _ in state._core.events if kind == bos._TAKE]
            text = state.information_state_string(player)
            assert all(NAMES[t] in text for t in taken)
            found += 1
            break
        if found >= 2:
            break
    assert found >= 2


def test_the_public_observer_hides_the_seats_tiles_and_discards() -> None:
    g = load("domino-loo")
    codec = g.codec
    fields = {f.name: f for f in codec.fields}
    public = g.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    rng = random.Random(2)
    seen_discards = 0
    for _ in range(30):
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            for player in range(g.num_players()):
                public.set_from(state, player)
                for name in ("hand", "cannot_hold", "discarded"):
                    f = fields[name]
                    assert not public.tensor[f.offset : f.offset + f.size].any(), name
                own = state.hand.observation(player)
                seen_discards += bool(getattr(own, "discarded", 0))
                text = public.string_from(state, player)
                assert "dealt[?]" in text
                # Every seat's public string is the same but for its number.
                assert text.split("\n", 1)[1:] == public.string_from(state, 0).split("\n", 1)[1:]
            state.apply_action(rng.choice(state.legal_actions()))
        if seen_discards:
            break
    assert seen_discards


@pytest.mark.parametrize("game", list(GAMES))
def test_games_and_states_pickle_and_serialize(game: str) -> None:
    g = load(game)
    assert str(pickle.loads(pickle.dumps(g))) == str(g)
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)
    rng = random.Random(4)
    state = g.new_initial_state()
    for _ in range(g.rules.tiles.size + 3):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and str(copy) == str(state)
    for player in range(g.num_players()):
        assert copy.information_state_string(player) == state.information_state_string(player)


def test_a_game_string_round_trips_with_its_parameters() -> None:
    params = {"options": "target_score=150;hand_size=2:7,3:5,4:5", "reward": "points"}
    game = load("draw", params)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.rules.target_score == 150 and again.rules.options["hand_size"] == (
        (2, 7),
        (3, 5),
        (4, 5),
    )
    assert again.reward == "points"
    typed = pyspiel.load_game("python_boneyard_draw(options=target_score:150,players=3)")
    assert typed.rules.target_score == 150 and typed.num_players() == 3
    with pytest.raises(ValueError, match="unknown reward"):
        load("block", {"reward": "glory"})


def test_the_points_reward() -> None:
    # Block, 2 players: seat 0 dominoes holding nothing, seat 1 holds 6-6 and 5-4: the hand's
    # points are 12 + 9 = 21 to seat 0, so the points returns are +21 and -21 (21 - 0 against
    # the other side's 0); the win returns +1 and -1.
    wins, points = load("block"), load("block", {"reward": "points"})
    rng = random.Random(8)
    compared = 0
    for _ in range(30):
        history: list[int] = []
        state = wins.new_initial_state()
        while not state.is_terminal():
            a = (
                sample_chance(state, rng)
                if state.is_chance_node()
                else rng.choice(state.legal_actions())
            )
            state.apply_action(a)
            history.append(a)
        other = points.new_initial_state()
        for a in history:
            other.apply_action(a)
        result = state.hand.result
        side_points = list(result.points)
        assert other.returns() == [side_points[0] - side_points[1], side_points[1] - side_points[0]]
        if result.winner is not None:
            assert state.returns()[result.winner] == 1.0
            compared += 1
    assert compared > 10
    assert points.max_utility() >= 168 * 2


def test_the_win_reward_disagrees_with_points_in_a_counting_game() -> None:
    # Muggins scores during the hand: the side that dominoes (+1 with reward=win) may still have
    # scored less in the hand than the other, whose points return is then the higher.
    wins, points = load("muggins"), load("muggins", {"reward": "points"})
    rng = random.Random(0)
    for _ in range(100):
        history: list[int] = []
        state = wins.new_initial_state()
        while not state.is_terminal():
            legal = None if state.is_chance_node() else state.legal_actions()
            action = sample_chance(state, rng) if legal is None else rng.choice(legal)
            state.apply_action(action)
            history.append(action)
        other = points.new_initial_state()
        for action in history:
            other.apply_action(action)
        winner = state.hand.result.winner
        if winner is not None and other.returns()[winner] < 0:
            assert state.returns()[winner] == 1.0
            return
    raise AssertionError("no hand where the winner scored less")


def test_a_small_set_makes_a_game_tabular_methods_solve() -> None:
    # examples/solve_tiny.py: Block with the double-two set (6 tiles, 0-0 1-0 1-1 2-0 2-1 2-2),
    # two tiles each. Its tree is small: the deals are the 6 * 5 * 4 * 3 = 360 orders of the
    # four tiles dealt (Block never draws: no chance node deals the two left over).
    import importlib.util
    import sys
    from pathlib import Path

    game = load("block", {"options": "tile_set=double-two;hand_size=2", "reward": "points"})
    assert game.rules.tiles.size == 6 and game.max_chance_outcomes() == 6
    deals = 0
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if not state.is_chance_node():
            deals += 1
            continue
        stack.extend(state.child(a) for a, _ in state.chance_outcomes())
    assert deals == 360
    path = Path(__file__).resolve().parents[2] / "examples" / "solve_tiny.py"
    spec = importlib.util.spec_from_file_location("solve_tiny", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    sys.modules["solve_tiny"] = example
    spec.loader.exec_module(example)
    found = list(example.solve(2))
    assert [i for i, _, _ in found] == [1, 2]
    first, second = found[0][1], found[1][1]
    assert 0 <= second < first
