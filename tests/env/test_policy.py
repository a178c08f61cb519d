"""Bring your own agent: the pinned action space, PolicyAgent and saved policies, the worked
example (examples/train_block.py) at a small size, and OpenSpiel bots and boneyard agents as
each other."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyspiel")

from boneyard.core.match import Match
from boneyard.core.tiles import parse_tile
from boneyard.games import GAMES, get_game
from boneyard.players.agents import make_agent
from boneyard.research.env import make_rules
from boneyard.research.env.encoding import ENCODING_VERSION, SHARED_ACTION_KINDS, Codec
from boneyard.research.env.policy import (
    PolicyAgent,
    PolicyError,
    load_policy,
    save_policy,
)
from boneyard.research.sim import SimulationError, simulate
from boneyard.research.tournament import run_tournament

ROOT = Path(__file__).resolve().parents[2]

# Every game's action-space size under its default rules: a new game or a new kind of action must
# not move these. A play's id is (tile * slots + slot) * 2 + variant; the shared kinds follow the
# tiles x slots x 2 play ids: draw, pass, muggins = 3 ids, then a game's own kinds (Domino Loo's
# discard, one id per tile, drop, stand, takemiss = 28 + 3 = 31 ids). Block, double-six: 28 * 3 * 2
# + 3 = 171; four ends (a spinner): 28 * 5 * 2 + 3 = 283; Mexican Train, double-twelve (91 tiles),
# 5 ends: 91 * 6 * 2 + 3 = 1095; Chicken Foot, double-nine (55 tiles), 24 ends: 55 * 25 * 2 + 3 =
# 2753; Domino Loo, no ends: 28 * 1 * 2 + 3 + 31 = 90; Five-Up, 16 ends: 28 * 17 * 2 + 3 = 955.
SIZES = {
    "block": 171,
    "draw": 171,
    "partnership": 171,
    "muggins": 283,
    "all-threes": 171,
    "fives-and-threes": 171,
    "matador": 171,
    "domino-whist": 171,
    "domino-pool": 171,
    "bergen": 171,
    "sebastopol": 283,
    "mexican-train": 1095,
    "chicken-foot": 2753,
    "domino-loo": 90,
}


def test_every_games_action_space_is_pinned() -> None:
    assert set(SIZES) <= set(GAMES)
    assert [k.__name__ for k in SHARED_ACTION_KINDS] == ["Draw", "Pass", "Muggins"]
    for game_id, size in SIZES.items():
        assert Codec(get_game(game_id).configure()).num_actions == size, game_id
    codec = Codec(make_rules("block", players=2))
    # 6-4 is tile 6*7/2 + 4 = 25; at end R (slot 2), high half exposed: (25 * 3 + 2) * 2 = 154.
    assert parse_tile("6-4") == 25 and codec.action_name(154) == "6-4 at end #1"
    assert [codec.action_name(168 + k) for k in (0, 1, 2)] == ["draw", "pass", "muggins"]
    # Domino Loo's own kinds follow the shared ones in its space only: 28 * 1 * 2 = 56 play ids,
    # 56 to 58 the shared kinds, 59 + tile the discards, then drop (87), stand, takemiss (89).
    loo = Codec(get_game("domino-loo").configure())
    assert [loo.action_name(k) for k in (58, 59, 86, 87, 89)] == [
        "muggins",
        "discard 0-0",
        "discard 6-6",
        "drop",
        "takemiss",
    ]


def test_a_games_own_kind_of_action_moves_no_other_games_id() -> None:
    """Domino Loo's decisions and discards are numbered in its space only: block's space is the
    plays and the three shared kinds (28 * 3 * 2 + 3 = 171), whatever kinds other games add."""
    block = Codec(make_rules("block", players=2))
    assert [k.name for k in block.kinds] == ["draw", "pass", "muggins"]
    assert block.num_actions == 171
    loo = Codec(get_game("domino-loo").configure())
    assert [k.name for k in loo.kinds] == [
        "draw",
        "pass",
        "muggins",
        "discard",
        "drop",
        "stand",
        "takemiss",
    ]


def first_legal(vector: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def test_a_policy_agent_plays_through_the_encoding(tmp_path: Path) -> None:
    rules = make_rules("block", players=2)
    agent = PolicyAgent(first_legal, name="first")
    state = Match(rules, seed=2).hand
    codec = Codec(rules)
    while not state.over:
        obs = state.observation(state.turn)
        action = agent.choose(obs, random.Random(0))
        # The lowest legal id, decoded to its engine action.
        assert codec.action_id(action, obs.layout) == min(codec.legal_map(obs))
        state.apply(action)
    bad = PolicyAgent(lambda v, m: int(np.flatnonzero(m == 0)[0]), name="bad")
    state = Match(rules, seed=2).hand
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    with pytest.raises(PolicyError, match=r"policy 'bad' chose 0 .* which is not legal"):
        bad.choose(state.observation(state.turn), random.Random(0))
    wrong = PolicyAgent(first_legal, game="draw")
    with pytest.raises(PolicyError, match="trained for draw, not block"):
        wrong.choose(state.observation(state.turn), random.Random(0))


def test_a_saved_policy_records_its_encoding(tmp_path: Path) -> None:
    rules = make_rules("block", players=2)
    path = save_policy(tmp_path / "p.npz", rules, {"weights": np.zeros((171, 211))}, note="x")
    saved = load_policy(path)
    assert saved.meta["encoding"] == ENCODING_VERSION and saved.meta["note"] == "x"
    assert (saved.meta["observation_size"], saved.meta["num_actions"]) == (211, 171)
    assert saved.rules().describe() == rules.describe()
    old = save_policy(tmp_path / "old.npz", rules, saved.arrays)
    # A file of another version is refused, never read with the wrong ids.
    data = dict(np.load(old))
    meta = (
        data.pop("__boneyard__")
        .tobytes()
        .decode()
        .replace(f'"encoding": {ENCODING_VERSION}', f'"encoding": {ENCODING_VERSION + 1}')
    )
    np.savez(tmp_path / "other.npz", __boneyard__=np.frombuffer(meta.encode(), np.uint8), **data)
    with pytest.raises(
        PolicyError, match="saved with encoding version 3; this boneyard reads version 2"
    ):
        load_policy(tmp_path / "other.npz")
    with pytest.raises(PolicyError, match="not a saved policy"):
        load_policy(tmp_path / "nothing.npz")


def test_the_worked_example_trains_saves_and_enters_a_tournament(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "train_block", ROOT / "examples" / "train_block.py"
    )
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    sys.modules["train_block"] = example
    spec.loader.exec_module(example)
    policy, curve = example.train(hands=400, seed=1, report=200)
    assert [h for h, _ in curve] == [200, 400]
    rules = make_rules("block", players=2)
    path = save_policy(tmp_path / "b.npz", rules, {"weights": policy.weights, "bias": policy.bias})
    name = f"boneyard.research.env.policy:linear(path={path})"
    assert make_agent(name).name == "b"
    result = run_tournament(rules, [name, "random"], deals=30, seed=2, workers=1)
    assert result.hands == 60 and result.agents[0].name == name
    # Played in `boneyard play` (a person typing the first move offered each time), and saved.
    from typer.testing import CliRunner

    from boneyard.apps.cli import build_app

    save = tmp_path / "game.json"
    args = ["play", "block", "--opponent", name, "--seed", "1", "--save", str(save)]
    played = CliRunner().invoke(build_app(), args, input="1\n" * 2000)
    assert played.exit_code == 0, played.output
    assert "Match over:" in played.stdout
    assert json.loads(save.read_text())["players"] == ["you", "b-1"]  # the policy file's name
    # The trained scorer is what plays: a policy saved with zero weights plays the lowest id.
    zero = save_policy(
        tmp_path / "z.npz", rules, {"weights": np.zeros((171, 211)), "bias": np.zeros(171)}
    )
    first = simulate(
        rules, [f"boneyard.research.env.policy:linear(path={zero})", "random"], hands=50
    )
    assert first.engine == "python"
    with pytest.raises(SimulationError, match="trained for block, not draw"):
        simulate(make_rules("draw"), [f"boneyard.research.env.policy:linear(path={zero})"], hands=2)


def test_openspiel_bots_and_boneyard_agents_as_each_other() -> None:
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots

    from boneyard.research.env.openspiel_bots import (
        BoneyardBot,
        ismcts,
        openspiel_game,
        state_from_observation,
    )

    rules = make_rules("block", players=2)
    game = openspiel_game(rules)
    # A state drawn from an observation has the seat's information, not the true hidden tiles.
    state = Match(rules, seed=5).hand
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    obs = state.observation(state.turn)
    drawn = state_from_observation(game, obs, random.Random(1))
    assert drawn.hand is not None
    assert drawn.hand.observation(obs.seat).legal_actions == obs.legal_actions
    assert drawn.hand.hands[obs.seat] == obs.hand
    assert [str(m) for m in drawn.hand.public] == [str(m) for m in obs.history]
    # evaluate_bots with boneyard's agents; a boneyard tournament with OpenSpiel's IS-MCTS.
    bots = [BoneyardBot(game, 0, "greedy"), BoneyardBot(game, 1, "random", seed=1)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert sorted(returns) == [-1.0, 1.0]
    assert isinstance(game, pyspiel.Game)
    name = "boneyard.research.env.openspiel_bots:ismcts(simulations=8)"
    assert ismcts(simulations=8).name == "ismcts-8"
    result = run_tournament(rules, [name, "random"], deals=3, seed=1, workers=1)
    assert result.hands == 6
