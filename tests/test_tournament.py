"""Duplicate-deal tournaments (``boneyard tournament``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boneyard import get_game
from boneyard.apps.cli import build_app
from boneyard.core.record import read_records, replay_record
from boneyard.research.results import ResultsReader
from boneyard.research.sim import SimulationError
from boneyard.research.stats import analyze_results, bradley_terry
from boneyard.research.tournament import lineups, run_tournament, tournament_text

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


def test_with_fewer_agents_than_sides_the_first_holds_one_side_in_turn() -> None:
    """Two agents at three seats: the agent under test holds one seat against two of the other,
    and that seat goes round the table (not two of one agent against one of the other)."""
    three = get_game("block").configure(players=3)
    seatings = lineups(three, 2)
    assert [lineup.count(0) for lineup in seatings] == [1, 1, 1]
    assert sorted(lineup.index(0) for lineup in seatings) == [0, 1, 2]
    four = get_game("draw").configure(players=4)
    assert sorted(lineup.index(0) for lineup in lineups(four, 3)) == [0, 1, 2, 3]
    assert all(sorted(lineup) == [0, 1, 1, 2] or sorted(lineup) == [0, 1, 2, 2]
               for lineup in lineups(four, 3))  # fmt: skip
    result = run_tournament(three, ["greedy", "random"], deals=6, seed=3, workers=1)
    greedy, rand = sorted(result.agents, key=lambda a: a.name)
    assert (greedy.hands, rand.hands) == (6 * 3, 6 * 3 * 2)
    assert "greedy holds one side, random the other 2" in tournament_text(result)


def test_debits_are_negated_so_that_higher_is_better_in_every_game(tmp_path: Path) -> None:
    """Domino Whist's points are debits (the lowest total wins): the tournament counts them as
    negative points, as its header says, so the better player's difference is positive; and
    `boneyard analyze` of its results file says the same."""
    from boneyard.research.stats import analyze_results

    whist = get_game("domino-whist").configure()
    out = tmp_path / "whist.jsonl"
    result = run_tournament(whist, ["greedy", "random"], deals=30, seed=4, workers=1, out=out)
    assert analyze_results(out)["pairs"] == result.to_json()["pairs"]
    by_name = {a.name: a for a in result.agents}
    assert by_name["greedy"].points_per_hand <= 0 and by_name["random"].points_per_hand <= 0
    (pair,) = result.pairs
    sign = 1 if pair["a"] == "greedy" else -1
    assert sign * pair["difference"] > 0  # greedy collects fewer debits than random
    assert result.to_json()["points"] == "debits, negated"
    assert "points are debits counted negative: higher is better" in tournament_text(result)


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


def test_paired_differences_and_rating_intervals(tmp_path: Path) -> None:
    """Each deal is played by both agents, so their difference is taken deal by deal: its mean
    is the difference of their points per hand, and its interval is narrower than either
    agent's own (the deal's luck cancels). ``analyze`` of the results file finds the same."""
    out = tmp_path / "t.jsonl"
    rules = get_game("block").configure(players=2)
    result = run_tournament(rules, ["greedy", "random"], deals=60, seed=4, workers=1, out=out)
    (pair,) = result.pairs
    greedy, rand = (next(a for a in result.agents if a.name == n) for n in ("greedy", "random"))
    assert (pair["a"], pair["b"], pair["deals"]) == ("greedy", "random", 60)
    assert pair["difference"] == round(greedy.points_per_hand - rand.points_per_hand, 4)
    low, high = pair["ci95"]
    # The interval from the deals' differences, read back from the results file: each deal's
    # greedy points a hand minus random's, over the deal's two hands (both seatings).
    differences = []
    with ResultsReader.open(out) as reader:
        for _, lines in reader:
            mine = {"greedy": 0.0, "random": 0.0}
            for line in lines:
                for side, name in enumerate(line["agents"]):
                    mine[name] += line["points"][side] / len(lines)
            differences.append(mine["greedy"] - mine["random"])
    mean = sum(differences) / 60
    sd = (sum((d - mean) ** 2 for d in differences) / 59) ** 0.5
    assert (low, high) == pytest.approx(
        (mean - 1.96 * sd / 60**0.5, mean + 1.96 * sd / 60**0.5), abs=1e-3
    )
    for a in (greedy, rand):
        assert a.rating_ci95[0] <= a.rating <= a.rating_ci95[1]
    data = result.to_json()
    assert data["pairs"][0]["ci95"] == [low, high]
    assert all(len(a["rating_ci95"]) == 2 for a in data["agents"])
    assert "paired differences" in tournament_text(result)
    analysis = analyze_results(out)
    assert analysis["pairs"] == data["pairs"]
    assert {r["name"]: r["rating_ci95"] for r in analysis["ratings"]} == {
        a["name"]: a["rating_ci95"] for a in data["agents"]
    }


def test_the_table_is_as_wide_as_the_longest_name() -> None:
    # A plug-in's name carries its module (and arguments): the columns stay aligned with it.
    from boneyard.research.tournament import tournament_text

    long_name = "boneyard.players.agents:GreedyAgent"
    result = run_tournament(BLOCK, [long_name, "random"], deals=4, seed=1, workers=1)
    lines = tournament_text(result).splitlines()[2:5]
    header, rows = lines[0], lines[1:]
    assert {row.split()[0] for row in rows} == {long_name, "random"}
    # Each row's hands column ends where the header's does.
    end = header.index("hands") + len("hands")
    assert all(row[end - 1] != " " and row[end] == " " for row in rows)
    assert all(row[: len(long_name) + 1].rstrip() in (long_name, "random") for row in rows)
