"""Simulation: counting, determinism, records, and agents that see only observations."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import ClassVar

import pytest

from boneyard import get_game
from boneyard.core.actions import Action
from boneyard.core.options import OptionError
from boneyard.core.record import read_records, replay_record
from boneyard.games.line.state import LineState, Observation
from boneyard.players.agents import AGENTS, RandomAgent
from boneyard.research.sim import SimulationError, seat_agents, simulate, unit_seed

BLOCK = get_game("block").configure(players=2)


def timeless(result_json: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in result_json.items() if k != "hands_per_second"}


def test_seat_agents() -> None:
    assert seat_agents(["greedy"], 4) == ["greedy"] * 4
    assert seat_agents(["greedy", "random"], 4) == ["greedy", "random", "greedy", "random"]
    assert seat_agents(["a", "b", "c"], 4) == ["a", "b", "c", "a"]
    assert seat_agents(["a", "b"], 2) == ["a", "b"]
    with pytest.raises(SimulationError, match="3 agents given for 2 players"):
        seat_agents(["a", "b", "c"], 2)
    with pytest.raises(SimulationError):
        seat_agents([" "], 2)


def test_hands_are_counted() -> None:
    result = simulate(BLOCK, ["random"], hands=300, seed=4)
    assert result.units == result.hands == 300
    assert sum(result.wins) + result.ties == 300
    assert all(w > 50 for w in result.wins)
    assert result.seconds > 0 and result.hands_per_second > 0
    data = result.to_json()
    assert set(data) == {
        "game",
        "rules",
        "options",
        "hands",
        "sides",
        "wins",
        "ties",
        "mean_points",
        "hands_per_second",
        "engine",
    }
    assert data["options"] == BLOCK.options.to_json()
    assert data["sides"] == [[0], [1]]


def test_matches_are_counted() -> None:
    result = simulate(BLOCK, ["greedy", "random"], matches=20, seed=1)
    data = result.to_json()
    assert data["matches"] == 20
    assert data["hands"] == result.hands >= 20
    assert sum(result.wins) + result.ties == 20
    # A match is won at the target: the winners' mean is at least the target.
    assert max(result.mean_points) >= BLOCK.target_score


def test_same_seed_same_results_and_seeds_differ() -> None:
    a = simulate(BLOCK, ["random"], hands=200, seed=9).to_json()
    b = simulate(BLOCK, ["random"], hands=200, seed=9).to_json()
    c = simulate(BLOCK, ["random"], hands=200, seed=10).to_json()
    assert timeless(a) == timeless(b)
    assert timeless(a) != timeless(c)


def test_each_unit_depends_only_on_seed_and_index(tmp_path: Path) -> None:
    """A run of 10 hands plays the same first 6 hands as a run of 6: a run can be split between
    workers without changing any result."""
    short, long = tmp_path / "short.jsonl", tmp_path / "long.jsonl"
    simulate(BLOCK, ["random"], hands=6, seed=3, save=short)
    simulate(BLOCK, ["random"], hands=10, seed=3, save=long)
    assert short.read_text().splitlines() == long.read_text().splitlines()[:6]
    assert len({unit_seed(3, i) for i in range(50)}) == 50
    assert unit_seed(3, 0) != unit_seed(4, 0)


@pytest.mark.parametrize("per", ["hands", "matches"])
def test_results_do_not_depend_on_the_number_of_workers(tmp_path: Path, per: str) -> None:
    """The same seed gives the same totals and the same records with 1 or 2 worker processes."""
    count = 500 if per == "hands" else 60
    runs = []
    for workers in (1, 2):
        path = tmp_path / f"w{workers}.jsonl"
        result = simulate(
            BLOCK, ["random", "greedy"], seed=9, save=path, workers=workers, **{per: count}
        )
        data = result.to_json()
        del data["hands_per_second"]
        runs.append((data, path.read_text()))
    assert runs[0] == runs[1]


def test_saved_records_replay_to_the_same_totals(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    rules = get_game("partnership").configure()
    result = simulate(rules, ["greedy", "random"], matches=4, seed=2, save=path)
    records = [r for _, r in read_records(path)]
    assert len(records) == 4
    totals = [0.0, 0.0]
    wins = [0, 0]
    for record in records:
        assert isinstance(record, dict)
        assert record["players"] == ["greedy-0", "random-1", "greedy-2", "random-3"]
        replay = replay_record(record)
        assert replay.complete and not replay.disagreements
        totals = [t + x for t, x in zip(totals, replay.totals, strict=True)]
        assert replay.winner is not None
        wins[replay.winner] += 1
    assert wins == result.wins
    assert [t / 4 for t in totals] == pytest.approx(result.mean_points)


def test_bad_arguments() -> None:
    with pytest.raises(SimulationError, match="exactly one"):
        simulate(BLOCK, ["random"])
    with pytest.raises(SimulationError, match="exactly one"):
        simulate(BLOCK, ["random"], hands=1, matches=1)
    with pytest.raises(SimulationError, match=">= 1"):
        simulate(BLOCK, ["random"], hands=0)
    with pytest.raises(SimulationError, match="jsonl"):
        simulate(BLOCK, ["random"], hands=2, save="out.json")
    with pytest.raises(OptionError, match="unknown agent"):
        simulate(BLOCK, ["nobody"], hands=2)


def test_options_under_which_no_hand_scores_are_refused() -> None:
    with pytest.raises(OptionError, match="could never end"):
        get_game("block").configure(
            options={"domino_points": "none", "blocked_scoring": "fixed:0"}, players=2
        )


def test_a_match_that_never_ends_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    import boneyard.research.sim

    monkeypatch.setattr(boneyard.research.sim, "MAX_MATCH_HANDS", 3)
    rules = get_game("block").configure(options={"target_score": 10_000}, players=2)
    with pytest.raises(SimulationError, match="has not ended after 3 hands"):
        simulate(rules, ["random"], matches=1)


class SpyAgent:
    """Records what it is given; plays like the random agent."""

    name = "spy"
    seen: ClassVar[list[type]] = []

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        SpyAgent.seen.append(type(observation))
        return RandomAgent().choose(observation, rng)


def test_agents_see_only_observations(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(AGENTS, "spy", SpyAgent)
    SpyAgent.seen.clear()
    simulate(BLOCK, ["spy"], hands=5)
    assert SpyAgent.seen and set(SpyAgent.seen) == {Observation}
    assert not any(issubclass(t, LineState) for t in SpyAgent.seen)


def test_json_is_json() -> None:
    data = simulate(BLOCK, ["random"], hands=3).to_json()
    assert json.loads(json.dumps(data)) == data
