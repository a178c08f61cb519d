"""Duplicate-deal tournaments (``boneyard tournament``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boneyard import get_game
from boneyard.apps.cli import build_app
from boneyard.core.record import read_records, replay_record
from boneyard.research.sim import SimulationError
from boneyard.research.tournament import bradley_terry, lineups, run_tournament

BLOCK = get_game("block").configure(players=2)


def _without_times(data: dict) -> dict:
    for agent in data["agents"]:
        del agent["median_move_ms"], agent["max_move_ms"]
    data.pop("hands_per_second", None)
    return data


def test_every_deal_is_played_once_per_rotation_with_each_agent_holding_each_hand(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.jsonl"
    result = run_tournament(BLOCK, ["greedy", "random"], deals=30, seed=4, save=path)
    assert result.hands == 60
    records = [r for _, r in read_records(path)]
    assert len(records) == 60
    for a, b in zip(records[::2], records[1::2], strict=True):
        # Same deal, seats swapped between the agents.
        assert a["hands"][0]["deal"] == b["hands"][0]["deal"]
        assert a["hands"][0]["stock"] == b["hands"][0]["stock"]
        assert [p.split("-")[0] for p in a["players"]] == ["greedy", "random"]
        assert [p.split("-")[0] for p in b["players"]] == ["random", "greedy"]
    for record in records:
        assert not isinstance(record, Exception)
        assert replay_record(record).disagreements == []


def test_partners_stay_together() -> None:
    rules = get_game("partnership").configure()
    assert lineups(rules, 2) == [[0, 1], [1, 0]]
    three = get_game("block").configure(players=3)
    assert lineups(three, 3) == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    with pytest.raises(SimulationError, match="at most one agent per side"):
        lineups(BLOCK, 3)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = run_tournament(BLOCK, ["greedy", "random"], deals=120, seed=2, workers=1)
    two = run_tournament(BLOCK, ["greedy", "random"], deals=120, seed=2, workers=2)
    assert _without_times(one.to_json()) == _without_times(two.to_json())


def test_the_stronger_agent_comes_out_ahead() -> None:
    result = run_tournament(BLOCK, ["greedy", "random"], deals=400, seed=1, workers=2)
    greedy, rand = result.agents
    assert greedy.points_per_hand > rand.points_per_hand
    assert greedy.ci95[0] < greedy.points_per_hand < greedy.ci95[1]
    assert greedy.rating > 1500 > rand.rating
    assert greedy.hands == rand.hands == 800


def test_bradley_terry_ratings() -> None:
    even = bradley_terry([[0, 10], [10, 0]])
    assert even[0] == pytest.approx(1500) and even[1] == pytest.approx(1500)
    strong = bradley_terry([[0, 30], [10, 0]])
    # 3:1 in wins is about 190 Elo points apart.
    assert strong[0] - strong[1] == pytest.approx(400 * 0.4771, abs=15)


def test_bad_tournaments_are_refused() -> None:
    with pytest.raises(SimulationError, match="at least two agents"):
        run_tournament(BLOCK, ["greedy"], deals=5)
    with pytest.raises(SimulationError, match="once"):
        run_tournament(BLOCK, ["greedy", "greedy"], deals=5)


def test_cli_json_fields() -> None:
    runner = CliRunner()
    out = runner.invoke(
        build_app(),
        ["tournament", "block", "--agents", "greedy,random", "--deals", "20", "--json"],
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert [a["name"] for a in data["agents"]] == ["greedy", "random"]
    for agent in data["agents"]:
        assert set(agent) >= {
            "name",
            "win_rate",
            "points_per_hand",
            "ci95",
            "rating",
            "median_move_ms",
            "max_move_ms",
        }
        low, high = agent["ci95"]
        assert low <= agent["points_per_hand"] <= high
    bad = runner.invoke(build_app(), ["tournament", "block", "--agents", "greedy,nobody"])
    assert bad.exit_code == 2
