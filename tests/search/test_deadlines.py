"""The search player's time is a promise (issue 28: at 0.8 s a move it took up to 1,115 ms): the
budget is checked inside each part of a move, not only between worlds. Tested without timing
anything (machines are noisy): with a deadline already passed, each part stops after a bounded
amount of work and still gives a legal move."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import boneyard.players.expert as expert_module
import boneyard.players.search.inference as inference_module
from boneyard.core import kernel
from boneyard.core.match import Match
from boneyard.core.protocol import GameState, Observation
from boneyard.core.stream import Stream
from boneyard.games import get_game
from boneyard.games.texas42.players import TexasExpert
from boneyard.players.agents import make_agent
from boneyard.players.expert import ExpertAgent, make_level
from boneyard.players.search.inference import Inference
from boneyard.players.search.model import PlayLikelihood, PlayModel, weighted_worlds
from boneyard.players.search.rollout import rollout_value
from boneyard.players.search.solver import Solver, candidate_actions

from .positions import Config, positions
from .test_inference import check_world

PAST = 0.0  # a time.monotonic() long gone


def _played(game: str, moves: int, seed: int = 1) -> GameState:
    """A hand of ``game`` after ``moves`` moves of the ``greedy`` agent, at a choice."""
    state = Match(get_game(game).configure(), seed=seed).hand
    agent, rng = make_agent("greedy"), random.Random(seed)
    for _ in range(moves):
        state.apply_fast(agent.choose(state.observation(state.turn), rng))
    while len(state.legal_tuple()) == 1:
        state.apply_fast(state.legal_tuple()[0])
    assert not state.over
    return state


@pytest.mark.parametrize("game", ["mexican-train", "domino-loo", "partnership"])
def test_each_solver_stops_inside_a_world_at_its_deadline(game: str) -> None:
    state = _played(game, 6)
    side = state.rules.side_of[state.turn]
    solvers: list[Solver | kernel.CompiledSolver] = [Solver(state.rules, side)]
    if kernel.supports(state.rules):
        solvers.append(kernel.CompiledSolver(state.rules, side))
    for solver in solvers:
        for action in candidate_actions(state):
            value = solver.action_value(state, action, max_nodes=10**9, deadline=PAST)
            assert isinstance(value, float)
            assert solver.nodes <= 1, type(solver).__name__
        result = solver.solve(state, max_nodes=10**9, deadline=PAST)
        assert not result.complete and result.best_action in state.legal_tuple()
        assert result.nodes <= 1


def test_the_exact_count_gives_way_to_its_approximation_at_the_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    position = max(
        positions(Config("mexican-train", "standard", 4)),
        key=lambda p: Inference.from_observation(p.observation).deal_count if p.moves > 20 else 0,
    )
    obs = position.observation
    exact = Inference.from_observation(obs)
    assert exact.exact
    for late in (Inference.from_observation(obs, deadline=PAST), None):
        if late is None:  # past the work that all the fillers may share, the same
            monkeypatch.setattr(inference_module, "_TOTAL_WORK", 0)
            late = Inference.from_observation(obs)
        assert not late.exact
        rng = random.Random(3)
        for _ in range(20):
            hands, stock = late.sample(rng)
            check_world(exact, obs, hands, stock)  # sound: a world the history allows


def test_the_pool_of_worlds_stops_at_its_deadline() -> None:
    state = _played("draw", 8)
    obs = state.observation(state.turn)
    likelihood = PlayLikelihood.from_observation(obs, PlayModel())
    inference = Inference.from_observation(obs)
    worlds, cum = weighted_worlds(inference, likelihood, random.Random(0), 8_000, PAST)
    assert len(worlds) == len(cum) == 20
    # Without a deadline, the same generator gives the same first worlds and all of them.
    every, _ = weighted_worlds(inference, likelihood, random.Random(0), 100)
    assert len(every) == 100 and every[:20] == worlds


def test_a_rollout_past_its_deadline_is_a_plain_playout() -> None:
    state = Match(get_game("domino-pool").configure(), seed=4).hand
    side = state.rules.side_of[state.turn]
    for action in state.legal_tuple():
        late = rollout_value(state, action, side, random.Random(1), deadline=PAST)
        plain = rollout_value(state, action, side, random.Random(1), nested=False)
        assert late == plain


@pytest.mark.parametrize(
    "game, players",
    [("mexican-train", 4), ("chicken-foot", 4), ("domino-loo", 4), ("domino-pool", 4)],
)
def test_the_expert_out_of_time_solves_one_world_and_moves(game: str, players: int) -> None:
    # A budget that has run out before the move starts: the first world only, each move of it
    # stopped at once (the compiled solver, the Python one in Domino Loo, the rollouts in
    # Domino Pool), and a legal move all the same.
    rule_set = next(iter(get_game(game).rule_sets))
    for position in positions(Config(game, rule_set, players), 2, "greedy"):
        obs = position.observation
        agent = ExpertAgent("expert", budget=1e-9, worlds=2_000, nodes=20_000)
        assert agent.choose(obs, Stream(position.moves)) in obs.legal_actions
        if agent.last_worlds:  # (none where a single distinct move leaves nothing to search)
            assert agent.last_worlds == 1


def test_texas_42_out_of_time_plays_one_deal() -> None:
    for position in positions(Config("texas-42", "austin42", 4), 1, "greedy"):
        obs = position.observation
        player = TexasExpert(budget=1e-9, worlds=64)
        samples = player.world_values(obs, random.Random(0))
        assert {len(v) for v in samples.values()} == {1}, position.label
        assert player.choose(obs, random.Random(0)) in obs.legal_actions
    # Through the levels too (the game's own player at the level's time).
    level = make_level("expert")
    level.budget = 1e-9
    state = Match(get_game("texas-42").configure(), seed=2).hand
    obs = state.observation(state.turn)
    assert level.choose(obs, random.Random(0)) in obs.legal_actions


def test_the_budget_is_the_deadline_of_every_part(monkeypatch: pytest.MonkeyPatch) -> None:
    # The parts of one move get their deadlines from the move's start: the count until half the
    # budget, the pool until a tenth, each world's moves until the end.
    seen: dict[str, list[float | None]] = {"inference": [], "pool": [], "solver": []}
    real_from = Inference.from_observation

    def from_observation(obs: Observation, deadline: float | None = None) -> Inference:
        seen["inference"].append(deadline)
        return real_from(obs, deadline)

    def pool(*args: Any) -> Any:
        seen["pool"].append(args[4])
        return weighted_worlds(*args)

    class Watched(Solver):
        def action_value(self, *args: Any, **kwargs: Any) -> float:
            seen["solver"].append(kwargs["deadline"])
            return super().action_value(*args, **kwargs)

    monkeypatch.setattr(Inference, "from_observation", from_observation)
    monkeypatch.setattr(expert_module, "weighted_worlds", pool)
    monkeypatch.setattr(expert_module, "make_solver", Watched)
    state = _played("draw", 6)
    obs = state.observation(state.turn)
    assert PlayLikelihood.from_observation(obs, PlayModel()).decisions  # a pool is drawn
    before = time.monotonic()
    ExpertAgent("expert", budget=100.0, worlds=3, nodes=200).choose(obs, random.Random(0))
    after = time.monotonic()
    for part, share in (("inference", 50.0), ("pool", 10.0)):
        (deadline,) = seen[part]
        assert deadline is not None and before + share <= deadline <= after + share, part
    assert seen["solver"]
    for deadline in seen["solver"]:
        assert deadline is not None and deadline <= after + 100.0
