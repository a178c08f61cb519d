"""The level ladder: the measured ratings' file is well formed, every level has a rating in every
game, and the benchmark that measures them prints its table (a round robin of one deal)."""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

import pytest

from boneyard.games import GAMES
from boneyard.players import ladder
from boneyard.players.expert import LEVELS

ROOT = Path(__file__).resolve().parents[1]
LADDER_AGENTS = ("random", "greedy", *LEVELS)


def test_the_ladder_file_is_well_formed() -> None:
    data = json.loads(ladder.LADDER_FILE.read_text(encoding="utf-8"))
    assert set(data) == {"scale", "default", "games"}
    assert data["default"] == "block"
    anchor, fixed = data["scale"]["agent"], data["scale"]["rating"]
    assert anchor in LADDER_AGENTS and isinstance(fixed, (int, float))
    assert {"block", "partnership"} <= set(data["games"]) <= set(GAMES)
    for game, entry in data["games"].items():
        assert entry["players"] == (2 if game == "block" else 4)
        assert isinstance(entry["rules"], str) and isinstance(entry["seed"], int)
        assert entry["deals"] >= 1
        assert entry["command"].startswith("benchmarks/run strength ladder ")
        assert f"--game {game} " in entry["command"]
        assert f"--deals {entry['deals']} " in entry["command"]
        assert f"--seed {entry['seed']}" in entry["command"]
        datetime.date.fromisoformat(entry["date"])
        assert set(entry["agents"]) == set(LADDER_AGENTS)
        for agent in entry["agents"].values():
            assert agent["low"] <= agent["rating"] <= agent["high"]
            # Every pairing's deals, played once per seating: two hands a deal each.
            assert agent["hands"] == 2 * entry["deals"] * (len(LADDER_AGENTS) - 1)
        assert entry["agents"][anchor]["rating"] == fixed


@pytest.mark.parametrize("game", list(GAMES))
def test_every_level_has_a_rating_in_every_game(game: str) -> None:
    for level in LEVELS:
        found = ladder.rating(game, level)
        assert found is not None
        assert found.game == (game if game in ladder.games() else ladder.default_game())
        assert found.low <= found.rating <= found.high and found.deals >= 1
        assert ladder.about(found.rating) % 10 == 0
    assert ladder.rating(game, "a-plug-in") is None


def test_the_ladder_benchmark_prints_its_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A round robin of two deals among three cheap agents: the table, and the game's entry of
    a ladder file."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import strength
    finally:
        sys.path.pop(0)
    out = tmp_path / "ladder.json"
    args = ["ladder", "--game", "block", "--deals", "2", "--seed", "5", "--workers", "1"]
    strength.main([*args, "--agents", "random,greedy,beginner", "--ladder", str(out)])
    text = capsys.readouterr().out
    assert "| agent | rating (beginner = 1,000) | 95% interval | hands |" in text
    rows = [line for line in text.splitlines() if line.startswith("| beginner | 1,000 |")]
    assert rows and "| 8 |" in rows[0]  # 2 deals x 2 opponents x 2 seatings
    assert "| random vs greedy | 2 |" in text
    entry = json.loads(out.read_text(encoding="utf-8"))["games"]["block"]
    assert set(entry["agents"]) == {"random", "greedy", "beginner"}
    assert entry["agents"]["beginner"]["rating"] == 1000.0
    assert entry["command"] == (
        "benchmarks/run strength ladder --game block --deals 2 --seed 5 "
        "--agents random,greedy,beginner"
    )


def test_the_full_screen_game_says_each_levels_rating() -> None:
    pytest.importorskip("textual")
    from boneyard.apps.tui.screens import opponent_choices
    from boneyard.games import get_game

    for game, suffix in (("block", ""), ("draw", " in two-player Block")):
        choices = opponent_choices(get_game(game).configure())
        labels = {value: label for label, value in choices}
        for level in LEVELS:
            found = ladder.rating(game, level)
            assert found is not None
            assert labels[level].endswith(f", rating about {ladder.about(found.rating):,}{suffix}")


def test_play_levels_lists_the_ratings() -> None:
    from typer.testing import CliRunner

    from boneyard.apps.cli import build_app

    runner = CliRunner()
    for game in ("partnership", "draw"):
        result = runner.invoke(build_app(), ["play", game, "--levels"])
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        assert ("draw was not measured." in lines[0]) == (game == "draw")
        assert "measured in " + ("partnership" if game == "partnership" else "block") in lines[0]
        for level, line in zip(LEVELS, lines[1:], strict=True):
            found = ladder.rating(game, level)
            assert found is not None
            if found.low == found.high:
                assert (
                    line
                    == f"{level}: rating {ladder.about(found.rating):,}, where the scale is fixed"
                )
            else:
                said = f"{level}: rating about {ladder.about(found.rating):,} (interval at 95%: "
                assert line.startswith(said)
    help_text = runner.invoke(build_app(), ["play", "--help"]).output
    assert "--levels" in help_text
