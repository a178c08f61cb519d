"""The learned player (boneyard.research.learned): its weights ship with the package and play
whole hands of the games it was trained for, legally, with or without the compiled core; it
refuses other games by name; its NumPy forward pass is the arithmetic written out by hand."""

from __future__ import annotations

import importlib.util
import random
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from boneyard.core.match import Match
from boneyard.players.agents import AGENTS, make_agent
from boneyard.players.agents.plugins import installed
from boneyard.research.env import make_rules
from boneyard.research.env.encoding import Codec
from boneyard.research.env.policy import load_policy
from boneyard.research.learned import LearnedAgent, LearnedError, Network, trained_for
from boneyard.research.sim import simulate

TRAINED = sorted(trained_for())


def test_it_is_trained_for_two_player_block_and_the_partnership_game() -> None:
    """Both games of issue 33 have weights, found by game id and table size."""
    assert len(TRAINED) == 2
    for game, players in TRAINED:
        rules = make_rules(game, players=players)
        assert rules.players == players
    assert {players for _, players in TRAINED} == {2, 4}
    assert "learned" in installed() and "learned" not in AGENTS


@pytest.mark.parametrize(("game", "players"), TRAINED)
def test_the_weights_are_small_and_match_the_encoding(game: str, players: int) -> None:
    folder = resources.files("boneyard.research.learned") / "weights"
    with resources.as_file(folder / trained_for()[(game, players)]) as path:
        assert Path(path).stat().st_size < 2_000_000
        saved = load_policy(path)
    codec = Codec(make_rules(game, players=players))
    assert saved.meta["game"] == game and saved.meta["players"] == players
    assert saved.arrays["w1"].shape[0] == codec.observation_size
    assert saved.arrays["wp"].shape[1] == codec.num_actions
    assert "seed" in saved.meta and "command" in saved.meta


def _play_hands(game: str, players: int, hands: int, seed: int) -> int:
    """Play ``hands`` whole hands, the learned player in every seat; the moves it made."""
    rules = make_rules(game, players=players)
    agent = make_agent("learned")
    rng = random.Random(seed)
    moves = 0
    for k in range(hands):
        state = Match(rules, seed=seed + k).hand
        while not state.over:
            obs = state.observation(state.turn)
            action = agent.choose(obs, rng)
            assert action in state.legal_actions()
            state.apply(action)
            moves += 1
    return moves


@pytest.mark.parametrize("pure", [False, True], ids=["core", "pure"])
@pytest.mark.parametrize(("game", "players"), TRAINED)
def test_it_plays_whole_hands_legally(
    game: str, players: int, pure: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every seat, whole hands (the engine refuses an illegal move); then against greedy in the
    simulator, which runs on the compiled core where it can and in pure Python with
    ``BONEYARD_PURE=1``."""
    if pure:
        monkeypatch.setenv("BONEYARD_PURE", "1")
    assert _play_hands(game, players, 2, seed=11) > 10
    rules = make_rules(game, players=players)
    result = simulate(rules, ["learned", "greedy"], hands=6, seed=5)
    assert result.hands == 6


def test_it_refuses_a_game_it_has_no_weights_for() -> None:
    """Another game, or another table size: a clear error naming what it plays."""
    game, players = TRAINED[0]
    other = 3 if players == 2 else 2
    state = Match(make_rules(game, players=other), seed=1).hand
    with pytest.raises(LearnedError) as caught:
        LearnedAgent().choose(state.observation(state.turn), random.Random(0))
    message = str(caught.value)
    assert f"no weights for {game} with {other} players" in message
    for g, n in TRAINED:
        assert f"{g} ({n} players)" in message


def test_the_forward_pass_is_the_arithmetic_written_out() -> None:
    """A 2-input, 2-hidden, 3-action network, clip 1. x = (0.5, 3) is clipped to (0.5, 1).
    Hidden: w1 = [[1, -1], [2, 0]], b1 = (0, 0.5): pre-activations (0.5 + 2, -0.5 + 0.5) =
    (2.5, 0), tanh: (0.98661, 0). Head: wp = [[1, 0, -1], [3, 3, 3]], bp = (0, 0.1, 0):
    scores (0.98661, 0.1, -0.98661)."""
    net = Network(
        [(np.array([[1, -1], [2, 0]], np.float32), np.array([0, 0.5], np.float32))],
        (np.array([[1, 0, -1], [3, 3, 3]], np.float32), np.array([0, 0.1, 0], np.float32)),
        clip=1.0,
    )
    x = np.array([0.5, 3.0], np.float32)
    t = np.tanh(2.5)
    assert net.scores(x) == pytest.approx([t, 0.1, -t], abs=1e-6)
    rng = random.Random(0)
    assert net(x, np.array([1, 1, 1], np.int8), rng) == 0
    assert net(x, np.array([0, 1, 1], np.int8), rng) == 1  # the best legal id
    assert net(x, np.array([0, 0, 1], np.int8), rng) == 2


def test_a_temperature_samples_the_legal_ids_from_the_seeded_generator() -> None:
    net = Network(
        [(np.eye(2, dtype=np.float32), np.zeros(2, np.float32))],
        (np.zeros((2, 3), np.float32), np.zeros(3, np.float32)),
        clip=5.0,
        temperature=1.0,
    )
    x = np.zeros(2, np.float32)
    mask = np.array([1, 0, 1], np.int8)
    first = [net(x, mask, random.Random(4)) for _ in range(3)]
    assert len(set(first)) == 1  # the same seed, the same draw
    drawn = {net(x, mask, random.Random(s)) for s in range(40)}
    assert drawn == {0, 2}
    with pytest.raises(ValueError):
        LearnedAgent(temperature=-1)


def test_the_training_script_is_importable_where_its_library_is() -> None:
    """The training script needs the train extra (JAX), which the tests do not install."""
    if importlib.util.find_spec("jax") is None:
        pytest.skip("the train extra (JAX) is not installed")
    path = Path(__file__).resolve().parent.parent / "examples" / "train_learned.py"
    spec = importlib.util.spec_from_file_location("train_learned", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert callable(module.train) and callable(module.main)
